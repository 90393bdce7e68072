"""Any of our scenes to a PNG, without a window: ``render_scene_to_png("title", path, "es")``.

Scenes: title, new_game, settings, pause (over a table), rules, results, code (the
enter-a-code modal), quit (the title's quit question), cards (every card face, for checking the
art), and the table's own: table, curtain, hide_bomb, react, chooser (built by the table's
``build_table_scene``). ``code`` pins the game of the table scenes and of the results.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

import pygame

from game.core.errors import MalformedInput
from game.rules.codes import encode
from game.ui import cards, theme
from game.ui.app import App, png_target
from game.ui.draw import vertical_gradient
from game.ui.scene import Scene
from game.ui.settings import Settings

SETTLE = 0.6
"""Seconds of frames run before the picture, so entrance animations have settled."""

TABLE_SCENES = ("table", "curtain", "hide_bomb", "react", "chooser")
"""Scenes the table builds; the name is the ``state_hint`` of ``build_table_scene``."""
HINTS = {"table": "play", "curtain": "curtain", "hide_bomb": "hide_bomb", "react": "react",
         "chooser": "chooser"}

SCENES = ("title", "new_game", "settings", "pause", "rules", "results", "code", "quit",
          "cards", *TABLE_SCENES)


class ScreenshotError(ValueError):
    """An unknown scene or a code that cannot be shown: one line for the command line."""


def results_code() -> str:
    """The game the results screenshot shows by default: "Play now" with a fixed seed."""
    from game.ui.launch import PLAY_NOW

    return encode(PLAY_NOW, 7)


class TableBackdrop(Scene[None]):
    """A stand-in table (felt, deck, a hand of cards) for modals that sit over a game."""

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(vertical_gradient(surface.get_size(), (34, 92, 70), (16, 48, 38)), (0, 0))
        back = cards.draw_back()
        for i in range(4):
            cards.blit_card(surface, back, (480 - i * 2, 230 - i * 2), 4)
        hand = ("defuse", "skip", "see_future", "nope", "animal_frog", "animal_frog", "attack")
        for i, card in enumerate(hand):
            name = self.app.loc.t(f"card.bombazo.{card}.name")
            face = cards.draw_card(card, name, "")
            cards.blit_card(surface, face, (300 + i * 96, 540), 4)
        for seat in range(3):
            pygame.draw.rect(surface, theme.PANEL, (200 + seat * 320, 40, 240, 70),
                             border_radius=14)


def _cards_sheet(app: App) -> Scene[None]:
    class Sheet(Scene[None]):
        def draw(self, surface: pygame.Surface) -> None:
            surface.fill(theme.FELT)
            ids = list(cards.STYLES)
            for i, card in enumerate(ids):
                game = "mazo" if card in ("pass_it", "swipe", "shield", "calm") else "bombazo"
                face = cards.draw_card(card, self.app.loc.t(f"card.{game}.{card}.name"), "")
                cards.blit_card(surface, face, (14 + (i % 10) * 126, 14 + (i // 10) * 172))
            cards.blit_card(surface, cards.draw_back(), (14 + 9 * 126, 186))
            for i, card in enumerate(("bomb", "see_future", "nope", "defuse", "animal_raccoon")):
                game = "bombazo"
                face = cards.draw_card(card, self.app.loc.t(f"card.{game}.{card}.name"),
                                       self.app.loc.t(f"card.{game}.{card}.effect"),
                                       cards.card_size(cards.HOVER_SCALE))
                cards.blit_card(surface, face, (14 + i * 196, 360), 12)

    return Sheet(app)


def _table(app: App, code: str | None, hint: str) -> None:
    """Put the table of ``code`` (the builder's own game when ``None``) in ``hint``'s state
    on the stack."""
    from game.ui.bombdeck.shots import build_table_scene

    app.stack.reset()
    scene: Scene[Any] = build_table_scene(app, code, state_hint=hint)
    if scene not in app.stack:
        app.stack.push(scene)


def _table_available() -> bool:
    try:
        from game.ui.bombdeck.shots import build_table_scene  # noqa: F401
    except ImportError:
        return False
    return True


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

        app.stack.push(NewGameScene(app))
    elif name == "settings":
        app.stack.push(SettingsScene(app))
    elif name == "pause":
        if _table_available():
            _table(app, code, "play")
        else:
            app.stack.reset(TableBackdrop(app))
        app.stack.push(PauseScene(app, "bombazo"))
    elif name == "rules":
        app.stack.push(RulesScene(app))
    elif name == "results":
        from game.ui.launch import match_from_code, play_out
        from game.ui.scenes.results import ResultsScene

        match = play_out(match_from_code(code or results_code()))
        app.stack.reset(ResultsScene(app, match))
    elif name == "code":
        app.stack.push(CodeEntryScene(app))
    elif name == "quit":
        title = app.stack.top
        assert title is not None
        title.on_escape()
    elif name == "cards":
        app.stack.reset(_cards_sheet(app))
    elif name in TABLE_SCENES:
        _table(app, code, HINTS[name])
    else:
        raise ScreenshotError(f"unknown scene {name!r} (known: {', '.join(SCENES)})")


def _check_name(path: str | Path) -> None:
    """Only PNG is written, so only a ``.png`` name (any case) is taken: a ``.jpg`` or a name
    without an extension would otherwise hold a PNG that its name misdescribes."""
    text = os.fspath(path)
    if not text.lower().endswith(".png") or text.endswith(("/", os.sep)):
        raise ScreenshotError(f"a screenshot is a PNG file: its name must end in .png "
                              f"(not {text!r})")


def render_scene_to_png(scene_name: str, path: str | Path, lang: str = "es",
                        settle: float = SETTLE, code: str | None = None) -> Path:
    """Open ``scene_name`` in ``lang`` with default settings on a hidden window and save it.
    ``code`` pins the game of the table scenes and the results. Raises
    :class:`ScreenshotError` (a ``ValueError``) for an unknown scene, a name not ending in
    ``.png`` or a bad code, and ``OSError`` for a file that cannot be written (whole: see
    ``game.ui.app.save_png``)."""
    if scene_name not in SCENES:
        raise ScreenshotError(f"unknown scene {scene_name!r} (known: {', '.join(SCENES)})")
    _check_name(path)
    png_target(path)  # a folder, a device, a link loop: refused before the picture is drawn
    try:
        _check_code(code)
    except MalformedInput as error:
        raise ScreenshotError(str(error)) from None
    ours = not pygame.display.get_init()
    if ours:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory() as folder:
        from game.ui.launch import wire

        try:
            app = wire(App(Settings(language=lang), settings_dir=Path(folder), lang=lang,
                           audio=False, persist=False))
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
