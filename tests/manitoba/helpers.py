"""Helpers for the Manitoba tests: controlled states and short ways to play text actions."""

from __future__ import annotations

from typing import Any

from longhouse.games.manitoba import GAME, ManitobaPlay, ManitobaState, flow
from longhouse.games.manitoba import data as D
from longhouse.games.manitoba import tasks as T

BASE_SETUP: dict[str, Any] = {"first_player": 0, "totem": "fixed"}
TILES = {2: [1, 2, 3], 3: [1, 2, 3, 4], 4: [1, 2, 3, 4, 5]}


def new(n: int = 4, seed: int = 1, **setup: Any) -> ManitobaPlay:
    full = {**BASE_SETUP, "territory": TILES[n], **setup}
    return GAME.new_state(n, seed, full)


def play(st: ManitobaState, *texts: str, seat: int | None = None) -> None:
    """Apply text actions, each for the seat that acts now (checked against ``seat`` if given)."""
    for text in texts:
        acting = st.acting()[0]
        if seat is not None:
            assert acting == seat, f"seat {acting} acts, not {seat} (before {text!r})"
        st.apply(acting, GAME.action_from_text(text))


def texts(st: ManitobaState) -> list[str]:
    seat = st.acting()[0]
    return [GAME.action_to_text(a) for a in st.legal_actions(seat)]


def finish_solstice(st: ManitobaState) -> None:
    """Play the winter solstice choosing the first legal action every time."""
    while st.round_no == 0:
        seat = st.acting()[0]
        st.apply(seat, st.legal_actions(seat)[0])


def blank(n: int = 4, **setup: Any) -> ManitobaPlay:
    """A state after set-up with an empty territory (no Cree, no goods), empty villages, all Cree on the
    village square, and no pending decision; supply holds everything. Tests then place what they need."""
    st = new(n, **setup)
    st.area_cree = [-1] * st.terr.size
    st.area_good = [-1] * st.terr.size
    st.supply = st.goods_total[:]
    for p in range(n):
        st.wigwam[p] = 0
        st.square[p] = D.CREE_PER_PLAYER - 1
        st.sectors[p] = [[] for _ in range(4)]
        st.cere[p] = [[], []]
        st.pos[p] = [0, 0, 0, 0]
        st.score[p] = 0
        st.bd[p] = [0] * 6
    st.firsts = [0] * 28
    st.tasks = []
    st.legal = []
    st.acting_seats = ()
    st.season = D.SPRING
    st.cards = [0, 1, D.CARD_SCORE3, 2, D.CARD_SCORE5]
    st.card_idx = 0
    st.undo_turn = None
    return st


def decide(st: ManitobaState, task: T.Task) -> None:
    """Put one task on the stack and run to the first decision."""
    st.tasks.append(task)
    flow.run(st)


def fill(st: ManitobaState, seat: int, sector: int, count: int, good: int | None = None) -> None:
    """Put ``count`` pieces (of ``good``, by default the sector's own) into a storage sector."""
    g = sector if good is None else good
    st.sectors[seat][sector].extend([g] * count)
    st.supply[g] -= count


def area(st: ManitobaState, land: int, index: int = 0) -> int:
    """The ``index``-th area of a landscape."""
    return st.terr.areas_of[land][index]


__all__ = ["GAME", "TILES", "T", "area", "blank", "decide", "fill", "finish_solstice", "new", "play", "texts"]
