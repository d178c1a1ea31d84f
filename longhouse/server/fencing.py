"""Every write of a table carries the store's fencing check, as its moves do (``Store.append_moves``).

With several processes a table's owner holds it with an epoch (``Store.claim``). A process paused past its
lease (SIGSTOP, a long pause of the VM) that resumes must not write seating, a start, clocks, an abandonment
or a removal behind the new owner's back: each such write is checked against the epoch in its own
transaction, and a stale one writes nothing and raises ``StaleOwner``, so that whatever was doing it stops
there, and the table is given up (its sockets close, the browsers reconnect to the new owner). The seating
and the start (``Store.set_occupants``, ``Store.start_table`` with ``Table.epoch``) raise it to whoever
asked: a command (``commands.run``) or the tick (``Hall.tick``) gives the table up; the writes below give
it up themselves.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from sqlalchemy.engine import Connection

from longhouse.store import StaleOwner, Store

log = logging.getLogger("longhouse.fencing")

T = TypeVar("T")


class Owner(Protocol):
    """What a fenced write needs of the hall: the store, and how a table is given up."""

    store: Store

    def give_up(self, table: Any) -> None: ...


class Fenced(Protocol):
    id: int
    #: The epoch this process claimed the table with (None: one process, nothing to check).
    epoch: int | None

    @property
    def hall(self) -> Owner: ...


def fenced(table: Fenced, write: Callable[[], T]) -> T:
    """Run one of the store's writes of ``table`` (given ``table.epoch``); if another process owns the table
    now, give it up and raise ``StaleOwner``."""
    try:
        return write()
    except StaleOwner:
        log.warning("table %s: another process owns it now; a write was refused, the table given up", table.id)
        table.hall.give_up(table)
        raise


def fenced_people(table: Fenced, write: Callable[[Connection | None], None]) -> None:
    """The same for a write of the people store's (``within`` the fenced transaction; None: one process)."""
    def run() -> None:
        if table.epoch is None:
            write(None)
            return
        with table.hall.store.fenced(table.id, table.epoch) as c:
            write(c)

    fenced(table, run)
