"""Settings: every change applies at once and is saved when the scene closes.

The music has its own slider right under the volume (the master, which the music follows too),
so the music can be turned down or off while the effects stay."""

from __future__ import annotations

import pygame

from game.ui import gfx, theme
from game.ui.draw import round_rect
from game.ui.locale import LANGUAGES, plural
from game.ui.scenes.base import FormScene
from game.ui.settings import REACTION_MAX, REACTION_MIN, SPEEDS
from game.ui.text import draw_text
from game.ui.widgets import Button, Choice, Slider, Toggle

ROW_X = 250
ROW_W = 780
ROW_H = 46
ROW_GAP = 52
TOP = 138
ROWS = 9
"""Rows of the form (the back button sits below the panel)."""


class SettingsScene(FormScene[None]):
    def build(self) -> None:
        s = self.app.settings
        rows = iter(range(TOP, TOP + ROWS * ROW_GAP, ROW_GAP))

        def row() -> tuple[int, int, int, int]:
            return (ROW_X, next(rows), ROW_W, ROW_H)

        languages = [("auto", self._system_language_name)]
        languages += [(code, self.tr(f"lang.{code}")) for code in LANGUAGES]
        self.language = Choice(row(), self.tr("settings.language"), languages, s.language,
                               self._language)
        self.volume = Slider(row(), 0, 100, round(s.volume * 100), self._volume, step=5,
                             label=self.tr("settings.volume"),
                             show=lambda v: self.t("settings.volume_value", percent=round(v)))
        self.music = Slider(row(), 0, 100, round(s.music_volume * 100), self._music, step=5,
                            label=self.tr("settings.music_volume"),
                            show=lambda v: self.t("settings.volume_value", percent=round(v)))
        self.mute = Toggle(row(), self.tr("settings.mute"), s.mute, self._mute)
        speeds = [(name, self.tr(f"settings.speed_{name}")) for name in SPEEDS]
        self.speed = Choice(row(), self.tr("settings.speed"), speeds, s.machine_speed,
                            self._speed)
        self.reduced = Toggle(row(), self.tr("settings.reduced_motion"), s.reduced_motion,
                              self._reduced)
        self.fullscreen = Toggle(row(), self.tr("settings.fullscreen"), self.app.fullscreen,
                                 self._fullscreen)
        self.reaction = Slider(row(), REACTION_MIN, REACTION_MAX, s.reaction_seconds,
                               self._reaction, step=1, label=self.tr("settings.reaction_window"),
                               show=lambda v: plural(self.app.loc, "newgame.seconds", round(v)),
                               show_width=150)
        self.fuse = Toggle(row(), self.tr("settings.fuse_tick"), s.fuse_tick, self._fuse)
        self.back = Button((theme.SCREEN_W // 2 - 160, 624, 320, 60), self.tr("settings.back"),
                           self.finish, shortcut_label=self.tr("key.esc"))
        for w in (self.language, self.volume, self.music, self.mute, self.speed, self.reduced,
                  self.fullscreen, self.reaction, self.fuse, self.back):
            self.form.add(w)

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
        draw_text(surface, self.t("settings.title"), (theme.SCREEN_W // 2, 44),
                  theme.TEXT_HEADING + 8, theme.INK, bold=True, anchor="midtop")
        panel = pygame.Rect(ROW_X - 40, TOP - 22, ROW_W + 80, ROWS * ROW_GAP + 30)
        round_rect(surface, panel, theme.PANEL, 20, 200)
        for i in range(1, ROWS):
            y = TOP + i * ROW_GAP - (ROW_GAP - ROW_H) // 2
            gfx.line(surface, theme.mix(theme.PANEL, theme.PANEL_EDGE, 0.5),
                             (ROW_X, y), (ROW_X + ROW_W, y), 1)
        self.form.draw(surface)
