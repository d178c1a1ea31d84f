"""The tutorials' texts as catalog entries: which fields of a lesson file (``<game>.toml``) are texts a reader
meets, the form they are shown in, and the Babel extractor that hands them to ``pybabel extract``
(``babel.cfg``: ``[longhouse.learn.extract.extract_lessons: longhouse/learn/*.toml]``).

A text's message id is its words with the file's line breaks and indentation made single spaces (``words``),
which is also how ``lessons.py`` reads it: the catalog's entry and the text the tutorial shows are one string.
The game's title is a name (the hall's, never translated); the seats' names, the rules of the action kinds,
every lesson's ``title``, ``text`` and ``rule``, every step's ``say``, ``do``, ``why`` and ``rule``, and the
end's ``say``, ``do`` and ``summary`` are texts.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from typing import IO, Any

#: The text fields of a lesson, of a step, and of the end.
LESSON_TEXTS = ("title", "text", "rule")
STEP_TEXTS = ("say", "do", "why", "rule")
END_TEXTS = ("say", "do", "summary")


def words(value: str) -> str:
    """A text of a lesson file as it is shown and as the catalog keys it: its words, single-spaced."""
    return " ".join(value.split())


def texts(data: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """Every text of a lesson file (parsed), each with where it is (``lesson party, step 2: why``), in the
    file's order; the raw value, not yet made single-spaced."""
    for i, name in enumerate(data.get("names", [])):
        yield f"the name of seat {i}", name
    for kind, rule in data.get("rules", {}).items():
        yield f"the rule of a forbidden {kind}", rule
    for lesson in data.get("lessons", []):
        key = lesson.get("key", "?")
        for field in LESSON_TEXTS:
            yield f"lesson {key}: {field}", lesson.get(field)
        for i, step in enumerate(lesson.get("steps", [])):
            for field in STEP_TEXTS:
                yield f"lesson {key}, step {i + 1}: {field}", step.get(field)
    end = data.get("end", {})
    for field in END_TEXTS:
        yield f"the end: {field}", end.get(field)


def extract_lessons(fileobj: IO[bytes], keywords: Any, comment_tags: Any,
                    options: Any) -> Iterator[tuple[int, None, str, list[str]]]:
    """Babel's extraction method for a lesson file: ``(line, None, message id, [where])`` for each text (the
    line of the text's first words in the file, for the translator's comment)."""
    raw = fileobj.read()
    data = tomllib.loads(raw.decode("utf-8"))
    source = raw.decode("utf-8")
    for where, value in texts(data):
        if not isinstance(value, str) or not value.strip():
            continue
        first = value.strip().splitlines()[0]
        found = source.find(first)
        line = source.count("\n", 0, found) + 1 if found >= 0 else 1
        yield line, None, words(value), [f"tutorial, {where}"]
