"""Seasons set by the hall's admins (``POST /api/seasons``): who may, what is refused (each refusal clear and
changing nothing: an unknown game, no title, times that are no times, an end before the start or more than a
year on, a season overlapping another of the game), the seasons' states, and the leagues by points."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from harness import Client, Hall

from longhouse.server.seasons import LEAGUES, league
from longhouse.store.admin import admin_store


@pytest.fixture
def hall(db_url: str) -> Iterator[Hall]:
    h = Hall(db_url)
    yield h
    h.stop()


def test_an_admin_sets_a_game_s_seasons_and_each_refusal_changes_nothing(hall: Hall) -> None:
    ann, bob = Client(hall, "Ann"), Client(hall, "Bob")
    account = admin_store(hall.store).account("Ann")
    assert account is not None
    admin_store(hall.store).grant(account, "test", "running the tests")
    now = time.time()
    body: dict[str, Any] = {"game": "toy", "title": "Winter", "starts": now - 60, "ends": now + 86400}
    assert bob.http.post("/api/seasons", json=body).status_code == 403  # admins only
    refused: list[dict[str, Any]] = [{"game": "chess"}, {"title": ""}, {"title": "x" * 61}, {"starts": "soon"},
                                     {"starts": True}, {"starts": -1}, {"ends": now - 120},
                                     {"ends": now + 400 * 86400}]
    for bad in refused:
        r = ann.http.post("/api/seasons", json={**body, **bad})
        assert r.status_code == 400 and r.json()["error"], (bad, r.text)
    assert ann.http.get("/api/seasons/toy").json()["seasons"] == []  # nothing was made
    r = ann.http.post("/api/seasons", json=body)
    assert r.status_code == 200, r.text
    winter = r.json()["id"]
    overlap = {**body, "title": "Overlap", "starts": now + 3600, "ends": now + 2 * 86400}
    r = ann.http.post("/api/seasons", json=overlap)
    assert r.status_code == 400 and "overlaps" in r.json()["error"]
    r = ann.http.post("/api/seasons?lang=de", json=overlap)
    assert r.json()["error"] == "diese Saison überschneidet sich mit einer anderen Saison des Spiels"
    spring = {**body, "title": "Spring", "starts": now + 86400, "ends": now + 30 * 86400}  # from the end on: fine
    assert ann.http.post("/api/seasons", json=spring).status_code == 200
    assert ann.http.post("/api/seasons", json={**body, "game": "manitou"}).status_code == 200  # another game's
    data = bob.http.get("/api/seasons/toy").json()
    assert [(s["title"], s["state"]) for s in data["seasons"]] == [("Spring", "coming"), ("Winter", "current")]
    assert data["current"]["id"] == winter and data["current"]["table"] == [] and data["last"] is None
    assert [x["name"] for x in data["leagues"]] == ["Gold", "Silver", "Bronze"]
    assert bob.http.get("/api/seasons/chess").status_code == 404


def test_leagues_by_points() -> None:
    assert [least for _, least in LEAGUES] == [90.0, 30.0, 0.0]
    assert [league(p) for p in (0.0, 29.5, 30.0, 89.9, 90.0, 300.0)] == [
        "Bronze", "Bronze", "Silver", "Silver", "Gold", "Gold"]
