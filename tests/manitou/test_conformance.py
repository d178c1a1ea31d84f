"""The conformance suite over random Manitou games at every player count (docs/DESIGN.md §3)."""

from __future__ import annotations

import pytest

from longhouse.engine.conformance import check_game, ci_games
from longhouse.games.manitou import GAME


@pytest.mark.parametrize("n", [2, 3, 4])
def test_manitou_conforms(n: int) -> None:
    # 150 games a player count (the first 150 of the 300 played before): Manitou's three were a fifth of the
    # whole CI run's test time (324 s at 4 players); the long run is LONGHOUSE_CONFORMANCE_GAMES (README)
    games = ci_games(150)
    report = check_game(GAME, n, games=games, seed=n, determinize_seats=2)
    assert report.games == games


def test_conservation_of_cards_on_every_state() -> None:
    """Every card of every set is in exactly one place: a reserve (a selection is part of it until the
    hunt starts), a draw pile, a hand, a hunting ground, or — captured — out of the game as a prisoner."""
    from longhouse.engine import Rng

    for seed in range(60):
        n = 2 + seed % 3
        s = GAME.new_state(n, seed)
        rng = Rng(seed)
        while True:
            data = s.to_json()
            out_of_game = 0
            for seat, p in enumerate(data["players"]):
                on_grounds = sum(1 for g in data["grounds"] for c in g["cards"] if c[0] == seat)
                held = sum(p["reserve"]) + len(p["pile"]) + len(p["hand"]) + on_grounds
                assert held <= 21
                out_of_game += 21 - held
                if data["phase"] == "select":
                    assert len(p["selection"]) <= sum(p["reserve"])
                else:
                    assert p["selection"] == []
            assert out_of_game == sum(p["prisoners"] for p in data["players"])
            if s.is_over():
                break
            seat = s.acting()[rng.below(len(s.acting()))]
            s.apply(seat, rng.choice(s.legal_actions(seat)))
