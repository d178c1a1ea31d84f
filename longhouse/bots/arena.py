"""``longhouse arena GAME --bots a,b[,c,d] --games N``: bots against each other, with statistics.

Seats rotate between games: in game ``g`` seat ``s`` is played by ``bots[(s + g) % len(bots)]``, so
every bot sits in every seat equally often when ``N`` is a multiple of the number of bots. Game ``g``
uses seed ``seed + g``; each bot's seed is derived from the game's seed and its seat, so a run is
reproducible (exactly so with ``--iterations``; ``--seconds-per-move`` depends on the machine's speed).
Games run in ``--jobs`` processes. The statistics (``longhouse.bots.stats``) split tied wins and give
Wilson intervals on win rates and normal-approximation intervals on mean scores.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from longhouse import bots as bot_registry
from longhouse import games
from longhouse.bots.stats import BotSummary, GameResult, summarize


@dataclass(frozen=True, slots=True)
class MatchSpec:
    """Everything needed to play one arena game (picklable, for worker processes)."""

    game: str
    bots: tuple[str, ...]  # one per seat
    seed: int
    seconds: float | None = None
    iterations: int | None = None


@dataclass
class MatchOutcome:
    index: int
    result: GameResult | None
    error: str | None = None
    #: per bot name: (search iterations, search seconds) summed over its searched moves
    search: dict[str, tuple[int, float]] = field(default_factory=dict)
    seconds: float = 0.0


def seating(bots: Sequence[str], players: int, game_index: int) -> tuple[str, ...]:
    """Which bot plays each seat in game ``game_index`` (seats rotate from game to game)."""
    return tuple(bots[(seat + game_index) % len(bots)] for seat in range(players))


def bot_seed(game_seed: int, seat: int) -> int:
    return (game_seed * 1_000_003 + seat * 7919 + 17) & ((1 << 63) - 1)


def play_match(spec: MatchSpec, index: int = 0) -> MatchOutcome:
    """Play one game to its end; a game that gets stuck (no legal action) is reported, not scored."""
    start = time.perf_counter()
    game = games.get(spec.game)
    state = game.new_state(len(spec.bots), spec.seed)
    players = [
        bot_registry.make(name, bot_seed(spec.seed, seat), seconds=spec.seconds, iterations=spec.iterations)
        for seat, name in enumerate(spec.bots)
    ]
    search: dict[str, tuple[int, float]] = {}
    while not state.is_over():
        seat = min(state.acting())
        if not state.legal_actions(seat):
            return MatchOutcome(index, None, f"seed {spec.seed}: seat {seat} is acting but has no legal action",
                                search, time.perf_counter() - start)
        bot = players[seat]
        searched = len(state.legal_actions(seat)) > 1
        action = bot.choose(state, seat)
        if searched and hasattr(bot, "last_iterations"):
            done, secs = search.get(bot.name, (0, 0.0))
            search[bot.name] = (done + int(bot.last_iterations), secs + float(getattr(bot, "last_seconds", 0.0)))
        state.apply(seat, action)
    result = GameResult(spec.bots, tuple(state.scores()), tuple(state.winners()))
    return MatchOutcome(index, result, None, search, time.perf_counter() - start)


def _play_indexed(args: tuple[int, MatchSpec]) -> MatchOutcome:
    return play_match(args[1], args[0])


def run_matches(
    specs: Sequence[MatchSpec],
    jobs: int = 1,
    on_result: Callable[[MatchOutcome], None] | None = None,
) -> list[MatchOutcome]:
    """Play every game (in ``jobs`` processes); outcomes in the order of ``specs``."""
    outcomes: list[MatchOutcome] = []
    if jobs <= 1:
        for i, spec in enumerate(specs):
            outcome = play_match(spec, i)
            outcomes.append(outcome)
            if on_result:
                on_result(outcome)
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(_play_indexed, (i, spec)) for i, spec in enumerate(specs)]
            for future in as_completed(futures):
                outcome = future.result()
                outcomes.append(outcome)
                if on_result:
                    on_result(outcome)
    return sorted(outcomes, key=lambda o: o.index)


def build_specs(
    game: str, bots: Sequence[str], games_count: int, players: int, seed: int,
    seconds: float | None, iterations: int | None,
) -> list[MatchSpec]:
    return [
        MatchSpec(game, seating(bots, players, g), seed + g, seconds, iterations) for g in range(games_count)
    ]


def search_rates(outcomes: Sequence[MatchOutcome]) -> dict[str, float]:
    """Per searching bot: iterations per second over all its searched moves."""
    totals: dict[str, list[float]] = {}
    for outcome in outcomes:
        for name, (done, secs) in outcome.search.items():
            acc = totals.setdefault(name, [0.0, 0.0])
            acc[0] += done
            acc[1] += secs
    return {name: done / secs for name, (done, secs) in totals.items() if secs > 0}


def report_json(game: str, summaries: Sequence[BotSummary], outcomes: Sequence[MatchOutcome]) -> dict[str, Any]:
    return {
        "game": game,
        "games": len(outcomes),
        "aborted": [o.error for o in outcomes if o.error],
        "bots": [s.to_json() for s in summaries],
        "iterations_per_second": search_rates(outcomes),
        "results": [
            {"bots": list(o.result.bots), "scores": list(o.result.scores), "winners": list(o.result.winners)}
            for o in outcomes if o.result is not None
        ],
    }


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
    parser.add_argument("game", help=f"the game ({', '.join(games.names())})")
    parser.add_argument("--bots", required=True,
                        help=f"comma-separated bots, one per seat ({', '.join(bot_registry.names())})")
    parser.add_argument("--games", type=int, default=10, help="how many games (default 10)")
    parser.add_argument("--players", type=int, default=None, help="players per game (default: number of bots)")
    parser.add_argument("--seconds-per-move", type=float, default=None, help="search time per move")
    parser.add_argument("--iterations", type=int, default=None,
                        help="search iterations per move (deterministic; wins over --seconds-per-move)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    parser.add_argument("--jobs", type=int, default=1, help="games played in parallel processes (default 1)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--plot", metavar="FILE.png", default=None, help="draw the win rates into FILE.png")


def run(args: argparse.Namespace) -> int:
    names = [b.strip() for b in args.bots.split(",") if b.strip()]
    try:
        game = games.get(args.game)
    except KeyError as exc:
        print(f"longhouse arena: {exc.args[0]}", file=sys.stderr)
        return 2
    unknown = [b for b in names if b not in bot_registry.names()]
    if not names or unknown:
        print(f"longhouse arena: unknown bot(s) {unknown}; bots are {', '.join(bot_registry.names())}",
              file=sys.stderr)
        return 2
    players = args.players if args.players is not None else len(names)
    if not game.min_players <= players <= game.max_players:
        print(f"longhouse arena: {game.title} is for {game.min_players}–{game.max_players} players, not {players}",
              file=sys.stderr)
        return 2
    if args.games < 1 or args.jobs < 1:
        print("longhouse arena: --games and --jobs must be at least 1", file=sys.stderr)
        return 2
    specs = build_specs(args.game, names, args.games, players, args.seed, args.seconds_per_move, args.iterations)
    outcomes = run_with_progress(specs, args.jobs)
    summaries = summarize([o.result for o in outcomes if o.result is not None])
    if args.json:
        print(json.dumps(report_json(args.game, summaries, outcomes), indent=1))
    else:
        print_table(args.game, summaries, outcomes)
    if args.plot:
        plot(args.plot, args.game, summaries, players)
    return 0


def run_with_progress(specs: Sequence[MatchSpec], jobs: int) -> list[MatchOutcome]:
    """``run_matches`` with a rich progress bar on stderr showing the running win rates."""
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

        return run_matches(specs, jobs, on_result)
