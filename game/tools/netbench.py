"""``python -m game bench net``: what a table across the network costs, on the loopback.

The host is a separate process, the real headless host (``python -m game host --headless``
on 127.0.0.1, TLS as always), so that its CPU and memory are its own and a round trip crosses
two processes and the kernel as it would across two computers (less the wire). The joined
computers are asyncio clients in this process that speak the protocol themselves: each answers
its seat's decision at once with a legal action (no thinking time, no nope in a window), so
what is timed is the network code, not a player.

- Round trip: from just before a client sends an ``act`` to the moment it has received the
  ``update`` that includes it (the first one past the position it acted at), with ``clients``
  computers at one Bombazo table of 8 seats (the other seats machines at the host, which act
  at once: ``--delay 0``, windows of 0.05 s). Games follow one another, each with a new host,
  until ``acts`` round trips are timed (the last game is cut short there).
- Host work: the same tables with no socket and no other process (``HostTable`` in this
  process, its messages encoded as the server sends them): what the host's code spends per
  act, for all the clients' updates. The round trip less this is the sockets, TLS, the two
  event loops and the wait for a core.
- Idle CPU: the host's CPU seconds (``/proc/<pid>/stat``) per wall second over ``seconds``,
  while the table waits: in the lobby with nobody joined, then with 8 computers joined and the
  game waiting for a person's decision (nobody acts).
- Memory: the host's resident size (``VmRSS``) with 1 computer joined and with 8, the
  difference divided by the 7 more (the first join is left out: it warms what every table
  loads once).

``/proc`` is Linux's: elsewhere the CPU and memory figures are ``None``.
"""

from __future__ import annotations

import asyncio
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from game.core.stats import percentile
from game.net.client import new_token
from game.net.protocol import MAX_HOST_MESSAGE, VERSION, dumps
from game.net.tls import client_context

GAME = "bombazo"
SEATS = 8
CLIENTS = (1, 7)
ACTS = 100
SECONDS = 5.0
WINDOW = 0.05
"""Seconds a reaction window stays open (short: the round trips, not the windows, are timed)."""
WAIT = 120.0
"""Seconds anything here may take before the bench gives up (a host that does not answer)."""


# ---------------------------------------------------------------- the host, a process


@dataclass
class Host:
    """A headless host process and what its first line said."""

    process: subprocess.Popen[str]
    address: str
    code: str
    log: IO[str]

    @property
    def url(self) -> str:
        return f"wss://{self.address}"

    def cpu_seconds(self) -> float | None:
        """User and system CPU the host has used so far (``None``: no ``/proc``)."""
        try:
            with open(f"/proc/{self.process.pid}/stat", encoding="ascii") as stat:
                fields = stat.read().rpartition(")")[2].split()
        except OSError:
            return None
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def rss_bytes(self) -> int | None:
        try:
            with open(f"/proc/{self.process.pid}/status", encoding="ascii") as status:
                for line in status:
                    if line.startswith("VmRSS:"):
                        return int(line.split()[1]) * 1024
        except OSError:
            return None
        return None

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.communicate(timeout=10)
        self.log.close()

    def finish(self) -> None:
        """Wait for the host to end its game and exit."""
        try:
            self.process.communicate(timeout=WAIT)
        finally:
            self.stop()
        if self.process.returncode != 0:
            raise RuntimeError(f"the host exited with {self.process.returncode}: "
                               f"{Path(self.log.name).read_text()[-400:]}")


def start_host(home: Path, seats: Sequence[str], seed: int) -> Host:
    """``python -m game host --headless`` on 127.0.0.1 (a free port), its machines at once,
    an away seat waited for (no machine takes it over while the bench runs)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("MECHA_")}
    env.update(MECHA_CORTA_HOME=str(home), PYTHONUNBUFFERED="1")
    log = open(home / f"host-{seed}.log", "w+", encoding="utf-8")  # noqa: SIM115
    process = subprocess.Popen(
        [sys.executable, "-m", "game", "host", "--headless", "--game", GAME,
         "--seats", ",".join(seats), "--bind", "127.0.0.1", "--delay", "0",
         "--window", str(WINDOW), "--stand-in-after", "1000000", "--seed", str(seed)],
        env=env, stdout=subprocess.PIPE, stderr=log, text=True)
    assert process.stdout is not None
    first = process.stdout.readline().split()
    host = Host(process, first[1] if len(first) > 3 else "", first[3] if len(first) > 3 else "",
                log)
    if first[:1] != ["listening"]:
        host.stop()
        raise RuntimeError(f"the host did not start: {Path(log.name).read_text()[-400:]}")
    return host


# ---------------------------------------------------------------- a joined computer


class Client:
    """One joined computer with one seat, answering its seat's decisions at once."""

    def __init__(self, host: Host, name: str, rng: random.Random) -> None:
        self.host = host
        self.name = name
        self.rng = rng
        self.conn: ClientConnection | None = None
        self.n = 0
        self.seat: int | None = None
        self.samples: list[float] = []
        self._sent: tuple[int, float] | None = None

    async def join(self) -> None:
        """Connect and say hello; returns once the welcome is in."""
        self.conn = await connect(self.host.url, ssl=client_context(), proxy=None,
                                  compression=None, max_size=MAX_HOST_MESSAGE,
                                  open_timeout=WAIT, user_agent_header=None)
        await self._send({"k": "hello", "v": VERSION, "code": self.host.code,
                          "name": self.name, "token": new_token(), "seats": 1, "have": 0})
        while self.seat is None:
            message = json.loads(await asyncio.wait_for(self.conn.recv(), WAIT))
            if message["k"] != "welcome":
                raise RuntimeError(f"{self.name}: {message}")
            self.seat = message["seats"][0]

    async def play(self, act: bool = True) -> None:
        """Read until the table says goodbye, acting for the seat when it decides."""
        assert self.conn is not None
        try:
            async for raw in self.conn:
                now = time.perf_counter()
                message = json.loads(raw)
                kind = message["k"]
                if kind == "bye":
                    return
                if kind == "told":
                    self._sent = None  # refused: nothing to time (a position already left)
                if kind != "update":
                    continue
                moves = message["moves"]
                if self._sent is not None and moves > self._sent[0]:
                    self.samples.append(now - self._sent[1])
                    self._sent = None
                if act and self._sent is None:
                    await self._act(message)
        except ConnectionClosed:
            return

    async def _act(self, message: dict[str, Any]) -> None:
        pending = message["pending"]
        part = message["seats"].get(str(self.seat))
        if message["outcome"] is not None or not message["started"] or part is None \
                or pending["kind"] == "window" or self.seat not in pending["seats"] \
                or not part["legal"]:
            return
        moves = message["moves"]
        action = self.rng.choice(part["legal"])
        self._sent = (moves, time.perf_counter())
        await self._send({"k": "act", "seat": self.seat, "at": moves, "action": action})

    async def _send(self, message: dict[str, Any]) -> None:
        assert self.conn is not None
        self.n += 1
        await self.conn.send(dumps({**message, "n": self.n}))

    async def close(self) -> None:
        if self.conn is not None:
            await self.conn.close()


# ---------------------------------------------------------------- the measures


def host_work(clients: int, acts: int) -> dict[str, Any]:
    """Seconds the host's table spends on one act of a joined seat, from the parsed message
    to every computer's update encoded (no socket), over as many games as it takes."""
    from game.match.flow import Pace
    from game.net.host import TablePlan, open_table
    from game.net.protocol import Act, Hello

    samples: list[float] = []
    game = 0
    with tempfile.TemporaryDirectory(prefix="mecha-netbench-") as folder:
        while len(samples) < acts:
            seats = ("remote",) * clients + ("lanzado",) * (SEATS - clients)
            table = open_table(TablePlan(GAME, seats, seed=game + 1), Path(folder),
                               Pace(0.0, 0.0, WINDOW))
            for session in range(1, clients + 1):
                table.hello(session, "bench", Hello(VERSION, table.code, f"c{session}",
                                                    new_token()), 0.0)
            session_of = {seat: s.id for s in table.sessions.values() for seat in s.seats}
            rng = random.Random(game)
            match = table.match
            while not match.is_over() and len(samples) < acts:
                decision = match.pending().decision
                deciding = [seat for seat in decision.seats if seat in session_of]
                if decision.kind.value == "window" or not deciding:
                    table.tick(1.0)  # a machine's move, or a window runs out
                    continue
                seat = deciding[0]
                action = match.engine.action_to_json(rng.choice(match.legal_for(seat)))
                start = time.perf_counter()
                out = table.handle(session_of[seat], Act(seat, match.moves, action))
                for _, message in out:
                    dumps(message)
                samples.append(time.perf_counter() - start)
            game += 1
    ms = [s * 1000 for s in samples]
    return {"clients": clients, "acts": len(ms), "p50_ms": round(statistics.median(ms), 3),
            "p99_ms": round(percentile(ms, 0.99), 3)}


async def _game(host: Host, clients: int, seed: int, want: int) -> tuple[list[float], bool]:
    """One game's round trips, until it ends or ``want`` are timed; ``True``: it ended."""
    rng = random.Random(seed)
    joined = [Client(host, f"c{i}", random.Random(rng.random())) for i in range(clients)]
    loop = asyncio.get_running_loop()
    tasks: list[asyncio.Task[None]] = []
    try:
        for client in joined:
            await client.join()
        tasks = [asyncio.create_task(client.play()) for client in joined]
        deadline = loop.time() + WAIT
        while not all(task.done() for task in tasks) \
                and sum(len(client.samples) for client in joined) < want:
            if loop.time() > deadline:
                raise TimeoutError(f"no end of the game after {WAIT} s")
            await asyncio.sleep(0.05)
        ended = all(task.done() for task in tasks)
    finally:
        for client in joined:
            await client.close()
        await asyncio.gather(*tasks)  # a client's failure is the bench's
    return [sample for client in joined for sample in client.samples], ended


def round_trips(home: Path, clients: int, acts: int) -> dict[str, Any]:
    """Round trips of ``clients`` computers at one table, over as many games as it takes to
    time ``acts`` of them."""
    seats = ["remote"] * clients + ["lanzado"] * (SEATS - clients)
    samples: list[float] = []
    games = 0
    while len(samples) < acts:
        host = start_host(home, seats, seed=1000 * clients + games)
        ended = False
        try:
            timed, ended = asyncio.run(_game(host, clients, games, acts - len(samples)))
            samples += timed
        finally:
            if ended:
                host.finish()
            else:
                host.stop()  # enough timed: the rest of the game is not played
        games += 1
    ms = [s * 1000 for s in samples]
    return {"clients": clients, "seats": SEATS, "acts": len(ms), "games": games,
            "p50_ms": round(statistics.median(ms), 3), "p99_ms": round(percentile(ms, 0.99), 3),
            "max_ms": round(max(ms), 3)}


def _cpu_share(host: Host, seconds: float) -> float | None:
    start_cpu, start = host.cpu_seconds(), time.perf_counter()
    time.sleep(seconds)
    end_cpu, wall = host.cpu_seconds(), time.perf_counter() - start
    if start_cpu is None or end_cpu is None:
        return None
    return round(100 * (end_cpu - start_cpu) / wall, 2)


async def _idle(host: Host, seconds: float) -> dict[str, Any]:
    lobby = await asyncio.to_thread(_cpu_share, host, seconds)
    joined = [Client(host, f"c{i}", random.Random(i)) for i in range(SEATS)]
    await joined[0].join()
    readers = [asyncio.create_task(joined[0].play(act=False))]
    await asyncio.sleep(0.5)
    one = host.rss_bytes()
    for client in joined[1:]:
        await client.join()
        readers.append(asyncio.create_task(client.play(act=False)))
    await asyncio.sleep(0.5)
    every = host.rss_bytes()
    waiting = await asyncio.to_thread(_cpu_share, host, seconds)
    for client in joined:
        await client.close()
    await asyncio.gather(*readers)
    per_client = None if one is None or every is None else (every - one) / (SEATS - 1)
    return {
        "seconds": seconds,
        "lobby_cpu_percent": lobby,
        "waiting_cpu_percent": waiting,
        "rss_one_client_kib": None if one is None else one // 1024,
        "rss_all_clients_kib": None if every is None else every // 1024,
        "rss_per_client_kib": None if per_client is None else round(per_client / 1024, 1),
        "clients": SEATS,
    }


def idle_and_memory(home: Path, seconds: float) -> dict[str, Any]:
    """The host's CPU while its table waits, and its memory per joined computer: a table of
    8 network seats, nobody acting."""
    host = start_host(home, ["remote"] * SEATS, seed=1)
    try:
        return asyncio.run(_idle(host, seconds))
    finally:
        host.stop()


def run_net_bench(clients: Sequence[int] = CLIENTS, acts: int = ACTS,
                  seconds: float = SECONDS) -> dict[str, Any]:
    for count in clients:
        if not 1 <= count < SEATS:
            raise ValueError(f"--clients: 1 to {SEATS - 1} computers (a {SEATS}-seat table "
                             "keeps one machine)")
    with tempfile.TemporaryDirectory(prefix="mecha-netbench-") as folder:
        home = Path(folder)
        trips = [round_trips(home, count, acts) for count in clients]
        work = [host_work(count, acts) for count in clients]
        idle = idle_and_memory(home, seconds)
    return {
        "game": GAME,
        "round_trip": trips,
        "host_work": work,
        "idle": idle,
        "host": "a separate process: python -m game host --headless on 127.0.0.1 (TLS); "
                "the clients are asyncio connections in the bench's process",
        "python": platform.python_version(),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores",
    }


def summary_lines(report: dict[str, Any]) -> list[str]:
    lines = []
    for trip in report["round_trip"]:
        lines.append(f"round trip, {trip['clients']} client(s) at a {trip['seats']}-seat "
                     f"table: p50 {trip['p50_ms']:.2f} ms, p99 {trip['p99_ms']:.2f} ms, "
                     f"max {trip['max_ms']:.2f} ms over {trip['acts']} acts "
                     f"({trip['games']} games)")
    for work in report["host_work"]:
        lines.append(f"host work per act, {work['clients']} client(s), no socket: "
                     f"p50 {work['p50_ms']:.3f} ms, p99 {work['p99_ms']:.3f} ms over "
                     f"{work['acts']} acts")
    idle = report["idle"]
    lines.append(f"host CPU while waiting: lobby {idle['lobby_cpu_percent']} %, game waiting "
                 f"for a person with {idle['clients']} joined {idle['waiting_cpu_percent']} % "
                 f"of a core over {idle['seconds']} s")
    lines.append(f"host memory per joined computer: {idle['rss_per_client_kib']} KiB "
                 f"({idle['rss_one_client_kib']} KiB with 1, {idle['rss_all_clients_kib']} "
                 f"KiB with {idle['clients']})")
    lines.append(f"python {report['python']} on {report['machine']}; host: {report['host']}")
    return lines
