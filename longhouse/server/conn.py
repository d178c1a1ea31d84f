"""One websocket client: who it is, how its messages go out, and its read loop.

Sending never awaits, so a table can validate, store and broadcast a move in one uninterrupted step of
the event loop. On uvicorn with ``DirectWebSocketProtocol`` (the hall's server) a text is written to the
socket's transport at once and each message that arrives is handled in the protocol's own callback
(``direct_socket.py``); elsewhere (Starlette's test client, a socket before ``serve`` takes it) texts wait in
a queue that a task of the connection drains. Either way a client that stops reading is dropped once what
it has left unread grows past ``max_backlog`` (``Settings.max_backlog``: characters queued, or bytes the
transport holds unsent), so a slow reader cannot make the server hold more for it. ``serve`` runs a
client's socket: it reads, rate-limits and decodes each message, hands it to the lobby or table, and tells
them when the client goes.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Iterable
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from longhouse.i18n import Text, _
from longhouse.i18n.catalogs import Translator, translator
from longhouse.i18n.errors import error_text
from longhouse.server.direct_socket import DirectWebSocketProtocol, direct_socket
from longhouse.server.limits import Limits
from longhouse.server.logs import CURRENT
from longhouse.server.metrics import RECEIPT
from longhouse.server.protocol import BadMessage, ClientMessage, decode
from longhouse.store import User

log = logging.getLogger("longhouse.conn")

MAX_BACKLOG = 2 * 1024 * 1024


class Conn:
    #: The last ``state`` message made for this client (``state_texts.Sent``), the base of the next one's
    #: delta; None: the next one is whole. Anything that drops a queued message must set it to None.
    state_sent: tuple[object, int, int | None] | None = None
    #: What the log lines written while this client's messages are handled are about (``logs.py``).
    log_context: dict[str, Any] | None = None

    def __init__(self, user: User, max_backlog: int = MAX_BACKLOG, lang: str = "en") -> None:
        self.user = user
        #: The client's language (``server/language.py``) and its words: every text sent to it is in it.
        self.words: Translator = translator(lang)
        self.lang = self.words.lang
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False
        self.max_backlog = max_backlog
        self.backlog = 0  # characters queued and not yet written to the socket
        #: The socket written to directly (``serve`` sets it); None: texts are queued.
        self.socket: DirectWebSocketProtocol | None = None
        #: The websocket close code and reason sent when the queue is drained (``close``).
        self.close_code = 1000
        self.close_reason = ""

    def send(self, message: dict[str, Any]) -> None:
        """A message encoded for this client, its texts (``Msg``) in the client's language."""
        self.send_text(self.words.encode(message))

    def send_text(self, text: str) -> None:
        if self.closed:
            return
        socket = self.socket
        if socket is not None:
            if socket.write_text(text) > self.max_backlog:
                self.drop()
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
        if self.socket is not None:
            self.closed = True
            self.socket.abort()
            return
        while not self.queue.empty():
            self.queue.get_nowait()
        self.backlog = 0
        self.close()

    def error(self, message: Text, ref: int | None = None, **extra: Any) -> None:
        out: dict[str, Any] = {"type": "error", "message": message, **extra}
        if ref is not None:
            out["ref"] = ref
        self.send(out)

    def notice(self, text: Text) -> None:
        """A line in the chat that only this client sees."""
        self.send({"type": "chat", "from": None, "text": text, "private": True})

    def close(self, code: int = 1000, reason: str = "") -> None:
        if not self.closed:
            self.closed = True
            self.close_code, self.close_reason = code, reason
            if self.socket is not None:
                self.socket.close_now(code, reason)
            else:
                self.queue.put_nowait(None)

    def write_directly(self, socket: DirectWebSocketProtocol) -> None:
        """From now on write to ``socket`` at once; what was queued so far goes first, in one write."""
        queued: list[str] = []
        closing = False
        while not self.queue.empty():
            text = self.queue.get_nowait()
            if text is None:
                closing = True
                break
            queued.append(text)
        if queued:
            socket.write_texts(queued)
        if closing:
            socket.close_now(self.close_code, self.close_reason)
        self.backlog = 0
        self.socket = socket


def send_each(conns: Iterable[Conn], message: dict[str, Any]) -> None:
    """``message`` to each of ``conns``, its texts in each one's language: encoded once per language."""
    texts: dict[str, str] = {}
    for conn in conns:
        text = texts.get(conn.lang)
        if text is None:
            text = texts[conn.lang] = conn.words.encode(message)
        conn.send_text(text)


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


def reader(conn: Conn, on_message: Callable[[Conn, ClientMessage], None],
           limits: Limits) -> Callable[[str | bytes], None]:
    """What ``serve`` does with each message a client sends: rate-limit it, decode it, hand it on.

    A message over the socket's rate (``Settings.max_rate``) or its person's rate over all their sockets
    (``Settings.person_rate``) is dropped, with one warning a second."""
    limit = RateLimit(limits.settings.max_rate)
    warned = -2.0

    def handle(raw: str | bytes) -> None:
        nonlocal warned
        within = limit.allow()
        if not within:
            limits.refused["max_rate"] += 1
        if not within or not limits.message(conn.user.id):
            now = limits.now()
            if now - warned >= 1.0:
                warned = now
                conn.error(_("too many messages; slow down"), code="flood")
            return
        try:
            msg = decode(raw)
        except BadMessage as exc:
            conn.error(error_text(exc), code="bad_message")
            return
        RECEIPT.at = time.perf_counter()  # a move this message makes is timed from here (metrics.py)
        CURRENT.context = conn.log_context  # the lines written meanwhile are about this client (logs.py)
        try:
            on_message(conn, msg)
        finally:
            RECEIPT.at = None
            CURRENT.context = None

    return handle


async def serve(ws: WebSocket, conn: Conn, on_message: Callable[[Conn, ClientMessage], None],
                on_close: Callable[[Conn], None], limits: Limits) -> None:
    """Run an accepted websocket until it closes, each message handled by ``reader``. On the hall's server
    its messages are handled as they arrive (``direct_socket``) and this only awaits the disconnect;
    elsewhere a writer task drains ``conn``'s queue and this loop reads."""
    handle = reader(conn, on_message, limits)
    socket = direct_socket(ws)
    writer: asyncio.Task[None] | None = None
    if socket is not None:
        conn.write_directly(socket)

        def arrived(raw: str | bytes) -> None:
            try:
                handle(raw)
            except Exception:
                log.exception("a message from %s failed; the socket is closed", conn.user.name)
                conn.close(1011, "internal error")

        socket.listen(arrived)
    else:

        async def pump() -> None:
            while True:
                text = await conn.next_text()
                if text is None:
                    await ws.close(code=conn.close_code, reason=conn.close_reason)
                    return
                await ws.send_text(text)

        writer = asyncio.create_task(pump())
    try:
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            raw = message.get("text")
            if raw is None:
                raw = message.get("bytes") or b""
            handle(raw)
    except WebSocketDisconnect:
        pass
    finally:
        conn.closed = True
        if socket is not None:
            socket.listen(None)
        on_close(conn)
        if writer is not None:
            writer.cancel()
