"""Set-up for each player count, the winter solstice, winter card 2, the round count, setup keys."""

from __future__ import annotations

import random

import pytest

from longhouse.engine.errors import SetupError
from longhouse.games.manitoba import GAME
from longhouse.games.manitoba import data as D
from longhouse.games.manitoba.territory import build
from tests.manitoba.helpers import finish_solstice, new, play


@pytest.mark.parametrize(("n", "each", "feathers", "wampum"), [(2, 10, 7, 12), (3, 12, 8, 16), (4, 14, 10, 20)])
def test_goods_and_wampum_per_player_count(n: int, each: int, feathers: int, wampum: int) -> None:
    st = GAME.new_state(n, 5)
    assert st.goods_total == [each, each, each, each, feathers]
    assert st.wampum_total == wampum and st.wampum_supply == wampum
    assert st.terr.size == 5 * (n + 1)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_territory_is_a_chain_of_players_plus_one_tiles_with_a_good_on_each_area(n: int) -> None:
    st = GAME.new_state(n, 11)
    assert len(st.terr.tiles) == n + 1
    assert len({t for t, _ in st.terr.tiles}) == n + 1
    # At the first solstice choice every area still holds the good of its landscape.
    assert all(st.area_good[a] == st.terr.land[a] for a in range(st.terr.size))
    for tile in range(n + 1):
        assert sorted(st.terr.land[5 * tile:5 * tile + 5]) == [0, 1, 2, 3, 4]
        # a tile touches only its chain neighbours
        for a in range(5 * tile, 5 * tile + 5):
            assert all(abs(b // 5 - tile) <= 1 for b in st.terr.adj[a])


def test_area_graph_of_the_standard_chain() -> None:
    terr = build([(1, False), (2, False)], D.LAYOUT_STANDARD)
    assert terr.land[:5] == D.TILES[1]
    assert terr.adj[0] == (1, 2)
    assert terr.adj[3] == (2, 4, 5)  # TR of tile 1 touches TL of tile 2
    assert terr.adj[4] == (2, 3, 6)  # BR of tile 1 touches BL of tile 2
    assert 3 not in terr.adj[0]  # TL and TR of one tile do not touch


def test_turned_tile_swaps_its_corners() -> None:
    terr = build([(1, True)], D.LAYOUT_STANDARD)
    printed = D.TILES[1]
    assert terr.land == (printed[4], printed[3], printed[2], printed[1], printed[0])


@pytest.mark.parametrize(("layout", "land"), [("lake_manitoba", D.LAKE), ("duck_mountain", D.MOUNTAIN)])
def test_alternative_setups_join_one_landscape_into_one_district(layout: str, land: int) -> None:
    st = GAME.new_state(4, 3, {"layout": layout})
    areas = set(st.terr.areas_of[land])
    seen = {min(areas)}
    stack = [min(areas)]
    while stack:
        a = stack.pop()
        for b in st.terr.adj[a]:
            if b in areas and b not in seen:
                seen.add(b)
                stack.append(b)
    assert seen == areas


def test_lake_manitoba_adds_an_edge_between_neighbouring_lakes_only() -> None:
    standard = build([(1, False), (2, False)], D.LAYOUT_STANDARD)
    lakes = build([(1, False), (2, False)], D.LAYOUT_LAKE_MANITOBA)
    assert 7 not in standard.adj[1]  # lake of tile 1 (BL) and lake of tile 2 (C)
    assert 7 in lakes.adj[1]
    assert sum(map(len, lakes.adj)) == sum(map(len, standard.adj)) + 2


def test_winter_solstice_goes_counter_clockwise_from_the_start_players_right() -> None:
    st = new(4, first_player=1)
    order: list[int] = []
    while st.round_no == 0:
        seat = st.acting()[0]
        if not order or order[-1] != seat:
            order.append(seat)
        st.apply(seat, st.legal_actions(seat)[0])
    assert order == [0, 3, 2, 1]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_after_the_solstice_each_player_has_three_asleep_three_awake_one_out_one_on_a_path(n: int) -> None:
    st = new(n)
    play(st, "place 0", "store berry", "vision hunter")  # a forest area, then the Hunter's path (1 point)
    finish_solstice(st)
    for p in range(n):
        assert st.wigwam[p] == 3 and st.square[p] == 3
        assert st.cree_on_territory(p) == 1
        assert sum(1 for x in st.pos[p] if x) == 1
        # 1 berry, 1 bison, 1 horse, 1 canoe, plus the good of the area (stored or on a place)
        stored = sum(len(s) for s in st.sectors[p]) + sum(len(c) for c in st.cere[p])
        assert stored == 5
    first = n - 1  # the start player's right acts first
    assert st.area_cree[0] == first and st.pos[first][D.HUNTER] == 1 and st.score[first] == 1


def test_solstice_vision_bonus_is_granted_gatherer_gives_a_berry_warrior_wakes() -> None:
    st = new(2)
    play(st, "place 3", "store horse", "vision gatherer", "store berry", seat=1)
    assert st.sectors[1][D.BERRY] == [D.BERRY, D.BERRY]
    play(st, "place 0", "store berry", "vision warrior", seat=0)
    assert st.wigwam[0] == 2 and st.square[0] == 4


@pytest.mark.parametrize(("n", "winter_round"), [(2, True), (3, False), (4, True)])
def test_winter_card_2_is_a_plain_round_with_2_or_4_players(n: int, winter_round: bool) -> None:
    st = new(n)
    finish_solstice(st)
    assert st.round_no == 1 and st.active == 0
    assert st.season == (D.WINTER if winter_round else D.SPRING)
    if winter_round:
        assert st.cards == [D.CARD_SOLSTICE, D.CARD_WINTER2] and st.card_idx == 1
        # the round passes with no event and no scoring: spring begins with the next player active
        play(st, "take blue", "end")
        while st.round_no == 1:
            play(st, "pass")
        assert st.season == D.SPRING and st.active == 1 and st.card_idx == 0


@pytest.mark.parametrize(("n", "rounds"), [(2, 16), (3, 15), (4, 16)])
def test_the_game_lasts_16_or_15_rounds(n: int, rounds: int) -> None:
    st = GAME.new_state(n, 7)
    r = random.Random(7)
    actives: list[int] = []
    while not st.is_over():
        if st.round_no > len(actives):
            actives.append(st.active)
        seat = st.acting()[0]
        st.apply(seat, r.choice(st.legal_actions(seat)))
    assert st.round_no == rounds
    assert all(actives.count(p) == rounds // n for p in range(n))


def test_season_layout_is_event_event_score3_event_score5_with_two_tiles() -> None:
    st = new(3, seasons={"spring": [5, 0, 3]}, score_tiles=[10, 4])
    finish_solstice(st)
    assert st.cards == [5, 0, D.CARD_SCORE3, 3, D.CARD_SCORE5]
    assert st.tiles == [10, 4]


def test_setup_keys_fix_totem_first_player_and_territory() -> None:
    st = GAME.new_state(2, 1, {"totem": ["white", "blue", "green", "beige", "brown"], "first_player": 1,
                               "territory": [6, [5, True], 4]})
    assert st.totem == [D.WHITE, D.BLUE, D.GREEN, D.BEIGE, D.BROWN]
    assert st.start == 1 and st.active == 1
    assert st.terr.tiles == ((6, False), (5, True), (4, False))
    assert new(2).totem == list(D.FIXED_TOTEM)


@pytest.mark.parametrize("setup", [
    {"territory": [1, 2]},
    {"territory": [1, 1, 2]},
    {"territory": [1, 2, 9]},
    {"territory": [[True, False], 2, 3]},
    {"territory": [[1, 1], 2, 3]},
    {"first_player": 2},
    {"totem": ["blue"]},
    {"seasons": {"spring": [0, 1, 6]}},
    {"seasons": {"winter": [0]}},
    {"score_tiles": [0, 0]},
    {"score_tiles": [12]},
    {"layout": "ring"},
    {"autumn_tile": "yes"},
    {"nonsense": 1},
])
def test_inconsistent_setups_are_refused(setup: dict[str, object]) -> None:
    with pytest.raises(SetupError):
        GAME.new_state(2, 1, setup)


@pytest.mark.parametrize("setup", [[1, 2], "fixed", 3])
def test_a_setup_that_is_not_an_object_is_refused(setup: object) -> None:
    with pytest.raises(SetupError):
        GAME.new_state(2, 1, setup)  # type: ignore[arg-type]


def test_same_seed_and_setup_give_the_same_state() -> None:
    assert GAME.new_state(3, 42).to_json() == GAME.new_state(3, 42).to_json()
    assert GAME.new_state(3, 42).to_json() != GAME.new_state(3, 43).to_json()
