"""Friends, blocks, reports and the moderators' queue in real Chromium, at 1280×800 and 390×844 (screenshots in
``test-output/<test name>/``): Ann follows Bob and Cleo from their pages, sees them online and where in the
lobby, invites Cleo, who finds the invitation in her lobby on a phone and follows it; Ann reports Eve from a
chat line, a seat and Eve's page, then blocks her and no longer sees her lines; a moderator works through the
queue (mute, warn, dismiss) and the admin sees it in the audit log."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from harness import Client, Hall, command, join, register_toy, unregister_toy
from pages import DESKTOP, PHONE, chat, look, new_page, sign_up
from pages import create_table as page_table
from test_admin_browser import confirm

from longhouse.cli import main
from longhouse.server.auth import COOKIE

pytestmark = pytest.mark.browser


@pytest.fixture(autouse=True)
def toy_game() -> Any:
    register_toy()
    yield
    unregister_toy()


def signed_in_page(browser: Any, hall: Hall, client: Client, size: dict[str, int]) -> tuple[Any, Any, list[str]]:
    """A browser signed in as ``client`` (its session cookie)."""
    ctx, page, errors = new_page(browser, size)
    ctx.add_cookies([{"name": COOKIE, "value": client.token, "url": hall.url}])
    return ctx, page, errors


def report(page: Any, reason: str) -> None:
    page.wait_for_selector("dialog[open] #report-reason")
    page.fill("#report-reason", reason)
    page.click("#report-send")
    page.wait_for_selector("dialog[open]", state="detached")


def test_friends_in_the_lobby_and_an_invitation(hall: Hall, browser: Any, shots: Path) -> None:
    bob, cleo = Client(hall, "Bob"), Client(hall, "Cleo")
    ctx, page, errors = new_page(browser, DESKTOP)
    sign_up(page, hall.url, "Ann")
    assert "You follow nobody yet" in page.inner_text("#friends")
    for name in ("Bob", "Cleo"):
        page.goto(f"{hall.url}/player/{name}")
        page.click("#follow")
        page.wait_for_selector("#follow:has-text('Unfollow')")
    look(page, shots, "player-page-followed", DESKTOP)
    bobs_lobby = bob.lobby()
    page.goto(hall.url + "/")
    page.wait_for_selector("#friends li.online[data-name='Bob']")
    assert "in the lobby" in page.inner_text("#friends li[data-name='Bob']")
    assert "offline" in page.inner_text("#friends li[data-name='Cleo']")
    table_id = page_table(page, "toy", 2)
    chat(page, "/join")
    page.wait_for_selector("#cmd-leave")
    page.click("a.back")
    page.wait_for_selector("#friends li[data-name='Bob'] button.invite")
    bobs_table = bob.table(table_id)  # Bob comes to watch: the friends list says where
    page.wait_for_selector(f"#friends li[data-name='Bob'] a[href='/table/{table_id}']")
    assert f"watches table {table_id}" in page.inner_text("#friends li[data-name='Bob']")
    look(page, shots, "lobby-friends", DESKTOP)
    page.set_viewport_size(PHONE)
    page.locator("#friends").scroll_into_view_if_needed()  # on a phone the side panels come after the tables
    look(page, shots, "lobby-friends", PHONE)
    page.set_viewport_size(DESKTOP)
    page.click("#friends li[data-name='Cleo'] button.invite")
    page.wait_for_selector(".chat-lines li:has-text('Invitation sent to Cleo')")
    bobs_table.close()
    bobs_lobby.close()

    # Cleo was away: the invitation waits for her lobby, on her phone
    cleo_ctx, cleo_page, cleo_errors = signed_in_page(browser, hall, cleo, PHONE)
    cleo_page.goto(hall.url + "/")
    cleo_page.wait_for_selector("#notices .notice-invitation")
    assert "Ann invites you to table" in cleo_page.inner_text("#notices")
    look(cleo_page, shots, "invitation", PHONE)
    cleo_page.click("#notices a:has-text('Go to the table')")
    cleo_page.wait_for_selector(".table-page")
    assert cleo_page.url.endswith(f"/table/{table_id}")
    assert errors == [] and cleo_errors == []
    ctx.close()
    cleo_ctx.close()


def test_report_and_block(hall: Hall, browser: Any, shots: Path) -> None:
    ann, eve = Client(hall, "Ann"), Client(hall, "Eve")
    lobby = ann.lobby()
    lobby.send({"type": "create", "game": "toy", "seats": 3, "options": {}})
    table_id = int(lobby.wait_type("created")["table"])
    eves = eve.table(table_id)
    join(eves, 2)
    ctx, page, errors = signed_in_page(browser, hall, ann, DESKTOP)
    page.goto(f"{hall.url}/table/{table_id}")
    page.wait_for_selector(".table-page .waiting")
    chat(page, "/join 1")
    page.wait_for_selector("#cmd-leave")
    eves.send({"type": "chat", "text": "you play like a potato"})
    line = ".table-page .chat-lines li[data-from='Eve']"
    page.wait_for_selector(f"{line}:has-text('potato')")
    # from the chat line
    page.click(f"{line} summary")
    look(page, shots, "chat-line-menu", DESKTOP)
    page.click(f"{line} .person-menu-items .report")
    look(page, shots, "report-dialog", DESKTOP)
    report(page, "insults in the chat")
    page.wait_for_selector(".chat-lines li:has-text('Thank you: your report about Eve')")
    # from her seat
    page.click(".seat-list li .person-menu summary")
    page.click(".seat-list li .person-menu-items .report")
    report(page, "she stalls the game")
    page.wait_for_function("() => document.querySelectorAll(\".chat-lines li\").length > 0 && "
                           "[...document.querySelectorAll('.chat-lines li')].filter(l => "
                           "l.textContent.includes('Thank you')).length === 2")
    # and block her: her lines go, and new ones never come
    page.click(f"{line} summary")
    page.click(f"{line} .person-menu-items .block")
    page.wait_for_selector(".chat-lines li:has-text('You have blocked Eve')")
    assert page.locator(line).count() == 0
    eves.send({"type": "chat", "text": "hello?"})
    command(eves, "/who")
    eves.wait_type("chat", private=True)
    page.wait_for_timeout(300)
    assert "hello?" not in page.inner_text(".table-page .chat-lines")
    look(page, shots, "table-after-block", DESKTOP)
    page.set_viewport_size(PHONE)
    page.click("#tab-chat")  # on a phone the chat is behind its tab
    look(page, shots, "table-after-block", PHONE)
    page.click("#tab-seats")
    page.click(".seat-list li .person-menu summary")
    look(page, shots, "seat-menu", PHONE)
    page.click(".seat-list li .person-menu summary")

    # from her page, on a phone
    page.set_viewport_size(PHONE)
    page.goto(f"{hall.url}/player/Eve")
    page.wait_for_selector("#block:has-text('Unblock')")
    assert page.locator("#follow").count() == 0  # no following someone one blocks
    assert page.inner_text("#player-social").split() == ["Unblock", "Report…"]
    page.click("#report")
    look(page, shots, "report-from-page", PHONE)
    report(page, "an offensive name")
    page.wait_for_selector("#toast.show")
    assert len(hall.hall.social.store.queue()) == 3
    contexts = [r.context for r in hall.hall.social.store.queue()]
    assert contexts[0]["where"] == "table" and "potato" in contexts[0]["lines"][-1]["text"]
    assert contexts[2]["where"] == "page"
    assert errors == []
    ctx.close()


def test_the_moderators_queue(hall: Hall, browser: Any, shots: Path) -> None:
    root, mia = Client(hall, "Root"), Client(hall, "Mia")
    assert main(["admin", "grant", "Root", "--reason", "runs the hall", "--database", hall.store.url]) == 0
    assert root.http.post("/api/admin/moderator", json={"name": "Mia", "grant": True, "reason": "helps"}
                          ).status_code == 200
    ann, bob, cleo = Client(hall, "Ann"), Client(hall, "Bob"), Client(hall, "Cleo")
    anns = ann.lobby()
    lobby = bob.lobby()
    lobby.send({"type": "create", "game": "toy", "seats": 2, "options": {}})
    table_id = int(lobby.wait_type("created")["table"])
    bobs, anns_table = bob.table(table_id), ann.table(table_id)
    join(bobs, 1)
    join(anns_table, 2)
    anns_table.send({"type": "chat", "text": "I will spoil every game of yours"})
    bad = bobs.wait(lambda m: m.get("type") == "chat" and "spoil" in (m.get("text") or ""))
    command(bobs, f"/report Ann @{bad['time']} threatens to spoil my games")
    bobs.wait(lambda m: m.get("type") == "chat" and "Thank you" in (m.get("text") or ""))
    assert cleo.http.post("/api/social/report", json={"name": "Ann", "reason": "rude in the lobby"}).status_code == 200
    assert cleo.http.post("/api/social/report", json={"name": "Bob", "reason": "just because"}).status_code == 200

    ctx, page, errors = signed_in_page(browser, hall, mia, DESKTOP)
    page.goto(hall.url + "/")
    page.click("#admin-link")
    page.wait_for_selector("#mod-queue li.mod-report")
    assert page.inner_text(".admin h1") == "Moderation"
    assert page.locator("#accounts").count() == 0  # a moderator sees the reports only
    first = "#mod-queue li.mod-report:nth-child(1)"
    assert "threatens to spoil my games" in page.inner_text(first)
    assert page.locator(f"{first} .mod-lines li.reported").count() == 1
    look(page, shots, "queue", DESKTOP)
    look(page, shots, "queue", PHONE)
    page.set_viewport_size(DESKTOP)
    page.click(f"{first} button.mute")
    page.select_option("#mute-minutes", str(24 * 60))
    assert "chat is muted until" in confirm(page, "threats at the table")
    muted = anns.wait(lambda m: m.get("type") == "notice" and m["notice"]["kind"] == "mute")
    assert "threats at the table" in muted["notice"]["text"]
    page.wait_for_selector("#mod-queue li.mod-report[data-target='Ann'] .badge.muted")
    page.click("#mod-queue li.mod-report[data-target='Ann'] button.warn")
    assert "Ann is warned" in confirm(page, "second report, same evening")
    anns.wait(lambda m: m.get("type") == "notice" and m["notice"]["kind"] == "warn")
    page.click("#mod-queue li.mod-report[data-target='Bob'] button.dismiss")
    assert "dismissed" in confirm(page, "no rule broken")
    page.wait_for_selector("#mod-queue li.admin-note")
    assert [r.status for r in hall.hall.social.store.queue("handled")] == ["dismissed", "warned", "muted"]
    look(page, shots, "queue-handled", DESKTOP)

    # the admin sees the reports beside the rest, the role's button, and every action in the audit log
    root_ctx, root_page, root_errors = signed_in_page(browser, hall, root, DESKTOP)
    root_page.goto(hall.url + "/admin")
    root_page.wait_for_selector("#mod-handled li")
    root_page.fill("#account-prefix", "mi")
    root_page.press("#account-prefix", "Enter")
    root_page.wait_for_selector("#accounts li[data-name='Mia'] .badge.moderator")
    log = root_page.inner_text("#audit-log")
    for words in ("Mia muted the chat of Ann", "Mia warned Ann", "Mia dismissed a report about Bob",
                  "Root gave the moderator role to Mia", "Why: threats at the table"):
        assert words in log, words
    look(root_page, shots, "admin-with-reports", DESKTOP)
    assert errors == [] and root_errors == []
    ctx.close()
    root_ctx.close()
