"""What every bot offers: choose a legal action for a seat, seeing only what that seat may see."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TypedDict

from longhouse.engine.rng import Rng
from longhouse.engine.state import Action, State


class Budget(TypedDict, total=False):
    """A search budget per move, as every bot accepts it (``Bot``); a bot's own options come beside it."""

    seconds: float | None
    iterations: int | None


class Bot(ABC):
    """A seeded, deterministic player.

    ``choose`` receives the real state but may use only what ``seat`` may know: its ``view(seat)``,
    its ``legal_actions(seat)``, and copies made by ``determinize(seat, rng)``. It never changes the
    state it is given.

    Every bot accepts a search budget (``seconds`` per move, or ``iterations`` per move, which wins
    when both are given and makes the bot deterministic); bots that do not search ignore it.
    """

    name: str = "bot"
    #: Whether the hall runs this bot's thinking in a worker process (``longhouse.bots.thinking``);
    #: a bot that answers at once (random) is not worth the trip.
    offload: bool = True

    def __init__(self, seed: int = 0, seconds: float | None = None, iterations: int | None = None) -> None:
        self.seed = seed
        self.rng = Rng(seed)
        self.seconds = seconds
        self.iterations = iterations

    def reseed(self, seed: int) -> None:
        """Restart the bot's generator (a worker process gets a fresh seed for every move)."""
        self.seed = seed
        self.rng = Rng(seed)

    @staticmethod
    def moves(state: State, seat: int) -> list[Action]:
        """``seat``'s legal actions; a ``ValueError`` when it has none (it is not acting)."""
        actions = state.legal_actions(seat)
        if not actions:
            raise ValueError(f"seat {seat} has nothing to play")
        return actions

    def choose(self, state: State, seat: int) -> Action:
        """A legal action for ``seat`` (which must be acting in ``state``); a forced move is played at once."""
        actions = self.moves(state, seat)
        return actions[0] if len(actions) == 1 else self.pick(state, seat, actions)

    @abstractmethod
    def pick(self, state: State, seat: int, actions: list[Action]) -> Action:
        """One of ``actions``, ``seat``'s legal actions in ``state`` (at least two)."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} seed={self.seed}>"
