"""``longhouse db upgrade | current | dump FILE | load FILE | backup FILE``: the store (``docs/operations.md``).

- ``upgrade``: bring the store's schema to this release's newest revision (a database written before
  migrations is taken as the baseline); what it held before and holds now.
- ``current``: which revision the store holds; exit status 0 if it is the newest, 1 otherwise.
- ``dump FILE``: everything the store keeps, as a portable file (``store/dump.py``; ``.gz``: compressed).
- ``load FILE``: a dump into an empty store (any database), in one transaction; a damaged dump is refused
  with the line where it went wrong, and nothing is loaded.
- ``backup FILE``: a copy of a running hall's SQLite file (SQLite's online backup, ``store/backup.py``).
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import IO, cast

from longhouse.cli.serve import DEFAULT_DATABASE

ACTIONS = {
    "upgrade": "upgrade the store's schema to this release's newest revision",
    "current": "say which schema revision the store holds (exit status 1 if not the newest)",
    "dump": "write everything the store keeps to FILE (JSON lines; FILE.gz: compressed)",
    "load": "load a dump into an empty store, all or nothing",
    "backup": "copy a running hall's SQLite database to FILE (SQLite's online backup)",
}


def configure(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    for action, help_text in ACTIONS.items():
        child = sub.add_parser(action, help=help_text, description=help_text)
        if action in ("dump", "load", "backup"):
            child.add_argument("file", type=Path, metavar="FILE")
        child.add_argument("--database", default=DEFAULT_DATABASE,
                           help="SQLAlchemy URL of the store (default %(default)s)")
        child.add_argument("--table-prefix", default="", help="prefix of the store's table names (default none)")


def _missing_file(url: str) -> Path | None:
    """The SQLite file ``url`` names if it does not exist (None: it does, or the database is no file)."""
    from sqlalchemy.engine.url import make_url

    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    path = Path(parsed.database)
    return None if path.exists() else path


def _open(path: Path, mode: str, compressed: bool | None = None) -> IO[str]:
    """A dump's file as text (compressed with gzip if its name ends in ``.gz``, unless told)."""
    if path.suffix == ".gz" if compressed is None else compressed:
        return cast(IO[str], gzip.open(path, mode + "t", encoding="utf-8", newline=""))
    return path.open(mode, encoding="utf-8", newline="")


@contextlib.contextmanager
def _written(path: Path) -> Iterator[IO[str]]:
    """``path`` opened for writing as ``path.partial``, renamed to ``path`` only if the block succeeds."""
    partial = path.with_name(path.name + ".partial")
    try:
        with _open(partial, "w", compressed=path.suffix == ".gz") as out:
            yield out
            out.flush()
        os.replace(partial, path)
    finally:
        partial.unlink(missing_ok=True)


def run(args: argparse.Namespace) -> int:
    from sqlalchemy import create_engine
    from sqlalchemy.engine.url import make_url
    from sqlalchemy.exc import OperationalError
    from sqlalchemy.pool import NullPool

    from longhouse.store import backup, dump, revisions

    shown = make_url(args.database).render_as_string(hide_password=True)
    if args.action == "backup":
        try:
            copy = backup.backup(args.database, args.file)
        except backup.BackupError as exc:
            print(f"longhouse db: {exc}", file=sys.stderr)
            return 1
        print(f"{shown}: copied to {copy.path} ({copy.bytes} bytes, {copy.pages} pages, checked)")
        return 0
    missing = _missing_file(args.database)
    if missing is not None:
        if args.action in ("current", "dump"):
            print(f"longhouse db: there is no database at {missing}", file=sys.stderr)
            return 1
        missing.parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(args.database, poolclass=NullPool)
    try:
        if args.action == "current":
            found = revisions.database_state(engine, args.table_prefix)
            print(f"{shown}: schema revision {found.describe()}")
            return 0 if found.up_to_date else 1
        if args.action == "dump":
            if args.file.exists():
                print(f"longhouse db: {args.file} exists: name a new file", file=sys.stderr)
                return 1
            with _written(args.file) as out:
                summary = dump.dump(engine, args.table_prefix, out)
            print(f"{shown}: {summary.total} rows of {len(summary.rows)} tables (schema revision "
                  f"{summary.revision}) written to {args.file}")
            return 0
        if args.action == "load":
            with _open(args.file, "r") as lines:
                summary = dump.load(engine, args.table_prefix, lines)
            print(f"{args.file}: {summary.total} rows of {len(summary.rows)} tables loaded into {shown} "
                  f"(schema revision {summary.revision}, now {revisions.head()})")
            return 0
        before, after = revisions.upgrade(engine, args.table_prefix)
        if before.up_to_date:
            print(f"{shown}: schema revision {after.current}, the newest: nothing to do")
        else:
            held = before.current or ("none (written before migrations)" if before.legacy else "none (new)")
            print(f"{shown}: upgraded from schema revision {held} to {after.current}")
        return 0
    except (revisions.SchemaError, dump.DumpError) as exc:
        print(f"longhouse db: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"longhouse db: {exc}", file=sys.stderr)
        return 1
    except OperationalError as exc:
        print(f"longhouse db: cannot reach the store at {shown}: {exc.orig}", file=sys.stderr)
        return 1
    finally:
        engine.dispose()
