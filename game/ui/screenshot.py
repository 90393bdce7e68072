"""Any of our scenes to a PNG, without a window: ``render_scene_to_png("title", path, "es")``.

Scenes: title, new_game, settings, pause (over a table), rules, results, code (the
enter-a-code modal), quit (the title's quit question), join (joining a network table: a few
tables listed, none real), past_games, statistics, review (a finished game move by move),
and the scenes each family's screens
offer (``game.ui.registry``; the bomb deck's: table, curtain, hide_bomb, react, chooser and
cards; Die Bombe's: table, curtain, bid, reveal, take, bomb, history and scoring). ``code``
pins the game of the table scenes and of the results (the featured game's family otherwise;
a scene that family lacks comes from the family that has it), the table chosen on the
new-game screen and the rules page shown.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame

from game.core.errors import MalformedInput, MechaCortaError
from game.rules.codes import decode, encode
from game.ui import fonts, theme
from game.ui.app import App, png_target
from game.ui.registry import FEATURED, on_screen, shot_names, ui_kit_for
from game.ui.settings import Settings

SETTLE = 0.6
"""Seconds of frames run before the picture, so entrance animations have settled."""

BASE_SCENES = ("title", "new_game", "settings", "pause", "rules", "results", "code", "quit",
               "join", "past_games", "statistics", "review", "lessons")
"""The collection's own scenes; the families add theirs."""


def scenes() -> tuple[str, ...]:
    """Every scene a screenshot can show."""
    return BASE_SCENES + tuple(name for name in shot_names() if name not in BASE_SCENES)


class ScreenshotError(MechaCortaError, ValueError):
    """An unknown scene or a code that cannot be shown: one line for the command line. The
    families' scene builders (``game.ui.<family>.shots``) raise it too, for a state the
    code's table cannot have, so any valid code gives a picture or one line saying why not."""


def results_code() -> str:
    """The game the results screenshot shows by default: "Play now" with a fixed seed."""
    return encode(FEATURED, 7)


def _family_scene(name: str, app: App, code: str | None) -> None:
    """A scene the family of ``code``'s game builds; without a code, the featured game's
    family, or the first family that offers the scene (with its own default game)."""
    game = decode(code)[0].game if code is not None else FEATURED.game
    if code is None and name not in ui_kit_for(game).shots:
        game = next((g for g in on_screen() if name in ui_kit_for(g).shots), game)
    build = ui_kit_for(game).shots.get(name)
    if build is None:
        raise _not_its_scene(game, name)
    build(app, code)


def _not_its_scene(game: str, name: str) -> ScreenshotError:
    own = ", ".join(ui_kit_for(game).shots) or "none"
    return ScreenshotError(f"{game} has no {name!r} scene (its own: {own})")


def _check_family(name: str, code: str | None) -> None:
    """A family's scene asked of a code of another family's game (``bid`` of a Bombazo code)
    is refused before a window opens: the one line says which scenes that game has."""
    if code is None or name in BASE_SCENES or name not in shot_names():
        return
    game = decode(code)[0].game
    if name not in ui_kit_for(game).shots:
        raise _not_its_scene(game, name)


def _check_code(code: str | None) -> None:
    if code is None:
        return
    from game.ui.launch import code_problem

    problem = code_problem(code)
    if problem is not None:
        raise ScreenshotError(f"cannot show the game code {code!r} "
                              f"({problem.removeprefix('error.').replace('_', ' ')})")


def _build(name: str, app: App, code: str | None = None) -> None:
    from game.ui.scenes.code_entry import CodeEntryScene
    from game.ui.scenes.pause import PauseScene
    from game.ui.scenes.rules import RulesScene
    from game.ui.scenes.settings import SettingsScene

    if name == "title":
        return
    if name == "new_game":
        from game.ui.scenes.new_game import NewGameScene

        app.stack.push(NewGameScene(app, decode(code)[0] if code is not None else None))
    elif name == "settings":
        app.stack.push(SettingsScene(app))
    elif name == "pause":
        _family_scene("table", app, code)
        game = decode(code)[0].game if code is not None else FEATURED.game
        app.stack.push(PauseScene(app, game))
    elif name == "rules":
        app.stack.push(RulesScene(app, decode(code)[0].game if code is not None else None))
    elif name == "results":
        from game.ui.launch import match_from_code, play_out
        from game.ui.scenes.results import ResultsScene

        match = play_out(match_from_code(code or results_code()))
        app.stack.reset(ResultsScene(app, match))
    elif name == "code":
        app.stack.push(CodeEntryScene(app))
    elif name == "join":
        from game.ui.scenes.join import JoinScene

        app.stack.push(JoinScene.pictured(app, on_screen()))
    elif name in ("past_games", "statistics"):
        from game.ui.scenes.past_games import PastGamesScene
        from game.ui.scenes.statistics import StatisticsScene

        assert app.settings_dir is not None  # a temporary folder: the sample games go there
        sample_past_games(app.settings_dir)
        scene = PastGamesScene if name == "past_games" else StatisticsScene
        app.stack.push(scene(app, app.settings_dir))
    elif name == "review":
        _review(app, code)
    elif name == "lessons":
        from game.ui.scenes.lessons import LessonsScene

        app.stack.push(LessonsScene(app))
    elif name == "quit":
        title = app.stack.top
        assert title is not None
        title.on_escape()
    elif name in shot_names():
        _family_scene(name, app, code)
    else:
        raise ScreenshotError(f"unknown scene {name!r} (known: {', '.join(scenes())})")


def _review(app: App, code: str | None) -> None:
    """The review of the code's game (the results' game by default) played to its end,
    at the first person's fourth decision (or halfway), its analysis worked out, every hand
    shown in turn."""
    from game.ui.launch import match_from_code, play_out
    from game.ui.scenes.review import ReviewScene

    match = play_out(match_from_code(code or results_code()))
    scene = ReviewScene.of_match(app, match)
    scene.analysis.wait()
    decisions = scene.decisions(scene.seat)
    scene.go(decisions[3] if len(decisions) > 3 else scene.total // 2)
    scene.toggle_cycling()  # every hand in turn: its notice on the picture too
    app.stack.push(scene)


def sample_past_games(home: Path) -> None:
    """A few finished games of every kind in ``home``'s past games (the pictures of the past
    games and the statistics): one person, hot seat, a cooperative mission, a deal of the
    day; fixed seeds and times, so the picture is the same every time."""
    from datetime import UTC, datetime, timedelta

    from game.core.config import GameConfig, SeatKind
    from game.history.archive import Archive
    from game.history.daily import daily_config
    from game.match.match import Match

    person, levels = SeatKind.PERSON, (SeatKind.LANZADO, SeatKind.ASTUTO, SeatKind.DESPIADADO)
    start = datetime(2026, 11, 20, 18, 5, tzinfo=UTC)
    daily, seed = daily_config(start.date())
    games = [(daily, seed, [""])]
    for n, game in enumerate(on_screen() * 2):
        seats = (person, person if n % 3 == 2 else levels[n % 3], levels[(n + 1) % 3])
        games.append((GameConfig(game, seats), 11 + n, ["", "Bo"] if n % 3 == 2 else [""]))
    archive = Archive(home)
    for n, (config, seed, names) in enumerate(games):
        match = Match(config, seed)
        match.play_to_end(SeatKind.LANZADO)
        archive.add(match, names, start + timedelta(hours=7 * n, minutes=13 * n))


def _check_name(path: str | Path) -> None:
    """Only PNG is written, so only a ``.png`` name (any case) is taken: a ``.jpg`` or a name
    without an extension would otherwise hold a PNG that its name misdescribes."""
    text = os.fspath(path)
    if not text.lower().endswith(".png") or text.endswith(("/", os.sep)):
        raise ScreenshotError(f"a screenshot is a PNG file: its name must end in .png "
                              f"(not {text!r})")


@contextmanager
def _text_size_back(factor: float) -> Iterator[None]:
    """The fonts' text size put back to ``factor`` after the block (a picture at 150 % does
    not leave the next one, or the test after it, at 150 %)."""
    try:
        yield
    finally:
        fonts.set_text_size(round(factor * 100))


def render_scene_to_png(scene_name: str, path: str | Path, lang: str = "es",
                        settle: float = SETTLE, code: str | None = None,
                        size: tuple[int, int] | None = None, marks: bool = False,
                        text_size: int = 100) -> Path:
    """Open ``scene_name`` in ``lang`` with default settings on a hidden window and save it
    (``marks``: with the deduction marks on; ``text_size``: the text size setting, in %;
    the fonts' text size is put back as it was afterwards).
    ``code`` pins the game of the table scenes and the results. Raises
    :class:`ScreenshotError` (a ``ValueError``) for an unknown scene, a name not ending in
    ``.png``, a bad code, a scene the code's game does not have (another family's, or one its
    table cannot reach: equipment in a mission without any), and ``OSError`` for a file that
    cannot be written (whole: see ``game.ui.app.save_png``)."""
    if scene_name not in scenes():
        raise ScreenshotError(f"unknown scene {scene_name!r} (known: {', '.join(scenes())})")
    _check_name(path)
    png_target(path)  # a folder, a device, a link loop: refused before the picture is drawn
    try:
        _check_code(code)
    except MalformedInput as error:
        raise ScreenshotError(str(error)) from None
    _check_family(scene_name, code)
    ours = not pygame.display.get_init()
    if ours:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    before = fonts.text_factor
    fonts.set_text_size(text_size)
    with tempfile.TemporaryDirectory() as folder, _text_size_back(before):
        from game.ui.launch import wire

        try:
            app = wire(App(Settings(language=lang, marks=marks, text_size=text_size),
                           settings_dir=Path(folder),
                           lang=lang, audio=False, persist=False,
                           size=size or theme.SCREEN_SIZE))
        except pygame.error as error:  # the video driver the environment names cannot start
            if ours:
                pygame.quit()
            raise ScreenshotError(f"cannot draw without a video driver: {error}") from None
        try:
            _build(scene_name, app, code)
            for _ in range(max(1, round(settle * 60))):
                app.step(1 / 60, [], draw=False)
            return app.render_to(path)
        finally:
            if ours:
                app.close()
