"""Widgets: Button, Label, Panel, Slider, Toggle, Choice, TextField, and the Form that gives
them keyboard focus.

Texts are :data:`~game.ui.locale.TextSource` values (a string or a function asked every frame),
so a language change shows at once. A button fires once per press/release pair that starts and
ends on it (or once per key press of its shortcut), never twice for one double click: after it
fires it ignores presses for ``cooldown`` seconds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

import pygame

from game.ui import fonts, gfx, theme
from game.ui.draw import round_rect
from game.ui.locale import TextSource, text_of
from game.ui.text import draw_paragraph, draw_text, fit_line, wrap_text

__all__ = [
    "Button", "Choice", "Form", "Label", "Panel", "Slider", "TextField", "Toggle", "Widget",
    "set_click_sound", "set_prompts", "wrap_text",
]

T = TypeVar("T")
ACTIVATE_KEYS = frozenset({pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE})
_PASS_THROUGH = frozenset({pygame.K_TAB, pygame.K_UP, pygame.K_DOWN, pygame.K_ESCAPE})

_click_sound: Callable[[], None] | None = None


_prompts: Callable[[int | None, str], str] | None = None


def set_prompts(prompts: Callable[[int | None, str], str] | None) -> None:
    """What a button's key cap shows for (its shortcut key, its keyboard label): the app
    answers with a controller's button names while a controller was used last."""
    global _prompts
    _prompts = prompts


def set_click_sound(play: Callable[[], None] | None) -> None:
    """What every button plays when it fires (the app wires its sound manager here)."""
    global _click_sound
    _click_sound = play


def _left_click(event: pygame.event.Event) -> bool:
    return getattr(event, "button", 0) == 1


class Widget:
    focusable = False

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int]) -> None:
        self.rect = pygame.Rect(rect)
        self.visible = True
        self.enabled = True
        self.focused = False
        self.show_focus = False
        """Draw the focus ring (the form turns it on once the keyboard is used)."""

    def handle(self, event: pygame.event.Event) -> bool:
        """``True`` if the widget used the event."""
        return False

    def activate(self) -> bool:
        """Enter / Space while focused."""
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def draw_focus(self, surface: pygame.Surface) -> None:
        if self.focused and self.show_focus and self.visible:
            ring = self.rect.inflate(10, 10)
            gfx.rect(surface, theme.FOCUS, ring, 3, border_radius=theme.RADIUS + 4)


class Label(Widget):
    """One line (``max_width``: squeezed to fit) or a wrapped paragraph (``wrap=True``)."""

    def __init__(self, pos: tuple[int, int], text: TextSource, size: int = theme.TEXT_BODY,
                 color: theme.Color = theme.INK, *, bold: bool = False, anchor: str = "topleft",
                 max_width: int | None = None, wrap: bool = False, height: int = 200) -> None:
        super().__init__((pos[0], pos[1], max_width or 0, height))
        self.pos = pos
        self.text = text
        self.size = max(theme.TEXT_MIN, size)
        self.color = color
        self.bold = bold
        self.anchor = anchor
        self.max_width = max_width
        self.wrap = wrap

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        if self.wrap and self.max_width:
            area = pygame.Rect(0, 0, self.max_width, self.rect.height)
            setattr(area, self.anchor, self.pos)
            draw_paragraph(surface, text_of(self.text), area, self.size, self.color, self.bold,
                           align="center" if "mid" in self.anchor or self.anchor == "center"
                           else "left")
            return
        self.rect = draw_text(surface, text_of(self.text), self.pos, self.size, self.color,
                              self.bold, self.anchor, self.max_width)


class Panel(Widget):
    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int],
                 color: theme.Color = theme.PANEL, *, alpha: int = 235,
                 border: theme.Color | None = theme.PANEL_EDGE, radius: int = 18) -> None:
        super().__init__(rect)
        self.color = color
        self.alpha = alpha
        self.border = border
        self.radius = radius

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        round_rect(surface, self.rect, self.color, self.radius, self.alpha)
        if self.border is not None:
            round_rect(surface, self.rect, self.border, self.radius, 255, 2)


_STYLES: dict[str, tuple[theme.Color, theme.Color, theme.Color]] = {
    # (face, hovered face, text)
    "normal": (theme.BUTTON, theme.BUTTON_HOVER, theme.INK),
    "primary": (theme.ACCENT, (255, 196, 110), theme.INK_DARK),
    "danger": ((170, 52, 46), (200, 70, 60), theme.INK),
    "ghost": ((44, 50, 66), (56, 64, 86), theme.INK_DIM),
}


def button_colors(style: str) -> tuple[theme.Color, theme.Color, theme.Color]:
    """(face, hovered face, text) of a button style (a screen checks its contrast)."""
    return _STYLES.get(style, _STYLES["normal"])


class Button(Widget):
    """Fires ``on_click`` on release inside after a press inside, or on its shortcut key."""

    focusable = True

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], text: TextSource,
                 on_click: Callable[[], None] | None = None, *, shortcut: int | None = None,
                 shortcut_label: TextSource | None = None, style: str = "normal",
                 size: int = theme.TEXT_BODY, enabled: bool = True,
                 icon: Callable[[pygame.Surface, pygame.Rect], None] | None = None,
                 cooldown: float = 0.3) -> None:
        super().__init__(rect)
        self.text = text
        self.on_click = on_click
        self.shortcut = shortcut
        self.shortcut_label = shortcut_label
        self.style = style
        self.size = max(theme.TEXT_MIN, size)
        self.enabled = enabled
        self.icon = icon
        self.cooldown = cooldown
        self.hovered = False
        self.armed = False
        """Pressed inside and not yet released."""
        self.fired = 0
        """How many times it has fired (tests read it)."""
        self._cool = 0.0
        self._key_down = False
        self._hover_t = 0.0
        self._flash = 0.0

    def needed_width(self) -> int:
        """The width that shows the label whole beside its key cap and icon, as ``draw``
        lays them out at the current text size: a scene that can give a button more room
        (a bigger text size) asks this instead of a constant."""
        room = 24 + fonts.get(self.size, True).size(text_of(self.text))[0] + 4
        label = text_of(self.shortcut_label) if self.shortcut_label is not None else ""
        if label and _prompts is not None:
            label = _prompts(self.shortcut, label)
        if label:
            room += fonts.get(theme.TEXT_MIN).size(label)[0] + 14 + 10
        if self.icon is not None:
            room += min(self.rect.height - 16, 40) + 10
        return room

    def fire(self) -> bool:
        if not (self.enabled and self.visible) or self._cool > 0:
            return False
        self._cool = self.cooldown
        self._flash = 1.0
        self.fired += 1
        if _click_sound is not None:
            _click_sound()
        if self.on_click is not None:
            self.on_click()
        return True

    def activate(self) -> bool:
        return self.fire()

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and _left_click(event):
            inside = self.rect.collidepoint(event.pos)
            self.armed = inside and self.enabled
            self.hovered = inside
            return self.armed
        if event.type == pygame.MOUSEBUTTONUP and _left_click(event):
            was = self.armed
            self.armed = False
            if was and self.rect.collidepoint(event.pos):
                self.fire()
                return True
            return False
        if self.shortcut is not None and getattr(event, "key", None) == self.shortcut:
            if event.type == pygame.KEYDOWN:
                if self._key_down:
                    return True
                self._key_down = True
                return self.fire()
            if event.type == pygame.KEYUP:
                self._key_down = False
        return False

    def update(self, dt: float) -> None:
        self._cool = max(0.0, self._cool - dt)
        self._flash = max(0.0, self._flash - dt * 4)
        target = 1.0 if (self.hovered and self.enabled) else 0.0
        self._hover_t += (target - self._hover_t) * min(1.0, dt * 14)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        face, hover, ink = _STYLES.get(self.style, _STYLES["normal"])
        rect = self.rect.copy()
        if not self.enabled:
            face, ink = theme.BUTTON_DISABLED, theme.INK_DISABLED
        else:
            face = theme.mix(face, hover, self._hover_t)
            if self.armed and self.hovered:
                face = theme.mix(face, theme.SHADE, 0.15)
                rect.y += 2
            face = theme.mix(face, (255, 255, 255), self._flash * 0.35)
        if self.enabled and not (self.armed and self.hovered):
            round_rect(surface, rect.move(0, 3), theme.mix(face, theme.SHADE, 0.45))
        round_rect(surface, rect, face)
        if self.enabled and self._hover_t > 0.05:
            round_rect(surface, rect, theme.mix(face, (255, 255, 255), 0.5), theme.RADIUS,
                       int(200 * self._hover_t), 2)
        inner = rect.inflate(-24, 0)
        if self.icon is not None:
            side = min(rect.height - 16, 40)
            icon_rect = pygame.Rect(inner.left, rect.centery - side // 2, side, side)
            self.icon(surface, icon_rect)
            inner.width -= side + 10
            inner.left = icon_rect.right + 10
        label = text_of(self.shortcut_label) if self.shortcut_label is not None else ""
        if label and _prompts is not None:
            label = _prompts(self.shortcut, label)
        if label:
            cap = fonts.render(label, theme.TEXT_MIN, ink)
            cap_rect = pygame.Rect(0, 0, cap.get_width() + 14, min(rect.height - 12, 30))
            cap_rect.midright = (inner.right, rect.centery)
            gfx.rect(surface, ink, cap_rect, 2, border_radius=6)
            surface.blit(cap, cap.get_rect(center=cap_rect.center))
            inner.width -= cap_rect.width + 10
        text = fit_line(text_of(self.text), self.size, max(10, inner.width), ink, bold=True)
        if self.icon is not None:
            pos = text.get_rect(midleft=(inner.left, rect.centery))
        elif label:  # centred in the room left of the key cap
            pos = text.get_rect(center=inner.center)
        else:
            pos = text.get_rect(center=rect.center)
        surface.blit(text, pos)
        self.draw_focus(surface)


class Slider(Widget):
    """A value between ``low`` and ``high`` in steps of ``step``: drag the marker, click the
    track, or ←/→ (Home/End) while focused."""

    focusable = True

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], low: float, high: float,
                 value: float, on_change: Callable[[float], None] | None = None, *,
                 step: float = 1.0, label: TextSource | None = None,
                 show: Callable[[float], str] | None = None, marker: int = 14,
                 value_width: int = 360, show_width: int = 120) -> None:
        super().__init__(rect)
        self.value_width = value_width
        self.show_width = show_width
        self.low = low
        self.high = high
        self.step = step
        self.value = self._snap(value)
        self.on_change = on_change
        self.label = label
        self.show = show
        self.marker = marker
        self.dragging = False

    @property
    def int_value(self) -> int:
        return round(self.value)

    @property
    def track(self) -> pygame.Rect:
        """Where the marker runs: the whole rect, or with a label the right-hand part (the
        label on the left, the shown value at the far right)."""
        if self.label is None and self.show is None:
            return self.rect.inflate(-2 * self.marker, 0)
        span = self.value_width if self.label is not None else self.rect.width
        width = span - (self.shown_width() if self.show is not None else 0)
        r = pygame.Rect(self.rect.right - span, self.rect.top, width, self.rect.height)
        return r.inflate(-2 * self.marker, 0)

    def shown_width(self) -> int:
        """The room of the shown value: ``show_width``, or more when the text size makes
        its longest value (at either end) need it, up to half the slider (the track keeps
        the rest)."""
        if self.show is None:
            return 0
        font = fonts.get(theme.TEXT_BODY, True)
        widest = max(font.size(self.show(v))[0] for v in (self.low, self.high, self.value))
        span = self.value_width if self.label is not None else self.rect.width
        return max(self.show_width, min(span // 2, widest + 12))

    def _snap(self, v: float) -> float:
        v = max(self.low, min(self.high, v))
        if self.step > 0:
            v = self.low + round((v - self.low) / self.step) * self.step
        return max(self.low, min(self.high, v))

    def set(self, v: float) -> None:
        new = self._snap(v)
        if new != self.value:
            self.value = new
            if self.on_change is not None:
                self.on_change(new)

    def _from_x(self, x: float) -> float:
        t = self.track
        frac = 0.0 if t.width <= 0 else (x - t.left) / t.width
        return self.low + max(0.0, min(1.0, frac)) * (self.high - self.low)

    def marker_x(self) -> int:
        t = self.track
        span = self.high - self.low
        frac = 0.0 if span == 0 else (self.value - self.low) / span
        return round(t.left + frac * t.width)

    def handle(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            return False
        hit = self.track.inflate(2 * self.marker + 8, 24)
        if event.type == pygame.MOUSEBUTTONDOWN and _left_click(event) \
                and hit.collidepoint(event.pos):
            self.dragging = True
            self.set(self._from_x(event.pos[0]))
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self.set(self._from_x(event.pos[0]))
            return True
        if event.type == pygame.MOUSEBUTTONUP and _left_click(event) and self.dragging:
            self.dragging = False
            return True
        if event.type == pygame.KEYDOWN and self.focused:
            moves = {pygame.K_LEFT: -self.step, pygame.K_RIGHT: self.step}
            if event.key in moves:
                self.set(self.value + moves[event.key])
                return True
            if event.key == pygame.K_HOME:
                self.set(self.low)
                return True
            if event.key == pygame.K_END:
                self.set(self.high)
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        ink = theme.INK if self.enabled else theme.INK_DISABLED
        if self.label is not None:
            draw_text(surface, text_of(self.label), (self.rect.left, self.rect.centery),
                      theme.TEXT_BODY, ink, anchor="midleft",
                      max_width=max(40, self.rect.width - self.value_width - 16))
        if self.show is not None:
            draw_text(surface, self.show(self.value), (self.rect.right, self.rect.centery),
                      theme.TEXT_BODY, ink, bold=True, anchor="midright",
                      max_width=self.shown_width() - 8)
        t = self.track
        bar = pygame.Rect(t.left, t.centery - 4, t.width, 8)
        round_rect(surface, bar, theme.PANEL_EDGE, 4)
        filled = pygame.Rect(bar.left, bar.top, self.marker_x() - bar.left, bar.height)
        if filled.width > 0:
            round_rect(surface, filled, theme.ACCENT if self.enabled else theme.INK_DISABLED, 4)
        x = self.marker_x()
        gfx.circle(surface, theme.SHADE, (x, t.centery + 2), self.marker)
        gfx.circle(surface, theme.INK if self.enabled else theme.INK_DISABLED,
                           (x, t.centery), self.marker)
        gfx.circle(surface, theme.ACCENT_DARK, (x, t.centery), self.marker - 5)
        if self.focused and self.show_focus:
            gfx.circle(surface, theme.FOCUS, (x, t.centery), self.marker + 5, 3)


class Toggle(Widget):
    """On / off with a switch whose knob moves and shows a check or a cross (never colour
    alone). Click anywhere on it, or Enter / Space while focused."""

    focusable = True

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], text: TextSource,
                 value: bool, on_change: Callable[[bool], None] | None = None) -> None:
        super().__init__(rect)
        self.text = text
        self.value = value
        self.on_change = on_change
        self.armed = False

    def toggle(self) -> None:
        self.value = not self.value
        if self.on_change is not None:
            self.on_change(self.value)

    def activate(self) -> bool:
        if not self.enabled:
            return False
        self.toggle()
        return True

    def handle(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and _left_click(event):
            self.armed = self.rect.collidepoint(event.pos)
            return self.armed
        if event.type == pygame.MOUSEBUTTONUP and _left_click(event) and self.armed:
            self.armed = False
            if self.rect.collidepoint(event.pos):
                self.toggle()
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        ink = theme.INK if self.enabled else theme.INK_DISABLED
        draw_text(surface, text_of(self.text), (self.rect.left, self.rect.centery),
                  theme.TEXT_BODY, ink, anchor="midleft", max_width=self.rect.width - 100)
        sw = pygame.Rect(0, 0, 72, 36)
        sw.midright = self.rect.midright
        round_rect(surface, sw, theme.OK if self.value else theme.PANEL_EDGE, 18)
        knob = (sw.right - 18, sw.centery) if self.value else (sw.left + 18, sw.centery)
        gfx.circle(surface, theme.INK, knob, 14)
        mark = theme.OK if self.value else theme.PANEL_EDGE
        if self.value:
            gfx.lines(surface, mark, False, [(knob[0] - 7, knob[1]),
                              (knob[0] - 2, knob[1] + 5), (knob[0] + 7, knob[1] - 6)], 3)
        else:
            gfx.line(surface, mark, (knob[0] - 5, knob[1] - 5),
                             (knob[0] + 5, knob[1] + 5), 3)
            gfx.line(surface, mark, (knob[0] - 5, knob[1] + 5),
                             (knob[0] + 5, knob[1] - 5), 3)
        self.draw_focus(surface)


class Choice(Widget, Generic[T]):
    """One of several options: "Label   ‹ option ›". Click the arrows (or the left / right
    half), or ←/→ while focused; it wraps around."""

    focusable = True

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], text: TextSource,
                 options: Sequence[tuple[T, TextSource]], value: T,
                 on_change: Callable[[T], None] | None = None, *, wrap: bool = True,
                 value_width: int = 300) -> None:
        super().__init__(rect)
        if not options:
            raise ValueError("a Choice needs options")
        self.text = text
        self.options = list(options)
        values = [v for v, _ in self.options]
        self.index = values.index(value) if value in values else 0
        self.on_change = on_change
        self.wrap = wrap
        self.value_width = value_width
        self._armed: int = 0

    @property
    def value(self) -> T:
        return self.options[self.index][0]

    def select(self, value: T) -> None:
        for i, (v, _) in enumerate(self.options):
            if v == value:
                self._go(i)
                return

    def move(self, delta: int) -> None:
        n = len(self.options)
        i = self.index + delta
        i = i % n if self.wrap else max(0, min(n - 1, i))
        self._go(i)

    def _go(self, i: int) -> None:
        if i != self.index:
            self.index = i
            if self.on_change is not None:
                self.on_change(self.value)

    def needed_value_width(self) -> int:
        """The value box's width that shows its longest option whole between the arrows, as
        ``draw`` lays it out at the current text size (a scene that can give the box more
        room at a bigger text size asks this instead of a constant)."""
        font = fonts.get(theme.TEXT_BODY, True)
        return max(font.size(text_of(label))[0] for _, label in self.options) + 70

    def needed_label_width(self) -> int:
        """The width the label takes at the current text size, with the gap ``draw`` leaves
        before the value box."""
        return fonts.get(theme.TEXT_BODY).size(text_of(self.text))[0] + 16

    @property
    def value_rect(self) -> pygame.Rect:
        r = pygame.Rect(0, 0, self.value_width, self.rect.height)
        r.midright = self.rect.midright
        return r

    def activate(self) -> bool:
        self.move(1)
        return True

    def handle(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            return False
        vr = self.value_rect
        if event.type == pygame.MOUSEBUTTONDOWN and _left_click(event):
            if vr.collidepoint(event.pos):
                self._armed = -1 if event.pos[0] < vr.centerx else 1
                return True
            self._armed = 0
            return False
        if event.type == pygame.MOUSEBUTTONUP and _left_click(event) and self._armed:
            side = -1 if event.pos[0] < vr.centerx else 1
            armed, self._armed = self._armed, 0
            if vr.collidepoint(event.pos) and side == armed:
                self.move(side)
                return True
            return False
        if event.type == pygame.KEYDOWN and self.focused:
            if event.key == pygame.K_LEFT:
                self.move(-1)
                return True
            if event.key == pygame.K_RIGHT:
                self.move(1)
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        ink = theme.INK if self.enabled else theme.INK_DISABLED
        vr = self.value_rect
        draw_text(surface, text_of(self.text), (self.rect.left, self.rect.centery),
                  theme.TEXT_BODY, ink, anchor="midleft",
                  max_width=max(40, vr.left - self.rect.left - 16))
        round_rect(surface, vr, theme.BUTTON)
        for side in (-1, 1):
            cx = vr.left + 20 if side < 0 else vr.right - 20
            pts = [(cx - 6 * side, vr.centery - 9), (cx + 6 * side, vr.centery),
                   (cx - 6 * side, vr.centery + 9)]
            gfx.polygon(surface, theme.ACCENT if self.enabled else ink, pts)
        draw_text(surface, text_of(self.options[self.index][1]), vr.center, theme.TEXT_BODY,
                  ink, bold=True, anchor="center", max_width=vr.width - 70)
        self.draw_focus(surface)


class TextField(Widget):
    """A one-line text entry (TEXTINPUT events); Enter calls ``on_submit``."""

    focusable = True

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], text: str = "", *,
                 max_len: int = 24, allowed: Callable[[str], bool] | None = None,
                 placeholder: TextSource = "", size: int = theme.TEXT_LARGE,
                 on_submit: Callable[[str], None] | None = None,
                 transform: Callable[[str], str] | None = None) -> None:
        super().__init__(rect)
        self.text = text
        self.max_len = max_len
        self.allowed = allowed
        self.placeholder = placeholder
        self.size = max(theme.TEXT_MIN, size)
        self.on_submit = on_submit
        self.transform = transform
        self.selected = False
        """Ctrl+A selected all of the text: what is typed next replaces it."""
        self._time = 0.0

    def insert(self, chars: str) -> None:
        if self.selected:
            self.text = ""
            self.selected = False
        if self.transform is not None:
            chars = self.transform(chars)
        for ch in chars:
            if len(self.text) >= self.max_len:
                break
            if self.allowed is None or self.allowed(ch):
                self.text += ch

    def activate(self) -> bool:
        if self.on_submit is not None:
            self.on_submit(self.text)
        return True

    def handle(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            return False
        if event.type == pygame.TEXTINPUT and self.focused:
            self.insert(event.text)
            return True
        if event.type == pygame.KEYDOWN and self.focused:
            command = getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_META)
            if command and event.key == pygame.K_a:
                self.selected = bool(self.text)
                return True
            if event.key in (pygame.K_BACKSPACE, pygame.K_DELETE):
                if self.selected:
                    self.text = ""
                elif event.key == pygame.K_BACKSPACE:
                    self.text = self.text[:-1]
                self.selected = False
                return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
                self.selected = False
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return self.activate()
            # typing keys are ours (their TEXTINPUT follows): Space must not press a button
            return event.key not in _PASS_THROUGH and not (
                pygame.K_F1 <= event.key <= pygame.K_F15)
        return False

    def update(self, dt: float) -> None:
        self._time += dt

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        round_rect(surface, self.rect, theme.BG_DEEP)
        edge = theme.ACCENT if self.focused else theme.PANEL_EDGE
        round_rect(surface, self.rect, edge, theme.RADIUS, 255, 3)
        inner = self.rect.inflate(-28, 0)
        if self.text and self.selected:
            text = fonts.render(self.text, self.size, theme.INK_DARK, True)
            box = text.get_rect(midleft=(inner.left, inner.centery))
            round_rect(surface, box.inflate(8, 6), theme.FOCUS, 6)
            surface.blit(text, box)
            caret_x = box.right + 7
        elif self.text:
            r = draw_text(surface, self.text, (inner.left, inner.centery), self.size, theme.INK,
                          bold=True, anchor="midleft")
            caret_x = r.right + 3
        else:
            draw_text(surface, text_of(self.placeholder), (inner.left, inner.centery),
                      max(theme.TEXT_MIN, self.size - 4), theme.INK_DISABLED,
                      anchor="midleft", max_width=inner.width)
            caret_x = inner.left
        if self.focused and int(self._time * 2) % 2 == 0:
            h = fonts.get(self.size).get_height()
            gfx.line(surface, theme.INK, (caret_x, self.rect.centery - h // 2),
                             (caret_x, self.rect.centery + h // 2), 2)


class Form:
    """A scene's widgets: passes events, gives keyboard focus (Tab / Shift+Tab / ↑ / ↓),
    activates the focused widget on Enter or Space (once per key press) while the focus ring
    shows; otherwise those keys go to the button whose shortcut they are."""

    def __init__(self, widgets: Sequence[Widget] = ()) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.focus_index = -1
        self.show_focus = False
        self._held: set[int] = set()

    def add(self, widget: Widget) -> Widget:
        self.widgets.append(widget)
        return widget

    def focusables(self) -> list[Widget]:
        return [w for w in self.widgets if w.focusable and w.visible and w.enabled]

    @property
    def focused(self) -> Widget | None:
        items = self.focusables()
        for w in items:
            if w.focused:
                return w
        return None

    def focus(self, widget: Widget | None, show: bool | None = None) -> None:
        for w in self.widgets:
            w.focused = w is widget
        if show is not None:
            self.show_focus = show
        for w in self.widgets:
            w.show_focus = self.show_focus

    def move_focus(self, delta: int) -> None:
        items = self.focusables()
        if not items:
            return
        current = self.focused
        if current is None:
            i = 0 if delta > 0 else len(items) - 1
        else:
            i = (items.index(current) + delta) % len(items)
        self.focus(items[i], show=True)

    def handle(self, event: pygame.event.Event) -> bool:
        focused = self.focused
        if event.type == pygame.KEYUP:
            self._held.discard(event.key)
            for w in self.widgets:
                w.handle(event)
            return False
        if event.type in (pygame.KEYDOWN, pygame.TEXTINPUT) and focused is not None \
                and focused.handle(event):
            if event.type == pygame.KEYDOWN:
                self._held.add(event.key)
                self.focus(focused, show=True)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in self._held:
                return True
            self._held.add(event.key)
            if event.key == pygame.K_TAB:
                shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
                self.move_focus(-1 if shift else 1)
                return True
            if event.key in (pygame.K_DOWN, pygame.K_UP):
                self.move_focus(1 if event.key == pygame.K_DOWN else -1)
                return True
            if event.key in ACTIVATE_KEYS and focused is not None and self.show_focus:
                # Enter or Space acts on the focus only when the player moved it with the
                # keyboard (the ring is on screen); after a click, Enter is what its label
                # on a button says ("Play now  Enter"), never the last button clicked.
                return focused.activate()
            return any(w.handle(event) for w in list(self.widgets)
                       if w.visible and (w is not focused or not self.show_focus))
        used = False
        for w in list(self.widgets):
            if w.handle(event):
                used = True
                if event.type == pygame.MOUSEBUTTONDOWN and w.focusable:
                    self.focus(w, show=False)
        return used

    def update(self, dt: float) -> None:
        for w in self.widgets:
            w.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        for w in self.widgets:
            w.show_focus = self.show_focus
            w.draw(surface)
