"""Five Tribes in German: the move log's lines, the actions' words, the phase, the refusals and the game's
description, as the server encodes them for a German reader (``StateTexts``, the translators' encoders), and
their English unchanged for an English one (docs/i18n.md; the terms: its glossary)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from longhouse import games
from longhouse.engine.errors import IllegalAction
from longhouse.engine.events import Event
from longhouse.engine.state import State
from longhouse.i18n.catalogs import translator
from longhouse.i18n.errors import error_text
from longhouse.i18n.wire import words_of
from longhouse.server.state_texts import StateTexts

GAME = games.get("five_tribes")


def _play(seed: int, steps: int) -> tuple[State, list[Event]]:
    """A game of 3 played at random for ``steps`` actions, with every event it made."""
    rng = random.Random(seed)
    state = GAME.new_state(3, seed)
    events: list[Event] = []
    for _i in range(steps):
        if state.is_over():
            break
        seat = state.acting()[0]
        events += state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state, events


def _messages(state: State, events: list[Event]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The acting seat's whole ``state`` message in English and in German."""
    seat = state.acting()[0] if state.acting() else None
    [(text, _sent)] = StateTexts(GAME).texts(state, 1, "running", None, [(seat, None)], events, None)
    return words_of(json.loads(text), translator("en")), words_of(json.loads(text), translator("de"))


def test_a_turn_reaches_a_german_reader_in_german_and_an_english_one_in_english() -> None:
    state = GAME.new_state(3, 7)
    events: list[Event] = []
    # the three bids of the first round, then the first player's pick-up
    for _i in range(3):
        seat = state.acting()[0]
        events += state.apply(seat, state.legal_actions(seat)[0])
    en, de = _messages(state, events)
    assert en["view"]["header"]["phase"].startswith("Round 1: ") and en["view"]["header"]["phase"].endswith(
        " is choosing a tile to pick up meeples")
    assert de["view"]["header"]["phase"].startswith("Runde 1: ") and de["view"]["header"]["phase"].endswith(
        " wählt ein Plättchen, um Meeples aufzunehmen")
    assert [e["text"].split(" ", 1)[1] for e in de["events"][:1]] == ["bietet für das Feld 18 und zahlt 18"]
    assert en["events"][0]["text"].endswith(" bids for the 18 spot, paying 18")
    assert de["events"][-1]["text"].endswith(" ist am Zug") and en["events"][-1]["text"].endswith(" plays")
    assert all(t.startswith("Die Meeples auf ") and t.endswith(" aufnehmen") for t in de["legal_text"])
    assert all(t.startswith("Pick up the meeples on ") for t in en["legal_text"])


def test_every_kind_of_event_and_action_has_german_words() -> None:
    de = translator("de")
    english_words = set()
    kinds: dict[str, str] = {}
    for seed in (3, 4, 5):
        _state, events = _play(seed, 900)
        for e in events:
            kinds.setdefault(e.kind, de.text(e.text))
            english_words.add(str(e.text))
    assert {"bid", "turn", "pick", "drop", "collect", "round", "end"} <= set(kinds)
    german = " ".join(kinds.values())
    for word in ("bietet", "ist am Zug", "nimmt", "legt", "sammelt", "Runde", "Das Spiel ist vorbei"):
        assert word in german
    # no English left in the German lines (the seat names and Djinns' names are names)
    for english in (" picks up ", " drops ", " collects ", " bids for ", " plays", "Round ", "The game is over"):
        assert english not in german
    assert any(" picks up " in w for w in english_words)


@pytest.mark.parametrize(("text", "german"), [
    ("drop eY", "Nach Osten einen Wesir ablegen"),
    ("kill c3 W", "Auf c3 einen Ältesten ermorden"),
    ("kill seat1 Y", "Aus dem Vorrat von Blau einen Wesir ermorden"),
    ("fakirs 1", "1 Fakir für den Bonus abwerfen"),
    ("fakirs 2", "2 Fakire für den Bonus abwerfen"),
    ("bid 12 k2", "Für das Feld 12 bieten und mit Kumarbi 2 Fakire abwerfen"),
    ("summon Iblis EF", "Iblis nehmen und einen Ältesten und einen Fakir zahlen"),
    ("buy fi,wh 6", "Fisch und Weizen für 6 Gold kaufen"),
    ("power Anun-Nak E c3", "Anun-Nak auf c3 nutzen und einen Ältesten zahlen"),
    ("skip", "Auf die Plättchenaktion verzichten"),
    ("end", "Den Zug beenden"),
])
def test_the_actions_words_in_german(text: str, german: str) -> None:
    words = GAME.describe_action(GAME.action_from_text(text))
    assert translator("de").text(words) == german
    assert translator("en").text(words) == str(words)


def test_a_refusal_is_in_the_readers_language() -> None:
    with pytest.raises(IllegalAction) as refused:
        GAME.action_from_text("pick z9")
    assert str(refused.value) == "'z9' is not a tile (a1 to f5)"
    assert translator("de").text(error_text(refused.value)) == "'z9' ist kein Plättchen (a1 bis f5)"


def test_the_description_names_tribes_tiles_djinns_and_cards_in_german() -> None:
    de = json.loads(translator("de").encode(GAME.describe()))
    en = json.loads(translator("en").encode(GAME.describe()))
    assert [t["plural"] for t in de["tribes"]] == ["Wesire", "Älteste", "Händler", "Baumeister", "Assassinen"]
    assert [t["name"] for t in en["tribes"]] == ["Vizier", "Elder", "Merchant", "Builder", "Assassin"]
    assert {de["tiles"][c]["name"] for c in ("V", "S6", "O", "SM", "LM")} == {
        "Dorf", "Heilige Stätte", "Oase", "Kleiner Markt", "Großer Markt"}
    assert [r["name"] for r in de["resources"]][:3] == ["Elfenbein", "Juwelen", "Gold"]
    djinns = {d["name"]: d for d in de["djinns"]}
    assert djinns["Enki"]["text"] == "Stelle 1 Palme auf eine beliebige Oase."
    assert djinns["Leta"]["cost_text"] == "2 Älteste oder 1 Ältester und 1 Fakir"
    assert [row["label"] for row in de["score_sheet"]][:2] == ["Goldmünzen", "Wesire"]
    assert de["payments"]["EF"] == "einen Ältesten und einen Fakir"
    # the flat facts the research adapters read stay the same in every language
    assert de["tile_kinds"] == en["tile_kinds"] == ["Village", "Sacred Place", "Oasis", "Small Market", "Large Market"]
