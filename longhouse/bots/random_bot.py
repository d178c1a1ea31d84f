"""The random bot: a uniformly random legal action."""

from __future__ import annotations

from longhouse.bots.base import Bot
from longhouse.engine.state import Action, State


class RandomBot(Bot):
    name = "random"
    offload = False

    def choose(self, state: State, seat: int) -> Action:
        return self.rng.choice(state.legal_actions(seat))
