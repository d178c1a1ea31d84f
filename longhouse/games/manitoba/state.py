"""The Manitoba state: plain lists of ints, a task stack, and the contract methods."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any, ClassVar

from longhouse.engine.errors import IllegalAction, SnapshotError
from longhouse.engine.events import Event
from longhouse.engine.rng import Rng
from longhouse.engine.seats import seat_name
from longhouse.engine.state import JSON, Action, Game, State
from longhouse.games.manitoba import actions as A
from longhouse.games.manitoba import data as D
from longhouse.games.manitoba import flow, recent
from longhouse.games.manitoba import tasks as T
from longhouse.games.manitoba.territory import Territory, area_name, build

#: Score-breakdown categories, in the order of the score sheet.
CATEGORIES = ("vision", "wake_ups", "events", "scorings", "final_scoring", "wampum")
CAT_VISION, CAT_WAKE, CAT_EVENTS, CAT_SCORINGS, CAT_FINAL, CAT_WAMPUM = range(6)


@dataclass(frozen=True, slots=True)
class Options:
    """Game options: each names an alternative to one of our rulings (data.md §10); defaults = rulings."""

    layout: str = D.LAYOUT_STANDARD
    pair_exemption: str = D.PAIR_EXEMPTION_BOTH
    autumn_tile: bool = D.AUTUMN_TILE_SCORED
    clamp_scores: bool = D.CLAMP_SCORES
    tie_break: str = D.TIE_SHARED
    wake_event: bool = D.WAKE_EVENT

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


player_name = seat_name


class ManitobaState(State):
    game: ClassVar[Game]

    __slots__ = (
        "acting_seats",
        "active",
        "area_cree",
        "area_good",
        "bd",
        "card_idx",
        "cards",
        "cere",
        "decks",
        "drawn",
        "events",
        "firsts",
        "goods_total",
        "legal",
        "mark_seat",
        "marks",
        "n",
        "opts",
        "over",
        "pos",
        "rest",
        "rng",
        "round_no",
        "score",
        "season",
        "sectors",
        "square",
        "start",
        "supply",
        "taken",
        "tally",
        "tasks",
        "terr",
        "tile_pile",
        "tiles",
        "totem",
        "undo_base",
        "undo_cut",
        "undo_seat",
        "undo_steps_list",
        "wa",
        "wampum_supply",
        "wampum_total",
        "wi",
        "wigwam",
    )

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
    undo_cut: bool
    undo_seat: int
    undo_base: ManitobaState | None
    undo_steps_list: list[A.Act]
    marks: list[list[dict[str, Any]]]
    mark_seat: int
    tally: dict[str, Any] | None

    @property
    def num_players(self) -> int:  # type: ignore[override]
        return self.n

    # --- small helpers used by the rules -------------------------------------------------------------

    def log(self, kind: str, text: str, **data: Any) -> None:
        self.events.append(Event(kind, text, data))

    def add_points(self, seat: int, category: int, points: int) -> None:
        if points == 0:
            return
        if self.opts.clamp_scores and self.score[seat] + points < 0:
            points = -self.score[seat]
        self.score[seat] += points
        self.bd[seat][category] += points

    def push(self, kind: int, seat: int = -1, x: int = -1, y: int = -1, z: int = 0) -> None:
        self.tasks.append((kind, seat, x, y, z))

    def exempt(self, seat: int, good: int) -> bool:
        path, space = D.EXEMPTION[good]
        return self.pos[seat][path] >= space

    def final_round(self) -> bool:
        return self.season == D.AUTUMN and self.card_idx == len(self.cards) - 1

    def cree_on_territory(self, seat: int) -> int:
        return self.area_cree.count(seat)

    def seats_from_active(self) -> list[int]:
        return [(self.active + i) % self.n for i in range(self.n)]

    # --- the contract --------------------------------------------------------------------------------

    def acting(self) -> tuple[int, ...]:
        return self.acting_seats

    def legal_actions(self, seat: int) -> list[Action]:
        if seat in self.acting_seats:
            return list(self.legal)
        return []

    def is_legal(self, seat: int, action: Action) -> bool:
        if seat not in self.acting_seats or isinstance(seat, bool):
            return False
        try:
            return action in self.legal and _exact(action)
        except TypeError:
            return False

    def apply(self, seat: int, action: Action) -> list[Event]:
        # The template of the base class, with the cheap checks first.
        if seat in self.acting_seats and not isinstance(seat, bool) and action in self.legal and _exact(action):
            return self._apply(seat, action)
        return super().apply(seat, action)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        assert isinstance(action, tuple)
        # Undo covers the active player's turn: a snapshot when the turn begins (the totem choice), the
        # steps after it; cut when another seat acts, a new turn begins or hidden cards are laid out.
        if self.undo_seat != seat:
            self.undo_seat = seat
            self.undo_base = self.clone() if self.tasks[-1][0] == T.TOTEM else None
            self.undo_steps_list = []
        if self.undo_base is not None:
            self.undo_steps_list.append(action)
        self.events = []
        self.undo_cut = False
        flow.act(self, action)
        flow.run(self)
        recent.fold(self, seat, self.events)
        events = self.events
        self.events = []
        if self.undo_cut or self.over:
            self.undo_seat = -1
            self.undo_base = None
            self.undo_steps_list = []
        return events

    def undo_steps(self, seat: int) -> int:
        if seat == self.undo_seat and self.undo_base is not None:
            return len(self.undo_steps_list)
        return 0

    def undo(self, seat: int, step: int = -1) -> list[Event]:
        count = self.undo_steps(seat)
        if count == 0:
            raise IllegalAction("there is nothing to take back")
        if isinstance(step, bool) or not isinstance(step, int) or not -count <= step < count:
            raise IllegalAction(f"step must be between {-count} and {count - 1}, not {step!r}")
        keep = self.undo_steps_list[: step % count]
        base = self.undo_base
        assert base is not None
        restored = base.clone()
        for action in keep:
            restored.events = []
            flow.act(restored, action)
            flow.run(restored)
            recent.fold(restored, seat, restored.events)
        restored.events = []
        for name in ManitobaState.__slots__:
            setattr(self, name, getattr(restored, name))
        self.undo_seat = seat
        self.undo_base = base
        self.undo_steps_list = list(keep)
        return [Event("undo", f"{player_name(seat)} takes back {count - len(keep)} step(s)", {"seat": seat})]

    def describe_action(self, action: Action) -> str:
        """The action in words, naming areas as the board and the move log do ("Hills 2")."""
        terr = self.terr
        return A.describe(action, lambda area: area_name(terr, area) if 0 <= area < terr.size else f"area {area}")

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
        if self.opts.tie_break == D.TIE_WAMPUM and len(tied) > 1:
            key = {s: (self.wa[s], -self.wigwam[s]) for s in tied}
            top = max(key.values())
            tied = [s for s in tied if key[s] == top]
        return tied

    # --- copies and snapshots ------------------------------------------------------------------------

    def clone(self) -> ManitobaState:
        c = object.__new__(ManitobaState)
        c.n = self.n
        c.opts = self.opts
        c.terr = self.terr
        c.rng = self.rng.copy()
        c.supply = self.supply[:]
        c.goods_total = self.goods_total
        c.wampum_total = self.wampum_total
        c.area_good = self.area_good[:]
        c.area_cree = self.area_cree[:]
        c.wigwam = self.wigwam[:]
        c.square = self.square[:]
        c.score = self.score[:]
        c.bd = [row[:] for row in self.bd]
        c.sectors = [[s[:] for s in p] for p in self.sectors]
        c.cere = [[s[:] for s in p] for p in self.cere]
        c.wa = self.wa[:]
        c.wi = self.wi[:]
        c.pos = [row[:] for row in self.pos]
        c.firsts = self.firsts[:]
        c.wampum_supply = self.wampum_supply
        c.totem = self.totem[:]
        c.taken = self.taken[:]
        c.rest = self.rest[:]
        c.season = self.season
        c.cards = self.cards[:]
        c.card_idx = self.card_idx
        c.tiles = self.tiles[:]
        c.decks = [d[:] for d in self.decks]
        c.tile_pile = self.tile_pile[:]
        c.drawn = self.drawn[:]
        c.round_no = self.round_no
        c.active = self.active
        c.start = self.start
        c.tasks = self.tasks[:]
        c.over = self.over
        c.events = []
        c.legal = self.legal
        c.acting_seats = self.acting_seats
        c.undo_cut = False
        c.undo_seat = self.undo_seat
        c.undo_base = self.undo_base  # never mutated: shared
        c.undo_steps_list = self.undo_steps_list[:]
        c.marks = self.marks  # never mutated: replaced (recent.fold)
        c.mark_seat = self.mark_seat
        c.tally = self.tally  # never mutated once shared: copied before a change (recent.fold)
        return c

    def determinize(self, seat: int, rng: Rng) -> ManitobaState:
        """Re-deal what no seat has seen: the event cards of seasons not yet laid out and the undrawn
        score tiles. Everything else in Manitoba is open information."""
        c = self.clone()
        # sorted before shuffled: the re-deal depends only on ``rng``, never on the real order (hints rely on it)
        for season in range(D.SPRING, D.AUTUMN + 1):
            if season > c.season:
                c.decks[season - 1].sort()
                rng.shuffle(c.decks[season - 1])
        c.tile_pile.sort()
        rng.shuffle(c.tile_pile)
        c.rng = rng.fork()
        c.undo_seat = -1
        c.undo_base = None
        c.undo_steps_list = []
        return c

    def to_json(self) -> JSON:
        d = self._core_json()
        d["undo"] = (
            None if self.undo_base is None else {
                "seat": self.undo_seat,
                "base": self.undo_base._core_json(),
                "steps": [A.to_json(a) for a in self.undo_steps_list],
            }
        )
        return d

    def _core_json(self) -> JSON:
        return {
            "game": "manitoba",
            "players": self.n,
            "options": self.opts.to_json(),
            "territory": self.terr.to_json(),
            "rng": self.rng.state,
            "supply": self.supply[:],
            "goods_total": self.goods_total[:],
            "wampum_total": self.wampum_total,
            "area_good": self.area_good[:],
            "area_cree": self.area_cree[:],
            "wigwam": self.wigwam[:],
            "square": self.square[:],
            "score": self.score[:],
            "breakdown": [row[:] for row in self.bd],
            "sectors": [[s[:] for s in p] for p in self.sectors],
            "ceremonial": [[s[:] for s in p] for p in self.cere],
            "wampum_active": self.wa[:],
            "wampum_inactive": self.wi[:],
            "paths": [row[:] for row in self.pos],
            "firsts": self.firsts[:],
            "wampum_supply": self.wampum_supply,
            "totem": self.totem[:],
            "taken": self.taken[:],
            "rest": self.rest[:],
            "season": self.season,
            "cards": self.cards[:],
            "card_idx": self.card_idx,
            "tiles": self.tiles[:],
            "decks": [d[:] for d in self.decks],
            "tile_pile": self.tile_pile[:],
            "drawn": self.drawn[:],
            "round": self.round_no,
            "active": self.active,
            "start": self.start,
            "tasks": [list(t) for t in self.tasks],
            "over": self.over,
            "legal": [list(a) for a in self.legal],
            "marks": [list(m) for m in self.marks],
            "mark_seat": self.mark_seat,
            "tally": self.tally,
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> ManitobaState:
        try:
            st = cls._core_from_json(d)
            u = d["undo"]
            if u is None:
                st.undo_seat, st.undo_base, st.undo_steps_list = -1, None, []
            else:
                st.undo_seat = int(u["seat"])
                st.undo_base = cls._core_from_json(u["base"])
                st.undo_steps_list = [A.from_json(a) for a in u["steps"]]
        except SnapshotError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError, IllegalAction) as exc:
            raise SnapshotError(f"not a Manitoba snapshot: {exc!r}") from exc
        return st

    @classmethod
    def _core_from_json(cls, d: Mapping[str, Any]) -> ManitobaState:
        if not isinstance(d, Mapping) or d.get("game") != "manitoba":
            raise SnapshotError("not a Manitoba snapshot")
        st = object.__new__(ManitobaState)
        st.n = int(d["players"])
        st.opts = Options(**d["options"])
        terr = d["territory"]
        st.terr = build([(int(t), bool(r)) for t, r in terr["tiles"]], str(terr["layout"]))
        st.rng = Rng(int(d["rng"]))

        def ints(x: Any) -> list[int]:
            return [int(v) for v in x]

        st.supply = ints(d["supply"])
        st.goods_total = ints(d["goods_total"])
        st.wampum_total = int(d["wampum_total"])
        st.area_good = ints(d["area_good"])
        st.area_cree = ints(d["area_cree"])
        st.wigwam = ints(d["wigwam"])
        st.square = ints(d["square"])
        st.score = ints(d["score"])
        st.bd = [ints(r) for r in d["breakdown"]]
        st.sectors = [[ints(s) for s in p] for p in d["sectors"]]
        st.cere = [[ints(s) for s in p] for p in d["ceremonial"]]
        st.wa = ints(d["wampum_active"])
        st.wi = ints(d["wampum_inactive"])
        st.pos = [ints(r) for r in d["paths"]]
        st.firsts = ints(d["firsts"])
        st.wampum_supply = int(d["wampum_supply"])
        st.totem = ints(d["totem"])
        st.taken = ints(d["taken"])
        st.rest = ints(d["rest"])
        st.season = int(d["season"])
        st.cards = ints(d["cards"])
        st.card_idx = int(d["card_idx"])
        st.tiles = ints(d["tiles"])
        st.decks = [ints(x) for x in d["decks"]]
        st.tile_pile = ints(d["tile_pile"])
        st.drawn = ints(d["drawn"])
        st.round_no = int(d["round"])
        st.active = int(d["active"])
        st.start = int(d["start"])
        st.tasks = []
        for t in d["tasks"]:
            kind, seat, x, y, z = (int(v) for v in t)
            st.tasks.append((kind, seat, x, y, z))
        st.over = bool(d["over"])
        st.events = []
        st.legal = []
        for a in d["legal"]:
            kind, x, y = (int(v) for v in a)
            st.legal.append((kind, x, y))
        st.acting_seats = () if st.over or not st.tasks else (st.tasks[-1][1],)
        st.undo_cut = False
        st.undo_seat, st.undo_base, st.undo_steps_list = -1, None, []
        marks = d.get("marks")  # absent in snapshots made before the board marked last moves
        st.marks = [[dict(e) for e in m] for m in marks] if marks is not None else [[] for _ in range(st.n)]
        if len(st.marks) != st.n:
            raise SnapshotError("marks must list one entry per seat")
        st.mark_seat = int(d.get("mark_seat", -1))
        tally = d.get("tally")
        st.tally = dict(tally) if tally is not None else None
        return st


def _exact(action: Any) -> bool:
    """An action of exactly our shape: ``(True, 2, -1)`` equals ``(1, 2, -1)`` but is not an action."""
    return type(action) is tuple and all(type(x) is int for x in action)


def card_symbol(card: int, opts: Options) -> tuple[int, tuple[int, ...]]:
    """The event symbol and goods of an event card, with the ``wake_event`` option applied."""
    _season, symbol, goods = D.EVENT_CARDS[card]
    if opts.wake_event and card == D.WAKE_EVENT_REPLACES:
        return D.EV_WAKE, ()
    return symbol, goods


def card_json(card: int, opts: Options) -> dict[str, Any]:
    if card == D.CARD_SOLSTICE:
        return {"card": "winter_solstice"}
    if card == D.CARD_WINTER2:
        return {"card": "winter_2"}
    if card == D.CARD_SCORE3:
        return {"card": "score_3"}
    if card == D.CARD_SCORE5:
        return {"card": "score_5"}
    symbol, goods = card_symbol(card, opts)
    return {"card": "event", "id": card, "event": D.EVENT_NAMES[symbol], "goods": [D.GOODS[g] for g in goods]}
