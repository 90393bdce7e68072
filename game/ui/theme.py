"""Colours and text sizes shared by every screen (LOOK.md: readable from the sofa)."""

from __future__ import annotations

Color = tuple[int, int, int]

SCREEN_W = 1280
SCREEN_H = 720
SCREEN_SIZE = (SCREEN_W, SCREEN_H)

# text sizes in logical pixels at 1280×720: nothing below TEXT_MIN
TEXT_MIN = 18
TEXT_SMALL = 20
TEXT_BODY = 22
TEXT_LARGE = 28
TEXT_HEADING = 40
TEXT_TITLE = 96

# the table and its chrome
BG = (24, 28, 38)
BG_DEEP = (14, 16, 24)
FELT = (28, 74, 58)
PANEL = (38, 44, 60)
PANEL_EDGE = (78, 88, 112)
INK = (240, 238, 230)
INK_DIM = (170, 176, 190)
INK_DARK = (30, 30, 36)
ACCENT = (255, 170, 60)
"""The fuse orange: what you can do now."""
ACCENT_DARK = (196, 110, 20)
DANGER = (220, 60, 50)
OK = (70, 180, 90)
FOCUS = (120, 200, 255)
SHADE = (0, 0, 0)

BUTTON = (58, 66, 88)
BUTTON_HOVER = (74, 84, 112)
BUTTON_PRESSED = (44, 50, 68)
BUTTON_DISABLED = (46, 50, 60)
INK_DISABLED = (110, 114, 124)

RADIUS = 12


def mix(a: Color, b: Color, t: float) -> Color:
    """``a`` moved towards ``b`` by ``t`` (0..1)."""
    t = max(0.0, min(1.0, t))
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def luminance(c: Color) -> float:
    return (0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]) / 255


def ink_on(c: Color) -> Color:
    """Dark or light text, whichever reads on ``c``."""
    return INK_DARK if luminance(c) > 0.55 else INK


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def relative_luminance(c: Color) -> float:
    """WCAG 2's relative luminance of an sRGB colour (0 black .. 1 white)."""
    return 0.2126 * _linear(c[0]) + 0.7152 * _linear(c[1]) + 0.0722 * _linear(c[2])


def contrast(a: Color, b: Color) -> float:
    """WCAG 2's contrast ratio of two colours, 1..21 (text wants 4.5 or more)."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def readable_ink(c: Color) -> Color:
    """``INK`` or ``INK_DARK``, whichever contrasts more with ``c``."""
    return INK if contrast(INK, c) >= contrast(INK_DARK, c) else INK_DARK
