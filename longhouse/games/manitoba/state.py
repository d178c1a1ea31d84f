"""A Manitoba position, as data: plain lists of ints and a task stack (``tasks``), with the small helpers the
rules use and what follows from the data alone (whose move, the scores, the winners).

The rules that change it are in ``flow`` (the task stack: turns, seasons, the end), ``paths``, ``goods``,
``events`` and ``scoring``; ``play`` binds them to the engine contract. Copies and snapshots are driven
by the field list (``engine.fields``), so a new field is one entry."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Self

from longhouse.engine.errors import SnapshotError
from longhouse.engine.events import Event
from longhouse.engine.fields import Fields
from longhouse.engine.rng import Rng
from longhouse.engine.seats import seat_name
from longhouse.engine.state import JSON, Action, Game, State
from longhouse.engine.text import Text, _
from longhouse.engine.undo import TurnUndo, TurnUndoState
from longhouse.games.manitoba import actions as A
from longhouse.games.manitoba import data as D
from longhouse.games.manitoba import recent, saved
from longhouse.games.manitoba import tasks as T
from longhouse.games.manitoba.recent import SCORING_BEGUN, SCORING_EVENTS, TALLY_KINDS, TALLY_STARTS
from longhouse.games.manitoba.rulings import TIE_WAMPUM, Options
from longhouse.games.manitoba.territory import Territory, area_name, build

#: Score-breakdown categories, in the order of the score sheet.
CATEGORIES = ("vision", "wake_ups", "events", "scorings", "final_scoring", "wampum")
CAT_VISION, CAT_WAKE, CAT_EVENTS, CAT_SCORINGS, CAT_FINAL, CAT_WAMPUM = range(6)


player_name = seat_name
_new = object.__new__


class ManitobaState(TurnUndoState, State):
    """The data of a Manitoba position."""

    game: ClassVar[Game]

    FIELDS = Fields(
        values=("n", "wampum_total", "wampum_supply", "season", "card_idx", "round_no", "active", "start", "over",
                "acting_seats", "undo_cut"),
        lists=("supply", "area_good", "area_cree", "wigwam", "square", "score", "wa", "wi", "firsts", "totem",
               "taken", "rest", "cards", "tiles", "tile_pile", "drawn", "tasks", "unfolded"),
        tables=("bd", "pos", "decks"),
        cubes=("sectors", "cere"),
        copies=("rng",),
        # never changed in place: the options, the territory, the goods in the game, the legal actions, and
        # the last moves and scoring the board shows with the actions not folded into them yet (recent.py)
        shared=("opts", "terr", "goods_total", "legal", "marks", "mark_seat", "tally", "scoring", "ended_round",
                "ended_scoring", "unfolded_round", "unfolded_scoring"),
        json={"n": "players", "round_no": "round", "bd": "breakdown", "pos": "paths", "cere": "ceremonial",
              "wa": "wampum_active", "wi": "wampum_inactive"},
        unsaved=("acting_seats", "undo_cut", "unfolded"),
        # a copy starts with no events, no cut in the undo and no undo record
        fresh={"events": [], "undo_cut": False, "undo_turn": None},
    )
    __slots__ = (*FIELDS.names(), "events", "undo_turn")

    n: int
    opts: Options
    terr: Territory
    rng: Rng
    supply: list[int]
    goods_total: list[int]
    wampum_total: int
    area_good: list[int]
    area_cree: list[int]
    wigwam: list[int]
    square: list[int]
    score: list[int]
    bd: list[list[int]]
    sectors: list[list[list[int]]]
    cere: list[list[list[int]]]
    wa: list[int]
    wi: list[int]
    pos: list[list[int]]
    firsts: list[int]
    wampum_supply: int
    totem: list[int]
    taken: list[int]
    rest: list[int]
    season: int
    cards: list[int]
    card_idx: int
    tiles: list[int]
    decks: list[list[int]]
    tile_pile: list[int]
    drawn: list[int]
    round_no: int
    active: int
    start: int
    tasks: list[T.Task]
    over: bool
    events: list[Event]
    legal: list[A.Act]
    acting_seats: tuple[int, ...]
    #: set by a rule when hidden cards are laid out: the turn's steps can no longer be taken back
    undo_cut: bool
    #: the active player's undoable steps this turn (from the totem choice), or None
    undo_turn: TurnUndo | None
    #: each seat's last moves as the board marks them, whose they are, and the scoring being tallied
    #: (recent.py)
    marks: list[list[dict[str, Any]]]
    mark_seat: int
    tally: dict[str, Any] | None
    #: the actions applied since ``marks`` and ``tally`` were last brought up to date (``recent.settle``):
    #: an older round's holding the last scoring, those of the round that ended last, and those of the
    #: round under way (which began as round ``unfolded_round``); whether the two hold scoring events
    scoring: list[recent.Entry] | None
    ended_round: list[recent.Entry] | None
    ended_scoring: int
    unfolded: list[recent.Entry]
    unfolded_round: int
    unfolded_scoring: int

    def __init__(self, n: int, opts: Options, terr: Territory, rng: Rng, start: int, totem: list[int],
                 decks: list[list[int]], tile_pile: list[int]) -> None:
        """The position before the winter solstice (set-up steps 1-8): ``start`` holds the totem, ``totem``
        is top to bottom, ``decks`` the event cards per season, ``tile_pile`` the score tiles in draw order."""
        self.n = n
        self.opts = opts
        self.terr = terr
        self.rng = rng
        each, feathers = D.GOODS_BY_PLAYERS[n]
        self.goods_total = [each, each, each, each, feathers]
        self.wampum_total = D.WAMPUM_BY_PLAYERS[n]
        self.wampum_supply = self.wampum_total
        # each area begins with a good of its landscape (landscape i yields good i), from the supply (in C: every
        # game is set up, and a loop over the areas weighed in a random playout)
        land = terr.land
        self.area_good = list(land)
        self.supply = [total - land.count(good) for good, total in enumerate(self.goods_total)]
        self.area_cree = [-1] * len(land)
        self.wigwam = [D.CREE_IN_WIGWAM] * n
        self.square = [D.CREE_ON_SQUARE] * n
        self.score = [0] * n
        self.bd = [[0] * 6 for _ in range(n)]
        self.sectors = [[[], [], [], []] for _ in range(n)]
        self.cere = [[[], []] for _ in range(n)]
        self.wa = [0] * n
        self.wi = [0] * n
        self.pos = [[0] * 4 for _ in range(n)]
        self.firsts = [0] * 28
        self.totem = totem
        self.taken = []
        self.rest = []
        self.season = D.WINTER
        self.cards = [D.CARD_SOLSTICE] + ([D.CARD_WINTER2] if n in (2, 4) else [])
        self.card_idx = 0
        self.tiles = []
        self.decks = decks
        self.tile_pile = tile_pile
        self.drawn = []
        self.round_no = 0
        self.active = start
        self.start = start
        self.tasks = []
        self.over = False
        self.events = []
        self.legal = []
        self.acting_seats = ()
        self.undo_cut = False
        self.undo_turn = None
        self.marks = [[] for _ in range(n)]
        self.mark_seat = -1
        self.tally = None
        self.scoring = self.ended_round = None
        self.unfolded = []
        self.unfolded_round = self.round_no
        self.ended_scoring = self.unfolded_scoring = recent.NO_SCORING

    @property
    def num_players(self) -> int:  # type: ignore[override]
        return self.n

    # --- small helpers used by the rules -------------------------------------------------------------

    def log(self, kind: str, text: Text, /, **data: Any) -> None:
        # ``kind`` and ``text`` positional-only: a call's keywords (the event's data) are then matched against
        # no parameter name, where CPython 3.11 otherwise compares each keyword with every name twice (by
        # identity, then by value), 2 % of a random playout at two events an action
        # the Event made without calling its class (whose dataclass __init__ runs through a C slot in a fresh run
        # of the interpreter): the same four fields set, at two events an action
        event: Event = _new(Event)
        event.kind = kind
        event.text = text
        event.data = data
        event.seats = None
        self.events.append(event)
        if kind in TALLY_KINDS:  # the round under way holds scoring events (recent.py)
            self.unfolded_scoring = SCORING_BEGUN if kind in TALLY_STARTS else self.unfolded_scoring or SCORING_EVENTS

    def add_points(self, seat: int, category: int, points: int) -> None:
        if points == 0:
            return
        if self.opts.clamp_scores and self.score[seat] + points < 0:
            points = -self.score[seat]
        self.score[seat] += points
        self.bd[seat][category] += points

    def push(self, task: T.Task) -> None:
        self.tasks.append(task)

    def exempt(self, seat: int, good: int) -> bool:
        path, space = D.EXEMPTION[good]
        return self.pos[seat][path] >= space

    def final_round(self) -> bool:
        return self.season == D.AUTUMN and self.card_idx == len(self.cards) - 1

    def cree_on_territory(self, seat: int) -> int:
        return self.area_cree.count(seat)

    def seats_from_active(self) -> list[int]:
        return [(self.active + i) % self.n for i in range(self.n)]

    # --- what follows from the data --------------------------------------------------------------

    def acting(self) -> tuple[int, ...]:
        return self.acting_seats

    def clock_turn(self) -> int:
        """A round is a turn for the clocks (RULEBOOK "Course of the Game": each round one player is active,
        the others passive, then an event or a scoring): a seat earns the increment once per round, however
        often play comes back to it within the round."""
        return self.round_no

    def describe_action(self, action: Action) -> Text:
        """The action in words, naming areas as the board and the move log do ("Hills 2")."""
        terr = self.terr
        return A.describe(action, lambda area: area_name(terr, area) if 0 <= area < terr.size else
                          _("area {n}", n=area))

    def is_over(self) -> bool:
        return self.over

    def scores(self) -> list[int]:
        return list(self.score)

    def score_breakdown(self) -> list[dict[str, int]]:
        return [dict(zip(CATEGORIES, row, strict=True)) for row in self.bd]

    def winners(self) -> list[int]:
        if not self.over:
            return []
        best = max(self.score)
        tied = [s for s in range(self.n) if self.score[s] == best]
        if self.opts.tie_break == TIE_WAMPUM and len(tied) > 1:
            key = {s: (self.wa[s], -self.wigwam[s]) for s in tied}
            top = max(key.values())
            tied = [s for s in tied if key[s] == top]
        return tied

    # --- copies and snapshots ------------------------------------------------------------------------

    def core_json(self) -> JSON:
        recent.settle(self)
        return {
            "game": "manitoba",
            "options": self.opts.to_json(),
            "territory": self.terr.to_json(),
            "goods_total": self.goods_total[:],
            "legal": [a.to_json() for a in self.legal],
            "marks": saved.marks_to_json(self.marks),  # the texts in them stay texts of the catalogs (saved.py)
            "mark_seat": self.mark_seat,
            "tally": saved.tally_to_json(self.tally),
            **ManitobaState.FIELDS.to_json(self),
            "tasks": [t.to_json() for t in self.tasks],
        }

    @classmethod
    def _undo_record(cls, data: Mapping[str, Any]) -> Any:
        """The undo record; in a snapshot of rules version 1 its steps have the tag ``kind``, read as ``type``."""
        record = data["undo"]
        if isinstance(record, dict) and isinstance(record.get("steps"), list):
            record = {**record, "steps": [A.v1_to_json(step) for step in record["steps"]]}
        return record

    def _undo_position(self) -> Any:
        """The board's record of the last moves and the last scoring (``marks``, ``tally``) without its
        texts: a snapshot of an older version holds them in that version's English words (saved.py), which
        the steps replayed now write anew."""
        return saved.untexted(self.core_json())

    @classmethod
    def core_from_json(cls, d: Mapping[str, Any]) -> Self:
        if not isinstance(d, Mapping) or d.get("game") != "manitoba":
            raise SnapshotError("not a Manitoba snapshot")
        st = object.__new__(cls)
        ManitobaState.FIELDS.read(st, d, _field_value)
        st.opts = Options(**d["options"])
        terr = d["territory"]
        st.terr = build([(int(t), bool(r)) for t, r in terr["tiles"]], str(terr["layout"]))
        st.rng = Rng.from_json(d["rng"])
        st.goods_total = [int(v) for v in d["goods_total"]]
        st.tasks = [T.from_json(t) for t in d["tasks"]]  # [kind, seat, x, y, z] in a snapshot of rules version 1
        st.legal = [_action(a) for a in d["legal"]]
        st.events = []
        st.acting_seats = () if st.over or not st.tasks else (st.tasks[-1].seat,)
        st.undo_cut = False
        st.undo_turn = None
        marks = d.get("marks")  # absent in snapshots made before the board marked last moves
        st.marks = saved.marks_from_json(marks) if marks is not None else [[] for _ in range(st.n)]
        if len(st.marks) != st.n:
            raise SnapshotError("marks must list one entry per seat")
        st.mark_seat = int(d.get("mark_seat", -1))
        st.scoring = st.ended_round = None
        st.unfolded = []
        st.unfolded_round = st.round_no
        st.ended_scoring = st.unfolded_scoring = recent.NO_SCORING
        tally = d.get("tally")
        st.tally = saved.tally_to_json(tally, read=True)
        return st


def _action(raw: Any) -> A.Act:
    """A legal action in a snapshot: its JSON, or ``[kind number, a, b]`` in a snapshot of rules version 1."""
    return A.from_v1_triple(raw) if isinstance(raw, list) else A.read_v1(raw)


def _field_value(name: str, raw: Any) -> Any:
    if name == "over":
        return bool(raw)
    if name == "tasks":
        return raw  # read by core_from_json
    return int(raw)


def card_symbol(card: int, opts: Options) -> tuple[int, tuple[int, ...]]:
    """The event symbol and goods of an event card, with the ``wake_event`` option applied."""
    _season, symbol, goods = D.EVENT_CARDS[card]
    if opts.wake_event and card == D.WAKE_EVENT_REPLACES:
        return D.EV_WAKE, ()
    return symbol, goods

