"""Arena statistics: wins with ties split, mean score, and 95% confidence intervals.

Conventions (documented here because the arena table depends on them):

* A game won alone counts 1 win; a victory shared by ``k`` seats counts ``1/k`` to each of them.
* A bot that sits in several seats of the same game (``--bots ismcts,greedy,greedy,greedy``) is
  counted once per seat: its "games" are seat-games.
* The win rate's 95% interval is the **Wilson score interval** on the (fractional) win count, which
  stays inside [0, 1] and behaves well near 0% and 100%, unlike the normal approximation.
* The mean score's 95% interval is the **normal approximation** ``mean ± 1.96·s/√n`` with the sample
  standard deviation ``s`` (zero width for a single game).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class GameResult:
    """The outcome of one game: which bot sat in each seat, the final scores, the winners."""

    bots: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class BotSummary:
    bot: str
    games: int
    wins: float
    win_rate: float
    win_low: float
    win_high: float
    mean_score: float
    score_low: float
    score_high: float

    def to_json(self) -> dict[str, float | int | str | list[float]]:
        return {
            "bot": self.bot,
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "win_ci95": [self.win_low, self.win_high],
            "mean_score": self.mean_score,
            "score_ci95": [self.score_low, self.score_high],
        }


def win_shares(winners: Sequence[int], num_players: int) -> list[float]:
    """Per seat: 1 for a lone winner, ``1/k`` for each of ``k`` tied winners, 0 otherwise."""
    if not winners:
        return [0.0] * num_players
    share = 1.0 / len(winners)
    return [share if seat in winners else 0.0 for seat in range(num_players)]


def wilson_interval(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``wins / n`` (``(0, 1)`` when ``n`` is 0)."""
    if n <= 0:
        return (0.0, 1.0)
    if not 0 <= wins <= n:
        raise ValueError(f"wins must lie between 0 and n, not {wins} of {n}")
    p = wins / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """``(mean, low, high)``: the mean and its normal-approximation 95% interval."""
    n = len(values)
    if n == 0:
        raise ValueError("the mean of no values")
    mean = sum(values) / n
    if n == 1:
        return (mean, mean, mean)
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(variance / n)
    return (mean, mean - half, mean + half)


def summarize(results: Sequence[GameResult]) -> list[BotSummary]:
    """One summary per distinct bot name, in order of first appearance."""
    wins: dict[str, float] = {}
    scores: dict[str, list[float]] = {}
    for result in results:
        if len(result.bots) != len(result.scores):
            raise ValueError("a result needs one bot per score")
        shares = win_shares(result.winners, len(result.scores))
        for seat, bot in enumerate(result.bots):
            wins[bot] = wins.get(bot, 0.0) + shares[seat]
            scores.setdefault(bot, []).append(float(result.scores[seat]))
    summaries = []
    for bot, bot_scores in scores.items():
        n = len(bot_scores)
        low, high = wilson_interval(wins[bot], n)
        mean, score_low, score_high = mean_interval(bot_scores)
        summaries.append(BotSummary(bot, n, wins[bot], wins[bot] / n, low, high, mean, score_low, score_high))
    return summaries
