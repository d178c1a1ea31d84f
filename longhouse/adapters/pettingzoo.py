"""Longhouse's games as PettingZoo AEC environments: ``env("manitou", players=3)``.

- Agents are ``player_0`` .. ``player_{n-1}``, one per seat. The agent to act is the lowest acting seat
  (simultaneous choices are taken one seat after another, each unseen by the others, as in
  ``longhouse.adapters.openspiel``).
- An observation is a dict: ``"observation"``, the seat's observation tensor (``tensors.observation`` of
  its ``view``: the game's structured layout, documented in docs/research.md), and ``"action_mask"``, 1
  for each legal action id of that seat (all 0 when the seat may not act). Action ids are
  ``longhouse.adapters.action_space``'s; ``info["text"]`` on the acting agent names its legal actions in
  the game's text notation.
- Rewards are 0 until the game is over, then each seat's final score; every agent is terminated at the
  end. Nothing is truncated: every game ends within ``Game.max_actions``.
- ``reset(seed=s)`` deals the game with engine seed ``s``; without a seed, the next seed comes from the
  environment's own generator (seeded by the last seed given), so runs are reproducible.
- ``render_mode="ansi"``: ``render()`` returns the spectator's view drawn by the game's terminal drawing
  (the one ``longhouse play`` uses), as plain text.
"""

from __future__ import annotations

import io
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from longhouse import games
from longhouse.adapters import tensors
from longhouse.adapters.action_space import space
from longhouse.engine import Rng, State

Observation = dict[str, np.ndarray[Any, Any]]


class LonghouseEnv(AECEnv[str, Observation, int]):
    """One Longhouse game at one player count as an AEC environment."""

    def __init__(self, game_name: str, players: int | None = None, render_mode: str | None = None) -> None:
        super().__init__()
        game = games.get(game_name)
        self.game = game
        self.players = game.min_players if players is None else players
        game.check_players(self.players)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is 'ansi' or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.metadata = {"render_modes": ["ansi"], "is_parallelizable": False, "name": f"longhouse_{game_name}_v0"}
        self.space = space(game_name)
        self.possible_agents = [f"player_{seat}" for seat in range(self.players)]
        n = len(self.space)
        self._observation_space = gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(-np.inf, np.inf, (tensors.observation_size(game_name, self.players),),
                                                  np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (n,), np.int8),
        })
        self._action_space = gymnasium.spaces.Discrete(n)
        self._observation_spaces = {a: self._observation_space for a in self.possible_agents}
        self._action_spaces = {a: self._action_space for a in self.possible_agents}
        self._seeds = Rng(0)
        self._state: State | None = None

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._action_spaces[agent]

    @property
    def longhouse(self) -> State:
        """The Longhouse state (after ``reset``)."""
        if self._state is None:
            raise RuntimeError("call reset() first")
        return self._state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = Rng(seed)
        self._state = self.game.new_state(self.players, self._seeds.next64() >> 1)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        state = self.longhouse
        if state.is_over():
            return
        seat = min(state.acting())
        self.agent_selection = self.possible_agents[seat]
        self.infos[self.agent_selection] = {
            "text": [self.space.text(i) for i in self.space.ids_of(state.legal_actions(seat))],
        }

    def observe(self, agent: str) -> Observation:
        seat = self.possible_agents.index(agent)
        state = self.longhouse
        mask = np.zeros(len(self.space), np.int8)
        legal = state.legal_actions(seat) if seat in state.acting() else []
        if legal:
            mask[self.space.ids_of(legal)] = 1
        return {"observation": tensors.observation(state.view(seat)), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.longhouse
        seat = self.possible_agents.index(agent)
        if action is None:
            raise ValueError(f"{agent} must act: pass an action id")
        state.apply(seat, self.space.action(int(action)))
        self._clear_rewards()
        if state.is_over():
            for a, score in zip(self.agents, state.scores(), strict=True):
                self.rewards[a] = float(score)
                self.terminations[a] = True
                self.infos[a] = {}
        self._accumulate_rewards()
        self._select()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode; pass render_mode='ansi'")
            return None
        from rich.console import Console
        from rich.pretty import Pretty

        out = io.StringIO()
        console = Console(file=out, width=120, color_system=None, force_terminal=False)
        view = self.longhouse.view(None)
        render = self.game.renderer()  # the game's own drawing (``Game.terminal``)
        console.print(Pretty(view) if render is None else render(view, None))
        return out.getvalue()

    def close(self) -> None:
        self._state = None


def env(game_name: str, players: int | None = None, render_mode: str | None = None) -> LonghouseEnv:
    """A new environment for ``game_name`` (``players`` defaults to the game's fewest)."""
    return LonghouseEnv(game_name, players, render_mode)
