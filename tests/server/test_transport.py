"""The guarded HTTP protocol (``transport.py``): requests parsed by httptools keep the checks h11 made, and a
request's head is bounded however slowly it comes."""

from __future__ import annotations

import socket
from typing import Any

import pytest
from harness import Client, Hall

from longhouse.server.transport import MAX_HEAD, refusal

KEY = "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
UPGRADE = "Upgrade: websocket\r\nConnection: Upgrade\r\n" + KEY


def answer(port: int, *pieces: bytes) -> bytes:
    """What the server answers to ``pieces`` sent one after another, up to its closing (or 3 s)."""
    with socket.create_connection(("127.0.0.1", port)) as s:
        s.settimeout(3)
        for piece in pieces:
            try:
                s.sendall(piece)
            except (BrokenPipeError, ConnectionResetError):
                break
        out = b""
        try:
            while chunk := s.recv(65536):
                out += chunk
        except (TimeoutError, ConnectionResetError):
            pass
        return out


@pytest.mark.parametrize("head", [
    "GET /api/me HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\n\r\n",  # the guard reads the first
    "GET /api/me HTTP/1.1\r\nHost: evil.example\r\nHost: 127.0.0.1\r\n\r\n",
    "GET /ws/lobby HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\n" + UPGRADE + "\r\n",
    "GET /api/me HTTP/1.1\r\n\r\n",
    "GET http://evil.example/api/me HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    "POST /api/signup HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n",
])
def test_heads_h11_refused_are_refused(hall: Hall, head: str) -> None:
    out = answer(hall.port, head.encode())
    assert out.startswith(b"HTTP/1.1 400 ") and out.endswith(b"Invalid HTTP request received.")


def test_a_good_request_and_a_websocket_still_pass(hall: Hall) -> None:
    out = answer(hall.port, b"GET /api/me HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    assert out.startswith(b"HTTP/1.1 200 ") and out.split(b"\r\n\r\n", 1)[1].startswith(b'{"user":null,')
    out = answer(hall.port, ("GET /ws/lobby HTTP/1.1\r\nHost: 127.0.0.1\r\n" + UPGRADE + "\r\n").encode())
    assert out.startswith(b"HTTP/1.1 101 ") and b"sign in first" in out


def test_a_head_dribbled_past_the_limit_is_refused(hall: Hall) -> None:
    start = b"GET /api/me HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Long: "
    out = answer(hall.port, start, *[b"a" * 1024] * (MAX_HEAD // 1024 + 4))
    assert out.startswith(b"HTTP/1.1 400 ") and out.endswith(b"Request head too large.")


def test_bodies_and_heads_just_under_the_limit_pass(hall: Hall) -> None:
    long = "a" * (MAX_HEAD - 200)
    out = answer(hall.port, b"GET /api/me HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Long: ", long[:5000].encode(),
                 long[5000:].encode(), b"\r\nConnection: close\r\n\r\n")
    assert out.startswith(b"HTTP/1.1 200 ")
    body = b'{"name": "Ann", "password": "' + b"x" * 3000 + b'"}'
    out = answer(hall.port, b"POST /api/signup HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                 b"Connection: close\r\nContent-Length: " + str(len(body) * 6).encode() + b"\r\n\r\n",
                 *[body] * 6)
    assert out.startswith(b"HTTP/1.1 413 ")  # the app's own limit, not the head's


@pytest.mark.parametrize(("args", "refused"), [
    ((b"/", "1.1", 1, None), False), ((b"/", "1.0", 0, None), False), ((b"/", "1.1", 0, None), True),
    ((b"/", "1.1", 2, None), True), ((b"http://x/", "1.1", 1, None), True), ((b"*", "1.1", 1, None), True),
    ((b"/", "1.1", 1, [b"chunked"]), False), ((b"/", "1.1", 1, [b"chunked", b"chunked"]), True),
    ((b"/", "1.1", 1, [b"gzip"]), True),
])
def test_refusal(args: Any, refused: bool) -> None:
    assert (refusal(*args) is not None) == refused


def test_websockets_go_past_starlettes_middleware_keeping_the_host_check(monkeypatch: pytest.MonkeyPatch,
                                                                         db_url: str) -> None:
    from starlette.applications import Starlette
    from websockets.exceptions import InvalidStatus
    from websockets.sync.client import connect

    seen: list[str] = []
    through = Starlette.__call__

    async def counted(self: Starlette, scope: Any, receive: Any, send: Any) -> None:
        seen.append(scope["type"])
        await through(self, scope, receive, send)

    monkeypatch.setattr(Starlette, "__call__", counted)
    hall = Hall(db_url)
    try:
        client = Client(hall)
        client.lobby().close()
        assert "websocket" not in seen and "http" in seen  # the guest's sign-up went through it
        out = answer(hall.port, ("GET /ws/lobby HTTP/1.1\r\nHost: evil.example\r\n" + UPGRADE + "\r\n").encode())
        assert out.startswith(b"HTTP/1.1 403 ")  # an unknown host is still refused
        with pytest.raises(InvalidStatus, match="403"):  # not one of the hall's: Starlette's router refuses it
            connect(f"ws://127.0.0.1:{hall.port}/ws/nothing")
        assert "websocket" in seen
    finally:
        hall.stop()


def test_an_upgrade_websockets_refuses_is_answered_and_closed(hall: Hall) -> None:
    """A header line over websockets' 8 KiB (within the 16 KiB head) left the connection open for ever, and
    uncounted: the guard lets go of a connection once it is upgraded."""
    head = ("GET /ws/lobby HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Long: " + "a" * 10_000 + "\r\n" + UPGRADE + "\r\n").encode()
    out = answer(hall.port, head)  # the server's answer, once it has closed the connection (3 s at most)
    assert out.startswith(b"HTTP/1.1 431 ")
