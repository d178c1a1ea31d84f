"""The engine contract's conformance suite on Five Tribes, for 2, 3 and 4 players."""

from __future__ import annotations

import pytest

from longhouse.engine.conformance import check_game, ci_games
from longhouse.games.five_tribes import GAME


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_conformance(num_players: int) -> None:
    report = check_game(GAME, num_players, games=ci_games(25), seed=20261129 + num_players)
    assert report.games == ci_games(25) and report.actions > 0
