"""The one page of the single-page app, served for every address, in the reader's language: ``<html lang>``
set to it (the account's setting, else the ``lang`` cookie, else ``Accept-Language``, else English), so
that the browser's catalog (``web/i18n.js``) is known before any module draws."""

from __future__ import annotations

import functools
import html
from pathlib import Path

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from longhouse.server.accounts import current_user
from longhouse.server.language import language_of

WEB = Path(__file__).resolve().parent.parent / "web"
_MARK = '<html lang="en">'


@functools.cache
def _template() -> str:
    text = (WEB / "index.html").read_text(encoding="utf-8")
    assert _MARK in text, "index.html must open with <html lang=\"en\">"
    return text


def account_language(request: Request) -> str | None:
    """The signed-in person's language setting, if any."""
    user = current_user(request)
    if user is None:
        return None
    value = request.app.state.hall.people.settings_of(user.id).get("lang")
    return value if isinstance(value, str) else None


def page_html(lang: str) -> str:
    return _template().replace(_MARK, f'<html lang="{html.escape(lang)}">', 1)


async def page(request: Request) -> Response:
    """Every page is the one single-page app; it reads the address itself."""
    lang = language_of(request, account_language(request))
    return HTMLResponse(page_html(lang), headers={"Cache-Control": "no-cache", "Vary": "Accept-Language, Cookie",
                                                  "Content-Language": lang})
