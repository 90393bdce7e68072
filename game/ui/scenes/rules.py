"""The rules: one page per game with tabs; beside the text, the legend its family's screens
give (the bomb deck: the cards of that rule set).

Text keys (locales/*.toml): ``rules.<game>.title`` and the numbered lines ``rules.<game>.1``,
``rules.<game>.2``, …; a game without them shows ``rules.coming_soon``. Keys: ←/→ or 1–5 change
the tab, ↑/↓, PgUp/PgDn and the wheel scroll, Esc goes back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.errors import NotPlayable
from game.rules.registry import game_ids
from game.ui import fonts, gfx, theme
from game.ui.draw import round_rect
from game.ui.icons import draw_icon
from game.ui.locale import Translator
from game.ui.scenes.base import FormScene
from game.ui.tabs import show_chosen, tab_row
from game.ui.text import draw_text, wrap_text
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.app import App

TEXT_AREA = pygame.Rect(70, 118, 780, 496)
LEGEND = pygame.Rect(880, 118, 340, 496)
MAX_LINES = 40
SCROLL_STEP = 48


def rule_lines(loc: Translator, game: str) -> list[str]:
    """``rules.<game>.1``, ``.2``, … while they exist."""
    has = getattr(loc, "has", None)
    if not callable(has):
        return []
    out = []
    for n in range(1, MAX_LINES + 1):
        key = f"rules.{game}.{n}"
        if not has(key):
            break
        out.append(loc.t(key))
    return out


def legend_of(game: str) -> list[tuple[str, str]]:
    """(icon, locale key) pairs beside a game's rules; none for a game without screens."""
    from game.ui.registry import ui_kit_for

    try:
        return ui_kit_for(game).legend(game)
    except NotPlayable:
        return []


_FADES: dict[int, pygame.Surface] = {}


def _fade(width: int, height: int = 44) -> pygame.Surface:
    """The bottom edge of the text melting into the panel: there is more below."""
    if width not in _FADES:
        fade = gfx.Canvas((width, height), pygame.SRCALPHA)
        base = theme.mix(theme.PANEL, theme.BG_DEEP, 0.25)
        gfx.fill_rows(fade, lambda y: (*base, int(235 * min(1.0, y / (height - 1)) ** 1.4)))
        _FADES[width] = fade
    return _FADES[width]


class RulesScene(FormScene[None]):
    def __init__(self, app: App, game: str | None = None,
                 games: tuple[str, ...] | None = None, *, lessons: bool = False) -> None:
        """``lessons``: the page offers the shown game's lesson (``L``), opened from the
        title's pages (from the pause menu a lesson would end the game being played)."""
        self.games = games if games is not None else game_ids()
        self.lessons = lessons
        self.index = self.games.index(game) if game in self.games else 0
        self.scroll = 0.0
        self._page: pygame.Surface | None = None
        self._page_key: tuple[str, str] = ("", "")
        self._extra: tuple[tuple[str, float], int] | None = None
        super().__init__(app)

    @property
    def game(self) -> str:
        return self.games[self.index]

    def build(self) -> None:
        self.tabs = tab_row([self.tr(f"game.{game}.name") for game in self.games], self.select)
        for tab in self.tabs:
            self.form.add(tab)
        self.back = Button((theme.SCREEN_W // 2 - 160, 636, 320, 60), self.tr("common.back"),
                           self.finish, shortcut_label=self.tr("key.esc"))
        self.form.add(self.back)
        self.lesson = Button((theme.SCREEN_W // 2 + 10, 636, 320, 60),
                             self.tr("lessons.from_rules"), self._play_lesson, style="primary",
                             shortcut=pygame.K_l, shortcut_label="L")
        self.form.add(self.lesson)

    def has_lesson(self) -> bool:
        from game.ui.registry import lesson_for

        return self.lessons and self.app.hooks.lesson is not None \
            and lesson_for(self.game) is not None

    def _play_lesson(self) -> None:
        if self.has_lesson() and self.app.hooks.lesson is not None:
            self.app.hooks.lesson(self.game)

    def select(self, index: int) -> None:
        self.index = index % len(self.games)
        self.scroll = 0.0

    def on_language(self) -> None:
        self._page = None
        super().on_language()

    # --- the page ------------------------------------------------------------------------------

    def _areas(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The text's area and the legend's: as :data:`TEXT_AREA` and :data:`LEGEND`, the
        legend wider (up to 120 more, taken from the text, which wraps and scrolls) when a
        bigger text size makes its longest name need it; the same for every tab, so the
        page does not jump."""
        key = (str(getattr(self.app.loc, "lang", "")), fonts.text_factor)
        if self._extra is None or self._extra[0] != key:  # measured once a language and size
            font = fonts.get(theme.TEXT_SMALL)
            widest = max((font.size(self.app.loc.t(label))[0] for game in self.games
                          for _, label in legend_of(game)), default=0)
            self._extra = (key, max(0, min(120, widest + 34 + 50 - LEGEND.width)))
        extra = self._extra[1]
        return (pygame.Rect(TEXT_AREA.left, TEXT_AREA.top, TEXT_AREA.width - extra,
                            TEXT_AREA.height),
                pygame.Rect(LEGEND.left - extra, LEGEND.top, LEGEND.width + extra,
                            LEGEND.height))

    def _render_page(self) -> pygame.Surface:
        lang = getattr(self.app.loc, "lang", "")
        width = self._areas()[0].width
        key = (self.game, f"{lang} {width}")
        if self._page is not None and self._page_key == key:
            return self._page
        lines = rule_lines(self.app.loc, self.game)
        blocks: list[tuple[int, list[str]]] = []
        size = theme.TEXT_BODY
        step = fonts.get(size).get_linesize() + 1
        text_w = width - 84  # clear of the scrollbar beside the text
        height = 64
        for n, line in enumerate(lines, 1):
            wrapped = wrap_text(line, size, text_w)
            blocks.append((n, wrapped))
            height += len(wrapped) * step + 14
        if not lines:
            height += 200
        page = gfx.Canvas((width, height), pygame.SRCALPHA)
        title = self.app.loc.t(f"rules.{self.game}.title") if lines else \
            self.app.loc.t(f"game.{self.game}.name")
        draw_text(page, title, (0, 0), theme.TEXT_HEADING, theme.ACCENT, bold=True,
                  max_width=width)
        y = 64
        if not lines:
            for text in (self.app.loc.t(f"game.{self.game}.blurb"),
                         self.app.loc.t("rules.coming_soon")):
                for row in wrap_text(text, size, width):
                    draw_text(page, row, (0, y), size, theme.INK)
                    y += step
                y += 14
        for n, wrapped in blocks:
            gfx.circle(page, theme.PANEL_EDGE, (17, y + step // 2), 17)
            draw_text(page, str(n), (17, y + step // 2), theme.TEXT_MIN, theme.INK, bold=True,
                      anchor="center")
            for row in wrapped:
                draw_text(page, row, (52, y), size, theme.INK)
                y += step
            y += 14
        self._page, self._page_key = page, key
        return page

    @property
    def max_scroll(self) -> float:
        return max(0.0, self._render_page().get_height() - self._areas()[0].height)

    def scroll_by(self, dy: float) -> None:
        self.scroll = max(0.0, min(self.max_scroll, self.scroll + dy))

    # --- input ---------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * SCROLL_STEP)
            return
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_DOWN: SCROLL_STEP, pygame.K_UP: -SCROLL_STEP,
                    pygame.K_PAGEDOWN: self._areas()[0].height - 60,
                    pygame.K_PAGEUP: -(self._areas()[0].height - 60)}
            if event.key in keys:
                self.scroll_by(keys[event.key])
                return
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.select(self.index + (1 if event.key == pygame.K_RIGHT else -1))
                return
            if pygame.K_1 <= event.key <= pygame.K_9 and event.key - pygame.K_1 < len(self.games):
                self.select(event.key - pygame.K_1)
                return
        super().handle(event)

    def update(self, dt: float) -> None:
        show_chosen(self.tabs, self.index)
        offered = self.has_lesson()
        self.lesson.visible = self.lesson.enabled = offered
        # Back alone sits in the middle; beside the lesson, the pair is centred
        self.back.rect.x = theme.SCREEN_W // 2 - (330 if offered else 160)
        super().update(dt)

    # --- drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        area, legend = self._areas()
        round_rect(surface, area.inflate(40, 24), theme.PANEL, 20, 200)
        page = self._render_page()
        self.scroll = min(self.scroll, self.max_scroll)
        clip = surface.get_clip()
        surface.set_clip(area)
        surface.blit(page, (area.left, area.top - round(self.scroll)))
        if self.scroll < self.max_scroll - 1:
            surface.blit(_fade(area.width), (area.left, area.bottom - 44))
        surface.set_clip(clip)
        if self.max_scroll > 0:
            track = pygame.Rect(area.right + 10, area.top, 6, area.height)
            round_rect(surface, track, theme.PANEL_EDGE, 3)
            frac = area.height / page.get_height()
            thumb_h = max(40, round(track.height * frac))
            top = track.top + round((track.height - thumb_h) * self.scroll / self.max_scroll)
            round_rect(surface, pygame.Rect(track.left, top, 6, thumb_h), theme.ACCENT, 3)
        self._draw_legend(surface, legend)
        self.form.draw(surface)

    def _draw_legend(self, surface: pygame.Surface, legend: pygame.Rect) -> None:
        entries = legend_of(self.game)
        if not entries:
            return
        round_rect(surface, legend.inflate(0, 24), theme.PANEL, 20, 200)
        row = min(34, (legend.height - 8) // len(entries))
        icon = row - 4
        y = legend.top + 2
        for card, label in entries:
            centre = (legend.left + 18 + icon // 2, y + row // 2)
            gfx.circle(surface, (236, 232, 222), centre, icon // 2 + 2)
            draw_icon(surface, card, (legend.left + 20, y + (row - icon) // 2 + 2, icon - 4,
                                      icon - 4))
            draw_text(surface, self.app.loc.t(label),
                      (legend.left + 18 + icon + 14, y + row // 2), theme.TEXT_SMALL, theme.INK,
                      anchor="midleft", max_width=legend.width - icon - 50)
            y += row
