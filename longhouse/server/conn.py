"""One websocket client: who it is, its send queue (drained by its own task), and its read loop.

Sending never awaits, so a table can validate, store and broadcast a move in one uninterrupted step of
the event loop; a client that stops reading is dropped once its backlog grows past ``max_backlog``
characters (``Settings.max_backlog``), so a slow reader cannot make the server hold more for it. ``serve`` runs a
client's socket: it reads, rate-limits and decodes each message, hands it to the lobby or table, and
tells them when the client goes.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from longhouse.server.limits import Limits
from longhouse.server.protocol import BadMessage, ClientMessage, decode, encode
from longhouse.store import User

MAX_BACKLOG = 2 * 1024 * 1024


class Conn:
    #: The last ``state`` message made for this client (``state_texts.Sent``), the base of the next one's
    #: delta; None: the next one is whole. Anything that drops a queued message must set it to None.
    state_sent: tuple[object, int, int | None] | None = None

    def __init__(self, user: User, max_backlog: int = MAX_BACKLOG) -> None:
        self.user = user
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False
        self.max_backlog = max_backlog
        self.backlog = 0  # characters queued and not yet written to the socket
        #: The websocket close code and reason sent when the queue is drained (``close``).
        self.close_code = 1000
        self.close_reason = ""

    def send(self, message: dict[str, Any]) -> None:
        self.send_text(encode(message))

    def send_text(self, text: str) -> None:
        if self.closed:
            return
        if self.backlog + len(text) > self.max_backlog:
            self.drop()
            return
        self.backlog += len(text)
        self.queue.put_nowait(text)

    async def next_text(self) -> str | None:
        """The next text to write (None: close the socket)."""
        text = await self.queue.get()
        if text is not None:
            self.backlog -= len(text)
        return text

    def drop(self) -> None:
        """Give up on a client that does not read: forget its backlog and close it."""
        while not self.queue.empty():
            self.queue.get_nowait()
        self.backlog = 0
        self.close()

    def error(self, message: str, ref: int | None = None, **extra: Any) -> None:
        out: dict[str, Any] = {"type": "error", "message": message, **extra}
        if ref is not None:
            out["ref"] = ref
        self.send(out)

    def notice(self, text: str) -> None:
        """A line in the chat that only this client sees."""
        self.send({"type": "chat", "from": None, "text": text, "private": True})

    def close(self, code: int = 1000, reason: str = "") -> None:
        if not self.closed:
            self.closed = True
            self.close_code, self.close_reason = code, reason
            self.queue.put_nowait(None)


class RateLimit:
    """At most ``rate`` messages in any one-second window (0: no limit)."""

    def __init__(self, rate: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.clock = clock
        self.window = -2.0
        self.count = 0

    def allow(self) -> bool:
        """Count one message; False if it is over the limit."""
        if not self.rate:
            return True
        now = self.clock()
        if now - self.window > 1.0:
            self.window, self.count = now, 0
        self.count += 1
        return self.count <= self.rate


async def serve(ws: WebSocket, conn: Conn, on_message: Callable[[Conn, ClientMessage], None],
                on_close: Callable[[Conn], None], limits: Limits) -> None:
    """Run an accepted websocket until it closes: the writer drains ``conn``'s queue, this loop reads.

    A message over the socket's rate (``Settings.max_rate``) or its person's rate over all their sockets
    (``Settings.person_rate``) is dropped, with one warning a second."""

    async def pump() -> None:
        while True:
            text = await conn.next_text()
            if text is None:
                await ws.close(code=conn.close_code, reason=conn.close_reason)
                return
            await ws.send_text(text)

    writer = asyncio.create_task(pump())
    limit = RateLimit(limits.settings.max_rate)
    warned = -2.0
    try:
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            if not limit.allow() or not limits.message(conn.user.id):
                now = limits.now()
                if now - warned >= 1.0:
                    warned = now
                    conn.error("too many messages; slow down", code="flood")
                continue
            raw = message.get("text")
            if raw is None:
                raw = message.get("bytes") or b""
            try:
                msg = decode(raw)
            except BadMessage as exc:
                conn.error(str(exc), code="bad_message")
                continue
            on_message(conn, msg)
    except WebSocketDisconnect:
        pass
    finally:
        conn.closed = True
        on_close(conn)
        writer.cancel()
