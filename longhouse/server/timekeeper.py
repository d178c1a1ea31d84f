"""A table's timekeeping: its clocks, who is away and since when, and what the hall does on each tick.

The hall calls ``tick`` on every open table about once a second (its clock is injectable, so tests move a
fake one and call ticks without waiting). On a tick:

- a seat whose clock ran out is handed to a bot for the rest of the game, and the chat says so (its player
  can take it back with ``/join``, getting one increment — turn-based: one turn — to move in, once per
  position); a move is also checked against its clock as it arrives (``expire``), not only on the tick;
- if the table lets bots stand in for away players, a person who has had no connection for the time
  control's grace period while it is their turn is handed to a bot likewise — not one on vacation at a
  turn-based table (``vacation.py``), whose clock stands still meanwhile (``held_seats``);
- a running table nobody has been connected to for ``abandon_after`` is closed and archived as abandoned
  (not while one of its people is on vacation);
- a waiting table nobody has been connected to for ``WAITING_TTL`` disappears;
- a finished table nobody has been connected to for ``FINISHED_TTL`` leaves memory (it is in the store:
  e.g. one loaded for a visitor who was then refused);
- running clocks are written to the store every ``CHECKPOINT`` seconds, at shutdown, and with every move (in
  the move's own transaction: ``Table.commit``, ``Move.clock``).

How downtime counts: it does not. Clocks are stored as the time each seat had left when saved; a hall that
starts again runs them from that moment on, so a restart neither gives nor takes time (a crash, which
cannot save, gives back at most the seconds since the last checkpoint).
"""

from __future__ import annotations

import contextlib
import weakref
from collections.abc import Sequence
from typing import Any, Protocol, cast

from longhouse.engine.state import State
from longhouse.i18n import Msg, Text, _
from longhouse.server.clocks import Clock, TimeControl
from longhouse.server.fairplay import SeatLog, seat_parts
from longhouse.server.fencing import fenced_people
from longhouse.server.table_settings import TableSettings
from longhouse.server.vacation import on_vacation
from longhouse.store import Occupant, Person, StaleOwner, Status, Store
from longhouse.store.people import PeopleStore


class TimedHall(Protocol):
    """What a timekeeper needs of the hall: its clock, its store for people, and what it does to tables."""

    people: PeopleStore
    store: Store

    def clock(self) -> float: ...

    def give_up(self, table: Any) -> None: ...

    def drop_waiting(self, table: Any) -> None: ...

    def abandon(self, table: Any, text: Text) -> None: ...

    def forget_finished(self, table: Any) -> None: ...


class TimedTable(Protocol):
    """What a timekeeper needs of its table (``Table`` is one)."""

    id: int
    status: Status
    #: The fencing epoch its process holds it with (None: one process): see ``fencing.py``.
    epoch: int | None
    occupants: list[Occupant | None]
    settings: TableSettings
    #: Seated people with no connection to the table: user id -> since when (the hall's clock).
    away_since: dict[int, float]

    @property
    def state(self) -> State | None: ...

    @property
    def hall(self) -> TimedHall: ...

    @property
    def version(self) -> int: ...

    @property
    def conns(self) -> Sequence[Any]: ...

    def connected(self, user_id: int) -> bool: ...

    def seat_label(self, seat: int) -> Text: ...

    def stand_in(self, seat: int, text: Text) -> None: ...

    def forget_summary(self) -> None: ...

#: Seconds between two stores of running clocks.
CHECKPOINT = 10.0
#: Seconds a waiting table stays listed with nobody connected to it.
WAITING_TTL = 15 * 60.0
#: Seconds a finished table stays in memory with nobody connected to it (it is in the store).
FINISHED_TTL = 30.0


def duration(seconds: float) -> Msg:
    """``seconds`` in words for the chat: 45 s, 3 min, 2 h 5 min, 3 d."""
    s = int(seconds)
    if s < 60:
        return _("{n} s", n=s)
    if s < 3600:
        return _("{n} min", n=s // 60)
    if s < 86400:
        h, m = divmod(s // 60, 60)
        return _("{h} h {m} min", h=h, m=m) if m else _("{h} h", h=h)
    return _("{n} d", n=s // 86400)


class Timekeeper:
    def __init__(self, table: TimedTable) -> None:
        # The table owns its timekeeper; a strong reference back would make a cycle, and a finished table
        # would then wait for a full garbage collection (rare: ``Settings.gc_freeze``) to be freed.
        self._table = weakref.ref(table)
        now = self.now()
        self.clock: Clock | None = None
        #: since when nobody at all has been connected to the table (None while somebody is).
        self.deserted_since: float | None = now
        self.acting: frozenset[int] = frozenset()
        self.last_checkpoint = now
        #: acting seat -> since when (the hall's clock) it has been acting without a move of its own, timed or
        #: not: a person who stalls an untimed game may be handed to a bot (``stalled_for``).
        self.turn_since: dict[int, float] = {}
        #: Who has held each seat of the running game when (``fairplay.py``); every change of seating comes
        #: through ``sync``.
        self.seat_log = SeatLog(cast(Any, table))

    @property
    def table(self) -> TimedTable:
        table = self._table()
        assert table is not None, "a timekeeper lives only as long as its table"
        return table

    def now(self) -> float:
        now: float = self.table.hall.clock()
        return now

    @property
    def control(self) -> TimeControl:
        return self.table.settings.control

    # --- the game's course --------------------------------------------------------------------------

    def started(self, stored: dict[str, Any] | None = None) -> None:
        """The game began (or a started table was loaded, with its ``stored`` clocks)."""
        state = self.table.state
        self.turns(state)
        if state is None or state.is_over() or not self.control.timed:
            return
        now = self.now()
        if stored is not None:
            self.clock = Clock.from_json(stored, now)
        else:
            self.clock = Clock(self.control, len(self.table.occupants), now)
        self.acting = frozenset(state.acting())
        self.sync()

    def person(self, seat: int) -> int:
        occ = self.table.occupants[seat]
        assert isinstance(occ, Person)
        return occ.user_id

    def people_seats(self) -> list[int]:
        return [s for s, occ in enumerate(self.table.occupants) if isinstance(occ, Person)]

    def timed_seats(self) -> set[int]:
        """The acting seats people hold whose clocks run (not those on vacation: ``held_seats``)."""
        return self._acting_people() - self.held_seats()

    def held_seats(self) -> set[int]:
        """The acting seats whose person is on vacation at this turn-based table: their clocks stand still."""
        return {seat for seat in self._acting_people() if on_vacation(self.table, seat) is not None}

    def _acting_people(self) -> set[int]:
        state = self.table.state
        if state is None or state.is_over():
            return set()
        return set(state.acting()) & set(self.people_seats())

    def sync(self) -> None:
        """The clock started or the seating changed: note a change of a seat's holder (``SeatLog``), run the
        clocks of the acting people, store them."""
        self.seat_log.check()
        to_store = self.run()
        if to_store is not None:
            table = self.table
            fenced_people(table, lambda within: table.hall.people.save_clock(table.id, to_store[0], within))

    def run(self, mover: int | None = None) -> tuple[dict[str, Any] | None] | None:
        """Run the clocks of the acting people (after ``mover``'s move, if one was applied): what to store,
        ``(clocks,)`` or ``(None,)`` (the game is over: remove them), or None (nothing: untimed, or not
        running). After a move the move carries it into its own transaction (``Move.clock``); ``sync``
        stores it at once."""
        state = self.table.state
        self.turns(state, mover)
        if self.clock is None or state is None:
            return None
        acting = frozenset(state.acting())
        passed = acting != self.acting
        self.acting = acting
        now = self.now()
        if state.is_over():
            self.clock.sync([], now)
            return (None,)
        self.clock.sync(self.timed_seats(), now, mover=mover, turn_passed=passed, turn=state.clock_turn(),
                        held=self.held_seats())
        if self.table.status != Status.RUNNING:
            return None
        self.last_checkpoint = now
        return (self.clock.to_json(now),)

    def save(self, now: float) -> None:
        if self.clock is not None and self.table.status == Status.RUNNING:
            table, data = self.table, self.clock.to_json(now)
            # a table another process owns now is given up; the hall's shutdown (drain.py) goes on with the others
            with contextlib.suppress(StaleOwner):
                fenced_people(table, lambda within: table.hall.people.save_clock(table.id, data, within))
            self.last_checkpoint = now

    def seat_back(self, seat: int) -> Msg | None:
        """A person takes back a seat a bot played after their time ran out: the clock's comeback time, once
        per position; why they may not (their comeback at this position is spent), or None."""
        clock, version = self.clock, self.table.version
        if clock is not None and clock.remaining(seat, self.now()) <= 0 and not clock.seat_back(seat, version):
            return _("your time ran out again before anyone moved: the bot plays this move, and you can take "
                     "the seat back after it")
        return None

    def turns(self, state: State | None, mover: int | None = None) -> None:
        """Since when each acting seat has been waited for: from when it began acting, or its own last move."""
        acting = state.acting() if state is not None and not state.is_over() else ()
        since = self.turn_since
        for seat in [seat for seat in since if seat == mover or seat not in acting]:
            del since[seat]
        begun = [seat for seat in acting if seat not in since]
        if begun:  # the clock is read only when a seat begins to be waited for (not at every move)
            now = self.now()
            for seat in begun:
                since[seat] = now

    def stalled_for(self, seat: int) -> float | None:
        """How long an untimed game has waited for the acting seat's move (None: not acting, or timed)."""
        since = self.turn_since.get(seat)
        return None if since is None or self.control.timed else max(0.0, self.now() - since)

    def snapshot(self) -> dict[str, Any] | None:
        return None if self.clock is None else self.clock.snapshot(self.now())

    # --- presence -----------------------------------------------------------------------------------

    def presence_changed(self) -> None:
        """Someone came or went: the table is deserted when nobody at all is connected."""
        self.deserted_since = None if self.table.conns else (self.deserted_since or self.now())

    def seat_parts(self, seat: int) -> dict[str, Any]:
        """What a seat of the table's summary shows of its person's presence: how long they have been away, and
        (``fairplay.py``) their reliability and their vacation."""
        return {"away": self.away_for(seat), **seat_parts(self.table, seat)}

    def away_for(self, seat: int) -> float | None:
        """How long the person at ``seat`` has had no connection to the table (None: here, or not a person)."""
        occ = self.table.occupants[seat]
        since = self.table.away_since.get(occ.user_id) if isinstance(occ, Person) else None
        return None if since is None else max(0.0, self.now() - since)

    # --- the tick -----------------------------------------------------------------------------------

    def too_late(self, seat: int, conn: Any, ref: int | None) -> bool:
        """Whether a move of ``seat`` comes after its time ran out (then the seat goes to a bot now, the move
        is not played, and ``conn`` is told why)."""
        if seat not in self.expire():
            return False
        conn.error(_("your time ran out: the move was not played"), ref, code="time")
        return True

    def expire(self) -> list[int]:
        """Hand every seat whose time is up to a bot, now (on the tick, and as a move arrives: a move after the
        time ran out is not played); the seats handed over."""
        table = self.table
        if self.clock is None or table.status != Status.RUNNING:
            return []
        now = self.now()
        expired = self.clock.expired(now)
        for seat in expired:
            self.clock.run_out(seat, now)
            occ = table.occupants[seat]
            name = occ.name if occ is not None else table.seat_label(seat)
            table.stand_in(seat, _("{name}'s time ran out: a bot plays {colour} for the rest of the game ({name} can "
                                   "take the seat back with /join {number}).", name=name,
                                   colour=table.seat_label(seat), number=seat + 1))
        return expired

    def tick(self) -> None:
        table = self.table
        now = self.now()
        if table.status == Status.WAITING:
            if self.deserted_since is not None and now - self.deserted_since >= WAITING_TTL:
                table.hall.drop_waiting(table)
            return
        if table.status == Status.OVER:
            if self.deserted_since is not None and now - self.deserted_since >= FINISHED_TTL:
                table.hall.forget_finished(table)
            return
        if table.status != Status.RUNNING or table.state is None:
            return
        if table.away_since:
            table.forget_summary()  # the away times it shows move on
        self.expire()
        if table.settings.away_bot:
            for seat in sorted(self.timed_seats()):  # not those on vacation (vacation.py)
                away = self.away_for(seat)
                if away is not None and away >= self.control.grace:
                    occ = table.occupants[seat]
                    name = occ.name if occ is not None else table.seat_label(seat)
                    table.stand_in(seat, _("{name} has been away for {time}: a bot plays {colour} for them ({name} "
                                           "can take it back with /join {number}).", name=name, time=duration(away),
                                           colour=table.seat_label(seat), number=seat + 1))
        if self.deserted_since is not None and any(on_vacation(table, s) for s in self.people_seats()):
            self.deserted_since = now  # nobody is here, but they wait for someone on vacation
        if self.deserted_since is not None and now - self.deserted_since >= self.control.abandon_after:
            table.hall.abandon(table, _("Nobody has been at this table for {time}: it is closed, and the game is "
                                        "archived as abandoned.", time=duration(now - self.deserted_since)))
            return
        if self.clock is not None and now - self.last_checkpoint >= CHECKPOINT:
            self.save(now)
