"""Seat badges: name · level, cards held, the 🧯 marker and the shield drawn as icons, turns
owed, out (greyed, with the place in the ranking); the current seat glows."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import pygame

from game.ui import cards, fonts, gfx, theme
from game.ui.bombdeck import palette
from game.ui.cache import MB, SurfaceCache
from game.ui.draw import round_rect
from game.ui.icons import draw_icon
from game.ui.text import draw_text, fit_line


@dataclass(frozen=True)
class BadgeInfo:
    name: str
    cards: int
    alive: bool
    defuses: int
    shield: bool
    current: bool
    owes: str = ""
    """"Owes 2 turns" on the current seat when it owes more than one."""
    out_text: str = ""
    """"Out 3rd" once exploded (the third to go out, in the results' words)."""
    tag: str = ""
    """"You" on your own badge."""
    key: str = ""
    """The nope key of a person's seat while a reaction window is open."""
    thinking: bool = False
    dark: float = 0.0
    """0..1: going dark after an explosion (before the view says so)."""
    held: int | None = None
    """On your own badge: the defuses in your hand (``defuses`` is what the others know)."""
    lit: float = 0.0
    """0..1: the badge is the subject of the moment (a winner, a steal's ends)."""
    shield_name: str = ""
    """The raised shield's name, written beside its icon (Bomba en el Mazo: its own card on
    the table, issue 20); empty: the icon alone."""
    known_word: str = ""
    """The eye's count in words on your own badge, by the Wire Cutters' icon ("seen: 1":
    how many of yours the others have seen, Mazo); empty: the eye and the number."""
    won_text: str = ""
    """"Wins!" on the winner's badge once the game is over (the final table is held for the
    person: the winner stands out as the first out ones say their place)."""
    ink: tuple[int, int, int] | None = None
    """The seat's own colour (its name's in the log): a mark down the badge's left edge."""


def _mini_back(surface: pygame.Surface, pos: tuple[int, int], dim: bool) -> None:
    back = cards.draw_back((22, 31))
    if dim:
        back = back.copy()
        back.set_alpha(110)
    surface.blit(back, pos)


_BADGES: SurfaceCache[pygame.Surface] = SurfaceCache("badges", 1 * MB)
SHADOW_DROP = 4


def owes_tab(rect: pygame.Rect, size: tuple[int, int]) -> pygame.Rect:
    """Where the "Owes 2 turns" tab of a badge goes: on its bottom edge (the row above keeps
    its icons), or on its top edge for your badge at the bottom of the screen, where a tab
    would be cut by the window's edge."""
    chip = pygame.Rect((0, 0), size)
    chip.midright = (rect.right - 12, rect.bottom)
    if rect.centery > theme.SCREEN_H // 2:
        chip.bottomright = (rect.right - 12, rect.top + 4)
    return chip


def _owes_tab(surface: pygame.Surface, rect: pygame.Rect, info: BadgeInfo, out: bool) -> None:
    """The tab, drawn over the badge's kept body every frame (the body is kept at the badge's
    own size: a tab drawn into it was cut in half)."""
    if not info.owes or out:
        return
    text = fit_line(info.owes, theme.TEXT_MIN, rect.width - 28, theme.INK_DARK, bold=True)
    chip = owes_tab(rect, text.get_rect().inflate(16, 4).size)
    round_rect(surface, chip, theme.ACCENT, 10)
    surface.blit(text, text.get_rect(center=chip.center))


def _shield(surface: pygame.Surface, info: BadgeInfo, ix: int, row: int, right: int) -> int:
    """The raised shield: its icon, and its name on a pill where the badge has room. Where
    the next thing on the row may start."""
    need = 40 + fonts.get(theme.TEXT_MIN, True).size(info.shield_name)[0]
    if not info.shield_name or right - ix < need:  # (never squeezed: the icon says it too)
        draw_icon(surface, "shield", (ix, row, 32, 32))
        return ix + 38
    style = cards.style_of("shield")  # the card's own colours: the pill is the card raised
    name = fit_line(info.shield_name, theme.TEXT_MIN, right - ix - 40,
                    theme.readable_ink(style.body), bold=True)
    pill = pygame.Rect(ix, row + 1, 40 + name.get_width(), 30)
    round_rect(surface, pill, style.body, 15)
    round_rect(surface, pill, style.base, 15, 255, 2)
    draw_icon(surface, "shield", (pill.left + 5, pill.top + 2, 26, 26))
    surface.blit(name, name.get_rect(midleft=(pill.left + 34, pill.centery)))
    return pill.right + 6


def badge_still(info: BadgeInfo) -> bool:
    """The badge looks the same whatever the time: no glow, no thinking dots, no moment's
    ring, not fading (a badge out of the game has none of them)."""
    if 0.0 < info.dark < 1.0:
        return False
    if not info.alive or info.dark >= 1.0:
        return True
    return not info.current and info.lit <= 0 and not info.thinking


def _tag_gives_way(info: BadgeInfo, rect: pygame.Rect) -> bool:
    """Your "You" leaves the line under the row to the words that need all of it there (your
    place once out, or "Wins!", at a bigger text size): the badge is the one in your corner."""
    words = info.won_text or (info.out_text if not info.alive else "")
    if not words or not info.tag:
        return False
    beside_tag = rect.width - 38 - fonts.get(theme.TEXT_MIN).size(info.tag)[0]
    return fonts.get(theme.TEXT_MIN, True).size(words)[0] > beside_tag


def draw_badge(surface: pygame.Surface, rect: pygame.Rect, info: BadgeInfo, time: float,
               *, hover: bool = False) -> None:
    """A badge: its body drawn once per look (what it shows changes a few times a game, and
    eight of them are on screen every frame), the moving parts (the current seat's glow, the
    moment's ring, a machine's thinking dots) every frame."""
    out = not info.alive or info.dark >= 1.0
    if 0.0 < info.dark < 1.0:  # fading: every frame differs, nothing to keep
        _draw_badge(surface, rect, info, time, hover=hover)
        _owes_tab(surface, rect, info, out)
        return
    if info.current and not out:
        glow = 0.5 + 0.5 * math.sin(time * 3.2)
        halo = rect.inflate(14, 14)
        round_rect(surface, halo, theme.ACCENT, 20, round(60 + 80 * glow))
        round_rect(surface, halo.inflate(-6, -6), theme.ACCENT, 18, round(120 + 100 * glow), 3)
    still = replace(info, lit=0.0, thinking=False)
    key = (rect.width, rect.height, still, hover)
    body = _BADGES.get(key)
    if body is None:
        body = gfx.Canvas((rect.width, rect.height + SHADOW_DROP), pygame.SRCALPHA)
        _draw_badge(body, pygame.Rect(0, 0, rect.width, rect.height), still, 0.0,
                    hover=hover, glow=False)
        _BADGES.put(key, body)
    surface.blit(body, rect.topleft)
    _owes_tab(surface, rect, info, out)
    if info.lit > 0 and not out:
        ring = rect.inflate(18 + round(10 * info.lit), 18 + round(10 * info.lit))
        round_rect(surface, ring, palette.SAVED, 24, round(200 * info.lit), 5)
    if info.thinking and not out and not (out and info.out_text):
        _thinking_dots(surface, rect, time)


def thinking_dots_at(rect: pygame.Rect) -> tuple[int, int]:
    """Where a machine's thinking dots go: the name's row, at its right (review 5: on the
    counts' row they ran into the Escudo chip; a seat that thinks shows no nope key there)."""
    return rect.right - 12, rect.top + 24


def _thinking_dots(surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    dots = "•" * (1 + int(time * 3) % 3)
    draw_text(surface, dots, thinking_dots_at(rect), theme.TEXT_BODY, theme.ACCENT,
              anchor="midright")


def _draw_badge(surface: pygame.Surface, rect: pygame.Rect, info: BadgeInfo, time: float,
                *, hover: bool = False, glow: bool = True) -> None:
    out = not info.alive or info.dark >= 1.0
    face = theme.mix(theme.PANEL, theme.BG_DEEP, 0.55 if out else info.dark * 0.55)
    if glow and info.current and not out:
        pulse = 0.5 + 0.5 * math.sin(time * 3.2)
        halo = rect.inflate(14, 14)
        round_rect(surface, halo, theme.ACCENT, 20, round(60 + 80 * pulse))
        round_rect(surface, halo.inflate(-6, -6), theme.ACCENT, 18, round(120 + 100 * pulse), 3)
    round_rect(surface, rect.move(0, SHADOW_DROP), theme.SHADE, 16, 90)
    round_rect(surface, rect, face, 16, 245)
    edge = theme.ACCENT if info.current and not out else theme.PANEL_EDGE
    if hover:
        edge = theme.FOCUS
    round_rect(surface, rect, edge, 16, 255, 3 if info.current or hover else 2)
    if glow and info.lit > 0 and not out:
        ring = rect.inflate(18 + round(10 * info.lit), 18 + round(10 * info.lit))
        round_rect(surface, ring, palette.SAVED, 24, round(200 * info.lit), 5)
    if info.ink is not None:
        round_rect(surface, pygame.Rect(rect.left + 5, rect.top + 14, 4, rect.height - 28),
                   info.ink, 2)
    ink = palette.OUT_INK if out else palette.INK
    dim = palette.OUT_INK if out else palette.INK_DIM
    x, y = rect.left + 14, rect.top + 10
    name_w = rect.width - 28 - (44 if info.key else 0)
    draw_text(surface, info.name, (x, y), theme.TEXT_BODY, ink, bold=True, max_width=name_w)
    if info.key:
        cap = pygame.Rect(0, 0, 34, 30)
        cap.topright = (rect.right - 10, rect.top + 8)
        round_rect(surface, cap, theme.INK, 7)
        draw_text(surface, info.key, cap.center, theme.TEXT_BODY, theme.INK_DARK, bold=True,
                  anchor="center")
    row = rect.top + 46
    _mini_back(surface, (x, row), out)
    count = draw_text(surface, str(info.cards), (x + 28, row + 15), theme.TEXT_BODY, ink,
                      bold=True, anchor="midleft")
    ix = count.right + 14
    shown = info.defuses if info.held is None else info.held
    if shown > 0 and not out:
        draw_icon(surface, "defuse", (ix, row, 32, 32))
        ix += 34
        if shown > 1:
            r = draw_text(surface, f"×{shown}", (ix, row + 16), theme.TEXT_MIN, ink,
                          anchor="midleft")
            ix = r.right + 6
    right = rect.right - 12
    eye = info.held is not None and info.held != info.defuses and not out
    if eye and not info.known_word:
        # what the others know of them: an eye and their count
        draw_icon(surface, "eye", (ix + 2, row + 5, 24, 24))
        r = draw_text(surface, str(info.defuses), (ix + 30, row + 16), theme.TEXT_MIN, dim,
                      bold=True, anchor="midleft")
        ix = r.right + 8
    if info.shield and not out:
        ix = _shield(surface, info, ix, row, right)
    if info.thinking and not out:  # (an out seat's place is written over its veil, below)
        _thinking_dots(surface, rect, time)
    tag_right = rect.left + 14
    if info.tag and not _tag_gives_way(info, rect):
        tag_right = draw_text(surface, info.tag, (rect.left + 14, rect.bottom - 8),
                              theme.TEXT_MIN, dim, anchor="bottomleft",
                              max_width=rect.width - 28).right
    if info.won_text:  # on the line under the row, its own room (the row is full: cards,
        # the cutters and their count, a shield; at 125 % text "Wins!" was squeezed there)
        won = fit_line(info.won_text, theme.TEXT_MIN, right - tag_right - 12, theme.ACCENT,
                       bold=True)
        surface.blit(won, won.get_rect(bottomright=(right, rect.bottom - 8)))
    elif eye and info.known_word:
        # the eye in words on the line under the row (the row has no room for them): the
        # cutters' icon and "seen: 1" at the bottom right (what was seen, and by how many: an
        # eye and "known: 1" read as a riddle, review 2), the badge's tooltip saying it whole
        word = fit_line(info.known_word, theme.TEXT_MIN, right - tag_right - 44, dim, bold=True)
        at = word.get_rect(bottomright=(right, rect.bottom - 8))
        surface.blit(word, at)
        draw_icon(surface, "defuse", (at.left - 30, at.centery - 13, 26, 26))
    if 0.0 < info.dark < 1.0 or out:
        veil = gfx.Canvas(rect.size, pygame.SRCALPHA)
        gfx.rect(veil, (0, 0, 0, round(110 * (1.0 if out else info.dark))),
                         veil.get_rect(), border_radius=16)
        surface.blit(veil, rect.topleft)
        if out and info.out_text:  # the place stays readable over the veil: on the row
            # beside the count, or on the line under it where the row has no room for it
            # (a bigger text size: "1º en caer" ran over the "0")
            beside = right - count.right - 14
            if fonts.get(theme.TEXT_MIN, True).size(info.out_text)[0] <= beside:
                text = fit_line(info.out_text, theme.TEXT_MIN, beside, palette.OUT_PLACE,
                                bold=True)
                surface.blit(text, text.get_rect(midright=(right, row + 16)))
            else:
                text = fit_line(info.out_text, theme.TEXT_MIN, right - tag_right - 12,
                                palette.OUT_PLACE, bold=True)
                surface.blit(text, text.get_rect(bottomright=(right, rect.bottom - 8)))
