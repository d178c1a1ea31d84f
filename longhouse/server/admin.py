"""The admin's endpoints (``/api/admin/...``, for accounts holding the admin role) and the reset link's.

Every action needs a reason and is written to the audit log (``store/admin.py``) with who did it, to whom,
when and why. The POSTs are guarded as the hall's others are (``Content-Type: application/json``, which no
cross-site form can send, and the session cookie is ``SameSite=Strict``) and more: a request whose
``Origin`` is not this host, or whose ``Sec-Fetch-Site`` is not ``same-origin``, is refused (403).
What an action does to the running hall (sockets closed, lines announced, tables closed, in every process)
is in ``admin_hall.py``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from longhouse.i18n import Msg, _
from longhouse.i18n.errors import error_text
from longhouse.server import admin_hall, auth
from longhouse.server.accounts import Refused, current_user, read_json, refused, signed_in, store_of
from longhouse.server.archive import parse_table_id
from longhouse.server.hall import Hall
from longhouse.server.language import answer
from longhouse.server.lookalike import lookalike_key
from longhouse.store import Status, User
from longhouse.store.admin import Account, AdminStore, admin_store
from longhouse.store.social import social_store

#: How long a password reset link works (seconds).
RESET_AGE = 24 * 3600.0
#: The longest reason, and the longest announced line (a chat line's limit).
MAX_REASON = 300
MAX_ANNOUNCEMENT = 400
#: What the players at a table an admin closes are told.
CLOSED_RUNNING = _("An admin has closed this table: the game is archived as abandoned (not rated).")
CLOSED_WAITING = _("An admin has closed this table.")
CROSS_SITE = _("cross-site request refused")
#: What a reason is called in a refusal ("say why (a reason)").
REASON = _("why (a reason)")


def hall_of(request: Request) -> Hall:
    hall: Hall = request.app.state.hall
    return hall


def same_origin(request: Request) -> None:
    """Refuse (403) a request a browser says comes from another site. (A client that is no browser sends
    neither header; it cannot carry a browser's cookie either.)"""
    origin = request.headers.get("origin")
    if origin is not None and origin.split("://", 1)[-1] != request.headers.get("host", ""):
        raise Refused(403, CROSS_SITE)
    site = request.headers.get("sec-fetch-site")
    if site is not None and site not in ("same-origin", "none"):
        raise Refused(403, CROSS_SITE)


def admin_of(request: Request) -> tuple[User, AdminStore]:
    """The signed-in admin making the request, and the admin tables; ``Refused`` otherwise."""
    user = current_user(request)
    if user is None:
        raise Refused(401, _("sign in first"))
    admins = admin_store(store_of(request))
    if user.guest or not admins.is_admin(user.id):
        raise Refused(403, _("this is for the hall's admins"))
    return user, admins


def text_field(data: dict[str, Any], key: str, most: int, what: Msg) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip():
        raise Refused(400, _("say {what}", what=what))
    value = value.strip()
    if len(value) > most:
        raise Refused(400, _("{what} has at most {most} characters", what=what, most=most))
    return value


def account_named(admins: AdminStore, data: dict[str, Any]) -> Account:
    name = data.get("name")
    found = admins.account(name) if isinstance(name, str) and 0 < len(name) <= 40 else None
    if found is None:
        raise Refused(404, _("there is no account {name!r}", name=name))
    return found


Action = Callable[[Request, User, AdminStore, dict[str, Any], str], Awaitable[dict[str, Any]]]


def action(work: Action) -> Callable[[Request], Awaitable[Response]]:
    """An admin's POST: same-origin, JSON, by an admin, with a reason; ``work`` does it (and logs it)."""

    async def endpoint(request: Request) -> Response:
        try:
            same_origin(request)
            data = await read_json(request)
            user, admins = admin_of(request)
            reason = text_field(data, "reason", MAX_REASON, REASON)
            return JSONResponse(await work(request, user, admins, data, reason))
        except Refused as exc:
            return refused(request, exc)

    return endpoint


async def ban(request: Request, user: User, admins: AdminStore, data: dict[str, Any], reason: str) -> dict[str, Any]:
    account = account_named(admins, data)
    if account.id == user.id:
        raise Refused(400, _("you cannot ban yourself"))
    if account.admin:
        raise Refused(400, _("{name} is an admin: revoke the role first (longhouse admin revoke)", name=account.name))
    if account.banned is not None:
        raise Refused(400, _("{name} is banned already", name=account.name))
    ended = await asyncio.to_thread(admins.ban, account, lookalike_key(account.name), user.name, reason)
    sockets = admin_hall.end_sockets(hall_of(request), account.id)
    return {"banned": account.name, "sessions": ended, "sockets": sockets}


async def unban(request: Request, user: User, admins: AdminStore, data: dict[str, Any], reason: str) -> dict[str, Any]:
    account = account_named(admins, data)
    if not await asyncio.to_thread(admins.unban, account, user.name, reason):
        raise Refused(400, _("{name} is not banned", name=account.name))
    return {"unbanned": account.name}


async def end_sessions(request: Request, user: User, admins: AdminStore, data: dict[str, Any],
                       reason: str) -> dict[str, Any]:
    account = account_named(admins, data)
    ended = await asyncio.to_thread(admins.end_sessions, account, user.name, reason)
    sockets = admin_hall.end_sockets(hall_of(request), account.id)
    return {"ended": account.name, "sessions": ended, "sockets": sockets}


async def reset_password(request: Request, user: User, admins: AdminStore, data: dict[str, Any],
                         reason: str) -> dict[str, Any]:
    account = account_named(admins, data)
    if account.guest:
        raise Refused(400, _("{name} is a guest: a guest has no password", name=account.name))
    if account.banned is not None:
        raise Refused(400, _("{name} is banned", name=account.name))
    token = await asyncio.to_thread(admins.new_reset, account, RESET_AGE, user.name, reason)
    # the token goes after '#': a browser never sends it, so it is in no request line and no log
    return {"name": account.name, "link": f"/reset#{token}", "hours": RESET_AGE / 3600}


async def close(request: Request, user: User, admins: AdminStore, data: dict[str, Any], reason: str) -> dict[str, Any]:
    raw = data.get("table")
    table_id = parse_table_id(str(raw)) if isinstance(raw, int | str) else None
    hall = hall_of(request)
    if table_id is None:
        raise Refused(404, _("there is no open table of that number"))
    table = hall.tables.get(table_id)
    text = CLOSED_RUNNING if table is None or table.status == Status.RUNNING else CLOSED_WAITING
    outcome = admin_hall.close_table(hall, table_id, text)
    if outcome is None:
        raise Refused(404, _("there is no open table {table}", table=table_id))
    await asyncio.to_thread(admins.record, user.name, "close_table", f"table {table_id}", reason,
                            {"outcome": outcome})
    return {"table": table_id, "outcome": outcome}


async def announce(request: Request, user: User, admins: AdminStore, data: dict[str, Any],
                   reason: str) -> dict[str, Any]:
    text = text_field(data, "text", MAX_ANNOUNCEMENT, _("what to announce"))
    tables = admin_hall.announce(hall_of(request), text)
    await asyncio.to_thread(admins.record, user.name, "announce", "everyone", reason, {"text": text})
    return {"announced": text, "tables": tables}


async def guarded_get(request: Request, read: Callable[[Request, AdminStore], Any]) -> Response:
    try:
        _, admins = admin_of(request)
        return JSONResponse(await asyncio.to_thread(read, request, admins))
    except Refused as exc:
        return refused(request, exc)


async def accounts(request: Request) -> Response:
    """``?prefix=`` the accounts whose name starts so (any case), 50 at most."""
    def read(request: Request, admins: AdminStore) -> Any:
        prefix = request.query_params.get("prefix", "")[:40]
        moderators = set(social_store(admins.store).moderator_names())
        return {"accounts": [{**a.to_json(), "moderator": a.name in moderators} for a in admins.find(prefix)]}
    return await guarded_get(request, read)


async def audit_log(request: Request) -> Response:
    """The audit log, newest first, 100 entries a page; ``?before=N`` the page before entry N."""
    def read(request: Request, admins: AdminStore) -> Any:
        before = request.query_params.get("before", "")
        return {"entries": admins.entries(int(before) if before.isascii() and before.isdigit() else None)}
    return await guarded_get(request, read)


async def overview(request: Request) -> Response:
    """The hall's figures (this process's, from /metrics' counters) and its open tables (this process's,
    and those the other processes list in the lobby)."""
    try:
        admin_of(request)
    except Refused as exc:
        return refused(request, exc)
    hall = hall_of(request)
    tables = [t.summary() for t in hall.tables.values() if t.status != Status.OVER]
    if hall.cluster is not None:
        tables += hall.cluster.other_tables()[0]
    listed = [{"id": t["id"], "game": t.get("title") or t.get("game"), "status": t.get("status"),
               "players": [s.get("name") if isinstance(s, dict) else s for s in t.get("seats", []) if s]}
              for t in sorted(tables, key=lambda t: t["id"])]
    return answer(request, {"figures": admin_hall.figures(hall), "tables": listed})  # its texts in the admin's language


async def use_reset(request: Request) -> Response:
    """``{token, password}``: a reset link's holder sets the account's password (every session of the account
    ends) and is signed in."""
    try:
        same_origin(request)
        data = await read_json(request)
        token, password = data.get("token"), auth.check_password(data.get("password"))
        if not isinstance(token, str) or not 20 <= len(token) <= 100:
            raise Refused(400, _("this link is not a password reset link"))
    except auth.AuthError as exc:
        return answer(request, {"error": error_text(exc)}, status_code=400)
    except Refused as exc:
        return refused(request, exc)
    store = store_of(request)
    admins = admin_store(store)
    uid = await asyncio.to_thread(admins.use_reset, token, auth.hash_password(password))
    if uid is None:
        return answer(request, {"error": _("this link has been used, has expired, or is unknown: ask for a new one "
                                           "(Forgot your password? on the sign-in page) or ask an admin")},
                      status_code=400)
    account = admins.account_by_id(uid)
    assert account is not None
    admin_hall.end_sockets(hall_of(request), uid)
    await asyncio.to_thread(admins.record, account.name, "reset_used", account.name, "a reset link was followed")
    return signed_in(request, User(account.id, account.name, account.guest))


def routes() -> list[Route]:
    """The admin's API and the reset link's (the pages ``/admin`` and ``/reset`` are the app's one page)."""
    post = ["POST"]
    return [
        Route("/api/admin/ban", action(ban), methods=post), Route("/api/admin/unban", action(unban), methods=post),
        Route("/api/admin/end-sessions", action(end_sessions), methods=post),
        Route("/api/admin/reset", action(reset_password), methods=post),
        Route("/api/admin/close", action(close), methods=post),
        Route("/api/admin/announce", action(announce), methods=post),
        Route("/api/admin/accounts", accounts), Route("/api/admin/log", audit_log),
        Route("/api/admin/overview", overview), Route("/api/reset", use_reset, methods=post),
    ]

