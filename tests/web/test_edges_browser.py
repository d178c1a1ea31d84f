"""The table's rough edges in real Chromium (issue 28), each as a first-time player meets it: sitting by
clicking a seat (the creator seated at once, Add a bot and Remove on the seat's tile), Play against bots
keeping the time control chosen beside it, my own clock beside the board with its warning, the banner on the
board when my time ran out with the button to take the seat back, "let a bot play" only once it can be done,
Resign, the end leading on to the replay, and Five Tribes' tribes told apart by letter, not hue alone.

Screenshots at 1280×800 and 390×844 go to ``test-output/<test name>/``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from harness import Client, Hall, command, register_toy, unregister_toy
from pages import DESKTOP, PHONE, look, new_page, sign_up

pytestmark = pytest.mark.browser


@pytest.fixture
def hall(hall: Hall) -> Hall:
    """The hall with its time on a fake clock (``hall.clock.advance``)."""
    hall.fake_clock()
    return hall


@pytest.fixture(autouse=True)
def toy_game() -> Any:
    register_toy()
    yield
    unregister_toy()


def both(page: Any, shots: Path, label: str) -> None:
    """Look at the page on a desktop and a phone (a screenshot each, no sideways scroll, axe); back to the desktop."""
    look(page, shots, label, DESKTOP)
    look(page, shots, label, PHONE)
    page.set_viewport_size(DESKTOP)


def seat_names(page: Any) -> list[str]:
    return list(page.eval_on_selector_all(".waiting-seat .seat-tag", "els => els.map((e) => e.textContent.slice(1))"))


def test_sitting_by_clicking_a_seat_with_bots_added_and_removed_on_its_tile(hall: Hall, browser: Any,
                                                                           shots: Path) -> None:
    ctx, page, errors = new_page(browser, DESKTOP)
    sign_up(page, hall.url, "Ann")
    page.select_option("#new-game", "manitou")
    page.select_option("#new-seats", "3")
    look(page, shots, "lobby", DESKTOP)
    # the time control sits on the form's first row, beside the game and the seats, not below the buttons
    top = page.evaluate("() => ['#new-game', '#new-time', '#create-table']"
                        ".map((s) => document.querySelector(s).getBoundingClientRect().top)")
    assert abs(top[0] - top[1]) < 4 and top[1] <= top[2] + 4, top
    page.click("#create-table")
    page.wait_for_selector(".table-page .waiting")
    assert seat_names(page) == ["Ann", "free", "free"]  # the creator sits at once
    assert page.locator("#cmd-leave").count() == 1
    page.click("#sit-3")  # the seat she clicks: she moves there
    page.wait_for_function("() => document.querySelectorAll('.waiting-seat')[2].textContent.includes('Ann')")
    assert seat_names(page) == ["free", "free", "Ann"]
    page.click("#add-bot-1")
    page.wait_for_selector("#remove-1")
    both(page, shots, "waiting-bot-added")
    page.click("#remove-1")
    page.wait_for_selector("#add-bot-1")
    page.click("#add-bot-2")
    page.wait_for_selector("#remove-2")
    assert seat_names(page)[1].startswith("Bot")
    # someone else who comes by sits with one click too, and has no Remove (they neither created nor sat)
    bob_ctx, bob, bob_errors = new_page(browser, PHONE)
    sign_up(bob, hall.url, "Bob")
    bob.goto(f"{page.url}")
    bob.wait_for_selector("#sit-1")
    assert bob.locator("#remove-2").count() == 0
    bob.locator("#sit-1").click()
    bob.wait_for_selector("#cmd-leave")
    page.wait_for_function("() => document.querySelectorAll('.waiting-seat')[0].textContent.includes('Bob')")
    both(page, shots, "waiting-full")
    assert not errors and not bob_errors, errors + bob_errors
    ctx.close()
    bob_ctx.close()


def test_play_against_bots_keeps_the_time_control_and_my_clock_and_seat_come_back(hall: Hall, browser: Any,
                                                                                   shots: Path) -> None:
    hall.hall.bot_delay = 400.0  # the bot's first pick waits 100 s: the test's clock snapshot stays put
    ctx, page, errors = new_page(browser, DESKTOP)
    page.clock.install()
    sign_up(page, hall.url, "Ann")
    page.select_option("#new-game", "toy")
    page.select_option("#new-seats", "2")
    page.select_option("#new-time", "real-time")
    page.click("#play-bots")
    page.wait_for_selector(".generic")
    table_id = int(page.url.rstrip("/").split("/")[-1])
    assert hall.hall.tables[table_id].settings.time_control == "real-time"  # it was untimed before
    assert "Real time" in page.inner_text(".hall-bar")
    # my own clock beside the board
    page.wait_for_selector("#my-clock:not([hidden]) .my-clock-time.running")
    assert page.locator("#my-clock .clock-warning").is_hidden()
    page.clock.fast_forward("04:45")  # 15 s left on the page's count: it warns
    page.wait_for_selector("#my-clock .clock-warning", state="visible")
    both(page, shots, "clock-low")
    hall.clock.advance(301)  # and the hall runs it out: a bot plays my seat
    page.wait_for_selector("#seat-banner:not([hidden])")
    assert "Your time ran out" in page.inner_text("#seat-banner")
    both(page, shots, "time-ran-out")
    page.click("#take-seat-back")
    page.wait_for_selector("#seat-banner", state="hidden")
    page.wait_for_selector("#my-clock:not([hidden])")
    assert not errors, errors
    ctx.close()


def test_a_bot_for_the_away_is_offered_once_it_can_be_and_resign_ends_a_game_of_two(hall: Hall, browser: Any,
                                                                                    shots: Path) -> None:
    ctx, page, errors = new_page(browser, DESKTOP)
    page.clock.install()
    sign_up(page, hall.url, "Ann")
    page.select_option("#new-game", "toy")
    page.select_option("#new-seats", "2")
    page.select_option("#new-time", "untimed")
    page.uncheck("#new-away-bot")  # no bot by itself: the players decide
    page.click("#create-table")
    page.wait_for_selector(".table-page .waiting")
    table_id = int(page.url.rstrip("/").split("/")[-1])
    bob = Client(hall, "Bob")
    wb = bob.table(table_id)
    command(wb, "/join 2")
    page.wait_for_function("() => document.querySelectorAll('.seat-list a.player-link').length === 2")
    page.click("#cmd-start")
    page.wait_for_selector(".generic")
    wb.close()  # Bob goes: the page says when a bot may play for him, not a button that is refused
    page.wait_for_selector(".bot-offer:not([hidden]) .bot-wait:not([hidden])")
    assert "a bot can play for them in" in page.inner_text(".bot-offer")
    assert page.locator("#bot-for-2").is_hidden()
    both(page, shots, "bot-offer-wait")
    grace = hall.hall.settings.away_grace
    hall.clock.advance(grace + 1)  # the hall's time and the page's count move on alike
    page.clock.fast_forward(int((grace + 1) * 1000))
    page.wait_for_selector("#bot-for-2:visible")
    assert page.locator(".bot-offer .bot-wait").is_hidden()
    # Resign: asked first, then the game is over at once as Ann's loss, and the end leads on to the replay
    page.on("dialog", lambda d: d.accept())
    page.click("#cmd-resign")
    page.wait_for_selector("#see-replay")
    row = hall.store.table(table_id)
    assert row is not None and row.status == "over" and row.result["resigned"] == [0]
    assert page.inner_text(".table-head .badge") == "finished"
    both(page, shots, "resigned")
    page.click("#see-replay")
    page.wait_for_selector("#replay-step")
    assert not errors, errors
    ctx.close()


def test_five_tribes_meeples_carry_their_tribes_letter(hall: Hall, browser: Any, shots: Path) -> None:
    ctx, page, errors = new_page(browser, DESKTOP)
    sign_up(page, hall.url, "Ann")
    page.select_option("#new-game", "five_tribes")
    page.select_option("#new-seats", "2")
    page.select_option("#bot-level", "beginner")
    page.click("#play-bots")
    page.wait_for_selector(".ft-sultanate .ft-piece")
    letters = page.eval_on_selector_all(".ft-sultanate .ft-piece", """els => els.map((e) =>
      [e.querySelector('.ft-piece-letter')?.textContent, e.className.baseVal.split('tribe-')[1],
       e.querySelector('title').textContent])""")
    assert letters and all(letter for letter, _, _ in letters)
    by_tribe = {tribe: letter for letter, tribe, _ in letters}
    assert len(set(by_tribe.values())) == len(by_tribe)  # one letter per tribe
    assert set(by_tribe.values()) <= set("VEMBA")
    assert all(f"({letter}, {tribe})" in title for letter, tribe, title in letters)  # and in the tips
    both(page, shots, "five-tribes-letters")
    assert not errors, errors
    ctx.close()


def test_manitoba_begins_without_round_0_and_its_shaman_row_stays_above_my_village(hall: Hall, browser: Any,
                                                                                   shots: Path) -> None:
    ctx, page, errors = new_page(browser, DESKTOP)
    sign_up(page, hall.url, "Ann")
    page.select_option("#new-game", "manitoba")
    page.select_option("#new-seats", "4")
    page.select_option("#bot-level", "beginner")
    page.click("#play-bots")
    page.wait_for_selector(".manitoba .mb-season h3")
    assert "round 0" not in page.inner_text(".mb-season h3").lower()
    assert "Round 0" not in page.inner_text(".mb-status")
    both(page, shots, "manitoba-start")
    # the vision board's last row (the Shaman's path) ends above my village, not under it
    bottom, top = page.evaluate("""() => [Math.max(...[...document.querySelectorAll('.mb-paths .path')]
      .map((p) => p.getBoundingClientRect().bottom)),
      document.querySelector('.mb-mine').getBoundingClientRect().top]""")
    assert bottom <= top + 1, (bottom, top)
    assert not errors, errors
    ctx.close()
