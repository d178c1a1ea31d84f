"""The registry of games: ``get(name)`` and ``names()``.

Each game lives in its own package ``longhouse.games.<name>`` exposing ``GAME``; it is imported on
first use, so the server and the CLI pay only for the games they touch.
"""

from __future__ import annotations

from importlib import import_module

from longhouse.engine.errors import RecordError
from longhouse.engine.records import Record
from longhouse.engine.state import Game
from longhouse.engine.text import _

_MODULES: dict[str, str] = {
    "manitou": "longhouse.games.manitou",
    "manitoba": "longhouse.games.manitoba",
    "five_tribes": "longhouse.games.five_tribes",
}
_loaded: dict[str, Game] = {}


def names() -> list[str]:
    """The names of every game the hall offers, in a stable order."""
    return list(_MODULES)


def get(name: str) -> Game:
    """The game called ``name``; ``KeyError`` for an unknown one."""
    if name not in _MODULES:
        raise KeyError(f"unknown game {name!r}; games are {', '.join(names())}")
    if name not in _loaded:
        game = import_module(_MODULES[name]).GAME
        assert isinstance(game, Game) and game.name == name
        _loaded[name] = game
    return _loaded[name]


def for_record(record: Record) -> Game:
    """The game a record was played in (``RecordError`` for an unknown one), to replay it with."""
    try:
        return get(record.game)
    except KeyError as exc:
        raise RecordError(_("unknown game {name}", name=repr(record.game)[:60])) from exc
