"""The direct websocket path (``direct_socket.py``, ``Conn.write_directly``): frames written to the transport at
once, messages handed to the listener as they arrive, and a client that does not read dropped at its backlog."""

from __future__ import annotations

import asyncio
import os
import struct
from typing import Any

import uvicorn
from uvicorn.server import ServerState

from longhouse.server.conn import Conn
from longhouse.server.direct_socket import SCOPE_KEY, DirectWebSocketProtocol, text_frame
from longhouse.store import User

HANDSHAKE = (b"GET /ws HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
             b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")


class Unread(asyncio.Transport):
    """A transport whose peer never reads: everything written stays in its buffer."""

    def __init__(self) -> None:
        super().__init__()
        self.written: list[bytes] = []
        self.aborted = self.closing = False

    def write(self, data: bytes | bytearray | memoryview) -> None:
        self.written.append(bytes(data))

    def get_write_buffer_size(self) -> int:
        return sum(map(len, self.written))

    def is_closing(self) -> bool:
        return self.closing or self.aborted

    def close(self) -> None:
        self.closing = True

    def abort(self) -> None:
        self.aborted = True

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return default


def masked_text(text: str) -> bytes:
    """A client's text frame (clients mask theirs)."""
    data = text.encode()
    mask = os.urandom(4)
    assert len(data) < 126
    return struct.pack("!BB", 0x81, 0x80 | len(data)) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


async def accepted(app_done: asyncio.Future[None],
                   deflate: bool = False) -> tuple[DirectWebSocketProtocol, Unread, dict[str, Any]]:
    """A protocol that went through the handshake with an app that accepts and then waits for ``app_done``."""
    scopes: list[dict[str, Any]] = []

    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        scopes.append(scope)
        await receive()
        await send({"type": "websocket.accept"})
        await app_done

    config = uvicorn.Config(app, log_level="warning", ws=DirectWebSocketProtocol, ws_per_message_deflate=deflate)
    config.load()
    protocol = DirectWebSocketProtocol(config=config, server_state=ServerState(), app_state={},
                                       _loop=asyncio.get_running_loop())
    transport = Unread()
    protocol.connection_made(transport)
    protocol.data_received(HANDSHAKE)
    for _ in range(10):
        await asyncio.sleep(0)
    assert protocol.handshake_complete
    transport.written.clear()
    return protocol, transport, scopes[0]


def test_text_frames_are_the_protocol_s_own() -> None:
    for size in (0, 125, 126, 65535, 65536):
        text = "x" * size
        frame = text_frame(text.encode())
        assert frame.endswith(text.encode()) and frame[0] == 0x81
        length = frame[1]
        assert (length == size if size < 126 else length == (126 if size < 65536 else 127))


def test_an_accepted_socket_offers_its_direct_path_and_messages_reach_the_listener() -> None:
    async def run() -> None:
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        protocol, transport, scope = await accepted(done)
        assert scope["extensions"][SCOPE_KEY] is protocol
        heard: list[str | bytes] = []
        protocol.listen(heard.append)
        protocol.data_received(masked_text('{"type":"ping"}') + masked_text("two"))
        assert heard == ['{"type":"ping"}', "two"] and protocol.queue.empty()
        assert protocol.write_text("hello") == len(text_frame(b"hello"))
        assert transport.written == [text_frame(b"hello")]
        done.set_result(None)

    asyncio.run(run())


def test_a_compressed_socket_has_no_direct_path() -> None:
    async def run() -> None:
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        _, _, scope = await accepted(done, deflate=True)
        assert SCOPE_KEY not in scope["extensions"]
        done.set_result(None)

    asyncio.run(run())


def test_texts_queued_before_the_socket_is_taken_over_go_first() -> None:
    async def run() -> None:
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        protocol, transport, _ = await accepted(done)
        conn = Conn(User(1, "Ann", True))
        conn.send_text("first")
        conn.write_directly(protocol)
        conn.send_text("second")
        assert transport.written == [text_frame(b"first"), text_frame(b"second")] and conn.backlog == 0
        conn.close(4000, "bye")
        assert protocol.close_sent and transport.written[-1][0] == 0x88  # a close frame
        assert (await protocol.queue.get())["type"] == "websocket.disconnect"
        done.set_result(None)

    asyncio.run(run())


def test_a_client_that_does_not_read_is_dropped_at_its_backlog_limit_on_a_direct_socket() -> None:
    async def run() -> tuple[Conn, Unread]:
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        protocol, transport, _ = await accepted(done)
        conn = Conn(User(1, "Slow", True), max_backlog=10_000)
        conn.write_directly(protocol)
        for _ in range(50):
            conn.send_text("x" * 1000)
        done.set_result(None)
        return conn, transport

    conn, transport = asyncio.run(run())
    assert conn.closed and transport.aborted  # aborted: what it held unsent is let go at once
    assert transport.get_write_buffer_size() <= 10_000 + 1010  # nothing written after the limit was passed
