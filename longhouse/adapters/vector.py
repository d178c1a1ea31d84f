"""N games of one Longhouse game stepped together, as a Gymnasium vector environment (self-play).

``LonghouseVectorEnv("manitou", num_envs=64, players=2)`` holds ``num_envs`` games. Each step takes one
action id per game, played by the seat to act there (the lowest acting seat, as in the other adapters), and
returns numpy arrays:

- observations ``(N, observation_size)`` float32: the observation tensor (``longhouse.adapters.tensors``,
  read from the state by the fast path) of the seat to act next in each game;
- rewards ``(N,)`` float32: 0, but when a game ends, the final score of the seat that moved last;
- terminations ``(N,)`` bool: the game ended at this step (truncations are all False: every game ends
  within ``Game.max_actions``);
- infos: ``"action_mask"`` ``(N, actions)`` int8, the legal action ids of the seat to act; ``"seat"``
  ``(N,)``, that seat; ``"scores"`` ``(N, players)`` float32, every seat's final score where a game ended
  at this step (0 elsewhere).

A game that ends is dealt anew in the same step (Gymnasium's ``AutoresetMode.SAME_STEP``): its returned
observation and mask are the new game's first. Deals follow from the ``seed`` given to ``reset`` (each game
its own engine seed from one generator), so a run is reproducible. An illegal action id in any game raises
``IllegalAction`` before any game moves.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from longhouse import games
from longhouse.adapters.action_space import space
from longhouse.adapters.tensors import observation_size
from longhouse.adapters.tensors.fast import observe
from longhouse.engine import IllegalAction, Rng, State


class LonghouseVectorEnv(VectorEnv[Any, Any, Any]):
    """``num_envs`` games of ``game_name`` at ``players`` seats, stepped together."""

    def __init__(self, game_name: str, num_envs: int, players: int | None = None) -> None:
        self.metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}
        game = games.get(game_name)
        self.game = game
        self.players = game.min_players if players is None else players
        game.check_players(self.players)
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a whole number of at least 1, not {num_envs!r}")
        self.num_envs = num_envs
        self.space = space(game_name)
        size = observation_size(game_name, self.players)
        self.single_observation_space = gymnasium.spaces.Box(-np.inf, np.inf, (size,), np.float32)
        self.single_action_space = gymnasium.spaces.Discrete(len(self.space))
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._observations = np.zeros((num_envs, size), np.float32)
        self._masks = np.zeros((num_envs, len(self.space)), np.int8)
        self._seats = np.zeros(num_envs, np.int64)
        self._legal: list[list[Any]] = [[] for _ in range(num_envs)]
        self._states: list[State] = []
        self._seeds = Rng(0)

    def _deal(self) -> State:
        return self.game.new_state(self.players, self._seeds.next64() >> 1)

    def _look(self, i: int) -> None:
        """Observation, mask and seat of game ``i``'s seat to act."""
        state = self._states[i]
        seat = min(state.acting())
        legal = state.legal_actions(seat)
        self._legal[i] = legal
        self._seats[i] = seat
        self.space.mask(legal, self._masks[i])
        self._observations[i] = observe(state, seat)

    def _infos(self, scores: np.ndarray[Any, np.dtype[np.float32]]) -> dict[str, Any]:
        return {"action_mask": self._masks.copy(), "seat": self._seats.copy(), "scores": scores}

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        if seed is not None:
            self._seeds = Rng(seed)
        self._states = [self._deal() for _ in range(self.num_envs)]
        for i in range(self.num_envs):
            self._look(i)
        return self._observations.copy(), self._infos(np.zeros((self.num_envs, self.players), np.float32))

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        if not self._states:
            raise RuntimeError("call reset() first")
        chosen = np.asarray(actions).reshape(-1)
        if chosen.shape != (self.num_envs,) or not np.issubdtype(chosen.dtype, np.integer):
            raise IllegalAction(f"step takes {self.num_envs} action ids, not {actions!r}"[:200])
        ids = chosen.tolist()
        for i, a in enumerate(ids):
            if not 0 <= a < self._masks.shape[1] or not self._masks[i, a]:
                raise IllegalAction(f"game {i}: action id {a} is not legal for seat {self._seats[i]} now")
        rewards = np.zeros(self.num_envs, np.float32)
        ended = np.zeros(self.num_envs, np.bool_)
        scores = np.zeros((self.num_envs, self.players), np.float32)
        action_of = self.space.action
        for i, a in enumerate(ids):
            state, seat = self._states[i], int(self._seats[i])
            state.apply(seat, action_of(a))
            if state.is_over():
                final = state.scores()
                scores[i] = final
                rewards[i] = final[seat]
                ended[i] = True
                self._states[i] = self._deal()
            self._look(i)
        truncated = np.zeros(self.num_envs, np.bool_)
        return self._observations.copy(), rewards, ended, truncated, self._infos(scores)

    @property
    def states(self) -> list[State]:
        """The games under way (after ``reset``)."""
        return self._states
