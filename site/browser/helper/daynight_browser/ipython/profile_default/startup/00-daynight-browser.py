# The static site's kernel start-up (IPYTHONDIR points here): load lock packages on first import.
__import__("daynight_browser").install()
