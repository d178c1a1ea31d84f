"""The archive endpoints: the list of finished games, a game's record as JSON, and its replay steps.

A record is served only once its game is over: the record of a running game holds secrets (hands, picks).
A finished game never changes, so its replay is computed once (however many ask at the same time) and kept
in a small cache (``Settings.replay_cache`` games).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from longhouse import games
from longhouse.engine.records import Record, steps
from longhouse.i18n import _
from longhouse.i18n.catalogs import SOURCE, translator
from longhouse.server.accounts import store_of
from longhouse.server.boards import board_for
from longhouse.server.language import answer, language_of
from longhouse.server.players import archive_rows
from longhouse.store import Status

#: Table ids are positive integers below this (a longer number is no table, not an overflow).
MAX_TABLE_ID = 2**31 - 1
CACHE = {"Cache-Control": "private, max-age=86400"}


def parse_table_id(text: str) -> int | None:
    """A table id from a URL: ASCII digits only (no other scripts' digits), in range; else None."""
    if not text.isascii() or not text.isdigit() or len(text) > 10:
        return None
    value = int(text)
    return value if 0 < value <= MAX_TABLE_ID else None


class ReplayCache:
    """Encoded replays of finished games, least recently used dropped first; one computation per game."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.done: OrderedDict[tuple[int, str], bytes] = OrderedDict()  # (table, language) -> replay
        self.pending: dict[tuple[int, str], asyncio.Future[bytes]] = {}
        self.computed = 0

    async def get(self, table_id: int, rec: Record, lang: str = SOURCE) -> bytes:
        """A finished game's replay, its texts in ``lang``: computed once per game and language."""
        key = (table_id, lang)
        if key in self.done:
            self.done.move_to_end(key)
            return self.done[key]
        if key in self.pending:
            return await asyncio.shield(self.pending[key])
        future: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
        self.pending[key] = future
        try:
            body = await asyncio.to_thread(encode_replay, rec, lang)
            self.computed += 1
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved here, so no "never retrieved" warning when nobody else waits
            raise
        finally:
            del self.pending[key]
        future.set_result(body)
        if self.size:
            self.done[key] = body
            while len(self.done) > self.size:
                self.done.popitem(last=False)
        return body


async def archive(request: Request) -> Response:
    """Finished games, newest first (``abandoned`` marked, game names in words); ``?player=name`` and
    ``?game=name`` filter them (see ``players.archive_rows``)."""
    query = request.query_params
    return answer(request, await asyncio.to_thread(archive_rows, request.app.state.hall.people, query.get("player"),
                                                   query.get("game")))  # its error in the reader's language


def finished_record(request: Request) -> tuple[int, Record] | None:
    store = store_of(request)
    table_id = parse_table_id(request.path_params["table_id"])
    if table_id is None:
        return None
    row = store.table(table_id)
    if row is None or row.status != Status.OVER:
        return None
    rec = store.record(table_id)
    return None if rec is None else (table_id, rec)


def not_found(request: Request) -> Response:
    return answer(request, {"error": _("no finished game with that number")}, 404)


async def record(request: Request) -> Response:
    found = finished_record(request)
    if found is None:
        return not_found(request)
    table_id, rec = found
    name = f"longhouse-{rec.game}-{table_id}.json"
    return Response(rec.dumps(), media_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{name}"', **CACHE})


def public_steps(rec: Record) -> list[dict[str, Any]]:
    """Every step of a finished game as the public sees it: the view and the events anyone may see."""
    return [{"view": state.view(None), "events": [e.text for e in events if e.visible_to(None)]}
            for state, events in steps(rec, games.for_record(rec))]


def encode_replay(rec: Record, lang: str = SOURCE) -> bytes:
    return translator(lang).encode_bytes({"record": rec.to_json(), "board": board_for(rec.game),
                                          "steps": public_steps(rec)})


async def replay(request: Request) -> Response:
    found = finished_record(request)
    if found is None:
        return not_found(request)
    cache: ReplayCache = request.app.state.replays
    body = await cache.get(*found, language_of(request))
    return Response(body, media_type="application/json", headers=CACHE)
