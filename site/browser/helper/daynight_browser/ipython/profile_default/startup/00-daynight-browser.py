# The static site's kernel start-up (IPYTHONDIR points here): the helper is installed (also
# when site/browser/boot.js did not import it first) and every cell's end is marked.
from IPython import get_ipython

__import__("daynight_browser.kernel_start")
__import__("daynight_browser.trace").trace.watch_cells(get_ipython())
