"""Drawing in logical units at any resolution: the front end's one way to make pixels.

Every screen is laid out in logical units, 1280×720 of them (``theme.SCREEN_SIZE``), but the
window may be any size: a 4K screen gets four times the pixels, not a blown-up 720p frame. A
:class:`Canvas` is a pygame surface whose pixels are ``scale`` times its logical size; it
answers in logical units (``get_size``, ``get_rect``, ``blit``, ``fill``, clipping), so layout
code never sees a pixel. The functions here mirror ``pygame.draw`` and ``pygame.transform``
and scale coordinates, radii and widths for a canvas (for a plain surface they are pygame's own).

New canvases take the current :data:`SCALE`, which the app sets from the window; text, card
faces, icons and shadows are therefore drawn at the resolution they are shown at, and every
cache keys its entries by the scale. At scale 1 (1280×720, the tests) everything is exactly
pygame's own drawing.

An architecture test keeps ``pygame.draw``, ``pygame.transform`` and ``pygame.Surface(`` out of
the rest of ``game/ui``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import pygame

SCALE = 1.0
"""The scale of every canvas made from now on (physical pixels per logical unit)."""

Point = tuple[float, float] | pygame.math.Vector2
RectLike = pygame.Rect | tuple[float, float, float, float] | Sequence[float]


def set_scale(scale: float) -> None:
    global SCALE
    SCALE = max(0.1, float(scale))


def scale() -> float:
    return SCALE


def _k(surface: pygame.Surface) -> float:
    return surface.scale if isinstance(surface, Canvas) else 1.0


def _px(surface: pygame.Surface) -> pygame.Surface:
    """The surface whose pixels a drawing on ``surface`` changes (a window canvas draws on the
    window's own)."""
    return surface.pixels() if isinstance(surface, Canvas) else surface


def _mark(surface: pygame.Surface, done: pygame.Rect) -> pygame.Rect:
    """``done`` (the pixels a drawing changed) noted on a watched canvas; returned as is."""
    if isinstance(surface, Canvas) and surface.touched is not None:
        surface.touched.append(done)
    return done


def _n(value: float, k: float) -> int:
    return round(value * k)


def _rect(rect: RectLike, k: float) -> pygame.Rect:
    """A logical rect in physical pixels, edges rounded so that neighbours stay neighbours."""
    r = rect if isinstance(rect, pygame.Rect) else pygame.Rect(rect)
    if k == 1.0:
        return pygame.Rect(r)
    left, top = round(r.left * k), round(r.top * k)
    return pygame.Rect(left, top, round(r.right * k) - left, round(r.bottom * k) - top)


def to_physical(rect: RectLike, k: float) -> pygame.Rect:
    """A logical rect in the pixels of a canvas of scale ``k``."""
    return _rect(rect, k)


def _logical(rect: pygame.Rect, k: float) -> pygame.Rect:
    if k == 1.0:
        return rect
    left, top = round(rect.left / k), round(rect.top / k)
    return pygame.Rect(left, top, round(rect.right / k) - left, round(rect.bottom / k) - top)


def _point(point: Point | Sequence[float], k: float) -> tuple[int, int] | tuple[float, float]:
    if k == 1.0:
        return (point[0], point[1])
    return (round(point[0] * k), round(point[1] * k))


def _width(width: int, k: float) -> int:
    return width if width <= 0 or k == 1.0 else max(1, round(width * k))


class Canvas(pygame.Surface):
    """A surface drawn in logical units. ``size`` is logical; the pixels are ``scale`` times as
    many (``physical`` gives them exactly, for a surface that adopts existing pixels)."""

    def __init__(self, size: Sequence[float], flags: int = 0, scale: float | None = None,
                 physical: tuple[int, int] | None = None) -> None:
        k = SCALE if scale is None else scale
        w, h = max(0, round(size[0])), max(0, round(size[1]))
        pixels = physical if physical is not None else (max(1, round(w * k)),
                                                        max(1, round(h * k)))
        super().__init__(pixels, flags)
        self.scale = k
        self.logical = (w, h)
        self.touched: list[pygame.Rect] | None = None
        """While something watches what is drawn here (``game.ui.draw.Layer``: its parts as
        it draws them, and on a frame all that was drawn since it painted it): the rects, in
        pixels, that every drawing changed; ``None`` when nothing watches."""

    @classmethod
    def adopt(cls, surface: pygame.Surface, scale: float | None = None) -> Canvas:
        """``surface``'s pixels as a canvas of scale ``scale`` (its logical size is its pixel
        size over the scale)."""
        k = SCALE if scale is None else scale
        if isinstance(surface, Canvas) and surface.scale == k:
            return surface
        w, h = pygame.Surface.get_size(surface)
        alpha = surface.get_flags() & pygame.SRCALPHA
        twin = cls((w / k, h / k), alpha, k, physical=(w, h))
        _copy_pixels(twin, surface, alpha)
        return twin

    # --- logical answers -----------------------------------------------------------------------

    def get_size(self) -> tuple[int, int]:
        return self.logical

    def get_width(self) -> int:
        return self.logical[0]

    def get_height(self) -> int:
        return self.logical[1]

    def get_rect(self, **where: Any) -> pygame.Rect:
        rect = pygame.Rect((0, 0), self.logical)
        for name, value in where.items():
            setattr(rect, name, value)
        return rect

    def physical_size(self) -> tuple[int, int]:
        return pygame.Surface.get_size(self.pixels())

    def pixels(self) -> pygame.Surface:
        """The surface holding this canvas's pixels: itself (a :class:`WindowCanvas`: the
        window's)."""
        return self

    # --- drawing on it -------------------------------------------------------------------------

    def blit(self, source: pygame.Surface, dest: Any, area: Any = None,  # type: ignore[override]
             special_flags: int = 0) -> pygame.Rect:
        k = self.scale
        if isinstance(source, Canvas):
            source = _rescaled(source, k) if source.scale != k else source.pixels()
        if isinstance(dest, pygame.Rect):
            x, y = dest.topleft
        else:
            x, y = dest[0], dest[1]
        phys_area = _rect(area, k) if area is not None else None
        done = pygame.Surface.blit(self.pixels(), source, (round(x * k), round(y * k)),
                                   phys_area, special_flags)
        if self.touched is not None:
            self.touched.append(done)
        return _logical(done, k)

    def fill(self, color: Any, rect: Any = None,
             special_flags: int = 0) -> pygame.Rect:
        k = self.scale
        done = pygame.Surface.fill(self.pixels(), color,
                                   _rect(rect, k) if rect is not None else None, special_flags)
        if self.touched is not None:
            self.touched.append(done)
        return _logical(done, k)

    def set_clip(self, rect: Any = None) -> None:
        pygame.Surface.set_clip(self.pixels(),
                                _rect(rect, self.scale) if rect is not None else None)

    def get_clip(self) -> pygame.Rect:
        return _logical(pygame.Surface.get_clip(self.pixels()), self.scale)

    def subsurface(self, rect: Any) -> pygame.Surface:  # type: ignore[override]
        """The pixels under a logical rect (a plain surface: for reading pixels)."""
        return pygame.Surface.subsurface(self.pixels(), _rect(rect, self.scale))

    def copy(self) -> Canvas:
        pixels = self.pixels()
        alpha = pixels.get_flags() & pygame.SRCALPHA
        twin = Canvas(self.logical, alpha, self.scale, physical=self.physical_size())
        _copy_pixels(twin, pixels, alpha)
        return twin


class WindowCanvas(Canvas):
    """A canvas over another surface's pixels, the window's own: the frame is drawn straight
    onto the window instead of onto a canvas copied onto it whole every frame (a full copy
    of 1920×1080 took about 1 ms). Its own pixels are a dot nobody reads; whatever reads the
    frame reads ``window``."""

    def __init__(self, window: pygame.Surface, scale: float) -> None:
        w, h = pygame.Surface.get_size(window)
        super().__init__((w / scale, h / scale), 0, scale, physical=(1, 1))
        self.window = window

    def pixels(self) -> pygame.Surface:
        return self.window


def _copy_pixels(target: pygame.Surface, source: pygame.Surface, alpha: int) -> None:
    """Copy ``source``'s pixels exactly (alpha included) into a new blank ``target``."""
    size = pygame.Surface.get_size(source)
    if alpha and pygame.Surface.get_size(target) == size \
            and source.get_alpha() is not None \
            and target.get_bitsize() == source.get_bitsize() \
            and target.get_masks() == source.get_masks():
        # one pass (a resize to the same size copies every pixel as it is): a turned card
        # in flight is adopted every frame, and blanking then copying took twice as long
        pygame.transform.scale(source, size, target)
        return
    if alpha:
        pygame.Surface.fill(target, (0, 0, 0, 0))
        pygame.Surface.blit(target, source, (0, 0), None, pygame.BLEND_RGBA_MAX)
    else:
        pygame.Surface.blit(target, source, (0, 0))


def _rescaled(source: Canvas, k: float) -> Canvas:
    """A canvas made at another scale (a cache from before the window changed), resized to
    ``k``: the right size at once, sharp again once its owner redraws it. Its surface alpha
    (a cached box or shadow faded for one blit) goes with it."""
    w, h = source.logical
    size = (max(1, round(w * k)), max(1, round(h * k)))
    own = source.pixels()
    pixels = pygame.transform.smoothscale(own, size) if own.get_bitsize() >= 24 else \
        pygame.transform.scale(own, size)
    out = Canvas.adopt(pixels, k)
    alpha = source.get_alpha()
    if alpha is not None and alpha < 255:
        out.set_alpha(alpha)
    return out


def rescaled(source: Canvas, k: float) -> Canvas:
    """``source`` resized to scale ``k`` (itself when it is at ``k`` already)."""
    return source if source.scale == k else _rescaled(source, k)


# --- pygame.draw, in logical units ------------------------------------------------------------


def rect(surface: pygame.Surface, color: Any, rect: RectLike, width: int = 0,
         border_radius: int = -1, border_top_left_radius: int = -1,
         border_top_right_radius: int = -1, border_bottom_left_radius: int = -1,
         border_bottom_right_radius: int = -1) -> pygame.Rect:
    k = _k(surface)
    radii = [r if r <= 0 else max(1, round(r * k)) for r in (
        border_radius, border_top_left_radius, border_top_right_radius,
        border_bottom_left_radius, border_bottom_right_radius)]
    done = pygame.draw.rect(_px(surface), color, _rect(rect, k), _width(width, k),
                            border_radius=radii[0], border_top_left_radius=radii[1],
                            border_top_right_radius=radii[2],
                            border_bottom_left_radius=radii[3],
                            border_bottom_right_radius=radii[4])
    return _logical(_mark(surface, done), k)


def circle(surface: pygame.Surface, color: Any, center: Point | Sequence[float],
           radius: float, width: int = 0) -> pygame.Rect:
    k = _k(surface)
    done = pygame.draw.circle(_px(surface), color, _point(center, k), radius * k if k != 1.0
                              else radius, _width(width, k))
    return _logical(_mark(surface, done), k)


def ellipse(surface: pygame.Surface, color: Any, rect: RectLike, width: int = 0) -> pygame.Rect:
    k = _k(surface)
    done = pygame.draw.ellipse(_px(surface), color, _rect(rect, k), _width(width, k))
    return _logical(_mark(surface, done), k)


def arc(surface: pygame.Surface, color: Any, rect: RectLike, start_angle: float,
        stop_angle: float, width: int = 1) -> pygame.Rect:
    k = _k(surface)
    done = pygame.draw.arc(_px(surface), color, _rect(rect, k), start_angle, stop_angle,
                           _width(width, k))
    return _logical(_mark(surface, done), k)


def line(surface: pygame.Surface, color: Any, start: Point | Sequence[float],
         end: Point | Sequence[float], width: int = 1) -> pygame.Rect:
    k = _k(surface)
    done = pygame.draw.line(_px(surface), color, _point(start, k), _point(end, k), _width(width, k))
    return _logical(_mark(surface, done), k)


def fill_rows(surface: pygame.Surface, color_at: Callable[[float], Any]) -> None:
    """Every row of ``surface``'s pixels filled with ``color_at(y)``, ``y`` the row's logical
    height: a gradient drawn one logical line at a time left unpainted pixel rows between its
    lines at a scale like 1.275 (a window of 1632×918: the felt striped)."""
    k = _k(surface)
    pixels = _px(surface)
    width, height = pygame.Surface.get_size(pixels)  # in pixels (a canvas says its logical)
    for row in range(height):
        pygame.Surface.fill(pixels, color_at(row / k), (0, row, width, 1))
    _mark(surface, pygame.Rect(0, 0, width, height))


def lines(surface: pygame.Surface, color: Any, closed: bool,
          points: Iterable[Point | Sequence[float]], width: int = 1) -> pygame.Rect:
    k = _k(surface)
    done = pygame.draw.lines(_px(surface), color, closed, [_point(p, k) for p in points],
                             _width(width, k))
    return _logical(_mark(surface, done), k)


def aaline(surface: pygame.Surface, color: Any, start: Point | Sequence[float],
           end: Point | Sequence[float]) -> pygame.Rect:
    k = _k(surface)
    done = pygame.draw.aaline(_px(surface), color, _point(start, k), _point(end, k))
    return _logical(_mark(surface, done), k)


def aalines(surface: pygame.Surface, color: Any, closed: bool,
            points: Iterable[Point | Sequence[float]]) -> pygame.Rect:
    k = _k(surface)
    done = pygame.draw.aalines(_px(surface), color, closed, [_point(p, k) for p in points])
    return _logical(_mark(surface, done), k)


def polygon(surface: pygame.Surface, color: Any, points: Iterable[Point | Sequence[float]],
            width: int = 0) -> pygame.Rect:
    k = _k(surface)
    done = pygame.draw.polygon(_px(surface), color, [_point(p, k) for p in points],
                               _width(width, k))
    return _logical(_mark(surface, done), k)


# --- pygame.transform, keeping the scale -------------------------------------------------------


def smoothscale(surface: pygame.Surface, size: Sequence[float], scale: float | None = None
                ) -> pygame.Surface:
    """``surface`` resized to the logical ``size`` (physical pixels for a plain surface); a
    canvas comes back at its own scale, or at ``scale`` (resized and rescaled in one go)."""
    if not isinstance(surface, Canvas):
        return pygame.transform.smoothscale(surface, (max(1, round(size[0])),
                                                      max(1, round(size[1]))))
    k = surface.scale if scale is None else scale
    pixels = (max(1, round(size[0] * k)), max(1, round(size[1] * k)))
    own = surface.pixels()
    twin = Canvas(size, own.get_flags() & pygame.SRCALPHA, k, physical=pixels)
    pygame.transform.smoothscale(own, pixels, twin)  # straight into it: no copy
    return twin


def stretch(surface: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """A plain surface resized to ``size`` pixels by repeating its pixels (no blending): a
    strip one pixel across stretched along itself is the same strip, longer."""
    return pygame.transform.scale(surface, size)


def rotozoom(surface: pygame.Surface, angle: float, zoom: float) -> pygame.Surface:
    out = pygame.transform.rotozoom(_px(surface), angle, zoom)
    return Canvas.adopt(out, surface.scale) if isinstance(surface, Canvas) else out


def rotate(surface: pygame.Surface, angle: float) -> pygame.Surface:
    out = pygame.transform.rotate(_px(surface), angle)
    return Canvas.adopt(out, surface.scale) if isinstance(surface, Canvas) else out


def gaussian_blur(surface: pygame.Surface, radius: int) -> pygame.Surface:
    """``surface`` blurred by a logical ``radius``. A wide blur is done at half the logical
    size and scaled back up: a shadow or a glow is soft anyway, and a blur's cost grows with
    its pixels times its radius (a card's shadow took 2 ms at 720p, 9 ms at 1080p)."""
    k = _k(surface)
    if not isinstance(surface, Canvas) or radius < 4:
        out = pygame.transform.gaussian_blur(_px(surface), max(1, round(radius * k)))
        return Canvas.adopt(out, k) if isinstance(surface, Canvas) else out
    w, h = surface.logical
    small = pygame.transform.smoothscale(surface.pixels(), (max(1, w // 2), max(1, h // 2)))
    blurred = pygame.transform.gaussian_blur(small, max(1, radius // 2))
    return Canvas.adopt(pygame.transform.smoothscale(blurred, surface.physical_size()), k)


def soft_blur(surface: Canvas, radius: float) -> Canvas:
    """``surface`` blurred by a logical ``radius`` twice with a box: it looks like a gaussian
    blur of that radius (the same spread, within a twentieth) at a cost that does not grow
    with the radius (pygame's gaussian takes about 10 ns a pixel per pixel of radius). Not
    the same pixels as :func:`gaussian_blur`: for what may differ unseen (a soft shadow)."""
    r = max(1, round(radius * surface.scale))
    once = pygame.transform.box_blur(surface.pixels(), r)
    twin = Canvas(surface.logical, pygame.SRCALPHA, surface.scale,
                  physical=surface.physical_size())
    pygame.transform.box_blur(once, r, dest_surface=twin)
    return twin


def surface(size: Sequence[float], flags: int = 0) -> Canvas:
    """A new canvas of logical ``size`` at the current scale."""
    return Canvas(size, flags)
