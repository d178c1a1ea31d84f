"""One websocket client: who it is, and a send queue drained by its own task.

Sending never awaits, so a table can validate, store and broadcast a move in one uninterrupted step of
the event loop; a client that stops reading is dropped once its backlog grows too long.
"""

from __future__ import annotations

import asyncio
from typing import Any

from longhouse.server.protocol import encode
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
