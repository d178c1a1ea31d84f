"""An engine error's text for a reader: the ``Msg`` it was raised with (translated when sent), else its
English words (``engine/errors.py``, re-exported for the hall)."""

from __future__ import annotations

from longhouse.engine.errors import error_text

__all__ = ["error_text"]
