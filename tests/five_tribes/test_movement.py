"""Meeple moves: the search offers exactly the complete legal moves, and never a dead end."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st_

from longhouse.games.five_tribes import board as B
from longhouse.games.five_tribes import movement
from longhouse.games.five_tribes.data import COLOURS, NUM_TILES
from longhouse.games.five_tribes.movement import complete_moves
from longhouse.games.five_tribes.state import FTState

from .helpers import begin_turn, make, play, texts


def brute_force_moves(st: FTState) -> set[tuple[int, tuple[tuple[int, int], ...]]]:
    """Every complete move by plain enumeration of walks and colour orders, checking only the rules."""
    out: set[tuple[int, tuple[tuple[int, int], ...]]] = set()
    board = [row[:] for row in st.board]

    def walk(start: int, pos: int, prev: int, hand: list[int], path: list[tuple[int, int]]) -> None:
        left = sum(hand)
        for d in range(4):
            b = B.STEP[pos][d]
            if b < 0 or b == prev:
                continue
            for c in range(COLOURS):
                if not hand[c]:
                    continue
                if left == 1:
                    if board[b][c] >= 1:  # Last Meeple Same Colour
                        out.add((start, (*path, (d, c))))
                    continue
                hand[c] -= 1
                board[b][c] += 1
                path.append((d, c))
                walk(start, b, pos, hand, path)
                path.pop()
                board[b][c] -= 1
                hand[c] += 1

    for t in range(NUM_TILES):
        if not any(board[t]):
            continue
        hand = board[t][:]
        board[t] = [0] * COLOURS
        walk(t, t, -1, hand, [])
        board[t] = hand
    return out


def test_a_fresh_board_offers_exactly_the_brute_force_moves() -> None:
    from longhouse.games.five_tribes import GAME

    for seed in range(3):
        st = GAME.new_state(4, seed)
        mine = complete_moves(st)
        assert len(mine) == len(set(mine))
        assert set(mine) == brute_force_moves(st)


meeple_words = st_.text(alphabet="YWGBR", max_size=3) | st_.text(alphabet="YWGBR", min_size=4, max_size=6)


@settings(max_examples=30, deadline=None)
@given(st_.lists(st_.sampled_from(["", "", "", "Y", "W", "GG", "YB", "RWG", "WWBR", "GBRYG", "YYWWB"]),
                 min_size=NUM_TILES, max_size=NUM_TILES))
def test_sparse_boards_offer_exactly_the_brute_force_moves_and_no_dead_end(words: list[str]) -> None:
    # Sparse boards make long moves through empty tiles and loops back onto a tile the only way to end.
    totals = [sum(w.count(ch) for w in words) for ch in "YWGBR"]
    if any(t > limit for t, limit in zip(totals, (16, 20, 18, 18, 18), strict=True)):
        return
    from longhouse.games.five_tribes import GAME

    from .helpers import LAYOUT

    st = GAME.new_state(3, 0, {"tiles": LAYOUT, "meeples": words})
    mine = complete_moves(st)  # raises on a dead end
    assert set(mine) == brute_force_moves(st)
    picks = {t for t, _ in mine}
    assert set(movement.legal_picks(st)) == picks


def test_a_loop_back_onto_a_tile_needs_the_colour_dropped_there_earlier() -> None:
    # Only a1 and f5 hold meeples, so no tile near a1 holds a colour of GGYYY. The 5 meeples can still
    # end on b1 by dropping a Green there first and coming back round the square a1-b1-b2-a2.
    st = make(3, meeples={"a1": "GGYYY", "f5": "W"})
    begin_turn(st, 0)
    assert "pick a1" in texts(st)
    play(st, "pick a1")
    first = texts(st)
    assert "drop eG" in first and "drop sG" in first
    play(st, "drop eG")
    assert movement.legal_drops(st)  # a completion exists
    # Dropping Yellows round the square and the last Green back on b1 is a legal completion.
    play(st, "drop sY", "drop wY", "drop nY", "drop eG")
    assert st.tribe_count == 2 and st.last_colour == 2 and st.owner[1] == 0


def test_no_diagonal_moves_so_no_legal_move_means_only_djinns_selling_and_ending() -> None:
    # a1 W, b1 Y, a2 Y, b2 W: every meeple's only same-coloured partner is diagonal from it, so no tile
    # can be picked up. The player may only end the turn, and the game will end with the round.
    st = make(3, meeples={"a1": "W", "b2": "W", "b1": "Y", "a2": "Y"})
    begin_turn(st, 0)
    assert texts(st) == ["end"]
    play(st, "end")
    assert st.no_move


def test_a_move_never_ends_on_an_empty_tile_but_may_pass_through_one() -> None:
    st = make(3, meeples={"a1": "YW", "c1": "W"})
    begin_turn(st, 0)
    play(st, "pick a1")
    assert texts(st) == ["drop eY"]  # b1 is empty: the Yellow passes, the White ends on c1
    play(st, "drop eY")
    assert texts(st) == ["drop eW"]


def test_the_enumeration_benchmark_counts_every_complete_move_of_a_fresh_4_player_board() -> None:
    """What ``bench/five_tribes_moves.py`` times: every complete move of a fresh 4-player board, once each."""
    from longhouse.games.five_tribes import GAME

    moves = complete_moves(GAME.new_state(4, 1))
    assert len(moves) == len(set(moves)) == len(brute_force_moves(GAME.new_state(4, 1)))
