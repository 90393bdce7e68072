"""Modal choosers over the table, each returning what was picked (``None``: cancelled):

- :class:`SeatChooser`: the target of a favor, a pair, a trio or a swipe (only the seats the
  caller passes, i.e. the legal targets);
- :class:`CardChooser`: the card a favored person gives (no cancel: it must be given);
- :class:`NameCardChooser`: the card a trio asks for.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.ui import cards, fonts, gfx, theme
from game.ui.bombdeck.face import fitting_title
from game.ui.scenes.base import ModalScene
from game.ui.text import draw_text
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.app import App

KEY_GUARD = 0.3
"""Seconds after a chooser that pops up unasked (a favor asked of you during another's turn)
is shown during which its keys and clicks are ignored: a press meant for the table (Space to
draw, Enter) must not choose (review 2: Space once gave the pre-selected card away)."""
NUMBER_KEYS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6,
               pygame.K_7, pygame.K_8)


ACTIVATE = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class SeatChooser(ModalScene[int]):
    """Buttons for the seats that may be chosen, each with its number key; Enter (or Space)
    chooses the highlighted one: the first, lit as the primary button, or the one the arrows
    moved the focus ring to (review 3: only the number keys chose). Like the favor chooser it
    takes only a fresh press: nothing in its first :data:`KEY_GUARD` seconds, and not a key
    already down when it came (the Enter that played the card, held) until pressed again."""

    pauses_below = False

    def __init__(self, app: App, title: str, seats: Sequence[tuple[int, str]]) -> None:
        """``seats``: (seat, label) pairs, e.g. (2, "Crafty 3 · 5 cards")."""
        self.title = title
        self.seats = list(seats)
        self.buttons: dict[int, Button] = {}
        pressed = pygame.key.get_pressed()
        self._held = {k for k in ACTIVATE if pressed[k]}
        self._age = 0.0
        super().__init__(app)

    def update(self, dt: float) -> None:
        self._age += dt
        super().update(dt)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYUP:
            self._held.discard(event.key)
        elif event.type == pygame.KEYDOWN and event.key in ACTIVATE:
            if self._age < KEY_GUARD - 1e-9 or event.key in self._held:
                return  # a press meant for what came before
            if not self.form.show_focus:  # no ring: the lit first button is the choice
                lit = self.form.focused or next(iter(self.buttons.values()), None)
                if lit is not None:
                    lit.activate()
                return
        super().handle(event)

    @property
    def panel(self) -> pygame.Rect:
        rows = (len(self.seats) + 1) // 2 if len(self.seats) > 3 else len(self.seats)
        title = fonts.get(theme.TEXT_HEADING, True).size(self.title)[0] + 80  # whole, unsqueezed
        width = min(theme.SCREEN_W - 40, max(880 if len(self.seats) > 3 else 600, title))
        r = pygame.Rect(0, 0, width, 200 + rows * 78)
        r.center = (theme.SCREEN_W // 2, theme.SCREEN_H // 2)
        return r

    def build(self) -> None:
        p = self.panel
        two = len(self.seats) > 3
        w = (p.width - 100) // 2 if two else p.width - 100
        self.buttons = {}
        for k, (seat, label) in enumerate(self.seats):
            col, row = (k % 2, k // 2) if two else (0, k)
            rect = (p.left + 40 + col * (w + 20), p.top + 100 + row * 78, w, 64)
            key = NUMBER_KEYS[seat] if seat < len(NUMBER_KEYS) else None
            b = Button(rect, label, partial(self.finish, seat), shortcut=key,
                       shortcut_label=str(seat + 1), style="primary" if k == 0 else "normal")
            self.buttons[seat] = b
            self.form.add(b)
        self.cancel = Button((p.centerx - 130, p.bottom - 78, 260, 56),
                             self.tr("common.cancel"), lambda: self.finish(None),
                             shortcut_label=self.tr("key.esc"), style="ghost")
        self.form.add(self.cancel)
        first = self.buttons.get(self.seats[0][0]) if self.seats else None
        self.form.focus(first, show=False)

    def on_escape(self) -> None:
        self.finish(None)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        self.heading(surface, self.title, self.panel.top + 24)
        self.form.draw(surface)


class _CardRow(ModalScene[str]):
    """Cards laid out in rows; click one, or ←/→ and Enter."""

    pauses_below = False
    per_row = 7
    cancellable = True
    confirms = False
    """A pick only marks the card; a button (or Enter again) gives it: for a choice that
    cannot be taken back, where one stray key must not decide. Space only marks: it is the
    table's draw key, pressed over and over, and it never gives."""
    fresh_keys = False
    """Only a key pressed after the chooser was shown acts: for :data:`KEY_GUARD` seconds
    nothing does (the app's click guard is held that long too), and a key already held down
    when it came (its repeats) acts only once released and pressed again."""

    def __init__(self, app: App, title: str, choices: Sequence[tuple[str, str, str]],
                 art: Callable[[str], str] | None = None,
                 short: Callable[[str], str] | None = None) -> None:
        """``choices``: (card id, name, small caption such as "×2"); ``art``: the picture a
        card id wears (the rule set's: Clásico's animals are cats); ``short``: a card's short
        title, for a name too long for its face (``Namer.short``)."""
        self.title = title
        self.choices = list(choices)
        self.art = art or (lambda card: card)
        self.short = short or (lambda card: "")
        self.focus = 0
        self.hover: int | None = None
        self.chosen: int | None = None
        """The marked card waiting for its confirmation (``confirms`` only)."""
        self._pressed: int | None = None
        self._age: float | None = None
        """Seconds shown (``None``: not updated yet)."""
        self._held: set[int] = set()
        if self.fresh_keys:
            pressed = pygame.key.get_pressed()
            self._held = {k for k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE,
                                      pygame.K_LEFT, pygame.K_RIGHT) if pressed[k]}
        super().__init__(app)

    def update(self, dt: float) -> None:
        if self.fresh_keys and self._age is None:
            # the first frame it is shown: clicks wait as long as keys (the app's guard,
            # counted down in the same frames, reaches 0 as the age reaches KEY_GUARD)
            self.app.guard_clicks(KEY_GUARD)
        self._age = (self._age or 0.0) + dt
        super().update(dt)

    def _stale(self, event: pygame.event.Event) -> bool:
        """A key press this chooser must not act on (:attr:`fresh_keys`)."""
        if not self.fresh_keys:
            return False
        return self._age is None or self._age < KEY_GUARD - 1e-9 or event.key in self._held

    @property
    def panel(self) -> pygame.Rect:
        rows = max(1, math.ceil(len(self.choices) / self.per_row))
        cols = min(self.per_row, max(1, len(self.choices)))
        bottom = 190 if self.cancellable or self.confirms else 120
        r = pygame.Rect(0, 0, max(640, cols * 132 + 80), bottom + rows * 200)
        r.center = (theme.SCREEN_W // 2, theme.SCREEN_H // 2)
        return r

    def card_rect(self, index: int) -> pygame.Rect:
        p = self.panel
        cols = min(self.per_row, max(1, len(self.choices)))
        row, col = divmod(index, self.per_row)
        in_row = min(cols, len(self.choices) - row * self.per_row)
        left = p.centerx - (in_row * 132 - 22) // 2
        return pygame.Rect(left + col * 132, p.top + 96 + row * 200, cards.CARD_W,
                           cards.CARD_H)

    def build(self) -> None:
        p = self.panel
        if self.cancellable:
            self.cancel = Button((p.centerx - 130, p.bottom - 72, 260, 54),
                                 self.tr("common.cancel"), lambda: self.finish(None),
                                 shortcut_label=self.tr("key.esc"), style="ghost")
            self.form.add(self.cancel)
        if self.confirms:
            self.give = Button((p.centerx - 200, p.bottom - 76, 400, 58), self._give_text,
                               self._confirm, shortcut_label=self.tr("key.enter"),
                               style="primary", enabled=self.chosen is not None)
            self.form.add(self.give)

    def _give_text(self) -> str:
        if self.chosen is None or not 0 <= self.chosen < len(self.choices):
            return self.t("choose.pick_first")
        return self.t("choose.give", card=self.choices[self.chosen][1])

    def _confirm(self) -> None:
        if self.chosen is not None:
            self.finish(self.choices[self.chosen][0])

    def pick(self, index: int) -> None:
        if not 0 <= index < len(self.choices):
            return
        if not self.confirms:
            self.finish(self.choices[index][0])
            return
        self.chosen = self.focus = index
        self.give.enabled = True

    def _at(self, pos: tuple[int, int]) -> int | None:
        for i in range(len(self.choices)):
            if self.card_rect(i).inflate(8, 24).collidepoint(pos):
                return i
        return None

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1:
            self._pressed = self._at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 0) == 1:
            at = self._at(event.pos)
            if at is not None and at == self._pressed:
                self.pick(at)
                return
        elif event.type == pygame.KEYUP:
            self._held.discard(event.key)
        elif event.type == pygame.KEYDOWN:
            if self._stale(event):
                return
            n = len(self.choices)
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and n:
                self.focus = (self.focus + (1 if event.key == pygame.K_RIGHT else -1)) % n
                self.hover = None
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                if self.confirms and self.chosen is not None and self.chosen == self.focus:
                    if event.key != pygame.K_SPACE:  # Space never gives
                        self._confirm()  # the second press on the marked card gives it
                else:
                    self.pick(self.focus)
                return
        super().handle(event)

    def on_escape(self) -> None:
        if self.cancellable:
            self.finish(None)
        else:
            from game.ui.scenes.pause import PauseScene

            self.push(PauseScene(self.app))

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        self.heading(surface, self.title, self.panel.top + 24)
        lit = self.hover if self.hover is not None else self.focus
        for i, (card, name, caption) in enumerate(self.choices):
            r = self.card_rect(i)
            if i == self.chosen:
                r = r.move(0, -16)
                gfx.rect(surface, theme.OK, r.inflate(18, 18), 6, border_radius=18)
            if i == lit:
                r = r.move(0, -10 if i != self.chosen else 0)
                gfx.rect(surface, theme.ACCENT, r.inflate(12, 12), 4, border_radius=16)
            # a long name whole or short, never broken ("Desactiva-/ción": review 2)
            title = fitting_title(name, self.short(card), cards.CARD_W)
            cards.blit_card(surface, cards.draw_card(self.art(card), title, ""), r.topleft,
                            10 if i == lit else 4)
            if caption:
                draw_text(surface, caption, (r.centerx, r.bottom + 8), theme.TEXT_BODY,
                          theme.INK, bold=True, anchor="midtop")
        self.form.draw(surface)


class CardChooser(_CardRow):
    """The favored person picks the card to give (behind their own curtain): a click or a key
    marks it, "Give …" (or the same key again) gives it; a gift cannot be taken back."""

    cancellable = False
    confirms = True
    fresh_keys = True
    per_row = 8


class NameCardChooser(_CardRow):
    """The card a trio asks for."""
