"""Each ruling lives in one place: flipping its constant in rulings.py changes the behaviour."""

from __future__ import annotations

import pytest

from longhouse.games.five_tribes import rulings
from longhouse.games.five_tribes.state import PICK

from .helpers import begin_turn, give_cards, give_djinn, give_pool, make, nekir_gold_for_a_double_kill, play, texts


def test_ruling_assassin_compulsory_when_flipped_offers_a_skip(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rulings, "ASSASSIN_KILL_COMPULSORY", False)
    st = make(3, meeples={"a3": "R", "b3": "R", "c3": "Y"})
    begin_turn(st, 0)
    play(st, "pick a3", "drop eR")
    assert texts(st) == ["kill c3 Y", "skip"]
    play(st, "skip")
    assert st.board[14][0] == 1


def test_ruling_nekir_per_meeple_when_flipped_pays_once_for_a_double_kill(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rulings, "NEKIR_PER_MEEPLE", False)
    assert nekir_gold_for_a_double_kill() == 2


def test_ruling_baal_itself_when_flipped_pays_for_taking_baal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rulings, "BAAL_PAYS_FOR_ITSELF", True)
    st = make(3, meeples={"a2": "W", "a3": "W"}, djinn_deck=["Ba'al", "Sloar", "Enki"])
    begin_turn(st, 0)
    give_pool(st, 0, elders=2)
    play(st, "pick a2", "drop sW")
    gold = st.gold[0]
    play(st, "summon Ba'al EE")
    assert st.gold[0] == gold + 1


def test_ruling_powers_per_round_when_flipped_blocks_the_second_turn_of_a_2_player_round(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rulings, "POWERS_RESET_EACH_PLAYER_TURN", False)
    st = make(2, meeples={"a1": "W", "b1": "W", "e5": "G", "f5": "G", "a5": "Y", "b5": "Y"},
              bid_order=[0, 0, 1, 1])
    give_djinn(st, 0, "Sloar")
    give_cards(st, 0, "fk fk")
    play(st, "bid 18", "bid 12", "bid 0", "bid 0")
    play(st, "power Sloar F", "pick a1", "drop eW")
    while "end" not in texts(st):
        play(st, "skip")
    play(st, "end")
    assert st.seat == 0 and st.phase == PICK
    assert not any(t.startswith("power Sloar") for t in texts(st))


def test_ruling_no_powers_mid_move_none_between_drops_nor_between_iblis_kills() -> None:
    from .helpers import T

    st = make(3, meeples={"a3": "YR", "c3": "RYW", "d3": "G"})
    give_djinn(st, 0, "Sloar")
    give_djinn(st, 0, "Iblis")
    begin_turn(st, 0)
    give_cards(st, 0, "fk fk fk")
    assert any(t.startswith("power Sloar") for t in texts(st))  # before the pick-up: offered
    play(st, "power Iblis F", "pick a3", "drop eY")
    assert texts(st) == ["drop eR"]  # between drops: only drops
    play(st, "drop eR")
    assert st.final_tile == T("c3")
    play(st, "fakirs 0", "kill c3 Y")
    assert texts(st) == ["kill c3 W"]  # between the kills: only the second kill
    play(st, "kill c3 W")
    assert any(t.startswith("power Sloar") for t in texts(st))  # afterwards: offered again


def test_ruling_tile_decision_skipped_when_nothing_is_affordable_and_no_power_usable() -> None:
    from longhouse.games.five_tribes.state import FREE, TILE

    # c4 is a Small Market; with 2 gold nothing there is affordable.
    st = make(3, meeples={"c4": "Y", "b4": "Y"})
    begin_turn(st, 0)
    st.gold[0] = 2
    play(st, "pick b4", "drop eY")
    assert st.phase == FREE
    # With a usable power the decision is kept (the power may be used there), with a skip.
    st2 = make(3, meeples={"c4": "Y", "b4": "Y"})
    give_djinn(st2, 0, "Sloar")
    begin_turn(st2, 0)
    give_cards(st2, 0, "fk")
    st2.gold[0] = 2
    play(st2, "pick b4", "drop eY")
    assert st2.phase == TILE and texts(st2) == ["skip", "power Sloar F"]


def test_ruling_market_purchases_are_merged_by_card_type() -> None:
    st = make(3, meeples={"c5": "Y", "b5": "Y"}, resources=["fi", "fi", "wh", "fi", "wh", "po"] + ["si"] * 3)
    begin_turn(st, 0)
    play(st, "pick b5", "drop eY")  # c5 is a Large Market: first 6 are fi fi wh fi wh po
    buys = sorted(t for t in texts(st) if t.startswith("buy"))
    assert buys == ["buy fi,fi 6", "buy fi,po 6", "buy fi,wh 6", "buy wh,po 6", "buy wh,wh 6"]


def test_ruling_gold_bank_unlimited_pays_beyond_the_boxs_coins() -> None:
    st = make(3, meeples={"a1": "W", "b1": "W"})
    begin_turn(st, 0)
    st.gold = [400, 400, 400]  # more than the 288 GC in the box already
    give_cards(st, 0, "fi wh po")
    play(st, "pick b1", "drop wW", "suit fi", "suit wh", "suit po", "sell")
    assert st.gold[0] == 407


def test_ruling_kandicha_pool_kill_when_flipped_sends_the_elder_to_the_bag(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rulings, "KANDICHA_APPLIES_TO_POOL_KILLS", False)
    st = make(3, meeples={"a3": "R", "b3": "R"})
    give_pool(st, 1, elders=1)
    give_djinn(st, 0, "Kandicha")
    begin_turn(st, 0)
    play(st, "pick a3", "drop eR", "kill seat1 W")
    assert st.elders == [0, 0, 0] and st.bag[1] == 20


def test_ruling_camel_by_kill_when_flipped_only_a_move_ends_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    from .helpers import T

    monkeypatch.setattr(rulings, "ANY_CAMEL_PLACEMENT_ENDS_GAME", False)
    st = make(3, meeples={"a1": "W", "b1": "W"})
    for name in ("a2", "b2", "c2", "d2", "e2", "f2", "a3"):
        st.owner[T(name)] = 0
        st.camels[0] -= 1
    give_djinn(st, 0, "Leta")
    begin_turn(st, 0)
    give_pool(st, 0, elders=2)
    play(st, "power Leta EE f5")
    assert st.camels[0] == 0 and not st.last_camel


def test_ruling_kumarbi_per_bid_when_flipped_works_at_one_bid_of_the_round(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rulings, "KUMARBI_AT_EVERY_BID", False)
    st = make(2, bid_order=[0, 0, 1, 1])
    give_djinn(st, 0, "Kumarbi")
    give_cards(st, 0, "fk fk fk")
    play(st, "bid 18 k1")
    assert not any(t.endswith("k1") for t in texts(st))  # by default "bid 12 k1" is offered here too
    play(st, "bid 12", "bid 0", "bid 0")
    assert st.gold[0] == 50 - 12 - 12


def test_ruling_gold_bank_unlimited_when_flipped_pays_only_what_the_bank_holds(monkeypatch: pytest.MonkeyPatch) -> None:
    from longhouse.games.five_tribes.data import GOLD_IN_BOX

    st = make(3, meeples={"d2": "B", "e2": "BB"})
    begin_turn(st, 0)
    st.gold = [GOLD_IN_BOX - 100 - 5, 50, 50]  # the bank holds 5
    play(st, "pick d2", "drop eB")
    assert st.gold[0] == GOLD_IN_BOX - 105 + 3 * 4  # the Builders' pay, as by default
    monkeypatch.setattr(rulings, "GOLD_BANK_UNLIMITED", False)
    st = make(3, meeples={"d2": "B", "e2": "BB"})
    begin_turn(st, 0)
    st.gold = [GOLD_IN_BOX - 100 - 5, 50, 50]
    events = play(st, "pick d2", "drop eB")
    assert st.gold[0] == GOLD_IN_BOX - 100 and sum(st.gold) == GOLD_IN_BOX
    assert any("earn 5 gold" in e.text for e in events)
