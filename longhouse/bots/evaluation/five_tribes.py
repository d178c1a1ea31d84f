"""Five Tribes evaluation: the score sheet so far, plus the value of the move in progress.

``scores()`` of a Five Tribes position is its score sheet as if the game ended now (gold, Viziers,
Elders, Djinns, palms, palaces, tiles, merchandise), so it already counts what has been won. The bots
call the evaluation on determinized copies, whose only re-dealt parts are the decks and the bag (gold
held by others follows from the public record and is kept — the game's own ruling). During a meeple
move the score has not changed yet, so the seat on the move also gets the best **tribe and tile
action** its last meeple could still reach: for each tile within reach and each colour in hand that
is already on that tile, the number of meeples it would collect times a value per tribe (Viziers,
Elders, Merchants, Builders, Assassins), plus the tile's points when that colour is the only one there
and the tile is free (it would be emptied and taken). Per-seat values come from ``margin_values``.
"""

from __future__ import annotations

from typing import Any

from longhouse.bots.evaluation import by_projection, leaf_scored
from longhouse.engine.state import State

ROWS, COLS = 5, 6
TILE_POINTS = {"V": 5, "S6": 6, "S10": 10, "S12": 12, "S15": 15, "O": 8, "SM": 6, "LM": 4}
#: Rough points per meeple collected, by colour: Vizier, Elder, Merchant, Builder, Assassin.
MEEPLE_POINTS = (1.5, 2.0, 1.6, 1.4, 2.5)
#: A final drop still several steps away is less certain.
FAR_DISCOUNT = 0.6
SCALE = 15.0


def _reach(start: int, steps: int, previous: int) -> set[int]:
    """Tiles a path of ``steps`` more orthogonal moves from ``start`` may end on (the first step may not
    go straight back to ``previous``)."""
    frontier = {(start, previous)}
    for _ in range(steps):
        nxt = set()
        for tile, back in frontier:
            r, c = divmod(tile, COLS)
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if 0 <= rr < ROWS and 0 <= cc < COLS:
                    t = rr * COLS + cc
                    if t != back:
                        nxt.add((t, tile))
        frontier = nxt
    return {tile for tile, _ in frontier}


def move_potential(view: dict[str, Any]) -> float:
    """The best tribe-and-tile action the move in progress could still end with (0 when none)."""
    move = view.get("move")
    if not move or not move["path"]:
        return 0.0
    path, hand, left = move["path"], move["hand"], move["left"]
    if left <= 0:
        return 0.0
    previous = path[-2] if len(path) > 1 else -1
    meeples, tiles, owner = view["meeples"], view["tiles"], view["owner"]
    best = 0.0
    for tile in _reach(path[-1], left, previous):
        on_tile = meeples[tile]
        for colour, held in enumerate(hand):
            if held and on_tile[colour]:
                value = (on_tile[colour] + 1) * MEEPLE_POINTS[colour]
                if owner[tile] < 0 and sum(on_tile) == on_tile[colour]:
                    value += TILE_POINTS.get(tiles[tile], 5)
                best = max(best, value)
    return best if left == 1 else FAR_DISCOUNT * best


def projected_points(state: State, view: dict[str, Any]) -> list[float]:
    projected = [float(s) for s in state.scores()]
    mover = view.get("turn_seat")
    if isinstance(mover, int) and 0 <= mover < len(projected):
        projected[mover] += move_potential(view)
    return projected


evaluate = by_projection(lambda state, seat: projected_points(state, state.view(seat)), SCALE)
#: Search tuning per seat count (see ``Tuning``): many moves, so the widest nodes are widened progressively.
TUNING = leaf_scored(widen_from=12)
