"""uvicorn's websocket protocol with a direct path for the hall's messages, past the ASGI queues.

Through ASGI every message costs a task wake-up and a queue each way (the app's ``receive`` and a writer
task awaiting ``send``), plus the state checks of Starlette's and uvicorn's ``send``. Here, once the app has
accepted a socket, it may take it over (``direct_socket``): each text it writes is framed and handed to the
transport at once (``write_text``, which answers how many bytes the transport still holds unsent: the
caller's back-pressure), and each message that arrives calls its listener from ``data_received`` (no queue,
no task). A whole, unfragmented text or binary frame is read here too, past the websockets parser (its
generators cost more than the rest of a move's reading); every other frame (ping, close, fragments, one too
large, one breaking the protocol) is handed to websockets whole, one at a time, so that its parser is always
at a frame's start, and the handshake, pings, the closing handshake, frame size limits and the disconnect
event the app awaits stay uvicorn's. Only with permessage-deflate off (a compressed frame would need the
extension). The handshake is uvicorn's and websockets', made cheaper (``QuickAccept``) with the same bytes on the
wire.
"""

from __future__ import annotations

import asyncio
import struct
from collections.abc import Callable
from typing import Any

from starlette.websockets import WebSocket
from uvicorn.config import Config
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import ServerState
from websockets.datastructures import Headers
from websockets.exceptions import InvalidState
from websockets.frames import apply_mask
from websockets.http11 import Request, Response
from websockets.server import ServerProtocol

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


class QuickAccept(ServerProtocol):
    """websockets' server side, whose response accepting a handshake has an empty ``Date`` header: websockets
    formats one for every handshake (``email.utils``, a tenth of a handshake's cost) and uvicorn deletes it
    at once, adding the server's own, formatted once a second."""

    def accept(self, request: Request) -> Response:
        try:
            accept_header, extensions_header, protocol_header = self.process_request(request)
        except Exception:
            return super().accept(request)  # refused: websockets checks it again and answers as it does
        self.accept_called = True
        headers = Headers()
        headers["Date"] = ""  # deleted by uvicorn as soon as the app accepts
        headers["Upgrade"] = "websocket"
        headers["Connection"] = "Upgrade"
        headers["Sec-WebSocket-Accept"] = accept_header
        if extensions_header is not None:
            headers["Sec-WebSocket-Extensions"] = extensions_header
        if protocol_header is not None:
            headers["Sec-WebSocket-Protocol"] = protocol_header
        return Response(101, "Switching Protocols", headers)


class DirectWebSocketProtocol(WebSocketsSansIOProtocol):
    listener: Listener | None = None
    #: Whether frames are read here (``listen``) rather than by websockets' parser.
    reading: bool = False
    #: The start of a frame whose rest has not arrived yet (read here), and how long that frame is in all
    #: once its header is known (0 before): more bytes are only appended until then, never re-read, so a
    #: frame dribbled in byte by byte costs its length once, not its length squared.
    partial: bytearray | None = None
    need: int = 0

    def __init__(self, config: Config, server_state: ServerState, app_state: dict[str, Any],
                 _loop: asyncio.AbstractEventLoop | None = None) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self.conn.__class__ = QuickAccept  # websockets' protocol, made by uvicorn, answering more cheaply

    def handle_connect(self, event: Request) -> None:
        super().handle_connect(event)
        scope: dict[str, Any] | None = getattr(self, "scope", None)
        if scope is not None and not self.config.ws_per_message_deflate:
            scope["extensions"][SCOPE_KEY] = self

    # --- out ----------------------------------------------------------------------------------------

    def write_text(self, text: str) -> int:
        """Send ``text`` as one frame now; the bytes the transport holds unsent afterwards."""
        return self._write(text_frame(text.encode()))

    def write_texts(self, texts: list[str]) -> int:
        """Send ``texts`` as one frame each, in one write (a socket's first messages, queued before it was
        taken over); the bytes the transport holds unsent afterwards."""
        return self._write(b"".join([text_frame(text.encode()) for text in texts]))

    def _write(self, frames: bytes) -> int:
        """Write whole frames unless the socket is closing; the bytes the transport holds unsent afterwards."""
        transport = self.transport
        if self.close_sent or self.disconnected or transport.is_closing():
            return 0
        transport.write(frames)
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
        self.reading = False
        self.partial = None
        self.transport.abort()

    # --- in -----------------------------------------------------------------------------------------

    def listen(self, listener: Listener | None) -> None:
        """Hand every message from now on to ``listener`` (None: to the app's ``receive`` again)."""
        self.listener = listener
        if listener is None:
            self._stop_reading()
        elif not self.conn.reader.buffer and self.conn.current_size is None and self.conn.close_rcvd is None:
            self.reading = True  # the websockets parser is at rest, at a frame's start

    def _refused_handshake(self) -> None:
        """websockets refused the upgrade request itself (a header line over its 8 KiB, too many headers):
        its answer (431) goes out and the connection is closed. uvicorn left both waiting, holding the
        connection open for as long as the client liked, uncounted by the connection guard."""
        self.handshake_initiated = self.handshake_complete = self.close_sent = True
        self.transport.write(b"".join(self.conn.data_to_send()))
        self.transport.close()

    def _stop_reading(self) -> None:
        """Hand the stream back to websockets' parser (from a frame's start)."""
        self.reading = False
        rest, self.partial, self.need = self.partial, None, 0
        if rest:
            super().data_received(bytes(rest))

    def data_received(self, data: bytes) -> None:
        if not self.reading:
            super().data_received(data)
            if not self.handshake_initiated and self.conn.handshake_exc is not None:
                self._refused_handshake()
            return
        partial = self.partial
        if partial is not None:
            partial += data
            if len(partial) < self.need:
                return  # the frame is still arriving
            data, self.partial, self.need = bytes(partial), None, 0
        self._read_frames(data)

    def _read_frames(self, data: bytes) -> None:
        """Read the whole frames at the start of ``data``; keep the start of an unfinished one."""
        end = len(data)
        pos = 0
        conn = self.conn
        while end - pos >= 2:
            head1, head2 = data[pos], data[pos + 1]
            length = head2 & 0x7F
            at = pos + 2
            if length == 126:
                if end - at < 2:
                    break
                length = (data[at] << 8) | data[at + 1]
                at += 2
            limit = conn.max_message_size
            if (length == 127 or not head2 & 0x80 or head1 & 0x70 or conn.close_rcvd is not None
                    or conn.parser_exc is not None or (limit is not None and length > limit)):
                # a frame websockets must judge (too large, unmasked, reserved bits) or the stream is
                # closing: websockets reads the rest
                self.reading = False
                super().data_received(data[pos:])
                return
            stop = at + 4 + length
            if stop > end:
                self.need = stop - pos
                break
            if (head1 == 0x81 or head1 == 0x82) and conn.current_size is None:
                payload = apply_mask(data[at + 4:stop], data[at:at + 4])
                pos = stop
                if not self._deliver(head1 == 0x81, payload):
                    return
            else:  # a control frame or a fragment: websockets reads it, whole
                frame = data[pos:stop]
                pos = stop
                super().data_received(frame)
                if not self._still_reading():  # the frame closed the stream, or its message dropped us
                    return
        if pos < end:
            self.partial = bytearray(data[pos:])

    def _still_reading(self) -> bool:
        return self.reading

    def _deliver(self, text: bool, payload: bytes) -> bool:
        """One whole message read here to the listener; False when the stream is handed back."""
        if self.close_sent:
            return True  # past our close: discarded, as uvicorn does
        listener = self.listener
        if listener is None:
            return True
        if not text:
            listener(payload)
            return True
        try:
            decoded = payload.decode()
        except UnicodeDecodeError:
            self.reading = False
            self.logger.info("Invalid UTF-8 sequence received from client.")
            self.conn.send_close(1007)
            self.handle_parser_exception()
            return False
        listener(decoded)
        return True

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
        self.reading = False
        self.partial = None
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
