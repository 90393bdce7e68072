"""The table's input: the hand (hover, ←/→, click to read, a second or third identical card
for a pair or a trio), the read panel and its buttons, Space to draw, the number keys and the
people's badges to nope during a reaction window.

The input half of :class:`~game.ui.bombdeck.table.TableScene`, on the shared table skeleton
(``game.ui.table.base``); the attributes below are the scene's.
"""

from __future__ import annotations

import pygame

from game.rules.bombdeck.actions import Action
from game.rules.bombdeck.view import BombView
from game.ui.bombdeck import layout as L
from game.ui.bombdeck.anim import Timeline
from game.ui.bombdeck.choosers import NUMBER_KEYS
from game.ui.bombdeck.decide import Decider
from game.ui.bombdeck.hand import HandFan
from game.ui.bombdeck.names import Namer
from game.ui.bombdeck.readpanel import KEEP, Option, ReadPanel
from game.ui.table.base import GameTable

PRESS_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
KEYPAD = (pygame.K_KP1, pygame.K_KP2, pygame.K_KP3, pygame.K_KP4, pygame.K_KP5, pygame.K_KP6,
          pygame.K_KP7, pygame.K_KP8)


class TableInput(GameTable[BombView, Timeline, Action]):
    hand: HandFan
    panel: ReadPanel | None
    decider: Decider
    namer: Namer
    layout: L.TableLayout
    _hover_badge: int | None
    hover_seat: int | None
    _skip_guard: float
    clues_area: pygame.Rect

    @property
    def watching(self) -> bool:
        raise NotImplementedError

    def skip_moment(self) -> None:
        raise NotImplementedError

    def may_skip(self, event: pygame.event.Event) -> bool:
        raise NotImplementedError

    def key_released(self, key: int) -> None:
        raise NotImplementedError

    def _legal(self) -> list[Action]:
        raise NotImplementedError

    def nope(self, seat: int) -> bool:
        raise NotImplementedError

    def own_play_stands(self, seat: int) -> bool:
        raise NotImplementedError

    def draw_card(self) -> None:
        raise NotImplementedError

    @property
    def veiled(self) -> bool:
        raise NotImplementedError

    def show_cards(self) -> None:
        raise NotImplementedError

    @property
    def can_go_on(self) -> bool:
        raise NotImplementedError

    def go_on(self) -> bool:
        raise NotImplementedError

    # --- the read panel ------------------------------------------------------------------------

    def select(self, index: int) -> None:
        """A click on card ``index``: read it; a second or third identical card makes a pair
        or a trio; clicking a selected card puts it back."""
        hand = self.hand
        if not 0 <= index < len(hand.cards):
            return
        card = hand.cards[index]
        if index in hand.selected:
            hand.selected.remove(index)
        elif hand.selected and all(hand.cards[i] == card for i in hand.selected) \
                and len(hand.selected) < 3:
            hand.selected.append(index)
        else:
            hand.selected = [index]
        self._open_panel()

    def _combo(self, size: int) -> None:
        """A combo button chose ``size`` cards: select that many identical ones."""
        hand = self.hand
        if not hand.selected:
            return
        card = hand.cards[hand.selected[0]]
        same = [i for i, c in enumerate(hand.cards) if c == card]
        keep = [i for i in hand.selected if i in same]
        keep += [i for i in same if i not in keep]
        hand.selected = keep[:size]

    def _open_panel(self) -> None:
        hand = self.hand
        if not hand.selected:
            self.panel = None
            return
        card = hand.cards[hand.selected[0]]
        held = hand.cards.count(card)
        legal = self._legal()
        options, reason = self.decider.options(card, len(hand.selected), held, legal,
                                               self._combo)
        if card == "nope" and self.match.pending().is_window and self.private_ok:
            if self.own_play_stands(self.home):  # it would cancel your own play
                options, reason = [], self.namer.t("react.not_own")
            else:
                options = [Option(self.namer.card("nope"), self._nope_home, True)]
                reason = ""
        anchor = hand.rect_of(hand.selected[0])
        x = anchor.centerx if anchor is not None else L.HAND.centerx
        self.panel = ReadPanel(x, self.namer.card(card), self.namer.effect(card), options,
                               Option(self.namer.t("table.cancel"), self.close_panel), reason,
                               keep=self.panel_keeps())

    def panel_keeps(self) -> list[tuple[pygame.Rect, float]]:
        """What a read panel leaves in view where it can (review 4: it covered the draw button,
        the clues a lesson step asked about and the deck's count; review 5: the log's newest
        lines): the draw button, the piles and their counts, the meter, the log's foot, the
        other seats' badges, and the clues when there are any (as the table last drew them: a
        second row reaches below their box)."""
        keep = list(KEEP)
        # a badge counts thrice: a panel over a seat's name and cards hid who it was (the log's
        # newest lines, which the panel also leaves, give way first at 6 seats or more)
        keep += [(rect, 3.0) for seat, rect in self.layout.badges().items() if seat != self.home]
        if self.shown.clues:
            keep.append((self.clues_area.union(L.CLUES), 1.5))
        return keep

    def _nope_home(self) -> None:
        self.nope(self.home)

    def pad_key(self, button: int, seat: int | None) -> int | None:
        """A controller's Y nopes for its person, as their number key does: the person it
        was given to at the curtain, or the only person at this computer."""
        if button != pygame.CONTROLLER_BUTTON_Y:
            return super().pad_key(button, seat)
        if seat is None:
            people = [s for s in range(self.match.config.seat_count) if self.match.is_person(s)]
            seat = people[0] if len(people) == 1 else None
        return NUMBER_KEYS[seat] if seat is not None and seat < len(NUMBER_KEYS) else None

    def close_panel(self) -> None:
        self.panel = None
        self.hand.selected = []

    # --- input ---------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if self.network_input(event):
            return
        kind = event.type
        press = (kind == pygame.MOUSEBUTTONUP and getattr(event, "button", 0) == 1) or \
            (kind == pygame.KEYDOWN and event.key in PRESS_KEYS)
        if kind == pygame.KEYUP:
            self.key_released(event.key)
        if self.timeline.skippable or self._skip_guard > 0:
            if self.watching and kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                                          pygame.MOUSEMOTION) and self.controls.handle(event):
                return  # out and watching: the buttons still work
            if press and self.timeline.skippable and self.may_skip(event):
                self.skip_moment()
            if press or kind in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
                return  # nothing else happens during a moment (or just after cutting it)
        if kind == pygame.KEYDOWN and event.key in PRESS_KEYS:
            self._key(event.key)  # never "activate whatever the mouse last focused"
            return
        if kind == pygame.MOUSEMOTION:
            self.hand.mouse(event.pos)
            self._hover_badge = self._badge_at(event.pos)
            self.hover_seat = next((seat for seat, rect in self.layout.badges().items()
                                    if rect.collidepoint(event.pos)), None)
        if self.panel is not None and self.panel.handle(event):
            return
        if self.controls.handle(event):
            return
        if kind == pygame.MOUSEBUTTONUP and getattr(event, "button", 0) == 1:
            self._click(event.pos)
        elif kind == pygame.KEYDOWN:
            self._key(event.key)

    def _click(self, pos: tuple[int, int]) -> None:
        if self.held_end:  # the final table: its button (the controls had it), or the log
            if L.LOG.collidepoint(pos):
                self.open_log()
            return
        if self.panel is not None and self.panel.contains(pos):
            return
        seat = self._badge_at(pos)
        if seat is not None and self.match.pending().is_window:
            self.nope(seat)
            return
        index = self.hand.click(pos) if self.hand.interactive else None
        if index is not None:
            self.select(index)
        elif self.panel is not None:
            self.close_panel()
        elif L.LOG.collidepoint(pos):
            self.open_log()

    def open_log(self) -> None:
        raise NotImplementedError

    @property
    def held_end(self) -> bool:
        raise NotImplementedError

    def see_results(self) -> None:
        raise NotImplementedError

    def _badge_at(self, pos: tuple[int, int]) -> int | None:
        for seat, rect in self.layout.badges().items():
            if rect.collidepoint(pos) and self.match.is_person(seat):
                return seat
        return None

    def _key(self, key: int) -> None:
        if self.held_end:  # the final table: the results, or the whole log; nothing else
            if key in PRESS_KEYS:
                self.see_results()
            elif key == pygame.K_h:
                self.open_log()
            return
        if self.veiled:  # Space or Enter turns the cards up; nothing else acts meanwhile
            if key in PRESS_KEYS:
                self.show_cards()
            return
        if key in NUMBER_KEYS or key in KEYPAD:
            seat = NUMBER_KEYS.index(key) if key in NUMBER_KEYS else KEYPAD.index(key)
            self.nope(seat)
        elif key == pygame.K_h:  # the whole log (a person's chosen "history" key comes as H)
            self.open_log()
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and self.hand.interactive:
            if self.panel is not None:
                self.close_panel()
            self.hand.move_focus(1 if key == pygame.K_RIGHT else -1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.panel is not None:  # its primary option, or Cancel when it has none
                self.panel.enter_button().fire()
                return
            if self.can_go_on:
                self.go_on()
                return
            index = self.hand.focus if self.hand.focus is not None else self.hand.hover
            if index is not None and self.hand.interactive:
                self.select(index)
        elif key == pygame.K_SPACE:
            if self.can_go_on:
                self.go_on()
            else:
                self.draw_card()
