"""The store's part for tournaments and seasons (tables: ``tourney_tables.py``).

- ``tournaments``: one row per tournament: its settings (game, format, table size, rounds, cap, pace, time
  control, start time on the wall clock, check-in window, round times, forfeit grace), its status (open,
  running, paused, over, cancelled), its current round (when it started and, turn-based, when it ends, on
  the wall clock), its champion;
- ``tourney_players``: who registered, checked in, was seeded (at the start), removed, and their final place;
- ``tourney_games``: each round's tables (players in seat order, the hall's table once made, who arrived,
  who forfeited, the result: each player's points and score) and byes (one player, no table);
- ``tourney_owners``: per tournament, the epoch of the process directing it (several processes: a new
  director claims a higher one, and every write of the director's carries the check that its own is still
  the current one — ``StaleOwner`` and nothing written otherwise, as a table's writes do);
- ``seasons``: per game, a season's start and end and, once it is over, its final table, kept.

Every write commits before returning.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import and_, delete, func, insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from longhouse.i18n import Msg, _
from longhouse.store.db import StaleOwner, Store

#: The tournaments' statuses: open (registration), running, paused (no new round), over, cancelled.
OPEN, RUNNING, PAUSED, OVER, CANCELLED = "open", "running", "paused", "over", "cancelled"
LIVE = (OPEN, RUNNING, PAUSED)
#: Why a pause, a resumption or a cancellation is refused: the status it needs (``set_status``'s ``before``).
STATE_TEXTS: dict[tuple[str, ...], Msg] = {
    (RUNNING,): _("the tournament is not running"), (PAUSED,): _("the tournament is not paused"),
    (OPEN,): _("the tournament is not open: it has started or is over")}


class TourneyError(Exception):
    """A request the tournament's state refuses (``text`` says why, a message of the catalogs); nothing was
    changed."""

    def __init__(self, text: Msg) -> None:
        super().__init__(str(text))
        self.text = text


@dataclass(frozen=True)
class Tournament:
    id: int
    name: str
    game: str
    format: str
    table_size: int
    rounds: int
    cap: int
    pace: str
    time_control: str
    starts: float
    checkin: float
    round_every: float
    forfeit_after: float
    status: str
    creator: int | None
    created: float
    round: int
    round_started: float | None
    #: When the current round ends (turn-based, with a time between rounds): its unfinished games are then
    #: decided by their scores so far; None: the round lasts until its last game ends.
    round_ends: float | None
    champion: int | None
    finished: float | None
    note: str | None


@dataclass(frozen=True)
class Entrant:
    user_id: int
    name: str
    registered: float
    checked_in: bool
    seed: int | None
    removed: bool
    place: int | None


@dataclass(frozen=True)
class Game:
    """A table of a round (``table_id`` once the hall made it) or a bye (one player, never a table)."""

    round: int
    idx: int
    players: list[int]
    table_id: int | None
    started: float | None
    arrived: list[int] = field(default_factory=list)
    forfeits: list[int] = field(default_factory=list)
    result: dict[str, Any] | None = None

    @property
    def bye(self) -> bool:
        return bool(self.result and self.result.get("bye"))


SETTINGS = ("name", "game", "format", "table_size", "rounds", "cap", "pace", "time_control", "starts", "checkin",
            "round_every", "forfeit_after")


class TourneyStore:
    def __init__(self, store: Store) -> None:
        self.engine = store.engine
        t = store.metadata.tables
        p = store.prefix
        self.t, self.players, self.games = t[f"{p}tournaments"], t[f"{p}tourney_players"], t[f"{p}tourney_games"]
        self.owners, self.seasons = t[f"{p}tourney_owners"], t[f"{p}seasons"]
        self.users = store.users

    # --- fencing --------------------------------------------------------------------------------

    def claim(self, tid: int) -> int:
        """Take a tournament's direction over: its epoch, one more than any claim before (read its state after)."""
        for _attempt in range(5):
            try:
                with self.engine.begin() as c:
                    o = self.owners.c
                    if not c.execute(update(self.owners).where(o.tournament_id == tid)
                                     .values(epoch=o.epoch + 1)).rowcount:
                        c.execute(insert(self.owners).values(tournament_id=tid, epoch=1))
                    return int(c.execute(select(o.epoch).where(o.tournament_id == tid)).scalar_one())
            except IntegrityError:
                continue
        raise RuntimeError(f"cannot claim tournament {tid}")

    @contextlib.contextmanager
    def directed(self, tid: int, epoch: int | None) -> Iterator[Connection]:
        """A transaction of the tournament's director, once its epoch is checked (None: one process)."""
        with self.engine.begin() as c:
            o = self.owners.c
            if epoch is not None and c.execute(update(self.owners).where(o.tournament_id == tid, o.epoch == epoch)
                                               .values(epoch=o.epoch)).rowcount != 1:
                raise StaleOwner(f"tournament {tid} is directed by another process (epoch {epoch} is old)")
            yield c

    # --- reading --------------------------------------------------------------------------------

    def _tournament(self, r: Any) -> Tournament:
        return Tournament(**{k: getattr(r, k) for k in Tournament.__dataclass_fields__})

    def get(self, tid: int) -> Tournament | None:
        with self.engine.connect() as c:
            r = c.execute(select(self.t).where(self.t.c.id == tid)).first()
        return None if r is None else self._tournament(r)

    def listed(self, limit: int = 200) -> list[Tournament]:
        """Every live tournament, and the last ``limit`` over or cancelled ones; soonest start first."""
        with self.engine.connect() as c:
            live = c.execute(select(self.t).where(self.t.c.status.in_(LIVE)).order_by(self.t.c.starts)).all()
            done = c.execute(select(self.t).where(self.t.c.status.not_in(LIVE))
                             .order_by(self.t.c.finished.desc()).limit(limit)).all()
        return [self._tournament(r) for r in [*live, *done]]

    def live_ids(self) -> list[int]:
        with self.engine.connect() as c:
            return [int(i) for i in c.execute(select(self.t.c.id).where(self.t.c.status.in_(LIVE))
                                              .order_by(self.t.c.id)).scalars()]

    def entrants(self, tid: int) -> list[Entrant]:
        """Who registered, in registration order."""
        p = self.players.c
        with self.engine.connect() as c:
            rows = c.execute(select(self.players).where(p.tournament_id == tid)
                             .order_by(p.registered, p.user_id)).all()
        return [Entrant(r.user_id, r.name, r.registered, bool(r.checked_in), r.seed, bool(r.removed), r.place)
                for r in rows]

    def games_of(self, tid: int) -> list[Game]:
        g = self.games.c
        with self.engine.connect() as c:
            rows = c.execute(select(self.games).where(g.tournament_id == tid).order_by(g.round, g.idx)).all()
        return [Game(r.round, r.idx, list(r.players), r.table_id, r.started, list(r.arrived or []),
                     list(r.forfeits or []), r.result) for r in rows]

    def placed(self, user_id: int) -> list[tuple[Tournament, int]]:
        """The finished tournaments ``user_id`` played to the end, with their place; newest first."""
        p = self.players.c
        with self.engine.connect() as c:
            rows = c.execute(select(self.t, p.place).join(self.players, p.tournament_id == self.t.c.id)
                             .where(p.user_id == user_id, self.t.c.status == OVER, p.place.is_not(None))
                             .order_by(self.t.c.finished.desc())).all()
        return [(self._tournament(r), int(r.place)) for r in rows]

    def open_tables(self, tid: int) -> list[int]:
        g = self.games.c
        with self.engine.connect() as c:
            return [int(i) for i in c.execute(select(g.table_id).where(
                g.tournament_id == tid, g.table_id.is_not(None), g.result.is_(None))).scalars()]

    # --- what players and organisers do (any process) -------------------------------------------

    def create(self, creator: int, now: float, **settings: Any) -> int:
        values = {k: settings[k] for k in SETTINGS}
        with self.engine.begin() as c:
            key = c.execute(insert(self.t).values(**values, status=OPEN, creator=creator, created=now, round=0)
                            ).inserted_primary_key
        assert key is not None
        return int(key[0])

    def _count(self, c: Connection, tid: int) -> int:
        p = self.players.c
        return int(c.execute(select(func.count()).select_from(self.players)
                             .where(p.tournament_id == tid, p.removed.is_(False))).scalar_one())

    def register(self, tid: int, user_id: int, name: str, now: float) -> None:
        with self.engine.begin() as c:
            t = c.execute(select(self.t).where(self.t.c.id == tid).with_for_update()).first()
            if t is None:
                raise TourneyError(_("there is no such tournament"))
            if t.status != OPEN:
                raise TourneyError(_("registration has closed: the tournament has started"))
            p = self.players.c
            if c.execute(select(p.user_id).where(p.tournament_id == tid, p.user_id == user_id)).first():
                raise TourneyError(_("you are registered already"))
            if self._count(c, tid) >= t.cap:
                raise TourneyError(_("the tournament is full ({n} players)", n=t.cap))
            c.execute(insert(self.players).values(tournament_id=tid, user_id=user_id, name=name, registered=now,
                                                  checked_in=False, removed=False))

    def unregister(self, tid: int, user_id: int) -> None:
        with self.engine.begin() as c:
            t = c.execute(select(self.t.c.status).where(self.t.c.id == tid)).first()
            if t is None or t.status != OPEN:
                raise TourneyError(_("the tournament has started: ask its creator to remove you"))
            p = self.players.c
            if not c.execute(delete(self.players).where(p.tournament_id == tid, p.user_id == user_id)).rowcount:
                raise TourneyError(_("you are not registered"))

    def check_in(self, tid: int, user_id: int, now: float) -> None:
        with self.engine.begin() as c:
            t = c.execute(select(self.t).where(self.t.c.id == tid)).first()
            if t is None or t.status != OPEN:
                raise TourneyError(_("check-in has closed: the tournament has started"))
            if t.checkin > 0 and now < t.starts - t.checkin:
                raise TourneyError(_("check-in opens shortly before the start"))
            p = self.players.c
            if not c.execute(update(self.players).where(p.tournament_id == tid, p.user_id == user_id)
                             .values(checked_in=True)).rowcount:
                raise TourneyError(_("register first"))

    def set_status(self, tid: int, status: str, before: tuple[str, ...]) -> None:
        """Pause or resume (or cancel an open one): only from one of the statuses ``before``."""
        with self.engine.begin() as c:
            if not c.execute(update(self.t).where(self.t.c.id == tid, self.t.c.status.in_(before))
                             .values(status=status)).rowcount:
                raise TourneyError(STATE_TEXTS.get(before, _("the tournament cannot do that now")))

    def start_now(self, tid: int, now: float) -> None:
        with self.engine.begin() as c:
            if not c.execute(update(self.t).where(self.t.c.id == tid, self.t.c.status == OPEN)
                             .values(starts=now)).rowcount:
                raise TourneyError(_("the tournament has started already"))

    def remove(self, tid: int, user_id: int) -> None:
        p = self.players.c
        with self.engine.begin() as c:
            if not c.execute(update(self.players).where(p.tournament_id == tid, p.user_id == user_id)
                             .values(removed=True)).rowcount:
                raise TourneyError(_("that player is not in this tournament"))

    # --- what the director writes (fenced) ------------------------------------------------------

    def begin(self, tid: int, seeds: dict[int, int], rounds: int, now: float, epoch: int | None) -> None:
        """The tournament starts: the seeds of those who play (the others stay listed, unseeded)."""
        p = self.players.c
        with self.directed(tid, epoch) as c:
            for uid, seed in seeds.items():
                c.execute(update(self.players).where(p.tournament_id == tid, p.user_id == uid).values(seed=seed))
            c.execute(update(self.t).where(self.t.c.id == tid).values(status=RUNNING, rounds=rounds,
                                                                      round_started=now))

    def add_round(self, tid: int, number: int, games: list[Game], now: float, epoch: int | None,
                  ends: float | None = None) -> None:
        """Round ``number`` starts ``now`` with ``games`` (its tables, made by the hall afterwards, and byes);
        ``ends``: its set end (None: none)."""
        with self.directed(tid, epoch) as c:
            c.execute(insert(self.games), [{"tournament_id": tid, "round": number, "idx": g.idx, "players": g.players,
                                            "table_id": None, "started": None, "arrived": [], "forfeits": [],
                                            "result": g.result} for g in games])
            c.execute(update(self.t).where(self.t.c.id == tid).values(round=number, round_started=now,
                                                                      round_ends=ends))

    def update_game(self, tid: int, number: int, idx: int, epoch: int | None, **values: Any) -> None:
        g = self.games.c
        with self.directed(tid, epoch) as c:
            c.execute(update(self.games).where(and_(g.tournament_id == tid, g.round == number, g.idx == idx))
                      .values(**values))

    def finish(self, tid: int, places: dict[int, int], champion: int | None, now: float, status: str,
               note: str | None, epoch: int | None) -> None:
        p = self.players.c
        with self.directed(tid, epoch) as c:
            for uid, place in places.items():
                c.execute(update(self.players).where(p.tournament_id == tid, p.user_id == uid).values(place=place))
            c.execute(update(self.t).where(self.t.c.id == tid).values(status=status, champion=champion,
                                                                      finished=now, note=note, round_ends=None))

    # --- seasons --------------------------------------------------------------------------------

    def add_season(self, game: str, title: str, starts: float, ends: float) -> int:
        s = self.seasons.c
        with self.engine.begin() as c:
            clash = c.execute(select(s.id).where(s.game == game, s.starts < ends, s.ends > starts)).first()
            if clash is not None:
                raise TourneyError(_("that season overlaps another season of the game"))
            key = c.execute(insert(self.seasons).values(game=game, title=title, starts=starts, ends=ends)
                            ).inserted_primary_key
        assert key is not None
        return int(key[0])

    def seasons_of(self, game: str | None = None) -> list[dict[str, Any]]:
        """Seasons, latest start first (of ``game``, when given)."""
        s = self.seasons.c
        query = select(self.seasons).order_by(s.starts.desc())
        if game is not None:
            query = query.where(s.game == game)
        with self.engine.connect() as c:
            rows = c.execute(query).all()
        return [{"id": r.id, "game": r.game, "title": r.title, "starts": r.starts, "ends": r.ends,
                 "final": r.final} for r in rows]

    def keep_final(self, season_id: int, table: list[dict[str, Any]]) -> bool:
        """A season that ended keeps its table (once: whether this call kept it)."""
        s = self.seasons.c
        with self.engine.begin() as c:
            return bool(c.execute(update(self.seasons).where(s.id == season_id, s.final.is_(None))
                                  .values(final=table)).rowcount)
