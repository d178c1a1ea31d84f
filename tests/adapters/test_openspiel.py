"""The OpenSpiel adapter passes OpenSpiel's own random simulation test (with serialisation and the
observation checks) for every game and player count, and OpenSpiel's ISMCTS bot plays whole games."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest

from longhouse import games
from longhouse.adapters import openspiel

CASES = [(name, n) for name in games.names() for n in range(games.get(name).min_players,
                                                                 games.get(name).max_players + 1)]


def _check(state: pyspiel.State) -> None:
    """Per state: no seat's information changes when its hidden part is re-dealt, and returns wait for
    the end."""
    if state.is_chance_node():
        return
    if not state.is_terminal():
        assert state.returns() == [0.0] * state.num_players()
        player = state.current_player()
        sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
        resampled = state.resample_from_infostate(player, sampler)
        assert resampled.information_state_string(player) == state.information_state_string(player)
        assert resampled.legal_actions(player) == state.legal_actions(player)
    else:
        assert state.returns() == [float(s) for s in state.longhouse.scores()]


@pytest.mark.parametrize(("name", "players"), CASES)
def test_openspiel_random_sim_test(name: str, players: int) -> None:
    game = openspiel.load(name, players, seed=players)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False, state_checker_fn=_check)


def test_the_game_type_states_the_true_dynamics() -> None:
    for name in games.names():
        game = openspiel.load(name)
        kind = game.get_type()
        assert kind.short_name == f"longhouse_{name}"
        assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
        assert (kind.min_num_players, kind.max_num_players) == (games.get(name).min_players,
                                                                games.get(name).max_players)
        assert game.num_distinct_actions() == len(openspiel.space(name))
    with pytest.raises(Exception, match="players"):
        openspiel.load("manitou", 5)


def test_a_deal_is_the_engines_seed_and_other_seats_secrets_stay_hidden() -> None:
    game = openspiel.load("manitou", 3, seed=5)
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == openspiel.DEALS
    state.apply_action(17)
    assert state.longhouse == games.get("manitou").new_state(3, 5 * openspiel.DEALS + 17)
    assert state.observation_string(1) != state.observation_string(2)
    same = pyspiel.load_game("longhouse_manitou(players=3,seed=5)").new_initial_state()
    same.apply_action(17)
    assert str(same) == str(state)
    tensor = np.array(state.observation_tensor(0))
    assert tensor.shape == (game.observation_tensor_size(),) and np.any(tensor)


@pytest.mark.parametrize("name", games.names())
def test_openspiel_ismcts_plays_a_whole_game(name: str) -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = openspiel.load(name, 2, seed=1)
    rng = np.random.RandomState(7)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0, max_simulations=2,
                           random_state=rng)
    other = pyspiel.make_uniform_random_bot(1, 7)
    state = game.new_initial_state()
    state.apply_action(int(rng.randint(game.max_chance_outcomes())))
    while not state.is_terminal():
        mover = bot if state.current_player() == 0 else other
        state.apply_action(int(mover.step(state)))
    assert state.longhouse.is_over()
    assert state.returns() == [float(s) for s in state.longhouse.scores()]


def test_a_simultaneous_choice_is_serialised_and_hidden_from_the_other_seats() -> None:
    game = openspiel.load("manitou", 3, seed=2)
    start = game.new_initial_state()
    start.apply_action(0)
    assert start.longhouse.acting() == (0, 1, 2) and start.current_player() == 0
    first, second = start.legal_actions()[0], start.legal_actions()[-1]
    picked = []
    for action in (first, second):
        state = start.clone()
        state.apply_action(action)
        assert state.current_player() == min(state.longhouse.acting())  # lowest acting seat first
        picked.append(state)
    for seat in (1, 2):
        assert picked[0].information_state_string(seat) == picked[1].information_state_string(seat)
        assert picked[0].observation_tensor(seat) == picked[1].observation_tensor(seat)
    assert picked[0].information_state_string(0) != picked[1].information_state_string(0)
