"""Game clocks: the time controls a table can be created with, and the per-seat clocks of a running game.

A time control is data (``TIME_CONTROLS``): a reserve per seat plus an increment (real time, relaxed), or a
fixed time per turn (turn-based), or none (untimed). ``Clock`` is a plain model driven by the times it is
given — it never reads the wall clock itself, so the table passes in its hall's (injectable) clock and tests
move a fake one.

How the clock runs:

- A seat's clock runs while that seat is acting and a person holds it (in a simultaneous phase, every
  acting person's clock runs at once). A bot's seat never runs a clock.
- A move that passes the turn on (the set of acting seats is different after it) ends the mover's turn:
  with a reserve, the mover gains the increment; moves inside one turn that leave the acting seats as they
  were (a turn of several steps) earn nothing until the turn passes. A game says what a turn is for the
  increment (``State.clock_turn``): by default every hand-off is one; Manitoba's is the round, so a seat
  earns once per round however often play comes back to it (its active action, a passive one, a
  scoring's choice). The increment never takes a reserve above what it started with: a clock that ends
  a game never reads more than it began with.
- Turn-based: each turn a seat begins (it starts acting, or it passes the turn and acts again at once)
  gets the full time per turn; nothing carries over.
- A seat whose time is up (``expired``) is handed to a bot by the table; a person who takes such a seat back
  gets one increment (turn-based: one turn's time) to move in (``seat_back``), once per position: a second
  time-out before anyone moved earns nothing more (else taking the seat back again and again would stall the
  game for ever).
- A seat whose person is on vacation (``vacation.py``; the table tells which, ``held``) is not charged: a turn it
  is in the middle of keeps the time it had left when the vacation began, one that begins during the vacation
  waits with its full time; when the vacation ends the clock runs on from there.
- Stored state (``to_json``) is the time each seat had left when it was saved; ``from_json`` starts the
  running seats again from the moment of loading, so time the hall was down is not charged to anyone.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from longhouse.i18n import _


@dataclass(frozen=True)
class TimeControl:
    """One way a table is timed. Seconds throughout; ``per_turn`` set means turn-based."""

    key: str
    title: str
    reserve: float = 0.0
    increment: float = 0.0
    per_turn: float | None = None
    #: How long a seat may be away (no connection) while acting before a bot plays for it, if the table
    #: lets bots stand in for away players.
    grace: float = 60.0
    #: How long a running table may have no person connected before it is closed as abandoned.
    abandon_after: float = 2 * 3600.0

    @property
    def timed(self) -> bool:
        return self.per_turn is not None or self.reserve > 0

    @property
    def comeback(self) -> float:
        """The time a person gets who takes back a seat whose clock ran out."""
        return self.per_turn if self.per_turn is not None else self.increment

    def describe(self) -> dict[str, Any]:
        return {"key": self.key, "title": self.title, "reserve": self.reserve, "increment": self.increment,
                "per_turn": self.per_turn, "grace": self.grace, "abandon_after": self.abandon_after}


UNTIMED = TimeControl("untimed", "Untimed (no clock)", grace=120.0, abandon_after=2 * 3600.0)

#: Every time control a table may be created with, in the order the lobby offers them.
TIME_CONTROLS: dict[str, TimeControl] = {tc.key: tc for tc in (
    TimeControl("real-time", "Real time: 5 min + 20 s per turn", reserve=300.0, increment=20.0, grace=60.0),
    TimeControl("relaxed", "Relaxed: 20 min + 60 s per turn", reserve=1200.0, increment=60.0, grace=180.0),
    TimeControl("turn-based", "Turn-based: 24 h per turn", per_turn=86400.0, grace=3 * 86400.0,
                abandon_after=14 * 86400.0),
    UNTIMED,
)}


def time_control(key: str | None) -> TimeControl:
    """The time control named ``key`` (None: untimed); ValueError naming the choices otherwise."""
    if key is None:
        return UNTIMED
    try:
        return TIME_CONTROLS[key]
    except KeyError:
        raise ValueError(_("there is no time control {control}; choose one of {controls}", control=repr(key)[:40],
                           controls=", ".join(TIME_CONTROLS))) from None


class Clock:
    """The clocks of one running game: the time each seat has left, and which seats' clocks run."""

    def __init__(self, control: TimeControl, seats: int, now: float) -> None:
        self.control = control
        start = control.per_turn if control.per_turn is not None else control.reserve
        self.left: list[float] = [start] * seats
        #: seat -> the moment its clock last started (or was last charged).
        self.running: dict[int, float] = {}
        #: seat -> the game's version at which it was last given the comeback time (``seat_back``).
        self.came_back: dict[int, int] = {}
        #: seat -> the game's turn (``State.clock_turn``) its clock last started in, and the last one it
        #: earned the increment for (a turn earns it once).
        self.turn_of: dict[int, int] = {}
        self.earned: dict[int, int] = {}
        #: Acting seats whose clock stands still (their person is on vacation), keeping their turn's time.
        self.held: set[int] = set()
        self.saved_at = now

    # --- reading --------------------------------------------------------------------------------

    def remaining(self, seat: int, now: float) -> float:
        """Seconds ``seat`` has left at ``now`` (never below zero)."""
        left = self.left[seat]
        if seat in self.running:
            left -= now - self.running[seat]
        return max(0.0, left)

    def expired(self, now: float) -> list[int]:
        """The running seats whose time is up at ``now``."""
        return sorted(seat for seat in self.running if self.remaining(seat, now) <= 0.0)

    def snapshot(self, now: float) -> dict[str, Any]:
        """What a client shows: each seat's time left at ``now`` and which clocks run."""
        return {"control": self.control.key, "title": self.control.title,
                "left": [round(self.remaining(s, now), 3) for s in range(len(self.left))],
                "running": sorted(self.running)}

    # --- changing -------------------------------------------------------------------------------

    def _charge(self, now: float) -> None:
        for seat, since in self.running.items():
            self.left[seat] = max(0.0, self.left[seat] - max(0.0, now - since))
            self.running[seat] = now

    def sync(self, timed: Iterable[int], now: float, mover: int | None = None, turn_passed: bool = False,
             turn: int | None = None, held: Iterable[int] = ()) -> None:
        """After the game or its seating changed: ``timed`` are the seats whose clocks should run now
        (acting, held by a person), ``held`` those acting whose clocks stand still (their person is on
        vacation). ``mover`` made the move that caused this, and ``turn_passed`` says whether that move changed
        who is acting (ending the mover's turn); ``turn`` is the game's turn now (``State.clock_turn``; None:
        every hand-off is a turn)."""
        self._charge(now)
        wanted, holding = set(timed), set(held) - set(timed)
        ended_turn = mover if (turn_passed and mover is not None and mover in self.running) else None
        if ended_turn is not None and self.control.per_turn is None:
            self._earn(ended_turn)
        if turn_passed and mover is not None:
            self.held.discard(mover)  # a held seat that moved on: its next turn begins afresh
        for seat in list(self.running):
            if seat not in wanted or seat == ended_turn:
                del self.running[seat]
                if seat in holding and seat != ended_turn:
                    self.held.add(seat)  # stopped mid-turn: it keeps what it had left
        self.held &= wanted | holding  # a seat no longer acting: its turn is over
        for seat in sorted(wanted):
            if seat not in self.running:
                if self.control.per_turn is not None and seat not in self.held:
                    self.left[seat] = self.control.per_turn
                self.running[seat] = now
                if seat in self.held:
                    self.held.discard(seat)  # back from vacation: the same turn goes on
                elif turn is None:
                    self.turn_of.pop(seat, None)
                else:
                    self.turn_of[seat] = turn
        for seat in sorted(holding - self.held):  # a turn that begins during the vacation waits whole
            if self.control.per_turn is not None:
                self.left[seat] = self.control.per_turn
            self.held.add(seat)

    def _earn(self, seat: int) -> None:
        """``seat`` ended its turn: the increment, once per game turn it began acting in, and never above the
        reserve it started with."""
        turn = self.turn_of.get(seat)
        if turn is not None:
            if self.earned.get(seat) == turn:
                return
            self.earned[seat] = turn
        self.left[seat] = max(self.left[seat], min(self.control.reserve, self.left[seat] + self.control.increment))

    def run_out(self, seat: int, now: float) -> None:
        """``seat``'s time is up: its clock stops at zero (a bot plays it from now on)."""
        self._charge(now)
        self.running.pop(seat, None)
        self.left[seat] = 0.0

    def seat_back(self, seat: int, version: int = -1) -> bool:
        """A person takes back a seat whose time ran out, at the game's ``version``: they get ``comeback``
        seconds to move in, unless they had them at this same version already (False: nothing given)."""
        if self.came_back.get(seat) == version:
            return False
        self.came_back[seat] = version
        self.left[seat] = max(self.left[seat], self.control.comeback)
        return True

    # --- storing --------------------------------------------------------------------------------

    def to_json(self, now: float) -> dict[str, Any]:
        """The clocks as stored: each seat's time left at ``now`` and which seats' clocks were running."""
        self.saved_at = now
        return {"control": self.control.key, "left": [self.remaining(s, now) for s in range(len(self.left))],
                "running": sorted(self.running), "came_back": sorted(self.came_back.items()),
                "turn_of": sorted(self.turn_of.items()), "earned": sorted(self.earned.items()),
                "held": sorted(self.held)}

    @classmethod
    def from_json(cls, data: dict[str, Any], now: float) -> Clock:
        """Clocks loaded at ``now``: running seats start again from ``now`` (downtime is not charged)."""
        control = time_control(str(data["control"]))
        left = [float(x) for x in data["left"]]
        clock = cls(control, len(left), now)
        clock.left = left
        clock.running = {int(seat): now for seat in data["running"]}
        clock.came_back = {int(seat): int(version) for seat, version in data.get("came_back", [])}
        clock.turn_of = {int(seat): int(turn) for seat, turn in data.get("turn_of", [])}
        clock.earned = {int(seat): int(turn) for seat, turn in data.get("earned", [])}
        clock.held = {int(seat) for seat in data.get("held", [])}
        return clock
