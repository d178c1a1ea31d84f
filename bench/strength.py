"""How strong are the bots? A benchmark that plays the arena's matches and prints figures.

For every registered game (``longhouse.games.names()``):

* 2 players: ISMCTS vs random (target: ISMCTS wins ≥ 95%) and ISMCTS vs greedy (target ≥ 65%);
* 4 players: one ISMCTS seat against three greedy seats (target: ISMCTS wins ≥ 40%);
* ISMCTS search iterations per second, measured over the searched moves of those games (target for
  Manitou 2p: ≥ 2,000).

Seats rotate between games; ties are split; win rates carry 95% Wilson intervals (see
``longhouse.bots.stats``). The targets are printed next to the figures, never asserted.

    python bench/strength.py                      # 100 games per match, 1 s per move (hours)
    python bench/strength.py --quick              # 20 games per match, 0.25 s per move
    python bench/strength.py --game manitou --games 40 --seconds 0.5 --jobs 2
    python bench/strength.py --iterations 500     # a fixed iteration budget (deterministic)
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from longhouse import games
from longhouse.bots import arena
from longhouse.bots.stats import BotSummary, summarize
from longhouse.cli import arena as arena_command


@dataclass(frozen=True)
class Matchup:
    label: str
    bots: tuple[str, ...]
    target: float


MATCHUPS = (
    Matchup("ISMCTS vs random (2p)", ("ismcts", "random"), 0.95),
    Matchup("ISMCTS vs greedy (2p)", ("ismcts", "greedy"), 0.65),
    Matchup("ISMCTS vs 3 greedy (4p)", ("ismcts", "greedy", "greedy", "greedy"), 0.40),
)
ITERATIONS_TARGET = {"manitou": 2000.0}


def run_matchup(game: str, matchup: Matchup, count: int, seconds: float | None, iterations: int | None,
                jobs: int, seed: int) -> dict[str, object]:
    specs = arena.build_specs(game, matchup.bots, count, len(matchup.bots), seed, seconds, iterations)
    start = time.perf_counter()
    outcomes = arena_command.run_with_progress(specs, jobs)
    elapsed = time.perf_counter() - start
    summaries: dict[str, BotSummary] = {s.bot: s for s in summarize([o.result for o in outcomes if o.result])}
    ismcts = summaries.get("ismcts")
    return {
        "game": game,
        "match": matchup.label,
        "players": len(matchup.bots),
        "games": count,
        "aborted": [o.error for o in outcomes if o.error],
        "ismcts_win_rate": ismcts.win_rate if ismcts else None,
        "ismcts_win_ci95": [ismcts.win_low, ismcts.win_high] if ismcts else None,
        "ismcts_mean_score": ismcts.mean_score if ismcts else None,
        "opponent_mean_score": next((s.mean_score for s in summaries.values() if s.bot != "ismcts"), None),
        "target": matchup.target,
        "met": bool(ismcts and ismcts.win_rate >= matchup.target),
        "iterations_per_second": arena.search_rates(outcomes).get("ismcts"),
        "seconds": elapsed,
    }


def print_rows(rows: list[dict[str, object]], budget: str) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"Bot strength ({budget})")
    for column in ("game", "match", "games", "ISMCTS wins", "95% CI", "target", "met", "mean score (opp.)",
                   "ISMCTS it/s", "time"):
        table.add_column(column, justify="left" if column in ("game", "match") else "right")
    for r in rows:
        rate, ci = r["ismcts_win_rate"], r["ismcts_win_ci95"]
        its = r["iterations_per_second"]
        target_its = ITERATIONS_TARGET.get(str(r["game"])) if r["players"] == 2 else None
        its_text = "–" if its is None else f"{its:,.0f}" + (f" (≥{target_its:,.0f})" if target_its else "")
        table.add_row(
            str(r["game"]), str(r["match"]), str(r["games"]),
            "–" if rate is None else f"{100 * float(rate):.1f}%",  # type: ignore[arg-type]
            "–" if ci is None else f"{100 * ci[0]:.0f}–{100 * ci[1]:.0f}%",  # type: ignore[index]
            f"≥{100 * float(r['target']):.0f}%",  # type: ignore[arg-type]
            "yes" if r["met"] else "NO",
            f"{r['ismcts_mean_score']:.1f} ({r['opponent_mean_score']:.1f})",
            its_text, f"{float(r['seconds']):.0f}s",  # type: ignore[arg-type]
        )
    console = Console(width=160)
    console.print(table)
    for r in rows:
        for error in r["aborted"]:  # type: ignore[attr-defined]
            console.print(f"[red]{r['game']} {r['match']}: aborted game: {error}[/red]")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="20 games per match at 0.25 s per move")
    parser.add_argument("--games", type=int, default=None, help="games per match (default 100, quick 20)")
    parser.add_argument("--seconds", type=float, default=None, help="ISMCTS seconds per move (default 1, quick 0.25)")
    parser.add_argument("--iterations", type=int, default=None, help="ISMCTS iterations per move instead of seconds")
    parser.add_argument("--game", action="append", default=None, help="only this game (repeatable)")
    parser.add_argument("--match", action="append", default=None, choices=["random", "greedy", "4p"],
                        help="only these matches (repeatable)")
    parser.add_argument("--jobs", type=int, default=1, help="games in parallel processes")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", metavar="FILE", default=None, help="also write the rows as JSON to FILE")
    args = parser.parse_args(argv)
    count = args.games or (20 if args.quick else 100)
    seconds = None if args.iterations else (args.seconds or (0.25 if args.quick else 1.0))
    wanted = {"random": 0, "greedy": 1, "4p": 2}
    matchups = [MATCHUPS[wanted[m]] for m in args.match] if args.match else list(MATCHUPS)
    budget = f"{args.iterations} iterations per move" if args.iterations else f"{seconds:g} s per move"
    rows = []
    for game in args.game or games.names():
        for matchup in matchups:
            if len(matchup.bots) > games.get(game).max_players:
                continue
            rows.append(run_matchup(game, matchup, count, seconds, args.iterations, args.jobs, args.seed))
            print_rows(rows[-1:], budget)
    print_rows(rows, budget)
    if args.json:
        Path(args.json).write_text(json.dumps({"budget": budget, "rows": rows}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
