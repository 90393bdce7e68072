"""The person's choice of a card to take, or of where a bomb falls: the legal actions laid on
the table, each with the spot a click picks it by and the card it aims at.

Keys: ←/→ (and ↑/↓, Tab) move between the choices, Enter or Space confirms; to take, 1 and 2
pick the left or the right card; to drop a bomb, a seat's number goes to that seat's
choices (again: its next one). A click on a choice confirms it at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.rules.diebombe.actions import Action
from game.ui.diebombe.bidpad import DIGITS

TAKE = "take"
BOMB = "bomb"


@dataclass(frozen=True)
class Pick:
    action: Action
    area: pygame.Rect
    """Where a click picks it."""
    aim: pygame.Rect
    """The card it takes or covers."""
    seat: int | None = None
    """The seat a bomb falls on."""


class Picker:
    def __init__(self, kind: str, picks: Sequence[Pick], choose: Callable[[Action], object]
                 ) -> None:
        self.kind = kind
        self.picks = list(picks)
        self.choose = choose
        self.focus = 0
        self.hover: int | None = None

    @property
    def lit(self) -> int:
        """The choice shown as the one Enter would confirm."""
        return self.hover if self.hover is not None else self.focus

    def at(self, pos: tuple[int, int]) -> int | None:
        """The choice under ``pos`` (the last drawn, on top, first)."""
        for index in range(len(self.picks) - 1, -1, -1):
            if self.picks[index].area.collidepoint(pos):
                return index
        return None

    def confirm(self, index: int | None = None) -> None:
        index = self.lit if index is None else index
        if 0 <= index < len(self.picks):
            self.choose(self.picks[index].action)

    def move(self, delta: int) -> None:
        if self.picks:
            self.focus = (self.lit + delta) % len(self.picks)
            self.hover = None

    def key(self, key: int) -> bool:
        if key in (pygame.K_LEFT, pygame.K_UP):
            self.move(-1)
            return True
        if key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB):
            self.move(1)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.confirm()
            return True
        if key in DIGITS:
            number = DIGITS[key]
            if self.kind == TAKE and 1 <= number <= len(self.picks):
                self.confirm(number - 1)
                return True
            if self.kind == BOMB:
                mine = [i for i, pick in enumerate(self.picks) if pick.seat == number - 1]
                if mine:
                    later = [i for i in mine if i > self.lit] if self.lit in mine else []
                    self.focus = (later or mine)[0]
                    self.hover = None
                return True
        return False

    def mouse(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.at(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 0) == 1:
            index = self.at(event.pos)
            if index is not None:
                self.confirm(index)
                return True
        return False
