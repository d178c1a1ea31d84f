"""The table's rough edges, on the server (issue 28): the creator seated at once and moving to the seat
they click, a closed table's number saying what became of it, resigning (a loss at once), when a bot may be
let play for an away player, and whom a rematch waits for. Real hall, real websockets, a fake clock."""

from __future__ import annotations

from typing import Any

import pytest
from harness import WS, Client, Hall, command, create_table, join, seated_table

from longhouse.server.ratings import ranks


@pytest.fixture
def hall(hall: Hall) -> Hall:
    hall.fake_clock()
    return hall


def pick(ws: WS) -> dict[str, Any]:
    """Play the seat's lowest card and return the state that acknowledges it."""
    ws.drain(0.05)
    state = ws.last_state()
    version = state["version"]
    ws.send({"type": "action", "version": version, "action": {"type": "pick", "card": state["view"]["you"]["hand"][0]}})
    return ws.wait(lambda m: m["type"] == "state" and m["version"] > version and m["by"] == state["seat"])


def uid(hall: Hall, name: str) -> int:
    found = hall.hall.people.user(name)
    assert found is not None
    return found[0]


def gone(hall: Hall, lobby: WS, table_id: int) -> None:
    """Wait until the hall has let table ``table_id`` go (its last socket closed: on another connection)."""
    for _ in range(200):
        if table_id not in hall.hall.tables:
            return
        lobby.drain(0.05)
    raise AssertionError(f"table {table_id} is still open")


def refusal(client: Client, table_id: int) -> str:
    ws = client.ws(f"/ws/table/{table_id}")
    message = ws.wait_type("error", code="refused")["message"]
    ws.close()
    return str(message)


# --- sitting ----------------------------------------------------------------------------------------------

def test_the_creator_sits_at_once_and_moves_to_the_free_seat_they_name(hall: Hall) -> None:
    ann = Client(hall, "Ann")
    lobby = ann.lobby()
    tid = create_table(lobby, "toy", 3, sit=True)
    wa = ann.table(tid)
    first = [m for m in wa.messages if m["type"] == "table"][-1]
    assert first["you"]["seat"] == 0 and first["table"]["seats"][0]["name"] == "Ann"
    command(wa, "/join")  # already there: no error, the seating again
    wa.wait(lambda m: m["type"] == "table" and m["you"]["seat"] == 0)
    command(wa, "/join 3")  # the seat she clicks: she moves there
    moved = wa.wait(lambda m: m["type"] == "table" and m["you"]["seat"] == 2)
    assert moved["table"]["seats"][0] is None
    bob = Client(hall, "Bob").table(tid)
    join(bob, 1)
    command(wa, "/join 1")
    assert "taken" in wa.wait_type("error", code="command")["message"]
    without = create_table(lobby, "toy", 2)  # not asked: nobody sits (an API client's table)
    assert hall.hall.tables[without].occupants == [None, None]


def test_a_table_everyone_left_says_what_became_of_it_for_a_while(hall: Hall) -> None:
    from longhouse.server.gone import GONE_KEEP

    ann, cid = Client(hall, "Ann"), Client(hall, "Cid")
    lobby = ann.lobby()
    tid = create_table(lobby, "toy", 2, sit=True)
    other = create_table(lobby, "toy", 2, sit=True)  # where its creator goes (before: SQLite may give a closed
    wa = ann.table(tid)                                # table's number to the next table if it was the newest)
    command(wa, "/leave")
    wa.wait(lambda m: m["type"] == "table" and m["you"]["seat"] is None)
    wa.close()
    gone(hall, lobby, tid)
    text = refusal(cid, tid)
    assert text.startswith(f"Table {tid} closed before its game began: everyone left it.")
    assert "there is no such table" not in text
    assert f"Its creator is at table {other} now." in text
    hall.clock.advance(GONE_KEEP + 1)
    assert refusal(cid, tid).startswith("there is no such table")
    secret = create_table(lobby, "toy", 2, private=True)  # a private table is never remembered
    ann.table(secret).close()
    gone(hall, lobby, secret)
    assert refusal(cid, secret).startswith("there is no such table")


def test_the_newest_table_left_keeps_its_number_when_its_creator_opens_another(hall: Hall) -> None:
    """The newest table, left before anyone sat: SQLite gives the next new row the largest number plus one, so
    the creator's next table took the closed one's number, and the note about it was dropped."""
    ann, cid = Client(hall, "Ann"), Client(hall, "Cid")
    lobby = ann.lobby()
    tid = create_table(lobby, "toy", 2, sit=True)  # the newest table
    wa = ann.table(tid)
    command(wa, "/leave")
    wa.wait(lambda m: m["type"] == "table" and m["you"]["seat"] is None)
    wa.close()
    gone(hall, lobby, tid)
    other = create_table(lobby, "toy", 2, sit=True)  # Ann opens another
    assert other != tid and other > tid
    text = refusal(cid, tid)
    assert text.startswith(f"Table {tid} closed before its game began: everyone left it.")
    assert f"Its creator is at table {other} now." in text
    assert hall.store.table(other) is not None and hall.store.table(tid) is None
    ws = cid.ws(f"/ws/table/{tid}?lang=de")  # in the reader's language
    german = str(ws.wait_type("error", code="refused")["message"])
    ws.close()
    assert german.startswith(f"Tisch {tid} wurde geschlossen, bevor sein Spiel begann")
    assert f"an Tisch {other}" in german
    assert create_table(lobby, "toy", 2) > other  # and numbering goes on from there


def test_a_bot_for_an_away_player_is_offered_after_the_grace_the_table_names(hall: Hall) -> None:
    tid, (_ann, _bob), (wa, wb) = seated_table(hall, ["Ann", "Bob"], away_bot=False)
    table = [m for m in wa.messages if m["type"] == "table"][-1]
    assert table["bot_after"] == hall.hall.settings.away_grace
    wb.close()
    away = wa.wait(lambda m: m["type"] == "table" and m["table"]["seats"][1]["away"] is not None)
    assert away["table"]["seats"][1]["away"] < table["bot_after"]
    command(wa, "/bot beginner 2")
    assert f"after {table['bot_after']:.0f} s" in wa.wait_type("error", code="command")["message"]
    hall.clock.advance(table["bot_after"])
    command(wa, "/bot beginner 2")
    wa.wait(lambda m: m["type"] == "table" and (m["table"]["seats"][1] or {}).get("kind") == "bot")
    assert tid


# --- resigning --------------------------------------------------------------------------------------------

def test_resigning_a_two_player_game_ends_it_as_a_loss_at_once_and_it_is_rated(hall: Hall) -> None:
    tid, _, (wa, wb) = seated_table(hall, ["Ann", "Bob"])
    for _ in range(2):  # both play (a game resigned before two moves of one's own is not rated: fairplay.py)
        pick(wa)
        pick(wb)
    command(wa, "/resign")
    over = wb.wait(lambda m: m["type"] == "state" and m["status"] == "over")
    assert over["result"]["resigned"] == [0] and over["result"]["winners"] == [1]
    assert any("Ann loses it" in m["text"] for m in wb.messages if m["type"] == "chat")
    row = hall.store.table(tid)
    assert row is not None and row.status == "over"
    assert row.result is not None and row.result["resigned"] == [0]
    points = {p.user_id: p for p in hall.hall.people.rating_history("toy")}
    ann_id, bob_id = (uid(hall, name) for name in ("Ann", "Bob"))
    assert points[bob_id].mu > points[ann_id].mu  # rated at once: Ann lost
    command(wa, "/join 1")
    assert "over" in wa.wait_type("error", code="command")["message"]


def test_the_creators_seat_and_a_resignation_are_said_in_each_readers_language(hall: Hall) -> None:
    """The chat's lines of the creator sitting down and of a resignation, and the refusal to resign, reach
    each reader in their own language (they were English on a German page)."""
    from websockets.sync.client import connect

    ann, bob = Client(hall, "Ann"), Client(hall, "Bob")
    tid = create_table(ann.lobby(), "toy", 2, sit=True)
    wa = ann.table(tid)
    url = "ws" + bob.base[len("http"):] + f"/ws/table/{tid}"
    wb = WS(connect(url, additional_headers={"Cookie": f"longhouse_session={bob.token}; lang=de"}, legacy=True))
    def history(ws: WS) -> list[str]:
        return [line["text"] for line in ws.wait_type("chat_history")["lines"]]

    assert history(wb) == ["Ann eröffnet den Tisch und setzt sich an Platz 1 (Rot)."]
    assert history(wa) == ["Ann creates the table and sits down at seat 1 (Red)."]
    command(wb, "/resign")
    assert wb.wait_type("error", code="command")["message"] == "aufgeben kannst du nur, solange das Spiel läuft"
    command(wb, "/join 2")
    command(wa, "/start")
    for ws in (wa, wb):
        ws.wait_type("state")
    for _ in range(2):
        pick(wa)
        pick(wb)
    command(wa, "/resign")
    wb.wait(lambda m: m["type"] == "state" and m["status"] == "over")
    said = [m["text"] for m in wb.messages if m["type"] == "chat" and "Ann" in m["text"]]
    assert "Ann gibt Platz 1 (Rot) auf: Das Spiel endet hier, und Ann hat es verloren." in said, said
    wa.wait(lambda m: m["type"] == "chat" and m["text"] == "Ann resigns seat 1 (Red): the game ends here, and Ann "
                                                             "loses it.")


def test_resigning_among_three_lets_the_others_finish_and_ranks_the_resigner_last(hall: Hall) -> None:
    tid, _, (wa, wb, wc) = seated_table(hall, ["Ann", "Bob", "Cid"])
    command(wa, "/resign")
    wb.wait(lambda m: m["type"] == "table" and m["table"]["seats"][0]["kind"] == "bot"
            and m["table"]["resigned"] == [0])
    command(wa, "/join 1")  # no way back to a resigned seat
    assert "resigned" in wa.wait_type("error", code="command")["message"]
    command(wa, "/resign")
    assert "resigned" in wa.wait_type("error", code="command")["message"]
    while True:
        state = wb.last_state()
        if state["status"] == "over":
            break
        for ws in (wb, wc):
            ws.drain(0.05)
            if ws.last_state()["legal"]:
                pick(ws)
        wb.drain(0.05)
    result = state["result"]
    assert result["resigned"] == [0] and 0 not in result["winners"]
    people = hall.hall.people
    points = {p.user_id: p.mu for p in people.rating_history("toy") if p.table_id == tid}
    ann = uid(hall, "Ann")
    assert len(points) == 3 and points[ann] == min(points.values())


def test_ranks_put_the_resigned_below_everyone_the_first_to_resign_lowest() -> None:
    result = {"scores": [9, 1, 5, 7], "winners": [0], "resigned": [2, 0]}
    assert ranks(result, [0, 1, 2, 3]) == [2, 1, 3, 0]
    assert ranks({"scores": [3, 3], "winners": [0, 1]}, [0, 1]) == [0, 0]


# --- the rematch says whom it waits for ---------------------------------------------------------------------

def test_a_rematch_says_whom_it_waits_for(hall: Hall) -> None:
    tid, (ann, _bob), (wa, wb) = seated_table(hall, ["Ann", "Bob"])
    command(wa, "/resign")
    wa.wait(lambda m: m["type"] == "state" and m["status"] == "over")
    command(wa, "/rematch")
    new = int(wa.wait_type("goto")["table"])
    assert new != tid
    table = ann.table(new)
    summary = [m for m in table.messages if m["type"] == "table"][-1]["table"]
    assert summary["awaiting"] == ["Bob"]
    command(wb, "/rematch")
    table.wait(lambda m: m["type"] == "table" and m["table"].get("awaiting") is None)


def test_manitoba_says_winter_solstice_not_round_0_before_the_first_round() -> None:
    from longhouse.games.manitoba.game import GAME
    from longhouse.games.manitoba.view import phase_text

    state = GAME.new_state(2, 3)
    assert state.round_no == 0
    text = str(phase_text(state))
    assert "Round 0" not in text and text.startswith("Winter solstice, before round 1 of 16")


def test_no_move_is_played_after_a_resignation_ended_the_game(hall: Hall) -> None:
    tid, _, (wa, wb) = seated_table(hall, ["Ann", "Bob"])
    command(wa, "/resign")
    over = wb.wait(lambda m: m["type"] == "state" and m["status"] == "over")
    assert over["acting"] == [] and over["legal"] == []  # nobody is offered a move any more
    card = over["view"]["you"]["hand"][0]
    wb.send({"type": "action", "version": over["version"], "action": {"type": "pick", "card": card}})
    assert "over" in wb.wait_type("error")["message"]
    assert hall.hall.tables[tid].version == over["version"]
