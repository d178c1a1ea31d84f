"""Help for people from the bots' search: a hint for the move to play, and a finished game's analysis.

Both are computed through the engine contract from **one seat's own view**:

* ``hint(state, seat, seed)``: the position is first determinized for ``seat`` with the seed
  (``state.determinize(seat, Rng(seed))``; the games sort every hidden pile before they shuffle it, so
  that copy depends only on what the seat knows and on the seed), then the strongest search
  (``MoIsmctsBot``, a fixed number of iterations, seeded) runs on that copy. The same view with a
  different hidden deal therefore gets the same hint for the same seed. The answer gives every legal
  move's estimated win chance (its mean search value) and the preferred move.
* ``game_curve(record)``: every position of a finished game, and for every seat its estimated win chance
  there, read from that seat's own view: the mean over a few determinizations (for that seat) of the
  game's evaluation (``longhouse.bots.evaluation``), normalised over the seats so the chances add up
  to one; a finished game gives its result. Each move's *loss* is how much it lowered its mover's
  chance; the moves that lost the most are listed.

Both return JSON-ready dicts; the hall runs them in its worker processes (``longhouse.bots.thinking``).
"""

from __future__ import annotations

import itertools
from typing import Any

from longhouse import games
from longhouse.bots import evaluation
from longhouse.bots.moismcts import MoIsmctsBot
from longhouse.engine.records import Record, steps
from longhouse.engine.rng import Rng
from longhouse.engine.state import Game, State
from longhouse.i18n import joined

#: Search iterations behind one hint (deterministic; about a second on a loaded core).
HINT_ITERATIONS = 600
#: Determinizations averaged per seat and position in a game's analysis.
CURVE_SAMPLES = 3
#: How many of the costliest moves the analysis names.
WORST_MOVES = 5
#: A move that lowered its mover's chance by less than this is not named among the worst.
MIN_LOSS = 0.02


def chances(values: list[float]) -> list[float]:
    """Per-seat evaluation values as win chances that add up to one."""
    total = sum(values)
    if total <= 0:
        return [1.0 / len(values)] * len(values)
    return [v / total for v in values]


def hint(state: State, seat: int, seed: int, iterations: int = HINT_ITERATIONS) -> dict[str, Any]:
    """The preferred move for ``seat`` and every legal move's estimated win chance (see the module)."""
    game = type(state).game
    world = state.determinize(seat, Rng(seed))
    result = MoIsmctsBot(seed=seed, iterations=iterations).analyse(world, seat)
    best = next(i for i, m in enumerate(result.moves) if m.action == result.best)
    return {
        "seat": seat,
        "best": best,
        "iterations": result.iterations,
        "moves": [{"action": game.action_to_json(m.action), "text": state.describe_action(m.action),
                   "win": round(m.share, 3), "visits": m.visits} for m in result.moves],
    }


def seat_chance(state: State, seat: int, rng: Rng, samples: int = CURVE_SAMPLES) -> float:
    """``seat``'s estimated win chance, from its own view only."""
    if state.is_over():
        return evaluation.outcome(state)[seat]
    evaluate = evaluation.for_state(state)
    total = 0.0
    for _ in range(samples):
        world = state.determinize(seat, rng.fork())
        total += chances(evaluate(world, seat))[seat]
    return total / samples


def game_curve(record_json: dict[str, Any], seed: int = 0, game: Game | None = None) -> dict[str, Any]:
    """A finished game's win chances move by move, and its costliest moves (see the module). ``game``:
    the record's game, when the registry of the process running this may not know it."""
    record = Record.from_json(record_json)
    rng = Rng(seed)
    points: list[dict[str, Any]] = []
    n = len(record.players)
    for index, (state, events) in enumerate(steps(record, game or games.for_record(record))):
        entry = record.actions[index - 1] if index else None
        points.append({
            "step": index,
            "seat": entry.get("seat") if entry else None,
            "text": joined(" · ", (e.text for e in events if e.visible_to(None))),
            "chances": [round(seat_chance(state, s, rng.fork()), 4) for s in range(n)],
        })
    for before, after in itertools.pairwise(points):
        mover = after["seat"]
        after["loss"] = (round(before["chances"][mover] - after["chances"][mover], 4)
                         if isinstance(mover, int) else 0.0)
    points[0]["loss"] = 0.0
    ranked = sorted((p for p in points if p["loss"] >= MIN_LOSS), key=lambda p: -p["loss"])
    return {"players": list(record.players), "points": points,
            "worst": [p["step"] for p in ranked[:WORST_MOVES]]}
