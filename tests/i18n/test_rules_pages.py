"""The rules pages in other languages: each game's English rules (``web/rules/<game>.html``) have a German file
(``<game>.de.html``), and every translated file (``<game>.<lang>.html``; a language without one shows the English
rules) has the same reference tables (``data-reference`` slots, which ``rules.js`` fills from the game's
description), headings and list items as the English one, so no part is left out."""

from __future__ import annotations

import re
from pathlib import Path

RULES = Path(__file__).resolve().parents[2] / "longhouse" / "web" / "rules"


def _shape(text: str) -> tuple[list[str], int, int]:
    return re.findall(r'data-reference="(\w+)"', text), len(re.findall(r"<h2>", text)), len(re.findall(r"<li>", text))


def test_each_games_rules_in_german_and_every_translation_with_the_same_parts() -> None:
    english = {p.stem: p for p in RULES.glob("*.html") if p.name.count(".") == 1}
    assert set(english) == {"manitou", "manitoba", "five_tribes"}
    for game in english:
        assert (RULES / f"{game}.de.html").exists(), f"{game}.de.html is missing"
    for translated in RULES.glob("*.*.html"):
        game = translated.name.split(".")[0]
        assert _shape(translated.read_text()) == _shape(english[game].read_text()), translated.name
