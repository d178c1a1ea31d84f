"""The tutorials' texts go through the message catalog: the extractor (``learn/extract.py``, registered in
``babel.cfg``) hands ``pybabel extract`` exactly the texts the tutorials show, every one of them has a German
entry (translated, not fuzzy). That a tutorial asked for in German is German: tests/server/test_learn_api.py."""

from __future__ import annotations

import io
from typing import Any

import pytest
from babel.messages.extract import extract_from_dir

from longhouse.engine.text import Msg
from longhouse.i18n.catalogs import read_catalog, translator
from longhouse.i18n.tools import ROOT, extract
from longhouse.learn import available, tutorial
from longhouse.learn.extract import extract_lessons, texts, words
from longhouse.learn.lessons import HERE, read


def shown(name: str) -> set[str]:
    """Every catalog text a tutorial shows: the names, the rules, each lesson's, each step's and the end's."""
    t = tutorial(name)
    found: list[Any] = [*t.names, *t.rules.values(), t.summary]
    for lesson in t.lessons:
        found += [lesson.title, lesson.text, lesson.rule]
    for step in t.steps:
        found += [step.say, step.do, step.why, step.rule]
    assert all(isinstance(text, Msg) or text == "" for text in found)  # no text is shown outside the catalog
    return {text.id for text in found if isinstance(text, Msg)}


def extracted(name: str) -> set[str]:
    path = HERE / f"{name}.toml"
    return {message for _, _, message, _ in extract_lessons(io.BytesIO(path.read_bytes()), {}, [], {})}


@pytest.mark.parametrize("name", available())
def test_the_extractor_finds_exactly_the_texts_the_tutorial_shows(name: str) -> None:
    assert extracted(name) == shown(name)
    assert len(extracted(name)) > 80
    assert all(where and value for where, value in texts(read(HERE / f"{name}.toml")) if value)


def test_babel_cfg_runs_the_extractor_over_every_lesson_file() -> None:
    template = extract()
    for name in available():
        for message in shown(name):
            entry = template.get(message)
            assert entry is not None, message
            assert f"longhouse/learn/{name}.toml" in {path for path, _ in entry.locations}
    # Babel's own walk over the tree, with the same map, finds them too
    method_map = [("longhouse/learn/*.toml", "longhouse.learn.extract.extract_lessons")]
    found = {m for _, _, m, _, _ in extract_from_dir(str(ROOT), method_map, {})}
    assert shown("manitoba") <= found


@pytest.mark.parametrize("name", available())
def test_every_lesson_text_has_a_german_entry(name: str) -> None:
    catalog = read_catalog("de")
    for message in shown(name):
        entry = catalog.get(message)
        assert entry is not None and entry.string and not entry.fuzzy, message
        assert entry.string != message or len(message) < 12, message  # translated, not copied
    de = translator("de")
    assert de.gettext(str(tutorial(name).lessons[0].title)) != str(tutorial(name).lessons[0].title)


def test_a_text_is_its_words_single_spaced() -> None:
    assert words("Manitou is played\n   over three hunts. ") == "Manitou is played over three hunts."
