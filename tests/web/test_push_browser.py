"""The installed app in Chromium: the manifest is linked, valid and installable (Chromium's own checks through
the DevTools protocol), its icons load at their sizes, the service worker registers and controls the page
while the websockets go on working, its cache is the release's, and the settings panel's push switch is
looked at on a desktop (1280×800) and a phone (390×844). An upgrade (a new release) installs a new worker, which
drops the old release's cache; with the hall out of reach the page still opens from the worker's copy.

Where the browser stops: Chromium's push service is Google's FCM, which a test machine does not reach. In a
context of the ``browser`` fixture (an off-the-record profile) ``pushManager.subscribe`` is refused at once,
"Registration failed - permission denied", though the notification permission is granted: that is asked for real
here, and the refusal is checked to reach the player as a clear message with the switch back off. (In a profile
on disk Chromium says the permission is granted and the call never settles, waiting for FCM: the page gives up
after 30 s with a message; not waited for here.) Past that line the browser's one part — making a subscription —
is stood in by the test: ``PushManager.prototype.subscribe`` gives a subscription with keys the test holds,
pointing at a push service on loopback (``push_service.py``). All the rest is real: the page posts it, the hall
stores it and pushes the test notice through pywebpush, the loopback service takes it and the test decrypts it
with those keys; then the decrypted message is handed to the real service worker as a push (DevTools
``ServiceWorker.deliverPushMessage``) and the notice it shows is read back from the registration.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import ARGS, CHROMIUM
from harness import Hall
from pages import DESKTOP, PHONE, look, new_page, sign_up
from push_service import Browser, PushService

from longhouse.server import push as push_api
from longhouse.server import pwa
from longhouse.server.pwa import release
from longhouse.server.settings import PUSH_HOSTS

pytestmark = pytest.mark.browser

#: A browser's ``PushManager`` whose subscriptions the test makes (``window.__fakeSubscription`` is set by the
#: test); everything else on the page is the real one.
FAKE_PUSH_MANAGER = """
(() => {
  let current = null;
  const wrap = (json) => ({ endpoint: json.endpoint, options: { applicationServerKey: window.__fakeServerKey },
    toJSON: () => json, unsubscribe: async () => { current = null; window.__unsubscribed = true; return true; } });
  PushManager.prototype.subscribe = async function (options) {
    const key = new Uint8Array(options.applicationServerKey);
    window.__fakeServerKey = key.buffer;
    current = wrap(window.__fakeSubscription);
    return current;
  };
  PushManager.prototype.getSubscription = async function () { return current; };
})();
"""


@pytest.fixture
def service() -> Iterator[PushService]:
    s = PushService()
    yield s
    s.stop()


@pytest.fixture
def push_hall(tmp_path: Path) -> Iterator[Hall]:
    h = Hall(f"sqlite:///{tmp_path / 'hall.db'}", max_rate=50, push_hosts=("127.0.0.1", *PUSH_HOSTS),
             push_contact="mailto:ops@example.org")
    yield h
    h.stop()


def user_id(hall: Hall, name: str) -> int:
    with hall.store.engine.connect() as c:
        return int(c.execute(hall.store.users.select().where(hall.store.users.c.name == name)).one().id)


def open_settings(page: Any) -> None:
    page.click("#settings-button")
    page.wait_for_selector("#push-settings[data-state]")


@pytest.fixture
def profile(tmp_path: Path) -> Iterator[Any]:
    """A browser with a profile on disk (a person's browser: Chromium installs no app from an incognito-like
    context, which is what a new context of the ``browser`` fixture is)."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium is required for the browser tests: {CHROMIUM} is missing")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        ctx = pw.chromium.launch_persistent_context(str(tmp_path / "profile"), executable_path=CHROMIUM,
                                                    headless=True, args=ARGS,
                                                    viewport={"width": DESKTOP["width"], "height": DESKTOP["height"]})
        yield ctx
        ctx.close()


def test_the_manifest_and_the_service_worker_make_the_hall_installable(push_hall: Hall, profile: Any,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    ctx = profile
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    sign_up(page, push_hall.url, "Ann")
    assert page.get_attribute("link[rel=manifest]", "href") == "/manifest.webmanifest"
    assert page.get_attribute("meta[name=theme-color]", "content") == "#5b3a1e"
    served = page.evaluate("""async () => { const r = await fetch('/manifest.webmanifest');
      return { type: r.headers.get('content-type'), body: await r.json() }; }""")
    assert served["type"].startswith("application/manifest+json")
    manifest = served["body"]
    assert manifest["name"] == "Longhouse" and manifest["start_url"] == "/" and manifest["display"] == "standalone"
    assert (manifest["theme_color"], manifest["background_color"]) == ("#5b3a1e", "#f3ead9")  # --wood, --bg
    # every icon loads, at the size the manifest says; a maskable one and 192/512 PNGs are there
    for icon in manifest["icons"]:
        width, height = page.evaluate("""(src) => new Promise((done, fail) => { const i = new Image();
          i.onload = () => done([i.naturalWidth, i.naturalHeight]); i.onerror = fail; i.src = src; })""", icon["src"])
        if icon["sizes"] != "any":
            assert f"{width}x{height}" == icon["sizes"], icon
    pngs = {(i["sizes"], i["purpose"]) for i in manifest["icons"] if i["type"] == "image/png"}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= pngs

    # Chromium's own reading of the manifest, and its installability checks
    cdp = ctx.new_cdp_session(page)
    read = cdp.send("Page.getAppManifest")
    assert read["url"].endswith("/manifest.webmanifest") and read["errors"] == [], read["errors"]
    assert json.loads(read["data"])["name"] == "Longhouse"

    # the service worker: registered at the root, it controls the page once it is reloaded
    script = page.evaluate("async () => (await navigator.serviceWorker.ready).active.scriptURL")
    assert script == push_hall.url + "/sw.js"
    page.reload()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.wait_for_selector("#create-table")
    installable = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert installable == [], installable
    # its cache is this release's, and holds the app it fetched
    caches = page.evaluate("async () => [await caches.keys(), (await (await caches.open((await caches.keys())[0]))"
                           ".keys()).map((r) => new URL(r.url).pathname)]")
    assert caches[0] == [f"longhouse-{release()}"]
    assert "/static/app.js" in caches[1] and "/" in caches[1]
    assert not any(p.startswith("/api/") for p in caches[1])
    # the websockets work under the worker: a table is made and shown (lobby and table sockets)
    page.select_option("#new-game", "manitou")
    page.click("#create-table")
    page.wait_for_selector(".table-page .waiting")
    # an upgrade: a new release is a new worker, which takes over and drops the old release's cache
    monkeypatch.setattr(pwa, "release", lambda: "next-release")
    pwa.worker_text.cache_clear()
    try:
        page.evaluate("async () => (await navigator.serviceWorker.getRegistration('/')).update()")
        kept = page.evaluate("""async () => { for (let i = 0; i < 100; i++) {
            const names = await caches.keys();
            if (names.length === 1 && names[0] === 'longhouse-next-release') return names;
            await new Promise((done) => setTimeout(done, 100)); }
          return caches.keys(); }""")
        assert kept == ["longhouse-next-release"]  # (only the new worker knows that name)
        page.goto(push_hall.url + "/")  # the lobby, under the new worker
        page.wait_for_selector("#create-table")
    finally:
        monkeypatch.undo()
        pwa.worker_text.cache_clear()
    assert errors == []
    # with the hall out of reach the page still opens, from the worker's copy
    push_hall.server.should_exit = True
    push_hall.thread.join(20)
    response = page.goto(push_hall.url + "/table/1")
    assert response is not None and response.from_service_worker and response.status == 200
    assert page.locator("header.topbar .brand").is_visible()


def test_the_push_switch_in_the_settings_as_far_as_the_browser_goes(
        push_hall: Hall, service: PushService, browser: Any, shots: Path) -> None:
    # 1. the real PushManager: headless Chromium has no push service, so subscribing fails, and the page says so
    ctx, page, errors = new_page(browser, DESKTOP)
    ctx.grant_permissions(["notifications"], origin=push_hall.url)
    sign_up(page, push_hall.url, "Ann")
    page.evaluate("async () => navigator.serviceWorker.ready")
    open_settings(page)
    assert page.get_attribute("#push-settings", "data-state") == "off"
    assert page.locator("#push-events input").count() == 3
    for size in (DESKTOP, PHONE):
        look(page, shots, "push-off", size)
    page.set_viewport_size(DESKTOP)
    page.click("#push-toggle")
    page.wait_for_function("() => document.querySelector('#push-settings').dataset.error !== undefined"
                           " || document.querySelector('#push-settings').dataset.state === 'on'")
    real = page.evaluate("() => ({ ...document.querySelector('#push-settings').dataset })")
    if real["state"] == "on":  # a Chromium that reaches a push service: its subscription is stored
        assert push_hall.app.state.push.store.of_user(user_id(push_hall, "Ann"))
    else:
        assert not page.is_checked("#push-toggle")
        assert page.inner_text("#toast").startswith("This browser could not subscribe to push notices: ")
        print("real PushManager.subscribe:", real["error"])
    ctx.close()

    # 2. past that line: the subscription is the test's (keys it holds, its push service on loopback)
    phone = Browser()
    ctx, page, errors = new_page(browser, PHONE, touch=True)
    ctx.grant_permissions(["notifications"], origin=push_hall.url)
    ctx.add_init_script(FAKE_PUSH_MANAGER)
    ctx.add_init_script(f"window.__fakeSubscription = {json.dumps(phone.subscription(service.url('/ann-phone')))};")
    sign_up(page, push_hall.url, "Bob")
    page.evaluate("async () => navigator.serviceWorker.ready")
    open_settings(page)
    page.locator("#push-toggle").tap()
    page.wait_for_selector("#push-settings[data-state=on]")
    (sub,) = push_hall.app.state.push.store.of_user(user_id(push_hall, "Bob"))
    assert sub.endpoint == service.url("/ann-phone") and sub.events == ("turn", "invite", "result")
    # the key the page subscribed with is the hall's
    key = page.evaluate("() => btoa(String.fromCharCode(...new Uint8Array(window.__fakeServerKey)))"
                        ".replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '')")
    assert key == push_hall.app.state.push.key.public
    # fewer events: unticking one is kept for the device
    page.locator("#push-events input[data-event=invite]").tap()
    page.wait_for_function("() => !document.querySelector('#push-events input[data-event=invite]').checked")
    page.wait_for_timeout(300)
    assert push_hall.app.state.push.store.of_user(user_id(push_hall, "Bob"))[0].events == ("turn", "result")
    for size in (PHONE, DESKTOP):
        look(page, shots, "push-on", size)
    page.set_viewport_size(PHONE)

    # the test notice: pushed by the hall, taken by the loopback service, decrypted with the device's keys
    page.locator("#push-test").tap()
    (pushed,) = service.received("/ann-phone")
    message = phone.decrypt(pushed.body)
    assert json.loads(message)["title"] == push_api.TEST_TITLE

    # handed to the real service worker as a push: it shows the notice
    cdp = ctx.new_cdp_session(page)
    registrations: list[dict[str, Any]] = []
    cdp.on("ServiceWorker.workerRegistrationUpdated", lambda e: registrations.extend(e["registrations"]))
    cdp.send("ServiceWorker.enable")
    page.wait_for_timeout(300)
    (reg,) = [r for r in registrations if r["scopeURL"] == push_hall.url + "/" and not r["isDeleted"]]
    cdp.send("ServiceWorker.deliverPushMessage", {"origin": push_hall.url, "registrationId": reg["registrationId"],
                                                  "data": message.decode()})
    shown = page.evaluate("""async () => {
      const reg = await navigator.serviceWorker.ready;
      for (let i = 0; i < 100; i++) {  // up to 10 s for the worker to show it
        const found = await reg.getNotifications();
        if (found.length) return found.map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: n.data.url }));
        await new Promise((done) => setTimeout(done, 100));
      }
      return [];
    }""")
    assert shown == [{"title": push_api.TEST_TITLE, "body": push_api.TEST_BODY, "tag": "longhouse-test", "url": "/"}]

    # switched off: the hall forgets the device and the browser's subscription is ended
    page.locator("#push-toggle").tap()
    page.wait_for_selector("#push-settings[data-state=off]")
    page.wait_for_function("() => window.__unsubscribed === true")
    assert push_hall.app.state.push.store.of_user(user_id(push_hall, "Bob")) == []
    assert errors == []
    ctx.close()
