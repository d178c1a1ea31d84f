"""Group commit: the moves played in one turn of the event loop are stored together, then acknowledged.

A table applies a move to its state at once (so that the next message sees it, and a stale or illegal one
is refused as before) and hands the record entry here with what acknowledges it. At the end of the loop's
turn (``loop.call_soon``) every entry gathered so far is appended with one ``executemany`` and one COMMIT
(``Store.append_moves``, the fencing check of each table's epoch in the same transaction); only then is each
move acknowledged, in the order it was played. Should the batch fail, each table is stored on its own, so
that one table's trouble refuses only its own moves; a table whose epoch is old is given up.

Nothing may see a move before it is stored: whatever else reaches a table (a command, a chat line, a
visitor, a tick of the clocks, a stale move's refresh) first calls ``flush``, which stores the moves
gathered so far at once.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from longhouse.engine import Game
from longhouse.server.metrics import RECEIPT, HallMetrics
from longhouse.store import Move, Store

log = logging.getLogger("longhouse.commits")


class Writer(Protocol):
    """A table, as the group commit sees it."""

    @property
    def game(self) -> Game: ...

    def not_stored(self, movers: list[int]) -> None:
        """The table's moves of this batch could not be stored: rebuild it from the store, tell the movers."""


W = TypeVar("W", bound=Writer)


@dataclass(slots=True)
class Pending(Generic[W]):
    table: W
    move: Move
    seat: int
    acknowledge: Callable[[], None]
    received: float | None  # when the client's message that made it arrived (``metrics.RECEIPT``)


class GroupCommit(Generic[W]):
    def __init__(self, store: Store, give_up: Callable[[W], None], metrics: HallMetrics | None = None) -> None:
        self.store = store
        self.give_up = give_up
        self.metrics = metrics or HallMetrics()
        self.pending: list[Pending[W]] = []
        self._scheduled = False

    def add(self, table: W, move: Move, seat: int, acknowledge: Callable[[], None]) -> None:
        """Store ``move`` at the end of this turn of the loop, then call ``acknowledge``."""
        self.pending.append(Pending(table, move, seat, acknowledge, RECEIPT.at))
        if not self._scheduled:
            self._scheduled = True
            try:
                asyncio.get_running_loop().call_soon(self._turn_ended)
            except RuntimeError:  # no loop running (a script driving a hall by hand): store at once
                self.flush()

    def _turn_ended(self) -> None:
        self._scheduled = False
        self.flush()

    def flush(self) -> None:
        """Store every move gathered so far, then acknowledge each (or refuse those that were not stored)."""
        while self.pending:
            batch, self.pending = self.pending, []
            self._store(batch, split=True)

    def _store(self, batch: list[Pending[W]], split: bool) -> None:
        tables: dict[int, list[Pending[W]]] = {}
        for p in batch:
            tables.setdefault(p.move.table_id, []).append(p)
        began = time.perf_counter()
        try:
            stale = self.store.append_moves([p.move for p in batch])
        except Exception:
            if split and len(tables) > 1:  # find the table at fault: each on its own
                for own in tables.values():
                    self._store(own, split=False)
                return
            log.exception("could not store %d moves of table(s) %s; rebuilding them from the store",
                          len(batch), sorted(tables))
            for own in tables.values():
                own[0].table.not_stored([p.seat for p in own])
            return
        metrics = self.metrics
        metrics.batch(len(batch), time.perf_counter() - began)
        for tid, own in tables.items():
            if tid in stale:
                log.warning("table %s: another process owns it now; %d move(s) refused, table given up", tid,
                            len(own))
                self.give_up(own[0].table)
                continue
            game = own[0].table.game.name
            for p in own:
                try:
                    p.acknowledge()
                except Exception:  # one client's trouble must not keep the others' acknowledgements back
                    log.exception("table %s: acknowledging move %s failed", tid, p.move.index)
                metrics.move(game, p.received)
