"""Web Push for the hall: the endpoints a page subscribes a device with, and ``Push``, which sends a person's
devices a notice (the channel of ``push_channel.py`` calls it for each of the hall's notices).

Routes (added by ``push_routes()``), every POST guarded as the hall's others (JSON only, the ``SameSite=Strict``
session cookie):

- ``GET /api/push``: the hall's VAPID public key (the page's ``applicationServerKey``) and the events a device
  may choose;
- ``POST /api/push/status {endpoint}``: whether this device is subscribed for the signed-in account, and to
  what;
- ``POST /api/push/subscribe {subscription, events}``: keep a device's subscription (the browser's
  ``PushSubscription.toJSON()``: ``endpoint`` and ``keys.p256dh``, ``keys.auth``) with the events it wants
  (all, if not given); again with the same endpoint, change its events; with ``replaces`` (an old endpoint of
  this account; the service worker's renewal) and no ``events``, take the old one's events and drop it;
- ``POST /api/push/unsubscribe {endpoint}``: forget it;
- ``POST /api/push/test {endpoint}``: send that device a test notice (once per ``TEST_EVERY`` seconds).

The endpoint travels in a POST body, never in a query string, which a proxy's access log would keep.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from longhouse.engine.text import ENGLISH, Words
from longhouse.i18n import N_, _
from longhouse.i18n.catalogs import translator
from longhouse.server.accounts import Refused, current_user, read_json, refused
from longhouse.server.language import answer, language_of
from longhouse.server.push_sender import PushSender
from longhouse.server.settings import Settings
from longhouse.server.webpush import endpoint_refusal, host_of, keys_refusal, load_key, topic_of
from longhouse.store import Store, User
from longhouse.store.push import PushStore, Subscription, push_store

log = logging.getLogger("longhouse.push")

#: The events a device may be told of (the same as the mails': ``notices.Kind``'s values), with the settings
#: panel's words for each (catalog texts, answered in the request's language).
EVENTS = {"turn": N_("your turn in a turn-based game"), "invite": N_("an invitation to a table"),
          "result": N_("a game's result")}
TEST_TITLE = N_("Longhouse: push notices work")
TEST_BODY = N_("This device will be told of what you chose.")
NOT_SIGNED_IN = _("sign in first")
NO_EVENTS = _("choose one or more of: {names}", names=", ".join(EVENTS))
TEST_TOO_SOON = _("a test notice was sent a moment ago; wait a little")
NOT_SUBSCRIBED = _("this device is not subscribed")
#: Seconds between two test notices of one account.
TEST_EVERY = 10.0


class Push:
    """The hall's Web Push: its key, its subscriptions and its sender."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self.store: PushStore = push_store(store)
        self.key = load_key(store, settings.vapid_key_file, settings.push_contact)
        self.hosts = tuple(h.lower() for h in settings.push_hosts)
        self.sender = PushSender(self.store, self.key, settings.push_ttl, self.hosts)
        self._tested: dict[int, float] = {}

    def notify(self, user_id: int, event: str, notice: dict[str, Any], topic: str | None = None) -> int:
        """Queue ``notice`` (``title``, ``body``, ``url``, ``tag``) for each of ``user_id``'s devices that chose
        ``event``; how many. Blocking (reads the store): call it from a worker thread."""
        count = 0
        for sub in self.store.of_user(user_id):
            if event in sub.events and self.sender.send(sub, notice, topic_of(topic) if topic else None):
                count += 1
        return count

    def test(self, sub: Subscription, words: Words = ENGLISH) -> bool:
        now = time.monotonic()
        if now - self._tested.get(sub.user_id, -TEST_EVERY) < TEST_EVERY:
            return False
        self._tested[sub.user_id] = now
        return self.sender.send(sub, {"title": words.gettext(TEST_TITLE), "body": words.gettext(TEST_BODY), "url": "/",
                                      "tag": "longhouse-test"})

    def stop(self) -> None:
        self.sender.stop()


def push_of(request: Request) -> Push:
    push: Push = request.app.state.push
    return push


def _user(request: Request) -> User:
    user = current_user(request)
    if user is None:
        raise Refused(401, NOT_SIGNED_IN)
    return user


def _endpoint(data: dict[str, Any], hosts: tuple[str, ...]) -> str:
    endpoint = data.get("endpoint")
    why = endpoint_refusal(endpoint, hosts)
    if why is not None:
        raise Refused(400, why)
    assert isinstance(endpoint, str)
    return endpoint


def _events(value: object) -> tuple[str, ...]:
    if value is None:
        return tuple(EVENTS)
    if not isinstance(value, list) or not value or not all(isinstance(v, str) and v in EVENTS for v in value):
        raise Refused(400, NO_EVENTS)
    return tuple(e for e in EVENTS if e in value)


def _words(request: Request, user: User) -> Words:
    """A test notice's language: the account's setting, else the page's (the request's)."""
    setting = request.app.state.hall.people.settings_of(user.id).get("lang")
    return translator(language_of(request, setting if isinstance(setting, str) else None))


def _answer(sub: Subscription | None) -> Response:
    return JSONResponse({"subscribed": sub is not None, "events": list(sub.events) if sub else []})


async def key(request: Request) -> Response:
    push = push_of(request)
    return answer(request, {"key": push.key.public, "events": [{"name": k, "label": _(v)} for k, v in EVENTS.items()]})


async def status(request: Request) -> Response:
    try:
        user, data = _user(request), await read_json(request)
        endpoint = _endpoint(data, push_of(request).hosts)
    except Refused as exc:
        return refused(request, exc)
    return _answer(await asyncio.to_thread(push_of(request).store.find, user.id, endpoint))


async def subscribe(request: Request) -> Response:
    push = push_of(request)
    try:
        user, data = _user(request), await read_json(request)
        sub = data.get("subscription")
        if not isinstance(sub, dict):
            raise Refused(400, _("send the browser's subscription as 'subscription'"))
        endpoint = _endpoint(sub, push.hosts)
        keys = sub.get("keys")
        if not isinstance(keys, dict):
            raise Refused(400, _("the subscription has no keys"))
        why = keys_refusal(keys.get("p256dh"), keys.get("auth"))
        if why is not None:
            raise Refused(400, why)
        events = _events(data.get("events"))
        replaces = data.get("replaces")
        if isinstance(replaces, str) and data.get("events") is None:  # a renewal: the old one's choices
            old = await asyncio.to_thread(push.store.find, user.id, replaces)
            if old is not None:
                events = old.events
                await asyncio.to_thread(push.store.unsubscribe, user.id, replaces)
    except Refused as exc:
        return refused(request, exc)
    kept = await asyncio.to_thread(push.store.subscribe, user.id, endpoint, keys["p256dh"], keys["auth"],
                                   push.key.public, events)
    log.info("%s subscribed a device at %s to push (%s)", user.name, host_of(endpoint), ", ".join(events))
    return _answer(kept)


async def unsubscribe(request: Request) -> Response:
    push = push_of(request)
    try:
        user, data = _user(request), await read_json(request)
        endpoint = _endpoint(data, push.hosts)
    except Refused as exc:
        return refused(request, exc)
    if await asyncio.to_thread(push.store.unsubscribe, user.id, endpoint):
        log.info("%s unsubscribed a device at %s from push", user.name, host_of(endpoint))
    return _answer(None)


async def test(request: Request) -> Response:
    push = push_of(request)
    try:
        user, data = _user(request), await read_json(request)
        endpoint = _endpoint(data, push.hosts)
        sub = await asyncio.to_thread(push.store.find, user.id, endpoint)
        if sub is None:
            raise Refused(404, NOT_SUBSCRIBED)
        if not push.test(sub, _words(request, user)):
            raise Refused(429, TEST_TOO_SOON)
    except Refused as exc:
        return refused(request, exc)
    return JSONResponse({"sent": True})


def push_routes() -> list[BaseRoute]:
    post = ["POST"]
    return [
        Route("/api/push", key), Route("/api/push/status", status, methods=post),
        Route("/api/push/subscribe", subscribe, methods=post),
        Route("/api/push/unsubscribe", unsubscribe, methods=post), Route("/api/push/test", test, methods=post),
    ]


__all__ = ["EVENTS", "Push", "push_routes"]
