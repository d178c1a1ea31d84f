"""Final scoring: the score sheet's categories, and the best split of Merchandise into suits."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from longhouse.games.five_tribes import data
from longhouse.games.five_tribes.data import (
    AL_AMIN,
    DJINNS,
    FAKIR,
    HAURVATAT,
    JAFAAR,
    MONKIR,
    SHAMHAT,
    SUIT_VALUES,
)
from longhouse.games.five_tribes.rulings import MONKIR_VP
from longhouse.games.five_tribes.state import FTState

#: The score sheet's rows, in its order.
CATEGORIES = ("gold", "viziers", "vizier_majority", "elders", "djinns", "palm_trees", "palaces", "tiles",
              "merchandise")


def layered_suits(counts: Sequence[int]) -> list[int]:
    """The sizes of the layered split: suit 1 holds one card of every type held, suit 2 one of every type
    held twice, and so on. Because a suit's value grows faster than its size, this split is the best."""
    sizes: list[int] = []
    level = 1
    while True:
        n = sum(1 for c in counts if c >= level)
        if n == 0:
            return sizes
        sizes.append(n)
        level += 1


def suits_value(counts: Sequence[int]) -> int:
    return sum(SUIT_VALUES[n] for n in layered_suits(counts))


@lru_cache(maxsize=4096)
def _best_with_wilds(counts: tuple[int, ...], wilds: int) -> int:
    if wilds == 0:
        return suits_value(counts)
    best = 0
    for i in range(len(counts)):
        c = list(counts)
        c[i] += 1
        best = max(best, _best_with_wilds(tuple(sorted(c, reverse=True)), wilds - 1))
    return best


def merchandise_value(hand: Sequence[int], al_amin: bool) -> int:
    """The best value of a hand's Merchandise as suits; with Al-Amin every 2 Fakirs are one wild card."""
    counts = tuple(sorted(hand[:FAKIR], reverse=True))
    wilds = hand[FAKIR] // 2 if al_amin else 0
    return _best_with_wilds(counts, wilds)


def djinn_vp(d: int) -> int:
    return MONKIR_VP if d == MONKIR else DJINNS[d].vp


def scores(state: FTState) -> list[int]:
    """Each seat's total, as the score sheet adds it up."""
    return [row["total"] for row in breakdown(state)]


#: The categories anyone at the table can count during the game (gold and cards are hidden).
PUBLIC_CATEGORIES = tuple(c for c in CATEGORIES if c not in ("gold", "merchandise"))


def public_breakdown(state: FTState) -> list[dict[str, int]]:
    """Per seat, the score sheet's public categories (the Vizier majority as it stands), in one pass over
    the tiles: the views show these on every move."""
    n = state.num_players
    palms = [0] * n
    palaces = [0] * n
    tiles = [0] * n
    owner, tile_codes = state.owner, state.tiles
    for t in range(data.NUM_TILES):
        o = owner[t]
        if o >= 0:
            palms[o] += state.palms[t]
            palaces[o] += state.palaces[t]
            tiles[o] += data.TILE_TYPES[tile_codes[t]].vp
    viziers = state.viziers
    out = []
    for seat in range(n):
        own = state.djinns[seat]
        viz = viziers[seat]
        out.append({
            "viziers": viz * (data.VP_PER_VIZIER_JAFAAR if JAFAAR in own else data.VP_PER_VIZIER),
            "vizier_majority": sum(1 for o in range(n) if o != seat and viziers[o] < viz) * data.VIZIER_MAJORITY_BONUS,
            "elders": state.elders[seat] * (data.VP_PER_ELDER_SHAMHAT if SHAMHAT in own else data.VP_PER_ELDER),
            "djinns": sum(djinn_vp(d) for d in own),
            "palm_trees": palms[seat] * (data.VP_PER_PALM_HAURVATAT if HAURVATAT in own else data.VP_PER_PALM),
            "palaces": palaces[seat] * data.VP_PER_PALACE,
            "tiles": tiles[seat],
        })
    return out


def breakdown(state: FTState) -> list[dict[str, int]]:
    out = []
    for seat, public in enumerate(public_breakdown(state)):
        row = {
            "gold": state.gold[seat],
            **public,
            "merchandise": merchandise_value(state.hands[seat], AL_AMIN in state.djinns[seat]),
        }
        row = {c: row[c] for c in CATEGORIES}
        row["total"] = sum(row.values())
        out.append(row)
    return out
