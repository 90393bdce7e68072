"""What a person can read: every text a scene draws, checked against LOOK.md's floor.

LOOK.md asks that no text be smaller than 18 px at 1280×720; issue 20 found hints, badges and
chips below it, lines squeezed to fit and paragraphs cut at their box. Reading pixels cannot tell
a squeezed 20 px line from a 16 px one, so the audit listens where text is made
(``fonts.observer``): every ``fonts.render`` says the size it was asked at, ``text.fit_line``
how far it narrowed a line, ``text.draw_paragraph`` which lines did not fit its box.

Issue 24 adds the text size (100/125/150 %: ``--text-size``) and OVERLAP: two texts visible in
the final frame whose inked boxes cross. The listener follows each text's surface
(``fonts.render`` tells it, ``made``) through every ``gfx.Canvas`` blit, copy and
``gfx.smoothscale``: a surface carries the marks of the texts drawn on it (their ink box, in
its own units) to wherever it is drawn, so a label on a button face or a title on a cached card
is found on the frame. A text stops counting where something opaque is drawn over the whole of
it (a later blit at least half opaque there, a fill, a filled ``gfx.rect``, the modals' veil): a
modal over the scene below. Something opaque drawn over a part of a text is COVERED (a button
over a subtitle; a card fanned over another's title), listed with ``--covered`` only: a few
tables lay a panel over part of their own hints on purpose (the tutorial's bubble). Two marks
of the same string are one text drawn twice (a shadow, an outline, an area drawn again) and
never an overlap; a label and the button face under it are no overlap either (the face is
drawn first, the label over it). Texts drawn without
``fonts.render`` (straight from a ``pygame.font.Font``) or turned (``rotozoom``) are not
followed.

``audit_scene`` draws one scene as the screenshot command does and returns its findings;
``python -m game.ui.textaudit [--lang L] [--text-size N] [SCENE...]`` prints them for every
scene the screenshot command knows.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import tempfile
import weakref
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from enum import StrEnum
from functools import partial
from pathlib import Path
from typing import Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before pygame is imported below

import pygame

from game.ui import fonts, gfx, theme
from game.ui.cache import CACHES

MIN_SIZE = 18
"""LOOK.md: text never smaller than 18 px at 1280×720 (logical units)."""
MIN_WIDTH = 0.9
"""A line may be narrowed to 90 % of its width to fit (issue 20); more reads as squashed."""


class Problem(StrEnum):
    SMALL = "small"
    SQUEEZED = "squeezed"
    CUT = "cut"
    OVERLAP = "overlap"
    COVERED = "covered"


COVER_ALPHA = 128
"""A later drawing at least this opaque over a text's middle hides it (the modals' veil is
165): what shows through it is background, not text to read."""
INK_ALPHA = 64
"""A text's box is its pixels at least this opaque (its faint anti-aliased fringe is not)."""
TOUCH = 2
"""Two texts' boxes must cross by more than this, each way, to overlap (logical px)."""


@dataclass(frozen=True, slots=True)
class Mark:
    """A text drawn on a surface: its string and its inked box in that surface's units."""

    text: str
    box: pygame.Rect


@dataclass(frozen=True, slots=True)
class Finding:
    """One text a person cannot read comfortably, and why."""

    scene: str
    lang: str
    problem: Problem
    text: str
    size: int
    ratio: float = 1.0

    def line(self) -> str:
        if self.problem in (Problem.OVERLAP, Problem.COVERED):
            return f"{self.scene} [{self.lang}] {self.problem}: {self.text}"
        detail = f"{self.size} px" if self.problem is not Problem.SQUEEZED else \
            f"{self.size} px at {self.ratio:.0%} of its width"
        return f"{self.scene} [{self.lang}] {self.problem}: {self.text!r} ({detail})"


class _Listener:
    """The ``fonts.observer`` of one scene's drawing: each distinct finding once."""

    def __init__(self, scene: str, lang: str, covered: bool = False) -> None:
        self.scene = scene
        self.lang = lang
        self.covered = covered
        """Report COVERED too (off by default: some tables lay a panel over part of their
        own hints on purpose, the tutorial's bubble, the lesson's card)."""
        self.found: dict[tuple[Problem, str, int], Finding] = {}
        self.marks: weakref.WeakKeyDictionary[pygame.Surface, list[Mark]] = \
            weakref.WeakKeyDictionary()
        """The texts each surface holds (see the module's docstring)."""
        self.frame: weakref.ref[pygame.Surface] | None = None
        """The last surface the size of the screen drawn on: the frame."""
        self.texts: weakref.WeakSet[pygame.Surface] = weakref.WeakSet()
        """The surfaces that are a text alone (``fonts.render``'s, squeezed or copied)."""

    def _is_text(self, surface: pygame.Surface) -> bool:
        try:
            return surface in self.texts
        except TypeError:
            return False

    def _text(self, surface: pygame.Surface) -> None:
        with contextlib.suppress(TypeError):  # a plain surface cannot be followed
            self.texts.add(surface)

    # --- following the texts -------------------------------------------------------------------

    def _of(self, surface: pygame.Surface) -> list[Mark] | None:
        try:
            return self.marks.get(surface)
        except TypeError:  # a plain surface cannot be followed
            return None

    def _set(self, surface: pygame.Surface, marks: list[Mark]) -> None:
        with contextlib.suppress(TypeError):
            self.marks[surface] = marks

    def made(self, text: str, surface: pygame.Surface) -> None:
        if not text.strip() or self._of(surface) is not None:
            return
        k = surface.scale if isinstance(surface, gfx.Canvas) else 1.0
        pixels = surface.pixels() if isinstance(surface, gfx.Canvas) else surface
        ink = pygame.Surface.get_bounding_rect(pixels, INK_ALPHA)
        box = pygame.Rect(int(ink.x / k), int(ink.y / k), round(ink.w / k), round(ink.h / k))
        self._set(surface, [Mark(text, box)] if box.w and box.h else [])
        self._text(surface)

    def blitted(self, target: pygame.Surface, source: pygame.Surface, dest: Any,
                area: Any, done: pygame.Rect) -> None:
        if target.get_size() == theme.SCREEN_SIZE:
            self.frame = weakref.ref(target)
        below = self._of(target)
        carried = self._of(source)
        if below and not self._is_text(source):  # a text hides nothing: texts overlap
            x, y = (dest.topleft if isinstance(dest, pygame.Rect) else (dest[0], dest[1]))
            if area is not None:
                a = pygame.Rect(area)
                x, y = x - a.x, y - a.y
            self._covered(below, done, partial(_alpha_at, source, (x, y)), "picture")
        if not carried:
            return
        x, y = (dest.topleft if isinstance(dest, pygame.Rect) else (dest[0], dest[1]))
        if area is not None:
            a = pygame.Rect(area)
            x, y = x - a.x, y - a.y
        moved = []
        for mark in carried:
            box = mark.box.move(round(x), round(y)).clip(done)
            if box.w > TOUCH and box.h > TOUCH:
                moved.append(Mark(mark.text, box))
        if below is None:
            self._set(target, moved)
        else:
            below.extend(moved)

    def _covered(self, below: list[Mark], done: pygame.Rect,
                 alpha_at: Callable[[tuple[int, int]], int], kind: str = "") -> None:
        """A drawing over ``done`` (``alpha_at``: how opaque it is at a point): the texts it
        hides whole are gone (a modal's veil, a panel over the scene below); a text it hides
        in part is a finding (something laid over it, as a button over a subtitle)."""
        kept = []
        for mark in below:
            cross = done.clip(mark.box)
            if cross.w <= TOUCH or cross.h <= TOUCH or alpha_at(cross.center) < COVER_ALPHA:
                kept.append(mark)
            elif self.covered and not done.contains(mark.box.inflate(-2 * TOUCH, -2 * TOUCH)):
                self._add(Problem.COVERED, f"{mark.text!r} under a {kind} at {tuple(done)}", 0)
        below[:] = kept

    def drew(self, target: pygame.Surface, color: Any, rect: Any, width: int) -> None:
        """``gfx.rect``: a filled box at full colour hides what it covers."""
        below = self._of(target)
        if not below or width > 0:
            return
        opaque = 255 if isinstance(color, tuple | list) and len(color) == 3 else \
            pygame.Color(color).a
        self._covered(below, pygame.Rect(rect), lambda point: opaque, "box")

    def filled(self, target: pygame.Surface, color: Any, rect: Any, flags: int) -> None:
        if target.get_size() == theme.SCREEN_SIZE:
            self.frame = weakref.ref(target)
        below = self._of(target)
        if not below:
            return
        area = pygame.Rect(rect) if rect is not None else pygame.Rect((0, 0), target.get_size())
        if flags == pygame.BLEND_RGB_MULT:  # the veil: darkened to this, hidden past half
            rgb = pygame.Color(color) if not isinstance(color, int) else pygame.Color(0)
            if max(rgb.r, rgb.g, rgb.b) > 255 - COVER_ALPHA:
                return
        elif flags:
            return
        self._covered(below, area, lambda point: 255, "fill")

    def copied(self, source: pygame.Surface, twin: pygame.Surface) -> None:
        marks = self._of(source)
        if marks is not None:
            self._set(twin, list(marks))
        if self._is_text(source):
            self._text(twin)

    def resized(self, source: pygame.Surface, twin: pygame.Surface) -> None:
        marks = self._of(source)
        if not marks:
            return
        if self._is_text(source):
            self._text(twin)
        (w0, h0), (w1, h1) = source.get_size(), twin.get_size()
        fx, fy = w1 / max(1, w0), h1 / max(1, h0)
        self._set(twin, [Mark(m.text, pygame.Rect(round(m.box.x * fx), round(m.box.y * fy),
                                                  round(m.box.w * fx), round(m.box.h * fy)))
                         for m in marks])

    def overlaps(self) -> None:
        """Every two texts on the frame whose boxes cross (each pair once)."""
        frame = self.frame() if self.frame is not None else None
        marks = self._of(frame) if frame is not None else None
        if not marks:
            return
        for i, a in enumerate(marks):
            for b in marks[i + 1:]:
                if a.text == b.text:
                    continue
                cross = a.box.clip(b.box)
                if cross.w > TOUCH and cross.h > TOUCH:
                    first, second = sorted((a.text, b.text))
                    self._add(Problem.OVERLAP, f"{first!r} × {second!r}", 0)

    def _add(self, problem: Problem, text: str, size: int, ratio: float = 1.0) -> None:
        if not text.strip():
            return
        key = (problem, text, size)
        if key not in self.found:
            self.found[key] = Finding(self.scene, self.lang, problem, text, size, ratio)

    def rendered(self, text: str, size: int) -> None:
        if size < MIN_SIZE:
            self._add(Problem.SMALL, text, size)

    def squeezed(self, text: str, size: int, ratio: float) -> None:
        if ratio < MIN_WIDTH:
            self._add(Problem.SQUEEZED, text, size, ratio)

    def cut(self, text: str, size: int) -> None:
        self._add(Problem.CUT, text, size)


def _alpha_at(source: pygame.Surface, origin: tuple[float, float], point: tuple[int, int]
              ) -> int:
    """How opaque ``source``, drawn with its corner at ``origin``, is at ``point``."""
    k = source.scale if isinstance(source, gfx.Canvas) else 1.0
    pixels = source.pixels() if isinstance(source, gfx.Canvas) else source
    px, py = int((point[0] - origin[0]) * k), int((point[1] - origin[1]) * k)
    w, h = pygame.Surface.get_size(pixels)
    if not (0 <= px < w and 0 <= py < h):
        return 0
    alpha = pygame.Surface.get_at(pixels, (px, py)).a \
        if pixels.get_flags() & pygame.SRCALPHA else 255
    whole = pixels.get_alpha()
    return alpha if whole is None else alpha * whole // 255


@contextmanager
def listening(scene: str, lang: str, covered: bool = False) -> Iterator[_Listener]:
    """Record the findings of whatever is drawn inside the block (the overlaps of its last
    frame when it ends; ``covered``: texts partly under a drawing too)."""
    listener = _Listener(scene, lang, covered)
    before = fonts.observer
    fonts.observer = listener
    blit, fill, copy, smoothscale = (gfx.Canvas.blit, gfx.Canvas.fill, gfx.Canvas.copy,
                                     gfx.smoothscale)
    box = gfx.rect

    def heard_rect(surface: pygame.Surface, color: Any, rect: Any, width: int = 0,
                   *args: Any, **kw: Any) -> pygame.Rect:
        done = box(surface, color, rect, width, *args, **kw)
        listener.drew(surface, color, rect, width)
        return done

    def heard_blit(target: gfx.Canvas, source: pygame.Surface, dest: Any, area: Any = None,
                   special_flags: int = 0) -> pygame.Rect:
        done = blit(target, source, dest, area, special_flags)
        listener.blitted(target, source, dest, area, done)
        return done

    def heard_fill(target: gfx.Canvas, color: Any, rect: Any = None,
                   special_flags: int = 0) -> pygame.Rect:
        done = fill(target, color, rect, special_flags)
        listener.filled(target, color, rect, special_flags)
        return done

    def heard_copy(source: gfx.Canvas) -> gfx.Canvas:
        twin = copy(source)
        listener.copied(source, twin)
        return twin

    def heard_smoothscale(surface: pygame.Surface, size: Sequence[float],
                          scale: float | None = None) -> pygame.Surface:
        twin = smoothscale(surface, size, scale)
        listener.resized(surface, twin)
        return twin

    setattr(gfx.Canvas, "blit", heard_blit)  # noqa: B010 (a method swapped while listening)
    setattr(gfx.Canvas, "fill", heard_fill)  # noqa: B010
    setattr(gfx.Canvas, "copy", heard_copy)  # noqa: B010
    gfx.smoothscale = heard_smoothscale
    gfx.rect = heard_rect
    try:
        yield listener
        listener.overlaps()
    finally:
        fonts.observer = before
        setattr(gfx.Canvas, "blit", blit)  # noqa: B010
        setattr(gfx.Canvas, "fill", fill)  # noqa: B010
        setattr(gfx.Canvas, "copy", copy)  # noqa: B010
        gfx.smoothscale = smoothscale
        gfx.rect = box


def audit_scene(scene: str, lang: str, code: str | None = None,
                size: tuple[int, int] | None = None, text_size: int = 100,
                covered: bool = False) -> list[Finding]:
    """The findings of ``scene`` in ``lang`` drawn as ``--screenshot`` draws it at the text
    size ``text_size`` % (its settling frames included: a banner shown while it enters
    counts too; the overlaps of its last frame)."""
    from game.ui.screenshot import render_scene_to_png

    for cache in CACHES:  # what is cached (texts, card faces, badges) is not drawn again,
        cache.clear()     # so it would not be heard
    fonts.clear()
    with tempfile.TemporaryDirectory() as folder, listening(scene, lang, covered) as listener:
        render_scene_to_png(scene, Path(folder) / "audit.png", lang, code=code, size=size,
                            text_size=text_size)
    return sorted(listener.found.values(), key=lambda f: (f.problem, f.text))


def main(argv: Sequence[str] | None = None) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.ui.screenshot import ScreenshotError, scenes

    parser = argparse.ArgumentParser(prog="python -m game.ui.textaudit",
                                     description="List the texts of each scene under 18 px, "
                                                 "squeezed below 90 %, cut or over each other.")
    parser.add_argument("scenes", nargs="*", help="scenes (default: every one)")
    parser.add_argument("--lang", action="append", choices=("es", "en", "pt"),
                        help="languages (default: es, en and pt)")
    parser.add_argument("--code", help="the game code the table scenes show")
    parser.add_argument("--text-size", type=int, choices=(100, 125, 150), default=100,
                        help="the text size setting, in percent (default 100)")
    parser.add_argument("--covered", action="store_true",
                        help="also list texts partly under a box or picture drawn later")
    args = parser.parse_args(argv)
    total = 0
    for lang in args.lang or ("es", "en", "pt"):
        for scene in args.scenes or scenes():
            try:
                found = audit_scene(scene, lang, args.code, text_size=args.text_size,
                                    covered=args.covered)
            except ScreenshotError as error:  # a scene the code's game has not got
                if args.scenes:  # named: say so; the whole list skips it, as the gallery does
                    print(f"{scene} ({lang}): {error}", file=sys.stderr)
                continue
            for finding in found:
                print(finding.line())
                total += 1
    print(f"{total} findings", file=sys.stderr)
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
