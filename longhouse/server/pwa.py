"""The installable app: the web app manifest (``/manifest.webmanifest``) and the service worker (``/sw.js``).

The worker is served from the root, so that its scope is the whole hall (a worker under ``/static/`` could
only control ``/static/``), with the release written into it: ``release()`` is a fingerprint of every file of
the web client, so that an upgrade changes the worker's bytes, the browser installs the new worker, and it
drops the caches of the release before (see web/sw.js). Both are sent ``Cache-Control: no-cache``.
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import BaseRoute, Route

WEB = Path(__file__).resolve().parent.parent / "web"
#: The line of web/sw.js that names its release, and what the server writes instead.
VERSION_LINE = 'const VERSION = "dev";'


@functools.cache
def release() -> str:
    """A fingerprint of the web client as this process serves it (every file's path and bytes)."""
    digest = hashlib.sha256()
    for path in sorted(p for p in WEB.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
        digest.update(path.relative_to(WEB).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


@functools.cache
def worker_text() -> str:
    text = (WEB / "sw.js").read_text()
    if VERSION_LINE not in text:
        raise RuntimeError(f"web/sw.js has no line {VERSION_LINE!r} to write the release into")
    return text.replace(VERSION_LINE, f'const VERSION = "{release()}";', 1)


async def worker(request: Request) -> Response:
    return Response(worker_text(), media_type="text/javascript", headers={"Cache-Control": "no-cache"})


async def manifest(request: Request) -> Response:
    return FileResponse(WEB / "manifest.webmanifest", media_type="application/manifest+json",
                        headers={"Cache-Control": "no-cache"})


def pwa_routes() -> list[BaseRoute]:
    return [Route("/sw.js", worker), Route("/manifest.webmanifest", manifest)]
