"""Helpers of the fair-play, reputation and vacation tests: toy games played through the real hall, a seat at
a time, and what the store then holds of them."""

from __future__ import annotations

from typing import Any

from harness import WS, Client, Hall, command, create_table, join

from longhouse.store.fairplay import Outcome, fair_store
from tests.waiting import until


def pick(ws: WS) -> dict[str, Any]:
    """Play the seat's lowest card and return the state that acknowledges it."""
    ws.drain(0.05)  # the latest state this socket has been sent
    state = ws.last_state()
    version = state["version"]
    ws.send({"type": "action", "version": version, "action": {"type": "pick", "card": state["view"]["you"]["hand"][0]}})
    return ws.wait(lambda m: m["type"] == "state" and m["version"] > version and m["by"] == state["seat"])


def acting(ws: WS) -> bool:
    ws.drain(0.02)
    state = ws.last_state()
    return not state.get("result") and state["seat"] is not None and state["seat"] in state["acting"]


def play_on(sockets: list[WS], watcher: WS | None = None) -> None:
    """Each of ``sockets`` (seated people) picks whenever it is acting until the game is over (bots play the
    other seats); ``watcher`` (default: the first socket) sees its end."""
    see = watcher or sockets[0]
    for _ in range(60):
        for ws in sockets:
            if acting(ws):
                pick(ws)
        see.drain(0.02)
        if any(m["type"] == "table" and m["table"]["status"] == "over" for m in see.messages):
            return
    raise AssertionError("the game did not end")


def wait_over(ws: WS, timeout: float = 30.0) -> None:
    ws.wait(lambda m: m["type"] == "table" and m["table"]["status"] == "over", timeout, what="the game's end")


def wait_bot(ws: WS, seat: int) -> None:
    """Until ``ws``'s table shows a bot at ``seat`` (0-based)."""
    ws.wait(lambda m: m["type"] == "table" and (m["table"]["seats"][seat] or {}).get("kind") == "bot",
            what=f"a bot at seat {seat + 1}")


def leave(ws: WS, seat: int) -> None:
    """Give up the seat (0-based) and wait until the table shows a bot there."""
    command(ws, "/leave")
    wait_bot(ws, seat)


def outcomes(hall: Hall, table_id: int) -> list[tuple[str, bool]]:
    """The (outcome, played) of each person's seat of a finished table, in seat order."""
    return [(o.outcome, o.played) for o in fair_store(hall.store).outcomes_at(table_id)]


def outcome_rows(hall: Hall, table_id: int) -> list[Outcome]:
    return fair_store(hall.store).outcomes_at(table_id)


def settled(hall: Hall, table_id: int) -> list[tuple[str, bool]]:
    """The table's outcomes once they are stored (a resignation says the game is over just before)."""
    return until(lambda: outcomes(hall, table_id), 10, what=f"the outcomes of table {table_id}")


def user_id(hall: Hall, name: str) -> int:
    found = hall.hall.people.user(name)
    assert found is not None
    return int(found[0])


def started(people: list[Client], game: str = "toy", options: dict[str, Any] | None = None,
            **settings: Any) -> tuple[int, list[WS]]:
    """The first of ``people`` creates a table (``settings``: the hall's, as ``create_table`` takes them); they
    sit down in that order and the game starts. The table's id and each one's socket there."""
    lobby = people[0].lobby()
    tid = create_table(lobby, game, len(people), options, **settings)
    lobby.close()
    sockets = [p.table(tid) for p in people]
    for seat, ws in enumerate(sockets, start=1):
        join(ws, seat)
    command(sockets[0], "/start")
    for ws in sockets:
        ws.wait_type("state")
    return tid, sockets
