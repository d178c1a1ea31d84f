"""The per-game evaluations: shape, range, the registry, and the game knowledge they encode."""

from __future__ import annotations

from typing import Any

import pytest

from longhouse import games
from longhouse.bots import evaluation
from longhouse.bots.evaluation import five_tribes, manitoba, manitou
from longhouse.engine.rng import Rng
from tests.bots.test_bots import random_positions


@pytest.mark.parametrize("game_name", [*games.names(), "toy"])
def test_evaluations_give_one_value_in_0_1_per_seat(game_name: str) -> None:
    evaluate = evaluation.get(game_name)
    for state, seat in random_positions(game_name, 30, seed=8):
        world = state.determinize(seat, Rng(1))
        values = evaluate(world, seat)
        assert len(values) == state.num_players
        assert all(0.0 <= v <= 1.0 for v in values)


def test_registry_has_every_game_and_falls_back_to_generic() -> None:
    for name in ("manitou", "manitoba", "five_tribes"):
        assert evaluation.get(name) is not evaluation.generic
    assert evaluation.get("toy") is evaluation.generic
    assert evaluation.game_name(games.get("manitou").new_state(2, 0)) == "manitou"


def test_margin_values_favour_the_leader() -> None:
    values = evaluation.margin_values([30, 20, 10], scale=10)
    assert values[0] > 0.5 > values[1] > values[2]
    assert evaluation.margin_values([5, 5], scale=10) == [0.5, 0.5]
    assert evaluation.margin_values([7], scale=10) == [1.0]


def test_final_values_are_mostly_the_win_share() -> None:
    from tests.bots.toygame import GAME

    state = GAME.new_state(2, 0)
    state.trick, state.points = 4, [10, 30]
    values = evaluation.final_values(state, scale=10)
    assert values[1] > 0.9 and values[0] < 0.1
    state.points = [20, 20]
    assert evaluation.final_values(state, scale=10) == [0.5, 0.5]


def _ground(totals: list[int], buffalo: list[int], controller: int | None = None,
            lanes: list[list[dict[str, object]]] | None = None) -> dict[str, object]:
    return {
        "hunter_totals": totals,
        "buffalo": [{"value": v, "size": "large" if v > 8 else "small"} for v in buffalo],
        "controller": controller,
        "lanes": lanes or [[] for _ in totals],
    }


def _hunt_view(grounds: list[dict[str, object]], hunter_totals: list[int], played: list[int]) -> dict[str, object]:
    return {
        "header": {"num_players": 2}, "stage": "hunt", "hunt": 1,
        "grounds": grounds,
        "players": [{"score": 0, "played": p, "hunter_total": t, "selected": 0}
                    for p, t in zip(played, hunter_totals, strict=True)],
        "you": None,
    }


def test_manitou_projects_the_buffalo_to_the_stronger_hunter() -> None:
    # Equal hunter totals overall (the same pelt-robber risk); seat 0 leads on the ground with the 12.
    view = _hunt_view([_ground([12, 3], [12, 5]), _ground([0, 9], [4]), _ground([0, 0], [3])], [12, 12], [6, 6])
    points = manitou.projected_points(view)
    assert points[0] > points[1]


def test_manitou_values_warrior_control_and_fears_the_pelt_robber() -> None:
    hunter = {"kind": "hunter", "code": "7", "value": 7}
    chief = {"kind": "warrior", "code": "C", "face_up": True}
    lanes = [[chief, chief], [hunter, hunter, hunter]]
    controlled = _hunt_view([_ground([0, 14], [12, 5], 0, lanes), _ground([0, 0], [4]), _ground([0, 0], [3])],
                            [0, 14], [7, 7])
    free = _hunt_view([_ground([0, 14], [12, 5]), _ground([0, 0], [4]), _ground([0, 0], [3])], [0, 14], [7, 7])
    assert manitou.projected_points(controlled)[0] > manitou.projected_points(free)[0] + 2
    # Seat 1 has the highest hunter total when the hunt ends: it takes the pelt robber (−10).
    assert manitou.projected_points(free)[1] < 17 - 5


def test_manitou_selection_values_strong_cards() -> None:
    assert manitou.selection_value(["10", "C"]) > manitou.selection_value(["1", "2"])
    assert manitou.selection_value(["C", "C"]) < 2 * manitou.selection_value(["C"])


def test_manitoba_values_goods_toward_the_pending_score_tiles() -> None:
    counts = {"bison": 3, "berry": 0, "horse": 1, "canoe": 5}
    assert manitoba.tile_points({"kind": "single", "goods": ["bison"]}, counts) == 4
    assert manitoba.tile_points({"kind": "pair", "goods": ["berry", "horse"]}, counts) == 1
    assert manitoba.tile_points({"kind": "most", "goods": []}, counts) == 12
    view = {
        "score_tiles": [{"kind": "most", "goods": []}, {"kind": "single", "goods": ["berry"]}],
        "card_index": 3,
        "cards": [{"card": "event"}, {"card": "event"}, {"card": "score_3"}, {"card": "event"}, {"card": "score_5"}],
    }
    assert manitoba.pending_tiles(view) == [{"kind": "single", "goods": ["berry"]}]


def test_five_tribes_values_the_move_in_progress() -> None:
    meeples = [[0, 0, 0, 0, 0] for _ in range(30)]
    meeples[1] = [0, 2, 0, 0, 0]  # two Elders east of tile 0, alone there
    view: dict[str, Any] = {
        "move": {"path": [0], "hand": [0, 1, 0, 0, 0], "left": 1},
        "meeples": meeples, "tiles": ["V"] * 30, "owner": [-1] * 30,
    }
    assert five_tribes.move_potential(view) == 3 * five_tribes.MEEPLE_POINTS[1] + 5
    view["owner"] = [0] * 30
    assert five_tribes.move_potential(view) == 3 * five_tribes.MEEPLE_POINTS[1]
    view["move"] = None
    assert five_tribes.move_potential(view) == 0.0
    assert five_tribes._reach(0, 1, -1) == {1, 6}
    assert five_tribes._reach(7, 2, 1) == {0, 2, 9, 12, 14, 19}  # never straight back
