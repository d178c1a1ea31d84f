"""The store's part for people: a table's hall settings, who played it, its clocks, ratings and preferences.

These live in tables of their own beside the store's core ones (same engine, same name prefix; the store's
migrations make them, see ``revisions.py``):

- ``table_hall``: per table, its hall settings as JSON (time control, private + invitation, whether bots
  stand in for away players, the rematch it came from or led to);
- ``table_people``: per started table and seat, the account that sat there when the game began (bots
  have no row); the archive's player filter, the player pages and the ratings read it;
- ``clocks``: per running timed table, its clocks as ``Clock.to_json`` stored them;
- ``rating_history``: one row per rated player per rated game, in the order games finished — the rating
  after that game; a player's current rating is their latest row. It is derived data: ``ratings rebuild``
  recomputes it from the archive;
- ``user_settings``: per account, the page preferences (notifications) as JSON.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    JSON,
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    delete,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine

MAX_SETTINGS = 2000
#: Accounts whose kind (guest or registered) ``PeopleStore.registered`` remembers, at most.
KNOWN_ACCOUNTS = 100_000


@dataclass(frozen=True)
class RatingPoint:
    """A player's rating in one game after one finished table."""

    game: str
    user_id: int
    table_id: int
    mu: float
    sigma: float
    finished: float

    @property
    def ordinal(self) -> float:
        """The number shown (a conservative estimate: mu - 3 sigma), as OpenSkill defines it."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class PlayedTable:
    """A finished table as the player pages and the ratings see it."""

    table_id: int
    game: str
    players: list[str]
    people: dict[int, int]  # seat -> user id of the registered (or guest) account that sat there
    result: dict[str, Any]
    finished: float
    options: dict[str, Any] = field(default_factory=dict)


def people_tables(md: MetaData, prefix: str) -> tuple[Table, Table, Table, Table, Table]:
    """The people tables (see the module docstring) in ``md``: hall settings, people, clocks, ratings, settings.
    The newest revision in ``store/migrations`` makes them so (a change here is a new revision)."""
    hall = Table(f"{prefix}table_hall", md,
                 Column("table_id", Integer, primary_key=True, autoincrement=False),
                 Column("data", JSON, nullable=False))
    people = Table(f"{prefix}table_people", md,
                   Column("table_id", Integer, primary_key=True, autoincrement=False),
                   Column("seat", Integer, primary_key=True, autoincrement=False),
                   Column("user_id", Integer, nullable=False, index=True))
    clocks = Table(f"{prefix}clocks", md,
                   Column("table_id", Integer, primary_key=True, autoincrement=False),
                   Column("data", JSON, nullable=False))
    ratings = Table(f"{prefix}rating_history", md,
                    Column("id", Integer, primary_key=True, autoincrement=True),
                    Column("game", String(40), nullable=False, index=True),
                    Column("user_id", Integer, nullable=False, index=True),
                    Column("table_id", Integer, nullable=False),
                    Column("mu", Float, nullable=False),
                    Column("sigma", Float, nullable=False),
                    Column("finished", Float, nullable=False))
    settings = Table(f"{prefix}user_settings", md,
                     Column("user_id", Integer, primary_key=True, autoincrement=False),
                     Column("data", Text, nullable=False))
    return hall, people, clocks, ratings, settings


class PeopleStore:
    """The people tables of one store (see the module docstring). Every write commits before returning."""

    def __init__(self, engine: Engine, prefix: str, core_tables: Table, users: Table) -> None:
        self.engine = engine
        self.core = core_tables
        self.users = users
        self.metadata = MetaData()
        self.hall, self.people, self.clocks, self.ratings, self.settings = people_tables(self.metadata, prefix)
        #: user id -> whether the account is registered (not a guest): an account is one or the other for life.
        self._registered: dict[int, bool] = {}

    def drop_all(self) -> None:
        self.metadata.drop_all(self.engine)

    # --- a table's hall settings ------------------------------------------------------------------

    def set_table_hall(self, table_id: int, data: dict[str, Any]) -> None:
        with self.engine.begin() as c:
            if c.execute(select(self.hall.c.table_id).where(self.hall.c.table_id == table_id)).first():
                c.execute(update(self.hall).where(self.hall.c.table_id == table_id).values(data=data))
            else:
                c.execute(insert(self.hall).values(table_id=table_id, data=data))

    def table_hall(self, table_id: int) -> dict[str, Any]:
        with self.engine.connect() as c:
            row = c.execute(select(self.hall.c.data).where(self.hall.c.table_id == table_id)).first()
        return dict(row.data) if row is not None else {}

    def delete_table(self, table_id: int) -> None:
        with self.engine.begin() as c:
            for t in (self.hall, self.people, self.clocks):
                c.execute(delete(t).where(t.c.table_id == table_id))

    def close_abandoned(self, table_id: int, result: dict[str, Any], finished: float) -> None:
        """A running table nobody came back to: over, with ``result`` saying it was abandoned."""
        with self.engine.begin() as c:
            c.execute(update(self.core).where(self.core.c.id == table_id).values(
                status="over", result=result, finished=finished))
            c.execute(delete(self.clocks).where(self.clocks.c.table_id == table_id))

    # --- who played -------------------------------------------------------------------------------

    def played_at(self, table_id: int) -> dict[int, int]:
        """seat -> user id of the accounts seated when ``table_id``'s game began."""
        with self.engine.connect() as c:
            rows = c.execute(select(self.people).where(self.people.c.table_id == table_id)).all()
        return {r.seat: r.user_id for r in rows}

    def played(self, user_id: int | None = None, game: str | None = None,
               limit: int | None = 200) -> list[PlayedTable]:
        """Finished tables, newest first; only those ``user_id`` played and of ``game``, when given."""
        core = self.core
        query = select(core.c.id, core.c.game, core.c.players, core.c.result, core.c.finished, core.c.options).where(
            core.c.status == "over")
        if user_id is not None:
            query = query.where(core.c.id.in_(select(self.people.c.table_id).where(self.people.c.user_id == user_id)))
        if game is not None:
            query = query.where(core.c.game == game)
        query = query.order_by(core.c.finished.desc(), core.c.id.desc())
        if limit is not None:
            query = query.limit(limit)
        with self.engine.connect() as c:
            rows = c.execute(query).all()
            ids = [r.id for r in rows]
            people: dict[int, dict[int, int]] = {i: {} for i in ids}
            if ids:
                for p in c.execute(select(self.people).where(self.people.c.table_id.in_(ids))).all():
                    people[p.table_id][p.seat] = p.user_id
        return [PlayedTable(r.id, r.game, list(r.players or []), people[r.id], dict(r.result or {}),
                            float(r.finished or 0.0), dict(r.options or {})) for r in rows]

    def all_played(self) -> list[PlayedTable]:
        """Every finished table, oldest first (in the order they finished): what ratings are derived from."""
        return list(reversed(self.played(limit=None)))

    def registered(self, user_ids: set[int]) -> set[int]:
        """Those of ``user_ids`` that are accounts with a password (not guests). Each account's answer is
        remembered: there is no way to turn a guest into a registered account or back."""
        known = self._registered
        answers = {uid: known[uid] for uid in user_ids if uid in known}
        unknown = [uid for uid in user_ids if uid not in answers]
        if unknown:
            with self.engine.connect() as c:
                rows = c.execute(select(self.users.c.id, self.users.c.guest).where(self.users.c.id.in_(unknown))).all()
            looked_up = {int(r.id): not r.guest for r in rows}  # an id that is no account is not remembered
            if len(known) + len(looked_up) > KNOWN_ACCOUNTS:
                known.clear()
            known.update(looked_up)
            answers.update(looked_up)
        return {uid for uid, registered in answers.items() if registered}

    def names(self, user_ids: set[int]) -> dict[int, str]:
        if not user_ids:
            return {}
        with self.engine.connect() as c:
            rows = c.execute(select(self.users.c.id, self.users.c.name).where(self.users.c.id.in_(user_ids))).all()
        return {r.id: r.name for r in rows}

    def user(self, name: str) -> tuple[int, str, bool] | None:
        with self.engine.connect() as c:
            row = c.execute(select(self.users.c.id, self.users.c.name, self.users.c.guest)
                            .where(self.users.c.name_key == name.casefold())).first()
        return None if row is None else (int(row.id), str(row.name), bool(row.guest))

    # --- clocks -----------------------------------------------------------------------------------

    def save_clock(self, table_id: int, data: dict[str, Any] | None) -> None:
        with self.engine.begin() as c:
            c.execute(delete(self.clocks).where(self.clocks.c.table_id == table_id))
            if data is not None:
                c.execute(insert(self.clocks).values(table_id=table_id, data=data))

    def clock(self, table_id: int) -> dict[str, Any] | None:
        with self.engine.connect() as c:
            row = c.execute(select(self.clocks.c.data).where(self.clocks.c.table_id == table_id)).first()
        return dict(row.data) if row is not None else None

    # --- ratings ----------------------------------------------------------------------------------

    def add_ratings(self, points: list[RatingPoint]) -> None:
        if not points:
            return
        with self.engine.begin() as c:
            c.execute(insert(self.ratings), [
                {"game": p.game, "user_id": p.user_id, "table_id": p.table_id, "mu": p.mu, "sigma": p.sigma,
                 "finished": p.finished} for p in points])

    def replace_ratings(self, points: list[RatingPoint]) -> None:
        """Throw the rating history away and store ``points`` instead (a rebuild), in one transaction."""
        with self.engine.begin() as c:
            c.execute(delete(self.ratings))
            if points:
                c.execute(insert(self.ratings), [
                    {"game": p.game, "user_id": p.user_id, "table_id": p.table_id, "mu": p.mu, "sigma": p.sigma,
                     "finished": p.finished} for p in points])

    def rating_history(self, game: str | None = None, user_id: int | None = None) -> list[RatingPoint]:
        """Rating points in the order they were made (filtered by game and player when given)."""
        query = select(self.ratings).order_by(self.ratings.c.id)
        if game is not None:
            query = query.where(self.ratings.c.game == game)
        if user_id is not None:
            query = query.where(self.ratings.c.user_id == user_id)
        with self.engine.connect() as c:
            rows = c.execute(query).all()
        return [RatingPoint(r.game, r.user_id, r.table_id, r.mu, r.sigma, r.finished) for r in rows]

    # --- preferences ------------------------------------------------------------------------------

    def settings_of(self, user_id: int) -> dict[str, Any]:
        with self.engine.connect() as c:
            row = c.execute(select(self.settings.c.data).where(self.settings.c.user_id == user_id)).first()
        if row is None:
            return {}
        data = json.loads(row.data)
        return data if isinstance(data, dict) else {}

    def save_settings(self, user_id: int, data: dict[str, Any]) -> None:
        text = json.dumps(data)
        if len(text) > MAX_SETTINGS:
            raise ValueError("settings too large")
        with self.engine.begin() as c:
            c.execute(delete(self.settings).where(self.settings.c.user_id == user_id))
            c.execute(insert(self.settings).values(user_id=user_id, data=text))
