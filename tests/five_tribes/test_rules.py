"""The rules beyond the rulebook's examples: setup, bidding, tribes, tiles, market, selling, clean-up,
the end of the game, scoring, notation and taking back."""

from __future__ import annotations

import pytest

from longhouse.engine.errors import IllegalAction, SetupError
from longhouse.games.five_tribes import GAME
from longhouse.games.five_tribes import actions as A
from longhouse.games.five_tribes.data import (
    FAKIR,
    GREEN,
    MEEPLE_COUNTS,
    RESOURCE_CODES,
    SUIT_VALUES,
)
from longhouse.games.five_tribes.scoring import layered_suits, merchandise_value, suits_value
from longhouse.games.five_tribes.state import BID, FREE, OVER, PICK, SUIT, TILE

from .helpers import LAYOUT, T, begin_turn, give_cards, give_djinn, give_pool, make, meeples_on, play, texts


def rc(code: str) -> int:
    return RESOURCE_CODES.index(code)


# --- setup ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("n, camels, markers", [(2, 11, 4), (3, 8, 3), (4, 8, 4)])
def test_setup_counts(n: int, camels: int, markers: int) -> None:
    st = GAME.new_state(n, 42)
    assert all(sum(row) == 3 for row in st.board) and sum(st.bag) == 0
    assert [sum(row[c] for row in st.board) for c in range(5)] == list(MEEPLE_COUNTS)
    assert sorted(st.tiles) == sorted(LAYOUT)
    assert len(st.res_row) == 9 and len(st.res_deck) == 45 and len(st.djinn_row) == 3 and len(st.djinn_deck) == 19
    assert st.gold == [50] * n and st.camels == [camels] * n
    assert len(st.bid_track) == markers and st.phase == BID
    assert st.palm_supply == 12 and st.palace_supply == 10


def test_setup_keys_fix_everything_the_seed_would_shuffle() -> None:
    pool = "Y" * 16 + "W" * 20 + "G" * 18 + "B" * 18 + "R" * 18
    words = [pool[i:i + 3] for i in range(0, 90, 3)]
    deck = [RESOURCE_CODES[r] for r in range(10) for _ in range((2, 2, 2, 4, 4, 4, 6, 6, 6, 18)[r])]
    djinns = ["Sloar", "Enki", "Iblis"] + [d for d in (
        "Al-Amin", "Anun-Nak", "Ba'al", "Boaz", "Bouraq", "Echidna", "Hagis", "Haurvatat", "Jafaar",
        "Kandicha", "Kumarbi", "Lamia", "Leta", "Marid", "Monkir", "Nekir", "Shamhat", "Sibittis", "Utug")]
    setup = {"tiles": LAYOUT, "meeples": words, "resource_deck": deck, "djinn_deck": djinns,
             "bid_order": [1, 0, 1, 0]}
    a = GAME.new_state(2, 1, setup)
    b = GAME.new_state(2, 999, setup)
    assert a.tiles == b.tiles == LAYOUT and a.board == b.board and meeples_on(a, "f1") == "YWW"
    assert a.res_row == [rc("iv")] * 2 + [rc("je")] * 2 + [rc("go")] * 2 + [rc("pa")] * 3
    assert [a.marker_seat[m] for m in a.bid_track] == [1, 0, 1, 0]
    assert a.djinn_row == [20, 6, 9]
    assert a.djinn_deck == b.djinn_deck and a.res_deck == b.res_deck


@pytest.mark.parametrize("bad", [
    {"tiles": LAYOUT[:-1]},
    {"tiles": [*LAYOUT[:-1], "V"]},
    {"meeples": ["YYY"] * 30},
    {"meeples": ["X"] + [""] * 29},
    {"resource_deck": ["fi"] * 54},
    {"djinn_deck": ["Sloar"] * 22},
    {"bid_order": [0, 0, 1]},
    {"bid_order": [0, "1", 2]},
    {"bid_order": [0, 1, None]},
    {"bid_order": [0.0, 1, 2]},
    {"colour": "red"},
])
def test_an_inconsistent_setup_is_refused(bad: dict[str, object]) -> None:
    with pytest.raises(SetupError):
        GAME.new_state(3, 0, bad)


def test_same_seed_same_game() -> None:
    assert GAME.new_state(4, 7).to_json() == GAME.new_state(4, 7).to_json()
    assert GAME.new_state(4, 7).to_json() != GAME.new_state(4, 8).to_json()


# --- bidding -------------------------------------------------------------------------------------

def test_the_zero_queue_last_zero_bidder_plays_first_among_zeros_and_holds_three() -> None:
    st = make(4, bid_order=[0, 1, 2, 3])
    play(st, "bid 0", "bid 0", "bid 0")
    assert "bid 0" not in texts(st)  # three zero spots only
    play(st, "bid 1")
    order = [st.seat]
    for _ in range(3):
        play(st, *_quick_turn(st))
        order.append(st.seat)
    assert order == [3, 2, 1, 0]


def _quick_turn(st: object) -> list[str]:
    return ["end"] if "end" in texts(st) else []  # type: ignore[arg-type]


def test_a_spot_you_cannot_afford_is_not_offered() -> None:
    st = make(3, bid_order=[0, 1, 2])
    st.gold[0] = 6
    assert texts(st) == ["bid 5", "bid 3", "bid 1", "bid 0"]


def test_a_broke_bidder_with_the_zeros_taken_gets_the_cheapest_free_spot_for_nothing() -> None:
    st = make(4, bid_order=[0, 1, 2, 3])
    st.gold[3] = 0
    play(st, "bid 0", "bid 0", "bid 0")
    assert texts(st) == ["bid 1"]
    play(st, "bid 1")
    assert st.gold[3] == 0


def test_two_players_bid_with_two_markers_each_and_play_twice() -> None:
    st = make(2, bid_order=[0, 1, 0, 1])
    play(st, "bid 0", "bid 0", "bid 0", "bid 3")
    seats = [st.seat]
    for _ in range(3):
        play(st, *_quick_turn(st))
        seats.append(st.seat)
    assert seats == [1, 0, 1, 0]


# --- tribes and tiles ----------------------------------------------------------------------------

def test_merchants_take_cards_from_the_front_of_the_row_without_refill() -> None:
    st = make(3, meeples={"a1": "G", "b1": "GG"}, resources=["fi", "wh", "po", "sp"] + ["si"] * 4 + ["iv"])
    begin_turn(st, 0)
    play(st, "pick a1", "drop eG")
    assert st.hands[0][rc("fi")] == st.hands[0][rc("wh")] == st.hands[0][rc("po")] == 1
    assert len(st.res_row) == 6 and st.res_row[0] == rc("sp") and st.bag[GREEN] == MEEPLE_COUNTS[GREEN]


def test_sacred_place_takes_a_djinn_for_2_elders_or_an_elder_and_a_fakir() -> None:
    st = make(3, meeples={"a2": "W", "a3": "W"}, djinn_deck=["Sloar", "Enki", "Iblis"])
    begin_turn(st, 0)
    give_cards(st, 0, "fk")
    play(st, "pick a2", "drop sW")  # collects 2 Elders this turn: usable at once
    assert st.phase == TILE
    options = texts(st)
    assert "summon Sloar EE" in options and "summon Sloar EF" in options and "skip" in options
    play(st, "summon Iblis EF")
    assert st.elders[0] == 1 and st.hands[0][FAKIR] == 0 and st.djinn_row == [20, 6]


def test_small_market_3_gold_for_one_of_the_first_3_cards() -> None:
    st = make(3, meeples={"c4": "Y", "b4": "Y"}, resources=["fi", "wh", "fi", "iv"] + ["sp"] * 4 + ["po"])
    assert st.tiles[T("c4")] == "SM"
    begin_turn(st, 0)
    play(st, "pick b4", "drop eY")
    assert [t for t in texts(st) if t.startswith("buy")] == ["buy fi 3", "buy wh 3"]
    gold = st.gold[0]
    play(st, "buy wh 3")
    assert st.gold[0] == gold - 3 and st.hands[0][rc("wh")] == 1 and st.phase == FREE


def test_large_market_6_gold_for_two_of_the_first_6_and_one_if_only_one_is_left() -> None:
    st = make(3, meeples={"c5": "Y", "b5": "Y"}, resources=["fi", "wh", "po", "iv", "je", "go", "sp"] + ["si"] * 2)
    assert st.tiles[T("c5")] == "LM"
    begin_turn(st, 0)
    play(st, "pick b5", "drop eY")
    buys = [t for t in texts(st) if t.startswith("buy")]
    assert len(buys) == 15 and "buy iv,go 6" in buys and not any("sp" in b for b in buys)
    play(st, "buy iv,go 6")
    assert st.hands[0][rc("iv")] == st.hands[0][rc("go")] == 1
    st2 = make(3, meeples={"c5": "Y", "b5": "Y"})
    begin_turn(st2, 0)
    st2.res_discard += st2.res_row[1:]
    st2.res_row = st2.res_row[:1]
    st2.refresh()
    play(st2, "pick b5", "drop eY")
    assert len([t for t in texts(st2) if t.startswith("buy")]) == 1
    gold = st2.gold[0]
    play(st2, texts(st2)[0])
    assert st2.gold[0] == gold - 6


def test_oasis_and_village_actions_are_compulsory_even_on_another_players_tile() -> None:
    st = make(3, meeples={"b3": "W", "c3": "WY"})
    st.owner[T("c3")] = 2
    st.camels[2] -= 1
    begin_turn(st, 0)
    play(st, "pick b3", "drop eW")
    assert st.palms[T("c3")] == 1 and st.phase == FREE and st.owner[T("c3")] == 2
    assert st.score_breakdown()[2]["palm_trees"] == 3


def test_no_palm_tree_left_means_the_oasis_action_is_skipped() -> None:
    st = make(3, meeples={"b3": "W", "c3": "W"})
    st.palms[T("a5")] = 12
    st.palm_supply = 0
    begin_turn(st, 0)
    play(st, "pick b3", "drop eW")
    assert st.palms[T("c3")] == 0 and st.phase == FREE


def test_assassin_range_counts_orthogonal_distance_and_fakirs_extend_it() -> None:
    st = make(3, meeples={"a3": "R", "b3": "R", "b4": "Y", "d4": "G", "e4": "B"})
    begin_turn(st, 0)
    give_cards(st, 0, "fk")
    play(st, "pick a3", "drop eR", "fakirs 1")  # range 2 + 1 = 3 from b3
    kills = [t for t in texts(st) if t.startswith("kill")]
    assert kills == ["kill b4 Y", "kill d4 G"]  # e4 is at distance 4


def test_the_kill_is_compulsory_when_a_target_exists() -> None:
    st = make(3, meeples={"a3": "R", "b3": "R", "c3": "Y"})
    begin_turn(st, 0)
    play(st, "pick a3", "drop eR")
    assert texts(st) == ["kill c3 Y"]


# --- selling, scoring ----------------------------------------------------------------------------

def test_selling_suits_of_all_different_merchandise() -> None:
    st = make(3, meeples={"a1": "W", "b1": "W"})
    begin_turn(st, 0)
    give_cards(st, 0, "fi wh po fi fk")
    play(st, "pick b1", "drop wW")
    assert st.phase == FREE and "suit fk" not in texts(st)
    play(st, "suit fi", "suit wh", "suit po")
    assert st.phase == SUIT and "suit fi" not in texts(st)  # all different
    gold = st.gold[0]
    play(st, "sell")
    assert st.gold[0] == gold + 7 and st.hands[0][rc("fi")] == 1 and st.phase == FREE


def test_the_best_split_into_suits_is_the_layered_one() -> None:
    from itertools import product

    def best_partition(cards: list[int]) -> int:
        # Exhaustive: assign each card to one of len(cards) suits, suits all-different.
        best = 0
        for assign in product(range(len(cards)), repeat=len(cards)):
            suits: dict[int, list[int]] = {}
            for card, s in zip(cards, assign, strict=True):
                suits.setdefault(s, []).append(card)
            if all(len(set(v)) == len(v) for v in suits.values()):
                best = max(best, sum(SUIT_VALUES[len(v)] for v in suits.values()))
        return best

    for cards in ([0, 0, 1], [0, 1, 2, 0, 1], [0, 0, 0, 1], [0, 1, 2, 3, 0, 1]):
        counts = [cards.count(t) for t in range(9)]
        assert suits_value(counts) == best_partition(cards)
    assert layered_suits([2, 1, 1, 0, 0, 0, 0, 0, 0]) == [3, 1]
    assert merchandise_value([1] * 9 + [0], False) == 60


def test_vizier_majority_10_per_opponent_with_strictly_fewer() -> None:
    st = make(4)
    give_pool(st, 0, viziers=3)
    give_pool(st, 1, viziers=3)
    give_pool(st, 2, viziers=1)
    rows = st.score_breakdown()
    assert [r["vizier_majority"] for r in rows] == [20, 20, 10, 0]


def test_score_breakdown_has_the_score_sheets_rows() -> None:
    st = make(3)
    st.owner[T("f1")] = 0
    st.camels[0] -= 1
    st.palaces[T("f1")] = 1
    st.palace_supply -= 1
    give_pool(st, 0, viziers=1, elders=2)
    give_djinn(st, 0, "Sloar")
    give_cards(st, 0, "fi wh")
    row = st.score_breakdown()[0]
    assert row == {"gold": 50, "viziers": 1, "vizier_majority": 20, "elders": 4, "djinns": 8, "palm_trees": 0,
                   "palaces": 5, "tiles": 10, "merchandise": 3, "total": 101}
    assert st.scores()[0] == 101


# --- clean-up and the end ------------------------------------------------------------------------

def test_clean_up_refills_the_rows_and_the_next_round_bids_in_play_order() -> None:
    st = make(3, meeples={"a1": "G", "b1": "GG", "e5": "Y", "f5": "YY", "e1": "W", "f1": "WW"},
              bid_order=[0, 1, 2])
    play(st, "bid 0", "bid 0", "bid 0")
    assert st.seat == 2
    play(st, "pick a1", "drop eG", "end")
    play(st, "pick e5", "drop eY", "skip", "end")
    play(st, "pick e1", "drop eW", "skip", "end")
    assert st.phase == BID and len(st.res_row) == 9 and st.round == 1
    assert [st.marker_seat[m] for m in st.bid_track] == [2, 1, 0]


def test_the_game_ends_at_the_end_of_the_round_in_which_the_last_camel_is_placed() -> None:
    st = make(3, meeples={"a1": "G", "b1": "GG", "e5": "Y", "f5": "YY"}, bid_order=[0, 1, 2])
    st.camels[2] = 1
    for t in range(7):
        st.owner[T("a3") + t] = 2
    st.refresh()
    play(st, "bid 0", "bid 0", "bid 0")
    play(st, "pick a1", "drop eG")
    assert st.last_camel and st.camels[2] == 0
    play(st, "end")
    assert st.seat == 1 and st.phase == PICK  # the others still play this round
    play(st, "pick e5", "drop eY", "skip", "end", "end")
    assert st.phase == OVER and st.is_over() and st.winners()


def test_the_game_ends_when_no_legal_move_is_left() -> None:
    st = make(3, meeples={"a1": "W", "b2": "W"}, bid_order=[0, 1, 2])
    play(st, "bid 0", "bid 0", "bid 0")
    assert texts(st) == ["end"]
    play(st, "end", "end", "end")
    assert st.is_over()


# --- notation and taking back --------------------------------------------------------------------

def test_text_and_json_notation_round_trip_and_garbage_is_refused() -> None:
    samples = [A.Bid(0), A.Bid(6), A.Bid(2, 3), A.Pick(5), A.Drop(1, 4), A.Fakirs(2), A.Kill(1, tile=7),
               A.Kill(0, seat=2), A.Place(3), A.Place(4, "E"), A.Summon(9, "EF"), A.Buy((1, 6), 6), A.SKIP,
               A.Power(1, "E", 29), A.Power(20, "F"), A.Keep(3), A.SuitCard(4), A.SELL, A.END_TURN]
    for a in samples:
        assert GAME.action_from_text(GAME.action_to_text(a)) == a
        assert GAME.action_from_json(GAME.action_to_json(a)) == a
        assert GAME.describe_action(a)
    for junk in ("", "bid 7", "pick z9", "drop xY", "kill a1 Q", "buy nope", "buy fi", "power Nobody E", "fly"):
        with pytest.raises(IllegalAction):
            GAME.action_from_text(junk)
    for junk_json in ({"type": "pick", "tile": 30}, {"type": "kill", "colour": 1}, {"type": "bid", "spot": True},
                      {"type": "buy", "cards": []}, {"type": "pick", "tile": 1, "x": 2}):
        with pytest.raises(IllegalAction):
            GAME.action_from_json(junk_json)


def test_undo_within_the_turn_until_a_card_is_drawn() -> None:
    st = make(3, meeples={"a1": "YWG", "d1": "G"})
    give_djinn(st, 0, "Sloar")
    begin_turn(st, 0)
    give_cards(st, 0, "fk")
    before = st.to_json()
    play(st, "pick a1", "drop eY")
    assert st.undo_steps(0) == 2 and st.undo_steps(1) == 0
    st.undo(0)
    assert st.undo_steps(0) == 1 and st.mv_left == 3 and st.mv_path == [T("a1")]
    st.undo(0, 0)
    assert st.to_json() == before
    play(st, "pick a1", "drop eY", "drop eW", "drop eG")
    assert st.undo_steps(0) == 4
    play(st, "power Sloar F")
    assert st.undo_steps(0) == 0
    with pytest.raises(IllegalAction):
        st.undo(0)


def test_an_illegal_action_changes_nothing() -> None:
    st = make(3, meeples={"a1": "W", "b1": "W"})
    begin_turn(st, 0)
    before = st.to_json()
    for bad in (A.Pick(20), A.Drop(0, 0), A.END_TURN, A.Bid(0)):
        with pytest.raises(IllegalAction):
            st.apply(0, bad)
        assert st.to_json() == before
    with pytest.raises(IllegalAction):
        st.apply(1, A.Pick(0))
    give_djinn(st, 0, "Sloar")
    assert st.phase == PICK


def test_clean_up_reshuffles_the_djinn_discards_to_refill_the_row_to_3() -> None:
    st = make(3, meeples={"a2": "W", "a3": "W", "e5": "Y", "f5": "YY", "e1": "W", "f1": "WW"},
              bid_order=[0, 1, 2])
    # The Djinn pile is empty, 3 Djinns are in the discards, the rest are held by seat 2.
    pile = st.djinn_deck[:]
    st.djinn_deck = []
    st.djinn_discard = pile[-3:]
    for d in pile[:-3]:
        st.djinns[2].append(d)
        st.djinn_owner[d] = 2
    st.refresh()
    play(st, "bid 0", "bid 0", "bid 0")
    give_pool(st, 2, elders=2)
    play(st, "pick a2", "drop sW")
    play(st, texts(st)[0], "end")  # seat 2 takes a Djinn at the Sacred Place a3
    assert len(st.djinn_row) == 2
    play(st, "pick e5", "drop eY", "skip", "end")
    play(st, "pick e1", "drop eW", "skip", "end")
    assert st.phase == BID and len(st.djinn_row) == 3
    assert st.djinn_row[2] in pile[-3:] and sorted([st.djinn_row[2], *st.djinn_deck]) == sorted(pile[-3:])
    assert st.djinn_discard == []  # the discards were reshuffled into the pile, then 1 dealt


def test_clean_up_reshuffles_the_resource_discards_and_a_short_row_stays_short() -> None:
    st = make(3, meeples={"a1": "G", "b1": "GG", "e5": "Y", "f5": "YY", "e1": "W", "f1": "WW"},
              bid_order=[0, 1, 2])
    # Seat 1 holds every card but the row's 9 and 2 in the discards: the pile is empty.
    st.res_discard = st.res_deck[:2]
    for card in st.res_deck[2:]:
        st.hands[1][card] += 1
    st.res_deck = []
    st.refresh()
    play(st, "bid 0", "bid 0", "bid 0")
    play(st, "pick a1", "drop eG", "end")  # seat 2's Merchants take 3 cards from the row
    play(st, "pick e5", "drop eY", "skip", "end")
    play(st, "pick e1", "drop eW", "skip", "end")
    assert st.phase == BID and len(st.res_row) == 6 + 2 and st.res_deck == [] and st.res_discard == []


def test_an_action_spelled_with_booleans_or_floats_is_refused_and_changes_nothing() -> None:
    # Pick(True) equals Pick(1) and hashes alike, but it could not be written to a record and read back.
    st = make(3, meeples={"a1": "W", "b1": "W"})
    begin_turn(st, 0)
    assert st.is_legal(0, A.Pick(1))
    before = st.to_json()
    for bad in (A.Pick(True), A.Pick(1.0), A.Drop(True, 1), A.Buy((True,), 3), A.Power(20, "F", True)):  # type: ignore[arg-type]
        assert not st.is_legal(0, bad)
        with pytest.raises(IllegalAction):
            st.apply(0, bad)
        assert st.to_json() == before
