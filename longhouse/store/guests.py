"""Guests that have not been seen for a while, and their removal (their names are free again).

A guest has no password: once its session is gone it can never be that guest again, and a guest that has
not been seen (a sign-in, or a websocket: ``server/sessions.py`` refreshes a guest's session when it
connects) for ``Settings.guest_age`` seconds is gone for good. Removing it frees its name: there are only
90,000 guest names. Its finished games stay in the archive under its name, as a seat no account holds any
more (its ``table_people`` rows go, so a later guest of the same name or number inherits nothing).
"""

from __future__ import annotations

from sqlalchemy import delete, select, true

from longhouse.store.db import Store
from longhouse.store.people import PeopleStore

#: Guests removed in one transaction.
CHUNK = 500


def unseen_guests(store: Store, seen_since: float, keep: set[int], limit: int = CHUNK) -> list[int]:
    """Up to ``limit`` guests made before ``seen_since`` without a session refreshed since, but ``keep``."""
    u, s = store.users.c, store.sessions.c
    recent = select(s.user_id).where(s.created >= seen_since)
    query = (select(u.id).where(u.guest == true(), u.created < seen_since, u.id.not_in(recent))
             .order_by(u.id).limit(limit + len(keep)))
    with store.engine.connect() as c:
        ids = [int(i) for i in c.execute(query).scalars()]
    return [i for i in ids if i not in keep][:limit]


def remove_guests(store: Store, people: PeopleStore, ids: list[int]) -> int:
    """Remove these guest accounts (their sessions, settings and seats in finished games too); how many."""
    if not ids:
        return 0
    people.forget_accounts(ids)
    with store.engine.begin() as c:
        c.execute(delete(store.sessions).where(store.sessions.c.user_id.in_(ids)))
        c.execute(delete(people.settings).where(people.settings.c.user_id.in_(ids)))
        c.execute(delete(people.people).where(people.people.c.user_id.in_(ids)))
        return int(c.execute(delete(store.users).where(store.users.c.id.in_(ids),
                                                       store.users.c.guest == true())).rowcount)
