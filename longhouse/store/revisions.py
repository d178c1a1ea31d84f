"""The store's schema revisions (Alembic, in ``migrations/``): which one a database holds, and upgrading it.

Every schema change is a revision in ``migrations/versions/``; a database records the one it holds in its table
``<prefix>schema_revision``. A database the release before migrations wrote has the store's tables and no such
record: it holds the baseline's schema (``0001``), and upgrading it marks it so (making only the tables it lacks).

An upgrade runs in one transaction that holds the migration lock (SQLite: ``BEGIN IMMEDIATE``, PostgreSQL: an
advisory lock per prefix), so that processes starting together upgrade once, and a failed upgrade changes nothing
(SQLite and PostgreSQL both undo DDL with the transaction).
"""

from __future__ import annotations

import contextlib
import functools
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Column, MetaData, String, Table, inspect, text
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.engine.url import make_url

from longhouse.i18n import Text, _

#: The table (after the prefix) where a database records its schema revision.
VERSION_TABLE = "schema_revision"
#: The revision a database without that record holds, if it has the store's tables.
BASELINE = "0001"
MIGRATIONS = Path(__file__).resolve().parent / "migrations"
#: The high half of the key of PostgreSQL's advisory lock that an upgrade holds (the low half: the prefix's CRC-32).
LOCK_KEY = 0x4C48  # "LH"


class SchemaError(Exception):
    """The database's schema is not the one this release works with (the message, a text of the catalog, says
    what to do)."""


@dataclass(frozen=True)
class SchemaState:
    """Which schema a database holds for one prefix."""

    #: The revision recorded; None: no record (a new database, or one written before migrations).
    current: str | None
    #: No record, but the store's tables are there: written before migrations (it holds the baseline).
    legacy: bool
    #: The newest revision this release knows.
    head: str

    @property
    def up_to_date(self) -> bool:
        return self.current == self.head

    @property
    def empty(self) -> bool:
        """None of the store's tables: nothing to lose in making them."""
        return self.current is None and not self.legacy

    @property
    def known(self) -> bool:
        """Whether this release knows the revision recorded (a newer release's is unknown)."""
        return self.current is None or self.current in known_revisions()

    def describe(self) -> Text:
        held: Text
        if self.current is None:
            held = (_("none recorded (written before migrations: the baseline's tables, revision {baseline})",
                      baseline=BASELINE) if self.legacy else _("none (no tables yet)"))
        else:
            held = self.current
        if self.up_to_date:
            return _("{held} (the newest)", held=held)
        if not self.known:
            return _("{held}, which this release does not know (written by a newer release?); it knows up to {head}",
                     held=held, head=self.head)
        return _("{held}; this release's newest is {head}: upgrade with `longhouse db upgrade`", held=held,
                 head=self.head)


@functools.cache
def _script() -> ScriptDirectory:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return ScriptDirectory.from_config(config)


@functools.cache
def known_revisions() -> tuple[str, ...]:
    """Every revision this release knows, oldest first."""
    return tuple(reversed([s.revision for s in _script().walk_revisions()]))


def head() -> str:
    """The newest revision (there is one line of revisions: one head)."""
    found = _script().get_current_head()
    assert found is not None, "no revision in migrations/versions"
    return found


def version_table(prefix: str) -> Table:
    """The revision record of the store with ``prefix``, as Alembic makes it."""
    return Table(prefix + VERSION_TABLE, MetaData(), Column("version_num", String(32), primary_key=True))


def state(connection: Connection, prefix: str = "") -> SchemaState:
    heads = MigrationContext.configure(connection, opts={"version_table": prefix + VERSION_TABLE}).get_current_heads()
    if len(heads) > 1:
        raise SchemaError(_("the database records several schema revisions ({revisions}): not one of ours",
                            revisions=", ".join(heads)))
    current = heads[0] if heads else None
    legacy = current is None and any(inspect(connection).has_table(prefix + t) for t in ("users", "tables"))
    return SchemaState(current, legacy, head())


def database_state(engine: Engine, prefix: str = "") -> SchemaState:
    with engine.connect() as c:
        return state(c, prefix)


def upgrade(engine: Engine, prefix: str = "", to: str = "head") -> tuple[SchemaState, SchemaState]:
    """Bring the store with ``prefix`` up to revision ``to`` (a database written before migrations is taken as
    the baseline), in one transaction holding the migration lock; its state before and after."""
    with locked(engine, prefix) as connection:
        return upgrade_on(connection, prefix, to)


def upgrade_on(connection: Connection, prefix: str = "", to: str = "head") -> tuple[SchemaState, SchemaState]:
    """``upgrade`` on a connection that holds the migration lock in its transaction (``locked``)."""
    before = state(connection, prefix)
    if not before.known:
        raise SchemaError(_("the database holds schema revision {revision}", revision=before.describe()))
    if not (to == "head" and before.up_to_date) and before.current != to:
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        config.attributes.update(connection=connection, prefix=prefix)
        command.upgrade(config, to)
    return before, state(connection, prefix)


@contextlib.contextmanager
def locked(engine: Engine, prefix: str) -> Iterator[Connection]:
    """A connection in a transaction that holds the migration lock, committed if the block succeeds."""
    backend = engine.dialect.name
    if backend == "sqlite":
        with engine.connect() as raw:
            yield from _sqlite_locked(raw)
        return
    with engine.connect() as connection, connection.begin():
        if backend == "postgresql":
            key = LOCK_KEY << 32 | zlib.crc32(prefix.encode())  # a positive 64-bit integer
            connection.execute(text("SELECT pg_advisory_xact_lock(CAST(:key AS bigint))"), {"key": key})
        yield connection


def _sqlite_locked(raw: Connection) -> Iterator[Connection]:
    """SQLite: the block runs in ``BEGIN IMMEDIATE`` ... ``COMMIT`` of its own (the driver must not begin or
    commit transactions: the DDL is in this one), with foreign keys off, as SQLite's way to alter a table
    asks: a batch operation drops a table and makes it again, which with them on would delete (or cascade to)
    the rows that refer to it. Before the commit, every reference is checked (``PRAGMA foreign_key_check``)."""
    connection = raw.execution_options(isolation_level="AUTOCOMMIT")
    enforced = bool(connection.exec_driver_sql("PRAGMA foreign_keys").scalar())
    connection.exec_driver_sql("PRAGMA foreign_keys=OFF")  # no effect inside a transaction: before it
    try:
        connection.exec_driver_sql("BEGIN IMMEDIATE")
        try:
            yield connection
            broken = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
            if broken:
                raise SchemaError(_("the upgrade would leave rows that refer to no row: {rows}", rows=str(broken[:5])))
        except BaseException:
            connection.exec_driver_sql("ROLLBACK")
            raise
        connection.exec_driver_sql("COMMIT")
    finally:
        connection.exec_driver_sql(f"PRAGMA foreign_keys={'ON' if enforced else 'OFF'}")


def out_of_date(url: str, prefix: str, found: SchemaState) -> SchemaError:
    """The error that says the store at ``url`` must be upgraded first, and how."""
    shown = make_url(url).render_as_string(hide_password=True)
    option = f" --table-prefix {prefix}" if prefix else ""
    if not found.known:
        return SchemaError(_("the store at {url} holds schema revision {revision}", url=shown,
                             revision=found.describe()))
    return SchemaError(_("the store at {url} holds schema revision {revision}, this release needs {head}. Back it up "
                         "(longhouse db dump FILE), then run: {command}", url=shown,
                         revision=found.current or _("none (before migrations)"), head=found.head,
                         command=f"longhouse db upgrade --database {shown}{option}"))
