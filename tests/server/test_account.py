"""The account's own settings on a real hall: a new password with the old one, and deleting the account (its
sessions end, its finished games stay in the archive under a neutral name, the ratings are derived again
without it)."""

from __future__ import annotations

import httpx
import pytest
from harness import Client, Hall, command, create_table, join, kept, play_out
from smtp import SmtpSink, links, mail_hall
from sqlalchemy import select
from websockets.exceptions import ConnectionClosed

from longhouse.server import ratings
from longhouse.store.mail import mail_store


def test_a_new_password_needs_the_old_one_and_ends_the_other_sessions(hall: Hall) -> None:
    ann = Client(hall, "Ann", password="first-pw")
    other = kept(httpx.Client(base_url=hall.url))
    assert other.post("/api/signin", json={"name": "Ann", "password": "first-pw"}).status_code == 200
    wrong = ann.http.post("/api/account/password", json={"old": "not-it", "new": "second-pw"})
    assert wrong.status_code == 403 and wrong.json()["error"] == "that is not your password"
    short = ann.http.post("/api/account/password", json={"old": "first-pw", "new": "x"})
    assert short.status_code == 400
    done = ann.http.post("/api/account/password", json={"old": "first-pw", "new": "second-pw"})
    assert done.status_code == 200 and done.json() == {"ok": True, "sessions": 1}
    assert ann.http.get("/api/me").json()["user"]["name"] == "Ann"  # this session stays
    assert other.get("/api/me").json()["user"] is None  # the other one ended
    fresh = kept(httpx.Client(base_url=hall.url))
    assert fresh.post("/api/signin", json={"name": "Ann", "password": "first-pw"}).status_code == 401
    assert fresh.post("/api/signin", json={"name": "Ann", "password": "second-pw"}).status_code == 200
    for _ in range(5):  # wrong passwords here count as failed sign-ins: the name locks
        ann.http.post("/api/account/password", json={"old": "guess", "new": "third-pw-1"})
    assert ann.http.post("/api/account/password", json={"old": "second-pw", "new": "third-pw-1"}).status_code == 429
    guest = Client(hall)
    assert guest.http.post("/api/account/password", json={"old": "", "new": "abcdefg"}).status_code == 403
    assert httpx.post(hall.url + "/api/account/password", json={"old": "a", "new": "abcdefg"}).status_code == 401


def test_a_deleted_account_leaves_its_games_under_a_neutral_name(hall: Hall) -> None:
    people = [Client(hall, name) for name in ("Ann", "Bob", "Cid")]
    first = play_out(people, "toy", bots=1, play=True)  # played by its people: rated
    second = play_out(people, "toy", bots=1, play=True, seed=1)
    cid_id = hall.store.user_by_name("Cid")[0].id  # type: ignore[index]
    ann, _bob, cid = people
    lobby = cid.lobby()
    waiting = create_table(lobby, "toy", 2)
    at_table = cid.table(waiting)
    join(at_table, 1)
    wrong = cid.http.post("/api/account/delete", json={"password": "nope-nope"})
    assert wrong.status_code == 403
    seated = cid.http.post("/api/account/delete", json={"password": "secret-pw"})
    assert seated.status_code == 409
    assert seated.json()["error"] == f"leave your tables first: you hold a seat at table {waiting}"
    command(at_table, "/leave")
    at_table.wait(lambda m: m.get("type") == "table" and m["you"]["seat"] is None)
    gone = cid.http.post("/api/account/delete", json={"password": "secret-pw"})
    assert gone.status_code == 200 and gone.json() == {"ok": True, "games": 2}
    with pytest.raises(ConnectionClosed):  # every socket of the account closes
        while True:
            lobby.conn.recv(timeout=5)
    assert cid.http.get("/api/me").json()["user"] is None
    assert httpx.post(hall.url + "/api/signin", json={"name": "Cid", "password": "secret-pw"}).status_code == 401
    neutral = f"Deleted player {cid_id}"
    archive = ann.http.get("/api/archive").json()["tables"]
    for row in (r for r in archive if r["id"] in (first, second)):
        assert row["players"][2] == neutral and "Cid" not in row["players"]
        assert 2 in row["bots"]  # no account holds the seat: the archive links no page for it
    record = ann.http.get(f"/api/tables/{first}/record").json()
    assert record["players"][2] == neutral
    assert ann.http.get("/api/players/Cid").status_code == 404
    people_store = hall.hall.people
    history = people_store.rating_history("toy")
    assert history and {p.user_id for p in history} == {hall.store.user_by_name(n)[0].id  # type: ignore[index]
                                                        for n in ("Ann", "Bob")}
    again = ratings.derive(people_store.all_played(), {p.user_id for p in history})
    assert [(p.user_id, p.table_id, p.mu, p.sigma) for p in history] == \
        [(p.user_id, p.table_id, p.mu, p.sigma) for p in again]  # rated again as if Cid had been a bot
    assert httpx.post(hall.url + "/api/signup", json={"name": "Cid", "password": "new-cid-pw"}).status_code == 200
    assert ann.http.get("/api/players/Cid").json()["recent"] == []  # the new Cid inherits nothing


def test_deleting_an_account_drops_its_address_and_waiting_notice_mails(db_url: str) -> None:
    sink = SmtpSink()
    hall = mail_hall(db_url, sink)
    try:
        ann = Client(hall, "Ann")
        ann.http.post("/api/account/email", json={"address": "ann@example.org"})
        (mail,) = sink.wait(1)
        token = links(mail)[0].split("#")[1]
        assert ann.http.post("/api/account/delete", json={"password": "secret-pw"}).status_code == 200
        mails = mail_store(hall.store)
        with hall.store.engine.connect() as c:
            assert c.execute(select(mails.addresses)).all() == []
        assert httpx.post(hall.url + "/api/mail/confirm", json={"token": token}).status_code == 400
    finally:
        hall.stop()
        sink.stop()
