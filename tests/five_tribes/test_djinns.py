"""Each of the 22 Djinns, a named test each, and their interactions."""

from __future__ import annotations

from longhouse.games.five_tribes.data import DJINN_INDEX, FAKIR, RED, RESOURCE_CODES, WHITE
from longhouse.games.five_tribes.state import BID, FREE, KEEP, KILL, PICK, PLACE, TILE

from .helpers import (
    T,
    begin_turn,
    give_cards,
    give_djinn,
    give_pool,
    make,
    meeples_on,
    nekir_gold_for_a_double_kill,
    play,
    texts,
)

FK = RESOURCE_CODES.index("fk")


# --- the game-end Djinns -------------------------------------------------------------------------

def test_al_amin_two_fakirs_count_as_one_wild_merchandise_at_game_end() -> None:
    st = make(3)
    give_cards(st, 0, "fi wh fk fk fk fk fk")
    assert st.score_breakdown()[0]["merchandise"] == 3  # a suit of 2
    give_djinn(st, 0, "Al-Amin")
    assert st.score_breakdown()[0]["merchandise"] == 13  # fish, wheat + 2 wild = a suit of 4
    assert st.score_breakdown()[0]["djinns"] == 5
    # The wilds are for the final count only: a sale never takes a Fakir.
    begin_turn(st, 0)
    assert "suit fk" not in texts(st)


def test_haurvatat_palm_trees_score_5_instead_of_3() -> None:
    st = make(3)
    st.owner[T("c1")] = 0
    st.camels[0] -= 1
    st.palms[T("c1")] = 2
    st.palm_supply -= 2
    assert st.score_breakdown()[0]["palm_trees"] == 6
    give_djinn(st, 0, "Haurvatat")
    assert st.score_breakdown()[0]["palm_trees"] == 10


def test_jafaar_viziers_score_3_each_and_the_majority_still_counts_viziers() -> None:
    st = make(3)
    give_pool(st, 0, viziers=2)
    give_pool(st, 1, viziers=3)
    give_djinn(st, 0, "Jafaar")
    rows = st.score_breakdown()
    assert rows[0]["viziers"] == 6 and rows[1]["viziers"] == 3
    assert rows[0]["vizier_majority"] == 10 and rows[1]["vizier_majority"] == 20


def test_shamhat_elders_score_4_instead_of_2() -> None:
    st = make(3)
    give_pool(st, 0, elders=3)
    assert st.score_breakdown()[0]["elders"] == 6
    give_djinn(st, 0, "Shamhat")
    assert st.score_breakdown()[0]["elders"] == 12


def test_monkir_is_worth_6_vp_and_pays_for_every_palace_placed() -> None:
    st = make(3, meeples={"b1": "W", "a1": "W"})
    give_djinn(st, 1, "Monkir")
    assert st.score_breakdown()[1]["djinns"] == 6
    begin_turn(st, 0)
    gold = st.gold[1]
    play(st, "pick b1", "drop wW")  # ends on a1, a Village: a Palace is placed by seat 0
    assert st.palaces[T("a1")] == 1 and st.gold[1] == gold + 2
    # Its owner placing a Palace gets 1.
    st2 = make(3, meeples={"b1": "W", "a1": "W"})
    give_djinn(st2, 0, "Monkir")
    begin_turn(st2, 0)
    g0 = st2.gold[0]
    play(st2, "pick b1", "drop wW")
    assert st2.gold[0] == g0 + 1


# --- passive powers ------------------------------------------------------------------------------

def test_baal_pays_1_for_its_owner_2_for_an_opponent_and_nothing_for_itself() -> None:
    st = make(3, meeples={"a2": "W", "a3": "W"}, djinn_deck=["Ba'al", "Sloar", "Enki"])
    assert st.tiles[T("a3")] == "S12"
    begin_turn(st, 0)
    give_pool(st, 0, elders=2)
    play(st, "pick a2", "drop sW")  # Sacred Place a3
    assert st.phase == TILE
    gold = st.gold[0]
    play(st, "summon Ba'al EE")
    assert st.gold[0] == gold  # RULING baal-not-itself
    # Now an opponent takes a Djinn: 2 GC; the owner takes one: 1 GC.
    st.djinn_row.remove(DJINN_INDEX["Sloar"])
    st.djinns[1].append(DJINN_INDEX["Sloar"])
    events: list[object] = []
    st.gain_djinn(1, DJINN_INDEX["Enki"], events)  # type: ignore[arg-type]
    assert st.gold[0] == gold + 2
    st.djinn_row.remove(DJINN_INDEX["Enki"])
    st.djinns[1].remove(DJINN_INDEX["Enki"])
    st.gain_djinn(0, DJINN_INDEX["Enki"], events)  # type: ignore[arg-type]
    assert st.gold[0] == gold + 3


def test_boaz_protects_its_owners_viziers_and_elders() -> None:
    st = make(3, meeples={"a3": "R", "b3": "R"})
    give_pool(st, 1, viziers=1, elders=1)
    give_pool(st, 2, viziers=1)
    give_djinn(st, 1, "Boaz")
    begin_turn(st, 0)
    play(st, "pick a3", "drop eR")
    kills = [t for t in texts(st) if t.startswith("kill seat")]
    assert kills == ["kill seat2 Y"]


def test_marid_pays_per_meeple_dropped_on_its_owners_tiles() -> None:
    # A move through two of seat 1's tiles pays seat 1 2 GC each; through seat 0's own tile, 1 GC.
    st = make(3, meeples={"a1": "YWG", "d1": "G"})
    for name, owner in (("b1", 1), ("c1", 1)):
        st.owner[T(name)] = owner
        st.camels[owner] -= 1
    give_djinn(st, 1, "Marid")
    begin_turn(st, 0)
    gold = st.gold[1]
    play(st, "pick a1", "drop eY", "drop eW", "drop eG")
    assert st.gold[1] == gold + 4
    st2 = make(3, meeples={"a1": "YWG", "d1": "G"})
    st2.owner[T("b1")] = 0
    st2.camels[0] -= 1
    give_djinn(st2, 0, "Marid")
    begin_turn(st2, 0)
    g0 = st2.gold[0]
    play(st2, "pick a1", "drop eY", "drop eW", "drop eG")
    assert st2.gold[0] == g0 + 1


def test_nekir_pays_per_meeple_killed_1_for_own_assassins_2_for_an_opponents() -> None:
    st = make(3, meeples={"a3": "R", "b3": "R", "c3": "YY"})
    give_djinn(st, 2, "Nekir")
    begin_turn(st, 0)
    gold = st.gold[2]
    play(st, "pick a3", "drop eR", "kill c3 Y")
    assert st.gold[2] == gold + 2
    st2 = make(3, meeples={"a3": "R", "b3": "R", "c3": "YY"})
    give_djinn(st2, 0, "Nekir")
    begin_turn(st2, 0)
    g0 = st2.gold[0]
    play(st2, "pick a3", "drop eR", "kill c3 Y")
    assert st2.gold[0] == g0 + 1


def test_kandicha_merchant_kill_draws_builder_kill_pays_elder_kill_joins_the_killer() -> None:
    st = make(3, meeples={"a3": "R", "b3": "R", "c3": "GBW"}, resources=["fi"] * 6 + ["wh"] * 3 + ["sp"])
    give_djinn(st, 0, "Kandicha")
    begin_turn(st, 0)
    play(st, "pick a3", "drop eR", "kill c3 G")
    assert st.hands[0][RESOURCE_CODES.index("sp")] == 1  # the top of the draw pile
    assert st.undo_steps(0) == 0  # a card was drawn: no taking back across it
    for victim, check in (("B", "gold"), ("W", "elder")):
        s2 = make(3, meeples={"a3": "R", "b3": "R", "c3": "GBW"})
        give_djinn(s2, 0, "Kandicha")
        begin_turn(s2, 0)
        gold, elders, bag_w = s2.gold[0], s2.elders[0], s2.bag[WHITE]
        play(s2, "pick a3", "drop eR", f"kill c3 {victim}")
        if check == "gold":
            # RULING kandicha-builder: blue tiles in the 3x3 block around c3, x1.
            assert s2.gold[0] == gold + s2.blue_block(T("c3")) == gold + 4
        else:
            assert s2.elders[0] == elders + 1 and s2.bag[WHITE] == bag_w


def test_kandicha_with_boaz_cannot_take_a_protected_pool_meeple_but_kills_on_tiles() -> None:
    st = make(3, meeples={"a3": "R", "b3": "R", "c3": "W"})
    give_pool(st, 1, elders=2)
    give_djinn(st, 0, "Kandicha")
    give_djinn(st, 1, "Boaz")
    begin_turn(st, 0)
    play(st, "pick a3", "drop eR")
    assert texts(st) == ["kill c3 W"]
    play(st, "kill c3 W")
    assert st.elders[0] == 1 and st.elders[1] == 2 and st.owner[T("c3")] == 0


# --- paid powers ---------------------------------------------------------------------------------

def test_anun_nak_puts_3_meeples_from_the_bag_on_a_completely_empty_tile() -> None:
    st = make(3, meeples={"a1": "W", "b1": "W"})
    st.owner[T("c1")] = 1
    st.camels[1] -= 1
    st.palms[T("d1")] = 1
    st.palm_supply -= 1
    give_djinn(st, 0, "Anun-Nak")
    begin_turn(st, 0)
    give_pool(st, 0, elders=1)
    powers = [t for t in texts(st) if t.startswith("power Anun-Nak")]
    assert "power Anun-Nak E f5" in powers
    assert not any(p.endswith((" a1", " c1", " d1")) for p in powers)  # meeples, a camel, a palm tree
    bag = sum(st.bag)
    play(st, "power Anun-Nak E f5")
    assert len(meeples_on(st, "f5")) == 3 and sum(st.bag) == bag - 3 + 1  # +1: the Elder paid
    assert st.undo_steps(0) == 0  # the draw from the bag revealed something
    assert not any(t.startswith("power Anun-Nak") for t in texts(st))  # once per turn


def test_bouraq_places_a_palace_on_any_village() -> None:
    st = make(3, meeples={"a1": "W", "b1": "W"})
    give_djinn(st, 0, "Bouraq")
    begin_turn(st, 0)
    give_cards(st, 0, "fk")
    villages = sorted(t.split()[-1] for t in texts(st) if t.startswith("power Bouraq"))
    assert villages == ["a1", "c2", "d3", "e4", "e5"]
    play(st, "power Bouraq F e5")
    assert st.palaces[T("e5")] == 1 and st.palace_supply == 9 and st.phase == PICK


def test_echidna_doubles_the_builders_payout_fakirs_included() -> None:
    st = make(3, meeples={"d2": "B", "e2": "BB"})
    give_djinn(st, 0, "Echidna")
    begin_turn(st, 0)
    give_pool(st, 0, elders=1)
    give_cards(st, 0, "fk fk")
    gold = st.gold[0]
    play(st, "pick d2", "drop eB")
    assert "power Echidna EF" in texts(st)
    play(st, "power Echidna EF", "fakirs 1")
    assert st.gold[0] == gold + 2 * 4 * (3 + 1)


def test_enki_places_a_palm_tree_on_any_oasis() -> None:
    st = make(3, meeples={"a1": "W", "b1": "W"})
    give_djinn(st, 0, "Enki")
    begin_turn(st, 0)
    give_pool(st, 0, elders=1)
    oases = sorted(t.split()[-1] for t in texts(st) if t.startswith("power Enki"))
    assert oases == ["a5", "b2", "c1", "c3", "d4", "f3"]
    play(st, "power Enki E f3")
    assert st.palms[T("f3")] == 1 and st.palm_supply == 11


def test_hagis_may_put_the_village_palace_on_a_neighbouring_tile_diagonals_included() -> None:
    st = make(3, meeples={"c3": "W", "d3": "W"})
    give_djinn(st, 0, "Hagis")
    begin_turn(st, 0)
    give_pool(st, 0, elders=1)
    play(st, "pick c3", "drop eW")  # ends on d3, a Village
    assert st.phase == PLACE
    places = texts(st)
    assert "place d3" in places and "place e4 E" in places and "place c2 E" in places  # diagonals
    assert len(places) == 1 + 8
    play(st, "place e4 E")
    assert st.palaces[T("e4")] == 1 and st.palaces[T("d3")] == 0 and st.elders[0] == 1 + 2 - 1


def test_iblis_kills_two_meeples_on_one_tile() -> None:
    st = make(3, meeples={"a3": "R", "b3": "R", "c3": "YW", "d3": "G"})
    give_djinn(st, 0, "Iblis")
    begin_turn(st, 0)
    give_cards(st, 0, "fk")
    play(st, "pick a3", "drop eR")
    play(st, "power Iblis F", "fakirs 0", "kill c3 Y")
    assert st.phase == KILL and texts(st) == ["kill c3 W"]  # the second kill: the same tile
    play(st, "kill c3 W")
    assert st.owner[T("c3")] == 0 and st.phase == TILE


def test_iblis_kills_two_from_one_opponents_pool() -> None:
    st = make(3, meeples={"a3": "R", "b3": "R"})
    give_pool(st, 1, viziers=1, elders=1)
    give_pool(st, 2, viziers=1)
    give_djinn(st, 0, "Iblis")
    begin_turn(st, 0)
    give_pool(st, 0, elders=1)
    play(st, "power Iblis E", "pick a3", "drop eR", "kill seat1 Y")
    assert texts(st) == ["kill seat1 W"]
    play(st, "kill seat1 W")
    assert st.viziers[1] == 0 and st.elders[1] == 0 and st.viziers[2] == 1


def test_iblis_with_nekir_pays_nekir_for_each_of_the_two_kills() -> None:
    assert nekir_gold_for_a_double_kill() == 4  # RULING nekir-per-meeple


def test_kumarbi_each_fakir_pays_the_cost_of_one_spot_lower() -> None:
    st = make(3, bid_order=[0, 1, 2])
    give_djinn(st, 0, "Kumarbi")
    give_cards(st, 0, "fk fk")
    options = texts(st)
    assert "bid 18 k2" in options and "bid 1 k1" in options
    play(st, "bid 18 k2")  # pays the 8 spot's cost for the 18 spot
    assert st.gold[0] == 42 and st.hands[0][FK] == 0 and st.paid_spots[0] == 0
    assert st.phase == BID


def test_lamia_may_put_the_oasis_palm_tree_on_a_neighbouring_tile() -> None:
    st = make(3, meeples={"b3": "W", "c3": "W"})
    give_djinn(st, 0, "Lamia")
    begin_turn(st, 0)
    give_cards(st, 0, "fk")
    play(st, "pick b3", "drop eW")  # c3 is an Oasis
    assert st.phase == PLACE and "place b2 F" in texts(st)
    play(st, "place d2 F")
    assert st.palms[T("d2")] == 1 and st.palms[T("c3")] == 0 and st.phase == FREE


def test_hagis_with_a_bouraq_palace_and_lamia_with_an_enki_palm() -> None:
    st = make(3, meeples={"a1": "W", "b1": "W"})
    for name in ("Bouraq", "Hagis", "Enki", "Lamia", "Monkir"):
        give_djinn(st, 0, name)
    begin_turn(st, 0)
    give_pool(st, 0, elders=4)
    gold = st.gold[0]
    play(st, "power Bouraq E e5")
    assert st.phase == PLACE and "place d4 E" in texts(st)
    play(st, "place d4 E")  # Hagis moves the Djinn-placed Palace onto an Oasis
    assert st.palaces[T("d4")] == 1 and st.phase == PICK and st.gold[0] == gold + 1  # Monkir
    play(st, "power Enki E a5")
    play(st, "place b4 E")
    assert st.palms[T("b4")] == 1 and st.elders[0] == 0


def test_leta_takes_control_of_a_completely_empty_tile() -> None:
    st = make(3, meeples={"a1": "W", "b1": "W"})
    give_djinn(st, 0, "Leta")
    begin_turn(st, 0)
    give_pool(st, 0, elders=2)
    assert "power Leta EE a1" not in texts(st) and "power Leta EE f5" in texts(st)
    play(st, "power Leta EE f5")
    assert st.owner[T("f5")] == 0 and st.camels[0] == 7 and st.elders[0] == 0


def test_sibittis_draws_3_djinns_keeps_1_and_discards_2() -> None:
    st = make(3, meeples={"a1": "W", "b1": "W"},
              djinn_deck=["Leta", "Utug", "Echidna", "Sloar", "Enki", "Boaz", "Sibittis"])
    give_djinn(st, 0, "Sibittis")
    give_djinn(st, 1, "Ba'al")
    begin_turn(st, 0)
    give_pool(st, 0, elders=2)
    gold = st.gold[1]
    play(st, "power Sibittis EE")
    assert st.phase == KEEP and st.view(0)["you"]["keep_choices"] == sorted(
        DJINN_INDEX[n] for n in ("Sloar", "Enki", "Boaz"))
    assert st.view(1)["you"]["keep_choices"] is None
    play(st, "keep Enki")
    assert DJINN_INDEX["Enki"] in st.djinns[0] and st.phase == PICK
    assert sorted(st.djinn_discard) == sorted([DJINN_INDEX["Sloar"], DJINN_INDEX["Boaz"]])
    assert st.gold[1] == gold + 2  # Ba'al pays for a Djinn gained through Sibittis


def test_sloar_takes_the_top_card_of_the_resource_draw_pile() -> None:
    st = make(3, meeples={"a1": "W", "b1": "W"}, resources=["fi"] * 6 + ["wh"] * 3 + ["iv"])
    give_djinn(st, 0, "Sloar")
    begin_turn(st, 0)
    give_cards(st, 0, "fk")
    play(st, "power Sloar F")
    assert st.hands[0][RESOURCE_CODES.index("iv")] == 1 and st.hands[0][FAKIR] == 0
    assert st.undo_steps(0) == 0


def test_utug_takes_control_of_a_tile_holding_only_meeples() -> None:
    st = make(3, meeples={"a1": "W", "b1": "W", "c1": "G"})
    st.palms[T("c1")] = 1
    st.palm_supply -= 1
    give_djinn(st, 0, "Utug")
    begin_turn(st, 0)
    give_pool(st, 0, elders=1)
    give_cards(st, 0, "fk")
    targets = sorted(t.split()[-1] for t in texts(st) if t.startswith("power Utug"))
    assert targets == ["a1", "b1"]  # c1 has a Palm Tree
    play(st, "power Utug EF b1")
    assert st.owner[T("b1")] == 0 and meeples_on(st, "b1") == "W"


# --- timing --------------------------------------------------------------------------------------

def test_a_paid_power_works_once_per_player_turn_twice_a_round_with_2_players() -> None:
    st = make(2, meeples={"a1": "W", "b1": "W", "e5": "G", "f5": "G", "a5": "Y", "b5": "Y"},
              bid_order=[0, 0, 1, 1])
    give_djinn(st, 0, "Sloar")
    give_cards(st, 0, "fk fk")
    play(st, "bid 18", "bid 12")  # seat 0 plays twice in a row
    play(st, "bid 0", "bid 0")
    assert st.seat == 0
    play(st, "power Sloar F")
    assert not any(t.startswith("power Sloar") for t in texts(st))
    play(st, "pick a1", "drop eW")
    while st.phase != FREE:
        play(st, "skip")
    play(st, "end")
    assert st.seat == 0 and st.phase == PICK  # the second turn of the same player
    assert any(t.startswith("power Sloar") for t in texts(st))


def test_marid_on_a_move_through_your_own_and_others_tiles_then_taking_control() -> None:
    # The mover (seat 0, Marid) passes one own tile and one of seat 1's: Marid pays 1 for the own tile.
    st = make(3, meeples={"a1": "YWR", "d1": "R"})
    st.owner[T("b1")] = 0
    st.owner[T("c1")] = 1
    st.camels[0] -= 1
    st.camels[1] -= 1
    give_djinn(st, 0, "Marid")
    begin_turn(st, 0)
    gold = st.gold[0]
    play(st, "pick a1", "drop eY", "drop eW", "drop eR")
    assert st.gold[0] == gold + 1 and st.owner[T("d1")] == 0 and st.bag[RED] == 18


def test_every_one_of_the_22_djinns_has_its_own_named_test() -> None:
    import re

    from longhouse.games.five_tribes.data import DJINNS

    names = [n for n in globals() if n.startswith("test_")]
    for d in DJINNS:
        key = re.sub(r"[^a-z]+", "_", d.name.lower()).replace("ba_al", "baal")
        assert any(n.startswith(f"test_{key}_") for n in names), d.name
