"""daynight: four "Day & Night" games as rule engines that explain themselves.

``import daynight`` loads only the standard library. The games are loaded on demand:

>>> import daynight
>>> sorted(daynight.GAMES)
['mtg', 'stars', 'sunmoon', 'temples']
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from .core import (
    DaynightError,
    Event,
    EventLog,
    Game,
    GameOverError,
    IllegalMoveError,
    InvalidRecordError,
    read_header,
)

__version__ = "0.1.0"

#: registry: name -> (module, one-line description); the module's ``GAME`` is the game's
#: class (``"module:Class"`` names another class of that module)
GAMES: dict[str, tuple[str, str]] = {
    "stars": (
        "daynight.stars",
        "Day & Night (Piatnik 2021): 3-5 players play two cards at once; by day the "
        "highest colour total wins, by night the lowest; collect stars.",
    ),
    "temples": (
        "daynight.temples",
        "Day & Night (Mystics): a two-player duel of spells on a 6x8 board; Mystify, Crystallize, build two temples.",
    ),
    "mtg": ("daynight.mtg", "Magic: The Gathering's day/night designation, daybound and nightbound."),
    "sunmoon": ("daynight.sunmoon", "Sonne und Mond: 2-4 players build sun and moon rows, eclipses, harvests."),
}


def game_module(name: str):
    """Import and return the module of the game called ``name``."""
    if name not in GAMES:
        raise KeyError(name)
    return importlib.import_module(GAMES[name][0].partition(":")[0])


def game_class(name: str) -> type[Game]:
    """The :class:`Game` subclass of the game called ``name``."""
    return getattr(game_module(name), GAMES[name][0].partition(":")[2] or "GAME")


def replay(record: Mapping[str, Any], **kwargs: Any) -> Game:
    """Rebuild any game from its record (see :meth:`Game.from_record`)."""
    r = read_header(record)
    name = r.str("game", choices=sorted(GAMES))
    return game_class(name).from_record(record, **kwargs)


__all__ = [
    "GAMES",
    "DaynightError",
    "Event",
    "EventLog",
    "Game",
    "GameOverError",
    "IllegalMoveError",
    "InvalidRecordError",
    "game_class",
    "game_module",
    "replay",
]
