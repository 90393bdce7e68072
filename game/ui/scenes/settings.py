"""Settings: every change applies at once and is saved when the scene closes.

Three pages, each a tab (a click, 1–3, PgUp/PgDn, or the focus moved onto it): the game (the
language, the machines' speed, the reaction window, the fuse), the sound (the effects, the
interface's clicks, the music, each with its own slider under the master volume the effects
slider is, and mute, also F8 anywhere), the screen (fullscreen, reduced motion, the text size:
100, 125 or 150 %, every scene open rebuilt at once with it)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.ui import fonts, gfx, theme
from game.ui.draw import round_rect
from game.ui.keymap import ACTIONS, key_label, key_name, problem
from game.ui.locale import LANGUAGES, TextSource, plural, text_of
from game.ui.scenes.base import FormScene
from game.ui.settings import REACTION_MAX, REACTION_MIN, SPEEDS, TEXT_SIZES
from game.ui.tabs import show_chosen, tab_row
from game.ui.text import draw_text
from game.ui.widgets import Button, Choice, Slider, Toggle, Widget

if TYPE_CHECKING:
    from game.ui.app import App

ROW_X = 250
ROW_W = 780
ROW_H = 46
ROW_GAP = 54
TOP = 200
PAGES = ("game", "sound", "screen", "keys")
"""The pages, each a tab: what the game does, what it sounds like, what it looks like, and
which keys do what."""


class KeyRow(Button):
    """An action and its key ("Draw, seal, cut · Space"): Enter or a click asks for a new
    key."""

    def __init__(self, rect: tuple[int, int, int, int], action: str, label: TextSource,
                 key: Callable[[], str], on_click: Callable[[], None]) -> None:
        super().__init__(rect, label, on_click, cooldown=0.2)
        self.action = action
        self.key = key
        self.asking = False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        face = theme.mix(theme.BUTTON, theme.BUTTON_HOVER, self._hover_t)
        round_rect(surface, self.rect, face)
        if self.asking:
            round_rect(surface, self.rect, theme.ACCENT, theme.RADIUS, 255, 3)
        draw_text(surface, text_of(self.text), (self.rect.left + 16, self.rect.centery),
                  theme.TEXT_BODY, theme.INK, anchor="midleft", max_width=self.rect.width - 260)
        cap_text = "…" if self.asking else self.key()
        cap = fonts.render(cap_text, theme.TEXT_BODY, theme.INK, bold=True)
        box = pygame.Rect(0, 0, max(64, cap.get_width() + 24), self.rect.height - 10)
        box.midright = (self.rect.right - 12, self.rect.centery)
        gfx.rect(surface, theme.ACCENT if self.asking else theme.INK, box, 2, border_radius=8)
        surface.blit(cap, cap.get_rect(center=box.center))
        self.draw_focus(surface)



TEXT_SIZE_OFFERED = False
"""The text size row on the screen page. Off until every scene fits at 125 % and 150 % (issue
24): the fonts, the audit, the gallery and the settings file already honour
``Settings.text_size``; every menu and the bomb-deck tables fit at both sizes, Die Bombe at
125 %, but Die Bombe and Caza Bombas at 150 % still overlap (``tests/ui/test_text_size.py``'s
xfails list them). A setting that makes a table unreadable is not offered to players."""


class SettingsScene(FormScene[None]):
    def __init__(self, app: App, page: str = "game") -> None:
        self.page = PAGES.index(page) if page in PAGES else 0
        self.asking: str | None = None
        """The action whose new key is being asked for."""
        self.refusal = ""
        """Why the last key pressed could not be taken (shown under the rows)."""
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
        sizes = [(n, self.tr("settings.text_size_value", percent=n)) for n in TEXT_SIZES]
        self.text_size = Choice((0, 0, 0, 0), self.tr("settings.text_size"), sizes,
                                s.text_size, self._text_size, wrap=False)
        self.reaction = Slider((0, 0, 0, 0), REACTION_MIN, REACTION_MAX, s.reaction_seconds,
                               self._reaction, step=1, label=self.tr("settings.reaction_window"),
                               show=lambda v: plural(self.app.loc, "newgame.seconds", round(v)),
                               show_width=150)
        self.fuse = Toggle((0, 0, 0, 0), self.tr("settings.fuse_tick"), s.fuse_tick, self._fuse)
        self.marks = Toggle((0, 0, 0, 0), self.tr("settings.marks"), s.marks, self._marks)
        self.key_rows = [KeyRow((0, 0, 0, 0), action, self.tr(f"settings.key_{action}"),
                                partial(self._key_name, action), partial(self._ask, action))
                         for action in ACTIONS]
        self.reset_keys = Button((0, 0, 0, 0), self.tr("settings.keys_reset"),
                                 self._reset_keys, style="ghost")
        self.pages: tuple[tuple[Widget, ...], ...] = (
            (self.language, self.speed, self.reaction, self.fuse, self.marks),
            (self.volume, self.interface, self.music, self.mute),
            (self.fullscreen, self.reduced, *((self.text_size,) if TEXT_SIZE_OFFERED else ())),
            (*self.key_rows, self.reset_keys),
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

    # --- the keys page -------------------------------------------------------------------------

    @property
    def capturing_keys(self) -> bool:
        """Asking for a key: the app hands the next key over as it is (F8 and F11 too)."""
        return self.asking is not None

    def _key_name(self, action: str) -> str:
        return self.named(self.app.keymap.key_of(action))

    def named(self, key: int) -> str:
        """A key's name on its cap, in the person's language where the caps have one."""
        own = {pygame.K_RETURN: "key.enter", pygame.K_SPACE: "key.space",
               pygame.K_ESCAPE: "key.esc"}.get(key)
        return self.t(own) if own is not None else key_label(key)

    def _ask(self, action: str) -> None:
        self.asking = action
        self.refusal = ""
        for row in self.key_rows:
            row.asking = row.action == action

    def _stop_asking(self) -> None:
        self.asking = None
        for row in self.key_rows:
            row.asking = False

    def _take_key(self, key: int) -> None:
        action = self.asking
        assert action is not None
        chosen = dict(self.app.keymap.chosen)
        why = problem(chosen, action, key)
        if why is not None:
            holder = next((a for a in ACTIONS
                           if a != action and chosen.get(a, ACTIONS[a]) == key), None)
            self.refusal = self.t(f"settings.keys_{why}", name=self.named(key),
                                  action=self.t(f"settings.key_{holder}") if holder else "")
            return  # still asking: another key
        names = dict(self.app.settings.keys)
        if key == ACTIONS[action]:
            names.pop(action, None)
        else:
            names[action] = key_name(key)
        self.app.settings.keys = names
        self.app.apply_settings()
        self.refusal = ""
        self._stop_asking()

    def _reset_keys(self) -> None:
        self.app.settings.keys = {}
        self.app.apply_settings()
        self.refusal = ""

    def on_escape(self) -> None:
        if self.asking is not None:
            self._stop_asking()  # Esc leaves the key as it was
            return
        super().on_escape()

    def handle(self, event: pygame.event.Event) -> None:
        if self.asking is not None:
            if event.type == pygame.KEYDOWN:
                self._take_key(event.key)
            elif event.type == pygame.MOUSEBUTTONDOWN:
                self._stop_asking()
            return
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

    def _text_size(self, percent: int) -> None:
        """Every text at ``percent`` % from now: the fonts grow, and every scene open is built
        again (this one last, its focus kept) so their layouts measure the new size."""
        self.app.settings.text_size = percent
        if not fonts.set_text_size(percent):
            return
        for scene in self.app.stack:
            if scene is not self:
                scene.on_language()
        self.rebuild()
        self.app.wake()

    def _fullscreen(self, on: bool) -> None:
        self.app.set_fullscreen(on)

    def _reaction(self, v: float) -> None:
        self.app.settings.reaction_seconds = round(v)

    def _fuse(self, on: bool) -> None:
        self.app.settings.fuse_tick = on
        if on:
            self.app.sound.play("tick")

    def _marks(self, on: bool) -> None:
        self.app.settings.marks = on

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
        if PAGES[self.page] == "keys":
            line = self.refusal or (self.t("settings.keys_asking") if self.asking else
                                    self.t("settings.keys_hint"))
            draw_text(surface, line, (theme.SCREEN_W // 2, panel.bottom + 12), theme.TEXT_MIN,
                      theme.DANGER if self.refusal else theme.INK_DIM, anchor="midtop",
                      max_width=ROW_W + 80)
