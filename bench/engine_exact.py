"""Every game's exactness digest, for speed work on the engines (instructions per playout action, the speed
side: ``bench/engine_ab.py --instructions``).

Plays seeded random games of a game at each player count and hashes, at every step, the acting seats, the
sorted notation of each acting seat's legal actions, the chosen action, whether an equal copy of it read back
from its JSON is legal too (what the hall applies), the events (kind, English text, data, seats) and at the
end the scores, their breakdown and the winners. An optimisation that keeps the engine exact leaves every
digest unchanged; run it on both checkouts and compare.

    python bench/engine_exact.py [--games manitou,manitoba,five_tribes] [--count 40] [--players 3]
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from longhouse import games
from longhouse.engine import Rng


def digest(name: str, players: int, count: int) -> tuple[str, int]:
    game = games.get(name)
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
            h.update(repr(state.is_legal(seat, game.action_from_json(game.action_to_json(action)))).encode())
            for e in state.apply(seat, action):
                h.update(repr((e.kind, str(e.text), e.data, e.seats)).encode())
            steps += 1
        h.update(repr((state.scores(), state.score_breakdown(), state.winners())).encode())
    return h.hexdigest()[:16], steps


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default=",".join(games.names()), help="games to digest")
    parser.add_argument("--count", type=int, default=40, help="games per player count (default 40)")
    parser.add_argument("--players", type=int, default=0, help="one player count (default: every count)")
    args = parser.parse_args(argv)
    for name in args.games.split(","):
        game = games.get(name)
        counts = [args.players] if args.players else range(game.min_players, game.max_players + 1)
        for n in counts:
            d, steps = digest(name, n, args.count)
            print(f"{name} {n} players, {args.count} games, {steps} steps: digest {d}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
