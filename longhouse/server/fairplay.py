"""Fair play: who really played each seat of a game, how each person's part ended, and who may sit down where.

A running game keeps, per seat, who has held it since the start (``SeatLog``: the accounts seated when it
began, then each change of holder, stored as it happens so that a process that resumes the game knows them
too: ``store/fairplay.py``'s ``seat_spells``). A change is a stand-in bot taking the seat — because its person
gave it up (``left``: ``/leave`` or Watch), their clock ran out (``time``), or they were away or stalled a game
(``away``: the away rule, or another player's ``/bot``) — or its person taking it back (``back``).

When the game ends every person who began it gets an outcome (``game_over``), if two or more people began it:

- they **played** it when they made at least ``PLAYED_SHARE`` of their seat's moves themselves, and at least
  ``PLAYED_MOVES``, and no stand-in bot moved for it after they gave it up themselves (leaving on your turn to
  let the bot move and taking the seat back at once gains nothing: the game then counts as not played by you);
- their outcome is ``finished`` if they played it (or no stand-in moved for them: a game over at once), else
  the reason of the first stand-in that moved for them:
  ``left``, ``timed_out`` or ``abandoned`` (away) — one who resigned (``resign.py``) finished it. A game
  closed as abandoned (nobody came back, or an admin closed it) gives no ``finished``: those then at their
  seat and connected get no outcome, those away ``abandoned``, and a seat a bot held its reason.

The ratings (``ratings.py``) rate only those who played a rated game among themselves; one who did not forfeits
it (rated last against those who played, who gain nothing from it). Reputation (``reputation.py``) counts the
outcomes. ``refusal`` says who may not sit down at a table: below the creator's minimum reliability, or barred
from rated tables.
"""

from __future__ import annotations

import logging
import weakref
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from longhouse.engine.records import Record
from longhouse.i18n import N_, Msg, _
from longhouse.server import table_options
from longhouse.server.fencing import fenced_people
from longhouse.server.reputation import BAR_AFTER, BAR_WINDOW, reputations
from longhouse.server.vacation import on_vacation
from longhouse.server.wall import wall, when
from longhouse.store import BotSeat, Occupant, Person, Status, Store
from longhouse.store.fairplay import ABANDONED, FINISHED, LEFT, TIMED_OUT, Outcome, Spell, fair_store
from longhouse.store.people import PeopleStore

log = logging.getLogger("longhouse.fairplay")

#: The share of a seat's moves its person must have made themselves to have played the game ...
PLAYED_SHARE = 0.5
#: ... and how many at least (a game resigned at once, or over at once, was not played).
PLAYED_MOVES = 2
#: The outcome a stand-in's reason gives a person who did not play their game (one who resigned finished it).
OUTCOME_OF = {"left": LEFT, "time": TIMED_OUT, "away": ABANDONED, "resign": FINISHED}
#: Which reason counts first when several stand-ins moved for one seat.
FIRST = ("left", "time", "away", "resign")
#: What a person is told who may not sit down (the catalogs' ids: ``_``).
TEXTS = {
    "barred": N_("you did not finish {games} rated games within {days} days: rated tables are closed to you until "
                 "{until} (tables with hints, which are not rated, are open)"),
    "below": N_("this table asks for a reliability of {minimum}% or more; yours is {figure}% (you finished "
                "{finished} of your last {games} games with other people)"),
}


class FairHall(Protocol):
    store: Store
    people: PeopleStore

    @property
    def settings(self) -> Any: ...

    def clock(self) -> float: ...

    def give_up(self, table: Any) -> None: ...


class FairKeeper(Protocol):
    clock: Any

    def stalled_for(self, seat: int) -> float | None: ...


class FairTable(Protocol):
    """What fair play needs of a table (``Table`` is one)."""

    id: int
    epoch: int | None
    status: Status
    occupants: list[Occupant | None]
    options: dict[str, Any]
    starters: dict[int, int] | None

    @property
    def keeper(self) -> FairKeeper: ...

    @property
    def settings(self) -> Any: ...

    @property
    def hall(self) -> FairHall: ...

    @property
    def version(self) -> int: ...

    @property
    def record(self) -> Record | None: ...

    def connected(self, user_id: int) -> bool: ...


@dataclass
class Tally:
    """One seat's moves over a game: by its first person, by others (stand-in bots), and why the bots held it."""

    own: int = 0
    others: int = 0
    #: The reasons of the stand-in spells that made a move for the seat.
    whys: set[str] = field(default_factory=set)

    def played(self) -> bool:
        total = self.own + self.others
        return "left" not in self.whys and self.own >= max(PLAYED_MOVES, PLAYED_SHARE * total)


def tally(actions: Sequence[Mapping[str, Any]], starters: Mapping[int, int],
          spells: Sequence[Spell]) -> dict[int, Tally]:
    """Each starting person's seat's ``Tally`` over a record's entries (takebacks are no moves), given the
    seat spells that followed the start (each holds from its ``idx``: the entries made at that version on)."""
    by_seat: dict[int, list[Spell]] = {}
    for spell in spells:
        by_seat.setdefault(spell.seat, []).append(spell)
    at = dict.fromkeys(by_seat, -1)  # per seat, its spell in force (-1: the start)
    out = {seat: Tally() for seat in starters}
    for index, entry in enumerate(actions):
        seat = entry.get("seat")
        if not isinstance(seat, int) or seat not in out or "action" not in entry:
            continue
        mine = by_seat.get(seat, [])
        j = at.get(seat, -1)
        while j + 1 < len(mine) and mine[j + 1].idx <= index:
            j += 1
        at[seat] = j
        holder = starters[seat] if j < 0 else mine[j].user_id
        if holder == starters[seat]:
            out[seat].own += 1
        else:
            out[seat].others += 1
            if j >= 0 and mine[j].user_id is None:
                out[seat].whys.add(mine[j].why)
    return out


class SeatLog:
    """A running game's seat spells (see the module docstring), read from the store the first time they are
    needed and kept as they change."""

    def __init__(self, table: FairTable) -> None:
        self._table = weakref.ref(table)  # the table owns its log: no cycle
        self._spells: list[Spell] | None = None
        self._starters: dict[int, int] | None = None

    @property
    def table(self) -> FairTable:
        table = self._table()
        assert table is not None, "a seat log lives only as long as its table"
        return table

    def starters(self) -> dict[int, int]:
        table = self.table
        if table.starters is not None:
            return table.starters
        if self._starters is None:
            self._starters = table.hall.people.played_at(table.id)
        return self._starters

    def began(self) -> None:
        """The game began in this process: it has no spells yet, none to read from the store at its end."""
        self._spells = []

    def spells(self) -> list[Spell]:
        if self._spells is None:
            self._spells = fair_store(self.table.hall.store).spells_of(self.table.id)
        return self._spells

    def holder(self, seat: int) -> int | None:
        """Who holds the seat as far as the spells know (its starter, or the latest spell's holder)."""
        for spell in reversed(self.spells()):
            if spell.seat == seat:
                return spell.user_id
        return self.starters().get(seat)

    def check(self) -> None:
        """The seating may have changed (``Timekeeper.sync``, after every change): each seat of a running game
        whose holder changed begins a spell, stored now."""
        table = self.table
        if table.status != Status.RUNNING:
            return
        for seat, occupant in enumerate(table.occupants):
            if occupant is None:
                continue  # between a stand-in and its person, for a moment
            before = self.holder(seat)
            if isinstance(occupant, BotSeat):
                if before is None:
                    continue
                spell = Spell(seat, table.version, None, self._why(seat, before))
            else:
                if before == occupant.user_id:
                    continue
                spell = Spell(seat, table.version, occupant.user_id, "back")
            self._begin(spell)

    def _begin(self, spell: Spell) -> None:
        table, fair = self.table, fair_store(self.table.hall.store)
        self.spells().append(spell)
        fenced_people(table, lambda within: fair.add_spell(table.id, spell, within))

    def _why(self, seat: int, person: int) -> str:
        """Why a bot takes ``person``'s seat now: their clock ran out, they gave it up, or they are away."""
        table = self.table
        if seat in getattr(table.settings, "resigned", ()):  # conceded (resign.py): a bot plays it to the end
            return "resign"
        clock = table.keeper.clock
        if clock is not None and clock.remaining(seat, table.hall.clock()) <= 0:
            return "time"
        stalled = table.keeper.stalled_for(seat)
        grace = table.hall.settings.stall_grace
        if table.connected(person) and not (stalled is not None and grace and stalled >= grace):
            return "left"
        return "away"

    def outcomes(self, finished: float) -> list[Outcome]:
        """Every starting person's outcome of the game that just ended (none unless two or more people began
        it); see the module docstring."""
        table = self.table
        record = table.record
        starters = self.starters()
        if record is None or len(starters) < 2:
            return []
        counts = tally(record.actions, starters, self.spells())
        registered = table.hall.people.registered(set(starters.values()))
        rated = not table_options.hints_allowed(table.options) and len(registered & set(starters.values())) >= 2
        result = record.result or {}
        over = bool(result) and not result.get("abandoned")
        out = []
        for seat, uid in sorted(starters.items()):
            count = counts[seat]
            whys = [w for w in FIRST if w in count.whys]
            if over:
                played = count.played()
                outcome = FINISHED if played or not whys else OUTCOME_OF[whys[0]]  # no stand-in: there at the end
            else:
                played = False
                holder = self.holder(seat)
                if holder is None:
                    last = next(s for s in reversed(self.spells()) if s.seat == seat)
                    outcome = OUTCOME_OF.get(last.why, ABANDONED)
                elif holder == uid and table.connected(uid):
                    continue  # at their seat when it was closed: the game does not count for them
                else:
                    outcome = ABANDONED
            out.append(Outcome(table.id, seat, uid, record.game, finished, outcome, count.own, count.others,
                               rated, played))
        return out


def game_over(table: FairTable) -> bool:
    """The table's game ended (finished, or closed as abandoned): store its people's outcomes. False if they
    could not be stored (logged: the game's ratings then wait for a rebuild)."""
    log_of = seat_log(table)
    try:
        outcomes = log_of.outcomes(wall(table.hall))
        fair = fair_store(table.hall.store)
        fenced_people(table, lambda within: fair.close_game(table.id, outcomes, within))
    except Exception:
        log.exception("table %s: the outcomes of its game could not be stored", table.id)
        return False
    reputations(table.hall.store).stored(outcomes)
    return True


def seat_log(table: Any) -> SeatLog:
    log_of: SeatLog = table.keeper.seat_log
    return log_of


def refusal(table: FairTable, user_id: int) -> Msg | None:
    """Why this account may not sit down at ``table`` (not taking back a seat of a running game: that is always
    allowed), or None: the table's minimum reliability, and the bar from rated tables (``reputation.py``)."""
    return refusal_at(table.hall, table.options, user_id)


def refusal_at(hall: Any, options: dict[str, Any], user_id: int) -> Msg | None:
    """The same for a table of these ``options`` (one about to be made, its creator sitting down at once)."""
    minimum = table_options.min_reliability(options)
    rated = not table_options.hints_allowed(options)
    if not minimum and not rated:
        return None
    mine = reputations(hall.store).standing(user_id, wall(hall), hall.clock())
    if rated and mine.barred_until is not None:
        barred = TEXTS["barred"]
        return _(barred, games=BAR_AFTER, days=round(BAR_WINDOW / 86400), until=when(mine.barred_until))
    figure = mine.reliability
    if minimum and figure is not None and figure < minimum:
        below = TEXTS["below"]
        return _(below, minimum=minimum, figure=figure, finished=mine.recent_finished,
                 games=mine.recent_games)
    return None


def seat_parts(table: Any, seat: int) -> dict[str, Any]:
    """What a seat of the table's summary shows of its person: their reliability (None: a newcomer), and when
    their vacation ends if they are on one at this turn-based table (``vacation.py``)."""
    occupant = table.occupants[seat]
    if not isinstance(occupant, Person):
        return {}
    return {"reliability": reputations(table.hall.store).figure(occupant.user_id, table.hall.clock()),
            "vacation": on_vacation(table, seat)}
