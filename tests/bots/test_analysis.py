"""Hints and analysis read only the seat's own view: the same view over a different hidden deal gives the
same answer for the same seed."""

from __future__ import annotations

import pytest

from longhouse import games
from longhouse.bots import analysis
from longhouse.engine import State
from longhouse.engine.records import Record
from longhouse.engine.rng import Rng
from tests.bots.test_bots import random_positions

HALL_GAMES = ["manitou", "manitoba", "five_tribes"]


def other_deals(game: str, count: int) -> list[tuple[State, State, int]]:
    """Positions, each with another one the seat cannot tell apart from it (re-dealt hidden cards)."""
    out = []
    for i, (state, seat) in enumerate(random_positions(game, count, seed=41)):
        other = state.determinize(seat, Rng(1000 + i))
        assert other.view(seat) == state.view(seat)
        out.append((state, other, seat))
    return out


@pytest.mark.parametrize("game", HALL_GAMES)
def test_a_seats_re_deal_depends_only_on_its_view_and_the_seed(game: str) -> None:
    differ = 0
    for state, other, seat in other_deals(game, 12):
        differ += state.to_json() != other.to_json()
        a = state.determinize(seat, Rng(7))
        b = other.determinize(seat, Rng(7))
        assert a.to_json() == b.to_json()
    assert differ, "some positions had a hidden deal to change"


@pytest.mark.parametrize("game", HALL_GAMES)
def test_same_view_different_hidden_deal_same_hint(game: str) -> None:
    tried = 0
    for state, other, seat in other_deals(game, 6):
        if len(state.legal_actions(seat)) < 2:
            continue
        a = analysis.hint(state, seat, seed=5, iterations=40)
        b = analysis.hint(other, seat, seed=5, iterations=40)
        assert a == b
        tried += 1
        legal = state.legal_actions(seat)
        assert [m["action"] for m in a["moves"]] == [games.get(game).action_to_json(x) for x in legal]
        # in the words of the state's own list (Manitoba names its areas "Lake 2", as the board does)
        assert [m["text"] for m in a["moves"]] == [state.describe_action(x) for x in legal]
        assert 0 <= a["best"] < len(legal)
        assert all(0.0 <= m["win"] <= 1.0 for m in a["moves"])
        assert a["moves"][a["best"]]["visits"] == max(m["visits"] for m in a["moves"])
    assert tried


def test_a_different_seed_may_search_differently_but_always_answers_legally() -> None:
    state, seat = next((s, x) for s, x in random_positions("manitou", 20, seed=3) if len(s.legal_actions(x)) > 3)
    for seed in (1, 2):
        answer = analysis.hint(state, seat, seed=seed, iterations=30)
        assert len(answer["moves"]) == len(state.legal_actions(seat))


def played_record(game_name: str, players: int, seed: int) -> Record:
    game = games.get(game_name)
    state = game.new_state(players, seed)
    record = Record(game.name, game.rules_version, [f"P{i}" for i in range(players)], seed, None)
    rng = Rng(seed)
    while not state.is_over():
        seat = min(state.acting())
        actions = state.legal_actions(seat)
        action = actions[rng.below(len(actions))]
        state.apply(seat, action)
        record.actions.append({"seat": seat, "action": game.action_to_json(action)})
    return record


def test_a_finished_games_curve_gives_each_seat_a_chance_at_every_step() -> None:
    record = played_record("manitou", 3, 2)
    curve = analysis.game_curve(record.to_json(), seed=1)
    points = curve["points"]
    assert len(points) == len(record.actions) + 1
    for point in points:
        assert len(point["chances"]) == 3
        # each seat's chance comes from its own view, so they add up to one only roughly
        assert sum(point["chances"]) == pytest.approx(1.0, abs=0.15)
    assert points[0]["seat"] is None and points[1]["seat"] == record.actions[0]["seat"]
    final = points[-1]["chances"]
    assert max(final) == pytest.approx(1.0 / len([c for c in final if c > 0]))
    losses = [points[step]["loss"] for step in curve["worst"]]
    assert losses == sorted(losses, reverse=True) and all(x >= analysis.MIN_LOSS for x in losses)
    for step in curve["worst"]:
        p = points[step]
        assert p["loss"] == pytest.approx(points[step - 1]["chances"][p["seat"]] - p["chances"][p["seat"]], abs=1e-3)
    assert analysis.game_curve(record.to_json(), seed=1) == curve
