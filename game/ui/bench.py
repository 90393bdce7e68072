"""``python -m game bench ui``: the front end's frame time and its launch time.

- Frame time: an 8-seat Bombazo table of machines (Astuto: the game's stand-in level; any game
  with ``game``, its table capped by its seat range) at the fast machine speed with 1 s
  reaction windows, on SDL's dummy video driver at 1280×720; every frame (1/60 s of game time)
  is timed from the start of ``App.step`` (input, update of every scene and tween, drawing the
  whole frame) to its end, over ``frames`` frames once the deal is over (plus a short warm-up),
  while the machines play and the cards fly. ``busy_frames`` counts the frames during which the
  table was animating an action. A table that finishes is replaced by a fresh one outside the
  timed frames.
- Launch time: ``python -m game --first-frame`` in a new process (interpreter start, imports,
  pygame and the window, fonts, the title's first frame drawn and shown), from spawning it to
  its "first frame" line, the median of a few runs.
"""

from __future__ import annotations

import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from game.core.stats import percentile

FRAMES = 600
WARMUP = 60
DEAL_CAP = 3000
"""Frames allowed for the deal before the timing starts anyway."""
REACTION_SECONDS = 1
"""Reaction windows as in ``--autoplay``: with no person at the table nobody waits for them."""
SEATS = 8
"""The featured game's largest table (capped by its seat range)."""
SEED = 1
DT = 1 / 60
FIRST_FRAME_RUNS = 5


def frame_times(frames: int = FRAMES, warmup: int = WARMUP, seats: int = SEATS,
                seed: int = SEED, game: str | None = None,
                size: tuple[int, int] = (1280, 720)) -> dict[str, Any]:
    """Time ``frames`` frames of a ``seats``-seat machine table in play (after the deal and
    ``warmup`` more frames); milliseconds per frame."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.bots.registry import stand_in_for
    from game.core.config import GameConfig
    from game.match.match import Match
    from game.rules.registry import descriptor
    from game.ui import launch
    from game.ui.app import App
    from game.ui.registry import FEATURED
    from game.ui.scenes.results import ResultsScene
    from game.ui.settings import Settings

    game = game or FEATURED.game
    seats = min(seats, descriptor(game).max_seats)
    level = stand_in_for(game)
    config = GameConfig.machines(game, seats, level)
    samples: list[float] = []
    busy = 0
    actions = 0
    tables = 1
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(language="en", machine_speed="fast",
                            reaction_seconds=REACTION_SECONDS)
        app = launch.wire(App(settings, settings_dir=Path(folder), lang="en", audio=False,
                              size=size,
                              persist=False))
        try:
            match = Match(config, seed)
            launch.open_table(app, match)
            # the deal, then a few more frames: every kind of card face has been drawn once
            for _ in range(DEAL_CAP):
                if match.moves > 0:
                    break
                app.step(DT, [])
            for _ in range(warmup):
                app.step(DT, [])
            actions = -match.moves
            while len(samples) < frames:
                if isinstance(app.stack.top, ResultsScene):
                    actions += match.moves
                    tables += 1
                    match = Match(config, seed + tables)
                    app.to_title()
                    launch.open_table(app, match)
                    actions -= match.moves
                top = app.stack.top
                busy += bool(top is not None and top.busy)
                start = time.perf_counter()
                app.step(DT, [])
                samples.append((time.perf_counter() - start) * 1000.0)
            actions += match.moves
        finally:
            app.close()
    return {
        "frames": len(samples),
        "p50_ms": round(percentile(samples, 0.50), 3),
        "p99_ms": round(percentile(samples, 0.99), 3),
        "max_ms": round(max(samples, default=0.0), 3),
        "mean_ms": round(statistics.fmean(samples) if samples else 0.0, 3),
        "busy_frames": busy,
        "table": f"{game}, {seats} seats, {level.value}, fast, {REACTION_SECONDS} s windows",
        "actions": actions,
        "tables": tables,
        "size": f"{size[0]}x{size[1]}",
        "driver": "dummy",
    }


def first_frame_seconds(runs: int = FIRST_FRAME_RUNS) -> list[float]:
    """Seconds from spawning ``python -m game --first-frame`` to its first-frame line."""
    from game.ui.launch import FIRST_FRAME_LINE

    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    times: list[float] = []
    for _ in range(runs):
        start = time.perf_counter()
        with subprocess.Popen([sys.executable, "-m", "game", "--first-frame"], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              text=True) as child:
            assert child.stdout is not None
            seen = False
            for line in child.stdout:
                if line.strip() == FIRST_FRAME_LINE:
                    times.append(time.perf_counter() - start)
                    seen = True
                    break
            child.wait(timeout=30)
        if not seen:
            raise RuntimeError(f"python -m game --first-frame exited {child.returncode} "
                               "without drawing a frame")
    return times


def idle_cpu(scene: str = "title", seconds: float = 10.0, warmup: float = 4.0,
             size: tuple[int, int] | None = None) -> dict[str, Any]:
    """The share of one core the app takes while nothing happens: on the title, or at the
    featured game's table waiting for the person's move. Measured in a real window when there
    is a display (the frame has to reach the screen), else on the dummy driver."""
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.core.config import GameConfig
    from game.match.match import Match
    from game.ui import launch
    from game.ui.app import App
    from game.ui.registry import FEATURED
    from game.ui.settings import Settings

    with tempfile.TemporaryDirectory() as folder:
        app = App(Settings(language="en"), settings_dir=Path(folder), lang="en", audio=False,
                  persist=False, size=size)
        try:
            if scene == "table":
                config = GameConfig(FEATURED.game, FEATURED.seats)
                launch.open_table(app, Match(config, SEED))
            app.run(seconds=warmup)
            start_cpu, start = time.process_time(), time.perf_counter()
            app.run(seconds=seconds)
            cpu, wall = time.process_time() - start_cpu, time.perf_counter() - start
            window = app.screen.get_size()
            driver = pygame.display.get_driver()
        finally:
            app.close()
    return {"scene": scene, "seconds": round(wall, 2), "cpu_percent": round(100 * cpu / wall, 1),
            "window": f"{window[0]}x{window[1]}", "driver": driver}


def run_ui_bench(frames: int = FRAMES, first_frame_runs: int = FIRST_FRAME_RUNS,
                 size: tuple[int, int] = (1280, 720), game: str | None = None
                 ) -> dict[str, Any]:
    """``game``: time that game's table (default: the featured game's)."""
    launch = first_frame_seconds(first_frame_runs) if first_frame_runs > 0 else []
    report = frame_times(frames, size=size, game=game)
    report["first_frame_s"] = round(statistics.median(launch), 3) if launch else None
    report["first_frame_runs_s"] = [round(t, 3) for t in launch]
    report["python"] = platform.python_version()
    report["machine"] = f"{platform.system()} {platform.machine()}"
    return report
