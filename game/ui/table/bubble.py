"""The drawing pieces of a first game that teaches, for any game's table: the table dimmed
around what a lesson talks about (:func:`spotlight`), a glowing ring on each of those parts
(:func:`rings`), a paper bubble of wrapped words with its Next and Skip buttons
(:class:`Bubble`), where that bubble goes so that it covers neither what it points at nor,
as far as it can, what the person needs to see (:func:`place_beside`), and the arrow from the
bubble to its target (:func:`arrow`).

Nothing here knows a game: a lesson says what to point at, in logical 1280×720 rects, and
which words to show.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.ui import fonts, gfx, theme
from game.ui.cache import MB, SurfaceCache
from game.ui.draw import round_rect
from game.ui.locale import TextSource, text_of
from game.ui.text import draw_text, wrap_text
from game.ui.widgets import Button, Form

Rect = pygame.Rect

PAPER = (250, 241, 222)
PAPER_EDGE = (255, 170, 60)
SPOT_ALPHA = 120
"""How dark the table goes around what a bubble points at."""
HOLE = 14
"""How much bigger than its target a hole in the shade (and its ring) is."""
MARGIN = 10
"""A bubble keeps this far from the screen's edges."""
TEXT = theme.TEXT_MIN
LINE = 24
BUTTON_H = 40
PAD_X = 18
TOP = 30
"""The bubble's first line starts under its progress ("Step 2 of 9")."""
BOTTOM = 12
SIDES = ("below", "above", "right", "left")
SLIDE = tuple(range(-640, 641, 16))
"""How far a bubble may slide along its side of the target, tried nearest first."""
SIDE_COST = 400.0
"""What taking the next side costs against a covered pixel of what the person needs."""
RISE = 60
"""A bubble with nowhere to point sits this far above the middle of the screen."""
BANNER_X = 60
BANNER_Y = 4
"""A banner (:meth:`Bubble.place_banner`) runs across the top of the screen, this far from its
edges: above a panel that opens at 62 (a game's picker), whose frame stays whole."""


# --- the shade and the rings -----------------------------------------------------------------


_SHADES: SurfaceCache[pygame.Surface] = SurfaceCache("lesson shades", 2 * MB)


def spotlight(surface: pygame.Surface, targets: Sequence[Rect], alpha: int = SPOT_ALPHA) -> None:
    """The table dimmed around ``targets`` (a hole over each); the shade is made once per set
    of targets and size of screen."""
    def make() -> pygame.Surface:
        shade = gfx.Canvas(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, alpha))
        for rect in targets:
            gfx.rect(shade, (0, 0, 0, 0), rect.inflate(HOLE, HOLE), border_radius=16)
        return shade

    key = (surface.get_size(), alpha, *(tuple(rect) for rect in targets))
    surface.blit(_SHADES.get_or_make(key, make), (0, 0))


def rings(surface: pygame.Surface, targets: Sequence[Rect], pulse: float) -> None:
    """A glowing ring round each target; ``pulse`` from 0 to 1 makes it breathe."""
    for rect in targets:
        round_rect(surface, rect.inflate(HOLE, HOLE), theme.ACCENT, 16, round(160 + 95 * pulse),
                   4)


# --- where a bubble goes -----------------------------------------------------------------------


def place_beside(targets: Sequence[Rect], size: tuple[int, int],
                 sides: Sequence[str] = SIDES, gap: int = 30,
                 keep: Sequence[tuple[Rect, float]] = (),
                 screen: Rect | None = None, *, slides: Sequence[int] = SLIDE,
                 rise: int = RISE) -> Rect:
    """A rect of ``size`` beside ``targets``, inside ``screen`` (the logical screen less a
    margin), never over a target, covering as little as it can of ``keep`` (the table's parts
    with how much the person needs to see each). Each of ``sides`` (``below``, ``above``,
    ``right``, ``left``) is tried with the bubble slid along it; an earlier side and a
    shorter slide win ties; ``anywhere`` tries every spot of the screen. In the middle of
    the screen when there is no target or no room (``rise`` above its middle). ``slides``: the
    slides tried along a side (a coarser grid is quicker and finds other spots)."""
    if screen is None:
        screen = Rect(0, 0, theme.SCREEN_W, theme.SCREEN_H).inflate(-2 * MARGIN, -2 * MARGIN)
    bubble = Rect((0, 0), size)
    if not targets:
        bubble.center = (screen.centerx, screen.centery - rise)
        return bubble
    holes = [rect.inflate(HOLE, HOLE) for rect in targets]
    area = holes[0].unionall(holes[1:])
    best: tuple[float, Rect] | None = None
    for order, side in enumerate(sides):
        if side == "anywhere":
            spot = _anywhere(bubble, holes, screen, keep, order * SIDE_COST)
            if spot is not None and (best is None or spot[0] < best[0]):
                best = spot
            continue
        for slide in sorted(slides, key=abs):
            if side == "below":
                bubble.midtop = (area.centerx + slide, area.bottom + gap)
            elif side == "above":
                bubble.midbottom = (area.centerx + slide, area.top - gap)
            elif side == "right":
                bubble.midleft = (area.right + gap, area.centery + slide)
            else:
                bubble.midright = (area.left - gap, area.centery + slide)
            if not screen.contains(bubble):  # (beside the targets' box: never over one)
                continue
            covered = sum(weight * _overlap(bubble, rect) for rect, weight in keep)
            cost = covered + order * SIDE_COST + abs(slide)
            if best is None or cost < best[0]:
                best = (cost, bubble.copy())
    if best is None:
        bubble.center = (screen.centerx, screen.centery - rise)
        return bubble
    return best[1]


GRID = 16
"""The step of the search of ``anywhere``."""


def _anywhere(bubble: Rect, holes: Sequence[Rect], screen: Rect,
              keep: Sequence[tuple[Rect, float]], extra: float) -> tuple[float, Rect] | None:
    """The spot on the screen clear of every hole that covers least of ``keep`` (targets on
    both sides of the table leave no side free: the bubble goes between them), the nearest
    to the middle of the screen on a tie."""
    best: tuple[float, Rect] | None = None
    spot = bubble.copy()
    for top in range(screen.top, screen.bottom - spot.height + 1, GRID):
        for left in range(screen.left, screen.right - spot.width + 1, GRID):
            spot.topleft = (left, top)
            if spot.collidelist(holes) >= 0:
                continue
            covered = sum(weight * _overlap(spot, rect) for rect, weight in keep)
            off = abs(spot.centerx - screen.centerx) + abs(spot.centery - screen.centery)
            cost = covered + extra + off
            if best is None or cost < best[0]:
                best = (cost, spot.copy())
    return best


def _overlap(a: Rect, b: Rect) -> int:
    clip = a.clip(b)
    return clip.width * clip.height


# --- the arrow -----------------------------------------------------------------------------------


def arrow(surface: pygame.Surface, bubble: Rect, target: Rect, bob: float = 0.0, *,
          shortest: int = 16) -> None:
    """A thick arrow from the bubble's edge to the nearest edge of ``target`` (its ring);
    ``bob`` pulls its head back a few pixels (it bobs when the lesson breathes). None when
    it would be shorter than ``shortest`` (the bubble nearly touches the ring)."""
    target = target.inflate(HOLE, HOLE)
    start = pygame.Vector2(bubble.center)
    if target.collidepoint(start):
        return
    end = pygame.Vector2(max(target.left, min(target.right, start.x)),
                         max(target.top, min(target.bottom, start.y)))
    line = end - start
    if line.length() < 1:
        return
    unit = line.normalize()
    for _ in range(800):  # leave the bubble at its edge
        if not bubble.collidepoint(start):
            break
        start += unit * 2
    end -= unit * (6 + bob)
    if (end - start).length() < shortest:
        return
    side = pygame.Vector2(-unit.y, unit.x)
    head = [end + unit * 4, end - unit * 18 + side * 12, end - unit * 18 - side * 12]
    shadow = pygame.Vector2(2, 3)
    gfx.line(surface, theme.SHADE, start + shadow, end - unit * 14 + shadow, 8)
    gfx.line(surface, PAPER_EDGE, start, end - unit * 14, 8)
    gfx.polygon(surface, PAPER_EDGE, [(p.x, p.y) for p in head])


# --- the bubble ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class BubbleStyle:
    """How a bubble is set: the size of its words and lines, its margins, its buttons. The
    defaults are the lessons' own; a game whose table has room for bigger words gives its
    own (the bomb deck's: larger words, fixed buttons)."""

    text: int = TEXT
    line: int = LINE
    pad_x: int = PAD_X
    top: int = TOP
    """From the paper's top to its first line."""
    below: int = 12
    """Between the last line and the button row."""
    bottom: int = BOTTOM
    """Between the button row and the paper's bottom."""
    inset: int = 14
    """Between a button and the paper's side."""
    button_h: int = BUTTON_H
    next_w: int = 180
    skip_w: int = 190
    next_size: int = TEXT
    fit_buttons: bool = True
    """The buttons as wide as their words need in the language (else ``next_w``,
    ``skip_w``)."""
    progress_size: int = TEXT
    progress_y: int = 6
    progress_fade: float = 0.4
    """How far the progress line's ink goes toward the paper (it is read last)."""
    bold_warning_wrap: bool = True
    """The warning wrapped as it is drawn, bold (else as plain words)."""


class Bubble:
    """The paper bubble: a progress line, the words wrapped to its width (a warning after
    them in red), and a row of two buttons along its bottom: Skip on the left, Next on the
    right. The lesson says where it goes (:meth:`place`) and which buttons show."""

    def __init__(self, on_next: Callable[[], None], on_skip: Callable[[], None], *,
                 next_text: TextSource, skip_text: TextSource, next_key: TextSource,
                 skip_key: TextSource, width: int = 400,
                 style: BubbleStyle = BubbleStyle()) -> None:
        self.width = width
        self.style = style
        self.rect = Rect(0, 0, width, 0)
        self.form = Form()
        self.next_button = Button((0, 0, style.next_w, style.button_h), next_text, on_next,
                                  style="primary", size=style.next_size,
                                  shortcut_label=next_key)
        self.skip_button = Button((0, 0, style.skip_w, style.button_h), skip_text, on_skip,
                                  style="ghost", size=theme.TEXT_MIN, shortcut_label=skip_key)
        self.form.add(self.next_button)
        self.form.add(self.skip_button)

    @property
    def line(self) -> int:
        """The step between lines, grown with the person's text size (the same at 100 %)."""
        return fonts.scaled(self.style.line)

    @property
    def top(self) -> int:
        return fonts.scaled(self.style.top)

    @property
    def button_h(self) -> int:
        return fonts.scaled(self.style.button_h)

    def _button_width(self, button: Button) -> int:
        """What ``button``'s label and key cap need in the current language (the row is laid
        out for the words, never squeezed); the style's width when it fixes one, unless the
        words need more (a bigger text size)."""
        width = 24 + fonts.get(button.size, True).size(text_of(button.text))[0]
        if button.shortcut_label is not None:
            cap = fonts.get(theme.TEXT_MIN, False).size(text_of(button.shortcut_label))[0]
            width += cap + 14 + 10
        if not self.style.fit_buttons:
            fixed = self.style.next_w if button is self.next_button else self.style.skip_w
            return fixed if fonts.text_factor == 1.0 else max(fixed, width + 8)
        return max(110, width + 8)

    def buttons(self, *, next_shown: bool, skip_shown: bool) -> None:
        """Which of its buttons show (before :meth:`size`: they may widen it)."""
        self.next_button.visible = next_shown
        self.skip_button.visible = skip_shown

    @property
    def outer_width(self) -> int:
        """Its width: as asked, or wider when the buttons that show need more."""
        shown = [b for b in (self.next_button, self.skip_button) if b.visible]
        row = sum(self._button_width(button) for button in shown)
        return max(self.width, row + 2 * 14 + 12 * (len(shown) - 1))

    def lines(self, text: str, warning: str = "") -> list[tuple[str, bool]]:
        """The words as lines, each with whether it is the warning's."""
        return self._lines(text, warning, self.outer_width - 2 * self.style.pad_x)

    def _lines(self, text: str, warning: str, inner: int) -> list[tuple[str, bool]]:
        style = self.style
        out = [(line, False) for line in wrap_text(text, style.text, inner)]
        if warning:
            out += [(line, True) for line in wrap_text(warning, style.text, inner,
                                                       bold=style.bold_warning_wrap)]
        return out

    def size(self, text: str, warning: str = "") -> tuple[int, int]:
        """How big the bubble is with these words and its button row."""
        style = self.style
        return (self.outer_width, self.top + len(self.lines(text, warning)) * self.line
                + style.below + self.button_h + style.bottom)

    def place(self, rect: Rect) -> None:
        """Put the bubble at ``rect`` (of its :meth:`size`) and its buttons along its
        bottom."""
        self.rect = rect.copy()
        style = self.style
        self.next_button.rect.width = self._button_width(self.next_button)
        self.skip_button.rect.width = self._button_width(self.skip_button)
        self.next_button.rect.height = self.skip_button.rect.height = self.button_h
        self.next_button.rect.bottomright = (rect.right - style.inset, rect.bottom - style.bottom)
        self.skip_button.rect.bottomleft = (rect.left + style.inset, rect.bottom - style.bottom)

    def place_banner(self, text: str, warning: str = "") -> None:
        """Make the bubble a banner across the top of the screen, its words centred and no
        buttons drawn (a step over a game's own panel, which says what to do below it); its
        buttons stay where they were."""
        width = theme.SCREEN_W - 2 * BANNER_X
        lines = self._lines(text, warning, width - 2 * self.style.pad_x)
        height = 22 + len(lines) * self.line
        self.rect = Rect(BANNER_X, BANNER_Y, width, max(52, height))

    def hide(self) -> None:
        self.next_button.visible = False
        self.skip_button.visible = False

    def handle(self, event: pygame.event.Event) -> bool:
        """A click on one of its buttons (or the pointer moving over them)."""
        return self.form.handle(event)

    def update(self, dt: float) -> None:
        self.form.update(dt)

    def draw(self, surface: pygame.Surface, text: str, *, warning: str = "",
             progress: str = "", shake: int = 0) -> None:
        """The paper, the words and the buttons; ``shake`` moves the paper sideways (a
        refused action)."""
        style = self.style
        box = self.rect.move(shake, 0)
        _paper(surface, box)
        if progress:
            draw_text(surface, progress, (box.right - 16, box.top + style.progress_y),
                      style.progress_size, theme.mix(theme.INK_DARK, PAPER, style.progress_fade),
                      anchor="topright", max_width=box.width - 32)
        y = box.top + self.top
        for line, warned in self.lines(text, warning):
            draw_text(surface, line, (box.left + style.pad_x, y), style.text,
                      theme.DANGER if warned else theme.INK_DARK, bold=warned,
                      max_width=box.width - 2 * style.pad_x)
            y += self.line
        self.form.draw(surface)

    def draw_banner(self, surface: pygame.Surface, text: str, *, warning: str = "",
                    shake: int = 0) -> None:
        """The banner of :meth:`place_banner`: the paper and its words, bold and centred."""
        style = self.style
        box = self.rect.move(shake, 0)
        _paper(surface, box)
        inner = box.width - 2 * style.pad_x
        y = box.top + 11
        for line, _warned in self._lines(text, warning, inner):
            draw_text(surface, line, (box.centerx, y), style.text, theme.INK_DARK, bold=True,
                      anchor="midtop", max_width=inner)
            y += self.line


def _paper(surface: pygame.Surface, box: Rect) -> None:
    """The paper with its shadow and its edge."""
    round_rect(surface, box.move(0, 5), theme.SHADE, 18, 120)
    round_rect(surface, box, PAPER, 18)
    round_rect(surface, box, PAPER_EDGE, 18, 255, 3)
