"""``POST /api/signout-everywhere``: end every session of the signed-in person, on every device, and close
every socket of theirs in every process (the page's "Sign out everywhere" button)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from longhouse.i18n import _
from longhouse.server.accounts import Refused, current_user, read_json, refused, signed_out, store_of
from longhouse.server.admin_hall import end_sockets
from longhouse.server.language import answer
from longhouse.store.sessions import delete_sessions_of


async def signout_everywhere(request: Request) -> Response:
    """End every session of the signed-in person (every device, every open socket), this one too."""
    try:
        await read_json(request)
    except Refused as exc:
        return refused(request, exc)
    user = current_user(request)
    if user is None:
        return answer(request, {"error": _("sign in first")}, status_code=401)
    ended = delete_sessions_of(store_of(request), user.id)
    end_sockets(request.app.state.hall, user.id)  # in every process, as an admin's "end every session" does
    return signed_out({"ok": True, "sessions": ended})
