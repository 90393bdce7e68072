"""Soak runs (``python -m game soak``): many games of every table, looking for what short tests
miss.

The engine soak cycles game by game over every table (each rule set, each seat count it allows,
each set of its options), so even a short run visits all of them; round by round it changes
the machine levels (each level alone, then the levels taking turns round the table, rotated)
and then the first seat. Every game runs with the engine's invariant checks after every action
(``play_game(check=True)``), and every ``REPLAY_EVERY``-th game is also replayed from its record
to check that it ends the same. A game that raises is an error; every problem is kept with its
table, seed and game code (``python -m game --code CODE --autoplay`` plays the same game, except
at a table with a searching level: the soak's Maestro thinks as little as it can, ``quick()``, so
that thousands of games stay cheap, and the table's thinks in full).

``--screens K`` plays K machine-only games through the real screens, one after another in one
app (as ``--autoplay`` plays one: the fast machine speed, 1 s windows, 1/20 s per frame, the
dummy video driver), going from each results screen straight to the next table, and reports
how the process's resident memory grew from the end of the first game to the end of the last.
The screens keep bounded caches of drawn text, shadows, particles and cards, which fill up over
the first games; the growth over the second half of the run (``late_growth_mb``) tells such a
cache from a leak, which keeps growing.

``--saves N`` attacks the files the game reads when it starts (``game.tools.savefuzz``): N
real unfinished games, each changed a little, written as the unfinished game into a temporary
folder and loaded through the real ``Autosaver``, and N settings files through the real
``Settings.load``. A save must either load, and then rebuild as a ``Match`` whose code encodes
(the table shows it on every frame), or be reported damaged and set aside; settings must load,
every key valid, without reaching the loader's last-resort catch-all. Anything else is a crash.
The saves are of every playable game (each option set, each mission) and the settings files
hold every key of ``Settings``, both read from the registries and the dataclass
(``savefuzz.save_tables``, ``savefuzz.SETTINGS_KEYS``); the report counts the saves game by
game, so a game left out shows.

Game ``i`` of a run plays seed ``seed + i`` wrapped round ``SEED_SPACE`` (:func:`seed_at`):
codes carry 20-bit seeds, and every game the soak plays must be one its code replays.
"""

from __future__ import annotations

import gc
import logging
import os
import sys
import tempfile
import time
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path
from typing import Any, TextIO, cast

from game.bots.registry import levels_for
from game.core.codes import SEED_SPACE, seed_at
from game.core.config import GameConfig, SeatKind
from game.core.errors import MalformedInput
from game.core.rng import Pcg32
from game.match.autosave import FILE_NAME, Autosaver, DamagedSave, Unfinished, restore_curtain
from game.match.flow import INSTANT, TableFlow
from game.match.headless import GameRecord, bots_for, play_game
from game.match.match import Match
from game.rules.codes import encode
from game.rules.registry import descriptor, playable
from game.tools.progress import Progress

REPLAY_EVERY = 64
"""One game in this many is replayed from its record and must end the same."""
MAX_SAMPLES = 10
"""Problems kept (with their seed and code) for the report."""
MEMORY_LIMIT_MB = 20.0
"""``--screens``: the most the resident memory may grow from the first game to the last."""
RESULTS_FRAMES = 40
"""Frames the results screen stays up before the next table (two seconds of game time)."""


# ------------------------------------------------------------ which games


@dataclass(frozen=True, slots=True)
class SoakTable:
    game: str
    seats: int
    options: frozenset[str] = frozenset()

    @property
    def name(self) -> str:
        """``bombazo/4``, ``clasico/3+advanced_combos``."""
        extra = "".join(f"+{option}" for option in sorted(self.options))
        return f"{self.game}/{self.seats}{extra}"


def soak_tables(games: tuple[str, ...] | None = None) -> list[SoakTable]:
    """Every playable game (or ``games``) × every seat count it allows × every set of its
    options (one pick of a pick-one group at a time)."""
    tables = []
    for game in playable() if games is None else games:
        spec = descriptor(game)
        free = [option for option in spec.options if option not in spec.pick_one]
        option_sets = [frozenset(chosen) for size in range(len(free) + 1)
                       for chosen in combinations(free, size)]
        if spec.pick_one:
            option_sets = [chosen | {pick} for pick in spec.pick_one for chosen in option_sets]
        for chosen in option_sets:
            for seats in spec.seat_range:
                tables.append(SoakTable(spec.id, seats, chosen))
    return tables


def mixes(game: str) -> int:
    """Level mixes of a game: each level at every seat, then the levels in turn round the
    table, rotated."""
    return 2 * len(levels_for(game))


def seat_kinds(game: str, seats: int, mix: int) -> tuple[SeatKind, ...]:
    """Mix ``mix`` (mod ``mixes``): below the number of levels one level everywhere, else the
    levels in turn round the table, starting ``mix`` places along."""
    levels = levels_for(game)
    mix %= 2 * len(levels)
    count = len(levels)
    if mix < count:
        return (levels[mix],) * seats
    return tuple(levels[(seat + mix) % count] for seat in range(seats))


def soak_config(tables: list[SoakTable], index: int) -> tuple[SoakTable, GameConfig]:
    """Game ``index`` of a run: the table cycles every game, the level mix every round (one
    game of each table), the first seat every ``mixes`` rounds."""
    table = tables[index % len(tables)]
    round_ = index // len(tables)
    kinds = seat_kinds(table.game, table.seats, round_)
    first = (round_ // mixes(table.game)) % table.seats
    return table, GameConfig(table.game, kinds, table.options, first)


def game_code(config: GameConfig, seed: int) -> str | None:
    """The code of a game, or ``None`` when the seed is beyond what a code can carry."""
    try:
        return encode(config, seed)
    except MalformedInput:
        return None


def describe(config: GameConfig, seed: int) -> str:
    """``bombazo/4 seed 17 first 1 bots astuto,lanzado,… code 9XY-…`` for a problem line."""
    table = SoakTable(config.game, config.seat_count, config.options).name
    bots = ",".join(kind.value for kind in config.seats)
    code = game_code(config, seed)
    return (f"{table} seed {seed} first {config.first} bots {bots}"
            + (f" code {code}" if code else ""))


# ------------------------------------------------------------ the engine soak


@dataclass(slots=True)
class TableTally:
    table: SoakTable
    games: int = 0
    actions: int = 0
    finished: int = 0
    violations: int = 0
    errors: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "table": self.table.name,
            "game": self.table.game,
            "seats": self.table.seats,
            "options": sorted(self.table.options),
            "games": self.games,
            "avg_actions": round(self.actions / self.finished, 2) if self.finished else 0.0,
            "invariant_violations": self.violations,
            "errors": self.errors,
        }


@dataclass(slots=True)
class SoakReport:
    seed: int
    tables: list[TableTally]
    games: int = 0
    seconds: float = 0.0
    replays: int = 0
    violations: int = 0
    errors: int = 0
    violation_samples: list[str] = field(default_factory=list)
    error_samples: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.violations and not self.errors

    def to_json(self) -> dict[str, Any]:
        seconds = self.seconds
        return {
            "games": self.games,
            "seconds": round(seconds, 3),
            "games_per_second": round(self.games / seconds, 1) if seconds > 0 else 0.0,
            "seed": self.seed,
            "check": "invariants after every action",
            "replayed": self.replays,
            "invariant_violations": self.violations,
            "errors": self.errors,
            "violation_samples": list(self.violation_samples),
            "error_samples": list(self.error_samples),
            "tables": [tally.to_json() for tally in self.tables],
        }


def _replay_problem(record: GameRecord) -> str | None:
    from game.match.match import Match

    again = Match.from_save(record.to_save())
    if not again.is_over() or again.outcome() != record.outcome:
        return f"replay ends differently: {again.outcome()}, played {record.outcome}"
    return None


def run_soak(games: int, seed: int = 0, *, progress: bool = True,
             stream: TextIO | None = None, only: tuple[str, ...] | None = None) -> SoakReport:
    """Play ``games`` games (seeds ``seed``, ``seed + 1``, …, wrapped round ``SEED_SPACE``:
    :func:`seed_at`) over every table (of the games ``only`` names, or of every playable
    game); nothing a game does stops the run."""
    tables = soak_tables(only)
    tallies = {table: TableTally(table) for table in tables}
    report = SoakReport(seed, list(tallies.values()))
    out = stream if stream is not None else sys.stderr
    bar = Progress(games, cast(TextIO, _Labelled(out, "soak")), progress)
    start = time.perf_counter()
    for index in range(games):
        table, config = soak_config(tables, index)
        tally = tallies[table]
        game_seed = seed_at(seed, index)
        tally.games += 1
        report.games += 1
        try:
            record = play_game(config, game_seed, bots_for(config, quick=True), check=True)
            problems = list(record.violations)
            if index % REPLAY_EVERY == REPLAY_EVERY - 1:
                report.replays += 1
                mismatch = _replay_problem(record)
                if mismatch is not None:
                    problems.append(mismatch)
        except Exception as error:  # one broken game is a finding, not the end of the run
            tally.errors += 1
            report.errors += 1
            if len(report.error_samples) < MAX_SAMPLES:
                text = " ".join(str(error).split()) or "(no message)"
                report.error_samples.append(
                    f"{describe(config, game_seed)}: {type(error).__name__}: {text}")
        else:
            tally.finished += 1
            tally.actions += len(record.actions)
            if problems:
                tally.violations += len(problems)
                report.violations += len(problems)
                for problem in problems:
                    if len(report.violation_samples) < MAX_SAMPLES:
                        report.violation_samples.append(
                            f"{describe(config, game_seed)}: {problem}")
        if index % 64 == 63 or index + 1 == games:
            bar.update(index + 1)
    report.seconds = time.perf_counter() - start
    bar.close()
    return report


class _Labelled:
    """A stream for ``Progress`` whose plain-log lines say ``soak:`` (it writes ``sim:``)."""

    def __init__(self, stream: TextIO, label: str) -> None:
        self.stream = stream
        self.label = label

    def isatty(self) -> bool:
        return self.stream.isatty()

    def write(self, text: str) -> int:
        if text.startswith("sim: "):
            text = f"{self.label}: {text[5:]}"
        return self.stream.write(text)

    def flush(self) -> None:
        self.stream.flush()


# ------------------------------------------------------------ memory


def resident_bytes() -> tuple[int | None, str]:
    """The process's resident memory now (``VmRSS`` from ``/proc/self/status`` on Linux), or
    the peak so far (``ru_maxrss``) where there is no ``/proc``; ``None`` when neither is
    there (Windows)."""
    try:
        with open("/proc/self/status", encoding="ascii", errors="replace") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024, "VmRSS"
    except (OSError, ValueError, IndexError):
        pass
    try:
        import resource
    except ImportError:
        return None, "unavailable"
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak * (1 if sys.platform == "darwin" else 1024), "ru_maxrss (peak)"


def _mb(value: int | None) -> float | None:
    return None if value is None else round(value / 2**20, 2)


# ------------------------------------------------------------ through the screens


@dataclass(slots=True)
class ScreensReport:
    planned: int
    limit_mb: float
    games: int = 0
    frames: int = 0
    seconds: float = 0.0
    memory_source: str = ""
    resident: list[int | None] = field(default_factory=list)
    """Resident bytes after each game (after a garbage collection)."""
    python_heap: list[int] = field(default_factory=list)
    """``tracemalloc``'s traced bytes after each game, when asked for."""
    codes: list[str] = field(default_factory=list)
    error: str | None = None

    @property
    def growth_bytes(self) -> int | None:
        known = [value for value in self.resident if value is not None]
        if len(known) < 2 or len(known) != len(self.resident):
            return None
        return known[-1] - known[0]

    @property
    def late_from(self) -> int:
        """The game (from 1) the late growth is measured from: the middle of the run. Caches
        that fill up grow early and stop; a leak keeps growing in the second half too."""
        return (len(self.resident) + 1) // 2

    @property
    def late_growth_bytes(self) -> int | None:
        if self.growth_bytes is None:
            return None
        last = self.resident[-1]
        middle = self.resident[self.late_from - 1]
        assert last is not None and middle is not None
        return last - middle

    @property
    def ok(self) -> bool:
        growth = self.growth_bytes
        too_much = growth is not None and growth >= self.limit_mb * 2**20
        return self.error is None and self.games == self.planned and not too_much

    def to_json(self) -> dict[str, Any]:
        heap = self.python_heap
        return {
            "games": self.games,
            "planned": self.planned,
            "frames": self.frames,
            "seconds": round(self.seconds, 3),
            "memory_source": self.memory_source,
            "rss_mb_after_first": _mb(self.resident[0]) if self.resident else None,
            "rss_mb_after_last": _mb(self.resident[-1]) if self.resident else None,
            "rss_mb_max": _mb(max((v for v in self.resident if v is not None), default=None)),
            "growth_mb": _mb(self.growth_bytes),
            "limit_mb": self.limit_mb,
            "late_growth_mb": _mb(self.late_growth_bytes),
            "late_from_game": self.late_from if self.resident else None,
            "rss_mb_per_game": [_mb(value) for value in self.resident],
            "python_heap_growth_mb": _mb(heap[-1] - heap[0]) if len(heap) >= 2 else None,
            "codes": list(self.codes),
            "error": self.error,
            "ok": self.ok,
        }


def screens_config(tables: list[SoakTable], index: int) -> GameConfig:
    """Game ``index`` through the screens: every table in turn, the level mix moving on."""
    return soak_config(tables, index)[1]


def run_screens(count: int, seed: int = 0, *, lang: str = "en",
                limit_mb: float = MEMORY_LIMIT_MB, python_heap: bool = False,
                progress: bool = True, stream: TextIO | None = None) -> ScreensReport:
    """Play ``count`` machine-only games through the screens in one app (dummy video and
    audio drivers), measuring the resident memory after each one."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.ui import launch
    from game.ui.app import App
    from game.ui.autoplay import DT, MAX_GAME_SECONDS, REACTION_SECONDS
    from game.ui.scenes.results import ResultsScene
    from game.ui.settings import Settings

    out = stream if stream is not None else sys.stderr
    report = ScreensReport(count, limit_mb)
    cap = round(MAX_GAME_SECONDS / DT)
    from game.ui.registry import on_screen

    tables = soak_tables(on_screen())  # the games that have a table screen
    if python_heap:
        import tracemalloc

        tracemalloc.start()
    start = time.perf_counter()
    try:
        with tempfile.TemporaryDirectory() as folder:
            settings = Settings(language=lang, machine_speed="fast",
                                reaction_seconds=REACTION_SECONDS)
            app = launch.wire(App(settings, settings_dir=Path(folder), lang=lang, audio=False,
                                  persist=False, start="title"))
            try:
                for index in range(count):
                    config = screens_config(tables, index)
                    code = encode(config, seed_at(seed, index))
                    report.codes.append(code)
                    match = launch.match_from_code(code, machines_only=True)
                    top = app.stack.top
                    launch.open_table(app, match,
                                      replacing=top if isinstance(top, ResultsScene) else None)
                    frames = 0
                    while not isinstance(app.stack.top, ResultsScene):
                        if frames >= cap:
                            raise RuntimeError(f"no results screen after {frames} frames "
                                               f"(code {code})")
                        app.step(DT, [])
                        frames += 1
                    for _ in range(RESULTS_FRAMES):
                        app.step(DT, [])
                    report.frames += frames + RESULTS_FRAMES
                    gc.collect()
                    resident, report.memory_source = resident_bytes()
                    report.resident.append(resident)
                    if python_heap:
                        report.python_heap.append(tracemalloc.get_traced_memory()[0])
                    report.games += 1
                    if progress:
                        now = _mb(resident)
                        out.write(f"screens: game {index + 1}/{count} ({config.game}, "
                                  f"{config.seat_count} seats, code {code}): {frames} frames, "
                                  f"resident {now if now is not None else '?'} MB\n")
                        out.flush()
            finally:
                app.close()
    except Exception as error:  # a stuck or broken game ends the run with a finding
        text = " ".join(str(error).split()) or "(no message)"
        where = f"game {report.games + 1}"
        if report.codes:
            where += f" (code {report.codes[-1]})"
        report.error = f"{where}: {type(error).__name__}: {text}"
    finally:
        if python_heap:
            tracemalloc.stop()
    report.seconds = time.perf_counter() - start
    return report


# ------------------------------------------------------------ saves and settings files


@dataclass(slots=True)
class FilesReport:
    """``--saves``: what became of the attacked saves and settings files."""

    seed: int
    planned: int
    saves: int = 0
    accepted: int = 0
    """Loaded, rebuilt as a match, its code encoded, the curtain restored."""
    damaged: int = 0
    """Reported damaged and set aside."""
    finished: int = 0
    """A finished game: removed, nothing offered."""
    settings: int = 0
    settings_defaults: int = 0
    """Settings files that gave the defaults for every key."""
    crashes: int = 0
    samples: list[str] = field(default_factory=list)
    seconds: float = 0.0
    per_game: dict[str, dict[str, int]] = field(default_factory=dict)
    """game → how many of its saves were attacked and what became of them (``saves``,
    ``accepted``, ``damaged``, ``finished``, ``crashes``): every game must be there, and
    some of each game's attacked saves should still load, or its loader is barely reached."""

    @property
    def ok(self) -> bool:
        return not self.crashes and self.saves == self.settings == self.planned

    def count_game(self, game: str, outcome: str) -> None:
        """One attacked save of ``game`` (the game of the real save it was made from) ended as
        ``outcome``."""
        row = self.per_game.setdefault(game, dict.fromkeys(
            ("saves", "accepted", "damaged", "finished", "crashes"), 0))
        row["saves"] += 1
        row[outcome] += 1

    def crash(self, what: str, error: BaseException | str) -> None:
        self.crashes += 1
        if len(self.samples) < MAX_SAMPLES:
            text = error if isinstance(error, str) else \
                f"{type(error).__name__}: {' '.join(str(error).split())[:160]}"
            self.samples.append(f"{what}: {text}")

    def to_json(self) -> dict[str, Any]:
        return {
            "seed": self.seed, "saves": self.saves, "accepted": self.accepted,
            "damaged": self.damaged, "finished": self.finished, "settings": self.settings,
            "settings_defaults": self.settings_defaults, "crashes": self.crashes,
            "crash_samples": list(self.samples), "seconds": round(self.seconds, 3),
            "per_game": {game: dict(row) for game, row in self.per_game.items()},
            "ok": self.ok,
        }


class _Caught(logging.Handler):
    """Keeps the game's log quiet during ``--saves`` (thousands of warnings by design) and
    counts the errors: an error means a loader's last-resort catch-all was reached."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.errors: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno >= logging.ERROR:
            text = record.getMessage()
            if record.exc_info and record.exc_info[1] is not None:  # the error, not just "failed"
                error = record.exc_info[1]
                text += f" ({type(error).__name__}: {' '.join(str(error).split())})"
            self.errors.append(text)


def _resumed(found: Unfinished) -> None:
    """What the title and the table do with a loaded save, short of drawing it."""
    match = Match.from_save(found.save)
    if not match.code:
        raise AssertionError("no code")
    restore_curtain(TableFlow(match, INSTANT), found.seen)


def _try_save(folder: Path, data: bytes, report: FilesReport, what: str,
              caught: _Caught | None = None) -> str:
    """Load ``data`` as the unfinished game through the real ``Autosaver``; what became of it
    (``accepted``, ``damaged``, ``finished`` or ``crashes``), counted in ``report``. A save
    set aside by the autosave's last-resort catch-all (an error its rebuilding did not foresee,
    logged as an error) is a crash too: the player is safe, but a game's loader has a bug that
    the notice would hide."""
    path = folder / FILE_NAME
    path.write_bytes(data)
    errors = len(caught.errors) if caught is not None else 0
    try:
        found = Autosaver(folder).load_unfinished()
    except DamagedSave as damaged:
        aside = damaged.set_aside
        outcome = "damaged"
        if aside is None or path.exists() or aside.read_bytes() != data:
            report.crash(what, "a damaged save was not set aside as it was")
            outcome = "crashes"
        elif caught is not None and len(caught.errors) > errors:
            report.crash(what, f"reached the catch-all: {caught.errors[-1][:160]}")
            outcome = "crashes"
        else:
            report.damaged += 1
        for leftover in folder.iterdir():
            leftover.unlink()
        return outcome
    except Exception as error:  # the finding this run looks for
        report.crash(what, error)
        return "crashes"
    if found is None:
        report.finished += 1
        return "finished"
    try:
        _resumed(found)
    except Exception as error:
        report.crash(f"{what} (loaded)", error)
        return "crashes"
    report.accepted += 1
    return "accepted"


def _try_settings(folder: Path, data: bytes, report: FilesReport, what: str,
                  caught: _Caught) -> None:
    from game.ui.settings import FILE_NAME as SETTINGS
    from game.ui.settings import Settings

    for leftover in folder.iterdir():
        leftover.unlink()
    (folder / SETTINGS).write_bytes(data)
    errors = len(caught.errors)
    try:
        loaded = Settings.load(folder)
    except Exception as error:
        report.crash(what, error)
        return
    if len(caught.errors) > errors:
        report.crash(what, f"reached the catch-all: {caught.errors[-1][:160]}")
    elif Settings.from_dict(loaded.to_dict()) != loaded:
        report.crash(what, f"loaded bad values {loaded.to_dict()}")
    elif loaded == Settings():
        report.settings_defaults += 1


def run_saves(count: int, seed: int = 0) -> FilesReport:
    """Attack ``count`` saves and ``count`` settings files (``game.tools.savefuzz``), loading
    each through the real loaders in a temporary folder; nothing they do stops the run. The
    saves take turns over the real saves of every playable game (``savefuzz.real_saves``)."""
    from game.tools import savefuzz

    report = FilesReport(seed, count)
    bases = savefuzz.real_saves(seed)
    rng = Pcg32(seed, stream=0x5A7E)
    caught = _Caught()
    game_log = logging.getLogger("game")
    kept = (game_log.propagate, game_log.level)
    game_log.addHandler(caught)
    game_log.propagate = False
    game_log.setLevel(logging.DEBUG)
    start = time.perf_counter()
    try:
        with tempfile.TemporaryDirectory() as saves, tempfile.TemporaryDirectory() as settings:
            for index in range(count):
                base = bases[index % len(bases)]
                game = str(base["config"]["game"])
                data, what = savefuzz.attack_save(base, rng)
                outcome = _try_save(Path(saves), data, report,
                                    f"save {index} of {game} ({what})", caught)
                report.count_game(game, outcome)
                report.saves += 1
                data, what = savefuzz.attack_settings(rng)
                _try_settings(Path(settings), data, report, f"settings {index} ({what})",
                              caught)
                report.settings += 1
    finally:
        game_log.removeHandler(caught)
        game_log.propagate, game_log.level = kept
        report.seconds = time.perf_counter() - start
    return report


# ------------------------------------------------------------ the report


def seed_range(seed: int, games: int) -> str:
    """``7…306``, or ``1048574…1 (wrapped at 1048576)`` when the run went round the seed
    space: the seeds the games really had, which the problem lines and codes show."""
    first, last = seed_at(seed, 0), seed_at(seed, games - 1)
    wrapped = seed % SEED_SPACE + games > SEED_SPACE or seed >= SEED_SPACE
    return f"{first}…{last}" + (f" (wrapped at {SEED_SPACE})" if wrapped else "")


def summary_lines(soak: SoakReport | None, screens: ScreensReport | None,
                  files: FilesReport | None = None) -> list[str]:
    """The report as text: a table of the engine soak, then the screens' memory, then the
    attacked files."""
    lines: list[str] = []
    if soak is not None and soak.games:
        data = soak.to_json()
        lines.append(f"soak: {data['games']:,} games over {len(soak.tables)} tables, seeds "
                     f"{seed_range(soak.seed, soak.games)}, invariants checked after "
                     f"every action, {data['replayed']:,} replayed")
        # The first column is as wide as the longest table name (options make names long).
        width = max([26, *(len(row["table"]) + 2 for row in data["tables"])])
        lines.append(f"{'table':<{width}}{'games':>8}{'actions/game':>14}{'violations':>12}"
                     f"{'errors':>8}")
        for row in data["tables"]:
            lines.append(f"{row['table']:<{width}}{row['games']:>8,}{row['avg_actions']:>14.1f}"
                         f"{row['invariant_violations']:>12}{row['errors']:>8}")
        lines.append(f"{data['games']:,} games in {data['seconds']:.1f} s "
                     f"({data['games_per_second']:,.0f} games/s); invariant violations: "
                     f"{data['invariant_violations']}, errors: {data['errors']}")
        lines.extend(f"  {line}" for line in soak.violation_samples + soak.error_samples)
    if screens is not None:
        data = screens.to_json()
        lines.append(f"screens: {data['games']} of {data['planned']} games through the "
                     f"screens in one app, {data['frames']:,} frames, {data['seconds']:.1f} s")
        if data["growth_mb"] is not None:
            lines.append(f"memory ({data['memory_source']}): {data['rss_mb_after_first']} MB "
                         f"after game 1, {data['rss_mb_after_last']} MB after game "
                         f"{data['games']}: growth {data['growth_mb']} MB (limit "
                         f"{data['limit_mb']:g} MB); from game {data['late_from_game']}: "
                         f"{data['late_growth_mb']} MB")
        else:
            lines.append(f"memory: not measured ({data['memory_source'] or 'no game'})")
        if data["python_heap_growth_mb"] is not None:
            lines.append(f"python heap (tracemalloc): growth {data['python_heap_growth_mb']} MB")
        if screens.error is not None:
            lines.append(f"  error: {screens.error}")
    if files is not None:
        games = ", ".join(f"{game} {row['saves']:,}" for game, row in files.per_game.items())
        lines.append(f"saves: {files.saves:,} attacked saves" + (f" ({games})" if games else "")
                     + f": {files.accepted:,} resumed, "
                     f"{files.damaged:,} set aside as damaged, {files.finished:,} finished; "
                     f"{files.settings:,} attacked settings files "
                     f"({files.settings_defaults:,} all defaults); crashes: {files.crashes} "
                     f"({files.seconds:.1f} s, seed {files.seed})")
        lines.extend(f"  {line}" for line in files.samples)
    return lines
