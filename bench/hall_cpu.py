"""The hall's own CPU per move, in one process and without the kernel: a steadier figure for A/B checks.

``bench/hall.py`` measures the real server over loopback sockets, where the shared machine's load moves the
CPU per move by 10-20 % from run to run (and the clients' own load shapes the server's batches). The load
still slows this figure down (a busy machine's cores run each instruction slower), so alternate the two
checkouts being compared, run after run. Here the hall (``server.hall.Hall`` over a fresh SQLite store) runs
in this process: each player's socket is a ``DirectWebSocketProtocol`` (after a real handshake) over a
transport that swallows what it is written, each move goes in as a client's frame through ``data_received``,
the moves of one round (one per table) are stored together at the end of the loop's turn (group commit), and
every finished game is replaced by a new table (created, both players join, started), as in ``hall.py``.
Timed with ``time.process_time`` around the hall's work only (choosing the clients' moves is left out).
Left out as well: the kernel's socket work, uvloop, the HTTP upgrade, the lobby and session look-ups.

    python bench/hall_cpu.py                      # 200 two-player Manitou tables, 40,000 moves, 3 runs
    python bench/hall_cpu.py --runs 5 --moves 20000
    python bench/hall_cpu.py --compare-german     # and, alternating, every table's second player in German
    python bench/hall_cpu.py --compare-german --profile /tmp/cpu   # /tmp/cpu-en.prof, /tmp/cpu-de.prof
    python bench/hall_cpu.py --german --runs 1    # half German only (one side a process, as under callgrind)

Instructions, which the machine's load does not move: each side under callgrind at two lengths, the difference
divided by the moves between them (the set-up, imports and the store's creation cancel)::

    valgrind --tool=callgrind --callgrind-out-file=/tmp/x-3000.out python bench/hall_cpu.py --tables 20 \
        --moves 3000 --runs 1          # and --moves 1000; (I(3000) - I(1000)) / 2000 instructions a move
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import random
import statistics
import struct
import tempfile
import time
from typing import Any

import uvicorn
from uvicorn.server import ServerState

from longhouse.server import commands
from longhouse.server import table as table_module
from longhouse.server.conn import Conn, reader
from longhouse.server.direct_socket import DirectWebSocketProtocol
from longhouse.server.hall import Hall
from longhouse.server.settings import Settings
from longhouse.server.table import Table
from longhouse.store import Store, User

HANDSHAKE = (b"GET /ws HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
             b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")


class Swallow(asyncio.Transport):
    """A transport whose peer reads everything at once."""

    def __init__(self) -> None:
        super().__init__()
        self.written = 0

    def write(self, data: bytes | bytearray | memoryview) -> None:
        self.written += len(data)

    def get_write_buffer_size(self) -> int:
        return 0

    def is_closing(self) -> bool:
        return False

    def close(self) -> None:
        pass

    def abort(self) -> None:
        pass

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return default


def client_frame(text: str) -> bytes:
    """A client's text frame, masked with a zero key."""
    data = text.encode()
    n = len(data)
    head = struct.pack("!BB", 0x81, 0x80 | n) if n < 126 else struct.pack("!BBH", 0x81, 0x80 | 126, n)
    return head + b"\0\0\0\0" + data


Seat = tuple[Conn, DirectWebSocketProtocol]


class SeededSecrets:
    """What ``server/table.py`` draws its games' seeds from (``secrets.randbits``), seeded here: runs with the
    same seed play the very same games (English and half German alike, or two checkouts)."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def randbits(self, k: int) -> int:
        return self._rng.getrandbits(k)


async def run(tables: int, moves: int, seed: int, german: bool = False,
              profile: Any = None) -> tuple[float, int, int]:
    """Seconds of the hall's CPU per move, moves played, games replaced; ``german``: each table's second player
    reads German (half the sockets, as ``hall.py --compare-german``); ``profile``: a ``cProfile.Profile`` on
    while the moves are played."""
    rnd = random.Random(seed)
    table_module.secrets = SeededSecrets(seed)  # type: ignore[assignment]
    loop = asyncio.get_running_loop()
    accepted_forever: asyncio.Future[None] = loop.create_future()

    async def app(scope: Any, receive: Any, send: Any) -> None:
        await receive()
        await send({"type": "websocket.accept"})
        await accepted_forever

    # no keep-alive pings: nobody answers them here, and a long (profiled) run would see its sockets closed
    config = uvicorn.Config(app, ws=DirectWebSocketProtocol, ws_per_message_deflate=False, log_level="error",
                            ws_ping_interval=None)
    config.load()
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(f"sqlite:///{tmp}/hall.db")
        hall = Hall(store, Settings(max_rate=0, person_rate=0))  # every move is handled (no limit drops one)
        users = [store.create_user(f"p{i}", None, guest=True) for i in range(2 * tables)]

        def open_socket(user: User, table: Table, lang: str) -> Seat:
            conn = Conn(user, lang=lang)
            protocol = DirectWebSocketProtocol(config=config, server_state=ServerState(), app_state={}, _loop=loop)
            protocol.connection_made(Swallow())
            protocol.data_received(HANDSHAKE)
            table.attach(conn)
            conn.write_directly(protocol)
            protocol.listen(reader(conn, lambda c, m: hall.table_message(table, c, m), hall.limits))
            return conn, protocol

        def new_game(k: int) -> tuple[Table, list[Seat]]:
            table = hall.create_table("manitou", 2, {})
            seats = [open_socket(users[2 * k + s], table, "de" if german and s == 1 else "en") for s in range(2)]
            for s, (conn, _) in enumerate(seats):
                commands.run(table, conn, "join", [str(s + 1)])
            commands.run(table, seats[0][0], "start", [])
            return table, seats

        async def handshakes() -> None:
            for _ in range(3):  # the app accepts: the handshake's answer is written
                await asyncio.sleep(0)

        games = []
        for k in range(tables):
            games.append(new_game(k))
            await handshakes()
        await asyncio.sleep(0.01)
        gc.collect()
        gc.freeze()  # as ``longhouse serve`` does (Settings.gc_freeze)
        gc.set_threshold(10_000, 20, 100)
        done = replaced = 0
        clients = 0.0
        if profile is not None:
            profile.enable()
        start = time.process_time()
        while done < moves:
            for k in range(tables):
                table, seats = games[k]
                state = table.state
                assert state is not None
                if state.is_over():
                    for conn, protocol in seats:
                        protocol.connection_lost(None)
                        conn.closed = True
                        table.detach(conn)
                    hall.maybe_drop(table)
                    games[k] = new_game(k)
                    replaced += 1
                    await handshakes()
                    continue
                chose = time.process_time()
                seat = rnd.choice(state.acting())
                action = rnd.choice(state.legal_actions(seat))
                frame = client_frame(json.dumps({"type": "action", "version": table.version,
                                                 "action": table.game.action_to_json(action)}))
                clients += time.process_time() - chose
                seats[seat][1].data_received(frame)
                done += 1
            await asyncio.sleep(0)  # the turn ends: its moves are stored, then acknowledged
        await asyncio.sleep(0.01)
        used = time.process_time() - start - clients
        if profile is not None:
            profile.disable()
        accepted_forever.set_result(None)  # the apps return: uvicorn closes the sockets
        await asyncio.sleep(0.01)
        store.close()
    return used / done, done, replaced


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--moves", type=int, default=40_000)
    parser.add_argument("--runs", type=int, default=3, help="runs (each in a fresh store); the median is the figure")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--compare-german", action="store_true",
                        help="alternate runs with every table's second player in German (half the sockets)")
    parser.add_argument("--german", action="store_true",
                        help="every table's second player in German only (no English runs)")
    parser.add_argument("--profile", metavar="PREFIX",
                        help="profile the moves with cProfile (CPU time): PREFIX-en.prof (and PREFIX-de.prof)")
    args = parser.parse_args()
    sides = [False, True] if args.compare_german else [True] if args.german else [False]
    profiles: dict[bool, Any] = {}
    if args.profile:
        import cProfile

        profiles = {german: cProfile.Profile(time.process_time) for german in sides}
    figures: dict[bool, list[float]] = {german: [] for german in sides}
    for i in range(args.runs):
        for german in sides:  # alternated, so that the machine's load falls on both alike
            per_move, done, replaced = asyncio.run(run(args.tables, args.moves, args.seed + i, german,
                                                       profiles.get(german)))
            figures[german].append(per_move)
            print(f"run {i + 1}{', half German' if german else ''}: {1000 * per_move:.4f} ms a move ({done} moves, "
                  f"{replaced} games replaced)", flush=True)
    for german in sides:
        runs = ", ".join(f"{1000 * f:.4f}" for f in figures[german])
        print(f"hall CPU per move{', half German' if german else ''}, median of {args.runs}: "
              f"{1000 * statistics.median(figures[german]):.4f} ms ({args.tables} tables; runs {runs})")
        if args.profile:
            profiles[german].dump_stats(f"{args.profile}-{'de' if german else 'en'}.prof")
    if args.compare_german:
        english, half = statistics.median(figures[False]), statistics.median(figures[True])
        print(f"half German costs {100 * (half / english - 1):+.1f}% CPU a move")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
