"""Events: what happened, in words, for the move log and the client's animations."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from longhouse.engine.text import Text


@dataclass(slots=True)
class Event:
    """One thing that happened. Treat it as immutable (it is not frozen only because frozen dataclasses
    are four times slower to build, and games build one or two on every action).

    ``seats`` says who may see it: ``None`` means everybody (spectators too); a tuple names the only
    seats that may receive it (a card drawn into a hand, say). An event never carries a secret that a
    seat it is visible to may not know.
    """

    kind: str
    #: What happened in words: a text of the catalogs (``Msg``), made into the reader's language when the
    #: event is encoded for a client; ``str(text)`` is its English.
    text: Text
    data: dict[str, Any] = field(default_factory=dict)
    seats: tuple[int, ...] | None = None

    def visible_to(self, seat: int | None) -> bool:
        return self.seats is None or (seat is not None and seat in self.seats)

    def to_json(self) -> dict[str, Any]:
        """The event for a client; ``private`` marks one only some seats see (a pick, a draw), which a move
        log may fold away."""
        out: dict[str, Any] = {"kind": self.kind, "text": self.text, "data": dict(self.data)}
        if self.seats is not None:
            out["private"] = True
        return out


def visible_events(events: list[Event], seat: int | None) -> list[dict[str, Any]]:
    """The events a seat (or a spectator, ``None``) may receive, as JSON."""
    return [e.to_json() for e in events if e.visible_to(seat)]
