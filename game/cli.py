"""The command line: one entry point for the game and its tools (scenario, sim, soak, bench,
replay, code). Parsing and dispatch only; the timed tools live in ``game/tools`` and the
front end's in ``game/ui`` (imported inside functions, so the tools run without pygame).

Without a subcommand it is the game: ``python -m game`` opens the window; ``--code CODE``
opens that game; ``--screenshot FILE [--scene NAME]`` writes a scene to a PNG; ``--autoplay``
plays a machine-only game through the screens; ``--lang`` picks the language."""

from __future__ import annotations

import argparse
import errno
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from game.core.errors import MechaCortaError
from game.tools.interrupt import interrupted_once

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

EXIT_USAGE = 2
EXIT_INTERNAL = 3
EXIT_PIPE = 141
"""Standard output closed by its reader (``… | head``): 128 + SIGPIPE, what a shell reports
for a Unix tool that signal ends; nothing is printed."""


# ------------------------------------------------------------ arguments


class _Parser(argparse.ArgumentParser):
    """An argument error is one line on stderr and exit 2, never a usage dump or a traceback.
    ``one_line=False`` keeps argparse's own message (the ``scenario`` subcommand's, unchanged)."""

    def __init__(self, *args: Any, one_line: bool = True, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.one_line = one_line

    def error(self, message: str) -> NoReturn:
        if not self.one_line:
            super().error(message)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        """argparse swallows a failed write of ``--help``: with buffered output the flush in
        ``_parse`` still caught it, but unbuffered (``PYTHONUNBUFFERED=1``) the write is the only
        place a full disk or a closed pipe shows, so it must reach ``main``'s answer."""
        if message:
            _write_all(file if file is not None else sys.stderr, message)


def _write_all(target: Any, message: str) -> None:
    """Write ``message`` whole or raise. Unbuffered, a text stream hands its bytes to the file
    in one call and ignores a short count (a file at its size limit takes part of them and
    fails only the next write), so the bytes go through the binary layer until all are taken;
    the next call after a short one raises the system's error (``EFBIG``, ``ENOSPC``)."""
    if target is None:
        return
    binary = getattr(target, "buffer", None)
    encoding = getattr(target, "encoding", None)
    if binary is None or encoding is None:
        target.write(message)
        return
    target.flush()
    data = memoryview(message.encode(encoding, getattr(target, "errors", None) or "strict"))
    while data:
        taken = binary.write(data)
        if not taken:
            raise OSError(errno.EAGAIN, "the output takes nothing")
        data = data[taken:]
    binary.flush()


class UsageError(MechaCortaError):
    """A bad argument found after parsing; printed as one line, exit 2."""


def _window_size(text: str) -> tuple[int, int]:
    parts = text.lower().replace("×", "x").split("x")
    try:
        width, height = (int(part) for part in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a size like 1920x1080: {text!r}") from None
    if not (160 <= width <= 8192 and 90 <= height <= 8192):
        raise argparse.ArgumentTypeError(f"{width}x{height} is outside 160x90 … 8192x8192")
    return width, height


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _whole(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must not be negative, not {value}")
    return value


def _seconds(text: str) -> float:
    """A duration: a finite number of seconds above 0 (``nan``, ``inf``, 0 and negatives would
    measure nothing and still print a figure)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 < value <= 86_400:
        raise argparse.ArgumentTypeError(f"must be above 0 and at most a day (86400), "
                                         f"not {text}")
    return value


def _scenario(args: argparse.Namespace) -> int:
    from game.rules.scenario import run_file

    outcome = run_file(Path(args.file))
    print(json.dumps(outcome.report, ensure_ascii=False))
    return outcome.exit_code


def _sim(args: argparse.Namespace) -> int:
    from game.core.errors import MalformedInput
    from game.match.sim import SimSetupError, parse_bots
    from game.rules.registry import descriptor, engine_for
    from game.tools.simrun import run_sim

    options = frozenset(o.strip() for o in args.options.split(",") if o.strip())
    try:
        spec = descriptor(args.game)
        engine_for(spec.id)  # a game not built yet says so
        options = spec.with_defaults(options)
        spec.check_table(args.seats, options)
        kinds = parse_bots(args.bots, args.seats, spec.id)
    except (MalformedInput, SimSetupError) as error:
        raise UsageError(str(error)) from None
    if args.focus is not None and not 0 <= args.focus < args.seats:
        raise UsageError(f"--focus {args.focus} is not a seat at this table (0–{args.seats - 1})")
    timing: list[float] | None = [] if args.timing else None
    tally, seconds = run_sim(args.game, kinds, args.games, args.seed, options=options,
                             rotate=args.rotate, check=args.check, focus=args.focus,
                             progress=not args.quiet, timing=timing)
    report = tally.to_json(seconds, {
        "game": args.game,
        "seats": args.seats,
        "bots": [kind.value for kind in kinds],
        "options": sorted(options),
        "seed": args.seed,
        "rotate": args.rotate,
        "check": args.check,
    })
    if timing is not None:
        report["decision_ms"] = _percentiles_ms(timing)
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
    else:
        _print_sim(report)
    return 0


def _percentiles_ms(samples: list[float]) -> dict[str, float | int]:
    """Median, 99th percentile and slowest of machine decision times, in milliseconds."""
    ordered = sorted(samples)
    if not ordered:
        return {"decisions": 0, "p50": 0.0, "p99": 0.0, "max": 0.0}
    def at(share: float) -> float:
        return round(ordered[int(share * (len(ordered) - 1))] * 1000, 2)
    return {"decisions": len(ordered), "p50": at(0.5), "p99": at(0.99),
            "max": round(ordered[-1] * 1000, 2)}


def _print_sim(report: dict[str, Any]) -> None:
    first = "first seat rotates" if report["rotate"] else "seat 0 plays first"
    print(f"{report['game']} · {report['seats']} seats · {report['games']} games · "
          f"seeds {report['seed']}… · {first}")
    print(f"{'seat':>4}  {'bot':<11}{'wins':>7}  {'win rate':>8}")
    for seat, (bot, wins, rate) in enumerate(
        zip(report["bots"], report["wins"], report["win_rate"], strict=True)
    ):
        print(f"{seat:>4}  {bot:<11}{wins:>7}  {rate * 100:>7.1f}%")
    print(f"{report['games_per_second']:,.0f} games/s ({report['seconds']:.2f} s), "
          f"{report['avg_actions']:.1f} actions per game")
    if "team_win_rate" in report:
        mistakes = report.get("mistakes_per_mission")
        print(f"team win rate: {report['team_win_rate'] * 100:.1f}%"
              + (f", {mistakes} mistakes per game" if mistakes is not None else ""))
    if "decision_ms" in report:
        times = report["decision_ms"]
        print(f"decisions: {times['decisions']}, median {times['p50']} ms, "
              f"p99 {times['p99']} ms, max {times['max']} ms")
    print(f"invariant violations: {report['invariant_violations']}, "
          f"errors: {report['errors']}")
    for line in report["violation_samples"] + report["error_samples"]:
        print(f"  {line}")


def _tournament(args: argparse.Namespace) -> int:
    from game.core.errors import MalformedInput
    from game.match.sim import SimSetupError, parse_bots
    from game.rules.registry import descriptor, engine_for
    from game.tools.tournament import Row, default_rows, run_tournament, table_lines

    options = frozenset(o.strip() for o in args.options.split(",") if o.strip())
    rows: list[Row] = []
    try:
        if args.bots:
            game = args.game or "bombazo"
            spec = descriptor(game)
            engine_for(spec.id)
            chosen = spec.with_defaults(options)
            for bots in args.bots:
                names = [name for name in bots.split(",")]
                seats = args.seats if args.seats is not None else \
                    (len(names) if len(names) > 1 else 4)
                spec.check_table(seats, chosen)
                rows.append(Row(spec.id, parse_bots(bots, seats, spec.id), chosen))
        else:
            if args.seats is not None or options:
                raise UsageError("--seats and --options go with --bots (the default rows "
                                 "fix their own tables)")
            rows = list(default_rows())
            if args.game is not None:
                descriptor(args.game)
                rows = [row for row in rows if row.game == args.game]
                if not rows:
                    raise UsageError(f"--game {args.game}: no default rows for this game; "
                                     "name the table with --bots")
            rows = [Row(row.game, row.kinds, descriptor(row.game).with_defaults(row.options))
                    for row in rows]
    except (MalformedInput, SimSetupError) as error:
        raise UsageError(str(error)) from None
    jobs = args.jobs if args.jobs is not None else (os.cpu_count() or 1)
    outcome = run_tournament(rows, args.games, args.seed, jobs=jobs, progress=not args.quiet)
    if args.json:
        print(json.dumps(outcome.to_json(), ensure_ascii=False))
    else:
        for line in table_lines(outcome):
            print(line)
    if not outcome.complete:
        sys.stdout.flush()
        print(f"{args.prog} tournament: interrupted", file=sys.stderr)
        return 130
    return 0


def _soak(args: argparse.Namespace) -> int:
    from game.tools.soak import run_saves, run_screens, run_soak, summary_lines

    if not 0 < args.max_growth_mb < float("inf"):
        raise UsageError(f"--max-growth-mb must be a number above 0, not {args.max_growth_mb:g}")
    soak = run_soak(args.games, args.seed, progress=not args.quiet) if args.games else None
    screens = None
    if args.screens:
        screens = run_screens(args.screens, args.seed, limit_mb=args.max_growth_mb,
                              python_heap=args.tracemalloc, progress=not args.quiet)
    files = run_saves(args.saves, args.seed) if args.saves else None
    ok = (soak is None or soak.ok) and (screens is None or screens.ok) \
        and (files is None or files.ok)
    if args.json:
        report: dict[str, Any] = soak.to_json() if soak is not None else {"games": 0}
        report["screens"] = screens.to_json() if screens is not None else None
        report["saves"] = files.to_json() if files is not None else None
        report["ok"] = ok
        print(json.dumps(report, ensure_ascii=False))
    else:
        for line in summary_lines(soak, screens, files):
            print(line)
    return 0 if ok else 1


def _bench(args: argparse.Namespace) -> int:
    from game.core.errors import MalformedInput
    from game.rules.registry import engine_for

    if args.target == "net":
        return _bench_net(args)
    if args.game is not None and args.target != "idle":
        try:
            engine_for(args.game)
        except MalformedInput as error:
            raise UsageError(str(error)) from None
    if args.target == "ui":
        return _bench_ui(args)
    if args.target == "idle":
        return _bench_idle(args)
    from game.tools.bench import run_bench

    report = run_bench(engine_games=args.games, astuto_games=args.astuto_games, game=args.game)
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
        return 0
    print(f"engine: {report['engine_games_per_second']:,.0f} games/s "
          f"({report['engine_table']}, {report['engine_games']} games)")
    print(f"{report['timed_level']}: median {report['decision_median_us']:.1f} µs per "
          f"decision, p99 {report['decision_p99_us']:.1f} µs, over {report['decisions']} "
          f"decisions ({report['decision_table']})")
    print(f"state copy: {report['state_copy_us']:.2f} µs; view: {report['view_us']:.2f} µs")
    print(f"python {report['python']} on {report['machine']}")
    return 0


def _bench_net(args: argparse.Namespace) -> int:
    from game.tools.netbench import CLIENTS, SECONDS, run_net_bench, summary_lines

    clients = CLIENTS if args.clients is None else (args.clients,)
    try:
        report = run_net_bench(clients=clients, acts=args.acts,
                               seconds=SECONDS if args.seconds is None else args.seconds)
    except ValueError as error:
        raise UsageError(str(error)) from None
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
        return 0
    for line in summary_lines(report):
        print(line)
    return 0


def _bench_idle(args: argparse.Namespace) -> int:
    from game.ui.bench import idle_cpu

    seconds = 10.0 if args.seconds is None else args.seconds
    reports = [idle_cpu(scene, seconds=seconds, size=args.size)
               for scene in ("title", "table")]
    if args.json:
        print(json.dumps({"idle": reports}, ensure_ascii=False))
        return 0
    for report in reports:
        print(f"idle {report['scene']}: {report['cpu_percent']} % of a core over "
              f"{report['seconds']} s ({report['window']}, {report['driver']} driver)")
    return 0


def _bench_ui(args: argparse.Namespace) -> int:
    from game.ui.bench import run_ui_bench

    report = run_ui_bench(frames=args.frames, first_frame_runs=args.launch_runs,
                          size=args.size or (1280, 720), game=args.game)
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
        return 0
    print(f"frames: p50 {report['p50_ms']:.2f} ms, p99 {report['p99_ms']:.2f} ms, "
          f"max {report['max_ms']:.2f} ms over {report['frames']} frames "
          f"({report['table']}, {report['actions']} actions, {report['size']}, "
          f"{report['driver']} driver)")
    if report["first_frame_s"] is not None:
        print(f"launch to first frame: {report['first_frame_s']:.3f} s (median of "
              f"{len(report['first_frame_runs_s'])})")
    print(f"python {report['python']} on {report['machine']}")
    return 0


def _replay(args: argparse.Namespace) -> int:
    """A save that cannot be read or replayed is one ``{"error": …}`` line, exit 2. The save is
    rebuilt as a resumed game is (``Match.from_save``, seats and machine levels included), so
    ``replay`` accepts exactly the saves the game would resume. Besides ``MalformedInput``, the
    readers underneath may let a ``ValueError`` (a 5,000-digit number), a ``RecursionError``
    (deep nesting) or an ``OSError`` through: all are the file's fault."""
    from game.core.saves import read_save
    from game.match.match import Match

    path = Path(args.file)
    try:
        save = read_save(path)
        match = Match.from_save(save)
    except (ValueError, RecursionError, OSError) as error:
        return _unreadable(error, path.name)
    outcome = match.outcome()
    print(json.dumps({
        "game": save.config.game,
        "actions": len(save.actions),
        "over": match.is_over(),
        "to_act": match.pending().decision.to_act(),
        "ranking": list(outcome.ranking),
        "outcome": outcome.to_json(),
    }, ensure_ascii=False))
    return 0


def _stats(args: argparse.Namespace) -> int:
    """The record, brought up to date with the past games first (a game kept by a program
    that was killed before it counted it is counted now)."""
    from game.history.record import YOU, Record

    record = Record(_home())
    counted = record.sync()
    if args.json:
        print(json.dumps({**record.to_json(), "counted_now": counted,
                          "damaged": record.damaged}, ensure_ascii=False))
        return 0
    if record.damaged is not None:
        print(f"the record was damaged ({record.damaged}): set aside, counted again")
    if not record.players:
        print("no games counted yet: finished games are counted here")
    for key, player in sorted(record.players.items()):
        name = "you" if key == YOU else player.name
        games = "1 game" if player.played == 1 else f"{player.played} games"
        print(f"{name}: {games}, {player.won} won; "
              f"{player.streak} in a row now, best {player.best_streak}")
        for game, rec in sorted(player.games.items()):
            line = f"  {game}: {rec.games.played} played, {rec.games.won} won"
            levels = ", ".join(f"{level} {t.won}/{t.played}"
                               for level, t in sorted(rec.levels.items()))
            if levels:
                line += f"; against {levels}"
            if rec.best_score is not None:
                line += f"; best score {rec.best_score}"
            if rec.setups_won:
                line += f"; {len(rec.setups_won)} setups won"
            print(line)
        if player.daily:
            print(f"  deals of the day: {sum(player.daily.values())} won of "
                  f"{len(player.daily)}")
    return 0


def _review(args: argparse.Namespace) -> int:
    """The analysis of a finished game (``game.history.review``): a kept game's file or a
    plain save, or with ``--last`` the newest kept game of the data folder. A file that
    cannot be read or replayed, an unfinished game (its review would show secrets) or no
    kept game: one ``{"error": …}`` line, exit 2, as ``replay`` answers."""
    from game.history.review import analyse, read_game

    name = "the last game" if args.last else Path(args.file).name
    try:
        if args.last:
            from game.history.archive import Archive

            archive = Archive(_home())
            kept = archive.games()
            if not kept:
                return _json_error("no finished game is kept yet")
            _past, save = archive.load(kept[0].id)
        else:
            save = read_game(Path(args.file))
        review = analyse(save)
    except (ValueError, RecursionError, OSError) as error:
        return _unreadable(error, name)
    if args.json:
        for entry in review.entries:
            print(json.dumps(entry.to_json(), ensure_ascii=False))
        return 0
    print(f"{review.game}, {review.seats} seats: {len(review.entries)} decisions "
          f"(* turning point)")
    print(f"{'move':>4} {'seat':>4}  {'before':>6} {'after':>6}  {'best':>6}  action | best")
    for entry in review.entries:
        mark = "*" if entry.turning_point else " "
        extra = ", ".join(f"{key} {_brief(value)}" for key, value in entry.extra)
        print(f"{entry.move:>4} {entry.seat:>4}{mark} {entry.before:6.2f} {entry.after:6.2f}  "
              f"{entry.best_estimate:6.2f}  {_brief(entry.action)} | {_brief(entry.best)}"
              + (f"  ({extra})" if extra else ""))
    return 0


def _brief(value: Any) -> str:
    """A review's field in a few characters: an action as its verb and fields, a chance with
    two decimals, ``None`` as a dash."""
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.2f}"
    if isinstance(value, dict):
        fields = " ".join(f"{key}={_brief(field)}" for key, field in value.items()
                          if key != "do")
        return f"{value.get('do', '?')} {fields}".strip()
    if isinstance(value, list):
        return ",".join(_brief(item) for item in value)
    return str(value)


def _code(args: argparse.Namespace) -> int:
    from game.core.errors import MalformedInput
    from game.rules.codes import decode, encode

    try:
        config, seed = decode(args.code)
    except MalformedInput as error:
        return _json_error(str(error))
    print(json.dumps({"code": encode(config, seed), "seed": seed, **config.to_json()},
                     ensure_ascii=False))
    return 0


def _unreadable(error: ValueError | RecursionError | OSError, name: str) -> int:
    """A file the commands that read games cannot use, in one ``{"error": …}`` line: its own
    words for a file that is not a game (``MalformedInput``), else what the reader said."""
    from game.core.errors import MalformedInput, beyond_parser_limits

    if isinstance(error, MalformedInput):
        return _json_error(str(error))
    if isinstance(error, OSError):
        return _json_error(f"cannot read {name}: {error.strerror or error}")
    return _json_error(f"cannot read {name}: {beyond_parser_limits(error)}")


def _json_error(message: str) -> int:
    """The answer of the commands that speak JSON to bad input: one ``{"error": …}`` line."""
    print(json.dumps({"error": message}, ensure_ascii=False))
    return EXIT_USAGE


LANGS = ("es", "en", "pt")


def _home() -> Path:
    from game.ui.settings import default_folder  # no pygame: the data folder's rule

    return default_folder()


def _host(args: argparse.Namespace) -> int:
    """A table open to the network, with no screen: runs until the game is over."""
    import asyncio

    from game.bots.registry import levels_for
    from game.core.errors import MalformedInput
    from game.match.flow import Pace
    from game.net.host import TablePlan, parse_seats
    from game.net.protocol import is_table_code, normalize_code
    from game.net.run import TableMissing, host_headless
    from game.rules.registry import descriptor, engine_for

    if not args.headless:
        raise UsageError("a host with a window is opened from the title screen: use "
                         "--headless here")
    pace = Pace(args.delay, args.delay * 0.8, args.window)
    plan = None
    if not args.resume:
        if args.game is None or args.seats is None:
            raise UsageError("--game and --seats are needed (or --resume)")
        options = frozenset(o.strip() for o in args.options.split(",") if o.strip())
        try:
            spec = descriptor(args.game)
            engine_for(spec.id)
            options = spec.with_defaults(options)
            seats = parse_seats(args.seats, levels_for(spec.id))
            spec.check_table(len(seats), options)
        except MalformedInput as error:
            raise UsageError(str(error)) from None
        code = None
        if args.code is not None:
            code = normalize_code(args.code)
            if not is_table_code(code):
                raise UsageError(f"--code {args.code!r}: 6 symbols of the game-code alphabet")
        plan = TablePlan(spec.id, seats, options, args.seed, code)
    try:
        result = asyncio.run(host_headless(plan, _home(), bind=args.bind, port=args.port,
                                           pace=pace, out=sys.stdout,
                                           stand_in_after=args.stand_in_after))
    except TableMissing as error:
        raise UsageError(str(error)) from None
    print(json.dumps(result, ensure_ascii=False))
    return 0


def _join(args: argparse.Namespace) -> int:
    """Join a table from this computer, with no screen (a machine level may play)."""
    import asyncio
    import contextlib

    from game.net.errors import Refused
    from game.net.run import join_headless

    if not args.headless and args.autoplay is None:
        raise UsageError("joining with a window is done from the title screen: use "
                         "--headless (with --autoplay LEVEL) here")
    with contextlib.ExitStack() as stack:
        transcript = stack.enter_context(open(args.transcript, "w", encoding="utf-8")) \
            if args.transcript else None
        try:
            result = asyncio.run(join_headless(
                args.address, args.code, _home(), name=args.name, level=args.autoplay,
                seats=args.seats, transcript=transcript, fingerprint=args.fingerprint,
                seed=args.seed))
        except Refused as error:
            print(f"join: refused: {error}", file=sys.stderr)
            return EXIT_USAGE
        except ValueError as error:
            raise UsageError(str(error)) from None
    print(json.dumps({"seats": list(result.seats), "reconnects": result.reconnects,
                      "outcome": result.outcome.to_json() if result.outcome else None,
                      "code": result.code}, ensure_ascii=False))
    return 0


def _playable() -> tuple[str, ...]:
    from game.rules.registry import playable

    return playable()


PROG = "python -m game"
"""What the messages call the program from source; the download passes its own name."""


def build_parser(prog: str = PROG) -> argparse.ArgumentParser:
    parser = _Parser(prog=prog, description="Mecha Corta. Without a command: "
                     "open the game window.")
    parser.add_argument("--code", metavar="CODE",
                        help="open the game this code pins (with --screenshot: the table, "
                             "new-game choice or rules page shown; with --autoplay: the game "
                             "played)")
    parser.add_argument("--lang", choices=LANGS,
                        help="language for this run: es, en or pt (default: the settings)")
    parser.add_argument("--screenshot", metavar="FILE",
                        help="write a scene to this PNG file (1280×720 unless --size; the "
                             "name must end in .png) and exit")
    parser.add_argument("--size", metavar="WxH", type=_window_size,
                        help="with --screenshot: the window size in pixels, e.g. 1920x1080 "
                             "(the scene is drawn at that resolution, letterboxed)")
    parser.add_argument("--scene", metavar="NAME",
                        help="with --screenshot: the scene (title, new_game, settings, rules, "
                             "pause, results, table, curtain, hide_bomb, react, chooser, bid, "
                             "reveal, take, bomb, history, scoring, …)")
    parser.add_argument("--marks", action="store_true",
                        help="with --screenshot: the tables' deduction marks on")
    parser.add_argument("--text-size", type=int, choices=(100, 125, 150), metavar="PERCENT",
                        help="with --screenshot: the text size setting, 100, 125 or 150")
    parser.add_argument("--autoplay", action="store_true",
                        help="play a machine-only game through the screens (people become "
                             "Astuto), print the ranking and exit")
    parser.add_argument("--first-frame", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--selftest", action="store_true",
                        help="check this copy of the game without a window (locales, fonts, "
                             "images, sounds, a machine game of each rule set and one through "
                             "the screens), one line per check; exit 0 when all pass")
    parser.set_defaults(prog=prog)
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    scenario = sub.add_parser("scenario", help="run a scenario file and print the state as JSON",
                              one_line=False)
    scenario.add_argument("file")
    scenario.set_defaults(run=_scenario)

    sim = sub.add_parser(
        "sim", help="play machine-only games in bulk: win rates, games per second",
        description="Play machine-only games. --bots: one name plays every seat; several "
                    "names must give one per seat, in seat order.",
    )
    sim.add_argument("--game", required=True, help="the game: " + ", ".join(_playable()))
    sim.add_argument("--seats", type=_positive, default=4, help="seats at the table (4)")
    sim.add_argument("--bots", required=True,
                     help="lanzado, astuto, despiadado, maestro (bomb-deck games): one "
                          "name, or one per seat")
    sim.add_argument("--games", type=_positive, default=100, help="games to play (100)")
    sim.add_argument("--seed", type=_whole, default=0,
                     help="seed of the first game; game i uses seed + i, wrapped at 2^20 (0)")
    sim.add_argument("--options", default="", help="rule options, comma-separated")
    sim.add_argument("--rotate", action="store_true",
                     help="rotate the first player round the table game by game")
    sim.add_argument("--focus", type=_whole, default=None,
                     help="the seat Despiadado hunts (default: the strongest opponent)")
    sim.add_argument("--check", action="store_true",
                     help="check the engine's invariants after every action")
    sim.add_argument("--timing", action="store_true",
                     help="time every machine decision (median, p99, max in ms)")
    sim.add_argument("--json", action="store_true",
                     help="print one JSON object on the last line")
    sim.add_argument("--quiet", action="store_true", help="no progress on stderr")
    sim.set_defaults(run=_sim)

    tour = sub.add_parser(
        "tournament", help="rows of machine-only games: the first level's win rate with a "
                           "95%% confidence interval, on every core",
        description="Play each row's games (seats rotated) in worker processes and print "
                    "the first named level's win rate and its 95% Wilson interval per row. "
                    "Without --bots: the default rows (Maestro against three Astuto and "
                    "three Despiadado at Bombazo, heads up against each, and against three "
                    "Astuto at Mazo and Clasico). The result is the same for any --jobs. "
                    "Ctrl-C prints the games finished so far and exits 130.")
    tour.add_argument("--games", type=_positive, default=200, help="games per row (200)")
    tour.add_argument("--jobs", type=_positive, default=None,
                      help="worker processes (default: every core)")
    tour.add_argument("--game", default=None,
                      help="with --bots: the game of its rows (bombazo); without: only the "
                           "default rows of this game")
    tour.add_argument("--bots", action="append", default=None, metavar="LEVELS",
                      help="a row of your own, levels in seat order, the first one measured "
                           "(maestro,astuto,astuto,astuto); repeat for more rows")
    tour.add_argument("--seats", type=_positive, default=None,
                      help="with --bots: seats at the table (the names given, or 4 for one "
                           "name)")
    tour.add_argument("--options", default="",
                      help="with --bots: rule options, comma-separated")
    tour.add_argument("--seed", type=_whole, default=0,
                      help="seed of every row's first game; game i uses seed + i, wrapped "
                           "at 2^20 (0)")
    tour.add_argument("--json", action="store_true",
                      help="print one JSON object on the last line")
    tour.add_argument("--quiet", action="store_true", help="no progress on stderr")
    tour.set_defaults(run=_tournament)

    soak = sub.add_parser(
        "soak", help="long runs: machine-only games of every table with invariant checks; "
                     "--screens: games through the screens and the memory they keep",
        description="Play machine-only games of every rule set, seat count, option set and a "
                    "mix of machine levels, checking the engine's invariants after every "
                    "action. Exit 1 on any invariant violation or error, when --screens "
                    "memory grows by the limit or more, or on any --saves crash.")
    soak.add_argument("--games", type=_whole, default=1000,
                      help="games to play, cycling over every table (1000; 0: none)")
    soak.add_argument("--seed", type=_whole, default=0,
                      help="seed of the first game; game i uses seed + i, wrapped at 2^20 (0)")
    soak.add_argument("--screens", type=_whole, default=0, metavar="K",
                      help="also play K games through the real screens in one app (dummy "
                           "driver) and report the resident memory growth from game 1 to K")
    soak.add_argument("--max-growth-mb", type=float, default=20.0, metavar="MB",
                      help="--screens: the growth that fails the run (20)")
    soak.add_argument("--tracemalloc", action="store_true",
                      help="--screens: also trace the Python heap (slower)")
    soak.add_argument("--saves", type=_whole, default=0, metavar="N",
                      help="also attack N saves and N settings files (real ones, changed) "
                           "and load them through the real loaders; a crash fails the run")
    soak.add_argument("--json", action="store_true",
                      help="print one JSON object on the last line")
    soak.add_argument("--quiet", action="store_true", help="no progress on stderr")
    soak.set_defaults(run=_soak)

    bench = sub.add_parser(
        "bench", help="engine games/s, Astuto decision time, copy time; 'bench ui': frame time",
        description="Without a target (or 'engine'): engine speed, Astuto's decision time, "
                    "state copies. 'ui': the front end's frame time on an 8-seat machine table "
                    "(dummy video driver) and the launch time to the first frame. 'net': a table "
                    "across the loopback (round trips, the host's idle CPU and memory).")
    bench.add_argument("target", nargs="?", choices=("engine", "ui", "idle", "net"),
                       default="engine",
                       help="engine (default), ui (frame time), idle (the share of a core "
                            "an idle title and table take, in a real window when there is a "
                            "display) or net (a table across the loopback: round trips, the "
                            "host's idle CPU and memory per joined computer)")
    bench.add_argument("--games", type=_positive, default=2000,
                       help="engine games to time (2000)")
    bench.add_argument("--astuto-games", type=_positive, default=300,
                       help="games whose Astuto decisions are timed (300)")
    bench.add_argument("--game", default=None,
                       help="time this game's engine, its machines' decisions and states "
                            "instead (one of " + ", ".join(_playable()) + "; default: clasico "
                            "for the engine, bombazo for the rest); ui: this game's table")
    bench.add_argument("--frames", type=_positive, default=600,
                       help="ui: frames to time (600)")
    bench.add_argument("--size", type=_window_size, default=None, metavar="WxH",
                       help="ui, idle: the window size (ui: 1280x720; idle: fitted to the "
                            "desktop)")
    bench.add_argument("--seconds", type=_seconds, default=None,
                       help="idle: seconds measured per scene (10); net: seconds the host's "
                            "idle CPU is measured (5)")
    bench.add_argument("--clients", type=_positive, default=None,
                       help="net: time the round trips of this many joined computers at the "
                            "8-seat table (default: 1, then 7)")
    bench.add_argument("--acts", type=_positive, default=100,
                       help="net: round trips to time per number of computers (100)")
    bench.add_argument("--launch-runs", type=_whole, default=5,
                       help="ui: launches to time, the median is reported (5; 0: none)")
    bench.add_argument("--json", action="store_true",
                       help="print one JSON object on the last line")
    bench.set_defaults(run=_bench)

    host = sub.add_parser(
        "host", help="open a table to the local network (--headless: no window)",
        description="Open a table others join from their own computers on this network. "
                    "The first line printed is 'listening HOST:PORT code CODE fingerprint "
                    "FP'; the last, the result as JSON.")
    host.add_argument("--game", help="the game: " + ", ".join(_playable()))
    host.add_argument("--seats", help="each seat's kind in order: remote (a person at "
                                       "another computer) or a machine level, e.g. "
                                       "remote,astuto,remote")
    host.add_argument("--options", default="", help="rule options, comma-separated")
    host.add_argument("--port", type=_whole, default=0, help="the port (0: any free one)")
    host.add_argument("--bind", default="0.0.0.0",
                      help="the address to listen on (0.0.0.0: every network of this "
                           "computer; 127.0.0.1: this computer only)")
    host.add_argument("--code", help="the table's code (6 symbols; default: a new one)")
    host.add_argument("--seed", type=_whole, default=None, help=argparse.SUPPRESS)
    host.add_argument("--delay", type=float, default=0.9,
                      help="seconds a machine waits before it acts (0.9)")
    host.add_argument("--window", type=float, default=4.0,
                      help="seconds a reaction window stays open (4)")
    host.add_argument("--stand-in-after", type=float, default=30.0,
                      help="seconds a network seat whose computer dropped waits before a "
                           "machine plays it, until its person is back (30)")
    host.add_argument("--resume", action="store_true",
                      help="open again the table this computer was hosting when it stopped")
    host.add_argument("--headless", action="store_true", help="no window")
    host.set_defaults(run=_host)

    join = sub.add_parser(
        "join", help="join a table on the local network (--headless: no window)",
        description="Join the table at HOST:PORT with its code; prints the result as JSON "
                    "when the game is over.")
    join.add_argument("address", help="HOST:PORT, as the host's lobby shows it")
    join.add_argument("--code", required=True, help="the table's code")
    join.add_argument("--name", default="", help="the name the table shows")
    join.add_argument("--seats", type=_positive, default=1,
                      help="people at this computer (1)")
    join.add_argument("--autoplay", default=None,
                      help="a machine level plays the joined seats (lanzado, astuto, ...)")
    join.add_argument("--fingerprint", default=None,
                      help="the host's fingerprint, as its lobby shows it (refuse another)")
    join.add_argument("--transcript", default=None,
                      help="write every message received, as JSON lines, to this file")
    join.add_argument("--seed", type=_whole, default=0, help=argparse.SUPPRESS)
    join.add_argument("--headless", action="store_true", help="no window")
    join.set_defaults(run=_join)

    replay = sub.add_parser("replay", help="replay a save file and print where the game stands")
    replay.add_argument("file")
    replay.set_defaults(run=_replay)

    stats = sub.add_parser("stats", help="print every player's record (games, wins, levels, "
                                         "streaks), counted from the past games")
    stats.add_argument("--json", action="store_true", help="one JSON object")
    stats.set_defaults(run=_stats)

    review = sub.add_parser("review", help="analyse every decision of a finished game: a "
                                           "kept game's file, a save, or --last")
    which = review.add_mutually_exclusive_group(required=True)
    which.add_argument("file", nargs="?", default=None,
                       help="a kept game (games/<id>.json in the data folder) or a save")
    which.add_argument("--last", action="store_true",
                       help="the newest finished game kept in the data folder")
    review.add_argument("--json", action="store_true", help="one JSON object per decision")
    review.set_defaults(run=_review)

    code = sub.add_parser("code", help="read a game code and print the game it pins")
    code.add_argument("code")
    code.set_defaults(run=_code)
    return parser


# ------------------------------------------------------------ the game (no subcommand)


def _check_code(code: str | None) -> None:
    if code is None:
        return
    from game.core.errors import MalformedInput
    from game.rules.codes import decode
    from game.ui.launch import playable_or_raise

    try:
        config, _seed = decode(code)
        playable_or_raise(config)
    except MalformedInput as error:
        raise UsageError(f"--code: {error}") from None


def _front_end(args: argparse.Namespace) -> int:
    """``python -m game`` and its flags: the window, a screenshot, autoplay."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.ui.quiet import name_the_window

    name_the_window()  # before anything starts SDL's video: its window class is read once
    _blank_drivers_mean_none()
    if args.selftest:
        from game.ui.selftest import run_selftest

        _check_video()
        return run_selftest()
    modes = [flag for flag, on in (("--screenshot", args.screenshot is not None),
                                   ("--autoplay", args.autoplay),
                                   ("--first-frame", args.first_frame)) if on]
    if len(modes) > 1:
        raise UsageError(f"{modes[0]} and {modes[1]} do not go together")
    if args.scene is not None and args.screenshot is None:
        raise UsageError("--scene goes with --screenshot FILE")
    if args.size is not None and args.screenshot is None:
        raise UsageError("--size goes with --screenshot FILE")
    if args.marks and args.screenshot is None:
        raise UsageError("--marks goes with --screenshot FILE")
    if args.text_size is not None and args.screenshot is None:
        raise UsageError("--text-size goes with --screenshot FILE")
    _check_code(args.code)
    if args.screenshot is not None:
        _check_video()
        return _screenshot(args)
    if args.autoplay:
        _check_video()
        return _autoplay(args)
    from game.ui import launch

    try:
        if args.first_frame:
            return launch.first_frame(args.lang)
        return launch.run(args.lang, args.code)
    except launch.WindowError as error:
        print(f"{args.prog}: {error}", file=sys.stderr)
        return 1


def _blank_drivers_mean_none() -> None:
    """``SDL_VIDEODRIVER=`` (empty) names no driver, as for SDL; but the headless modes only
    choose theirs when the variable is missing, and pygame took the empty one for a driver
    that does not exist. Removing it makes both mean the same."""
    for name in ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER"):
        if name in os.environ and not os.environ[name].strip():
            del os.environ[name]


def _check_video() -> None:
    """A video driver named in the environment that cannot start: one line, exit 2."""
    from game.ui.app import NoVideo, check_video_driver

    try:
        check_video_driver()
    except NoVideo as error:
        raise UsageError(str(error)) from None


def _screenshot(args: argparse.Namespace) -> int:
    from game.ui.screenshot import ScreenshotError, render_scene_to_png, scenes

    scene = args.scene or "title"
    if scene not in scenes():
        raise UsageError(f"unknown scene {scene!r} (known: {', '.join(scenes())})")
    lang = args.lang
    if lang is None:
        from game.ui.locale import system_lang

        lang = system_lang()
    try:
        out = render_scene_to_png(scene, args.screenshot, lang, code=args.code,
                                  size=args.size, marks=args.marks,
                                  text_size=args.text_size or 100)
    except ScreenshotError as error:
        raise UsageError(str(error)) from None
    except OSError as error:
        raise UsageError(f"cannot write {args.screenshot}: {error.strerror or error}") from None
    print(out)
    return 0


def _autoplay(args: argparse.Namespace) -> int:
    from game.ui.autoplay import AutoplayStuck, autoplay

    try:
        result = autoplay(args.code, args.lang)
    except AutoplayStuck as error:
        print(str(error), file=sys.stderr)
        return 1
    print(result.line())
    print(f"code {result.code}: {result.frames} frames, {result.game_seconds:.0f} s of game "
          f"time, {result.seconds:.1f} s", file=sys.stderr)
    return 0


def main(argv: Sequence[str] | None = None, prog: str = PROG) -> int:
    """Run one command. Exit codes: 0 done; 1 the command's own failure (an illegal scenario
    step, a window that cannot open, a failing check); 2 bad input or a refusal of the system
    (a full disk): one line; 3 a bug: one line; 130 interrupted; 141 standard output closed by
    its reader (``… | head``): nothing printed. ``prog``: the program's name in those lines
    (the download is ``mecha-corta``, not ``python -m game``)."""
    with interrupted_once():
        return _main(argv, prog)


def _main(argv: Sequence[str] | None, prog: str) -> int:
    label = prog
    try:
        parser = build_parser(prog)
        _escape_what_stdout_cannot_encode()
        args = _parse(parser, argv)
        label = f"{parser.prog} {args.command}" if args.command else parser.prog
        run = getattr(args, "run", None)
        result: int = run(args) if run is not None else _front_end(args)
        sys.stdout.flush()  # buffered output fails here, in one line, not at the exit
    except UsageError as error:
        print(f"{label}: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print(f"{label}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        _drop_stdout()
        return EXIT_PIPE
    except OSError as error:  # a full disk, a refused file: the system's answer, not a bug
        if not _stdout_flushes():
            _drop_stdout()
        print(f"{label}: error: {_os_problem(error)}", file=sys.stderr)
        return EXIT_USAGE
    except Exception as error:  # a bug must still end in one line, never a traceback
        print(f"{label}: internal error: {type(error).__name__}: {error}", file=sys.stderr)
        return EXIT_INTERNAL
    return result


def _parse(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> argparse.Namespace:
    """The arguments; what argparse prints before it exits (``--help``) is flushed first, so
    a closed pipe or a full disk fails here, where ``main`` answers it."""
    try:
        return parser.parse_args(argv)
    except SystemExit:
        sys.stdout.flush()
        raise


def _escape_what_stdout_cannot_encode() -> None:
    """Print ``\\udcff`` for what standard output's encoding cannot hold rather than fail: a
    file name that is not UTF-8 (a lone surrogate for Python) under a strict UTF-8 locale, a
    '·' on an ASCII terminal. In JSON the escape even reads back as the same text."""
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if callable(reconfigure) and getattr(sys.stdout, "errors", None) == "strict":
        reconfigure(errors="backslashreplace")


def _stdout_flushes() -> bool:
    try:
        sys.stdout.flush()
    except OSError:
        return False
    return True


def _drop_stdout() -> None:
    """Point standard output at the null device: what is still buffered for a closed pipe or
    a full disk would fail again at the interpreter's exit, with a message and exit 120 (the
    recipe of Python's ``signal`` documentation for SIGPIPE)."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # replaced by a test's capture: nothing to do
        return
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, fd)
    finally:
        os.close(null)


_WRITE_ERRNOS = frozenset({errno.ENOSPC, errno.EFBIG, errno.EIO,
                           getattr(errno, "EDQUOT", errno.ENOSPC)})


def _os_problem(error: OSError) -> str:
    """One line for an ``OSError``: the file it names, or, for an unnamed write (standard
    output), what was being done."""
    reason = error.strerror or str(error) or type(error).__name__
    if error.filename is not None:
        return f"{error.filename}: {reason}"
    return f"cannot write: {reason}" if error.errno in _WRITE_ERRNOS else reason
