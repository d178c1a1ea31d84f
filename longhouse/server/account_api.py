"""The signed-in person's own account: what it holds (``GET /api/account``), a new password (with the old
one), and deleting it (with the password). The e-mail address and the notice choices are ``mail_api.py``'s.

The POSTs are guarded as the admin's are (JSON only, same origin: ``admin.same_origin``). A wrong password
counts as a failed sign-in of that name from that address (``Settings.signin_failures`` lock it), so these
endpoints cannot be used to guess it either.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from sqlalchemy import select
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from longhouse.i18n import _, ngettext
from longhouse.i18n.errors import error_text
from longhouse.server import admin_hall, auth, ratings
from longhouse.server.accounts import (
    Refused,
    address,
    current_user,
    limits_of,
    read_json,
    refused,
    signed_out,
    store_of,
)
from longhouse.server.admin import same_origin
from longhouse.server.language import answer
from longhouse.server.mail import MailService
from longhouse.server.sessions import sessions_of
from longhouse.store import Status, Store, User
from longhouse.store.deletion import delete_account, open_seats

log = logging.getLogger("longhouse.account")

WRONG_PASSWORD = _("that is not your password")
GUEST = _("a guest has no account settings: sign up to keep a name, a password and an address")
SIGN_IN = _("sign in first")


def mail_of(request: Request) -> MailService:
    mail: MailService = request.app.state.mail
    return mail


def account_user(request: Request) -> User:
    """The signed-in person with an account of their own (not a guest); ``Refused`` otherwise."""
    user = current_user(request)
    if user is None:
        raise Refused(401, SIGN_IN)
    if user.guest:
        raise Refused(403, GUEST)
    return user


async def posted(request: Request) -> tuple[User, dict[str, Any]]:
    """A guarded POST of a signed-in account: the account and the JSON body."""
    same_origin(request)
    data = await read_json(request)
    return account_user(request), data


async def check_password(request: Request, user: User, password: object) -> None:
    """``Refused`` unless ``password`` is the account's (a failure counts against the name, as a sign-in's)."""
    limits, where = limits_of(request), address(request)
    if limits.locked(user.name, where):
        raise Refused(429, _("too many wrong passwords; try again in a few minutes"))
    try:
        await asyncio.to_thread(auth.sign_in, store_of(request), user.name, password)
    except auth.AuthError:
        limits.signin_failed(user.name, where)
        raise Refused(403, WRONG_PASSWORD) from None
    limits.signin_ok(user.name, where)


def account_json(request: Request, user: User) -> dict[str, Any]:
    mail = mail_of(request)
    found = mail.mails.address_of(user.id)
    email = None if found is None else {"address": found.address, "confirmed": found.confirmed is not None}
    choices = {k: bool(getattr(found, k, False)) for k in ("turn", "invite", "result", "digest")}
    return {"name": user.name, "mail": mail.enabled, "email": email, "notices": choices}


async def account(request: Request) -> Response:
    try:
        user = account_user(request)
    except Refused as exc:
        return refused(request, exc)
    return JSONResponse(await asyncio.to_thread(account_json, request, user))


async def change_password(request: Request) -> Response:
    """``{old, new}``: the new password; every other session of the account ends (this one stays)."""
    try:
        user, data = await posted(request)
        new = auth.check_password(data.get("new"))
        await check_password(request, user, data.get("old"))
    except auth.AuthError as exc:
        return answer(request, {"error": error_text(exc)}, status_code=400)
    except Refused as exc:
        return refused(request, exc)
    store = store_of(request)
    hashed = await asyncio.to_thread(auth.hash_password, new)
    others = await asyncio.to_thread(new_password, store, user.id, hashed, request.cookies.get(auth.COOKIE, ""))
    sessions_of(request).end(others)  # their sockets here close now; other processes' at their next sweep
    return JSONResponse({"ok": True, "sessions": len(others)})


def new_password(store: Store, user_id: int, hashed: str, keep: str) -> list[str]:
    """Store the new password's hash and end every session of the account but ``keep``; the ended ones."""
    s = store.sessions.c
    with store.engine.begin() as c:
        c.execute(store.users.update().where(store.users.c.id == user_id).values(password_hash=hashed))
        others = list(c.execute(select(s.token).where(s.user_id == user_id, s.token != keep)).scalars())
        c.execute(store.sessions.delete().where(s.user_id == user_id, s.token != keep))
    return others


async def delete(request: Request) -> Response:
    """``{password}``: delete the account for good (``store/deletion.py``); every session ends, every socket
    closes, the ratings are derived again without it."""
    try:
        user, data = await posted(request)
        await check_password(request, user, data.get("password"))
        store = store_of(request)
        seats = await asyncio.to_thread(open_seats, store, user.id)
        if seats:
            raise Refused(409, ngettext("leave your tables first: you hold a seat at table {tables}",
                                             "leave your tables first: you hold seats at tables {tables}",
                                             len(seats), tables=", ".join(str(t) for t in seats)))
    except Refused as exc:
        return refused(request, exc)
    hall = request.app.state.hall
    games = await asyncio.to_thread(delete_account, store, hall.people, user.id)
    admin_hall.end_sockets(hall, user.id)
    try:
        await asyncio.to_thread(ratings.rebuild, hall.people)
    except Exception:  # the account is gone; `longhouse ratings rebuild` gives the same numbers later
        log.exception("the ratings could not be derived again after an account was deleted")
    request.app.state.replays.done.clear()  # replays made before may show the old name
    for table in list(hall.tables.values()):  # finished games held here are read again from the store
        if table.status == Status.OVER and not table.conns and user.id in (table.starters or {}).values():
            hall.tables.pop(table.id, None)
    return signed_out({"ok": True, "games": games})
