"""Reputation: how each account's games with other people ended, its reliability figure, and the bar from rated
tables that repeated leaving earns.

Every finished or abandoned game that two or more people began has one outcome per person
(``store/fairplay.py``, decided by ``server/fairplay.py``): finished, left, timed out or abandoned. From them:

- **reliability**: the share of the account's last ``RECENT`` such games that it finished, in whole percent
  (rounded down: 100 only when every one was finished); None for an account with none yet (a newcomer). It is
  shown on the player page and beside each seat, and a table's creator may ask for a minimum to sit down
  (``table_options.min_reliability``): a newcomer may sit anywhere;
- **the bar**: an account that did not finish ``BAR_AFTER`` rated games (games at tables without hints that
  two or more registered accounts began) within ``BAR_WINDOW`` may not sit down at a rated table until
  ``BAR_FOR`` after the last of them; unrated tables (hints allowed, or against bots) stay open, and a seat in a
  game already begun can always be taken back.

Figures are dated in wall-clock time (``wall.py``). A seat's figure, and the standing that sitting down at a
rated table checks, are kept for ``KEPT_FOR`` seconds (of the hall's clock) per account; a new outcome this
process stores is added to what is kept, and another process's new outcome shows within that time. The player
page reads the store afresh.
"""

from __future__ import annotations

import time
import weakref
from dataclasses import dataclass
from typing import Any

from longhouse.server.wall import wall
from longhouse.store import Store
from longhouse.store.fairplay import FINISHED, OUTCOMES, FairStore, Outcome, fair_store

#: How many of the latest games the reliability figure is taken over.
RECENT = 50
#: Rated games not finished within ``BAR_WINDOW`` seconds that bar an account from rated tables ...
BAR_AFTER = 3
BAR_WINDOW = 7 * 86400.0
#: ... for this long after the last of them.
BAR_FOR = 24 * 3600.0
#: Seconds a seat's figure is kept in memory.
KEPT_FOR = 60.0


@dataclass(frozen=True)
class Standing:
    """One account's reputation at one moment."""

    #: Every game with other people it has an outcome of, by outcome (all of ``OUTCOMES``, zeros included).
    counts: dict[str, int]
    #: Of its last ``RECENT`` games: how many it finished, of how many.
    recent_finished: int
    recent_games: int
    #: Until when (wall-clock seconds) it may not sit down at a rated table; None: it may.
    barred_until: float | None

    @property
    def reliability(self) -> int | None:
        return None if not self.recent_games else (100 * self.recent_finished) // self.recent_games

    def to_json(self) -> dict[str, Any]:
        return {"reliability": self.reliability, "recent_finished": self.recent_finished,
                "recent_games": self.recent_games, "counts": self.counts, "barred_until": self.barred_until,
                "recent_of": RECENT}


def barred_until(forfeits: list[float], now: float) -> float | None:
    """When a bar earned by rated games not finished at these (wall-clock) times ends, or None if there is
    none at ``now``: ``BAR_AFTER`` of them within ``BAR_WINDOW`` bar until ``BAR_FOR`` after the last."""
    recent = sorted(t for t in forfeits if now - BAR_WINDOW < t <= now)
    if len(recent) < BAR_AFTER:
        return None
    until = recent[-1] + BAR_FOR
    return until if until > now else None


@dataclass(frozen=True)
class _Read:
    """What the store said of one account's reputation: the outcomes of its last ``RECENT`` games (newest
    first) always; its counts and rated forfeits (those since ``BAR_WINDOW`` before ``read_at``, wall-clock)
    once a standing was asked for."""

    recent: tuple[str, ...]
    counts: dict[str, int] | None = None
    forfeits: tuple[float, ...] = ()
    read_at: float = 0.0

    def finished(self) -> int:
        return sum(1 for outcome in self.recent if outcome == FINISHED)

    def with_outcome(self, outcome: Outcome) -> _Read:
        """The same and one newer game's outcome, as the store has it once that outcome is stored."""
        counts = None
        if self.counts is not None:
            counts = dict(self.counts)
            counts[outcome.outcome] = counts.get(outcome.outcome, 0) + 1
        forfeits = self.forfeits
        if outcome.rated and outcome.outcome != FINISHED:
            forfeits = (*forfeits, outcome.finished)
        return _Read((outcome.outcome, *self.recent)[:RECENT], counts, forfeits, self.read_at)

    def standing(self, now: float) -> Standing:
        """The standing at ``now`` (wall-clock, not before ``read_at``) of a read with its counts."""
        assert self.counts is not None
        return Standing(dict(self.counts), self.finished(), len(self.recent), barred_until(list(self.forfeits), now))


def _recent(fair: FairStore, user_id: int) -> tuple[str, ...]:
    return tuple(o.outcome for o in fair.outcomes_of(user_id, limit=RECENT))


def _read(fair: FairStore, user_id: int, now: float) -> _Read:
    """Everything a standing at ``now`` (wall-clock seconds) is made of, from the store."""
    counts = dict.fromkeys(OUTCOMES, 0)
    counts.update(fair.outcome_counts(user_id))
    return _Read(_recent(fair, user_id), counts, tuple(fair.rated_forfeits(user_id, since=now - BAR_WINDOW)), now)


def standing(fair: FairStore, user_id: int, now: float) -> Standing:
    """The account's reputation at ``now`` (wall-clock seconds), from the store."""
    return _read(fair, user_id, now).standing(now)


class Reputations:
    """The seat figures and standings of one store, each kept a while (``KEPT_FOR``): a standing is asked for
    at every sitting down at a rated table (``fairplay.refusal``), three queries a time without this keeper,
    and a game's end would otherwise send each of its people's next sitting down to the store again."""

    def __init__(self, store: Store) -> None:
        self.fair = fair_store(store)
        self._kept: dict[int, tuple[float, _Read]] = {}  # user id -> (kept until, what was read)

    def _keep(self, user_id: int, until: float, read: _Read) -> None:
        if len(self._kept) > 10_000:
            self._kept.clear()
        self._kept[user_id] = (until, read)

    def figure(self, user_id: int, now: float | None = None) -> int | None:
        now = time.monotonic() if now is None else now
        kept = self._kept.get(user_id)
        if kept is not None and kept[0] > now:
            read = kept[1]
        else:
            read = _Read(_recent(self.fair, user_id))
            self._keep(user_id, now + KEPT_FOR, read)
        return None if not read.recent else (100 * read.finished()) // len(read.recent)

    def standing(self, user_id: int, wall_now: float, now: float | None = None) -> Standing:
        """As ``standing`` (the module's function) at ``wall_now``; ``now``: the hall's clock, for keeping.
        What was read stays right while kept: the forfeits are filtered by ``barred_until`` at each
        ``wall_now`` (a later one only narrows the window read), and each new outcome stored here is added."""
        now = time.monotonic() if now is None else now
        kept = self._kept.get(user_id)
        read = kept[1] if kept is not None and kept[0] > now else None
        if read is None or read.counts is None or wall_now < read.read_at:
            read = _read(self.fair, user_id, wall_now)
            self._keep(user_id, now + KEPT_FOR, read)
        return read.standing(wall_now)

    def stored(self, outcomes: list[Outcome]) -> None:
        """A game's outcomes were just stored by this process (``fairplay.game_over``; a game's outcomes are
        stored once): what is kept of its people takes them in, kept no longer than it was."""
        for outcome in outcomes:
            kept = self._kept.get(outcome.user_id)
            if kept is not None:
                self._kept[outcome.user_id] = (kept[0], kept[1].with_outcome(outcome))

    def forget(self, user_ids: list[int]) -> None:
        for uid in user_ids:
            self._kept.pop(uid, None)


_kept: weakref.WeakKeyDictionary[Store, Reputations] = weakref.WeakKeyDictionary()


def reputations(store: Store) -> Reputations:
    """The seat figures and standings of ``store`` (one keeper per store)."""
    found = _kept.get(store)
    if found is None:
        found = _kept[store] = Reputations(store)
    return found


def page_part(hall: Any, name: str) -> dict[str, Any]:
    """What a player page shows of fair play: the account's reputation (``reputation``), how its latest games
    ended for it (``outcomes``: table id -> outcome) and, if it is on vacation now, until when (``vacation``:
    wall-clock seconds)."""
    found = hall.people.user(name)
    if found is None:
        return {}
    user_id = found[0]
    fair = fair_store(hall.store)
    mine = standing(fair, user_id, wall(hall))
    recent = {str(o.table_id): o.outcome for o in fair.outcomes_of(user_id, limit=RECENT)}
    return {"reputation": mine.to_json(), "vacation": hall.vacations.until(user_id), "outcomes": recent}
