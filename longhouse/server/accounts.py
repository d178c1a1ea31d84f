"""The account endpoints: sign up, sign in, play as a guest, sign out, and who is signed in.

Each is a Starlette endpoint at module level; the store, the settings and the limits come from
``request.app.state``. Every POST must carry ``Content-Type: application/json`` (a cross-site form cannot,
so no other site can sign a visitor in or out), and its body is read in pieces and refused as soon as it
grows past ``Settings.max_body``. New accounts are rate-limited per address; a name that fails to sign in
``Settings.signin_failures`` times from one address is locked there for ``Settings.signin_lockout`` seconds.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable
from typing import Any

from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response

from longhouse.i18n import Text, _
from longhouse.i18n.errors import error_text
from longhouse.server import auth, banned
from longhouse.server.language import answer, language_of, offered
from longhouse.server.limits import Limits
from longhouse.server.sessions import sessions_of
from longhouse.server.settings import Settings
from longhouse.store import Store, User
from longhouse.store.admin import admin_store
from longhouse.store.social import social_store

log = logging.getLogger("longhouse.accounts")


class Refused(Exception):
    """A request answered with an error status and a message (a ``Msg``: in the request's language)."""

    def __init__(self, status: int, message: Text) -> None:
        super().__init__(message)
        self.status = status
        self.text = message


class RefusalCount:
    """Requests refused as malformed, logged as a count at most once per ``every`` seconds (never a line per
    request: one address sending thousands must not fill the log)."""

    def __init__(self, what: str, every: float = 60.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.what = what
        self.every = every
        self.clock = clock
        self.count = 0
        self.since = clock()
        self.logged = -every

    def refused(self) -> None:
        self.count += 1
        now = self.clock()
        if now - self.logged >= self.every:
            log.warning("refused %d %s in the last %.0f s", self.count, self.what, now - self.since)
            self.count, self.since, self.logged = 0, now, now


#: Request bodies that were not JSON (or nested too deeply to read).
MALFORMED = RefusalCount("request bodies that were not JSON")


def store_of(conn: HTTPConnection) -> Store:
    store: Store = conn.app.state.store
    return store


def settings_of(conn: HTTPConnection) -> Settings:
    settings: Settings = conn.app.state.settings
    return settings


def limits_of(conn: HTTPConnection) -> Limits:
    limits: Limits = conn.app.state.limits
    return limits


def address(conn: HTTPConnection) -> str:
    return conn.client.host if conn.client is not None else "?"


def current_user(conn: HTTPConnection) -> User | None:
    """The account whose (unexpired) session cookie came with a request or websocket, if any."""
    token = conn.cookies.get(auth.COOKIE)
    if not token or len(token) > 100:
        return None
    return store_of(conn).session_user(token, settings_of(conn).session_age)


async def read_json(request: Request) -> dict[str, Any]:
    """The request's body as a JSON object; ``Refused`` if it is not JSON, or too long (read no further)."""
    ctype = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
    if ctype != "application/json":
        raise Refused(415, _("send JSON (Content-Type: application/json)"))
    limit = settings_of(request).max_body
    length = request.headers.get("content-length")
    if length is not None and (not length.isascii() or not length.isdigit() or int(length) > limit):
        raise Refused(413, _("request too large"))
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise Refused(413, _("request too large"))
        chunks.append(chunk)
    try:
        data = json.loads(b"".join(chunks) or b"{}")
    except (ValueError, RecursionError) as exc:  # RecursionError: nested too deeply ("[" * 2000)
        MALFORMED.refused()
        raise Refused(400, _("the request is not JSON")) from exc
    if not isinstance(data, dict):
        raise Refused(400, _("the request is not a JSON object"))
    return data


def signed_in(request: Request, user: User) -> Response:
    settings = settings_of(request)
    store = store_of(request)
    token = auth.new_session(store, user)
    why = banned.refusal(store, user)  # after the session is stored: see banned.py
    if why is not None:
        store.delete_session(token)
        return answer(request, {"error": why, "code": "banned"}, status_code=403)
    response = JSONResponse({"name": user.name, "guest": user.guest})
    response.set_cookie(auth.COOKIE, token, max_age=int(settings.session_age), httponly=True, samesite="strict",
                        secure=settings.secure_cookies)
    return response


def refused(request: HTTPConnection, exc: Refused) -> Response:
    """The answer to a refused request: its reason, in the request's language."""
    return answer(request, {"error": exc.text}, status_code=exc.status)


def new_account_allowed(request: Request) -> None:
    if not limits_of(request).new_account(address(request)):
        raise Refused(429, _("too many new accounts from your address; try again later"))


async def signup(request: Request) -> Response:
    try:
        data = await read_json(request)
        name, password = auth.check_name(data.get("name")), auth.check_password(data.get("password"))
        taken = banned.name_refusal(store_of(request), name)
        if taken is not None:
            raise auth.AuthError(taken)
        new_account_allowed(request)
        user = await asyncio.to_thread(auth.sign_up, store_of(request), name, password)
    except auth.AuthError as exc:
        return answer(request, {"error": error_text(exc)}, status_code=400)
    except Refused as exc:
        return refused(request, exc)
    return signed_in(request, user)


async def signin(request: Request) -> Response:
    limits, where = limits_of(request), address(request)
    name: object = None
    try:
        data = await read_json(request)
        name = data.get("name")
        if isinstance(name, str) and limits.locked(name, where):
            raise Refused(429, _("too many failed sign-ins for this name; try again in a few minutes"))
        user = await asyncio.to_thread(auth.sign_in, store_of(request), name, data.get("password"))
    except auth.AuthError as exc:
        if isinstance(name, str):
            limits.signin_failed(name, where)
        return answer(request, {"error": error_text(exc), "code": exc.code}, status_code=401)
    except Refused as exc:
        return refused(request, exc)
    limits.signin_ok(user.name, where)
    return signed_in(request, user)


async def guest(request: Request) -> Response:
    try:
        await read_json(request)
        new_account_allowed(request)
        try:
            user = auth.guest(store_of(request))
        except auth.AuthError:  # the names seem taken: free those of guests not seen for long, try again
            await request.app.state.guests.sweep_soon()
            user = auth.guest(store_of(request))
    except Refused as exc:
        return refused(request, exc)
    except auth.AuthError as exc:
        return answer(request, {"error": error_text(exc)}, status_code=503)
    return signed_in(request, user)


async def signout(request: Request) -> Response:
    try:
        await read_json(request)
    except Refused as exc:
        return refused(request, exc)
    token = request.cookies.get(auth.COOKIE)
    if token:
        store_of(request).delete_session(token)
        sessions_of(request).end([token])  # its open sockets close too
    return signed_out({"ok": True})


def signed_out(body: dict[str, Any]) -> Response:
    response = JSONResponse(body)
    response.delete_cookie(auth.COOKIE)
    return response


async def me(request: Request) -> Response:
    user = current_user(request)
    if user is None:
        return JSONResponse({"user": None, **_languages(request, None)})
    found: dict[str, object] = {"name": user.name, "guest": user.guest}
    if not user.guest and admin_store(store_of(request)).is_admin(user.id):
        found["admin"] = True
    if not user.guest and (found.get("admin") or social_store(store_of(request)).is_moderator(user.id)):
        found["moderator"] = True
    return JSONResponse({"user": found, **_languages(request, user)})


def _languages(request: Request, user: User | None) -> dict[str, object]:
    """The page's language (the account's setting, else the ``lang`` cookie, else ``Accept-Language``, else
    English: ``language.py``) and the languages the switch offers."""
    setting = None
    if user is not None:
        value = request.app.state.hall.people.settings_of(user.id).get("lang")
        setting = value if isinstance(value, str) else None
    return {"lang": language_of(request, setting), "languages": offered()}
