"""The store's part for fair play: who held each seat of a running game when, how each person's part in a
finished game ended, and vacation days.

Three tables beside the store's core ones (same engine, same name prefix; ``fairplay_tables.py`` puts them in
the store's model, a revision in ``store/migrations`` makes them):

- ``seat_spells``: while a game runs, each change of a seat's holder after the start (a stand-in bot took it,
  or its person took it back), at which version of the game and why; the accounts seated at the start are
  ``table_people``'s. Read back by a process that resumes the game; removed once the game's outcomes are in;
- ``seat_outcomes``: per finished (or abandoned) game with two or more people and per person's seat, how
  their part ended (``finished``, ``left``, ``timed_out``, ``abandoned``), how many of the seat's moves they
  made themselves and how many stand-in bots made, whether the table was a rated one and whether the person
  counts as having played it (``server/fairplay.py`` says when). Reputation (``server/reputation.py``) and
  the ratings (``server/ratings.py``) read it;
- ``vacations``: per account its vacations (from, until), in wall-clock time (``server/vacation.py``).

Outcomes and vacations refer to ``users`` and go with the account (``ON DELETE CASCADE``).
"""

from __future__ import annotations

import contextlib
import weakref
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Table, bindparam, delete, func, insert, select, update
from sqlalchemy.engine import Connection, Engine

from longhouse.store.db import Store
from longhouse.store.people import PeopleStore

#: The outcomes of a person's part in a game, as stored.
FINISHED, LEFT, TIMED_OUT, ABANDONED = "finished", "left", "timed_out", "abandoned"
OUTCOMES = (FINISHED, LEFT, TIMED_OUT, ABANDONED)


@dataclass(frozen=True)
class Spell:
    """From version ``idx`` on, ``seat`` is held by ``user_id`` (None: a stand-in bot), for the reason ``why``:
    ``left`` (its person gave it up), ``time`` (their clock ran out), ``away`` (they were away), ``back`` (they
    took it back)."""

    seat: int
    idx: int
    user_id: int | None
    why: str


@dataclass(frozen=True)
class Outcome:
    """How one person's part in one game ended (see the module docstring)."""

    table_id: int
    seat: int
    user_id: int
    game: str
    finished: float
    outcome: str
    own: int
    by_bots: int
    rated: bool
    played: bool


class FairStore:
    """The fair-play tables of one store. Every write commits before returning."""

    def __init__(self, engine: Engine, tables: Mapping[str, Table], prefix: str) -> None:
        self.engine = engine
        self.users = tables[f"{prefix}users"]
        self.spells, self.outcomes = tables[f"{prefix}seat_spells"], tables[f"{prefix}seat_outcomes"]
        self.vacations = tables[f"{prefix}vacations"]
        # The reads and writes made at every game's end and every sitting down at a rated table, built once:
        # a statement built anew is compiled anew (its cache key and coercions cost twice the query itself).
        o = self.outcomes.c
        self._outcomes_of: dict[int | None, Any] = {}
        self._counts = select(o.outcome, func.count()).where(o.user_id == bindparam("uid")).group_by(o.outcome)
        self._forfeits = select(o.finished).where(o.user_id == bindparam("uid"), o.rated.is_(True),
                                                  o.outcome != FINISHED, o.finished > bindparam("since"))
        self._drop_outcomes = delete(self.outcomes).where(o.table_id == bindparam("tid"))
        self._drop_spells = delete(self.spells).where(self.spells.c.table_id == bindparam("tid"))
        self._add_outcomes = insert(self.outcomes)

    def _begin(self, within: Connection | None) -> contextlib.AbstractContextManager[Connection]:
        """A transaction of its own, or ``within`` one already begun (``Store.fenced``: several processes)."""
        return contextlib.nullcontext(within) if within is not None else self.engine.begin()

    # --- seat spells ------------------------------------------------------------------------------

    def add_spell(self, table_id: int, spell: Spell, within: Connection | None = None) -> None:
        with self._begin(within) as c:
            c.execute(insert(self.spells).values(table_id=table_id, seat=spell.seat, idx=spell.idx,
                                                 user_id=spell.user_id, why=spell.why))

    def spells_of(self, table_id: int) -> list[Spell]:
        """The table's spells in the order they began."""
        s = self.spells.c
        with self.engine.connect() as c:
            rows = c.execute(select(s.seat, s.idx, s.user_id, s.why).where(s.table_id == table_id)
                             .order_by(s.id)).all()
        return [Spell(int(r.seat), int(r.idx), None if r.user_id is None else int(r.user_id), str(r.why))
                for r in rows]

    # --- outcomes ---------------------------------------------------------------------------------

    def close_game(self, table_id: int, outcomes: list[Outcome], within: Connection | None = None) -> None:
        """A game ended: its outcomes (replacing any stored before), and its spells go."""
        with self._begin(within) as c:
            c.execute(self._drop_outcomes, {"tid": table_id})
            if outcomes:
                c.execute(self._add_outcomes, [
                    {"table_id": o.table_id, "seat": o.seat, "user_id": o.user_id, "game": o.game,
                     "finished": o.finished, "outcome": o.outcome, "own": o.own, "by_bots": o.by_bots,
                     "rated": o.rated, "played": o.played} for o in outcomes])
            c.execute(self._drop_spells, {"tid": table_id})

    def outcomes_of(self, user_id: int, limit: int | None = None) -> list[Outcome]:
        """The account's outcomes, newest first."""
        query = self._outcomes_of.get(limit)
        if query is None:
            o = self.outcomes.c
            query = (select(self.outcomes).where(o.user_id == bindparam("uid"))
                     .order_by(o.finished.desc(), o.table_id.desc()))
            if limit is not None:
                query = query.limit(limit)
            if len(self._outcomes_of) < 8:  # a few limits are asked for (RECENT, a page's)
                self._outcomes_of[limit] = query
        with self.engine.connect() as c:
            rows = c.execute(query, {"uid": user_id}).all()
        return [_outcome(r) for r in rows]

    def outcome_counts(self, user_id: int) -> dict[str, int]:
        """How many games of each outcome the account has."""
        with self.engine.connect() as c:
            rows = c.execute(self._counts, {"uid": user_id}).all()
        return {str(r[0]): int(r[1]) for r in rows}

    def rated_forfeits(self, user_id: int, since: float) -> list[float]:
        """When (wall-clock seconds) the account's rated games since ``since`` that it did not finish ended."""
        with self.engine.connect() as c:
            rows = c.execute(self._forfeits, {"uid": user_id, "since": since}).all()
        return [float(r[0]) for r in rows]

    def outcomes_at(self, table_id: int) -> list[Outcome]:
        with self.engine.connect() as c:
            rows = c.execute(select(self.outcomes).where(self.outcomes.c.table_id == table_id)
                             .order_by(self.outcomes.c.seat)).all()
        return [_outcome(r) for r in rows]

    def judged(self, table_ids: Iterable[int] | None = None) -> dict[int, dict[int, bool]]:
        """Per rated table with outcomes (all, or those of ``table_ids``): seat -> whether its person played it."""
        o = self.outcomes.c
        query = select(o.table_id, o.seat, o.played).where(o.rated.is_(True))
        if table_ids is not None:
            query = query.where(o.table_id.in_(list(table_ids)))
        out: dict[int, dict[int, bool]] = {}
        with self.engine.connect() as c:
            for r in c.execute(query).all():
                out.setdefault(int(r.table_id), {})[int(r.seat)] = bool(r.played)
        return out

    # --- vacations --------------------------------------------------------------------------------

    def vacations_of(self, user_id: int) -> list[tuple[float, float]]:
        """The account's vacations (from, until), oldest first."""
        v = self.vacations.c
        with self.engine.connect() as c:
            rows = c.execute(select(v.start, v.until).where(v.user_id == user_id).order_by(v.start)).all()
        return [(float(r.start), float(r.until)) for r in rows]

    def current_vacations(self, now: float) -> dict[int, tuple[float, float]]:
        """Every account on vacation at ``now``: user id -> (from, until)."""
        v = self.vacations.c
        with self.engine.connect() as c:
            rows = c.execute(select(v.user_id, v.start, v.until).where(v.start <= now, v.until > now)).all()
        return {int(r.user_id): (float(r.start), float(r.until)) for r in rows}

    def start_vacation(self, user_id: int, start: float, until: float) -> bool:
        """A vacation from ``start`` to ``until``; False (nothing stored) if the account is on one then. The
        account's row is locked first, so two requests at once cannot both start one."""
        users, v = self.users, self.vacations.c
        with self.engine.begin() as c:
            c.execute(update(users).where(users.c.id == user_id).values(id=users.c.id))  # the lock
            if c.execute(select(v.id).where(v.user_id == user_id, v.until > start)).first() is not None:
                return False
            c.execute(insert(self.vacations).values(user_id=user_id, start=start, until=until))
        return True

    def end_vacation(self, user_id: int, now: float) -> tuple[float, float] | None:
        """End the account's current vacation at ``now``: its (from, until now), or None if it is on none."""
        v = self.vacations.c
        with self.engine.begin() as c:
            row = c.execute(select(v.id, v.start).where(v.user_id == user_id, v.start <= now, v.until > now)).first()
            if row is None:
                return None
            c.execute(update(self.vacations).where(v.id == row.id).values(until=now))
        return float(row.start), now


def _outcome(r: Any) -> Outcome:
    return Outcome(int(r.table_id), int(r.seat), int(r.user_id), str(r.game), float(r.finished), str(r.outcome),
                   int(r.own), int(r.by_bots), bool(r.rated), bool(r.played))


_kept: weakref.WeakKeyDictionary[Store, FairStore] = weakref.WeakKeyDictionary()


def fair_store(store: Store) -> FairStore:
    """The fair-play tables of ``store`` (made once per store)."""
    found = _kept.get(store)
    if found is None:
        found = _kept[store] = FairStore(store.engine, store.metadata.tables, store.prefix)
    return found


def fair_beside(people: PeopleStore) -> FairStore:
    """The fair-play tables of the store a people store belongs to (its tables share one model)."""
    core = people.core
    return FairStore(people.engine, core.metadata.tables, core.name.removesuffix("tables"))
