"""The websockets open under each session, so that a session that ends closes its sockets at once.

A websocket is admitted on its session cookie once, at the handshake; without this register a socket
opened before sign-out (or before the session expired) went on chatting and creating tables. Signing out
closes the sockets of that session, "sign out everywhere" those of every session of the person, and a
sweep every ``Settings.session_check`` seconds closes the sockets whose session expired or was ended by
another process (close code 4401: the page asks to sign in again, it does not reconnect).
"""

from __future__ import annotations

import asyncio
import logging
import time
import weakref
from collections.abc import Iterable

from starlette.requests import HTTPConnection

from longhouse.server.auth import COOKIE
from longhouse.server.conn import Conn
from longhouse.store import Store
from longhouse.store.sessions import live_sessions, touch_session

log = logging.getLogger("longhouse.sessions")

#: The close code and reason of a socket whose session ended (or whose account's sessions an admin ended).
ENDED = (4401, "your session has ended: sign in again")

#: A guest's session is refreshed at most this often (seconds) as it connects, and so many are remembered.
TOUCH_EVERY = 3600.0
TOUCHED_KEPT = 100_000


class SessionSockets:
    def __init__(self, store: Store, session_age: float) -> None:
        self.store = store
        self.session_age = session_age
        #: session token -> the open sockets admitted on it (a closed one leaves by itself).
        self.by_token: dict[str, weakref.WeakSet[Conn]] = {}
        self._sweeper: asyncio.Task[None] | None = None
        #: guest session -> when it was last refreshed here (``time.monotonic``).
        self.touched: dict[str, float] = {}

    def track(self, token: str, conn: Conn) -> None:
        self.by_token.setdefault(token, weakref.WeakSet()).add(conn)
        if conn.user.guest:  # a guest is seen: its session (its only way back) is refreshed, once an hour
            now = time.monotonic()
            if now - self.touched.get(token, float("-inf")) >= TOUCH_EVERY:
                if len(self.touched) >= TOUCHED_KEPT:
                    self.touched.clear()
                self.touched[token] = now
                asyncio.get_running_loop().run_in_executor(None, self._touch, token)  # off the event loop

    def _touch(self, token: str) -> None:
        try:
            touch_session(self.store, token)
        except Exception as exc:  # the store is down: the guest is seen again on its next connection
            log.warning("a guest's session could not be refreshed (%s)", type(exc).__name__)

    def end(self, tokens: Iterable[str]) -> int:
        """Close every socket of these sessions (they have ended); how many were open."""
        closed = 0
        for token in tokens:
            for conn in list(self.by_token.pop(token, ())):
                if not conn.closed:
                    conn.error(ENDED[1], code="signed_out")
                    conn.close(*ENDED)
                    closed += 1
        return closed

    def sweep(self) -> int:
        """Close the sockets of sessions that expired or were ended elsewhere; how many were open."""
        return self.end(self._dead(self._held()))

    def start(self, every: float) -> None:
        if every > 0:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep_loop(every))

    def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()

    async def _sweep_loop(self, every: float) -> None:
        while True:
            await asyncio.sleep(every)
            try:
                self.end(await asyncio.to_thread(self._dead, self._held()))  # the store is read off the loop
            except Exception:
                log.exception("the sessions' sweep failed")

    def _held(self) -> list[str]:
        """The sessions with a socket still open (those without one are forgotten)."""
        for token in [t for t, conns in self.by_token.items() if all(c.closed for c in conns)]:
            del self.by_token[token]
        return list(self.by_token)

    def _dead(self, tokens: list[str]) -> list[str]:
        """Those of ``tokens`` that are no longer sessions in the store (expired, or ended elsewhere)."""
        if not tokens:
            return []
        live = live_sessions(self.store, tokens, self.session_age)
        return [token for token in tokens if token not in live]


def sessions_of(conn: HTTPConnection) -> SessionSockets:
    sessions: SessionSockets = conn.app.state.sessions
    return sessions


def track(ws: HTTPConnection, conn: Conn) -> None:
    """Register an admitted websocket's client under the session it came with."""
    token = ws.cookies.get(COOKIE)
    if token:
        sessions_of(ws).track(token, conn)
