"""JSON text joined without decoding it again: the one place the server splices encoded JSON.

The hall encodes a part of a message once and sends it to many (a view's shared keys, a table's summary, the
lobby's greeting); these helpers join such texts into the message around them. Each takes and gives JSON text
as msgspec writes it (no spaces), so that a joined message is byte for byte the message encoded whole.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import msgspec

from longhouse.engine.text import english_hook

_encoder = msgspec.json.Encoder(enc_hook=english_hook)  # texts (Msg) in English
#: msgspec's encoder, for loops that encode many values (bytes: ``.decode()`` them).
encode_bytes = _encoder.encode

#: Member names whose text is kept (``"key":``): far more than any message or view has.
KEYS_KEPT = 1024
_keys: dict[str, str] = {}


def encoded(value: Any) -> str:
    """``value`` as JSON text."""
    return _encoder.encode(value).decode()


def member(key: str, value: str) -> str:
    """``"key":value``: one member of an object, its value already JSON text."""
    prefix = _keys.get(key)
    if prefix is None:
        if len(_keys) > KEYS_KEPT:
            _keys.clear()
        prefix = _keys[key] = f"{_encoder.encode(key).decode()}:"
    return prefix + value


def opened(value: dict[str, Any]) -> str:
    """The object's text without its closing brace (``{"a":1``), for members to be added (``closed``)."""
    return _encoder.encode(value).decode()[:-1]


def closed(head: str, members: str) -> str:
    """An object whose text was ``opened`` (and is not empty), with ``members`` (``"k":v,...``) added after."""
    return f"{head},{members}}}"


def members(value: dict[str, Any]) -> str:
    """The object's members as text, without its braces (``"a":1,"b":2``): to join into another object."""
    return _encoder.encode(value).decode()[1:-1]


def listed(texts: Iterable[str]) -> str:
    """A JSON array of values already JSON text."""
    return f"[{','.join(texts)}]"
