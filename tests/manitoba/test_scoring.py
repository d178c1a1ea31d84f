"""Scorings with every score-tile kind, the end of a season, and the final scoring."""

from __future__ import annotations

import pytest

from longhouse.games.manitoba import data as D
from longhouse.games.manitoba import flow, scoring
from longhouse.games.manitoba.state import ManitobaState
from tests.manitoba.helpers import blank, fill, play, texts

BISON_TILE, BERRY_TILE, HORSE_TILE, CANOE_TILE = 0, 1, 2, 3
BERRY_OR_BISON, BISON_OR_HORSE = 4, 7
MOST = 10


def score(st: ManitobaState, tile: int) -> None:
    scoring.resolve(st, tile)
    flow.run(st)


def test_storage_scale() -> None:
    assert [scoring.sector_points(k) for k in range(8)] == [-2, 1, 2, 4, 8, 12, 16, 20]


def test_single_good_is_compulsory_and_scored_from_the_active_player() -> None:
    st = blank(3)
    st.active = 2
    fill(st, 0, D.BISON, 4)
    fill(st, 2, D.BISON, 3)
    score(st, BISON_TILE)
    assert st.acting() == ()  # nobody has a choice
    assert st.score == [8, -2, 4]
    assert st.score_breakdown()[1]["scorings"] == -2


def test_scoring_returns_goods_with_feathers_cree_home_and_refills() -> None:
    st = blank(2)
    st.sectors[0][D.HORSE] = [D.HORSE, D.FEATHER, D.BERRY]  # a feather and a traded berry count as horses
    for g in (D.HORSE, D.FEATHER, D.BERRY):
        st.supply[g] -= 1
    hills = st.terr.areas_of[D.HILLS]
    st.area_cree[hills[0]] = 0  # own Cree on hills: back to the wigwam
    st.area_cree[hills[1]] = 1  # the other player's Cree stays
    st.area_good[hills[2]] = D.HORSE
    st.supply[D.HORSE] -= 1
    st.sectors[1][D.HORSE] = [D.HORSE]
    st.supply[D.HORSE] -= 1
    st.pos[1][D.WARRIOR] = 4  # seat 1 is exempt and skips
    score(st, HORSE_TILE)
    play(st, "pass", seat=1)
    assert st.score == [4, 0]
    assert st.sectors[0][D.HORSE] == [] and st.sectors[1][D.HORSE] == [D.HORSE]
    assert st.supply[D.FEATHER] == st.goods_total[D.FEATHER] and st.supply[D.BERRY] == st.goods_total[D.BERRY]
    assert st.area_cree[hills[0]] == -1 and st.wigwam[0] == 1
    assert st.area_cree[hills[1]] == 1 and st.wigwam[1] == 0
    # empty hills get a horse; the occupied one and the one with a horse already are not touched
    assert st.area_good[hills[0]] == D.HORSE and st.area_good[hills[1]] == -1 and st.area_good[hills[2]] == D.HORSE
    total = st.supply[D.HORSE] + st.area_good.count(D.HORSE) + 1
    assert total == st.goods_total[D.HORSE]


def test_single_good_exempt_player_may_skip() -> None:
    st = blank(2)
    st.pos[0][D.HUNTER] = 4
    score(st, BISON_TILE)
    assert texts(st) == ["score bison", "pass"]
    play(st, "pass", seat=0)
    assert st.score == [0, -2]


def test_skipping_keeps_the_cree_on_the_territory() -> None:
    st = blank(2)
    st.pos[0][D.HUNTER] = 4
    prairie = st.terr.areas_of[D.PRAIRIE][0]
    st.area_cree[prairie] = 0
    score(st, BISON_TILE)
    play(st, "pass", seat=0)
    assert st.area_cree[prairie] == 0


def test_pair_tile_choose_exactly_one() -> None:
    st = blank(2)
    fill(st, 0, D.BERRY, 2)
    fill(st, 0, D.BISON, 3)
    score(st, BERRY_OR_BISON)
    assert texts(st) == ["score berry", "score bison"]
    play(st, "score bison", seat=0)
    assert st.score[0] == 4 and st.sectors[0][D.BERRY] == [D.BERRY, D.BERRY]


def test_pair_tile_skip_only_with_both_exemptions_by_default() -> None:
    st = blank(2)
    st.pos[0][D.HUNTER] = 4
    score(st, BERRY_OR_BISON)
    assert texts(st) == ["score berry", "score bison"]
    st2 = blank(2)
    st2.pos[0][D.HUNTER] = 4
    st2.pos[0][D.GATHERER] = 4
    score(st2, BERRY_OR_BISON)
    assert texts(st2) == ["score berry", "score bison", "pass"]


def test_pair_tile_option_either_exemption_allows_skipping() -> None:
    st = blank(2, pair_exemption="either")
    st.pos[0][D.HUNTER] = 4
    score(st, BERRY_OR_BISON)
    assert texts(st) == ["score berry", "score bison", "pass"]


def test_most_of_tile_with_a_tie_lets_the_player_choose() -> None:
    st = blank(2)
    fill(st, 0, D.HORSE, 3)
    fill(st, 0, D.CANOE, 2)
    fill(st, 0, D.CANOE, 1, D.FEATHER)  # feathers count in their sector
    fill(st, 0, D.BISON, 1)
    score(st, MOST)
    assert texts(st) == ["score horse", "score canoe"]
    play(st, "score canoe", seat=0)
    assert st.score[0] == 4 and len(st.sectors[0][D.HORSE]) == 3


def test_most_of_tile_skip_only_if_every_tied_good_is_exempt() -> None:
    st = blank(2)
    fill(st, 0, D.BISON, 2)
    fill(st, 0, D.HORSE, 2)
    st.pos[0][D.HUNTER] = 4
    score(st, MOST)
    assert texts(st) == ["score bison", "score horse"]
    st.pos[0][D.WARRIOR] = 4
    st.tasks = []
    score(st, MOST)
    assert texts(st) == ["score bison", "score horse", "pass"]


def test_most_of_tile_with_an_empty_storage_scores_minus_2() -> None:
    st = blank(2)
    fill(st, 1, D.BISON, 1)
    score(st, MOST)
    assert texts(st) == ["score bison", "score berry", "score horse", "score canoe"]
    play(st, "score canoe", seat=0)
    assert st.score == [-2, 1]


def test_short_supply_lets_the_scoring_player_choose_the_areas_to_refill() -> None:
    st = blank(2)
    fill(st, 0, D.CANOE, 1)
    st.supply[D.CANOE] = 0  # after scoring, the one canoe returned is all there is
    score(st, CANOE_TILE)
    lakes = st.terr.areas_of[D.LAKE]
    assert st.acting() == (0,)
    assert texts(st) == [f"refill {a}" for a in lakes]
    play(st, f"refill {lakes[1]}", seat=0)
    assert [st.area_good[a] for a in lakes] == [-1, D.CANOE, -1]
    # seat 1 scores -2 afterwards and refills nothing: the supply is empty
    assert st.score == [1, -2] and st.acting() == ()


def test_score_cards_3_and_5_use_their_tiles_and_5_ends_spring_with_the_season_steps() -> None:
    st = blank(2, score_tiles=[BISON_TILE, HORSE_TILE])
    st.tiles = [BISON_TILE, HORSE_TILE]
    st.card_idx = 2
    flow.round_end(st)
    flow.run(st)
    assert st.score == [-2, -2]
    # the "5" card: horse scoring, then the end of the season
    st.tasks = []
    st.card_idx = 4
    st.sectors[0][D.BISON] = [D.BISON, D.FEATHER]
    st.cere[0][0] = [D.FEATHER]
    mountains = st.terr.areas_of[D.MOUNTAIN]
    st.area_cree[mountains[0]] = 1
    st.wigwam = [1, 0]
    for g in (D.BISON, D.FEATHER, D.FEATHER):
        st.supply[g] -= 1
    st.tile_pile = [5, 6]
    flow.round_end(st)
    flow.run(st)
    assert st.score == [-4, -4]
    assert st.sectors[0][D.BISON] == [D.BISON]  # storage feathers go back
    assert st.cere[0][0] == [D.FEATHER]  # ceremonial feathers stay
    assert st.area_cree[mountains[0]] == -1
    assert all(st.area_good[m] == D.FEATHER for m in mountains)
    assert st.wigwam == [0, 0]  # seat 1's mountain Cree came home, then each woke one
    assert st.season == D.SUMMER  # the next season was laid out


def test_season_end_with_too_few_feathers_the_active_player_chooses_the_mountains() -> None:
    st = blank(2)
    st.supply[D.FEATHER] = 1
    st.active = 1
    scoring.season_end(st)
    flow.run(st)
    mountains = st.terr.areas_of[D.MOUNTAIN]
    assert st.acting() == (1,) and texts(st) == [f"refill {m}" for m in mountains]


# --- the final scoring ---------------------------------------------------------------------------------

def final(st: ManitobaState) -> None:
    st.season = D.AUTUMN
    st.card_idx = 4
    scoring.final_start(st)
    flow.run(st)


def test_jacks_final_scoring_sacrifice_then_skip_berries_and_score_4_bison() -> None:
    st = blank(2)
    st.pos[0][D.HUNTER] = 4
    st.pos[0][D.GATHERER] = 4
    fill(st, 0, D.BERRY, 1)
    fill(st, 0, D.BISON, 5)
    fill(st, 0, D.HORSE, 2)
    fill(st, 0, D.CANOE, 3)
    final(st)
    assert st.sectors[0][D.BERRY] == [] and len(st.sectors[0][D.BISON]) == 4  # sacrificed
    assert texts(st) == ["score bison", "pass"]
    play(st, "score bison", seat=0)
    assert texts(st) == ["score berry", "pass"]
    play(st, "pass", seat=0)
    # horses 1 → 1 point, canoes 2 → 2 points, bison 4 → 8 points
    assert st.score_breakdown()[0]["final_scoring"] == 11


def test_final_scoring_shaman_space_5_needs_no_sacrifice() -> None:
    st = blank(2)
    st.pos[0][D.SHAMAN] = 5
    fill(st, 0, D.BISON, 4)
    fill(st, 1, D.BISON, 4)
    final(st)
    # seat 0: 4 bison → 8; canoes exempt (Shaman space 3 passed) — choose
    assert texts(st) == ["score canoe", "pass"]
    play(st, "pass", seat=0)
    assert st.score[0] == 8 - 2 - 2  # berries and horses empty; canoes skipped
    assert st.score[1] == 4 - 2 - 2 - 2


def test_final_scoring_cree_stay_no_refill_no_wake_and_ceremonial_goods_do_not_count() -> None:
    st = blank(2)
    prairie = st.terr.areas_of[D.PRAIRIE][0]
    st.area_cree[prairie] = 0
    st.wigwam[0] = 2
    st.cere[0][1] = [D.BISON, D.BERRY, D.HORSE]
    fill(st, 0, D.BISON, 2)
    final(st)
    assert st.is_over()
    assert st.area_cree[prairie] == 0 and st.area_good[prairie] == -1 and st.wigwam[0] == 2
    assert st.score[0] == 1 - 2 - 2 - 2


def test_final_scoring_adds_wampum_and_the_breakdown_sums_to_the_score() -> None:
    st = blank(2)
    st.wa = [1, 0]
    st.wi = [1, 3]
    st.score = [10, 0]
    st.bd[0][0] = 10
    final(st)
    assert st.is_over()
    bd = st.score_breakdown()
    assert bd[0]["wampum"] == 3 and bd[1]["wampum"] == 3
    assert [sum(b.values()) for b in bd] == st.scores()
    assert st.winners() == [0]


def autumn_breakdown(**options: bool) -> dict[str, int]:
    """Seat 0's breakdown after the last autumn round ends on the autumn '5' card (3 horses, a bison and a
    horse tile laid out), with these table options."""
    st = blank(2, **options)
    st.season = D.AUTUMN
    st.cards = [12, 13, D.CARD_SCORE3, 14, D.CARD_SCORE5]
    st.card_idx = 4
    st.tiles = [BISON_TILE, HORSE_TILE]
    fill(st, 0, D.HORSE, 3)
    flow.round_end(st)
    flow.run(st)
    assert st.is_over()
    return st.score_breakdown()[0]


def test_autumn_tile_option_scores_the_tile_before_the_final_scoring() -> None:
    seat0 = autumn_breakdown(autumn_tile=True)
    assert seat0["scorings"] == 4
    assert seat0["final_scoring"] == -8


def test_default_autumn_card_5_is_only_the_final_scoring() -> None:
    seat0 = autumn_breakdown()
    assert seat0["scorings"] == 0
    assert seat0["final_scoring"] == 2 - 6


def test_clamp_option_keeps_scores_at_zero_or_above() -> None:
    st = blank(2, clamp_scores=True)
    score(st, BISON_TILE)
    assert st.score == [0, 0]


@pytest.mark.parametrize(("tie_break", "winners"), [("shared", [0, 1]), ("wampum", [1])])
def test_winner_ties(tie_break: str, winners: list[int]) -> None:
    st = blank(2, tie_break=tie_break)
    st.wa = [0, 1]
    st.wi = [2, 0]
    final(st)
    assert st.winners() == winners
