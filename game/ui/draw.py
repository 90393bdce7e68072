"""Small drawing helpers: translucent rounded boxes, soft shadows, veils, gradients, and the
:class:`Layer` that keeps a picture's still parts between frames."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import FunctionType, ModuleType
from typing import Any

import pygame

from game.ui import fonts, gfx, theme
from game.ui.cache import MB, SurfaceCache

_SHADOWS: SurfaceCache[pygame.Surface] = SurfaceCache("shadows", 3 * MB)
_FLYING: SurfaceCache[pygame.Surface] = SurfaceCache("flying shadows", 1 * MB)
"""The shadows of cards in flight, kept apart: a flying card turns and grows, and a new
shadow every frame pushed the resting cards' out (to be blurred again when they changed)."""
_flying = False
_GRADIENTS: SurfaceCache[pygame.Surface] = SurfaceCache("gradients", 7 * MB)
_BOXES: SurfaceCache[pygame.Surface] = SurfaceCache("boxes", 1 * MB)


def round_rect(surface: pygame.Surface, rect: pygame.Rect, color: theme.Color,
               radius: int = theme.RADIUS, alpha: int = 255, width: int = 0) -> None:
    """A rounded rectangle; with ``alpha`` < 255 it is blended over what is there."""
    if alpha >= 255:
        gfx.rect(surface, color, rect, width, border_radius=radius)
        return
    # Drawn once, opaque, and faded for each blit: the same pixels as a box drawn at
    # ``alpha`` (every pixel of it is the colour at full alpha or empty), and one box for
    # every alpha (a glow that pulses asked for a new box every frame, and pushed the big
    # panels out of the cache).
    key = (rect.width, rect.height, tuple(color), radius, width)
    box = _BOXES.get(key)
    if box is None:
        box = gfx.Canvas(rect.size, pygame.SRCALPHA)
        gfx.rect(box, (*color, 255), box.get_rect(), width, border_radius=radius)
        _BOXES.put(key, box)
    box.set_alpha(max(0, alpha))
    surface.blit(box, rect.topleft)


def soft_shadow(size: tuple[int, int], radius: int = theme.RADIUS, blur: int = 8,
                alpha: int = 110) -> pygame.Surface:
    """A blurred dark rounded rectangle ``blur`` px bigger on each side (cached), ready to
    blit at once. Sizes are rounded to steps of 4 px: a card flying and growing would
    otherwise need a new blur every frame, and a shadow 2 px off is not seen.

    At one pixel a unit (1280×720) every shadow is blurred (gaussian) for itself. At any
    other scale a card in flight, whose size, lift and darkness change every frame, needed a
    new gaussian every frame, and its cost grows with the pixels times the radius in pixels
    (9 ms at 1080p for a resting card's shadow): there a shadow is drawn fully dark at low
    resolution, blurred with two boxes (the same spread), scaled up to the frame's pixels,
    and faded to ``alpha`` as it is blitted (the surface's alpha: one level of 255 off at
    most). It is not seen."""
    size = (-(-size[0] // 4) * 4, -(-size[1] // 4) * 4)
    k = gfx.SCALE
    cache = _FLYING if _flying else _SHADOWS
    if k == 1.0:
        exact = (size[0], size[1], radius, blur, alpha)
        found = cache.get(exact)
        if found is None:
            found = _blurred(size, radius, blur, alpha)
            cache.put(exact, found)
        return found
    key = ("faded", size, radius, blur)
    found = cache.get(key)
    if found is None:
        made = _sliced(size, radius, blur, k) if _flying else _boxed(size, radius, blur, k)
        found = cache.put(key, made)
    found.set_alpha(max(0, min(255, alpha)))
    return found


@contextmanager
def in_flight() -> Iterator[None]:
    """The shadows made inside are for cards in flight (kept in their own cache)."""
    global _flying
    before, _flying = _flying, True
    try:
        yield
    finally:
        _flying = before


def _blurred(size: tuple[int, int], radius: int, blur: int, alpha: int) -> pygame.Surface:
    w, h = size[0] + 2 * blur, size[1] + 2 * blur
    base = gfx.Canvas((w, h), pygame.SRCALPHA)
    gfx.rect(base, (0, 0, 0, alpha), pygame.Rect(blur, blur, *size), border_radius=radius)
    return gfx.gaussian_blur(base, max(1, blur // 2)) if blur > 1 else base


def _boxed(size: tuple[int, int], radius: int, blur: int, k: float) -> gfx.Canvas:
    """The shadow away from one pixel a unit: drawn at half a pixel a unit when the blur is
    wide (at least 4 units, as ``gfx.gaussian_blur`` does), blurred, scaled to ``k``."""
    w, h = size[0] + 2 * blur, size[1] + 2 * blur
    low = 0.5 if blur // 2 >= 4 else min(1.0, k)
    base = gfx.Canvas((w, h), pygame.SRCALPHA, low)
    gfx.rect(base, (0, 0, 0, 255), pygame.Rect(blur, blur, *size), border_radius=radius)
    soft = gfx.soft_blur(base, max(1, blur // 2)) if blur > 1 else base
    out = gfx.smoothscale(soft, (w, h), k)
    assert isinstance(out, gfx.Canvas)
    return out


def _sliced(size: tuple[int, int], radius: int, blur: int, k: float) -> gfx.Canvas:
    """A flying card's shadow (away from one pixel a unit) put together from a small one
    blurred once for its corner radius and blur: its four corners as they are, its edges
    stretched (across an edge, far from the corners, a blurred box is the same all along) and
    its middle filled. A card flying and growing (the nope flown big) asked for a new blur
    almost every frame, 0.7–0.9 ms at 1080p; this takes a third of that. Within ten levels of
    255 of the shadow blurred at its size (where the low-resolution picture is scaled up), and
    faded further as it is blitted: not seen under a card on the move."""
    corner = 2 * blur + radius + 2  # from the shadow's edge: what a corner may reach
    side = -(-(2 * corner + 4) // 4) * 4
    w, h = size[0] + 2 * blur, size[1] + 2 * blur
    if size[0] < side or size[1] < side:
        return _boxed(size, radius, blur, k)
    cut_from = ("cut from", side, radius, blur)  # kept with the flying shadows cut from it
    small = _FLYING.get(cut_from)
    if small is None:
        small = _FLYING.put(cut_from, _boxed((side, side), radius, blur, k))
    pixels = small.pixels() if isinstance(small, gfx.Canvas) else small
    tw, th = pygame.Surface.get_size(pixels)
    c = round(corner * k)
    out = gfx.Canvas((w, h), pygame.SRCALPHA, k)
    target = out.pixels()
    big_w, big_h = pygame.Surface.get_size(target)
    mid_w, mid_h = big_w - 2 * c, big_h - 2 * c
    mx, my = tw // 2, th // 2
    copy = pygame.BLEND_RGBA_MAX  # onto a blank surface: the pixels as they are
    for src, at in (((0, 0, c, c), (0, 0)), ((tw - c, 0, c, c), (big_w - c, 0)),
                    ((0, th - c, c, c), (0, big_h - c)),
                    ((tw - c, th - c, c, c), (big_w - c, big_h - c))):
        pygame.Surface.blit(target, pixels, at, src, copy)
    for src, stretch, at in (((mx, 0, 1, c), (mid_w, c), (c, 0)),
                             ((mx, th - c, 1, c), (mid_w, c), (c, big_h - c)),
                             ((0, my, c, 1), (c, mid_h), (0, c)),
                             ((tw - c, my, c, 1), (c, mid_h), (big_w - c, c))):
        strip = gfx.stretch(pygame.Surface.subsurface(pixels, src), stretch)
        pygame.Surface.blit(target, strip, at, None, copy)
    pygame.Surface.fill(target, pygame.Surface.get_at(pixels, (mx, my)),
                        (c, c, mid_w, mid_h))
    return out


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
        part.set_alpha(fade if before is None or before >= 255 else round(before * fade / 255))
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
    key = (size[0], size[1], top, bottom, gfx.scale())  # one per window scale: sharp rows
    found = _GRADIENTS.get(key)
    if found is None:
        found = gfx.Canvas(size)
        h = max(1, size[1] - 1)
        gfx.fill_rows(found, lambda y: theme.mix(top, bottom, min(1.0, y / h)))
        _GRADIENTS.put(key, found)
    return found


def backdrop(surface: pygame.Surface, top: theme.Color = (34, 40, 58),
             bottom: theme.Color = theme.BG_DEEP) -> None:
    """The menus' background: a calm vertical gradient."""
    surface.blit(vertical_gradient(surface.get_size(), top, bottom), (0, 0))


# --- a layer of still parts ---------------------------------------------------------------------


@dataclass(frozen=True)
class Part:
    """One part of a picture a :class:`Layer` paints, in the order given."""

    name: Hashable
    key: Hashable | None
    """All that the part's pixels depend on (equal keys, equal pixels); ``None``: the part
    moves (it depends on the time) and is drawn on every frame."""
    draw: Callable[[pygame.Surface], Any]
    """Draws the part; what it returns is kept with the part."""


@dataclass(frozen=True)
class Marks:
    """The pixels a drawing changed: its rects and their bounds."""

    rects: tuple[pygame.Rect, ...] = ()
    bounds: pygame.Rect | None = None

    @staticmethod
    def of(rects: Sequence[pygame.Rect]) -> Marks:
        # a rect inside another adds no pixel (a card inside its shadow, a line inside its
        # panel): left out, the same pixels are put back and copied once, not twice
        kept = tuple(_outermost(rects))
        return Marks(kept, kept[0].unionall(kept[1:])) if kept else Marks()

    def touch(self, other: Marks) -> bool:
        if self.bounds is None or other.bounds is None \
                or not self.bounds.colliderect(other.bounds):
            return False
        return any(rect.collidelist(other.rects) >= 0 for rect in self.rects)


@dataclass
class _Kept:
    key: Hashable
    marks: Marks
    """The pixels the part changed on the layer."""
    result: Any


TRAIL_MAX = 400
"""A trail longer than this many rects is folded into their bounds (a table under a menu for
minutes would otherwise note every drawing of the menu)."""


class Trail(list[pygame.Rect]):
    """The rects drawn on a canvas since a layer last painted it (``gfx.Canvas.touched``)."""

    def append(self, rect: pygame.Rect) -> None:
        if len(self) >= TRAIL_MAX:
            bounds = rect.unionall(self)
            self.clear()
            rect = bounds
        super().append(rect)

    def extend(self, rects: Iterable[pygame.Rect]) -> None:
        for rect in rects:
            self.append(rect)


@dataclass
class Layer:
    """A picture's still parts drawn once onto a base and kept: each frame copies the kept
    layer onto the frame and draws only the parts that move, and a part whose key changed is
    drawn again alone (the base put back under the pixels it had).

    Nothing drawn changes: parts that do not touch the same pixels can be drawn in any order,
    so the layer is used only while no moving part touches a pixel of a still part drawn after
    it (else the frame is drawn part by part, as without a layer, until the parts change), and
    a part is drawn again alone only when neither its old nor its new pixels touch another
    kept part (else the layer is drawn again whole, in order). Every drawing on a watched
    canvas notes the pixels it changed (``gfx.Canvas.touched``).

    The frame keeps its pixels from one frame to the next, so the layer is copied only where
    something else was drawn over it since it last painted this frame, or where the layer
    changed: a :class:`Trail` of every drawing on the frame is kept for that, and a frame
    written to by other means (its ``touched`` replaced) gets the whole layer again. A full
    copy of a 1080p frame costs about 1 ms; the moving parts cover a tenth of it.

    While the text audit listens (``fonts.observer``) or any function of ``modules`` (those
    that draw the parts) is not the one it was when the layer was made (a test's spy), every
    frame is drawn part by part: whoever listens hears all of it, every frame.
    """

    modules: Sequence[ModuleType] = ()
    _canvas: gfx.Canvas | None = None
    """The kept layer: one picture the size of the frame (like the frame itself, not a cache
    of many)."""
    _frame: Hashable = None
    """What the kept layer was drawn for: the frame's size and scale, and the base."""
    _hook_names: list[tuple[dict[str, Any], str]] | None = None
    _originals: tuple[object, ...] = ()
    _kept: dict[Hashable, _Kept] = field(default_factory=dict)
    _refused: Hashable = None
    """The parts of the last frame that could not be layered (while they stay the same, the
    frame is drawn part by part)."""
    _trail: Trail | None = None
    """The trail of what was drawn on the frame since the layer last painted it."""
    stats: dict[str, int] = field(default_factory=lambda: {
        "whole": 0, "parts": 0, "refused": 0, "copied": 0, "patched": 0})
    """How often the layer was drawn whole, a part drawn again alone, a frame drawn without
    the layer, the layer copied whole onto the frame or only where needed (what the tests
    and the benchmark read)."""

    def paint(self, surface: pygame.Surface, base: pygame.Surface, parts: Sequence[Part]
              ) -> dict[Hashable, Any]:
        """Paint ``base`` and then ``parts`` in order onto ``surface`` (as drawing them one
        after the other would); returns what each part's ``draw`` returned."""
        if not (isinstance(surface, gfx.Canvas) and isinstance(base, gfx.Canvas)
                and base.scale == surface.scale
                and base.physical_size() == surface.physical_size()):
            return _paint_in_order(surface, base, parts)
        if fonts.observer is not None or self._hooks() != self._originals:
            return self._in_order(surface, base, parts)
        frame = (surface.scale, surface.physical_size(), base)
        signature = (frame, tuple((part.name, part.key) for part in parts))
        if signature == self._refused:
            return self._in_order(surface, base, parts)
        since = self._since(surface)
        fresh = self._canvas_for(frame, surface, base) is None
        canvas = self._canvas
        assert canvas is not None
        still = [part for part in parts if part.key is not None]
        changed = self._update(canvas, base, still)
        if fresh:
            changed = None
        trail = self._copy(surface, canvas, None if changed is None or since is None
                           else [*since, *changed])
        results: dict[Hashable, Any] = {}
        later = [self._kept[part.name].marks for part in still]
        done_still = 0
        for part in parts:
            if part.key is not None:
                results[part.name] = self._kept[part.name].result
                done_still += 1
                continue
            results[part.name], drawn = _watched(surface, part.draw)
            if any(drawn.touch(marks) for marks in later[done_still:]):
                self._refused = signature
                self.stats["refused"] += 1
                return self._in_order(surface, base, parts)
        surface.touched = trail
        return results

    def __post_init__(self) -> None:
        self._originals = self._hooks()

    def _since(self, surface: gfx.Canvas) -> Trail | None:
        """What was drawn on ``surface`` since this layer last painted it, or ``None`` when
        that is not known (its pixels written to by other means). A canvas whose pixels were
        copied from the one painted may take its trail along (``touched``): the app does,
        going from the window to its frame canvas and back."""
        trail = self._trail
        return trail if trail is not None and surface.touched is trail else None

    def _copy(self, surface: gfx.Canvas, canvas: gfx.Canvas,
              dirty: list[pygame.Rect] | None) -> Trail:
        """The layer onto ``surface``, whole or only under ``dirty``; returns the new trail,
        watching ``surface`` from now on. Under a clip (an idle frame drawing only its moving
        areas) what is left out stays in the trail."""
        pixels = surface.pixels()
        size = pygame.Surface.get_size(pixels)
        clipped = pygame.Surface.get_clip(pixels).size != size
        trail = Trail()
        patches = _outermost(dirty) if dirty is not None else None
        if patches is not None and \
                sum(r.width * r.height for r in patches) > size[0] * size[1] * 2 // 3:
            patches = None  # most of it: one copy is cheaper than many
        if patches is None:
            pygame.Surface.blit(pixels, canvas, (0, 0))
            self.stats["copied"] += 1
            if clipped:
                trail.append(pygame.Rect((0, 0), size))
        else:
            for rect in patches:
                pygame.Surface.blit(pixels, canvas, rect, rect)
            self.stats["patched"] += 1
            if clipped:
                trail.extend(patches)
        self._trail = trail
        surface.touched = trail
        return trail

    def _in_order(self, surface: gfx.Canvas, base: gfx.Canvas, parts: Sequence[Part]
                  ) -> dict[Hashable, Any]:
        """Without the layer, watched: everything drawn goes into the trail."""
        trail = Trail([pygame.Rect((0, 0), surface.physical_size())])
        self._trail = trail
        surface.touched = trail
        return _paint_in_order(surface, base, parts)

    def _hooks(self) -> tuple[object, ...]:
        """Every function the modules that draw the parts hold now (their names are looked
        up once, when the layer is made: a spy swaps a function for another)."""
        if self._hook_names is None:
            self._hook_names = [(vars(module), name) for module in self.modules
                                for name, value in vars(module).items()
                                if isinstance(value, FunctionType)]
        return tuple(names.get(name) for names, name in self._hook_names)

    def _canvas_for(self, frame: Hashable, surface: gfx.Canvas, base: gfx.Canvas
                    ) -> gfx.Canvas | None:
        """The kept layer; ``None`` when it was made anew (all of it changed)."""
        if self._canvas is not None and frame == self._frame:
            return self._canvas
        if self._canvas is None or self._canvas.physical_size() != surface.physical_size() \
                or self._canvas.scale != surface.scale:
            self._canvas = gfx.Canvas(surface.logical, 0, surface.scale,
                                      physical=surface.physical_size())
        pygame.Surface.blit(self._canvas, base, (0, 0))
        self._frame = frame
        self._kept = {}
        return None

    def _update(self, canvas: gfx.Canvas, base: gfx.Canvas, still: Sequence[Part]
                ) -> list[pygame.Rect] | None:
        """Bring the kept parts up to ``still``: each changed part alone while that is exact,
        else all of them again in order. Returns the rects of the layer that changed, or
        ``None``: all of it."""
        changed: list[pygame.Rect] = []
        wanted = {part.name for part in still}
        for name in [name for name in self._kept if name not in wanted]:
            gone = self._kept.pop(name)
            if self._touches_another(gone.marks, name):
                self._redraw(canvas, base, still)
                return None
            _restore(canvas, base, gone.marks)
            changed.extend(gone.marks.rects)
        for part in still:
            kept = self._kept.get(part.name)
            if kept is not None and kept.key == part.key:
                continue
            old = kept.marks if kept is not None else Marks()
            if self._touches_another(old, part.name):
                self._redraw(canvas, base, still)
                return None
            _restore(canvas, base, old)
            result, marks = _watched(canvas, part.draw)
            self._kept[part.name] = _Kept(part.key, marks, result)
            self.stats["parts"] += 1
            if self._touches_another(marks, part.name):
                self._redraw(canvas, base, still)
                return None
            changed.extend(old.rects)
            changed.extend(marks.rects)
        return changed

    def _touches_another(self, marks: Marks, name: Hashable) -> bool:
        return any(marks.touch(kept.marks) for other, kept in self._kept.items()
                   if other != name)

    def _redraw(self, canvas: gfx.Canvas, base: gfx.Canvas, still: Sequence[Part]) -> None:
        pygame.Surface.set_clip(canvas, None)
        pygame.Surface.blit(canvas, base, (0, 0))
        self._kept = {}
        for part in still:
            result, marks = _watched(canvas, part.draw)
            self._kept[part.name] = _Kept(part.key, marks, result)
        self.stats["whole"] += 1

    def clear(self) -> None:
        self._canvas = None
        self._frame = None
        self._kept = {}
        self._refused = None
        self._trail = None


def _outermost(rects: Sequence[pygame.Rect]) -> list[pygame.Rect]:
    """``rects`` less those inside another (a glow, its ring and the badge on it)."""
    kept: list[pygame.Rect] = []
    for rect in sorted(rects, key=lambda r: r.width * r.height, reverse=True):
        # only the kept rects it overlaps may hold it (found in one call: a frame a play
        # lands on notes 150 rects, and a test against every kept one took 3 ms)
        if rect.width and rect.height and not any(
                kept[i].contains(rect) for i in rect.collidelistall(kept)):
            kept.append(rect)
    return kept


def _watched(canvas: gfx.Canvas, draw: Callable[[pygame.Surface], Any]) -> tuple[Any, Marks]:
    """What ``draw(canvas)`` returns, and the pixels it changed."""
    before = canvas.touched
    canvas.touched = []
    try:
        result = draw(canvas)
        marks = Marks.of(canvas.touched)
    finally:
        if before is not None:
            before.extend(canvas.touched)
        canvas.touched = before
    return result, marks


def _restore(canvas: gfx.Canvas, base: gfx.Canvas, marks: Marks) -> None:
    """The base put back under the pixels ``marks`` says (only those: their bounds may hold
    another part's)."""
    for rect in marks.rects:
        pygame.Surface.blit(canvas, base, rect, rect)


def _paint_in_order(surface: pygame.Surface, base: pygame.Surface, parts: Sequence[Part]
                    ) -> dict[Hashable, Any]:
    """Without a layer: the base, then every part in order."""
    surface.blit(base, (0, 0))
    return {part.name: part.draw(surface) for part in parts}
