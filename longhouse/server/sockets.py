"""The two websocket endpoints: the lobby (``/ws/lobby``) and a table (``/ws/table/{id}``).

Each checks the origin and the session, then hands the socket to ``conn.serve`` with the lobby's or the
table's message handler. A table another process owns is served through the cluster's proxy.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.websockets import WebSocket

from longhouse.i18n import N_, Text, english
from longhouse.i18n.catalogs import translator
from longhouse.server.accounts import address, current_user
from longhouse.server.archive import parse_table_id
from longhouse.server.cluster import lease_node
from longhouse.server.conn import Conn, serve
from longhouse.server.drain import RESTART_CODE, RESTART_REASON
from longhouse.server.hall import Hall
from longhouse.server.language import language_of
from longhouse.server.protocol import NO_TABLE
from longhouse.server.sessions import track
from longhouse.store import Status, User

#: Times a socket asks who owns a table another process is claiming at the same moment, before it gives up.
CLAIM_TRIES = 3


def hall_of(ws: WebSocket) -> Hall:
    hall: Hall = ws.app.state.hall
    return hall


def origin_ok(ws: WebSocket) -> bool:
    origin = ws.headers.get("origin")
    if origin is None:
        return True  # not a browser
    host = ws.headers.get("host", "")
    return origin.split("://", 1)[-1] == host


async def refuse(ws: WebSocket, code: int, reason: Text, message: Text | None = None) -> None:
    """Accept and close at once, saying why: ``message`` (``reason`` when None) in an error message first, in
    the socket's language (a text marked with ``N_`` is looked up in the catalog); ``reason`` in English as the
    close reason (at most 123 bytes)."""
    await ws.accept()
    words = translator(language_of(ws))
    said = message or reason
    text = words.gettext(said) if isinstance(said, str) else words.text(said)
    out: dict[str, object] = {"type": "error", "message": text, "code": "refused"}
    if reason == NO_TABLE[1]:
        out["table"] = "missing"  # what the page tells, in any language (a private table looks the same)
    await ws.send_text(words.encode(out))
    await ws.close(code=code, reason=english(reason))


async def admitted(ws: WebSocket) -> User | None:
    """The signed-in person behind a same-site websocket, counted against the connection limits
    (``release`` uncounts them); None, the socket refused and closed, otherwise."""
    hall = hall_of(ws)
    if hall.stopping:  # see drain.py: the browser reconnects at once, elsewhere or once this hall is back
        await refuse(ws, RESTART_CODE, RESTART_REASON)
        return None
    user = current_user(ws)
    if not origin_ok(ws):
        await refuse(ws, 4403, N_("cross-site websocket refused"))
        return None
    if user is None:
        await refuse(ws, 4401, N_("sign in first"))
        return None
    why = hall.limits.open_socket(user.id, address(ws))
    if why is not None:
        await refuse(ws, 4429, why)
        return None
    return user


def log_context(ws: WebSocket, user: User, table: int | None = None,
                seat: Callable[[], int | None] | None = None) -> dict[str, Any]:
    """What the log lines written while this socket's messages are handled are about (``logs.py``)."""
    context: dict[str, Any] = {"request_id": ws.scope.get("request_id"), "user": user.name}
    if table is not None:
        context["table"] = table
        context["seat"] = seat
    return context


def release(ws: WebSocket, user: User) -> None:
    hall_of(ws).limits.close_socket(user.id, address(ws))


async def lobby_ws(ws: WebSocket) -> None:
    user = await admitted(ws)
    if user is None:
        return
    try:
        hall = hall_of(ws)
        await ws.accept()
        conn = Conn(user, hall.settings.max_backlog, language_of(ws))
        track(ws, conn)
        conn.log_context = log_context(ws, user)
        hall.lobby.enter(conn)
        await serve(ws, conn, hall.lobby.message, hall.lobby.leave, hall.limits)
    finally:
        release(ws, user)


async def table_ws(ws: WebSocket) -> None:
    user = await admitted(ws)
    if user is None:
        return
    try:
        await table_socket(ws, user)
    finally:
        release(ws, user)


async def table_socket(ws: WebSocket, user: User) -> None:
    hall = hall_of(ws)
    table_id = parse_table_id(ws.path_params["table_id"])
    if table_id is None:
        await refuse(ws, *NO_TABLE)
        return
    table = hall.table(table_id)
    if table is None and hall.cluster is not None:
        row = hall.store.table(table_id)
        if row is not None and row.status != Status.OVER:
            for _ in range(CLAIM_TRIES):
                owner = await hall.cluster.owner(table_id)
                if owner is not None and lease_node(owner) != hall.cluster.node:
                    await hall.cluster.serve_proxied(ws, user, table_id, owner, ws.query_params.get("invite"))
                    return
                if await hall.cluster.claim(table_id):  # nobody's (or ours, but not loaded): ours now
                    table = hall.adopt(row)
                    break
                # another process claimed it between the two questions: ask again who
            if table is None:  # a table being handed over: the browser tries again at once
                await refuse(ws, 1013, N_("the table is moving between processes; reconnecting"))
                return
    if table is None:
        gone = hall.gone_text(table_id)  # a waiting table closed a little while ago says so
        await refuse(ws, *NO_TABLE, message=gone)
        return
    if not table.admits(user.id, ws.query_params.get("invite")):
        await refuse(ws, *NO_TABLE)
        return
    await ws.accept()
    conn = Conn(user, hall.settings.max_backlog, language_of(ws))
    track(ws, conn)
    found = table
    conn.log_context = log_context(ws, user, table_id, lambda: found.seat_of(user.id))
    table.attach(conn)

    def closed(c: Conn) -> None:
        found.detach(c)
        hall.maybe_drop(found)

    await serve(ws, conn, lambda c, m: hall.table_message(found, c, m), closed, hall.limits)
