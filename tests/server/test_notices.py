"""Notices on a real hall (``server/notices.py``): a turn-based table tells a person who is away that it is
their turn, once per turn; everyone seated hears the result; a table of another time control tells nobody;
a channel that fails does not stop another; what is pending at shutdown reaches the channels."""

from __future__ import annotations

import threading
from collections.abc import Sequence

from harness import WS, Client, Hall, command, seated_table

from longhouse.server.notices import Kind, Notice, Notices, headline


class Recorder:
    """A channel that keeps what it was given."""

    name = "recorder"

    def __init__(self) -> None:
        self.got: list[Notice] = []
        self.changed = threading.Condition()
        self.marks = 0  # markers seen (``settled``)

    def deliver(self, notices: Sequence[Notice]) -> None:
        with self.changed:
            self.got.extend(n for n in notices if n.title != MARKER)
            self.marks += sum(1 for n in notices if n.title == MARKER)
            self.changed.notify_all()

    def wait(self, count: int, timeout: float = 10.0) -> list[Notice]:
        with self.changed:
            if not self.changed.wait_for(lambda: len(self.got) >= count, timeout):
                raise AssertionError(f"{count} notices expected, got {self.got}")
            return list(self.got)

    def settled(self, hall: Hall) -> list[Notice]:
        """What the channel got once every notice the hall emitted before now has been handed over: a marker
        emitted after them on the hall's loop is handed over after them (one queue, in order)."""
        with self.changed:
            marks = self.marks
        notices = hall.hall.notices
        loop = notices._task.get_loop()  # the hall's event loop (notices are emitted there)
        loop.call_soon_threadsafe(notices.emit, Notice(Kind.INVITE, 0, 0, "toy", MARKER, by="test"))
        with self.changed:
            assert self.changed.wait_for(lambda: self.marks > marks, 10.0), "the marker never came"
            return list(self.got)


#: The title of the notice ``Recorder.settled`` emits to know that the ones before it are handed over.
MARKER = "(marker)"


class Broken:
    name = "broken"

    def deliver(self, notices: Sequence[Notice]) -> None:
        raise RuntimeError("down")


def pick(ws: WS) -> None:
    """Pick the lowest card of the hand this socket was last shown."""
    state = ws.last_state()
    card = state["view"]["you"]["hand"][0]
    ws.send({"type": "action", "version": state["version"], "action": {"type": "pick", "card": card}})


def test_turn_and_result_notices_of_a_turn_based_table(hall: Hall) -> None:
    recorder = Recorder()
    hall.hall.notices.add(Broken())  # fails every time: the recorder still hears everything
    hall.hall.notices.add(recorder)
    tid, (ann, bob), (wa, wb) = seated_table(hall, ["Ann", "Bob"], time="turn-based")
    uid = {c.name: hall.store.user_by_name(c.name)[0].id for c in (ann, bob)}  # type: ignore[index]
    assert recorder.settled(hall) == []  # both are at the table when the game starts
    pick(wb)
    wb.wait_type("state", version=1)
    wb.close()
    wa.wait_type("state", version=1)
    pick(wa)  # the round ends: a new turn for both, and Bob is away
    (turn,) = recorder.wait(1)
    assert (turn.kind, turn.user_id, turn.table_id, turn.game, turn.title) == (Kind.TURN, uid["Bob"], tid, "toy", "Toy")
    assert headline(turn) == f"Your turn in Toy (table {tid})"
    wa.wait_type("state", version=2)
    pick(wa)  # round 2: still Bob's turn, he is not told again
    wa.wait_type("state", version=3)
    wb = bob.table(tid)
    wb.wait_type("state")
    pick(wb)  # round 2 ends with Bob's pick; he is at the table, so not told of round 3
    wb.wait_type("state", version=4)
    assert len(recorder.settled(hall)) == 1
    wb.close()
    wa.wait_type("state", version=4)
    pick(wa)
    wa.wait_type("state", version=5)
    wb = bob.table(tid)
    wb.wait_type("state")
    pick(wb)  # the last pick: the game is over
    wa.wait(lambda m: m.get("type") == "table" and m["table"]["status"] == "over", what="the end")
    got = recorder.wait(3)
    results = sorted((n for n in got if n.kind is Kind.RESULT), key=lambda n: n.user_id)
    assert [n.user_id for n in results] == sorted(uid.values())
    for n in results:
        assert n.detail["players"] == ["Ann", "Bob"] and n.detail["seat"] == (0 if n.user_id == uid["Ann"] else 1)
        assert headline(n).startswith(f"Toy at table {tid} is over: ")
    wa.close()
    wb.close()


def test_other_time_controls_send_no_turn_notices(hall: Hall) -> None:
    recorder = Recorder()
    hall.hall.notices.add(recorder)
    _tid, _people, (wa, wb) = seated_table(hall, ["Ann", "Bob"], time="relaxed")
    wb.close()
    pick(wa)
    wa.wait_type("state", version=1)
    assert recorder.settled(hall) == []
    wa.close()


def test_an_invitation_and_a_result_headline() -> None:
    invite = Notice(Kind.INVITE, 5, 12, "manitou", "Manitou", by="Ada")
    assert headline(invite) == "Ada invites you to Manitou (table 12)"
    assert Notice.from_json(invite.to_json()) == invite
    won = Notice(Kind.RESULT, 5, 12, "manitou", "Manitou",
                 detail={"players": ["Ada", "Bo"], "winners": [1], "seat": 1, "scores": [3, 4]})
    assert headline(won) == "Manitou at table 12 is over: you won"
    lost = Notice(Kind.RESULT, 5, 12, "manitou", "Manitou", detail={"players": ["Ada", "Bo"], "winners": [1],
                                                                     "seat": 0})
    assert headline(lost).endswith("is over: Bo won")
    gone = Notice(Kind.RESULT, 5, 12, "manitou", "Manitou", detail={"abandoned": True, "seat": 0})
    assert headline(gone).endswith("is over: the game was abandoned")


def test_pending_notices_reach_the_channels_at_shutdown(db_url: str) -> None:
    recorder = Recorder()
    hall = Hall(db_url)
    hall.hall.notices.add(recorder)
    client = Client(hall, "Ann")
    lobby = client.lobby()
    command(lobby, "/who")
    notices: Notices = hall.hall.notices
    notices._wake = None  # the background task no longer hears of new notices: only the shutdown hands them over
    notices.emit(Notice(Kind.INVITE, 1, 1, "toy", "Toy", by="Bob"))
    lobby.close()
    hall.stop()
    assert [n.kind for n in recorder.got] == [Kind.INVITE]
