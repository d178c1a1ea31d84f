"""The conformance suite must be able to fail: each broken toy state is caught by the right check."""

from __future__ import annotations

import pytest

from longhouse.engine.conformance import ConformanceFailure, check_game
from tests.engine import toy


def test_the_toy_game_conforms() -> None:
    for n in (2, 3):
        report = check_game(toy.ToyGame(), n, games=40, seed=1)
        assert report.games == 40
        assert report.actions == 40 * 2 * n


@pytest.mark.parametrize(
    ("state_class", "check"),
    [
        (toy.ShallowCloneState, "clone"),
        (toy.LossySnapshotState, "snapshot"),
        (toy.LaxState, "refusal"),
        (toy.LeakyState, "views"),
        (toy.UnseededState, "record"),
        (toy.EndlessState, "bound"),
        (toy.DeadListingState, "actions"),
        (toy.SetViewState, "views"),
        (toy.SharedLeakState, "views"),
        (toy.PositionWordsState, "actions"),
    ],
)
def test_each_check_catches_its_breakage(state_class: type[toy.ToyState], check: str) -> None:
    with pytest.raises(ConformanceFailure) as caught:
        check_game(toy.broken_game(state_class), 2, games=20, seed=3)
    assert caught.value.check == check, str(caught.value)
    assert caught.value.seed is not None


def test_bad_notation_is_caught() -> None:
    with pytest.raises(ConformanceFailure) as caught:
        check_game(toy.broken_game(toy.ToyState, toy.BadNotationGame), 2, games=5)
    assert caught.value.check == "actions"


def test_capabilities_are_declared_and_checked_when_the_game_class_is_made() -> None:
    """``Game.splits_views`` needs a views module with both parts; unchanging keys need split views."""
    with pytest.raises(TypeError, match="splits_views"):
        type("NoSplit", (toy.ToyGame,), {"splits_views": True})
    with pytest.raises(TypeError, match="unchanging_view_keys"):
        type("NoKeys", (toy.ToyGame,), {"unchanging_view_keys": frozenset({"played"})})
    declared = type("Declared", (toy.ToyGame,), {"position_words": True})
    check_game(toy.broken_game(toy.PositionWordsState, declared), 2, games=5, seed=3)
