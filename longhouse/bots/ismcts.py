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

from typing import Unpack

from longhouse.bots import evaluation, tree
from longhouse.bots.tree import Node, SearchBot, SearchOptions
from longhouse.engine.state import Action, State

#: The hall's default: well under a second per move.
DEFAULT_SECONDS = 0.8


class IsmctsBot(SearchBot):
    name = "ismcts"
    default_seconds = DEFAULT_SECONDS

    def __init__(
        self, seed: int = 0, *, rollout_depth: int | str | None = "auto", **options: Unpack[SearchOptions]
    ) -> None:
        super().__init__(seed, **options)
        self.rollout_depth = rollout_depth

    def _depth(self, tuned: evaluation.Tuning) -> int | None:
        if self.rollout_depth == "auto":
            return tuned.rollout_depth
        if isinstance(self.rollout_depth, str):
            raise ValueError(f"rollout_depth is a number, None or 'auto', not {self.rollout_depth!r}")
        return self.rollout_depth

    def pick(self, state: State, seat: int, actions: list[Action]) -> Action:
        return tree.most_visited(self.search(state, seat), seat, actions)

    def search(self, state: State, seat: int) -> Node:
        """Build the search tree for ``seat`` within the budget; returns its root."""
        game = evaluation.game_name(state)
        evaluate = evaluation.get(game)
        tuned = evaluation.tuning(game, state.num_players)
        depth = self._depth(tuned)
        c = self.exploration if self.exploration is not None else tuned.exploration
        root = Node(-1)

        def iterate() -> None:
            self._iterate(state.determinize(seat, self.rng.fork()), seat, root, evaluate, depth, c)

        self.run(iterate)
        return root

    def _iterate(
        self, world: State, seat: int, root: Node, evaluate: evaluation.Evaluation, depth: int | None, c: float
    ) -> None:
        rng = self.rng
        node = root
        path: list[Node] = []
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
            fresh = tree.untried(node.children, mover, actions)
            if fresh:
                action, child = tree.expand(node.children, mover, fresh, rng)
                world.apply(mover, action)
                path.append(child)
                break
            action, node = tree.select(node.children, mover, actions, c)
            world.apply(mover, action)
            path.append(node)
        tree.rollout(world, rng, depth)
        tree.backup(path, evaluate(world, seat))
