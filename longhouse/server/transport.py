"""The hall on uvicorn, guarded at the connection level, before any request reaches the app.

Half-sent requests used to hold a file descriptor each for ever (1,100 of them made every new visitor fail).
Here each network address may hold ``Settings.connections_per_address`` connections at once (more are
closed at once), a request must arrive whole (headers and body) within ``Settings.header_timeout`` seconds
of the connection or of the previous response, a request's head (its line and headers) may be at most
``MAX_HEAD`` bytes (more: 400 and closed, as h11 did), uvicorn answers 503 past ``Settings.limit_concurrency``
connections, and the process's descriptor limit is raised to its hard limit. Requests are parsed by
httptools (uvicorn's ``HttpToolsProtocol``, a C parser: h11's pure-Python one cost more than the rest of a
websocket's handshake). Websockets run on
``DirectWebSocketProtocol`` (uvicorn's sans-I/O one, with a direct path for the hall's messages:
``direct_socket.py``). ``uvicorn_config`` builds the server's configuration; ``longhouse serve`` and the tests
both use it.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import uvicorn
from starlette.applications import Starlette
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from longhouse.server.app import SocketsFirst
from longhouse.server.direct_socket import DirectWebSocketProtocol
from longhouse.server.drain import drain
from longhouse.server.settings import Settings

#: Websocket frames larger than this are refused by the server before the app sees them.
WS_MAX_SIZE = 64 * 1024
SWEEP_EVERY = 1.0
#: Bytes a request's line and headers may take (h11's limit, which the hall had before httptools).
MAX_HEAD = 16 * 1024


class ConnectionGuard:
    """Counts connections per address and closes those whose request does not arrive in time."""

    def __init__(self, per_address: int, timeout: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_address = per_address
        self.timeout = timeout
        self.clock = clock
        self.by_address: Counter[str] = Counter()
        self.deadlines: dict[Any, float] = {}  # protocol -> when its request must be in
        self.loop: asyncio.AbstractEventLoop | None = None

    def admit(self, address: str) -> bool:
        if self.loop is None:
            self.loop = asyncio.get_running_loop()
            self.loop.call_later(SWEEP_EVERY, self._tick)
        if self.per_address and self.by_address[address] >= self.per_address:
            return False
        self.by_address[address] += 1
        return True

    def release(self, address: str) -> None:
        self.by_address[address] -= 1
        if self.by_address[address] <= 0:
            del self.by_address[address]

    def expect(self, protocol: Any) -> None:
        """A request should now arrive on this connection, within the timeout."""
        if self.timeout:
            self.deadlines[protocol] = self.clock() + self.timeout

    def arrived(self, protocol: Any) -> None:
        self.deadlines.pop(protocol, None)

    def sweep(self) -> int:
        """Close every connection whose request is late; how many were closed."""
        now = self.clock()
        late = [p for p, deadline in self.deadlines.items() if deadline <= now]
        for protocol in late:
            del self.deadlines[protocol]
            protocol.transport.close()
        return len(late)

    def _tick(self) -> None:
        self.sweep()
        if self.loop is not None:
            self.loop.call_later(SWEEP_EVERY, self._tick)


def refusal(target: bytes, version: str, hosts: int, encodings: list[bytes] | None) -> str | None:
    """Why a request head that httptools accepted is refused all the same (None: it is not): the checks h11
    made that llhttp does not. One ``Host`` header (none only in HTTP/1.0), so that the host guard
    (``guard.py``) and the app never read different ones; a path as the target, never a whole URL that would
    name another host; no transfer coding but ``chunked``, once."""
    if hosts > 1 or (hosts == 0 and version != "1.0"):
        return "one Host header is required"
    if not target.startswith(b"/"):
        return "the target must be a path"
    if encodings is not None and encodings != [b"chunked"]:
        return "only Transfer-Encoding: chunked is supported"
    return None


def guarded_protocol(guard: ConnectionGuard) -> type[HttpToolsProtocol]:
    """uvicorn's httptools protocol, counting and timing its connections with ``guard`` and bounding each
    request's head to ``MAX_HEAD`` bytes."""

    class GuardedHttpToolsProtocol(HttpToolsProtocol):
        counted: str | None = None
        #: Whether the next bytes are a request's head (its line and headers), and how many of them came.
        in_head = True
        head_bytes = 0
        #: Heads and whole requests parsed so far: a piece of data in which one ended counts toward no head.
        ends = 0
        #: The current request's ``Host`` and ``Transfer-Encoding`` headers, as h11 checked them.
        hosts = 0
        encodings: list[bytes] | None = None
        #: Whether the current request is a websocket's (uvicorn asks three times; its headers are read once).
        upgrade: bool | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            address = self.client[0] if self.client else "?"
            if not guard.admit(address):
                transport.abort()
                return
            self.counted = address
            guard.expect(self)

        def data_received(self, data: bytes) -> None:
            ends = self.ends
            super().data_received(data)
            # Bytes of a head still arriving. A piece in which a head or a request ended is not counted, so
            # that no body ever counts; the next head then counts from its next piece.
            if self.in_head and ends == self.ends and not self.transport.is_closing():
                self.head_bytes += len(data)
                if self.head_bytes > MAX_HEAD:
                    self.logger.warning("Request head too large.")
                    self.send_400_response("Request head too large.")

        def on_message_begin(self) -> None:
            self.hosts, self.encodings, self.upgrade = 0, None, None
            super().on_message_begin()

        def on_header(self, name: bytes, value: bytes) -> None:
            name = name.lower()
            if name == b"host":
                self.hosts += 1
            elif name == b"transfer-encoding":
                self.encodings = [*(self.encodings or []), value.lower()]
            elif name == b"expect" and value.lower() == b"100-continue":
                self.expect_100_continue = True
            self.headers.append((name, value))

        def _should_upgrade(self) -> bool:
            if self.upgrade is None:
                self.upgrade = super()._should_upgrade()
            return self.upgrade

        def on_headers_complete(self) -> None:
            self.in_head, self.head_bytes, self.ends = False, 0, self.ends + 1
            refused = refusal(self.url, self.parser.get_http_version(), self.hosts, self.encodings)
            if refused is not None:
                raise ValueError(refused)  # the parser's error: uvicorn answers 400 and closes
            super().on_headers_complete()

        def on_message_complete(self) -> None:
            self.in_head, self.ends = True, self.ends + 1  # the whole request is in; the next head may follow
            guard.arrived(self)
            super().on_message_complete()

        def on_response_complete(self) -> None:
            # The next request must arrive within the timeout, unless it is in already (pipelined, whole).
            waiting = bool(self.pipeline) and not self.pipeline[-1][0].more_body
            super().on_response_complete()
            if not self.transport.is_closing() and not waiting:
                guard.expect(self)

        def handle_websocket_upgrade(self) -> None:
            self.in_head = False
            self._forget()  # a websocket is counted by the app (Settings.sockets_per_address)
            super().handle_websocket_upgrade()

        def connection_lost(self, exc: Exception | None) -> None:
            self._forget()
            super().connection_lost(exc)

        def _forget(self) -> None:
            guard.arrived(self)
            if self.counted is not None:
                guard.release(self.counted)
                self.counted = None

    return GuardedHttpToolsProtocol


def raise_descriptor_limit() -> None:
    """Let the process open as many files and sockets as the system allows it."""
    with contextlib.suppress(ImportError, ValueError, OSError):
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if soft < hard:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


#: Seconds a stopping server waits for its connections to close once it has closed them itself.
GRACEFUL_SECONDS = 10


class HallServer(uvicorn.Server):
    """uvicorn's server that, told to stop (SIGTERM, Ctrl-C), first drains the hall (``drain.py``: stores what
    is gathered, hands its tables on, closes its sockets with 1012), then stops as uvicorn does."""

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        app = self.config.app
        assert isinstance(app, SocketsFirst)
        await drain(app.state.hall)
        await super().shutdown(sockets)


def uvicorn_config(app: Starlette, host: str, port: int, log_level: str = "info", ws_deflate: bool = False,
                   **extra: Any) -> uvicorn.Config:
    """The server for the hall ``app`` (its settings in ``app.state.settings``; the guard goes to
    ``app.state.guard``), its websockets served past Starlette's middleware (``app.SocketsFirst``)."""
    settings: Settings = app.state.settings
    guard = ConnectionGuard(settings.connections_per_address, settings.header_timeout)
    app.state.guard = guard
    return uvicorn.Config(SocketsFirst(app), host=host, port=port, log_level=log_level, ws_max_size=WS_MAX_SIZE,
                          ws=DirectWebSocketProtocol, ws_per_message_deflate=ws_deflate, http=guarded_protocol(guard),
                          limit_concurrency=settings.limit_concurrency or None, timeout_keep_alive=5,
                          timeout_graceful_shutdown=GRACEFUL_SECONDS, **extra)
