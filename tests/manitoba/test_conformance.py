"""The engine conformance suite for Manitoba with 2, 3 and 4 players."""

from __future__ import annotations

import pytest

from longhouse.engine.conformance import check_game, ci_games
from longhouse.games.manitoba import GAME


@pytest.mark.parametrize("n", [2, 3, 4])
def test_conformance(n: int) -> None:
    report = check_game(GAME, n, games=ci_games(30), seed=20181)
    assert report.games == ci_games(30)
    print(report.line())
