"""The tournaments' and seasons' refusals in the reader's language: ``Refusal`` carries a message of the
catalogs (``longhouse.i18n``), ``refusal`` answers it with ``language.answer``; another module's ``Refused``
(``read_json``, ``same_origin``, ``admin_of``) is answered as that module words it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from longhouse.i18n import Msg, joined
from longhouse.server.accounts import Refused, refused
from longhouse.server.language import answer


class Refusal(Refused):
    """A refused request whose text is a message of the catalogs."""

    def __init__(self, status: int, text: Msg) -> None:
        super().__init__(status, str(text))
        self.text = text


def refusal(request: Request, exc: Refused) -> Response:
    """The answer to a refused request: ours in the request's language, another module's as it words it."""
    if isinstance(exc, Refusal):
        return answer(request, {"error": exc.text}, status_code=exc.status)
    return refused(exc)


def choices(items: Iterable[Any]) -> Msg:
    """The names to choose from, "a, b, c" (names, not words: the same in every language)."""
    return joined(", ", [str(x) for x in items])
