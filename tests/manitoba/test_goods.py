"""Storage, ceremonial places, feathers and wampum tiles (RULEBOOK "The Ceremonial Places")."""

from __future__ import annotations

import pytest

from longhouse.engine.errors import IllegalAction
from longhouse.games.manitoba import data as D
from longhouse.games.manitoba import tasks as T
from tests.manitoba.helpers import GAME, blank, decide, fill, play, texts


def test_felix_cannot_put_a_second_feather_on_the_3_space_place() -> None:
    st = blank()
    st.cere[0][0] = [D.BERRY, D.FEATHER]
    decide(st, T.Stow(0, D.FEATHER))
    assert texts(st) == ["store bison", "store berry", "store horse", "store canoe", "ceremony 4"]


def test_felix_completes_the_3_space_place_stores_the_feather_gets_a_wampum_and_trades_a_berry() -> None:
    st = blank()
    st.cere[0][0] = [D.BERRY, D.FEATHER]
    fill(st, 0, D.BERRY, 2)
    st.totem = [D.BEIGE, D.GREEN, D.BROWN, D.WHITE, D.BLUE]
    st.area_good[3] = D.HORSE  # hills of tile 1
    st.supply[D.HORSE] -= 1
    st.supply[D.BERRY] -= 1
    st.supply[D.FEATHER] -= 1
    decide(st, T.Totem(0))
    # Felix starts his turn with the Territory action and gets a horse ...
    play(st, "take beige", "place 3", seat=0)
    assert texts(st) == ["store horse", "ceremony 3", "ceremony 4"]
    # ... which completes the 3-space place: its goods go to storage at once.
    play(st, "ceremony 3", seat=0)
    assert st.cere[0][0] == []
    assert st.sectors[0][D.BERRY] == [D.BERRY, D.BERRY, D.BERRY]
    assert st.sectors[0][D.HORSE] == [D.HORSE]
    assert st.wa[0] == 1  # the wampum tile for completing a place
    # The feather may go in any sector: Felix chooses the horse storage.
    assert texts(st)[:4] == ["store bison", "store berry", "store horse", "store canoe"]
    play(st, "store horse", seat=0)
    assert st.sectors[0][D.HORSE] == [D.HORSE, D.FEATHER]
    # Before his Vision path action he uses the wampum tile: the topmost berry becomes a horse.
    assert "wampum horse" in texts(st) and "vision warrior" in texts(st)
    play(st, "wampum horse", seat=0)
    assert st.sectors[0][D.BERRY] == [D.BERRY, D.BERRY]
    assert len(st.sectors[0][D.HORSE]) == 3
    assert st.wa[0] == 0 and st.wi[0] == 1
    play(st, "vision warrior", seat=0)
    assert st.pos[0][D.WARRIOR] == 1


def test_no_two_goods_of_a_type_on_one_place() -> None:
    st = blank()
    st.cere[0][1] = [D.BISON]
    decide(st, T.Stow(0, D.BISON))
    assert texts(st) == ["store bison", "ceremony 3"]


def test_completing_the_4_space_place_gives_a_wampum_and_reactivates_one() -> None:
    st = blank()
    st.wi[0] = 2
    st.cere[0][1] = [D.BISON, D.BERRY, D.HORSE]
    decide(st, T.Stow(0, D.CANOE))
    play(st, "ceremony 4", seat=0)
    assert st.wa[0] == 2 and st.wi[0] == 1
    assert [len(s) for s in st.sectors[0]] == [1, 1, 1, 1]


def test_no_wampum_left_means_none_is_gained() -> None:
    st = blank()
    st.wampum_supply = 0
    st.cere[0][0] = [D.BISON, D.BERRY]
    decide(st, T.Stow(0, D.CANOE))
    play(st, "ceremony 3", seat=0)
    assert st.wa[0] == 0 and st.cere[0][0] == []


def test_a_full_sector_sends_the_good_back_to_the_supply_when_no_place_takes_it() -> None:
    st = blank()
    fill(st, 0, D.BISON, D.SECTOR_CAPACITY)
    st.cere[0] = [[D.BISON], [D.BISON]]
    before = st.supply[D.BISON]
    st.supply[D.BISON] -= 1  # the bison taken
    decide(st, T.Stow(0, D.BISON))
    assert st.acting() == () and st.supply[D.BISON] == before
    assert len(st.sectors[0][D.BISON]) == D.SECTOR_CAPACITY


def test_a_completed_place_good_with_a_full_sector_goes_back_to_the_supply() -> None:
    st = blank()
    fill(st, 0, D.BISON, D.SECTOR_CAPACITY)
    st.cere[0][0] = [D.BISON, D.BERRY]
    supply = st.supply[D.BISON]
    decide(st, T.Stow(0, D.CANOE))
    play(st, "ceremony 3", seat=0)
    assert st.supply[D.BISON] == supply + 1


def test_feathers_are_jokers_in_any_sector_and_count_there() -> None:
    st = blank()
    fill(st, 0, D.CANOE, 2)
    decide(st, T.Stow(0, D.FEATHER))
    play(st, "store canoe", seat=0)
    assert len(st.sectors[0][D.CANOE]) == 3


def test_wampum_wakes_a_cree() -> None:
    st = blank()
    st.wa[0] = 1
    st.wigwam[0] = 2
    decide(st, T.Passive(0))
    st.taken = [D.BROWN]
    assert "wampum wake" in texts(st)
    play(st, "wampum wake", seat=0)
    assert st.wigwam[0] == 1 and st.square[0] == D.CREE_PER_PLAYER and st.wi[0] == 1


def test_wampum_trade_moves_the_topmost_berry_and_needs_room() -> None:
    st = blank()
    st.wa[0] = 2
    st.sectors[0][D.BERRY] = [D.BERRY, D.FEATHER, D.BERRY, D.FEATHER]
    fill(st, 0, D.CANOE, D.SECTOR_CAPACITY)
    decide(st, T.Passive(0))
    options = texts(st)
    assert "wampum bison" in options and "wampum horse" in options and "wampum canoe" not in options
    assert "wampum berry" not in options
    play(st, "wampum bison", seat=0)
    assert st.sectors[0][D.BERRY] == [D.BERRY, D.FEATHER, D.FEATHER]
    assert st.sectors[0][D.BISON] == [D.BERRY]


def test_wampum_used_at_any_decision_of_its_owner_several_times() -> None:
    st = blank()
    st.wa[0] = 2
    st.wigwam[0] = 3
    decide(st, T.Stow(0, D.BISON))
    play(st, "wampum wake", "wampum wake", seat=0)
    assert st.wa[0] == 0 and st.wi[0] == 2 and st.wigwam[0] == 1
    assert "wampum wake" not in texts(st)


def test_no_wampum_in_the_final_round() -> None:
    st = blank()
    st.season = D.AUTUMN
    st.card_idx = 4
    st.wa[0] = 2
    st.wigwam[0] = 3
    decide(st, T.Stow(0, D.BISON))
    assert texts(st) == ["store bison", "ceremony 3", "ceremony 4"]
    with pytest.raises(IllegalAction):
        st.apply(0, GAME.action_from_text("wampum wake"))


def test_wampum_scores_two_active_one_inactive_at_the_end() -> None:
    from longhouse.games.manitoba import scoring

    st = blank(2)
    st.wa = [3, 0]
    st.wi = [1, 2]
    scoring.game_end(st)
    assert st.score == [7, 2]
    assert st.score_breakdown()[0]["wampum"] == 7


# --- "Anytime ... a player may use ... his active wampum tiles": also where only a wampum opens a choice ---

def test_wampum_anytime_wake_then_warrior_space_5_relocates() -> None:
    """Warrior space 5 with an empty village square: a wampum wake-up first makes the relocation possible."""
    st = blank()
    st.square[0] = 0
    st.wigwam[0] = 2
    st.wa[0] = 1
    st.pos[0][D.WARRIOR] = 4
    st.taken = [D.BEIGE]
    decide(st, T.Passive(0))
    play(st, "vision warrior", seat=0)
    assert texts(st) == ["wampum wake", "pass"]
    play(st, "wampum wake", seat=0)
    assert st.square[0] == 1 and all(t.startswith("place") for t in texts(st))
    play(st, "place 0", seat=0)
    assert st.area_cree[0] == 0 and st.square[0] == 0


def test_wampum_anytime_passing_lets_the_bonus_go_to_waste() -> None:
    st = blank()
    st.square[0] = 0
    st.wigwam[0] = 2
    st.wa[0] = 1
    decide(st, T.WarriorRelocate(0))
    play(st, "pass", seat=0)
    assert st.acting() == () and st.wa[0] == 1 and st.square[0] == 0 and st.tasks == []


def test_wampum_anytime_trade_makes_room_for_a_berry_in_a_full_berry_sector() -> None:
    st = blank()
    st.wa[0] = 1
    fill(st, 0, D.BERRY, D.SECTOR_CAPACITY)
    st.cere[0] = [[D.BERRY], [D.BERRY]]
    st.supply[D.BERRY] -= 2
    decide(st, T.Stow(0, D.BERRY))
    assert texts(st) == ["wampum bison", "wampum horse", "wampum canoe", "pass"]
    play(st, "wampum canoe", seat=0)  # the top berry becomes a canoe; the new berry is stored at once
    assert len(st.sectors[0][D.BERRY]) == D.SECTOR_CAPACITY and st.sectors[0][D.CANOE] == [D.BERRY]
    assert st.acting() == ()


def test_wampum_anytime_is_offered_only_where_it_opens_a_choice() -> None:
    st = blank()
    st.wa[0] = 1
    st.wigwam[0] = 2
    decide(st, T.EventRecall(0))  # no Cree on the territory: no wampum use helps
    assert st.acting() == () and st.wa[0] == 1
    fill(st, 0, D.BISON, D.SECTOR_CAPACITY)
    st.cere[0] = [[D.BISON], [D.BISON]]
    before = st.supply[D.BISON]
    decide(st, T.Stow(0, D.BISON))  # a trade puts a berry in, never takes a bison out
    assert st.acting() == () and st.supply[D.BISON] == before + 1  # the bison goes back to the supply


def test_wampum_anytime_wake_lets_a_vision_event_place_a_new_cree() -> None:
    st = blank()
    st.square[0] = 0
    st.wigwam[0] = 1
    st.wa[0] = 1
    st.pos[0] = [6, 6, 6, 0]  # nothing to advance, no Cree on the square for the Shaman's path
    decide(st, T.EventVision(0))
    assert texts(st) == ["wampum wake", "pass"]
    play(st, "wampum wake", "vision shaman", seat=0)
    assert st.pos[0][D.SHAMAN] == 1
