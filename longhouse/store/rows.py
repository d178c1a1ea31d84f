"""What the store keeps, as types: accounts, a table's status, who sits at each seat, and a table's row.

A seat holds a ``Person`` (an account), a ``BotSeat`` (a bot of some level) or nobody (``None``); a table is
``Status.WAITING`` for players, ``RUNNING`` or ``OVER``. They are stored as JSON (``occupant_to_json``,
``occupant_from_json``) and as the status's string, and are types everywhere else.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class Status(StrEnum):
    """Where a table is in its life: seats filling, game under way, game finished."""

    WAITING = "waiting"
    RUNNING = "running"
    OVER = "over"


@dataclass(frozen=True)
class User:
    id: int
    name: str
    guest: bool


@dataclass(frozen=True)
class Person:
    """A seat held by an account."""

    user_id: int
    name: str

    kind = "user"


@dataclass(frozen=True)
class BotSeat:
    """A seat played by a bot of ``level`` (one of ``longhouse.bots.names()``)."""

    level: str
    name: str

    kind = "bot"


Occupant = Person | BotSeat


def occupant_to_json(occ: Occupant | None) -> dict[str, Any] | None:
    if occ is None:
        return None
    if isinstance(occ, Person):
        return {"kind": "user", "user_id": occ.user_id, "name": occ.name}
    return {"kind": "bot", "level": occ.level, "name": occ.name}


def occupant_from_json(data: Any) -> Occupant | None:
    """A stored seat back as its type; raises ``ValueError`` on anything else."""
    if data is None:
        return None
    if isinstance(data, dict):
        if data.get("kind") == "user" and isinstance(data.get("user_id"), int) and isinstance(data.get("name"), str):
            return Person(int(data["user_id"]), str(data["name"]))
        if data.get("kind") == "bot" and isinstance(data.get("level"), str) and isinstance(data.get("name"), str):
            return BotSeat(str(data["level"]), str(data["name"]))
    raise ValueError(f"not a seat's occupant: {data!r}")


@dataclass
class TableRow:
    """A stored table: its seating, status and record header."""

    id: int
    game: str
    seats: int
    options: dict[str, Any]
    status: Status
    occupants: list[Occupant | None]
    rules_version: str | None
    seed: int | None
    players: list[str] | None
    result: dict[str, Any] | None
    created: float
    finished: float | None
