"""The hall's notices as Web Push (``server/push_channel.py``) on a real hall: a turn-based table's "your turn"
reaches the absent player's device, and the result every seated player's device that chose it, each through
the push service on loopback and decrypted with that device's keys; an invitation too. A device that did not
choose an event hears nothing of it. An ``/invite`` to a private table reaches the invited device with the
link that lets them in."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from harness import Client, Hall, command, create_table, join, seated_table
from push_service import Browser, PushService
from test_notices import pick
from test_social import said

from longhouse.server.notices import Kind, Notice
from longhouse.server.push_channel import BODIES, PushChannel
from tests.waiting import until


@pytest.fixture
def service() -> Iterator[PushService]:
    s = PushService()
    yield s
    s.stop()


@pytest.fixture
def hall(db_url: str) -> Iterator[Hall]:
    h = Hall(db_url, push_hosts=("127.0.0.1",))
    yield h
    h.stop()


def subscribe(client: Client, browser: Browser, endpoint: str, events: list[str]) -> None:
    r = client.http.post("/api/push/subscribe", json={"subscription": browser.subscription(endpoint), "events": events})
    assert r.status_code == 200, r.text


def test_turn_result_and_invitation_notices_reach_the_devices_that_chose_them(hall: Hall, service: PushService) -> None:
    tid, (ann, bob), (wa, wb) = seated_table(hall, ["Ann", "Bob"], time="turn-based")
    uid = {c.name: hall.store.user_by_name(c.name)[0].id for c in (ann, bob)}  # type: ignore[index]
    ann_phone, bob_phone = Browser(), Browser()
    subscribe(ann, ann_phone, service.url("/ann"), ["result"])
    subscribe(bob, bob_phone, service.url("/bob"), ["turn", "result"])
    pick(wb)
    wb.wait_type("state", version=1)
    wb.close()  # Bob goes away
    wa.wait_type("state", version=1)
    pick(wa)  # a new round: Bob's turn, and he is not at the table
    (turn,) = service.received("/bob")
    assert turn.headers["topic"] == f"table-{tid}" and turn.headers["content-encoding"] == "aes128gcm"
    assert json.loads(bob_phone.decrypt(turn.body)) == {
        "title": f"Your turn in Toy (table {tid})", "body": BODIES[Kind.TURN], "url": f"/table/{tid}",
        "tag": f"longhouse-table-{tid}"}

    # play on to the end (as test_notices does), Bob back at the table for each of his picks
    wa.wait_type("state", version=2)
    pick(wa)
    wa.wait_type("state", version=3)
    wb = bob.table(tid)
    wb.wait_type("state")
    pick(wb)
    wb.wait_type("state", version=4)
    wb.close()
    wa.wait_type("state", version=4)
    pick(wa)
    wa.wait_type("state", version=5)
    wb = bob.table(tid)
    wb.wait_type("state")
    pick(wb)
    wa.wait(lambda m: m.get("type") == "table" and m["table"]["status"] == "over", what="the end")
    (ann_result,) = service.received("/ann")
    result = json.loads(ann_phone.decrypt(ann_result.body))
    assert result["title"].startswith(f"Toy at table {tid} is over: ") and result["url"] == f"/replay/{tid}"
    bob_pushes = service.received("/bob", 2)
    last = json.loads(bob_phone.decrypt(bob_pushes[-1].body))
    assert last["title"].startswith(f"Toy at table {tid} is over: ")
    until(hall.app.state.push.sender.idle)  # the notices before the results were handed over first: all sent
    assert len(service.received("/ann")) == 1  # Ann chose results only: no turn notice reached her

    # an invitation (the social lane's ``Notices.invitation``), handed to the channel as the notices' worker does
    channel = next(c for c in hall.hall.notices.channels if isinstance(c, PushChannel))
    channel.deliver([Notice(Kind.INVITE, uid["Ann"], tid, "toy", "Toy", by="Bob"),
                     Notice(Kind.INVITE, uid["Bob"], tid, "toy", "Toy", by="Ann")])
    until(hall.app.state.push.sender.idle)
    assert len(service.received("/ann")) == 1 and len(service.received("/bob")) == len(bob_pushes)  # not chosen
    subscribe(ann, ann_phone, service.url("/ann"), ["invite"])
    channel.deliver([Notice(Kind.INVITE, uid["Ann"], tid, "toy", "Toy", by="Bob")])
    invite = json.loads(ann_phone.decrypt(service.received("/ann", 2)[-1].body))
    assert invite == {"title": f"Bob invites you to Toy (table {tid})", "body": BODIES[Kind.INVITE],
                      "url": f"/table/{tid}", "tag": f"longhouse-table-{tid}"}
    # a private table's invitation opens its link (which lets the guest in)
    channel.deliver([Notice(Kind.INVITE, uid["Ann"], tid, "toy", "Toy", by="Bob", link=f"/table/{tid}?invite=abc")])
    invite = json.loads(ann_phone.decrypt(service.received("/ann", 3)[-1].body))
    assert invite["url"] == f"/table/{tid}?invite=abc"


def test_an_invitation_by_invite_reaches_the_invited_device_with_its_link(hall: Hall, service: PushService) -> None:
    ann, bob, phone = Client(hall, "Ann"), Client(hall, "Bob"), Browser()
    subscribe(bob, phone, service.url("/bob"), ["invite"])
    table_id = create_table(ann.lobby(), "toy", 2, private=True)
    at_table = ann.table(table_id)
    join(at_table, 1)
    command(at_table, "/follow Bob")
    command(at_table, "/invite Bob")
    said(at_table, "Invitation sent to Bob")
    (push,) = service.received("/bob")
    invite = hall.hall.tables[table_id].settings.invite
    assert json.loads(phone.decrypt(push.body)) == {
        "title": f"Ann invites you to Toy (table {table_id})", "body": BODIES[Kind.INVITE],
        "url": f"/table/{table_id}?invite={invite}", "tag": f"longhouse-table-{table_id}"}
