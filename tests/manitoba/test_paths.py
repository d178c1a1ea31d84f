"""Every space of the four vision paths (RULEBOOK "Vision Paths")."""

from __future__ import annotations

import pytest

from longhouse.games.manitoba import data as D
from longhouse.games.manitoba import tasks as T
from longhouse.games.manitoba.state import ManitobaState
from tests.manitoba.helpers import blank, decide, play, texts


def step(st: ManitobaState, seat: int, path: int, before: int) -> None:
    """Seat takes a passive Vision path action on ``path`` from space ``before``."""
    st.pos[seat][path] = before
    st.taken = [D.BROWN, D.GREEN, D.BEIGE, D.WHITE]
    decide(st, T.Passive(seat))
    play(st, f"vision {D.PATHS[path]}", seat=seat)


def claim(st: ManitobaState, path: int, space: int) -> None:
    st.firsts[path * 7 + space] = 1


# --- Hunter's path -----------------------------------------------------------------------------------

def test_hunter_space_1_one_point_and_a_cree_from_the_square() -> None:
    st = blank()
    step(st, 0, D.HUNTER, 0)
    assert st.pos[0][D.HUNTER] == 1 and st.score[0] == 1 and st.square[0] == D.CREE_PER_PLAYER - 2


@pytest.mark.parametrize(("space", "first", "later"), [(2, 2, 1), (3, 3, 2), (5, 4, 3)])
def test_hunter_points_higher_for_the_first_to_reach(space: int, first: int, later: int) -> None:
    st = blank()
    step(st, 0, D.HUNTER, space - 1)
    step(st, 1, D.HUNTER, space - 1)
    assert st.score[:2] == [first, later]


def test_hunter_first_to_reach_example_three_points_on_space_3() -> None:
    st = blank()
    claim(st, D.HUNTER, 2)
    step(st, 0, D.HUNTER, 2)
    assert st.score[0] == 3


def test_several_cree_may_share_a_space() -> None:
    st = blank()
    step(st, 0, D.HUNTER, 0)
    step(st, 1, D.HUNTER, 0)
    assert st.pos[0][D.HUNTER] == st.pos[1][D.HUNTER] == 1


@pytest.mark.parametrize(("path", "space", "good"), [
    (D.HUNTER, 4, D.BISON), (D.GATHERER, 4, D.BERRY), (D.WARRIOR, 4, D.HORSE), (D.SHAMAN, 3, D.CANOE)])
def test_exemption_spaces_exempt_and_give_the_first_a_wampum(path: int, space: int, good: int) -> None:
    st = blank()
    step(st, 0, path, space - 1)
    step(st, 1, path, space - 1)
    assert st.exempt(0, good) and st.exempt(1, good)
    assert st.wa[:2] == [1, 0]
    # the exemption stays when the Cree moves on (positions only grow)
    if space < D.PATH_LENGTH[path]:
        step(st, 0, path, space)
        assert st.exempt(0, good)


@pytest.mark.parametrize("path", [D.HUNTER, D.GATHERER, D.WARRIOR])
def test_space_6_gives_5_points_once(path: int) -> None:
    st = blank()
    st.wigwam[0] = 0
    step(st, 0, path, 5)
    assert st.score[0] == 5 and st.pos[0][path] == 6


def test_hunter_space_6_repeat_gives_2_points_each_time() -> None:
    st = blank()
    step(st, 0, D.HUNTER, 6)
    step(st, 0, D.HUNTER, 6)
    assert st.score[0] == 4 and st.pos[0][D.HUNTER] == 6


# --- Gatherer's path -------------------------------------------------------------------------------------

def test_gatherer_space_1_a_berry() -> None:
    st = blank()
    step(st, 0, D.GATHERER, 0)
    assert texts(st) == ["store berry", "ceremony 3", "ceremony 4"]  # the only good: taken at once
    play(st, "store berry", seat=0)
    assert st.sectors[0][D.BERRY] == [D.BERRY]


@pytest.mark.parametrize(("space", "offered"), [
    (2, ["good berry", "good horse"]), (3, ["good berry", "good canoe"]),
    (5, ["good bison", "good berry", "good horse", "good canoe", "good feather"])])
def test_gatherer_choices(space: int, offered: list[str]) -> None:
    st = blank()
    step(st, 0, D.GATHERER, space - 1)
    assert texts(st) == offered
    choice = offered[-1].split()[1]
    play(st, offered[-1], seat=0)
    sector = "bison" if choice == "feather" else choice
    play(st, f"store {sector}", seat=0)
    assert len(st.sectors[0][D.GOODS.index(sector)]) == 1


def test_gatherer_choice_limited_to_the_supply_and_wasted_when_none() -> None:
    st = blank()
    st.supply[D.HORSE] = 0
    step(st, 0, D.GATHERER, 1)
    assert texts(st) == ["store berry", "ceremony 3", "ceremony 4"]  # berry only, taken at once
    st2 = blank()
    st2.supply[D.BERRY] = 0
    step(st2, 0, D.GATHERER, 0)
    assert st2.acting() == () and st2.pos[0][D.GATHERER] == 1  # the bonus goes to waste


def test_gatherer_space_6_repeat_gives_a_berry() -> None:
    st = blank()
    step(st, 0, D.GATHERER, 6)
    play(st, "store berry", seat=0)
    assert st.sectors[0][D.BERRY] == [D.BERRY] and st.score[0] == 0


# --- Warrior's path ------------------------------------------------------------------------------------

def test_warrior_space_1_wakes_a_cree() -> None:
    st = blank()
    st.wigwam[0] = 2
    step(st, 0, D.WARRIOR, 0)
    assert st.wigwam[0] == 1


def test_warrior_space_3_scores_a_point_per_cree_woken_from_any_source() -> None:
    from longhouse.games.manitoba import goods

    st = blank()
    st.wigwam[0] = 4
    step(st, 0, D.WARRIOR, 2)
    assert st.score[0] == 0
    goods.wake(st, 0, 3)
    assert st.score[0] == 3 and st.score_breakdown()[0]["wake_ups"] == 3


def test_warrior_space_5_relocates_a_square_cree_anywhere_and_takes_the_good() -> None:
    st = blank()
    st.area_good[22] = D.FEATHER
    st.area_cree[0] = 1
    step(st, 0, D.WARRIOR, 4)
    options = texts(st)
    assert "place 0" not in options and "place 22" in options and len(options) == 24
    play(st, "place 22", "store canoe", seat=0)
    assert st.area_cree[22] == 0 and st.sectors[0][D.CANOE] == [D.FEATHER]


def test_warrior_space_6_repeat_wakes_a_cree() -> None:
    st = blank()
    st.wigwam[0] = 1
    step(st, 0, D.WARRIOR, 6)
    assert st.wigwam[0] == 0 and st.score[0] == 1  # the wake-up scores through space 3


# --- Shaman's path -------------------------------------------------------------------------------------

def test_marks_shaman_move_repeats_the_hunter_space_2_standard_bonus() -> None:
    st = blank()
    st.pos[0][D.HUNTER] = 2
    step(st, 0, D.SHAMAN, 1)
    assert texts(st) == ["repeat hunter", "pass"]
    play(st, "repeat hunter", seat=0)
    assert st.score[0] == 1


@pytest.mark.parametrize("space", [1, 2, 4])
def test_shaman_repeat_spaces(space: int) -> None:
    st = blank()
    st.pos[0][D.HUNTER] = 3
    claim(st, D.HUNTER, 3)
    step(st, 0, D.SHAMAN, space - 1)
    play(st, "repeat hunter", seat=0)
    assert st.score[0] == 2  # the lower number


def test_shaman_repeat_is_nothing_without_another_path() -> None:
    st = blank()
    step(st, 0, D.SHAMAN, 0)
    assert st.acting() == () and st.pos[0][D.SHAMAN] == 1


def test_shaman_repeat_of_a_last_space_gives_the_repeat_bonus_not_5() -> None:
    st = blank()
    st.pos[0][D.HUNTER] = 6
    step(st, 0, D.SHAMAN, 0)
    play(st, "repeat hunter", seat=0)
    assert st.score[0] == 2


def test_shaman_repeat_gives_no_wampum_and_skips_permanent_spaces() -> None:
    st = blank()
    st.pos[0][D.HUNTER] = 4
    st.pos[0][D.WARRIOR] = 2
    st.pos[0][D.GATHERER] = 3
    step(st, 0, D.SHAMAN, 0)
    assert texts(st) == ["repeat gatherer", "pass"]
    play(st, "repeat gatherer", seat=0)
    assert texts(st) == ["good berry", "good canoe"]
    assert st.wa[0] == 0


def test_shaman_repeat_of_warrior_relocation_and_wake() -> None:
    st = blank()
    st.pos[0][D.WARRIOR] = 5
    step(st, 0, D.SHAMAN, 1)
    play(st, "repeat warrior", seat=0)
    assert all(t.startswith("place") for t in texts(st))
    st2 = blank()
    st2.pos[0][D.WARRIOR] = 1
    st2.wigwam[0] = 1
    step(st2, 0, D.SHAMAN, 0)
    play(st2, "repeat warrior", seat=0)
    assert st2.wigwam[0] == 0


def test_shaman_space_5_is_the_end_no_repeat_bonus() -> None:
    st = blank()
    st.pos[0][D.SHAMAN] = 5
    st.taken = [D.WHITE]
    decide(st, T.Passive(0))
    assert "vision shaman" not in texts(st)


def test_vision_event_cannot_repeat_a_last_space() -> None:
    st = blank()
    st.pos[0] = [6, 6, 6, 5]
    decide(st, T.EventVision(0))
    assert st.acting() == ()  # nothing to do: the event passes
