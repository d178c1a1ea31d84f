"""Manitoba in German: the move log, the actions' words, the phase line, the prompts, the board's reference
texts and the refusals are texts of the catalogs, sent as data (``StateTexts``, ``i18n/wire.py``) and put into
each reader's language by its side (docs/i18n.md), and German has every one of them."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from longhouse import bots, games
from longhouse.engine.errors import IllegalAction
from longhouse.engine.events import Event
from longhouse.engine.state import State
from longhouse.engine.text import Joined, Listing, Msg, plain
from longhouse.i18n.catalogs import read_catalog, translator
from longhouse.i18n.errors import error_text
from longhouse.i18n.wire import words_of
from longhouse.server.state_texts import StateTexts

GAME = games.get("manitoba")


def played(players: int, seed: int) -> Iterator[tuple[State, int, list[Event]]]:
    """A whole game of random bots: the state before each action, its seat and the events it made."""
    state = GAME.new_state(players, seed)
    seats = [bots.make("random", seed=seed * 7 + s) for s in range(players)]
    while not state.is_over():
        seat = state.acting()[0]
        before = state.clone()
        events = state.apply(seat, seats[seat].choose(state, seat))
        yield before, seat, events


def messages(value: Any) -> Iterator[Msg]:
    """Every catalog text in ``value`` (data with texts in it), the texts inside texts too."""
    if isinstance(value, Listing | Joined):
        for item in value.items:
            yield from messages(item)
    elif isinstance(value, Msg):
        yield value
        for _, item in value.params:
            yield from messages(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from messages(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from messages(item)


def test_a_game_reaches_a_german_reader_in_german_and_an_english_one_in_english() -> None:
    state = GAME.new_state(3, 4)
    texts = StateTexts(GAME)
    to = [(None, None), (None, None), (0, None), (0, None)]
    langs = ["en", "de", "de", "en"]
    seat = state.acting()[0]
    events = state.apply(seat, state.legal_actions(seat)[0])
    out = [(words_of(json.loads(text), translator(lang)), sent)
           for (text, sent), lang in zip(texts.texts(state, 1, "running", None, to, events, seat), langs, strict=True)]
    english, german = out[0][0], out[1][0]
    assert english["view"]["header"]["phase"] == "Winter solstice, before round 1 of 15: Red is storing a good"
    assert german["view"]["header"]["phase"] == "Wintersonnenwende, vor Runde 1 von 15: Rot lagert eine Ware ein"
    assert [e["text"] for e in german["events"]] == ["Rot setzt einen Cree auf Berg 1",
                                                     "Rot nimmt die Feder von Berg 1"]
    assert [e["text"] for e in english["events"]] == ["Red places a Cree on Mountain 1",
                                                      "Red takes the feather from Mountain 1"]
    # the areas by their German names ("Hügel 2") in the view
    areas = {a["name"].rsplit(" ", 1)[0] for a in german["view"]["territory"]["areas"]}
    assert areas == {"Prärie", "Wald", "Hügel", "See", "Berg"}
    mine_de, mine_en = out[2][0], out[3][0]
    assert mine_de["view"]["decision"]["prompt"] == ("Wohin legst du die Feder? Wähle ein Lager oder einen "
                                                     "Zeremonienplatz")
    assert mine_en["view"]["decision"]["prompt"] == ("Where does the feather go? Choose a storage sector or a "
                                                     "ceremonial place")
    assert mine_de["legal_text"][0] == "Ins Bisonlager legen" and mine_de["legal_text"][-1] == (
        "Auf den Zeremonienplatz mit 4 Feldern legen")
    assert mine_en["legal_text"][0] == "Put it in the bison storage sector"


def test_every_text_of_whole_games_has_its_german_and_no_count_reads_1_points() -> None:
    catalog = {m.id if isinstance(m.id, str) else m.id[0]: m for m in read_catalog("de") if m.id}
    de = translator("de")
    seen: set[str] = set()
    german: set[str] = set()
    english: set[str] = set()
    for players, seed in ((2, 11), (3, 12), (4, 13)):
        for state, seat, events in played(players, seed):
            view = state.view(seat)
            words = [state.describe_action(a) for a in state.legal_actions(seat)]
            for value in (view, words, [e.text for e in events]):
                for msg in messages(value):
                    seen.add(msg.id)
                german.add(de.encode(value))
                english.add(json.dumps(plain(value)))
        final = state.view(0)
        seen.update(m.id for m in messages(final))
    seen.update(m.id for m in messages(GAME.describe()))
    seen.discard("")  # a list or a joining of texts: no words of its own
    missing = sorted(i for i in seen if i not in catalog or not catalog[i].string or catalog[i].fuzzy)
    assert missing == []
    rendered = "\n".join(german)
    assert " 1 Punkte" not in rendered and " 1 points" not in "\n".join(english)
    assert "(s)" not in rendered and "(s)" not in "\n".join(english)
    for word in ("Wigwam", "Dorfplatz", "Visionspfad", "Zeremonienplatz", "Wampumplättchen", "Lager"):
        assert word in rendered, word


def test_the_description_names_every_component_in_german() -> None:
    de = json.loads(translator("de").encode(GAME.describe()))
    words = de["words"]
    assert words["goods"] == {"bison": "Bisons", "berry": "Beeren", "horse": "Pferde", "canoe": "Kanus",
                              "feather": "Federn"}
    assert words["paths"] == {"hunter": "Jäger", "gatherer": "Sammler", "warrior": "Krieger", "shaman": "Schamane"}
    assert words["path_places"]["shaman"] == "Schamanenpfad"
    assert words["landscapes"]["hills"] == "Hügel" and words["seasons"]["autumn"] == "Herbst"
    assert de["event_texts"]["majority"]["title"].replace("\u00ad", "") == "Mehrheit"  # a soft hyphen: its card
    assert de["path_spaces"][0][1]["text"] == "1 Punkt; wer zuerst ankommt, bekommt 2"
    assert [s["first"] for s in de["path_spaces"][0]] == [False, True, True, True, True, False]
    assert de["piece_texts"]["wampum_used"] == "genutztes Wampumplättchen: 1 Punkt am Ende"


@pytest.mark.parametrize(("text", "german"), [
    ("wampum", "schreibe 'wampum wake' oder 'wampum WARE'"),
    ("take purple", "'colour' muss eins von brown, green, beige, blue, white sein, nicht 'purple'"),
    ("place 99", "'area' muss zwischen 0 und 24 liegen, nicht 99"),
    ("place x", "'area' muss eine ganze Zahl sein, nicht 'x'"),
])
def test_a_refusal_reads_in_german(text: str, german: str) -> None:
    with pytest.raises(IllegalAction) as refused:
        GAME.action_from_text(text)
    assert translator("de").text(error_text(refused.value)) == german
