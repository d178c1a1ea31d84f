"""Server CPU per websocket opened and closed, over real sockets: what a connection costs the hall apart from
the moves played on it (the HTTP upgrade, the session, the route, the first messages, the close).

Starts ``longhouse serve`` as ``bench/hall.py`` does (a fresh SQLite store, the abuse limits lifted) with one
waiting Manitou table (its creator seated), then opens and closes ``--sockets`` websockets from 8 clients at
once: first as watchers of that table (until the ``chat_history`` that ends a table's first messages), then
as lobby visitors (until the ``tables`` list). It prints the server's CPU (and of it the kernel's) per socket
of each kind, read from /proc before and after, so that the shared machine's other programs do not count.

    python bench/hall_sockets.py --sockets 800
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile

from hall import serve_hall
from hallplayers import COOKIE, guests, lobby_create
from loadkit import cpu_split, free_port, start_process, stop
from websockets.asyncio.client import connect

CLIENTS = 8


async def measure(port: int, pid: int, sockets: int) -> list[tuple[str, float, float]]:
    tokens = await guests(port, CLIENTS + 1)
    table = await lobby_create(port, tokens[0], {"type": "create", "game": "manitou", "seats": 2})
    cookie = {"Cookie": f"{COOKIE}={tokens[0]}"}
    seated = await connect(f"ws://127.0.0.1:{port}/ws/table/{table}", additional_headers=cookie)
    await seated.send('{"type":"command","name":"join","args":["1"]}')  # a table nobody sits at goes away

    async def visit(token: str, path: str, last: str, times: int) -> None:
        for _ in range(times):
            async with connect(f"ws://127.0.0.1:{port}{path}",
                               additional_headers={"Cookie": f"{COOKIE}={token}"}) as ws:
                while last not in await ws.recv():
                    pass

    figures = []
    each = sockets // CLIENTS
    for kind, path, last in (("table", f"/ws/table/{table}", '"type":"chat_history"'),
                             ("lobby", "/ws/lobby", '"type":"tables"')):
        await asyncio.gather(*[visit(t, path, last, 5) for t in tokens[1:]])  # warm-up
        await asyncio.sleep(0.6)  # the lobby's and the table's gathered updates go out
        user0, sys0 = cpu_split(pid)
        await asyncio.gather(*[visit(t, path, last, each) for t in tokens[1:]])
        await asyncio.sleep(0.6)
        user1, sys1 = cpu_split(pid)
        count = each * CLIENTS
        figures.append((kind, (user1 - user0 + sys1 - sys0) / count, (sys1 - sys0) / count))
    await seated.close()
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sockets", type=int, default=800, help="sockets of each kind (default 800)")
    args = parser.parse_args(argv)
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        server = start_process(serve_hall(port, f"sqlite:///{folder}/hall.db", None), port)
        try:
            figures = asyncio.run(measure(port, server.pid, args.sockets))
        finally:
            stop(server)
    with open("/proc/loadavg") as f:
        load = f.read().split()[0]
    print("  ".join(f"{kind}: {cpu * 1e6:.0f} us a socket ({kernel * 1e6:.0f} in the kernel)"
                    for kind, cpu, kernel in figures) + f"   load {load}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
