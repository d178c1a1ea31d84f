"""The hall's routes: pages, the account API, the archive, and the two websockets (lobby and table)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import HTTPConnection, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from longhouse.engine.records import Record
from longhouse.server import auth, boards
from longhouse.server.conn import Conn
from longhouse.server.hall import Hall
from longhouse.server.protocol import BadMessage, decode, encode_message
from longhouse.store import Store, User

log = logging.getLogger("longhouse.app")

WEB = Path(__file__).resolve().parent.parent / "web"
COOKIE_AGE = 60 * 60 * 24 * 30
MAX_BODY = 4096
#: Messages a client may send per second by default; the rest are dropped (with one warning).
MAX_MESSAGES_PER_SECOND = 50


def create_app(store: Store, bot_delay: float = 0.6, redis_url: str | None = None,
               redis_prefix: str = "longhouse:", redis_lease: float = 15,
               max_rate: int = MAX_MESSAGES_PER_SECOND) -> Starlette:
    """The hall. With ``redis_url`` it is one of several processes sharing ``store`` (see cluster.py)."""
    hall = Hall(store, bot_delay=bot_delay)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        if redis_url is None:
            count = hall.recover()
        else:
            from longhouse.server.cluster import Cluster

            hall.cluster = Cluster(hall, redis_url, redis_prefix, redis_lease)
            await hall.cluster.start()
            count = 0
            for row in store.open_tables():
                if await hall.cluster.claim(row.id) and hall.load(row) is not None:
                    count += 1
        log.info("resumed %d tables", count)
        hall.start_bots()
        hall.publish_lobby()
        yield
        hall.shutdown()
        if hall.cluster is not None:
            hall.cluster.post("lobby", {"op": "bye", "node": hall.cluster.node})
            await asyncio.sleep(0.05)
            await hall.cluster.stop()

    def current_user(conn: HTTPConnection) -> User | None:
        token = conn.cookies.get(auth.COOKIE)
        if not token or len(token) > 100:
            return None
        return store.session_user(token)

    async def body(request: Request) -> dict[str, Any]:
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

    def signed_in(user: User) -> Response:
        token = auth.new_session(store, user)
        response = JSONResponse({"name": user.name, "guest": user.guest})
        response.set_cookie(auth.COOKIE, token, max_age=COOKIE_AGE, httponly=True, samesite="strict")
        return response

    async def signup(request: Request) -> Response:
        try:
            data = await body(request)
            user = await asyncio.to_thread(auth.sign_up, store, data.get("name"), data.get("password"))
        except auth.AuthError as exc:
            return JSONResponse({"error": str(exc)}, status_code=400)
        return signed_in(user)

    async def signin(request: Request) -> Response:
        try:
            data = await body(request)
            user = await asyncio.to_thread(auth.sign_in, store, data.get("name"), data.get("password"))
        except auth.AuthError as exc:
            return JSONResponse({"error": str(exc)}, status_code=401)
        return signed_in(user)

    async def guest(request: Request) -> Response:
        try:
            user = auth.guest(store)
        except auth.AuthError as exc:
            return JSONResponse({"error": str(exc)}, status_code=503)
        return signed_in(user)

    async def signout(request: Request) -> Response:
        token = request.cookies.get(auth.COOKIE)
        if token:
            store.delete_session(token)
        response = JSONResponse({"ok": True})
        response.delete_cookie(auth.COOKIE)
        return response

    async def me(request: Request) -> Response:
        user = current_user(request)
        if user is None:
            return JSONResponse({"user": None})
        return JSONResponse({"user": {"name": user.name, "guest": user.guest}})

    async def page(request: Request) -> Response:
        return FileResponse(WEB / "index.html", headers={"Cache-Control": "no-cache"})

    async def archive(request: Request) -> Response:
        rows = store.finished_tables()
        return JSONResponse({"tables": [
            {"id": r.id, "game": r.game, "players": r.players, "finished": r.finished,
             "scores": (r.result or {}).get("scores"), "winners": (r.result or {}).get("winners")}
            for r in rows]})

    def finished_record(request: Request) -> Record | None:
        try:
            table_id = int(request.path_params["table_id"])
        except ValueError:
            return None
        row = store.table(table_id)
        if row is None or row.status != "over":
            return None  # the record of a running game holds secrets (hands, picks)
        return store.record(table_id)

    async def record(request: Request) -> Response:
        rec = finished_record(request)
        if rec is None:
            return JSONResponse({"error": "no finished game with that number"}, status_code=404)
        name = f"longhouse-{rec.game}-{request.path_params['table_id']}.json"
        return Response(rec.dumps(), media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})

    async def replay(request: Request) -> Response:
        rec = finished_record(request)
        if rec is None:
            return JSONResponse({"error": "no finished game with that number"}, status_code=404)

        def steps() -> list[dict[str, Any]]:
            from longhouse.engine.records import apply_entry, start

            game, state = start(rec)
            out = [{"view": state.view(None), "events": []}]
            for index, entry in enumerate(rec.actions):
                events = apply_entry(game, state, entry, index)
                out.append({"view": state.view(None), "events": [e.text for e in events if e.visible_to(None)]})
            return out

        return JSONResponse({"record": rec.to_json(), "steps": await asyncio.to_thread(steps)})

    def origin_ok(ws: WebSocket) -> bool:
        origin = ws.headers.get("origin")
        if origin is None:
            return True  # not a browser
        host = ws.headers.get("host", "")
        return origin.split("://", 1)[-1] == host

    async def serve(ws: WebSocket, conn: Conn, on_message: Any, on_close: Any) -> None:
        async def pump() -> None:
            while True:
                text = await conn.queue.get()
                if text is None:
                    await ws.close()
                    return
                await ws.send_text(text)

        writer = asyncio.create_task(pump())
        window, count = 0.0, 0
        try:
            while True:
                message = await ws.receive()
                now = time.monotonic()
                if now - window > 1.0:
                    window, count = now, 0
                count += 1
                if max_rate and count > max_rate:
                    if count == max_rate + 1:
                        conn.error("too many messages; slow down", code="flood")
                    continue
                if message["type"] == "websocket.disconnect":
                    break
                raw = message.get("text")
                if raw is None:
                    raw = message.get("bytes") or b""
                try:
                    msg = decode(raw)
                except BadMessage as exc:
                    conn.error(str(exc), code="bad_message")
                    continue
                on_message(conn, msg)
        except WebSocketDisconnect:
            pass
        finally:
            conn.closed = True
            on_close(conn)
            writer.cancel()

    async def refuse(ws: WebSocket, code: int, reason: str) -> None:
        await ws.accept()
        await ws.send_json({"type": "error", "message": reason, "code": "refused"})
        await ws.close(code=code, reason=reason)

    async def lobby_ws(ws: WebSocket) -> None:
        user = current_user(ws)
        if not origin_ok(ws):
            await refuse(ws, 4403, "cross-site websocket refused")
            return
        if user is None:
            await refuse(ws, 4401, "sign in first")
            return
        await ws.accept()
        conn = Conn(user)
        hall.enter_lobby(conn)
        await serve(ws, conn, hall.lobby_message, hall.leave_lobby)

    async def table_ws(ws: WebSocket) -> None:
        user = current_user(ws)
        if not origin_ok(ws):
            await refuse(ws, 4403, "cross-site websocket refused")
            return
        if user is None:
            await refuse(ws, 4401, "sign in first")
            return
        try:
            table_id = int(ws.path_params["table_id"])
        except ValueError:
            await refuse(ws, 4404, "there is no such table")
            return
        table = hall.table(table_id)
        if table is None and hall.cluster is not None:
            row = store.table(table_id)
            if row is not None and row.status != "over":
                owner = await hall.cluster.owner(table_id)
                if owner is None and await hall.cluster.claim(table_id):
                    table = hall.adopt(row)
                elif owner is not None and owner != hall.cluster.node:
                    await proxied(ws, user, table_id, owner)
                    return
        if table is None:
            await refuse(ws, 4404, "there is no such table")
            return
        await ws.accept()
        conn = Conn(user)
        table.attach(conn)

        def closed(c: Conn) -> None:
            table.detach(c)
            hall.maybe_drop(table)

        await serve(ws, conn, lambda c, m: hall.table_message(table, c, m), closed)

    async def proxied(ws: WebSocket, user: User, table_id: int, owner: str) -> None:
        """A table another process owns: pass the client's messages to it, and its answers back."""
        cluster = hall.cluster
        assert cluster is not None
        await ws.accept()
        conn = Conn(user)
        cid = cluster.proxy_open(conn, table_id, owner)
        await serve(ws, conn, lambda c, m: cluster.proxy_message(cid, table_id, encode_message(m)),
                    lambda c: cluster.proxy_close(cid, table_id))

    routes = [
        Route("/", page), Route("/table/{table_id:int}", page), Route("/archive", page),
        Route("/replay/{table_id:int}", page),
        Route("/api/signup", signup, methods=["POST"]), Route("/api/signin", signin, methods=["POST"]),
        Route("/api/guest", guest, methods=["POST"]), Route("/api/signout", signout, methods=["POST"]),
        Route("/api/me", me), Route("/api/archive", archive),
        Route("/api/tables/{table_id}/record", record), Route("/api/tables/{table_id}/replay", replay),
        WebSocketRoute("/ws/lobby", lobby_ws), WebSocketRoute("/ws/table/{table_id}", table_ws),
        Route("/api/games/{name}", boards.game_description),
        Route("/static/seats.js", boards.seats_js), Route("/static/seats.css", boards.seats_css),
        Mount("/static", StaticFiles(directory=WEB), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.hall = hall
    app.state.store = store
    return app


__all__ = ["create_app"]
