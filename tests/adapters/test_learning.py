"""OpenSpiel's NFSP (PyTorch) trains on each game from the information-state tensor, both of its networks
learn, and its average policy plays whole games against random (briefly: bench/research.py --only nfsp
trains for minutes and gives the win rates)."""

from __future__ import annotations

import math

import pytest

from longhouse import games
from longhouse.adapters import learning, tensors


@pytest.mark.parametrize("name", games.names())
def test_nfsp_learns_from_the_information_state_tensor_and_plays_random(name: str) -> None:
    episodes = 1 if name == "five_tribes" else 2
    trained = learning.train(name, 2, episodes=episodes, seed=3, hidden=(16,), min_buffer_size_to_learn=16,
                             learn_every=8, batch_size=16, anticipatory_param=1.0)  # best response: both nets learn
    assert trained.episodes == episodes and trained.steps > 50
    size = tensors.information_state_size(name, 2)
    for agent in trained.agents:
        first = next(agent._avg_network.parameters())  # the first layer's weights: (hidden, inputs)
        assert first.shape[1] == size
        supervised, reinforcement = agent.loss
        assert any(loss is not None and math.isfinite(float(loss)) for loss in (supervised, reinforcement))
    result = learning.evaluate(trained, games=2, seed=4)
    assert result["games"] == 2 and 0.0 <= result["win_rate"] <= 1.0
    assert math.isfinite(result["mean_score"]) and math.isfinite(result["random_mean_score"])
