"""The secret bid entry of the person whose bid it is: the number big, − and + beside it, a
slider from 1 to 40 under it, what the bid would cost and leave, and the button that seals it.

Keys: digits type the bid (two quick digits make 17; a number above 40 starts over with the
last digit), ↑/↓ and +/− change it by one, PgUp/PgDn by five, Home/End go to 1 and 40,
Backspace drops the last digit, Enter seals. The mouse: drag or click the slider, − and +,
the wheel over the pad, the seal button.

It shows only the bid being typed by the person looking; it is drawn only while that
person's decision is on screen (never under or after a curtain).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.rules.diebombe import cards as C
from game.ui import fonts, gfx, theme
from game.ui.diebombe import layout as L
from game.ui.draw import round_rect
from game.ui.locale import TextSource
from game.ui.text import NARROW, draw_text
from game.ui.widgets import Button, Form, Slider

TYPING_SECONDS = 1.4
"""A second digit typed within this time joins the first (1 then 7: 17)."""
DIGITS = {getattr(pygame, f"K_{n}"): n for n in range(10)}
DIGITS.update({getattr(pygame, f"K_KP{n}"): n for n in range(10)})
PAD = pygame.Rect(0, 0, 520, 290)
PAD.midtop = (L.CENTRE_X, L.LOWER.top - 2)
"""(Low enough that the banner's second line over it stands clear of its edge.)"""


class BidPad:
    """The bid being chosen (``value``) and its widgets; ``seal`` is called with the value."""

    def __init__(self, value: int, seal: Callable[[int], None],
                 tr: Callable[[str], TextSource], enter_label: TextSource) -> None:
        self.value = max(C.MIN_BID, min(C.MAX_BID, value))
        self._seal = seal
        self.typed = ""
        self._typed_at = -10.0
        self.clock = 0.0
        self.pulse = 0.0
        """1 → 0 after a change: the number jumps a little."""
        x, y = PAD.left, PAD.top
        # the seal button gets the room its label and key chip need in every language (issue
        # 20: "Selar lance" was squeezed to 53 %); two digits need no wider box than this
        self.minus = Button((x + 16, y + 56, 56, 64), "−", lambda: self.nudge(-1),
                            size=theme.TEXT_HEADING, cooldown=0.05)
        self.number = pygame.Rect(x + 80, y + 52, 108, 72)
        self.plus = Button((x + 196, y + 56, 56, 64), "+", lambda: self.nudge(1),
                           size=theme.TEXT_HEADING, cooldown=0.05)
        self.seal_button = Button((x + 266, y + 56, PAD.width - 282, 64), tr("diebombe.seal"),
                                  self.seal, shortcut_label=enter_label, style="primary",
                                  size=theme.TEXT_LARGE)
        self.slider = Slider((x + 24, y + 134, PAD.width - 48, 36), C.MIN_BID, C.MAX_BID,
                             self.value, self._slid, step=1)
        self.form = Form([self.minus, self.plus, self.slider, self.seal_button])

    # --- changing the value --------------------------------------------------------------------

    def set(self, value: int) -> None:
        value = max(C.MIN_BID, min(C.MAX_BID, value))
        if value != self.value:
            self.pulse = 1.0
        self.value = value
        self.slider.value = float(value)

    def nudge(self, delta: int) -> None:
        self.typed = ""
        self.set(self.value + delta)

    def _slid(self, value: float) -> None:
        self.typed = ""
        self.set(round(value))

    def type_digit(self, digit: int) -> None:
        """A digit key: joins the one typed just before (17), or starts a new number."""
        joined = self.typed + str(digit) if self.clock - self._typed_at <= TYPING_SECONDS \
            and len(self.typed) == 1 else ""
        for candidate in (joined, str(digit)):
            if candidate and C.MIN_BID <= int(candidate) <= C.MAX_BID:
                self.typed = candidate if len(candidate) == 1 else ""
                self._typed_at = self.clock
                self.set(int(candidate))
                return
        self.typed = ""  # a lone 0: nothing to bid

    def backspace(self) -> None:
        text = str(self.value)[:-1]
        self.typed = ""
        if text:
            self.set(int(text))

    def seal(self) -> None:
        self._seal(self.value)

    # --- input ---------------------------------------------------------------------------------

    def key(self, key: int) -> bool:
        """A key press; ``True`` if the pad used it."""
        if key in DIGITS:
            self.type_digit(DIGITS[key])
            return True
        steps = {pygame.K_UP: 1, pygame.K_DOWN: -1, pygame.K_RIGHT: 1, pygame.K_LEFT: -1,
                 pygame.K_PLUS: 1, pygame.K_EQUALS: 1, pygame.K_KP_PLUS: 1,
                 pygame.K_MINUS: -1, pygame.K_KP_MINUS: -1,
                 pygame.K_PAGEUP: 5, pygame.K_PAGEDOWN: -5}
        if key in steps:
            self.nudge(steps[key])
            return True
        if key in (pygame.K_HOME, pygame.K_END):
            self.typed = ""
            self.set(C.MIN_BID if key == pygame.K_HOME else C.MAX_BID)
            return True
        if key == pygame.K_BACKSPACE:
            self.backspace()
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.seal()
            return True
        return False

    def handle(self, event: pygame.event.Event) -> bool:
        """A mouse event (keys come through :meth:`key`)."""
        if event.type == pygame.MOUSEWHEEL:
            self.nudge(1 if event.y > 0 else -1)
            return True
        if event.type in (pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT):
            return False
        return self.form.handle(event)

    def update(self, dt: float) -> None:
        self.clock += dt
        self.pulse = max(0.0, self.pulse - dt * 5)
        self.form.update(dt)

    # --- drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, title: str, cost: str, left: str, hint: str
             ) -> None:
        """``title`` ("Your secret bid · round 3"), ``cost`` and ``left`` (what the value
        would cost and leave), ``hint`` (the keys)."""
        round_rect(surface, PAD.move(0, 5), theme.SHADE, 20, 110)
        round_rect(surface, PAD, theme.BG_DEEP, 20, 240)
        round_rect(surface, PAD, theme.ACCENT, 20, 255, 3)
        draw_text(surface, title, (PAD.centerx, PAD.top + 10), theme.TEXT_LARGE, theme.ACCENT,
                  bold=True, anchor="midtop", max_width=PAD.width - 40)
        box = self.number
        grow = 1.0 + 0.12 * self.pulse
        shown = box.inflate(round(box.width * (grow - 1)), round(box.height * (grow - 1)))
        round_rect(surface, shown, (252, 248, 236), 16)
        gfx.rect(surface, theme.ACCENT_DARK, shown, 3, border_radius=16)
        draw_text(surface, str(self.value), shown.center, round(60 * grow), theme.INK_DARK,
                  bold=True, anchor="center")
        self.form.draw(surface)
        t = self.slider.track
        for mark in (1, 10, 20, 30, 40):
            x = t.left + (mark - C.MIN_BID) / (C.MAX_BID - C.MIN_BID) * t.width
            draw_text(surface, str(mark), (x, t.bottom - 4), theme.TEXT_MIN, theme.INK_DIM,
                      anchor="midtop")
        draw_text(surface, cost, (PAD.centerx, PAD.top + 200), theme.TEXT_SMALL, theme.INK,
                  anchor="midtop", max_width=PAD.width - 30)
        draw_text(surface, left, (PAD.centerx, PAD.top + 226), theme.TEXT_SMALL,
                  theme.ACCENT, bold=True, anchor="midtop", max_width=PAD.width - 30)
        font = fonts.get(theme.TEXT_MIN)
        while font.size(hint)[0] * NARROW > PAD.width - 30 and " · " in hint:
            hint = hint.split(" · ", 1)[1]  # a bigger text size: the keys that seal, step
        draw_text(surface, hint, (PAD.centerx, PAD.top + 258), theme.TEXT_MIN, theme.INK_DIM,
                  anchor="midtop", max_width=PAD.width - 30)
