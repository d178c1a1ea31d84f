"""The table's rough edges in real Chromium (issue 28), each as a first-time player meets it: sitting by
clicking a seat (the creator seated at once, Add a bot and Remove on the seat's tile), Play against bots
keeping the time control chosen beside it, my own clock beside the board with its warning, the banner on the
board when my time ran out with the button to take the seat back, "let a bot play" only once it can be done,
Resign, the end leading on to the replay, and Five Tribes' tribes told apart by letter, not hue alone.

Screenshots at 1280×800 and 390×844 go to ``test-output/<test name>/``.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from harness import Client, Hall, command, play_out, register_toy, unregister_toy
from pages import (
    DESKTOP,
    PHONE,
    board_version,
    look,
    new_page,
    phase_and_turn,
    sign_up,
    wait_board_moved,
    wait_turn,
)

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


#: The browser's language for a test run in both: English, and German (its words are longer).
LANGS: dict[str, dict[str, Any]] = {
    "en": {}, "de": {"locale": "de-DE", "extra_http_headers": {"Accept-Language": "de-DE,de"}}}


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
    top = page.evaluate("() => ['#new-game', '#new-time', '#create-table', '#play-bots']"
                        ".map((s) => document.querySelector(s).getBoundingClientRect().top)")
    assert abs(top[0] - top[1]) < 4 and top[1] <= top[2] + 4 and abs(top[2] - top[3]) < 4, top
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


#: The controls of the table's head (its commands, the hall bar's buttons) that are cut (their words wider than
#: their box, or the box past the screen's edge) or that touch the one before them on their row.
HEAD_CUT = """() => {
  const all = [...document.querySelectorAll('.table-head button, .table-head .button, .table-head select')]
    .filter((e) => e.getBoundingClientRect().width);
  const name = (e) => e.id || e.textContent;
  const cut = all.filter((e) => { const r = e.getBoundingClientRect();
    return e.scrollWidth > e.clientWidth + 1 || r.right > document.documentElement.clientWidth + 1 || r.left < -1; })
    .map(name);
  all.forEach((e, i) => { const r = e.getBoundingClientRect();
    const before = all.slice(0, i).map((b) => [b, b.getBoundingClientRect()])
      .filter(([, q]) => Math.abs(q.top - r.top) < 4 && q.right <= r.left + 1);
    if (before.length && r.left - Math.max(...before.map(([, q]) => q.right)) < 2) cut.push('touches: ' + name(e)); });
  return cut;
}"""


def commands_whole(page: Any, shots: Path, label: str) -> None:
    """Every control in the table's head whole, on a phone and a desktop (screenshots of both)."""
    for size in (PHONE, DESKTOP):
        look(page, shots, label, size)
        assert page.evaluate(HEAD_CUT) == [], (label, size)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_new_table_form_and_the_tables_commands_fit_in_both_languages(hall: Hall, browser: Any, shots: Path,
                                                                          lang: str) -> None:
    ctx, page, errors = new_page(browser, DESKTOP, **LANGS[lang])
    sign_up(page, hall.url, "Ann")
    page.select_option("#new-game", "manitou")
    page.wait_for_selector("#new-time option", state="attached")
    tops = page.evaluate("() => Object.fromEntries(['#new-game', '#new-seats', '#new-time', '#create-table',"
                         " '#play-bots'].map((s) => [s, Math.round(document.querySelector(s)"
                         ".getBoundingClientRect().top)]))")
    # what the table is (game, seats, time control) on the first row; the two ways to make it together, after it
    assert tops["#new-game"] == tops["#new-seats"] == tops["#new-time"], tops
    assert abs(tops["#create-table"] - tops["#play-bots"]) <= 4 and tops["#create-table"] >= tops["#new-time"] - 4, tops
    look(page, shots, "lobby", DESKTOP)
    look(page, shots, "lobby", PHONE)
    page.set_viewport_size(DESKTOP)
    page.select_option("#new-seats", "3")
    page.click("#create-table")
    page.wait_for_selector(".table-page .waiting #add-bot-2")
    commands_whole(page, shots, "commands-waiting")
    page.click("#add-bot-2")
    page.wait_for_selector("#remove-2")
    page.click("#cmd-start")
    page.wait_for_selector(".manitou")
    commands_whole(page, shots, "commands-running")
    page.on("dialog", lambda d: d.accept())
    page.click("#cmd-resign")
    page.wait_for_selector("#see-replay")
    # the board no longer asks for the hunting party of a game that is over
    assert page.inner_text(".manitou .status-line") == ENDED[lang]
    assert page.locator(".manitou .status-line.my-turn, .manitou .my-area.acting").count() == 0
    commands_whole(page, shots, "commands-over")
    assert not errors, errors
    ctx.close()


#: The board's status line when a resignation ended a game of two (Ann's).
ENDED = {"en": "The game is over: Ann resigned", "de": "Das Spiel ist vorbei: Ann hat aufgegeben"}


def resigned_against_a_bot(hall: Hall, browser: Any, lang: str, game: str, status: str) -> tuple[Any, Any, list[str]]:
    """Ann plays ``game`` against a beginner bot and resigns at once; returns once the board's ``status`` line
    says the game a resignation ended is over (ENDED)."""
    ctx, page, errors = new_page(browser, DESKTOP, **LANGS[lang])
    sign_up(page, hall.url, "Ann")
    page.select_option("#new-game", game)
    page.select_option("#new-seats", "2")
    page.select_option("#bot-level", "beginner")
    page.click("#play-bots")
    page.wait_for_selector(status)
    page.on("dialog", lambda d: d.accept())
    page.click("#cmd-resign")
    page.wait_for_selector("#see-replay")
    page.wait_for_function("([sel, text]) => document.querySelector(sel).textContent === text",
                           arg=[status, ENDED[lang]])
    return ctx, page, errors


@pytest.mark.parametrize("lang", ["en", "de"])
def test_five_tribes_says_the_game_a_resignation_ended_is_over(hall: Hall, browser: Any, shots: Path,
                                                              lang: str) -> None:
    ctx, page, errors = resigned_against_a_bot(hall, browser, lang, "five_tribes", ".five-tribes .status-line")
    assert page.locator(".five-tribes .ft-wait:not(:empty)").count() == 0  # nobody is "to play" any more
    both(page, shots, "five-tribes-resigned")
    assert not errors, errors
    ctx.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_manitoba_says_the_game_a_resignation_ended_is_over(hall: Hall, browser: Any, shots: Path, lang: str) -> None:
    ctx, page, errors = resigned_against_a_bot(hall, browser, lang, "manitoba", ".mb-status .prompt")
    # nobody is to play or the active player any more: no glow, no badge, no buttons of a turn
    assert page.locator(".mb-status.my-turn, .mb-village.acting, .mb-opp.acting, .active-badge").count() == 0
    assert page.locator("#end-turn, #pass, #undo").count() == 0
    both(page, shots, "manitoba-resigned")
    assert not errors, errors
    ctx.close()


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
    assert row is not None and row.status == "over"
    assert row.result is not None and row.result["resigned"] == [0]
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


#: Every card of my strip of Djinns and every Use button on them whole: inside the strip (which does not scroll
#: sideways) and on the screen.
DJINNS_CUT = """() => {
  const strip = document.querySelector('.ft-mine .ft-my-djinns');
  const box = strip.getBoundingClientRect();
  const cut = [...strip.querySelectorAll('.ft-djinn, .ft-djinn button')].filter((e) => {
    const r = e.getBoundingClientRect();
    return r.right > box.right + 1 || r.bottom > box.bottom + 1 || r.left < box.left - 1
      || r.right > document.documentElement.clientWidth + 1 || e.scrollWidth > e.clientWidth + 1;
  }).map((e) => e.textContent.slice(0, 30));
  if (strip.scrollWidth > strip.clientWidth + 1) cut.push('the strip scrolls sideways');
  return cut;
}"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_five_tribes_my_djinns_show_every_card_and_its_use_button(hall: Hall, browser: Any, shots: Path,
                                                                  lang: str) -> None:
    """The real board with five Djinns of mine, each with a Use button (the tutorial's Merchants lesson, where
    the learner holds two, given three more and a power to use on each): none cut at the strip's end."""
    ctx, page, errors = new_page(browser, DESKTOP, **LANGS[lang])
    outline = page.request.get(f"{hall.url}/api/learn/five_tribes").json()
    first = next(lesson["first"] for lesson in outline["lessons"] if lesson["key"] == "merchants")

    def five_djinns(route: Any) -> None:
        payload = route.fetch().json()
        state = payload["state"]
        view, me = state["view"], state["seat"]
        taken = set(view["djinn_row"]).union(*(p["djinns"] for p in view["players"]))
        mine = view["players"][me]["djinns"]
        assert len(mine) == 2, mine  # the lesson's own two
        mine += [d for d in range(22) if d not in taken][:3]
        state["legal"] += [{"type": "power", "djinn": d, "pay": "", "tile": -1} for d in mine]
        state["legal_text"] += ["use it"] * len(mine)
        route.fulfill(json=payload)

    page.route(f"**/api/learn/five_tribes/{first}", five_djinns)
    page.goto(f"{hall.url}/learn/five_tribes")
    page.wait_for_selector("#learn-board .five-tribes")
    page.click(".lesson-index summary")
    page.click(f".lesson-list button >> nth={[lesson['first'] for lesson in outline['lessons']].index(first)}")
    page.wait_for_function("() => document.querySelectorAll('.ft-mine .ft-my-djinns .ft-djinn').length === 5")
    assert page.locator(".ft-mine .ft-my-djinns .ft-power").count() == 5
    for size in (DESKTOP, PHONE):
        page.set_viewport_size(size)
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        assert page.evaluate(DJINNS_CUT) == [], size
        page.locator(".ft-mine").scroll_into_view_if_needed()
        page.screenshot(path=str(shots / f"five-djinns-{size['width']}x{size['height']}.png"))
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


#: The replay's entries whose number (the list's marker, on the entry's first line box: a probe of no width put
#: where it sits) is not on the line of the first line of the entry's words: [step, the probe's bottom, the
#: words' first line's bottom]. The last entry is made long enough to wrap.
NUMBER_OFF_ITS_LINE = """() => {
  const log = document.querySelector('.replay-log');
  log.querySelector('li:last-child .step-link').textContent += ' and a long tail of words that makes it wrap';
  return [...log.querySelectorAll(':scope > li')].slice(0, 8).concat([log.querySelector(':scope > li:last-child')])
    .map((li) => {
      const words = li.querySelector('.step-link');
      const probe = document.createElement('span');
      probe.textContent = '\u200b';
      li.insertBefore(probe, words);
      const at = probe.getBoundingClientRect().bottom;
      const range = document.createRange();
      range.selectNodeContents(words);
      const first = range.getClientRects()[0].bottom;
      probe.remove();
      return [li.dataset.step, Math.round(at), Math.round(first)];
    }).filter(([, at, first]) => Math.abs(at - first) > 3);
}"""


CONTRAST = """(sel) => {
  const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  const lum = ([r, g, b]) => 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  const bar = document.querySelector(sel);
  const fg = lum(rgb(getComputedStyle(bar.querySelector('span')).color));
  const bg = lum(rgb(getComputedStyle(bar.querySelector('i')).backgroundColor));
  return (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
}"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_hints_moves_and_the_replay_read_well_and_the_end_leads_on(hall: Hall, browser: Any, shots: Path,
                                                                     lang: str) -> None:
    ctx, page, errors = new_page(browser, DESKTOP, **LANGS[lang])
    sign_up(page, hall.url, "Ann")
    page.select_option("#new-game", "toy")
    page.select_option("#new-seats", "2")
    page.check("#new-hints")
    page.select_option("#bot-level", "beginner")
    page.click("#play-bots")
    page.wait_for_selector(".generic")
    table_id = int(page.url.rstrip("/").split("/")[-1])
    page.wait_for_selector("#hint-button:enabled", timeout=30000)
    page.click("#hint-button")
    page.wait_for_selector(".hint-row.best", timeout=120000)
    # the best row's words read on its bar (they were dark on dark green)
    assert page.evaluate(CONTRAST, ".hint-row.best .hint-bar") >= 4.5
    # the hint panel open beside it, the move list keeps rows, not only its title
    assert page.evaluate("() => document.querySelector('.log').getBoundingClientRect().height") >= 120
    both(page, shots, "hint-open")
    deadline = time.time() + 120
    while page.get_attribute(".generic", "data-over") != "yes":
        assert time.time() < deadline, "the toy game did not finish"
        buttons = page.locator(".legal-action:enabled")
        if page.get_attribute(".generic", "data-mine") == "yes" and buttons.count():
            version = page.get_attribute(".generic", "data-version")
            buttons.first.click()
            page.wait_for_function(f"() => document.querySelector('.generic').dataset.version !== '{version}'")
        else:
            wait_turn(page, timeout=deadline - time.time())
    # the end leads on: to the replay with its analysis
    page.wait_for_selector("#see-replay")
    page.click("#see-replay")
    page.wait_for_url(f"**/replay/{table_id}")
    page.wait_for_selector(".replay .analysis svg", timeout=120000)
    # the win chances take the page's width under the board, not a side panel's
    assert page.evaluate("() => document.querySelector('.analysis').parentElement.matches('.replay')"
                         " && document.querySelector('.analysis').getBoundingClientRect().width") > 800
    # a move's number sits on the line of its words' first line, when they wrap and on a phone's tall buttons
    for size in (DESKTOP, PHONE, {"width": 320, "height": 700}):
        page.set_viewport_size(size)
        assert page.evaluate(NUMBER_OFF_ITS_LINE) == [], size
    page.set_viewport_size(DESKTOP)
    both(page, shots, "replay")
    page.locator(".replay > .analysis").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "replay-chart-1280x800.png"))
    assert not errors, errors
    ctx.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_player_page_says_games_played_and_its_chart_has_axis_values(hall: Hall, browser: Any,
                                                                        shots: Path, lang: str) -> None:
    ann, bob = Client(hall, "Ann"), Client(hall, "Bob")
    play_out([ann, bob], "toy", bots=0, play=True)
    ctx, page, errors = new_page(browser, DESKTOP, **LANGS[lang])
    sign_up(page, hall.url, "Cid")
    page.goto(f"{hall.url}/player/Ann")
    page.wait_for_selector(".player-page svg.rating-chart")
    played, start, game = {"en": ("Played: Toy 1 game", "start", "game 1"),
                           "de": ("Gespielt: Toy 1 Spiel", "Start", "Spiel 1")}[lang]
    assert page.inner_text(".player-by-game") == played  # a count of games, not of wins
    axis = page.eval_on_selector_all(".rating-chart text.axis", "els => els.map((e) => e.textContent)")
    assert len(axis) == 4 and start in axis and game in axis, axis
    # the rating's values on the left axis: the highest and the lowest, the start (0) between them (numbers in
    # the page's language)
    values = [float(a.replace(",", ".")) for a in axis if a not in (start, game)]
    assert len(values) == 2 and values[0] > values[1] and values[1] <= 0.0 <= values[0], axis
    both(page, shots, "player")
    assert not errors, errors
    ctx.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_manitou_a_double_click_keeps_the_card_chosen_its_ring_leaves_the_name_and_the_keyboard_keeps_focus(
        hall: Hall, browser: Any, shots: Path, lang: str) -> None:
    ctx, page, errors = new_page(browser, DESKTOP, **LANGS[lang])
    sign_up(page, hall.url, "Ann")
    page.select_option("#new-game", "manitou")
    page.select_option("#new-seats", "2")
    page.select_option("#new-time", "untimed")
    page.check("#new-hints")
    page.select_option("#bot-level", "beginner")
    page.click("#play-bots")
    page.wait_for_selector(".manitou")
    deadline = time.time() + 180
    checked: set[str] = set()
    while len(checked) < 3:
        assert time.time() < deadline, ("no turn of mine in the hunt", page.inner_text(".status-line"))
        phase, mine = phase_and_turn(page, ".manitou")
        v = board_version(page, ".manitou")
        if phase == "select" and "hint" not in checked and page.locator("#hint-button:enabled").count():
            # a hint for picking the party lists every card: the move list beside it keeps its rows
            page.click("#hint-button")
            page.wait_for_selector(".hint-row.best", timeout=60000)
            assert page.locator(".hint-row").count() >= 10
            page.wait_for_selector(".log-lines li")  # the bot's choice is in the move list
            rows = page.evaluate("""() => { const box = document.querySelector('.log-lines').getBoundingClientRect();
              return [box.height, [...document.querySelectorAll('.log-lines li')].filter((li) => {
                const r = li.getBoundingClientRect();
                return r.top >= box.top - 1 && r.bottom <= box.bottom + 1; }).length]; }""")
            assert rows[0] >= 100 and rows[1] >= 1, rows
            assert page.evaluate(CONTRAST, ".hint-row.best .hint-bar") >= 4.5
            both(page, shots, "manitou-hint-open")
            checked.add("hint")
            continue
        if phase == "select" and page.locator("#ok-button").count():
            counter = page.inner_text("#pick-counter").split("/")
            page.click("#ok-button" if int(counter[0]) >= int(counter[1]) else ".reserve .card.pickable >> nth=0")
        elif phase == "score" and page.locator("#score-continue").count():
            page.click("#score-continue")
        elif phase == "hunt" and mine and page.locator(".hand .card.playable").count():
            if "double" not in checked:
                page.dblclick(".hand .card.playable >> nth=0")  # it was chosen, then put back at once
                page.wait_for_selector(".hand .card.selected")
                card = page.locator(".hand .card.selected").bounding_box()
                head = page.locator(".my-head").bounding_box()
                assert card["y"] >= head["y"] + head["height"] - 1, (card, head)  # the name tag stays in view
                both(page, shots, "manitou-chosen")
                page.locator(".ground.droppable").first.click()
                wait_board_moved(page, ".manitou", v)
                checked.add("double")
            else:
                page.locator(".hand .card.playable").first.focus()
                page.keyboard.press("Enter")  # choose it: the first lit ground has the focus
                page.wait_for_function("() => document.activeElement.matches('.ground.droppable')")
                page.keyboard.press("Enter")  # play it there
                wait_board_moved(page, ".manitou", v)  # acknowledged: the board redrawn, my hand no longer playable
                assert page.evaluate("() => document.activeElement !== document.body"
                                     " && !!document.activeElement.closest('.manitou')")
                checked.add("keyboard")
            continue
        else:
            page.wait_for_function("(v) => Number(document.querySelector('.manitou').dataset.version) > v"
                                   " || document.querySelector('.status-line.my-turn')", arg=v)
            continue
        wait_board_moved(page, ".manitou", v)
    assert not errors, errors
    ctx.close()
