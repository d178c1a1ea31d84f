"""The mail outbox in the store, on SQLite and PostgreSQL: two processes claiming at once never take the same
mail, a claim lets go when its lease runs out, notices about one table are spaced and the newest replaces a
waiting one, and a digest is taken once."""

from __future__ import annotations

import itertools
import threading
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_store_postgres import PG_URL

from longhouse.store import Store
from longhouse.store.mail import DigestItem, MailStore, Outgoing, mail_store


@pytest.fixture(params=["sqlite", "postgresql"])
def url_prefix(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[str, str]:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'mail.db'}", ""
    prefix = request.getfixturevalue("pg_prefix")
    return PG_URL, prefix


def stores(url: str, prefix: str) -> tuple[Store, Store]:
    """Two stores on one database, as two processes have."""
    return Store(url, prefix=prefix, upgrade=True), Store(url, prefix=prefix, upgrade=True)


def mail(n: int, user: int | None = None, table: int | None = None, kind: str = "confirm") -> Outgoing:
    return Outgoing(f"p{n}@example.org", kind, f"subject {n}", f"body {n}", user_id=user, table_id=table)


def test_two_processes_never_claim_the_same_mail(url_prefix: tuple[str, str]) -> None:
    one, two = stores(*url_prefix)
    try:
        a, b = MailStore(one), MailStore(two)
        ids = {a.queue(mail(n), now=100.0) for n in range(40)}
        taken: dict[str, list[int]] = {"a": [], "b": []}

        def claim(name: str, mails: MailStore) -> None:
            while got := mails.claim(name, lease=60, limit=3, now=200.0):
                taken[name].extend(m.id for m in got)

        threads = [threading.Thread(target=claim, args=("a", a)), threading.Thread(target=claim, args=("b", b))]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        assert sorted(taken["a"] + taken["b"]) == sorted(ids)  # every mail once, none twice
        assert a.claim("a", 60, now=210.0) == [] and b.claim("b", 60, now=210.0) == []  # claims still live
        held = taken["a"][0] if taken["a"] else taken["b"][0]
        holder = "a" if taken["a"] else "b"
        assert a.sent(held, "nobody", now=220.0) is False  # only the claimant marks it
        assert a.sent(held, holder, now=220.0) is True
        again = b.claim("b", 60, limit=100, now=261.0)  # the leases ran out: the rest can be claimed again
        assert held not in {m.id for m in again} and len(again) == len(ids) - 1
        a.retry(again[0].id, "b", "550 no such mailbox", due=None)  # given up: no claim left to let go
        assert b.release("b") == len(again) - 1  # the rest let go at once
    finally:
        one.close()
        two.close()


def test_notices_about_a_table_are_spaced_and_the_newest_wins(url_prefix: tuple[str, str]) -> None:
    one, two = stores(*url_prefix)
    try:
        mails = mail_store(one)
        first = mails.queue_notice(mail(1, user=7, table=3, kind="turn"), spacing=900, now=1000.0)
        (claimed,) = mails.claim("n", 60, now=1000.0)
        assert claimed.id == first
        mails.sent(first, "n", now=1001.0)
        second = mails.queue_notice(mail(2, user=7, table=3, kind="turn"), spacing=900, now=1100.0)
        third = mails.queue_notice(mail(3, user=7, table=3, kind="result"), spacing=900, now=1200.0)
        assert second == third  # the waiting one was replaced
        other_table = mails.queue_notice(mail(4, user=7, table=4, kind="turn"), spacing=900, now=1200.0)
        (soon,) = mails.claim("n", 60, now=1300.0)
        assert soon.id == other_table  # another table: not held back
        mails.sent(soon.id, "n", now=1301.0)
        assert mails.claim("n", 60, now=1899.0) == []
        (late,) = mails.claim("n", 60, now=1900.0)  # a quarter of an hour after the first
        assert (late.id, late.kind, late.subject) == (second, "result", "subject 3")
    finally:
        one.close()
        two.close()


def test_a_digest_is_taken_once(url_prefix: tuple[str, str]) -> None:
    one, two = stores(*url_prefix)
    try:
        uid = one.create_user("Ann", "x").id
        a, b = MailStore(one), MailStore(two)
        a.set_address(uid, "ann@example.org", 3600, lambda token: mail(0), now=10.0)
        a.add_digest([(uid, DigestItem(3, "turn", "line 1", 20.0)), (uid, DigestItem(4, "result", "line 2", 30.0))])
        assert a.digests_due(100.0, now=110.0) == []
        assert a.digests_due(100.0, now=120.0) == [uid]
        made = a.send_digest(uid, lambda address, items: mail(9, kind="digest") if items else None, now=120.0)
        assert made is not None
        assert b.send_digest(uid, lambda address, items: mail(9, kind="digest"), now=121.0) is None
        assert b.digests_due(100.0, now=500.0) == []
    finally:
        one.close()
        two.close()


def test_at_most_one_notice_mail_per_table_per_quarter_hour(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'mail.db'}")
    mails = mail_store(store)

    @settings(max_examples=40, deadline=None)
    @given(st.lists(st.tuples(st.integers(1, 3), st.floats(0, 5000)), min_size=1, max_size=12))
    def check(events: list[tuple[int, float]]) -> None:
        with store.engine.begin() as c:
            c.execute(mails.outbox.delete())
        now = 0.0
        for table, gap in events:
            now += gap
            for m in mails.claim("n", 60, limit=100, now=now):
                mails.sent(m.id, "n", now=now)
            mails.queue_notice(mail(1, user=1, table=table, kind="turn"), spacing=900, now=now)
        for m in mails.claim("n", 60, limit=100, now=now + 10_000):
            mails.sent(m.id, "n", now=now + 10_000)
        with store.engine.connect() as c:
            rows = c.execute(mails.outbox.select()).all()
        dues: dict[int, list[float]] = {}
        for r in rows:
            assert r.sent is not None  # every notice went out, none was lost
            dues.setdefault(int(r.table_id), []).append(float(r.due))
        for times in dues.values():  # mails of one table are due a quarter of an hour apart at least
            times.sort()
            assert all(b - a >= 900 - 1e-6 for a, b in itertools.pairwise(times))
        assert set(dues) == {t for t, _ in events}

    try:
        check()
    finally:
        store.close()
