"""A tournament directed by one of two hall processes over Redis and PostgreSQL, its director killed (-9)
in the middle of a round: the other process takes the round's tables and the tournament over from the
store (a new fencing epoch), the round ends there and the tournament is played to its end, each round made
once. PostgreSQL and Redis on 127.0.0.1 are required (as in test_cluster.py)."""

from __future__ import annotations

import time
from typing import Any

import httpx
from harness import WS, Client, command, kept
from test_cluster import at, node, prefixes  # noqa: F401  (the fixture)
from test_kill_restart import _Site
from test_store_postgres import PG_URL
from tourney_play import act, create, current_games, detail, wait_for
from websockets.exceptions import ConnectionClosed, InvalidStatus

from longhouse.server.auth import COOKIE
from longhouse.store import Store
from longhouse.store.tourney import TourneyStore

NAMES = ["Ann", "Bob", "Cy", "Dee"]


def move_to(client: Client, url: str) -> None:
    """From now on ``client`` speaks to the process at ``url`` (its session is in the shared store)."""
    client.base = url
    client.http = kept(httpx.Client(base_url=url, timeout=30, cookies={COOKIE: client.token}))


def seat_socket(client: Client, table: int, timeout: float = 60.0) -> WS:
    """A socket of ``client`` at ``table`` that has its state: retried while the table moves to its new owner."""
    deadline = time.time() + timeout
    while True:
        try:
            ws = client.ws(f"/ws/table/{table}")
            ws.wait_type("state", timeout=10)
            return ws
        except (ConnectionClosed, AssertionError, InvalidStatus, OSError):
            if time.time() > deadline:
                raise
            time.sleep(0.5)  # real time: a client's pause before it tries again, as a page's reconnect


def test_killing_the_directing_process_mid_round(prefixes: tuple[str, str]) -> None:  # noqa: F811
    db_prefix, redis_prefix = prefixes
    a = node(db_prefix, redis_prefix)
    b = None
    try:
        site: Any = _Site(a.url)
        folks = {n: Client(site, n) for n in NAMES}
        ann = folks["Ann"]
        tid = create(ann, table_size=2, rounds=2, checkin=0, forfeit_after=600)
        for c in folks.values():
            assert act(c, tid, "register").status_code == 200
        assert act(ann, tid, "start").status_code == 200
        data = wait_for(ann, tid, lambda d: d["round"] == 1 and all(g["table"] for g in current_games(d)),
                        what="round 1's tables")
        b = node(db_prefix, redis_prefix)  # a second process, once A directs the tournament
        sockets = [at(folks[n], a, f"/ws/table/{g['table']}") for g in current_games(data) for n in g["players"]]
        for ws in sockets:
            ws.wait_type("state")
        wait_for(ann, tid, lambda d: all(sorted(g["arrived"]) == sorted(g["players"]) for g in current_games(d)),
                 what="everyone seen at their table")
        store = Store(PG_URL, prefix=db_prefix)
        try:
            epochs = TourneyStore(store)
            with epochs.engine.connect() as db:
                before = db.execute(epochs.owners.select()).all()
            assert [r.epoch for r in before] == [1]
            a.kill9()  # the director dies mid-round, its tables' games unfinished
            for c in folks.values():
                move_to(c, b.url)
            for g in current_games(data):  # the players come back (to B, which adopts the tables) and leave
                for name in g["players"]:  # their seats to bots, which finish the games
                    ws = seat_socket(folks[name], g["table"])
                    command(ws, "/leave")
            data = wait_for(ann, tid, lambda d: d["round"] == 2 and all(g["table"] for g in current_games(d)),
                            timeout=90, what="round 2, made by the process that took over")
            with epochs.engine.connect() as db:
                assert [r.epoch for r in db.execute(epochs.owners.select()).all()] == [2]
            second = [seat_socket(folks[name], g["table"]) for g in current_games(data) for name in g["players"]]
            wait_for(ann, tid, lambda d: all(sorted(x["arrived"]) == sorted(x["players"]) for x in current_games(d)),
                     what="everyone seen at round 2's tables")
            for ws in second:
                command(ws, "/leave")
            final = wait_for(ann, tid, lambda d: d["status"] == "over", timeout=90, what="the end")
            assert [len(r["games"]) for r in final["rounds_list"]] == [2, 2]  # each round made once
            assert all(g["state"] == "done" for r in final["rounds_list"] for g in r["games"])
            assert final["champion"] == final["standings"][0]["name"]
            assert sorted(p["place"] for p in final["players_list"]) == [1, 2, 3, 4]
            assert detail(ann, tid)["status"] == "over"
        finally:
            store.close()
    finally:
        for proc in (a, b):
            if proc is not None and proc.proc.poll() is None:
                proc.kill9()


def test_a_paused_director_that_resumes_directs_nothing(prefixes: tuple[str, str]) -> None:  # noqa: F811
    """SIGSTOP the directing process past its lease: the other takes the tournament over (a new epoch) and
    plays the round on; when the paused one resumes it finds its lease gone (and any write it was about to
    make is refused by the epoch check), so no round is made twice and the tournament ends once."""
    import os
    import signal

    db_prefix, redis_prefix = prefixes
    a = node(db_prefix, redis_prefix)
    b = None
    try:
        site: Any = _Site(a.url)
        folks = {n: Client(site, n) for n in NAMES}
        ann = folks["Ann"]
        tid = create(ann, table_size=2, rounds=2, checkin=0, forfeit_after=600)
        for c in folks.values():
            assert act(c, tid, "register").status_code == 200
        assert act(ann, tid, "start").status_code == 200
        data = wait_for(ann, tid, lambda d: d["round"] == 1 and all(g["table"] for g in current_games(d)),
                        what="round 1's tables")
        b = node(db_prefix, redis_prefix)
        for c in folks.values():
            move_to(c, b.url)
        os.kill(a.proc.pid, signal.SIGSTOP)
        try:
            first = [seat_socket(folks[n], g["table"]) for g in current_games(data) for n in g["players"]]
            wait_for(ann, tid, lambda d: all(sorted(g["arrived"]) == sorted(g["players"]) for g in current_games(d)),
                     what="everyone seen at round 1's tables (on B)")
            for ws in first:
                command(ws, "/leave")
            data = wait_for(ann, tid, lambda d: d["round"] == 2 and all(g["table"] for g in current_games(d)),
                            timeout=90, what="round 2, made by B")
        finally:
            os.kill(a.proc.pid, signal.SIGCONT)
        second = [seat_socket(folks[n], g["table"]) for g in current_games(data) for n in g["players"]]
        wait_for(ann, tid, lambda d: all(sorted(x["arrived"]) == sorted(x["players"]) for x in current_games(d)),
                 what="everyone seen at round 2's tables")
        # Real time: A, another process, resumes from SIGSTOP and looks again; nothing tells this test when.
        time.sleep(2)
        for ws in second:
            command(ws, "/leave")
        final = wait_for(ann, tid, lambda d: d["status"] == "over", timeout=90, what="the end")
        assert [len(r["games"]) for r in final["rounds_list"]] == [2, 2]
        store = Store(PG_URL, prefix=db_prefix)
        try:
            epochs = TourneyStore(store)
            with epochs.engine.connect() as db:
                assert [r.epoch for r in db.execute(epochs.owners.select()).all()] == [2]
        finally:
            store.close()
    finally:
        for proc in (a, b):
            if proc is not None and proc.proc.poll() is None:
                proc.kill9()


def test_a_turn_based_round_end_is_kept_by_the_process_that_takes_over(prefixes: tuple[str, str]) -> None:  # noqa: F811
    """A turn-based round's end is stored with the round: its director killed (-9) before it, the process
    that takes the tournament over (and adopts its table) decides the unfinished game at that time, by its
    scores so far, and the tournament goes on from there."""
    db_prefix, redis_prefix = prefixes
    a = node(db_prefix, redis_prefix)
    b = None
    try:
        site: Any = _Site(a.url)
        folks = {n: Client(site, n) for n in NAMES[:2]}
        ann = folks["Ann"]
        tid = create(ann, table_size=2, rounds=1, checkin=0, forfeit_after=600, pace="turn_based", round_every=25)
        for c in folks.values():
            assert act(c, tid, "register").status_code == 200
        assert act(ann, tid, "start").status_code == 200
        data = wait_for(ann, tid, lambda d: d["round"] == 1 and all(g["table"] for g in current_games(d)),
                        what="round 1's table")
        ends = data["round_ends"]
        assert ends is not None and ends > time.time() + 15
        b = node(db_prefix, redis_prefix)
        game = current_games(data)[0]
        sockets = [at(folks[n], a, f"/ws/table/{game['table']}") for n in game["players"]]
        for ws in sockets:
            ws.wait_type("state")
        wait_for(ann, tid, lambda d: sorted(current_games(d)[0]["arrived"]) == sorted(game["players"]),
                 what="both seen at their table")
        assert time.time() < ends - 5
        a.kill9()  # nobody has moved: the game is unfinished, and its round's end not yet come
        for c in folks.values():
            move_to(c, b.url)
        assert detail(ann, tid)["round_ends"] == ends
        final = wait_for(ann, tid, lambda d: d["status"] == "over", timeout=90, what="the end, after the round's end")
        assert time.time() >= ends  # not before it
        decided = final["rounds_list"][0]["games"][0]
        assert decided["state"] == "done" and decided["scores"] == [0, 0] and decided["points"] == [3.0, 3.0]
        store = Store(PG_URL, prefix=db_prefix)
        try:
            row = store.table(game["table"])
            assert row is not None and row.result is not None
            assert row.result["round_end"] is True and row.result["winners"] == [0, 1]  # level so far: both win
        finally:
            store.close()
    finally:
        for proc in (a, b):
            if proc is not None and proc.proc.poll() is None:
                proc.kill9()
