"""Structured tensors of a seat's view, per game: the observation, and the information state.

``observation(view)`` is what the seat sees now, in the game's layout (``layout(game)``: named slices,
documented slice by slice in docs/research.md); it reads only the view, so it holds nothing the seat may
not know. Its size is fixed per game and player count (``observation_size``).

``information_state(view, recall)`` is the observation followed by what the seat has seen happen
(``recall_layout``): per seat (relative to the viewer), how often it was seen to take each action id (its own
actions all, the others' when the game shows them: ``public_actions``); how many actions each seat took
that the viewer could not see; the number of decisions so far; and the 16 bytes of the digest of
everything the viewer has seen happen (its own actions and the events shown to it, in order: the digest
``information_state_string`` ends with), each divided by 255. The digest makes the tensor as fine as the
information state: two histories give equal tensors exactly when the seat cannot tell them apart (up to a
128-bit hash collision), with perfect recall and a fixed size; the other slices carry the same history
in a form a network can use.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

import numpy as np

from longhouse import games
from longhouse.adapters.action_space import space
from longhouse.adapters.layout import Floats, Layout, Placement, Slice
from longhouse.adapters.layout import relative as relative  # re-exported: seats in tensors are relative
from longhouse.adapters.tensors import five_tribes, manitoba, manitou

Observe = Callable[[dict[str, Any], Floats, Placement], None]

LAYOUTS: dict[str, Layout] = {"manitou": manitou.LAYOUT, "manitoba": manitoba.LAYOUT,
                              "five_tribes": five_tribes.LAYOUT}
_OBSERVE: dict[str, Observe] = {"manitou": manitou.observe, "manitoba": manitoba.observe,
                                "five_tribes": five_tribes.observe}
#: Per game, the action types (the JSON ``type``) another seat does not see a seat take: Manitou's picks
#: of a hunting party, Five Tribes' cards put in a suit for sale (shown when sold).
HIDDEN_TYPES: dict[str, frozenset[str]] = {"manitou": frozenset({"pick"}), "manitoba": frozenset(),
                                           "five_tribes": frozenset({"suit"})}
DIGEST_BYTES = 16


@cache
def recall_layout(game_name: str) -> Layout:
    """The recall slices of a game's information-state tensor (after the observation's)."""
    return Layout("recall", [
        Slice("seen_actions", ("P", "A"), "per seat, how often I saw it take each action id (A: the game's "
              "action ids)"),
        Slice("hidden_actions", ("P",), "per seat, actions it took that I could not see"),
        Slice("steps", (1,), "decisions taken so far in the game"),
        Slice("digest", (DIGEST_BYTES,), "the digest of all I have seen happen, byte by byte / 255"),
    ], {"A": len(space(game_name))})


def layout(game_name: str) -> Layout:
    """The observation layout of a game."""
    return LAYOUTS[game_name]


@cache
def observation_at(game_name: str, players: int) -> Placement:
    games.get(game_name).check_players(players)
    return LAYOUTS[game_name].at(players)


@cache
def recall_at(game_name: str, players: int) -> Placement:
    return recall_layout(game_name).at(players)


def observation_size(game_name: str, players: int) -> int:
    return observation_at(game_name, players).size


def information_state_size(game_name: str, players: int) -> int:
    return observation_size(game_name, players) + recall_at(game_name, players).size


@cache
def public_actions(game_name: str) -> np.ndarray[Any, np.dtype[np.bool_]]:
    """Per action id, whether the other seats see a seat take it."""
    ids = space(game_name)
    hidden = HIDDEN_TYPES[game_name]
    public = np.ones(len(ids), np.bool_)
    for i, _text, data in ids.rows():
        if data.get("type", data.get("kind")) in hidden:
            public[i] = False
    return public


def observe_into(view: dict[str, Any], out: Floats) -> None:
    """Write ``view``'s observation into ``out`` (``observation_size`` floats; overwritten)."""
    header = view["header"]
    at = observation_at(header["game"], header["num_players"])
    out[:] = 0.0
    _OBSERVE[header["game"]](view, out, at)


def observation(view: dict[str, Any]) -> Floats:
    """``view``'s observation tensor: a new array of ``observation_size`` floats."""
    header = view["header"]
    out = observation_at(header["game"], header["num_players"]).zeros()
    _OBSERVE[header["game"]](view, out, observation_at(header["game"], header["num_players"]))
    return out


class Recall:
    """What each seat has seen happen in one game: the decisions (mover, action id) in order, and per seat
    the digest of its own actions and the events shown to it. Immutable: ``after`` returns a new one, so
    copies of a game's state share it."""

    __slots__ = ("digests", "game_name", "history", "players")

    def __init__(self, game_name: str, players: int, history: tuple[tuple[int, int], ...] = (),
                 digests: tuple[str, ...] | None = None) -> None:
        self.game_name = game_name
        self.players = players
        self.history = history
        self.digests = ("",) * players if digests is None else digests

    def __deepcopy__(self, memo: dict[int, Any]) -> Recall:
        return self  # immutable: a copied state shares it (OpenSpiel clones states by deep copy)

    def after(self, seat: int, action_id: int, shown: Sequence[Sequence[str]]) -> Recall:
        """The recall once ``seat`` took ``action_id`` and each seat was shown the texts ``shown[p]``."""
        text = space(self.game_name).text(action_id)
        digests = list(self.digests)
        for p in range(self.players):
            seen = [f"I played {text}", *shown[p]] if p == seat else list(shown[p])
            if seen:
                digests[p] = fold(digests[p], "\n".join(seen))
        return Recall(self.game_name, self.players, (*self.history, (seat, action_id)), tuple(digests))

    def into(self, viewer: int, out: Floats) -> None:
        """Write the recall slices for ``viewer`` into ``out`` (``recall_at(...).size`` floats)."""
        at = recall_at(self.game_name, self.players)
        n, actions = self.players, len(public_actions(self.game_name))
        out[:] = 0.0
        if self.history:
            made = np.array(self.history, np.int64)
            movers, ids = made[:, 0], made[:, 1]
            slots = (movers - viewer) % n
            seen = (movers == viewer) | public_actions(self.game_name)[ids]
            k = at.placed["seen_actions"].offset
            out[k:k + n * actions] = np.bincount(slots[seen] * actions + ids[seen], minlength=n * actions)
            k = at.placed["hidden_actions"].offset
            out[k:k + n] = np.bincount(slots[~seen], minlength=n)
        out[at.placed["steps"].offset] = len(self.history)
        digest = self.digests[viewer]
        if digest:
            k = at.placed["digest"].offset
            out[k:k + DIGEST_BYTES] = np.frombuffer(bytes.fromhex(digest), np.uint8) / 255.0


def fold(digest: str, text: str) -> str:
    """The digest of ``digest`` followed by ``text`` (16 bytes of BLAKE2b, as hex)."""
    return hashlib.blake2b(f"{digest}\n{text}".encode(), digest_size=DIGEST_BYTES).hexdigest()


def information_state(view: dict[str, Any], recall: Recall) -> Floats:
    """The information-state tensor of ``view``'s seat: its observation, then its recall."""
    header = view["header"]
    size = observation_size(header["game"], header["num_players"])
    out = np.zeros(information_state_size(header["game"], header["num_players"]), np.float32)
    observe_into(view, out[:size])
    recall.into(header["viewer"] or 0, out[size:])
    return out


def markdown(game_name: str) -> str:
    """The observation layout's table with the sizes at each player count (for docs/research.md)."""
    game = games.get(game_name)
    counts = range(game.min_players, game.max_players + 1)
    sizes = ", ".join(f"{observation_size(game_name, n):,} at {n} players" for n in counts)
    return f"{LAYOUTS[game_name].markdown()}\n\nSize: {sizes}."
