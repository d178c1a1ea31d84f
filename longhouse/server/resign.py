"""Resigning (conceding) a running game: ``/resign``, the Resign button.

A person who resigns loses at once: the result ranks them last (below every seat that did not resign; of
two who resigned, the one who resigned first is lower), whatever a bot then does with their seat, and they
cannot take the seat back (Leave is the way out that keeps it theirs).

- When at most one seat held by a person who has not resigned is left (a game of two, or one person
  among bots), the resignation decides the game: it ends now, archived with its scores so far, the
  remaining person (or, among bots only, the best score) winning, and it is rated at once.
- Otherwise the others play on: a bot plays the resigned seat to the end (the game's rules need every
  seat), and the result at the end ranks the resigner last (``mark``).

The resigned seats are kept with the table's hall settings (``TableSettings.resigned``), so a restart
keeps them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, Protocol

from longhouse.engine.records import result_of
from longhouse.engine.state import State
from longhouse.engine.text import Text
from longhouse.i18n import Msg, _
from longhouse.server.conn import Conn
from longhouse.server.table_settings import TableSettings
from longhouse.store import Occupant, Person, Status


class Table(Protocol):
    """What resigning needs of a table (``table.Table`` is one; named apart, so neither imports the other)."""

    id: int
    settings: TableSettings
    occupants: list[Occupant | None]
    #: Running game: the seat each person has played in it.
    bound: dict[int, int]

    @property
    def status(self) -> Status: ...

    @property
    def state(self) -> State | None: ...

    @property
    def hall(self) -> Any: ...  # its ``people`` store and ``table_finished``

    def seat_of(self, user_id: int) -> int | None: ...

    def seat_label(self, seat: int) -> Text: ...

    def abandon(self, text: Text, result: dict[str, Any] | None = None) -> None: ...

    def resend_state(self) -> None: ...

    def stand_in(self, seat: int, text: Text) -> None: ...

#: What the chat and the refusals say (catalog messages: each reader gets them in their language).
TEXTS: dict[str, Callable[..., Msg]] = {
    "not_running": lambda: _("you can resign only while the game runs"),
    "no_seat": lambda: _("you do not hold a seat in this game"),
    "resigned": lambda: _("you resigned this game; you can watch it"),
    "decided": lambda name, seat: _("{name} resigns {seat}: the game ends here, and {name} loses it.",
                                    name=name, seat=seat),
    "plays_on": lambda name, seat: _("{name} resigns {seat} and is ranked last; a bot plays the seat to the end so "
                                     "that the others can finish the game.", name=name, seat=seat),
}


class ResignError(Exception):
    pass


def mark(result: dict[str, Any] | None, resigned: tuple[int, ...], persons: set[int] | None = None) -> None:
    """``result`` (a game's ``result`` block; None: the game goes on, nothing to do) with ``resigned`` said
    and no resigned seat among its winners: those are the best of the others (people before bots when the
    game did not reach its end)."""
    if not resigned or result is None:
        return
    result["resigned"] = list(resigned)
    winners = [seat for seat in result.get("winners") or [] if seat not in resigned]
    if not winners:
        scores = list(result.get("scores") or [])
        rest = [seat for seat in range(len(scores)) if seat not in resigned]
        pool = [seat for seat in rest if persons is None or seat in persons] or rest
        if pool:
            best = max(scores[seat] for seat in pool)
            winners = [seat for seat in pool if scores[seat] == best]
    result["winners"] = winners


def resigned_result(state: State, resigned: tuple[int, ...], persons: set[int]) -> dict[str, Any]:
    """The result of a game a resignation ends before its end: the scores so far, the resigner last."""
    result = result_of(state)
    mark(result, resigned, persons)
    return result


def resign(table: Table, conn: Conn) -> None:
    """``conn``'s person resigns their seat in ``table``'s running game (``ResignError``: why not)."""
    if table.status != Status.RUNNING or table.state is None:
        raise ResignError(TEXTS["not_running"]())
    seat = table.seat_of(conn.user.id)
    if seat is None:
        raise ResignError(TEXTS["resigned"]() if table.bound.get(conn.user.id) in table.settings.resigned
                          else TEXTS["no_seat"]())
    resigned = (*table.settings.resigned, seat)
    table.settings = replace(table.settings, resigned=resigned)
    table.hall.people.set_table_hall(table.id, table.settings.to_json())
    persons = {s for s, occ in enumerate(table.occupants) if isinstance(occ, Person) and s not in resigned}
    words = {"name": conn.user.name,
             "seat": _("seat {number} ({colour})", number=seat + 1, colour=table.seat_label(seat))}
    if len(persons) <= 1:
        table.abandon(TEXTS["decided"](**words), resigned_result(table.state, resigned, persons))
        table.hall.table_finished(table)  # rated now, before the players see the end
        table.resend_state()
    else:
        table.stand_in(seat, TEXTS["plays_on"](**words))


def refused_seat(table: Table, user_id: int, seat: int) -> Text | None:
    """Why ``user_id`` may not sit at ``seat`` of the running game (they resigned it), or None."""
    if table.status == Status.RUNNING and seat in table.settings.resigned and table.bound.get(user_id) == seat:
        return TEXTS["resigned"]()
    return None
