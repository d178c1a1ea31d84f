"""The tournament pages in a browser at 1280×800 and 390×844 (and the tablet's 768×1024): the list (open,
running, finished), a finished round robin's page (final standings, the champion, every table with its
replay), a running tournament's page (its tables to play or watch, the player's own table, the organiser's
controls), a turn-based one's round end, creating one from the form and registering, the champion on the
player's page, and a season's table; the list, the finished tournament, the turn-based round's end, the
champion's page and the season in German too. Screenshots (``test-output/<test>/``)
are looked at; no sideways scroll, no serious axe finding."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from harness import Client, Hall, register_toy, unregister_toy
from pages import DESKTOP, PHONE, everywhere, look, new_page, small_targets
from tourney_play import act, create, current_games, play_round_in_person, wait_for

from longhouse.store.tourney import TourneyStore

pytestmark = pytest.mark.browser

PASSWORD = "a good password"


@pytest.fixture(autouse=True)
def toy_game() -> Any:
    register_toy()
    yield
    unregister_toy()

TARGETS = "a.button, button, select, input, .t-list a, .t-players a, .t-seats a"


def out_of_their_cards(page: Any) -> list[str]:
    """Each table card's head whose links or words reach into its padding (or beyond): what they say."""
    found: list[str] = page.evaluate("""() => [...document.querySelectorAll('.t-game')].flatMap((card) => {
      const box = card.getBoundingClientRect();
      const pad = parseFloat(getComputedStyle(card).paddingRight);
      return [...card.querySelectorAll('.t-game-head > *')]
        .filter((el) => el.getBoundingClientRect().right > box.right - pad + 0.5)
        .map((el) => el.textContent.trim());
    })""")
    return found


def sign_in(page: Any, url: str, name: str) -> None:
    page.goto(url + "/")
    page.fill("input[name=name]", name)
    page.fill("input[name=password]", PASSWORD)
    page.locator("#signin").click()
    page.wait_for_selector("#create-table")


def test_tournament_pages(hall: Hall, browser: Any, shots: Path) -> None:
    names = ["Ann", "Bob", "Cy", "Dee"]
    folks = {n: Client(hall, n, PASSWORD) for n in names}
    ann = folks["Ann"]
    TourneyStore(hall.store).add_season("toy", "Winter season", time.time() - 86400, time.time() + 30 * 86400)
    # a finished round robin of four, its games played by the people themselves (so they are rated)
    done = create(ann, name="Toy round robin", format="round_robin")
    for c in folks.values():
        act(c, done, "register")
    act(ann, done, "start")
    for number in (1, 2, 3):
        play_round_in_person(folks, done, number)
    final = wait_for(ann, done, lambda d: d["status"] == "over", what="the end")
    champion = final["champion"]
    # a Swiss in its first round, and one open for registration
    running = create(ann, name="Toy Swiss", table_size=2, rounds=3)
    for c in folks.values():
        act(c, running, "register")
    act(ann, running, "start")
    wait_for(ann, running, lambda d: d["round"] == 1 and all(g["table"] for g in current_games(d)), what="round 1")
    create(folks["Bob"], name="Next week's cup", starts=time.time() + 7 * 86400)

    ctx, page, errors = new_page(browser, DESKTOP)
    sign_in(page, hall.url, "Ann")
    page.locator("nav a[data-nav=tournaments]").click()
    page.wait_for_selector(".t-section[data-section=finished] .t-row")
    assert page.locator(".t-section[data-section=running] .t-row").count() == 1
    assert page.locator(".t-section[data-section=open] .t-row").count() == 1
    assert f"champion: {champion}" in page.inner_text(".t-section[data-section=finished]")
    look(page, shots, "list", DESKTOP)
    look(page, shots, "list", PHONE)
    page.set_viewport_size(DESKTOP)

    # the finished tournament: final standings with the champion, every round's tables with replays
    page.locator(f".t-row[data-tournament='{done}'] a.t-name").click()
    page.wait_for_selector(".t-champion")
    assert champion in page.inner_text(".t-champion")
    assert page.locator(".t-standings tbody tr").count() == 4
    assert page.locator(".t-round").count() == 3
    assert page.locator(".t-game a.button:has-text('Replay')").count() == 6
    everywhere(page, shots, "finished")
    page.set_viewport_size(PHONE)
    assert small_targets(page, TARGETS) == []

    # the running one: Ann's own table to play, the others to watch, the organiser's controls
    page.set_viewport_size(DESKTOP)
    page.goto(f"{hall.url}/tournament/{running}")
    page.wait_for_selector("#t-your-table")
    assert page.locator(".t-game a.button:has-text('Play')").count() == 1
    assert page.locator(".t-game a.button:has-text('Watch')").count() == 1
    assert page.locator("#t-pause").is_visible() and page.locator("#t-remove").is_visible()
    assert "not here yet" in page.inner_text(".t-games")
    everywhere(page, shots, "running")
    page.set_viewport_size(PHONE)
    assert small_targets(page, TARGETS) == []
    page.set_viewport_size(DESKTOP)
    page.locator("#t-pause").click()
    page.wait_for_selector("#t-resume")
    assert "Paused" in page.inner_text(".t-info")
    page.locator("#t-resume").click()
    page.wait_for_selector("#t-pause")

    # creating one from the form; then Bob registers on his phone
    page.goto(f"{hall.url}/tournaments")
    page.wait_for_selector(".t-new summary")
    page.locator(".t-new summary").click()
    page.fill(".t-create input[name=name]", "Browser cup")
    page.select_option(".t-create select[name=game]", "manitou")
    page.select_option(".t-create select[name=table_size]", "3")
    look(page, shots, "create", DESKTOP)
    page.locator("#t-create").click()
    page.wait_for_selector(".tournament h1:has-text('Browser cup')")
    made = int(page.url.rsplit("/", 1)[1])
    assert page.locator("#t-start").is_visible()
    bob_ctx, bob, bob_errors = new_page(browser, PHONE, touch=True)
    sign_in(bob, hall.url, "Bob")
    bob.goto(f"{hall.url}/tournament/{made}")
    bob.locator("#t-register").tap()
    bob.wait_for_selector("#t-unregister")
    assert bob.locator(".t-players").inner_text().strip() == "Bob"
    assert not bob.locator("#t-start").count()  # not his to start
    look(bob, shots, "registered", PHONE)
    # the organiser removes Bob from it, then starts it at once: with one player left it is cancelled
    page.reload()
    page.wait_for_selector("#t-remove")
    page.select_option("#t-remove-who", "Bob")
    page.locator("#t-remove").click()
    page.wait_for_selector(".t-players li.removed")
    assert "Bob" in page.inner_text(".t-players li.removed")
    page.locator("#t-start").click()
    page.wait_for_selector(".badge.t-cancelled", timeout=20000)
    assert "Cancelled" in page.inner_text(".t-info")

    # the champion's page lists the tournament with a star
    bob.goto(f"{hall.url}/player/{champion}")
    bob.wait_for_selector(".player-tournaments")
    assert "champion" in bob.inner_text(".player-tournaments")
    look(bob, shots, "champion-page", PHONE)
    bob.set_viewport_size(DESKTOP)
    look(bob, shots, "champion-page", DESKTOP)

    # the season's table: the rated toy games of the round robin count
    bob.goto(f"{hall.url}/seasons/toy")
    bob.wait_for_selector(".season .t-standings")
    assert bob.locator(".season .t-standings tbody tr").count() == 4
    look(bob, shots, "season", DESKTOP)
    look(bob, shots, "season", PHONE)
    # taken to the table: Ann waits in the lobby, Bob on the tournament's page; the round starts
    quick = create(ann, name="Quick cup", table_size=2, rounds=1)
    for name in ("Ann", "Bob"):
        act(folks[name], quick, "register")
    page.goto(hall.url + "/")
    page.wait_for_selector("#create-table")
    bob.goto(f"{hall.url}/tournament/{quick}")
    bob.wait_for_selector("#t-unregister")
    act(ann, quick, "start")
    table = wait_for(ann, quick, lambda d: d["round"] == 1 and all(g["table"] for g in current_games(d)),
                     what="the table")["rounds_list"][0]["games"][0]["table"]
    page.wait_for_url(f"**/table/{table}", timeout=20000)
    bob.wait_for_url(f"**/table/{table}", timeout=20000)
    page.wait_for_selector(".seat-list li")
    look(page, shots, "taken-to-the-table", DESKTOP)
    # a turn-based tournament in its first round: the page says when the round ends and what happens then
    letters = create(ann, name="Letter cup", pace="turn_based", table_size=2, rounds=1)
    for name in ("Cy", "Dee"):
        act(folks[name], letters, "register")
    act(ann, letters, "start")
    ends = wait_for(ann, letters, lambda d: d["round"] == 1 and all(g["table"] for g in current_games(d)),
                    what="the turn-based round")["round_ends"]
    assert ends is not None and abs(ends - time.time() - 2 * 86400) < 60
    page.goto(f"{hall.url}/tournament/{letters}")
    page.wait_for_selector(".t-games")
    assert "This round ends on" in page.inner_text(".t-info")
    assert "decided by the scores so far" in page.inner_text(".t-info")
    look(page, shots, "turn-based", DESKTOP)
    look(page, shots, "turn-based", PHONE)
    page.set_viewport_size(DESKTOP)
    page.goto(f"{hall.url}/tournaments")  # the list says when the running round ends too
    page.wait_for_selector(f".t-row[data-tournament='{letters}']")
    assert "round 1 of 1, ends " in page.inner_text(f".t-row[data-tournament='{letters}'] .t-when")
    look(page, shots, "list-running", DESKTOP)
    # in German: the list, the finished tournament and the season's table
    de_ctx, de, de_errors = new_page(browser, DESKTOP, locale="de-DE", extra_http_headers={"Accept-Language": "de"})
    de.goto(f"{hall.url}/tournaments")
    de.wait_for_selector(".t-section[data-section=finished] .t-row")
    assert de.get_attribute("html", "lang") == "de"
    finished = de.inner_text(".t-section[data-section=finished]")
    assert "Turniere" in de.inner_text("h1") and "Jeder gegen jeden" in finished
    assert f"Turniersieger: {champion}" in finished
    look(de, shots, "list-de", DESKTOP)
    look(de, shots, "list-de", PHONE)
    de.set_viewport_size(DESKTOP)
    de.goto(f"{hall.url}/tournament/{done}")
    de.wait_for_selector(".t-champion")
    assert "Abschlusstabelle" in de.inner_text(".t-main") and "Runde 3" in de.inner_text(".t-main")
    assert de.locator(".t-game a.button:has-text('Wiederholung')").count() == 6
    for size in (DESKTOP, PHONE):  # the longer German button stays within its card (it wraps below if need be)
        de.set_viewport_size(size)
        assert out_of_their_cards(de) == [], size
    de.set_viewport_size(DESKTOP)
    look(de, shots, "finished-de", DESKTOP)
    look(de, shots, "finished-de", PHONE)
    de.set_viewport_size(DESKTOP)
    de.goto(f"{hall.url}/tournament/{letters}")
    de.wait_for_selector(".t-games")
    due = de.inner_text(".t-info")
    assert "Diese Runde endet am" in due and "nach dem bisherigen Spielstand entschieden" in due, due
    look(de, shots, "turn-based-de", DESKTOP)
    look(de, shots, "turn-based-de", PHONE)
    de.set_viewport_size(DESKTOP)
    de.goto(f"{hall.url}/tournaments")
    de.wait_for_selector(f".t-row[data-tournament='{letters}']")
    assert "Runde 1 von 1, endet " in de.inner_text(f".t-row[data-tournament='{letters}'] .t-when")
    look(de, shots, "list-running-de", DESKTOP)
    look(de, shots, "list-running-de", PHONE)
    de.set_viewport_size(DESKTOP)
    de.goto(f"{hall.url}/player/{champion}")
    de.wait_for_selector(".player-tournaments")
    assert "Turniersieger" in de.inner_text(".player-tournaments")
    look(de, shots, "champion-page-de", DESKTOP)
    look(de, shots, "champion-page-de", PHONE)
    de.set_viewport_size(DESKTOP)
    de.goto(f"{hall.url}/seasons/toy")
    de.wait_for_selector(".season .t-standings")
    assert "Diese Saison" in de.inner_text(".season h2") and "Liga" in de.inner_text(".season thead")
    look(de, shots, "season-de", DESKTOP)
    look(de, shots, "season-de", PHONE)
    assert not errors and not bob_errors and not de_errors, (errors, bob_errors, de_errors)
    de_ctx.close()
    bob_ctx.close()
    ctx.close()
