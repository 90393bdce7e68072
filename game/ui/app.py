"""The application: a window of any size showing the 1280×720 logical frame, the scene stack,
the frame loop.

The frame is drawn at the window's resolution (``game.ui.gfx``: every scene draws in logical
units on a canvas whose pixels are ``scale`` times as many), letterboxed in the window
(``game.ui.viewport``); the mouse is mapped back to logical units before any scene sees it.
F11 goes fullscreen at the display's own resolution.

``run()`` is the real loop (60 FPS cap, dt in seconds); ``step(dt, events)`` is one frame that
tests call without the loop: it reads pygame's event queue when ``events`` is ``None``.

Input rules (DESIGN.md "input stays locked while an action resolves"):

- only the top scene gets input; Esc calls its ``on_escape()`` (pause / back / quit confirm);
- F11 toggles fullscreen in every scene;
- while the top scene is ``busy`` the app drops clicks and keys (Esc, F11, motion and key
  releases still pass); so it does while the top scene is ``settling`` (a moment the person
  could dismiss has just gone: the press meant for it must not act on what comes next);
- for ``CLICK_GUARD`` seconds after the stack changes, clicks are dropped too, so the second
  half of a double click never lands on the scene that the first half opened;
- a key's release also goes to the scene it was pressed on, when another came over it
  meanwhile (else that scene thinks the key still held and ignores its next press).

Idle frames (nothing moved or was touched for ``IDLE_AFTER`` seconds) come ``IDLE_FPS`` times a
second and may draw only the top scene's ambient areas, but only while every drawn scene says
it is ``still`` and the frame shown before was drawn the same way; otherwise the frame is drawn
whole. Whatever changed is on screen: saving the processor never shows an old frame.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import stat
import sys
import tempfile
import warnings
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
from pygame._sdl2 import controller

from game.core.errors import MechaCortaError
from game.ui import fonts, gfx, theme, widgets
from game.ui.draw import round_rect
from game.ui.fx import Flash, Shake
from game.ui.keymap import Keymap
from game.ui.locale import Translator, load_locale, resource_path, system_lang, text_of
from game.ui.pad import PAD_DEVICE_EVENTS, PAD_EVENTS, PadInput, PadStyle, prompt, style_of
from game.ui.quiet import library_noise_to_log, name_the_window
from game.ui.settings import Settings
from game.ui.sound import Music, Sound
from game.ui.stack import SceneStack
from game.ui.thinker import Thinker
from game.ui.tween import Motion
from game.ui.viewport import Viewport, window_size_for

if TYPE_CHECKING:
    from game.match.autosave import Unfinished
    from game.ui.scene import Scene

FPS = 60
IDLE_FPS = 1.5
"""Frames a second once nothing moves and nobody touches anything (LOOK.md: calm; the
processor rests: at most 5 % of a core on an idle title or table, ``bench idle``). Showing a
frame costs about the same however little of it changed where SDL draws the window through
OpenGL in software (a display with no graphics card: about 17 ms of a core per frame at
1632×918), so the count of idle frames is what the processor pays for: 3 took 6–8 %, 2 about
5 %, 1.5 keeps the fuse burning at about 4 %. Input does not wait for the next idle frame:
the loop looks at the event queue every ``IDLE_NAP_MS``."""
IDLE_NAP_MS = 30
"""How long an idle loop sleeps between looks at the event queue (the input's latency)."""
IDLE_AFTER = 1.5
"""Seconds without input or animation before the app slows down."""
MAX_DT = 0.1
"""A long hitch (a window drag) advances the game at most this much."""
IDLE_MAX_DT = 0.75
"""An idle frame advances the ambient animations (and the fuse's tick) by its real time (a
little more than ``1 / IDLE_FPS``)."""
CLICK_GUARD = 0.2
MUTE_KEY = pygame.K_F8
"""Sound off and on again, anywhere (the settings' Mute too)."""
LINE_SECONDS = 1.5
"""How long :meth:`App.flash_line`'s line stays."""
MOUSE_BUTTONS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
POINTER_EVENTS = frozenset({pygame.MOUSEMOTION, *MOUSE_BUTTONS})
RESIZE_EVENTS = frozenset({pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED})


@dataclass
class Hooks:
    """What the title screen's buttons do beyond this package; the match layer wires them.
    A hook left ``None`` shows its button disabled."""

    play_now: Callable[[], None] | None = None
    """"Play now": straight into a game (the table engineer pushes the table)."""
    new_game: Callable[[], None] | None = None
    """"New game": push the new-game scene."""
    open_code: Callable[[str], None] | None = None
    """A game code was entered (already checked by ``check_code`` when given)."""
    check_code: Callable[[str], str | None] | None = None
    """A translated error message for a bad code, or ``None`` when the code is good."""
    unfinished: Callable[[], Unfinished | None] | None = None
    """The unfinished game the title offers to resume (``None``: none); raises
    ``game.match.autosave.DamagedSave`` once a damaged file has been set aside."""
    resume: Callable[[Unfinished], None] | None = None
    """Open the table of an unfinished game where it was left."""
    how_to_play: Callable[[], None] | None = None
    """"How to play": every game's lesson and rules (``game.ui.scenes.lessons``)."""
    lesson: Callable[[str], None] | None = None
    """Open the first game that teaches this game (asking first if it replaces an unfinished
    game)."""
    past_games: Callable[[], None] | None = None
    """"Past games": the finished games kept on this computer, and the players' record."""


class App:
    _canvas: gfx.Canvas
    _direct = False
    """The last frame was drawn straight onto the window (see :meth:`draw`)."""
    _window_canvas: tuple[pygame.Surface, Viewport, gfx.WindowCanvas] | None = None
    """The canvas over the window's pixels, with the window and the viewport it was made for."""

    def __init__(self, settings: Settings | None = None, *, settings_dir: Path | None = None,
                 lang: str | None = None, audio: bool = True, persist: bool = True,
                 hooks: Hooks | None = None, start: str | None = "title",
                 size: tuple[int, int] | None = None) -> None:
        """``settings_dir``: where settings.json lives (tests pass ``tmp_path``); ``lang``
        overrides the saved language for this run; ``persist=False`` never writes settings;
        ``start``: the first scene (``"title"``) or ``None`` for an empty stack; ``size``:
        the window's size in pixels (default: fitted to the desktop)."""
        self.settings_dir = settings_dir
        self.persist = persist
        self.settings = settings if settings is not None else Settings.load(settings_dir)
        self.lang_override = lang
        self.hooks = hooks or Hooks()

        pygame.mixer.pre_init(44100, -16, 2, 512)
        if not pygame.font.get_init():
            fonts.clear()  # fonts made before a pygame.quit() are dead
        name_the_window()
        with library_noise_to_log("starting pygame"):
            pygame.init()
        self.fullscreen = False
        self.screen = self._open_window(size)
        self._windowed = self.screen.get_size()
        self.viewport = Viewport.fit(self._windowed)
        self.canvas = self._new_canvas()
        self.clock = pygame.time.Clock()

        self.lang = self._resolve_language()
        self.loc: Translator = load_locale(self.lang)
        self.motion = Motion()
        self.shake = Shake(self.motion)
        self.flash = Flash(self.motion)
        self.sound = Sound(self.settings.volume, self.settings.mute, enabled=audio)
        self.music = Music(enabled=audio)
        widgets.set_click_sound(self._click_sound)
        self.apply_settings()
        if self.settings.fullscreen:
            self.set_fullscreen(True)

        self.stack = SceneStack()
        self.stack.listeners.append(self._stack_changed)
        self.running = False
        self.time = 0.0
        self.dropped = 0
        """Input events dropped by the lock or the click guard (tests read it)."""
        self._guard = 0.0
        self._active_at = 0.0
        self._pressed_on: dict[int, Scene[Any]] = {}
        """Which scene each key held down was pressed on: its release goes there too."""
        self._shown_still: list[pygame.Rect] | None = None
        """The ambient areas of the frame shown last when it was a still idle frame (the next
        one may draw only those again), else ``None``: the next idle frame is drawn whole."""
        self._thinker: Thinker | None = None
        self._line: tuple[str, float] | None = None
        """A short line over everything (F8's "Sound off") and until when it shows."""
        self.pad_input = PadInput()
        self.pads: dict[int, PadStyle] = {}
        """The controllers plugged in (instance id → the names printed on their buttons)."""
        self._pad_objects: dict[int, Any] = {}
        self.pad_seats: dict[int, int] = {}
        """Hot seat: the controller each person took at their curtain (instance id → seat);
        their curtain opens with it, and its Y nopes for them."""
        self.pad_style: PadStyle | None = None
        """The style of the controller used last; ``None`` while the keyboard or the mouse was
        used last (the key caps then show keys)."""
        widgets.set_prompts(self.prompt_for)
        self._open_controllers()
        pygame.display.set_caption(self.loc.t("app.title"))
        if start == "title":
            self.to_title()

    def _click_sound(self) -> None:
        self.sound.play("click")

    # --- window --------------------------------------------------------------------------------

    def _open_window(self, size: tuple[int, int] | None) -> pygame.Surface:
        with contextlib.suppress(pygame.error, OSError):  # a missing icon is no reason to stop
            icon = pygame.image.load(str(resource_path("assets", "icon", "icon.png")))
            pygame.display.set_icon(icon)
        if size is None:
            desktop = None
            with contextlib.suppress(pygame.error, IndexError):
                if not self._headless():
                    desktop = pygame.display.get_desktop_sizes()[0]
            size = window_size_for(desktop)
        try:
            with warnings.catch_warnings():  # "no fast renderer" on headless drivers
                warnings.simplefilter("ignore")
                return pygame.display.set_mode(size, pygame.RESIZABLE)
        except pygame.error:
            return pygame.display.set_mode(size)

    @staticmethod
    def _headless() -> bool:
        return pygame.display.get_driver() in HEADLESS_DRIVERS

    def _new_canvas(self) -> gfx.Canvas:
        """The frame in logical units at the window's scale (every cache keys by the scale)."""
        gfx.set_scale(self.viewport.scale)
        return gfx.Canvas(theme.SCREEN_SIZE)

    def fit_window(self) -> None:
        """Follow the window's size: a new scale, a new frame (called on a resize and when
        the display surface changed under us)."""
        surface = pygame.display.get_surface()
        if surface is not None:
            self.screen = surface
        viewport = Viewport.fit(self.screen.get_size())
        if viewport != self.viewport:
            self.viewport = viewport
            self.canvas = self._new_canvas()
            self.screen.fill(theme.BG_DEEP)
            self.wake()

    def to_logical(self, pos: tuple[float, float]) -> tuple[int, int]:
        return self.viewport.to_logical(pos)

    def set_fullscreen(self, on: bool) -> None:
        """Fullscreen at the display's own resolution (drawn at it, not a stretched frame);
        back to the last window size. Headless drivers only keep the setting."""
        if on == self.fullscreen:
            return
        self.fullscreen = on
        self.settings.fullscreen = on
        if self._headless():
            return
        with contextlib.suppress(pygame.error):
            if on:
                self._windowed = self.screen.get_size()
                self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            else:
                self.screen = pygame.display.set_mode(self._windowed, pygame.RESIZABLE)
        self.fit_window()

    def toggle_fullscreen(self) -> None:
        self.set_fullscreen(not self.fullscreen)
        self.save_settings()

    # --- settings and language -----------------------------------------------------------------

    def _resolve_language(self) -> str:
        if self.lang_override:
            return self.lang_override
        if self.settings.language == "auto":
            return system_lang()
        return self.settings.language

    def set_language(self, choice: str) -> None:
        """``choice``: a language code or ``"auto"``; every scene is told to refresh."""
        self.settings.language = choice
        self.lang_override = None
        self.lang = self._resolve_language()
        self.loc = load_locale(self.lang)
        pygame.display.set_caption(self.loc.t("app.title"))
        for scene in self.stack:
            scene.on_language()
        self.wake()

    def apply_settings(self) -> None:
        """Push the settings into the motion, the sound and the window."""
        self.motion.speed = self.settings.speed_factor
        self.motion.reduced = self.settings.reduced_motion
        self.keymap = Keymap.from_names(self.settings.keys)
        self.sound.set_volume(self.settings.volume)
        self.sound.interface_volume = self.settings.interface_volume
        self.sound.set_muted(self.settings.mute)
        self.music.set_muted(self.settings.mute)
        self.music.set_volume(self.settings.volume * self.settings.music_volume)
        fonts.set_text_size(self.settings.text_size)

    def toggle_mute(self) -> None:
        """F8, anywhere: all sound off, or back on; said for a moment at the top."""
        self.settings.mute = not self.settings.mute
        self.apply_settings()
        self.save_settings()
        self.flash_line(self.loc.t("settings.muted" if self.settings.mute else "settings.unmuted"))

    def flash_line(self, text: str) -> None:
        """A short line over everything at the top of the window, for about 1.5 s."""
        self._line = (text, self.time + LINE_SECONDS)
        self.wake()

    def _draw_line(self, frame: pygame.Surface) -> None:
        if self._line is None:
            return
        text, until = self._line
        if self.time >= until:
            self._line = None
            return
        from game.ui.text import draw_text

        label = fonts.render(text, theme.TEXT_BODY, theme.INK, bold=True)
        # the top right corner: the tables keep their titles and turns in the middle
        box = label.get_rect(topright=(theme.SCREEN_W - 26, 14)).inflate(36, 16)
        round_rect(frame, box, theme.PANEL, 14, 235)
        round_rect(frame, box, theme.PANEL_EDGE, 14, 255, 2)
        draw_text(frame, text, box.center, theme.TEXT_BODY, theme.INK, bold=True,
                  anchor="center")

    def save_settings(self) -> None:
        if self.persist:
            self.settings.save(self.settings_dir)

    # --- scenes --------------------------------------------------------------------------------

    def to_title(self) -> None:
        """Close everything and show the title screen."""
        from game.ui.scenes.title import TitleScene

        self.stack.reset(TitleScene(self))

    def push(self, scene: Scene[Any], on_result: Callable[[Any], None] | None = None
             ) -> None:
        self.stack.push(scene, on_result)

    def _stack_changed(self) -> None:
        self._guard = CLICK_GUARD
        self.wake()  # a scene came or went: the whole frame changed
        self.music.follow(self.stack)

    def guard_clicks(self, seconds: float) -> None:
        """Clicks are dropped for ``seconds`` more (a modal that opened on its own, under a
        hand that may already be clicking: what it asks is not answered by accident)."""
        self._guard = max(self._guard, seconds)

    def wake(self) -> None:
        """Something changed that no scene reports (the stack, the language, the window): the
        next frames are drawn whole, at full speed, until ``IDLE_AFTER`` seconds of calm."""
        self._active_at = self.time
        self._shown_still = None

    # --- the frame -----------------------------------------------------------------------------

    def dispatch(self, event: pygame.event.Event) -> None:
        """Route one event: quit, resizes, F11 and Esc first, then the lock, then the top
        scene (mouse positions in logical units). A controller's events go as the keys they
        stand for (``game.ui.pad``)."""
        kind = event.type
        if kind == pygame.QUIT:
            self.quit()
            return
        if kind in PAD_EVENTS or kind in PAD_DEVICE_EVENTS:
            self._pad_event(event)
            return
        if kind in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and getattr(event, "pad", None) \
                is None and self.pad_style is not None:
            self.pad_style = None  # the keyboard or the mouse again: the caps show keys
            self.wake()
        if kind in RESIZE_EVENTS:
            self.fit_window()
            return
        if kind in POINTER_EVENTS:
            event = self._logical_event(event)
        top = self.stack.top
        capturing = bool(getattr(top, "capturing_keys", False))
        if kind in (pygame.KEYDOWN, pygame.KEYUP) and self.keymap.chosen and not capturing \
                and not _typing(top):
            key = self.keymap.translate(event.key)
            if key != event.key:
                event = pygame.event.Event(kind, {**event.__dict__, "key": key})
        if capturing:
            pass  # the settings take the next key as it is (F8 and F11 included)
        elif kind == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        elif kind == pygame.KEYDOWN and event.key == MUTE_KEY:
            self.toggle_mute()
            return
        if top is None:
            return
        if kind == pygame.KEYUP:
            self._release(event, top)
        if kind == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            top.on_escape()
            return
        if kind in MOUSE_BUTTONS and (self._guard > 0 or top.busy or top.settling):
            self.dropped += 1
            return
        if kind in (pygame.KEYDOWN, pygame.TEXTINPUT) and (top.busy or top.settling):
            self.dropped += 1
            return
        if kind == pygame.KEYDOWN:
            self._pressed_on[event.key] = top
        self.stack.handle(event)

    # --- controllers --------------------------------------------------------------------------

    def _open_controllers(self) -> None:
        """Open the controllers already plugged in (those plugged in later announce
        themselves). A machine without the controller subsystem plays on without."""
        try:
            controller.init()
            count = controller.get_count()
        except pygame.error:
            return
        for index in range(count):
            self._open_controller(index)

    def _open_controller(self, index: int) -> None:
        try:
            if not controller.is_controller(index):
                return
            pad = controller.Controller(index)
            instance = pad.as_joystick().get_instance_id()
            name = pad.name or ""
        except (pygame.error, AttributeError):
            return
        self._pad_objects[instance] = pad
        self.pads[instance] = style_of(name)

    def _pad_event(self, event: pygame.event.Event) -> None:
        kind = event.type
        if kind == pygame.CONTROLLERDEVICEADDED:
            self._open_controller(getattr(event, "device_index", -1))
            return
        if kind == pygame.CONTROLLERDEVICEREMOVED:
            instance = getattr(event, "instance_id", -1)
            self._pad_objects.pop(instance, None)
            self.pad_seats.pop(instance, None)  # its person takes another at their curtain
            was = self.pads.pop(instance, None)
            top = self.stack.top
            if was is not None and top is not None:
                top.on_pad_lost()
            return
        if kind == pygame.CONTROLLERDEVICEREMAPPED:
            return
        top = self.stack.top
        seat = self.pad_seats.get(getattr(event, "instance_id", -1))
        keys = self.pad_input.keys_for(
            event, top.pad_keys if top is not None else None,
            (lambda button: top.pad_key(button, seat)) if top is not None else None)
        if keys and keys[0].type == pygame.KEYDOWN:
            style = self.pads.get(getattr(event, "instance_id", -1), PadStyle.XBOX)
            if style is not self.pad_style:
                self.pad_style = style
                self.wake()
        if keys and keys[0].type == pygame.KEYDOWN and keys[0].key == pygame.K_RETURN \
                and self._open_keyboard():
            return
        for key in keys:
            self.dispatch(key)

    def _open_keyboard(self) -> bool:
        """A controller confirmed on a text field: the on-screen keyboard types into it."""
        from game.ui.scenes.keyboard import KeyboardScene, put_into
        from game.ui.widgets import TextField

        top = self.stack.top
        form = getattr(top, "form", None)
        field = getattr(form, "focused", None)
        if top is None or not isinstance(field, TextField) or top.busy:
            return False

        def typed(text: object) -> None:
            if isinstance(text, str):
                put_into(field, text)

        self.push(KeyboardScene(self, field, text_of(field.placeholder)), typed)
        return True

    def prompt_for(self, key: int | None, label: str) -> str:
        """The key cap a button shows for ``key`` (its shortcut; ``None``: none, its cap
        ``label`` read as Enter or Esc when it says so): the key's own name while the keyboard
        or the mouse was used last, the controller button's while a controller was (empty
        when no button presses it: a cap that no button answers is left out)."""
        if self.pad_style is None:
            return label
        if key is None:
            key = {self.loc.t("key.enter"): pygame.K_RETURN,
                   self.loc.t("key.esc"): pygame.K_ESCAPE,
                   self.loc.t("key.space"): pygame.K_SPACE}.get(label)
            if key is None:
                return ""
        top = self.stack.top
        return prompt(key, self.pad_style, top.pad_keys if top is not None else None) or ""

    def _release(self, event: pygame.event.Event, top: Scene[Any]) -> None:
        """A key's release also goes to the scene it was pressed on when another has come
        over it meanwhile (Enter pressed Start and a question opened; the question answered
        by a click): else that scene thinks the key still held, and ignores its next press."""
        pressed_on = self._pressed_on.pop(event.key, None)
        if pressed_on is not None and pressed_on is not top and pressed_on in self.stack:
            pressed_on.handle(event)

    def _logical_event(self, event: pygame.event.Event) -> pygame.event.Event:
        viewport = self.viewport
        if viewport.scale == 1.0 and viewport.offset == (0, 0):
            return event
        data = dict(event.__dict__)
        data["pos"] = viewport.to_logical(event.pos)
        if "rel" in data:
            data["rel"] = (round(event.rel[0] / viewport.scale),
                           round(event.rel[1] / viewport.scale))
        return pygame.event.Event(event.type, data)

    def step(self, dt: float, events: Iterable[pygame.event.Event] | None = None, *,
             draw: bool = True) -> None:
        """One frame: events (pygame's queue when ``events`` is None), update by ``dt``
        seconds, draw."""
        if events is None:
            events = pygame.event.get()
        for event in events:
            if event.type != pygame.NOEVENT:
                self._active_at = self.time
            self.dispatch(event)
        dt = max(0.0, min(dt, IDLE_MAX_DT if self.idle else MAX_DT))
        self.time += dt
        self.stack.update(dt)
        if any(scene.animating for scene in self.stack) or self._line is not None:
            self._active_at = self.time  # (a line showing: drawn whole until it has gone)
        self.shake.update(dt)
        self.flash.update(dt)
        self.music.update(dt)
        self._guard = max(0.0, self._guard - dt)
        if not len(self.stack):
            self.running = False
        if draw:
            self.draw()

    def draw(self) -> None:
        if self.screen.get_size() != self.viewport.window:
            self.fit_window()
        frame = self._frame()
        self.stack.draw(frame)
        self.flash.draw(frame)
        self._draw_line(frame)
        if frame is not self._canvas:
            return  # drawn straight onto the window
        viewport = self.viewport
        shake = self.shake.offset
        x = viewport.offset[0] + round(shake[0] * viewport.scale)
        y = viewport.offset[1] + round(shake[1] * viewport.scale)
        if shake != (0, 0) or viewport.letterboxed:
            # only around the frame: the frame covers the rest (a full fill was one more
            # pass over every pixel of the window, every frame of a shake)
            window = self.screen.get_rect()
            shown = pygame.Rect((x, y), viewport.frame).clip(window)
            for bar, colour in zip((
                    pygame.Rect(0, 0, window.width, shown.top),
                    pygame.Rect(0, shown.bottom, window.width, window.height - shown.bottom),
                    pygame.Rect(0, shown.top, shown.left, shown.height),
                    pygame.Rect(shown.right, shown.top, window.width - shown.right,
                                shown.height)),
                    self._edge_colours() if viewport.letterboxed else (theme.BG_DEEP,) * 4,
                    strict=True):
                if bar.width > 0 and bar.height > 0:
                    self.screen.fill(colour, bar)
        pygame.Surface.blit(self.screen, self._canvas, (x, y))

    def _edge_colours(self) -> tuple[theme.Color, ...]:
        """The colours the frame ends in, above, below, left and right (the middle of each
        edge): a window of another shape than 16:9 (a handheld's 16:10) continues the table's
        felt or the title's backdrop to its edges instead of framing it in dark bands."""
        canvas = self._canvas
        w, h = pygame.Surface.get_size(canvas)
        if w < 2 or h < 2:
            return (theme.BG_DEEP,) * 4
        at = partial(pygame.Surface.get_at, canvas)
        return tuple((c.r, c.g, c.b) for c in map(at, ((w // 2, 0), (w // 2, h - 1),
                                                         (0, h // 2), (w - 1, h // 2))))

    @property
    def canvas(self) -> pygame.Surface:
        """The frame as last drawn: the window itself while frames are drawn straight onto it,
        else the frame canvas (tests read its pixels)."""
        return self.screen if self._direct else self._canvas

    @canvas.setter
    def canvas(self, canvas: gfx.Canvas) -> None:
        self._canvas = canvas

    def _frame(self) -> gfx.Canvas:
        """Where the next frame is drawn: straight onto the window while the frame fills it
        and no shake is on (the frame canvas copied whole into the window cost a full copy
        of the frame, about 1 ms at 1080p), else onto the frame canvas, which is then put at
        its place in the window. Going from one to the other carries the last frame over:
        what a frame leaves undrawn stays what it was."""
        viewport = self.viewport
        window = self._window_canvas[2] if self._window_canvas is not None else None
        if viewport.letterboxed or self.shake.active:  # (all of a shake, still moments too)
            if self._direct and pygame.Surface.get_size(self._canvas) == self.screen.get_size():
                pygame.Surface.blit(self._canvas, self.screen, (0, 0))
                # the same pixels: what was noted drawn on the window holds for them (and
                # only for them: the window is shaken from now on)
                self._canvas.touched = window.touched if window is not None else None
                if window is not None:
                    window.touched = None
            self._direct = False
            return self._canvas
        made = self._window_canvas
        if made is None or made[0] is not self.screen or made[1] != viewport:
            made = (self.screen, viewport, gfx.WindowCanvas(self.screen, viewport.scale))
            self._window_canvas = made
        if not self._direct:
            pygame.Surface.blit(self.screen, self._canvas, (0, 0))
            made[2].touched, self._canvas.touched = self._canvas.touched, None
            self._direct = True
        return made[2]

    def render_to(self, path: str | Path) -> Path:
        """Draw the current stack and write the window (bars included when the frame is
        letterboxed) to a PNG, whole or not at all (``save_png``)."""
        self.draw()
        return save_png(self.screen, path)

    def run(self, seconds: float | None = None) -> int:
        """The frame loop, until the stack is empty or the window closes (or ``seconds`` have
        passed: the idle benchmark); at ``IDLE_FPS`` once nothing has moved or been touched
        for ``IDLE_AFTER`` seconds (the first event wakes it at once: the wait for the next
        frame is a wait for an event)."""
        self.running = True
        self.clock.tick()
        end = None if seconds is None else pygame.time.get_ticks() + seconds * 1000
        while self.running and (end is None or pygame.time.get_ticks() < end):
            if self.idle:
                # Sleep until an event comes or the next idle frame is due (in short naps:
                # SDL's own wait polls every millisecond once joysticks are initialised).
                due = pygame.time.get_ticks() + round(1000 / IDLE_FPS)
                while pygame.time.get_ticks() < due and not pygame.event.peek():
                    pygame.time.wait(IDLE_NAP_MS)
            self.frame(self.clock.tick(FPS) / 1000.0)
        return 0

    def frame(self, dt: float, events: Iterable[pygame.event.Event] | None = None) -> None:
        """One frame of the loop, shown as the loop shows it: :meth:`step` (events, then
        ``dt`` seconds), then onto the screen, whole, or only the ambient areas when the
        frame is a still idle one (see :meth:`_show`). Tests call it to see what a person
        would see."""
        self.step(dt, events, draw=False)
        self._show()

    def still_areas(self) -> list[pygame.Rect] | None:
        """The logical areas an idle frame would draw again now, or ``None``: the whole
        frame. Only the top scene's ambient areas, and only while nothing else can have
        changed: the app is idle, nothing shakes or flashes, and every scene drawn is
        ``still``."""
        top = self.stack.top
        if top is None or not self.idle or self.shake.offset != (0, 0) or self.flash.active:
            return None
        areas = top.ambient()
        if areas is None or not all(scene.still for scene in self.stack.visible()):
            return None
        return areas

    def _show(self) -> None:
        """Put the frame on the screen. A still idle frame that follows another draws and
        shows only the ambient areas of both (what moved inside them last time is painted
        over); any other frame is drawn and shown whole."""
        areas = self.still_areas()
        before = self._shown_still
        self._shown_still = areas
        if areas is None or before is None:
            self.draw()
            pygame.display.flip()
            return
        redrawn = [*before, *areas]
        union = redrawn[0].unionall(redrawn[1:]) if redrawn else pygame.Rect(0, 0, 0, 0)
        frame = self._frame()
        frame.set_clip(union)  # only the moving parts are drawn again
        self.stack.draw(frame)
        frame.set_clip(None)
        viewport = self.viewport
        dirty = []
        for area in redrawn:
            shown = frame.get_rect().clip(area)
            if not shown.width or not shown.height:
                continue
            physical = gfx.to_physical(shown, viewport.scale)
            at = (physical.left + viewport.offset[0], physical.top + viewport.offset[1])
            if frame is self._canvas:
                pygame.Surface.blit(self.screen, self._canvas, at, physical)
            dirty.append(pygame.Rect(at, physical.size))
        pygame.display.update(dirty)

    @property
    def thinker(self) -> Thinker:
        """The one worker thread where a searching machine (Maestro) thinks while the frames
        keep coming (``TableFlow``'s thinker); one thread, so two searches never run at
        once. It holds no game: closing the app drops what it is thinking about."""
        if self._thinker is None:
            self._thinker = Thinker()
        return self._thinker

    @property
    def idle(self) -> bool:
        """Nothing has moved or been touched for ``IDLE_AFTER`` seconds."""
        return self.time - self._active_at >= IDLE_AFTER

    def quit(self) -> None:
        """Close every scene (their ``on_exit`` autosaves), save settings, stop the loop."""
        self.running = False
        self.stack.reset()
        self.save_settings()
        self.sound.stop()
        self.music.stop()

    def close(self) -> None:
        """Leave pygame (tests and the screenshot tool call it when done)."""
        if self._thinker is not None:
            self._thinker.close()
            self._thinker = None
        fonts.clear()
        gfx.set_scale(1.0)
        pygame.quit()


# --- the video driver --------------------------------------------------------------------------


class NoVideo(MechaCortaError, RuntimeError):
    """The video driver the environment names cannot start here."""


def check_video_driver() -> None:
    """When ``SDL_VIDEODRIVER`` names a driver, start it once and stop it again: one that does
    not exist or cannot start here raises :class:`NoVideo` with SDL's reason. The headless
    modes (screenshot, autoplay, self-test) choose the dummy driver only when none is named,
    so a named one must be checked before they start, not fail deep inside them."""
    wanted = os.environ.get("SDL_VIDEODRIVER", "")
    if not wanted or pygame.display.get_init():
        return
    try:
        pygame.display.init()
    except pygame.error as error:
        raise NoVideo(f"SDL_VIDEODRIVER={wanted}: {error}") from None
    finally:
        pygame.display.quit()


HEADLESS_DRIVERS = frozenset({"offscreen", "dummy"})
"""SDL's video drivers that show nothing."""
UNIX_DESKTOPS = ("linux", "freebsd", "openbsd", "netbsd")
"""Platforms whose windows need ``DISPLAY`` (X11) or ``WAYLAND_DISPLAY``."""


class NoDisplay(MechaCortaError, RuntimeError):
    """There is no display for the window to open on."""


def require_display() -> None:
    """Before the window opens: raise :class:`NoDisplay` where nothing could be seen, rather
    than run a game nobody sees. A driver named in ``SDL_VIDEODRIVER`` is the user's choice
    (``dummy`` included: tests, benchmarks). Otherwise, on Linux and the BSDs with neither
    ``DISPLAY`` nor ``WAYLAND_DISPLAY`` there is no display to ask (SDL would print its own
    complaints on the way); and wherever SDL, left to choose, picks a driver that shows nothing
    (offscreen: a display nobody answers), there is none either."""
    if os.environ.get("SDL_VIDEODRIVER"):
        return
    if sys.platform.startswith(UNIX_DESKTOPS) and not (
            os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        raise NoDisplay("no display (DISPLAY and WAYLAND_DISPLAY are not set; SDL_VIDEODRIVER "
                        "chooses a video driver anyway)")
    pygame.display.init()
    driver = pygame.display.get_driver()
    if driver in HEADLESS_DRIVERS:
        pygame.display.quit()
        raise NoDisplay(f"no display (SDL found none and chose its {driver} driver, which shows "
                        f"nothing)")


# --- writing a picture -------------------------------------------------------------------------


def png_target(path: str | Path) -> Path:
    """The file a PNG for ``path`` goes to: through symbolic links (a link to a picture stays a
    link), never a folder or a device (``/dev/full``: the temporary file beside it could not be
    renamed over it). Raises ``OSError`` naming ``path`` (a link loop, a name too long …)."""
    real = Path(os.path.realpath(path))
    try:
        mode = real.stat().st_mode
    except FileNotFoundError:
        return real
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    if not stat.S_ISREG(mode):
        raise OSError(errno.EINVAL, "not a regular file", str(path))
    return real


def save_png(surface: pygame.Surface, path: str | Path) -> Path:
    """Write ``surface`` to ``path`` as a PNG, whole or not at all: encoded in memory, written
    to a temporary file beside the target, flushed to the disk, renamed over it. pygame's own
    save reports no failed write, so a full disk left a truncated picture; here it raises
    ``OSError`` and leaves the old file, if any, and no temporary file. Returns ``path``."""
    target = png_target(path)
    data = _png_bytes(surface)
    target.parent.mkdir(parents=True, exist_ok=True)
    mode = _new_file_mode(target)
    fd, temp = tempfile.mkstemp(prefix=".picture-", suffix=".tmp", dir=target.parent)
    try:
        try:
            _write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.chmod(temp, mode)
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    return Path(path)


def _png_bytes(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "png")
    return buffer.getvalue()


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _new_file_mode(target: Path) -> int:
    """The permissions of the picture replaced, or of any new file (``0o666`` less the
    umask), rather than the temporary file's private ``0o600``."""
    with contextlib.suppress(OSError):
        return stat.S_IMODE(target.stat().st_mode)
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


def _typing(scene: Scene[Any] | None) -> bool:
    """A text field has the focus: keys are letters being typed, never moved actions."""
    from game.ui.widgets import TextField

    form = getattr(scene, "form", None)
    return isinstance(getattr(form, "focused", None), TextField)
