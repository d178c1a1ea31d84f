"""Learn to play in the browser: the tutorial is played to its end by clicking (on a phone, tapping) only the
element the board marks, at 1280×800 and 390×844, each lesson looked at (a screenshot, no sideways scroll,
axe-core's check); a wrong move is refused with its rule, "Next lesson" skips ahead, progress survives a reload,
and the end offers a beginner bot, which seats a visitor at a real table. The game pages and /rules are looked
at too. Screenshots land under ``test-output/<test name>/``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from harness import Hall
from pages import DESKTOP, PHONE, look, new_page
from playwright.sync_api import Error as PlaywrightError

from longhouse.i18n.catalogs import Translator, translator
from longhouse.learn import available, tutorial

pytestmark = pytest.mark.browser

#: Each game's board element inside the tutorial's page.
BOARDS = {"manitou": ".manitou", "manitoba": ".manitoba", "five_tribes": ".five-tribes"}


def step_of(page: Any) -> int:
    return int(page.get_attribute(".learn-page", "data-step") or -1)


def wait_step(page: Any, step: int) -> None:
    """Wait until the page shows ``step``."""
    page.wait_for_function("(s) => document.querySelector('.learn-page')?.dataset.step === String(s)", arg=step)


def click_mark(page: Any, touch: bool) -> None:
    """Click (tap) the element the board marks, and wait until the tutorial moves on or the mark moves to the
    move's next element (a card chosen, then its ground)."""
    before = step_of(page)
    mark = page.locator("[data-hinted=next]").first
    mark.evaluate("(e) => { e.dataset.clicked = 'yes'; }")
    if touch:
        mark.tap()
    else:
        mark.click()
    page.wait_for_function("""(before) => {
      const next = document.querySelector('[data-hinted=next]');
      return Number(document.querySelector('.learn-page').dataset.step) !== before || (next && !next.dataset.clicked);
    }""", arg=before, timeout=15000)


def play_to_the_end(page: Any, game: str, shots: Path, size: dict[str, int], touch: bool,
                    words: Translator | None = None) -> list[str]:
    """Click only the marked elements from wherever the tutorial is to its end; a look at each lesson's first
    step (its texts in the language of ``words``, English by default). The lesson titles seen, in order."""
    words = words or translator("en")
    t = tutorial(game)
    firsts = {lesson.first: lesson for lesson in t.lessons}
    seen: list[str] = []
    for _ in range(8 * len(t.steps)):
        page.wait_for_selector(f".learn-page[data-step] #learn-board {BOARDS[game]}")
        step = step_of(page)
        if step == t.end:
            break
        title = words.text(firsts[step].title) if step in firsts else ""
        if step in firsts and title not in seen:
            seen.append(title)
            assert page.inner_text("#lesson-title") == title
            assert page.inner_text("#lesson-do").startswith(words.gettext("Now") + ":")
            look(page, shots, f"{words.lang}-{game}-lesson-{len(seen):02d}-{firsts[step].key}", size)
        click_mark(page, touch)
    assert step_of(page) == t.end
    page.wait_for_selector("#lesson-summary")
    assert page.inner_text("#lesson-summary") == words.text(t.summary)
    look(page, shots, f"{words.lang}-{game}-end", size)
    return seen


@pytest.mark.parametrize("game", available())
@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_tutorial_is_played_to_its_end_by_the_marked_elements(hall: Hall, browser: Any, shots: Path,
                                                                  game: str, size: dict[str, int]) -> None:
    touch = size is PHONE
    ctx, page, errors = new_page(browser, size, touch=touch)
    page.goto(hall.url + f"/learn/{game}")
    seen = play_to_the_end(page, game, shots, size, touch)
    assert seen == [str(lesson.title) for lesson in tutorial(game).lessons]
    assert "beginner bot" in page.inner_text("#play-beginner")
    assert errors == []
    ctx.close()


def test_a_wrong_move_is_refused_next_lesson_skips_and_progress_survives_a_reload(hall: Hall, browser: Any,
                                                                                    shots: Path) -> None:
    t = tutorial("manitou")
    ctx, page, errors = new_page(browser, DESKTOP)
    page.goto(hall.url + "/learn/manitou")
    page.wait_for_selector("#learn-board .manitou [data-hinted=next]")
    page.click(".reserve .card[data-reserve-card='Q']")  # not the marked card
    page.wait_for_selector("#lesson-refusal h3")
    refusal = page.inner_text("#lesson-refusal")
    assert "Not this move" in refusal and "“Pick the squaw” is allowed" in refusal
    assert "Pick the 10 hunter" in refusal and "Rules, A hunt" in refusal
    look(page, shots, "manitou-refused", DESKTOP)
    assert step_of(page) == 0 and page.locator("[data-hinted=next]").count() == 1  # still marked

    page.click("#next-lesson")
    page.wait_for_function(f"() => document.querySelector('.learn-page').dataset.step === '{t.lessons[1].first}'")
    assert page.inner_text("#lesson-title") == str(t.lessons[1].title)
    page.click("#next-lesson")
    page.wait_for_function(f"() => document.querySelector('.learn-page').dataset.step === '{t.lessons[2].first}'")
    click_mark(page, False)  # the scout chosen; its ground marked next
    click_mark(page, False)
    assert step_of(page) == t.lessons[2].first + 1
    page.reload()  # a visitor's progress is kept in this browser: back at the start of the lesson
    page.wait_for_function(f"() => document.querySelector('.learn-page')?.dataset.step === '{t.lessons[2].first}'")
    assert page.inner_text("#lesson-title") == str(t.lessons[2].title)
    assert errors == []
    ctx.close()


def test_the_end_seats_a_visitor_against_a_beginner_bot(hall: Hall, browser: Any, shots: Path) -> None:
    t = tutorial("manitou")
    ctx, page, errors = new_page(browser, DESKTOP)
    page.goto(hall.url + "/learn/manitou")
    page.wait_for_selector("#learn-board .manitou")
    for lesson in t.lessons[1:]:  # one click a lesson, each waited for
        page.click("#next-lesson")
        wait_step(page, lesson.first)
    play_to_the_end(page, "manitou", shots, DESKTOP, False)
    page.click("#play-beginner")
    page.wait_for_url("**/table/*", timeout=15000)
    page.wait_for_selector(".table-page .manitou", timeout=15000)
    seats = page.inner_text(".seat-list")
    assert "(you)" in seats and "beginner" in seats
    assert errors == []
    ctx.close()


def test_next_lesson_clicked_fast_ends_on_the_lesson_clicked_to_though_an_older_answer_comes_last(
        hall: Hall, browser: Any) -> None:
    """Three quick clicks on "Next lesson" go three lessons on, and the answer for the first lesson's position,
    held back until the third is shown, is not drawn over it."""
    t = tutorial("manitou")
    ctx, page, errors = new_page(browser, DESKTOP)
    page.goto(hall.url + "/learn/manitou")
    page.wait_for_selector("#learn-board .manitou [data-hinted=next]")
    held: list[Any] = []
    slow = f"/api/learn/manitou/{t.lessons[1].first}"
    page.route(f"**{slow}", lambda route: held.append(route))
    for _ in range(3):
        page.click("#next-lesson")
    wait_step(page, t.lessons[3].first)
    assert len(held) == 1
    with page.expect_response(f"**{slow}"):
        held[0].continue_()
    # a round trip after the old answer came: the page has had it in hand by then
    page.evaluate("() => fetch('/api/learn').then((r) => r.json())")
    assert step_of(page) == t.lessons[3].first
    assert page.inner_text("#lesson-title") == str(t.lessons[3].title)
    assert page.locator(".lesson-list li.current").get_attribute("data-lesson") == "3"
    page.click("#next-lesson")  # and on from there
    wait_step(page, t.lessons[4].first)
    assert page.inner_text("#lesson-title") == str(t.lessons[4].title)
    assert errors == []
    ctx.close()


@pytest.mark.parametrize("game", available())
def test_the_tutorial_in_german(hall: Hall, browser: Any, shots: Path, game: str) -> None:
    """A German browser's tutorial is German: the page's words, the lessons' texts, a refusal; each game's first
    two lessons looked at on a desktop and a phone, and Manitou's last lesson played to its German summary."""
    de = translator("de")
    t = tutorial(game)
    ctx, page, errors = new_page(browser, DESKTOP, locale="de-DE", extra_http_headers={"Accept-Language": "de-DE,de"})
    page.goto(hall.url + f"/learn/{game}")
    page.wait_for_selector(f"#learn-board {BOARDS[game]} [data-hinted=next]")
    assert page.get_attribute("html", "lang") == "de"
    assert page.inner_text("h1") == f"{t.title} spielen lernen"
    assert page.inner_text("#lesson-title") == de.text(t.lessons[0].title) != str(t.lessons[0].title)
    assert page.inner_text("#lesson-do") == f"Jetzt: {de.text(t.steps[0].do)}"
    assert page.inner_text("#next-lesson").startswith("Nächste Lektion")
    for size in (DESKTOP, PHONE):
        look(page, shots, f"de-{game}-lesson-01", size)
    page.set_viewport_size(DESKTOP)
    if game == "manitou":
        page.click(".reserve .card[data-reserve-card='Q']")  # not the marked card
        page.wait_for_selector("#lesson-refusal h3")
        refusal = page.inner_text("#lesson-refusal")
        assert "Nicht dieser Zug" in refusal and "Die Regel: Regeln," in refusal, refusal
        look(page, shots, "de-manitou-refused", DESKTOP)
    page.click("#next-lesson")
    wait_step(page, t.lessons[1].first)
    assert page.inner_text("#lesson-title") == de.text(t.lessons[1].title)
    assert page.inner_text(".learn-counter").startswith(f"Lektion 2 von {len(t.lessons)} · Schritt 1 von")
    for size in (DESKTOP, PHONE):
        look(page, shots, f"de-{game}-lesson-02", size)
    page.set_viewport_size(DESKTOP)
    if game == "manitou":
        for lesson in t.lessons[2:]:
            page.click("#next-lesson")
            wait_step(page, lesson.first)
        play_to_the_end(page, game, shots, DESKTOP, False, de)
        assert page.inner_text("#play-beginner") == "Jetzt gegen einen Anfänger-Bot spielen"
    assert errors == []
    ctx.close()


def wait_picture(page: Any, board: str, errors: list[str]) -> None:
    """Wait for the game page's picture of ``board``; if it never comes, say what the page shows instead."""
    try:
        page.wait_for_selector(f".game-page .game-picture {board}")
    except PlaywrightError as exc:
        shown = page.evaluate("""() => ({ url: location.href, game: document.querySelector('.game-page')?.dataset.game,
          picture: document.querySelector('.game-picture')?.innerHTML.slice(0, 300),
          toast: document.getElementById('toast')?.textContent, main: document.body.innerText.slice(0, 400) })""")
        raise AssertionError(f"no {board} picture: {shown}, page errors {errors}") from exc


def test_the_game_pages_the_lobby_links_and_the_rules_index(hall: Hall, browser: Any, shots: Path) -> None:
    from pages import sign_up

    ctx, page, errors = new_page(browser, DESKTOP)
    sign_up(page, hall.url, "Newcomer")
    page.wait_for_selector("#learn-manitou")  # "Learn to play" beside the game in the lobby
    look(page, shots, "lobby", DESKTOP)
    page.click(".game-tables h2 a.game-link >> text=Manitou")
    wait_picture(page, ".manitou", errors)
    for size in (DESKTOP, PHONE):
        look(page, shots, "game-manitou", size)
    page.set_viewport_size(DESKTOP)
    for game, board in (("manitoba", ".manitoba"), ("five_tribes", ".five-tribes")):
        page.click(f".game-nav a[href='/games/{game}']")
        wait_picture(page, board, errors)
        for size in (DESKTOP, PHONE):
            look(page, shots, f"game-{game}", size)
        page.set_viewport_size(DESKTOP)
    page.click(".game-nav a[href='/games/manitou']")
    wait_picture(page, ".manitou", errors)  # Manitou's page, not still Five Tribes'
    page.click("#learn-link")
    page.wait_for_selector("#learn-board .manitou")
    page.goto(hall.url + "/rules")
    page.wait_for_selector("#rules-index a[href='/rules/five_tribes']")
    for size in (DESKTOP, PHONE):
        look(page, shots, "rules-index", size)
    assert errors == []
    ctx.close()
