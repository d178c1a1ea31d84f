"""Tables closed before their game began: for a while their number still says what became of them.

A waiting table that everyone left (or nobody came to) is removed from the lobby and the store. Someone who
comes to its number a little later (a link shared in the chat, a reload) is told that it closed, why, and
where its creator plays now, instead of "there is no such table". A private table is never remembered
(its number must not be found by trying). A remembered number is never given to a new table: the store
numbers new tables above the highest one (SQLite would give the newest table's number to the next).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Protocol

from longhouse.i18n import N_, Text, _, joined

#: Seconds a closed table's number says what became of it.
GONE_KEEP = 30 * 60.0
#: Closed tables remembered at most (the oldest are forgotten first).
GONE_MOST = 2000

#: What the page says (catalog texts, written in the reader's language when the refusal is sent).
TEXTS = {
    "left": N_("Table {id} closed before its game began: everyone left it."),
    "deserted": N_("Table {id} closed before its game began: nobody came to it for a long time."),
    "refused": N_("Table {id} closed before its game began: it could not be set up."),
    "closed": N_("Table {id} was closed by the hall's staff before its game began."),
    "moved": N_("Its creator is at table {other} now."),
    "lobby": N_("The lobby lists the open tables."),
}


class OpenTable(Protocol):
    """What the note needs of an open, listed table (``Table`` is one)."""

    id: int
    creator: int | None


@dataclass(frozen=True)
class Gone:
    reason: str
    creator: int | None
    since: float


class GoneTables:
    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self._gone: OrderedDict[int, Gone] = OrderedDict()

    def add(self, table_id: int, creator: int | None, reason: str = "left") -> None:
        self._gone[table_id] = Gone(reason, creator, self.clock())
        self._gone.move_to_end(table_id)
        while len(self._gone) > GONE_MOST:
            self._gone.popitem(last=False)

    def text(self, table_id: int, open_tables: Iterable[OpenTable]) -> Text | None:
        """What became of closed table ``table_id``, saying where its creator plays now (the newest other of
        ``open_tables``, those the lobby lists, they created); None when it is not (or no longer) remembered."""
        gone = self._gone.get(table_id)
        if gone is None:
            return None
        if self.clock() - gone.since > GONE_KEEP:
            del self._gone[table_id]
            return None
        out: list[Text] = [_(TEXTS[gone.reason], id=table_id)]
        others = [t.id for t in open_tables if gone.creator is not None and t.creator == gone.creator
                  and t.id != table_id]
        moved, lobby = TEXTS["moved"], TEXTS["lobby"]  # (a literal inside _() would be taken for a text)
        if others:
            out.append(_(moved, other=max(others)))
        return joined(" ", [*out, _(lobby)])

    def highest(self) -> int:
        """The largest number remembered (0 for none): the store numbers new tables above it."""
        return max(self._gone, default=0)
