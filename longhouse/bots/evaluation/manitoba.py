"""Manitoba evaluation: the running score plus the goods in storage, valued toward the score tiles.

Read only from ``view(seat)`` (everything in it is public but the undrawn cards and tiles). For every
seat:

* each score tile of the current season still to come is worth what the seat's storage would score on
  it now (single good, the better of a pair, or the good it has most of), on the game's storage scale;
* the storage also counts toward the unknown later tiles and the final scoring (where every sector
  scores, an empty one −2, after the top piece is sacrificed), at a weight that grows toward the end;
* wampum tiles count their end value (active 2, inactive 1), and every step up a vision path a little.

The projected totals become per-seat values with ``margin_values``.
"""

from __future__ import annotations

from typing import Any

from longhouse.bots.evaluation import by_projection, leaf_scored

#: Points for a storage sector holding 0..7 pieces (docs/rules/manitoba-data.md, the storage scale).
STORAGE_POINTS = (-2, 1, 2, 4, 8, 12, 16, 20)
SECTORS = ("bison", "berry", "horse", "canoe")
SCORE_CARDS = {"score_3": 0, "score_5": 1}
SCALE = 10.0
PATH_STEP = 0.6
WAMPUM_ACTIVE, WAMPUM_INACTIVE = 2.0, 1.0
#: How much a piece in storage counts toward later (unknown) tiles, early and late in the game.
LATER_EARLY, LATER_LATE = 0.25, 0.6


def sector_points(count: int) -> float:
    return float(STORAGE_POINTS[min(count, len(STORAGE_POINTS) - 1)])


def tile_points(tile: dict[str, Any], counts: dict[str, int]) -> float:
    """What a storage with ``counts`` pieces per sector scores on ``tile`` now."""
    if tile["kind"] == "most" or not tile["goods"]:
        return sector_points(max(counts.values()))
    return max(sector_points(counts[g]) for g in tile["goods"] if g in counts)


def pending_tiles(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The current season's score tiles whose score card the round marker has not yet passed."""
    tiles = view["score_tiles"]
    index = view["card_index"]
    pending = []
    for position, card in enumerate(view["cards"]):
        which = SCORE_CARDS.get(card.get("card", ""))
        if which is not None and position >= index and which < len(tiles):
            pending.append(tiles[which])
    return pending


def projected_points(view: dict[str, Any]) -> list[float]:
    progress = view["round"] / max(1, view["rounds"])
    later = LATER_EARLY + (LATER_LATE - LATER_EARLY) * progress
    tiles = pending_tiles(view) if view["season"] != "winter" else []
    projected = []
    for village in view["villages"]:
        counts = {g: len(village["storage"][g]) for g in SECTORS}
        points = float(village["score"])
        points += sum(tile_points(t, counts) for t in tiles)
        points += later * sum(sector_points(max(0, c - 1)) for c in counts.values())
        points += WAMPUM_ACTIVE * village["wampum_active"] + WAMPUM_INACTIVE * village["wampum_inactive"]
        points += PATH_STEP * sum(village["paths"].values())
        projected.append(points)
    return projected


evaluate = by_projection(lambda state, seat: projected_points(state.view(seat)), SCALE)
#: Search tuning per seat count (see ``Tuning``).
TUNING = leaf_scored()
