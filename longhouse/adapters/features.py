"""A seat's view as research libraries take it as text: ``view_text``, the view as compact JSON with sorted
keys (ASCII only), so equal views give equal text. As numbers, see ``longhouse.adapters.tensors``."""

from __future__ import annotations

import json
from typing import Any

from longhouse.engine.text import json_default


def view_text(view: dict[str, Any]) -> str:
    """The view as canonical JSON text."""
    return json.dumps(view, sort_keys=True, separators=(",", ":"), default=json_default)
