"""The hall as a Starlette application: its routes, and its life (recovery at start, shutdown at the end).

The endpoints live at module level in ``accounts.py``, ``archive.py`` and ``sockets.py`` and find the hall,
the store and the settings in ``app.state``.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import inspect
import logging
from collections.abc import AsyncIterator
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import WebSocketException
from starlette.middleware import Middleware
from starlette.routing import Match, Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import Receive, Scope, Send
from starlette.websockets import WebSocket

from longhouse.server import (
    accounts,
    admin,
    admin_hall,
    archive,
    boards,
    game_pages,
    health,
    hints,
    language,
    mail_api,
    moderation,
    players,
    signout,
    social_api,
    sockets,
    vacation,
)
from longhouse.server import learn as learn_api
from longhouse.server.collector import Collector, freeze
from longhouse.server.guard import Guard, Hosts, refuse_socket
from longhouse.server.guests import GuestSweep
from longhouse.server.hall import Hall
from longhouse.server.limits import Limits
from longhouse.server.logs import LOG_CONTEXT, request_id
from longhouse.server.mail import MailService
from longhouse.server.metrics import Readings
from longhouse.server.pages import page
from longhouse.server.push import Push, push_routes
from longhouse.server.push_channel import PushChannel
from longhouse.server.pwa import pwa_routes
from longhouse.server.seasons import routes as season_routes
from longhouse.server.sessions import SessionSockets
from longhouse.server.settings import Settings
from longhouse.server.tourney_api import routes as tourney_routes
from longhouse.server.tourney_director import Director
from longhouse.store import Status, Store

log = logging.getLogger("longhouse.app")

WEB = Path(__file__).resolve().parent.parent / "web"


@contextlib.asynccontextmanager
async def lifespan(app: Starlette) -> AsyncIterator[None]:
    hall: Hall = app.state.hall
    settings: Settings = app.state.settings
    hall.store.delete_old_sessions(settings.session_age)
    if settings.redis_url is None:
        count = hall.recover()
    else:
        from longhouse.server.cluster import Cluster

        hall.cluster = Cluster(hall, settings.redis_url, settings.redis_prefix, settings.redis_lease)
        hall.cluster.on_admin = functools.partial(admin_hall.received, hall)
        await hall.cluster.start()
        count = 0
        for row in hall.store.open_tables():
            if await hall.cluster.claim(row.id) and hall.load(row) is not None:
                count += 1
    log.info("resumed %d tables", count)
    hall.metrics.attach_logging()
    hall.start_bots()
    hall.start_ticker()
    hall.notices.start()
    app.state.mail.start()
    await app.state.tourneys.start()  # tournaments: tourney_director.py
    hall.lobby.publish()
    app.state.sessions.start(settings.session_check)
    app.state.guests.start()
    collector = Collector(settings.gc_interval if settings.gc_freeze else 0)
    if settings.gc_freeze:  # see collector.py
        freeze()
        collector.start()
    yield
    collector.stop()
    app.state.sessions.stop()
    app.state.guests.stop()
    await app.state.tourneys.stop()
    hall.shutdown()
    await hall.notices.stop()  # what is pending reaches the channels (the mail outbox) before the end
    await app.state.mail.stop()
    await asyncio.to_thread(app.state.push.stop)
    hall.metrics.detach_logging()
    if hall.cluster is not None:
        hall.cluster.post("lobby", {"op": "bye", "node": hall.cluster.node})
        await asyncio.sleep(0.05)
        await hall.cluster.stop()


ROUTES = [
    Route("/", page), Route("/table/{table_id:int}", page), Route("/archive", page),
    Route("/replay/{table_id:int}", page), Route("/rules/{game}", page), Route("/admin", page), Route("/reset", page),
    Route("/api/signup", accounts.signup, methods=["POST"]), Route("/api/signin", accounts.signin, methods=["POST"]),
    Route("/api/guest", accounts.guest, methods=["POST"]), Route("/api/signout", accounts.signout, methods=["POST"]),
    Route("/api/signout-everywhere", signout.signout_everywhere, methods=["POST"]),
    Route("/api/me", accounts.me), Route("/api/archive", archive.archive),
    Route("/api/tables/{table_id}/record", archive.record), Route("/api/tables/{table_id}/replay", archive.replay),
    Route("/api/tables/{table_id}/analysis", hints.analysis_api),
    WebSocketRoute("/ws/lobby", sockets.lobby_ws), WebSocketRoute("/ws/table/{table_id}", sockets.table_ws),
    Route("/api/games/{name}", boards.game_description),
    Route("/healthz", health.healthz), Route("/readyz", health.readyz), Route("/metrics", health.metrics),
    Route("/static/seats.js", boards.seats_js), Route("/static/seats.css", boards.seats_css),
    *players.routes(), *admin.routes(), *learn_api.routes(), *game_pages.routes(page), *mail_api.routes(),
    *push_routes(), *pwa_routes(), *vacation.routes(),
    *tourney_routes(), *season_routes(),
    *social_api.routes(), *moderation.routes(), *language.routes(),
    Mount("/static", StaticFiles(directory=WEB), name="static"),
]


def create_app(store: Store, settings: Settings | None = None) -> Starlette:
    """The hall over ``store``. With ``settings.redis_url`` it is one of several processes (see cluster.py)."""
    settings = settings or Settings()
    app = Starlette(routes=ROUTES, lifespan=lifespan,
                    middleware=[Middleware(Guard, allowed_hosts=settings.allowed_hosts)])
    app.state.settings = settings
    app.state.store = store
    app.state.limits = Limits(settings)
    app.state.hall = Hall(store, settings, app.state.limits)
    app.state.replays = archive.ReplayCache(settings.replay_cache)
    app.state.sessions = SessionSockets(store, settings.session_age)
    app.state.guests = GuestSweep(app.state.hall)
    app.state.push = Push(store, settings)
    app.state.hall.notices.add(PushChannel(app.state.push, app.state.hall.people))
    app.state.tourneys = Director(app.state.hall)
    app.state.hall.metrics.readings = readings(app.state.hall)
    app.state.mail = MailService(store, app.state.hall.people, settings)
    app.state.mail.attach(app.state.hall)
    return app


def readings(hall: Hall) -> Readings:
    """Where /metrics reads the figures it does not count as they happen (``metrics.HallCollector``)."""

    def sockets() -> dict[str, int]:
        proxied = len(hall.cluster.local) if hall.cluster is not None else 0
        return {"lobby": len(hall.lobby.conns), "table": sum(len(t.conns) for t in hall.tables.values()),
                "proxied": proxied}

    def tables() -> dict[str, int]:
        counts = {status.value: 0 for status in Status}
        for table in hall.tables.values():
            counts[table.status.value] += 1
        return counts

    return Readings(sockets=sockets, tables=tables, bot_queue=lambda: hall.thinker.in_flight,
                    refusals=lambda: dict(hall.limits.refused))


class SocketsFirst:
    """The hall as the server runs it: a websocket for one of the hall's websocket routes goes straight to its
    endpoint; everything else (pages, the API, an unknown websocket path, the lifespan) to the Starlette app.

    Starlette's middleware and router cost a websocket ~40 us (three a game) and do nothing for it but the
    host check (``guard.Hosts``, done here the same way), the route match (the same routes' own ``matches``)
    and closing on a ``WebSocketException`` (done here too); its security headers are for HTTP responses
    only and its error middleware lets a websocket's errors through to the server, which logs them, as it
    does here."""

    def __init__(self, app: Starlette) -> None:
        self.app = app
        self.state = app.state
        self.routes = [route for route in app.routes
                       if isinstance(route, WebSocketRoute) and inspect.isfunction(route.endpoint)]
        self.hosts = Hosts(app.state.settings.allowed_hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind == "websocket":
            # its id goes with its ``Conn`` (``sockets.log_context``), not into a context variable: see logs.py
            scope["request_id"] = request_id(_header(scope, b"x-request-id"))
            for route in self.routes:
                match, child = route.matches(scope)
                if match is Match.FULL:
                    scope.update(child)
                    await self._socket(route, scope, receive, send)
                    return
        elif kind == "http":
            token = LOG_CONTEXT.set({"request_id": request_id(_header(scope, b"x-request-id"))})
            try:
                await self.app(scope, receive, send)
            finally:
                LOG_CONTEXT.reset(token)
            return
        await self.app(scope, receive, send)

    async def _socket(self, route: WebSocketRoute, scope: Scope, receive: Receive, send: Send) -> None:
        if not self.hosts.allow(scope):
            await refuse_socket(send)
            return
        scope["app"] = self.app
        ws = WebSocket(scope, receive=receive, send=send)
        try:
            await route.endpoint(ws)
        except WebSocketException as exc:
            await ws.close(code=exc.code, reason=exc.reason)


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope["headers"]:
        if key == name:
            return value.decode("latin-1")
    return None


__all__ = ["SocketsFirst", "create_app"]
