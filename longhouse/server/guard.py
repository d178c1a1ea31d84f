"""The hall's HTTP guard: answer only to allowed host names, and send every page the security headers.

``Host`` must be one of ``Settings.allowed_hosts`` (a guard against DNS rebinding: another site's name
pointed at this address gets 400), but for the health checks (``ANY_HOST``); every HTTP response carries a
Content-Security-Policy (scripts, styles, images and sockets from this origin only, never framed),
``X-Frame-Options: DENY``, ``X-Content-Type-Options: nosniff`` and ``Referrer-Policy: same-origin``.
"""

from __future__ import annotations

from starlette.datastructures import Headers, MutableHeaders
from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
       "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
HEADERS = {
    "content-security-policy": CSP,
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
}


#: Paths answered whatever the ``Host``: a load balancer's or a monitor's checks name the process by its own
#: address (``127.0.0.1:8001``), not by the hall's name, and these two say nothing but "up" and "ready".
ANY_HOST = frozenset({"/healthz", "/readyz"})


def host_name(host: str) -> str:
    """``host[:port]`` without the port (IPv6 literals keep their brackets)."""
    if host.startswith("["):
        return host[: host.find("]") + 1] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


class Hosts:
    """The host names the hall answers to (``*``: any)."""

    def __init__(self, allowed_hosts: tuple[str, ...]) -> None:
        self.any_host = "*" in allowed_hosts
        self.allowed = {h.lower() for h in allowed_hosts}

    def allow(self, scope: Scope) -> bool:
        """Whether a request or websocket's ``Host`` is one of them."""
        return self.any_host or host_name(Headers(scope=scope).get("host", "").lower()) in self.allowed


async def refuse_socket(send: Send) -> None:
    """Close a websocket that came for an unknown host, before its handshake."""
    await send({"type": "websocket.close", "code": 1008, "reason": "unknown host"})


class Guard:
    def __init__(self, app: ASGIApp, allowed_hosts: tuple[str, ...]) -> None:
        self.app = app
        self.hosts = Hosts(allowed_hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        if not self.hosts.allow(scope) and scope["path"] not in ANY_HOST:
            if scope["type"] == "websocket":
                await refuse_socket(send)
            else:
                await PlainTextResponse("unknown host", status_code=400, headers=HEADERS)(scope, receive, send)
            return
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for key, value in HEADERS.items():
                    headers.setdefault(key, value)
            await send(message)

        await self.app(scope, receive, send_with_headers)
