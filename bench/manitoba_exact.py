"""Manitoba's exactness digest and playout workload, for speed work on the engine.

``digest``: plays seeded random games at 2, 3 and 4 players and hashes, at every step, the acting seats,
the sorted notation of each acting seat's legal actions, the chosen action, the events (kind, English text,
data, seats) and at the end the scores and their breakdown; an optimisation that keeps the engine exact
leaves the digest unchanged. ``playout``: the same random games as ``bench/engine.py`` plays (legal
actions, choose, apply, check the end), no digest, printing the number of actions: run it under
``valgrind --tool=callgrind`` with N games and with 0 games, and the difference of the instruction counts
over the actions is the instructions per playout action, which the machine's load does not move.

    python bench/manitoba_exact.py digest [--games 100]
    python bench/manitoba_exact.py playout --players 3 --games 20
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from longhouse import games
from longhouse.engine import Rng


def digest(players: int, count: int) -> tuple[str, int]:
    game = games.get("manitoba")
    h = hashlib.sha256()
    rng = Rng(1000 + players)
    steps = 0
    for seed in range(count):
        state = game.new_state(players, seed)
        while not state.is_over():
            acting = state.acting()
            h.update(repr(acting).encode())
            for s in acting:
                h.update(repr(sorted(game.action_to_text(a) for a in state.legal_actions(s))).encode())
            seat = acting[rng.below(len(acting))] if len(acting) > 1 else acting[0]
            legal = state.legal_actions(seat)
            action = legal[rng.below(len(legal))]
            h.update(game.action_to_text(action).encode())
            for e in state.apply(seat, action):
                h.update(repr((e.kind, str(e.text), e.data, e.seats)).encode())
            steps += 1
        h.update(repr((state.scores(), state.score_breakdown(), state.winners())).encode())
    return h.hexdigest()[:16], steps


def playout(players: int, count: int) -> int:
    game = games.get("manitoba")
    rng = Rng(players)
    actions = 0
    for seed in range(count):
        state = game.new_state(players, seed)
        while not state.is_over():
            acting = state.acting()
            seat = acting[rng.below(len(acting))] if len(acting) > 1 else acting[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])
            actions += 1
    return actions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=("digest", "playout"))
    parser.add_argument("--games", type=int, default=100, help="games per player count (default 100)")
    parser.add_argument("--players", type=int, default=0, help="one player count (default: 2, 3 and 4)")
    args = parser.parse_args(argv)
    counts = [args.players] if args.players else [2, 3, 4]
    for n in counts:
        if args.mode == "digest":
            d, steps = digest(n, args.games)
            print(f"{n} players, {args.games} games, {steps} steps: digest {d}")
        else:
            print(f"{n} players, {args.games} games: {playout(n, args.games)} actions")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
