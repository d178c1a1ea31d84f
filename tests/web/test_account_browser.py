"""The account page in real Chromium with a real SMTP server (aiosmtpd on loopback): Ann reaches it from the
settings menu, gives her address, follows the mailed link (the page says it is confirmed), chooses notices,
changes her password, asks for a reset link from the sign-in page and follows it; Bob deletes his account.
Screenshots at 1280×800 and 390×844 go to ``test-output/<test name>/``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from german_people import in_german
from harness import Hall
from pages import DESKTOP, PHONE, look, new_page, sign_up, small_targets
from smtp import SmtpSink, links

pytestmark = [pytest.mark.browser, pytest.mark.mail_hall(max_rate=50)]


def both(page: Any, shots: Path, label: str) -> None:
    for size in (DESKTOP, PHONE):
        look(page, shots, label, size)
    targets = ".account-page button, .account-page input, .mail-page button, .mail-page input, .mail-page a"
    assert small_targets(page, targets) == [], label  # on the phone
    page.set_viewport_size(DESKTOP)


def test_the_account_page(mhall: Hall, sink: SmtpSink, browser: Any, shots: Path) -> None:
    ctx, page, errors = new_page(browser, DESKTOP)
    sign_up(page, mhall.url, "Ann")
    page.click("#settings-button")
    page.wait_for_selector("#account-link")
    for size in (DESKTOP, PHONE):
        look(page, shots, "settings-menu", size)
    page.set_viewport_size(DESKTOP)
    page.click("#account-link")
    page.wait_for_selector("#email-form")
    assert page.inner_text("#email-state") == "No address yet."
    assert page.is_disabled("#mail-turn")
    both(page, shots, "account-empty")

    page.fill("#email-address", "not an address")
    page.click("#email-save")  # the browser's own check (type=email) keeps it
    assert sink.mails == []
    page.fill("#email-address", "ann@example.org")
    page.click("#email-save")
    page.wait_for_selector("#email-state.waiting")
    (mail,) = sink.wait(1)
    both(page, shots, "account-waiting")

    confirm_link = links(mail)[0]
    assert confirm_link.startswith(f"{mhall.url}/mail/confirm#")
    page.goto(confirm_link)  # as if clicked in the mail
    page.wait_for_selector("#mail-result:has-text('is confirmed')")
    assert page.inner_text("#mail-result").startswith("ann@example.org is confirmed.")
    assert "#" not in page.url  # the token left the address bar
    both(page, shots, "confirmed")
    page.click("a:has-text('To your account')")
    page.wait_for_selector("#email-state.confirmed")
    assert page.inner_text("#email-state") == "✓ Confirmed: ann@example.org"
    for key in ("turn", "result", "digest"):
        with page.expect_response("**/api/account/notices"):
            page.check(f"#mail-{key}")
    page.reload()
    page.wait_for_selector("#email-state.confirmed")
    assert [page.is_checked(f"#mail-{k}") for k in ("turn", "invite", "result", "digest")] == [True, False, True, True]
    both(page, shots, "account-confirmed")

    page.fill("#old-password", "a good password")
    page.fill("#new-password", "a better password")
    page.fill("#new-password-again", "a better passwore")
    page.click("#password-change")
    assert page.inner_text("#password-error") == "The two new passwords differ."
    page.fill("#new-password-again", "a better password")
    page.click("#password-change")
    page.wait_for_selector("#toast:has-text('Your password is changed')")
    assert httpx.post(mhall.url + "/api/signin", json={"name": "Ann", "password": "a better password"}).status_code \
        == 200

    other_ctx, other, other_errors = new_page(browser, PHONE)  # forgot it on another device
    other.goto(mhall.url + "/")
    other.click("#forgot-link")
    other.wait_for_selector("#forgot-form")
    both(other, shots, "forgot")
    other.fill("#forgot-address", "ANN@example.org")
    other.click("#forgot-send")
    other.wait_for_selector("#mail-result:has-text('If an account has confirmed this address')")
    reset = sink.wait(2)[1]
    reset_link = links(reset)[0]
    assert reset_link.startswith(f"{mhall.url}/reset#")
    other.goto(reset_link)
    other.fill("#new-password", "the newest password")
    other.fill("#new-password-again", "the newest password")
    other.click("#set-password")
    other.wait_for_selector("text=Your password is set")
    assert other.url == mhall.url + "/"
    other_ctx.close()

    bob_ctx, bob, bob_errors = new_page(browser, PHONE)
    sign_up(bob, mhall.url, "Bob")
    bob.goto(mhall.url + "/account")
    bob.wait_for_selector("#delete-form")
    bob.fill("#delete-password", "not it at all")
    bob.once("dialog", lambda d: d.accept())
    bob.click("#delete-account")
    bob.wait_for_selector("#delete-error:has-text('that is not your password')")
    bob.evaluate("() => document.querySelector('#delete-form').scrollIntoView()")
    look(bob, shots, "delete-refused", PHONE)
    bob.fill("#delete-password", "a good password")
    bob.once("dialog", lambda d: d.accept())
    bob.click("#delete-account")
    bob.wait_for_selector("#signin")
    assert httpx.post(mhall.url + "/api/signin", json={"name": "Bob", "password": "a good password"}).json()[
        "code"] == "unknown_name"
    bob_ctx.close()

    # Ann signs in again (the reset ended her sessions) in a browser that asks for German
    de_ctx, page, de_errors = new_page(browser, DESKTOP, locale="de-DE", extra_http_headers={"Accept-Language": "de"})
    page.goto(mhall.url + "/")
    page.fill("input[name=name]", "Ann")
    page.fill("input[name=password]", "the newest password")
    page.click("#signin")
    page.wait_for_selector("#create-table")
    page.goto(mhall.url + "/account")
    page.wait_for_selector("#email-state.confirmed")
    assert page.inner_text("#email-state") == "✓ Bestätigt: ann@example.org"
    assert page.inner_text("#account-title") == "Dein Konto: Ann"
    in_german(page, shots, "de-account", ".account-page")
    page.fill("#old-password", "x" * 6)
    page.fill("#new-password", "a better password")
    page.fill("#new-password-again", "another password")
    page.click("#password-change")
    assert page.inner_text("#password-error") == "Die beiden neuen Passwörter sind verschieden."
    page.goto(mhall.url + "/forgot")
    page.wait_for_selector("#forgot-form")
    in_german(page, shots, "de-forgot", ".mail-page")
    de_ctx.close()
    assert errors == [] and other_errors == [] and bob_errors == [] and de_errors == []
    ctx.close()


def test_the_unsubscribe_page_works_signed_out(mhall: Hall, sink: SmtpSink, browser: Any, shots: Path) -> None:
    ctx, page, errors = new_page(browser, DESKTOP)
    sign_up(page, mhall.url, "Ann")
    page.goto(mhall.url + "/account")
    page.fill("#email-address", "ann@example.org")
    page.click("#email-save")
    page.goto(links(sink.wait(1)[0])[0])
    page.wait_for_selector("#mail-result:has-text('is confirmed')")
    page.goto(mhall.url + "/account")
    with page.expect_response("**/api/account/notices"):
        page.check("#mail-invite")
    token = mhall.app.state.mail.mails.address_of(1).unsubscribe
    stranger_ctx, stranger, stranger_errors = new_page(browser, PHONE)  # a browser signed in as nobody
    stranger.goto(f"{mhall.url}/unsubscribe#{token}")
    stranger.wait_for_selector("#unsubscribe")
    both(stranger, shots, "unsubscribe")
    stranger.click("#unsubscribe")
    stranger.wait_for_selector("#mail-result:has-text('You get no more notice mails')")
    look(stranger, shots, "unsubscribed", PHONE)
    page.reload()
    page.wait_for_selector("#email-state.confirmed")
    assert not page.is_checked("#mail-invite")
    assert errors == [] and stranger_errors == []
    stranger_ctx.close()
    ctx.close()


def test_the_account_page_of_a_hall_without_mail(hall: Hall, browser: Any, shots: Path) -> None:
    ctx, page, errors = new_page(browser, PHONE)
    sign_up(page, hall.url, "Ann")
    page.goto(hall.url + "/account")
    page.wait_for_selector("#email-form")
    assert "This hall sends no e-mail" in page.inner_text("#email-form")
    assert page.is_disabled("#email-address") and page.is_disabled("#email-save") and page.is_disabled("#mail-turn")
    both(page, shots, "account-no-mail")
    page.fill("#old-password", "a good password")
    page.fill("#new-password", "another password")
    page.fill("#new-password-again", "another password")
    page.click("#password-change")
    page.wait_for_selector("#toast:has-text('Your password is changed')")
    guest_ctx, guest, guest_errors = new_page(browser, PHONE)
    guest.goto(hall.url + "/")
    guest.click("#guest")
    guest.wait_for_selector("#create-table")
    guest.click("#settings-button")
    assert guest.locator("#account-link").count() == 0  # a guest has no account page
    guest.goto(hall.url + "/account")
    guest.wait_for_selector("#account-refused")
    assert "a guest has no account settings" in guest.inner_text("#account-refused")
    look(guest, shots, "account-guest", PHONE)
    assert errors == [] and guest_errors == []
    guest_ctx.close()
    ctx.close()
