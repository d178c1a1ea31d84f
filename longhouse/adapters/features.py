"""A seat's view as research libraries take it: canonical text, and a fixed-size vector of numbers.

``view_text`` is the view as compact JSON with sorted keys (ASCII only), so equal views give equal text.

``encode`` turns a view into ``FEATURES`` floats by feature hashing (Weinberger et al. 2009), so that
every game, at every player count, has one fixed-size encoding without a hand-written schema: each leaf
of the view is a feature named by its path (list positions included, e.g. ``board/17/meeples/0``);
a number adds its value to the feature's bucket, any other leaf (a name, a flag, ``null``) adds 1 to
the bucket of ``path=value``. Each feature name is hashed (BLAKE2b) to a bucket and a sign, so
collisions cancel out on average instead of piling up. The same view always gives the same vector, and
a seat's view holds only what that seat may know, so its vector holds nothing more.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import numpy as np
import numpy.typing as npt

#: The length of every encoding.
FEATURES = 4096

_names: dict[tuple[str, Any], str] = {}
_buckets: dict[str, int] = {}
_leaf_buckets: dict[tuple[Any, ...], int] = {}
_CACHE_LIMIT = 1_000_000


def view_text(view: dict[str, Any]) -> str:
    """The view as canonical JSON text."""
    return json.dumps(view, sort_keys=True, separators=(",", ":"))


def _bucket(name: str) -> int:
    """The feature's bucket, signed: ``index + 1`` for +1, ``-(index + 1)`` for -1."""
    found = _buckets.get(name)
    if found is None:
        digest = int.from_bytes(hashlib.blake2b(name.encode(), digest_size=8).digest(), "little")
        found = (digest % FEATURES) + 1
        if (digest >> 63) & 1:
            found = -found
        if len(_buckets) < _CACHE_LIMIT:
            _buckets[name] = found
    return found


def _name(path: str, key: Any, sep: str) -> str:
    found = _names.get((path, key))
    if found is None:
        found = f"{path}{sep}{key}"
        if len(_names) < _CACHE_LIMIT:
            _names[(path, key)] = found
    return found


def _leaf_bucket(path: str, key: Any, value: Any) -> int:
    """The bucket of a leaf: ``path/key`` for a number (``value`` is ``None`` then), else
    ``path/key=value``."""
    name = _name(path, key, "/")
    bucket = _bucket(name) if value is _NUMBER else _bucket(f"{name}={value}")
    if len(_leaf_buckets) < _CACHE_LIMIT:
        _leaf_buckets[path, key, value] = bucket
    return bucket


_NUMBER = object()


def _walk(node: Any, path: str, buckets: list[int], values: list[float]) -> None:
    """Append the bucket and value of every leaf under ``node`` (a dict or a list) at ``path``."""
    cache = _leaf_buckets
    for key, child in (node.items() if type(node) is dict else enumerate(node)):
        kind = type(child)
        if kind is dict or kind is list or kind is tuple:
            _walk(child, _name(path, key, "/"), buckets, values)
            continue
        if kind is int or kind is float:
            found = cache.get((path, key, _NUMBER))
            buckets.append(found if found is not None else _leaf_bucket(path, key, _NUMBER))
            values.append(child)
        elif kind is str or kind is bool or child is None:
            found = cache.get((path, key, child))
            buckets.append(found if found is not None else _leaf_bucket(path, key, child))
            values.append(1.0)
        else:
            raise TypeError(f"a view holds JSON values only, not {kind.__name__} at {path}/{key}")


def encode_into(view: dict[str, Any], out: npt.NDArray[np.float32]) -> None:
    """Write the view's encoding into ``out`` (``FEATURES`` floats)."""
    buckets: list[int] = []
    values: list[float] = []
    _walk(view, "", buckets, values)
    signed = np.asarray(buckets, dtype=np.int64)
    weights = np.asarray(values, dtype=np.float64) * np.sign(signed)
    out[:] = np.bincount(np.abs(signed) - 1, weights=weights, minlength=FEATURES)


def encode(view: dict[str, Any]) -> npt.NDArray[np.float32]:
    """The view's encoding: a new array of ``FEATURES`` floats."""
    out = np.zeros(FEATURES, np.float32)
    encode_into(view, out)
    return out
