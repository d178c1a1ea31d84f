"""Seeded randomness owned by a state.

A tiny splitmix64 generator: its whole state is one 64-bit integer, so a snapshot holds it exactly and
the same seed gives the same sequence on every machine and Python version.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

from longhouse.engine.errors import SnapshotError

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_new = object.__new__


def seed_to_int(seed: int | str) -> int:
    """Map any int or string seed onto 64 bits (stable across runs and machines)."""
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise TypeError(f"a seed is an int or a str, not {type(seed).__name__}")
    if isinstance(seed, int) and 0 <= seed <= _MASK:
        return seed
    digest = hashlib.sha256(str(seed).encode()).digest()
    return int.from_bytes(digest[:8], "big")


class Rng:
    """splitmix64; deterministic, serializable as one integer."""

    __slots__ = ("state",)

    def __init__(self, seed: int | str = 0) -> None:
        self.state = seed_to_int(seed)

    def next64(self) -> int:
        self.state = (self.state + _GAMMA) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (exactly uniform: no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        # Lemire's multiply-and-shift with exact rejection: usually one multiplication, no division. The first
        # draw is next64 written out (a call saved: the bots and playouts draw on every move).
        z = self.state = (self.state + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        m = (z ^ (z >> 31)) * n
        low = m & _MASK
        if low < n:
            threshold = ((1 << 64) - n) % n
            while low < threshold:
                m = self.next64() * n
                low = m & _MASK
        return m >> 64

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self.next64() >> 11) / float(1 << 53)

    def choice(self, seq: Sequence[T]) -> T:
        if not seq:
            raise IndexError("choice from an empty sequence")
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher-Yates in place: ``below(i + 1)`` for each place from the last, written out (two calls saved
        per card: a deal shuffles every pile); the very same draws."""
        state = self.state
        for i in range(len(seq) - 1, 0, -1):
            n = i + 1
            z = state = (state + _GAMMA) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            m = (z ^ (z >> 31)) * n
            low = m & _MASK
            if low < n:  # below's exact rejection (almost never taken)
                self.state = state
                threshold = ((1 << 64) - n) % n
                while low < threshold:
                    m = self.next64() * n
                    low = m & _MASK
                state = self.state
            j = m >> 64
            seq[i], seq[j] = seq[j], seq[i]
        self.state = state

    def fork(self) -> Rng:
        """An independent generator derived from this one (advances this one once)."""
        return Rng(self.next64())

    def copy(self) -> Rng:
        # made without Rng() (whose __init__ checks a seed): a position's every copy copies its generator
        other: Rng = _new(Rng)
        other.state = self.state
        return other

    def to_json(self) -> int:
        """The whole state, for a snapshot; ``Rng.from_json`` reads it back (checked)."""
        return self.state

    @staticmethod
    def from_json(value: object) -> Rng:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 1 << 64:
            raise SnapshotError("a generator state is a 64-bit whole number")
        other = Rng()
        other.state = value
        return other

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __hash__(self) -> int:
        return hash(self.state)

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#x})"
