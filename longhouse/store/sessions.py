"""Session look-ups beyond one token: which of many sessions are still alive, and every session of a person.

``Store`` keeps the single-token ones (create, look up, delete); these serve the hall's register of open
websockets by session (``server/sessions.py``).
"""

from __future__ import annotations

import time

from sqlalchemy import select

from longhouse.store.db import Store

#: Tokens asked about in one statement.
CHUNK = 500


def live_sessions(store: Store, tokens: list[str], max_age: float) -> set[str]:
    """Those of ``tokens`` that are still sessions no older than ``max_age`` seconds."""
    s = store.sessions.c
    since = time.time() - max_age
    live: set[str] = set()
    with store.engine.connect() as c:
        for start in range(0, len(tokens), CHUNK):
            chunk = tokens[start:start + CHUNK]
            live.update(c.execute(select(s.token).where(s.token.in_(chunk), s.created >= since)).scalars())
    return live


def delete_sessions_of(store: Store, user_id: int) -> int:
    """End every session of one person (sign out everywhere); how many there were."""
    with store.engine.begin() as c:
        return int(c.execute(store.sessions.delete().where(store.sessions.c.user_id == user_id)).rowcount)


def touch_session(store: Store, token: str) -> None:
    """The session was seen now (a guest's: see ``store/guests.py``)."""
    with store.engine.begin() as c:
        c.execute(store.sessions.update().where(store.sessions.c.token == token).values(created=time.time()))
