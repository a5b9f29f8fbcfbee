"""``python -m daynight.server``: the class server (``make app``)."""

from .command import main

main()
