"""The account endpoints: sign up, sign in, play as a guest, sign out, and who is signed in.

Each is a Starlette endpoint at module level; the store comes from ``request.app.state.store``.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response

from longhouse.server import auth
from longhouse.store import Store, User

COOKIE_AGE = 60 * 60 * 24 * 30
MAX_BODY = 4096


def store_of(conn: HTTPConnection) -> Store:
    store: Store = conn.app.state.store
    return store


def current_user(conn: HTTPConnection) -> User | None:
    """The account whose session cookie came with a request or websocket, if any."""
    token = conn.cookies.get(auth.COOKIE)
    if not token or len(token) > 100:
        return None
    return store_of(conn).session_user(token)


async def read_json(request: Request) -> dict[str, Any]:
    """The request's body as a JSON object, or ``AuthError`` saying what is wrong with it."""
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise auth.AuthError("request too large")
    try:
        data = json.loads(raw or b"{}")
    except ValueError as exc:
        raise auth.AuthError("the request is not JSON") from exc
    if not isinstance(data, dict):
        raise auth.AuthError("the request is not a JSON object")
    return data


def signed_in(request: Request, user: User) -> Response:
    token = auth.new_session(store_of(request), user)
    response = JSONResponse({"name": user.name, "guest": user.guest})
    response.set_cookie(auth.COOKIE, token, max_age=COOKIE_AGE, httponly=True, samesite="strict")
    return response


async def signup(request: Request) -> Response:
    try:
        data = await read_json(request)
        user = await asyncio.to_thread(auth.sign_up, store_of(request), data.get("name"), data.get("password"))
    except auth.AuthError as exc:
        return JSONResponse({"error": str(exc)}, status_code=400)
    return signed_in(request, user)


async def signin(request: Request) -> Response:
    try:
        data = await read_json(request)
        user = await asyncio.to_thread(auth.sign_in, store_of(request), data.get("name"), data.get("password"))
    except auth.AuthError as exc:
        return JSONResponse({"error": str(exc), "code": exc.code}, status_code=401)
    return signed_in(request, user)


async def guest(request: Request) -> Response:
    try:
        user = auth.guest(store_of(request))
    except auth.AuthError as exc:
        return JSONResponse({"error": str(exc)}, status_code=503)
    return signed_in(request, user)


async def signout(request: Request) -> Response:
    token = request.cookies.get(auth.COOKIE)
    if token:
        store_of(request).delete_session(token)
    response = JSONResponse({"ok": True})
    response.delete_cookie(auth.COOKIE)
    return response


async def me(request: Request) -> Response:
    user = current_user(request)
    if user is None:
        return JSONResponse({"user": None})
    return JSONResponse({"user": {"name": user.name, "guest": user.guest}})
