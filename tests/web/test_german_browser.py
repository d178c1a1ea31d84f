"""The hall in German in real Chromium (a browser that asks for German: ``Accept-Language: de``): the sign-in
page, the lobby and a Manitou table against bots, on a phone, a tablet and a desktop, with screenshots and
axe-core's check (no serious or critical violation), nothing wider than the screen. The language switch in
the top bar goes back to English, and the account keeps the choice.

Screenshots are saved under ``test-output/<test name>/`` at the repository root."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from harness import Client, Hall, play_out
from pages import DESKTOP, PHONE, board_version, everywhere, look, new_page, phase_and_turn

pytestmark = pytest.mark.browser

PASSWORD = "ein gutes Passwort"


def test_the_hall_in_german_on_every_screen(hall: Hall, browser: Any, shots: Path) -> None:
    ctx, page, errors = new_page(browser, PHONE, locale="de-DE", extra_http_headers={"Accept-Language": "de-DE,de"})
    page.goto(hall.url + "/")
    page.wait_for_selector("#signin")
    assert page.get_attribute("html", "lang") == "de"
    assert page.inner_text("#signin") == "Anmelden" and page.inner_text("#guest") == "Als Gast spielen"
    assert page.inner_text("[data-nav=archive]") == "Archiv"
    everywhere(page, shots, "de-signin")
    page.fill("input[name=name]", "Anna")
    page.fill("input[name=password]", "ein gutes Passwort")
    page.click("#signup")
    page.wait_for_selector("#bot-level option", state="attached")
    assert page.inner_text("#create-table") == "Tisch eröffnen"
    assert page.inner_text("#language") == "DE" or page.input_value("#language") == "de"
    everywhere(page, shots, "de-lobby")
    page.select_option("#new-game", "manitou")
    page.select_option("#new-seats", "4")
    page.select_option("#bot-level", "beginner")
    page.click("#play-bots")
    page.wait_for_function("() => document.querySelector('.board-wrap [data-version]')")
    page.wait_for_function("() => /Jagd 1 von 3/.test(document.body.innerText)")
    assert "Hunt 1 of 3" not in page.inner_text("body")
    everywhere(page, shots, "de-table-manitou")
    # the switch: back to English, kept by the account
    page.select_option("#language", "en")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    page.wait_for_function("() => /Hunt 1 of 3/.test(document.body.innerText)")
    ctx.close()
    again, page2, errors2 = new_page(browser, PHONE, locale="de-DE", extra_http_headers={"Accept-Language": "de"})
    page2.goto(hall.url + "/")
    page2.wait_for_selector("#signin")
    page2.fill("input[name=name]", "Anna")
    page2.fill("input[name=password]", "ein gutes Passwort")
    page2.click("#signin")
    page2.wait_for_selector("#create-table")
    page2.reload()
    page2.wait_for_selector("#create-table")
    assert page2.get_attribute("html", "lang") == "en"  # the account's choice beats the browser's
    again.close()
    assert not errors and not errors2, (errors, errors2)


#: English words of Manitou's board: none may be left on it in German (its texts, tooltips and aria names).
ENGLISH = re.compile(r"\b(Hunt|hunting|hunters?|points?|prisoners?|[Pp]elt|Continue|Your|your|[Bb]uffalo|Total|beats|"
                     r"dealer|draw|ready|Waiting|Scores?|herd|click|tap|winner|ground)\b")

# The board's words a person reads or hears: its text, and every tooltip and aria name on it.
_BOARD_WORDS = """() => { const b = document.querySelector('.manitou'); const out = [b.innerText];
  for (const e of b.querySelectorAll('[title], [aria-label]')) {
    out.push(e.title || '', e.getAttribute('aria-label') || ''); }
  return out.join('\\n'); }"""

# Texts cut off on the board: a box that hides what does not fit and holds more than it shows, or a card's
# name wider than its card.
_CUT = """() => [...document.querySelectorAll('.manitou *')].filter((e) => {
  const s = getComputedStyle(e); const r = e.getBoundingClientRect();
  if (!r.width || s.display === 'none' || s.visibility === 'hidden') return false;
  const hides = (x) => x !== 'visible';
  if (e.matches('.card .name')) {
    const c = e.closest('.card').getBoundingClientRect();
    const range = document.createRange(); range.selectNodeContents(e); const text = range.getBoundingClientRect();
    return text.left < c.left - 0.5 || text.right > c.right + 0.5;
  }
  return (hides(s.overflowX) && e.scrollWidth > e.clientWidth + 1 && s.overflowX !== 'auto')
    || (hides(s.overflowY) && e.scrollHeight > e.clientHeight + 1 && s.overflowY !== 'auto');
}).slice(0, 8).map((e) => e.className + ': ' + e.textContent.slice(0, 60))"""


def german_board(page: Any, folder: Path, label: str) -> None:
    """The board at 1280×800 and 390×844: screenshots (the phone's of the whole page too), nothing sideways,
    axe clean, no text cut off, no English word left (``ENGLISH``)."""
    for size in (DESKTOP, PHONE):
        look(page, folder, label, size)
        assert page.evaluate(_CUT) == [], (label, size, page.evaluate(_CUT))
        words = page.evaluate(_BOARD_WORDS)
        assert not ENGLISH.search(words), (label, size, ENGLISH.findall(words), words[:400])
    page.screenshot(path=str(folder / f"{label}-{PHONE['width']}x{PHONE['height']}-whole.png"), full_page=True)


def board_moved(page: Any, before: int) -> None:
    """Wait for a state newer than ``before``; if none comes, say what the board showed."""
    try:
        page.wait_for_function(f"() => Number(document.querySelector('.manitou')?.dataset.version) > {before}",
                               timeout=30000)
    except Exception as exc:
        shown = page.evaluate("() => [document.querySelector('.manitou').dataset.phase,"
                              " document.querySelector('.status-line').innerText]")
        raise AssertionError(f"no state after version {before}; the board shows {shown}") from exc


def counter(page: Any) -> tuple[int, int]:
    """The hunting party's counter: cards picked, cards to pick."""
    have, need = page.inner_text("#pick-counter").split("/")
    return int(have), int(need)


def test_a_whole_game_of_manitou_in_german_on_a_desktop_and_a_phone(hall: Hall, browser: Any, shots: Path) -> None:
    """Anna plays Manitou to the end against three bots in German: each hunt on one of the two screens (the
    first and the last at 1280×800, the second at 390×844), and each of its screens — choosing the hunting
    party, the hunt, the scores, the final results, the replay — looked at on both."""
    ctx, page, errors = new_page(browser, DESKTOP, locale="de-DE", extra_http_headers={"Accept-Language": "de-DE,de"})
    page.goto(hall.url + "/")
    page.fill("input[name=name]", "Anna")
    page.fill("input[name=password]", "ein gutes Passwort")
    page.click("#signup")
    page.wait_for_selector("#bot-level option", state="attached")
    page.select_option("#new-game", "manitou")
    page.select_option("#new-seats", "4")
    page.select_option("#bot-level", "beginner")
    page.click("#play-bots")
    page.wait_for_selector(".manitou[data-phase]")
    looked: set[str] = set()
    plays = 0
    hunt = 1  # the hunt being played: one more after each score screen Anna confirms
    while page.get_attribute(".manitou", "data-phase") != "over":
        assert not errors, errors
        page.set_viewport_size(PHONE if hunt == 2 else DESKTOP)
        before = board_version(page, ".manitou")  # first: a move landing after it is waited for no more
        phase, mine = phase_and_turn(page, ".manitou")
        if phase == "select" and page.locator("#ok-button").count():
            have, need = counter(page)
            if have < need:  # the bots pick at the same time: wait for Anna's own pick, not any new state
                page.locator(".reserve .card.pickable").last.click()
                page.wait_for_function(f"() => !document.querySelector('#pick-counter')"
                                       f" || !document.querySelector('#pick-counter').innerText.startsWith('{have} /')")
                continue
            if "select" not in looked:
                german_board(page, shots, "de-manitou-select")
                looked.add("select")
            page.click("#ok-button")
        elif phase == "hunt" and mine:
            if plays == 4 and "hunt" not in looked:
                page.locator(".hand .card.playable").first.click()  # chosen: its grounds light up
                german_board(page, shots, "de-manitou-hunt")
                looked.add("hunt")
                page.set_viewport_size(PHONE if hunt == 2 else DESKTOP)
                page.locator(".ground.droppable").first.click()
            else:
                page.locator(".hand .card.playable").first.click()
                page.locator(".ground.droppable").first.click()
            plays += 1
        elif phase == "score" and page.locator("#score-continue").count():
            if "score" not in looked:
                german_board(page, shots, "de-manitou-score")
                looked.add("score")
            page.click("#score-continue")
            hunt += 1
        board_moved(page, before)  # after Anna's step, or the bots' (she waits for them)
    page.wait_for_selector("text=Das Spiel ist vorbei — Endergebnis")
    german_board(page, shots, "de-manitou-final")
    assert looked == {"select", "hunt", "score"} and plays >= 3 * 7 - 1
    assert "Summe" in page.inner_text(".score-panel") and "Fellräuber" in page.inner_text(".score-panel")
    # the replay: the board as a spectator's, a hunt in, in German too
    table_id = int(page.url.rstrip("/").split("/")[-1])
    page.goto(f"{hall.url}/replay/{table_id}")
    page.wait_for_selector("#replay-step")
    page.click("#replay-next-part")
    page.click("#replay-next-part")
    page.wait_for_selector(".manitou .spectating")
    assert "Wiederholung der öffentlichen Sicht" in page.inner_text(".manitou .spectating")
    german_board(page, shots, "de-manitou-replay")
    ctx.close()
    assert not errors, errors


def test_the_game_pages_in_german(hall: Hall, browser: Any, shots: Path) -> None:
    """The pages around the games in German at 1280×800 and 390×844 (German words are longer: nothing may
    stick out sideways; axe clean): a game's page, its rules, the archive, a player's page, the leaderboard,
    a finished game's replay with its analysis, and the hint panel at a table."""
    anna, bernd = Client(hall, "Anna", PASSWORD), Client(hall, "Bernd", PASSWORD)
    table_id = play_out([anna, bernd], "manitou", bots=0, play=True)
    ctx, page, errors = new_page(browser, DESKTOP, locale="de-DE", extra_http_headers={"Accept-Language": "de-DE,de"})
    page.goto(hall.url + "/")
    page.fill("input[name=name]", "Anna")
    page.fill("input[name=password]", PASSWORD)
    page.click("#signin")
    page.wait_for_selector("#create-table")

    def both(label: str) -> None:
        for size in (DESKTOP, PHONE):
            look(page, shots, label, size)
        page.set_viewport_size(DESKTOP)

    page.goto(f"{hall.url}/games/manitou")
    page.wait_for_selector(".game-picture figcaption")
    assert "Spielen lernen" in page.inner_text(".game-actions") and "Offene Tische" in page.inner_text("#game-tables")
    assert "20–45 Minuten" in page.inner_text(".game-facts")
    both("de-game-page")
    page.goto(f"{hall.url}/rules/manitou")
    page.wait_for_selector(".rules-table")
    assert "wird geschlagen von" in page.inner_text(".rules-table thead")
    both("de-rules-manitou")
    page.goto(f"{hall.url}/rules/five_tribes")
    page.wait_for_selector(".rules-table")
    assert "Dschinn" in page.inner_text(".rules-text")
    both("de-rules-five-tribes")
    page.goto(f"{hall.url}/archive")
    page.wait_for_selector(f".archive tr[data-table='{table_id}']")
    assert "Beendete Spiele" in page.inner_text("h1") and "Wiederholung" in page.inner_text(".archive tbody")
    both("de-archive")
    page.goto(f"{hall.url}/player/Anna")
    page.wait_for_selector(".player-page svg.rating-chart")
    assert "1 Spiel gespielt" in page.inner_text(".player-totals")
    both("de-player")
    page.goto(f"{hall.url}/leaderboard/manitou")
    page.wait_for_selector(".leaderboard tbody tr")
    assert "Rangliste" in page.inner_text("h1")
    both("de-leaderboard")
    page.goto(f"{hall.url}/replay/{table_id}")
    page.wait_for_selector("#analysis polyline", timeout=240000)
    page.click("#replay-next-part")
    assert "Jagd 2" in page.inner_text(".step-label")
    assert "Gewinnchancen" in page.inner_text("#analysis h2")
    both("de-replay")
    page.goto(hall.url + "/")
    page.wait_for_selector("#create-table")
    page.select_option("#new-game", "manitou")
    page.select_option("#new-seats", "2")
    page.check("#new-hints")
    page.select_option("#bot-level", "beginner")
    page.click("#play-bots")
    page.wait_for_selector("#hint-button:enabled", timeout=60000)
    page.click("#hint-button")
    page.wait_for_selector(".hint-row.best", timeout=120000)
    assert "Empfohlen:" in page.inner_text(".hint-note") and "Hilfe vom Bot" in page.inner_text(".hints h2")
    look(page, shots, "de-hints", DESKTOP)
    page.set_viewport_size(PHONE)
    page.locator(".hints").scroll_into_view_if_needed()  # under the board on a phone
    look(page, shots, "de-hints", PHONE)
    assert not errors, errors
    ctx.close()
