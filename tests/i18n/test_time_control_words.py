"""The time controls' titles the browser translates (``CONTROL_TITLES`` in ``web/table_choices.js``, keyed by the
control's key) are the server's titles word for word (``server/clocks.py``), so English reads the same and the
catalog's entry is the title the server sends."""

from __future__ import annotations

import re
from pathlib import Path

from longhouse.server.clocks import TIME_CONTROLS

SOURCE = Path(__file__).resolve().parents[2] / "longhouse" / "web" / "table_choices.js"


def test_the_browsers_time_control_titles_are_the_servers() -> None:
    block = SOURCE.read_text().split("const CONTROL_TITLES = {", 1)[1].split("};", 1)[0]
    found = dict(re.findall(r'"?([\w-]+)"?: N_\("([^"]+)"\)', block))
    assert found == {key: control.title for key, control in TIME_CONTROLS.items()}
