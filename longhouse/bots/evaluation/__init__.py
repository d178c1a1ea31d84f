"""Per-game position evaluations for the bots.

An evaluation is a function ``evaluate(state, seat) -> list[float]``: for every seat, a value in
``[0, 1]`` that estimates how well that seat stands (roughly its chance of winning). ``seat`` is the
seat whose knowledge may be used: an evaluation reads the position only through the contract
(``view(seat)``, ``scores()``, ``is_over()``...), so it never sees more than that seat may know. The
bots call it on determinized copies, where whatever is hidden from ``seat`` has been re-dealt anyway.

``get(game_name)`` returns the game's own evaluation (``longhouse.bots.evaluation.<game>``) when
there is one, else ``generic``: normalised running scores.

Each game's module also carries its search **tuning** per seat count (``TUNING``: a ``Tuning`` for 2,
3, 4... players); ``tuning(game_name, players)`` gives it to the searching bots, which hold no
per-game tables of their own. A game without one gets ``Tuning()``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from importlib import import_module
from typing import Any

from longhouse.engine.state import State

Evaluation = Callable[[State, int], list[float]]

# game name -> module exposing ``evaluate``; imported on first use.
_MODULES: dict[str, str] = {
    "manitou": "longhouse.bots.evaluation.manitou",
    "manitoba": "longhouse.bots.evaluation.manitoba",
    "five_tribes": "longhouse.bots.evaluation.five_tribes",
}
_loaded: dict[str, Evaluation] = {}


@dataclass(frozen=True, slots=True)
class Tuning:
    """How the searching bots play one game at one seat count (measured with the arena).

    * ``exploration``: the UCB constant. Leaf values are evaluations in [0, 1] that differ by a few
      hundredths between moves, so it is small.
    * ``rollout_depth``: random actions played before the evaluation (``None``: to the end; 0: score
      the new leaf at once).
    * ``widen_from``: at a node with at least this many legal actions the moves are ordered by a
      one-move look-ahead and only the best ``widen_base + widen_factor·visits^widen_power`` of them
      are searched (progressive widening); fewer actions: all are searched.
    """

    exploration: float = 0.7
    rollout_depth: int | None = None
    widen_from: int = 1_000_000
    widen_base: int = 4
    widen_factor: float = 1.0
    widen_power: float = 0.5

    def width(self, actions: int, visits: int) -> int:
        """How many of a node's ``actions`` (best first) may be searched after ``visits`` visits."""
        if actions < self.widen_from:
            return actions
        return min(actions, self.widen_base + int(self.widen_factor * visits ** self.widen_power))


_tunings: dict[str, Mapping[int, Tuning]] = {}


def tuning(game_name: str, players: int) -> Tuning:
    """The search tuning for ``game_name`` at ``players`` seats (the nearest seat count it names)."""
    if game_name not in _tunings:
        table: Mapping[int, Tuning] = {}
        if game_name in _MODULES:
            table = getattr(import_module(_MODULES[game_name]), "TUNING", {})
        _tunings[game_name] = table
    table = _tunings[game_name]
    if not table:
        return Tuning()
    if players in table:
        return table[players]
    return table[min(table, key=lambda n: (abs(n - players), n))]


def register(game_name: str, module: str) -> None:
    """Use ``module.evaluate`` for ``game_name`` (for games defined outside this package)."""
    _MODULES[game_name] = module
    _loaded.pop(game_name, None)
    _tunings.pop(game_name, None)


def get(game_name: str) -> Evaluation:
    """The evaluation for ``game_name``: its own, or the generic one."""
    if game_name not in _loaded:
        if game_name in _MODULES:
            evaluation: Evaluation = import_module(_MODULES[game_name]).evaluate
        else:
            evaluation = generic
        _loaded[game_name] = evaluation
    return _loaded[game_name]


def game_name(state: State) -> str:
    """The name of the game ``state`` belongs to (its ``game`` class value, else its public view's)."""
    game = getattr(type(state), "game", None)
    if game is not None:
        return str(game.name)
    view = state.view(None)
    return str((view.get("header") or view)["game"])  # a game without the engine's header (the tests' toy)


def for_state(state: State) -> Evaluation:
    """The evaluation for the game ``state`` belongs to."""
    return get(game_name(state))


def margin_values(points: Sequence[float], scale: float) -> list[float]:
    """Per seat, a logistic of its lead over the best other seat: 0.5 when level, towards 1 when ahead.

    ``scale`` is the lead (in points) that is worth about 73%.
    """
    n = len(points)
    if n == 1:
        return [1.0]
    values = []
    for seat in range(n):
        best_other = max(points[s] for s in range(n) if s != seat)
        margin = (points[seat] - best_other) / scale
        values.append(1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, margin)))))
    return values


def outcome(state: State) -> list[float]:
    """The result of a finished game: 1 for a lone winner, ``1/k`` each for ``k`` tied winners."""
    winners = state.winners()
    if not winners:
        return [0.0] * state.num_players
    share = 1.0 / len(winners)
    return [share if seat in winners else 0.0 for seat in range(state.num_players)]


def final_values(state: State, scale: float, weight: float = 0.9) -> list[float]:
    """A finished game's result for search: mostly the win share, a little the score margin, so that
    a search still prefers winning big to winning small and losing small to losing big."""
    shares = outcome(state)
    margins = margin_values(state.scores(), scale)
    return [weight * w + (1.0 - weight) * m for w, m in zip(shares, margins, strict=True)]


def by_projection(project: Callable[[State, int], Sequence[float]], scale: float) -> Evaluation:
    """The evaluation of a game that projects each seat's final points from what ``seat`` knows
    (``project(state, seat)``): a finished game scores its result, a running one the projected margins."""

    def evaluate(state: State, seat: int) -> list[float]:
        if state.is_over():
            return final_values(state, scale)
        return margin_values(project(state, seat), scale)

    return evaluate


def leaf_scored(players: Sequence[int] = (2, 3, 4), **options: Any) -> dict[int, Tuning]:
    """The search tuning of a game whose random rollouts are so noisy that scoring the new leaf with its
    evaluation at once (depth 0) plays far better, with a small exploration constant; ``options`` add
    to it (progressive widening, say). The same at every seat count."""
    tuned = replace(Tuning(exploration=0.05, rollout_depth=0), **options)
    return dict.fromkeys(players, tuned)


def generic(state: State, seat: int) -> list[float]:
    """Normalised running scores: every game's fallback."""
    scores = state.scores()
    scale = max(5.0, sum(abs(s) for s in scores) / max(1, len(scores)) / 2)
    if state.is_over():
        return final_values(state, scale)
    return margin_values(scores, scale)


__all__ = [
    "Evaluation",
    "Tuning",
    "by_projection",
    "final_values",
    "for_state",
    "game_name",
    "generic",
    "get",
    "leaf_scored",
    "margin_values",
    "outcome",
    "register",
    "tuning",
]
