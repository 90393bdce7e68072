"""Card faces and backs drawn by code, cached per size.

``draw_card(card_id, name, effect, size)`` gives a face: the type colour, a band with the
name, a big icon on a medallion and, on a big card (width ≥ 150, a hovered card), the effect in
one short line. The caller passes the name and effect already translated. A small card keeps a
corner icon so a fanned hand still shows what each card is. Colour is never the only sign: every
type has its own icon.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui import fonts, gfx, theme
from game.ui.cache import MB, SurfaceCache
from game.ui.draw import blit_shadowed
from game.ui.icons import draw_icon, icon_surface
from game.ui.text import NARROW, fit_line, wrap_text

__all__ = [
    "CARD_H", "CARD_SIZE", "CARD_W", "HOVER_SCALE", "CardStyle", "band_ink", "blit_card",
    "card_size", "draw_back", "draw_card", "draw_icon", "style_of", "title_layout",
    "title_room", "whole_title",
]

CARD_W = 110
CARD_H = 154
CARD_SIZE = (CARD_W, CARD_H)
HOVER_SCALE = 1.6
BIG_FROM = 150
EFFECT_LINES = 4
"""From this width on a face also shows its effect text."""


@dataclass(frozen=True)
class CardStyle:
    base: theme.Color
    """The type colour: the name band."""
    body: theme.Color
    """The face behind the medallion."""
    ink: theme.Color
    """The icon's main colour."""


def _style(base: theme.Color, ink: theme.Color | None = None) -> CardStyle:
    return CardStyle(base, theme.mix(base, (255, 255, 255), 0.62),
                     ink or theme.mix(base, (0, 0, 0), 0.25))


STYLES: dict[str, CardStyle] = {
    "bomb": CardStyle((200, 38, 38), (44, 34, 38), (200, 38, 38)),
    "defuse": _style((32, 120, 60)),
    "attack": _style((196, 44, 44)),
    "pass_it": _style((178, 40, 72)),
    "skip": _style((40, 102, 204)),
    "draw_bottom": _style((34, 84, 168)),
    "see_future": _style((128, 66, 180)),
    "shuffle": _style((230, 124, 30)),
    "favor": _style((240, 196, 40), (210, 60, 50)),
    "swipe": _style((226, 176, 28), (190, 50, 40)),
    "nope": _style((92, 106, 126)),
    "shield": _style((92, 104, 122)),
    "calm": _style((214, 196, 158), (120, 90, 60)),
    "animal_chicken": _style((250, 212, 140), (200, 120, 40)),
    "animal_frog": _style((156, 214, 150), (60, 130, 60)),
    "animal_hedgehog": _style((214, 180, 142), (120, 80, 50)),
    "animal_octopus": _style((240, 168, 200), (170, 70, 130)),
    "animal_raccoon": _style((178, 172, 220), (90, 84, 130)),
    # Clásico's cats: the art of its animal cards
    "cat_churro": _style((250, 190, 128), (170, 92, 30)),
    "cat_nap": _style((174, 190, 230), (70, 90, 150)),
    "cat_whiskers": _style((226, 214, 184), (120, 100, 60)),
    "cat_pirate": _style((240, 150, 140), (150, 40, 40)),
    "cat_ninja": _style((150, 158, 196), (40, 50, 90)),
}
_UNKNOWN = _style((150, 150, 160))

BACK_BODY = (32, 42, 74)
BACK_EDGE = (255, 160, 50)

_CACHE: SurfaceCache[pygame.Surface] = SurfaceCache("card faces", 8 * MB)


def style_of(card_id: str) -> CardStyle:
    return STYLES.get(card_id, _UNKNOWN)


def card_size(scale: float = 1.0) -> tuple[int, int]:
    return (round(CARD_W * scale), round(CARD_H * scale))


def _cached(key: tuple[object, ...]) -> pygame.Surface | None:
    return _CACHE.get(key)


def _store(key: tuple[object, ...], surf: pygame.Surface) -> pygame.Surface:
    return _CACHE.put(key, surf)


def _radius(w: int) -> int:
    return max(4, round(w * 0.09))


TITLE_SQUEEZE = 0.86
"""A title may be narrowed this far and no further (the letters stay readable)."""
_VOWELS = frozenset("aeiouyáéíóúâêôãõàü")
_CLUSTERS = frozenset(("bl", "br", "cl", "cr", "dr", "fl", "fr", "gl", "gr", "pl", "pr", "tr",
                       "ch", "ll", "rr", "nh", "lh", "qu", "gu", "sh", "th", "ph", "wh"))


def _breaks(word: str) -> list[int]:
    """Where ``word`` may be hyphenated (indexes a new line may start at): before a consonant
    (or an inseparable pair of them) that starts a syllable, the rule Spanish and Portuguese
    share and English names tolerate; never leaving fewer than three letters on a side."""
    low = word.lower()
    out = []
    for i in range(3, len(low) - 2):
        a, b, c = low[i - 1], low[i], low[i + 1]
        if a in _VOWELS and b not in _VOWELS and c in _VOWELS:
            out.append(i)  # ca|sa
        elif a not in _VOWELS and b not in _VOWELS and c in _VOWELS \
                and a + b not in _CLUSTERS and a.isalpha() and b.isalpha():
            out.append(i)  # tac|ti
        elif a in _VOWELS and b + c in _CLUSTERS and i + 2 < len(low) \
                and low[i + 2] in _VOWELS:
            out.append(i)  # ra|lhar
    return out


def _tokens(name: str, size: int, width: int, bold: bool) -> list[str]:
    """The words of ``name``; a word wider than ``width`` cut at its breaks into pieces that
    fit with their hyphen (each piece but the last ends in "-")."""
    font = fonts.get(size, bold)
    out: list[str] = []
    for word in name.split():
        while font.size(word)[0] > width:
            cuts = [i for i in _breaks(word) if font.size(word[:i] + "-")[0] <= width]
            if not cuts:
                break
            out.append(word[:cuts[-1]] + "-")
            word = word[cuts[-1]:]
        out.append(word)
    return out


def _wrap_tokens(tokens: list[str], size: int, width: int, bold: bool) -> list[str]:
    font = fonts.get(size, bold)
    lines: list[str] = []
    for token in tokens:
        if lines and not lines[-1].endswith("-") and \
                font.size(f"{lines[-1]} {token}")[0] <= width:
            lines[-1] = f"{lines[-1]} {token}"
        else:
            lines.append(token)
    return lines


def title_layout(name: str, width: int, size: int, most: int = 2, whole: bool = False
                 ) -> tuple[list[str], int, bool]:
    """How a card title fits ``width`` on at most ``most`` lines: (lines, size, bold). Tried in
    order: bold from ``size`` down to ``TEXT_MIN``, regular, regular narrowed a little, then a
    long word hyphenated; the last resort lines are drawn narrowed (``fit_line``). ``whole``:
    words are never cut; no lines when they do not fit (a card fanned narrow in a long hand
    shows its colour and picture, and says its name when hovered: issue 20's review found
    "Desac-tivar" and "Mapa-che" hard to read)."""
    for bold in (True, False):
        font_sizes = range(size, theme.TEXT_MIN - 1, -1) if bold else (theme.TEXT_MIN,)
        for s in font_sizes:
            lines = wrap_text(name, s, width, bold)
            font = fonts.get(s, bold)
            if len(lines) <= most and all(font.size(line)[0] <= width for line in lines):
                return lines, s, bold
    font = fonts.get(theme.TEXT_MIN)
    wide = int(width / (NARROW if whole else TITLE_SQUEEZE))  # what may be narrowed in
    lines = wrap_text(name, theme.TEXT_MIN, wide)
    if len(lines) <= most and all(font.size(line)[0] <= wide for line in lines):
        return lines, theme.TEXT_MIN, False  # narrowed a little
    if whole:
        return [], theme.TEXT_MIN, False
    lines = _wrap_tokens(_tokens(name, theme.TEXT_MIN, wide, False), theme.TEXT_MIN, wide,
                         False)
    if len(lines) > most:
        lines = [*lines[:most - 1], " ".join(lines[most - 1:]).replace("- ", "")]
    return lines, theme.TEXT_MIN, False


def whole_title(name: str, short: str, w: int = CARD_W) -> str:
    """The title a full face ``w`` wide shows: its ``name`` when its words fit whole (on
    two lines at most, narrowed no further than :data:`~game.ui.text.NARROW`), else the
    locale's ``short`` form when that does ("Octo- pus": the hyphen a line break), else the
    name as :func:`draw_card` fits it. A bigger text size grows the title while the face
    keeps its size, so a name that fits at 100 % may need the short form at 150 %; where the
    name fits it is what shows, so a face looks the same as before at 100 %."""
    room = title_room(w)
    size = max(theme.TEXT_MIN, round(w * 0.13))
    for title in (name, short):
        if title and title_layout(title, room, size, 2, whole=True)[0]:
            return title
    return name


def _name_lines(name: str, size: int, width: int, ink: theme.Color, most: int = 2,
                whole: bool = False) -> list[pygame.Surface]:
    lines, fitted, bold = title_layout(name, width, size, most, whole) if name \
        else ([], size, True)
    return [fit_line(line, fitted, width, ink, bold=bold,
                     min_squeeze=NARROW if whole else TITLE_SQUEEZE) for line in lines]


def band_ink(card_id: str) -> theme.Color:
    """The colour of a card's name on its band."""
    return theme.readable_ink(style_of(card_id).base)


def title_room(w: int) -> int:
    """The width a card ``w`` wide gives its title."""
    return w - 2 * max(2, w // 40) - 8


def draw_card(card_id: str, name: str = "", effect: str = "",
              size: tuple[int, int] = CARD_SIZE, title_width: int | None = None
              ) -> pygame.Surface:
    """The face of ``card_id`` at ``size`` (a transparent-cornered surface, cached).
    ``title_width``: the card is partly covered (fanned in a hand) and only that much of its
    left side shows: the title is laid out there, from the left."""
    w, h = max(24, size[0]), max(34, size[1])
    room = title_room(w)
    narrow = title_width is not None and title_width < room
    if narrow and title_width is not None:
        room = max(40, title_width)
    key = ("face", card_id, w, h, name, effect, room if narrow else None)
    found = _cached(key)
    if found is not None:
        return found
    st = style_of(card_id)
    surf = gfx.Canvas((w, h), pygame.SRCALPHA)
    rad = _radius(w)
    full = surf.get_rect()
    edge = max(2, w // 40)
    gfx.rect(surf, st.body, full, border_radius=rad)

    # name band
    ink = theme.readable_ink(st.base)
    name_size = max(theme.TEXT_MIN, round(w * 0.13))
    lines = _name_lines(name, name_size, room, ink, 2, whole=narrow)
    line_h = max((s.get_height() for s in lines), default=name_size)
    band_h = max(round(h * 0.2), len(lines) * (line_h - 2) + 10)
    band = pygame.Rect(0, 0, w, band_h)
    gfx.rect(surf, st.base, band, border_top_left_radius=rad,
                     border_top_right_radius=rad)
    y = band.centery - (len(lines) * (line_h - 2)) // 2
    for line in lines:
        spot = {"topleft": (edge + 4, y)} if narrow else {"midtop": (w // 2, y)}
        surf.blit(line, line.get_rect(**spot))
        y += line_h - 2

    # effect text (big cards only)
    big = w >= BIG_FROM and bool(effect)
    text_top = h
    if big:
        eff_w = w - 2 * edge - 16
        # rows narrowed at most to 90 % (issue 20: further reads as squashed)
        eff_lines = wrap_text(effect, theme.TEXT_MIN, int(eff_w / NARROW))
        most = EFFECT_LINES if fonts.text_factor == 1.0 else EFFECT_LINES + 2  # (bigger text)
        if len(eff_lines) > most:
            eff_lines = [*eff_lines[:most - 1], " ".join(eff_lines[most - 1:])]
        step = fonts.scaled(theme.TEXT_MIN) + 4  # a row grows with the text size
        eff_h = len(eff_lines) * step + 12
        box = pygame.Rect(edge + 4, h - edge - 4 - eff_h, w - 2 * edge - 8, eff_h)
        gfx.rect(surf, (252, 250, 244), box, border_radius=max(4, rad // 2))
        yy = box.top + 6
        for row in eff_lines:
            text = fit_line(row, theme.TEXT_MIN, box.width - 8, theme.INK_DARK)
            surf.blit(text, text.get_rect(midtop=(box.centerx, yy)))
            yy += step
        text_top = box.top

    # the medallion with the icon
    room_top = band.bottom + 4
    room_bottom = text_top - 4
    if not big:
        room_bottom -= round(h * 0.1)  # the corner icon's row
    radius = max(8, min((w - 2 * edge) * 0.4, (room_bottom - room_top) / 2))
    centre = (w / 2, (room_top + room_bottom) / 2)
    if narrow:  # fanned under its neighbour: the picture in the part that shows
        middle = edge + 4 + room / 2
        if middle < centre[0]:
            radius = max(8, min(radius, middle - edge - 2))
            centre = (middle, centre[1])
    dark_card = theme.luminance(st.body) < 0.3
    gfx.circle(surf, (250, 248, 240), centre, radius)
    gfx.circle(surf, theme.mix(st.base, (0, 0, 0), 0.15), centre, radius,
                       max(2, w // 45))
    side = round(radius * 1.45)
    draw_icon(surf, card_id, (round(centre[0] - side / 2), round(centre[1] - side / 2),
                              side, side), st.ink)
    if not big:
        corner = max(14, round(w * 0.17))
        draw_icon(surf, card_id, (edge + 3, h - edge - 3 - corner, corner, corner), st.ink
                  if not dark_card else (230, 60, 60))
        draw_icon(surf, card_id, (w - edge - 3 - corner, h - edge - 3 - corner, corner,
                                  corner), st.ink if not dark_card else (230, 60, 60))

    gfx.rect(surf, theme.mix(st.base, (0, 0, 0), 0.35), full, edge, border_radius=rad)
    return _store(key, surf)


def draw_back(size: tuple[int, int] = CARD_SIZE) -> pygame.Surface:
    """The card back (cached per size)."""
    w, h = max(24, size[0]), max(34, size[1])
    key = ("back", w, h)
    found = _cached(key)
    if found is not None:
        return found
    surf = gfx.Canvas((w, h), pygame.SRCALPHA)
    rad = _radius(w)
    gfx.rect(surf, BACK_BODY, surf.get_rect(), border_radius=rad)
    inner = surf.get_rect().inflate(-round(w * 0.14), -round(w * 0.14))
    pattern = gfx.Canvas(inner.size, pygame.SRCALPHA)
    step = max(8, w // 7)
    lattice = (58, 72, 118)
    for x in range(-inner.height, inner.width + inner.height, step):
        gfx.line(pattern, lattice, (x, 0), (x + inner.height, inner.height), 2)
        gfx.line(pattern, lattice, (x, inner.height), (x + inner.height, 0), 2)
    mask = gfx.Canvas(inner.size, pygame.SRCALPHA)
    gfx.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=rad // 2)
    pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(pattern, inner.topleft)
    gfx.rect(surf, BACK_EDGE, inner, max(2, w // 40), border_radius=rad // 2)
    r = round(w * 0.3)
    centre = (w // 2, h // 2)
    gfx.circle(surf, BACK_BODY, centre, r + 4)
    gfx.circle(surf, (250, 240, 220), centre, r)
    gfx.circle(surf, BACK_EDGE, centre, r, max(2, w // 40))
    side = round(r * 1.5)
    surf.blit(icon_surface("bomb", (side, side), (200, 38, 38)),
              (centre[0] - side // 2, centre[1] - side // 2))
    gfx.rect(surf, (16, 20, 40), surf.get_rect(), max(2, w // 40), border_radius=rad)
    return _store(key, surf)


def blit_card(surface: pygame.Surface, card: pygame.Surface, topleft: tuple[float, float],
              elevation: float = 4.0, alpha: float = 1.0) -> None:
    """A card face or back with its soft shadow (higher ``elevation``: lifted further)."""
    blit_shadowed(surface, card, topleft, elevation, _radius(card.get_width()), alpha)


def clear_cache() -> None:
    _CACHE.clear()
