"""Rematch: after a game, a new table with the same players, seats rotated, same options, a new seed.

The first player who asks creates the rematch table (private, same game, seat count, options, time
control and away rule; the old table's bots sit again, one seat on) and sits at their rotated seat; each
other player who accepts sits at theirs. When every person of the old game has accepted, the game starts;
before that, those who are there can start it with bots in the free seats as at any table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from longhouse.i18n import _, english
from longhouse.server.conn import Conn
from longhouse.server.table_settings import TableSettings
from longhouse.store import BotSeat, Person, Status

if TYPE_CHECKING:
    from longhouse.server.table import Table


class RematchError(Exception):
    pass


def rotated(seat: int, seats: int) -> int:
    """Where the player of ``seat`` sits in the rematch: one seat on (the first player moves to the end)."""
    return (seat - 1) % seats


def rematch(table: Table, conn: Conn) -> Table:
    """``conn``'s player accepts (or offers) the rematch of finished ``table``; returns the rematch table."""
    if table.status != Status.OVER or table.record is None:
        raise RematchError(_("a rematch is offered once the game is over"))
    if table.record.result is not None and table.record.result.get("abandoned"):
        raise RematchError(_("this game was abandoned; create a new table instead"))
    people = table.hall.people.played_at(table.id)
    mine = [seat for seat, uid in people.items() if uid == conn.user.id]
    if not mine:
        raise RematchError(_("only the players of this game can accept its rematch"))
    hall = table.hall
    n = len(table.record.players)
    new = hall.table(table.settings.rematch) if table.settings.rematch is not None else None
    if new is None or new.status != Status.WAITING:
        if new is not None:
            raise RematchError(_("the rematch (table {number}) has already started", number=new.id))
        settings = TableSettings.create(table.settings.time_control, True, table.settings.away_bot, table.id)
        new = hall.create_table(table.game.name, n, dict(table.options), settings=settings)
        new.admitted.update(people.values())
        new.awaited = {uid: table.record.players[seat] for seat, uid in sorted(people.items())
                       if seat < len(table.record.players)}
        for seat in range(n):
            if seat not in people:
                there = rotated(seat, n)
                level = _bot_level(table, seat)
                new.sit(there, BotSeat(level, f"Bot {english(new.seat_label(there))}"))
        table.settings = table.settings.with_rematch(new.id)
        hall.people.set_table_hall(table.id, table.settings.to_json())
        table.say(None, _("{name} offers a rematch at table {number}: press Rematch to join them.",
                          name=conn.user.name, number=new.id))
        table.seating_changed()
    seat = rotated(mine[0], n)
    if new.seat_of(conn.user.id) is None:
        if new.occupants[seat] is not None:
            raise RematchError(_("seat {number} of the rematch is taken", number=seat + 1))
        new.sit(seat, Person(conn.user.id, conn.user.name))
        new.say(None, _("{name} accepts the rematch and sits at seat {number} ({colour}).", name=conn.user.name,
                        number=seat + 1, colour=new.seat_label(seat)))
    if all(new.seat_of(uid) is not None for uid in people.values()):
        error = new.begin()
        if error is None:
            new.say(None, "Everybody accepted: the rematch begins.")
    return new


def _bot_level(table: Table, seat: int) -> str:
    from longhouse.server.table import default_bot

    occ = table.occupants[seat] if seat < len(table.occupants) else None
    if isinstance(occ, BotSeat):
        return occ.level
    return default_bot()
