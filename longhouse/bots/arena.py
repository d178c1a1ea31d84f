"""Bots against each other (the games behind ``longhouse arena``), with statistics.

Seats rotate between games: in game ``g`` seat ``s`` is played by ``bots[(s + g) % len(bots)]``, so
every bot sits in every seat equally often when ``N`` is a multiple of the number of bots. Game ``g``
uses seed ``seed + g``; each bot's seed is derived from the game's seed and its seat, so a run is
reproducible (exactly so with ``--iterations``; ``--seconds-per-move`` depends on the machine's speed).
Games run in ``--jobs`` processes. The statistics (``longhouse.bots.stats``) split tied wins and give
Wilson intervals on win rates and normal-approximation intervals on mean scores.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from longhouse import bots as bot_registry
from longhouse import games
from longhouse.bots.base import Bot
from longhouse.bots.stats import BotSummary, GameResult


@dataclass(frozen=True, slots=True)
class MatchSpec:
    """Everything needed to play one arena game (picklable, for worker processes)."""

    game: str
    bots: tuple[str, ...]  # one per seat
    seed: int
    seconds: float | None = None
    iterations: int | None = None
    #: the levels at their iterations without the hall's time cap (machine-independent benchmarks)
    uncapped: bool = False


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


def seat_bots(spec: MatchSpec) -> list[Bot]:
    """The game's players, one bot per seat, each seeded from the game's seed and its seat."""
    return [
        bot_registry.make(name, bot_seed(spec.seed, seat), game=spec.game, uncapped=spec.uncapped,
                          seconds=spec.seconds, iterations=spec.iterations)
        for seat, name in enumerate(spec.bots)
    ]


def play_match(spec: MatchSpec, index: int = 0) -> MatchOutcome:
    """Play one game to its end; a game that gets stuck (no legal action) is reported, not scored."""
    start = time.perf_counter()
    game = games.get(spec.game)
    state = game.new_state(len(spec.bots), spec.seed)
    players = seat_bots(spec)
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
