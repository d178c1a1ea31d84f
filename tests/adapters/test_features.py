"""The view encoding: fixed size, the same in every process, numbers by value and names by presence."""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pytest

from longhouse.adapters.features import FEATURES, encode, view_text


def test_numbers_add_their_value_and_other_leaves_count_once() -> None:
    vector = encode({"gold": 7, "hand": ["C", "C"], "over": False, "nested": {"x": None}})
    assert vector.shape == (FEATURES,) and vector.dtype == np.float32
    assert sorted(abs(v) for v in vector[np.flatnonzero(vector)]) == [1.0, 1.0, 1.0, 1.0, 7.0]
    assert not np.array_equal(encode({"gold": 7}), encode({"gold": 8}))
    assert not np.array_equal(encode({"hand": ["C"]}), encode({"hand": ["M"]}))
    with pytest.raises(TypeError, match="JSON values"):
        encode({"bad": {1, 2}})


def test_the_encoding_and_text_are_the_same_in_another_process() -> None:
    view = {"b": [1, "x"], "a": {"c": True}}
    here = encode(view)
    code = ("import json; from longhouse.adapters.features import encode; "
            f"print(json.dumps(encode({view!r}).tolist()))")
    there = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert np.array_equal(here, np.array(json.loads(there), np.float32))
    assert view_text(view) == '{"a":{"c":true},"b":[1,"x"]}'
