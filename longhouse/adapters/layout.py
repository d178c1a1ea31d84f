"""Fixed tensor layouts: named slices of one flat float32 vector, each with a shape and a meaning.

A ``Layout`` is data: a list of ``Slice`` (name, shape, meaning), where a shape may use ``"P"`` for the
player count (and other names the layout is given, such as ``"A"``); ``Layout.at(players)`` resolves it
into offsets and a total size. The same layout documents itself (``markdown``), so the tables in
docs/research.md are made from the code that fills the tensors.

Seats in every layout are *relative to the viewer*: slot 0 is the seat the tensor is for, slot 1 the next
seat in play order, and so on (a network then sees "me" in one place whatever seat it plays).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from math import prod
from typing import Any

import numpy as np
import numpy.typing as npt

Dim = int | str
Floats = npt.NDArray[np.float32]


@dataclass(frozen=True)
class Slice:
    """One named part of a tensor: its shape (``"P"`` is the player count) and what each entry means."""

    name: str
    shape: tuple[Dim, ...]
    meaning: str

    def resolved(self, players: int, dims: dict[str, int]) -> tuple[int, ...]:
        return tuple(players if d == "P" else dims[d] if isinstance(d, str) else d for d in self.shape)


@dataclass(frozen=True)
class Part:
    """A slice at one player count: where it starts and its resolved shape."""

    name: str
    offset: int
    shape: tuple[int, ...]

    @property
    def size(self) -> int:
        return prod(self.shape)


class Layout:
    """A tensor's slices, in order; ``at(players)`` places them."""

    def __init__(self, name: str, slices: list[Slice], dims: dict[str, int] | None = None) -> None:
        names = [s.name for s in slices]
        if len(set(names)) != len(names):
            raise ValueError(f"{name}: slice names repeat")
        self.name = name
        self.slices = tuple(slices)
        self.dims = dict(dims or {})

    def at(self, players: int) -> Placement:
        return Placement(self, players)

    def markdown(self) -> str:
        """The layout as a Markdown table: slice, shape, meaning (sizes at 2, 3 and 4 players below it)."""
        rows = ["| slice | shape | meaning |", "|---|---|---|"]
        for s in self.slices:
            shape = "(" + ", ".join(str(d) for d in s.shape) + ("," if len(s.shape) == 1 else "") + ")"
            rows.append(f"| `{s.name}` | {shape} | {s.meaning} |")
        return "\n".join(rows)


class Placement:
    """A layout at one player count: each slice's offset and shape, the total size, and views into a tensor."""

    def __init__(self, layout: Layout, players: int) -> None:
        self.layout = layout
        self.players = players
        placed: dict[str, Part] = {}
        offset = 0
        for s in layout.slices:
            p = Part(s.name, offset, s.resolved(players, layout.dims))
            placed[s.name] = p
            offset += p.size
        self.placed = placed
        self.size = offset

    @cached_property
    def offsets(self) -> dict[str, int]:
        return {name: p.offset for name, p in self.placed.items()}

    def part(self, tensor: Floats, name: str) -> Floats:
        """The slice ``name`` of ``tensor`` as an array of its shape (a view: writing to it writes the tensor)."""
        p = self.placed[name]
        part: Floats = tensor[p.offset:p.offset + p.size].reshape(p.shape)
        return part

    def parts(self, tensor: Floats) -> dict[str, Floats]:
        """Every slice of ``tensor``, by name (views)."""
        return {name: self.part(tensor, name) for name in self.placed}

    def zeros(self) -> Floats:
        return np.zeros(self.size, np.float32)

    def describe(self) -> list[dict[str, Any]]:
        return [{"name": p.name, "offset": p.offset, "shape": list(p.shape)} for p in self.placed.values()]


def relative(seat: int, viewer: int, players: int) -> int:
    """A seat's slot in a tensor for ``viewer``: 0 is the viewer, then the seats after it in play order."""
    return (seat - viewer) % players
