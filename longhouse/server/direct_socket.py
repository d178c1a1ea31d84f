"""uvicorn's websocket protocol with a direct path for the hall's messages, past the ASGI queues.

Through ASGI every message costs a task wake-up and a queue each way (the app's ``receive`` and a writer
task awaiting ``send``), plus the state checks of Starlette's and uvicorn's ``send``. Here, once the app has
accepted a socket, it may take it over (``direct_socket``): each text it writes is framed and handed to the
transport at once (``write_text``, which answers how many bytes the transport still holds unsent: the
caller's back-pressure), and each message that arrives calls its listener from ``data_received`` (no queue,
no task). The handshake, pings, the closing handshake, frame size limits and the disconnect event the app
awaits stay uvicorn's. Only with permessage-deflate off (a compressed frame would need the extension).
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from typing import Any

from starlette.websockets import WebSocket
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.exceptions import InvalidState
from websockets.http11 import Request

#: Where an accepted socket's direct path is found in its ASGI scope.
SCOPE_KEY = "longhouse.direct"

_TEXT_FIN = 0x81
_HEADERS_SMALL = [bytes((_TEXT_FIN, n)) for n in range(126)]
_HEADER_16 = struct.Struct("!BBH")
_HEADER_64 = struct.Struct("!BBQ")

Listener = Callable[[str | bytes], None]


def text_frame(data: bytes) -> bytes:
    """One unmasked, unfragmented text frame (a server's frames are never masked)."""
    n = len(data)
    if n < 126:
        return _HEADERS_SMALL[n] + data
    if n < 65536:
        return _HEADER_16.pack(_TEXT_FIN, 126, n) + data
    return _HEADER_64.pack(_TEXT_FIN, 127, n) + data


class DirectWebSocketProtocol(WebSocketsSansIOProtocol):
    listener: Listener | None = None

    def handle_connect(self, event: Request) -> None:
        super().handle_connect(event)
        scope: dict[str, Any] | None = getattr(self, "scope", None)
        if scope is not None and not self.config.ws_per_message_deflate:
            scope["extensions"][SCOPE_KEY] = self

    # --- out ----------------------------------------------------------------------------------------

    def write_text(self, text: str) -> int:
        """Send ``text`` as one frame now; the bytes the transport holds unsent afterwards."""
        transport = self.transport
        if self.close_sent or self.disconnected or transport.is_closing():
            return 0
        transport.write(text_frame(text.encode()))
        return transport.get_write_buffer_size()

    def close_now(self, code: int = 1000, reason: str = "") -> None:
        """Start the closing handshake (as the ASGI ``websocket.close`` does); the app's ``receive`` then
        gets its disconnect."""
        if self.close_sent or self.disconnected or self.transport.is_closing():
            return
        self.queue.put_nowait({"type": "websocket.disconnect", "code": code, "reason": reason})
        try:
            self.conn.send_close(code, reason)
        except InvalidState:
            self.abort()
            return
        self.transport.write(b"".join(self.conn.data_to_send()))
        self.close_sent = True
        if self.read_paused:
            self.read_paused = False
            self.transport.resume_reading()
        self.close_timer = self.loop.call_later(self.close_timeout, self.transport.close)

    def abort(self) -> None:
        """Drop the connection and whatever it still holds unsent."""
        self.listener = None
        self.transport.abort()

    # --- in -----------------------------------------------------------------------------------------

    def listen(self, listener: Listener | None) -> None:
        """Hand every message from now on to ``listener`` (None: to the app's ``receive`` again)."""
        self.listener = listener

    def send_receive_event_to_app(self) -> None:
        listener = self.listener
        if listener is None:
            super().send_receive_event_to_app()
            return
        data = self.frames[0] if len(self.frames) == 1 else b"".join(self.frames)
        self.frames = []
        if self.close_sent:
            return
        if self.curr_msg_data_type == "text":
            try:
                text = data.decode()
            except UnicodeDecodeError:
                self.logger.info("Invalid UTF-8 sequence received from client.")
                self.conn.send_close(1007)
                self.handle_parser_exception()
                return
            listener(text)
        else:
            listener(bytes(data))

    def connection_lost(self, exc: Exception | None) -> None:
        self.listener = None
        super().connection_lost(exc)
        # Break the reference cycles a closed socket would otherwise wait in for a full collection (rare
        # with gc_freeze): its scope naming it, and websockets' parser generator holding its protocol.
        scope: dict[str, Any] | None = getattr(self, "scope", None)
        if scope is not None:
            scope.get("extensions", {}).pop(SCOPE_KEY, None)
        self.conn.parser.close()


def direct_socket(ws: WebSocket) -> DirectWebSocketProtocol | None:
    """The accepted socket's direct path, if the server offers one (uvicorn with ``DirectWebSocketProtocol``;
    not Starlette's test client, not a compressed socket)."""
    found = ws.scope.get("extensions", {}).get(SCOPE_KEY)
    return found if isinstance(found, DirectWebSocketProtocol) else None
