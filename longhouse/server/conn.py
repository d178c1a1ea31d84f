"""One websocket client: who it is, its send queue (drained by its own task), and its read loop.

Sending never awaits, so a table can validate, store and broadcast a move in one uninterrupted step of
the event loop; a client that stops reading is dropped once its backlog grows too long. ``serve`` runs a
client's socket: it reads, rate-limits and decodes each message, hands it to the lobby or table, and
tells them when the client goes.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from longhouse.server.protocol import BadMessage, ClientMessage, decode, encode
from longhouse.store import User

MAX_BACKLOG = 2000


class Conn:
    def __init__(self, user: User) -> None:
        self.user = user
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False

    def send(self, message: dict[str, Any]) -> None:
        self.send_text(encode(message))

    def send_text(self, text: str) -> None:
        if self.closed:
            return
        if self.queue.qsize() >= MAX_BACKLOG:
            self.close()
            return
        self.queue.put_nowait(text)

    def error(self, message: str, ref: int | None = None, **extra: Any) -> None:
        out: dict[str, Any] = {"type": "error", "message": message, **extra}
        if ref is not None:
            out["ref"] = ref
        self.send(out)

    def notice(self, text: str) -> None:
        """A line in the chat that only this client sees."""
        self.send({"type": "chat", "from": None, "text": text, "private": True})

    def close(self) -> None:
        if not self.closed:
            self.closed = True
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

    @property
    def first_refusal(self) -> bool:
        """Whether the message just refused is the window's first refused one (so one warning is sent)."""
        return self.count == self.rate + 1


async def serve(ws: WebSocket, conn: Conn, on_message: Callable[[Conn, ClientMessage], None],
                on_close: Callable[[Conn], None], max_rate: int) -> None:
    """Run an accepted websocket until it closes: the writer drains ``conn``'s queue, this loop reads."""

    async def pump() -> None:
        while True:
            text = await conn.queue.get()
            if text is None:
                await ws.close()
                return
            await ws.send_text(text)

    writer = asyncio.create_task(pump())
    limit = RateLimit(max_rate)
    try:
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            if not limit.allow():
                if limit.first_refusal:
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
