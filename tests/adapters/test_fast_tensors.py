"""The fast path (observation tensors read from the state) equals the view-based tensors on random games,
and the batched environment steps N games with Gymnasium's vector API, auto-resetting those that end."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from longhouse import games
from longhouse.adapters import tensors
from longhouse.adapters.action_space import space
from longhouse.adapters.tensors.fast import observe
from longhouse.adapters.vector import LonghouseVectorEnv
from longhouse.engine import IllegalAction

NAMES = games.names()


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=6, deadline=None, derandomize=True)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**30), every=st.integers(1, 7))
def test_the_fast_path_equals_the_views_tensor_for_every_seat(name: str, players: int, seed: int,
                                                               every: int) -> None:
    """Through a whole random game, every ``every`` positions and at the end, for each seat."""
    state = games.get(name).new_state(players, seed)
    rng = random.Random(seed)
    step = 0
    while True:
        if step % every == 0 or state.is_over():
            for seat in range(players):
                fast = observe(state, seat)
                assert fast.dtype == np.float32
                assert np.array_equal(fast, tensors.observation(state.view(seat))), (name, players, seed, step, seat)
        if state.is_over():
            break
        mover = min(state.acting())
        legal = state.legal_actions(mover)
        assert np.flatnonzero(space(name).mask(legal)).tolist() == space(name).ids_of(legal)
        state.apply(mover, rng.choice(legal))
        step += 1


@pytest.mark.parametrize("name", NAMES)
def test_the_vector_env_steps_games_together_and_deals_anew_those_that_end(name: str) -> None:
    env = LonghouseVectorEnv(name, num_envs=3, players=2)
    observations, infos = env.reset(seed=4)
    assert observations.shape == (3, tensors.observation_size(name, 2)) and observations.dtype == np.float32
    assert env.observation_space.contains(observations)
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(400 if name == "manitou" else 120):
        masks = infos["action_mask"]
        for i, state in enumerate(env.states):
            seat = int(infos["seat"][i])
            assert np.array_equal(observations[i], tensors.observation(state.view(seat)))
            assert np.flatnonzero(masks[i]).tolist() == space(name).ids_of(state.legal_actions(seat))
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        observations, rewards, terminated, truncated, infos = env.step(actions)
        assert not truncated.any()
        for done in np.flatnonzero(terminated):
            ended += 1
            assert rewards[done] in infos["scores"][done]
            assert env.states[done].legal_actions(int(infos["seat"][done]))  # a new game, under way
        assert not rewards[~terminated].any() and not infos["scores"][~terminated].any()
    if name == "manitou":  # Manitou's games last 97 decisions at 2 players: several ended and were dealt anew
        assert ended >= 3


def test_the_vector_env_is_reproducible_and_refuses_an_illegal_action_before_any_game_moves() -> None:
    one, two = LonghouseVectorEnv("five_tribes", 4, 3), LonghouseVectorEnv("five_tribes", 4, 3)
    first, infos = one.reset(seed=9)
    assert np.array_equal(first, two.reset(seed=9)[0])
    before = [s.to_json() for s in one.states]
    actions = np.array([np.flatnonzero(m)[0] for m in infos["action_mask"]])
    actions[2] = int(np.flatnonzero(infos["action_mask"][2] == 0)[0])
    with pytest.raises(IllegalAction, match="game 2"):
        one.step(actions)
    assert [s.to_json() for s in one.states] == before
    with pytest.raises(ValueError, match="num_envs"):
        LonghouseVectorEnv("manitou", 0)
