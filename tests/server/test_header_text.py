"""The header's text the hall makes (``state_texts.header_text``: the fixed members' text made once per game
and player count, the moving members encoded per version) is byte for byte the engine's header encoded, its
texts as data (``i18n/wire.py``), and reads as the header in English and in German."""

from __future__ import annotations

import json

import msgspec
import pytest

from longhouse import games
from longhouse.engine.text import ENGLISH, english_hook
from longhouse.engine.view import shared_header
from longhouse.i18n import wire
from longhouse.i18n.catalogs import translator
from longhouse.i18n.wire import words_of
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
        text = header_text(state)
        assert text == wire.text(shared_header(state))[1:]
        data = json.loads("{" + text)
        assert words_of(data, ENGLISH) == json.loads(encoder.encode(shared_header(state)))
        assert words_of(data, german) == json.loads(german.encode(shared_header(state)))  # and in each language
