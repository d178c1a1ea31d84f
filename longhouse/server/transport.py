"""The hall on uvicorn, guarded at the connection level, before any request reaches the app.

Half-sent requests used to hold a file descriptor each for ever (1,100 of them made every new visitor fail).
Here each network address may hold ``Settings.connections_per_address`` connections at once (more are
closed at once), a request must arrive whole (headers and body) within ``Settings.header_timeout`` seconds
of the connection or of the previous response, uvicorn answers 503 past ``Settings.limit_concurrency``
connections, and the process's descriptor limit is raised to its hard limit. Websockets run on
``DirectWebSocketProtocol`` (uvicorn's sans-I/O one, with a direct path for the hall's messages:
``direct_socket.py``). ``uvicorn_config`` builds the server's configuration; ``longhouse serve`` and the tests
both use it.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import h11
import uvicorn
from starlette.applications import Starlette
from uvicorn.protocols.http.h11_impl import H11Protocol

from longhouse.server.direct_socket import DirectWebSocketProtocol
from longhouse.server.settings import Settings

#: Websocket frames larger than this are refused by the server before the app sees them.
WS_MAX_SIZE = 64 * 1024
SWEEP_EVERY = 1.0


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


def guarded_protocol(guard: ConnectionGuard) -> type[H11Protocol]:
    """uvicorn's h11 protocol, counting and timing its connections with ``guard``."""

    class GuardedH11Protocol(H11Protocol):
        counted: str | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            address = self.client[0] if self.client else "?"
            if not guard.admit(address):
                transport.abort()
                return
            self.counted = address
            guard.expect(self)

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self.conn.their_state is h11.DONE:  # the whole request is in
                guard.arrived(self)

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing() and self.conn.their_state is h11.IDLE:
                guard.expect(self)

        def handle_websocket_upgrade(self, event: h11.Request) -> None:
            self._forget()  # a websocket is counted by the app (Settings.sockets_per_address)
            super().handle_websocket_upgrade(event)

        def connection_lost(self, exc: Exception | None) -> None:
            self._forget()
            super().connection_lost(exc)

        def _forget(self) -> None:
            guard.arrived(self)
            if self.counted is not None:
                guard.release(self.counted)
                self.counted = None

    return GuardedH11Protocol


def raise_descriptor_limit() -> None:
    """Let the process open as many files and sockets as the system allows it."""
    with contextlib.suppress(ImportError, ValueError, OSError):
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if soft < hard:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def uvicorn_config(app: Starlette, host: str, port: int, log_level: str = "info", ws_deflate: bool = False,
                   **extra: Any) -> uvicorn.Config:
    """The server for the hall ``app`` (its settings in ``app.state.settings``; the guard goes to
    ``app.state.guard``)."""
    settings: Settings = app.state.settings
    guard = ConnectionGuard(settings.connections_per_address, settings.header_timeout)
    app.state.guard = guard
    return uvicorn.Config(app, host=host, port=port, log_level=log_level, ws_max_size=WS_MAX_SIZE,
                          ws=DirectWebSocketProtocol, ws_per_message_deflate=ws_deflate, http=guarded_protocol(guard),
                          limit_concurrency=settings.limit_concurrency or None, timeout_keep_alive=5, **extra)
