"""A table's hall settings, chosen when it is created: time control, privacy, bots for away players, rematch.

They are the hall's, not the game's (the game's own variants are the table's ``options``), and are stored
as JSON beside the table (``PeopleStore.table_hall``).
"""

from __future__ import annotations

import secrets
from dataclasses import asdict, dataclass, replace
from typing import Any

from longhouse.server.clocks import TimeControl, time_control


@dataclass(frozen=True)
class TableSettings:
    #: A key of ``clocks.TIME_CONTROLS``.
    time_control: str = "untimed"
    #: Not listed in the lobby; joined with the invitation link (``invite``).
    private: bool = False
    invite: str | None = None
    #: The creator's choice: when a person is away while it is their turn, a bot plays for them after the
    #: time control's grace period (they can take the seat back).
    away_bot: bool = True
    #: The finished table this one is the rematch of, and the rematch table a finished one led to.
    rematch_of: int | None = None
    rematch: int | None = None
    #: The seats whose players resigned the running game, in the order they did (``resign.py``).
    resigned: tuple[int, ...] = ()

    @property
    def control(self) -> TimeControl:
        return time_control(self.time_control)

    @classmethod
    def create(cls, time: str | None, private: bool, away_bot: bool, rematch_of: int | None = None) -> TableSettings:
        """New settings from the lobby's choices; ValueError (naming the choices) for an unknown time control."""
        control = time_control(time)
        return cls(control.key, private, secrets.token_urlsafe(12) if private else None, away_bot, rematch_of)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableSettings:
        known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
        if "resigned" in known:
            known["resigned"] = tuple(int(seat) for seat in known["resigned"])
        return cls(**known)

    def with_rematch(self, table_id: int) -> TableSettings:
        return replace(self, rematch=table_id)

    def public(self) -> dict[str, Any]:
        """What every client may see (never the invitation token)."""
        control = self.control
        return {"key": control.key, "title": control.title, "private": self.private, "away_bot": self.away_bot,
                "grace": control.grace}
