"""The arena's statistics on fixed results."""

from __future__ import annotations

import math

import pytest

from longhouse.bots.stats import GameResult, mean_interval, summarize, wilson_interval, win_shares


def test_win_shares_split_ties() -> None:
    assert win_shares([1], 3) == [0.0, 1.0, 0.0]
    assert win_shares([0, 2], 3) == [0.5, 0.0, 0.5]
    assert win_shares([0, 1, 2, 3], 4) == [0.25] * 4
    assert win_shares([], 2) == [0.0, 0.0]


def test_wilson_interval_known_values() -> None:
    low, high = wilson_interval(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4)
    assert high == pytest.approx(0.7634, abs=1e-4)
    low, high = wilson_interval(0, 10)
    assert low == 0.0
    assert high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson_interval(10, 10)
    assert low == pytest.approx(0.7225, abs=1e-4)
    assert high == 1.0
    low, high = wilson_interval(95, 100)
    assert low == pytest.approx(0.8882, abs=1e-4)
    assert high == pytest.approx(0.9785, abs=1e-4)


def test_wilson_interval_contains_the_rate_and_refuses_nonsense() -> None:
    for n in (1, 2, 7, 100):
        for wins in (0, 0.5, n / 3, n):
            low, high = wilson_interval(wins, n)
            assert 0.0 <= low <= wins / n <= high <= 1.0
    assert wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson_interval(3, 2)


def test_mean_interval_normal_approximation() -> None:
    mean, low, high = mean_interval([10, 20, 30, 40])
    sd = math.sqrt(((15**2) + (5**2) * 2 + (15**2)) / 3)
    assert mean == 25
    assert high - mean == pytest.approx(1.959963984540054 * sd / 2)
    assert mean - low == pytest.approx(high - mean)
    assert mean_interval([7]) == (7, 7, 7)
    with pytest.raises(ValueError):
        mean_interval([])


def test_summarize_fixed_results() -> None:
    results = [
        GameResult(("ismcts", "greedy"), (30, 20), (0,)),
        GameResult(("greedy", "ismcts"), (25, 25), (0, 1)),  # a shared victory: half a win each
        GameResult(("ismcts", "greedy"), (10, 40), (1,)),
        GameResult(("greedy", "ismcts"), (5, 35), (1,)),
    ]
    summary = {s.bot: s for s in summarize(results)}
    assert list(summary) == ["ismcts", "greedy"]
    ismcts, greedy = summary["ismcts"], summary["greedy"]
    assert (ismcts.games, ismcts.wins, ismcts.win_rate) == (4, 2.5, 0.625)
    assert (greedy.games, greedy.wins, greedy.win_rate) == (4, 1.5, 0.375)
    assert ismcts.mean_score == 25.0
    assert greedy.mean_score == 22.5
    assert (ismcts.win_low, ismcts.win_high) == wilson_interval(2.5, 4)
    assert ismcts.to_json()["win_ci95"] == [ismcts.win_low, ismcts.win_high]


def test_summarize_counts_a_bot_once_per_seat() -> None:
    results = [
        GameResult(("ismcts", "greedy", "greedy", "greedy"), (10, 20, 5, 5), (1,)),
        GameResult(("greedy", "ismcts", "greedy", "greedy"), (10, 30, 5, 5), (1,)),
    ]
    summary = {s.bot: s for s in summarize(results)}
    assert summary["ismcts"].games == 2 and summary["ismcts"].wins == 1.0
    assert summary["greedy"].games == 6 and summary["greedy"].wins == 1.0
    assert summary["greedy"].mean_score == pytest.approx(50 / 6)


def test_summarize_rejects_a_malformed_result() -> None:
    with pytest.raises(ValueError):
        summarize([GameResult(("a",), (1, 2), (1,))])
