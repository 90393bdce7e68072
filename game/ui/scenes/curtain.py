"""The hot-seat privacy curtain: the whole screen in the game's colour and one big button,
"Ana, it's your turn — Show my cards" (Enter or Space), with the person's own name (or
"Player N"). Nothing private is drawn under
it: it is opaque, so the table below is not drawn at all. Returns ``True`` once confirmed.

Over the button floats the game's bomb: the round bomb, or the picture a game registers in
:data:`PICTURES` for itself (Clásico calls its bomb an exploding kitten, and shows it). The
game is the one of the table the curtain comes down over.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.ui import theme
from game.ui.draw import vertical_gradient
from game.ui.icons import icon_surface
from game.ui.scenes.base import FormScene
from game.ui.text import draw_paragraph, draw_text
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.app import App

TOP = (30, 82, 64)
BOTTOM = (12, 36, 30)
BOMB = "bomb"
PICTURES: dict[str, str] = {}
"""A game's own picture of its bomb (an icon name), by game id; the round bomb otherwise.
Filled by the games' own front ends (the bomb deck's ``art.py``): nothing here names one."""


class CurtainScene(FormScene[bool]):
    opaque = True

    def __init__(self, app: App, seat: int, name: str, reason: str = "", *,
                 show_key: str = "curtain.show", picture: str | None = None) -> None:
        """``seat``: the person who must take the mouse; ``name``: how the table names them;
        ``reason``: an extra line (a favor to give); ``show_key``: the locale key of the
        button, for a table whose people have no cards to show (Die Bombe: "Make my secret
        bid"); ``picture``: the icon over it (default: the game's, see :data:`PICTURES`, found
        when the curtain comes down over its table)."""
        self.seat = seat
        self.name = name
        self.reason = reason
        self.show_key = show_key
        self.picture = picture
        super().__init__(app)

    def on_enter(self) -> None:
        if self.picture is None:
            game = self._game_below()
            self.picture = PICTURES.get(game, BOMB) if game is not None else BOMB

    def _game_below(self) -> str | None:
        """The game of the table this curtain has come down over (``None``: none below)."""
        from game.ui.table.base import GameTable  # (that module brings this curtain down)

        scenes = self.app.stack.scenes()
        if self not in scenes:
            return None
        at = scenes.index(self)
        below = scenes[at - 1] if at > 0 else None
        return below.match.config.game if isinstance(below, GameTable) else None

    def build(self) -> None:
        cx = theme.SCREEN_W // 2
        self.show = Button((cx - 300, 400, 600, 96), self.tr(self.show_key), self._show,
                           shortcut=pygame.K_RETURN, shortcut_label=self.tr("key.enter"),
                           style="primary", size=theme.TEXT_HEADING - 4)
        self.form.add(self.show)

    def headline(self) -> str:
        """"Ana, it's your turn"."""
        return self.t("curtain.title", name=self.name)

    def _show(self) -> None:
        self.finish(True)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_KP_ENTER):
            self.show.fire()
            return
        super().handle(event)

    def on_escape(self) -> None:
        from game.ui.scenes.pause import PauseScene

        self.push(PauseScene(self.app))

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(vertical_gradient(surface.get_size(), TOP, BOTTOM), (0, 0))
        cx = theme.SCREEN_W // 2
        bob = 0.0 if self.app.motion.reduced else math.sin(self.clock * 2.2) * 5
        bomb = icon_surface(self.picture or BOMB, (120, 120), (200, 38, 38))
        surface.blit(bomb, bomb.get_rect(center=(cx, 120 + bob)))
        draw_text(surface, self.t("curtain.pass_to", name=self.name), (cx, 200),
                  theme.TEXT_LARGE, theme.INK_DIM, anchor="midtop", max_width=1100)
        draw_text(surface, self.headline(), (cx, 250),
                  theme.TEXT_HEADING + 8, theme.INK, bold=True, anchor="midtop",
                  max_width=1180)
        if self.reason:
            draw_paragraph(surface, self.reason, pygame.Rect(cx - 500, 326, 1000, 64),
                           theme.TEXT_LARGE, theme.ACCENT, align="center")
        self.form.draw(surface)
        keys = f"{self.t('key.enter')} / {self.t('key.space')}"
        hint = self.app.loc.t("curtain.key_hint", key=keys)
        draw_text(surface, hint, (cx, self.show.rect.bottom + 18), theme.TEXT_BODY,
                  theme.INK_DIM, anchor="midtop", max_width=900)
