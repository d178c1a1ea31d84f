"""Web Push end to end: a device subscribes through the hall's API, the hall pushes, and a push service on
loopback (``push_service.py``) takes the request, which the test decrypts with the device's own private key
and auth secret (RFC 8291) and whose VAPID JWT it checks (RFC 8292) — the real protocol on both sides. A
subscription the push service calls gone (404, 410) is dropped; bad subscriptions are refused and change
nothing; the VAPID key is made once and kept in the store, or read from a file.
"""

from __future__ import annotations

import base64
import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from cryptography.exceptions import InvalidTag
from harness import Client, Hall, kept
from hypothesis import given, settings
from hypothesis import strategies as st
from push_service import Browser, PushService, vapid_claims
from py_vapid import Vapid

from longhouse.server import push as push_api
from longhouse.server.push_sender import BACKOFF
from longhouse.server.settings import PUSH_HOSTS
from longhouse.server.webpush import Outcome, VapidKey, deliver, endpoint_refusal, keys_refusal, load_key
from longhouse.store import Store
from longhouse.store.push import DEVICES_MOST, Subscription, push_store
from tests.waiting import until

CONTACT = "mailto:ops@example.org"


@pytest.fixture
def service() -> Iterator[PushService]:
    s = PushService()
    yield s
    s.stop()


@pytest.fixture
def hall(db_url: str) -> Iterator[Hall]:
    h = Hall(db_url, push_hosts=("127.0.0.1",), push_contact=CONTACT, push_ttl=600)
    yield h
    h.stop()


def subscribe(client: Client, browser: Browser, endpoint: str, events: list[str] | None = None) -> httpx.Response:
    body: dict[str, Any] = {"subscription": browser.subscription(endpoint)}
    if events is not None:
        body["events"] = events
    return client.http.post("/api/push/subscribe", json=body)


def subscriptions(hall: Hall) -> list[tuple[int, str, tuple[str, ...]]]:
    store = push_store(hall.store)
    with hall.store.engine.connect() as c:
        rows = c.execute(store.subs.select().order_by(store.subs.c.id)).all()
    return [(r.user_id, r.endpoint, tuple(r.events)) for r in rows]


def user_id(hall: Hall, name: str) -> int:
    with hall.store.engine.connect() as c:
        return int(c.execute(hall.store.users.select().where(hall.store.users.c.name == name)).one().id)


def test_a_test_notice_reaches_the_device_encrypted_and_signed(hall: Hall, service: PushService) -> None:
    ann, phone = Client(hall, "Ann"), Browser()
    served = ann.http.get("/api/push").json()
    assert [e["name"] for e in served["events"]] == ["turn", "invite", "result"]
    r = subscribe(ann, phone, service.url("/push/ann-phone"))
    assert r.status_code == 200 and r.json() == {"subscribed": True, "events": ["turn", "invite", "result"]}
    status = ann.http.post("/api/push/status", json={"endpoint": service.url("/push/ann-phone")}).json()
    assert status == {"subscribed": True, "events": ["turn", "invite", "result"]}

    before = time.time()
    assert ann.http.post("/api/push/test", json={"endpoint": service.url("/push/ann-phone")}).json() == {"sent": True}
    (push,) = service.received("/push/ann-phone")
    assert push.headers["content-encoding"] == "aes128gcm"
    assert push.headers["ttl"] == "600" and push.headers["urgency"] == "normal"
    notice = json.loads(phone.decrypt(push.body))
    assert notice == {"title": push_api.TEST_TITLE, "body": push_api.TEST_BODY, "url": "/", "tag": "longhouse-test"}
    claims = vapid_claims(push.headers["authorization"], served["key"])
    assert claims["aud"] == service.origin and claims["sub"] == CONTACT
    assert before < claims["exp"] <= time.time() + 24 * 3600  # RFC 8292: at most a day ahead

    # another device's keys cannot open it: the push is for this one only
    with pytest.raises(InvalidTag):
        Browser(auth=phone.auth).decrypt(push.body)
    # a second test at once is refused; the push service saw one push
    again = ann.http.post("/api/push/test", json={"endpoint": service.url("/push/ann-phone")})
    assert again.status_code == 429 and again.json()["error"] == str(push_api.TEST_TOO_SOON)
    until(lambda: push_store(hall.store).of_user(user_id(hall, "Ann"))[0].sent is not None)


def test_a_notice_goes_to_each_device_that_chose_its_event(hall: Hall, service: PushService) -> None:
    ann, phone, laptop = Client(hall, "Ann"), Browser(), Browser()
    assert subscribe(ann, phone, service.url("/phone"), ["turn", "result"]).json()["events"] == ["turn", "result"]
    assert subscribe(ann, laptop, service.url("/laptop"), ["invite"]).status_code == 200
    push = hall.app.state.push
    uid = user_id(hall, "Ann")
    turn = {"title": "Your turn in Manitou (table 3)", "body": "b", "url": "/table/3", "tag": "table-3"}
    assert push.notify(uid, "turn", turn, topic="table-3") == 1
    (got,) = service.received("/phone")
    assert json.loads(phone.decrypt(got.body)) == turn and got.headers["topic"] == "table-3"
    invite = {"title": "Bob invites you", "body": "", "url": "/table/4", "tag": "table-4"}
    assert push.notify(uid, "invite", invite) == 1
    (got,) = service.received("/laptop")
    assert json.loads(laptop.decrypt(got.body)) == invite
    # nobody else's devices, and no device that did not choose the event
    assert push.notify(uid + 99, "turn", turn) == 0
    until(push.sender.idle)  # nothing more being sent
    assert len(service.pushes) == 2

    # the events of a device change when it subscribes again; unsubscribed, it hears nothing more
    assert subscribe(ann, laptop, service.url("/laptop"), ["result"]).json()["events"] == ["result"]
    r = ann.http.post("/api/push/unsubscribe", json={"endpoint": service.url("/phone")})
    assert r.json() == {"subscribed": False, "events": []}
    assert push.notify(uid, "turn", turn) == 0
    assert [s[1:] for s in subscriptions(hall)] == [(service.url("/laptop"), ("result",))]


@pytest.mark.parametrize("status", [404, 410])
def test_a_subscription_the_push_service_calls_gone_is_dropped(hall: Hall, service: PushService, status: int) -> None:
    ann, phone, tablet = Client(hall, "Ann"), Browser(), Browser()
    subscribe(ann, phone, service.url("/old"))
    subscribe(ann, tablet, service.url("/new"))
    service.answers["/old"] = [(status, {})]
    uid = user_id(hall, "Ann")
    assert hall.app.state.push.notify(uid, "result", {"title": "t", "body": "", "url": "/", "tag": "x"}) == 2
    service.received("/old")
    service.received("/new")
    until(lambda: [s[1] for s in subscriptions(hall)] == [service.url("/new")])
    assert hall.app.state.push.sender.counts.get("gone") == 1
    assert ann.http.post("/api/push/status", json={"endpoint": service.url("/old")}).json()["subscribed"] is False


def test_a_busy_push_service_is_tried_again_and_a_refusal_is_counted(hall: Hall, service: PushService) -> None:
    ann, phone, other = Client(hall, "Ann"), Browser(), Browser()
    subscribe(ann, phone, service.url("/busy"))
    subscribe(ann, other, service.url("/refuses"))
    service.answers["/busy"] = [(503, {"Retry-After": "0"}), (429, {"Retry-After": "0"})]
    service.answers["/refuses"] = [(400, {})]
    uid = user_id(hall, "Ann")
    notice = {"title": "t", "body": "", "url": "/", "tag": "x"}
    hall.app.state.push.notify(uid, "turn", notice)
    first, second, third = service.received("/busy", 3)
    assert json.loads(phone.decrypt(third.body)) == notice
    # each try is its own encryption (a new sender key and salt), not the same bytes sent again
    assert len({first.body, second.body, third.body}) == 3
    service.received("/refuses")
    until(lambda: {s.endpoint: s.failures for s in push_store(hall.store).of_user(uid)}
               == {service.url("/busy"): 0, service.url("/refuses"): 1})
    assert len(subscriptions(hall)) == 2  # a refusal is not a gone subscription


def off_curve(p256dh: str) -> str:
    """The key with its y coordinate changed by one: no point of P-256."""
    point = base64.urlsafe_b64decode(p256dh + "=" * (-len(p256dh) % 4))
    return base64.urlsafe_b64encode(point[:-1] + bytes([point[-1] ^ 1])).rstrip(b"=").decode()


@pytest.mark.parametrize(("change", "error"), [
    (lambda s: s.update(endpoint="https://push.evil.example/x"), "not one of the push services"),
    (lambda s: s.update(endpoint="http://10.0.0.5:6379/x"), "not one of the push services"),
    (lambda s: s.update(endpoint="ftp://127.0.0.1/x"), "https://"),
    (lambda s: s.update(endpoint="https://10.0.0.5\\@fcm.googleapis.com/x"), "not a URL"),
    (lambda s: s.update(endpoint="https://u:p@fcm.googleapis.com/x"), "not a URL"),
    (lambda s: s.update(endpoint=12), "no endpoint"),
    (lambda s: s.update(endpoint="http://127.0.0.1:1/" + "x" * 1100), "longer than"),
    (lambda s: s["keys"].update(p256dh="AAAA"), "p256dh"),
    (lambda s: s["keys"].update(p256dh=off_curve(s["keys"]["p256dh"])), "p256dh"),
    (lambda s: s["keys"].update(auth="c2hvcnQ"), "auth"),
    (lambda s: s["keys"].update(auth="not base64 ✓"), "auth"),
    (lambda s: s.pop("keys"), "no keys"),
])
def test_a_bad_subscription_is_refused_with_a_reason_and_changes_nothing(
        hall: Hall, service: PushService, change: Any, error: str) -> None:
    ann = Client(hall, "Ann")
    sub = Browser().subscription(service.url("/x"))
    change(sub)
    r = ann.http.post("/api/push/subscribe", json={"subscription": sub})
    assert r.status_code == 400 and error in r.json()["error"]
    assert subscriptions(hall) == []


def test_the_push_api_refuses_strangers_and_bad_requests(hall: Hall, service: PushService) -> None:
    sub = {"subscription": Browser().subscription(service.url("/x"))}
    stranger = kept(httpx.Client(base_url=hall.url))
    for path in ("/api/push/subscribe", "/api/push/status", "/api/push/unsubscribe", "/api/push/test"):
        assert stranger.post(path, json=sub).status_code == 401
    ann = Client(hall, "Ann")
    assert ann.http.post("/api/push/subscribe", content=json.dumps(sub)).status_code == 415  # not JSON
    bad_events = ann.http.post("/api/push/subscribe", json={**sub, "events": ["turn", "gossip"]})
    assert bad_events.status_code == 400 and bad_events.json()["error"] == str(push_api.NO_EVENTS)
    assert ann.http.post("/api/push/subscribe", json={**sub, "events": []}).status_code == 400
    assert ann.http.post("/api/push/test", json={"endpoint": service.url("/x")}).status_code == 404
    assert subscriptions(hall) == []
    assert stranger.get("/api/push").status_code == 200  # the public key is public


def test_a_device_notifies_whoever_subscribed_on_it_last_and_an_account_keeps_ten(
        hall: Hall, service: PushService) -> None:
    ann, bob, phone = Client(hall, "Ann"), Client(hall, "Bob"), Browser()
    subscribe(ann, phone, service.url("/shared"))
    subscribe(bob, phone, service.url("/shared"))
    assert [s[0] for s in subscriptions(hall)] == [user_id(hall, "Bob")]
    assert ann.http.post("/api/push/status", json={"endpoint": service.url("/shared")}).json()["subscribed"] is False
    for i in range(DEVICES_MOST + 2):
        assert subscribe(ann, Browser(), service.url(f"/d{i}")).status_code == 200
    kept = [s[1] for s in subscriptions(hall) if s[0] == user_id(hall, "Ann")]
    assert kept == [service.url(f"/d{i}") for i in range(2, DEVICES_MOST + 2)]  # the first two made way


def test_a_renewed_subscription_keeps_the_old_ones_events(hall: Hall, service: PushService) -> None:
    ann = Client(hall, "Ann")
    subscribe(ann, Browser(), service.url("/before"), ["result"])
    renewed = {"subscription": Browser().subscription(service.url("/after")), "replaces": service.url("/before")}
    assert ann.http.post("/api/push/subscribe", json=renewed).json() == {"subscribed": True, "events": ["result"]}
    assert [s[1:] for s in subscriptions(hall)] == [(service.url("/after"), ("result",))]


def test_the_vapid_key_is_made_once_and_kept_or_read_from_a_file(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'hall.db'}"
    store = Store(url)
    first = load_key(store, None, None)
    store.close()
    store = Store(url)  # a restart, or another process of the hall
    assert load_key(store, None, None).public == first.public
    assert first.contact == "mailto:longhouse@localhost"

    given_key = Vapid()
    given_key.generate_keys()
    given_key.save_key(str(tmp_path / "vapid.pem"))
    from_file = load_key(store, str(tmp_path / "vapid.pem"), "https://hall.example.org")
    assert from_file.public != first.public
    assert from_file.vapid.public_key.public_numbers() == given_key.public_key.public_numbers()
    with pytest.raises(FileNotFoundError):
        load_key(store, str(tmp_path / "missing.pem"), None)
    (tmp_path / "junk.pem").write_text("not a key")
    with pytest.raises(ValueError, match="holds no P-256 private key"):
        load_key(store, str(tmp_path / "junk.pem"), None)
    with pytest.raises(ValueError, match="neither mailto"):
        load_key(store, None, "ops@example.org")
    store.close()


def test_a_subscription_made_for_another_key_is_dropped_not_pushed(hall: Hall, service: PushService) -> None:
    ann = Client(hall, "Ann")
    subscribe(ann, Browser(), service.url("/stale"))
    store = push_store(hall.store)
    with hall.store.engine.begin() as c:
        c.execute(store.subs.update().values(server_key="B" * 87))  # the hall's key changed since
    hall.app.state.push.notify(user_id(hall, "Ann"), "turn", {"title": "t", "body": "", "url": "/", "tag": "x"})
    until(lambda: subscriptions(hall) == [])
    assert service.pushes == []


ADDRESS = st.sampled_from(["127.0.0.1", "fcm.googleapis.com", "x.notify.windows.com", "evil.com", "10.0.0.1",
                           "localhost", "[::1]", "fcm.googleapis.com.evil.com", "web.push.apple.com"])


@settings(max_examples=200, deadline=None)
@given(scheme=st.sampled_from(["http", "https", "ftp", "HTTPS", ""]), host=ADDRESS,
       port=st.sampled_from(["", ":443", ":8080", ":99999", ":x"]), rest=st.text(max_size=30),
       hosts=st.sampled_from([PUSH_HOSTS, ("127.0.0.1",), ()]))
def test_only_named_push_services_are_believed(scheme: str, host: str, port: str, rest: str,
                                               hosts: tuple[str, ...]) -> None:
    url = f"{scheme}://{host}{port}/{rest}"
    if endpoint_refusal(url, hosts) is None:
        name = host.lower()
        assert name in hosts or any(name.endswith("." + h) for h in hosts)
        assert url.lower().startswith("https://") or (url.startswith("http://") and name == "127.0.0.1")
        assert port not in (":99999", ":x") and "@" not in rest and "\\" not in rest


@settings(max_examples=100, deadline=None)
@given(p256dh=st.text(max_size=120),
       auth=st.text(max_size=40) | st.binary(max_size=24).map(lambda b: base64.urlsafe_b64encode(b).decode()),
       unpadded=st.booleans())
def test_keys_that_are_not_a_browsers_are_refused(p256dh: str, auth: str, unpadded: bool) -> None:
    good = Browser().subscription("x")["keys"]
    assert keys_refusal(good["p256dh"], good["auth"]) is None
    assert keys_refusal(p256dh, good["auth"]) is not None  # random text is no point on P-256
    auth = auth.rstrip("=") if unpadded else auth
    expected = False
    if re.fullmatch(r"[A-Za-z0-9_-]*={0,2}", auth):
        bare = auth.rstrip("=")
        try:
            expected = len(base64.b64decode(bare + "=" * (-len(bare) % 4), altchars=b"-_", validate=True)) == 16
        except ValueError:
            expected = False
    assert (keys_refusal(good["p256dh"], auth) is None) == expected


def test_without_retry_after_a_busy_push_service_is_tried_again_after_a_back_off(
        hall: Hall, service: PushService) -> None:
    ann = Client(hall, "Ann")
    subscribe(ann, Browser(), service.url("/down"))
    service.answers["/down"] = [(502, {})]
    sender = hall.app.state.push.sender
    hall.app.state.push.notify(user_id(hall, "Ann"), "turn", {"title": "t", "body": "", "url": "/", "tag": "x"})
    service.received("/down")
    until(lambda: sender.counts.get("retry") == 1 and sender.idle())
    assert sender.waiting() == 1  # waiting for its second try, not sent again at once
    (job,) = sender._jobs
    assert 25 < job.due - sender.clock() <= BACKOFF[0] and job.tries == 1
    sender.stop()
    assert sender.waiting() == 0 and not sender.send(job.sub, job.notice)  # a stopped sender takes nothing


def test_a_deleted_account_takes_its_devices_along(hall: Hall, service: PushService) -> None:
    from longhouse.store.deletion import delete_account

    ann, bob = Client(hall, "Ann"), Client(hall, "Bob")
    subscribe(ann, Browser(), service.url("/ann"))
    subscribe(bob, Browser(), service.url("/bob"))
    delete_account(hall.store, hall.hall.people, user_id(hall, "Ann"))  # ON DELETE CASCADE
    assert [s[1] for s in subscriptions(hall)] == [service.url("/bob")]


@settings(max_examples=15, deadline=None)
@given(title=st.text(max_size=200), body=st.text(max_size=1200))
def test_any_notice_text_arrives_whole(title: str, body: str) -> None:
    """Any text (any script, emoji, control characters) is encrypted, sent and decrypted whole, by the hall's
    delivery function straight to the push service."""
    service, phone = PushService(), Browser()
    try:
        vapid = Vapid()
        vapid.generate_keys()
        key = VapidKey(vapid, "unused", CONTACT)
        info = phone.subscription(service.url("/any"))["keys"]
        sub = Subscription(1, 1, service.url("/any"), info["p256dh"], info["auth"], "unused", ("turn",), 0.0, None, 0)
        notice = {"title": title, "body": body, "url": "/", "tag": "t"}
        assert deliver(sub, notice, key, ttl=60).outcome is Outcome.SENT
        (push,) = service.received("/any")
        assert json.loads(phone.decrypt(push.body)) == notice
    finally:
        service.stop()
