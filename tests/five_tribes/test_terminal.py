"""The terminal drawing of a view, in English and in German (``longhouse play five_tribes --lang de``): every
label of the drawing in the language asked for."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from longhouse.engine.rng import Rng
from longhouse.engine.text import ENGLISH, Words
from longhouse.games.five_tribes import GAME
from longhouse.games.five_tribes.terminal import render
from longhouse.i18n.catalogs import translator

from .helpers import random_game


def _text(view: dict[str, object], seat: int | None) -> str:
    console = Console(width=140, record=True, color_system=None)
    console.print(render(view, seat))
    return console.export_text()


def test_render_shows_the_board_and_hides_others_gold() -> None:
    st = GAME.new_state(3, 4)
    out = _text(st.view(0), 0)
    assert "a1" in out and "f5" in out and "Market:" in out and "◆ Red (you)" in out
    assert out.count("?") >= 2  # the others' gold
    assert out.count("0 hidden") == 2  # the others' cards: how many, not which


def test_render_a_finished_game() -> None:
    st = random_game(2, 3)
    out = _text(st.view(None), None)
    assert "Final scores" in out


def test_longhouse_play_five_tribes_runs_a_whole_game_in_the_terminal() -> None:
    import io

    from longhouse.cli.play import TerminalPlay

    console = Console(width=120, record=True, color_system=None, file=io.StringIO())
    answers = iter(["u", "1"] + ["1"] * 5000)
    play = TerminalPlay(GAME, 3, {0}, "random", 11, console, lambda prompt: next(answers))
    assert play.run() == 0
    assert play.state.is_over()
    assert "Game over" in console.export_text()


def drawn_game(words: Words) -> tuple[str, int]:
    """Every 8th state of a seeded 3-player game and its end, drawn for its acting seat and a spectator; and the
    number of states played."""
    st = GAME.new_state(3, 5)
    rng = Rng(5)
    console = Console(width=160, record=True, color_system=None, file=io.StringIO())
    count = 0
    while True:
        if count % 8 == 0 or st.is_over():
            for seat in (None, st.acting()[0] if st.acting() else 0):
                console.print(render(st.view(seat), seat, words))
        count += 1
        if st.is_over():
            break
        seat = st.acting()[0]
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    return console.export_text(), count


@pytest.mark.parametrize(("lang", "present", "absent"), [
    ("en", ["Round 1", "Market:", "Djinns on display:", "Bag:", "Palm Trees left:", "Turn order track:", "Bid order:",
            "Players", "gold", "camels", "Viziers", "Elders", "cards", "(you)", "Final scores:", "Village",
            "Y Vizier", "R Assassin", "◆ Red"],
     ["Runde", "Markt", "Spieler", "Dorf", "Kamel"]),
    ("de", ["Runde 1", "Markt:", "Ausliegende Dschinns:", "Beutel:", "Palmen übrig:", "Zugreihenfolge:",
            "Gebotsreihenfolge:", "Spieler", "Gold", "Kamele", "Wesire", "Älteste", "Karten", "(du)",
            "Endwertung:", "Dorf", "Y Wesir", "R Assassine", "◆ Rot"],
     ["Round", "Market", "Djinns on display", "Bag", "left:", "Turn order", "Bid order", "Players", "camels",
      "Viziers", "Elders", "cards", "(you)", "Final scores", "Village", "Sacred", "Oasis", "market", "hidden",
      "In hand", "path:", "palm", "palace", "camel ", "Red", "Blue", "to play", "Being sold", "\u00ad"]),
])
def test_a_game_is_drawn_in_the_language_asked_for(lang: str, present: list[str], absent: list[str]) -> None:
    text, count = drawn_game(ENGLISH if lang == "en" else translator(lang))
    assert count > 50
    for word in present:
        assert word in text, word
    for word in absent:
        assert word not in text, word
