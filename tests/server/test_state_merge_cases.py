"""``server/state_merge.py`` on the cases its JavaScript twin (``web/state.js``) is tested on too
(``tests/fixtures/state_merge.json``, read by ``tests/js/state_merge.test.js``): both merge a ``state``
message the same way, or both ask for the whole state."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from longhouse.server.state_merge import Resync, merge_state

CASES: list[dict[str, Any]] = json.loads(
    (Path(__file__).resolve().parents[1] / "fixtures" / "state_merge.json").read_text())["cases"]


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_a_state_message_merges_as_the_shared_case_says(case: dict[str, Any]) -> None:
    held = copy.deepcopy(case["held"])
    if case["expect"] == "resync":
        with pytest.raises(Resync):
            merge_state(held, case["msg"])
    else:
        assert merge_state(held, case["msg"]) == case["expect"]
    assert held == case["held"]  # the state held is not changed in place


def test_the_cases_cover_whole_states_deltas_and_resyncs() -> None:
    kinds = {("base" in c["msg"], c["expect"] == "resync") for c in CASES}
    assert kinds == {(False, False), (True, False), (True, True)}
