"""Deleting an account for good: its finished games stay in the archive under a neutral name.

In one transaction: each game the account played (finished, or running with a bot in its seat) names that seat
"Deleted player N" (N the account's number) in its players and seating, and no account holds the seat any more
(its ``table_people`` rows go, so the archive links no page and a later account of the same number inherits
nothing); its rating points, page settings, sessions and unsent notice mails go; then the account's row, and
with it (``ON DELETE CASCADE``) its admin role, ban, reset links, address and digest. The ratings are then
derived again from the archive without it (``server/ratings.rebuild``, by the caller).

An account seated at a waiting or running table (of any process: the store's seating) is not deleted: it
leaves those tables first. Each feature with rows of its own about an account registers a cleaner in
``CLEANERS`` (called in the transaction, before the account's row goes), or refers to ``users`` with ``ON
DELETE CASCADE``.
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import delete, select, update
from sqlalchemy.engine import Connection

from longhouse.store.db import Store
from longhouse.store.mail import mail_store
from longhouse.store.people import PeopleStore
from longhouse.store.rows import Person, occupant_from_json, occupant_to_json

#: The name a deleted account's seats are shown under.
NEUTRAL = "Deleted player {number}"

#: Called with (connection, user id) in the deletion's transaction: each feature's own rows about an account.
CLEANERS: list[Callable[[Connection, int], None]] = []


def neutral_name(user_id: int) -> str:
    return NEUTRAL.format(number=user_id)


def open_seats(store: Store, user_id: int) -> list[int]:
    """The waiting or running tables where the account holds a seat."""
    return [row.id for row in store.open_tables()
            if any(isinstance(o, Person) and o.user_id == user_id for o in row.occupants)]


def delete_account(store: Store, people: PeopleStore, user_id: int) -> int:
    """Delete the account (see the module docstring); how many finished games were renamed. The caller has
    checked ``open_seats`` (and the account's password)."""
    name = neutral_name(user_id)
    t, tp = store.tables, people.people
    with store.engine.begin() as c:
        seats: dict[int, list[int]] = {}
        for row in c.execute(select(tp.c.table_id, tp.c.seat).where(tp.c.user_id == user_id)):
            seats.setdefault(int(row.table_id), []).append(int(row.seat))
        for played in c.execute(select(t.c.id, t.c.players, t.c.occupants).where(t.c.id.in_(sorted(seats)))).all():
            table_id = int(played.id)
            players = list(played.players or [])
            for seat in seats[table_id]:
                if seat < len(players):
                    players[seat] = name
            occupants = [occupant_from_json(o) for o in played.occupants]
            occupants = [Person(0, name) if isinstance(o, Person) and o.user_id == user_id else o for o in occupants]
            c.execute(update(t).where(t.c.id == table_id).values(
                players=players, occupants=[occupant_to_json(o) for o in occupants]))
        c.execute(delete(tp).where(tp.c.user_id == user_id))
        c.execute(delete(people.ratings).where(people.ratings.c.user_id == user_id))
        c.execute(delete(people.settings).where(people.settings.c.user_id == user_id))
        c.execute(delete(store.sessions).where(store.sessions.c.user_id == user_id))
        mail_store(store).drop_notices_of(c, user_id)
        for clean in CLEANERS:
            clean(c, user_id)
        c.execute(delete(store.users).where(store.users.c.id == user_id))
    people.forget_accounts([user_id])
    return len(seats)
