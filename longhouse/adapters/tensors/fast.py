"""The fast path: a seat's observation tensor read from the state directly, for training loops (the view
is made for the hall and costs several times more). Per game it shows no more than the view and equals
``tensors.observation(state.view(seat))`` entry for entry (tests/adapters/test_fast_tensors.py checks it on
random games); it reads the games' state classes, so it is kept apart from the view-based tensors."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from longhouse.adapters.layout import Floats, Placement
from longhouse.adapters.tensors import observation_at
from longhouse.adapters.tensors.fast_five_tribes import observe_state as _five_tribes
from longhouse.adapters.tensors.fast_manitoba import observe_state as _manitoba
from longhouse.adapters.tensors.fast_manitou import observe_state as _manitou
from longhouse.engine import State

_OBSERVE: dict[str, Callable[[Any, int, Placement], Any]] = {
    "manitou": _manitou, "manitoba": _manitoba, "five_tribes": _five_tribes,
}


def observe(state: State, seat: int) -> Floats:
    """Seat ``seat``'s observation tensor of ``state``: a new array (``tensors.observation_size`` floats)."""
    name = state.game.name
    made = _OBSERVE[name](state, seat, observation_at(name, state.num_players))
    out: Floats = made if type(made) is np.ndarray else np.asarray(made, np.float32)
    return out
