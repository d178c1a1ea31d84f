"""Stopping a hall without losing anyone (SIGTERM: a restart, an upgrade, a rolling restart of several
processes).

``longhouse serve`` runs ``drain`` when it is told to stop, before uvicorn closes its listeners:
1. the hall stops taking new tables and new sockets (``Hall.stopping``; ``/readyz`` answers 503, so a load
   balancer sends no one here any more);
2. the moves gathered so far are stored and acknowledged (the group commit), every table's clocks saved;
3. with several processes, every lease this process holds is released at once and the other processes are
   told (``Cluster.disown``), so that the first of them a client reaches takes the table over from the store
   at once instead of waiting for the lease to run out; the clients proxied to here are closed by their own
   processes, with 1012;
4. every socket is closed with 1012 (Service Restart): a browser reconnects at once (``web/net.js``), to
   another process, or to this one once it is back.
Then uvicorn closes what is left and the lifespan's shutdown runs (``Hall.shutdown``: nothing left to store).
A move that arrives after step 2 is refused (the table is gone from this process); the client's page sends it
again once reconnected, so nothing acknowledged is lost and nothing is applied twice (the version check).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from longhouse.server.hall import Hall

log = logging.getLogger("longhouse.drain")

#: Close code and reason of every socket a stopping hall closes: browsers reconnect at once.
RESTART_CODE = 1012
RESTART_REASON = "the hall restarts; reconnecting"


async def drain(hall: Hall) -> None:
    """Store everything, hand the tables on, close every socket with 1012 (see the module's text)."""
    if hall.stopping:
        return
    hall.stopping = True
    hall.commits.flush()
    now = hall.clock()
    tables = list(hall.tables.values())
    for table in tables:
        table.keeper.save(now)
    cluster = hall.cluster
    if cluster is not None:
        for table_id in list(cluster.owned):
            try:
                await cluster.disown(table_id)
            except Exception as exc:  # Redis is gone: the lease runs out by itself
                log.warning("table %s: could not release its lease (%s); it runs out in %s s", table_id,
                            type(exc).__name__, cluster.lease)
        for conn, _, _ in list(cluster.local.values()):
            conn.close(RESTART_CODE, RESTART_REASON)
        cluster.local.clear()
        await cluster.published()  # the proxying processes are told to close their clients before we go
    for table in tables:
        table.stop(RESTART_CODE, RESTART_REASON)
        hall.tables.pop(table.id, None)
    for conn in list(hall.lobby.conns):
        conn.close(RESTART_CODE, RESTART_REASON)
    log.info("stopping: %d tables stored and handed on, their sockets closed with %d", len(tables), RESTART_CODE)
