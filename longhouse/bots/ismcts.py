"""Information-set Monte Carlo tree search (single-observer ISMCTS, multi-player).

Every iteration:

1. **Determinize**: the bot re-deals everything its seat cannot see (``state.determinize(seat, rng)``),
   so the search only ever uses what its seat knows, and many iterations average over the hidden
   cards.
2. **Select**: from the root, descend one tree shared by all determinizations. A node's children are
   keyed by ``(seat, action)``; only the children whose action is legal in the current
   determinization are candidates, and each of them counts one more *availability*. The acting seat
   picks by UCB1 on *its own* mean result, ``mean + c·√(ln availability / visits)`` — every seat
   maximises its own result (the paranoid "everyone against me" assumption is not made).
3. **Expand** one untried legal action (chosen at random) as a new leaf.
4. **Roll out** with uniformly random legal actions, for at most ``rollout_depth`` actions (``None``:
   to the end), then score the position with the game's evaluation
   (``longhouse.bots.evaluation``); a finished game scores its result (win share, plus a little score
   margin). The depth and the exploration constant come from the game's tuning
   (``longhouse.bots.evaluation.tuning``); for the three hall games the depth is 0: the new leaf is
   scored by the evaluation at once, which measured far stronger than random rollouts.
5. **Back-propagate** the per-seat result vector: each node adds the value of the seat that moved into
   it.

Forced moves (a single legal action) get no node; they are simply played.

**Simultaneous moves** (several seats in ``acting()``, e.g. Manitou's card selection or its score
confirmation) are searched as sequential decisions: at the root the bot's own seat decides; below the
root the lowest acting seat decides first. Because the root is determinized, the other seats' earlier
secret choices are re-dealt, so the bot never learns them; inside the tree a later seat's node does sit
below an earlier seat's choice, which makes the opponents slightly better informed than they really
are — a cautious bias accepted by this simple scheme.

The budget is either ``iterations`` per move (deterministic for a given seed, used in tests and
benchmarks) or ``seconds`` per move (for play). The state passed to ``choose`` is never changed: all
play happens on determinized copies.
"""

from __future__ import annotations

import math
import time

from longhouse.bots import evaluation
from longhouse.bots.base import Bot
from longhouse.engine.state import Action, State

#: The hall's default: well under a second per move.
DEFAULT_SECONDS = 0.8


class _Node:
    __slots__ = ("avail", "children", "reward", "seat", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # the seat whose action led here (-1 at the root)
        self.visits = 0
        self.reward = 0.0
        self.avail = 0
        self.children: dict[tuple[int, Action], _Node] = {}


class IsmctsBot(Bot):
    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        seconds: float | None = None,
        iterations: int | None = None,
        exploration: float | None = None,
        rollout_depth: int | str | None = "auto",
    ) -> None:
        if seconds is None and iterations is None:
            seconds = DEFAULT_SECONDS
        if iterations is not None and iterations < 1:
            raise ValueError("ISMCTS needs at least one iteration")
        if seconds is not None and seconds <= 0:
            raise ValueError("ISMCTS needs a positive time budget")
        super().__init__(seed, seconds, iterations)
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        #: Iterations and seconds spent on the last searched move (for benchmarks).
        self.last_iterations = 0
        self.last_seconds = 0.0

    def _depth(self, tuned: evaluation.Tuning) -> int | None:
        if self.rollout_depth == "auto":
            return tuned.rollout_depth
        if isinstance(self.rollout_depth, str):
            raise ValueError(f"rollout_depth is a number, None or 'auto', not {self.rollout_depth!r}")
        return self.rollout_depth

    def choose(self, state: State, seat: int) -> Action:
        actions = state.legal_actions(seat)
        if not actions:
            raise ValueError(f"seat {seat} has nothing to play")
        if len(actions) == 1:
            return actions[0]
        root = self.search(state, seat)
        best = actions[0]
        best_key = (-1, -1.0)
        for action in actions:
            child = root.children.get((seat, action))
            if child is None:
                continue
            key = (child.visits, child.reward / max(1, child.visits))
            if key > best_key:
                best, best_key = action, key
        return best

    def search(self, state: State, seat: int) -> _Node:
        """Build the search tree for ``seat`` within the budget; returns its root."""
        game = evaluation.game_name(state)
        evaluate = evaluation.get(game)
        tuned = evaluation.tuning(game, state.num_players)
        depth = self._depth(tuned)
        c = self.exploration if self.exploration is not None else tuned.exploration
        root = _Node(-1)
        start = time.perf_counter()
        deadline = start + (self.seconds or 0.0)
        done = 0
        while True:
            if self.iterations is not None:
                if done >= self.iterations:
                    break
            elif done and time.perf_counter() >= deadline:
                break
            world = state.determinize(seat, self.rng.fork())
            self._iterate(world, seat, root, evaluate, depth, c)
            done += 1
        self.last_iterations = done
        self.last_seconds = time.perf_counter() - start
        return root

    def _iterate(
        self, world: State, seat: int, root: _Node, evaluate: evaluation.Evaluation, depth: int | None, c: float
    ) -> None:
        rng = self.rng
        node = root
        path: list[_Node] = []
        mover = seat
        # selection and expansion
        while not world.is_over():
            if node is not root:
                mover = min(world.acting())
            actions = world.legal_actions(mover)
            if not actions:  # a stuck position (an engine dead end): score it as it stands
                break
            if len(actions) == 1 and node is not root:
                world.apply(mover, actions[0])
                continue
            children = node.children
            untried = []
            for action in actions:
                child = children.get((mover, action))
                if child is None:
                    untried.append(action)
                else:
                    child.avail += 1
            if untried:
                action = untried[rng.below(len(untried))]
                child = _Node(mover)
                child.avail = 1
                children[(mover, action)] = child
                world.apply(mover, action)
                path.append(child)
                break
            best_action = actions[0]
            best_child = node
            best_value = -math.inf
            for action in actions:
                child = children[(mover, action)]
                value = child.reward / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
                if value > best_value:
                    best_value, best_action, best_child = value, action, child
            world.apply(mover, best_action)
            path.append(best_child)
            node = best_child
        # rollout
        played = 0
        while not world.is_over() and (depth is None or played < depth):
            mover = min(world.acting())
            actions = world.legal_actions(mover)
            if not actions:
                break
            world.apply(mover, actions[rng.below(len(actions))])
            played += 1
        values = evaluate(world, seat)
        for visited in path:
            visited.visits += 1
            visited.reward += values[visited.seat]
