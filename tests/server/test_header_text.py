"""The header's text the hall makes (``state_texts.header_text``: the fixed members' text made once per game
and player count, the moving members encoded per version) is byte for byte the engine's header encoded, in
English and in German."""

from __future__ import annotations

import msgspec
import pytest

from longhouse import games
from longhouse.engine.text import english_hook
from longhouse.engine.view import shared_header
from longhouse.i18n.catalogs import translator
from longhouse.server.state_texts import header_text
from tests.engine.test_view_frame import random_states


@pytest.mark.parametrize("name", games.names())
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_header_text_is_the_header_encoded(name: str, players: int) -> None:
    encoder = msgspec.json.Encoder(enc_hook=english_hook)
    german = translator("de")
    states = random_states(name, players, seed=23, steps=3000)
    assert states[-1].is_over()
    for state in states:
        assert header_text(state) == encoder.encode(shared_header(state)).decode()[1:]
        assert header_text(state, german) == german.encode(shared_header(state))[1:]  # and in each language
