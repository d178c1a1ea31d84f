"""The hall as a Starlette application: its routes, and its life (recovery at start, shutdown at the end).

The endpoints live at module level in ``accounts.py``, ``archive.py`` and ``sockets.py`` and find the hall,
the store and the settings in ``app.state``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from longhouse.server import accounts, archive, auth, boards, hints, players, sockets
from longhouse.server.collector import Collector, freeze
from longhouse.server.guard import Guard
from longhouse.server.hall import Hall
from longhouse.server.limits import Limits
from longhouse.server.settings import Settings
from longhouse.store import Store

log = logging.getLogger("longhouse.app")

WEB = Path(__file__).resolve().parent.parent / "web"


async def page(request: Request) -> Response:
    """Every page is the one single-page app; it reads the address itself."""
    return FileResponse(WEB / "index.html", headers={"Cache-Control": "no-cache"})


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
        await hall.cluster.start()
        count = 0
        for row in hall.store.open_tables():
            if await hall.cluster.claim(row.id) and hall.load(row) is not None:
                count += 1
    log.info("resumed %d tables", count)
    hall.start_bots()
    hall.start_ticker()
    hall.publish_lobby()
    collector = Collector(settings.gc_interval if settings.gc_freeze else 0)
    if settings.gc_freeze:  # see collector.py
        freeze()
        collector.start()
    yield
    collector.stop()
    hall.shutdown()
    if hall.cluster is not None:
        hall.cluster.post("lobby", {"op": "bye", "node": hall.cluster.node})
        await asyncio.sleep(0.05)
        await hall.cluster.stop()


ROUTES = [
    Route("/", page), Route("/table/{table_id:int}", page), Route("/archive", page),
    Route("/replay/{table_id:int}", page), Route("/rules/{game}", page),
    Route("/api/signup", accounts.signup, methods=["POST"]), Route("/api/signin", accounts.signin, methods=["POST"]),
    Route("/api/guest", accounts.guest, methods=["POST"]), Route("/api/signout", accounts.signout, methods=["POST"]),
    Route("/api/me", accounts.me), Route("/api/archive", archive.archive),
    Route("/api/tables/{table_id}/record", archive.record), Route("/api/tables/{table_id}/replay", archive.replay),
    Route("/api/tables/{table_id}/analysis", hints.analysis_api),
    WebSocketRoute("/ws/lobby", sockets.lobby_ws), WebSocketRoute("/ws/table/{table_id}", sockets.table_ws),
    Route("/api/games/{name}", boards.game_description),
    Route("/static/seats.js", boards.seats_js), Route("/static/seats.css", boards.seats_css),
    *players.routes(),
    Mount("/static", StaticFiles(directory=WEB), name="static"),
]


def create_app(store: Store, settings: Settings | None = None) -> Starlette:
    """The hall over ``store``. With ``settings.redis_url`` it is one of several processes (see cluster.py)."""
    settings = settings or Settings()
    app = Starlette(routes=ROUTES, lifespan=lifespan,
                    middleware=[Middleware(Guard, allowed_hosts=settings.allowed_hosts)])
    app.state.settings = settings
    app.state.store = store
    # Sessions are cached only where this process sees every sign-out (auth.SessionCache).
    app.state.sessions = auth.SessionCache(store, settings.session_age) if settings.redis_url is None else None
    app.state.limits = Limits(settings)
    app.state.hall = Hall(store, settings, app.state.limits)
    app.state.replays = archive.ReplayCache(settings.replay_cache)
    return app


__all__ = ["create_app"]
