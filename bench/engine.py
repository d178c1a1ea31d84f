"""Engine benchmark: random-playout speed of every game beside python-chess in the same run.

For each game and player count it plays random games (listing the legal actions, choosing one,
applying it, checking for the end, as a bot or trainer does) and prints actions/s and games/s; the
anchor is python-chess's random-game plies/s (listing legal moves and checking game over each ply)
measured in the same run. Targets (issue 27): Manitou >= 8x, Manitoba >= 5x, Five Tribes >= 3.5x, at every
player count.

Each measurement is CPU time of this process (``time.process_time``), not wall time, so other work on a
shared machine weighs far less on the figures; the anchor is measured before and after the games and
averaged.

    python bench/engine.py [--seconds 3] [--games manitou,five_tribes]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rich.console import Console
from rich.table import Table

from longhouse import games
from longhouse.engine import Rng

TARGETS = {"manitou": 8.0, "manitoba": 5.0, "five_tribes": 3.5}
clock = time.process_time


def chess_plies_per_second(seconds: float) -> tuple[float, int]:
    import chess

    rnd = random.Random(0)
    plies = games_played = 0
    start = clock()
    while clock() - start < seconds:
        board = chess.Board()
        while not board.is_game_over():
            moves = list(board.legal_moves)
            board.push(rnd.choice(moves))
            plies += 1
        games_played += 1
    return plies / (clock() - start), games_played


def playouts(name: str, players: int, seconds: float) -> tuple[float, float, int]:
    game = games.get(name)
    rng = Rng(players)
    actions = played = 0
    seed = 0
    start = clock()
    while clock() - start < seconds:
        state = game.new_state(players, seed)
        seed += 1
        while not state.is_over():
            acting = state.acting()
            seat = acting[rng.below(len(acting))] if len(acting) > 1 else acting[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])
            actions += 1
        played += 1
    elapsed = clock() - start
    return actions / elapsed, played / elapsed, played


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per measurement (default 3)")
    parser.add_argument("--games", default=",".join(games.names()), help="games to measure")
    args = parser.parse_args(argv)
    console = Console()
    chess_rate, chess_games = chess_plies_per_second(args.seconds)
    console.print(f"python-chess random games: {chess_rate:,.0f} plies/CPU s ({chess_games} games)")
    rows = []
    for name in args.games.split(","):
        game = games.get(name)
        for n in range(game.min_players, game.max_players + 1):
            rows.append((name, n, *playouts(name, n, args.seconds)))
    # the anchor is measured again at the end and averaged, so that a change in the machine's load
    # during the run weighs on both sides of the ratio alike
    again, more = chess_plies_per_second(args.seconds)
    console.print(f"python-chess again:        {again:,.0f} plies/CPU s ({more} games)")
    chess_rate = (chess_rate + again) / 2
    table = Table("game", "players", "actions/CPU s", "games/CPU s", "games", "× chess", "target",
                  title="Random playouts")
    for name, n, rate, per_game, played in rows:
        ratio = rate / chess_rate
        target = TARGETS.get(name)
        verdict = "" if target is None else (f"≥ {target:g}× " + ("met" if ratio >= target else "MISSED"))
        table.add_row(name, str(n), f"{rate:,.0f}", f"{per_game:,.1f}", str(played), f"{ratio:.2f}", verdict)
    console.print(f"anchor (mean): {chess_rate:,.0f} python-chess plies/CPU s")
    console.print(table)
    if "five_tribes" in args.games.split(","):
        from five_tribes_moves import enumerate_moves  # bench/five_tribes_moves.py, beside this file

        count, seconds = enumerate_moves(1)
        console.print(f"five_tribes: {count} complete meeple moves of a fresh 4-player board in "
                      f"{1000 * seconds:.1f} ms ({count / seconds:,.0f} a second)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
