"""The hall's persistent store: accounts, sessions and tables (each table is its game record).

SQLAlchemy Core only, so the same code runs on the embedded SQLite file (the default) and on PostgreSQL
given by URL (``postgresql+psycopg://user@host/db``). Every table name carries an optional prefix, so
several halls (or test runs) can share one database without seeing each other.

A table is stored as its record's header (game, rules version, seed, setup, player names) in ``tables``
and its action log, one row per entry, in ``actions``. A move is committed before it is acknowledged:
every write here commits before returning. The writes made per move and per game (a record entry, a
table created, seated or started) go through one connection of their own, as statements compiled once
(``prepared.py``).
"""

from __future__ import annotations

import contextlib
import json
import logging
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import msgspec
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
from sqlalchemy.exc import DBAPIError, IntegrityError

from longhouse.engine.records import Record
from longhouse.store import revisions
from longhouse.store.features import feature_tables
from longhouse.store.pragmas import BUSY_TIMEOUT_MS, sqlite_pragmas
from longhouse.store.prepared import Prepared
from longhouse.store.rows import Occupant, Status, TableRow, User, occupant_from_json, occupant_to_json

T = TypeVar("T")
log = logging.getLogger(__name__)


@dataclass(slots=True)
class Move:
    """One record entry to store: table ``table_id``'s entry number ``index``, the result if the game ended
    with it, and the fencing epoch the storing process holds the table with (None: one process). One is
    made per move and never changed (not frozen only because a frozen dataclass takes ~1.6 us longer to make)."""

    table_id: int
    index: int
    entry: dict[str, Any]
    result: dict[str, Any] | None = None
    epoch: int | None = None
    #: A timed table's clocks after the move, stored in the move's transaction (``Store.keep_people_in``);
    #: with ``clock_cleared`` (the game ended with the move) its stored clocks are removed instead.
    clock: dict[str, Any] | None = None
    clock_cleared: bool = False


#: A record entry as stored: compact JSON, UTF-8 (``entries`` reads it back with ``json.loads``).
_encode_entry = msgspec.json.Encoder().encode

#: The SQLite write-ahead log is checkpointed whole and truncated once it is larger than this (bytes).
WAL_LIMIT = 8 * 1024 * 1024


class NameTaken(Exception):
    """Sign-up with a name that already has an account."""


class StaleOwner(Exception):
    """A process appended to a table that another process has claimed since (its fencing token is old)."""


def _schema(prefix: str) -> tuple[MetaData, Table, Table, Table, Table, Table]:
    """The store's tables with ``prefix`` (the features' too: the people store's, the admin's, the mail's,
    ``features.py``) in one ``MetaData``, and the core ones. This is the model the newest revision in
    ``migrations/`` makes: a change here is a new revision there (``docs/operations.md``; ``tests/store``
    checks that the two agree)."""
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
    feature_tables(md, prefix)
    return md, users, sessions, tables, actions, owners


def model(prefix: str = "") -> MetaData:
    """Every table of a store with ``prefix``, as the newest revision makes them."""
    return _schema(prefix)[0]


class Store:
    """The database behind one hall. All methods are synchronous and commit before they return.

    Its schema comes from the migrations (``revisions.py``): with ``upgrade`` None (the default) an SQLite
    database is upgraded to the newest revision, and so is an empty one (its tables are made); a database of
    another kind holding an older revision is refused (``SchemaError``, naming ``longhouse db upgrade``). With
    ``upgrade`` True every database is upgraded; with False, any not at the newest revision is refused."""

    def __init__(self, url: str, prefix: str = "", wal_limit: int = WAL_LIMIT, upgrade: bool | None = None) -> None:
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
            event.listen(self.engine, "connect", sqlite_pragmas)
        self.metadata, self.users, self.sessions, self.tables, self.actions, self.owners = _schema(prefix)
        try:
            self._schema_up_to_date(upgrade)
        except BaseException:
            self.engine.dispose()
            raise
        # The writes made per move and per game: one connection of their own (the DB-API's, from the pool)
        # and statements compiled once (``prepared.py``); the event loop's thread makes them all.
        self._writer: Any = None
        self._writing = threading.Lock()
        self._insert_action = self._prepare(self.actions.insert(), "table_id", "idx", "entry")
        self._finish_table = self._prepare(self.tables.update().where(self.tables.c.id == bindparam("tid")),
                                           "status", "result", "finished", "tid")
        self._create_table = self._prepare(self.tables.insert(), "game", "seats", "options", "status", "occupants",
                                           "created", returning=self.tables.c.id)
        self._renumber_table = self._prepare(self.tables.update().where(self.tables.c.id == bindparam("old"))
                                             .values(id=bindparam("new")), "new", "old")
        self._set_occupants = self._prepare(self.tables.update().where(self.tables.c.id == bindparam("tid")),
                                            "occupants", "tid")
        self._start_table = self._prepare(self.tables.update().where(self.tables.c.id == bindparam("tid")),
                                          "status", "occupants", "rules_version", "seed", "players", "options", "tid")
        #: The epoch checks of a batch, by the number of tables they check (padded to a power of two).
        self._epoch_checks: dict[int, tuple[Prepared, Prepared]] = {}
        # The people store's tables written in the transactions above, once ``keep_people_in`` names them.
        self._people: _PeopleWrites | None = None
        # Per connection (each websocket's session cookie): on the writer's connection too.
        self._session_user = self._prepare(
            select(self.users.c.id, self.users.c.name, self.users.c.guest)
            .join(self.sessions, self.sessions.c.user_id == self.users.c.id)
            .where(self.sessions.c.token == bindparam("token"), self.sessions.c.created >= bindparam("since")),
            "token", "since")
        # SQLite: the WAL is checkpointed (and the file synced) by a background thread, never by a move's
        # commit, so that no move waits for the disk. Those checkpoints copy the log into the database but
        # cannot restart it while writes keep coming (one always comes first): ``truncate_wal`` does.
        self._stop = threading.Event()
        self._checkpointer: threading.Thread | None = None
        if self.is_sqlite and parsed.database not in (None, "", ":memory:"):
            self._checkpointer = threading.Thread(target=self._checkpoint_loop, name="sqlite-checkpoint",
                                                  daemon=True)
            self._checkpointer.start()

    def _schema_up_to_date(self, upgrade: bool | None) -> None:
        found = revisions.database_state(self.engine, self.prefix)
        if found.up_to_date:
            return
        if upgrade or (upgrade is None and (self.is_sqlite or found.empty)):
            before, after = revisions.upgrade(self.engine, self.prefix)
            if before.empty:
                log.info("store tables made (schema revision %s)", after.current)
            elif not before.up_to_date:
                log.info("store schema upgraded from revision %s to %s",
                         before.current or "none (written before migrations)", after.current)
        else:
            raise revisions.out_of_date(self.url, self.prefix, found)

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

    # --- the writer: the per-move and per-game writes ---------------------------------------------

    def _prepare(self, statement: Any, *names: str, returning: Any = None) -> Prepared:
        if returning is not None and self.engine.dialect.insert_returning:
            statement = statement.returning(returning)
        return Prepared(statement, self.engine.dialect, names)

    def _run(self, work: Callable[[Any], T]) -> T:
        """Run ``work`` on a cursor of the writer's connection, then commit. Should anything fail, the
        transaction is rolled back, the connection let go (the next write takes another from the pool: the
        database may have restarted) and the driver's error raised as SQLAlchemy's (``IntegrityError``, ...).
        One thread at a time: a transaction of one never takes in another's statements."""
        with self._writing:
            return self._run_alone(work)

    def _run_alone(self, work: Callable[[Any], T]) -> T:
        writer = self._writer
        if writer is None:
            writer = self._writer = self.engine.raw_connection()
        try:
            cursor = writer.cursor()
            try:
                done = work(cursor)
            finally:
                cursor.close()
            writer.commit()
            return done
        except Exception as exc:
            self._writer = None
            try:
                writer.rollback()
                writer.close()
            except Exception:
                with contextlib.suppress(Exception):
                    writer.invalidate()
            dbapi = self.engine.dialect.loaded_dbapi
            if isinstance(exc, dbapi.Error):
                raise DBAPIError.instance(None, None, exc, dbapi.Error, dialect=self.engine.dialect) from exc
            raise

    def _inserted_id(self, cursor: Any) -> int:
        """The key of the row the cursor's INSERT just made (its RETURNING, or the driver's last row id)."""
        if self.engine.dialect.insert_returning:
            return int(cursor.fetchone()[0])
        return int(cursor.lastrowid)

    def _epoch_check(self, tables: int) -> tuple[Prepared, Prepared]:
        """The statements that lock and read the owner rows of ``tables`` tables, for at least that many
        (the last pair is repeated up to a power of two, so that a few sizes serve every batch)."""
        size = 1 << max(tables - 1, 0).bit_length()
        check = self._epoch_checks.get(size)
        if check is None:
            o = self.owners.c
            pairs = [tuple_(bindparam(f"t{i}"), bindparam(f"e{i}")) for i in range(size)]
            hold = self.owners.update().where(tuple_(o.table_id, o.epoch).in_(pairs)).values(epoch=o.epoch)
            read = select(o.table_id, o.epoch).where(o.table_id.in_([bindparam(f"t{i}") for i in range(size)]))
            check = self._epoch_checks[size] = (
                Prepared(hold, self.engine.dialect, [n for i in range(size) for n in (f"t{i}", f"e{i}")]),
                Prepared(read, self.engine.dialect, [f"t{i}" for i in range(size)]))
        return check

    def drop_all(self) -> None:
        """Remove every table of this store and its revision record (tests clean up with it)."""
        self.metadata.drop_all(self.engine)
        revisions.version_table(self.prefix).drop(self.engine, checkfirst=True)

    # --- accounts -------------------------------------------------------------------------------

    def create_user(self, name: str, password_hash: str | None, guest: bool = False,
                    also: Callable[[Connection, int], None] | None = None) -> User:
        """A new account; ``also(connection, id)`` writes more in its transaction (IntegrityError: ``NameTaken``)."""
        try:
            with self.engine.begin() as c:
                uid: Any = c.execute(self.users.insert().values(
                    name=name, name_key=name.casefold(), password_hash=password_hash, guest=guest,
                    created=time.time())).inserted_primary_key
                assert uid is not None
                if also is not None:
                    also(c, int(uid[0]))
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
        since = float("-inf") if max_age is None else time.time() - max_age
        row = self._run(lambda cursor: self._session_user.execute(cursor, (token, since)).fetchone())
        return None if row is None else User(int(row[0]), str(row[1]), bool(row[2]))

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

    def create_table(self, game: str, seats: int, options: dict[str, Any], occupants: Sequence[Occupant | None],
                     hall: dict[str, Any] | None = None, above: int = 0) -> TableRow:
        """A new waiting table; with ``hall``, its hall settings stored in the same transaction (the people
        store's ``table_hall``: ``keep_people_in``). Its number is above ``above`` (the numbers the hall still
        remembers: closed tables that say what became of them): SQLite numbers a new row one above the largest
        in the table, so deleting the newest table would give its number to the next; such a row is
        renumbered in the same transaction (a sequence, PostgreSQL's, never gives a number twice)."""
        now = time.time()
        people = self._people
        assert hall is None or people is not None, "hall settings given: keep_people_in was not called"

        def create(cursor: Any) -> int:
            tid = self._inserted_id(self._create_table.execute(cursor, (
                game, seats, options, Status.WAITING.value, [occupant_to_json(o) for o in occupants], now)))
            if tid <= above:  # nothing is numbered above ``above`` then: the row was the largest
                self._renumber_table.execute(cursor, (above + 1, tid))
                tid = above + 1
            if hall is not None and people is not None:
                people.delete_hall.execute(cursor, (tid,))  # a row left by an earlier table of this number
                people.insert_hall.execute(cursor, (tid, hall))
            return tid

        return TableRow(self._run(create), game, seats, dict(options), Status.WAITING, list(occupants), None, None,
                        None, None, now, None)

    def set_occupants(self, table_id: int, occupants: Sequence[Occupant | None], epoch: int | None = None) -> None:
        """A table's seating; with ``epoch``, fenced as a move is (``StaleOwner``, nothing written)."""
        row = ([occupant_to_json(o) for o in occupants], table_id)
        self._run(lambda cursor: self._set_occupants.execute(self._fence(cursor, table_id, epoch), row))

    def start_table(self, table_id: int, record: Record, occupants: Sequence[Occupant | None],
                    people: dict[int, int] | None = None, epoch: int | None = None) -> None:
        """Store the record header of a game that starts now; with ``people`` (seat -> user id), the accounts
        seated, in the same transaction (the people store's ``table_people``: ``keep_people_in``)."""
        kept = self._people
        assert people is None or kept is not None, "people given: keep_people_in was not called"
        row = (Status.RUNNING.value, [occupant_to_json(o) for o in occupants], record.rules_version,
               str(record.seed), record.players, record.setup or {}, table_id)

        def start(cursor: Any) -> None:
            self._fence(cursor, table_id, epoch)
            self._start_table.execute(cursor, row)
            if people is not None and kept is not None:
                kept.delete_people.execute(cursor, (table_id,))
                if people:
                    kept.insert_people.executemany(cursor, [(table_id, s, u) for s, u in sorted(people.items())])

        self._run(start)

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

    def keep_people_in(self, hall: Table, people: Table, clocks: Table) -> None:
        """The people store's tables that this store writes in its own transactions: a new table's hall
        settings (``hall``: ``table_id``, ``data``), the accounts seated when a game starts (``people``:
        ``table_id``, ``seat``, ``user_id``), a move's clocks (``Move.clock``; ``clocks``: ``table_id``,
        ``data``)."""
        self._people = _PeopleWrites(self, hall, people, clocks)

    def _store_clocks(self, cursor: Any, moves: list[Move]) -> None:
        """The clocks the moves carry, each table's last, replacing those stored."""
        last = {m.table_id: m for m in moves if m.clock is not None or m.clock_cleared}
        if not last:
            return
        people = self._people
        assert people is not None, "moves carry clocks: keep_people_in was not called"
        people.delete_clock.executemany(cursor, [(tid,) for tid in last])
        rows = [(tid, m.clock) for tid, m in last.items() if not m.clock_cleared]
        if rows:
            people.insert_clock.executemany(cursor, rows)

    def append_moves(self, moves: list[Move]) -> set[int]:
        """Commit the record entries of many moves (of several tables, each table's in order) in one
        transaction: one ``executemany`` of the entries, one of the finished tables, the clocks of timed tables
        (``Move.clock``), one COMMIT (group commit).
        The epoch of every table with one is checked in the same transaction, in one statement that locks
        those owner rows until the commit; the moves of a table whose epoch is old are not stored, and its id
        is returned (``StaleOwner``). Any other failure raises and stores nothing."""
        held = {m.table_id: m.epoch for m in moves if m.epoch is not None}

        def append(cursor: Any) -> set[int]:
            stale: set[int] = set()
            kept = moves
            if held:
                hold, read = self._epoch_check(len(held))
                pairs = list(held.items())
                pairs += pairs[-1:] * (len(hold.names) // 2 - len(pairs))  # padding: the same pair again
                if hold.execute(cursor, [v for pair in pairs for v in pair]).rowcount != len(held):
                    now = dict(read.execute(cursor, [tid for tid, _ in pairs]).fetchall())
                    stale = {tid for tid, epoch in held.items() if now.get(tid) != epoch}
                    kept = [m for m in moves if m.table_id not in stale]
            if kept:
                self._insert_action.executemany(cursor, [
                    (m.table_id, m.index, _encode_entry(m.entry).decode()) for m in kept])
                finished = [(Status.OVER.value, m.result, time.time(), m.table_id)
                            for m in kept if m.result is not None]
                if finished:
                    self._finish_table.executemany(cursor, finished)
                self._store_clocks(cursor, kept)
            return stale

        return self._run(append)

    def _fence(self, cursor: Any, table_id: int, epoch: int | None) -> Any:
        """``cursor``, once (with ``epoch``: several processes) the table's owner row is locked for the rest of the
        transaction if its epoch is still that one; else ``StaleOwner`` (the transaction is rolled back)."""
        if epoch is not None and self._epoch_check(1)[0].execute(cursor, [table_id, epoch]).rowcount != 1:
            raise StaleOwner(f"table {table_id} was claimed by another process (epoch {epoch} is old)")
        return cursor

    @contextlib.contextmanager
    def fenced(self, table_id: int, epoch: int | None) -> Iterator[Connection]:
        """A transaction for writes of one table made elsewhere (the people store's), after the check ``_fence``
        makes; ``StaleOwner`` and nothing written if another process has claimed the table since."""
        with self.engine.begin() as c:
            o = self.owners.c
            if epoch is not None and c.execute(self.owners.update().where(o.table_id == table_id, o.epoch == epoch)
                                               .values(epoch=o.epoch)).rowcount != 1:
                raise StaleOwner(f"table {table_id} was claimed by another process (epoch {epoch} is old)")
            yield c

    def delete_table(self, table_id: int, epoch: int | None = None) -> None:
        with self.fenced(table_id, epoch) as c:
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


class _PeopleWrites:
    """The statements writing the people store's tables in the store's own transactions."""

    def __init__(self, store: Store, hall: Table, people: Table, clocks: Table) -> None:
        prepare = store._prepare
        self.delete_hall = prepare(hall.delete().where(hall.c.table_id == bindparam("tid")), "tid")
        self.insert_hall = prepare(hall.insert(), "table_id", "data")
        self.delete_people = prepare(people.delete().where(people.c.table_id == bindparam("tid")), "tid")
        self.insert_people = prepare(people.insert(), "table_id", "seat", "user_id")
        self.delete_clock = prepare(clocks.delete().where(clocks.c.table_id == bindparam("tid")), "tid")
        self.insert_clock = prepare(clocks.insert(), "table_id", "data")
