"""An upgrade request httptools parsed is handed to websockets parsed (``direct_socket.handshake_request``),
not written out and parsed again: the server answers every request byte for byte as before, and the app
sees the same scope; requests websockets might read otherwise or refuse still go through its parser."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest
import uvicorn
from uvicorn.server import ServerState

from longhouse.server import direct_socket
from longhouse.server.direct_socket import SCOPE_KEY, DirectWebSocketProtocol
from longhouse.server.transport import ConnectionGuard, guarded_protocol

KEY = b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
UPGRADE = b"Upgrade: websocket\r\nConnection: Upgrade\r\n" + KEY


def request(head: bytes, *headers: bytes, target: bytes = b"/ws/table/7?invite=a%20b") -> bytes:
    return b"GET " + target + b" " + head + b"\r\nHost: 127.0.0.1:8000\r\n" + b"".join(headers) + b"\r\n"


REQUESTS = [
    request(b"HTTP/1.1", UPGRADE, b"Cookie: longhouse_session=abc\r\nOrigin: http://127.0.0.1:8000\r\n"),
    request(b"HTTP/1.1", UPGRADE, b"Sec-WebSocket-Protocol: chat, other\r\n", target=b"/ws/lobby"),
    request(b"HTTP/1.1", UPGRADE, b"Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n"),
    request(b"HTTP/1.1", UPGRADE, b"X-Spaced:   padded \t \r\nX-Latin: caf\xe9\r\nX-Empty:\r\n"),
    request(b"HTTP/1.1", UPGRADE, b"X-Del: a\x7fb\r\n"),  # httptools refuses it first
    request(b"HTTP/1.1", UPGRADE, b"X-Long: " + b"a" * (8192 - 10) + b"\r\n"),  # a line of 8,192 bytes
    request(b"HTTP/1.1", UPGRADE, b"X-Long: " + b"a" * (8192 - 9) + b"\r\n"),  # one byte over: 431
    request(b"HTTP/1.1", UPGRADE, *[b"X-%d: v\r\n" % i for i in range(128 - 5)]),  # 128 headers in all
    request(b"HTTP/1.1", UPGRADE, *[b"X-%d: v\r\n" % i for i in range(129 - 5)]),  # 129: 431
    request(b"HTTP/1.1", UPGRADE, b"Content-Length: 0\r\n"),
    request(b"HTTP/1.1", UPGRADE, b"Transfer-Encoding: chunked\r\n"),
    request(b"HTTP/1.1", b"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"),  # no key
    request(b"HTTP/1.1", UPGRADE, target=b"/ws/" + b"p" * 8200),  # a request line over websockets' limit
    request(b"HTTP/1.0", UPGRADE),
]
#: The requests handed over parsed (the others websockets refuses, or might read otherwise).
HANDED_OVER = [REQUESTS[i] for i in (0, 1, 2, 3, 5, 7, 9, 11, 13)]
ANSWERS: list[dict[str, Any]] = [
    {"type": "websocket.accept"},
    {"type": "websocket.accept", "subprotocol": "chat", "headers": [(b"X-Extra", b"yes")]},
    {"type": "websocket.close"},
]


class Memory(asyncio.Transport):
    """A connection's transport that keeps what is written and which protocol reads it."""

    def __init__(self) -> None:
        super().__init__()
        self.written = b""
        self.protocol: Any = None
        self.closing = False

    def write(self, data: Any) -> None:
        self.written += bytes(data)

    def set_protocol(self, protocol: Any) -> None:
        self.protocol = protocol

    def get_protocol(self) -> Any:
        return self.protocol

    def is_closing(self) -> bool:
        return self.closing

    def close(self) -> None:
        self.closing = True

    def abort(self) -> None:
        self.closing = True

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass

    def get_write_buffer_size(self) -> int:
        return 0

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"peername": ("127.0.0.1", 5555), "sockname": ("127.0.0.1", 8000)}.get(name, default)


async def served(raw: bytes, answer: dict[str, Any]) -> tuple[bytes, dict[str, Any] | None]:
    """What the hall's protocols write for ``raw`` when the app answers ``answer`` (the ``Date`` of websockets'
    own refusals blanked), and the scope it saw."""
    scopes: list[dict[str, Any]] = []

    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        scopes.append(scope)
        await receive()
        await send(answer)

    config = uvicorn.Config(app, log_level="warning", ws=DirectWebSocketProtocol,
                            http=guarded_protocol(ConnectionGuard(0, 0)), ws_max_size=64 * 1024)
    config.load()
    state = ServerState()
    state.default_headers = [(b"server", b"uvicorn"), (b"date", b"Tue, 01 Dec 2026 03:00:00 GMT")]
    transport = Memory()
    protocol = config.http_protocol_class(config=config, server_state=state, app_state={},
                                          _loop=asyncio.get_running_loop())
    transport.protocol = protocol
    protocol.connection_made(transport)
    protocol.data_received(raw)
    for _ in range(10):
        await asyncio.sleep(0)
    scope = None
    if scopes:
        scope = {k: v for k, v in scopes[0].items() if k not in ("state", "extensions")}
        scope["direct"] = scopes[0]["extensions"].get(SCOPE_KEY) is transport.protocol
    return re.sub(rb"\r\nDate: [^\r]*\r\n", b"\r\nDate: -\r\n", transport.written), scope  # websockets': the clock's


@pytest.mark.parametrize("raw", REQUESTS)
def test_a_request_handed_over_parsed_is_answered_as_when_parsed_again(raw: bytes,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    async def run() -> list[tuple[bytes, dict[str, Any] | None]]:
        return [await served(raw, answer) for answer in ANSWERS]

    parsed = direct_socket.handshake_request
    handed_over: list[bool] = []

    def spy(*args: Any) -> Any:
        found = parsed(*args)
        handed_over.append(found is not None)
        return found

    monkeypatch.setattr(direct_socket, "handshake_request", spy)
    handed = asyncio.run(run())
    assert handed_over == ([] if b"\x7f" in raw else [raw in HANDED_OVER] * len(ANSWERS))
    monkeypatch.setattr(direct_socket, "handshake_request", lambda *args: None)
    again = asyncio.run(run())
    assert handed == again
    assert handed[0][0].startswith(b"HTTP/1.1 ") or b"Transfer-Encoding" in raw  # websockets closes: no answer
    if raw in (REQUESTS[6], REQUESTS[8]):
        assert handed[0][0].startswith(b"HTTP/1.1 431 ")  # websockets' limits, just past them
    elif raw in (REQUESTS[5], REQUESTS[7]):
        assert handed[0][0].startswith(b"HTTP/1.1 101 ")  # just within them


def test_only_what_websockets_reads_alike_is_handed_over() -> None:
    headers = [(b"host", b"h"), (b"upgrade", b"websocket")]
    assert direct_socket.handshake_request("GET", b"/ws?x=1", headers) is not None
    assert direct_socket.handshake_request("GET", b"/ws/" + b"p" * 8200, headers) is None
    assert direct_socket.handshake_request("GET", b"/ws", [*headers, (b"x", b"a" * 8200)]) is None
    assert direct_socket.handshake_request("GET", b"/ws", [(b"x", b"v")] * 129) is None
    assert direct_socket.handshake_request("GET", b"/ws", [(b"x", b"a\x7f")]) is None
    assert direct_socket.handshake_request("GET", b"/ws", [(b"transfer-encoding", b"chunked")]) is None
    assert direct_socket.handshake_request("GET", b"/ws", [(b"content-length", b"3")]) is None
    assert direct_socket.handshake_request("GET", b"/w\xe9", headers) is None
