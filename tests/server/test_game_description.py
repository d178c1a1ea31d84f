"""The hall serves each game's description (once per table connection and over HTTP), the seats generated
from the engine, and accepts only a game's declared options at table creation: a lobby message cannot fix
a deck order or any other hidden fixture."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from harness import Client, Hall, create_table

from longhouse import games
from longhouse.i18n import plain

FIXTURES: dict[str, dict[str, Any]] = {
    "manitou": {"buffalo": {"large": [9, 10, 10, 11, 12, 13], "small": [1, 2, 2, 3, 4, 4, 5, 5, 6, 7]},
                "pile_order": "as_selected", "dealer": 0},
    "manitoba": {"score_tiles": [0, 1, 2, 3], "totem": "fixed", "first_player": 0},
    "five_tribes": {"resource_deck": list(range(54)), "djinn_deck": list(range(22)), "bid_order": [0, 1]},
}


@pytest.mark.parametrize("game", sorted(FIXTURES))
def test_a_lobby_message_cannot_fix_a_hidden_order(hall: Hall, game: str) -> None:
    lobby = Client(hall, "Ann").lobby()
    for key, value in FIXTURES[game].items():
        lobby.send({"type": "create", "game": game, "seats": 2, "options": {key: value}})
        error = lobby.wait_type("error")
        assert "unknown options" in error["message"] and key in error["message"]
    assert not hall.hall.tables, "a refused create leaves no table behind"


def test_a_declared_option_is_accepted_and_checked(hall: Hall) -> None:
    lobby = Client(hall, "Ann").lobby()
    lobby.send({"type": "create", "game": "manitoba", "seats": 2, "options": {"layout": "atlantis"}})
    assert "must be one of" in lobby.wait_type("error")["message"]
    tid = create_table(lobby, "manitoba", 2, {"layout": "lake_manitoba", "clamp_scores": True})
    assert hall.hall.tables[tid].options == {"layout": "lake_manitoba", "clamp_scores": True}


def test_the_table_sends_the_description_first_and_http_serves_it(hall: Hall) -> None:
    ann = Client(hall, "Ann")
    tid = create_table(ann.lobby(), "five_tribes", 2)
    ws = ann.table(tid)  # waits for the seating, which comes after the description
    first = ws.messages[0]
    assert first["type"] == "game" and first["description"] == plain(games.get("five_tribes").describe()) | {
        "board": first["description"]["board"]}
    assert sum(m["type"] == "game" for m in ws.messages) == 1
    base = hall.url
    for name in games.names():
        got = httpx.get(f"{base}/api/games/{name}").json()
        assert got["game"] == name and got["seats"]
    assert httpx.get(f"{base}/api/games/chess").status_code == 404
    js = httpx.get(f"{base}/static/seats.js")
    assert js.headers["content-type"].startswith("text/javascript") and "export const SEATS" in js.text
    assert ".seat-yellow" in httpx.get(f"{base}/static/seats.css").text


def test_a_bad_option_is_refused_in_the_reader_s_language(hall: Hall) -> None:
    """The set-up's refusals (issue 23): an unknown option, a value not among the choices, a bad hall option
    and an unknown time control reach a German lobby in German."""
    ann = Client(hall, "Ann")
    lobby = ann.ws("/ws/lobby?lang=de")
    lobby.wait_type("hello")
    said = []
    for create in ({"game": "manitoba", "options": {"layout": "atlantis"}},
                   {"game": "manitou", "options": {"dealer": 0}},
                   {"game": "manitou", "options": {"hints": "yes"}},
                   {"game": "manitou", "options": {}, "time": "forever"}):
        lobby.send({"type": "create", "seats": 2, **create})
        said.append(lobby.wait_type("error")["message"])
    assert said[0].startswith("die Option 'layout' muss eines von ") and said[0].endswith(", nicht 'atlantis'")
    assert said[1] == "unbekannte Optionen ['dealer']; dieses Spiel hat keine Optionen"
    assert said[2] == "die Option „hints“ ist true oder false"
    assert said[3].startswith("es gibt keine Bedenkzeit 'forever'; wähle eine von ")
    assert not hall.hall.tables
