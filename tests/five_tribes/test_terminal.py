"""The terminal drawing of a view."""

from __future__ import annotations

from rich.console import Console

from longhouse.games.five_tribes import GAME
from longhouse.games.five_tribes.terminal import render

from .helpers import random_game


def _text(view: dict[str, object], seat: int | None) -> str:
    console = Console(width=140, record=True, color_system=None)
    console.print(render(view, seat))
    return console.export_text()


def test_render_shows_the_board_and_hides_others_gold() -> None:
    st = GAME.new_state(3, 4)
    out = _text(st.view(0), 0)
    assert "a1" in out and "f5" in out and "Resource row" in out and "◆ Red (you)" in out
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
