"""Each ruling lives in one place: flipping its constant in rulings.py changes the behaviour."""

from __future__ import annotations

import pytest

from longhouse.games.five_tribes import rulings
from longhouse.games.five_tribes.state import PICK

from .helpers import begin_turn, give_cards, give_djinn, give_pool, make, play, texts


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
    st = make(3, meeples={"a3": "R", "b3": "R", "c3": "YW"})
    give_djinn(st, 0, "Iblis")
    give_djinn(st, 1, "Nekir")
    begin_turn(st, 0)
    give_pool(st, 0, elders=1)
    gold = st.gold[1]
    play(st, "power Iblis E", "pick a3", "drop eR", "kill c3 Y", "kill c3 W")
    assert st.gold[1] == gold + 2


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
