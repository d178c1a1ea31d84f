"""``longhouse db upgrade | current``: the store's schema (``docs/operations.md``).

- ``upgrade``: bring the store's schema to this release's newest revision (a database written before
  migrations is taken as the baseline); what it held before and holds now.
- ``current``: which revision the store holds; exit status 0 if it is the newest, 1 otherwise.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from longhouse.cli.serve import DEFAULT_DATABASE

ACTIONS = {
    "upgrade": "upgrade the store's schema to this release's newest revision",
    "current": "say which schema revision the store holds (exit status 1 if not the newest)",
}


def configure(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    for action, help_text in ACTIONS.items():
        child = sub.add_parser(action, help=help_text, description=help_text)
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


def run(args: argparse.Namespace) -> int:
    from sqlalchemy import create_engine
    from sqlalchemy.engine.url import make_url
    from sqlalchemy.exc import OperationalError
    from sqlalchemy.pool import NullPool

    from longhouse.store import revisions

    shown = make_url(args.database).render_as_string(hide_password=True)
    missing = _missing_file(args.database)
    if missing is not None:
        if args.action == "current":
            print(f"longhouse db: there is no database at {missing}", file=sys.stderr)
            return 1
        missing.parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(args.database, poolclass=NullPool)
    try:
        if args.action == "current":
            found = revisions.database_state(engine, args.table_prefix)
            print(f"{shown}: schema revision {found.describe()}")
            return 0 if found.up_to_date else 1
        before, after = revisions.upgrade(engine, args.table_prefix)
        if before.up_to_date:
            print(f"{shown}: schema revision {after.current}, the newest: nothing to do")
        else:
            held = before.current or ("none (written before migrations)" if before.legacy else "none (new)")
            print(f"{shown}: upgraded from schema revision {held} to {after.current}")
        return 0
    except revisions.SchemaError as exc:
        print(f"longhouse db: {exc}", file=sys.stderr)
        return 1
    except OperationalError as exc:
        print(f"longhouse db: cannot reach the store at {shown}: {exc.orig}", file=sys.stderr)
        return 1
    finally:
        engine.dispose()
