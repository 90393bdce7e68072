"""Any of our scenes to a PNG, without a window: ``render_scene_to_png("title", path, "es")``.

Scenes: title, settings, pause (over a stand-in table), rules, code (the enter-a-code modal),
quit (the title's quit question), cards (every card face, for checking the art).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pygame

from game.ui import cards, theme
from game.ui.app import App, Hooks
from game.ui.draw import vertical_gradient
from game.ui.scene import Scene
from game.ui.settings import Settings

SETTLE = 0.6
"""Seconds of frames run before the picture, so entrance animations have settled."""


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


def _build(name: str, app: App) -> None:
    from game.ui.scenes.code_entry import CodeEntryScene
    from game.ui.scenes.pause import PauseScene
    from game.ui.scenes.rules import RulesScene
    from game.ui.scenes.settings import SettingsScene

    if name == "title":
        return
    if name == "settings":
        app.stack.push(SettingsScene(app))
    elif name == "pause":
        app.stack.reset(TableBackdrop(app))
        app.stack.push(PauseScene(app, "bombazo"))
    elif name == "rules":
        app.stack.push(RulesScene(app))
    elif name == "code":
        app.stack.push(CodeEntryScene(app))
    elif name == "quit":
        title = app.stack.top
        assert title is not None
        title.on_escape()
    elif name == "cards":
        app.stack.reset(_cards_sheet(app))
    else:
        raise ValueError(f"unknown scene {name!r} (known: {', '.join(SCENES)})")


def _nothing() -> None:
    pass


SCENES = ("title", "settings", "pause", "rules", "code", "quit", "cards")


def render_scene_to_png(scene_name: str, path: str | Path, lang: str = "es",
                        settle: float = SETTLE) -> Path:
    """Open ``scene_name`` in ``lang`` with default settings on a hidden window and save it."""
    ours = not pygame.display.get_init()
    if ours:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    with tempfile.TemporaryDirectory() as folder:
        app = App(Settings(language=lang), settings_dir=Path(folder), lang=lang, audio=False,
                  persist=False, hooks=Hooks(play_now=_nothing, new_game=_nothing,
                                             open_code=lambda code: None))
        try:
            _build(scene_name, app)
            for _ in range(max(1, round(settle * 60))):
                app.step(1 / 60, [], draw=False)
            return app.render_to(path)
        finally:
            if ours:
                app.close()
