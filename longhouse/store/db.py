"""The hall's persistent store: accounts, sessions and tables (each table is its game record).

SQLAlchemy Core only, so the same code runs on the embedded SQLite file (the default) and on PostgreSQL
given by URL (``postgresql+psycopg://user@host/db``). Every table name carries an optional prefix, so
several halls (or test runs) can share one database without seeing each other.

A table is stored as its record's header (game, rules version, seed, setup, player names) in ``tables``
and its action log, one row per entry, in ``actions``. A move is committed before it is acknowledged:
every write here commits before returning.
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    bindparam,
    create_engine,
    event,
    func,
    select,
    tuple_,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.engine.url import make_url
from sqlalchemy.exc import IntegrityError

from longhouse.engine.records import Record
from longhouse.store.rows import Occupant, Status, TableRow, User, occupant_from_json, occupant_to_json


@dataclass(frozen=True)
class Move:
    """One record entry to store: table ``table_id``'s entry number ``index``, the result if the game ended
    with it, and the fencing epoch the storing process holds the table with (None: one process)."""

    table_id: int
    index: int
    entry: dict[str, Any]
    result: dict[str, Any] | None = None
    epoch: int | None = None


#: How long an SQLite statement waits for a lock another connection holds.
BUSY_TIMEOUT_MS = 5000
#: The SQLite write-ahead log is checkpointed whole and truncated once it is larger than this (bytes).
WAL_LIMIT = 8 * 1024 * 1024


class NameTaken(Exception):
    """Sign-up with a name that already has an account."""


class StaleOwner(Exception):
    """A process appended to a table that another process has claimed since (its fencing token is old)."""


def _schema(prefix: str) -> tuple[MetaData, Table, Table, Table, Table, Table]:
    md = MetaData()
    users = Table(
        f"{prefix}users", md,
        Column("id", Integer, primary_key=True, autoincrement=True),
        Column("name", String(40), nullable=False, unique=True),
        Column("name_key", String(40), nullable=False, unique=True),
        Column("password_hash", Text, nullable=True),
        Column("guest", Boolean, nullable=False, default=False),
        Column("created", Float, nullable=False),
    )
    sessions = Table(
        f"{prefix}sessions", md,
        Column("token", String(64), primary_key=True),
        Column("user_id", Integer, ForeignKey(f"{prefix}users.id"), nullable=False),
        Column("created", Float, nullable=False),
    )
    tables = Table(
        f"{prefix}tables", md,
        Column("id", Integer, primary_key=True, autoincrement=True),
        Column("game", String(40), nullable=False),
        Column("seats", Integer, nullable=False),
        Column("options", JSON, nullable=False),
        Column("status", String(10), nullable=False, index=True),
        Column("occupants", JSON, nullable=False),
        Column("rules_version", String(40), nullable=True),
        Column("seed", String(24), nullable=True),  # a 64-bit seed does not fit a signed BIGINT
        Column("players", JSON, nullable=True),
        Column("result", JSON, nullable=True),
        Column("created", Float, nullable=False),
        Column("finished", Float, nullable=True),
    )
    actions = Table(
        f"{prefix}actions", md,
        Column("table_id", Integer, ForeignKey(f"{prefix}tables.id"), primary_key=True),
        Column("idx", Integer, primary_key=True, autoincrement=False),
        Column("entry", Text, nullable=False),
    )
    # Several processes: each claim of a table raises its epoch; a move is stored only with the current one.
    owners = Table(
        f"{prefix}owners", md,
        Column("table_id", Integer, primary_key=True, autoincrement=False),
        Column("epoch", Integer, nullable=False),
    )
    return md, users, sessions, tables, actions, owners


class Store:
    """The database behind one hall. All methods are synchronous and commit before they return."""

    def __init__(self, url: str, prefix: str = "", wal_limit: int = WAL_LIMIT) -> None:
        self.url = url
        self.prefix = prefix
        parsed = make_url(url)
        self.is_sqlite = parsed.get_backend_name() == "sqlite"
        #: SQLite's write-ahead log (None: another database, or one in memory) and its size limit.
        self.wal: Path | None = None
        self.wal_limit = wal_limit
        if self.is_sqlite and parsed.database and parsed.database != ":memory:":
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
            self.wal = Path(parsed.database + "-wal")
        kwargs: dict[str, Any] = {"future": True}
        if self.is_sqlite:
            kwargs["connect_args"] = {"check_same_thread": False}
        else:
            kwargs["pool_pre_ping"] = True
        self.engine: Engine = create_engine(url, **kwargs)
        if self.is_sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self.metadata, self.users, self.sessions, self.tables, self.actions, self.owners = _schema(prefix)
        self.metadata.create_all(self.engine)
        # The hot path (one row per move) keeps one connection and prebuilt statements.
        self._writer: Connection | None = None
        self._insert_action = self.actions.insert()
        self._hold_epochs = self.owners.update().where(
            tuple_(self.owners.c.table_id, self.owners.c.epoch).in_(bindparam("pairs", expanding=True))).values(
            epoch=self.owners.c.epoch)
        self._epochs_of = select(self.owners.c.table_id, self.owners.c.epoch).where(
            self.owners.c.table_id.in_(bindparam("tids", expanding=True)))
        self._finish_table = self.tables.update().where(self.tables.c.id == bindparam("tid")).values(
            status=Status.OVER.value, result=bindparam("result"), finished=bindparam("finished"))
        # SQLite: the WAL is checkpointed (and the file synced) by a background thread, never by a move's
        # commit, so that no move waits for the disk. Those checkpoints copy the log into the database but
        # cannot restart it while writes keep coming (one always comes first): ``truncate_wal`` does.
        self._stop = threading.Event()
        self._checkpointer: threading.Thread | None = None
        if self.is_sqlite and parsed.database not in (None, "", ":memory:"):
            self._checkpointer = threading.Thread(target=self._checkpoint_loop, name="sqlite-checkpoint",
                                                  daemon=True)
            self._checkpointer.start()

    def _checkpoint_loop(self) -> None:
        while not self._stop.wait(1.0):
            try:
                with self.engine.connect() as c:
                    c.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
            except Exception:  # a busy or closing database: try again next time
                continue

    def truncate_wal(self) -> bool:
        """SQLite: if the write-ahead log has grown past ``wal_limit``, checkpoint it whole and truncate it to
        nothing. Whether the log is within its limit now: False only if it was not and something held it (the
        background checkpoint, or a reader of an older snapshot): try again soon. Call it when no write is in
        flight (the hall does on its tick, once the moves gathered so far are stored): it costs what the
        background checkpoint has not copied yet (a second of writes at most) and two syncs, and waits for no
        one. Under steady writes nothing else ever restarts the log: without this it grows without end (and
        its index in the -shm file with it)."""
        if self.wal is None:
            return True
        try:
            if self.wal.stat().st_size <= self.wal_limit:
                return True
        except FileNotFoundError:
            return True
        with self.engine.connect() as c:
            c.exec_driver_sql("PRAGMA busy_timeout=0")
            try:
                busy = c.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)").one()[0]
            finally:
                c.exec_driver_sql(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        return not busy

    def close(self) -> None:
        self._stop.set()
        if self._checkpointer is not None:
            self._checkpointer.join(5)
        if self._writer is not None:
            self._writer.close()
            self._writer = None
        self.engine.dispose()

    def drop_all(self) -> None:
        """Remove every table of this store (tests clean up with it)."""
        self.metadata.drop_all(self.engine)

    # --- accounts -------------------------------------------------------------------------------

    def create_user(self, name: str, password_hash: str | None, guest: bool = False) -> User:
        try:
            with self.engine.begin() as c:
                uid: Any = c.execute(self.users.insert().values(
                    name=name, name_key=name.casefold(), password_hash=password_hash, guest=guest,
                    created=time.time())).inserted_primary_key
            assert uid is not None
            uid = uid[0]
        except IntegrityError as exc:
            raise NameTaken(name) from exc
        return User(int(uid), name, guest)

    def user_by_name(self, name: str) -> tuple[User, str | None] | None:
        with self.engine.connect() as c:
            row = c.execute(select(self.users).where(self.users.c.name_key == name.casefold())).first()
        if row is None:
            return None
        return User(row.id, row.name, bool(row.guest)), row.password_hash

    def set_password_hash(self, user_id: int, password_hash: str) -> None:
        with self.engine.begin() as c:
            c.execute(self.users.update().where(self.users.c.id == user_id).values(password_hash=password_hash))

    def create_session(self, token: str, user_id: int) -> None:
        with self.engine.begin() as c:
            c.execute(self.sessions.insert().values(token=token, user_id=user_id, created=time.time()))

    def session_user(self, token: str, max_age: float | None = None) -> User | None:
        """The account a session belongs to; None for an unknown session or one older than ``max_age`` s."""
        query = (select(self.users).join(self.sessions, self.sessions.c.user_id == self.users.c.id)
                 .where(self.sessions.c.token == token))
        if max_age is not None:
            query = query.where(self.sessions.c.created >= time.time() - max_age)
        with self.engine.connect() as c:
            row = c.execute(query).first()
        return None if row is None else User(row.id, row.name, bool(row.guest))

    def delete_old_sessions(self, max_age: float) -> int:
        """Forget every session older than ``max_age`` seconds; how many there were."""
        with self.engine.begin() as c:
            return int(c.execute(self.sessions.delete().where(
                self.sessions.c.created < time.time() - max_age)).rowcount)

    def delete_session(self, token: str) -> None:
        with self.engine.begin() as c:
            c.execute(self.sessions.delete().where(self.sessions.c.token == token))

    def count_users(self) -> int:
        with self.engine.connect() as c:
            return int(c.execute(select(func.count()).select_from(self.users)).scalar_one())

    # --- tables ---------------------------------------------------------------------------------

    def create_table(self, game: str, seats: int, options: dict[str, Any],
                     occupants: list[Occupant | None]) -> TableRow:
        now = time.time()
        with self.engine.begin() as c:
            tid = c.execute(self.tables.insert().values(
                game=game, seats=seats, options=options, status=Status.WAITING.value,
                occupants=[occupant_to_json(o) for o in occupants], created=now)).inserted_primary_key
        assert tid is not None
        return TableRow(int(tid[0]), game, seats, dict(options), Status.WAITING, list(occupants), None, None, None,
                        None, now, None)

    def set_occupants(self, table_id: int, occupants: list[Occupant | None]) -> None:
        with self.engine.begin() as c:
            c.execute(self.tables.update().where(self.tables.c.id == table_id).values(
                occupants=[occupant_to_json(o) for o in occupants]))

    def start_table(self, table_id: int, record: Record, occupants: list[Occupant | None]) -> None:
        """Store the record header of a game that starts now."""
        with self.engine.begin() as c:
            c.execute(self.tables.update().where(self.tables.c.id == table_id).values(
                status=Status.RUNNING.value, occupants=[occupant_to_json(o) for o in occupants],
                rules_version=record.rules_version,
                seed=str(record.seed), players=record.players, options=record.setup or {}))

    def claim(self, table_id: int) -> int:
        """Take a table over (several processes): its epoch, one more than any claim before; the fencing
        token that ``append_action`` checks. Claim before reading the record, so that every move stored under
        an older epoch is in what is read."""
        for _ in range(5):
            try:
                with self.engine.begin() as c:
                    bumped = c.execute(self.owners.update().where(self.owners.c.table_id == table_id)
                                       .values(epoch=self.owners.c.epoch + 1)).rowcount
                    if not bumped:
                        c.execute(self.owners.insert().values(table_id=table_id, epoch=1))
                    return int(c.execute(select(self.owners.c.epoch)
                                         .where(self.owners.c.table_id == table_id)).scalar_one())
            except IntegrityError:  # another process inserted the first claim meanwhile: bump it
                continue
        raise RuntimeError(f"cannot claim table {table_id}")

    def append_action(self, table_id: int, index: int, entry: dict[str, Any],
                      result: dict[str, Any] | None = None, epoch: int | None = None) -> None:
        """Commit one record entry (and, if the game ended with it, the result) atomically. With ``epoch``
        (several processes) only if the table's epoch is still that one: otherwise ``StaleOwner``, nothing
        stored. The check locks the owner row until the commit, so a claim waits for the move or comes first."""
        if self.append_moves([Move(table_id, index, entry, result, epoch)]):
            raise StaleOwner(f"table {table_id} was claimed by another process (epoch {epoch} is old)")

    def append_moves(self, moves: list[Move]) -> set[int]:
        """Commit the record entries of many moves (of several tables, each table's in order) in one
        transaction: one ``executemany`` of the entries, one of the finished tables, one COMMIT (group commit).
        The epoch of every table with one is checked in the same transaction, in one statement that locks
        those owner rows until the commit; the moves of a table whose epoch is old are not stored, and its id
        is returned (``StaleOwner``). Any other failure raises and stores nothing."""
        if self._writer is None or self._writer.closed:
            self._writer = self.engine.connect()
        c = self._writer
        stale: set[int] = set()
        try:
            held = {m.table_id: m.epoch for m in moves if m.epoch is not None}
            if held:
                locked = c.execute(self._hold_epochs, {"pairs": list(held.items())}).rowcount
                if locked != len(held):
                    now = {tid: epoch for tid, epoch in c.execute(self._epochs_of, {"tids": list(held)})}
                    stale = {tid for tid, epoch in held.items() if now.get(tid) != epoch}
                    moves = [m for m in moves if m.table_id not in stale]
            if moves:
                c.execute(self._insert_action, [{"table_id": m.table_id, "idx": m.index, "entry": json.dumps(m.entry)}
                                                for m in moves])
                finished = [{"tid": m.table_id, "result": m.result, "finished": time.time()}
                            for m in moves if m.result is not None]
                if finished:
                    c.execute(self._finish_table, finished)
            c.commit()
        except Exception:
            try:
                c.rollback()
                c.close()
            finally:
                self._writer = None
            raise
        return stale

    def delete_table(self, table_id: int) -> None:
        with self.engine.begin() as c:
            c.execute(self.actions.delete().where(self.actions.c.table_id == table_id))
            c.execute(self.owners.delete().where(self.owners.c.table_id == table_id))
            c.execute(self.tables.delete().where(self.tables.c.id == table_id))

    def _row(self, row: Any) -> TableRow:
        return TableRow(row.id, row.game, row.seats, dict(row.options or {}), Status(row.status),
                        [occupant_from_json(o) for o in row.occupants],
                        row.rules_version, int(row.seed) if row.seed is not None else None, row.players,
                        row.result, row.created, row.finished)

    def open_tables(self) -> list[TableRow]:
        """Every table that is waiting or running, oldest first."""
        with self.engine.connect() as c:
            rows = c.execute(select(self.tables).where(self.tables.c.status != Status.OVER.value)
                             .order_by(self.tables.c.id)).all()
        return [self._row(r) for r in rows]

    def finished_tables(self, limit: int = 200) -> list[TableRow]:
        with self.engine.connect() as c:
            rows = c.execute(select(self.tables).where(self.tables.c.status == Status.OVER.value)
                             .order_by(self.tables.c.finished.desc()).limit(limit)).all()
        return [self._row(r) for r in rows]

    def table(self, table_id: int) -> TableRow | None:
        with self.engine.connect() as c:
            row = c.execute(select(self.tables).where(self.tables.c.id == table_id)).first()
        return None if row is None else self._row(row)

    def entries(self, table_id: int) -> list[dict[str, Any]]:
        with self.engine.connect() as c:
            rows = c.execute(select(self.actions.c.idx, self.actions.c.entry)
                             .where(self.actions.c.table_id == table_id).order_by(self.actions.c.idx)).all()
        out = []
        for expected, (idx, text) in enumerate(rows):
            if idx != expected:
                raise ValueError(f"table {table_id}: action {expected} is missing from the store")
            out.append(json.loads(text))
        return out

    def record(self, table_id: int) -> Record | None:
        """The game record of a started table (None for an unknown or not yet started one)."""
        row = self.table(table_id)
        if row is None or row.seed is None or row.players is None or row.rules_version is None:
            return None
        return Record(row.game, row.rules_version, list(row.players), row.seed,
                      row.options or None, self.entries(table_id), row.result)


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    # WAL with synchronous=NORMAL: a committed transaction survives the process being killed (-9);
    # only an operating-system crash could lose the last commits.
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    cur.execute("PRAGMA wal_autocheckpoint=0")
    cur.close()
