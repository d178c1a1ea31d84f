"""Test helpers for tournaments: people who register, check in, and at each round go to the table the hall
takes them to, are seen there, and hand their seat to a bot (which plays it for them: the game stays theirs,
but they did not play it, so it is not rated: fairplay.py) — or play a toy game themselves."""

from __future__ import annotations

import threading
import time
from typing import Any

from harness import WS, Client, Hall, command

from tests.waiting import until


class Steps:
    """The hall's tournament director's steps (``Director.step``: one look at every tournament) counted from
    now on: ``after`` waits until it has looked again (a step begun after the call has ended), so that a test
    sees that something did not happen (a start, a round) without waiting a length of time."""

    def __init__(self, hall: Hall) -> None:
        director = hall.app.state.tourneys
        real = director.step
        self.changed = threading.Condition()
        self.begun = self.ended = 0

        async def step() -> None:
            with self.changed:
                self.begun += 1
            try:
                await real()
            finally:
                with self.changed:
                    self.ended += 1
                    self.changed.notify_all()

        director.step = step

    def after(self, timeout: float = 15.0) -> None:
        with self.changed:
            wanted = self.begun + 1
            assert self.changed.wait_for(lambda: self.ended >= wanted, timeout), "the director took no step"


def create(owner: Client, **settings: Any) -> int:
    body = {"name": "Test cup", "game": "toy", "format": "swiss", "checkin": 0, "forfeit_after": 600,
            "starts": time.time() + 3600, **settings}
    r = owner.http.post("/api/tournaments", json=body)
    assert r.status_code == 200, r.text
    return int(r.json()["id"])


def act(client: Client, tid: int, what: str, **body: Any) -> Any:
    return client.http.post(f"/api/tournaments/{tid}/{what}", json=body)


def detail(client: Client, tid: int) -> dict[str, Any]:
    r = client.http.get(f"/api/tournaments/{tid}")
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def wait_for(client: Client, tid: int, pred: Any, timeout: float = 60.0, what: str = "") -> dict[str, Any]:
    seen: list[dict[str, Any]] = []

    def holds() -> dict[str, Any] | None:
        seen[:] = [detail(client, tid)]
        return seen[0] if pred(seen[0]) else None

    try:
        return until(holds, timeout, every=0.1)
    except AssertionError:
        data = seen[0]
        raise AssertionError(f"tournament {tid}: not {what or pred} within {timeout}s: {data['status']}, "
                             f"round {data['round']}: {data['rounds_list'][-1:]}") from None


def current_games(data: dict[str, Any]) -> list[dict[str, Any]]:
    rounds = [r for r in data["rounds_list"] if r["round"] == data["round"]]
    return rounds[0]["games"] if rounds else []


def play_round(hall: Hall, people: dict[str, Client], tid: int, number: int, lobbies: dict[str, WS] | None = None,
               timeout: float = 120.0) -> dict[str, Any]:
    """Round ``number``: every player is told of their table (on their lobby socket, when given), goes there,
    is seen there, and leaves the seat to a bot; returns the tournament once the round's games are over."""
    data = wait_for(people[next(iter(people))], tid, lambda d: d["round"] >= number and all(
        g["table"] is not None or g["state"] == "bye" for g in current_games(d)), what=f"round {number}'s tables")
    games = current_games(data)
    sockets: list[tuple[str, WS]] = []
    for g in games:
        if g["state"] == "bye":
            continue
        for name in g["players"]:
            if lobbies is not None:  # the notice that takes them there
                note = lobbies[name].wait(lambda m, t=g["table"]: m.get("type") == "tournament" and m.get("table") == t,
                                          timeout=30, what=f"{name}'s notice of table {g['table']}")
                assert note["round"] == number
            sockets.append((name, people[name].table(g["table"])))
    wait_for(people[next(iter(people))], tid, lambda d: all(
        sorted(g["arrived"]) == sorted(g["players"]) for g in current_games(d) if g["state"] != "bye"),
        what="everyone seen at their table")
    for _, ws in sockets:
        command(ws, "/leave")  # a bot plays the seat on, for its player
    for _, ws in sockets:
        ws.close()
    return wait_for(people[next(iter(people))], tid, lambda d: d["round"] > number or d["status"] == "over" or all(
        g["state"] != "playing" for g in current_games(d)), timeout=timeout, what=f"round {number}'s end")


def play_picks(folks: dict[str, Client], tid: int, game: dict[str, Any], turns: int = 3) -> tuple[list[WS], list[int]]:
    """Both players of a toy table of two come (and are seen there) and play ``turns`` of its three rounds of
    picks themselves (two or more: enough to have played it, fairplay.py). The seat with the higher middle card
    plays its two highest first and wins those two rounds, the other its lowest first. Their sockets and the
    scores after those rounds, in seat order."""
    sockets = [folks[n].table(game["table"]) for n in game["players"]]
    wait_for(folks[game["players"][0]], tid, lambda d: sorted(next(
        g for g in current_games(d) if g["table"] == game["table"])["arrived"]) == sorted(game["players"]),
             what="both seen at the table")
    hands = [sorted(ws.wait(lambda m: m.get("type") == "state" and m["view"]["you"] is not None)["view"]["you"]["hand"])
             for ws in sockets]
    strong = 0 if hands[0][1] > hands[1][1] else 1
    plays = {strong: [hands[strong][2], hands[strong][1], hands[strong][0]], 1 - strong: list(hands[1 - strong])}
    version = sockets[0].last_state()["version"]
    scores = [0, 0]
    for turn in range(turns):
        for seat, ws in enumerate(sockets):
            ws.send({"type": "action", "version": version, "action": {"type": "pick", "card": plays[seat][turn]},
                     "ref": 1})
            version += 1
            for each in sockets:
                each.wait(lambda m, v=version: m.get("type") == "state" and m["version"] == v,
                          what=f"version {version}")
        scores[0 if plays[0][turn] > plays[1][turn] else 1] += 1
    return sockets, scores


def play_round_in_person(folks: dict[str, Client], tid: int, number: int) -> dict[str, Any]:
    """Round ``number`` of toy tables of two, every game played to its end by its people themselves (so it is
    rated); the tournament once the round's games are over."""
    first = folks[next(iter(folks))]
    data = wait_for(first, tid, lambda d: d["round"] >= number and all(
        g["table"] is not None or g["state"] == "bye" for g in current_games(d)), what=f"round {number}'s tables")
    for g in current_games(data):
        if g["state"] != "bye":
            sockets, _ = play_picks(folks, tid, g)
            for ws in sockets:
                ws.close()
    return wait_for(first, tid, lambda d: d["round"] > number or d["status"] == "over" or all(
        g["state"] != "playing" for g in current_games(d)), what=f"round {number}'s end")
