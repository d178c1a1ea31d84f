"""The bots seated at one table: which seat each plays, their turns thought in the worker pool, and their
moves played through the table's move authority.

As in boardgame.io, where a bot is a client like any other, a bot here is only a seat's mover: it is asked
when its seat acts (``schedule``), thinks in a worker process (``Thinker``: the event loop stays free for
every other table), and its action is applied by the table's ``Authority`` and committed by the table like
a person's move. Seating (who sits where) and presence stay the table's; this holds only the bots' seats
and their running turns.

- ``seat`` / ``remove``: a bot for a seat (a new one replaces the old), or none;
- ``schedule``: a turn started for each acting seat a bot holds (none twice);
- ``cancel`` / ``stop``: a seat's running turn, or every one, given up (the game was taken from them).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
import weakref
from typing import Any, Protocol

from longhouse import bots
from longhouse.bots.thinking import Thinker
from longhouse.engine.events import Event
from longhouse.server.authority import Authority
from longhouse.server.metrics import HallMetrics
from longhouse.store import Status

log = logging.getLogger("longhouse.table")


class BotHall(Protocol):
    """What the bots need of the hall (``Hall`` is one)."""

    bot_delay: float  # seconds before a bot's move, so people can follow it
    thinker: Thinker  # where bots think (worker processes)
    metrics: HallMetrics  # the thinking time goes to /metrics


class BotTable(Protocol):
    """What the bots need of their table (``Table`` is one)."""

    id: int
    authority: Authority

    @property
    def hall(self) -> BotHall: ...

    @property
    def status(self) -> Status: ...

    def commit(self, seat: int, entry: dict[str, Any], events: list[Event]) -> None: ...


class TableBots:
    def __init__(self, table: BotTable) -> None:
        # The table owns its bots; a strong reference back would make a cycle, and a finished table would
        # then wait for a full garbage collection to be freed (as ``Timekeeper``).
        self._table = weakref.ref(table)
        self.seats: dict[int, bots.Bot] = {}  # seat -> the bot playing it
        self.tasks: dict[int, asyncio.Task[None]] = {}  # seat -> its bot's turn under way

    @property
    def table(self) -> BotTable:
        table = self._table()
        assert table is not None, "a table's bots live only as long as their table"
        return table

    def seat(self, seat: int, level: str, seed: int | None = None) -> None:
        """A ``level`` bot plays ``seat`` from now on (its random choices from ``seed``; a random one when
        None)."""
        self.seats[seat] = bots.make(level, seed=secrets.randbits(32) if seed is None else seed,
                                     game=self.table.authority.game.name)

    def remove(self, seat: int) -> None:
        """No bot plays ``seat`` any more; its turn under way, if any, is given up."""
        self.seats.pop(seat, None)
        self.cancel(seat)

    def clear(self) -> None:
        """No seat played by a bot (their turns under way, if any, go on to find nothing to play)."""
        self.seats = {}

    def cancel(self, seat: int) -> None:
        task = self.tasks.pop(seat, None)
        if task is not None:
            task.cancel()

    def stop(self) -> None:
        """Every turn under way given up (the game is over, or closed)."""
        for task in self.tasks.values():
            task.cancel()
        self.tasks.clear()

    def schedule(self) -> None:
        """A turn for each acting seat a bot plays, unless it has one under way (a running game only)."""
        if not self.seats:  # after every move: most tables have no bot, and then nothing is looked up
            return
        state = self.table.authority.state
        if state is None or self.table.status != Status.RUNNING:
            return
        for seat in state.acting():
            if seat in self.seats and seat not in self.tasks:
                self.tasks[seat] = asyncio.get_running_loop().create_task(self._turn(seat))

    async def _turn(self, seat: int) -> None:
        table, authority, hall = self.table, self.table.authority, self.table.hall
        try:
            # A turn others watch comes at a human pace; a simultaneous (usually hidden) choice goes faster.
            state = authority.state
            alone = state is not None and len(state.acting()) == 1
            await asyncio.sleep(hall.bot_delay if alone else hall.bot_delay / 4)
            while (authority.state is not None and table.status == Status.RUNNING and seat in self.seats
                   and seat in authority.state.acting()):
                version = authority.version
                bot = self.seats[seat]
                # thought in a worker process: the event loop stays free for every other table
                asked = time.perf_counter()
                action = (await hall.thinker.think(bot, authority.state, seat)).action
                hall.metrics.thought(time.perf_counter() - asked)
                state = authority.state
                if state is None or self.seats.get(seat) is not bot or seat not in state.acting():
                    return
                if authority.version != version and not state.is_legal(seat, action):
                    continue
                events, entry = authority.apply(seat, action)
                self.tasks.pop(seat, None)
                table.commit(seat, entry, events)
                return
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: the bot at seat %s failed", table.id, seat)
        finally:
            if self.tasks.get(seat) is asyncio.current_task():
                del self.tasks[seat]
