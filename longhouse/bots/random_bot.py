"""The random bot: a uniformly random legal action."""

from __future__ import annotations

from longhouse.bots.base import Bot
from longhouse.engine.state import Action, State


class RandomBot(Bot):
    name = "random"
    offload = False

    def choose(self, state: State, seat: int) -> Action:
        """Every move is drawn, a forced one too (so the generator's course depends only on the seed)."""
        return self.pick(state, seat, state.legal_actions(seat))

    def pick(self, state: State, seat: int, actions: list[Action]) -> Action:
        return self.rng.choice(actions)
