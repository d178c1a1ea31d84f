"""Dumps of a store: everything the hall keeps, as JSON lines, to move a hall between databases or keep it.

The format (``FORMAT``, version ``VERSION``), one JSON value a line, in UTF-8::

    {"format": "longhouse-dump", "version": 1, "revision": "0001", "made": "2026-12-01T18:00:00+00:00"}
    {"table": "users", "columns": ["id", "name", ...]}
    [1, "Ann", ...]                       one line per row, its values in the columns' order
    {"end": "users", "rows": 6, "sha256": "..."}   the SHA-256 of the table's row lines as written
    ...                                   every table of the store, a table before those that refer to it
    {"end": "dump", "tables": 10, "rows": 1234}

Table names are without the store's prefix (a dump loads under any prefix); a JSON column's value is the JSON
itself, the others are JSON's numbers, strings, booleans and null. The header names the schema revision the
rows are in: a dump loads into a store of that revision (made for it) and is then upgraded to this release's.

Both directions stream, table by table and row by row: a dump is read in one transaction (one snapshot of a
hall that goes on writing), a load writes in one transaction, so that a file that is damaged anywhere (the
error names its line) or a database that refuses a row leaves the target as it was.
"""

from __future__ import annotations

import datetime
import hashlib
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import IO, Any

from sqlalchemy import JSON, Boolean, Float, Integer, MetaData, String, Table, func, inspect, select, text
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DBAPIError

from longhouse.store import revisions
from longhouse.store.db import model

FORMAT = "longhouse-dump"
VERSION = 1
#: Rows written to the database per statement while loading.
BATCH = 1000


class DumpError(Exception):
    """A dump that cannot be loaded (the message names the line), or a store that cannot take it."""


@dataclass(frozen=True)
class Summary:
    """What a dump held: its schema revision, and the rows of each table (unprefixed names)."""

    revision: str
    rows: dict[str, int]

    @property
    def total(self) -> int:
        return sum(self.rows.values())


def _line(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False) + "\n"


def _tables(connection: Connection, prefix: str) -> list[Table]:
    """The store's tables as the database holds them (reflected: a store of an older revision has its own
    columns), a table before those that refer to it."""
    present = MetaData()
    names = [t.name for t in model(prefix).sorted_tables]
    inspector = inspect(connection)
    present.reflect(connection, only=[n for n in names if inspector.has_table(n)])
    for table in present.tables.values():
        for column in table.columns:
            if isinstance(column.type, JSON):  # a JSON column's None is SQL's NULL (not JSON's null)
                column.type = JSON(none_as_null=True)
    return [present.tables[n] for n in names if n in present.tables]


def _snapshot(engine: Engine) -> Any:
    """A connection reading one snapshot of the database until it is closed."""
    connection = engine.connect()
    if engine.dialect.name == "sqlite":
        # pysqlite would run each SELECT in a transaction of its own: one read transaction for them all.
        connection = connection.execution_options(isolation_level="AUTOCOMMIT")
        connection.exec_driver_sql("BEGIN")
    elif engine.dialect.name == "postgresql":
        connection = connection.execution_options(isolation_level="REPEATABLE READ", postgresql_readonly=True)
    return connection


def dump(engine: Engine, prefix: str, out: IO[str]) -> Summary:
    """Write the store with ``prefix`` to ``out`` (see the module docstring). Refuses a store whose schema is
    not one of this release's revisions (a database written before migrations: upgrade it first)."""
    connection = _snapshot(engine)
    try:
        found = revisions.state(connection, prefix)
        if found.current is None or not found.known:
            raise DumpError(f"cannot dump a store whose schema revision is {found.describe()}")
        made = datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
        out.write(_line({"format": FORMAT, "version": VERSION, "revision": found.current, "made": made}))
        rows: dict[str, int] = {}
        for table in _tables(connection, prefix):
            name = table.name[len(prefix):]
            columns = list(table.columns)
            out.write(_line({"table": name, "columns": [c.name for c in columns]}))
            count, digest = 0, hashlib.sha256()
            query = select(*columns).order_by(*table.primary_key.columns)
            for row in connection.execution_options(yield_per=BATCH).execute(query):
                line = _line(list(row))
                digest.update(line.encode())
                out.write(line)
                count += 1
            out.write(_line({"end": name, "rows": count, "sha256": digest.hexdigest()}))
            rows[name] = count
        out.write(_line({"end": "dump", "tables": len(rows), "rows": sum(rows.values())}))
        return Summary(found.current, rows)
    finally:
        if engine.dialect.name == "sqlite":
            connection.exec_driver_sql("COMMIT")
        connection.close()


class _Reader:
    """The dump's lines decoded one by one, each error naming its line."""

    def __init__(self, lines: Iterable[str]) -> None:
        self._lines = iter(lines)
        self.number = 0
        #: The last line read, as it was in the file.
        self.raw = ""

    def error(self, what: str) -> DumpError:
        return DumpError(f"line {self.number}: {what}")

    def next(self) -> Any:
        try:
            raw = next(self._lines)
        except StopIteration:
            self.number += 1
            raise self.error("the dump ends here, before its last line (the file is cut short)") from None
        except UnicodeDecodeError as exc:
            self.number += 1
            raise self.error(f"not UTF-8 text ({exc.reason})") from None
        self.number += 1
        self.raw = raw
        if not raw.endswith("\n"):
            raise self.error("the line is cut short (the file ends inside it)")
        try:
            return json.loads(raw)
        except ValueError as exc:
            raise self.error(f"not JSON ({exc})") from None

    def rest(self) -> Iterator[str]:
        return self._lines


def _check_value(column: Any, value: Any) -> str | None:
    """Why ``value`` cannot be stored in ``column`` (None: it can)."""
    if value is None:
        return None if column.nullable else "is empty (null), which the column does not allow"
    kind = column.type
    if isinstance(kind, JSON):
        return None
    if isinstance(kind, Boolean):
        ok = isinstance(value, bool)
    elif isinstance(kind, Integer):
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif isinstance(kind, Float):
        ok = isinstance(value, int | float) and not isinstance(value, bool)
    elif isinstance(kind, String):
        ok = isinstance(value, str) and (kind.length is None or len(value) <= kind.length)
    else:
        ok = isinstance(value, str | int | float | bool)
    return None if ok else f"{value!r} is not a value of its type ({kind})"


def load(engine: Engine, prefix: str, lines: Iterable[str]) -> Summary:
    """Load a dump (its lines, as read from the file) into the store with ``prefix``, which must be empty: made
    at the dump's revision, filled, then upgraded to this release's newest, all in one transaction. Raises
    ``DumpError`` (naming the line) and changes nothing if anything is wrong."""
    reader = _Reader(lines)
    header = reader.next()
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise reader.error(f"not a Longhouse dump (its first line has no \"format\": \"{FORMAT}\")")
    if header.get("version") != VERSION:
        raise reader.error(f"a dump of format version {header.get('version')!r}; this release reads version {VERSION}")
    revision = header.get("revision")
    known = revisions.known_revisions()
    if not isinstance(revision, str) or revision not in known:
        raise reader.error(f"the rows are in schema revision {revision!r}, which this release does not know")
    with revisions.locked(engine, prefix) as connection:
        _refuse_a_store_with_rows(connection, prefix)
        held = revisions.state(connection, prefix).current
        if held is not None and known.index(held) > known.index(revision):
            raise DumpError(f"the store holds schema revision {held}, newer than the dump's ({revision}): load it "
                            "into a new database or under a new --table-prefix")
        revisions.upgrade_on(connection, prefix, revision)
        tables = {t.name[len(prefix):]: t for t in _tables(connection, prefix)}
        rows = _load_tables(reader, connection, tables)
        _continue_numbering(connection, tables.values())
        revisions.upgrade_on(connection, prefix)
    return Summary(revision, rows)


def _refuse_a_store_with_rows(connection: Connection, prefix: str) -> None:
    held = {}
    for table in _tables(connection, prefix):
        count = int(connection.execute(select(func.count()).select_from(table)).scalar_one())
        if count:
            held[table.name] = count
    if held:
        listed = ", ".join(f"{n}: {c} rows" for n, c in held.items())
        raise DumpError(f"the store is not empty ({listed}): load a dump into a new database or under a new "
                        "--table-prefix")


def _load_tables(reader: _Reader, connection: Connection, tables: dict[str, Table]) -> dict[str, int]:
    rows: dict[str, int] = {}
    while True:
        line = reader.next()
        if isinstance(line, dict) and line.get("end") == "dump":
            missing = [n for n in tables if n not in rows]
            if missing:
                raise reader.error(f"the dump ends without the tables {', '.join(missing)}")
            if line.get("tables") != len(rows) or line.get("rows") != sum(rows.values()):
                raise reader.error(f"the last line counts {line.get('tables')} tables and {line.get('rows')} "
                                   f"rows; the dump held {len(rows)} and {sum(rows.values())}")
            for _ in reader.rest():
                reader.number += 1
                raise reader.error("a line after the dump's last line")
            return rows
        if not isinstance(line, dict) or not isinstance(line.get("table"), str):
            raise reader.error('expected a table\'s first line ({"table": ..., "columns": [...]}) or the last line')
        name = line["table"]
        if name not in tables:
            raise reader.error(f"there is no table {name!r} in the store")
        if name in rows:
            raise reader.error(f"the table {name!r} comes twice")
        rows[name] = _load_table(reader, connection, name, tables[name], line.get("columns"))


def _load_table(reader: _Reader, connection: Connection, name: str, table: Table, names: Any) -> int:
    expected = [c.name for c in table.columns]
    if not isinstance(names, list) or sorted(map(str, names)) != sorted(expected) or len(set(names)) != len(names):
        raise reader.error(f"the table {name!r} has the columns {expected}, the dump {names}")
    columns = [table.columns[n] for n in names]
    count, first, digest = 0, reader.number + 1, hashlib.sha256()
    batch: list[dict[str, Any]] = []
    while True:
        line = reader.next()
        if isinstance(line, dict):
            if {k: line.get(k) for k in ("end", "rows")} != {"end": name, "rows": count + len(batch)}:
                raise reader.error(f"expected the end of {name!r} after its {count + len(batch)} rows "
                                   f'({{"end": "{name}", "rows": {count + len(batch)}, ...}}), got {line}')
            if line.get("sha256") != digest.hexdigest():
                raise reader.error(f"the rows of {name!r} are not those dumped (their SHA-256 differs from the "
                                   "one this line gives): the file was changed or damaged")
            _insert(connection, name, table, batch, first)
            return count + len(batch)
        digest.update(reader.raw.encode())
        if not isinstance(line, list) or len(line) != len(columns):
            raise reader.error(f"a row of {name!r} is a list of {len(columns)} values")
        for column, value in zip(columns, line, strict=True):
            why = _check_value(column, value)
            if why is not None:
                raise reader.error(f"{name}.{column.name}: {why}")
        batch.append(dict(zip(names, line, strict=True)))
        if len(batch) == BATCH:
            _insert(connection, name, table, batch, first)
            count += len(batch)
            batch, first = [], reader.number + 1


def _insert(connection: Connection, name: str, table: Table, batch: list[dict[str, Any]], first: int) -> None:
    if not batch:
        return
    try:
        connection.execute(table.insert(), batch)
    except DBAPIError as exc:
        raise DumpError(f"lines {first}-{first + len(batch) - 1}: the database refuses a row of {name!r}: "
                        f"{str(exc.orig).strip().splitlines()[0]}") from None


def _continue_numbering(connection: Connection, tables: Iterable[Table]) -> None:
    """PostgreSQL: each table's numbering of new rows (its sequence) goes on after the rows loaded."""
    if connection.dialect.name != "postgresql":
        return
    for table in tables:
        for column in table.primary_key.columns:
            if column.autoincrement is True or (column.autoincrement == "auto" and len(table.primary_key) == 1
                                                and isinstance(column.type, Integer)):
                sequence = connection.execute(text("SELECT pg_get_serial_sequence(:t, :c)"),
                                              {"t": table.name, "c": column.name}).scalar_one()
                if sequence is None:
                    continue
                top = connection.execute(select(func.max(column))).scalar_one()
                connection.execute(text("SELECT setval(:s, :n, :called)"),
                                   {"s": sequence, "n": top or 1, "called": top is not None})
