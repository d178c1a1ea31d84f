"""One description of a state's fields drives its copy and its snapshot, for every game.

A game lists its fields once, by how deep they must be copied (``Fields``); the engine turns that list
into a copy function (written out as straight-line code when the class is made, so a copy costs what a
hand-written one would) and into the plain part of a JSON snapshot and its reading back::

    FIELDS = Fields(values=("phase", "turn"), lists=("gold",), tables=("board",), copies=("players",))
    FIELDS.copy(src, dst)            # dst.phase = src.phase; dst.gold = src.gold[:]; ...
    FIELDS.new_copy(src)             # a new object of src's class with the fields copied, the fresh ones set
    FIELDS.to_json(state)            # {"phase": ..., "gold": [...], "board": [[...]], "players": [...]}
    FIELDS.read(state, data)         # the reverse for values, lists, tables and cubes (checked)

Kinds: ``values`` are immutable (numbers, strings, tuples, frozen objects) and shared; ``lists`` are flat
lists of values (tuples in them are written as lists); ``tables`` lists of lists; ``cubes`` lists of
tables; ``copies`` objects with ``copy()`` and ``to_json()``; ``copy_lists`` lists of such objects.
``json`` renames a field in the snapshot. ``shared`` fields are shared by copies and left out of
snapshots (derived data the state rebuilds); ``unsaved`` names fields of the other kinds that are copied
but left out of snapshots (derived, rebuilt when a snapshot is read). ``fresh`` gives the fields a new
copy (``new_copy``) starts with instead of the original's (caches, undo records, events of the last move),
each a constant: ``None``, a number, a string, or an empty list, set, dict or tuple.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from longhouse.engine.errors import SnapshotError

JSON = dict[str, Any]


@dataclass(frozen=True)
class Fields:
    """The fields of a state (or of a part of it, such as a player), grouped by how they are copied."""

    values: tuple[str, ...] = ()
    lists: tuple[str, ...] = ()
    tables: tuple[str, ...] = ()
    cubes: tuple[str, ...] = ()
    copies: tuple[str, ...] = ()
    copy_lists: tuple[str, ...] = ()
    shared: tuple[str, ...] = ()
    unsaved: tuple[str, ...] = ()
    json: Mapping[str, str] = field(default_factory=dict)
    fresh: Mapping[str, Any] = field(default_factory=dict)
    copy: Callable[[Any, Any], None] = field(init=False, repr=False, compare=False)
    new_copy: Callable[[Any], Any] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        names = self.names()
        if len(set(names)) != len(names):
            raise ValueError(f"a field is listed twice in {names}")
        for n, value in self.fresh.items():
            if not (value is None or type(value) in (bool, int, str)
                    or (type(value) in (list, set, dict, tuple) and not value)):
                raise ValueError(f"the fresh value of {n!r} must be a constant or an empty container, not {value!r}")
        body = [(n, f"    dst.{n} = src.{n}") for n in self.values + self.shared]
        # Lists are lists (the rules build them so, and a snapshot is read so), copied by list.copy: in this
        # Python (3.11) ``x[:]`` builds a slice object first and costs twice as much. A table's rows are copied
        # by map(list.copy, ...) in C, not by a comprehension (a Python loop): a third less for 30 rows.
        body += [(n, f"    dst.{n} = src.{n}.copy()") for n in self.lists]
        body += [(n, f"    dst.{n} = list(map(copy_row, src.{n}))") for n in self.tables]
        body += [(n, f"    dst.{n} = [list(map(copy_row, t)) for t in src.{n}]") for n in self.cubes]
        body += [(n, f"    dst.{n} = src.{n}.copy()") for n in self.copies]
        body += [(n, f"    dst.{n} = [x.copy() for x in src.{n}]") for n in self.copy_lists]
        fresh = [f"    dst.{n} = {'set()' if value == set() else repr(value)}" for n, value in self.fresh.items()]
        lines = ["def copy(src, dst):", *(line for _, line in body), "    pass",
                 "def new_copy(src):", "    dst = new(type(src))",
                 *(line for n, line in body if n not in self.fresh), *fresh, "    return dst"]
        scope: dict[str, Any] = {"new": object.__new__, "copy_row": list.copy}
        exec(compile("\n".join(lines), f"<Fields.copy of {names[:3]}>", "exec"), scope)
        object.__setattr__(self, "copy", scope["copy"])
        object.__setattr__(self, "new_copy", scope["new_copy"])

    def names(self) -> tuple[str, ...]:
        """Every field, in the order of the kinds."""
        return (self.values + self.lists + self.tables + self.cubes + self.copies + self.copy_lists
                + self.shared)

    def _saved(self, names: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(n for n in names if n not in self.unsaved) if self.unsaved else names

    def key(self, name: str) -> str:
        """The field's key in a snapshot."""
        return self.json.get(name, name)

    def to_json(self, obj: Any) -> JSON:
        """The snapshot of every field but the shared ones (values as they are, containers as lists)."""
        out: JSON = {}
        for n in self._saved(self.values):
            value = getattr(obj, n)
            out[self.key(n)] = list(value) if isinstance(value, tuple) else value
        for n in self._saved(self.lists):
            out[self.key(n)] = [list(x) if type(x) is tuple else x for x in getattr(obj, n)]
        for n in self._saved(self.tables):
            out[self.key(n)] = [list(r) for r in getattr(obj, n)]
        for n in self._saved(self.cubes):
            out[self.key(n)] = [[list(r) for r in t] for t in getattr(obj, n)]
        for n in self._saved(self.copies):
            out[self.key(n)] = getattr(obj, n).to_json()
        for n in self._saved(self.copy_lists):
            out[self.key(n)] = [x.to_json() for x in getattr(obj, n)]
        return out

    def read(self, obj: Any, data: Mapping[str, Any], values: Callable[[str, Any], Any] | None = None) -> None:
        """Set the values, lists, tables and cubes of ``obj`` from a snapshot (copies and copy-lists are the
        game's to read). Lists hold whole numbers unless ``values(name, raw)`` converts them; a missing key
        or a wrong shape raises ``SnapshotError``."""
        def get(n: str) -> Any:
            k = self.key(n)
            if k not in data:
                raise SnapshotError(f"the snapshot lacks {k!r}")
            return data[k]

        def items(n: str, raw: Any) -> list[Any]:
            if not isinstance(raw, list):
                raise SnapshotError(f"{self.key(n)!r} must be a list")
            if values is not None:
                return [values(n, x) for x in raw]
            return [_whole(self.key(n), x) for x in raw]

        def rows(n: str, raw: Any) -> list[list[Any]]:
            if not isinstance(raw, list):
                raise SnapshotError(f"{self.key(n)!r} must be a list of lists")
            return [items(n, r) for r in raw]

        for n in self._saved(self.values):
            raw = get(n)
            setattr(obj, n, values(n, raw) if values is not None else raw)
        for n in self._saved(self.lists):
            setattr(obj, n, items(n, get(n)))
        for n in self._saved(self.tables):
            setattr(obj, n, rows(n, get(n)))
        for n in self._saved(self.cubes):
            raw = get(n)
            if not isinstance(raw, list):
                raise SnapshotError(f"{self.key(n)!r} must be a list of tables")
            setattr(obj, n, [rows(n, t) for t in raw])


def _whole(key: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SnapshotError(f"{key!r} holds whole numbers, not {value!r}"[:120])
    return value
