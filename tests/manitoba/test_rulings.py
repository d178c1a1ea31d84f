"""Rulings of the data file (R1–R19) not covered by the topic tests, and our own rulings."""

from __future__ import annotations

from longhouse.games.manitoba import data as D
from longhouse.games.manitoba import flow, scoring
from longhouse.games.manitoba import tasks as T
from tests.manitoba.helpers import blank, decide, fill, play, texts


def test_r4_moving_onto_an_empty_area_is_legal_and_gives_nothing() -> None:
    st = blank(2)
    st.area_cree[2] = 0  # prairie of tile 1; neighbour 0 is a forest with no good
    st.taken = [D.GREEN]
    decide(st, T.Passive(0))
    assert "move 2 0" in texts(st)
    play(st, "move 2 0", seat=0)
    assert st.area_cree[0] == 0 and st.acting() == ()


def test_r6_feathers_in_storage_count_in_the_final_scoring() -> None:
    st = blank(2)
    st.pos[0][D.SHAMAN] = 5  # no sacrifice; canoes exempt
    fill(st, 0, D.BISON, 2)
    fill(st, 0, D.BISON, 1, D.FEATHER)
    st.season, st.card_idx = D.AUTUMN, 4
    scoring.final_start(st)
    flow.run(st)
    play(st, "pass", seat=0)
    assert st.score[0] == 4 - 2 - 2  # 3 pieces in the bison sector: 4 points; berries, horses -2


def test_r15_end_of_season_wake_scores_with_warrior_space_3() -> None:
    st = blank(2)
    st.pos[0][D.WARRIOR] = 3
    st.wigwam = [2, 2]
    scoring.season_end(st)
    flow.run(st)
    assert st.wigwam == [1, 1] and st.score == [1, 0]


def test_r13_recall_and_lose_feather_offer_no_pass() -> None:
    st = blank(2)
    st.area_cree[0] = 0
    st.area_cree[5] = 0
    decide(st, T.EventRecall(0))
    assert "pass" not in texts(st)


def test_r17_wampum_may_be_used_in_the_scoring_of_card_3() -> None:
    st = blank(2)
    st.wa[0] = 1
    fill(st, 0, D.BERRY, 2)
    scoring.resolve(st, 2)  # horses
    flow.run(st)
    assert texts(st) == ["score horse", "wampum bison", "wampum horse", "wampum canoe"]
    play(st, "wampum horse", seat=0)  # then the compulsory horse scoring goes on by itself
    assert st.score[0] == 1 and st.sectors[0][D.BERRY] == [D.BERRY]


def test_ruling_completing_the_4_place_without_inactive_wampum_only_gains_one() -> None:
    st = blank(2)
    st.cere[0][1] = [D.BISON, D.BERRY, D.HORSE]
    decide(st, T.Stow(0, D.FEATHER))
    play(st, "ceremony 4", seat=0)
    assert st.wa[0] == 1 and st.wi[0] == 0
    play(st, "store canoe", seat=0)
    assert st.sectors[0][D.CANOE] == [D.FEATHER] and st.sectors[0][D.BISON] == [D.BISON]


def test_ruling_sacrifice_takes_the_top_piece_of_each_sector() -> None:
    st = blank(2)
    st.sectors[0][D.HORSE] = [D.HORSE, D.FEATHER]
    st.supply[D.HORSE] -= 1
    st.supply[D.FEATHER] -= 1
    feathers = st.supply[D.FEATHER]
    st.season, st.card_idx = D.AUTUMN, 4
    scoring.final_start(st)
    flow.run(st)
    assert st.supply[D.FEATHER] == feathers + 1 and st.is_over()


def test_r8_most_of_tile_counts_feathers_in_a_sector() -> None:
    st = blank(2)
    fill(st, 0, D.BISON, 1)
    fill(st, 0, D.BISON, 2, D.FEATHER)  # three pieces in the bison sector
    fill(st, 0, D.BERRY, 2)
    scoring.resolve(st, 10)  # "the good you have most of"
    flow.run(st)
    assert st.sectors[0] == [[], [D.BERRY, D.BERRY], [], []]  # bison scored by itself: the only choice
    assert st.score[0] == 4


def test_r14_scoring_refill_with_an_empty_supply_leaves_the_areas_empty() -> None:
    st = blank(2)
    fill(st, 0, D.CANOE, 1)
    st.supply[D.CANOE] = 0  # the piece just scored comes back: one canoe for three empty lakes
    scoring.resolve(st, 3)  # canoes
    flow.run(st)
    lakes = st.terr.areas_of[D.LAKE]
    assert texts(st) == [f"refill {a}" for a in lakes]  # the scoring player chooses
    play(st, f"refill {lakes[1]}", seat=0)
    assert [st.area_good[a] for a in lakes] == [-1, D.CANOE, -1]
    assert st.supply[D.CANOE] == 0
    # seat 1 scores -2 for no canoes; no canoe is left to refill with, so nothing is asked
    assert st.acting() == () and st.score == [1, -2]


def test_ruling_warrior_space_5_relocation_is_compulsory() -> None:
    st = blank(2)
    st.pos[0][D.WARRIOR] = 4
    st.taken = [D.BEIGE]
    decide(st, T.Passive(0))
    play(st, "vision warrior", seat=0)
    options = texts(st)
    assert "pass" not in options and all(t.startswith("place") for t in options)


def test_r17_no_wampum_in_the_final_scoring_either() -> None:
    st = blank(2)
    st.wa[0] = 2
    st.wigwam[0] = 1
    fill(st, 0, D.BERRY, 2)
    st.pos[0][D.HUNTER] = 4  # bison exempt: a choice in the final scoring
    st.season, st.card_idx = D.AUTUMN, 4
    scoring.final_start(st)
    flow.run(st)
    assert st.acting() == (0,) and texts(st) == ["score bison", "pass"]
