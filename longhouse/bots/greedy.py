"""The greedy bot: one-ply lookahead on the game's evaluation.

For each legal action it plays the action on a few determinized copies of the position (so it never
reads what its seat may not know), evaluates each result for its own seat with the game's evaluation
(``longhouse.bots.evaluation``), and plays the action with the best mean value. Ties are broken by
the bot's seeded generator, so a given seed always plays the same game.

With ``randomness`` p > 0 it plays a uniformly random legal action with probability p instead (the
``beginner`` level).
"""

from __future__ import annotations

from typing import Unpack

from longhouse.bots import evaluation
from longhouse.bots.base import Bot, Budget
from longhouse.engine.state import Action, State

#: How many determinizations each candidate action is averaged over.
DEFAULT_SAMPLES = 3


class GreedyBot(Bot):
    name = "greedy"

    def __init__(
        self, seed: int = 0, *, samples: int = DEFAULT_SAMPLES, randomness: float = 0.0, **budget: Unpack[Budget]
    ) -> None:
        super().__init__(seed, **budget)
        if samples < 1:
            raise ValueError("greedy needs at least one sample")
        if not 0.0 <= randomness <= 1.0:
            raise ValueError("randomness is a probability, between 0 and 1")
        self.samples = samples
        self.randomness = randomness

    def pick(self, state: State, seat: int, actions: list[Action]) -> Action:
        if self.randomness and self.rng.random() < self.randomness:
            return self.rng.choice(actions)
        evaluate = evaluation.for_state(state)
        totals = [0.0] * len(actions)
        for _ in range(self.samples):
            world = state.determinize(seat, self.rng.fork())
            for i, action in enumerate(actions):
                after = world.clone()
                after.apply(seat, action)
                totals[i] += evaluate(after, seat)[seat]
        best = max(totals)
        tied = [a for a, total in zip(actions, totals, strict=True) if total >= best - 1e-9]
        return self.rng.choice(tied)
