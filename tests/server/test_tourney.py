"""Tournaments in a running hall (the toy game: quick): a round robin and a knock-out played to the end
with bots playing for the people, and the lifecycle — who may create one, the cap, registration, check-in,
the start time across a restart, pause, removal, forfeits — each refusal clear and changing nothing."""

from __future__ import annotations

import time
from collections.abc import Iterator
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from harness import Client, FakeClock, Hall
from tourney_play import (
    Steps,
    act,
    create,
    current_games,
    detail,
    play_picks,
    play_round,
    play_round_in_person,
    wait_for,
)

from longhouse.i18n.catalogs import translator
from longhouse.server.seasons import keep_ended, seasons_page
from longhouse.server.tourney_director import words
from longhouse.store import Status
from longhouse.store.admin import admin_store


@pytest.fixture
def hall(db_url: str) -> Iterator[Hall]:
    h = Hall(db_url)
    yield h
    h.stop()


def people(hall: Hall, names: list[str]) -> dict[str, Client]:
    return {n: Client(hall, n) for n in names}


def register_all(tid: int, folks: dict[str, Client]) -> None:
    for c in folks.values():
        r = act(c, tid, "register")
        assert r.status_code == 200, r.text


def test_a_round_robin_everyone_meets_everyone_once(hall: Hall) -> None:
    folks = people(hall, ["Ann", "Bob", "Cy", "Dee", "Eve"])
    owner = folks["Ann"]
    tid = create(owner, format="round_robin")
    register_all(tid, folks)
    lobbies = {n: c.lobby() for n, c in folks.items()}
    assert act(owner, tid, "start").status_code == 200
    for number in range(1, 5):  # five players: five rounds, one bye each; four played by the people
        play_round_in_person(folks, tid, number)
    play_round(hall, folks, tid, 5, lobbies)  # the last left to stand-in bots: not rated
    data = wait_for(owner, tid, lambda d: d["status"] == "over", what="the end")
    tables = [g for r in data["rounds_list"] for g in r["games"] if g["state"] != "bye"]
    met = sorted(tuple(sorted(g["players"])) for g in tables)
    assert met == sorted(tuple(sorted(p)) for p in combinations(folks, 2))
    byes = sorted(g["players"][0] for r in data["rounds_list"] for g in r["games"] if g["state"] == "bye")
    assert byes == sorted(folks)
    assert data["champion"] == data["standings"][0]["name"]
    assert [r["place"] for r in data["standings"]] == [1, 2, 3, 4, 5]
    points = [r["points"] for r in data["standings"]]
    assert points == sorted(points, reverse=True) and sum(points) == 10 * 6 + 5 * 3  # 6 a table, 3 a bye
    # the champion's page shows it
    r = owner.http.get(f"/api/tournaments/of/{data['champion']}")
    assert r.json()["tournaments"][0]["champion"] is True
    # a season over these games: its live table, then, once it has ended, the table kept as it was
    director = hall.app.state.tourneys
    now = time.time()
    sid = director.store.add_season("toy", "Short season", now - 3600, now + 3600)
    live = owner.http.get("/api/seasons/toy").json()
    assert live["current"]["id"] == sid and len(live["current"]["table"]) == 5
    # the games the people played themselves (four rounds of two tables); not the last round's, whose seats
    # stand-in bots played (rated for nobody: fairplay.py), nor byes
    assert sum(r["points"] for r in live["current"]["table"]) == 8 * 6
    assert sorted(r["games"] for r in live["current"]["table"]) == [3, 3, 3, 3, 4]
    rated = {(p.user_id, p.table_id) for p in hall.hall.people.rating_history("toy")}
    assert len(rated) == 16 and {t for _, t in rated} == {g["table"] for g in tables[:8]}
    assert keep_ended(director.store, hall.hall.people, now + 7200) == 1
    assert keep_ended(director.store, hall.hall.people, now + 7200) == 0  # kept once
    later = seasons_page(director.store, hall.hall.people, "toy", now + 7200)
    assert later["current"] is None and later["last"]["table"] == live["current"]["table"]


def test_a_knock_out_goes_to_the_winner(hall: Hall) -> None:
    folks = people(hall, ["Ann", "Bob", "Cy", "Dee", "Eve"])
    owner = folks["Ann"]
    tid = create(owner, format="knockout")
    register_all(tid, folks)
    assert act(owner, tid, "start").status_code == 200
    data = play_round(hall, folks, tid, 1)
    first = data["rounds_list"][0]["games"]
    assert sum(1 for g in first if g["state"] == "bye") == 3  # 5 players in a bracket of 8: three byes
    play_round(hall, folks, tid, 2)
    play_round(hall, folks, tid, 3)
    data = wait_for(owner, tid, lambda d: d["status"] == "over", what="the end")
    assert data["rounds"] == 3
    final = data["rounds_list"][-1]["games"]
    assert len(final) == 1 and final[0]["state"] == "done"
    assert data["champion"] in final[0]["players"]
    places = {p["name"]: p["place"] for p in data["players_list"]}
    assert places[data["champion"]] == 1 and sorted(places.values()) == [1, 2, 3, 4, 5]
    loser = next(n for n in final[0]["players"] if n != data["champion"])
    assert places[loser] == 2


def test_a_round_robin_at_three_a_table_until_everyone_has_met(hall: Hall) -> None:
    """Five players at three a table (tables of 3 and 2): round by round until every pair has met, the
    number of rounds known at the start; every table's points hand out 3 a player."""
    folks = people(hall, ["Ann", "Bob", "Cy", "Dee", "Eve"])
    owner = folks["Ann"]
    tid = create(owner, format="round_robin", table_size=3)
    register_all(tid, folks)
    assert act(owner, tid, "start").status_code == 200
    rounds = wait_for(owner, tid, lambda d: d["status"] == "running", what="the start")["rounds"]
    assert rounds >= 2
    for number in range(1, rounds + 1):
        data = play_round(hall, folks, tid, number)
        assert sorted(len(g["players"]) for g in data["rounds_list"][number - 1]["games"]) == [2, 3]
    data = wait_for(owner, tid, lambda d: d["status"] == "over", what="the end")
    tables = [g["players"] for r in data["rounds_list"] for g in r["games"]]
    met = {frozenset(p) for t in tables for p in combinations(t, 2)}
    assert met == {frozenset(p) for p in combinations(folks, 2)}
    for r in data["rounds_list"]:
        for g in r["games"]:
            assert sum(g["points"]) == 3 * len(g["players"])
    assert data["champion"] == data["standings"][0]["name"]


def test_creating_registering_and_checking_in(db_url: str) -> None:
    h = Hall(db_url, tournaments_by="admins")
    try:
        ann, bob = Client(h, "Ann"), Client(h, "Bob")
        guest = Client(h)
        body = {"name": "Cup", "game": "toy", "starts": time.time() + 3600}
        assert ann.http.post("/api/tournaments", json=body).status_code == 403  # admins only, here
        account = admin_store(h.store).account("Ann")
        assert account is not None
        admin_store(h.store).grant(account, "test", "running the tests")
        refused: list[tuple[dict[str, Any], str]] = [
            ({"game": "chess"}, "no game"), ({"table_size": 5}, "players a table"),
            ({"format": "knockout", "table_size": 3}, "two a table"), ({"format": "round_robin", "table_size": 5},
                                                                          "players a table"), ({"cap": 1}, "cap"),
            ({"starts": time.time() - 3600}, "start"), ({"name": ""}, "name"), ({"rounds": "x"}, "rounds")]
        for bad, why in refused:
            r = ann.http.post("/api/tournaments", json={**body, **bad})
            assert r.status_code == 400, (why, r.text)
        assert ann.http.get("/api/tournaments").json()["open"] == []  # nothing was made
        tid = create(ann, cap=2, checkin=600, starts=time.time() + 3600)
        assert act(guest, tid, "register").status_code == 403  # guests do not play in tournaments
        assert act(ann, tid, "register").status_code == 200
        assert act(ann, tid, "register").json()["error"] == "you are registered already"
        # the refusals in the reader's language
        de = ann.http.post(f"/api/tournaments/{tid}/register?lang=de", json={})
        assert de.status_code == 400 and de.json()["error"] == "du bist schon angemeldet"
        de = ann.http.post("/api/tournaments?lang=de", json={**body, "cap": 1})
        assert de.status_code == 400 and de.json()["error"] == "cap muss zwischen 2 und 256 liegen"
        de = ann.http.get("/api/tournaments/999?lang=de")
        assert de.status_code == 404 and de.json()["error"] == "dieses Turnier gibt es nicht"
        assert act(bob, tid, "register").status_code == 200
        carl = Client(h, "Carl")
        r = act(carl, tid, "register")
        assert r.status_code == 400 and "full" in r.json()["error"]
        r = act(bob, tid, "checkin")
        assert r.status_code == 400 and "check-in opens" in r.json()["error"]  # an hour early
        assert act(bob, tid, "start").status_code == 403  # only its creator or an admin
        assert act(bob, tid, "unregister").status_code == 200
        assert [p["name"] for p in detail(ann, tid)["players_list"]] == ["Ann"]
        listed = ann.http.get("/api/tournaments").json()
        assert listed["can_create"] is True and listed["open"][0]["id"] == tid
        assert bob.http.get("/api/tournaments").json()["can_create"] is False
    finally:
        h.stop()


def test_the_start_time_survives_a_restart_and_only_checked_in_players_play(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'hall.db'}"
    h = Hall(url)
    clock = FakeClock(time.time())
    h.app.state.tourneys.clock = clock
    folks = people(h, ["Ann", "Bob", "Cy", "Dee"])
    tid = create(folks["Ann"], checkin=600, starts=clock.time + 1200)
    register_all(tid, folks)
    clock.advance(700)  # check-in is open now
    for name in ("Ann", "Bob", "Cy"):
        assert act(folks[name], tid, "checkin").status_code == 200
    h.stop()  # the hall is down past the start time
    h = Hall(url)
    h.app.state.tourneys.clock = clock
    try:
        zed = Client(h, "Zed")  # (the clients above spoke to the hall before its restart, on another port)
        Steps(h).after()
        assert detail(zed, tid)["status"] == "open"  # not started early
        clock.advance(600)  # the start has passed while the hall was down: it starts as soon as it is up
        data = wait_for(zed, tid, lambda d: d["status"] == "running" and d["round"] == 1, what="the start")
        seeded = sorted(p["name"] for p in data["players_list"] if p["seed"] is not None)
        assert seeded == ["Ann", "Bob", "Cy"]  # Dee did not check in
        assert [len(g["players"]) for g in current_games(data)] == [3]  # the toy game seats up to four
    finally:
        h.stop()


def test_pause_remove_and_forfeit(hall: Hall) -> None:
    clock = FakeClock(time.time())
    hall.app.state.tourneys.clock = clock
    folks = people(hall, ["Ann", "Bob", "Cy", "Dee"])
    ann = folks["Ann"]
    tid = create(ann, table_size=2, rounds=2, forfeit_after=30)
    register_all(tid, folks)
    assert act(ann, tid, "start").status_code == 200
    data = wait_for(ann, tid, lambda d: d["round"] == 1 and all(g["table"] for g in current_games(d)), what="round 1")
    assert act(ann, tid, "pause").status_code == 200
    assert act(ann, tid, "pause").status_code == 400  # not running any more
    assert act(ann, tid, "remove", name="Nobody").status_code == 404
    # Dee never comes to her table: after the grace she forfeits and a bot plays her seat
    here = [n for n in folks if n != "Dee"]
    sockets = [folks[n].table(g["table"]) for g in current_games(data) for n in g["players"] if n in here]
    wait_for(ann, tid, lambda d: sum(len(g["arrived"]) for g in current_games(d)) == 3, what="three arrived")
    clock.advance(31)
    data = wait_for(ann, tid, lambda d: any(g["forfeits"] for g in current_games(d)), what="Dee's forfeit")
    assert [g["forfeits"] for g in current_games(data) if g["forfeits"]] == [["Dee"]]
    for ws in sockets:
        ws.send({"type": "chat", "text": "/leave"})
    data = wait_for(ann, tid, lambda d: all(g["state"] == "done" for g in current_games(d)), what="round 1's end")
    dee = next(g for g in current_games(data) if "Dee" in g["players"])
    assert dee["points"][dee["players"].index("Dee")] == 0  # placed last, whatever the bot made of it
    Steps(hall).after()
    assert detail(ann, tid)["round"] == 1  # paused: no new round
    assert act(ann, tid, "remove", name="Bob").status_code == 200
    assert act(ann, tid, "resume").status_code == 200
    data = wait_for(ann, tid, lambda d: d["round"] == 2 and all(g["table"] or g["state"] == "bye"
                                                                 for g in current_games(d)), what="round 2")
    assert all("Bob" not in g["players"] for g in current_games(data))
    for ws in sockets:
        ws.close()
    # a player removed in the middle of a game forfeits it: placed last, whatever the bot makes of the seat
    table = next(g for g in current_games(data) if g["state"] == "playing")
    gone = table["players"][0]
    there = [folks[n].table(table["table"]) for n in table["players"]]
    wait_for(ann, tid, lambda d: len(next(g for g in current_games(d) if g["state"] != "bye")["arrived"]) == 2,
             what="both seen")
    assert act(ann, tid, "remove", name=gone).status_code == 200
    for ws in there:
        ws.send({"type": "chat", "text": "/leave"})
    data = wait_for(ann, tid, lambda d: d["status"] == "over", what="the end")
    last = next(g for g in data["rounds_list"][1]["games"] if g["state"] == "done")
    assert last["points"][last["players"].index(gone)] == 0
    places = {p["name"]: p["place"] for p in data["players_list"]}
    assert places[gone] in (3, 4) and places["Bob"] in (3, 4)  # the removed come after everyone else
    for ws in there:
        ws.close()


def test_a_director_whose_epoch_is_old_writes_nothing(tmp_path: Path) -> None:
    """Fencing: once another process has claimed a tournament (a higher epoch), a write of the old director —
    a paused process that resumes — is refused and changes nothing; the new director's goes through."""
    from longhouse.store import StaleOwner, Store
    from longhouse.store.tourney import Game, TourneyStore

    store = Store(f"sqlite:///{tmp_path / 'fenced.db'}")
    try:
        ann = store.create_user("Ann", None)
        tourneys = TourneyStore(store)
        tid = tourneys.create(ann.id, 1.0, name="Cup", game="toy", format="swiss", table_size=2, rounds=2, cap=8,
                              pace="real_time", time_control="untimed", starts=1.0, checkin=0.0, round_every=0.0,
                              forfeit_after=60.0)
        old = tourneys.claim(tid)
        new = tourneys.claim(tid)
        assert new == old + 1
        game = Game(1, 0, [ann.id], None, None, result={"bye": True, "points": [3.0], "scores": [0.0]})
        with pytest.raises(StaleOwner):
            tourneys.add_round(tid, 1, [game], 2.0, old)
        with pytest.raises(StaleOwner):
            tourneys.finish(tid, {ann.id: 1}, ann.id, 2.0, "over", None, old)
        assert tourneys.games_of(tid) == [] and tourneys.get(tid).round == 0  # type: ignore[union-attr]
        tourneys.add_round(tid, 1, [game], 2.0, new)
        assert [g.players for g in tourneys.games_of(tid)] == [[ann.id]]
    finally:
        store.close()


def test_turn_based_rounds_start_at_their_set_time(hall: Hall) -> None:
    """A turn-based tournament (24 h a turn) with a round every two days: round 2 waits for its time even
    when round 1 is over long before; then it starts at once."""
    clock = FakeClock(time.time())
    hall.app.state.tourneys.clock = clock
    folks = people(hall, ["Ann", "Bob", "Cy"])
    ann = folks["Ann"]
    tid = create(ann, pace="turn_based", table_size=2, rounds=2, starts=clock.time + 60)
    data = detail(ann, tid)
    assert data["time_control"] == "turn-based" and data["round_every"] == 2 * 86400  # the pace's defaults
    register_all(tid, folks)
    clock.advance(61)
    play_round(hall, folks, tid, 1)
    Steps(hall).after()
    data = detail(ann, tid)
    assert data["round"] == 1 and [g["state"] for g in current_games(data)] == ["done", "bye"]  # not due yet
    clock.advance(2 * 86400)
    data = wait_for(ann, tid, lambda d: d["round"] == 2, what="round 2 at its time")
    assert [g["state"] for g in current_games(data)] == ["playing", "bye"]
    assert current_games(data)[1]["players"] != detail(ann, tid)["rounds_list"][0]["games"][1]["players"]


def test_what_the_players_are_told_is_in_their_language() -> None:
    """The round's lobby line, a bye, the end: words of the catalogs, rebuilt from a key and parameters (as a
    process told over Redis does), each reader's in their language."""
    de, en = translator("de"), translator("en")
    line = words("round_lobby", name="Cup", round=2, n=3)
    assert en.encode({"text": line}) == '{"text":"Cup: round 2 has begun (3 tables)."}'
    assert de.encode({"text": line}) == '{"text":"Cup: Runde 2 hat begonnen (3 Tische)."}'
    assert de.encode(words("round_lobby", name="Cup", round=1, n=1)) == '"Cup: Runde 1 hat begonnen (1 Tisch)."'
    assert de.encode(words("bye", name="Cup", round=3, points=3.0)) == '"Cup, Runde 3: du hast ein Freilos (3 Punkte)."'
    assert "Turniersieger" in de.encode(words("over", name="Cup", champion="Ann"))
    assert de.encode(words("decided", name="Cup", round=2)) == (
        '"Cup, Runde 2 ist vorbei: Diese Partie endet hier und wird nach dem bisherigen Spielstand entschieden."')


def test_a_turn_based_round_ends_at_its_set_time_and_decides_its_unfinished_game(hall: Hall) -> None:
    """A turn-based round lasts the time between rounds (two days by default): at its end the game still
    being played is decided by its scores so far (the leader wins, rated as usual), the standings count it,
    and the next round starts with its own end."""
    clock = FakeClock(time.time())
    hall.app.state.tourneys.clock = clock
    folks = people(hall, ["Ann", "Bob", "Cy"])
    ann = folks["Ann"]
    tid = create(ann, pace="turn_based", table_size=2, rounds=2, starts=clock.time + 60)
    assert detail(ann, tid)["round_ends"] is None  # no round yet
    register_all(tid, folks)
    clock.advance(61)
    data = wait_for(ann, tid, lambda d: d["round"] == 1 and all(g["table"] or g["state"] == "bye"
                                                                 for g in current_games(d)), what="round 1")
    assert data["round_ends"] == clock.time + 2 * 86400
    game = next(g for g in current_games(data) if g["state"] == "playing")
    sockets, scores = play_picks(folks, tid, game, 2)
    clock.advance(2 * 86400 - 1)  # a second before the end: the game goes on
    Steps(hall).after()
    assert next(g for g in current_games(detail(ann, tid)) if g["table"] == game["table"])["state"] == "playing"
    clock.advance(1)
    data = wait_for(ann, tid, lambda d: d["round"] == 2, what="round 2 after round 1's end")
    decided = next(g for g in data["rounds_list"][0]["games"] if g["table"] == game["table"])
    assert decided["state"] == "done" and decided["scores"] == scores
    assert decided["points"] == [3.0 * s for s in scores]  # the leader so far wins
    leader = game["players"][scores.index(2)]
    assert next(r for r in data["standings"] if r["name"] == leader)["points"] == 6
    assert data["round_ends"] == clock.time + 2 * 86400  # round 2 lasts two days from its start
    row = hall.store.table(game["table"])
    assert row is not None and row.result is not None
    assert row.status == Status.OVER and row.result["winners"] == [scores.index(2)] and row.result["round_end"]
    rated = {p.user_id for p in hall.hall.people.rating_history("toy")}
    assert rated == {hall.hall.people.user(n)[0] for n in game["players"]}  # rated like any finished game
    said = sockets[0].wait(lambda m: m.get("type") == "chat" and "decided by the scores so far" in str(m.get("text")),
                           what="the table told why it ended")
    assert "round 1 is over" in said["text"]
    for ws in sockets:
        ws.close()


def test_a_round_end_that_passes_while_the_hall_is_down_decides_the_game_when_it_is_up(tmp_path: Path) -> None:
    """The round's end is stored with the round, on the wall clock: a restart neither loses nor delays it."""
    url = f"sqlite:///{tmp_path / 'hall.db'}"
    h = Hall(url)
    clock = FakeClock(time.time())
    h.app.state.tourneys.clock = clock
    folks = people(h, ["Ann", "Bob"])
    tid = create(folks["Ann"], pace="turn_based", table_size=2, rounds=1, starts=clock.time + 60)
    register_all(tid, folks)
    clock.advance(61)
    data = wait_for(folks["Ann"], tid, lambda d: d["round"] == 1 and current_games(d)[0]["table"], what="round 1")
    ends = data["round_ends"]
    game = current_games(data)[0]
    sockets, scores = play_picks(folks, tid, game, 2)
    for ws in sockets:
        ws.close()
    h.stop()  # down across the round's end
    h = Hall(url)
    h.app.state.tourneys.clock = clock
    try:
        zed = Client(h, "Zed")
        clock.advance(86400)
        Steps(h).after()
        data = detail(zed, tid)
        assert data["round_ends"] == ends and current_games(data)[0]["state"] == "playing"  # not early either
        clock.advance(86400)
        data = wait_for(zed, tid, lambda d: d["status"] == "over", what="the end once the round has ended")
        assert current_games(data)[0]["scores"] == scores and data["champion"] == game["players"][scores.index(2)]
        assert data["round_ends"] is None
    finally:
        h.stop()


def test_a_round_s_table_reaches_its_players_by_mail_or_push_too(hall: Hall) -> None:
    """Each player seated at a round's table is invited to it through the hall's notices (the channels mail and
    Web Push take, each by the person's own choices), by the tournament's name; one with a bye is not."""
    from test_notices import Recorder

    from longhouse.server.notices import Kind

    recorder = Recorder()
    hall.hall.notices.add(recorder)
    folks = people(hall, ["Ann", "Bob", "Cy"])
    tid = create(folks["Ann"], name="Mail cup", table_size=2, rounds=1)
    register_all(tid, folks)
    assert act(folks["Ann"], tid, "start").status_code == 200
    data = wait_for(folks["Ann"], tid, lambda d: d["round"] == 1 and all(g["table"] or g["state"] == "bye"
                                                                          for g in current_games(d)), what="round 1")
    table = next(g for g in current_games(data) if g["state"] == "playing")
    ids = {n: hall.hall.people.user(n)[0] for n in folks}
    invites = [n for n in recorder.settled(hall) if n.kind == Kind.INVITE]
    assert sorted((n.user_id, n.table_id, n.by) for n in invites) == sorted(
        (ids[p], table["table"], "Mail cup") for p in table["players"])
