"""The registry and the Game value every game offers."""

from __future__ import annotations

import pytest

from longhouse import games
from longhouse.engine import Game, SetupError
from tests.engine import toy


def test_the_three_games_are_registered() -> None:
    assert games.names() == ["manitou", "manitoba", "five_tribes"]
    for name in games.names():
        game = games.get(name)
        assert game.name == name and game.min_players == 2 and game.max_players == 4
        assert game.rules_version and game.title and game.setup_keys


@pytest.mark.parametrize("name", games.names())
def test_every_state_knows_its_game(name: str) -> None:
    game = games.get(name)
    assert game.new_state(2, 1).game is game


def test_an_unknown_game_is_a_key_error() -> None:
    with pytest.raises(KeyError, match="unknown game 'chess'"):
        games.get("chess")


@pytest.mark.parametrize("name", games.names())
def test_every_game_refuses_bad_player_counts_and_unknown_setup_keys(name: str) -> None:
    game = games.get(name)
    for n in (0, 1, 5, True, "2"):
        with pytest.raises(SetupError):
            game.new_state(n, 1)  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="unknown"):
        game.new_state(2, 1, {"no_such_key": 1})
    for not_an_object in (["dealer"], "dealer", 3):
        with pytest.raises(SetupError, match="setup must be an object"):
            game.new_state(2, 1, not_an_object)  # type: ignore[arg-type]


def test_a_game_without_notation_must_override_the_codecs() -> None:
    class Bare(toy.ToyGame):
        pass

    for method in ("action_to_json", "action_from_json", "action_to_text", "action_from_text"):
        setattr(Bare, method, getattr(Game, method))
    with pytest.raises(TypeError, match="sets no notation"):
        Bare().action_to_json(("play", 1))
