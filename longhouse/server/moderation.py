"""The moderators' queue and actions (``/api/mod/...``, for accounts holding the moderator role, and admins),
and the role itself (``POST /api/admin/moderator``, for admins).

- ``GET /api/mod/queue?status=open|handled&after=N``: the open reports, oldest first (50 a page; ``after``:
  those after report N), or the 50 handled last, each with its context and whether its player is muted or
  banned now;
- ``POST /api/mod/act`` ``{action, report?, name?, minutes?, reason}``: ``warn``, ``mute`` (for ``minutes``,
  1 to ``MOST_MINUTES``, ``DEFAULT_MINUTES`` if not said), ``unmute``, ``ban`` or ``dismiss`` (a report) — about
  a report's player, or a player named. A reason is asked for each (it goes to the audit log, and to the
  player with a warning, a mute or a ban). Admins and moderators cannot be muted, warned or banned here.
- ``POST /api/admin/moderator`` ``{name, grant, reason}``: an admin gives or takes back the role.

Each action is written to the admin audit log and told to the player (a notice to their pages now, or on their
next lobby page); the reporter of a handled report is told it was handled. A ban is the admin's ban
(``admin.py``: every session ends, the name's look-alikes stay out).
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from longhouse.i18n import N_, Msg, _
from longhouse.server import admin, admin_hall
from longhouse.server.accounts import Refused, current_user, read_json, refused, store_of
from longhouse.server.lookalike import lookalike_key
from longhouse.server.names import typed
from longhouse.server.social import Social, when_text
from longhouse.store import User
from longhouse.store.admin import Account, AdminStore, admin_store
from longhouse.store.social import Report

DEFAULT_MINUTES = 60
MOST_MINUTES = 30 * 24 * 60
ACTIONS = ("warn", "mute", "unmute", "ban", "dismiss")

# What the player is told (one place; made a Msg where it is said, kept as data in the notice: social.py).
TOLD = {
    "warn": N_("A moderator warns you: {reason}"),
    "mute": N_("A moderator has muted your chat until {until} (UTC): {reason}"),
    "unmute": N_("A moderator has lifted the mute on your chat."),
    "ban": N_("A moderator has banned this account: {reason}"),
}
HANDLED = N_("A moderator has handled your report about {name}: {outcome}.")
OUTCOME_WORDS = {"dismiss": N_("no action was needed"), "warn": N_("they were warned"),
                 "mute": N_("their chat was muted"), "ban": N_("the account was banned")}


def told(action: str, reason: str, until: float | None = None) -> Msg:
    """What the player is told of a moderator's ``action`` (the moderator's reason as they wrote it)."""
    return _(TOLD[action], reason=reason, until=when_text(until or 0))


def _social(request: Request) -> Social:
    social: Social = admin.hall_of(request).social
    return social


def moderator_of(request: Request) -> tuple[User, AdminStore]:
    """The signed-in moderator (or admin) making the request; ``Refused`` otherwise."""
    user = current_user(request)
    if user is None:
        raise Refused(401, _("sign in first"))
    admins = admin_store(store_of(request))
    if user.guest or not (admins.is_admin(user.id) or _social(request).store.is_moderator(user.id)):
        raise Refused(403, _("this is for the hall's moderators"))
    return user, admins


def _entry(report: Report, social: Social, admins: AdminStore) -> dict[str, Any]:
    out = report.to_json()
    until = social.store.muted_until(report.target_id, time.time())
    out["muted_until"] = until
    out["banned"] = admins.banned(report.target_id)
    out["reports"] = social.store.reports_against(report.target_id)
    return out


async def queue(request: Request) -> Response:
    try:
        _, admins = moderator_of(request)
    except Refused as exc:
        return refused(request, exc)
    social = _social(request)
    status = "handled" if request.query_params.get("status") == "handled" else "open"
    after = request.query_params.get("after", "")
    found = social.store.queue(status, int(after) if after.isascii() and after.isdigit() else None)
    return JSONResponse({"status": status, "reports": [_entry(r, social, admins) for r in found]})


def _target(social: Social, admins: AdminStore, data: dict[str, Any]) -> tuple[Account, Report | None]:
    report: Report | None = None
    raw = data.get("report")
    if raw is not None:
        if not isinstance(raw, int) or isinstance(raw, bool):
            raise Refused(400, _("a report is named by its number"))
        report = social.store.get_report(raw)
        if report is None:
            raise Refused(404, _("there is no report {report}", report=raw))
        if report.status != "open":
            raise Refused(409, _("report {report} has been handled already ({status} by {name})", report=raw,
                                 status=report.status, name=report.handled_by))
        account = admins.account_by_id(report.target_id)
    else:
        name = data.get("name")
        account = admins.account(typed(name)) if isinstance(name, str) and 0 < len(name) <= 80 else None
        if account is None:
            raise Refused(404, _("there is no account {name!r}", name=name))
    if account is None:
        raise Refused(404, _("that account is gone"))
    return account, report


def _minutes(data: dict[str, Any]) -> int:
    minutes = data.get("minutes", DEFAULT_MINUTES)
    if not isinstance(minutes, int) or isinstance(minutes, bool) or not 1 <= minutes <= MOST_MINUTES:
        raise Refused(400, _("a mute lasts 1 to {most} minutes", most=MOST_MINUTES))
    return minutes


async def act(request: Request) -> Response:
    try:
        admin.same_origin(request)
        data = await read_json(request)
        user, admins = moderator_of(request)
        reason = admin.text_field(data, "reason", admin.MAX_REASON, admin.REASON)
        action = data.get("action")
        if action not in ACTIONS:
            raise Refused(400, _("an action is one of {names}", names=", ".join(ACTIONS)))
        return JSONResponse(await _act(request, user, admins, str(action), data, reason))
    except Refused as exc:
        return refused(request, exc)


async def _act(request: Request, user: User, admins: AdminStore, action: str, data: dict[str, Any],
               reason: str) -> dict[str, Any]:
    social = _social(request)
    account, report = _target(social, admins, data)
    if action == "dismiss" and report is None:
        raise Refused(400, _("dismiss names a report"))
    if action != "dismiss" and (account.admin or social.store.is_moderator(account.id)):
        raise Refused(400, _("{name} is a moderator or an admin: an admin takes the role back first",
                             name=account.name))
    if account.id == user.id:
        raise Refused(400, _("not yourself"))
    until = time.time() + 60 * _minutes(data) if action == "mute" else None
    report_id = report.id if report is not None else None
    if action == "ban":
        if account.banned is not None:
            raise Refused(400, _("{name} is banned already", name=account.name))
        social.tell(account.id, {"kind": "ban", "text": told("ban", reason)})
        await asyncio.to_thread(admins.ban, account, lookalike_key(account.name), user.name, reason)
        admin_hall.end_sockets(admin.hall_of(request), account.id)
    if not social.store.moderate(action, account.id, account.name, user.name, reason, report_id, until):
        raise Refused(409, _("that report has just been handled by another moderator"))
    social.forget_everywhere(account.id)  # a mute counts at once in every process
    if action in ("warn", "mute", "unmute"):
        social.notify(account.id, action, {"text": told(action, reason, until), "until": until})
    if report is not None and report.reporter_id is not None:
        social.notify(report.reporter_id, "report_handled",
                      {"text": _(HANDLED, name=account.name, outcome=_(OUTCOME_WORDS[action]))})
    return {"action": action, "name": account.name, "report": report_id, "until": until}


async def moderator_role(request: Request, user: User, admins: AdminStore, data: dict[str, Any],
                         reason: str) -> dict[str, Any]:
    account = admin.account_named(admins, data)
    if account.guest:
        raise Refused(400, _("{name} is a guest", name=account.name))
    store = _social(request).store
    if data.get("grant") is True:
        if not store.grant(account.id, account.name, user.name, reason):
            raise Refused(400, _("{name} is a moderator already", name=account.name))
        return {"moderator": account.name, "granted": True}
    if not store.revoke(account.id, account.name, user.name, reason):
        raise Refused(400, _("{name} is not a moderator", name=account.name))
    return {"moderator": account.name, "granted": False}


def routes() -> list[Route]:
    return [Route("/api/mod/queue", queue), Route("/api/mod/act", act, methods=["POST"]),
            Route("/api/admin/moderator", admin.action(moderator_role), methods=["POST"])]
