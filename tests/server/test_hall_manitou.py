"""A whole Manitou game in the hall over real websockets: two people (random legal moves, with picks taken
back) and two bots; every seat receives exactly its own view and only the events it may see."""

from __future__ import annotations

import json
import random
from typing import Any

from harness import WS, Client, Hall, create_table, fill_with_bots, join, start_game

from longhouse import games
from longhouse.engine.records import Record, apply_entry, start
from longhouse.engine.text import ENGLISH
from longhouse.i18n import plain
from longhouse.i18n.wire import words_of


def replayed(record: Record) -> tuple[dict[tuple[int | None, int], Any], dict[tuple[int | None, int], list[Any]]]:
    """view(seat) at every version, and the events each seat may see from the entry that made it."""
    game, state = start(record, games.for_record(record))
    seats: list[int | None] = [None, *range(len(record.players))]
    views = {(s, 0): plain(state.view(s)) for s in seats}
    events: dict[tuple[int | None, int], list[Any]] = {}
    for i, entry in enumerate(record.actions):
        happened = apply_entry(game, state, entry, i)
        for s in seats:
            views[(s, i + 1)] = plain(state.view(s))  # as an English client reads it
            events[(s, i + 1)] = [plain(e.to_json()) for e in happened if e.visible_to(s)]
    return views, events


def no_repeated_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [key for key, _ in pairs]
    assert len(keys) == len(set(keys)), f"a key sent twice: {keys}"
    return dict(pairs)


def play_one(ws: WS, rng: random.Random) -> bool:
    """Make one move if this seat may; True when it did (or tried and was overtaken)."""
    ws.drain(0.01)
    state = ws.last_state()
    if not state["legal"] or state["status"] != "running":
        return False
    if state["undo_steps"] and rng.random() < 0.15:
        ws.send({"type": "undo", "version": state["version"], "step": rng.randrange(state["undo_steps"])})
    else:
        ws.send({"type": "action", "version": state["version"], "action": rng.choice(state["legal"])})
    ws.wait(lambda m: (m["type"] == "state" and m["version"] > state["version"])
            or (m["type"] == "error" and m.get("code") == "stale"))
    return True


def test_two_people_and_two_bots_play_manitou_over_websockets(hall: Hall) -> None:
    rng = random.Random(5)
    ann, bob = Client(hall, "Ann"), Client(hall, "Bob")
    tid = create_table(ann.lobby(), "manitou", 4)
    wa, wb = ann.table(tid), bob.table(tid)
    watcher = Client(hall).table(tid)
    join(wa, 1)
    join(wb, 3)
    fill_with_bots(wa, "random", "random")
    start_game(wb, wa, wb)
    undos = 0
    for _ in range(5000):
        if hall.hall.tables[tid].status == "over":
            break
        moved = False
        for ws in (wa, wb):
            moved = play_one(ws, rng) or moved
        if not moved:
            wa.drain(0.02)
    else:
        raise AssertionError("the game did not end")
    for ws in (wa, wb, watcher):
        ws.drain(0.3)
    record = hall.store.record(tid)
    assert record is not None and record.result is not None
    undos = sum(1 for e in record.actions if "undo" in e)
    assert undos > 0  # picks were taken back through the protocol
    views, events = replayed(record)
    for seat, ws in ((0, wa), (2, wb), (None, watcher)):
        states = [m for m in ws.messages if m["type"] == "state"]
        assert states[-1]["status"] == "over"
        for m in states:
            assert m["seat"] == seat
            assert m["view"] == views[(seat, m["version"])]
            if m["events"]:
                assert m["events"] == events[(seat, m["version"])]
            you = m["view"]["you"]
            assert (you is None) if seat is None else (you["seat"] == seat)
            for e in m["events"]:
                if e["kind"] == "draw":
                    assert e["data"]["seat"] == seat
        # the move log sent on (re)connection holds only what this seat may see as well
        for log in (m for m in ws.messages if m["type"] == "log"):
            for e in log["events"]:
                assert e["kind"] != "draw" or e["data"]["seat"] == seat
    # the part of the view every seat and the spectator see alike is built once and shared: it is the same in
    # every client's message of a version, it is the position's shared view, and no key is sent twice (an own
    # part joined after a shared one with the same key would hide a secret from a parser, not from the wire)
    game, replaying = start(record, games.for_record(record))
    shared_at = {0: plain(replaying.shared_view())}
    for i, entry in enumerate(record.actions):
        apply_entry(game, replaying, entry, i)
        shared_at[i + 1] = plain(replaying.shared_view())
    for seat, ws in ((0, wa), (2, wb), (None, watcher)):
        for raw in ws.raw:
            msg = words_of(json.loads(raw, object_pairs_hook=no_repeated_keys), ENGLISH)  # its texts as data
            if msg["type"] == "state":  # whole, or a delta: the keys that changed
                view = dict(msg["changes"] if "base" in msg else msg["view"])
                own = view.pop("you", None)
                assert (own is None) == (seat is None) or ("base" in msg and "you" not in msg["changes"])
                if "header" in view:
                    header = view["header"] = dict(view["header"])
                    assert header.pop("viewer") == seat
                shared = shared_at[msg["version"]]
                assert shared is not None
                assert view == {key: shared[key] for key in view}
                assert "base" in msg or view.keys() == shared.keys()
    final = wa.last_state()["view"]
    assert final["stage"] == "over" and final["header"]["winners"] == record.result["winners"]
