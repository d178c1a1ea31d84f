"""Learn to play over HTTP (server/learn.py) and the game pages (server/game_pages.py) in a running hall: the
steps, a refusal, the whole tutorial played by its marked moves with nothing stored, archived or rated, the
progress of a registered account (a guest's stays in its browser), the game page's data, and the pages that
answered 404 before (/rules)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from harness import Client, Hall, create_table

from longhouse.i18n import plain
from longhouse.i18n.catalogs import translator
from longhouse.learn import tutorial


@pytest.fixture
def hall(tmp_path: Path) -> Iterator[Hall]:
    h = Hall(f"sqlite:///{tmp_path / 'hall.db'}")
    yield h
    h.stop()


def test_the_tutorial_is_played_step_by_step_and_leaves_nothing_in_the_store(hall: Hall) -> None:
    amy = Client(hall, "Amy")
    listed = amy.http.get("/api/learn").json()["tutorials"]
    assert {"game": "manitou", "title": "Manitou", "lessons": 10} in listed
    outline = amy.http.get("/api/learn/manitou").json()
    assert outline["lessons"][0]["title"] == "Your hunting party" and outline["end"] == tutorial("manitou").end
    first = amy.http.get("/api/learn/manitou/0").json()
    assert first["expected"] == {"type": "pick", "card": "10"} and first["first"] is True
    view = first["state"]["view"]
    assert view["you"]["seat"] == 0 and "you" in view and first["state"]["seat"] == 0
    assert "selection" not in str(view["players"][1])  # Blue's party stays hidden: only its counts are shown

    wrong = amy.http.post("/api/learn/manitou/0", json={"action": {"type": "pick", "card": "Q"}}).json()
    assert wrong["ok"] is False and "Pick the 10 hunter" in wrong["reason"] and wrong["rule"]

    step = 0
    while step < outline["end"]:
        page = amy.http.get(f"/api/learn/manitou/{step}").json()
        answer = amy.http.post(f"/api/learn/manitou/{step}", json={"action": page["expected"]}).json()
        assert answer == {"ok": True, "next": step + 1}
        step = answer["next"]
    end = amy.http.get(f"/api/learn/manitou/{step}").json()
    assert end["state"]["status"] == "over" and "You won" in end["summary"]
    assert amy.http.post(f"/api/learn/manitou/{step}", json={"action": {"type": "done"}}).json()["ok"] is False

    # a tutorial is no table: nothing stored, archived or rated
    assert amy.http.get("/api/archive").json()["tables"] == []
    assert hall.store.open_tables() == []
    assert hall.hall.people.rating_history() == []
    assert amy.http.get("/api/leaderboard/manitou").json()["players"] == []


def test_bad_requests_get_a_clear_error(hall: Hall) -> None:
    amy = Client(hall, "Amy")
    assert amy.http.get("/api/learn/chess").status_code == 404
    assert "no tutorial" in amy.http.get("/api/learn/chess/0").json()["error"]
    assert amy.http.get("/api/learn/manitou/9999").status_code == 404
    assert amy.http.get("/api/learn/manitou/-1").status_code == 404
    assert amy.http.post("/api/learn/manitou/0", json={"move": 1}).status_code == 400
    plain = {"content-type": "text/plain"}
    assert amy.http.post("/api/learn/manitou/0", content=b"x", headers=plain).status_code == 415
    garbage = amy.http.post("/api/learn/manitou/0", json={"action": {"type": "fly"}}).json()
    assert garbage["ok"] is False and "no move" in garbage["reason"]


def test_progress_is_kept_per_account_and_a_guest_keeps_it_in_the_browser(hall: Hall) -> None:
    amy = Client(hall, "Amy")
    assert amy.http.get("/api/learn-progress").json() == {"progress": {}}
    kept = amy.http.post("/api/learn-progress", json={"game": "manitou", "step": 12, "done": False}).json()
    assert kept == {"progress": {"manitou": {"step": 12, "done": False}}}
    amy.http.post("/api/learn-progress", json={"game": "manitou", "step": 49, "done": True})
    again = amy.http.post("/api/learn-progress", json={"game": "manitou", "step": 3, "done": False}).json()
    assert again["progress"]["manitou"] == {"step": 3, "done": True}  # finished once stays finished
    # the account's other settings are untouched and still answer
    assert amy.http.post("/api/settings", json={"sound": False}).status_code == 200
    assert amy.http.get("/api/learn-progress").json()["progress"]["manitou"]["step"] == 3
    for bad in ({"game": "chess", "step": 1, "done": False}, {"game": "manitou", "step": 500, "done": False},
                {"game": "manitou", "step": True, "done": False}, {"game": "manitou", "step": 1}):
        assert amy.http.post("/api/learn-progress", json=bad).status_code == 400
    guest = Client(hall)
    assert guest.http.get("/api/learn-progress").status_code == 401
    import httpx

    assert httpx.get(hall.url + "/api/learn-progress").status_code == 401


def test_the_game_page_lists_open_tables_and_the_pages_answer(hall: Hall) -> None:
    amy = Client(hall, "Amy")
    lobby = amy.lobby()
    table = create_table(lobby, "manitou", 3)
    create_table(lobby, "five_tribes", 2)
    private = create_table(lobby, "manitou", 2, private=True)
    import httpx

    data = httpx.get(hall.url + "/api/game-page/manitou").json()  # public: no sign-in
    assert data["title"] == "Manitou" and (data["min_players"], data["max_players"]) == (2, 4)
    assert data["length"] and data["lessons"] == 10
    assert [t["id"] for t in data["tables"]] == [table] and private not in [t["id"] for t in data["tables"]]
    assert data["picture"]["legal"] == [] and data["picture"]["view"]["grounds"]
    assert data["leaders"] == [] and [g["name"] for g in data["games"]][:3] == ["manitou", "manitoba", "five_tribes"]
    other = httpx.get(hall.url + "/api/game-page/manitoba").json()
    assert other["lessons"] == 12 and other["tables"] == [] and other["picture"]["view"]
    toy = httpx.get(hall.url + "/api/game-page/toy").json()  # a game without a tutorial: a fresh game pictured
    assert toy["lessons"] is None and toy["picture"]["legal"] == [] and "start" in toy["caption"]
    assert httpx.get(hall.url + "/api/game-page/chess").status_code == 404
    for path in ("/rules", "/rules/manitou", "/games", "/games/five_tribes", "/learn", "/learn/manitou"):
        r = httpx.get(hall.url + path)
        assert r.status_code == 200 and "<main id=\"app\">" in r.text, path
    lobby.close()


def test_a_lesson_fetched_in_german_is_german(hall: Hall) -> None:
    amy = Client(hall, "Amy")
    t = tutorial("manitou")
    outline = amy.http.get("/api/learn/manitou?lang=de").json()
    assert outline["lessons"][0]["title"] == "Dein Jagdtrupp" and outline["names"] == ["Rot (du)", "Blau (Lehrer)"]
    first = amy.http.get("/api/learn/manitou/0?lang=de").json()
    assert first["do"] == "Wähle den 10er-Jäger (klicke ihn in deiner Reserve an)."
    assert first["lesson_text"].startswith("Manitou wird über drei Jagden gespielt.")
    assert first["rule"].startswith("Regeln, Eine Jagd") and first["why"].startswith("Jäger gewinnen Büffel")
    english = amy.http.get("/api/learn/manitou/0").json()
    assert english["do"] == str(t.steps[0].do) and english["lesson_title"] == "Your hunting party"
    # the moves played before a step are the game's own words, in German as well
    later = t.lessons[1].first
    de_step, en_step = (amy.http.get(f"/api/learn/manitou/{later}{q}").json() for q in ("?lang=de", ""))
    assert de_step["happened"] and de_step["happened"] != en_step["happened"]
    assert de_step["happened"] == plain(t.payload(later)["happened"], translator("de"))
    assert de_step["expected_text"] != en_step["expected_text"]
    # a refusal: the rule's words and what to do, German
    wrong = amy.http.post("/api/learn/manitou/0?lang=de", json={"action": {"type": "pick", "card": "Q"}}).json()
    assert wrong["ok"] is False and "erlauben die Regeln" in wrong["reason"]
    assert "Wähle den 10er-Jäger" in wrong["reason"] and wrong["rule"].startswith("Regeln, Eine Jagd")
    forbidden = amy.http.post("/api/learn/manitou/0?lang=de", json={"action": {"type": "play", "card": "10",
                                                                               "ground": 0}}).json()
    assert forbidden["reason"].startswith("Die Regeln verbieten es")
    missing = amy.http.get("/api/learn/chess?lang=de")
    assert missing.status_code == 404 and missing.json()["error"].startswith("es gibt kein Tutorial")
