"""Manitou's terminal drawing on every state of a game, for a seat or a spectator, in English and in German
(``longhouse play --lang de``): the texts in the language asked for, at 80 columns nothing cut short."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from longhouse.engine.rng import Rng
from longhouse.engine.text import ENGLISH, Words
from longhouse.games.manitou import GAME
from longhouse.games.manitou.terminal import render
from longhouse.i18n.catalogs import translator


def drawn_game(words: Words) -> str:
    st = GAME.new_state(4, 7)
    rng = Rng(7)
    console = Console(width=80, record=True, file=io.StringIO())
    step = 0
    while True:  # each state drawn once: for the acting seat, every third one for a spectator
        viewer = None if step % 3 == 0 or not st.acting() else st.acting()[0]
        console.print(render(st.view(viewer), viewer, words))
        step += 1
        if st.is_over():
            break
        seat = st.acting()[0]
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    return console.export_text()


@pytest.mark.parametrize(("lang", "present", "absent"), [
    ("en", ["Hunt 1 of 3", "Ground 1: buffalo", "pelt robbers", "Hunt 3 scores", "You are ◆ Red.", "chief"],
     ["Jagd", "Häuptling"]),
    ("de", ["Jagd 1 von 3", "Jagdgebiet 1: Büffel", "Fellräuber", "Wertung der Jagd 3", "Du bist ◆ Rot.",
            "Häuptling", "Medizinmann", "Geber"],
     ["Hunt", "Ground", "buffalo", "prisoners", "chief", "You are", "\u00ad"]),
])
def test_every_state_is_drawn_in_the_language_asked_for(lang: str, present: list[str], absent: list[str]) -> None:
    text = drawn_game(ENGLISH if lang == "en" else translator(lang))
    for word in present:
        assert word in text, word
    for word in absent:
        assert word not in text, word
    assert "…" not in text  # no heading or name cut short at 80 columns
