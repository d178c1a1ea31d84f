"""Manitoba and Five Tribes in the hall over real websockets: a person and bots at one table; every state
message the person receives lists its legal actions in words (``legal_text``) beside their JSON (Manitoba's
naming areas as its board and move log do), and the page is told which board to load."""

from __future__ import annotations

import random
from typing import Any

import pytest
from harness import Client, Hall, create_table, fill_with_bots, join, start_game

from longhouse import games
from longhouse.games.manitoba import actions as manitoba_actions
from longhouse.store import BotSeat, Person


def test_the_lobby_and_the_table_say_which_board_the_page_loads(hall: Hall) -> None:
    ann = Client(hall, "Ann")
    lobby = ann.lobby()
    hello = next(m for m in lobby.messages if m["type"] == "hello")
    boards = {g["name"]: g["board"] for g in hello["games"]}
    assert boards["manitou"] == "manitou"
    assert boards["manitoba"] == "manitoba"
    assert boards["five_tribes"] in ("five_tribes", "generic")
    tid = create_table(lobby, "manitoba", 2)
    assert ann.table(tid).wait_type("table")["table"]["board"] == "manitoba"


def words(game: str, message: dict[str, Any], action: Any) -> str:
    """The game's own words for an action; Manitoba's name areas as the view does ("Hills 2")."""
    title = games.get(game)
    decoded = title.action_from_json(action)
    if game == "manitoba":
        names = [area["name"] for area in message["view"]["territory"]["areas"]]
        return str(manitoba_actions.describe(decoded, names.__getitem__))
    return str(title.describe_action(decoded))


@pytest.mark.parametrize("game", ["manitoba", "five_tribes"])
def test_a_person_and_bots_play_with_legal_actions_in_words(hall: Hall, game: str) -> None:
    rng = random.Random(3)
    ann = Client(hall, "Ann")
    tid = create_table(ann.lobby(), game, 3)
    wa = ann.table(tid)
    watcher = Client(hall).table(tid)
    join(wa, 2)
    fill_with_bots(wa, "random", "random")
    start_game(wa, wa)
    moves = 0
    for _ in range(400):
        if moves >= 30 or hall.hall.tables[tid].status == "over":
            break
        wa.drain(0.02)
        state = wa.last_state()
        if not state["legal"] or state["status"] != "running":
            continue
        i = rng.randrange(len(state["legal"]))
        wa.send({"type": "action", "version": state["version"], "action": state["legal"][i]})
        wa.wait(lambda m, v=state["version"]: (m["type"] == "state" and m["version"] > v)
                or (m["type"] == "error" and m.get("code") == "stale"))
        moves += 1
    assert moves >= 10
    wa.drain(0.2)
    watcher.drain(0.2)
    states = [m for m in wa.messages if m["type"] == "state"]
    assert any(m["legal"] for m in states)
    for m in states:
        assert m["seat"] == 1
        assert len(m["legal_text"]) == len(m["legal"])
        assert all(isinstance(t, str) and t for t in m["legal_text"])
        # the words are the game's own description of exactly these actions, in the same order
        assert m["legal_text"] == [words(game, m, a) for a in m["legal"]]
        assert (1 in m["acting"]) == bool(m["legal"])
    for m in (m for m in watcher.messages if m["type"] == "state"):
        assert m["seat"] is None and m["legal"] == [] and m["legal_text"] == [] and m["undo_steps"] == 0


@pytest.mark.parametrize("game", ["manitou", "five_tribes"])
def test_play_against_bots_seats_the_creator_fills_the_rest_and_starts(hall: Hall, game: str) -> None:
    ann = Client(hall, "Ann")
    found = hall.store.user_by_name("Ann")
    assert found is not None
    ann_id = found[0].id
    lobby = ann.lobby()
    lobby.send({"type": "create", "game": game, "seats": 3, "options": {}, "bots": "random"})
    tid = int(lobby.wait_type("created")["table"])
    table = hall.hall.tables[tid]
    assert table.status == "running"
    occupants = table.occupants
    assert occupants[0] == Person(ann_id, "Ann")
    assert all(isinstance(o, BotSeat) and o.level == "random" for o in occupants[1:])
    wa = ann.table(tid)
    assert wa.wait_type("state")["seat"] == 0


def test_play_against_bots_refuses_an_unknown_level(hall: Hall) -> None:
    lobby = Client(hall, "Ann").lobby()
    before = set(hall.hall.tables)
    lobby.send({"type": "create", "game": "manitou", "seats": 2, "options": {}, "bots": "grandmaster"})
    assert "no bot level" in lobby.wait_type("error")["message"]
    assert set(hall.hall.tables) == before
