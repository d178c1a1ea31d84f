"""The structured tensors: fixed sizes, built from the seat's view only (a re-deal of what the seat cannot
see leaves them as they were), and the information-state tensor equal for two histories exactly when the
seat's information-state string is (the seat cannot tell them apart)."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from longhouse import games
from longhouse.adapters import openspiel, tensors
from longhouse.engine import Rng

NAMES = games.names()
FEW = settings(max_examples=8, deadline=None, derandomize=True)


def _play(state: pyspiel.State, choices: list[int]) -> pyspiel.State:
    """``state`` after one move per choice (each an index into the legal actions), stopping at the end."""
    for choice in choices:
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply_action(legal[choice % len(legal)])
    return state


def test_every_slice_has_a_meaning_and_the_sizes_are_fixed() -> None:
    for name in NAMES:
        layout = tensors.layout(name)
        assert all(s.meaning for s in layout.slices)
        for n in range(games.get(name).min_players, games.get(name).max_players + 1):
            at = tensors.observation_at(name, n)
            assert at.size == sum(p.size for p in at.placed.values())
            assert tensors.information_state_size(name, n) == at.size + tensors.recall_at(name, n).size


@pytest.mark.parametrize("name", NAMES)
@FEW
@given(players=st.integers(2, 4), seed=st.integers(0, 2**20), choices=st.lists(st.integers(0, 10**6), max_size=120))
def test_a_redeal_of_what_the_seat_cannot_see_leaves_its_tensors_alone(
        name: str, players: int, seed: int, choices: list[int]) -> None:
    game = openspiel.load(name, players, seed=seed)
    state = _play(game.new_initial_state(), [seed % openspiel.DEALS, *choices])
    size = tensors.observation_size(name, players)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for seat in range(players):
        view = state.longhouse.view(seat)
        observed = tensors.observation(view)
        assert observed.shape == (size,) and np.all(np.isfinite(observed))
        again = tensors.observation(state.longhouse.determinize(seat, Rng(seed + seat)).view(seat))
        assert np.array_equal(observed, again)
        assert state.observation_tensor(seat) == observed.tolist()
        resampled = state.resample_from_infostate(seat, sampler)
        assert resampled.information_state_tensor(seat) == state.information_state_tensor(seat)
        assert resampled.observation_tensor(seat) == state.observation_tensor(seat)


@pytest.mark.parametrize("name", NAMES)
@FEW
@given(players=st.integers(2, 4), seed=st.integers(0, 2**20), prefix=st.lists(st.integers(0, 10**6), max_size=60),
       left=st.lists(st.integers(0, 10**6), min_size=1, max_size=6),
       right=st.lists(st.integers(0, 10**6), min_size=1, max_size=6), other_deal=st.booleans())
def test_information_state_tensors_are_equal_exactly_when_the_seat_cannot_tell_the_histories_apart(
        name: str, players: int, seed: int, prefix: list[int], left: list[int], right: list[int],
        other_deal: bool) -> None:
    game = openspiel.load(name, players, seed=seed)
    deal = seed % openspiel.DEALS
    common = _play(game.new_initial_state(), [deal, *prefix])
    one = _play(common.clone(), left)
    if other_deal:  # the same choices on another deal: what differs is only what the deal decides
        other = _play(game.new_initial_state(), [(deal + 1) % openspiel.DEALS, *prefix, *right])
    else:
        other = _play(common.clone(), right)
    for seat in range(players):
        same = one.information_state_string(seat) == other.information_state_string(seat)
        assert (one.information_state_tensor(seat) == other.information_state_tensor(seat)) == same
        if one.observation_string(seat) == other.observation_string(seat):
            assert one.observation_tensor(seat) == other.observation_tensor(seat)


def test_another_seats_hidden_pick_changes_nothing_the_others_hold() -> None:
    game = openspiel.load("manitou", 3, seed=2)
    start = _play(game.new_initial_state(), [0])
    first, second = start.legal_actions()[0], start.legal_actions()[-1]
    picked = [_play(start.clone(), [start.legal_actions().index(a)]) for a in (first, second)]
    size = tensors.observation_size("manitou", 3)
    for seat in (1, 2):
        assert picked[0].information_state_tensor(seat) == picked[1].information_state_tensor(seat)
        seen = tensors.recall_at("manitou", 3).part(np.array(picked[0].information_state_tensor(seat)[size:],
                                                             np.float32), "hidden_actions")
        assert seen[tensors.relative(0, seat, 3)] == 1.0  # it knows seat 0 picked, not what
    assert picked[0].information_state_tensor(0) != picked[1].information_state_tensor(0)
    mine = [np.array(p.observation_tensor(0), np.float32) for p in picked]
    at = tensors.observation_at("manitou", 3)
    assert not np.array_equal(at.part(mine[0], "selection"), at.part(mine[1], "selection"))


def test_seats_are_relative_to_the_viewer() -> None:
    state = games.get("five_tribes").new_state(3, 4)
    at = tensors.observation_at("five_tribes", 3)
    for seat in range(3):
        acting = at.part(tensors.observation(state.view(seat)), "acting")
        assert acting[tensors.relative(state.acting()[0], seat, 3)] == 1.0 and acting.sum() == 1.0
