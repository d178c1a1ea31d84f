"""The totem, the active player's actions and the passive players' actions (RULEBOOK "1. Actions")."""

from __future__ import annotations

import pytest

from longhouse.engine.errors import IllegalAction
from longhouse.games.manitoba import data as D
from longhouse.games.manitoba import flow
from longhouse.games.manitoba import tasks as T
from longhouse.games.manitoba.state import ManitobaState
from tests.manitoba.helpers import GAME, blank, decide, play, texts

GREEN_BEIGE_BROWN_WHITE_BLUE = [D.GREEN, D.BEIGE, D.BROWN, D.WHITE, D.BLUE]


def round_without_end(n: int = 4, totem: list[int] | None = None) -> ManitobaState:
    """A blank state at the active player's totem choice (seat 0), passive tasks below it."""
    st = blank(n)
    st.totem = list(totem or GREEN_BEIGE_BROWN_WHITE_BLUE)
    st.active = 0
    for seat in range(n - 1, 0, -1):
        st.tasks.append(T.Passive(seat))
    decide(st, T.Totem(0))
    return st


def test_henrys_totem_example_brown_with_beige_and_green_on_top() -> None:
    st = round_without_end()
    play(st, "take brown", seat=0)
    assert st.taken == [D.BROWN, D.BEIGE, D.GREEN]  # turned over: brown now on top
    assert st.rest == [D.WHITE, D.BLUE]  # kept next to the village


def test_henrys_vision_example_first_to_enter_hunter_space_3_scores_3() -> None:
    st = round_without_end()
    st.pos[0][D.HUNTER] = 2
    st.firsts[D.HUNTER * 7 + 2] = 1
    play(st, "take brown", "vision hunter", seat=0)
    assert st.pos[0][D.HUNTER] == 3 and st.score[0] == 3


def test_henrys_wake_up_example_three_disks_wake_three_cree() -> None:
    st = round_without_end()
    st.square[0] = 0
    st.wigwam[0] = 4
    play(st, "wakeup 3", seat=0)
    assert st.taken == [D.BROWN, D.BEIGE, D.GREEN]
    assert texts(st) == ["wake 1", "wake 2", "wake 3", "end"]
    play(st, "wake 3", seat=0)
    assert st.wigwam[0] == 1 and st.square[0] == 3
    assert st.acting() == (1,)  # the turn ends: wake-up excludes the other actions


def test_wake_up_may_take_more_disks_than_cree_woken() -> None:
    st = round_without_end()
    st.wigwam[0] = 1
    play(st, "wakeup 5", seat=0)
    assert texts(st) == ["wake 1", "end"]


def test_julia_example_the_totem_is_rebuilt_without_turning_and_passed_left() -> None:
    st = round_without_end(totem=[0, 1, 2, 3, 4])
    play(st, "take beige", "end", seat=0)
    assert st.taken == [2, 1, 0] and st.rest == [3, 4]
    st.tasks = []
    flow.advance(st)  # the eagle head moves, the totem passes
    assert st.totem == [3, 4, 2, 1, 0]
    assert st.active == 1 and st.acting() == (1,)


def test_active_player_must_still_choose_a_disk_even_to_do_nothing() -> None:
    st = round_without_end()
    assert set(texts(st)) == {"take green", "take beige", "take brown", "take white", "take blue", "wakeup 1",
                              "wakeup 2", "wakeup 3", "wakeup 4", "wakeup 5"}
    play(st, "take green", "end", seat=0)
    assert st.taken == [D.GREEN] and st.acting() == (1,)


def test_each_active_action_at_most_once_in_any_order() -> None:
    st = round_without_end()
    st.area_cree[9] = 0  # hills of tile 2, next to the forest 8
    play(st, "take green", "vision gatherer", "store berry", seat=0)
    assert "vision gatherer" not in texts(st)
    assert "place 0" in texts(st) and "move 9 8" in texts(st)
    st.area_good[8] = D.BERRY
    play(st, "move 9 8", "store berry", seat=0)
    assert st.acting() == (1,)  # nothing left: the turn ended by itself


def test_blue_gives_only_a_territory_action() -> None:
    st = round_without_end(totem=[D.BLUE, 0, 1, 2, 4])
    play(st, "take blue", seat=0)
    assert not any(t.startswith("vision") for t in texts(st))
    assert {t for t in texts(st) if t.startswith("place")} == {f"place {a}" for a in st.terr.areas_of[D.LAKE]}


def test_active_territory_targets_the_chosen_landscape_place_anywhere_move_adjacent() -> None:
    st = round_without_end()
    st.area_cree[2] = 0  # prairie of tile 1
    st.area_cree[6] = 1  # another player's Cree on prairie 6
    play(st, "take brown", seat=0)
    places = {t for t in texts(st) if t.startswith("place")}
    assert places == {"place 14", "place 18", "place 20"}  # any free prairie, no adjacency needed
    moves = {t for t in texts(st) if t.startswith("move")}
    assert moves == set()  # area 2's neighbours 0, 1, 3, 4 are no prairies
    st.area_cree[2] = -1
    st.area_cree[13] = 0  # lake of tile 3, next to prairie 14
    st.legal = []
    st.tasks[-1] = T.Active(0, D.BROWN, -1, 0)
    flow.run(st)
    assert {t for t in texts(st) if t.startswith("move")} == {"move 13 14"}


def test_no_cree_on_the_square_means_no_placement() -> None:
    st = round_without_end()
    st.square[0] = 0
    play(st, "take brown", seat=0)
    assert st.acting() == (1,)  # no Cree to place or send on a path: the turn ends by itself


def test_passive_example_choices_among_the_disks_in_the_village() -> None:
    st = round_without_end()
    play(st, "take brown", "end", seat=0)
    assert st.acting() == (1,)
    options = texts(st)
    assert {t for t in options if t.startswith("vision")} == {"vision hunter", "vision gatherer", "vision warrior"}
    places = {int(t.split()[1]) for t in options if t.startswith("place")}
    lands = {st.terr.land[a] for a in places}
    assert lands == {D.FOREST, D.HILLS, D.PRAIRIE}
    assert "pass" in options


def test_passive_players_act_clockwise_from_the_active_players_left() -> None:
    st = round_without_end()
    play(st, "take brown", "end", seat=0)
    order: list[int] = []
    while st.acting():
        order.append(st.acting()[0])
        play(st, "pass")
    assert order == [1, 2, 3]


def test_passive_placement_must_be_adjacent_to_an_own_cree() -> None:
    st = round_without_end()
    st.area_cree[2] = 1  # seat 1 on the prairie of tile 1
    play(st, "take brown", "end", seat=0)
    places = {t for t in texts(st) if t.startswith("place")}
    # free areas of forest/hills/prairie next to area 2 (neighbours 0 forest, 1 lake, 3 hills, 4 mountain)
    assert places == {"place 0", "place 3"}


def test_passive_adjacency_waived_without_cree_on_territory_and_by_warrior_space_2() -> None:
    st = round_without_end()
    play(st, "take brown", "end", seat=0)
    free = {t for t in texts(st) if t.startswith("place")}
    assert len(free) == 15  # every forest, hills and prairie area
    st2 = round_without_end()
    st2.area_cree[2] = 1
    st2.pos[1][D.WARRIOR] = 2
    play(st2, "take brown", "end", seat=0)
    assert len({t for t in texts(st2) if t.startswith("place")}) == 14  # all but the occupied one


def test_passive_move_needs_an_adjacent_area_of_a_taken_colour() -> None:
    st = round_without_end()
    st.area_cree[1] = 1  # lake of tile 1; neighbours 0 forest, 2 prairie
    st.pos[1][D.WARRIOR] = 2
    play(st, "take brown", "end", seat=0)
    assert {t for t in texts(st) if t.startswith("move")} == {"move 1 0", "move 1 2"}


def test_passive_player_takes_one_action_only() -> None:
    st = round_without_end()
    play(st, "take brown", "end", seat=0)
    play(st, "vision hunter", seat=1)
    assert st.acting() == (2,) and st.pos[1][D.HUNTER] == 1


def test_passive_player_cannot_use_disks_beside_the_village() -> None:
    st = round_without_end()
    play(st, "take brown", "end", seat=0)
    assert "vision shaman" not in texts(st)
    with pytest.raises(IllegalAction):
        st.apply(1, GAME.action_from_text("vision shaman"))


def test_one_cree_per_area_and_vision_path() -> None:
    st = round_without_end()
    st.area_cree[0] = 2
    play(st, "take green", seat=0)
    assert "place 0" not in texts(st)


def test_r5_several_passive_players_may_use_the_same_disk_even_the_chosen_one() -> None:
    st = round_without_end()
    play(st, "take green", "end", seat=0)  # only the green disk lies in the village
    forests = st.terr.areas_of[D.FOREST]
    play(st, f"place {forests[0]}", seat=1)
    assert f"place {forests[1]}" in texts(st)
    play(st, f"place {forests[1]}", seat=2)
    play(st, "vision gatherer", seat=3)
    assert st.area_cree[forests[0]] == 1 and st.area_cree[forests[1]] == 2 and st.pos[3][D.GATHERER] == 1


def test_r5_a_blue_disk_in_the_village_gives_passive_players_only_a_territory_action_in_lakes() -> None:
    st = round_without_end(totem=[D.BLUE, D.WHITE, D.BROWN, D.GREEN, D.BEIGE])
    play(st, "take blue", "end", seat=0)
    assert st.taken == [D.BLUE]
    options = texts(st)
    assert not any(t.startswith("vision") for t in options)
    assert {t for t in options if t.startswith("place")} == {f"place {a}" for a in st.terr.areas_of[D.LAKE]}


def test_passive_players_choose_among_the_disks_of_a_wake_up_stack() -> None:
    st = round_without_end()  # totem green, beige, brown, white, blue
    st.wigwam[0] = 1
    play(st, "wakeup 2", "end", seat=0)
    assert st.taken == [D.BEIGE, D.GREEN]
    assert {t for t in texts(st) if t.startswith("vision")} == {"vision gatherer", "vision warrior"}


def test_wake_up_action_with_warrior_space_3_scores_a_point_per_cree_woken() -> None:
    st = round_without_end()
    st.wigwam[0] = 3
    st.pos[0][D.WARRIOR] = 3
    play(st, "wakeup 4", seat=0)
    assert {t for t in texts(st) if t.startswith("wake ")} == {"wake 1", "wake 2", "wake 3"}
    play(st, "wake 3", seat=0)
    assert st.wigwam[0] == 0 and st.score[0] == 3 and st.score_breakdown()[0]["wake_ups"] == 3
    assert st.acting() == (1,)  # the Wake-up action excludes Territory and Vision path: the turn is over


def test_ruling_single_choice_decisions_are_taken_automatically() -> None:
    st = round_without_end(n=2)
    st.square[1] = 0  # seat 1 has nothing to do but pass
    play(st, "take green", "vision gatherer", seat=0)
    assert texts(st) == ["store berry", "ceremony 3", "ceremony 4"]
    play(st, "store berry", seat=0)
    forests = st.terr.areas_of[D.FOREST]
    play(st, f"place {forests[0]}", seat=0)  # the forest was empty: no good; END is the only choice left
    assert st.acting() == () and st.tasks == []  # END and the passive seat's PASS were taken for them
