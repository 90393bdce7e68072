"""Wiring the front end to the match layer: the title's hooks, fresh seeds, opening a table.

- "Play now": Bombazo, a person at seat 0 and three Astuto, with a fresh seed; the very first
  time (``Settings.tutorial_seen`` not set), the first game that teaches instead.
- "How to play": every game's first game that teaches (``UiKit.lessons``) and its rules, on one
  page (``game.ui.scenes.lessons``).
- "New game": the :class:`~game.ui.scenes.new_game.NewGameScene` at once; its Start (or a
  code typed there) asks before an unfinished game is replaced, as "Play now" does at once.
- A typed code: ``check_code`` answers a translated message for a code that cannot be played;
  ``open_code`` opens the game it pins.
- The unfinished game: every table the title opens autosaves (``game.match.autosave``) into
  :func:`save_folder`; ``unfinished`` tells the title whether there is one to offer (setting a
  damaged file aside), ``resume`` opens it where it was left, curtain included.

Logging (:func:`setup_logging`, for the window): warnings (a damaged settings file or save) go to
stderr and to ``mecha-corta.log`` in the user data folder.

Seeds: the engine never reads a clock, so the entropy comes from here (the clock and the OS).

Trace (for the end-to-end test, opt-in): with ``MECHA_CORTA_TRACE=path`` every match made here
appends one JSON line to ``path`` per action (a person's, a machine's, a nope, the table closing a
window) and per turn change, and one when the game is over. Only public facts are written: the
seat, the verb and the public feed's turn changes. A resumed match's ``start`` line says
``"resumed": true`` and the move it resumed at. A joined network table (the host's own screen
is one too) is followed by :class:`RemoteTrace` instead: its ``start`` line says
``"network": true``, and it writes the public events as they arrive (``feed``: the event's
kind and its seat), whose turn it is (``turn``), each reaction window opening (``window``)
and the end (``over``). Each change of the top screen writes a ``scene`` line (the scene's
class name), so a test knows where its clicks land.
"""

from __future__ import annotations

import json
import logging
import logging.handlers
import os
import secrets
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.bots.registry import stand_in_for
from game.core.codes import new_seed
from game.core.config import GameConfig, SeatKind
from game.core.engine import TABLE
from game.core.errors import MalformedInput, MechaCortaError, Problem
from game.match.autosave import Autosaver, DamagedSave, Seen, Unfinished
from game.match.match import Match
from game.rules.codes import decode
from game.ui.registry import FEATURED, lesson_for, ui_kit_for

if TYPE_CHECKING:
    from game.net.remote import RemoteMatch
    from game.ui.app import App, Hooks
    from game.ui.scene import Scene

TRACE_ENV = "MECHA_CORTA_TRACE"
LOG_NAME = "mecha-corta.log"
LOG_BYTES = 256 * 1024

PLAY_NOW = FEATURED
""""Play now": the featured game of ``game.ui.registry``, the person at seat 0 playing first."""


# ------------------------------------------------------------ seeds and matches


def fresh_seed() -> int:
    """A seed for a new game: the clock and the OS's entropy, folded by ``new_seed``."""
    return new_seed((time.time_ns() << 64) ^ secrets.randbits(64) ^ os.getpid())


class Tracer:
    """Appends JSON lines to a file; never lets a full disk or a bad path stop the game."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.broken = False

    def write(self, record: dict[str, Any]) -> None:
        if self.broken:
            return
        record = {"t": round(time.monotonic(), 4), **record}
        try:
            with self.path.open("a", encoding="utf-8") as out:
                out.write(json.dumps(record, ensure_ascii=False) + "\n")
        except OSError:
            self.broken = True


def tracer_from_env() -> Tracer | None:
    path = os.environ.get(TRACE_ENV, "").strip()
    return Tracer(path) if path else None


class MatchTrace:
    """Follows a :class:`Match` (its ``on_action`` hook) and writes what happens to a
    :class:`Tracer`, so the table scene knows nothing of the trace. Only public facts: who
    acted, the verb, whose turn it is next and the final places."""

    def __init__(self, tracer: Tracer, match: Match) -> None:
        self.tracer = tracer
        self.match = match
        self._turn: int | None = None
        match.on_action = self.action
        tracer.write({"event": "start", "code": match.code, "game": match.config.game,
                      "seats": [kind.value for kind in match.config.seats],
                      "people": list(match.people), "resumed": match.moves > 0,
                      "moves": match.moves})
        self._turn_line()

    def action(self, seat: int, action: Any) -> None:
        match, tracer = self.match, self.tracer
        by = "table" if seat == TABLE else "person" if match.is_person(seat) else "machine"
        pending = match.pending()
        tracer.write({"event": "action", "by": by, "seat": None if seat == TABLE else seat,
                      "verb": match.engine.action_to_json(action).get("do"),
                      "moves": match.moves,
                      "next": {"kind": pending.phase, "seat": pending.seat}})
        self._turn_line()
        if pending.is_over:
            tracer.write({"event": "over", "ranking": list(match.outcome().ranking),
                          "moves": match.moves})

    def _turn_line(self) -> None:
        """A ``turn`` line when a different seat comes to decide alone."""
        seat = self.match.pending().seat
        if seat is not None and seat != self._turn:
            self._turn = seat
            self.tracer.write({"event": "turn", "seat": seat, "moves": self.match.moves})


def traced(match: Match) -> Match:
    """``match``, followed by a trace when ``MECHA_CORTA_TRACE`` names a file."""
    tracer = tracer_from_env()
    if tracer is not None:
        MatchTrace(tracer, match)
    return match


class RemoteTrace:
    """Follows a joined table's match (``game.net.remote.RemoteMatch``, which has no
    ``on_action``: its moves arrive from the host) by wrapping its ``poll``; writes only what
    every seat may see: the public events, whose turn it is, windows opening, the end."""

    def __init__(self, tracer: Tracer, remote: RemoteMatch) -> None:
        self.tracer = tracer
        self.remote = remote
        self._told = 0
        self._turn: int | None = None
        self._window: int | None = None
        self._over = False
        self._poll = remote.poll
        remote.poll = self.poll  # type: ignore[method-assign]
        tracer.write({"event": "start", "network": True, "code": "",
                      "game": remote.config.game,
                      "seats": [kind.value for kind in remote.config.seats],
                      "people": list(remote.people), "resumed": remote.moves > 0,
                      "moves": remote.moves})
        self._lines()

    def poll(self) -> bool:
        changed = self._poll()
        if changed:
            self._lines()
        return changed

    def _lines(self) -> None:
        remote, tracer = self.remote, self.tracer
        for item in remote.feed_for(None, self._told):
            seat = getattr(item.event, "seat", None)
            tracer.write({"event": "feed", "kind": type(item.event).__name__,
                          "seat": seat if isinstance(seat, int) else None,
                          "moves": remote.moves})
        self._told = max(self._told, remote.feed_size)
        pending = remote.pending()
        if pending.is_window and self._window != remote.moves:
            self._window = remote.moves
            tracer.write({"event": "window", "moves": remote.moves, "phase": pending.phase})
        seat = pending.seat
        if seat is not None and seat >= 0 and seat != self._turn:
            self._turn = seat
            tracer.write({"event": "turn", "seat": seat, "moves": remote.moves,
                          "phase": pending.phase})
        if remote.is_over() and not self._over:
            self._over = True
            tracer.write({"event": "over", "ranking": list(remote.ranking()),
                          "moves": remote.moves})


def trace_remote(remote: RemoteMatch) -> RemoteMatch:
    """``remote`` (a joined table's match), followed by a trace when ``MECHA_CORTA_TRACE``
    names a file."""
    tracer = tracer_from_env()
    if tracer is not None:
        RemoteTrace(tracer, remote)
    return remote


def make_match(config: GameConfig, seed: int | None = None) -> Match:
    """A match of ``config`` (a fresh seed unless given), traced when ``MECHA_CORTA_TRACE``
    names a file."""
    return traced(Match(config, fresh_seed() if seed is None else seed))


def match_from_save(unfinished: Unfinished) -> Match:
    """The match of an unfinished game (rebuilt when the save was read; traced like
    ``make_match``)."""
    match = unfinished.match
    if match is None or match.moves != unfinished.moves or match.on_action is not None:
        match = Match.from_save(unfinished.save)  # not rebuilt yet, or already played on
    return traced(match)


def match_from_code(code: str, *, machines_only: bool = False) -> Match:
    """The match a code pins; ``machines_only``: people become the game's stand-in level
    (autoplay; ``game.bots.registry.stand_in_for``: Astuto in every family that has it). Raises
    ``MalformedInput`` for a bad code or one this version cannot play."""
    config, seed = decode(code)
    if machines_only:
        config = all_machines(config)
    playable_or_raise(config)
    return make_match(config, seed)


def play_out(match: Match, level: SeatKind | None = None) -> Match:
    """Play ``match`` to its end without a screen, the people's decisions made by a machine of
    ``level`` (by default the game's stand-in level; screenshots and tests of the results)."""
    match.play_to_end(stand_in_for(match.config.game) if level is None else level)
    return match


def all_machines(config: GameConfig, level: SeatKind | None = None) -> GameConfig:
    """``config`` with every person's seat given to a machine of ``level`` (by default the
    game's stand-in level, which every game has: not every game has Astuto)."""
    level = stand_in_for(config.game) if level is None else level
    seats = tuple(level if kind is SeatKind.PERSON else kind for kind in config.seats)
    return GameConfig(config.game, seats, config.options, config.first)


def playable_or_raise(config: GameConfig) -> None:
    """``MalformedInput`` (a ``NotPlayable`` one) when this version cannot play ``config``
    through the screens: a game, its table or a machine level that is not built yet."""
    ui_kit_for(config.game)
    Match(config, 0)


PROBLEM_KEYS: dict[Problem, str] = {
    Problem.CODE_EMPTY: "error.code_empty",
    Problem.CODE_NEWER: "error.code_newer",
    Problem.NOT_PLAYABLE: "error.code_unplayable",
}
"""The message a typed code gets, by the kind of its problem (others: ``error.bad_code``)."""


def code_problem(code: str) -> str | None:
    """Why ``code`` cannot be opened, as a locale key (``None``: it can)."""
    try:
        config, _seed = decode(code)
        playable_or_raise(config)
    except MalformedInput as error:
        return PROBLEM_KEYS.get(error.problem, "error.bad_code")
    return None


# ------------------------------------------------------------ the unfinished game


def save_folder(app: App) -> Path:
    """Where ``app`` keeps the unfinished game: ``$MECHA_CORTA_HOME`` when set, else the
    app's settings folder when it was given one (tests), else the user data folder."""
    from game.ui.settings import HOME_ENV, default_folder

    if os.environ.get(HOME_ENV, "").strip() or app.settings_dir is None:
        return default_folder()
    return app.settings_dir


def autosaver_for(app: App) -> Autosaver | None:
    """The autosaver of ``app``'s tables; ``None`` when the app writes nothing (screenshots,
    autoplay, benchmarks)."""
    return Autosaver(save_folder(app)) if app.persist else None


def keep_finished(folder: Path, match: Match, names: Sequence[str], *,
                  aids: Iterable[str] = (), guided: int = 0) -> bool:
    """Keep a finished game among the past games (``game/history/archive.py``), people by the
    names they typed and machines by none (their level names them), with the aids it was
    played with and the moves a lesson asked for; ``False`` when the disk said no (logged:
    the person has seen the result, only its record is missing)."""
    from datetime import UTC, datetime

    from game.history.archive import Archive
    from game.ui.players import shown_name

    kept = [shown_name(names[seat]) if seat < len(names) and kind is SeatKind.PERSON else ""
            for seat, kind in enumerate(match.config.seats)]
    try:
        Archive(folder).add(match, kept, datetime.now(UTC), aids=aids, guided=guided)
    except OSError as error:
        logging.getLogger(__name__).warning("past games: this game is not kept: %s", error)
        return False
    return True


def unfinished(app: App) -> Unfinished | None:
    """The game to offer on the title; raises ``DamagedSave`` once a bad file is set aside
    (an app that writes nothing only reports it)."""
    found = Autosaver(save_folder(app), read_only=not app.persist).load_unfinished()
    if found is not None:
        return found
    from game.ui.netplay import hosted_unfinished

    return hosted_unfinished(app)


def resume(app: App, game: Unfinished) -> None:
    """Open ``game``'s table where it was left: the same moves, the same next machine moves,
    the curtain down for the same person (a table hosted for the network opens to it again,
    and its computers come back by themselves)."""
    if game.hosted:
        from game.ui.netplay import resume_network_table

        resume_network_table(app)
        return
    open_table(app, match_from_save(game), seen=game.seen)


# ------------------------------------------------------------ scenes


def table_scene(app: App, match: Match, seen: Seen | None = None, *,
                show_code: bool = False) -> Scene[Any]:
    """The table for ``match`` (the table engineer's scene), autosaving; ``seen``: who was
    looking at a resumed match; ``show_code``: the player chose the code (see ``open_code``)."""
    return ui_kit_for(match.config.game).table(app, match, autosaver=autosaver_for(app),
                                              resume=seen, show_code=show_code)


def open_table(app: App, match: Match, *, replacing: Scene[Any] | None = None,
               seen: Seen | None = None, show_code: bool = False) -> None:
    """Show ``match``: in place of ``replacing`` when it is on top (the new-game screen, the
    results), else on top of the stack (the title). The game code (it holds the seed, so the
    deal) stays off the table unless ``show_code``: the player typed it or has seen it."""
    scene = table_scene(app, match, seen, show_code=show_code)
    if replacing is not None and app.stack.top is replacing:
        app.stack.replace(scene)
    else:
        app.push(scene)


def unless_it_loses_a_game(app: App, then: Callable[[], None]) -> None:
    """Run ``then`` at once, or, when an unfinished game would be replaced by a new one,
    after the person confirms: nothing is lost by a stray click."""
    try:
        pending = unfinished(app)
    except DamagedSave:  # set aside already: nothing left to lose
        pending = None
    if pending is None:
        then()
        return
    from game.ui.scenes.confirm import ConfirmScene

    def answered(yes: object) -> None:
        if yes is True:
            then()

    app.push(ConfirmScene(app, app.loc.t("title.replace_title"), app.loc.t("title.replace_yes"),
                          app.loc.t("common.cancel"), message=app.loc.t("title.replace_message"),
                          danger=True), answered)


def open_tutorial(app: App) -> bool:
    """Open the featured game's first game that teaches (the very first "Play now")."""
    return open_lesson(app, FEATURED.game)


def open_lesson(app: App, game: str) -> bool:
    """Open ``game``'s first game that teaches (its table over the title) and remember that a
    lesson was given; ``False`` (nothing opens) when the game has none."""
    tutorial = lesson_for(game)
    if tutorial is None:
        return False
    app.settings.tutorial_seen = True
    app.save_settings()
    scene = table_scene(app, make_match(tutorial.config, tutorial.seed))
    tutorial.teach(scene)
    app.push(scene)
    return True


def play_now(app: App) -> None:
    """The featured game; the first time ever, the game that teaches it."""
    def start() -> None:
        if app.settings.tutorial_seen or not open_tutorial(app):
            open_table(app, make_match(PLAY_NOW))

    unless_it_loses_a_game(app, start)


def how_to_play(app: App) -> None:
    """Every game's lesson and rules, on one page."""
    from game.ui.scenes.lessons import LessonsScene

    app.push(LessonsScene(app))


def lesson(app: App, game: str) -> None:
    """``game``'s lesson over the title (from How to play or a rules page: the pages it was
    chosen on close first, so the lesson's end goes back to the title)."""
    def start() -> None:
        app.to_title()
        open_lesson(app, game)

    unless_it_loses_a_game(app, start)  # asked over the page it was chosen on


def new_game(app: App) -> None:
    """The new-game screen, at once: choosing a table loses nothing, so the question about
    the unfinished game waits for Start (``NewGameScene`` asks it)."""
    from game.ui.scenes.new_game import NewGameScene

    app.push(NewGameScene(app))


def check_code(app: App, code: str) -> str | None:
    key = code_problem(code)
    if key is None:
        return None
    return app.loc.t(key, code=code.strip().upper()) if key == "error.bad_code" \
        else app.loc.t(key)


def open_code(app: App, code: str, *, replacing: Scene[Any] | None = None) -> bool:
    """Open the game ``code`` pins; ``False`` (nothing opens) for a code that cannot be
    played."""
    try:
        match = match_from_code(code)
    except MalformedInput:
        return False
    open_table(app, match, replacing=replacing, show_code=True)
    return True


def open_code_asking(app: App, code: str) -> None:
    """Open ``code``'s game, asking first when it would replace the unfinished one."""
    def open_it() -> None:
        open_code(app, code)

    unless_it_loses_a_game(app, open_it)


def hooks_for(app: App) -> Hooks:
    from game.ui.app import Hooks

    return Hooks(play_now=lambda: play_now(app), new_game=lambda: new_game(app),
                 open_code=lambda code: open_code_asking(app, code),
                 check_code=lambda code: check_code(app, code),
                 unfinished=lambda: unfinished(app), resume=lambda game: resume(app, game),
                 how_to_play=lambda: how_to_play(app),
                 lesson=lambda game: lesson(app, game), past_games=lambda: past_games(app))


def past_games(app: App) -> None:
    """The finished games of this computer's data folder (those of a test's folder)."""
    from game.ui.scenes.past_games import PastGamesScene

    app.stack.push(PastGamesScene(app, save_folder(app)))


def wire(app: App) -> App:
    """Give ``app`` the real hooks (and, with ``MECHA_CORTA_TRACE``, a ``scene`` line in the
    trace at every change of the top screen)."""
    app.hooks = hooks_for(app)
    tracer = tracer_from_env()
    if tracer is not None:
        def scene() -> None:
            top = app.stack.top
            tracer.write({"event": "scene", "top": type(top).__name__ if top else None})

        app.stack.listeners.append(scene)
        scene()
    return app


class WindowError(MechaCortaError, RuntimeError):
    """The window could not open (no display, no video driver)."""


class QuietLogFile(logging.handlers.RotatingFileHandler):
    """The log file, kept small; a log that cannot be written (a full or read-only disk, a
    folder where the file should be) is skipped in silence. Python's own handler prints a
    traceback to stderr for every record it fails to write; this one stops writing after the
    first failure instead, since a log is never worth a noisy or a broken game."""

    def __init__(self, path: Path) -> None:
        super().__init__(path, maxBytes=LOG_BYTES, backupCount=1, encoding="utf-8", delay=True)
        self.broken = False

    def emit(self, record: logging.LogRecord) -> None:
        if not self.broken:
            super().emit(record)

    def handleError(self, record: logging.LogRecord) -> None:
        self.broken = True
        try:
            self.close()
        except (OSError, ValueError):  # closing a stream that failed may fail too
            return


def setup_logging(folder: Path | None = None) -> None:
    """Warnings to stderr and to ``mecha-corta.log`` (kept small) in ``folder`` (default: the
    user data folder). Leaves logging alone when the root logger is already set up (tests);
    a folder that cannot be written just means no log file, and a log file that cannot be
    written is skipped without a word (:class:`QuietLogFile`)."""
    root = logging.getLogger()
    if root.handlers:
        return
    from game.ui.settings import default_folder

    form = logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s")
    handlers: list[logging.Handler] = [logging.StreamHandler()]
    target = (folder or default_folder()) / LOG_NAME
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        handlers.append(QuietLogFile(target))
    except OSError:
        pass
    for handler in handlers:
        handler.setFormatter(form)
        handler.setLevel(logging.WARNING)
        root.addHandler(handler)
    root.setLevel(logging.WARNING)


def _open_app(lang: str | None) -> App:
    import pygame

    from game.ui.app import App, NoDisplay, require_display

    setup_logging()
    try:
        require_display()
        return wire(App(lang=lang))
    except (pygame.error, NoDisplay) as error:
        pygame.quit()
        raise WindowError(f"cannot open the game window: {error}") from None


def start(app: App, code: str | None) -> None:
    """What the window shows first: the title, with ``code``'s game opened over it. The code
    goes through the same ask-first rule as one typed on the title, so a game named on the
    command line never replaces the unfinished one without the player's word."""
    if code:
        open_code_asking(app, code)


def run(lang: str | None = None, code: str | None = None) -> int:
    """``python -m game``: the window, on the title (or straight into ``code``'s game)."""
    app = _open_app(lang)
    try:
        start(app, code)
        return app.run()
    finally:
        app.close()


FIRST_FRAME_LINE = "first frame"


def first_frame(lang: str | None = None) -> int:
    """``python -m game --first-frame``: start as ``run`` does, show the title's first frame,
    print ``first frame`` and leave (``bench ui`` times this from outside)."""
    import pygame

    app = _open_app(lang)
    try:
        app.step(0.0, [])
        pygame.display.flip()
        print(FIRST_FRAME_LINE, flush=True)
    finally:
        app.close()
    return 0
