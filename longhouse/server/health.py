"""What a load balancer, systemd or a monitor asks the hall: ``/healthz``, ``/readyz`` and ``/metrics``.

- ``GET /healthz``: the process serves (200 ``ok``), nothing else is looked at.
- ``GET /readyz``: the store answers a query and, with several processes, Redis answers a PING; else 503 with
  the reason, so that a load balancer sends no one here until it is ready again. A hall that is stopping
  (SIGTERM) answers 503 too.
- ``GET /metrics``: Prometheus' text format (``metrics.py``), for a scraper on this machine (a request from
  a loopback address that came through no proxy), or for anyone with ``Authorization: Bearer TOKEN`` when
  ``--metrics-token`` is set. Anyone else gets 404, as if there were no such page.
"""

from __future__ import annotations

import asyncio
import hmac
import ipaddress
import logging

from sqlalchemy import text
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response

from longhouse.server.metrics import CONTENT_TYPE

log = logging.getLogger("longhouse.health")

#: Seconds the readiness check waits for Redis before it calls the hall not ready.
REDIS_TIMEOUT = 2.0

#: Headers a reverse proxy adds: a request that has one did not come from this machine's own scraper.
PROXY_HEADERS = ("x-forwarded-for", "forwarded", "x-real-ip")


async def healthz(request: Request) -> Response:
    return PlainTextResponse("ok\n")


async def readyz(request: Request) -> Response:
    why = await not_ready(request)
    if why is not None:
        return PlainTextResponse(f"not ready: {why}\n", status_code=503)
    return PlainTextResponse("ready\n")


async def not_ready(request: Request) -> str | None:
    """Why the hall should be sent no one now (None: it is ready)."""
    hall = request.app.state.hall
    if hall.stopping:
        return "the hall is stopping"
    try:
        with hall.store.engine.connect() as conn:
            conn.execute(text("SELECT 1"))
    except Exception as exc:
        log.warning("readiness: the store does not answer (%s)", type(exc).__name__)
        return f"the store does not answer ({type(exc).__name__})"
    if hall.cluster is not None:
        try:
            await asyncio.wait_for(hall.cluster.redis.ping(), REDIS_TIMEOUT)
        except Exception as exc:
            log.warning("readiness: redis does not answer (%s)", type(exc).__name__)
            return f"redis does not answer ({type(exc).__name__})"
    return None


def may_scrape(request: Request) -> bool:
    """A loopback request that came through no proxy, or one with the metrics token."""
    token = request.app.state.settings.metrics_token
    if token:
        given = request.headers.get("authorization", "")
        if given.startswith("Bearer ") and hmac.compare_digest(given[7:].encode(), token.encode()):
            return True
    if any(h in request.headers for h in PROXY_HEADERS):
        return False
    client = request.scope.get("client")
    if not client:
        return False
    try:
        return ipaddress.ip_address(client[0]).is_loopback
    except ValueError:
        return False


async def metrics(request: Request) -> Response:
    if not may_scrape(request):
        return PlainTextResponse("Not Found", status_code=404)
    return Response(request.app.state.hall.metrics.exposition(), media_type=CONTENT_TYPE)
