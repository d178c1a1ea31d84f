"""Make ``fixtures/legacy.db`` and ``fixtures/legacy.json``: a hall's SQLite database as the release before
migrations wrote it (its store made its tables with ``MetaData.create_all``), and what that release said about
it. Kept with the files it made; run again only to remake them from that release's code:

    git checkout <the release> && PYTHONPATH=$PWD python tests/store/make_legacy_db.py

It runs a real hall and plays through its websockets: five accounts with passwords and a guest; finished
games of all three games (rated between accounts, one with a guest), a running table of each game with moves
made and a clock (real-time, relaxed, turn-based), a private waiting table, page settings. Then it records
every answer the hall gives about them (``answers.py``) and the passwords that sign them in."""

from __future__ import annotations

import json
import random
import sqlite3
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent / "server")]

from answers import GAMES, LEGACY, LEGACY_FACTS, answers, signed_in  # noqa: E402
from harness import WS, Client, Hall, create_table, fill_with_bots, play_out, sit_down, start_game  # noqa: E402

PASSWORDS = {"Ann": "ann-old-password", "Bob": "bob's password 2", "Cid": "cid-pass-word", "Dee": "Dee-PW-Dee-PW",
             "Eve": "eve never played"}
TIMES = {"manitou": "real-time", "manitoba": "relaxed", "five_tribes": "turn-based"}


def play_some(sockets: list[WS], rng: random.Random, moves: int) -> int:
    """Up to ``moves`` random legal moves by the people at these sockets, whoever may act; how many were made."""
    made = 0
    for _ in range(moves * 20):
        if made >= moves:
            break
        for ws in sockets:
            ws.drain(0.02)
            state = ws.last_state()
            if state["status"] != "running" or not state["legal"]:
                continue
            ws.send({"type": "action", "version": state["version"], "action": rng.choice(state["legal"])})
            ws.wait(lambda m, v=state["version"]: (m["type"] == "state" and m["version"] > v)
                    or (m["type"] == "error" and m.get("code") == "stale"))
            made += 1
    return made


def main() -> None:
    rng = random.Random(29)
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "legacy.db"
        hall = Hall(f"sqlite:///{db}", bot_delay=0.0)
        try:
            people = {name: Client(hall, name, password) for name, password in PASSWORDS.items()}
            guest = Client(hall)
            ann, bob, cid, dee = (people[n] for n in ("Ann", "Bob", "Cid", "Dee"))
            finished = [play_out([ann, bob], game, bots=1) for game in GAMES]
            finished.append(play_out([cid, dee, ann], "manitou", bots=0))
            finished.append(play_out([dee, guest], "five_tribes", bots=1))
            finished.append(play_out([bob, cid], "manitoba", bots=1))
            running = []
            for game in GAMES:
                tid, sockets = sit_down([ann, cid], game, 3, time=TIMES[game])
                fill_with_bots(sockets[0], "beginner")
                start_game(sockets[0], *sockets)
                assert play_some(sockets, rng, 6) >= 3, f"too few moves at the running {game} table"
                for ws in sockets:
                    ws.drain(0.2)
                    ws.close()
                running.append(tid)
            lobby = dee.lobby()
            waiting = create_table(lobby, "manitoba", 2, private=True, time="turn-based")
            lobby.close()
            for name, settings in (("Ann", {"sound": False, "browser": True}), ("Bob", {"title": False})):
                r = people[name].http.post("/api/settings", json=settings)
                assert r.status_code == 200, r.text
            names = [*PASSWORDS, guest.name]
            facts = {
                "passwords": PASSWORDS, "guest": guest.name, "finished": finished, "running": running,
                "waiting": waiting,
                "running_actions": {str(t): len(hall.store.entries(t)) for t in running},
                "answers": answers(hall.url, names, finished, running),
                "signed_in": {n: signed_in(hall.url, n, p) for n, p in PASSWORDS.items()},
            }
        finally:
            hall.stop()
        with sqlite3.connect(db) as c:  # one file: the write-ahead log folded in, free pages dropped
            c.execute("PRAGMA journal_mode=DELETE")
            c.execute("VACUUM")
        c.close()
        LEGACY.parent.mkdir(parents=True, exist_ok=True)
        LEGACY.write_bytes(db.read_bytes())
    LEGACY_FACTS.write_text(json.dumps(facts, indent=1, sort_keys=True) + "\n")
    print(f"{LEGACY}: {LEGACY.stat().st_size} bytes; {LEGACY_FACTS}: {LEGACY_FACTS.stat().st_size} bytes")


if __name__ == "__main__":
    main()
