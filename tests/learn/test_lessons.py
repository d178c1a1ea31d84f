"""Every tutorial replayed through the engine: each expected move is legal where it stands, each text's claim
holds (a score, an owner, a count — data checked against the learner's view), the game ends with the summary's
claims true, and the lessons cover the game's phases and rule families. A wrong move is refused with the
reason and the rule it breaks; a broken lesson file is caught where it breaks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from longhouse import games
from longhouse.i18n import plain
from longhouse.learn import LessonError, available, tutorial
from longhouse.learn.lessons import HERE, Claim, parse, play_through, read

#: What each game's lessons must teach (the issue's list), by the lessons' keys, in order.
FAMILIES = {
    "manitou": ["party", "hunters", "warriors", "beats", "reckoning", "dealer", "protection", "robbers", "last",
                "finish"],
    "manitoba": ["winter", "passive", "wakeup", "active", "scoring", "hunter", "wampum", "shaman", "ceremonies",
                 "seasons", "events", "final"],
    "five_tribes": ["bidding", "movement", "assassins", "viziers", "elders", "village", "djinns", "merchants",
                    "market", "builders", "end"],
}


def build(name: str, change: Any = None) -> Any:
    data = read(HERE / f"{name}.toml")
    if change is not None:
        change(data)
    t = parse(data, games.get(name))
    play_through(t, int(data["players"]), int(data["seed"]), dict(data.get("setup", {})))
    return t


@pytest.mark.parametrize("name", available())
def test_every_expected_move_is_legal_and_every_claim_holds(name: str) -> None:
    t = tutorial(name)
    assert len(t.positions) == len(t.steps) == t.end + 1
    claims = 0
    for index, step in enumerate(t.steps):
        state = t.positions[index]
        view = state.view(t.learner)
        for claim in step.claims:
            assert claim.check(view) is None, (index, claim)
            claims += 1
        if index < t.end:
            assert t.expected[index] in state.legal_actions(t.learner), index
            assert step.do, index  # every step says what to do
        else:
            assert state.is_over() and t.summary
    assert claims >= len(t.lessons)  # the texts' claims are checked, not left out


@pytest.mark.parametrize("name", available())
def test_playing_the_marked_moves_leads_from_the_first_step_to_the_end(name: str) -> None:
    t = tutorial(name)
    index = 0
    while index < t.end:
        page = t.payload(index)
        assert page["expected"] in page["state"]["legal"]  # the board can mark and play it
        assert page["state"]["view"]["you"] is not None if name == "manitou" else True
        answer = t.attempt(index, page["expected"])
        assert answer == {"ok": True, "next": index + 1}
        index = answer["next"]
    last = t.payload(t.end)
    assert last["state"]["status"] == "over" and last["summary"] and last["expected"] is None
    assert last["state"]["result"]["winners"] == [t.learner]


@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_the_lessons_cover_every_phase_and_rule_family(name: str) -> None:
    t = tutorial(name)
    assert [lesson.key for lesson in t.lessons] == FAMILIES[name]
    assert all(lesson.text and lesson.rule for lesson in t.lessons)


def test_a_legal_move_that_is_not_the_lessons_is_refused_with_what_to_do_and_the_rule() -> None:
    t = tutorial("manitou")
    answer = plain(t.attempt(0, {"type": "pick", "card": "9"}))  # its texts in English
    assert answer["ok"] is False
    assert "Pick the 9 hunter" in answer["reason"] and "Pick the 10 hunter" in answer["reason"]
    assert answer["rule"].startswith("Rules, A hunt") and answer["why"]


def test_a_move_the_rules_forbid_is_refused_with_the_rule_of_its_kind() -> None:
    t = tutorial("manitou")
    answer = plain(t.attempt(0, {"type": "play", "card": "10", "ground": 0}))  # no card is played while picking
    assert answer["ok"] is False and answer["reason"].startswith("The rules forbid it")
    assert answer["rule"] == str(t.rules["play"])
    garbage = plain(t.attempt(0, {"type": "fly"}))
    assert garbage["ok"] is False and "no move of this game" in garbage["reason"]
    assert t.attempt(0, "nonsense")["ok"] is False


def test_a_wrong_claim_is_caught_where_it_is_made() -> None:
    def lie(data: dict[str, Any]) -> None:
        data["lessons"][4]["steps"][0]["claims"][0]["is"] = 19  # the reckoning: "you have 18 points"

    with pytest.raises(LessonError, match=r"The reckoning.*scores\.0 is 18, not 19"):
        build("manitou", lie)


def test_an_expected_move_that_is_not_legal_is_caught() -> None:
    def wrong(data: dict[str, Any]) -> None:
        data["lessons"][1]["steps"][0]["move"] = "9@1"  # the 9 is not in the first hand

    with pytest.raises(LessonError, match=r"Hunters and herds.*not legal"):
        build("manitou", wrong)


def test_a_bad_claim_shape_is_refused() -> None:
    def bad(data: dict[str, Any]) -> None:
        data["lessons"][0]["steps"][0]["claims"] = [{"path": "scores.0", "is": 0, "count": 1}]

    with pytest.raises(LessonError, match="a claim is"):
        build("manitou", bad)
    assert Claim("nowhere.3").check({"a": 1}) == "nowhere.3 is not in the view"
    assert Claim("a", count=2).check({"a": [1]}) == "a holds 1, not 2"


def test_lesson_files_are_one_per_game_and_only_for_games_of_the_hall() -> None:
    files = sorted(p.stem for p in Path(HERE).glob("*.toml"))
    assert files == sorted(available()) and set(files) <= set(games.names())
    assert "manitou" in files
