"""The page names the hall's time controls and bot levels from its own tables (web/time_controls.js, web/bot_levels.js)
in the reader's language: those tables have every control and level the server offers, each under the server's
English name."""

from __future__ import annotations

import re
from pathlib import Path

from longhouse.server.clocks import TIME_CONTROLS

ROOT = Path(__file__).resolve().parents[2]


def test_the_pages_time_control_names_are_the_servers() -> None:
    source = (ROOT / "longhouse" / "web" / "time_controls.js").read_text(encoding="utf-8")
    table = dict(re.findall(r'^\s*"?([\w-]+)"?: N_\("([^"]+)"\),$', source, re.MULTILINE))
    assert table == {key: control.title for key, control in TIME_CONTROLS.items()}


def test_the_pages_bot_level_names_are_the_servers() -> None:
    from longhouse import bots
    from longhouse.server.bot_words import LEVEL_WORDS

    source = (ROOT / "longhouse" / "web" / "bot_levels.js").read_text(encoding="utf-8")
    table = dict(re.findall(r'^\s*(\w+): N_\("([^"]+)"\),$', source, re.MULTILINE))
    assert table == {level: str(word) for level, word in LEVEL_WORDS.items()}
    assert set(bots.levels()) <= set(table)  # every level the hall offers has its name
