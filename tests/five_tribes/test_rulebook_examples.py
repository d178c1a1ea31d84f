"""The rulebook's worked examples, one test each, named after the example."""

from __future__ import annotations

from longhouse.games.five_tribes.data import BLUE, GREEN, WHITE
from longhouse.games.five_tribes.state import FREE, KILL

from .helpers import T, begin_turn, give_cards, layout, make, meeples_on, play, texts


def test_builders_payout_example_4_blue_tiles_times_3_builders_plus_2_fakirs_is_20_gold() -> None:
    # e2 is a Small Market (red) with 4 blue-valued tiles in the block around it. It holds 2 Builders;
    # the last meeple dropped there is a Builder, so 3 Builders are collected; 2 Fakirs are discarded.
    st = make(3, meeples={"d2": "B", "e2": "BB"})
    assert st.tiles[T("e2")] == "SM" and st.blue_block(T("e2")) == 4
    begin_turn(st, 0)
    give_cards(st, 0, "fk fk")
    gold = st.gold[0]
    play(st, "pick d2", "drop eB")
    assert st.phase != FREE and "fakirs 2" in texts(st)
    play(st, "fakirs 2")
    assert st.gold[0] - gold == 4 * (3 + 2) == 20
    assert st.hands[0][9] == 0 and st.res_discard.count(9) == 2
    assert st.bag[BLUE] == 18  # all 3 Builders went back to the bag (the others were never placed)


def test_builders_payout_example_25_gold_when_the_final_tile_is_blue() -> None:
    # d3 is a Village (blue) with 4 blue tiles around it: 5 blue tiles in its block.
    st = make(3, meeples={"c3": "B", "d3": "BB"})
    assert st.tiles[T("d3")] == "V" and st.blue_block(T("d3")) == 5
    begin_turn(st, 0)
    give_cards(st, 0, "fk fk")
    gold = st.gold[0]
    play(st, "pick c3", "drop eB", "fakirs 2")
    assert st.gold[0] - gold == 5 * (3 + 2) == 25


def test_five_meeple_loop_through_the_small_market() -> None:
    # a1 Small Market (start), b1 Oasis with 1 Merchant, b2 Large Market, a2 Sacred Place.
    tiles = layout(a1="SM", b1="O", b2="LM", a2="S6")
    st = make(3, tiles=tiles, meeples={"a1": "GBRYG", "b1": "G", "b2": "W", "a2": "W"})
    begin_turn(st, 0)
    play(st, "pick a1", "drop eG")
    # The next meeple cannot go straight back onto the Small Market: that is backtracking.
    assert not any(t.startswith("drop w") for t in texts(st))
    play(st, "drop sB", "drop wR", "drop nY")
    assert "drop eG" in texts(st)
    play(st, "drop eG")
    assert st.viziers[0] == 0 and st.tribe_count == 3 and st.last_colour == GREEN
    assert meeples_on(st, "a1") == "Y" and meeples_on(st, "b2") == "WB" and meeples_on(st, "a2") == "WR"
    assert meeples_on(st, "b1") == ""  # 3 Merchants collected: the Oasis is emptied and taken
    assert st.owner[T("b1")] == 0


def test_tile_control_example_two_whites_then_taking_the_tile() -> None:
    st = make(3, meeples={"a3": "W", "b3": "WW", "c3": "WWWB"})
    begin_turn(st, 0)
    play(st, "pick a3", "drop eW")
    assert st.elders[0] == 3 and st.owner[T("b3")] == 0 and meeples_on(st, "b3") == ""
    assert st.camels[0] == 7


def test_tile_control_example_three_whites_and_a_blue_not_taking_it() -> None:
    st = make(3, meeples={"b3": "W", "c3": "WWWB"})
    begin_turn(st, 0)
    play(st, "pick b3", "drop eW")
    assert st.elders[0] == 4 and st.owner[T("c3")] == -1 and meeples_on(st, "c3") == "B"
    assert st.camels[0] == 8


def test_two_tiles_in_one_turn_with_assassins_but_too_few_camels() -> None:
    # The move ends on b3, emptying it of its Assassins (control, the last camel); the Assassins then kill
    # the only meeple of d3, emptying it too, but there is no camel left for it.
    st = make(3, meeples={"a3": "R", "b3": "R", "d3": "W", "f5": "Y"})
    begin_turn(st, 0)
    for name in ("a1", "b1", "c1", "d1", "e1", "f1", "a2"):  # seat 0 has one camel left
        st.owner[T(name)] = 0
    st.camels[0] = 1
    st.refresh()
    bag_whites = st.bag[WHITE]
    play(st, "pick a3", "drop eR")
    assert st.owner[T("b3")] == 0 and st.camels[0] == 0 and st.last_camel
    assert st.phase == KILL and "kill d3 W" in texts(st)  # d3 is at distance 2 = 2 Assassins
    assert "kill f5 Y" not in texts(st)
    play(st, "kill d3 W")
    assert meeples_on(st, "d3") == "" and st.owner[T("d3")] == -1
    assert st.bag[WHITE] == bag_whites + 1


def test_two_tiles_in_one_turn_with_assassins_and_enough_camels() -> None:
    st = make(3, meeples={"a3": "R", "b3": "R", "d3": "W"})
    begin_turn(st, 0)
    play(st, "pick a3", "drop eR", "kill d3 W")
    assert st.owner[T("b3")] == 0 and st.owner[T("d3")] == 0 and st.camels[0] == 6
    # Only the final tile's action is performed (b3 is a Small Market: offered; d3 a Village: not done).
    assert st.palaces[T("d3")] == 0


def test_bidding_example_oliver_sam_anna_peter() -> None:
    # Oliver (0) bids 3, Sam (1) bids 1, Anna (2) bids 0, Peter (3) bids 0: Oliver, Sam, Peter, Anna play.
    st = make(4, bid_order=[0, 1, 2, 3])
    assert "bid 3" in texts(st)
    play(st, "bid 3")
    assert "bid 3" not in texts(st)  # Sam cannot take Oliver's spot
    play(st, "bid 1", "bid 0", "bid 0")
    assert st.gold == [47, 49, 50, 50]
    order = [st.seat]
    while len(order) < 4:
        _finish_turn(st)
        order.append(st.seat)
    assert order == [0, 1, 3, 2]
    # The next round's bid order is this round's play order.
    _finish_turn(st)
    assert [st.marker_seat[m] for m in st.bid_track] == [0, 1, 3, 2]


def _finish_turn(st: object) -> None:
    """Play the turn out with the first legal action each time until the next turn (or round) starts."""
    from longhouse.games.five_tribes.state import FTState

    assert isinstance(st, FTState)
    seat, marker = st.seat, st.marker
    while st.seat == seat and st.marker == marker and not st.is_over() and st.phase != 0:
        acts = st.legal_actions(st.acting()[0])
        ends = [a for a in acts if type(a).__name__ == "EndTurn"]
        st.apply(st.acting()[0], ends[0] if ends else acts[0])


def test_last_meeple_same_colour_example_drop_the_vizier_then_the_elder() -> None:
    # The player takes the 2 meeples of the left tile and drops the Vizier on the next tile and the Elder
    # on the one after, which already holds an Elder. The other order would end a Vizier on a tile with
    # no Vizier, so it is not offered.
    st = make(3, meeples={"a1": "YW", "b1": "G", "c1": "W"})
    begin_turn(st, 0)
    play(st, "pick a1")
    assert texts(st) == ["drop eY"]
    play(st, "drop eY", "drop eW")
    assert st.elders[0] == 2 and st.owner[T("c1")] == 0 and meeples_on(st, "b1") == "YG"


def test_no_diagonal_example_the_merchant_cannot_reach_the_oasis() -> None:
    # A lone Merchant diagonally next to an Oasis holding Merchants: no orthogonal path of one step
    # reaches it, so that Merchant cannot be moved at all.
    tiles = layout(b2="O")
    st = make(3, tiles=tiles, meeples={"a1": "G", "b2": "G", "f5": "W"})
    begin_turn(st, 0)
    assert texts(st) == ["end"]  # neither Merchant can reach the other


def test_selling_example_30_gold_for_a_suit_of_6_and_7_for_the_3_duplicates_fakirs_unsold() -> None:
    st = make(3, meeples={"a1": "W", "b1": "W"}, resources=["fi"] * 6 + ["wh"] * 3)
    begin_turn(st, 0)
    give_cards(st, 0, "iv je go pa si sp pa si sp fk fk")
    play(st, "pick b1", "drop wW")
    gold = st.gold[0]
    play(st, "suit iv", "suit je", "suit go", "suit pa", "suit si", "suit sp", "sell")
    assert st.gold[0] == gold + 30
    assert "suit fk" not in texts(st)  # the Fakirs can't be sold
    play(st, "suit pa", "suit si", "suit sp", "sell")
    assert st.gold[0] == gold + 30 + 7
    assert sum(st.hands[0][:9]) == 0 and st.hands[0][9] == 2


def test_end_example_an_imprudent_bidder_pays_and_then_has_no_move_left() -> None:
    # Only one legal move is on the board. The first player to play takes it; the one who bid 3 to play
    # second has none left, paid for nothing, and the game ends with the round.
    st = make(3, meeples={"a1": "W", "b1": "W", "d3": "Y"}, bid_order=[0, 1, 2])
    play(st, "bid 5", "bid 3", "bid 0")
    assert st.seat == 0
    play(st, "pick a1", "drop eW", "skip", "end")  # b1 is a Sacred Place: no Djinn taken
    assert st.seat == 1 and texts(st) == ["end"] and st.gold[1] == 47
    play(st, "end", "end")
    assert st.is_over() and st.no_move
