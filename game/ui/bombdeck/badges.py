"""Seat badges: name · level, cards held, the 🧯 marker and the shield drawn as icons, turns
owed, out (greyed, with the place in the ranking); the current seat glows."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import pygame

from game.ui import cards, gfx, theme
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


def badge_still(info: BadgeInfo) -> bool:
    """The badge looks the same whatever the time: no glow, no thinking dots, no moment's
    ring, not fading (a badge out of the game has none of them)."""
    if 0.0 < info.dark < 1.0:
        return False
    if not info.alive or info.dark >= 1.0:
        return True
    return not info.current and info.lit <= 0 and not info.thinking


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
        dots = "•" * (1 + int(time * 3) % 3)
        draw_text(surface, dots, (rect.right - 12, rect.top + 46 + 16), theme.TEXT_BODY,
                  theme.ACCENT, anchor="midright")


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
    if info.held is not None and info.held != info.defuses and not out:
        # what the others know of them: an eye and their count
        draw_icon(surface, "eye", (ix + 2, row + 5, 24, 24))
        r = draw_text(surface, str(info.defuses), (ix + 30, row + 16), theme.TEXT_MIN, dim,
                      bold=True, anchor="midleft")
        ix = r.right + 8
    if info.shield and not out:
        draw_icon(surface, "shield", (ix, row, 32, 32))
        ix += 38
    right = rect.right - 12
    if out and info.out_text:
        text = fit_line(info.out_text, theme.TEXT_MIN, right - ix, palette.OUT_PLACE, bold=True)
        surface.blit(text, text.get_rect(midright=(right, row + 16)))
    elif info.thinking and not out:
        dots = "•" * (1 + int(time * 3) % 3)
        draw_text(surface, dots, (right, row + 16), theme.TEXT_BODY, theme.ACCENT,
                  anchor="midright")
    if info.tag:
        draw_text(surface, info.tag, (rect.left + 14, rect.bottom - 8), theme.TEXT_MIN, dim,
                  anchor="bottomleft", max_width=rect.width - 28)
    if 0.0 < info.dark < 1.0 or out:
        veil = gfx.Canvas(rect.size, pygame.SRCALPHA)
        gfx.rect(veil, (0, 0, 0, round(110 * (1.0 if out else info.dark))),
                         veil.get_rect(), border_radius=16)
        surface.blit(veil, rect.topleft)
        if out and info.out_text:  # the place stays readable over the veil
            text = fit_line(info.out_text, theme.TEXT_MIN, rect.width - 28, palette.OUT_PLACE,
                            bold=True)
            surface.blit(text, text.get_rect(midright=(right, row + 16)))
