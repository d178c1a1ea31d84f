"""Benchmarks for Five Tribes beyond the generic playout: the full meeple-move enumeration."""

from __future__ import annotations

import time
from typing import Any

from longhouse.games.five_tribes import board as B
from longhouse.games.five_tribes import movement
from longhouse.games.five_tribes.data import COLOURS
from longhouse.games.five_tribes.game import GAME
from longhouse.games.five_tribes.state import DROP, FTState


def complete_moves(st: FTState) -> list[tuple[int, tuple[tuple[int, int], ...]]]:
    """Every complete meeple move from ``st`` (a pick-up and its drops), using the engine's own
    ``legal_picks`` and ``legal_drops``. ``st`` is left as it was."""
    out: list[tuple[int, tuple[tuple[int, int], ...]]] = []
    saved = (st.phase, st.mv_state, st.mv_left, st.mv_hand)
    for tile in movement.legal_picks(st):
        hand = st.board[tile][:]
        for c in range(COLOURS):
            if hand[c]:
                st.remove_meeples(tile, c, hand[c])
        st.phase = DROP
        st.mv_hand = hand
        st.mv_left = sum(hand)
        st.mv_state = B.walk_state(tile, -1)
        path: list[tuple[int, int]] = []
        _walk(st, tile, path, out)
        for c in range(COLOURS):
            if hand[c]:
                st.add_meeple(tile, c, hand[c])
    st.phase, st.mv_state, st.mv_left, st.mv_hand = saved
    st.touch()
    return out


def _walk(st: FTState, start: int, path: list[tuple[int, int]], out: list[Any]) -> None:
    drops = movement.legal_drops(st)
    if not drops:
        raise AssertionError(f"dead end after {path} from {B.tile_name(start)}")
    for a in drops:
        s = st.mv_state
        b = B.STEP[s // 5][a.direction]
        c = a.colour
        before = st.cmask[c]
        st.mv_hand[c] -= 1
        st.mv_left -= 1
        st.board[b][c] += 1
        st.cmask[c] |= 1 << b
        st.mv_state = B.walk_state(b, B.OPPOSITE[a.direction])
        path.append((a.direction, c))
        if st.mv_left == 0:
            out.append((start, tuple(path)))
        else:
            _walk(st, start, path, out)
        path.pop()
        st.mv_state = s
        st.board[b][c] -= 1
        st.cmask[c] = before
        st.mv_left += 1
        st.mv_hand[c] += 1


def enumerate_moves_benchmark(seed: int = 1) -> dict[str, float]:
    """Time the full enumeration of every complete meeple move from a fresh 4-player board."""
    st = GAME.new_state(4, seed)
    t0 = time.perf_counter()
    moves = complete_moves(st)
    seconds = time.perf_counter() - t0
    return {"moves": float(len(moves)), "seconds": seconds, "moves_per_second": len(moves) / seconds}
