"""manitou-data.md §5 (warrior resolution) row by row, and §7.1, §7.2, §7.4, through real games."""

from __future__ import annotations

import pytest

from longhouse.engine import IllegalAction
from longhouse.games.manitou.actions import PLAYS
from tests.manitou.helpers import new, party, play, select


def ground_state(state, g: int):  # type: ignore[no-untyped-def]
    view = state.view(None)["grounds"][g - 1]
    return view["controller"], [[(c["code"], c.get("face_up", True)) for c in lane] for lane in view["lanes"]]


def two_player(hand0: list[str], hand1: list[str]):  # type: ignore[no-untyped-def]
    # dealer seat 1: seat 0 starts; seat 0 picks 8, seat 1 picks 7
    state = new(2, dealer=1)
    select(state, [party(*hand0), party(*hand1, size=7)])
    return state


def test_row_empty_ground_the_warrior_takes_control() -> None:
    s = two_player(["S", "1", "2"], ["1", "2", "3"])
    play(s, 0, "S", 1)
    assert ground_state(s, 1) == (0, [[("S", True)], []])


def test_row_own_single_warrior_is_protected() -> None:
    s = two_player(["S", "M", "2"], ["1", "2", "3"])
    play(s, 0, "S", 1)
    play(s, 1, "1", 2)
    play(s, 0, "M", 1)
    controller, lanes = ground_state(s, 1)
    assert controller == 0 and lanes[0] == [("S", True), ("M", True)]
    lane = s.view(None)["grounds"][0]["lanes"][0]
    assert lane[0]["protected"] is True and lane[1]["protected"] is False


def test_row_own_two_face_up_warriors_a_third_is_illegal() -> None:
    s = two_player(["S", "M", "R", "1"], ["1", "2", "3", "4"])
    play(s, 0, "S", 1)
    play(s, 1, "1", 2)
    play(s, 0, "M", 1)
    play(s, 1, "2", 2)
    assert PLAYS["R", 0] not in s.legal_actions(0)
    assert PLAYS["R", 1] in s.legal_actions(0)
    before = s.to_json()
    with pytest.raises(IllegalAction):
        play(s, 0, "R", 1)
    assert s.to_json() == before


def test_row_newcomer_beats_the_single_warrior_and_takes_control() -> None:
    s = two_player(["M", "1", "2"], ["C", "1", "2"])
    play(s, 0, "M", 1)
    play(s, 1, "C", 1)
    assert ground_state(s, 1) == (1, [[("M", False)], [("C", True)]])


def test_row_single_warrior_beats_the_newcomer_who_is_turned_down() -> None:
    s = two_player(["C", "1", "2"], ["M", "1", "2"])
    play(s, 0, "C", 1)
    play(s, 1, "M", 1)
    assert ground_state(s, 1) == (0, [[("C", True)], [("M", False)]])


def test_row_same_type_cancels_both_and_nobody_controls() -> None:
    s = two_player(["R", "1", "2"], ["R", "S", "2"])
    play(s, 0, "R", 1)
    play(s, 1, "R", 1)
    assert ground_state(s, 1) == (None, [[("R", False)], [("R", False)]])
    play(s, 0, "1", 2)
    play(s, 1, "S", 1)  # rule 7.1: the ground is open again for anyone
    assert ground_state(s, 1)[0] == 1


def test_row_sacrifice_beating_the_protector() -> None:
    # the rulebook's example: a rain maker protected by a chief; a squaw is sacrificed to remove the chief
    s = two_player(["R", "C", "1"], ["Q", "M", "2"])
    play(s, 0, "R", 1)
    play(s, 1, "2", 2)
    play(s, 0, "C", 1)
    play(s, 1, "Q", 1)
    assert ground_state(s, 1) == (0, [[("R", True), ("C", False)], [("Q", False)]])
    play(s, 0, "1", 3)
    play(s, 1, "M", 1)  # the rain maker is open now; the medicine man beats it
    assert ground_state(s, 1) == (1, [[("R", False), ("C", False)], [("Q", False), ("M", True)]])


def test_row_sacrifice_with_an_equal_warrior_rule_7_2() -> None:
    # rulebook example, second way: sacrificing one's own chief against the protecting chief
    s = two_player(["R", "C", "1"], ["C", "2", "3"])
    play(s, 0, "R", 1)
    play(s, 1, "2", 2)
    play(s, 0, "C", 1)
    play(s, 1, "C", 1)
    assert ground_state(s, 1) == (0, [[("R", True), ("C", False)], [("C", False)]])


def test_row_the_protector_beats_the_attacker() -> None:
    s = two_player(["S", "C", "1"], ["M", "2", "3"])
    play(s, 0, "S", 1)
    play(s, 1, "2", 2)
    play(s, 0, "C", 1)
    play(s, 1, "M", 1)  # the chief (top) beats the medicine man; nothing else changes
    assert ground_state(s, 1) == (0, [[("S", True), ("C", True)], [("M", False)]])


def test_only_the_top_warrior_counts_for_a_sacrifice() -> None:
    # the scout (bottom) would lose to a rain maker, but the top medicine man beats it
    s = two_player(["S", "M", "1"], ["R", "2", "3"])
    play(s, 0, "S", 1)
    play(s, 1, "2", 2)
    play(s, 0, "M", 1)
    play(s, 1, "R", 1)
    assert ground_state(s, 1) == (0, [[("S", True), ("M", True)], [("R", False)]])


def test_rule_7_4_a_defender_may_re_protect_after_losing_its_protector() -> None:
    # face-down warriors do not count toward the two: a third warrior of the same seat is legal
    s = two_player(["S", "M", "Q"], ["C", "2", "3"])
    play(s, 0, "S", 1)
    play(s, 1, "2", 2)
    play(s, 0, "M", 1)
    play(s, 1, "C", 1)  # chief beats the protecting medicine man: both down
    assert PLAYS["Q", 0] in s.legal_actions(0)
    play(s, 0, "Q", 1)
    controller, lanes = ground_state(s, 1)
    assert controller == 0 and lanes[0] == [("S", True), ("M", False), ("Q", True)]


def test_the_defender_may_re_protect_before_the_second_attack() -> None:
    s = two_player(["S", "M", "R"], ["C", "Q", "3"])
    play(s, 0, "S", 1)
    play(s, 1, "3", 2)
    play(s, 0, "M", 1)
    play(s, 1, "C", 1)  # sacrifice: medicine man and chief down
    play(s, 0, "R", 1)  # a new protector on top of the scout
    play(s, 1, "Q", 1)  # the squaw loses to the rain maker (top)
    controller, lanes = ground_state(s, 1)
    assert controller == 0 and lanes[0] == [("S", True), ("M", False), ("R", True)]


def test_losing_warriors_may_be_played() -> None:
    s = two_player(["C", "1", "2"], ["M", "1", "2"])
    play(s, 0, "C", 1)
    assert PLAYS["M", 0] in s.legal_actions(1)


def test_fight_events_tell_the_story_in_words() -> None:
    s = two_player(["S", "1", "2"], ["R", "1", "2"])
    play(s, 0, "S", 1)
    events = s.apply(1, PLAYS["R", 0])
    assert str(events[0].text) == "Blue plays the rain maker on hunting ground 1 — Red's scout is defeated"


def test_ruling_forced_warrior_face_down_when_no_ground_takes_one() -> None:
    """Found by random play (3p seed 664): only warriors in hand, two face-up warriors of one's own on every
    ground, and passing is not allowed. Our ruling: the warrior is laid face down on any ground."""
    from longhouse.games.manitou import GAME

    s = two_player(["1", "2", "3"], ["1", "2", "3"])
    data = s.to_json()
    data["players"][0]["hand"] = ["M"]
    data["players"][0]["pile"] = []
    for g in data["grounds"]:
        g["cards"] = [[0, "C", True], [0, "R", True]]
        g["up"] = [0, 1]
    s = GAME.state_from_json(data)
    assert s.legal_actions(0) == [PLAYS["M", 0], PLAYS["M", 1], PLAYS["M", 2]]
    events = s.apply(0, PLAYS["M", 1])
    assert "face down" in events[0].text
    controller, lanes = ground_state(s, 2)
    assert controller == 0 and lanes[0] == [("C", True), ("R", True), ("M", False)]


def test_ruling_forced_face_down_is_not_offered_while_another_play_exists() -> None:
    from longhouse.games.manitou import GAME

    s = two_player(["1", "2", "3"], ["1", "2", "3"])
    data = s.to_json()
    data["players"][0]["hand"] = ["M", "4"]
    for g in data["grounds"]:
        g["cards"] = [[0, "C", True], [0, "R", True]]
        g["up"] = [0, 1]
    s = GAME.state_from_json(data)
    assert s.legal_actions(0) == [PLAYS["4", 0], PLAYS["4", 1], PLAYS["4", 2]]
    with pytest.raises(IllegalAction):
        s.apply(0, PLAYS["M", 0])
