"""``longhouse export --format parquet OUT``: finished games as a dataset, one row per decision.

The games come from the hall's store (``--database``, its finished tables) and from ``longhouse selfplay``
folders (``--records DIR``, repeatable); the rows and their schema are ``longhouse.adapters.dataset``'s
(docs/research.md). Needs the research extra (pyarrow).
"""

from __future__ import annotations

import argparse
import itertools
import sys
from collections.abc import Iterator
from pathlib import Path

from longhouse.cli.serve import DEFAULT_DATABASE


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("out", type=Path, help="the Parquet file to write")
    parser.add_argument("--format", choices=["parquet"], default="parquet", help="the file format (parquet)")
    parser.add_argument("--database", nargs="?", const=DEFAULT_DATABASE, default=None,
                        help=f"export the store's finished games (SQLAlchemy URL; alone: {DEFAULT_DATABASE})")
    parser.add_argument("--table-prefix", default="", help="prefix of the store's table names (default none)")
    parser.add_argument("--limit", type=int, default=None, help="at most this many of the store's newest games")
    parser.add_argument("--records", type=Path, action="append", default=[],
                        help="a folder of `longhouse selfplay` records to export (repeatable)")


def _fail(message: str) -> int:
    print(f"longhouse export: {message}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    if args.database is None and not args.records:
        return _fail("say what to export: --database [URL] (the hall's store), --records DIR, or both")
    if args.limit is not None and args.limit < 1:
        return _fail("--limit must be at least 1")
    missing = [str(folder) for folder in args.records if not folder.is_dir()]
    if missing:
        return _fail(f"no such folder: {', '.join(missing)}")
    from longhouse.adapters import dataset

    sources: list[Iterator[dataset.Finished]] = [dataset.selfplay_games(folder) for folder in args.records]
    store = None
    if args.database is not None:
        from longhouse.store import Store
        from longhouse.store.people import PeopleStore

        store = Store(args.database, prefix=args.table_prefix)
        people = PeopleStore(store.engine, args.table_prefix, store.tables, store.users)
        sources.insert(0, dataset.store_games(store, people, args.limit))
    try:
        games, rows = dataset.write_parquet(itertools.chain(*sources), args.out)
    except (ValueError, OSError) as exc:
        return _fail(str(exc))
    finally:
        if store is not None:
            store.close()
    print(f"{games} games, {rows} decisions -> {args.out} (schema version {dataset.SCHEMA_VERSION})")
    return 0
