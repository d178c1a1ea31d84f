"""The game-agnostic contract: a Game describes a game, a State is one position of it.

Every game package subclasses these two classes. The server, the bots, the records and the CLI use
nothing else about a game.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping
from importlib import import_module
from typing import Any, ClassVar, Protocol

from longhouse.engine.errors import IllegalAction, SetupError
from longhouse.engine.events import Event
from longhouse.engine.options import Option
from longhouse.engine.rng import Rng
from longhouse.engine.seats import seats_json
from longhouse.engine.text import Text, _
from longhouse.engine.undo import step_index
from longhouse.engine.view import Views, header, shared_header

#: An action is a small immutable, hashable value defined by each game.
Action = Hashable
JSON = dict[str, Any]
#: Draws a view (``State.view(seat)``) in the terminal: a rich renderable.
Renderer = Callable[[JSON, "int | None"], Any]

class Notation(Protocol):
    """A game's action codecs, usually its ``actions`` module: JSON, the short text notation, and words."""

    def to_json(self, action: Any, /) -> JSON: ...

    def from_json(self, data: Any, /) -> Any: ...

    def to_text(self, action: Any, /) -> str: ...

    def from_text(self, text: Any, /) -> Any: ...

    def describe(self, action: Any, /) -> Text: ...


class Game(ABC):
    """A value describing one game: its identity, its player counts, and its codecs.

    A game whose action codecs live in one module sets ``notation`` to it; the ``action_*`` methods and
    ``describe_action`` then delegate to it. A game may instead override those methods.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    rules_version: ClassVar[str]
    #: The documented ``setup=`` keys, each with a sentence saying what it fixes: the table options below
    #: and the fixtures (deck orders, positions) that tests and puzzles use. The hall accepts only options.
    setup_keys: ClassVar[Mapping[str, str]] = {}
    #: The variants a table may choose (each also a setup key), documented and validated.
    options: ClassVar[Mapping[str, Option]] = {}
    #: The module holding the game's part of a view, its phase in words and its public scores.
    views: ClassVar[Views | None] = None

    # --- capabilities, declared (as OpenSpiel's ``GameType`` does), never found by introspection ----------
    #: The views module splits the game's part in a part every seat and the spectator see alike
    #: (``shared_view(state)``) and each seat's own (``own_view(state, seat)``), ``view`` their union: a server
    #: builds the shared part once per position (``State.view_parts``). Checked when the class is made.
    splits_views: ClassVar[bool] = False
    #: The keys of the shared part whose value object the game never changes once made (a position's copies
    #: share it): the same object under such a key in two positions has the same JSON.
    unchanging_view_keys: ClassVar[frozenset[str]] = frozenset()
    #: An action's words name things of the position (the state's ``describe_action`` is its own: Manitoba's
    #: areas), so they are made per position, never kept per action. The conformance suite checks that a game
    #: not declaring it words every legal action as ``Game.describe_action`` does.
    position_words: ClassVar[bool] = False
    #: The module drawing this game's views in the terminal with rich (its ``render(view, seat)``), by name: it
    #: is imported only to draw (``renderer()``), so the hall never loads rich. None: no drawing of its own.
    terminal: ClassVar[str | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        views = cls.__dict__.get("views", cls.views)
        if cls.splits_views and (views is None or not callable(getattr(views, "shared_view", None))
                                 or not callable(getattr(views, "own_view", None))):
            raise TypeError(f"{cls.__name__} declares splits_views but its views module has no shared_view and "
                            "own_view")
        if cls.unchanging_view_keys and not cls.splits_views:
            raise TypeError(f"{cls.__name__} names unchanging_view_keys but does not split its views")

    @abstractmethod
    def new_state(self, num_players: int, seed: int, setup: Mapping[str, Any] | None = None) -> State:
        """A fresh game. ``setup`` fixes what the seed would otherwise shuffle."""

    @abstractmethod
    def state_from_json(self, data: Mapping[str, Any]) -> State:
        """Read back a snapshot written by ``State.to_json`` (raises ``SnapshotError``)."""

    #: The module (or object) holding the action codecs; see the class docstring.
    notation: ClassVar[Notation | None] = None

    def _notation(self) -> Notation:
        if self.notation is None:
            raise TypeError(f"{type(self).__name__} sets no notation and does not override the action codecs")
        return self.notation

    def action_to_json(self, action: Action) -> JSON:
        return self._notation().to_json(action)

    def action_from_json(self, data: Any) -> Action:
        """Parse an action; garbage raises ``IllegalAction`` with a clear message."""
        parsed: Action = self._notation().from_json(data)
        return parsed

    def record_reader(self, rules_version: str) -> Callable[[Any], Action] | None:
        """How to read the actions of a record made under ``rules_version``: ``action_from_json`` for this
        version; a game whose notation changed under rules that did not returns its reader of the older
        version here, so that its stored records still replay; ``None`` for a version it cannot replay."""
        return self.action_from_json if rules_version == self.rules_version else None

    def action_to_text(self, action: Action) -> str:
        return self._notation().to_text(action)

    def action_from_text(self, text: str) -> Action:
        """Parse the short text notation; garbage raises ``IllegalAction``."""
        parsed: Action = self._notation().from_text(text)
        return parsed

    @abstractmethod
    def max_actions(self, num_players: int) -> int:
        """An upper bound on the number of actions in one game (the rulebook's bound on its length)."""

    def describe_action(self, action: Action) -> Text:
        """The action in words, for menus (the notation's words, or else the text notation)."""
        if self.notation is not None:
            return self.notation.describe(action)
        return self.action_to_text(action)

    def renderer(self) -> Renderer | None:
        """The game's own drawing of a view in the terminal (``terminal``), or None."""
        if self.terminal is None:
            return None
        render: Renderer = import_module(self.terminal).render
        return render

    def description(self) -> JSON:
        """The game's own part of its description: names, reference tables, texts (see ``describe``)."""
        return {}

    def describe(self) -> JSON:
        """Everything a client needs once to draw this game in words: identity, seats, options, and the
        game's component names and reference tables. Sent once per connection; never secret."""
        return {
            "game": self.name,
            "title": self.title,
            "rules_version": self.rules_version,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "seats": seats_json(self.max_players),
            "options": [option.to_json() for option in self.options.values()],
            **self.description(),
        }

    def check_players(self, num_players: int) -> None:
        # SetupError imported with the module, not here: every new game checks its players (an import statement
        # run on every call is a lookup of the module and of the name)
        if isinstance(num_players, bool) or not isinstance(num_players, int):
            raise SetupError(_("the number of players must be a whole number, not {n}", n=repr(num_players)[:40]))
        if not self.min_players <= num_players <= self.max_players:
            raise SetupError(_("{game} is for {low} to {high} players, not {n}", game=self.title, low=self.min_players,
                               high=self.max_players, n=num_players))

    def check_setup(self, num_players: int, setup: Mapping[str, Any] | None) -> dict[str, Any]:
        """Check the player count and that ``setup`` is an object of this game's ``setup_keys``
        (``SetupError`` otherwise); a copy of it to read from (empty for ``None``)."""
        self.check_players(num_players)
        if setup is None:
            return {}
        if not isinstance(setup, Mapping):
            raise SetupError(_("setup must be an object of setup keys, not {setup}", setup=repr(setup)[:80]))
        unknown = set(setup) - set(self.setup_keys)
        if unknown:
            raise SetupError(_("unknown {game} setup keys {keys}; known: {known}", game=self.title,
                               keys=str(sorted(unknown))[:200], known=str(sorted(self.setup_keys))))
        return dict(setup)

    def __repr__(self) -> str:
        return f"<Game {self.name}>"


class State(ABC):
    """One position of one game.

    Subclasses implement the abstract methods; ``apply`` is a template that checks the seat and the
    legality of the action before calling ``_apply``, so that an illegal action changes nothing.
    """

    game: ClassVar[Game]
    num_players: int

    # --- whose move, and what may be done -------------------------------------------------------

    @abstractmethod
    def acting(self) -> tuple[int, ...]:
        """The seats that may act now (several during a simultaneous choice); empty when over."""

    def clock_turn(self) -> int | None:
        """Which turn of the game this is, for the hall's clocks: a seat earns its time control's increment
        once per value when play passes on from it. None (the default): every hand-off is a turn."""
        return None

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now, in a stable order (empty if the seat may not act)."""

    def is_legal(self, seat: int, action: Action) -> bool:
        """Whether ``seat`` may play ``action`` now. Games override it with a cheaper test."""
        try:
            return action in self.legal_actions(seat)
        except TypeError:  # unhashable garbage
            return False

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Play ``action`` for ``seat``; raise ``IllegalAction`` and change nothing if it is illegal.

        The common legal case costs three cheap tests; anything else goes through ``_refuse``, which says
        precisely what is wrong. Games implement ``_apply`` and ``is_legal``, never this."""
        if type(seat) is int and seat in self.acting() and self.is_legal(seat, action):
            return self._apply(seat, action)
        return self._apply_checked(seat, action)

    def _apply_checked(self, seat: int, action: Action) -> list[Event]:
        """``apply`` the slow way: raise ``IllegalAction`` saying precisely why, or play the action."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.num_players:
            raise IllegalAction(_("there is no seat {seat} at this table", seat=repr(seat)))
        if self.is_over():
            raise IllegalAction(_("the game is over"))
        if seat not in self.acting():
            raise IllegalAction(_("it is not seat {seat}'s turn to act", seat=seat))
        if not self.is_legal(seat, action):
            raise IllegalAction(_("{action} is not a legal action for seat {seat} now",
                                  action=self._describe_illegal(action), seat=seat))
        return self._apply(seat, action)

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> list[Event]:
        """Play a legal action (already checked) and return what happened."""

    def _describe_illegal(self, action: Action) -> str:
        try:
            return repr(self.game.action_to_text(action))
        except Exception:  # garbage that the notation cannot print
            return repr(action)[:80]

    def describe_action(self, action: Action) -> Text:
        """The action in words in this position, for menus. By default the game's own words
        (``Game.describe_action``); a game whose words name things of the position (Manitoba's areas,
        say) overrides it so that menus, the move log and the board use the same names, and declares
        ``Game.position_words``."""
        return self.game.describe_action(action)

    # --- taking a step back ---------------------------------------------------------------------

    def undo_steps(self, seat: int) -> int:
        """How many of its own recent steps ``seat`` may take back now (0 when none)."""
        return 0

    def undo(self, seat: int, step: int = -1) -> list[Event]:
        """Take back one of ``seat``'s undoable steps (the last by default; an index among its
        ``undo_steps``, negative from the end): the engine's one scheme (``engine/undo.py``), the game's
        ``_take_back`` doing it.

        Never across a reveal of hidden information or another seat's action; raises
        ``IllegalAction`` and changes nothing when there is nothing to take back.
        """
        n = 0 if isinstance(seat, bool) or not isinstance(seat, int) else self.undo_steps(seat)
        return self._take_back(seat, step_index(n, step))

    def _take_back(self, seat: int, index: int) -> list[Event]:
        """Take back ``seat``'s undoable step ``index`` (checked: 0 to ``undo_steps(seat) - 1``) as the game
        does: a turn's steps from it on (``undo.TurnUndoState``), or that one step alone (Manitou's picks)."""
        raise IllegalAction(_("there is nothing to take back"))

    # --- the end and the score ------------------------------------------------------------------

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def scores(self) -> list[int]:
        """Each seat's score: running during the game, final when it is over."""

    @abstractmethod
    def score_breakdown(self) -> list[dict[str, int]]:
        """Per seat, per scoring category, as the rulebook's score sheet shows it."""

    def winners(self) -> list[int]:
        """The seats with the best final result (several on a shared victory); empty while running."""
        if not self.is_over():
            return []
        scores = self.scores()
        best = max(scores)
        return [seat for seat, score in enumerate(scores) if score == best]

    # --- information ----------------------------------------------------------------------------

    def view(self, seat: int | None) -> JSON:
        """Everything ``seat`` may know, JSON-ready; ``None`` is a spectator: the engine's ``header``
        (``engine/view.py``) around the game's own part from ``Game.views``."""
        views = self.game.views
        if views is None:
            raise TypeError(f"{type(self.game).__name__} sets no views module and does not override view")
        return {"header": header(self, seat), **views.view(self, seat)}

    def view_parts(self, seat: int | None) -> tuple[JSON, JSON] | None:
        """``view(seat)`` in two parts, for a server that sends a position to many: ``(shared_view(),
        own_view(seat))``. ``shared`` is what every seat and the spectator see alike (built once per position
        and shared by all); ``own`` is what only ``seat`` sees. ``view(seat)`` is ``{**shared, **own}`` with
        the header joined (``engine.view.joined``): ``shared["header"]`` is the header without ``viewer``,
        ``own`` holds no header. Keys are disjoint. None: the game does not split its views."""
        shared = self.shared_view()
        return None if shared is None else (shared, self.own_view(seat))

    def _split_views(self) -> Views | None:
        """The game's view module if the game splits its views (``Game.splits_views``); else None."""
        game = self.game
        return game.views if game.splits_views else None

    def shared_view(self) -> JSON | None:
        """The part of every view that is the same for every seat and the spectator (see ``view_parts``): the
        header without ``viewer`` and ``shared_part()``; None when the game does not split its views."""
        part = self.shared_part()
        return None if part is None else {"header": shared_header(self), **part}

    def shared_part(self) -> JSON | None:
        """The game's own part of ``shared_view`` (without the header), for a server that builds the header's
        text itself (``engine.view.fixed_header`` and ``moving_header``); None when the game does not split its
        views."""
        views = self._split_views()
        if views is None:
            return None
        part: JSON = views.shared_view(self)  # type: ignore[attr-defined]
        return part

    def own_view(self, seat: int | None) -> JSON:
        """What only ``seat`` sees (see ``view_parts``); a game that does not split: its whole view."""
        views = self._split_views()
        if views is None:
            return self.view(seat)
        own: JSON = views.own_view(self, seat)  # type: ignore[attr-defined]
        return own

    @abstractmethod
    def clone(self) -> State:
        """An independent deep copy."""

    @abstractmethod
    def determinize(self, seat: int, rng: Rng) -> State:
        """A copy in which everything hidden from ``seat`` is re-dealt at random, consistent with
        what ``seat`` has seen. The copy's own future randomness is re-seeded from ``rng`` too."""

    @abstractmethod
    def to_json(self) -> JSON:
        """A full snapshot that ``Game.state_from_json`` reads back exactly."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and other.game is self.game and other.to_json() == self.to_json()

    __hash__ = None  # type: ignore[assignment]
