"""The read panel: a clicked card's name and effect in words, with what can be done with it
now (Play, Play pair, Play trio) or why it cannot be played, and Cancel.

It stands above the lifted card it reads, where it covers least of what the table must keep in
view (:func:`place`): the draw button, the clues, the deck and the discard pile with their
counts (review 4: over the card it read, it hid "Draw", the clues a lesson step asked about
and the deck's count)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.ui import fonts, theme
from game.ui.bombdeck import layout as L
from game.ui.bombdeck.hand import SELECT_LIFT
from game.ui.bombdeck.layout import HAND
from game.ui.cards import HOVER_SCALE, card_size
from game.ui.draw import round_rect
from game.ui.text import draw_paragraph, draw_text, wrap_text
from game.ui.widgets import Button, Form

PANEL_W = 480
SIDE_W = 420
"""A narrower panel, for a card with at most one button besides Cancel (three were cramped):
it fits left of the deck, over the log, where it covers nothing the table must keep in view."""
MARGIN = 16
BUTTON_H = 54
LIFTED_TOP = round(HAND.bottom + 8 - card_size(HOVER_SCALE)[1] - SELECT_LIFT / 2)
"""The top of the card a panel reads, lifted, enlarged and selected (``HandFan._placed``)."""
CLEAR = 16
"""The panel's bottom stays this far above that card (its focus ring, a lesson's ring round
it): the card, drawn under the panel, had its title cut by it (review 3)."""

Rect = pygame.Rect
DECK_AREA = Rect(L.DECK.left - 12, L.DECK.top, L.DECK.width + 24, L.DECK.height + 66)
"""The deck with its count and its name under it."""
DISCARD_AREA = Rect(L.DISCARD.left - 12, L.DISCARD.top, L.DISCARD.width + 24,
                    L.DISCARD.height + 66)
"""The discard pile with its name under it."""
DRAW_TAG = Rect(L.DRAW.left, L.DRAW.bottom, L.DRAW.width, 48)
"""Under the draw button: the "2 left" tag of turns owed."""
DECK_COUNT = Rect(DECK_AREA.left, L.DECK.bottom, DECK_AREA.width, DECK_AREA.bottom - L.DECK.bottom)
DISCARD_NAME = Rect(DISCARD_AREA.left, L.DISCARD.bottom, DISCARD_AREA.width,
                    DISCARD_AREA.bottom - L.DISCARD.bottom)
LOG_NEWEST = Rect(L.LOG.left, L.LOG.bottom - 126, L.LOG.width, 126)
"""The log's newest lines (at its foot): a panel covered them and the move that had just
happened with them (review 5 of Bomba en el Mazo); its title and oldest lines may go under a
panel, the whole log is one H away."""
KEEP: tuple[tuple[Rect, float], ...] = (
    (L.DRAW, 2.0), (DRAW_TAG, 0.5), (L.METER, 1.0),
    (DECK_AREA, 1.0), (DISCARD_AREA, 1.0), (DECK_COUNT, 1.0), (DISCARD_NAME, 1.0),
    (LOG_NEWEST, 1.0))
"""What a read panel keeps clear of where it can, with how much each matters: the count and the
names under the piles count twice (a wide panel that cannot miss the deck covers the edge of
its card rather than its count). The table adds the other seats' badges, and the clues when
it shows any."""


@dataclass(frozen=True)
class Option:
    label: str
    run: Callable[[], None]
    primary: bool = False


def _text_height(text: str, width: int) -> int:
    """The height ``text`` takes in the panel's body, as ``draw_paragraph`` lays it out (a
    panel sized by counting letters cut its second line: "Embaralha o monte; as pistas se")."""
    font = fonts.get(theme.TEXT_BODY)
    step = round(font.get_linesize() * 1.25 / 1.15)
    return len(wrap_text(text, theme.TEXT_BODY, width)) * step


def _height(text: str, width: int) -> int:
    return max(170, 54 + _text_height(text, width - 36) + BUTTON_H + 26)


def covered(rect: Rect, keep: Sequence[tuple[Rect, float]]) -> float:
    """How much of ``keep`` ``rect`` covers, each part's area weighted by how much it
    matters."""
    return sum(rect.clip(part).width * rect.clip(part).height * weight for part, weight in keep)


def place(anchor_x: float, text: str, buttons: int,
          keep: Sequence[tuple[Rect, float]]) -> Rect:
    """Where a panel reading the card lifted at ``anchor_x`` goes: above that card (its bottom
    :data:`CLEAR` above it), covering least of ``keep``; among equal places the one nearest
    over the card, the wider panel first. The narrower panel (:data:`SIDE_W`) is tried when
    its ``buttons`` (Cancel with them) still have room."""
    lowest = LIFTED_TOP - CLEAR
    widths = (PANEL_W, SIDE_W) if buttons <= 2 else (PANEL_W,)
    best: tuple[float, float, Rect] | None = None
    for width in widths:
        height = _height(text, width)
        xs = {MARGIN, theme.SCREEN_W - MARGIN - width, round(anchor_x - width / 2)}
        bottoms = {lowest}
        for part, _weight in keep:  # beside or above each part, a gap away
            xs.update((part.right + 4, part.left - 4 - width))
            bottoms.update((part.top - 4, part.bottom + 4 + height))
        for x in xs:
            x = max(MARGIN, min(theme.SCREEN_W - MARGIN - width, x))
            for bottom in bottoms:
                if bottom > lowest or bottom - height < MARGIN:
                    continue
                rect = Rect(x, bottom - height, width, height)
                far = abs(rect.centerx - anchor_x) + 2 * (lowest - bottom) + (PANEL_W - width)
                score = (covered(rect, keep), far, rect)
                if best is None or score[:2] < best[:2]:
                    best = score
    if best is None:  # (no room above the card: as before, centred over it)
        height = _height(text, PANEL_W)
        x = round(max(MARGIN, min(theme.SCREEN_W - MARGIN - PANEL_W, anchor_x - PANEL_W / 2)))
        return Rect(x, lowest - height, PANEL_W, height)
    return _over_the_log(best[2], keep)


def _over_the_log(rect: Rect, keep: Sequence[tuple[Rect, float]]) -> Rect:
    """A panel over the log rises to cover its title too, when that covers no more of
    ``keep``: else the title peeks out cut in half above it."""
    log = L.LOG
    if not rect.colliderect(log) or not log.top < rect.top < log.top + 60:
        return rect
    raised = rect.move(0, log.top - 2 - rect.top)
    return raised if covered(raised, keep) <= covered(rect, keep) else rect


class ReadPanel:
    """Built for one selection; ``form`` holds its buttons. ``keep``: what it should leave in
    view (:func:`place`); without it, it stands centred over the card."""

    def __init__(self, anchor_x: float, name: str, effect: str, options: list[Option],
                 cancel: Option, reason: str = "", *, top: int | None = None,
                 keep: Sequence[tuple[Rect, float]] | None = None) -> None:
        self.name = name
        self.effect = effect
        self.reason = reason
        text = reason or effect
        if keep is not None and top is None:
            self.rect = place(anchor_x, text, len(options) + 1, keep)
        else:
            width = PANEL_W
            x = round(max(MARGIN, min(theme.SCREEN_W - MARGIN - width, anchor_x - width / 2)))
            height = _height(text, width)
            bottom = LIFTED_TOP - CLEAR
            self.rect = Rect(x, (bottom - height) if top is None else top, width, height)
        width = self.rect.width
        self.form = Form()
        self.buttons: list[Button] = []
        gap = 10
        count = len(options) + 1
        bw = (width - 28 - gap * (count - 1)) // count
        bx, by = self.rect.left + 14, self.rect.bottom - BUTTON_H - 14
        for opt in options:
            b = Button((bx, by, bw, BUTTON_H), opt.label, opt.run,
                       style="primary" if opt.primary else "normal", size=theme.TEXT_BODY,
                       shortcut_label=None)
            self.form.add(b)
            self.buttons.append(b)
            bx += bw + gap
        self.cancel = Button((bx, by, bw, BUTTON_H), cancel.label, cancel.run, style="ghost")
        self.form.add(self.cancel)
        self.options = options

    def handle(self, event: pygame.event.Event) -> bool:
        return self.form.handle(event)

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.rect.collidepoint(pos)

    def primary(self) -> Button | None:
        for button, opt in zip(self.buttons, self.options, strict=True):
            if opt.primary and button.enabled:
                return button
        return self.buttons[0] if self.buttons else None

    def enter_button(self) -> Button:
        """What Enter does on the panel: its primary option, or, when nothing can be done
        with the card, its Cancel (review 3: on a lone cat, whose panel has only Cancel,
        Enter did nothing and the panel stayed while the machines played on)."""
        return self.primary() or self.cancel

    def update(self, dt: float) -> None:
        self.form.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        round_rect(surface, r.move(0, 6), theme.SHADE, 18, 120)
        round_rect(surface, r, theme.PANEL, 18, 255)  # opaque: the log showed through it
        round_rect(surface, r, theme.PANEL_EDGE, 18, 255, 2)
        draw_text(surface, self.name, (r.left + 18, r.top + 12), theme.TEXT_LARGE, theme.INK,
                  bold=True, max_width=r.width - 36)
        text = self.reason or self.effect
        color = (255, 170, 150) if self.reason else theme.INK_DIM
        body = pygame.Rect(r.left + 18, r.top + 54, r.width - 36, r.height - 54 - BUTTON_H - 22)
        draw_paragraph(surface, text, body, theme.TEXT_BODY, color)
        self.form.draw(surface)
