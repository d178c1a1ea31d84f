"""Building Manitou positions for tests through the public contract."""

from __future__ import annotations

from collections.abc import Sequence

from longhouse.games.manitou import GAME, ManitouState
from longhouse.games.manitou.actions import OK, PICKS, PLAYS

LARGE_ORDER = [12, 9, 10, 10, 11, 13]
SMALL_ORDER = [5, 1, 2, 2, 3, 4, 4, 5, 6, 7]


def new(n: int, dealer: int = 0, large: Sequence[int] = LARGE_ORDER, small: Sequence[int] = SMALL_ORDER,
        seed: int = 1) -> ManitouState:
    """A game whose dealer, buffalo order and draw piles (in pick order) are fixed."""
    return GAME.new_state(n, seed, {"dealer": dealer, "buffalo": {"large": list(large), "small": list(small)},
                                    "pile_order": "as_selected"})


def select(state: ManitouState, parties: Sequence[Sequence[str]]) -> None:
    """Every seat picks its party in the order given (drawn in that order) and confirms."""
    for seat, party in enumerate(parties):
        for code in party:
            state.apply(seat, PICKS[code])
        state.apply(seat, OK)


def play(state: ManitouState, seat: int, code: str, ground: int) -> None:
    """Seat plays a card on ground (1-based, as players count them)."""
    state.apply(seat, PLAYS[code, ground - 1])


FILLER = ["1", "2", "3", "4", "5", "5", "6", "7"]


def party(*first: str, size: int = 8) -> list[str]:
    """A party of ``size`` whose first cards (the opening hand, then the draws) are ``first``."""
    rest = list(first)
    pool = ["1", "2", "3", "4", "5", "5", "6", "7", "8", "9", "10", "C", "C", "M", "M", "R", "R", "S", "S", "Q", "Q"]
    for code in rest:
        pool.remove(code)
    return rest + pool[: size - len(rest)]
