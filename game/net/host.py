"""Opening a table to the network, and opening it again after the host was killed.

``open_table`` makes (or resumes) the match, the table and the server; the host's folder keeps
the match's autosave and ``table.json`` (the code, the port, each network seat's token and
name), both written atomically after every change, so a host that crashed or was killed
resumes the same table on the same port and the joined computers, retrying with their tokens,
find their seats again. A table's code is new for every table: it is the key to join, so it is
drawn from the OS's entropy, never from the game's seed.
"""

from __future__ import annotations

import json
import logging
import secrets
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any

from game.core.codes import ALPHABET, new_seed
from game.core.config import GameConfig, SeatKind
from game.core.errors import MalformedInput
from game.core.files import read_text_capped
from game.core.saves import sync_file, write_atomic
from game.history.archive import Archive
from game.match.autosave import Autosaver, set_aside
from game.match.flow import Pace, TableFlow
from game.match.match import Match
from game.net.protocol import TABLE_CODE_LENGTH
from game.net.table import HostTable

log = logging.getLogger(__name__)

REMOTE = "remote"
"""The seat kind, on the command line, of a person at another computer."""
TABLE_FILE = "table.json"


def thinker() -> ThreadPoolExecutor:
    """Where the host's searching machines (Maestro) think: a thread of their own, so the
    server's loop keeps answering every computer while a search runs (the flow takes the
    move once it is ready; the moves are the same as thinking in place)."""
    return ThreadPoolExecutor(1, thread_name_prefix="mecha-corta-thinker")


def new_table_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(TABLE_CODE_LENGTH))


@dataclass(frozen=True, slots=True)
class TablePlan:
    """A table to open: the game, each seat's kind (``remote`` for a network seat), the
    options, and (tests) a seed and a code chosen beforehand."""

    game: str
    seats: tuple[str, ...]
    options: frozenset[str] = frozenset()
    seed: int | None = None
    code: str | None = None

    def config(self) -> GameConfig:
        kinds = tuple(SeatKind.PERSON if s == REMOTE else SeatKind(s) for s in self.seats)
        return GameConfig(self.game, kinds, self.options)

    @property
    def remote(self) -> tuple[int, ...]:
        return tuple(i for i, kind in enumerate(self.seats) if kind == REMOTE)


def open_table(plan: TablePlan, folder: Path, pace: Pace) -> HostTable:
    """A new table: a fresh deal, a fresh code."""
    seed = plan.seed if plan.seed is not None else new_seed(secrets.randbits(64))
    match = Match(plan.config(), seed)
    return HostTable(TableFlow(match, pace, thinker()), plan.remote,
                     plan.code or new_table_code())


def resume_table(folder: Path, pace: Pace) -> HostTable | None:
    """The table the host was running when it stopped (``None``: there is none; a damaged
    one is set aside and reported as ``MalformedInput``)."""
    path = folder / TABLE_FILE
    if not path.exists():
        return None
    save = Autosaver(folder).load()
    if save is None:
        return None
    try:
        data = json.loads(read_text_capped(path))
        remote = tuple(int(k) for k in data["seats"])
        code = data["code"]
        if not isinstance(code, str):
            raise TypeError("code")
    except (ValueError, KeyError, TypeError, OSError) as error:
        set_aside(path)
        raise MalformedInput(f"the host's table file is damaged ({error})") from None
    match = Match.from_save(save)
    table = HostTable(TableFlow(match, pace, thinker()), remote, code)
    table.restore(data)
    return table


def keep_finished(home: Path, table: HostTable) -> None:
    """The host's finished game among the past games of its data folder ``home``, each seat
    by the name it went by at the table (a machine by none: its level names it)."""
    names = [net.name if (net := table.seats.get(seat)) is not None
             else table.names.get(seat, "") if kind is SeatKind.PERSON else ""
             for seat, kind in enumerate(table.match.config.seats)]
    try:
        Archive(home).add(table.match, names, datetime.now(UTC))
    except OSError as error:
        log.warning("past games: this game is not kept: %s", error)


@cache
def flusher() -> ThreadPoolExecutor:
    """The one thread that flushes the hosts' per-move saves to the disk, in order."""
    return ThreadPoolExecutor(1, thread_name_prefix="mecha-corta-flush")


def keep(table: HostTable, folder: Path, port: int | None = None) -> Callable[[], None]:
    """Save the match and the table now, and after every change of the table from here on;
    returns the match's saving function, for the server to call after every move (a move
    changes nothing in ``table.json``: rewriting it, flushed to disk, would double the time
    every move waits before the computers are told).

    A move's save is written before any computer is told of the move (a host killed after
    telling resumes where the computers are), but its flush to the disk runs on a thread of
    its own while the updates go out: the flush was a third of the round trip a person waits
    for (docs/NETWORK.md, "Saved before shown")."""
    saver = Autosaver(folder)
    extra: dict[str, Any] = {}
    if port is not None:
        extra["port"] = port

    kept: list[Match] = []

    def save_match() -> None:
        match = table.match
        if match.is_over():
            # the table file goes with the last move, at once (the fault tests read it as
            # "the game goes on"), then the game goes among the past games, then its autosave
            (folder / TABLE_FILE).unlink(missing_ok=True)
            if not kept or kept[-1] is not match:
                kept[:] = [match]
                keep_finished(folder.parent, table)
            saver.save(match)
            return
        if saver.save(match, durable=False):
            flusher().submit(sync_file, saver.path)

    def save_all() -> None:
        save_match()
        if not table.match.is_over():
            write_atomic(folder / TABLE_FILE, json.dumps({**table.to_json(), **extra}) + "\n")

    folder.mkdir(parents=True, exist_ok=True)
    table.on_change = save_all
    save_all()
    return save_match


def saved_port(folder: Path) -> int | None:
    try:
        data = json.loads(read_text_capped(folder / TABLE_FILE))
    except (OSError, ValueError):
        return None
    port = data.get("port") if isinstance(data, dict) else None
    return port if type(port) is int and 0 < port < 65536 else None


def parse_seats(text: str, levels: Sequence[SeatKind]) -> tuple[str, ...]:
    """``remote,astuto,remote`` → the seat kinds; ``MalformedInput`` for an unknown name
    (a person at this computer needs a window: the headless host has none)."""
    names = tuple(name.strip().lower() for name in text.split(","))
    known = {kind.value for kind in levels} | {REMOTE}
    for name in names:
        if name not in known:
            raise MalformedInput(f"--seats: unknown seat kind {name!r} "
                                 f"(known: {', '.join(sorted(known))})")
    if REMOTE not in names:
        raise MalformedInput("--seats: a network table needs at least one 'remote' seat")
    return names
