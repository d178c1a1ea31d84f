"""Hints at a table that allows them, refused elsewhere; a finished game's analysis over HTTP."""

from __future__ import annotations

from pathlib import Path

from harness import WS, Client, Hall, command, create_table, fill_with_bots, seated_table
from test_hall_toy import pick, seat_table


def hint_table(hall: Hall, options: dict[str, object], names: str = "Hinted") -> tuple[int, list[Client], list[WS]]:
    return seated_table(hall, [f"{names}{i}" for i in range(2)], options)


def test_a_seated_player_gets_a_hint_for_exactly_its_legal_moves(hall: Hall) -> None:
    tid, _people, (wa, wb) = hint_table(hall, {"hints": True})
    state = wa.last_state()
    command(wa, "/hint")
    answer = wa.wait_type("hint", timeout=120)
    assert answer["version"] == state["version"] and answer["seat"] == 0
    assert [m["action"] for m in answer["moves"]] == state["legal"]
    assert [m["text"] for m in answer["moves"]] == state["legal_text"]
    assert 0 <= answer["best"] < len(state["legal"])
    assert all(0.0 <= m["win"] <= 1.0 for m in answer["moves"])
    # only the asker hears it; asking again at the same version gives the same hint
    assert not any(m["type"] == "hint" for m in wb.messages)
    command(wa, "/hint")
    again = wa.wait(lambda m: m["type"] == "hint" and m is not answer, timeout=120)
    assert again == answer
    # the record's set-up has no hall option in it: the game never saw "hints"
    assert hall.hall.tables[tid].record.setup in (None, {})


def test_hints_are_refused_where_the_table_does_not_allow_them_and_to_watchers(hall: Hall) -> None:
    _tid, _people, (wa, _wb) = seat_table(hall)
    command(wa, "/hint")
    assert "hints are off" in wa.wait_type("error")["message"]
    tid2, _, _ = hint_table(hall, {"hints": True})
    watcher = Client(hall, "Watcher").table(tid2)
    watcher.wait_type("state")
    command(watcher, "/hint")
    assert "seated player" in watcher.wait_type("error")["message"]


def test_the_hints_option_is_checked_when_the_table_is_created(hall: Hall) -> None:
    lobby = Client(hall, "Ann").lobby()
    before = set(hall.hall.tables)
    lobby.send({"type": "create", "game": "toy", "seats": 2, "options": {"hints": "yes"}})
    assert "true or false" in lobby.wait_type("error")["message"]
    lobby.send({"type": "create", "game": "toy", "seats": 2, "options": {"hints": True, "rated": True}})
    assert "rated" in lobby.wait(lambda m: m["type"] == "error" and "rated" in m["message"])["message"]
    assert set(hall.hall.tables) == before


def finished_against_bots(hall: Hall, name: str, seats: int) -> tuple[Client, int]:
    """``name`` plays the toy game to its end against beginner bots at a new table of ``seats``."""
    person = Client(hall, name)
    tid = create_table(person.lobby(), "toy", seats)
    ws = person.table(tid)
    command(ws, "/join")
    fill_with_bots(ws, *["beginner"] * (seats - 1))
    command(ws, "/start")
    assert person.http.get(f"/api/tables/{tid}/analysis").status_code == 404  # not while it runs
    while True:
        state = ws.wait_type("state", timeout=60)
        if state["status"] == "over":
            return person, tid
        if state["legal"]:
            pick(ws)


def test_a_game_against_a_bot_thinking_in_a_worker_then_its_analysis(hall: Hall) -> None:
    ann, tid = finished_against_bots(hall, "Ann", 2)
    data = ann.http.get(f"/api/tables/{tid}/analysis", timeout=120).json()
    record = hall.store.record(tid)
    assert record is not None and record.result is not None
    assert len(data["points"]) == len(record.actions) + 1
    assert data["players"] == list(record.players)
    final = data["points"][-1]["chances"]
    assert [i for i, c in enumerate(final) if c > 0] == record.result["winners"]
    assert all(isinstance(step, int) and data["points"][step]["loss"] > 0 for step in data["worst"])


def test_each_hall_keeps_its_own_analyses(tmp_path: Path) -> None:
    """Table 1 of one hall is not table 1 of another: two halls in one process (as in these tests) never
    serve each other's kept analysis (they did once: a replay's chart drew another game's seats)."""
    halls = [Hall(f"sqlite:///{tmp_path / f'hall{i}.db'}") for i in range(2)]
    try:
        for hall, seats in zip(halls, (2, 3), strict=True):
            person, tid = finished_against_bots(hall, "Ann", seats)
            data = person.http.get(f"/api/tables/{tid}/analysis", timeout=120).json()
            assert tid == 1 and len(data["players"]) == seats
            record = hall.store.record(tid)
            assert record is not None and data["players"] == list(record.players)
    finally:
        for hall in halls:
            hall.stop()
