"""A whole Swiss tournament of ten players of Manitou at tables of three and four, bots playing for the people:
every round each player is told of their table in the lobby, goes there, is seen, and hands the seat to a
casual bot (cheap: one move ahead) which plays it for them; the games are rated as usual."""

from __future__ import annotations

import time
from typing import Any

from harness import Client, Hall
from tourney_play import act, create, play_round, wait_for

from longhouse.tournaments import swiss

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo"]


def test_a_swiss_tournament_of_ten_players_of_manitou(db_url: str) -> None:
    hall = Hall(db_url)
    try:
        folks = {n: Client(hall, n) for n in NAMES}
        owner = folks["Ann"]
        tid = create(owner, name="Manitou open", game="manitou", table_size=4, rounds=3, checkin=0,
                     starts=time.time() + 3600)
        for c in folks.values():
            assert act(c, tid, "register").status_code == 200
        lobbies = {n: c.lobby() for n, c in folks.items()}
        assert act(owner, tid, "start").status_code == 200
        sizes = []
        for number in (1, 2, 3):
            data = play_round(hall, folks, tid, number, lobbies, timeout=300)
            games = [g for r in data["rounds_list"] if r["round"] == number for g in r["games"]]
            sizes.append(sorted(len(g["players"]) for g in games))
            assert sorted(n for g in games for n in g["players"]) == sorted(NAMES)  # everyone, once
        assert sizes == [[3, 3, 4]] * 3
        data = wait_for(owner, tid, lambda d: d["status"] == "over", what="the end")
        tables = [g for r in data["rounds_list"] for g in r["games"]]
        assert all(g["state"] == "done" and not g["forfeits"] for g in tables)
        # repeats only where they cannot be avoided: round 2 needs one (three groups, a table of four)
        earlier: list[list[Any]] = []  # names: the pairing counts meetings of anything hashable
        for r in data["rounds_list"]:
            met = swiss.met_pairs(earlier)
            seated = [g["players"] for g in r["games"]]
            if r["round"] == 2:
                assert swiss.repeats(seated, met) == 1
            earlier += seated
        rows = data["standings"]
        assert [r["place"] for r in rows] == list(range(1, 11))
        keys = [(-r["points"], -r["opponents"], -r["score"]) for r in rows]
        assert keys == sorted(keys)
        assert data["champion"] == rows[0]["name"]
        assert abs(sum(r["points"] for r in rows) - 3 * 30) < 1e-9  # 3 a player a table, 30 seats
        # as every game: play_round leaves each seat to a stand-in bot, so no game is rated (the people did not
        # play them: docs/hall.md "Fair play"), and each player has left three
        for name in NAMES:
            page = owner.http.get(f"/api/players/{name}").json()
            assert page["ratings"] == [] and page["reputation"]["counts"]["left"] == 3
        champion = owner.http.get(f"/api/tournaments/of/{data['champion']}").json()["tournaments"]
        assert champion[0]["champion"] is True and champion[0]["players"] == 10
    finally:
        hall.stop()
