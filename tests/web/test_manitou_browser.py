"""Two people in real Chromium play Manitou to the end against two bots, through the page.

Screenshots (lobby, a hunt in progress, the score screen, the final results) are saved under
``test-output/test_two_people_and_two_bots_play_manitou_to_the_end/`` at the repository root.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from harness import Hall
from pages import (
    add_bot,
    board_version,
    chat,
    create_table,
    phase_and_turn,
    sign_up,
    sit_down,
    wait_board_moved,
    wait_moved_from,
)

pytestmark = pytest.mark.browser


#: What the loop below does something about, by phase (and the end).
TO_DO = ("body:has(.manitou[data-phase=select]) #ok-button, body:has(.manitou[data-phase=hunt]) .status-line.my-turn,"
         " body:has(.manitou[data-phase=score]) #score-continue, .manitou[data-phase=over]")


def version(page: Any) -> int:
    return board_version(page, ".manitou")


def wait_moved(page: Any, before: int) -> None:
    wait_board_moved(page, ".manitou", before)


def drag_card(page: Any) -> None:
    """Drag the first playable hand card onto a hunting ground that lights up."""
    card = page.locator(".hand .card.playable").first
    box = card.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] - 30, steps=4)
    target = page.locator(".ground.droppable").first
    tbox = target.bounding_box()
    page.mouse.move(tbox["x"] + tbox["width"] / 2, tbox["y"] + tbox["height"] / 2, steps=6)
    assert page.locator(".ground.over").count() == 1  # the target under the pointer is lit
    page.mouse.up()


def click_card(page: Any) -> None:
    """Click a playable hand card, then click a lit hunting ground."""
    page.locator(".hand .card.playable").first.click()
    page.locator(".ground.droppable").first.click()


def keyboard_card(page: Any) -> None:
    """Tab to a hand card, Enter, an arrow key to a lit ground, Enter."""
    page.locator(".hand .card.playable").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(".ground.droppable:focus")
    page.keyboard.press("ArrowRight")
    page.wait_for_selector(".ground.droppable:focus")
    page.keyboard.press("Enter")


def select_party(page: Any, take_back: bool, shot: Path | None = None) -> None:
    need = int(page.inner_text("#pick-counter").split("/")[1])
    if take_back:  # pick one card and take it back before OK
        v = version(page)
        page.locator(".reserve .card.pickable").first.click()
        wait_moved(page, v)
        assert page.inner_text("#pick-counter").startswith("1 /")
        v = version(page)
        page.locator(".selection .card.picked").first.click()
        wait_moved(page, v)
        assert page.inner_text("#pick-counter").startswith("0 /")
    while int(page.inner_text("#pick-counter").split("/")[0]) < need:
        if shot is not None and int(page.inner_text("#pick-counter").split("/")[0]) == 5:
            page.screenshot(path=str(shot))
            shot = None
        v = version(page)
        page.locator(".reserve .card.pickable").last.click()
        wait_moved(page, v)
    assert page.is_enabled("#ok-button")
    v = version(page)
    page.click("#ok-button")
    wait_moved(page, v)


def test_two_people_and_two_bots_play_manitou_to_the_end(hall: Hall, browser: Any, shots: Path) -> None:
    url = hall.url
    ann_ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    bob_ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    ann, bob = ann_ctx.new_page(), bob_ctx.new_page()
    errors: list[str] = []
    for p in (ann, bob):
        p.on("pageerror", lambda e: errors.append(str(e)))
    sign_up(ann, url, "Ann")
    sign_up(bob, url, "Bob")

    table_id = create_table(ann, "manitou", 4)

    bob.wait_for_selector(f"tr[data-table='{table_id}']")
    bob.screenshot(path=str(shots / "lobby.png"))
    bob.click(f"tr[data-table='{table_id}'] a.open-table")
    bob.wait_for_selector(".table-page .waiting")

    sit_down(ann)
    sit_down(bob)
    add_bot(ann, "beginner", 1)
    add_bot(ann, "beginner", 2)
    chat(ann, "hello Bob, good hunting")
    bob.wait_for_selector("text=hello Bob, good hunting")
    chat(bob, "/start")
    for p in (ann, bob):
        p.wait_for_selector(".manitou")

    took_back = False
    hunt_shot = score_shot = False
    plays = 0
    deadline = time.time() + 420  # generous: the machine may be shared by several test runs
    while True:
        if time.time() > deadline:
            table = hall.hall.tables[table_id]
            pages = [(p.get_attribute(".manitou", "data-phase"), p.get_attribute(".manitou", "data-version"),
                      p.inner_text(".status-line")) for p in (ann, bob)]
            raise AssertionError(f"the game did not finish in time: server version {table.version}, acting "
                                 f"{table.state.acting()}, bot tasks {list(table.bots.tasks)}; pages {pages}")
        assert not errors, errors
        finished = 0
        live: list[Any] = []  # the pages whose game goes on, where nothing was to do
        for page in (ann, bob):
            phase, my_turn = phase_and_turn(page, ".manitou")
            if phase == "over":
                finished += 1
                continue
            if phase == "select" and page.locator("#ok-button").count():
                select_party(page, take_back=not took_back, shot=None if took_back else shots / "select.png")
                took_back = True
            elif phase == "hunt" and my_turn:
                v = version(page)
                [drag_card, drag_card, click_card, keyboard_card][plays % 4](page)
                wait_moved(page, v)
                plays += 1
                if plays == 5 and not hunt_shot:
                    page.screenshot(path=str(shots / "hunt.png"))
                    hunt_shot = True
                    # a reload (as after a network drop) gets the seat and the current view back
                    before = version(page)
                    page.reload()
                    page.wait_for_selector(".manitou .my-area .hand")
                    assert version(page) >= before
                    assert page.locator(".seat-list li.mine").count() == 1
            elif phase == "score" and page.locator("#score-continue").count():
                if not score_shot:
                    page.screenshot(path=str(shots / "score.png"))
                    score_shot = True
                v = version(page)
                page.click("#score-continue")
                wait_moved(page, v)
            else:
                live.append(page)
        if finished == 2:
            break
        if len(live) == 2 - finished:  # nothing to do on any page: until the game moves on (a bot's move)
            wait_moved_from(live[0], ".manitou", version(live[0]), also=TO_DO)

    assert took_back and hunt_shot and score_shot and plays >= 3 * 7 * 2 - 2
    for page in (ann, bob):
        page.wait_for_selector("text=The game is over")
        page.wait_for_selector("text=Final results")
    ann.screenshot(path=str(shots / "final.png"))
    # the table is stored as a finished record, listed in the archive with a replay
    row = hall.store.table(table_id)
    assert row is not None and row.status == "over"
    ann.goto(url + "/archive")
    ann.wait_for_selector(f"tr[data-table='{table_id}']")
    ann.click(f"tr[data-table='{table_id}'] a:has-text('Replay')")
    ann.wait_for_selector("#replay-step")
    ann.click("#replay-next")
    ann.screenshot(path=str(shots / "replay.png"))
    assert not errors, errors
    ann_ctx.close()
    bob_ctx.close()
