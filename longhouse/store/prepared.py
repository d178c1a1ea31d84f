"""Statements compiled once for the store's database and run straight on the driver's cursor.

The writes the hall makes for every move and every game (a record entry, a seating, a game's start) are
small, and SQLAlchemy's execute path cost more than the statement itself: a cache key, an execution
context, each parameter looked at by name, per call. A ``Prepared`` statement is compiled by SQLAlchemy
once (so its SQL and its quoting are SQLAlchemy's, for any dialect) and then run with the DB-API's own
``execute``/``executemany`` on tuples, each value converted by its column type's bind processor (JSON to
text, ...) as SQLAlchemy would have.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from sqlalchemy.engine import Dialect
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.expression import ClauseElement


class Prepared:
    """One statement whose parameters are ``names``, in that order, in every row given to it."""

    def __init__(self, statement: ClauseElement, dialect: Dialect, names: Sequence[str]) -> None:
        compiled = statement.compile(dialect=dialect, column_keys=list(names))
        assert isinstance(compiled, SQLCompiler)
        self.sql: str = compiled.string
        self.names = tuple(names)
        binds = compiled.binds
        missing = set(binds) - set(names)
        if missing:
            raise ValueError(f"the statement has parameters not named: {sorted(missing)}")
        processors = [binds[n].type.dialect_impl(dialect).bind_processor(dialect) for n in names]
        self._processors: list[tuple[int, Callable[[Any], Any]]] = [
            (i, p) for i, p in enumerate(processors) if p is not None]
        # The driver's parameters: a tuple in the statement's order (qmark, format), or a dict (pyformat).
        self._positional = bool(compiled.positional)
        order = [self.names.index(n) for n in compiled.positiontup or ()] if self._positional else None
        self._order: list[int] | None = None if order == list(range(len(names))) else order

    def args(self, row: Sequence[Any]) -> Any:
        """The driver's parameters for one row of values, in ``names``' order."""
        if self._processors:
            row = list(row)
            for i, process in self._processors:
                row[i] = process(row[i])
        if not self._positional:
            return dict(zip(self.names, row, strict=True))
        if self._order is not None:
            return tuple(row[i] for i in self._order)
        return row

    def execute(self, cursor: Any, row: Sequence[Any]) -> Any:
        cursor.execute(self.sql, self.args(row))
        return cursor

    def executemany(self, cursor: Any, rows: Sequence[Sequence[Any]]) -> Any:
        if self._positional and self._order is None and not self._processors:
            cursor.executemany(self.sql, rows)  # the rows are the driver's parameters as they are
        else:
            cursor.executemany(self.sql, [self.args(row) for row in rows])
        return cursor
