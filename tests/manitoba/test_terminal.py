"""The terminal drawing of a view works on every state of a game, for every seat and a spectator, in English
and in German (``longhouse play manitoba --lang de``): every label of the drawing in the language asked for."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from longhouse.engine.rng import Rng
from longhouse.engine.text import ENGLISH, Words
from longhouse.games.manitoba import GAME
from longhouse.games.manitoba.terminal import render
from longhouse.i18n.catalogs import translator


def drawn_game(words: Words) -> tuple[str, int]:
    st = GAME.new_state(4, 3)
    rng = Rng(3)
    console = Console(width=160, record=True, file=io.StringIO())
    count = 0
    while True:
        for seat in (None, st.acting()[0] if st.acting() else 0):
            console.print(render(st.view(seat), seat, words))
        count += 1
        if st.is_over():
            break
        seat = st.acting()[0]
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    return console.export_text(), count


@pytest.mark.parametrize(("lang", "present", "absent"), [
    ("en", ["Manitoba", "Territory", "Villages", "Game over. Winners:", "score tiles (3, 5):", "totem:", "supply:",
            "paths H/G/W/S", "storage Bi/Be/Ho/Ca", "(you)", "to decide:", "round 1 of", "Winter", "wigwam"],
     ["Gebiet", "Dörfer", "Runde"]),
    ("de", ["Manitoba", "Territorium", "Dörfer", "Spielende. Gewinner:", "Wertungsplättchen (3, 5):", "Totem:",
            "Vorrat:", "Pfade J/S/K/S", "Lager Bi/Be/Pf/Ka", "(du)", "Am Zug:", "Runde 1 von", "Wigwam", "Bisons"],
     ["Territory", "Villages", "Game over", "score tiles", "totem:", "supply:", "taken", "beside", "round",
      "(you)", "to decide", "wigwam", "square", "storage", "exempt", "bison", "berries", "prai", "moun",
      "Scoring", "Solstice", "\u00ad"]),
])
def test_every_state_is_drawn_in_the_language_asked_for(lang: str, present: list[str], absent: list[str]) -> None:
    text, count = drawn_game(ENGLISH if lang == "en" else translator(lang))
    assert count > 50
    for word in present:
        assert word in text, word
    for word in absent:
        assert word not in text, word
