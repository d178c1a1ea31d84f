"""``longhouse arena GAME --bots a,b[,c,d] --games N``: bots against each other, with statistics.

The games themselves (seat rotation, seeds) are ``longhouse.bots.arena``; they run on a local process
pool (``--jobs``, one per CPU by default) or on a Ray cluster (``--ray ADDRESS``; ``--ray local`` starts
one here), with the same results for the same seeds. This module reads the arguments, shows a progress
bar, and prints the table, the JSON report or the plot.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
from collections.abc import Sequence

from longhouse.adapters.pool import default_jobs, run_all
from longhouse.bots.arena import (
    MatchOutcome,
    MatchSpec,
    build_specs,
    play_match,
    report_json,
    run_matches,
    search_rates,
)
from longhouse.bots.stats import BotSummary, GameResult, summarize
from longhouse.cli import lineup


def print_table(game: str, summaries: Sequence[BotSummary], outcomes: Sequence[MatchOutcome]) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{game}: {len(outcomes)} games")
    for column in ("bot", "games", "wins", "win rate", "95% CI", "mean score", "95% CI"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for s in summaries:
        table.add_row(
            s.bot, str(s.games), f"{s.wins:g}", f"{100 * s.win_rate:.1f}%",
            f"{100 * s.win_low:.1f}–{100 * s.win_high:.1f}%", f"{s.mean_score:.1f}",
            f"{s.score_low:.1f}–{s.score_high:.1f}",
        )
    console = Console()
    console.print(table)
    rates = search_rates(outcomes)
    for name, rate in rates.items():
        console.print(f"{name}: {rate:,.0f} search iterations/s")
    for outcome in outcomes:
        if outcome.error:
            console.print(f"[red]aborted:[/red] {outcome.error}")


def plot(path: str, game: str, summaries: Sequence[BotSummary], players: int) -> None:
    """Draw the win rates with their 95% intervals, and the fair share as a dashed line."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(1.6 * len(summaries) + 2, 4))
    names = [s.bot for s in summaries]
    rates = [100 * s.win_rate for s in summaries]
    errors = [
        [max(0.0, 100 * (s.win_rate - s.win_low)) for s in summaries],
        [max(0.0, 100 * (s.win_high - s.win_rate)) for s in summaries],
    ]
    ax.bar(names, rates, yerr=errors, capsize=6, color="#3b7dd8")
    ax.axhline(100 / players, linestyle="--", color="grey", label=f"fair share ({100 / players:.0f}%)")
    ax.set_ylim(0, 100)
    ax.set_ylabel("win rate, % (ties split)")
    ax.set_title(f"{game}: {summaries[0].games if summaries else 0} games per seat-bot")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def configure(parser: argparse.ArgumentParser) -> None:
    lineup.configure(parser)
    parser.add_argument("--bots", required=True, help=f"comma-separated bots, one per seat ({lineup.bot_names()})")
    parser.add_argument("--games", type=int, default=10, help="how many games (default 10)")
    parser.add_argument("--players", type=int, default=None, help="players per game (default: number of bots)")
    parser.add_argument("--seconds-per-move", type=float, default=None, help="search time per move")
    parser.add_argument("--iterations", type=int, default=None,
                        help="search iterations per move (deterministic; wins over --seconds-per-move)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--plot", metavar="FILE.png", default=None, help="draw the win rates into FILE.png")


def run(args: argparse.Namespace) -> int:
    try:
        _, names, players = lineup.lineup(args, lambda game, bots: bots)
    except lineup.Refused as exc:
        return lineup.fail("arena", str(exc))
    jobs = default_jobs() if args.jobs is None else args.jobs
    if args.games < 1 or jobs < 1:
        return lineup.fail("arena", "--games and --jobs must be at least 1")
    if args.plot and importlib.util.find_spec("matplotlib") is None:  # said before the games, not after
        return lineup.fail("arena", "--plot draws with matplotlib, which the hall does not need: "
                                    "install it with  pip install -e '.[plot]'")
    specs = build_specs(args.game, names, args.games, players, args.seed, args.seconds_per_move, args.iterations)
    outcomes = run_with_progress(specs, jobs, args.ray)
    summaries = summarize([o.result for o in outcomes if o.result is not None])
    if args.json:
        print(json.dumps(report_json(args.game, summaries, outcomes), indent=1))
    else:
        print_table(args.game, summaries, outcomes)
    if args.plot:
        plot(args.plot, args.game, summaries, players)
    return 0


def run_with_progress(specs: Sequence[MatchSpec], jobs: int, ray: str | None = None) -> list[MatchOutcome]:
    """The games (locally, or on Ray at ``ray``) with a rich progress bar on stderr showing the running
    win rates."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    done: list[GameResult] = []
    with Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
        TimeRemainingColumn(), TextColumn("{task.fields[standing]}"),
        console=Console(stderr=True), transient=True,
    ) as progress:
        task = progress.add_task(specs[0].game if specs else "arena", total=len(specs), standing="")

        def on_result(outcome: MatchOutcome) -> None:
            if outcome.result is not None:
                done.append(outcome.result)
            standing = "  ".join(f"{s.bot} {100 * s.win_rate:.0f}%" for s in summarize(done))
            progress.update(task, advance=1, standing=standing)

        if ray is None:
            return run_matches(specs, jobs, on_result)
        outcomes = run_all(play_match, specs, jobs=jobs, ray=ray, on_result=on_result)
        for index, outcome in enumerate(outcomes):
            outcome.index = index
        return outcomes
