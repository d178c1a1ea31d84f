"""The direct websocket path (``direct_socket.py``, ``Conn.write_directly``): frames written to the transport at
once, messages handed to the listener as they arrive, and a client that does not read dropped at its backlog."""

from __future__ import annotations

import asyncio
import os
import re
import struct
from typing import Any

import uvicorn
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
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


def masked(data: bytes, opcode: int = 1, fin: bool = True) -> bytes:
    """A client's frame (clients mask theirs)."""
    mask = os.urandom(4)
    first = (0x80 if fin else 0) | opcode
    if len(data) < 126:
        head = struct.pack("!BB", first, 0x80 | len(data))
    elif len(data) < 65536:
        head = struct.pack("!BBH", first, 0x80 | 126, len(data))
    else:
        head = struct.pack("!BBQ", first, 0x80 | 127, len(data))
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


def masked_text(text: str) -> bytes:
    return masked(text.encode())


def close_code(frame: bytes) -> int:
    """The code of a server's close frame."""
    assert frame[0] == 0x88
    code: int = struct.unpack("!H", frame[2:4])[0]
    return code


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


def listening(run: Any) -> None:
    """Run ``run(protocol, transport, heard)`` on an accepted socket whose messages go to ``heard``."""

    async def main() -> None:
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        protocol, transport, _ = await accepted(done)
        heard: list[str | bytes] = []
        protocol.listen(heard.append)
        assert protocol.reading
        run(protocol, transport, heard)
        done.set_result(None)
        await asyncio.sleep(0)

    asyncio.run(main())


def test_frames_read_past_websockets_arrive_whole_however_the_stream_is_cut() -> None:
    long = "x" * 300 + "é"  # a 16-bit length
    stream = masked_text("one") + masked(b"\x00\x01", opcode=2) + masked_text(long) + masked_text("four")

    def run(protocol: DirectWebSocketProtocol, transport: Unread, heard: list[str | bytes]) -> None:
        for i in range(len(stream)):
            protocol.data_received(stream[i:i + 1])
        protocol.data_received(stream[:5])
        protocol.data_received(stream[5:])
        assert heard == ["one", b"\x00\x01", long, "four"] * 2
        assert protocol.reading and not transport.written

    listening(run)


def test_a_frame_dribbled_in_byte_by_byte_is_read_once_when_whole() -> None:
    """A large frame sent a byte at a time is kept until it is whole, not re-read on every byte (which would
    cost its length squared: ~2 GB of copying for one 64 KB frame, from one client)."""
    big = "y" * 60_000
    stream = masked_text(big) + masked_text("next")

    def run(protocol: DirectWebSocketProtocol, transport: Unread, heard: list[str | bytes]) -> None:
        reads: list[int] = []
        read_frames = protocol._read_frames

        def counted(data: bytes) -> None:
            reads.append(len(data))
            read_frames(data)

        protocol._read_frames = counted  # type: ignore[method-assign]
        for i in range(len(stream)):
            protocol.data_received(stream[i:i + 1])
        assert heard == [big, "next"]
        assert len(reads) < 20, f"the stream was re-read {len(reads)} times"
        assert sum(reads) < 2 * len(stream)

    listening(run)


def test_pings_fragments_and_the_close_go_through_websockets_between_read_frames() -> None:
    def run(protocol: DirectWebSocketProtocol, transport: Unread, heard: list[str | bytes]) -> None:
        protocol.data_received(masked_text("a") + masked(b"hi", opcode=9) + masked(b"fr", fin=False)
                               + masked(b"ag", opcode=0, fin=False) + masked(b"ment", opcode=0) + masked_text("b"))
        assert heard == ["a", "fragment", "b"]
        assert transport.written == [b"\x8a\x02hi"]  # the pong
        assert protocol.reading
        protocol.data_received(masked(struct.pack("!H", 1000), opcode=8) + masked_text("after the close"))
        assert heard == ["a", "fragment", "b"] and not protocol.reading
        assert close_code(transport.written[-1]) == 1000 and transport.closing
        assert protocol.queue.get_nowait()["type"] == "websocket.disconnect"

    listening(run)


def test_a_frame_over_the_size_limit_or_invalid_text_fails_the_connection() -> None:
    def too_large(protocol: DirectWebSocketProtocol, transport: Unread, heard: list[str | bytes]) -> None:
        protocol.conn.max_message_size = 1000
        protocol.data_received(masked_text("ok") + masked(b"y" * 1001)[:50])
        assert heard == ["ok"] and close_code(transport.written[-1]) == 1009 and transport.closing

    def not_utf8(protocol: DirectWebSocketProtocol, transport: Unread, heard: list[str | bytes]) -> None:
        protocol.data_received(masked(b"\xff\xfe") + masked_text("never"))
        assert heard == [] and close_code(transport.written[-1]) == 1007 and transport.closing

    def unmasked(protocol: DirectWebSocketProtocol, transport: Unread, heard: list[str | bytes]) -> None:
        protocol.data_received(b"\x81\x02hi")
        assert heard == [] and close_code(transport.written[-1]) == 1002 and transport.closing

    listening(too_large)
    listening(not_utf8)
    listening(unmasked)


def test_texts_queued_before_the_socket_is_taken_over_go_first() -> None:
    async def run() -> None:
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        protocol, transport, _ = await accepted(done)
        conn = Conn(User(1, "Ann", True))
        conn.send_text("first")
        conn.send_text("second")
        conn.write_directly(protocol)  # what was queued: in one write
        conn.send_text("third")
        assert transport.written == [text_frame(b"first") + text_frame(b"second"), text_frame(b"third")]
        assert conn.backlog == 0
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


async def handshake_bytes(protocol_class: type[WebSocketsSansIOProtocol], request: bytes,
                          accept: dict[str, Any]) -> bytes:
    """What a protocol writes for ``request`` when the app answers ``accept`` (its ``Date`` from websockets'
    own refusals blanked: it is the clock's)."""

    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        await receive()
        await send(accept)

    config = uvicorn.Config(app, log_level="warning", ws=protocol_class)
    config.load()
    state = ServerState()
    state.default_headers = [(b"server", b"uvicorn"), (b"date", b"Tue, 01 Dec 2026 03:00:00 GMT")]
    protocol = protocol_class(config=config, server_state=state, app_state={}, _loop=asyncio.get_running_loop())
    transport = Unread()
    protocol.connection_made(transport)
    protocol.data_received(request)
    for _ in range(10):
        await asyncio.sleep(0)
    return re.sub(rb"\r\nDate: [^\r]*\r\n", b"\r\nDate: -\r\n", b"".join(transport.written))


def test_the_handshake_is_answered_byte_for_byte_as_uvicorn_answers_it() -> None:
    """``QuickAccept`` makes uvicorn's and websockets' response cheaper,
    never different: accepted (with a subprotocol, extra headers, an extension offered), or refused."""
    plain = HANDSHAKE
    head = b"GET /ws?x=1 HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    key = b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
    requests = [
        plain,
        head + key + b"Sec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: chat, other\r\n\r\n",
        head + key + b"Sec-WebSocket-Version: 13\r\nSec-WebSocket-Extensions: permessage-deflate\r\n\r\n",
        head + b"Sec-WebSocket-Version: 13\r\n\r\n",  # no key
        head + key + b"Sec-WebSocket-Version: 8\r\n\r\n",
        b"GET /ws HTTP/1.1\r\nHost: localhost\r\nUpgrade: h2c\r\nConnection: Upgrade\r\n" + key
        + b"Sec-WebSocket-Version: 13\r\n\r\n",
    ]
    answers: list[dict[str, Any]] = [
        {"type": "websocket.accept"},
        {"type": "websocket.accept", "subprotocol": "chat", "headers": [(b"X-Extra", b"yes")]},
        {"type": "websocket.close"},
    ]

    async def run() -> None:
        for request in requests:
            for accept in answers:
                ours = await handshake_bytes(DirectWebSocketProtocol, request, accept)
                theirs = await handshake_bytes(WebSocketsSansIOProtocol, request, accept)
                assert ours == theirs, (request, accept)
                assert ours.startswith(b"HTTP/1.1 ")

    asyncio.run(run())
