"""Manitou's rulings are switches: each test flips one (in every module that bound it) and shows the game
changing; the default side is covered by the topic tests (test_fights, test_reckoning)."""

from __future__ import annotations

import pytest

from longhouse.engine import IllegalAction, SetupError
from longhouse.games.manitou import GAME, fights, hunt, rulings
from longhouse.games.manitou.actions import PLAYS
from longhouse.games.manitou.data import SMALL_BUFFALO
from tests.manitou.helpers import LARGE_ORDER, SMALL_ORDER, party, select
from tests.manitou.helpers import new as new_game


def _all_grounds_held_by_two_warriors_of_seat_0(hand: list[str]):  # type: ignore[no-untyped-def]
    state = new_game(2, dealer=1)
    select(state, [party("1", "2", "3"), party("1", "2", "3", size=7)])
    data = state.to_json()
    data["players"][0]["hand"] = hand
    data["players"][0]["pile"] = []
    for g in data["grounds"]:
        g["cards"] = [[0, "C", True], [0, "R", True]]
        g["up"] = [0, 1]
    return GAME.state_from_json(data)


def test_max_face_up_warriors(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _all_grounds_held_by_two_warriors_of_seat_0(["M", "4"])
    assert PLAYS["M", 0] not in state.legal_actions(0)
    monkeypatch.setattr(rulings, "MAX_FACE_UP_WARRIORS", 3)
    monkeypatch.setattr(fights, "MAX_FACE_UP_WARRIORS", 3)
    assert PLAYS["M", 0] in state.legal_actions(0)
    state.apply(0, PLAYS["M", 0])
    assert [c["face_up"] for c in state.view(None)["grounds"][0]["lanes"][0]] == [True, True, True]


def test_forced_warrior_face_down(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _all_grounds_held_by_two_warriors_of_seat_0(["M"]).legal_actions(0) == [PLAYS["M", g] for g in range(3)]
    monkeypatch.setattr(rulings, "FORCED_WARRIOR_FACE_DOWN", False)
    monkeypatch.setattr(hunt, "FORCED_WARRIOR_FACE_DOWN", False)
    state = _all_grounds_held_by_two_warriors_of_seat_0(["M"])
    assert state.legal_actions(0) == []
    with pytest.raises(IllegalAction):
        state.apply(0, PLAYS["M", 0])


def small_pile(seed: int) -> list[int]:
    """The small buffalo of a new 4-player game: those dealt to the grounds and those left."""
    state = GAME.new_state(4, seed)
    dealt = [b["value"] for g in state.view(None)["grounds"] for b in g["buffalo"] if b["size"] == "small"]
    return sorted(dealt + state.small)


def test_small_buffalo_left_out(monkeypatch: pytest.MonkeyPatch) -> None:
    assert small_pile(3) == sorted(SMALL_BUFFALO)  # all ten listed values
    monkeypatch.setattr(rulings, "SMALL_BUFFALO_LEFT_OUT", 5)
    assert len(SMALL_BUFFALO) == 10 and sorted(rulings.small_buffalo()) == [1, 2, 2, 3, 4, 4, 5, 6, 7]
    assert small_pile(3) == [1, 2, 2, 3, 4, 4, 5, 6, 7]
    assert GAME.description()["buffalo"]["small"] == [1, 2, 2, 3, 4, 4, 5, 6, 7]
    with pytest.raises(SetupError, match="small buffalo pile"):  # the ten listed values are no longer the pile
        GAME.new_state(2, 1, {"buffalo": {"large": LARGE_ORDER, "small": SMALL_ORDER}})
    GAME.new_state(2, 1, {"buffalo": {"large": LARGE_ORDER, "small": [1, 2, 2, 3, 4, 4, 5, 6, 7]}})
