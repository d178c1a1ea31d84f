"""What the board reads from a Manitoba view: one name per area shared by the view, the action words and the
move log; each seat's last move kept until it moves again; the last scoring per seat; the decision in words;
the reference texts of the description."""

from __future__ import annotations

import gc
import json
import random
import re
from types import FunctionType, ModuleType
from typing import Any

from longhouse.bots import make
from longhouse.engine.events import Event
from longhouse.engine.seats import seat_name
from longhouse.engine.text import plain
from longhouse.games.manitoba import data as D
from longhouse.games.manitoba import tasks as T
from longhouse.games.manitoba import texts
from longhouse.games.manitoba.territory import area_name
from tests.manitoba.helpers import GAME, blank, finish_solstice, new, play


def test_areas_are_named_by_landscape_and_tile_the_same_in_view_words_and_log() -> None:
    st = new(3)  # tiles 1, 2, 3, 4 unturned
    names = [a["name"] for a in plain(st.view(0))["territory"]["areas"]]
    assert len(set(names)) == st.terr.size == 20
    assert names[:5] == ["Forest 1", "Lake 1", "Prairie 1", "Hills 1", "Mountain 1"]  # tile 1: TL, BL, C, TR, BR
    assert all(re.fullmatch(r"(Prairie|Forest|Hills|Lake|Mountain) [1-4]", n) for n in names)
    # each area's tile and slot say where it is drawn
    first = st.view(0)["territory"]["areas"][7]
    assert (first["tile"], first["slot"]) == (1, "C")
    seat = st.acting()[0]
    words = {str(st.describe_action(a)) for a in st.legal_actions(seat)}
    assert "Place a Cree from the village square on Hills 1" in words
    events = st.apply(seat, GAME.action_from_text("place 3"))
    assert str(events[0].text) == f"{seat_name(seat)} places a Cree on Hills 1"
    assert "area 3" not in " ".join(str(e.text) for e in events)
    assert str(area_name(st.terr, 3)) == "Hills 1"


def test_the_last_move_of_each_seat_stays_until_that_seat_moves_again() -> None:
    st = new(3)
    finish_solstice(st)
    seat = st.acting()[0]
    play(st, "take brown")  # brown: prairies and the Hunter's path
    prairie = next(a for a in st.terr.areas_of[D.PRAIRIE] if st.area_cree[a] < 0)
    play(st, f"place {prairie}")
    while st.acting()[0] == seat and st.tasks[-1].kind != T.ACTIVE:
        play(st, GAME.action_to_text(st.legal_actions(seat)[0]))
    marks = st.view(None)["marks"][seat]
    kinds = [m["kind"] for m in marks]
    assert kinds[0] == "totem" and "place" in kinds and "take_good" in kinds
    assert any(m.get("area") == prairie for m in marks if m["kind"] == "place")
    # another seat's move leaves this seat's marks alone
    play(st, "end")
    other = st.acting()[0]
    assert other != seat
    play(st, GAME.action_to_text(st.legal_actions(other)[-1]))  # pass
    assert st.view(None)["marks"][seat] == marks
    assert [m["kind"] for m in st.view(None)["marks"][other]] == ["pass"]


def test_undo_gives_back_the_marks_of_the_kept_steps() -> None:
    st = new(3)
    finish_solstice(st)
    seat = st.acting()[0]
    play(st, "take brown")
    before = st.to_json()
    play(st, f"place {next(a for a in st.terr.areas_of[D.PRAIRIE] if st.area_cree[a] < 0)}")
    st.undo(seat, 1)
    assert st.to_json() == before


def test_the_last_scoring_shows_each_seat_its_good_pieces_and_points() -> None:
    st = new(3, score_tiles=[0, 1])  # spring "3": everybody scores bison
    bots = [make("random", s) for s in range(3)]
    while st.round_no < 4:
        s = st.acting()[0]
        st.apply(s, bots[s].choose(st, s))
    tally = plain(st.view(1))["tally"]
    assert tally["kind"] == "tile" and tally["card"] == 3 and tally["season"] == "spring"
    assert tally["tile"]["goods"] == ["bison"] and tally["tile"]["text"] == "Everybody scores bison"
    assert [r["seat"] for r in tally["rows"]] == [0, 1, 2]
    for row in tally["rows"]:
        assert [x["good"] for x in row["scored"]] == ["bison"]
        assert row["scored"][0]["points"] == D.STORAGE_POINTS[row["scored"][0]["pieces"]]
    assert tally["scores"] == st.score[:]
    json.dumps(plain(st.view(0)))  # JSON-ready once its texts are words (the server does this per language)


def test_the_final_scoring_lists_sacrifices_goods_and_wampum_and_survives_a_snapshot() -> None:
    st = GAME.new_state(2, 5)
    bots = [make("random", s) for s in range(2)]
    while not st.is_over():
        s = st.acting()[0]
        st.apply(s, bots[s].choose(st, s))
    tally = st.view(None)["tally"]
    assert tally["kind"] == "final" and tally["scores"] == st.scores()
    for row in tally["rows"]:
        wampum = D.WAMPUM_ACTIVE_POINTS * st.wa[row["seat"]] + D.WAMPUM_INACTIVE_POINTS * st.wi[row["seat"]]
        assert row["wampum"] == wampum
        assert len(row["scored"]) + len(row["skipped"]) == 4
    again = GAME.state_from_json(st.to_json())
    assert again.view(None)["tally"] == tally and again.view(0)["marks"] == st.view(0)["marks"]


def test_every_decision_has_a_prompt_in_words() -> None:
    st = GAME.new_state(4, 11)
    bots = [make("random", s) for s in range(4)]
    seen: set[str] = set()
    while not st.is_over():
        decision = st.view(0)["decision"]
        assert decision["prompt"] and "_" not in decision["prompt"]
        seen.add(decision["kind"])
        s = st.acting()[0]
        st.apply(s, bots[s].choose(st, s))
    assert {"totem", "active", "passive", "good", "score"} <= seen


def test_the_description_texts_cover_every_path_space_and_event() -> None:
    d = texts.description()
    assert [len(p) for p in d["path_spaces"]] == list(D.PATH_LENGTH)
    assert all(s["text"] and s["short"] for p in d["path_spaces"] for s in p)
    assert d["path_spaces"][D.HUNTER][1]["short"] == "1 (2)"  # space 2: 1 point, 2 for the first
    assert d["path_spaces"][D.SHAMAN][2]["wampum_first"] and d["path_spaces"][D.SHAMAN][2]["permanent"]
    assert set(d["event_texts"]) == set(D.EVENT_NAMES)
    assert blank(3).view(0)["decision"] is None


def test_marks_and_tally_are_the_same_whether_read_after_every_move_or_only_now() -> None:
    """The last moves and the last scoring are folded only when read (recent.settle): a game read after
    every move, one read every few moves, one never read until the end and one read from a snapshot taken
    mid-way agree at every reading, and their snapshots agree too."""
    rnd = random.Random(2026)
    for players in (2, 3, 4):
        every = GAME.new_state(players, seed=players)
        seldom = every.clone()
        step = 0
        while not every.is_over():
            seat = every.acting()[0]
            legal = every.legal_actions(seat)
            action = legal[rnd.randrange(len(legal))]
            every.apply(seat, action)
            seldom.apply(seat, action)
            watched = every.view(None)
            step += 1
            if step % 17 == 0:
                assert seldom.view(None)["marks"] == watched["marks"]
                assert seldom.view(None)["tally"] == watched["tally"]
            if step % 29 == 0:  # a snapshot folds what is pending, and a restored state goes on alike
                restored = type(seldom).from_json(json.loads(json.dumps(seldom.to_json())))
                assert restored.view(seat) == seldom.view(seat)
        assert seldom.view(None) == every.view(None)
        assert seldom.to_json() == every.to_json()


def _events_held(root: Any) -> int:
    """How many events ``root`` holds on to, through any of its fields (classes and modules aside)."""
    seen: set[int] = set()
    stack, count = [root], 0
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, (type, ModuleType, FunctionType)):
            continue
        seen.add(id(obj))
        count += isinstance(obj, Event)
        stack.extend(gc.get_referents(obj))
    return count


def test_a_game_never_read_holds_the_events_of_three_rounds_at_most() -> None:
    """Until the board reads them, the last moves and the last scoring wait as the events that made them, but
    only those that can still show: a random playout keeps no more than three rounds' events (the round under
    way, the one before, and an older one holding the last scoring), not the whole game's."""
    for players in (2, 4):
        st = GAME.new_state(players, seed=7)
        rnd = random.Random(7)
        per_round: dict[int, int] = {}
        held = []
        while not st.is_over():
            seat = st.acting()[0]
            legal = st.legal_actions(seat)
            round_no = st.round_no
            per_round[round_no] = per_round.get(round_no, 0) + len(st.apply(seat, legal[rnd.randrange(len(legal))]))
            held.append(_events_held(st))
        three_rounds = sum(sorted(per_round.values())[-3:])
        assert sum(per_round.values()) > 2 * three_rounds  # a game long enough to tell
        assert max(held) <= three_rounds
        assert st.view(None) == GAME.state_from_json(st.to_json()).view(None)


def test_a_seat_that_takes_no_step_in_a_round_keeps_its_last_move_while_older_rounds_are_forgotten() -> None:
    """Some seats take no step in a round (a passive turn with nothing to decide): their last move is older
    than the round before, which a game not read forgets; what the board then reads is still the same as in
    a game read after every move, at every move, whether the game is never read or read now and then (here
    once, mid-move, just before such a round)."""
    every = GAME.new_state(4, seed=21)
    never, seldom = every.clone(), every.clone()
    rnd = random.Random(21)
    seats_by_round: dict[int, set[int]] = {}
    step = 0
    while not every.is_over():
        seat = every.acting()[0]
        seats_by_round.setdefault(every.round_no, set()).add(seat)
        legal = every.legal_actions(seat)
        action = legal[rnd.randrange(len(legal))]
        for st in (every, never, seldom):
            st.apply(seat, action)
        step += 1
        if step % 8 == 0:
            seldom.view(None)
        watched = every.view(None)
        for st in (never, seldom):
            read = st.clone().view(None)  # a copy reads; the game itself stays unread
            assert read["marks"] == watched["marks"] and read["tally"] == watched["tally"]
    assert any(len(seats) < 4 for seats in seats_by_round.values())
    assert never.to_json() == every.to_json() == seldom.to_json()
