"""The game-agnostic engine contract (docs/DESIGN.md §1–§2)."""

from longhouse.engine.errors import IllegalAction, LonghouseError, RecordError, SetupError, SnapshotError
from longhouse.engine.events import Event, visible_events
from longhouse.engine.records import Match, Record, replay, result_of
from longhouse.engine.rng import Rng
from longhouse.engine.state import JSON, Action, Game, State

__all__ = [
    "JSON",
    "Action",
    "Event",
    "Game",
    "IllegalAction",
    "LonghouseError",
    "Match",
    "Record",
    "RecordError",
    "Rng",
    "SetupError",
    "SnapshotError",
    "State",
    "replay",
    "result_of",
    "visible_events",
]
