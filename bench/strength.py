"""How strong are the bots? Plays the arena's matches and writes the strength table to bench/results/.

The issue's lines, for every registered game (``longhouse.games.names()``), with the strongest level
(``expert``: MO-ISMCTS) against:

* 2 players: ``random`` (target: expert wins ≥ 95%), ``greedy`` (≥ 70%), today's single-observer
  ``ismcts`` (≥ 60%);
* 4 players: three ``greedy`` seats (≥ 45%; the fair share is 25%).

``--levels`` adds the ladder of named levels, each against the next (beginner–casual, casual–strong,
strong–expert) and the expert against the beginner, at the levels' own hall budgets.

Seats rotate between games (``longhouse.bots.arena``); ties are split; win rates carry 95% Wilson
intervals (``longhouse.bots.stats``). The targets are printed next to the figures, never asserted. Every
finished line is appended at once to ``bench/results/strength-<date>-<time>.md`` (and ``.json``), so a
long run that is stopped keeps what it measured.

    python bench/strength.py                          # 200 games a line, 1 s per move (many hours)
    python bench/strength.py --games 40 --seconds 0.25 --jobs 2
    python bench/strength.py --iterations 300 --game manitou --match greedy --match 4p
    python bench/strength.py --levels --only-levels --games 40
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from longhouse import games
from longhouse.bots import arena
from longhouse.bots.stats import BotSummary, summarize
from longhouse.cli import arena as arena_command

RESULTS = Path(__file__).resolve().parent / "results"
STRONGEST = "expert"


@dataclass(frozen=True)
class Matchup:
    key: str
    label: str
    bots: tuple[str, ...]
    target: float | None
    hall_budget: bool = False  # levels at their own budgets, whatever --seconds says


MATCHUPS = (
    Matchup("random", "expert vs random (2p)", (STRONGEST, "random"), 0.95),
    Matchup("greedy", "expert vs greedy (2p)", (STRONGEST, "greedy"), 0.70),
    Matchup("ismcts", "expert vs today's ISMCTS (2p)", (STRONGEST, "ismcts"), 0.60),
    Matchup("4p", "expert vs 3 greedy (4p)", (STRONGEST, "greedy", "greedy", "greedy"), 0.45),
)
LADDER = (
    Matchup("casual-beginner", "casual vs beginner (2p)", ("casual", "beginner"), None, True),
    Matchup("strong-casual", "strong vs casual (2p)", ("strong", "casual"), None, True),
    Matchup("expert-strong", "expert vs strong (2p)", ("expert", "strong"), None, True),
    Matchup("expert-beginner", "expert vs beginner (2p)", ("expert", "beginner"), None, True),
)


def run_matchup(game: str, matchup: Matchup, count: int, seconds: float | None, iterations: int | None,
                jobs: int, seed: int) -> dict[str, object]:
    if matchup.hall_budget:
        seconds, iterations = None, None
    specs = arena.build_specs(game, matchup.bots, count, len(matchup.bots), seed, seconds, iterations)
    start = time.perf_counter()
    outcomes = arena_command.run_with_progress(specs, jobs)
    elapsed = time.perf_counter() - start
    summaries: dict[str, BotSummary] = {s.bot: s for s in summarize([o.result for o in outcomes if o.result])}
    hero = summaries.get(matchup.bots[0])
    rates = arena.search_rates(outcomes)
    return {
        "game": game,
        "match": matchup.label,
        "players": len(matchup.bots),
        "games": sum(1 for o in outcomes if o.result),
        "budget": "level budgets" if matchup.hall_budget else budget_text(seconds, iterations),
        "aborted": [o.error for o in outcomes if o.error],
        "win_rate": hero.win_rate if hero else None,
        "win_ci95": [hero.win_low, hero.win_high] if hero else None,
        "mean_score": hero.mean_score if hero else None,
        "opponent_mean_score": next((s.mean_score for s in summaries.values() if s.bot != matchup.bots[0]), None),
        "target": matchup.target,
        "met": None if matchup.target is None else bool(hero and hero.win_rate >= matchup.target),
        "iterations_per_second": {name: round(rate) for name, rate in rates.items()},
        "seconds": elapsed,
    }


def budget_text(seconds: float | None, iterations: int | None) -> str:
    return f"{iterations} iterations/move" if iterations else f"{seconds:g} s/move"


def row_cells(r: dict[str, object]) -> list[str]:
    rate, ci, target = r["win_rate"], r["win_ci95"], r["target"]
    met = "–" if r["met"] is None else ("yes" if r["met"] else "NO")
    its = r["iterations_per_second"]
    return [
        str(r["game"]), str(r["match"]), str(r["budget"]), str(r["games"]),
        "–" if rate is None else f"{100 * float(rate):.1f}%",  # type: ignore[arg-type]
        "–" if ci is None else f"{100 * ci[0]:.0f}–{100 * ci[1]:.0f}%",  # type: ignore[index]
        "–" if target is None else f"≥{100 * float(target):.0f}%",  # type: ignore[arg-type]
        met,
        f"{r['mean_score']:.1f} ({r['opponent_mean_score']:.1f})" if r["mean_score"] is not None else "–",
        ", ".join(f"{k} {v:,}" for k, v in its.items()) if isinstance(its, dict) else "–",
        f"{float(r['seconds']):.0f}s",  # type: ignore[arg-type]
    ]


HEADERS = ["game", "match", "budget", "games", "first bot wins", "95% CI (Wilson)", "target", "met",
           "mean score (opp.)", "search it/s", "time"]


def print_rows(rows: list[dict[str, object]]) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title="Bot strength")
    for column in HEADERS:
        table.add_column(column, justify="left" if column in ("game", "match", "budget") else "right")
    for r in rows:
        table.add_row(*row_cells(r))
    console = Console(width=200)
    console.print(table)
    for r in rows:
        for error in r["aborted"]:  # type: ignore[attr-defined]
            console.print(f"[red]{r['game']} {r['match']}: aborted game: {error}[/red]")


def write_results(path: Path, command: str, started: str, rows: list[dict[str, object]]) -> None:
    lines = [
        f"# Bot strength, {started} UTC",
        "",
        f"`{command}` on {os.cpu_count()} cores (load average {os.getloadavg()[0]:.1f} when written; the",
        "machine is shared, so a timed budget buys fewer iterations than on an idle machine — see it/s).",
        "Seats rotate between games; ties split; 95% Wilson intervals on the first bot's win rate.",
        "",
        "| " + " | ".join(HEADERS) + " |",
        "|" + "---|" * len(HEADERS),
    ]
    lines += ["| " + " | ".join(row_cells(r)) + " |" for r in rows]
    path.with_suffix(".md").write_text("\n".join(lines) + "\n")
    path.with_suffix(".json").write_text(json.dumps({"command": command, "started": started, "rows": rows},
                                                    indent=1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="games per line (default 200)")
    parser.add_argument("--seconds", type=float, default=1.0, help="search seconds per move (default 1)")
    parser.add_argument("--iterations", type=int, default=None, help="search iterations per move instead")
    parser.add_argument("--game", action="append", default=None, help="only this game (repeatable)")
    parser.add_argument("--match", action="append", default=None, choices=[m.key for m in MATCHUPS + LADDER],
                        help="only these lines (repeatable; a ladder line also needs --levels)")
    parser.add_argument("--levels", action="store_true", help="also the ladder of named levels")
    parser.add_argument("--only-levels", action="store_true", help="only the ladder of named levels")
    parser.add_argument("--jobs", type=int, default=1, help="games in parallel processes")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default=None, help="results file stem (default bench/results/strength-<time>)")
    args = parser.parse_args(argv)
    seconds = None if args.iterations else args.seconds
    matchups = [] if args.only_levels else [m for m in MATCHUPS if not args.match or m.key in args.match]
    if args.levels or args.only_levels:
        matchups += [m for m in LADDER if not args.match or m.key in args.match]
    now = datetime.now(UTC)
    started = now.strftime("%Y-%m-%d %H:%M")
    out = Path(args.out) if args.out else RESULTS / f"strength-{now:%Y-%m-%d-%H%M}"
    out.parent.mkdir(parents=True, exist_ok=True)
    command = "python bench/strength.py " + " ".join(argv if argv is not None else sys.argv[1:])
    rows: list[dict[str, object]] = []
    for game in args.game or games.names():
        for matchup in matchups:
            if len(matchup.bots) > games.get(game).max_players:
                continue
            rows.append(run_matchup(game, matchup, args.games, seconds, args.iterations, args.jobs, args.seed))
            print_rows(rows[-1:])
            write_results(out, command, started, rows)
    print_rows(rows)
    print(f"written to {out.with_suffix('.md')}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
