"""Small drawing helpers: translucent rounded boxes, soft shadows, veils, gradients."""

from __future__ import annotations

import pygame

from game.ui import gfx, theme
from game.ui.cache import MB, SurfaceCache

_SHADOWS: SurfaceCache[pygame.Surface] = SurfaceCache("shadows", 4 * MB)
_GRADIENTS: SurfaceCache[pygame.Surface] = SurfaceCache("gradients", 7 * MB)
_BOXES: SurfaceCache[pygame.Surface] = SurfaceCache("boxes", 1 * MB)


def round_rect(surface: pygame.Surface, rect: pygame.Rect, color: theme.Color,
               radius: int = theme.RADIUS, alpha: int = 255, width: int = 0) -> None:
    """A rounded rectangle; with ``alpha`` < 255 it is blended over what is there."""
    if alpha >= 255:
        gfx.rect(surface, color, rect, width, border_radius=radius)
        return
    key = (rect.width, rect.height, tuple(color), radius, alpha, width)
    box = _BOXES.get(key)
    if box is None:  # drawn once: panels are redrawn every frame
        box = gfx.Canvas(rect.size, pygame.SRCALPHA)
        gfx.rect(box, (*color, alpha), box.get_rect(), width, border_radius=radius)
        _BOXES.put(key, box)
    surface.blit(box, rect.topleft)


def soft_shadow(size: tuple[int, int], radius: int = theme.RADIUS, blur: int = 8,
                alpha: int = 110) -> pygame.Surface:
    """A blurred dark rounded rectangle ``blur`` px bigger on each side (cached). Sizes are
    rounded to steps of 4 px: a card flying and growing would otherwise need a new blur every
    frame, and a shadow 2 px off is not seen."""
    size = (-(-size[0] // 4) * 4, -(-size[1] // 4) * 4)
    key = (size[0], size[1], radius, blur, alpha)
    found = _SHADOWS.get(key)
    if found is None:
        w, h = size[0] + 2 * blur, size[1] + 2 * blur
        base = gfx.Canvas((w, h), pygame.SRCALPHA)
        gfx.rect(base, (0, 0, 0, alpha), pygame.Rect(blur, blur, *size),
                         border_radius=radius)
        found = gfx.gaussian_blur(base, max(1, blur // 2)) if blur > 1 else base
        _SHADOWS.put(key, found)
    return found


def blit_shadowed(surface: pygame.Surface, image: pygame.Surface, topleft: tuple[float, float],
                  elevation: float = 6.0, radius: int = theme.RADIUS, alpha: float = 1.0
                  ) -> None:
    """``image`` with a soft shadow under it; a higher ``elevation`` drops the shadow further
    (a lifted card)."""
    blur = 6 + int(elevation * 0.6)
    shadow = soft_shadow(image.get_size(), radius, blur, int(min(150, 80 + elevation * 4)))
    x, y = topleft
    fade = int(255 * alpha) if alpha < 1.0 else None
    for part, at in ((shadow, (round(x - blur + elevation * 0.3),
                               round(y - blur + elevation * 0.8))),
                     (image, (round(x), round(y)))):
        if fade is None:
            surface.blit(part, at)
            continue
        # fade the cached surface for this one blit (no copy per frame), then restore it
        before = part.get_alpha()
        part.set_alpha(fade)
        surface.blit(part, at)
        part.set_alpha(before)


def veil(surface: pygame.Surface, color: theme.Color = theme.SHADE, alpha: int = 150) -> None:
    """Darken (or tint) the whole surface: behind a modal. Black is a multiply, with no
    surface made at all (modals redraw it every frame)."""
    if tuple(color) == (0, 0, 0):
        keep = 255 - alpha
        surface.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)
        return
    cover = gfx.Canvas(surface.get_size(), pygame.SRCALPHA)
    cover.fill((*color, alpha))
    surface.blit(cover, (0, 0))


def vertical_gradient(size: tuple[int, int], top: theme.Color, bottom: theme.Color
                      ) -> pygame.Surface:
    """A top-to-bottom gradient (cached)."""
    key = (size[0], size[1], top, bottom)
    found = _GRADIENTS.get(key)
    if found is None:
        found = gfx.Canvas(size)
        h = max(1, size[1] - 1)
        for y in range(size[1]):
            gfx.line(found, theme.mix(top, bottom, y / h), (0, y), (size[0], y))
        _GRADIENTS.put(key, found)
    return found


def backdrop(surface: pygame.Surface, top: theme.Color = (34, 40, 58),
             bottom: theme.Color = theme.BG_DEEP) -> None:
    """The menus' background: a calm vertical gradient."""
    surface.blit(vertical_gradient(surface.get_size(), top, bottom), (0, 0))
