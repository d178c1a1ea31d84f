"""The page names the hall's time controls from its own table (web/time_controls.js), in the reader's language:
that table has every control the server offers, each under the server's English title."""

from __future__ import annotations

import re
from pathlib import Path

from longhouse.server.clocks import TIME_CONTROLS

ROOT = Path(__file__).resolve().parents[2]


def test_the_pages_time_control_names_are_the_servers() -> None:
    source = (ROOT / "longhouse" / "web" / "time_controls.js").read_text(encoding="utf-8")
    table = dict(re.findall(r'^\s*"?([\w-]+)"?: N_\("([^"]+)"\),$', source, re.MULTILINE))
    assert table == {key: control.title for key, control in TIME_CONTROLS.items()}
