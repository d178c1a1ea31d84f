"""Every ruling of ``rulings.py`` where the sources are silent is a switch: each test flips one and shows the
game changing (the default side is the ruling, covered here and by the topic tests)."""

from __future__ import annotations

import sys
from typing import Any

import pytest

from longhouse.games.manitoba import data as D
from longhouse.games.manitoba import flow, goods, paths, rulings, scoring
from longhouse.games.manitoba import tasks as T
from tests.manitoba.helpers import GAME, blank, decide, fill, play, texts


def flip(monkeypatch: pytest.MonkeyPatch, name: str, value: Any) -> None:
    """Set the switch ``name`` in ``rulings`` and in every Manitoba module that bound it at import."""
    assert hasattr(rulings, name), name
    assert getattr(rulings, name) != value, f"{name} is already {value!r}"
    monkeypatch.setattr(rulings, name, value)
    readers = 0
    for mod_name, mod in list(sys.modules.items()):
        if mod_name.startswith("longhouse.games.manitoba.") and mod is not rulings and name in vars(mod):
            monkeypatch.setattr(mod, name, value)
            readers += 1
    # gatherer_goods in rulings reads its switch at call time; every other switch is bound by its readers
    assert readers or name == "GATHERER_CHOICE_INCLUDES_FEATHER", f"no module reads {name}"


def test_single_choice_automatic(monkeypatch: pytest.MonkeyPatch) -> None:
    st = blank(2)
    st.area_cree[0] = 0
    decide(st, T.EventRecall(0))  # one Cree on the territory: recalled without asking
    assert st.acting() == () and st.area_cree[0] == -1 and st.wigwam[0] == 1
    flip(monkeypatch, "SINGLE_CHOICE_AUTOMATIC", False)
    st.area_cree[0] = 0
    decide(st, T.EventRecall(0))
    assert texts(st) == ["recall 0"]
    play(st, "recall 0", seat=0)
    assert st.area_cree[0] == -1 and st.wigwam[0] == 2


def _relocate_needing_a_wampum_wake() -> Any:
    st = blank(2)
    st.square[0] = 0
    st.wigwam[0] = 2
    st.wa[0] = 1
    decide(st, T.WarriorRelocate(0))
    return st


def test_wampum_opens_empty_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    assert texts(_relocate_needing_a_wampum_wake()) == ["wampum wake", "pass"]
    flip(monkeypatch, "WAMPUM_OPENS_EMPTY_DECISION", False)
    st = _relocate_needing_a_wampum_wake()
    assert st.acting() == () and st.tasks == [] and st.wa[0] == 1


def test_wake_bonus_automatic(monkeypatch: pytest.MonkeyPatch) -> None:
    st = blank(2)
    st.active = 0
    st.wigwam = [1, 1]
    decide(st, T.WakeAll())  # the end-of-season wake-up
    assert st.wigwam == [0, 0] and st.acting() == ()
    flip(monkeypatch, "WAKE_BONUS_AUTOMATIC", False)
    st.wigwam = [1, 1]
    decide(st, T.WakeAll())
    assert texts(st) == ["wake 1", "pass"]
    play(st, "pass", seat=0)  # in turn from the active player
    play(st, "wake 1", seat=1)
    assert st.wigwam == [1, 0] and st.acting() == ()
    paths.standard_bonus(st, 0, D.WARRIOR, 1)  # Warrior's path space 1 "You may immediately wake up a Cree"
    flow.run(st)
    assert texts(st) == ["wake 1", "pass"]
    assert str(st.view(0)["decision"]["prompt"]) == "You may wake up a Cree from your wigwam — or pass"


def _complete_the_4_place(st: Any) -> None:
    st.cere[0][1] = [D.BISON, D.BERRY, D.HORSE]
    decide(st, T.Stow(0, D.CANOE))
    play(st, "ceremony 4", seat=0)


def test_reactivate_automatic(monkeypatch: pytest.MonkeyPatch) -> None:
    st = blank(2)
    st.wi[0] = 1
    _complete_the_4_place(st)
    assert (st.wa[0], st.wi[0]) == (2, 0) and st.acting() == ()
    flip(monkeypatch, "REACTIVATE_AUTOMATIC", False)
    st = blank(2)
    st.wi[0] = 1
    _complete_the_4_place(st)
    assert (st.wa[0], st.wi[0]) == (1, 1)
    assert texts(st)[:2] == ["reactivate", "pass"]  # then the wampum trades the new tile allows
    decision = st.view(0)["decision"]
    assert decision["kind"] == "optional_bonus" and decision["offer"] == "reactivate"
    assert "inactive wampum tile" in decision["prompt"]
    assert str(st.view(None)["header"]["phase"]).endswith("is choosing whether to take a bonus")
    play(st, "reactivate", seat=0)
    assert (st.wa[0], st.wi[0]) == (2, 0) and st.acting() == ()
    assert GAME.action_to_json(GAME.action_from_text("reactivate")) == {"type": "reactivate"}


def test_relocate_compulsory(monkeypatch: pytest.MonkeyPatch) -> None:
    st = blank(2)
    decide(st, T.WarriorRelocate(0))
    assert "pass" not in texts(st)
    flip(monkeypatch, "RELOCATE_COMPULSORY", False)
    st = blank(2)
    decide(st, T.WarriorRelocate(0))
    assert texts(st)[-1] == "pass"
    play(st, "pass", seat=0)
    assert st.acting() == () and st.square[0] == D.CREE_PER_PLAYER - 1 and st.area_cree.count(0) == 0


def test_shaman_repeat_optional(monkeypatch: pytest.MonkeyPatch) -> None:
    st = blank(2)
    st.pos[0][D.HUNTER] = 2
    decide(st, T.ShamanRepeat(0))
    assert texts(st) == ["repeat hunter", "pass"]
    flip(monkeypatch, "SHAMAN_REPEAT_OPTIONAL", False)
    st = blank(2)
    st.pos[0][D.HUNTER] = 2
    decide(st, T.ShamanRepeat(0))  # compulsory, and the only choice: taken
    assert st.acting() == () and st.score[0] == 1


def test_shaman_repeat_useful_only(monkeypatch: pytest.MonkeyPatch) -> None:
    st = blank(2)
    st.pos[0][D.HUNTER] = 1
    st.pos[0][D.WARRIOR] = 2  # a permanent effect: repeating it does nothing
    decide(st, T.ShamanRepeat(0))
    assert texts(st) == ["repeat hunter", "pass"]
    flip(monkeypatch, "SHAMAN_REPEAT_USEFUL_ONLY", False)
    st.tasks, st.legal, st.acting_seats = [], [], ()
    decide(st, T.ShamanRepeat(0))
    assert texts(st) == ["repeat hunter", "repeat warrior", "pass"]
    play(st, "repeat warrior", seat=0)  # the bonus goes to waste
    assert st.acting() == () and st.score[0] == 0


def test_gatherer_choice_includes_feather(monkeypatch: pytest.MonkeyPatch) -> None:
    st = blank(2)
    paths.standard_bonus(st, 0, D.GATHERER, 5)
    flow.run(st)
    assert "good feather" in texts(st)
    flip(monkeypatch, "GATHERER_CHOICE_INCLUDES_FEATHER", False)
    st = blank(2)
    paths.standard_bonus(st, 0, D.GATHERER, 5)
    flow.run(st)
    assert texts(st) == ["good bison", "good berry", "good horse", "good canoe"]


def _vision_event_on_a_completed_hunter_path() -> Any:
    st = blank(2)
    st.square[0] = 0  # nothing to place: only the completed Hunter's path could be used
    st.pos[0] = [6, 0, 0, 0]
    decide(st, T.EventVision(0))
    return st


def test_vision_event_repeats_last(monkeypatch: pytest.MonkeyPatch) -> None:
    st = _vision_event_on_a_completed_hunter_path()
    assert st.acting() == () and st.score[0] == 0
    flip(monkeypatch, "VISION_EVENT_REPEATS_LAST", True)
    st = _vision_event_on_a_completed_hunter_path()
    assert texts(st) == ["vision hunter", "pass"]
    play(st, "vision hunter", seat=0)
    assert st.score[0] == D.HUNTER_REPEAT_POINTS


def test_passive_vision_repeats_last(monkeypatch: pytest.MonkeyPatch) -> None:
    st = blank(2)
    st.pos[0][D.HUNTER] = 6
    st.taken = [D.BROWN]
    decide(st, T.Passive(0))
    assert "vision hunter" in texts(st)
    flip(monkeypatch, "PASSIVE_VISION_REPEATS_LAST", False)
    st.tasks, st.legal, st.acting_seats = [], [], ()
    decide(st, T.Passive(0))
    assert "vision hunter" not in texts(st)


def test_wampum_trade_needs_room(monkeypatch: pytest.MonkeyPatch) -> None:
    st = blank(2)
    st.wa[0] = 1
    fill(st, 0, D.BERRY, 1)
    fill(st, 0, D.HORSE, D.SECTOR_CAPACITY)
    trade_horse = GAME.action_from_text("wampum horse")
    assert trade_horse not in goods.wampum_actions(st, 0)
    flip(monkeypatch, "WAMPUM_TRADE_NEEDS_ROOM", False)
    assert trade_horse in goods.wampum_actions(st, 0)
    berries = st.supply[D.BERRY]
    goods.use_wampum(st, 0, trade_horse)  # the berry has nowhere to go: back to the supply
    assert st.sectors[0][D.BERRY] == [] and len(st.sectors[0][D.HORSE]) == D.SECTOR_CAPACITY
    assert st.supply[D.BERRY] == berries + 1 and (st.wa[0], st.wi[0]) == (0, 1)


def _complete_the_3_place_with_a_feather() -> Any:
    st = blank(2)
    fill(st, 0, D.BISON, D.SECTOR_CAPACITY - 1)  # room for one more piece
    st.cere[0][0] = [D.BISON, D.FEATHER]
    st.supply[D.BISON] -= 1
    st.supply[D.FEATHER] -= 1
    decide(st, T.Stow(0, D.HORSE))
    play(st, "ceremony 3", seat=0)
    return st


def test_ceremony_goods_before_feather(monkeypatch: pytest.MonkeyPatch) -> None:
    st = _complete_the_3_place_with_a_feather()
    assert len(st.sectors[0][D.BISON]) == D.SECTOR_CAPACITY  # the bison went first
    assert "store bison" not in texts(st)
    flip(monkeypatch, "CEREMONY_GOODS_BEFORE_FEATHER", False)
    st = _complete_the_3_place_with_a_feather()
    assert len(st.sectors[0][D.BISON]) == D.SECTOR_CAPACITY - 1 and "store bison" in texts(st)
    bison = st.supply[D.BISON]
    play(st, "store bison", seat=0)  # the feather takes the last space; the bison goes back
    assert st.sectors[0][D.BISON][-1] == D.FEATHER and st.supply[D.BISON] == bison + 1
    assert st.sectors[0][D.HORSE] == [D.HORSE] and st.acting() == ()


def _season_end_with_one_feather() -> Any:
    st = blank(2)
    st.active = 1
    st.supply[D.FEATHER] = 1
    assert len(st.terr.areas_of[D.MOUNTAIN]) > 1
    scoring.season_end(st)
    flow.run(st)
    return st


def test_short_feather_refill_active_chooses(monkeypatch: pytest.MonkeyPatch) -> None:
    st = _season_end_with_one_feather()
    assert st.acting() == (1,) and len(texts(st)) == len(st.terr.areas_of[D.MOUNTAIN])
    flip(monkeypatch, "SHORT_FEATHER_REFILL_ACTIVE_CHOOSES", False)
    st = _season_end_with_one_feather()
    first = st.terr.areas_of[D.MOUNTAIN][0]
    assert st.acting() == () and st.area_good[first] == D.FEATHER and st.supply[D.FEATHER] == 0


def _final_scoring_of_a_horse_under_a_feather() -> Any:
    st = blank(2)
    fill(st, 0, D.HORSE, 1)
    fill(st, 0, D.HORSE, 1, D.FEATHER)
    st.season, st.card_idx = D.AUTUMN, 4
    scoring.final_start(st)
    flow.run(st)
    return st


def test_sacrifice_piece(monkeypatch: pytest.MonkeyPatch) -> None:
    st = _final_scoring_of_a_horse_under_a_feather()
    assert st.is_over() and st.supply[D.FEATHER] == st.goods_total[D.FEATHER]
    assert st.bd[0][4] == 1 - 2 - 2 - 2  # the feather sacrificed: 1 horse left (1 point), three empty sectors
    flip(monkeypatch, "SACRIFICE_PIECE", rulings.SACRIFICE_NOT_FEATHER)
    st = _final_scoring_of_a_horse_under_a_feather()
    assert st.is_over() and st.bd[0][4] == 1 - 2 - 2 - 2
    horses = st.goods_total[D.HORSE] - st.supply[D.HORSE]
    assert horses == 0 and st.supply[D.FEATHER] == st.goods_total[D.FEATHER] - 1  # the feather was kept


def test_undo_every_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    st = blank(2)
    st.taken = [D.GREEN]
    decide(st, T.Passive(1))
    st.apply(1, GAME.action_from_text("pass"))
    assert st.undo_steps(1) == 0
    flip(monkeypatch, "UNDO_EVERY_SEAT", True)
    st.undo_turn = None  # as when another seat has acted since
    decide(st, T.Passive(1))
    st.apply(1, GAME.action_from_text("pass"))
    assert st.undo_steps(1) == 1
    st.undo(1)
    assert st.acting() == (1,) and "pass" in texts(st)


def _silent_rulings() -> set[str]:
    """The ``# RULING name:`` names of ``rulings.py`` outside the table options."""
    with open(rulings.__file__, encoding="utf-8") as f:
        named = {line.split()[2].rstrip(":") for line in f if line.startswith("# RULING ")}
    options = {"pair-exemption", "autumn-tile", "clamp-scores", "winner-ties", "wake-event"}
    assert options <= named
    return named - options


def test_every_silent_ruling_has_a_switch_and_a_test_that_flips_it() -> None:
    """Each ``# RULING name:`` of ``rulings.py`` outside the table options names a switch ``NAME`` of
    ``rulings`` and a test ``test_name`` here."""
    silent = _silent_rulings()
    assert len(silent) == 15
    for ruling in silent:
        assert hasattr(rulings, ruling.replace("-", "_").upper()), ruling
        assert "test_" + ruling.replace("-", "_") in globals(), ruling


ALTERNATIVES: dict[str, Any] = {
    "SINGLE_CHOICE_AUTOMATIC": False,
    "WAMPUM_OPENS_EMPTY_DECISION": False,
    "WAKE_BONUS_AUTOMATIC": False,
    "REACTIVATE_AUTOMATIC": False,
    "RELOCATE_COMPULSORY": False,
    "SHAMAN_REPEAT_OPTIONAL": False,
    "SHAMAN_REPEAT_USEFUL_ONLY": False,
    "GATHERER_CHOICE_INCLUDES_FEATHER": False,
    "VISION_EVENT_REPEATS_LAST": True,
    "PASSIVE_VISION_REPEATS_LAST": False,
    "WAMPUM_TRADE_NEEDS_ROOM": False,
    "CEREMONY_GOODS_BEFORE_FEATHER": False,
    "SHORT_FEATHER_REFILL_ACTIVE_CHOOSES": False,
    "SACRIFICE_PIECE": rulings.SACRIFICE_NOT_FEATHER,
    "UNDO_EVERY_SEAT": True,
}


@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_alternative_at_once_passes_the_conformance_suite(monkeypatch: pytest.MonkeyPatch, n: int) -> None:
    """With every switch on its other value, whole games still keep the engine contract (snapshots, undo,
    views, refusals), so an alternative is a playable game and not only a unit-tested branch."""
    from longhouse.engine.conformance import check_game

    assert set(ALTERNATIVES) == {r.replace("-", "_").upper() for r in _silent_rulings()}
    for name, value in ALTERNATIVES.items():
        flip(monkeypatch, name, value)
    report = check_game(GAME, n, games=4, seed=2018 + n)
    assert report.games == 4
