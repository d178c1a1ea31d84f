"""Multiple-observer information-set Monte Carlo tree search (MO-ISMCTS), the hall's strongest bot.

The method is Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search", IEEE
Transactions on Computational Intelligence and AI in Games 4(2), 2012, pp. 120–143 (Algorithm 4,
MO-ISMCTS), with the availability-counting UCB of the same paper and progressive widening (Coulom,
"Computing Elo Ratings of Move Patterns in the Game of Go", 2007; Chaslot et al., "Progressive Strategies
for Monte-Carlo Tree Search", 2008) where a position offers many moves.

Why several trees. The single-observer search (``longhouse.bots.ismcts``) keeps one tree for the bot's
own view; an opponent's decision below the root sits under the bot's earlier choices, including its
secret ones (Manitou's hunting-party picks, say), so the simulated opponents play as if they could see
them, and grow more paranoid with every iteration. MO-ISMCTS keeps **one tree per seat**. Each seat's
tree is keyed by what that seat observes: its own moves by the action, another seat's moves by the
events that seat may see of them (``Event.visible_to``; a hidden pick shows nothing, so all of them
collapse into one "someone picked a card" node). Every iteration descends all the trees together on one
determinization: the seat to move chooses in its own tree by UCB over the moves legal in this
determinization, and every other tree follows that move's observation. A simulated opponent therefore
decides only on what it could know.

One iteration:

1. **Determinize** the root position for the bot's seat (``state.determinize(seat, rng)``): hidden
   cards are re-dealt, so the search only uses what the seat knows.
2. **Select** down the mover's tree with UCB1 on the mover's own mean result, ``mean +
   c·√(ln availability / visits)``; every seat maximises its own result. At a **wide** node (at least
   ``Tuning.widen_from`` moves) the moves are first ordered by a one-move look-ahead on the game's
   evaluation (move ordering) and only the best ``Tuning.width(…)`` of them are open to the search, more
   as the node is visited (progressive widening). Forced moves get no node.
3. **Expand** one untried move in the mover's tree (the best-ordered one at a wide node and at the
   root, a random one elsewhere), and its observation in every other tree. Ordering the root's moves
   by the one-move look-ahead first means that a search starved of time (a loaded machine) still
   plays at least as the greedy bot would, rather than among a random few of its moves.
4. **Evaluate**: random play for ``Tuning.rollout_depth`` moves (0 for the hall games: the new leaf is
   scored at once), then the game's evaluation (``longhouse.bots.evaluation``), a per-seat value in
   [0, 1] close to a chance of winning; a finished game scores its result.
5. **Back-propagate** through every tree: each node adds the value of the seat whose move led to it.

**Simultaneous moves** (several seats acting) are searched in sequence, the bot's own seat first at the
root and the lowest acting seat first below; because every seat decides in its own tree, a later seat
never conditions on an earlier seat's hidden choice, which removes the single-observer search's bias.

**Time management**: the budget is ``iterations`` per move (deterministic, for tests and benchmarks)
or ``seconds`` per move; with seconds the search stops early once the most visited move cannot be
overtaken in the time left (at the rate measured so far), and a move with a single legal action is
played at once. The per-game and per-seat-count tuning comes from the game's evaluation module
(``longhouse.bots.evaluation.tuning``), never from tables here.

``analyse`` returns the root statistics (each legal move's visits and mean value for the seat), which
the hints and the replay analysis show as win chances.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Unpack

from longhouse.bots import evaluation, tree
from longhouse.bots.tree import Node, SearchBot, SearchOptions
from longhouse.engine.events import Event
from longhouse.engine.state import Action, State
from longhouse.i18n import Text

DEFAULT_SECONDS = 1.0
#: How often (in iterations) a timed search looks at the clock and at its early stop.
CLOCK_EVERY = 16


@dataclass(frozen=True, slots=True)
class MoveValue:
    """One legal move at the root: how often it was searched, its mean value for the seat, and its mean
    estimated win chance (the seat's evaluation normalised over all seats, so chances add up to one)."""

    action: Action
    visits: int
    value: float
    share: float


@dataclass(frozen=True, slots=True)
class Analysis:
    """The search's verdict on a position for one seat: the preferred move and every legal move's value."""

    seat: int
    best: Action
    moves: tuple[MoveValue, ...]  # in the order of ``legal_actions``
    iterations: int


def _observation(events: list[Event], observer: int) -> tuple[Text, ...]:
    """What ``observer`` sees of a move: the words of the events it may receive."""
    return tuple(e.text for e in events if e.visible_to(observer))


class MoIsmctsBot(SearchBot):
    name = "moismcts"
    default_seconds = DEFAULT_SECONDS
    clock_every = CLOCK_EVERY

    def __init__(
        self, seed: int = 0, *, early_stop: bool = True, root_ordering: bool = True, **options: Unpack[SearchOptions]
    ) -> None:
        super().__init__(seed, **options)
        self.early_stop = early_stop
        self.root_ordering = root_ordering

    def pick(self, state: State, seat: int, actions: list[Action]) -> Action:
        return self.analyse(state, seat).best

    def analyse(self, state: State, seat: int) -> Analysis:
        """Search the position for ``seat`` (which must be acting) and return the root's statistics."""
        actions = self.moves(state, seat)
        root = self.search(state, seat)[seat]
        moves = []
        for action in actions:
            child = root.children.get((seat, action))
            if child is None or not child.visits:
                moves.append(MoveValue(action, 0, 0.0, 0.0))
            else:
                moves.append(MoveValue(action, child.visits, child.mean(), child.share / child.visits))
        return Analysis(seat, tree.most_visited(root, seat, actions), tuple(moves), self.last_iterations)

    def search(self, state: State, seat: int) -> list[Node]:
        """Grow one tree per seat for ``seat``'s decision within the budget; returns the roots."""
        game = evaluation.game_name(state)
        evaluate = evaluation.get(game)
        tuned = evaluation.tuning(game, state.num_players)
        c = self.exploration if self.exploration is not None else tuned.exploration
        roots = [Node(-1) for _ in range(state.num_players)]

        def iterate() -> None:
            self._iterate(state.determinize(seat, self.rng.fork()), seat, roots, evaluate, tuned, c)

        def decided(done: int, spent: float, left: float) -> bool:
            return self.early_stop and self._decided(roots[seat], done, spent, left)

        self.run(iterate, decided)
        return roots

    @staticmethod
    def _decided(root: Node, done: int, spent: float, left: float) -> bool:
        """Whether no other move can catch up with the most visited one in the time left."""
        if spent <= 0 or len(root.children) < 2:
            return False
        visits = sorted((child.visits for child in root.children.values()), reverse=True)
        still = done / spent * left
        return visits[0] - visits[1] > still

    def _order(self, node: Node, world: State, mover: int, actions: list[Action],
               evaluate: evaluation.Evaluation) -> dict[Action, int]:
        """Rank a wide node's moves by a one-move look-ahead (best first), once per node."""
        if node.order is None:
            scored = []
            for i, action in enumerate(actions):
                after = world.clone()
                after.apply(mover, action)
                scored.append((-evaluate(after, mover)[mover], i, action))
            scored.sort(key=lambda t: (t[0], t[1]))
            node.order = {action: rank for rank, (_, _, action) in enumerate(scored)}
        return node.order

    def _iterate(self, world: State, seat: int, roots: list[Node], evaluate: evaluation.Evaluation,
                 tuned: evaluation.Tuning, c: float) -> None:
        rng = self.rng
        n = len(roots)
        for root in roots:  # a root is on no path: count its visits here, so that its widening opens up
            root.visits += 1
        nodes = list(roots)
        paths: list[list[Node]] = [[] for _ in range(n)]
        at_root = True
        while not world.is_over():
            mover = seat if at_root else min(world.acting())
            actions = world.legal_actions(mover)
            if not actions:  # a stuck position (an engine dead end): score it as it stands
                break
            if len(actions) == 1 and not at_root:
                world.apply(mover, actions[0])
                continue
            at_root = False
            node = nodes[mover]
            children = node.children
            wide = len(actions) >= tuned.widen_from
            ordered = wide or (self.root_ordering and node is roots[seat])
            if ordered:
                order = self._order(node, world, mover, actions, evaluate)
                ranked = sorted(actions, key=lambda a: order.get(a, len(order)))
                actions = ranked[:tuned.width(len(actions), node.visits)] if wide else ranked
            fresh = tree.untried(children, mover, actions)
            if fresh:
                # at an ordered node the best-ordered untried move, elsewhere a random one
                action, child = tree.expand(children, mover, fresh[:1] if ordered else fresh, rng)
                self._descend(world, mover, action, nodes, paths, child)
                break
            action, child = tree.select(children, mover, actions, c)
            self._descend(world, mover, action, nodes, paths, child)
        tree.rollout(world, rng, tuned.rollout_depth)
        values = evaluate(world, seat)
        if paths[seat]:
            total = sum(values)
            paths[seat][0].share += values[seat] / total if total > 0 else 1.0 / n
        for path in paths:
            tree.backup(path, values)

    @staticmethod
    def _descend(world: State, mover: int, action: Action, nodes: list[Node], paths: list[list[Node]],
                 child: Node) -> None:
        """Play ``action`` and move every seat's tree to its observation of it."""
        events = world.apply(mover, action)
        nodes[mover] = child
        paths[mover].append(child)
        for observer in range(len(nodes)):
            if observer == mover:
                continue
            key = (-1 - mover, _observation(events, observer))  # never equal to a move's own key
            follow = nodes[observer].children.get(key)
            if follow is None:
                follow = nodes[observer].children[key] = Node(mover)
            nodes[observer] = follow
            paths[observer].append(follow)
