"""The view as text: canonical (sorted keys, compact), so equal views give equal text in any process."""

from __future__ import annotations

import subprocess
import sys

from longhouse.adapters.features import view_text


def test_the_text_is_canonical_and_the_same_in_another_process() -> None:
    view = {"b": [1, "x"], "a": {"c": True}}
    assert view_text(view) == '{"a":{"c":true},"b":[1,"x"]}'
    code = f"from longhouse.adapters.features import view_text; print(view_text({view!r}))"
    there = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert there.strip() == view_text(view)
    assert view_text({"a": 1, "b": 2}) == view_text({"b": 2, "a": 1})
