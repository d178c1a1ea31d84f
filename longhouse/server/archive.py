"""The archive endpoints: the list of finished games, a game's record as JSON, and its replay steps.

A record is served only once its game is over: the record of a running game holds secrets (hands, picks).
"""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from longhouse.engine.records import Record, steps
from longhouse.server.accounts import store_of
from longhouse.server.boards import board_for
from longhouse.store import Status


async def archive(request: Request) -> Response:
    rows = store_of(request).finished_tables()
    return JSONResponse({"tables": [
        {"id": r.id, "game": r.game, "players": r.players, "finished": r.finished,
         "scores": (r.result or {}).get("scores"), "winners": (r.result or {}).get("winners")}
        for r in rows]})


def finished_record(request: Request) -> Record | None:
    store = store_of(request)
    try:
        table_id = int(request.path_params["table_id"])
    except ValueError:
        return None
    row = store.table(table_id)
    if row is None or row.status != Status.OVER:
        return None
    return store.record(table_id)


async def record(request: Request) -> Response:
    rec = finished_record(request)
    if rec is None:
        return JSONResponse({"error": "no finished game with that number"}, status_code=404)
    name = f"longhouse-{rec.game}-{request.path_params['table_id']}.json"
    return Response(rec.dumps(), media_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


def public_steps(rec: Record) -> list[dict[str, Any]]:
    """Every step of a finished game as the public sees it: the view and the events anyone may see."""
    return [{"view": state.view(None), "events": [e.text for e in events if e.visible_to(None)]}
            for state, events in steps(rec)]


async def replay(request: Request) -> Response:
    rec = finished_record(request)
    if rec is None:
        return JSONResponse({"error": "no finished game with that number"}, status_code=404)
    return JSONResponse({"record": rec.to_json(), "board": board_for(rec.game),
                         "steps": await asyncio.to_thread(public_steps, rec)})
