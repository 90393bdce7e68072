"""Measured tournaments (``python -m game tournament``): rows of machine-only games, each row a
table whose first named level is the one measured, its win rate given with a 95% confidence
interval (Wilson score).

A row plays ``games`` games on seeds ``seed``, ``seed + 1``, … with the first player rotating
round the table game by game (as ``sim --rotate``), so no seat keeps the first player's edge.
The games are cut into chunks of :data:`CHUNK` consecutive seeds; the chunks run in worker
processes (``--jobs``, every core by default) and their results are summed in chunk order, so
the table is the same for any number of jobs: every game is a pure function of its config and
its seed. Ctrl-C stops the workers at once and the table shows the games finished so far.
"""

from __future__ import annotations

import importlib
import math
import signal
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from game.core.codes import seed_at
from game.core.config import SeatKind
from game.match.headless import bots_for, play_game
from game.match.sim import config_for
from game.tools.progress import Progress

CHUNK = 2
"""Games per task handed to a worker: small, so every core keeps busy to the end of a run
and Ctrl-C loses little; fixed, so the split never depends on the number of jobs."""
Z95 = 1.959963984540054
"""The standard normal quantile of 0.975: a two-sided 95% interval."""
MAX_SAMPLES = 3


@dataclass(frozen=True, slots=True)
class Row:
    """One table of the tournament: the game, its options and the levels in seat order; the
    first level is the one measured (its seat's wins over the row's games)."""

    game: str
    kinds: tuple[SeatKind, ...]
    options: frozenset[str] = frozenset()

    @property
    def label(self) -> str:
        subject, *rest = (kind.value for kind in self.kinds)
        counted: dict[str, int] = {}
        for name in rest:
            counted[name] = counted.get(name, 0) + 1
        field_ = " + ".join(f"{n} {name}" if n > 1 else name for name, n in counted.items())
        return f"{subject} vs {field_}"


def default_rows() -> tuple[Row, ...]:
    """The matrix that answers "does Maestro beat Astuto and Despiadado": four seats and heads
    up at Bombazo, and four seats at the other two rule sets."""
    M, AS, DE = SeatKind.MAESTRO, SeatKind.ASTUTO, SeatKind.DESPIADADO
    return (
        Row("bombazo", (M, AS, AS, AS)),
        Row("bombazo", (M, DE, DE, DE)),
        Row("bombazo", (M, AS)),
        Row("bombazo", (M, DE)),
        Row("mazo", (M, AS, AS, AS)),
        Row("clasico", (M, AS, AS, AS)),
    )


@dataclass(slots=True)
class Score:
    """What a row's games (or a chunk of them) gave."""

    games: int = 0
    wins: float = 0.0
    """The measured seat's wins; a first place shared by k seats counts 1/k."""
    errors: int = 0
    actions: int = 0
    error_samples: list[str] = field(default_factory=list)

    def add(self, other: Score) -> None:
        self.games += other.games
        self.wins += other.wins
        self.errors += other.errors
        self.actions += other.actions
        room = MAX_SAMPLES - len(self.error_samples)
        self.error_samples.extend(other.error_samples[:max(room, 0)])


def wilson(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``wins / games`` (``(0, 1)`` for no games):
    unlike the normal approximation it stays inside 0..1 and is honest for small counts and
    rates near 0 or 1."""
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return max(0.0, centre - half), min(1.0, centre + half)


# ------------------------------------------------------------ the work

Task = tuple[int, int, Row, int, int, int]
"""(row index, chunk index, row, the run's seed, first game index, games): one worker's
piece; game ``i`` of a row plays seed ``seed + i``."""


def play_chunk(task: Task) -> tuple[int, int, Score]:
    """Play one chunk (in a worker process, or here with one job)."""
    row_index, chunk, row, first_seed, start, count = task
    players = bots_for(config_for(row.game, row.kinds, row.options, 0, False))
    score = Score()
    for index in range(start, start + count):
        seed = seed_at(first_seed, index)
        config = config_for(row.game, row.kinds, row.options, index, True)
        score.games += 1
        try:
            record = play_game(config, seed, players)
        except Exception as error:  # one broken game is a result, not the end of the run
            score.errors += 1
            if len(score.error_samples) < MAX_SAMPLES:
                text = " ".join(str(error).split()) or "(no message)"
                score.error_samples.append(f"seed {seed}: {type(error).__name__}: {text}")
            continue
        score.actions += len(record.actions)
        winners = record.winners
        if 0 in winners:
            score.wins += 1 / len(winners)
    return row_index, chunk, score


def _init_worker() -> None:
    """A worker leaves Ctrl-C to the parent, which stops it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def tasks_for(rows: Sequence[Row], games: int, seed: int) -> list[Task]:
    out: list[Task] = []
    for row_index, row in enumerate(rows):
        for chunk, start in enumerate(range(0, games, CHUNK)):
            out.append((row_index, chunk, row, seed, start, min(CHUNK, games - start)))
    return out


@dataclass(slots=True)
class Outcome:
    """A tournament's result: a score per row, and whether it ran to the end."""

    rows: tuple[Row, ...]
    games: int
    seed: int
    scores: list[Score]
    seconds: float
    complete: bool

    def to_json(self) -> dict[str, Any]:
        out: list[dict[str, Any]] = []
        for row, score in zip(self.rows, self.scores, strict=True):
            low, high = wilson(score.wins, score.games)
            rate = score.wins / score.games if score.games else 0.0
            out.append({
                "row": row.label,
                "game": row.game,
                "seats": len(row.kinds),
                "bots": [kind.value for kind in row.kinds],
                "options": sorted(row.options),
                "games": score.games,
                "wins": round(score.wins, 3),
                "win_rate": round(rate, 4),
                "ci95": [round(low, 4), round(high, 4)],
                "fair_share": round(1 / len(row.kinds), 4),
                "avg_actions": round(score.actions / (score.games - score.errors), 2)
                if score.games > score.errors else 0.0,
                "errors": score.errors,
                "error_samples": list(score.error_samples),
            })
        return {"games_per_row": self.games, "seed": self.seed, "rotate": True,
                "complete": self.complete, "seconds": round(self.seconds, 3), "rows": out}


def run_tournament(rows: Sequence[Row], games: int, seed: int = 0, *, jobs: int = 1,
                   progress: bool = True, stream: TextIO | None = None) -> Outcome:
    """Play every row; ``jobs`` worker processes (1: here, no process). Ctrl-C ends the run
    early: the outcome then holds the chunks finished (``complete`` false)."""
    rows = tuple(rows)
    tasks = tasks_for(rows, games, seed)
    parts: dict[tuple[int, int], Score] = {}
    bar = Progress(games * len(rows), stream if stream is not None else sys.stderr, progress,
                   label="tournament")
    start = time.perf_counter()
    done = 0
    complete = False
    try:
        for row_index, chunk, score in _run(tasks, jobs):
            parts[row_index, chunk] = score
            done += score.games
            bar.update(done)
        complete = True
    except KeyboardInterrupt:
        pass
    finally:
        bar.close()
    seconds = time.perf_counter() - start
    scores = [Score() for _ in rows]
    for row_index, chunk in sorted(parts):  # chunk order: the same sums for any --jobs
        scores[row_index].add(parts[row_index, chunk])
    return Outcome(rows, games, seed, scores, seconds, complete)


def worker_processes() -> Any:
    """The ``multiprocessing`` module, or ``None`` where it is left out: the downloadable
    bundle leaves it out (see the PyInstaller spec: its hooks pull in megabytes the game never
    uses), so there a tournament runs in one process, with the same result. Tournaments are a
    tool of the source checkout, where it is always there."""
    try:
        return importlib.import_module("multiprocessing")
    except ImportError:
        return None


def _run(tasks: list[Task], jobs: int) -> Iterator[tuple[int, int, Score]]:
    processes = worker_processes() if jobs > 1 and len(tasks) > 1 else None
    if processes is None:
        yield from map(play_chunk, tasks)
        return
    pool = processes.Pool(min(jobs, len(tasks)), _init_worker)
    try:
        yield from pool.imap_unordered(play_chunk, tasks)
        pool.close()
    except BaseException:
        pool.terminate()  # Ctrl-C (or a bug): the workers stop now, not after their chunk
        raise
    finally:
        pool.join()


# ------------------------------------------------------------ the table


def table_lines(outcome: Outcome) -> Iterable[str]:
    """The tournament as text: one line per row with its win rate and 95% interval."""
    report = outcome.to_json()
    state = "" if outcome.complete else " · interrupted"
    yield (f"tournament · {outcome.games} games per row · seeds {outcome.seed}… · first "
           f"seat rotates{state}")
    width = max([len("row")] + [len(f"{r['game']} {r['row']}") for r in report["rows"]])
    yield (f"{'row':<{width}}  {'games':>5}  {'wins':>7}  {'win rate':>8}  "
           f"{'95% interval':>15}  {'fair':>5}  {'errors':>6}")
    for r in report["rows"]:
        low, high = r["ci95"]
        yield (f"{r['game'] + ' ' + r['row']:<{width}}  {r['games']:>5}  {r['wins']:>7g}  "
               f"{r['win_rate'] * 100:>7.1f}%  {low * 100:>6.1f}–{high * 100:>5.1f}%  "
               f"{r['fair_share'] * 100:>4.0f}%  {r['errors']:>6}")
        for line in r["error_samples"]:
            yield f"  {line}"
    total = sum(r["games"] for r in report["rows"])
    yield f"{total} games in {outcome.seconds:.1f} s"
