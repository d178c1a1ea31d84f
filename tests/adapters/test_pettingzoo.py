"""The PettingZoo adapter passes PettingZoo's own API test and seed test for every game and player count."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from longhouse import games
from longhouse.adapters.action_space import space
from longhouse.adapters.pettingzoo import env
from longhouse.adapters.tensors import observation
from longhouse.engine import Rng

CASES = [(name, n) for name in games.names() for n in range(games.get(name).min_players,
                                                                 games.get(name).max_players + 1)]


@pytest.mark.filterwarnings("ignore:Observation")
@pytest.mark.parametrize(("name", "players"), CASES)
def test_pettingzoo_api_and_seed_tests(name: str, players: int) -> None:
    api_test(env(name, players), num_cycles=200)
    seed_test(lambda: env(name, players), num_cycles=200)


def test_a_whole_game_masks_rewards_and_renders() -> None:
    e = env("manitou", 3, render_mode="ansi")
    e.reset(seed=4)
    rng = np.random.default_rng(4)
    final_rewards: dict[str, float] = {}
    for agent in e.agent_iter():
        observation, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            final_rewards[agent] = reward
            e.step(None)
            continue
        assert reward == 0.0
        legal = np.flatnonzero(observation["action_mask"])
        assert [space("manitou").text(int(i)) for i in legal] == info["text"]
        assert e.possible_agents.index(agent) == min(e.longhouse.acting())
        e.step(int(rng.choice(legal)))
    final = e.longhouse
    assert final.is_over() and not e.agents
    assert [final_rewards[a] for a in e.possible_agents] == [float(s) for s in final.scores()]
    text = e.render()
    assert text is not None and "Ground 1" in text


def test_an_agent_that_may_not_act_sees_an_empty_mask_and_no_secret() -> None:
    e = env("five_tribes", 2)
    e.reset(seed=9)
    idle = next(a for a in e.possible_agents if a != e.agent_selection)
    observed = e.observe(idle)
    assert not observed["action_mask"].any()
    seat = e.possible_agents.index(idle)
    for seed in range(3):  # whatever is hidden from the seat, re-dealt, leaves its observation alone
        redealt = e.longhouse.determinize(seat, Rng(seed))
        assert np.array_equal(observation(redealt.view(seat)), observed["observation"])
    with pytest.raises(ValueError, match="render_mode"):
        env("manitou", render_mode="human")
