"""The social endpoints of the player pages: ``GET /api/social`` (whom the signed-in player follows and
blocks), ``POST /api/social/follow|unfollow|block|unblock`` (``{name}``) and ``POST /api/social/report``
(``{name, reason}``: a report from the player's page; its context is the lobby's chat). Each POST is guarded as
the admin's are (JSON only, same origin); what each does is ``social.py``'s and ``reports.py``'s."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from longhouse.i18n import Msg, _
from longhouse.i18n.errors import error_text
from longhouse.server import reports
from longhouse.server.accounts import Refused, current_user, read_json, refused
from longhouse.server.admin import hall_of, same_origin
from longhouse.server.language import answer
from longhouse.server.social import Social, SocialError
from longhouse.store import User


def _social(request: Request) -> Social:
    social: Social = hall_of(request).social
    return social


def _signed_in(request: Request) -> User:
    user = current_user(request)
    if user is None:
        raise Refused(401, _("sign in first"))
    return user


async def mine(request: Request) -> Response:
    try:
        user = _signed_in(request)
    except Refused as exc:
        return refused(request, exc)
    store = _social(request).store
    return JSONResponse({"name": user.name, "followed": [n for _, n in store.followed(user.id)],
                         "blocked": [n for _, n in store.blocked(user.id)]})


def _name(data: dict[str, Any]) -> str | None:
    name = data.get("name")
    return name if isinstance(name, str) else None


def _report(social: Social, user: User, data: dict[str, Any]) -> Msg:
    name = _name(data)
    return reports.report(social, user, name, data.get("reason"), reports.lobby_context(social, name or "", None,
                                                                                         where="page"))


ACTIONS: dict[str, Callable[[Social, User, dict[str, Any]], Msg]] = {
    "follow": lambda social, user, data: social.follow(user, _name(data)),
    "unfollow": lambda social, user, data: social.unfollow(user, _name(data)),
    "block": lambda social, user, data: social.block(user, _name(data)),
    "unblock": lambda social, user, data: social.unblock(user, _name(data)),
    "report": _report,
}


async def act(request: Request) -> Response:
    work = ACTIONS.get(request.path_params["what"])
    if work is None:
        return answer(request, {"error": _("there is no such action")}, status_code=404)
    try:
        same_origin(request)
        data = await read_json(request)
        user = _signed_in(request)
        said = work(_social(request), user, data)
    except Refused as exc:
        return refused(request, exc)
    except SocialError as exc:
        return answer(request, {"error": error_text(exc)}, status_code=400)
    return answer(request, {"ok": True, "said": said})


def routes() -> list[Route]:
    return [Route("/api/social", mine), Route("/api/social/{what}", act, methods=["POST"])]
