"""The cost of a table's ``state`` messages (``server/state_texts.py``), in process, per game: CPU per position
for every seat's and the spectator's message (each a delta against the one before, as at a live table), and a
digest of every text made, to tell that two checkouts send the very same bytes.

Random games (fixed seeds) are played first; then the timed loop makes each position's messages in turn, with
``time.process_time`` around ``StateTexts.texts`` only. Alternate the checkouts being compared, run after run
(``PYTHONPATH=<checkout> python bench/state_texts.py``): the shared machine's load moves the figures. For a
steady figure count instructions instead: ``valgrind --tool=callgrind --toggle-collect=functools_reduce python
bench/state_texts.py --runs 1`` (each position's messages are made inside ``functools.reduce``).

    python bench/state_texts.py                  # 2-player games of each game, 3 runs
    python bench/state_texts.py --players 4 --games 4 --runs 5

A message is the same for readers of every language (its texts go as data, ``i18n/wire.py``): there is no
language to choose here.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import statistics
import time
from functools import reduce
from typing import Any

from longhouse import games
from longhouse.server.state_texts import Sent, StateTexts


def positions(name: str, players: int, games_played: int, seed: int) -> list[tuple[Any, list[Any], int | None]]:
    """Each position of random games (a copy), with the events of the move that made it and its mover."""
    game = games.get(name)
    out: list[tuple[Any, list[Any], int | None]] = []
    for g in range(games_played):
        rng = random.Random(seed + g)
        state = game.new_state(players, seed + g)
        out.append((state.clone(), [], None))
        while not state.is_over():
            seat = rng.choice(state.acting())
            events = state.apply(seat, rng.choice(state.legal_actions(seat)))
            out.append((state.clone(), events, seat))
    return out


def _texts(_: Any, job: tuple[Any, ...]) -> list[tuple[str, Sent]]:
    texts, state, version, to, events, by = job
    made: list[tuple[str, Sent]] = texts.texts(state, version, "running", None, to, events, by)
    return made


def run(name: str, players: int, played: list[tuple[Any, list[Any], int | None]]) -> tuple[float, str]:
    """CPU seconds per position, and the digest of every text."""
    digest = hashlib.sha256()
    seats: list[int | None] = [None, *range(players)]
    spent = 0.0
    texts = StateTexts(games.get(name))
    sent: dict[int | None, Sent | None] = dict.fromkeys(seats)
    version = 0
    for state, events, by in played:
        if by is None:  # a new game: a new table
            texts = StateTexts(games.get(name))
            sent = dict.fromkeys(seats)
            version = 0
        version += 1
        to = [(seat, sent[seat]) for seat in seats]
        began = time.process_time()
        # inside functools.reduce, so that ``valgrind --tool=callgrind --toggle-collect=functools_reduce`` counts
        # the instructions of the messages only (steadier than any clock on a shared machine)
        made = reduce(_texts, [(texts, state, version, to, events, by)], None)
        spent += time.process_time() - began
        for seat, (text, now) in zip(seats, made, strict=True):
            sent[seat] = now
            digest.update(text.encode())
    return spent / len(played), digest.hexdigest()[:16]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=3, help="random games per game and run")
    parser.add_argument("--runs", type=int, default=3, help="runs; the median is the figure")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", choices=games.names(), help="only this game")
    args = parser.parse_args()
    for name in [args.game] if args.game else games.names():
        played = positions(name, args.players, args.games, args.seed)
        figures = []
        digests = set()
        for _ in range(args.runs):
            per, digest = run(name, args.players, played)
            figures.append(per)
            digests.add(digest)
        print(f"{name:12} {args.players}p: {1e6 * statistics.median(figures):8.1f} us a position "
              f"({len(played)} positions, {args.players + 1} messages each), texts {' '.join(sorted(digests))}",
              flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
