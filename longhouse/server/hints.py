"""Hints at the table and the analysis of finished games: the strongest bot's search as help for people.

* **Hints** are a table option (``{"hints": true}`` when the table is created; a game played with them
  is not rated: ``ratings.rateable``). A seated player whose seat is acting sends ``/hint`` (the
  page's Hint button sends the same command); the search runs in the hall's worker processes
  (``longhouse.bots.thinking``) through ``longhouse.bots.analysis.hint``, from that seat's own view
  only, and the answer goes to that player alone as ``{"type": "hint", "version", "seat", "best",
  "moves": [{"action", "text", "win", "visits"}]}`` — if the seat still has the same decision to make
  (in a simultaneous phase others may have chosen meanwhile, which it cannot see). The seed is derived
  from the table, the version and the seat, so asking twice gives the same hint.
* **Analysis**: ``GET /api/tables/{id}/analysis`` gives a finished game's win chances move by move for
  every seat and its costliest moves (``longhouse.bots.analysis.game_curve``), computed once per game
  (however many ask at once) in a worker, after the bots' moves and the hints that wait there
  (``thinking.ANALYSIS``), and kept (``Settings.analysis_cache`` games). Computing one is rate-limited per
  address (``Settings.analysis_burst``/``analysis_rate``); a kept one costs nothing and is not counted.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import Response

from longhouse import games
from longhouse.bots import analysis
from longhouse.bots.thinking import ANALYSIS, HINT
from longhouse.i18n import Msg, _
from longhouse.server.accounts import address, limits_of
from longhouse.server.archive import finished_record, not_found
from longhouse.server.language import answer
from longhouse.server.table_options import hints_allowed

if TYPE_CHECKING:
    from longhouse.server.conn import Conn
    from longhouse.server.table import Table

_pending: dict[tuple[int, int], asyncio.Task[None]] = {}


class Analyses:
    """One hall's kept analyses, by table number (kept on the app: a table number means a game only within
    one hall's database, and a process may serve more than one hall, as the tests do), least recently used
    dropped first; each computed once however many ask at the same time."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.done: OrderedDict[int, dict[str, Any]] = OrderedDict()
        self.pending: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.computed = 0

    def kept(self, table_id: int) -> dict[str, Any] | None:
        found = self.done.get(table_id)
        if found is not None:
            self.done.move_to_end(table_id)
        return found

    async def get(self, table_id: int, compute: Callable[[], Awaitable[dict[str, Any]]]) -> dict[str, Any]:
        found = self.kept(table_id)
        if found is not None:
            return found
        if table_id in self.pending:
            return await asyncio.shield(self.pending[table_id])
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.pending[table_id] = future
        try:
            result = await compute()
            self.computed += 1
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: no "never retrieved" warning when nobody else waits
            raise
        finally:
            del self.pending[table_id]
        future.set_result(result)
        self.done[table_id] = result
        while len(self.done) > self.size:
            self.done.popitem(last=False)
        return result


def _analyses(request: Request) -> Analyses:
    state = request.app.state
    kept: Analyses | None = getattr(state, "analyses", None)
    if kept is None:
        kept = state.analyses = Analyses(state.settings.analysis_cache)
    return kept


def allowed(table: Table) -> bool:
    return hints_allowed(table.options)


def hint_seed(table_id: int, version: int, seat: int) -> int:
    return (table_id * 1_000_003 + version * 7919 + seat) & ((1 << 62) - 1)


def request(table: Table, conn: Conn) -> Msg | None:
    """Start a hint for the sender's seat; the reason when it may not have one."""
    if not allowed(table):
        return _("hints are off at this table (they are a table option, chosen when it is created)")
    state = table.state
    if state is None or state.is_over():
        return _("there is no game in progress to give a hint for")
    seat = table.seat_of(conn.user.id)
    if seat is None:
        return _("only a seated player may ask for a hint")
    if seat not in state.acting() or len(state.legal_actions(seat)) < 1:
        return _("a hint is for your turn: it is not your move now")
    key = (table.id, seat)
    if key in _pending:
        return None  # one is already being thought
    version = table.version
    _pending[key] = asyncio.get_running_loop().create_task(_think(table, conn, seat, version))
    return None


async def _think(table: Table, conn: Conn, seat: int, version: int) -> None:
    try:
        state = table.state
        assert state is not None
        legal = state.legal_actions(seat)
        answer = await table.hall.thinker.run(analysis.hint, state, seat, hint_seed(table.id, version, seat),
                                              priority=HINT)
        # Still this seat's decision with the same moves (in a simultaneous phase others may have chosen
        # meanwhile, unseen by this seat): the hint holds, for the version the seat now sees.
        now = table.state
        if (now is not None and not now.is_over() and seat in now.acting() and now.legal_actions(seat) == legal
                and not conn.closed):
            conn.send({"type": "hint", "version": table.version, **answer})
    finally:
        _pending.pop((table.id, seat), None)


async def analysis_api(request: Request) -> Response:
    """``GET /api/tables/{id}/analysis``: a finished game's win chances move by move, and its worst moves."""
    found = finished_record(request)
    if found is None:
        return not_found(request)
    table_id, record = found
    kept = _analyses(request)
    if kept.kept(table_id) is None and table_id not in kept.pending and not limits_of(request).analysis(
            address(request)):
        return answer(request, {"error": _("too many analyses asked from your address; try again in a minute")},
                      429)
    thinker = request.app.state.hall.thinker
    result = await kept.get(table_id, lambda: thinker.run(analysis.game_curve, record.to_json(), table_id,
                                                          games.get(record.game), priority=ANALYSIS))
    return answer(request, result)
