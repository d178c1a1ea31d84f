"""manitou-data.md §6: the reckoning at the end of a hunt, row by row, and the rulebook's example (§6.4)."""

from __future__ import annotations

import pytest

from longhouse.games.manitou import data, rulings
from longhouse.games.manitou.fights import Card, resolve
from longhouse.games.manitou.reckoning import buffalo, pelt_robbers, score_ground

RED, BLUE, GREEN, YELLOW = 0, 1, 2, 3


# §6.1 pelt robbers -------------------------------------------------------------------------------

def test_pelt_robber_to_the_unique_highest_hunter_total() -> None:
    assert pelt_robbers([20, 31, 12, 30]) == [1]


def test_pelt_robber_tie_for_highest_each_takes_one() -> None:
    assert pelt_robbers([25, 31, 31, 30]) == [1, 2]


def test_pelt_robber_when_nobody_played_hunters_follows_the_literal_rule() -> None:
    assert rulings.PELT_ROBBER_WHEN_ALL_ZERO is True
    assert pelt_robbers([0, 0, 0]) == [0, 1, 2]


def test_pelt_robbers_count_only_hunters_across_all_grounds_in_a_game() -> None:
    from tests.manitou.helpers import new, party, select

    s = new(2, dealer=1)
    select(s, [party("10", "9", "8", "C", "M", "R", "S", "Q"), party("1", "2", "3", "C", "M", "R", "S", size=7)])
    while s.view(None)["stage"] != "score":
        seat = s.acting()[0]
        s.apply(seat, s.legal_actions(seat)[0])
    report = s.view(None)["last_hunt"]
    assert report["pelt_robbers"] == [0]
    assert report["hunter_totals"][0] > report["hunter_totals"][1]
    assert s.view(None)["players"][0]["pelt_robbers"] == 1


# §6.2 buffalo ------------------------------------------------------------------------------------

def test_buffalo_unique_highest_takes_the_more_valuable_card() -> None:
    assert buffalo([12, 5], {RED: 11, BLUE: 10, GREEN: 9}) == ([(RED, 12), (BLUE, 5)], [])


def test_buffalo_single_card_goes_to_the_unique_highest() -> None:
    assert buffalo([7], {RED: 3, BLUE: 10}) == ([(BLUE, 7)], [])


def test_buffalo_unique_second_takes_the_lesser_card() -> None:
    assert buffalo([11, 2], {RED: 3, BLUE: 10, GREEN: 4}) == ([(BLUE, 11), (GREEN, 2)], [])


def test_buffalo_only_one_player_with_hunters_takes_all() -> None:
    assert buffalo([12, 5], {GREEN: 1}) == ([(GREEN, 12), (GREEN, 5)], [])


def test_buffalo_tie_for_highest_nobody_takes_any_even_with_a_clear_third() -> None:
    assert buffalo([12, 5], {RED: 9, BLUE: 9, GREEN: 4}) == ([], [12, 5])


def test_buffalo_tie_for_second_the_lesser_card_goes_to_the_box() -> None:
    assert buffalo([12, 5], {RED: 12, BLUE: 6, GREEN: 6}) == ([(RED, 12)], [5])


def test_buffalo_no_hunters_all_cards_to_the_box() -> None:
    assert buffalo([10, 3], {}) == ([], [10, 3])


def test_buffalo_third_and_fourth_place_get_nothing() -> None:
    won, lost = buffalo([12, 5], {RED: 12, BLUE: 8, GREEN: 6, YELLOW: 4})
    assert won == [(RED, 12), (BLUE, 5)] and lost == []


def test_buffalo_two_cards_on_one_ground_never_tie_in_value() -> None:
    assert min(data.LARGE_BUFFALO) > max(data.SMALL_BUFFALO)


# §6.3 prisoners ----------------------------------------------------------------------------------

def _ground(*cards: Card) -> tuple[list[Card], list[Card]]:
    laid: list[Card] = []
    up: list[Card] = []
    for card in cards:
        laid.append(card)
        if not card.code.isdigit():
            resolve(up, card)
    return laid, up


def test_prisoners_the_controller_captures_every_opponent_card_and_keeps_its_own() -> None:
    cards, up = _ground(Card(RED, "S"), Card(RED, "4"), Card(BLUE, "C"), Card(BLUE, "7"), Card(GREEN, "2"))
    result = score_ground([10], cards, up, 3)
    assert result.controller == BLUE
    assert sorted(result.captured) == [(RED, "4"), (RED, "S"), (GREEN, "2")]
    assert result.prisoners == 3
    assert sorted(result.returned) == [(BLUE, "7"), (BLUE, "C")]


def test_prisoners_no_face_up_warrior_everyone_takes_back_their_cards() -> None:
    cards, up = _ground(Card(RED, "R"), Card(BLUE, "R"), Card(BLUE, "9"), Card(RED, "1"))
    result = score_ground([4], cards, up, 2)
    assert result.controller is None and result.prisoners == 0 and result.captured == []
    assert sorted(result.returned) == [(RED, "1"), (RED, "R"), (BLUE, "9"), (BLUE, "R")]


def test_buffalo_and_prisoners_are_scored_independently_on_the_same_cards() -> None:
    cards, up = _ground(Card(RED, "10"), Card(BLUE, "M"))
    result = score_ground([13, 2], cards, up, 2)
    assert result.buffalo_won == [(RED, 13), (RED, 2)]
    assert result.controller == BLUE and result.captured == [(RED, "10")]


def test_rulebook_example_of_a_reckoning_page_6() -> None:
    """§6.4: buffalo 12 and 5; yellow 9+2 takes the 12, green 10 (and a defeated warrior) the 5, blue 9
    nothing; red's face-up chief captures all six opponent cards. (Blue's 9 is two hunters, 4+5: the
    example counts six prisoners.)"""
    cards, up = _ground(
        Card(YELLOW, "9"), Card(YELLOW, "2"),
        Card(GREEN, "10"), Card(GREEN, "S"),
        Card(BLUE, "4"), Card(BLUE, "5"),
        Card(RED, "C"),
    )
    result = score_ground([12, 5], cards, up, 4)
    assert result.buffalo_won == [(YELLOW, 12), (GREEN, 5)]
    assert result.buffalo_lost == []
    assert result.controller == RED
    assert result.prisoners == 6
    assert result.returned == [(RED, "C")]


@pytest.mark.parametrize(("n", "layout"), [
    (2, [["large", "small"], ["small"], ["small"]]),
    (3, [["large", "small"], ["large"], ["small"]]),
    (4, [["large", "small"], ["large", "small"], ["small"]]),
])
def test_hunting_ground_layout_per_player_count(n: int, layout: list[list[str]]) -> None:
    from tests.manitou.helpers import new

    grounds = new(n).view(None)["grounds"]
    assert [[b["size"] for b in g["buffalo"]] for g in grounds] == layout


@pytest.mark.parametrize("unlimited", [True, False])
def test_the_pelt_robber_supply_switch(monkeypatch: pytest.MonkeyPatch, unlimited: bool) -> None:
    """Ruling PELT_ROBBER_SUPPLY_UNLIMITED: with a limited supply, once the 7 cards are out nobody takes one."""
    from longhouse.engine import Rng
    from longhouse.games.manitou import GAME, hunt

    monkeypatch.setattr(hunt, "PELT_ROBBER_SUPPLY_UNLIMITED", unlimited)
    state = GAME.new_state(2, 5)
    state.players[0].pelt_robbers = rulings.PELT_ROBBER_CARDS  # every card is already out
    rng = Rng(5)
    while state.hunt == 1 and state.phase != "score":
        seat = state.acting()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    given = sum(p.pelt_robbers for p in state.players) - rulings.PELT_ROBBER_CARDS
    assert given >= 1 if unlimited else given == 0
