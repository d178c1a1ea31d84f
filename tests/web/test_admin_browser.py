"""The admin's page in real Chromium: an account granted the role from the CLI finds Bill and bans him (his
open socket closes), makes Ann a password reset link that she follows in another browser, announces a line
Ann's lobby hears, closes a waiting table, and sees it all in the audit log; a cross-site request from another
page changes nothing. Screenshots at 1280×800 and 390×844 go to ``test-output/<test name>/``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from german_people import in_german
from harness import Client, Hall, create_table, register_toy, unregister_toy
from pages import DESKTOP, PHONE, look, new_page, sign_up
from websockets.exceptions import ConnectionClosed

from longhouse.cli import main

pytestmark = pytest.mark.browser


@pytest.fixture(autouse=True)
def toy_game() -> Any:
    register_toy()
    yield
    unregister_toy()


def confirm(page: Any, reason: str) -> str:
    """Give the open dialog its reason, confirm, and return what it says it did."""
    page.click("#admin-confirm")  # without a reason: the browser's own check keeps the dialog open
    assert page.is_visible("dialog[open] #admin-reason")
    page.fill("#admin-reason", reason)
    page.click("#admin-confirm")
    page.wait_for_selector("dialog[open] .admin-done:not(:empty)")
    said = str(page.inner_text("dialog[open] .admin-done"))
    page.click("#admin-close")
    return said


def test_the_admin_page(hall: Hall, browser: Any, shots: Path) -> None:
    ann, bill = Client(hall, "Ann", password="forgotten"), Client(hall, "Bill")
    ann_lobby, bill_lobby = ann.lobby(), bill.lobby()
    waiting = create_table(ann_lobby, "toy", 2)
    ctx, page, errors = new_page(browser, DESKTOP)
    sign_up(page, hall.url, "Root")
    assert not page.is_visible("#admin-link")
    assert main(["admin", "grant", "Root", "--reason", "runs the hall", "--database", hall.store.url]) == 0
    page.reload()
    page.click("#admin-link")
    page.wait_for_selector(".admin-figure")
    assert "Sockets" in page.inner_text(".admin-glance")
    page.wait_for_selector(f"#open-tables li[data-table='{waiting}']")

    page.fill("#account-prefix", "bi")
    page.press("#account-prefix", "Enter")
    page.wait_for_selector("#accounts li[data-name='Bill']")
    # (the first list, of every account, may still be there: the search's answer replaces it)
    page.wait_for_function("() => document.querySelectorAll('#accounts li').length === 1")
    page.click("#accounts li[data-name='Bill'] button:has-text('Ban')")
    assert "Bill is banned: 1 session ended, 1 socket closed here" in confirm(page, "spam in the lobby")
    bill_lobby.wait(lambda m: m.get("code") == "signed_out")
    with pytest.raises(ConnectionClosed):
        while True:
            bill_lobby.conn.recv(timeout=5)
    page.wait_for_selector("#accounts li[data-name='Bill'] .badge.banned")

    page.fill("#account-prefix", "an")
    page.press("#account-prefix", "Enter")
    page.wait_for_selector("#accounts li[data-name='Ann']")
    page.click("#accounts li[data-name='Ann'] button:has-text('Reset password')")
    page.fill("#admin-reason", "asked by mail")
    page.click("#admin-confirm")
    link = page.input_value("#reset-link")
    assert link.startswith(f"{hall.url}/reset#")
    look(page, shots, "reset-link", DESKTOP)
    page.click("#admin-close")

    page.fill("#announce-text", "The hall restarts at 22:00")
    page.click("#announce")
    assert "Announced" in confirm(page, "an upgrade")
    ann_lobby.wait(lambda m: m.get("type") == "chat" and m.get("text") == "Announcement: The hall restarts at 22:00")

    page.click(f"#open-tables li[data-table='{waiting}'] button")
    assert f"Table {waiting} is removed" in confirm(page, "left empty")
    assert hall.store.table(waiting) is None
    page.wait_for_selector(f"#audit-log li:has-text('closed table {waiting}')")
    log = page.inner_text("#audit-log")
    for words in ("Root banned Bill", "Why: spam in the lobby", "Root made a password reset link for Ann",
                  "Root announced to everyone", "The hall restarts at 22:00", f"Root closed table {waiting}",
                  "gave the admin role to Root"):
        assert words in log, words
    look(page, shots, "admin", DESKTOP)
    look(page, shots, "admin", PHONE)

    # a cross-site request from another page (a form-like POST) changes nothing
    entries = page.locator("#audit-log li").count()
    page.goto("about:blank")
    page.evaluate("""(url) => fetch(url + '/api/admin/announce', {method: 'POST', mode: 'no-cors',
        credentials: 'include', headers: {'Content-Type': 'text/plain'},
        body: JSON.stringify({text: 'forged', reason: 'csrf'})}).catch(() => null)""", hall.url)
    page.goto(hall.url + "/admin")
    page.wait_for_selector("#audit-log li")
    assert page.locator("#audit-log li").count() == entries and "forged" not in page.inner_text("#audit-log")

    holder_ctx, holder, holder_errors = new_page(browser, PHONE)
    holder.goto(link)
    holder.fill("#new-password", "remembered")
    holder.fill("#new-password-again", "remembered")
    look(holder, shots, "reset", PHONE)
    holder.click("#set-password")
    holder.wait_for_selector("text=Your password is set")
    assert "#" not in holder.url
    assert ann.http.post("/api/signin", json={"name": "Ann", "password": "remembered"}).status_code == 200

    # the same pages in German: a report waits in the queue, Root's browser speaks German (the lang cookie)
    Client(hall, "Cleo")
    assert ann.http.post("/api/social/report", json={"name": "Cleo", "reason": "rude in the lobby"}).status_code == 200
    ctx.add_cookies([{"name": "lang", "value": "de", "url": hall.url}])
    page.goto(hall.url + "/admin")
    page.wait_for_selector("#mod-queue li.mod-report[data-target='Cleo']")
    page.wait_for_selector("#audit-log li:has-text('Root sperrte Bill')")
    assert "1 offen" in page.inner_text("#mod-count") and "Die Halle auf einen Blick" in page.inner_text(".admin")
    in_german(page, shots, "de-admin", ".admin")
    page.click("#mod-queue li[data-target='Cleo'] button.mute")
    page.wait_for_selector("dialog[open] #mute-minutes")
    assert page.inner_text("dialog[open] h2") == "Chat von Cleo stummschalten"
    in_german(page, shots, "de-moderation-mute", "dialog[open]")
    page.fill("#admin-reason", "wiederholt unfreundlich")
    page.click("#admin-confirm")
    page.wait_for_selector("dialog[open] .admin-done:not(:empty)")
    assert "Der Chat von Cleo ist bis" in page.inner_text("dialog[open] .admin-done")
    page.click("#admin-close")
    de_ctx, de_holder, de_errors = new_page(browser, PHONE, locale="de-DE",
                                            extra_http_headers={"Accept-Language": "de"})
    de_holder.goto(hall.url + "/reset")
    de_holder.wait_for_selector("text=Neues Passwort setzen")
    in_german(de_holder, shots, "de-reset-no-link", ".signin")
    de_holder.goto(link.replace("#", "?again#"))  # the used link, in German: the page asks for a new password
    de_holder.wait_for_selector("#set-password")
    de_holder.fill("#new-password", "another-one")
    de_holder.fill("#new-password-again", "another-two")
    de_holder.click("#set-password")
    de_holder.wait_for_selector("text=Die beiden Passwörter sind verschieden.")
    in_german(de_holder, shots, "de-reset", ".signin")
    assert errors == [] and holder_errors == [] and de_errors == []
    ctx.close()
    holder_ctx.close()
    de_ctx.close()
