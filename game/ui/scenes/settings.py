"""Settings: every change applies at once and is saved when the scene closes.

Three pages, each a tab (a click, 1–3, PgUp/PgDn, or the focus moved onto it): the game (the
language, the machines' speed, the reaction window, the fuse), the sound (the effects, the
interface's clicks, the music, each with its own slider under the master volume the effects
slider is, and mute, also F8 anywhere), the screen (fullscreen, reduced motion)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import gfx, theme
from game.ui.draw import round_rect
from game.ui.locale import LANGUAGES, plural
from game.ui.scenes.base import FormScene
from game.ui.settings import REACTION_MAX, REACTION_MIN, SPEEDS
from game.ui.tabs import show_chosen, tab_row
from game.ui.text import draw_text
from game.ui.widgets import Button, Choice, Slider, Toggle, Widget

if TYPE_CHECKING:
    from game.ui.app import App

ROW_X = 250
ROW_W = 780
ROW_H = 46
ROW_GAP = 58
TOP = 200
PAGES = ("game", "sound", "screen")
"""The pages, each a tab: what the game does, what it sounds like, what it looks like."""


class SettingsScene(FormScene[None]):
    def __init__(self, app: App, page: str = "game") -> None:
        self.page = PAGES.index(page) if page in PAGES else 0
        super().__init__(app)

    def build(self) -> None:
        s = self.app.settings
        self.tabs = tab_row([self.tr(f"settings.page_{name}") for name in PAGES],
                            self.select, top=104, height=52)
        for tab in self.tabs:
            self.form.add(tab)
        languages = [("auto", self._system_language_name)]
        languages += [(code, self.tr(f"lang.{code}")) for code in LANGUAGES]
        percent = lambda v: self.t("settings.volume_value", percent=round(v))  # noqa: E731
        self.language = Choice((0, 0, 0, 0), self.tr("settings.language"), languages,
                               s.language, self._language)
        self.volume = Slider((0, 0, 0, 0), 0, 100, round(s.volume * 100), self._volume, step=5,
                             label=self.tr("settings.volume"), show=percent)
        self.interface = Slider((0, 0, 0, 0), 0, 100, round(s.interface_volume * 100),
                                self._interface, step=5,
                                label=self.tr("settings.interface_volume"), show=percent)
        self.music = Slider((0, 0, 0, 0), 0, 100, round(s.music_volume * 100), self._music,
                            step=5, label=self.tr("settings.music_volume"), show=percent)
        self.mute = Toggle((0, 0, 0, 0), self.tr("settings.mute_key"), s.mute, self._mute)
        speeds = [(name, self.tr(f"settings.speed_{name}")) for name in SPEEDS]
        self.speed = Choice((0, 0, 0, 0), self.tr("settings.speed"), speeds, s.machine_speed,
                            self._speed)
        self.reduced = Toggle((0, 0, 0, 0), self.tr("settings.reduced_motion"),
                              s.reduced_motion, self._reduced)
        self.fullscreen = Toggle((0, 0, 0, 0), self.tr("settings.fullscreen"),
                                 self.app.fullscreen, self._fullscreen)
        self.reaction = Slider((0, 0, 0, 0), REACTION_MIN, REACTION_MAX, s.reaction_seconds,
                               self._reaction, step=1, label=self.tr("settings.reaction_window"),
                               show=lambda v: plural(self.app.loc, "newgame.seconds", round(v)),
                               show_width=150)
        self.fuse = Toggle((0, 0, 0, 0), self.tr("settings.fuse_tick"), s.fuse_tick, self._fuse)
        self.pages: tuple[tuple[Widget, ...], ...] = (
            (self.language, self.speed, self.reaction, self.fuse),
            (self.volume, self.interface, self.music, self.mute),
            (self.fullscreen, self.reduced),
        )
        for widgets in self.pages:
            for n, widget in enumerate(widgets):
                widget.rect = pygame.Rect(ROW_X, TOP + n * ROW_GAP, ROW_W, ROW_H)
                self.form.add(widget)
        self.back = Button((theme.SCREEN_W // 2 - 160, 624, 320, 60), self.tr("settings.back"),
                           self.finish, shortcut_label=self.tr("key.esc"))
        self.form.add(self.back)
        self.select(self.page)

    def select(self, index: int) -> None:
        """Show page ``index`` (its tab lit, its rows alone on the panel)."""
        self.page = index % len(PAGES)
        for n, widgets in enumerate(self.pages):
            for widget in widgets:
                widget.visible = n == self.page
        show_chosen(self.tabs, self.page)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if pygame.K_1 <= event.key < pygame.K_1 + len(PAGES):
                self.select(event.key - pygame.K_1)
                return
            if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.select(self.page + (1 if event.key == pygame.K_PAGEDOWN else -1))
                return
        super().handle(event)

    def _system_language_name(self) -> str:
        from game.ui.locale import system_lang

        return self.t("settings.language_system", name=self.t(f"lang.{system_lang()}"))

    # --- changes -------------------------------------------------------------------------------

    def _language(self, code: str) -> None:
        self.app.set_language(code)

    def _volume(self, v: float) -> None:
        self.app.settings.volume = round(v) / 100
        self.app.apply_settings()
        self.app.sound.play("click")

    def _interface(self, v: float) -> None:
        self.app.settings.interface_volume = round(v) / 100
        self.app.apply_settings()
        self.app.sound.play("click")

    def _music(self, v: float) -> None:
        self.app.settings.music_volume = round(v) / 100
        self.app.apply_settings()

    def _mute(self, on: bool) -> None:
        self.app.settings.mute = on
        self.app.apply_settings()

    def _speed(self, name: str) -> None:
        self.app.settings.machine_speed = name
        self.app.apply_settings()

    def _reduced(self, on: bool) -> None:
        self.app.settings.reduced_motion = on
        self.app.apply_settings()

    def _fullscreen(self, on: bool) -> None:
        self.app.set_fullscreen(on)

    def _reaction(self, v: float) -> None:
        self.app.settings.reaction_seconds = round(v)

    def _fuse(self, on: bool) -> None:
        self.app.settings.fuse_tick = on
        if on:
            self.app.sound.play("tick")

    # --- scene ---------------------------------------------------------------------------------

    def on_exit(self) -> None:
        self.app.save_settings()

    def update(self, dt: float) -> None:
        if self.fullscreen.value != self.app.fullscreen:  # F11 while we are open
            self.fullscreen.value = self.app.fullscreen
        super().update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        draw_text(surface, self.t("settings.title"), (theme.SCREEN_W // 2, 22),
                  theme.TEXT_HEADING + 8, theme.INK, bold=True, anchor="midtop")
        rows = len(self.pages[self.page])
        most = max(len(widgets) for widgets in self.pages)  # every page the same panel
        panel = pygame.Rect(ROW_X - 40, TOP - 22, ROW_W + 80, most * ROW_GAP + 16)
        round_rect(surface, panel, theme.PANEL, 20, 200)
        for i in range(1, rows):
            y = TOP + i * ROW_GAP - (ROW_GAP - ROW_H) // 2
            gfx.line(surface, theme.mix(theme.PANEL, theme.PANEL_EDGE, 0.5),
                     (ROW_X, y), (ROW_X + ROW_W, y), 1)
        self.form.draw(surface)
