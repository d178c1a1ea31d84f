"""Every event symbol (RULEBOOK appendix "Events"; card contents ASSUMED, data §6)."""

from __future__ import annotations

from longhouse.games.manitoba import data as D
from longhouse.games.manitoba import events, flow
from longhouse.games.manitoba.state import ManitobaState
from tests.manitoba.helpers import blank, play, texts

GOOD_BERRY_BISON, GOOD_HORSE_CANOE, VISION, MOVE, CREE_PTS, RECALL = range(6)
LAKE_PTS, MAJORITY, LOSE_FEATHER = 9, 10, 11
CONTIG = 15


def event(st: ManitobaState, card: int) -> None:
    events.resolve(st, card)
    flow.run(st)


def test_events_go_in_order_from_the_active_player() -> None:
    st = blank(3)
    st.active = 1
    event(st, GOOD_BERRY_BISON)
    order: list[int] = []
    while st.acting():
        seat = st.acting()[0]
        order.append(seat)
        play(st, "pass")
    assert order == [1, 2, 0]


def test_good_event_offers_the_goods_on_the_card_and_may_be_passed() -> None:
    st = blank(2)
    event(st, GOOD_HORSE_CANOE)
    assert texts(st) == ["good horse", "good canoe", "pass"]
    play(st, "good canoe", "store canoe", seat=0)
    assert st.sectors[0][D.CANOE] == [D.CANOE]
    play(st, "pass", seat=1)
    assert st.acting() == ()


def test_good_event_with_a_good_missing_offers_the_other_and_none_when_both_missing() -> None:
    st = blank(2)
    st.supply[D.HORSE] = 0
    event(st, GOOD_HORSE_CANOE)
    assert texts(st) == ["good canoe", "pass"]
    st2 = blank(2)
    st2.supply[D.HORSE] = st2.supply[D.CANOE] = 0
    event(st2, GOOD_HORSE_CANOE)
    assert st2.acting() == ()


def test_vision_event_places_or_advances_with_bonus_and_first_bonus() -> None:
    st = blank(2)
    st.pos[0][D.HUNTER] = 2
    st.square[1] = 0
    event(st, VISION)
    assert texts(st) == ["vision hunter", "vision gatherer", "vision warrior", "vision shaman", "pass"]
    play(st, "vision hunter", seat=0)
    assert st.pos[0][D.HUNTER] == 3 and st.score[0] == 3
    assert st.acting() == ()  # seat 1 has no Cree to send: nothing to choose


def test_move_event_moves_to_any_adjacent_free_area_and_takes_the_good() -> None:
    st = blank(2)
    st.area_cree[2] = 0
    st.area_cree[3] = 1
    st.area_good[4] = D.FEATHER
    event(st, MOVE)
    assert texts(st) == ["move 2 0", "move 2 1", "move 2 4", "pass"]
    play(st, "move 2 4", "store bison", seat=0)
    assert st.area_cree[4] == 0 and st.area_good[4] == -1 and st.sectors[0][D.BISON] == [D.FEATHER]
    assert texts(st) == ["move 3 2", "move 3 5", "pass"]


def test_recall_event_is_compulsory_and_lets_the_player_choose_the_cree() -> None:
    st = blank(2)
    st.area_cree[2] = 0
    st.area_cree[7] = 0
    event(st, RECALL)
    assert texts(st) == ["recall 2", "recall 7"]
    play(st, "recall 7", seat=0)
    assert st.area_cree[7] == -1 and st.wigwam[0] == 1
    assert st.acting() == ()  # seat 1 has none on the territory


def test_lose_feather_event_removes_one_storage_feather_closing_the_gap_not_ceremonial() -> None:
    st = blank(2)
    st.sectors[0][D.BISON] = [D.BISON, D.FEATHER, D.BISON]
    st.sectors[0][D.CANOE] = [D.FEATHER]
    st.cere[0][0] = [D.FEATHER]
    st.cere[1][0] = [D.FEATHER]
    feathers = st.supply[D.FEATHER]
    event(st, LOSE_FEATHER)
    assert texts(st) == ["drop bison", "drop canoe"]
    play(st, "drop bison", seat=0)
    assert st.sectors[0][D.BISON] == [D.BISON, D.BISON]
    assert st.cere[0][0] == [D.FEATHER] and st.cere[1][0] == [D.FEATHER]
    assert st.supply[D.FEATHER] == feathers + 1
    assert st.acting() == ()


def test_cree_points_event_one_per_cree_on_the_territory() -> None:
    st = blank(3)
    st.area_cree[0] = st.area_cree[5] = 0
    st.area_cree[10] = 2
    event(st, CREE_PTS)
    assert st.score == [2, 0, 1] and st.score_breakdown()[0]["events"] == 2


def test_lake_points_event_two_per_cree_on_a_lake() -> None:
    st = blank(2)
    lakes = st.terr.areas_of[D.LAKE]
    st.area_cree[lakes[0]] = st.area_cree[lakes[1]] = 1
    st.area_cree[0] = 0  # a forest
    event(st, LAKE_PTS)
    assert st.score == [0, 4]


def test_majority_event_ties_share_first_and_second_place() -> None:
    st = blank(4)
    for a in (0, 1, 2):
        st.area_cree[a] = 0
    for a in (5, 6, 7):
        st.area_cree[a] = 1
    st.area_cree[10] = 2
    event(st, MAJORITY)
    assert st.score == [6, 6, 2, 0]


def test_majority_event_several_in_second_place() -> None:
    st = blank(4)
    st.area_cree[0] = st.area_cree[1] = 3
    st.area_cree[5] = 0
    st.area_cree[10] = 1
    event(st, MAJORITY)
    assert st.score == [2, 2, 0, 6]


def test_contiguity_event_largest_connected_group() -> None:
    st = blank(4)
    for a in (0, 1, 2):  # connected
        st.area_cree[a] = 0
    for a in (5, 12, 20, 24):  # four apart: largest group 1
        st.area_cree[a] = 1
    for a in (15, 16):  # lake 15 and forest 16 touch (TL-BL)
        st.area_cree[a] = 2
    event(st, CONTIG)
    assert st.score == [6, 0, 2, 0]


def test_wake_event_option_wakes_one_cree_each() -> None:
    st = blank(2, wake_event=True)
    st.wigwam = [2, 0]
    event(st, D.WAKE_EVENT_REPLACES)
    assert st.wigwam == [1, 0]
