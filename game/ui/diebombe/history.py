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
from game.ui import fonts, theme
from game.ui.diebombe.marks import GOLD, draw_mini
from game.ui.diebombe.names import Namer
from game.ui.draw import round_rect
from game.ui.scenes.base import ModalScene
from game.ui.text import NARROW, draw_text, wrap_text
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.app import App

ROW_H = 46
SILVER = (200, 210, 224)
ARROW = " → "
GAP = " ⋯ "
"""A chain too long for its column keeps its first and its last bid: "12 ⋯ 20"."""
LINE_STEP = 20
"""Two lines of a chain in one row of the history, this far apart."""
ROUND_W = 84
CARDS_W = 158
TAKEN_W = 300
TAKEN_MINI = 20
"""The card before a line of who took what: small, the row holds two."""
"""The history's columns: the round, its two cards, who took what; the seats share the rest
(a name too long for its column takes two lines, a chain of bids too)."""


def seat_bids(record: RoundRecord, seat: int) -> list[int]:
    """A seat's bids in one round, in order (more than one after a tie), none if it did not
    bid."""
    return [int(reveal[seat] or 0) for reveal in record.reveals
            if seat < len(reveal) and reveal[seat] is not None]


def bid_text(record: RoundRecord, seat: int) -> str:
    """A seat's bids in one round: "12", "12 → 15" after a rebid, "" when it did not bid."""
    return ARROW.join(map(str, seat_bids(record, seat)))


def fits(text: str, width: int, bold: bool = False, size: int = theme.TEXT_MIN,
         exact: bool = False) -> bool:
    """``text`` at ``size`` fits ``width`` narrowed no further than the text's floor allows
    (the text audit's 90 %); ``exact``: not narrowed at all."""
    return fonts.get(size, bold).size(text)[0] * (1.0 if exact else NARROW) <= width


def chain_lines(bids: list[int], width: int, most: int = 2, bold: bool = False) -> list[str]:
    """A seat's bids of one round laid out for a column ``width`` wide at the 18 px floor,
    in at most ``most`` lines, every line whole and unnarrowed (a review found rebid chains
    squeezed to 62 %; at 90 % neighbouring columns touched):
    "12 → 15 → 20" on one line if it fits; else two lines, "12 → 15" over "→ 20" (the
    arrow says the line goes on); else the first and the last bid, "12 ⋯ 20" (the history
    has every one); else only the last bid, the one that counted."""
    parts = [str(bid) for bid in bids]
    if not parts:
        return []
    whole = ARROW.join(parts)
    if fits(whole, width, bold, exact=True):
        return [whole]
    if most >= 2:
        for cut in sorted(range(1, len(parts)), key=lambda k: (abs(len(parts) - 2 * k), -k)):
            first, second = ARROW.join(parts[:cut]), "→ " + ARROW.join(parts[cut:])
            if fits(first, width, bold, exact=True) and fits(second, width, bold, exact=True):
                return [first, second]
    short = parts[0] + GAP + parts[-1]
    return [short] if fits(short, width, bold, exact=True) else [parts[-1]]


def name_lines(name: str, width: int, bold: bool = False) -> list[str]:
    """A column's heading: the name on one line, or broken at its spaces onto two ("Despiadado"
    over "3") when one line would be narrowed (squeezed names of neighbouring columns run
    into each other); a single long word stays one (narrowed, never below 90 % if it can)."""
    if fits(name, width, bold, exact=True):
        return [name]
    lines = wrap_text(name, theme.TEXT_MIN, width, bold)
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    return lines


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
        crowded = seats > 4  # the seats' columns get what the others can spare
        history = self.view.history
        minis = [[draw_mini(card, namer.letter(color_of(card)), 28) for card in record.faceup]
                 for record in history]
        cards_head = fonts.get(theme.TEXT_MIN, True).size(namer.t("diebombe.history.cards"))[0]
        widest = max([cards_head, *(sum(chip.get_width() + 4 for chip in row)
                                    for row in minis)])
        round_w, cards_w = ROUND_W, min(CARDS_W, widest + 14)
        taken_w = TAKEN_W - 28 * crowded
        col_w = (p.width - 60 - round_w - cards_w - taken_w) // seats
        header = p.top + 80
        draw_text(surface, namer.t("diebombe.history.round"), (left, header), theme.TEXT_MIN,
                  theme.INK_DIM, bold=True, anchor="midleft", max_width=round_w - 6)
        draw_text(surface, namer.t("diebombe.history.cards"), (left + round_w, header),
                  theme.TEXT_MIN, theme.INK_DIM, bold=True, anchor="midleft",
                  max_width=cards_w - 6)
        x0 = left + round_w + cards_w
        for seat in range(seats):
            heading = name_lines(namer.seat(seat), col_w - 6, bold=not crowded)
            for k, line in enumerate(heading):
                draw_text(surface, line,
                          (x0 + seat * col_w + col_w // 2,
                           header + (k - (len(heading) - 1) / 2) * LINE_STEP),
                          theme.TEXT_MIN, theme.INK, bold=not crowded, anchor="center",
                          max_width=col_w - 6)
        tx = x0 + seats * col_w + 10
        draw_text(surface, namer.t("diebombe.history.taken"), (tx, header), theme.TEXT_MIN,
                  theme.INK_DIM, bold=True, anchor="midleft", max_width=taken_w - 10)
        if not history:
            draw_text(surface, namer.t("diebombe.history.none"), (p.centerx, p.centery),
                      theme.TEXT_BODY, theme.INK_DIM, anchor="center", max_width=p.width - 80)
        y = header + 26
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
                bids = seat_bids(record, seat)
                color = GOLD if seat == record.taker else SILVER if seat == record.second \
                    else theme.INK_DIM
                bold = seat in (record.taker, record.second)
                size = theme.TEXT_MIN if len(bids) > 1 else theme.TEXT_SMALL
                lines = chain_lines(bids, col_w - 8, 2, bold)
                for k, line in enumerate(lines):
                    draw_text(surface, line, (x0 + seat * col_w + col_w // 2,
                                              middle + (k - (len(lines) - 1) / 2) * LINE_STEP),
                              size, color, bold=bold, anchor="center", max_width=col_w - 8)
            taken = _taken(namer, record)
            for k, (card, line) in enumerate(taken):
                at = middle + (k - (len(taken) - 1) / 2) * LINE_STEP
                chip = draw_mini(card, namer.letter(color_of(card)), TAKEN_MINI)
                surface.blit(chip, chip.get_rect(midleft=(tx, at)))
                draw_text(surface, line, (tx + chip.get_width() + 6, at), theme.TEXT_MIN,
                          theme.INK if k == 0 else theme.INK_DIM, anchor="midleft",
                          max_width=taken_w - 22 - chip.get_width())
            y += ROW_H
        self.form.draw(surface)


def _taken(namer: Namer, record: RoundRecord) -> list[tuple[str, str]]:
    """Who took the first card and for how much; who took the other, free, or that nobody
    did (a tie: the rules set it out of the game, and a history without it read as if the
    round had had one card): each card (drawn small before its line) and its line."""
    lines = [(record.card, namer.t("diebombe.history.took", player=namer.seat(record.taker),
                                   paid=record.price))]
    if record.second is not None and record.other is not None:
        lines.append((record.other, namer.t("diebombe.history.second",
                                            player=namer.seat(record.second))))
        return lines
    rest = list(record.faceup)
    if record.card in rest:
        rest.remove(record.card)
    if rest:
        lines.append((rest[0], namer.t("diebombe.history.left")))
    return lines
