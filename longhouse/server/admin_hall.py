"""What an admin's action does to the running hall, in this process and (with Redis) in every other one.

- ``end_sockets``: every open socket of an account closes (code 4401: the page asks to sign in again) — after
  a ban, or when all its sessions are ended;
- ``announce``: a line to every lobby and every table, as a system line of their chat;
- ``close_table``: a running table is archived as abandoned (unrated: ``Hall.abandon``, the timekeeper's own
  path), a waiting one is removed (``Hall.drop``); with several processes only the table's owner does it;
- ``figures``: the hall's figures at a glance, from the counters ``/metrics`` serves (``HallMetrics.values``).

With several processes the first two are done here and published on the cluster's lobby channel, which
every process listens to (``Cluster.on_admin`` is ``received``); a table another
process owns is closed by that process when it reads the message.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from longhouse.i18n import Text, _
from longhouse.i18n.stored import restored, stored
from longhouse.server.conn import Conn
from longhouse.server.sessions import ENDED  # an ended account's sockets close as an ended session's
from longhouse.store import Status

if TYPE_CHECKING:
    from longhouse.server.hall import Hall



def announced(text: str) -> Text:
    """An admin's announcement as the chat says it (the admin's words as they wrote them)."""
    return _("Announcement: {text}", text=text)


def _sockets(hall: Hall) -> Iterator[Conn]:
    yield from list(hall.lobby.conns)
    for table in list(hall.tables.values()):
        yield from list(table.conns)
    if hall.cluster is not None:
        for conn, _, _ in list(hall.cluster.local.values()):
            yield conn


def _publish(hall: Hall, message: dict[str, Any]) -> None:
    if hall.cluster is not None:
        hall.cluster.post("lobby", {"op": "admin", "node": hall.cluster.node, **message})


def end_sockets(hall: Hall, user_id: int, everywhere: bool = True) -> int:
    """Close every socket of this account here (and, ``everywhere``, in the other processes); how many here."""
    closed = 0
    for conn in _sockets(hall):
        if conn.user.id == user_id and not conn.closed:
            conn.error(ENDED[1], code="signed_out")
            conn.close(*ENDED)
            closed += 1
    if everywhere:
        _publish(hall, {"what": "end_sockets", "user": user_id})
    return closed


def announce(hall: Hall, text: str, everywhere: bool = True) -> int:
    """Say ``text`` in every lobby and at every table here (and, ``everywhere``, in the other processes);
    how many tables here heard it."""
    line = {"type": "chat", "from": None, "text": announced(text), "time": time.time(), "announcement": True}
    hall.lobby.line(line, local=False)
    tables = 0
    for table in list(hall.tables.values()):
        if table.status != Status.OVER or table.conns:
            table.say(None, announced(text))
            tables += 1
    if everywhere:
        _publish(hall, {"what": "announce", "text": text})
    return tables


def close_table(hall: Hall, table_id: int, text: Text, everywhere: bool = True) -> str | None:
    """Close an open table: ``"abandoned"`` (a running one, archived unrated), ``"removed"`` (a waiting
    one), ``"asked"`` (another process holds it: it is asked to), None if no open table has that number
    (``everywhere``: asked of the others too, as it may be theirs)."""
    table = hall.tables.get(table_id)
    if table is not None and hall.cluster is not None and table_id not in hall.cluster.owned:
        table = None  # not ours (any more)
    if table is None or table.status == Status.OVER:
        if not everywhere or hall.cluster is None:
            return None
        row = hall.store.table(table_id)
        if row is None or row.status == Status.OVER:
            return None
        _publish(hall, {"what": "close_table", "table": table_id, "text": stored(text)})
        return "asked"
    hall.commits.flush()  # the moves gathered so far are stored before the table closes
    if table.status == Status.RUNNING:
        hall.abandon(table, text)
        return "abandoned"
    table.say(None, text)
    hall.drop(table, "closed")
    return "removed"


def received(hall: Hall, message: dict[str, Any]) -> None:
    """Another process's admin message (``_publish``), done here (``Cluster.on_admin``)."""
    what = message.get("what")
    if what == "end_sockets":
        end_sockets(hall, int(message["user"]), everywhere=False)
    elif what == "announce":
        announce(hall, str(message["text"]), everywhere=False)
    elif what == "close_table":
        close_table(hall, int(message["table"]), restored(message["text"]), everywhere=False)
    elif what in ("social_forget", "social_notice"):  # social.py's
        hall.social.received(str(what), int(message["user"]))


#: The figures shown at a glance, each from the metrics' samples whose names start so (the rest of the name,
#: its labels, says which).
GLANCE = (
    ("sockets", "longhouse_sockets{"),
    ("tables", "longhouse_tables{"),
    ("moves", "longhouse_moves_total{"),
    ("bot queue", "longhouse_bot_queue"),
    ("errors", "longhouse_errors_total{"),
    ("refusals", "longhouse_refusals_total{"),
)


def figures(hall: Hall) -> dict[str, Any]:
    """This process's figures, from ``/metrics``' own counters: each group's samples by their label value,
    and the moves' mean latency and the commits' mean batch (from the histograms' sums and counts)."""
    values = hall.metrics.values()
    out: dict[str, Any] = {}
    for title, start in GLANCE:
        group: dict[str, float] = {}
        for name, value in values.items():
            if name.startswith(start):
                label = name[len(start):].rstrip("}")
                group[label.split("=", 1)[-1].strip('"') if label else "all"] = value
        out[title] = group
    latency_n = sum(v for k, v in values.items() if k.startswith("longhouse_move_latency_seconds_count"))
    latency_s = sum(v for k, v in values.items() if k.startswith("longhouse_move_latency_seconds_sum"))
    batches = values.get("longhouse_commit_batch_moves_count", 0.0)
    out["latency"] = {"mean ms": round(1000 * latency_s / latency_n, 2) if latency_n else None,
                      "moves timed": latency_n}
    out["commits"] = {"batches": batches, "mean moves": round(values.get("longhouse_commit_batch_moves_sum", 0.0)
                                                             / batches, 2) if batches else None}
    out["process"] = hall.cluster.node if hall.cluster is not None else _("the only one")
    return out
