"""What every bot offers: choose a legal action for a seat, seeing only what that seat may see."""

from __future__ import annotations

from abc import ABC, abstractmethod

from longhouse.engine.rng import Rng
from longhouse.engine.state import Action, State


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

    @abstractmethod
    def choose(self, state: State, seat: int) -> Action:
        """A legal action for ``seat`` (which must be acting in ``state``)."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} seed={self.seed}>"
