"""OpenSpiel's NFSP (Neural Fictitious Self-Play, PyTorch) on the Longhouse games, and its evaluation
against uniform random play.

NFSP needs the information-state tensor (``open_spiel.python.rl_environment`` hands each agent its seat's
``information_state_tensor``), which the OpenSpiel adapter provides. ``train`` runs self-play episodes,
one NFSP agent per seat, for a number of episodes or seconds; rewards are the final scores divided by
``REWARD_SCALE`` (the Q-networks then learn values near 1, not near 100). ``evaluate`` plays the agents'
average policies, each seat in turn, against uniform random opponents and counts wins (a shared victory
counts as a share) and scores.

Needs ``torch`` (``pip install torch==2.13.0``: the CPU build) and ``dm-tree``, both in the research extra.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from longhouse.adapters import openspiel

#: Rewards handed to the agents are the final scores divided by this.
REWARD_SCALE = 100.0


@dataclass
class Trained:
    """NFSP agents after training: one per seat, with what the training took."""

    game_name: str
    players: int
    agents: list[Any]
    episodes: int
    steps: int
    seconds: float


def _environment(game_name: str, players: int, seed: int) -> Any:
    from open_spiel.python import rl_environment

    game = openspiel.load(game_name, players, seed=seed)
    return rl_environment.Environment(game, seed=seed,
                                      observation_type=rl_environment.ObservationType.INFORMATION_STATE)


def _scaled(time_step: Any) -> Any:
    if time_step.rewards is None:
        return time_step
    return time_step._replace(rewards=[r / REWARD_SCALE for r in time_step.rewards])


def train(game_name: str, players: int = 2, *, episodes: int | None = None, seconds: float | None = None,
          seed: int = 0, hidden: tuple[int, ...] = (64,), **nfsp_options: Any) -> Trained:
    """NFSP agents trained by self-play for ``episodes`` games or ``seconds`` of training (the first reached)."""
    import torch
    from open_spiel.python.pytorch import nfsp

    if episodes is None and seconds is None:
        raise ValueError("say how long to train: episodes, seconds or both")
    torch.set_num_threads(1)
    env = _environment(game_name, players, seed)
    size = env.observation_spec()["info_state"][0]
    actions = env.action_spec()["num_actions"]
    options = {"reservoir_buffer_capacity": 20_000, "anticipatory_param": 0.1, "batch_size": 64,
               "min_buffer_size_to_learn": 256, "learn_every": 32, "replay_buffer_capacity": 20_000,
               "epsilon_decay_duration": 20_000, "rl_learning_rate": 0.01, "sl_learning_rate": 0.01,
               **nfsp_options}
    agents = [nfsp.NFSP(seat, size, actions, list(hidden), seed=seed + seat, **options) for seat in range(players)]
    started, played, steps = time.perf_counter(), 0, 0
    while (episodes is None or played < episodes) and (seconds is None or time.perf_counter() - started < seconds):
        time_step = env.reset()
        while not time_step.last():
            seat = time_step.observations["current_player"]
            output = agents[seat].step(_scaled(time_step))
            time_step = env.step([output.action])
            steps += 1
        for agent in agents:
            agent.step(_scaled(time_step))
        played += 1
    return Trained(game_name, players, agents, played, steps, time.perf_counter() - started)


def evaluate(trained: Trained, games: int, seed: int = 1) -> dict[str, float]:
    """The agents' average policies against uniform random: over ``games`` games, each with one agent seat
    (seats in turn) and random opponents; its win rate (a shared victory counts as a share), its mean
    score and the random opponents' mean score."""
    from open_spiel.python.pytorch import nfsp

    env = _environment(trained.game_name, trained.players, seed)
    rng = np.random.default_rng(seed)
    wins = 0.0
    mine: list[float] = []
    theirs: list[float] = []
    for k in range(games):
        learner = k % trained.players
        agent = trained.agents[learner]
        time_step = env.reset()
        with agent.temp_mode_as(nfsp.MODE.AVERAGE_POLICY):
            while not time_step.last():
                seat = time_step.observations["current_player"]
                if seat == learner:
                    action = agent.step(time_step, is_evaluation=True).action
                else:
                    action = int(rng.choice(time_step.observations["legal_actions"][seat]))
                time_step = env.step([action])
        scores = time_step.rewards
        best = max(scores)
        winners = [s for s, score in enumerate(scores) if score == best]
        if learner in winners:
            wins += 1.0 / len(winners)
        mine.append(scores[learner])
        theirs.extend(score for s, score in enumerate(scores) if s != learner)
    return {"games": games, "win_rate": wins / games, "mean_score": float(np.mean(mine)),
            "random_mean_score": float(np.mean(theirs))}
