"""``longhouse ratings rebuild | show GAME``: recompute every rating from the archive, or print a leaderboard."""

from __future__ import annotations

import argparse
import sys

from longhouse.cli.serve import DEFAULT_DATABASE


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("what", choices=["rebuild", "show"],
                        help="rebuild: recompute the rating history from the finished games; show: a leaderboard")
    parser.add_argument("game", nargs="?", help="the game whose leaderboard `show` prints")
    parser.add_argument("--database", default=DEFAULT_DATABASE, help="SQLAlchemy URL of the store (%(default)s)")
    parser.add_argument("--table-prefix", default="", help="prefix of the store's table names (default none)")


def run(args: argparse.Namespace) -> int:
    from longhouse.server import ratings
    from longhouse.store import Store
    from longhouse.store.people import PeopleStore
    from longhouse.store.revisions import SchemaError

    try:
        store = Store(args.database, prefix=args.table_prefix)
    except SchemaError as exc:
        print(f"longhouse ratings: {exc}", file=sys.stderr)
        return 2
    try:
        people = PeopleStore(store.engine, args.table_prefix, store.tables, store.users)
        if args.what == "rebuild":
            history = ratings.rebuild(people)
            games = sorted({p.game for p in history})
            print(f"{len(history)} rating updates from the archive; games: {', '.join(games) or 'none'}")
            for game in games:
                for row in ratings.leaderboard(people, game):
                    print(f"{game}\t{row['name']}\t{row['rating']:.2f}\t{row['mu']:.2f}±{row['sigma']:.2f}\t"
                          f"{row['games']} games")
            return 0
        if not args.game:
            print("show needs a game: longhouse ratings show manitou")
            return 2
        for rank, row in enumerate(ratings.leaderboard(people, args.game), 1):
            print(f"{rank}\t{row['name']}\t{row['rating']:.2f}\t{row['games']} games")
        return 0
    finally:
        store.close()
