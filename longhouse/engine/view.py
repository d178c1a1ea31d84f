"""The views' common frame: a header the engine builds around each game's own part of a view.

Every ``State.view(seat)`` is ``{"header": ..., **game_part}``. The header says what any client needs
without knowing the game: which game and rules, the seats (colour, name, symbol), the phase in words,
who acts, the public scores and the end. Each game's ``view`` module supplies the game part, the phase in
words and its public scores through the ``Views`` protocol (``Game.views``).
"""

from __future__ import annotations

from typing import Any, Protocol

import msgspec

from longhouse.engine.seats import seat_name, seats_json

JSON = dict[str, Any]

_encoder = msgspec.json.Encoder()


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

    A module may also split its part in two (see ``State.view_parts``): ``shared_view(state)``, what every
    seat and the spectator see alike, and ``own_view(state, seat)``, what only ``seat`` sees; ``view`` is then
    their union (``split_view`` below), keys disjoint. Such a module may name, in ``UNCHANGING_KEYS``, the keys of
    its shared part whose value object it never changes once made (a position's copies share it): a server that
    sees the very same object under such a key in the next position may reuse its text."""

    def view(self, state: Any, seat: int | None, /) -> JSON: ...

    def phase_text(self, state: Any, /) -> str: ...

    def public_scores(self, state: Any, /) -> list[int] | None: ...


def header(state: Framed, seat: int | None) -> JSON:
    """The frame of ``state.view(seat)``: identical for every seat except ``viewer``; no secrets."""
    return {"viewer": seat, **shared_header(state)}


def shared_header(state: Framed) -> JSON:
    """The header without its ``viewer``: the same for every seat and the spectator."""
    phase, acting, scores, over, winners = _moving(state)
    return {**_fixed(state), "phase": phase, "acting": acting, "scores": scores, "over": over, "winners": winners}


def _fixed(state: Framed) -> JSON:
    """The header's members that a table never changes: the game, its rules, the seats."""
    game = state.game
    return {
        "game": game.name,
        "title": game.title,
        "rules_version": game.rules_version,
        "num_players": state.num_players,
        "seats": seats_json(state.num_players),
    }


def _moving(state: Framed) -> tuple[str, list[int], list[int] | None, bool, list[int]]:
    """The header's members that moves change, in its order: phase in words, acting, scores, over, winners."""
    views = state.game.views
    over = state.is_over()
    phase = views.phase_text(state) if views is not None else ("game over" if over else "in play")
    scores = views.public_scores(state) if views is not None else None
    return phase, list(state.acting()), scores, over, state.winners()


#: ``_fixed``'s JSON text, by what it is made of (a handful: a game's rules version and player count).
_FIXED_TEXTS: dict[tuple[str, str, str, int], str] = {}


def shared_header_text(state: Framed) -> str:
    """``shared_header(state)`` as msgspec's JSON text, less its opening brace (``"game":...}``), for a server
    that writes the header after a ``viewer`` of its own: the fixed members' text is made once per game and
    player count, only the moving members are encoded."""
    game = state.game
    key = (game.name, game.title, game.rules_version, state.num_players)
    fixed = _FIXED_TEXTS.get(key)
    if fixed is None:
        fixed = _FIXED_TEXTS[key] = _encoder.encode(_fixed(state)).decode()[1:-1]
    phase, acting, scores, over, winners = _moving(state)
    encode = _encoder.encode
    return (f'{fixed},"phase":{encode(phase).decode()},"acting":{encode(acting).decode()},'
            f'"scores":{encode(scores).decode()},"over":{"true" if over else "false"},'
            f'"winners":{encode(winners).decode()}}}')


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
