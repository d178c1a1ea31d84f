"""The e-mail endpoints: an account's address and notice choices, the confirmation link, the password reset
by mail, and unsubscribing; and the pages the mails link to.

- ``POST /api/account/email {address}`` (signed in): the address, confirmed again by a mailed link (``""``
  removes it); ``POST /api/account/notices {turn, invite, result, digest}``: the choices, booleans.
- ``POST /api/mail/confirm {token}``: the link's page confirms (no sign-in needed: the token is the proof).
- ``POST /api/mail/forgot {address}``: a reset link to every account that confirmed this address. The answer
  is the same, and comes as fast, whether or not one has: the work is done after answering.
- ``POST /api/mail/unsubscribe``: every notice of the account off, with the token of its mails: from the
  ``/unsubscribe#TOKEN`` page (``{token}`` as JSON) or a mail program's one-click POST (RFC 8058: the token in
  the query string, any body). Not same-origin guarded: a mail program posts from anywhere, and all it can do
  is switch notices off.
"""

from __future__ import annotations

import asyncio
import logging
import re
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from longhouse.i18n import N_, _
from longhouse.server import account_api, pages
from longhouse.server.accounts import Refused, address, read_json, refused
from longhouse.server.admin import same_origin
from longhouse.server.language import answer
from longhouse.server.limits import Buckets
from longhouse.store.mail import CHOICES

log = logging.getLogger("longhouse.mail")

WEB = Path(__file__).resolve().parent.parent / "web"

#: An address: no spaces, quotes or brackets, one "@", a domain with a dot (254 characters at most, RFC 5321).
ADDRESS = re.compile(r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]{1,64}@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+"
                     r"[A-Za-z]{2,63}")
MAX_ADDRESS = 254
#: Reset requests one network address may make: this many at once, refilled at one per ``FORGOT_EVERY`` s.
FORGOT_BURST = 5
FORGOT_EVERY = 600.0

NO_MAIL = _("this hall sends no e-mail (its operator has not set --smtp): ask an admin")
BAD_ADDRESS = _("that does not look like an e-mail address (name@example.org)")
TOO_MANY = _("too many confirmation mails this hour; try again later")
SENT = N_("A mail with a link to confirm {address} is on its way.")
UNCHANGED = N_("{address} is your confirmed address already.")
FORGOT_ANSWER = _("If an account has confirmed this address, a mail with a link to set a new password is on its way.")
UNSUBSCRIBED = _("You get no more notice mails. You can choose them again in your account's settings.")
BAD_LINK = _("this link has been used, has expired, or is unknown")


def check_address(value: object) -> str:
    if not isinstance(value, str):
        raise Refused(400, BAD_ADDRESS)
    value = value.strip()
    if len(value) > MAX_ADDRESS or not ADDRESS.fullmatch(value):
        raise Refused(400, BAD_ADDRESS)
    return value


def enabled(request: Request) -> None:
    if not account_api.mail_of(request).enabled:
        raise Refused(503, NO_MAIL)


async def set_email(request: Request) -> Response:
    try:
        user, data = await account_api.posted(request)
        mail = account_api.mail_of(request)
        raw = data.get("address")
        if raw == "":
            await asyncio.to_thread(mail.mails.remove_address, user.id)
            found = await asyncio.to_thread(account_api.account_json, request, user)
            return answer(request, {**found, "text": _("Your address is removed.")})
        enabled(request)
        given = check_address(raw)
        if not await asyncio.to_thread(mail.confirmations_left, user.id):
            raise Refused(429, TOO_MANY)
        changed = await asyncio.to_thread(mail.set_address, user.id, user.name, given)
    except Refused as exc:
        return refused(request, exc)
    text = _(SENT if changed else UNCHANGED, address=given)
    return answer(request, {**await asyncio.to_thread(account_api.account_json, request, user), "text": text})


async def set_notices(request: Request) -> Response:
    try:
        user, data = await account_api.posted(request)
        if not data or set(data) - set(CHOICES) or not all(isinstance(v, bool) for v in data.values()):
            raise Refused(400, _("notices are booleans named {names}", names=", ".join(CHOICES)))
        mail = account_api.mail_of(request)
        if await asyncio.to_thread(mail.mails.set_choices, user.id, data) is None:
            raise Refused(409, _("give an e-mail address first"))
    except Refused as exc:
        return refused(request, exc)
    return JSONResponse(await asyncio.to_thread(account_api.account_json, request, user))


def token_of(data: dict[str, Any]) -> str:
    token = data.get("token")
    if not isinstance(token, str) or not 20 <= len(token) <= 100:
        raise Refused(400, BAD_LINK)
    return token


async def confirm(request: Request) -> Response:
    try:
        same_origin(request)
        token = token_of(await read_json(request))
    except Refused as exc:
        return refused(request, exc)
    mails = account_api.mail_of(request).mails
    uid = await asyncio.to_thread(mails.confirm, token)
    if uid is None:
        return answer(request, {"error": _("this link has been used, has expired, or is unknown: ask for a new one in "
                                           "your account's settings")}, status_code=400)
    found = await asyncio.to_thread(mails.address_of, uid)
    return JSONResponse({"confirmed": None if found is None else found.address})


def forgot_limits(request: Request) -> Buckets:
    state = request.app.state
    buckets: Buckets | None = getattr(state, "forgot_limits", None)
    if buckets is None:
        buckets = state.forgot_limits = Buckets(FORGOT_BURST, 1 / FORGOT_EVERY, state.limits.clock)
    return buckets


async def forgot(request: Request) -> Response:
    try:
        same_origin(request)
        data = await read_json(request)
        enabled(request)
        given = check_address(data.get("address"))
        if not forgot_limits(request).take(address(request)):
            raise Refused(429, _("too many requests from your address; try again later"))
    except Refused as exc:
        return refused(request, exc)
    mail = account_api.mail_of(request)
    mail.later(lambda: mail.reset_links(given))  # after answering: known or not, the answer is the same
    return answer(request, {"ok": True, "text": FORGOT_ANSWER})


async def unsubscribe(request: Request) -> Response:
    token = request.query_params.get("token")
    if token is None:
        try:
            token = token_of(await read_json(request))
        except Refused as exc:
            return refused(request, exc)
    if not 20 <= len(token) <= 100:
        return answer(request, {"error": BAD_LINK}, status_code=400)
    uid = await asyncio.to_thread(account_api.mail_of(request).mails.unsubscribe, token)
    if uid is None:
        return answer(request, {"error": BAD_LINK}, status_code=400)
    return answer(request, {"ok": True, "text": UNSUBSCRIBED})


async def page(request: Request) -> Response:
    return await pages.page(request)  # the one page, in the reader's language (pages.py)


def routes() -> list[BaseRoute]:
    post = ["POST"]
    return [
        Route("/account", page), Route("/mail/confirm", page), Route("/unsubscribe", page), Route("/forgot", page),
        Route("/api/account", account_api.account),
        Route("/api/account/password", account_api.change_password, methods=post),
        Route("/api/account/delete", account_api.delete, methods=post),
        Route("/api/account/email", set_email, methods=post),
        Route("/api/account/notices", set_notices, methods=post),
        Route("/api/mail/confirm", confirm, methods=post), Route("/api/mail/forgot", forgot, methods=post),
        Route("/api/mail/unsubscribe", unsubscribe, methods=post),
    ]
