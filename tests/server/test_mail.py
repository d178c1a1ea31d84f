"""E-mail on a real hall, to a real SMTP server (aiosmtpd on loopback): the address and its confirmation link,
the password reset by mail, notice mails with their unsubscribe headers, the digest, the outbox across a
restart, and a mail server that is down."""

from __future__ import annotations

import logging
import re
import socket
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
import pytest
from harness import Client, Hall, free_port, kept, seated_table
from smtp import SmtpSink, links, mail_hall, notice_headers, standard_headers, text_of
from sqlalchemy import func, select
from test_store_postgres import PG_URL, prefix  # noqa: F401  (a fixture)

from longhouse.server import mailer
from longhouse.server.mail import DIGEST_EVERY, RESET_AGE, MailService
from longhouse.server.notices import Kind, Notice
from longhouse.store import Store
from longhouse.store.admin import admin_store
from longhouse.store.mail import Outgoing, mail_store
from tests.waiting import until


class Rounds:
    """Each mailer's rounds (``Mailer.round``) begun and ended: ``after`` waits until each hall's mailer has
    looked at the outbox again (a round begun after the call has ended), so that a test sees every mail that
    is due sent, and none more to come, without waiting a length of time."""

    def __init__(self) -> None:
        self.changed = threading.Condition()
        self.begun: Counter[object] = Counter()
        self.ended: Counter[object] = Counter()

    def after(self, *halls: Hall, timeout: float = 15.0) -> None:
        for hall in halls:
            self._after(hall.app.state.mail.mailer, timeout)

    def _after(self, one: mailer.Mailer, timeout: float) -> None:
        with self.changed:
            wanted = self.begun[one] + 1
        one.wake()
        with self.changed:
            assert self.changed.wait_for(lambda: self.ended[one] >= wanted, timeout), "no mail round"


@pytest.fixture
def rounds(monkeypatch: pytest.MonkeyPatch) -> Rounds:
    counted = Rounds()
    real = mailer.Mailer.round

    async def round_(self: mailer.Mailer) -> int:
        with counted.changed:
            counted.begun[self] += 1
        try:
            return await real(self)
        finally:
            with counted.changed:
                counted.ended[self] += 1
                counted.changed.notify_all()

    monkeypatch.setattr(mailer.Mailer, "round", round_)
    return counted


def outbox_row(hall: Hall) -> Any:
    """The outbox's one row."""
    mails = mail_store(hall.store)
    with hall.store.engine.connect() as c:
        return c.execute(select(mails.outbox)).one()


def fragment(link: str, path: str) -> str:
    """The token of a link ``{hall}{path}#TOKEN``."""
    found = re.fullmatch(r"http://127\.0\.0\.1:\d+" + re.escape(path) + r"#([A-Za-z0-9_-]{20,})", link)
    assert found is not None, link
    return found.group(1)


def confirmed(hall: Hall, sink: SmtpSink, client: Client, address: str, already: int = 0) -> None:
    """Give the client's account ``address`` and follow the confirmation link mailed to it."""
    assert client.http.post("/api/account/email", json={"address": address}).status_code == 200
    mail = sink.wait(already + 1)[already]
    token = fragment(links(mail)[0], "/mail/confirm")
    assert client.http.post("/api/mail/confirm", json={"token": token}).json() == {"confirmed": address}


def test_an_address_is_confirmed_by_a_mailed_link_and_again_when_changed(mhall: Hall, sink: SmtpSink,
                                                                         rounds: Rounds) -> None:
    ann = Client(mhall, "Ann")
    assert ann.http.get("/api/account").json() == {
        "name": "Ann", "mail": True, "email": None,
        "notices": {"turn": False, "invite": False, "result": False, "digest": False}}
    for bad in ("ann", "ann@", "@example.org", "ann@example", "a b@example.org", "ann@exa mple.org",
                "ann@example.org\r\nBcc: eve@example.org", "x" * 250 + "@example.org", 7):
        r = ann.http.post("/api/account/email", json={"address": bad})
        assert r.status_code == 400 and "e-mail address" in r.json()["error"], bad
    assert ann.http.get("/api/account").json()["email"] is None
    answer = ann.http.post("/api/account/email", json={"address": "ann@example.org"})
    assert answer.status_code == 200, answer.text
    assert answer.json()["email"] == {"address": "ann@example.org", "confirmed": False}
    assert answer.json()["text"] == "A mail with a link to confirm ann@example.org is on its way."
    (mail,) = sink.wait(1)
    standard_headers(mail, "ann@example.org")
    assert sink.handler.envelopes[0] == ("hall@longhouse.test", ["ann@example.org"])
    assert mail["Subject"] == "Confirm your e-mail address for Longhouse"
    assert mail["List-Unsubscribe"] is None  # not a notice
    text = text_of(mail)
    assert text.startswith("Hello Ann,\n") and "ann@example.org" in text and "within 48 hours" in text
    (link, signature) = links(mail)
    assert signature == mhall.url
    token = fragment(link, "/mail/confirm")
    stored = mail_store(mhall.store)
    with mhall.store.engine.connect() as c:
        row = c.execute(select(stored.addresses)).one()
    assert row.confirm_hash is not None and token not in row.confirm_hash and row.confirmed is None
    page = httpx.get(link.split("#")[0])  # the link's page, as a browser opens it (the token stays behind '#')
    assert page.status_code == 200 and "<html" in page.text.lower()
    stranger = kept(httpx.Client(base_url=mhall.url))  # the link works in any browser, signed in or not
    assert stranger.post("/api/mail/confirm", json={"token": token}).json() == {"confirmed": "ann@example.org"}
    assert stranger.post("/api/mail/confirm", json={"token": token}).status_code == 400  # once
    assert ann.http.get("/api/account").json()["email"] == {"address": "ann@example.org", "confirmed": True}
    same = ann.http.post("/api/account/email", json={"address": "ann@example.org"})
    assert same.json()["text"] == "ann@example.org is your confirmed address already."
    rounds.after(mhall)
    assert len(sink.mails) == 1
    changed = ann.http.post("/api/account/email", json={"address": "ann@example.net"}).json()
    assert changed["email"] == {"address": "ann@example.net", "confirmed": False}  # confirmed again
    second = sink.wait(2)[1]
    standard_headers(second, "ann@example.net")
    assert stranger.post("/api/mail/confirm", json={"token": "x" * 43}).status_code == 400
    assert stranger.post("/api/mail/confirm", json={"token": fragment(links(second)[0], "/mail/confirm")}).json() == \
        {"confirmed": "ann@example.net"}
    removed = ann.http.post("/api/account/email", json={"address": ""}).json()
    assert removed["email"] is None


def test_confirmation_mails_are_limited_and_guests_have_no_address(mhall: Hall, sink: SmtpSink) -> None:
    ann = Client(mhall, "Ann")
    for i in range(5):
        assert ann.http.post("/api/account/email", json={"address": f"ann{i}@example.org"}).status_code == 200
    refused = ann.http.post("/api/account/email", json={"address": "ann9@example.org"})
    assert refused.status_code == 429
    sink.wait(5)
    guest = Client(mhall)
    r = guest.http.post("/api/account/email", json={"address": "g@example.org"})
    assert r.status_code == 403 and "guest" in r.json()["error"]
    assert httpx.post(mhall.url + "/api/account/email", json={"address": "g@example.org"}).status_code == 401
    cross = ann.http.post("/api/account/email", json={"address": "x@example.org"},
                          headers={"Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"})
    assert cross.status_code == 403


def test_a_password_is_reset_by_mail_with_one_answer_for_every_address(
        mhall: Hall, sink: SmtpSink, rounds: Rounds, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    ann = Client(mhall, "Ann", password="forgotten")
    confirmed(mhall, sink, ann, "Ann@Example.org")
    asker = kept(httpx.Client(base_url=mhall.url))
    known = asker.post("/api/mail/forgot", json={"address": "ann@example.org"})
    unknown = asker.post("/api/mail/forgot", json={"address": "nobody@example.org"})
    assert known.status_code == unknown.status_code == 200 and known.json() == unknown.json()
    mail = sink.wait(2)[1]
    standard_headers(mail, "Ann@Example.org")
    assert mail["Subject"] == "Set a new password for Longhouse"
    assert "your Longhouse account Ann" in text_of(mail) and "within\n2 hours" in text_of(mail)
    token = fragment(links(mail)[0], "/reset")
    rounds.after(mhall)
    assert len(sink.mails) == 2  # nothing went to the unknown address
    (row,) = mail_rows = [r for r in _resets(mhall)]
    assert token not in row.token_hash and abs(row.expires - row.created - RESET_AGE) < 1
    assert mail_rows
    with mhall.store.engine.connect() as c:  # the sent mail's text, which held the link, is no longer stored
        bodies = [r.body for r in c.execute(select(mail_store(mhall.store).outbox)).all()]
    assert bodies == ["", ""]
    assert httpx.get(links(mail)[0].split("#")[0]).status_code == 200
    holder = kept(httpx.Client(base_url=mhall.url))
    done = holder.post("/api/reset", json={"token": token, "password": "remembered"})
    assert done.status_code == 200 and done.json()["name"] == "Ann"
    assert ann.http.get("/api/me").json()["user"] is None  # the other sessions ended
    assert holder.post("/api/reset", json={"token": token, "password": "again-and-again"}).status_code == 400
    assert httpx.post(mhall.url + "/api/signin", json={"name": "Ann", "password": "remembered"}).status_code == 200
    hall_lines = "\n".join(r.getMessage() for r in caplog.records if not r.name.startswith("mail.log"))
    assert token not in hall_lines and "remembered" not in hall_lines  # (mail.log: the test's SMTP server)
    for _ in range(3):  # three an hour to one address: the first made one, two more, then no more mails
        asker.post("/api/mail/forgot", json={"address": "ann@example.org"})
    sink.wait(4)
    rounds.after(mhall)
    assert len(sink.mails) == 4
    assert asker.post("/api/mail/forgot", json={"address": "not an address"}).status_code == 400
    for _ in range(3):
        last = asker.post("/api/mail/forgot", json={"address": "x@example.org"})
    assert last.status_code == 429  # five requests from one network address at once


def _resets(hall: Hall) -> list[Any]:
    with hall.store.engine.connect() as c:
        return list(c.execute(select(admin_store(hall.store).resets)).all())


def test_no_smtp_no_mail(hall: Hall) -> None:
    ann = Client(hall, "Ann")
    assert ann.http.get("/api/account").json()["mail"] is False
    r = ann.http.post("/api/account/email", json={"address": "ann@example.org"})
    assert r.status_code == 503 and "--smtp" in r.json()["error"]
    assert httpx.post(hall.url + "/api/mail/forgot", json={"address": "ann@example.org"}).status_code == 503


def pick(ws: object) -> None:
    state = ws.last_state()  # type: ignore[attr-defined]
    ws.send({"type": "action", "version": state["version"],  # type: ignore[attr-defined]
             "action": {"type": "pick", "card": state["view"]["you"]["hand"][0]}})


def test_turn_invitation_and_result_mails_and_one_click_unsubscribe(mhall: Hall, sink: SmtpSink,
                                                                     rounds: Rounds) -> None:
    tid, (ann, bob), (wa, wb) = seated_table(mhall, ["Ann", "Bob"], time="turn-based")
    confirmed(mhall, sink, bob, "bob@example.org")
    confirmed(mhall, sink, ann, "ann@example.org", already=1)
    assert bob.http.post("/api/account/notices", json={"turn": True, "invite": True, "result": True}).json()[
        "notices"] == {"turn": True, "invite": True, "result": True, "digest": False}
    assert bob.http.post("/api/account/notices", json={"turn": "yes"}).status_code == 400
    assert bob.http.post("/api/account/notices", json={"sms": True}).status_code == 400
    pick(wb)
    wb.wait_type("state", version=1)
    wb.close()
    wa.wait_type("state", version=1)
    pick(wa)  # the round ends: Bob's turn, and he is away
    turn = sink.wait(3)[2]
    standard_headers(turn, "bob@example.org")
    assert turn["Subject"] == f"Your turn in Toy (table {tid})"
    unsubscribe = notice_headers(turn, mhall)
    text = text_of(turn)
    assert text.startswith(f"Your turn in Toy (table {tid}).\n\nMake your move: {mhall.url}/table/{tid}\n")
    table_link, account, page, signature = links(turn)
    assert table_link == f"{mhall.url}/table/{tid}" and account == f"{mhall.url}/account"
    assert fragment(page, "/unsubscribe") == unsubscribe.split("token=")[1] and signature == mhall.url
    assert httpx.get(table_link).status_code == 200
    inviter = mhall.hall.tables[tid]
    bob_id = mhall.store.user_by_name("Bob")[0].id  # type: ignore[index]
    mhall.hall.notices.invitation(bob_id, inviter, by="Ann")  # a notice about the same table: within 15 min
    mails = mail_store(mhall.store)

    def unsent() -> Any:
        with mhall.store.engine.connect() as c:
            return c.execute(select(mails.outbox).where(mails.outbox.c.sent.is_(None))).one_or_none()

    waiting = until(unsent, what="the invitation in the outbox")
    rounds.after(mhall)
    assert len(sink.mails) == 3
    assert waiting.kind == "invite" and waiting.due >= waiting.created + 15 * 60 - 1
    assert waiting.subject == f"Ann invites you to Toy (table {tid})"
    with mhall.store.engine.begin() as c:  # a quarter of an hour later
        c.execute(mails.outbox.update().where(mails.outbox.c.id == waiting.id).values(due=time.time()))
    mhall.app.state.mail.wake()
    invite = sink.wait(4)[3]
    standard_headers(invite, "bob@example.org")
    notice_headers(invite, mhall)
    assert invite["Subject"] == f"Ann invites you to Toy (table {tid})"
    assert text_of(invite).startswith(f"Ann invites you to Toy (table {tid}).\n\nSee the table: "
                                      f"{mhall.url}/table/{tid}")
    # one click in a mail program: a POST to the List-Unsubscribe address, no cookie, a form body (RFC 8058)
    one_click = httpx.post(unsubscribe, content=b"List-Unsubscribe=One-Click",
                           headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert one_click.status_code == 200 and one_click.json()["ok"] is True
    assert bob.http.get("/api/account").json()["notices"] == {"turn": False, "invite": False, "result": False,
                                                              "digest": False}
    assert httpx.post(mhall.url + "/api/mail/unsubscribe?token=" + "x" * 30).status_code == 400
    assert ann.http.post("/api/account/notices", json={"result": True}).status_code == 200
    for version in (3, 5):  # the game's other rounds: Bob comes back for each
        wb = bob.table(tid)
        wb.wait_type("state")
        pick(wb)
        wb.wait_type("state", version=version)
        wb.close()
        wa.wait_type("state", version=version)
        pick(wa)
    wa.wait(lambda m: m.get("type") == "table" and m["table"]["status"] == "over", what="the end")
    result = sink.wait(5)[4]
    standard_headers(result, "ann@example.org")  # Bob unsubscribed: only Ann hears the result
    notice_headers(result, mhall)
    assert re.fullmatch(rf"Toy at table {tid} is over: (you won|Bob won|you share the win)", result["Subject"])
    assert text_of(result).startswith(result["Subject"] + f".\n\nSee the game: {mhall.url}/table/{tid}\n")
    rounds.after(mhall)  # the notices of the end were handed over together: nothing for Bob
    assert len(sink.mails) == 5


def test_a_digest_gathers_the_notices_of_a_day(mhall: Hall, sink: SmtpSink) -> None:
    ann = Client(mhall, "Ann")
    confirmed(mhall, sink, ann, "ann@example.org")
    assert ann.http.post("/api/account/notices", json={"turn": True, "result": True, "digest": True}).status_code == 200
    uid = mhall.store.user_by_name("Ann")[0].id  # type: ignore[index]
    notices = mhall.hall.notices
    now = time.time()
    notices.emit(Notice(Kind.TURN, uid, 3, "manitou", "Manitou", at=now - 100))
    notices.emit(Notice(Kind.INVITE, uid, 4, "manitou", "Manitou", by="Bob", at=now - 50))  # not chosen
    notices.emit(Notice(Kind.RESULT, uid, 5, "five_tribes", "Five Tribes",
                        detail={"players": ["Ann", "Cid"], "winners": [0], "seat": 0}, at=now - 10))
    service: MailService = mhall.app.state.mail
    mails = mail_store(mhall.store)

    def kept() -> int:
        with mhall.store.engine.connect() as c:
            return int(c.execute(select(func.count()).select_from(mails.digest)).scalar_one())

    until(lambda: kept() >= 2, what="the two chosen notices kept for the digest")
    assert service.send_digests(time.time()) == 0  # the oldest notice is not a day old yet
    with mhall.store.engine.begin() as c:  # a day later
        c.execute(mails.digest.update().values(at=mails.digest.c.at - DIGEST_EVERY))
    assert service.send_digests(time.time()) == 1
    digest = sink.wait(2)[1]
    standard_headers(digest, "ann@example.org")
    notice_headers(digest, mhall)
    assert digest["Subject"] == "Longhouse: 2 notices of the last day"
    text = text_of(digest)
    assert f"- Your turn in Manitou (table 3): {mhall.url}/table/3\n" in text
    assert f"- Five Tribes at table 5 is over: you won: {mhall.url}/table/5\n" in text
    assert "invites" not in text
    assert service.send_digests(time.time() + 2 * DIGEST_EVERY) == 0  # nothing waits any more
    notices.emit(Notice(Kind.TURN, uid, 6, "manitou", "Manitou", at=now - 2 * DIGEST_EVERY))
    until(lambda: mails.digests_due(0.0), what="the notice kept for the digest")
    assert service.send_digests(time.time()) == 0  # a day old, but the last digest went just now


def test_a_mail_server_that_is_down_is_tried_again_with_back_off(db_url: str, monkeypatch: pytest.MonkeyPatch,
                                                                 rounds: Rounds) -> None:
    monkeypatch.setattr(mailer, "RETRY_FIRST", 0.3)
    sink = SmtpSink(start=False)  # nothing listens there yet
    hall = mail_hall(db_url, sink)
    try:
        ann = Client(hall, "Ann")
        began = time.monotonic()
        assert ann.http.post("/api/account/email", json={"address": "ann@example.org"}).status_code == 200
        assert time.monotonic() - began < 5  # the hall did not wait for the mail server
        row = until(lambda: (r := outbox_row(hall)).attempts >= 2 and r, what="two attempts")
        assert row.attempts >= 2 and row.sent is None and row.error and row.due > row.created
        assert "ConnectError" in row.error or "Connect" in row.error
        sink.handler.refuse = "451 4.3.0 try again later"
        sink.start()
        row = until(lambda: (r := outbox_row(hall)).error and "451" in r.error and r, what="the 451 answer")
        assert "451" in row.error and sink.mails == []
        sink.handler.refuse = None
        (mail,) = sink.wait(1)
        assert mail["Subject"] == "Confirm your e-mail address for Longhouse"
        rounds.after(hall)
        assert len(sink.mails) == 1  # sent once
        row = outbox_row(hall)
        assert row.sent is not None and row.body == ""
    finally:
        hall.stop()
        sink.stop()


def test_an_address_refused_for_good_is_given_up(mhall: Hall, sink: SmtpSink) -> None:
    sink.handler.refuse = "550 5.1.1 <ann@example.org>: no such mailbox"
    ann = Client(mhall, "Ann")
    ann.http.post("/api/account/email", json={"address": "ann@example.org"})
    row = until(lambda: (r := outbox_row(mhall)).failed is not None and r, what="the mail given up")
    assert row.failed is not None and row.attempts == 1 and "550" in row.error and row.body == ""
    assert "ann@example.org" not in row.error


def test_a_mail_queued_before_a_restart_is_sent_once_after_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                              rounds: Rounds) -> None:
    monkeypatch.setattr(mailer, "RETRY_FIRST", 0.3)
    db = f"sqlite:///{tmp_path / 'hall.db'}"
    sink = SmtpSink(start=False)
    port = free_port()
    first = mail_hall(db, sink, port=port)
    ann = Client(first, "Ann")
    assert ann.http.post("/api/account/email", json={"address": "ann@example.org"}).status_code == 200
    first.stop()  # the mail server was down all along: the mail waits in the outbox
    sink.start()
    try:
        second = mail_hall(db, sink, port=port)
        try:
            (mail,) = sink.wait(1)
            assert mail["To"] == "ann@example.org"
            rounds.after(second)
            assert len(sink.mails) == 1
        finally:
            second.stop()
        third = mail_hall(db, sink, port=port)  # and not again after another restart
        rounds.after(third)
        third.stop()
        assert len(sink.mails) == 1
    finally:
        sink.stop()


def test_two_halls_on_one_postgres_store_send_each_mail_once(prefix: str, rounds: Rounds) -> None:  # noqa: F811
    sink = SmtpSink()
    first = mail_hall(PG_URL, sink, prefix=prefix)
    second = mail_hall(PG_URL, sink, prefix=prefix)
    try:
        mails = mail_store(first.store)
        queued = [mails.queue(Outgoing(f"p{n}@example.org", "confirm", f"mail {n}", f"text {n}")) for n in range(40)]
        first.app.state.mail.wake()
        second.app.state.mail.wake()
        got = sink.wait(40, timeout=30)
        rounds.after(first, second)
        assert len(sink.mails) == 40  # none twice
        assert sorted(m["Subject"] for m in got) == sorted(f"mail {n}" for n in range(40))
        assert len({m["Message-ID"] for m in got}) == 40
        with first.store.engine.connect() as c:
            rows = c.execute(select(mails.outbox)).all()
        assert sorted(r.id for r in rows) == sorted(queued) and all(r.sent is not None for r in rows)
        nodes = {first.app.state.mail.mailer.node, second.app.state.mail.mailer.node}
        assert {r.claimed_by for r in rows} <= nodes  # each sent by the hall that claimed it
    finally:
        first.stop()
        second.stop()
        sink.stop()


def test_a_mail_server_that_hangs_holds_up_neither_requests_nor_the_shutdown(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mailer, "STOP_GRACE", 0.5)
    silent = socket.socket()  # accepts connections (the kernel's backlog) and never says a word
    silent.bind(("127.0.0.1", 0))
    silent.listen(16)
    port = silent.getsockname()[1]
    sink = SmtpSink(port=port, start=False)
    hall = mail_hall(db_url, sink)
    try:
        ann = Client(hall, "Ann")
        began = time.monotonic()
        assert ann.http.post("/api/account/email", json={"address": "ann@example.org"}).status_code == 200
        assert ann.http.get("/api/account").json()["email"]["confirmed"] is False
        assert time.monotonic() - began < 5  # (the SMTP conversation may wait 30 s for a greeting)
        row = until(lambda: (r := outbox_row(hall)).claimed_by is not None and r, what="the mail claimed")
        assert row.claimed_by is not None  # being sent, to a server that does not answer
    finally:
        began = time.monotonic()
        hall.stop()
        stopped = time.monotonic() - began
        silent.close()
    assert stopped < 10
    store = Store(db_url)
    try:
        with store.engine.connect() as c:
            row = c.execute(select(mail_store(store).outbox)).one()
        assert row.claimed_by is None and row.sent is None and row.attempts == 0  # let go: sent after a restart
    finally:
        store.close()
