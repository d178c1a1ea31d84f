"""Which language a request or a socket is answered in, and the catalogs the browser reads.

The language: ``?lang=`` when it names one of the hall's (the page passes its own to its sockets and API
calls), else the account's setting (``/api/settings`` ``lang``; read where the page asks, ``/api/me``),
else the ``lang`` cookie (the top bar's switch sets it, signed in or not), else ``Accept-Language``, else
English. ``GET /i18n/<lang>.json``: the browser's catalog of a language, made from its ``.po`` file.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import HTTPConnection, Request
from starlette.responses import Response
from starlette.routing import Route

from longhouse.i18n import _
from longhouse.i18n.catalogs import SOURCE, browser_catalog_text, languages, negotiate, supported, translator

COOKIE = "lang"
_CACHE = "public, max-age=300"


def language_of(request: HTTPConnection, account: str | None = None) -> str:
    """The language to answer ``request`` in; ``account``: the signed-in person's setting, if read."""
    return (supported(request.query_params.get("lang")) or supported(account)
            or supported(request.cookies.get(COOKIE)) or negotiate(request.headers.get("accept-language"))
            or SOURCE)


def offered() -> list[dict[str, str]]:
    """The languages the top bar's switch offers, each in its own name."""
    return [{"code": code, "name": name} for code, name in languages().items()]


async def browser_catalog(request: Request) -> Response:
    """``GET /i18n/{lang}.json``: the browser's texts of a language (its translated entries found in web/)."""
    lang = request.path_params["lang"]
    if supported(lang) is None:
        return answer(request, {"error": _("there is no language {lang}", lang=repr(lang[:12]))}, 404)
    return Response(browser_catalog_text(lang), media_type="application/json",
                    headers={"Cache-Control": _CACHE})


def routes() -> list[Route]:
    return [Route("/i18n/{lang}.json", browser_catalog)]


def answer(request: HTTPConnection, content: Any, status_code: int = 200,
           headers: dict[str, str] | None = None) -> Response:
    """A JSON answer with its texts (``Msg``) in the request's language: what ``JSONResponse`` is for a
    message of the catalogs."""
    return Response(translator(language_of(request)).encode(content), status_code=status_code,
                    media_type="application/json", headers=headers)
