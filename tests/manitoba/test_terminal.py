"""The terminal drawing of a view works on every state of a game, for every seat and a spectator."""

from __future__ import annotations

import io

from rich.console import Console

from longhouse.engine.rng import Rng
from longhouse.games.manitoba import GAME
from longhouse.games.manitoba.terminal import render


def test_render_every_state_of_a_random_game() -> None:
    st = GAME.new_state(4, 3)
    rng = Rng(3)
    console = Console(width=160, record=True, file=io.StringIO())  # drawn, shown nowhere (no file left open)
    count = 0
    while True:
        for seat in (None, st.acting()[0] if st.acting() else 0):
            console.print(render(st.view(seat), seat))
        count += 1
        if st.is_over():
            break
        seat = st.acting()[0]
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    text = console.export_text()
    assert "Manitoba" in text and "Territory" in text and "Game over" in text
    assert count > 50
