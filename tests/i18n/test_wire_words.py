"""A table's ``state`` messages carry their texts as data (``i18n/wire.py``), and the browser puts them into
words (``web/i18n.js``'s ``words``): for every text of whole games of each game, the browser's words are the
hall's own (``Msg.render`` through the catalogs), in English and in German, with the catalog the hall serves
the browser (``/i18n/<lang>.json``): nothing a state message carries is missing from it."""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path
from typing import Any

import pytest

from longhouse import games
from longhouse.engine.seats import seat_word
from longhouse.engine.text import ENGLISH, _, ngettext
from longhouse.i18n import wire
from longhouse.i18n.catalogs import browser_catalog_text, translator
from longhouse.i18n.wire import from_wire, words_of
from longhouse.server.state_texts import StateTexts

ROOT = Path(__file__).resolve().parents[2]

# Reads {"catalog": ..., "texts": [...]} on stdin, writes each text in the catalog's language.
RENDER = """
import { readFileSync } from "node:fs";
import { render, useCatalog } from "./longhouse/web/i18n.js";
const job = JSON.parse(readFileSync(0, "utf8"));
useCatalog(job.catalog);
console.log(JSON.stringify(job.texts.map(render)));
"""


def texts_in(value: Any, into: dict[str, Any]) -> None:
    """Every text (a ``$t``, ``$l`` or ``$j`` form) in decoded JSON, by its JSON."""
    if isinstance(value, dict):
        if "$t" in value or "$l" in value or "$j" in value:
            into[json.dumps(value, sort_keys=True)] = value
            return
        for item in value.values():
            texts_in(item, into)
    elif isinstance(value, list):
        for item in value:
            texts_in(item, into)


def game_texts(name: str, players: int, seed: int) -> list[Any]:
    """The texts of every seat's and the spectator's whole state messages along a random game."""
    game = games.get(name)
    state = game.new_state(players, seed)
    rng = random.Random(seed)
    found: dict[str, Any] = {}
    events: list[Any] = []
    version = 0
    while True:
        texts = StateTexts(game)  # whole messages, every one
        for text, _sent in texts.texts(state, version, "running", None, [(s, None) for s in [None, *range(players)]],
                                       events, None):
            texts_in(json.loads(text), found)
        if state.is_over():
            return list(found.values())
        seat = rng.choice(state.acting())
        events = state.apply(seat, rng.choice(state.legal_actions(seat)))
        version += 1


def browser_words(lang: str, texts: list[Any]) -> list[str]:
    job = json.dumps({"catalog": json.loads(browser_catalog_text(lang)), "texts": texts})
    out = subprocess.run(["node", "--input-type=module", "-e", RENDER], cwd=ROOT, input=job, capture_output=True,
                         text=True, check=True, timeout=120)
    return list(json.loads(out.stdout))


@pytest.mark.parametrize("name", games.names())
def test_the_browser_writes_every_text_of_a_game_as_the_hall_does(name: str) -> None:
    texts = game_texts(name, 3, seed=4)
    assert len(texts) > 50
    for lang in ("en", "de"):
        words = translator(lang)
        assert browser_words(lang, texts) == [words.text(from_wire(text)) for text in texts], lang
    german = sum(words_of(text, translator("de")) != words_of(text, ENGLISH) for text in texts)
    assert german > len(texts) // 2, "most of a game's texts read otherwise in German"


def test_only_the_parameters_a_text_names_leave_the_hall() -> None:
    """A parameter given but not written in the text's words (a card the text does not show) is not sent:
    as when the hall rendered the words, nothing more than they say reaches the reader."""
    sent = json.loads(wire.text(_("{seat} draws a card", seat=seat_word(0), card="Q")))
    assert sent == {"$t": "{seat} draws a card", "seat": {"$t": "Red"}}
    counted = json.loads(wire.text(ngettext("a card", "{n} cards", 3, hidden="Q")))
    assert counted == {"$t": "a card", "$pl": "{n} cards", "$n": 3, "n": 3}
    assert words_of(counted, translator("en")) == "3 cards"
