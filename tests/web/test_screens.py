"""The hall on a phone: one person plays a whole Manitou game against bots by taps alone at 390×844, with no
sideways scroll at any step; on the way every page (sign-in, lobby, table, archive, replay, a page for a
table that does not exist) is looked at on a phone, a tablet (768×1024) and a desktop (1280×800), with a
screenshot of each and axe-core's accessibility check (no serious or critical violation).

Screenshots and axe's findings (``axe.txt``) are saved under ``test-output/<test name>/``.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from harness import Hall
from pages import (
    PHONE,
    board_version,
    chat,
    everywhere,
    look,
    new_page,
    phase_and_turn,
    sideways,
    small_targets,
    wait_board_moved,
)

pytestmark = pytest.mark.browser


def version(page: Any) -> int:
    return board_version(page, ".manitou")


def tap_and_wait(page: Any, selector: str) -> None:
    """Tap what ``selector`` finds and wait until the board shows a newer state."""
    v = version(page)
    page.locator(selector).tap()
    wait_board_moved(page, ".manitou", v)


def touch_drag(page: Any) -> None:
    """Drag the first playable hand card onto a lit hunting ground with a finger (touch events, which
    Chromium turns into the pointer events the board listens to)."""
    card = page.locator(".hand .card.playable").first
    cbox = card.bounding_box()
    start = (cbox["x"] + cbox["width"] / 2, cbox["y"] + cbox["height"] / 2)
    cdp = page.context.new_cdp_session(page)

    def touch(kind: str, x: float, y: float) -> None:
        points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", *start)
    touch("touchMove", start[0], start[1] - 20)
    # the grounds light up once the card moves; bring the first one into view above my hand
    ground = page.locator(".ground.droppable").first
    page.evaluate("(g) => window.scrollTo(0, g.getBoundingClientRect().top + window.scrollY - 140)",
                  ground.element_handle())
    gbox = ground.bounding_box()
    target = (gbox["x"] + gbox["width"] / 2, gbox["y"] + 24)
    for i in range(1, 7):
        touch("touchMove", start[0] + (target[0] - start[0]) * i / 6, start[1] + (target[1] - start[1]) * i / 6)
    assert page.locator(".ground.over").count() == 1  # the ground under the finger is lit
    touch("touchEnd", *target)
    cdp.detach()


def test_a_whole_manitou_game_by_taps_on_a_phone(hall: Hall, browser: Any, shots: Path) -> None:
    ctx, page, errors = new_page(browser, PHONE, touch=True)

    page.goto(hall.url + "/")
    page.wait_for_selector("#signup")
    everywhere(page, shots, "signin")
    page.fill("input[name=name]", "Ann")
    page.fill("input[name=password]", "a good password")
    page.locator("#signup").tap()
    page.wait_for_selector("#create-table")
    page.wait_for_selector("#bot-level option", state="attached")
    everywhere(page, shots, "lobby")
    assert small_targets(page) == []

    page.select_option("#new-game", "manitou")
    page.select_option("#new-seats", "4")
    page.select_option("#bot-level", "beginner")
    page.locator("#play-bots").tap()
    page.wait_for_selector(".manitou")
    table_id = int(page.url.rstrip("/").split("/")[-1])

    seen: set[str] = set()
    taps = 0
    deadline = time.time() + 420  # a guard for a stuck game on a busy machine, not a timing test
    while page.get_attribute(".manitou", "data-phase") != "over":
        assert not errors, errors
        assert time.time() < deadline, ("the game did not finish in time", page.inner_text(".status-line"))
        assert sideways(page) == [], sideways(page)
        # the version before the look: a change between the look and the wait below ends the wait at once
        seen_version = version(page)
        phase, my_turn = phase_and_turn(page, ".manitou")
        if phase not in seen and my_turn:
            seen.add(phase)
            everywhere(page, shots, f"table-{phase}")
            assert small_targets(page, "button, .tab, .card.pickable, .card.playable, #score-continue") == []
        if phase == "select" and page.locator("#ok-button").count():
            counter = page.inner_text("#pick-counter").split("/")
            if int(counter[0]) == 0 and "keyboard" not in seen:
                # a keyboard works too (a tablet's), and the focus stays in the reserve across the redraw
                seen.add("keyboard")
                page.locator(".reserve .card.pickable").nth(2).focus()
                v = version(page)
                page.keyboard.press("Enter")
                wait_board_moved(page, ".manitou", v)
                assert page.evaluate("() => document.activeElement.matches('.reserve .card.pickable')")
                assert page.evaluate("() => document.activeElement.dataset.focus") == "reserve:2"
            elif int(counter[0]) < int(counter[1]):
                tap_and_wait(page, ".reserve .card.pickable >> nth=0")
            else:
                tap_and_wait(page, "#ok-button")
            taps += 1
        elif phase == "hunt" and my_turn:
            if "drag" not in seen:  # once by dragging with a finger; tap, then tap, every other time
                seen.add("drag")
                v = version(page)
                touch_drag(page)
                wait_board_moved(page, ".manitou", v)
                continue
            page.locator(".hand .card.playable").first.tap()
            page.wait_for_selector(".ground.droppable")
            tap_and_wait(page, ".ground.droppable >> nth=0")
            taps += 2
        elif phase == "score" and page.locator("#score-continue").count():
            tap_and_wait(page, "#score-continue")
            taps += 1
        else:
            page.wait_for_function("(v) => Number(document.querySelector('.manitou').dataset.version) > v"
                                   " || document.querySelector('.status-line.my-turn')", arg=seen_version,
                                   timeout=max(1.0, deadline - time.time()) * 1000)
    assert {"select", "hunt", "score", "keyboard", "drag"} <= seen and taps > 40
    page.wait_for_selector("text=Final results")
    everywhere(page, shots, "table-over")

    # the side panels are one tap away, and chat works from the phone
    for tab, panel in (("moves", ".log-lines li"), ("seats", ".seat-list li.mine"), ("chat", ".chat-input")):
        page.locator(f"#tab-{tab}").tap()
        assert page.locator(panel).first.is_visible()
        assert not page.locator(".board-wrap").is_visible()
        look(page, shots, f"table-tab-{tab}", PHONE)
    # the move log folds away my own picks and draws until I ask for them; a seat's steps share one entry
    page.locator("#tab-moves").tap()
    log = page.inner_text(".log-lines")
    assert "Red picks" not in log and "Red draws" not in log and "Red has chosen a hunting party" in log
    page.locator("#log-private").tap()
    page.wait_for_selector(".log-lines li:has-text('Red picks')")
    assert page.locator(".log-lines li.turn .steps li.private").count() > 0
    look(page, shots, "table-tab-moves-all", PHONE)
    page.locator("#tab-chat").tap()
    chat(page, "good game, bots")
    page.wait_for_selector("text=good game, bots")
    page.locator("#tab-board").tap()
    assert page.locator(".manitou").is_visible()

    # the rules are one tap away from the table
    assert page.get_attribute("#rules-link", "href") == "/rules/manitou"

    page.goto(hall.url + "/archive")
    page.wait_for_selector(f"tr[data-table='{table_id}']")
    everywhere(page, shots, "archive")
    page.locator(f"tr[data-table='{table_id}'] a:has-text('Replay')").tap()
    page.wait_for_selector("#replay-step")
    page.locator("#replay-next").tap()
    assert page.input_value("#replay-step") == "1"
    page.locator("#replay-next-part").tap()  # the start of hunt 2, with the move log beside the board
    assert "Hunt 2" in page.inner_text(".step-label")
    assert page.get_attribute(".replay-log li.current", "data-step") == page.input_value("#replay-step")
    everywhere(page, shots, "replay")

    page.goto(hall.url + "/table/99999")
    page.wait_for_selector("text=There is no open table 99999")
    everywhere(page, shots, "no-such-table")
    page.goto(hall.url + "/replay/99999")
    page.wait_for_selector("text=There is no finished game 99999")
    everywhere(page, shots, "no-such-replay")
    assert not errors, errors
    ctx.close()


def test_the_small_things_players_hit(hall: Hall, browser: Any, shots: Path) -> None:
    ctx, page, errors = new_page(browser, PHONE, touch=True)
    page.goto(hall.url + "/")
    page.wait_for_selector("#signup")

    # a name longer than allowed is refused with a message by the browser's own check, not cut short
    page.fill("input[name=name]", "Abcdefghijklmnopqrstuvwxy")
    page.fill("input[name=password]", "a good password")
    page.locator("#signup").tap()
    assert "at most 20" in page.eval_on_selector("input[name=name]", "(e) => e.validationMessage")
    assert page.input_value("input[name=name]") == "Abcdefghijklmnopqrstuvwxy"
    # an unknown name offers to sign up; the browser's own check clears that older error
    page.fill("input[name=name]", "Newcomer")
    page.locator("#signin").tap()
    page.wait_for_selector("#offer-signup")
    assert "no one has signed up as 'Newcomer'" in page.inner_text("#signin-error")
    page.screenshot(path=str(shots / "signin-unknown-name-390x844.png"))
    page.fill("input[name=password]", "")
    page.locator("#signin").tap()
    assert page.inner_text("#signin-error") == "" and not page.locator("#offer-signup").is_visible()
    page.fill("input[name=password]", "a good password")
    page.locator("#signin").tap()
    page.locator("#offer-signup").tap()
    page.wait_for_selector("text=In the lobby: Newcomer")  # connected: the chat's history is in

    lines = ".lobby .chat-lines li"
    # a command word without its slash is not sent: the page suggests the command, ready to send
    page.fill(".chat-input", "join")
    page.press(".chat-input", "Enter")
    page.wait_for_selector("text=did you mean /join?")
    assert page.input_value(".chat-input") == "/join"
    # a command that cannot be done here says why in the chat
    page.press(".chat-input", "Enter")
    page.wait_for_selector(".chat-lines li.error:has-text('/join works at a table')")
    # over-long text is refused with a message; a long word wraps; every line has its time
    page.fill(".chat-input", "x" * 401)
    page.press(".chat-input", "Enter")
    page.wait_for_selector("text=That message has 401 characters")
    assert page.input_value(".chat-input") == "x" * 401
    page.fill(".chat-input", "w" * 120)
    page.press(".chat-input", "Enter")
    page.wait_for_selector(f"{lines}:has-text('{'w' * 120}')")
    assert page.locator(f"{lines} time").count() == page.locator(lines).count() >= 4
    look(page, shots, "lobby-chat", PHONE)
    assert not errors, errors
    ctx.close()


def test_the_rules_of_every_game_on_every_screen(hall: Hall, browser: Any, shots: Path) -> None:
    page = browser.new_context(viewport=PHONE).new_page()
    # the reference tables come from the game's description: who beats whom, storage points, the Djinns
    for game, cell in (("manitou", "medicine man, rain maker, scout"), ("manitoba", "-2"), ("five_tribes", "Al-Amin")):
        page.goto(f"{hall.url}/rules/{game}")  # no sign-in needed
        page.wait_for_selector(f".rules-table td:text-is('{cell}'), .rules-table th:text-is('{cell}')")
        everywhere(page, shots, f"rules-{game}")
    page.goto(f"{hall.url}/rules/chess")
    page.wait_for_selector("text=There are no rules here")


@pytest.mark.parametrize("game", ["manitoba", "five_tribes"])
def test_the_other_boards_on_every_screen(hall: Hall, browser: Any, shots: Path, game: str) -> None:
    """Whatever board a game has (its own or the generic one), its table fits a phone and a tablet and passes axe."""
    ctx, page, errors = new_page(browser, PHONE, touch=True)
    page.goto(hall.url + "/")
    page.fill("input[name=name]", "Ann")
    page.fill("input[name=password]", "a good password")
    page.locator("#signup").tap()
    page.wait_for_selector("#bot-level option", state="attached")
    page.select_option("#new-game", game)
    page.select_option("#new-seats", "3")
    page.select_option("#bot-level", "beginner")
    page.locator("#play-bots").tap()
    page.wait_for_function("() => document.querySelector('.board-wrap [data-version]')")
    page.wait_for_function("() => document.querySelector('.status-line.my-turn, .my-turn')"
                           " || /your|you /i.test(document.querySelector('.status-line')?.textContent || '')")
    everywhere(page, shots, f"table-{game}")
    assert small_targets(page, "button, .tab, .legal-action") == []
    assert not errors, errors
    ctx.close()
