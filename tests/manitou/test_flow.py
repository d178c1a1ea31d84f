"""manitou-data.md §4 (flow), §7 (edge cases) and §8 (end of game) through whole games."""

from __future__ import annotations

import pytest

from longhouse.engine import IllegalAction, Rng
from longhouse.games.manitou import GAME, ManitouState
from longhouse.games.manitou.actions import DONE, OK, PICKS
from tests.manitou.helpers import new, party, play, select


def play_hunt(state: ManitouState, rng: Rng) -> None:
    """Random plays until the hunt is over (selection must be done)."""
    phase = state.view(None)["stage"]
    assert phase == "hunt"
    while state.view(None)["stage"] == "hunt":
        seat = state.acting()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def random_selection(state: ManitouState, rng: Rng) -> None:
    while state.view(None)["stage"] == "select":
        seat = state.acting()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def confirm_all(state: ManitouState) -> None:
    for seat in list(state.acting()):
        state.apply(seat, DONE)


def dealers_over_a_game(n: int, first: int) -> list[int]:
    s = new(n, dealer=first)
    rng = Rng(7)
    dealers = []
    for hunt in range(3):
        dealers.append(s.view(None)["dealer"])
        random_selection(s, rng)
        play_hunt(s, rng)
        if hunt < 2:
            confirm_all(s)
    assert s.is_over()
    return dealers


def test_rule_7_9_dealer_passes_left_and_the_start_player_is_left_of_the_dealer() -> None:
    assert dealers_over_a_game(4, 2) == [2, 3, 0]
    s = new(4, dealer=2)
    assert s.view(None)["start_player"] == 3


def test_two_players_the_first_dealer_deals_hunts_1_and_3() -> None:
    assert dealers_over_a_game(2, 1) == [1, 0, 1]


def test_three_players_each_deals_once() -> None:
    assert sorted(dealers_over_a_game(3, 0)) == [0, 1, 2]


def test_four_players_one_player_never_deals() -> None:
    assert len(set(dealers_over_a_game(4, 0))) == 3


def test_first_dealer_is_drawn_by_the_seed_when_not_fixed() -> None:
    dealers = {GAME.new_state(4, seed).view(None)["dealer"] for seed in range(40)}
    assert dealers == {0, 1, 2, 3}


def test_selection_is_simultaneous_eight_cards_and_the_dealer_seven() -> None:
    s = new(3, dealer=1)
    assert s.acting() == (0, 1, 2)
    assert s.view(0)["you"]["must_pick"] == 8 and s.view(1)["you"]["must_pick"] == 7
    for code in party(size=7):
        s.apply(1, PICKS[code])
    assert s.legal_actions(1) == [OK]  # exactly 7: only OK remains
    for code in party(size=7):
        s.apply(0, PICKS[code])
    with pytest.raises(IllegalAction):
        s.apply(0, OK)  # 7 of 8: not yet
    s.apply(1, OK)
    assert s.acting() == (0, 2)


def test_rule_7_11_a_pick_can_be_taken_back_before_ok_but_not_after() -> None:
    s = new(2, dealer=1)
    for code in ["C", "5", "7"]:
        s.apply(0, PICKS[code])
    assert s.undo_steps(0) == 3
    s.undo(0, 1)  # take back the 5
    assert s.view(0)["you"]["selection"] == ["C", "7"]
    for code in party("C", "7")[2:]:
        s.apply(0, PICKS[code])
    s.apply(0, OK)
    assert s.undo_steps(0) == 0
    with pytest.raises(IllegalAction):
        s.undo(0)


def test_a_card_can_only_be_picked_as_often_as_the_reserve_holds_it() -> None:
    s = new(2, dealer=1)
    s.apply(0, PICKS["C"])
    s.apply(0, PICKS["C"])
    assert PICKS["C"] not in s.legal_actions(0)
    assert PICKS["5"] in s.legal_actions(0)
    with pytest.raises(IllegalAction):
        s.apply(0, PICKS["C"])


def test_hand_of_three_refilled_from_the_pile_after_each_play() -> None:
    s = new(2, dealer=1)
    select(s, [party("10", "9", "8", "7", "6"), party("1", "2", "3", size=7)])
    you = s.view(0)["you"]
    assert sorted(you["hand"]) == ["10", "8", "9"] and you["pile_size"] == 5
    play(s, 0, "10", 1)
    you = s.view(0)["you"]
    assert sorted(you["hand"]) == ["7", "8", "9"] and you["pile_size"] == 4


def test_passing_is_not_allowed_and_only_the_seat_to_play_may_act() -> None:
    s = new(2, dealer=1)
    select(s, [party(), party(size=7)])
    assert s.acting() == (0,)
    assert s.legal_actions(1) == []
    with pytest.raises(IllegalAction):
        play(s, 1, "1", 1)


def test_rule_7_5_the_eighth_card_goes_back_to_the_reserve_unrevealed() -> None:
    s = new(3, dealer=2)
    rng = Rng(3)
    select(s, [party(), party(), party(size=7)])
    sizes = [p["reserve_size"] for p in s.view(None)["players"]]
    assert sizes == [13, 13, 14]
    play_hunt(s, rng)
    v = s.view(None)
    assert all(p["hand_size"] == 0 and p["pile_size"] == 0 for p in v["players"])
    assert all(p["played"] == 7 for p in v["players"])
    returned = [e for e in v["last_hunt"]["grounds"] for _ in e["returned"]]
    assert returned is not None
    # each seat holds its reserve + the 8th card + the cards its grounds gave back
    for seat, p in enumerate(v["players"]):
        back = sum(1 for g in v["last_hunt"]["grounds"] for r in g["returned"] if r["seat"] == seat)
        eighth = 0 if seat == 2 else 1
        assert p["reserve_size"] == sizes[seat] + eighth + back


def test_the_hunt_ends_when_everyone_has_played_seven_and_waits_for_every_confirmation() -> None:
    s = new(4, dealer=0)
    rng = Rng(11)
    random_selection(s, rng)
    turns = 0
    while s.view(None)["stage"] == "hunt":
        seat = s.acting()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
        turns += 1
    assert turns == 28
    assert s.view(None)["stage"] == "score" and s.acting() == (0, 1, 2, 3)
    s.apply(2, DONE)
    assert s.acting() == (0, 1, 3) and s.view(None)["players"][2]["ready"] is True
    for seat in (0, 1, 3):
        s.apply(seat, DONE)
    v = s.view(None)
    assert v["stage"] == "select" and v["hunt"] == 2 and v["dealer"] == 1


def test_rule_7_6_every_reserve_holds_at_least_seven_before_the_third_hunt() -> None:
    for seed in range(40):
        s = GAME.new_state(2 + seed % 3, seed)
        rng = Rng(seed)
        for _ in range(2):
            random_selection(s, rng)
            play_hunt(s, rng)
            confirm_all(s)
        assert all(p["reserve_size"] >= 7 for p in s.view(None)["players"])


def test_rule_7_7_a_player_with_exactly_seven_cards_selects_all_seven() -> None:
    s = new(2, dealer=0)
    # a snapshot where seat 1 (not dealing) has lost 14 cards before the third hunt
    data = s.to_json()
    data["hunt"] = 3
    data["players"][1]["reserve"] = [1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0]
    s = GAME.state_from_json(data)
    assert s.view(1)["you"]["must_pick"] == 7
    for code in ["1", "2", "3", "4", "5", "6", "7"]:
        s.apply(1, PICKS[code])
    assert s.legal_actions(1) == [OK]
    for code in party(size=7):
        s.apply(0, PICKS[code])
    s.apply(0, OK)
    s.apply(1, OK)
    rng = Rng(2)
    play_hunt(s, rng)
    assert s.is_over()
    assert s.view(None)["players"][1]["played"] == 7


def test_rule_7_8_a_tie_for_the_most_points_is_a_shared_victory() -> None:
    s = new(2)
    data = s.to_json()
    data["phase"] = "over"
    data["players"][0]["buffalo"] = [12, 3]
    data["players"][1]["buffalo"] = [10]
    data["players"][1]["prisoners"] = 5
    s = GAME.state_from_json(data)
    assert s.scores() == [15, 15] and s.winners() == [0, 1]


def test_final_score_buffalo_plus_prisoners_minus_ten_per_pelt_robber() -> None:
    s = new(3)
    data = s.to_json()
    data["phase"] = "over"
    data["players"][0].update(buffalo=[13, 4], prisoners=6, pelt_robbers=2)
    s = GAME.state_from_json(data)
    assert s.scores()[0] == 13 + 4 + 6 - 20
    assert s.score_breakdown()[0] == {"buffalo": 17, "prisoners": 6, "pelt_robbers": -20, "total": 3}


def test_captured_cards_leave_the_game_for_good() -> None:
    s = new(2, dealer=1)
    # seat 1 controls ground 1 with a chief; seat 0's hunters there become prisoners
    select(s, [party("10", "9", "8", "7", "6", "5", "4", "3"), party("C", "1", "2", "3", "4", "5", "6", size=7)])
    play(s, 0, "10", 1)
    play(s, 1, "C", 1)
    rng = Rng(5)
    while s.view(None)["stage"] == "hunt":
        seat = s.acting()[0]
        hunter_moves = [a for a in s.legal_actions(seat) if a.ground != 0]  # type: ignore[attr-defined]
        s.apply(seat, rng.choice(hunter_moves))
    report = s.view(None)["last_hunt"]["grounds"][0]
    assert report["controller"] == 1 and {"seat": 0, "card": "10"} in report["captured"]
    assert "10" not in s.view(0)["you"]["reserve"]
    assert s.view(None)["players"][1]["prisoners"] >= 1


def test_buffalo_are_never_replenished_and_four_players_use_the_whole_large_pile() -> None:
    s = new(4, dealer=0)
    rng = Rng(1)
    seen: list[int] = []
    for hunt in range(3):
        seen += [b["value"] for g in s.view(None)["grounds"] for b in g["buffalo"]]
        random_selection(s, rng)
        play_hunt(s, rng)
        if hunt < 2:
            confirm_all(s)
    assert sorted(v for v in seen if v >= 9) == [9, 10, 10, 11, 12, 13]
    assert len([v for v in seen if v < 9]) == 9


def test_setup_fixes_the_buffalo_order() -> None:
    s = new(2, large=[13, 12, 11, 10, 10, 9], small=[7, 6, 5, 5, 4, 4, 3, 2, 2, 1])
    assert [[b["value"] for b in g["buffalo"]] for g in s.view(None)["grounds"]] == [[13, 7], [6], [5]]


@pytest.mark.parametrize("setup", [
    {"dealer": 4},
    {"dealer": "x"},
    {"buffalo": {"large": [1, 2], "small": []}},
    {"buffalo": {"large": [9, 10, 10, 11, 12, 13]}},
    {"pile_order": "sorted"},
    {"colour": "red"},
])
def test_inconsistent_setup_is_refused(setup: dict[str, object]) -> None:
    from longhouse.engine import SetupError

    with pytest.raises(SetupError):
        GAME.new_state(2, 1, setup)


@pytest.mark.parametrize("n", [1, 5, 0])
def test_player_counts_outside_two_to_four_are_refused(n: int) -> None:
    from longhouse.engine import SetupError

    with pytest.raises(SetupError):
        GAME.new_state(n, 1)
