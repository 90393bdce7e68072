"""The history of the revealed bids: every round played, the cards it showed, every seat's
bid (a rebid after an arrow), who took what and for how much. A modal over the table (H, or
the History button); everything in it was public the moment it happened.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules.diebombe.cards import color_of
from game.rules.diebombe.state import RoundRecord
from game.rules.diebombe.view import DieView
from game.ui import theme
from game.ui.diebombe.marks import GOLD, draw_mini
from game.ui.diebombe.names import Namer
from game.ui.draw import round_rect
from game.ui.scenes.base import ModalScene
from game.ui.text import draw_text
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.app import App

ROW_H = 46
SILVER = (200, 210, 224)


def bid_text(record: RoundRecord, seat: int) -> str:
    """A seat's bids in one round: "12", "12 → 15" after a rebid, "" when it did not bid."""
    bids = [str(reveal[seat]) for reveal in record.reveals
            if seat < len(reveal) and reveal[seat] is not None]
    return " → ".join(bids)


def recent_bids(view: DieView, seat: int, count: int = 4) -> list[int]:
    """A seat's first bids of the last ``count`` rounds, oldest first (its panel shows them)."""
    out = []
    for record in view.history[-count:]:
        first = record.reveals[0] if record.reveals else ()
        if seat < len(first) and first[seat] is not None:
            out.append(int(first[seat] or 0))
    return out


class HistoryScene(ModalScene[None]):
    pauses_below = False
    panel_size = (1180, 660)

    def __init__(self, app: App, view: DieView, namer: Namer) -> None:
        self.view = view
        self.namer = namer
        self.scroll = 0
        super().__init__(app)

    def build(self) -> None:
        p = self.panel
        self.close = Button((p.centerx - 130, p.bottom - 70, 260, 54), self.tr("common.close"),
                            lambda: self.finish(None), shortcut=pygame.K_RETURN,
                            shortcut_label=self.tr("key.enter"))
        self.form.add(self.close)

    @property
    def rows_room(self) -> int:
        return (self.panel.height - 200) // ROW_H

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_h:
            self.finish(None)
            return
        if event.type == pygame.MOUSEWHEEL:
            self._scroll(-event.y)
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            self._scroll(1 if event.key == pygame.K_DOWN else -1)
            return
        super().handle(event)

    def _scroll(self, delta: int) -> None:
        most = max(0, len(self.view.history) - self.rows_room)
        self.scroll = max(0, min(most, self.scroll + delta))

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        p = self.panel
        namer = self.namer
        self.heading(surface, namer.t("diebombe.history.title"), p.top + 18)
        if len(self.view.history) > self.rows_room:
            draw_text(surface, namer.t("diebombe.history.scroll"), (p.right - 30, p.top + 40),
                      theme.TEXT_MIN, theme.INK_DIM, anchor="midright")
        seats = self.view.seats
        left = p.left + 30
        crowded = seats > 4
        round_w = 70 if crowded else 84
        cards_w = 150 if crowded else 160
        taken_w = 290 if crowded else 330
        col_w = (p.width - 60 - round_w - cards_w - taken_w) // seats
        header = p.top + 80
        draw_text(surface, namer.t("diebombe.history.round"), (left, header), theme.TEXT_MIN,
                  theme.INK_DIM, bold=True, anchor="midleft", max_width=round_w - 6)
        draw_text(surface, namer.t("diebombe.history.cards"), (left + round_w, header),
                  theme.TEXT_MIN, theme.INK_DIM, bold=True, anchor="midleft",
                  max_width=cards_w - 6)
        x0 = left + round_w + cards_w
        for seat in range(seats):
            draw_text(surface, namer.seat(seat), (x0 + seat * col_w + col_w // 2, header),
                      theme.TEXT_MIN, theme.INK, bold=not crowded, anchor="center",
                      max_width=col_w - 6)
        tx = x0 + seats * col_w + 10
        draw_text(surface, namer.t("diebombe.history.taken"), (tx, header), theme.TEXT_MIN,
                  theme.INK_DIM, bold=True, anchor="midleft", max_width=taken_w - 10)
        history = self.view.history
        if not history:
            draw_text(surface, namer.t("diebombe.history.none"), (p.centerx, p.centery),
                      theme.TEXT_BODY, theme.INK_DIM, anchor="center", max_width=p.width - 80)
        y = header + 22
        for record in history[self.scroll:self.scroll + self.rows_room]:
            row = pygame.Rect(p.left + 20, y, p.width - 40, ROW_H - 4)
            round_rect(surface, row, theme.mix(theme.PANEL, theme.BG_DEEP, 0.3), 8)
            middle = row.centery
            draw_text(surface, str(record.round), (left + 24, middle), theme.TEXT_SMALL,
                      theme.INK, bold=True, anchor="center")
            x = left + round_w
            for card in record.faceup:
                chip = draw_mini(card, namer.letter(color_of(card)), 28)
                surface.blit(chip, chip.get_rect(midleft=(x, middle)))
                x += chip.get_width() + 4
            for seat in range(seats):
                text = bid_text(record, seat)
                color = GOLD if seat == record.taker else SILVER if seat == record.second \
                    else theme.INK_DIM
                size = theme.TEXT_MIN if "→" in text else theme.TEXT_SMALL
                draw_text(surface, text, (x0 + seat * col_w + col_w // 2, middle),
                          size, color, bold=seat in (record.taker, record.second),
                          anchor="center", max_width=col_w - 8)
            lines = _taken(namer, record)
            for k, line in enumerate(lines):
                draw_text(surface, line, (tx, middle + (k - (len(lines) - 1) / 2) * 20),
                          theme.TEXT_MIN, theme.INK if k == 0 else theme.INK_DIM,
                          anchor="midleft", max_width=taken_w - 16)
            y += ROW_H
        self.form.draw(surface)


def _taken(namer: Namer, record: RoundRecord) -> list[str]:
    """Who took the first card and for how much; who took the other, free."""
    lines = [namer.t("diebombe.history.took", player=namer.seat(record.taker),
                     card=namer.card(record.card), paid=record.price)]
    if record.second is not None and record.other is not None:
        lines.append(namer.t("diebombe.history.second", player=namer.seat(record.second),
                             card=namer.card(record.other)))
    return lines
