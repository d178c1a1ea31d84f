"""The views' common frame: a header the engine builds around each game's own part of a view.

Every ``State.view(seat)`` is ``{"header": ..., **game_part}``. The header says what any client needs
without knowing the game: which game and rules, the seats (colour, name, symbol), the phase in words,
who acts, the public scores and the end. Each game's ``view`` module supplies the game part, the phase in
words and its public scores through the ``Views`` protocol (``Game.views``).
"""

from __future__ import annotations

from typing import Any, Protocol

from longhouse.engine.seats import seat_name, seats_json
from longhouse.engine.text import Text

JSON = dict[str, Any]


class Framed(Protocol):
    """What the header reads of a state (``engine.state.State`` has it all; named here so that this
    module does not import the contract that imports it)."""

    @property
    def game(self) -> Any: ...

    num_players: int

    def acting(self) -> tuple[int, ...]: ...

    def is_over(self) -> bool: ...

    def winners(self) -> list[int]: ...


class Views(Protocol):
    """A game's view module: the seat's own part of the view, the phase in words, the public scores.

    A module may also split its part in two (``Game.splits_views``, see ``State.view_parts``):
    ``shared_view(state)``, what every seat and the spectator see alike, and ``own_view(state, seat)``, what
    only ``seat`` sees, under the one key ``you`` (``OWN_KEY``; None for the spectator); ``view`` is then their
    union (``split_view`` below), keys disjoint. No game part repeats a header key (the conformance suite
    checks both): the game's phase by name is its ``stage``."""

    def view(self, state: Any, seat: int | None, /) -> JSON: ...

    def phase_text(self, state: Any, /) -> Text: ...

    def public_scores(self, state: Any, /) -> list[int] | None: ...


#: The key of a split view's own part (``Views.own_view``): what only that seat sees, None for the spectator.
OWN_KEY = "you"


def header(state: Framed, seat: int | None) -> JSON:
    """The frame of ``state.view(seat)``: identical for every seat except ``viewer``; no secrets."""
    return {"viewer": seat, **shared_header(state)}


def shared_header(state: Framed) -> JSON:
    """The header without its ``viewer``: the same for every seat and the spectator, ``fixed_header`` then
    ``moving_header``."""
    return {**fixed_header(state), **moving_header(state)}


def fixed_header(state: Framed) -> JSON:
    """The header's members that a table never changes: the game, its rules, the seats (the same for every
    state of a game and player count)."""
    game = state.game
    return {
        "game": game.name,
        "title": game.title,
        "rules_version": game.rules_version,
        "num_players": state.num_players,
        "seats": seats_json(state.num_players),
    }


def moving_header(state: Framed) -> JSON:
    """The header's members that moves change: the phase in words, who acts, the public scores, the end."""
    views = state.game.views
    over = state.is_over()
    return {
        "phase": views.phase_text(state) if views is not None else ("game over" if over else "in play"),
        "acting": list(state.acting()),
        "scores": views.public_scores(state) if views is not None else None,
        "over": over,
        "winners": state.winners(),
    }


def acting_words(state: Framed, doing: str) -> str:
    """"Red and Blue are choosing …" style words for the seats acting now, for ``phase_text``."""
    names = [seat_name(s) for s in state.acting()]
    if not names:
        return "nobody is to act"
    who = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f"{who} {'is' if len(names) == 1 else 'are'} {doing}"


def split_view(shared: JSON, own: JSON) -> JSON:
    """A game's view part joined from its shared and own parts (``Views.shared_view``, ``Views.own_view``)."""
    return {**shared, **own}


def joined(shared: JSON, own: JSON, seat: int | None) -> JSON:
    """``State.view(seat)`` from its two parts (``State.view_parts``)."""
    return {**shared, **own, "header": {"viewer": seat, **shared["header"]}}
