"""A bomb-deck card's face at the table: the shared face (``game.ui.cards``: type colour, the
name band, the icon on its medallion) with the card's one-line effect on it, in a white strip
along the bottom, so a fanned hand says what each card does without hovering (LOOK.md: "a card
says its effect in one line"). The line is the short one (``card.<ruleset>.<id>.line``), at
18 px in at most two rows, each narrowed at most to 90 % (issue 20: further reads as squashed),
never smaller.

The shared face stays as it is for the other games and the choosers; this module only builds on
it (the band is taken from it, the rest is drawn again around the strip).
"""

from __future__ import annotations

import functools

import pygame

from game.ui import cards, fonts, gfx, theme
from game.ui.cache import MB, SurfaceCache
from game.ui.icons import draw_icon
from game.ui.text import NARROW, fit_line, wrap_text

LINE_SIZE = theme.TEXT_MIN
"""The effect's rows: the smallest text allowed, the most that fits a card in hand."""
LINE_ROWS = 2
ROW_H = LINE_SIZE + 3
STRIP = (250, 248, 240)

_FACES: SurfaceCache[pygame.Surface] = SurfaceCache("bomb-deck faces", 3 * MB)
"""A hand's kinds of card with their effect strip (the bare faces stay in ``cards``' cache):
3 MB holds about twenty at 1080p, and the screens' caches share one bound (48 MB)."""


def line_rows(line: str, width: int) -> list[str]:
    """The rows ``line`` takes in a strip ``width`` wide, each narrowed at most to 90 % (a row
    squashed further reads as squashed: issue 20); none when that takes more than
    :data:`LINE_ROWS` rows or a word is wider still: the card then shows no strip (a hand so
    long that its cards are fanned narrow; hovering a card says its effect)."""
    wide = int(width / NARROW)
    rows = wrap_text(line, LINE_SIZE, wide)
    font = fonts.get(LINE_SIZE)
    if len(rows) > LINE_ROWS or any(font.size(row)[0] > wide for row in rows):
        return []
    return rows


def strip_width(w: int, shown: int | None = None) -> int:
    """The width the rows get on a face ``w`` wide of which ``shown`` shows."""
    edge = max(2, w // 40)
    full = w - 2 * edge - 8
    # a fanned card's neighbour is turned: at the bottom it covers a little more
    return full if shown is None else max(24, min(full, shown - 2 * edge - 18))


def _band_height(name: str, w: int, h: int, title_width: int | None) -> int:
    """The name band's height, laid out as ``cards.draw_card`` lays it out."""
    room = cards.title_room(w)
    narrow = title_width is not None and title_width < room
    if narrow and title_width is not None:
        room = max(40, title_width)
    size = max(theme.TEXT_MIN, round(w * 0.13))
    if not name:
        return max(round(h * 0.2), 10)
    lines, fitted, bold = cards.title_layout(name, room, size, 2, whole=narrow)
    line_h = fonts.get(fitted, bold).get_height()
    return max(round(h * 0.2), len(lines) * (line_h - 2) + 10)


@functools.lru_cache(maxsize=1024)
def fitting_title(name: str, short: str, w: int, title_width: int | None = None) -> str:
    """The title a card ``w`` wide (of which ``title_width`` shows) can carry whole, never
    nothing (review 2: titles went blank from about 12 cards in a fan, and "Desactivación"
    broke as "Desactiva-/ción"): the name when its words fit, else the locale's short form
    (``card.<ruleset>.<id>.short``), else the short form's (or name's) first word cut to the
    letters that fit, with a dot ("Emb."), down to one letter. Kept (a pure choice, asked
    for every card of a hand in every frame)."""
    room = cards.title_room(w)
    if title_width is not None and title_width < room:
        room = max(40, title_width)
    size = max(theme.TEXT_MIN, round(w * 0.13))

    def fits(title: str) -> bool:
        return bool(cards.title_layout(title, room, size, 2, whole=True)[0])

    for title in (name, short):
        if title and fits(title):
            return title
    word = max((short or name).split() or [""], key=len)
    word = word[:1].upper() + word[1:]  # "Futur." for "Ver o futuro": a title starts big
    for k in range(len(word) - 1, 1, -1):
        cut = word[:k].rstrip(".") + "."
        if fits(cut):
            return cut
    return word[:1]


fonts.on_text_size(fitting_title.cache_clear)  # it measured at the old size


def hand_face(art: str, name: str, line: str, size: tuple[int, int] = cards.CARD_SIZE,
              title_width: int | None = None, short: str = "") -> pygame.Surface:
    """The face of a card with picture ``art`` and its effect ``line`` (cached). Without a
    line, or when the rows would not fit the part that shows, the shared face as it is. Its
    title is the name, or its ``short`` form where the name does not fit (:func:`fitting_title`).
    """
    w, h = size
    name = fitting_title(name, short, w, title_width)
    key = (art, w, h, name, line, title_width)
    found = _FACES.get(key)
    if found is not None:  # looked up first: the rows are wrapped only to draw a new face
        return found
    shown = None if title_width is None else title_width + 8
    rows = line_rows(line, strip_width(w, shown)) if line else []
    if not rows:  # (a long hand: the icon keeps its room)
        return cards.draw_card(art, name, "", size, title_width=title_width)
    base = cards.draw_card(art, name, "", size, title_width=title_width)
    st = cards.style_of(art)
    rad = max(4, round(w * 0.09))
    edge = max(2, w // 40)
    surf = gfx.Canvas((w, h), pygame.SRCALPHA)
    full = surf.get_rect()
    gfx.rect(surf, st.body, full, border_radius=rad)
    band_h = _band_height(name, w, h, title_width)
    surf.blit(base, (0, 0), pygame.Rect(0, 0, w, band_h))

    # the strip with the effect
    text_w = strip_width(w, shown)
    row_h = fonts.scaled(LINE_SIZE) + 3  # (ROW_H at 100 %; a row grows with the text size)
    strip_h = len(rows) * row_h + 8
    strip = pygame.Rect(edge + 3, h - edge - 3 - strip_h, w - 2 * edge - 6, strip_h)
    gfx.rect(surf, STRIP, strip, border_radius=max(4, rad // 2))
    y = strip.top + 4
    for row in rows:
        text = fit_line(row, LINE_SIZE, text_w, theme.INK_DARK)
        if shown is None:
            surf.blit(text, text.get_rect(midtop=(strip.centerx, y)))
        else:  # fanned under its neighbour: from the left, where it shows
            surf.blit(text, (strip.left + 4, y))
        y += row_h

    # the medallion with the icon, in the room left between the band and the strip
    top, bottom = band_h + 3, strip.top - 3
    radius = max(8.0, min((w - 2 * edge) * 0.4, (bottom - top) / 2))
    centre = (w / 2, (top + bottom) / 2)
    gfx.circle(surf, (250, 248, 240), centre, radius)
    gfx.circle(surf, theme.mix(st.base, (0, 0, 0), 0.15), centre, radius, max(2, w // 45))
    side = round(radius * 1.45)
    draw_icon(surf, art, (round(centre[0] - side / 2), round(centre[1] - side / 2), side, side),
              st.ink)
    gfx.rect(surf, theme.mix(st.base, (0, 0, 0), 0.35), full, edge, border_radius=rad)
    return _FACES.put(key, surf)
