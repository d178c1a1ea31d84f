"""What the two information-set tree searches share: the node, the search budget and one tree step.

``longhouse.bots.ismcts`` (one tree, the bot's view) and ``longhouse.bots.moismcts`` (one tree per seat)
differ in how many trees they walk and in how they order a node's moves; the rest is the same algorithm
and lives here once: the budget loop (``SearchBot.run``), counting availability and finding the untried
moves, expanding one, choosing by UCB1 on the mover's own mean, the random roll-out, the back-propagation
of the per-seat result vector, and picking the most visited move at the root.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Any, Unpack

from longhouse.bots.base import Bot, Budget
from longhouse.engine.rng import Rng
from longhouse.engine.state import Action, State

Key = tuple[int, Any]


class Node:
    __slots__ = ("avail", "children", "order", "reward", "seat", "share", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # the seat whose move led here (-1 at a root)
        self.visits = 0
        self.reward = 0.0
        self.share = 0.0  # MO-ISMCTS, at the root's children only: the sum of the seat's normalised win chances
        self.avail = 0
        self.children: dict[Key, Node] = {}
        self.order: dict[Action, int] | None = None  # MO-ISMCTS, at a wide node: action -> rank

    def mean(self) -> float:
        return self.reward / self.visits if self.visits else 0.0


class SearchOptions(Budget, total=False):
    """A search bot's options: its budget and the UCB exploration constant (``None``: the game's tuning)."""

    exploration: float | None


class SearchBot(Bot):
    """A bot that searches within a budget: ``iterations`` per move (stopped early at the ``seconds`` cap
    when both are given: the hall's levels), or ``seconds`` per move alone (the default ``default_seconds``
    when neither is given); the clock is read every ``clock_every`` iterations."""

    default_seconds = 1.0
    clock_every = 1

    def __init__(self, seed: int = 0, *, exploration: float | None = None, **budget: Unpack[Budget]) -> None:
        seconds, iterations = budget.get("seconds"), budget.get("iterations")
        if seconds is None and iterations is None:
            seconds = self.default_seconds
        if iterations is not None and iterations < 1:
            raise ValueError(f"{self.name} needs at least one iteration")
        if seconds is not None and seconds <= 0:
            raise ValueError(f"{self.name} needs a positive time budget")
        super().__init__(seed, seconds, iterations)
        self.exploration = exploration
        #: Iterations and seconds spent on the last searched move (for benchmarks), and whether the
        #: last search was cut short by the time cap before its iterations were spent.
        self.last_iterations = 0
        self.last_seconds = 0.0
        self.last_capped = False
        self.clock: Callable[[], float] = time.perf_counter

    def run(self, iterate: Callable[[], None], decided: Callable[[int, float, float], bool] | None = None) -> None:
        """Call ``iterate`` until the budget is spent; records ``last_iterations``, ``last_seconds`` and
        ``last_capped``.

        With an iteration budget the search runs exactly that many iterations (deterministic, whatever
        the machine) unless the ``seconds`` cap, if any, comes first. With seconds alone it also stops
        once ``decided(done, spent, left)`` says the choice can no longer change in the time left."""
        start = self.clock()
        iterations, seconds = self.iterations, self.seconds
        deadline = start + (seconds or 0.0)
        every = self.clock_every
        done = 0
        capped = False
        while iterations is None or done < iterations:
            if seconds is not None and done and done % every == 0:
                now = self.clock()
                if now >= deadline:
                    capped = iterations is not None
                    break
                if iterations is None and decided is not None and decided(done, now - start, deadline - now):
                    break
            iterate()
            done += 1
        self.last_iterations = done
        self.last_seconds = self.clock() - start
        self.last_capped = capped


def untried(children: dict[Key, Node], mover: int, actions: Sequence[Action]) -> list[Action]:
    """The moves of ``actions`` with no child yet; every other one counts one more availability."""
    fresh = []
    for action in actions:
        child = children.get((mover, action))
        if child is None:
            fresh.append(action)
        else:
            child.avail += 1
    return fresh


def expand(children: dict[Key, Node], mover: int, fresh: list[Action], rng: Rng) -> tuple[Action, Node]:
    """A new child for one of ``fresh``, chosen at random."""
    action = fresh[rng.below(len(fresh))]
    child = Node(mover)
    child.avail = 1
    children[(mover, action)] = child
    return action, child


def select(children: dict[Key, Node], mover: int, actions: Sequence[Action], c: float) -> tuple[Action, Node]:
    """The move of ``actions`` (all expanded) with the best UCB1 value on the mover's own mean."""
    log, sqrt = math.log, math.sqrt
    best_action = actions[0]
    best_child = children[(mover, best_action)]
    best_value = -math.inf
    for action in actions:
        child = children[(mover, action)]
        value = child.reward / child.visits + c * sqrt(log(child.avail) / child.visits)
        if value > best_value:
            best_value, best_action, best_child = value, action, child
    return best_action, best_child


def rollout(world: State, rng: Rng, depth: int | None) -> None:
    """Uniformly random play, the lowest acting seat first, for at most ``depth`` moves (``None``: to the end)."""
    played = 0
    while not world.is_over() and (depth is None or played < depth):
        mover = min(world.acting())
        actions = world.legal_actions(mover)
        if not actions:
            break
        world.apply(mover, actions[rng.below(len(actions))])
        played += 1


def backup(path: list[Node], values: Sequence[float]) -> None:
    """Each node of ``path`` adds the value of the seat whose move led to it."""
    for visited in path:
        visited.visits += 1
        visited.reward += values[visited.seat]


def most_visited(root: Node, seat: int, actions: Sequence[Action]) -> Action:
    """The root move searched most (the better mean on a tie; the first legal move if none was)."""
    children = root.children

    def key(action: Action) -> tuple[int, float]:
        child = children.get((seat, action))
        return (child.visits, child.mean()) if child is not None else (0, 0.0)

    return max(actions, key=key)
