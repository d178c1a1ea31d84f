"""Djinn edge cases from the rules audit: empty bag and decks, the end condition through Djinns and kills,
pool kills under Kandicha, Kumarbi at every bid, and when Echidna and Iblis are offered."""

from __future__ import annotations

from longhouse.engine.rng import Rng
from longhouse.games.five_tribes.data import FAKIR, WHITE, YELLOW
from longhouse.games.five_tribes.state import BID, KEEP, KILL, OVER, PICK

from .helpers import T, begin_turn, give_cards, give_djinn, give_pool, make, meeples_on, play, texts


def _own(st: object, seat: int, *names: str) -> None:
    from longhouse.games.five_tribes import FTState

    assert isinstance(st, FTState)
    for name in names:
        st.owner[T(name)] = seat
        st.camels[seat] -= 1
    st.refresh()


def test_anun_nak_with_fewer_than_3_meeples_in_the_bag_draws_what_is_there() -> None:
    st = make(3, meeples={"a1": "W", "b1": "W"})
    give_djinn(st, 0, "Anun-Nak")
    begin_turn(st, 0)
    give_cards(st, 0, "fk")
    # Empty the bag onto the board but for 2 meeples.
    keep = [0, 0, 0, 1, 1]
    for c in range(5):
        extra = st.bag[c] - keep[c]
        st.board[T("c5")][c] += extra
        st.bag[c] -= extra
    st.refresh()
    play(st, "power Anun-Nak F f5")
    assert sorted(meeples_on(st, "f5")) == ["B", "R"] and sum(st.bag) == 0


def test_anun_nak_is_not_offered_with_an_empty_bag() -> None:
    st = make(3, meeples={"a1": "W", "b1": "W"})
    give_djinn(st, 0, "Anun-Nak")
    begin_turn(st, 0)
    give_cards(st, 0, "fk")
    assert any(t.startswith("power Anun-Nak") for t in texts(st))
    for c in range(5):
        st.board[T("c5")][c] += st.bag[c]
        st.bag[c] = 0
    st.refresh()
    assert not any(t.startswith("power Anun-Nak") for t in texts(st))


def test_sibittis_reshuffles_the_djinn_discards_when_the_pile_runs_short() -> None:
    st = make(3, meeples={"a1": "W", "b1": "W"})
    give_djinn(st, 0, "Sibittis")
    begin_turn(st, 0)
    give_pool(st, 0, elders=2)
    # One Djinn left in the pile, three in the discards.
    rest = st.djinn_deck[:]
    st.djinn_deck = rest[-1:]
    st.djinn_discard = rest[-4:-1]
    for d in rest[:-4]:
        st.djinns[2].append(d)
        st.djinn_owner[d] = 2
    st.refresh()
    pool = set(rest[-4:])
    play(st, "power Sibittis EE")
    assert st.phase == KEEP and len(st.keep_choices) == 3 and set(st.keep_choices) <= pool
    assert rest[-1] in st.keep_choices  # the top of the pile comes first
    play(st, f"keep {texts(st)[0].split()[1]}")
    assert len(st.djinn_deck) == 1 and len(st.djinn_discard) == 2  # the 2 not kept are discarded


def test_sibittis_with_a_single_djinn_left_anywhere_keeps_it() -> None:
    st = make(3, meeples={"a1": "W", "b1": "W"})
    give_djinn(st, 0, "Sibittis")
    begin_turn(st, 0)
    give_pool(st, 0, elders=2)
    last = st.djinn_deck[-1]
    for d in st.djinn_deck[:-1]:
        st.djinns[2].append(d)
        st.djinn_owner[d] = 2
    st.djinn_deck = [last]
    st.refresh()
    play(st, "power Sibittis EE")
    assert st.keep_choices == [last]
    play(st, texts(st)[0])
    assert last in st.djinns[0] and st.phase == PICK
    # Nothing left to draw: Sibittis is not offered again (it is also used up this turn).
    assert not any(t.startswith("power Sibittis") for t in texts(st))


def test_sloar_reshuffles_the_resource_discards_when_the_draw_pile_is_empty() -> None:
    st = make(3, meeples={"a1": "W", "b1": "W"})
    give_djinn(st, 0, "Sloar")
    begin_turn(st, 0)
    give_cards(st, 0, "fk")
    st.res_discard = st.res_deck
    st.res_deck = []
    st.refresh()
    before = sum(st.hands[0])
    play(st, "power Sloar F")
    assert sum(st.hands[0]) == before  # paid a Fakir, drew a card
    # 44 cards in the discards, plus the Fakir paid, reshuffled; one drawn.
    assert len(st.res_deck) == 54 - 9 - 1 and st.res_discard == []


def test_sloar_is_not_offered_when_no_resource_card_is_left_to_draw() -> None:
    st = make(3, meeples={"a1": "W", "b1": "W"})
    give_djinn(st, 0, "Sloar")
    begin_turn(st, 0)
    give_cards(st, 0, "fk")
    for card in st.res_deck:
        st.hands[2][card] += 1
    st.res_deck = []
    st.refresh()
    assert not any(t.startswith("power Sloar") for t in texts(st))


def test_kandicha_on_a_pool_kill_brings_the_elder_to_the_killer() -> None:
    st = make(3, meeples={"a3": "R", "b3": "R"})
    give_pool(st, 1, elders=2)
    give_djinn(st, 0, "Kandicha")
    begin_turn(st, 0)
    bag_white = st.bag[WHITE]
    play(st, "pick a3", "drop eR", "kill seat1 W")
    assert st.elders == [1, 1, 0] and st.bag[WHITE] == bag_white


def test_kandicha_builder_kill_pays_the_victims_block_times_one_without_fakir_or_echidna_bonus() -> None:
    # The killer used Echidna and discards a Fakir for range: the Builder's gold stays the plain block count.
    st = make(3, meeples={"a3": "R", "b3": "R", "d3": "B"})
    give_djinn(st, 0, "Kandicha")
    give_djinn(st, 0, "Echidna")
    begin_turn(st, 0)
    give_pool(st, 0, elders=2)
    give_cards(st, 0, "fk")
    play(st, "power Echidna EE", "pick a3", "drop eR", "fakirs 1")
    gold = st.gold[0]
    play(st, "kill d3 B")
    assert st.gold[0] == gold + st.blue_block(T("d3")) == gold + 5


def test_a_kill_at_distance_0_on_the_final_tile_can_empty_it_and_take_it() -> None:
    st = make(3, meeples={"a3": "R", "b3": "RY"})
    begin_turn(st, 0)
    play(st, "pick a3", "drop eR")
    assert st.owner[T("b3")] == -1 and "kill b3 Y" in texts(st)
    play(st, "kill b3 Y")
    assert st.owner[T("b3")] == 0 and st.bag[YELLOW] == 16


def test_iblis_respects_boaz_in_the_pool_and_stops_when_the_tile_is_empty() -> None:
    st = make(3, meeples={"a3": "R", "b3": "R", "c3": "Y"})
    give_pool(st, 1, viziers=2)
    give_djinn(st, 1, "Boaz")
    give_djinn(st, 0, "Iblis")
    begin_turn(st, 0)
    give_cards(st, 0, "fk")
    play(st, "power Iblis F", "pick a3", "drop eR")
    assert texts(st) == ["kill c3 Y"]
    play(st, "kill c3 Y")
    assert st.phase != KILL and st.viziers[1] == 2  # nothing left on c3; Boaz shields the pool


def _end_round(st: object) -> None:
    from longhouse.games.five_tribes import FTState

    assert isinstance(st, FTState)
    while st.phase not in (BID, OVER):
        acts = texts(st)
        play(st, "end" if "end" in acts else "skip" if "skip" in acts else acts[0])


def test_leta_placing_the_last_camel_ends_the_game_at_the_end_of_the_round() -> None:
    st = make(3, meeples={"a1": "W", "b1": "W"})
    _own(st, 0, "a2", "b2", "c2", "d2", "e2", "f2", "a3")
    give_djinn(st, 0, "Leta")
    begin_turn(st, 0)
    give_pool(st, 0, elders=2)
    play(st, "power Leta EE f5")
    assert st.camels[0] == 0 and st.last_camel
    _end_round(st)
    assert st.phase == OVER


def test_utug_placing_the_last_camel_ends_the_game_at_the_end_of_the_round() -> None:
    st = make(3, meeples={"a1": "W", "b1": "W", "f5": "G"})
    _own(st, 0, "a2", "b2", "c2", "d2", "e2", "f2", "a3")
    give_djinn(st, 0, "Utug")
    begin_turn(st, 0)
    give_pool(st, 0, elders=2)
    play(st, "power Utug EE f5")
    assert st.camels[0] == 0 and st.last_camel and meeples_on(st, "f5") == "G"
    _end_round(st)
    assert st.phase == OVER


def test_an_assassin_kill_placing_the_last_camel_ends_the_game_at_the_end_of_the_round() -> None:
    st = make(3, meeples={"a3": "R", "b3": "RY", "d3": "W"})
    _own(st, 0, "a1", "b1", "c1", "d1", "e1", "f1", "a2")
    begin_turn(st, 0)
    play(st, "pick a3", "drop eR")
    assert st.owner[T("b3")] == -1 and not st.last_camel  # b3 still holds a Vizier
    play(st, "kill d3 W")
    assert st.owner[T("d3")] == 0 and st.camels[0] == 0 and st.last_camel
    _end_round(st)
    assert st.phase == OVER


def test_kumarbi_works_at_both_bids_of_a_2_player_round_and_is_not_a_turn_power() -> None:
    st = make(2, bid_order=[0, 0, 1, 1])
    give_djinn(st, 0, "Kumarbi")
    give_djinn(st, 0, "Sloar")
    give_cards(st, 0, "fk fk fk")
    play(st, "bid 18 k1")
    assert st.phase == BID and "bid 12 k1" in texts(st)
    play(st, "bid 12 k1", "bid 0", "bid 0")
    assert st.gold[0] == 50 - 12 - 8 and st.hands[0][FAKIR] == 1
    assert st.seat == 0 and "power Sloar F" in texts(st)  # the turn's paid power is still free to use


def test_echidna_and_iblis_are_offered_only_while_a_move_can_still_use_them() -> None:
    # No legal move: Echidna and Iblis could not change anything, so they are not offered; Sloar is.
    st = make(3, meeples={"a1": "W", "b2": "W"})
    for name in ("Echidna", "Iblis", "Sloar"):
        give_djinn(st, 0, name)
    begin_turn(st, 0)
    give_pool(st, 0, elders=2)
    give_cards(st, 0, "fk")
    acts = texts(st)
    assert "end" in acts and any(t.startswith("power Sloar") for t in acts)
    assert not any(t.startswith(("power Echidna", "power Iblis")) for t in acts)
    # With a legal move they are offered before the pick-up.
    st2 = make(3, meeples={"a1": "W", "b1": "W"})
    for name in ("Echidna", "Iblis"):
        give_djinn(st2, 0, name)
    begin_turn(st2, 0)
    give_pool(st2, 0, elders=2)
    assert any(t.startswith("power Echidna") for t in texts(st2))
    assert any(t.startswith("power Iblis") for t in texts(st2))


def test_determinize_keeps_the_acting_players_undo_history_for_every_observer() -> None:
    st = make(3, meeples={"a1": "YWG", "d1": "G"})
    begin_turn(st, 0)
    play(st, "pick a1", "drop eY")
    for observer in (0, 1, 2):
        world = st.determinize(observer, Rng(5))
        assert world.view(observer) == st.view(observer)
        assert world.undo_steps(0) == st.undo_steps(0) == 2
        assert world.undo_turn is not None
        base = world.undo_turn.base
        assert base.res_deck == world.res_deck and base.djinn_deck == world.djinn_deck
        world.undo(0, 0)
        back = st.clone()
        back.undo(0, 0)
        assert world.view(observer) == back.view(observer)


def test_determinize_during_a_sibittis_draw_redeals_the_draw_in_the_undo_base_too() -> None:
    st = make(3, meeples={"a1": "W", "b1": "W"})
    give_djinn(st, 0, "Sibittis")
    begin_turn(st, 0)
    give_pool(st, 0, elders=2)
    play(st, "power Sibittis EE")
    for k in range(5):
        world = st.determinize(1, Rng(k))
        assert world.undo_turn is not None and world.undo_turn.base.keep_choices == world.keep_choices
        assert world.view(1) == st.view(1)


def test_anun_nak_can_create_a_legal_move_which_must_then_be_made() -> None:
    # No legal move at first (the two Elders are diagonal). Anun-Nak fills the empty b1 from a bag that
    # holds only Elders: now a1-b1 is a move, and the turn can no longer end without moving.
    st = make(3, meeples={"a1": "W", "b2": "W"})
    give_djinn(st, 0, "Anun-Nak")
    begin_turn(st, 0)
    give_cards(st, 0, "fk")
    assert "end" in texts(st)
    for c in (0, 2, 3, 4):
        st.board[T("f5")][c] += st.bag[c]
        st.bag[c] = 0
    st.refresh()
    play(st, "power Anun-Nak F b1")
    assert meeples_on(st, "b1") == "WWW"
    acts = texts(st)
    assert "end" not in acts and "pick a1" in acts


def test_a_djinn_taken_at_a_sacred_place_can_be_used_in_the_same_turn() -> None:
    st = make(3, meeples={"a2": "W", "a3": "W"}, djinn_deck=["Sloar", "Enki", "Iblis"])
    begin_turn(st, 0)
    give_cards(st, 0, "fk fk")
    play(st, "pick a2", "drop sW", "summon Sloar EF")
    assert "power Sloar F" in texts(st)
    play(st, "power Sloar F")
    assert st.hands[0][FAKIR] + sum(st.hands[0][:FAKIR]) == 1
