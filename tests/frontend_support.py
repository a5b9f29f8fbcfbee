"""What the widget tests of an app on the shared front-end machinery need (``widgets/keep.py``,
``widgets/guide.py``, ``widgets/table.py``): a browser played by Python, a click by a target's
name, a guided game followed by what its notes say. Used by ``tests/test_keep_guide.py``; a
game's widget tests use them the same way::

    from tests.frontend_support import FakeBrowser, click, follow_the_notes
    app = FakeBrowser().open(StarsApp(seed=1), anchor="learn")
    click(app.table, "Start")
    follow_the_notes(app.table)
"""

from __future__ import annotations

import json
import re
from typing import Any

from daynight.widgets.table import Table


class FakeBrowser:
    """The browser's side of the table: a ``localStorage`` and what the page sends."""

    def __init__(self, storage: dict[str, str] | None = None):
        self.storage = dict(storage or {})
        self.pongs: list[int] = []

    def attach(self, table: Table) -> None:
        def send(content, buffers=None):
            if content["event"] == "store":
                if content["value"] is None:
                    self.storage.pop(content["key"], None)
                else:
                    self.storage[content["key"]] = content["value"]
            elif content["event"] == "pong":
                self.pongs.append(content["n"])

        table.send = send  # type: ignore[method-assign]

    def open(self, app: Any, anchor: str | None = None, screen: str = "wide", width: int = 1200) -> Any:
        """What a page does when it opens ``app`` (anything with a ``table``): it says what it
        asks for and how wide it is, then sends every kept value."""
        table = app.table
        self.attach(table)
        table._on_message(table, {"event": "opened", "anchor": anchor, "screen": screen, "width": width}, [])
        for key in table.stored_keys:
            table._on_message(table, {"event": "stored", "key": key, "value": self.storage.get(key)}, [])
        return app

    def kept_moves(self, key: str) -> int:
        """How many moves the game kept under ``key`` has."""
        return len(json.loads(self.storage[key])["record"]["moves"])


def messages(table: Table) -> list[set[str]]:
    """The state messages ``table`` sends to the page from now on, each the set of the traits it
    carries: a test asks that one action reaches the page in one message."""
    sent: list[set[str]] = []
    send_state = table.send_state

    def counted(key: Any = None) -> None:
        sent.append(set(key) if isinstance(key, (list, set, tuple)) else {key})
        send_state(key)

    table.send_state = counted  # type: ignore[method-assign]
    return sent


def follow_the_notes(table: Table, limit: int = 200) -> list[str]:
    """Do only what the notes say, until the summary: click what “quotes” in a note's text name,
    else press the note's primary button. Returns the headings of the notes seen."""
    seen = []
    for _ in range(limit):
        note = table.note
        if note.get("kind") == "summary":
            return seen
        seen.append(note.get("heading", ""))
        quoted = re.findall(r"“([^”]+)”", note.get("text", ""))
        primary = [b["name"] for b in note.get("buttons", []) if b["primary"]]
        assert quoted or primary, f"the note says nothing to click: {note}"
        click(table, quoted[0] if quoted else primary[0])
    raise AssertionError(f"the guided game did not end: {seen}")


def click(table: Table, name: str) -> bool:
    """Do what a click on the target called ``name`` does."""
    return table.choose(table.target_id(name))
