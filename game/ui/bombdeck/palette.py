"""The table's colours for text and what the text sits on, in one place, so that every pair
can be checked for contrast (WCAG 2: at least 4.5:1 for text; ``tests/ui/test_table_palette``).

A panel drawn translucent over the felt is listed as the colour it comes out as
(:func:`over`), and bare felt as its colour at the height the text sits at (:func:`felt_at`).
"""

from __future__ import annotations

from typing import NamedTuple

from game.ui import theme
from game.ui.bombdeck import layout as L
from game.ui.widgets import button_colors

Color = theme.Color

FELT_TOP = (36, 96, 74)
FELT_BOTTOM = (14, 44, 36)


def over(top: Color, bottom: Color, alpha: int) -> Color:
    """``top`` drawn at ``alpha`` (0..255) over ``bottom``."""
    return theme.mix(bottom, top, alpha / 255)


def felt_at(y: float) -> Color:
    """The felt's colour at height ``y`` (the gradient runs top to bottom)."""
    return theme.mix(FELT_TOP, FELT_BOTTOM, y / (theme.SCREEN_H - 1))


# --- panels on the felt --------------------------------------------------------------------------

PLATE = theme.BG_DEEP
PLATE_ALPHA = 190
"""The dark plate under the banner, the countdown and the moments' titles."""
LOG_BG = theme.BG_DEEP
LOG_ALPHA = 170
METER_ALPHA = 170
TIP_ALPHA = 235

# --- text ----------------------------------------------------------------------------------------

INK = theme.INK
INK_DIM = theme.INK_DIM
HOT = theme.ACCENT
"""What the person must do now: the banner of their turn."""
HURRY = (255, 118, 96)
"""The countdown's colour when the window is about to close (from ``HOT``)."""
LOG_NEW = theme.INK
LOG_OLD = (168, 174, 186)
LOG_DIM = theme.INK_DIM
SEAT_INKS: tuple[Color, ...] = (
    (255, 178, 90), (112, 196, 255), (124, 226, 160), (240, 226, 104),
    (240, 146, 206), (170, 170, 255), (255, 136, 116), (176, 222, 226))
"""Each seat's own colour, by seat number: its name in the log and the mark on its badge
(review 5: a log of names in one colour read as a wall of text). The name is always written
too: the colour only helps the eye find it."""
OUT_INK = (156, 160, 170)
"""A seat that is out: greyed, still readable."""
OUT_PLACE = (255, 150, 130)
REASON = (255, 176, 156)
"""Why a card cannot be played (the read panel)."""
SAVED = (150, 240, 160)
BOOM = (255, 206, 120)


def danger_ink(level: float) -> Color:
    """The meter's numbers: warmer as danger rises (``level`` 0..1)."""
    return theme.mix(INK, (255, 120, 100), level)


# --- the pairs the table draws -------------------------------------------------------------------

class Pair(NamedTuple):
    name: str
    text: Color
    ground: Color


def _badge_face(out: bool) -> Color:
    face = theme.mix(theme.PANEL, theme.BG_DEEP, 0.55 if out else 0.0)
    face = over(face, FELT_TOP, 245)
    return over((0, 0, 0), face, 110) if out else face


def _plate_at(y: float) -> Color:
    return over(PLATE, felt_at(y), PLATE_ALPHA)


def pairs() -> tuple[Pair, ...]:
    """Every text colour of the table over the ground it is drawn on."""
    badge, badge_out = _badge_face(False), _badge_face(True)
    log = over(LOG_BG, felt_at(L.LOG.top), LOG_ALPHA)
    meter = over(theme.BG_DEEP, felt_at(L.METER.top), METER_ALPHA)
    plate = _plate_at(L.BANNER_Y)
    tip = over(theme.BG_DEEP, FELT_TOP, TIP_ALPHA)
    out: list[Pair] = [
        Pair("badge name", INK, badge), Pair("badge tag", INK_DIM, badge),
        Pair("badge out name", OUT_INK, badge_out), Pair("badge out place", OUT_PLACE, badge_out),
        Pair("badge owes chip", theme.INK_DARK, theme.ACCENT),
        Pair("badge key cap", theme.INK_DARK, INK),
        Pair("tooltip", INK, tip),
        Pair("log newest", LOG_NEW, log), Pair("log older", LOG_OLD, log),
        Pair("log title", LOG_DIM, log),
        *(Pair(f"log name of seat {n + 1}", ink, log) for n, ink in enumerate(SEAT_INKS)),
        Pair("meter title", INK_DIM, meter),
        Pair("meter calm", danger_ink(0.0), meter), Pair("meter hot", danger_ink(1.0), meter),
        Pair("deck count", INK, over(theme.BG_DEEP, felt_at(L.DECK.bottom), 200)),
        Pair("pile labels", INK_DIM, felt_at(L.DECK.bottom + 40)),
        Pair("clues title", INK, felt_at(L.CLUES.top)),
        Pair("banner", INK, plate), Pair("banner, your turn", HOT, plate),
        Pair("banner hint", INK_DIM, plate), Pair("countdown, late", HURRY, plate),
        Pair("moment: boom", BOOM, plate), Pair("moment: saved", SAVED, plate),
        Pair("hand label", INK_DIM, felt_at(L.HAND.top - 28)),
        Pair("code", INK_DIM, felt_at(theme.SCREEN_H - 30)),
        Pair("effect line", INK, _plate_at(L.HAND.top - 60)),
        Pair("read panel", INK, theme.PANEL), Pair("read panel effect", INK_DIM, theme.PANEL),
        Pair("read panel reason", REASON, theme.PANEL),
        Pair("watch panel", INK, _plate_at(L.DRAW.top)),
    ]
    for style in ("normal", "primary", "ghost"):
        face, hovered, ink = button_colors(style)
        out += [Pair(f"{style} button", ink, face), Pair(f"{style} button, hovered", ink, hovered)]
    return tuple(out)
