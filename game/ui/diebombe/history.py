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
MIN_LINE_100 = 21
"""An 18 px line's height at 100 % (DejaVu Sans): what a bigger text size grows from."""


def line_grow() -> int:
    """How much taller an 18 px line stands at the text size than at 100 % (0 there): the
    history's rows, and the two lines in one, grow by it (at 125 % two lines of a row
    crossed)."""
    return fonts.get(theme.TEXT_MIN).get_linesize() - MIN_LINE_100


def line_step() -> int:
    """Two lines of a row (a chain, who took what), this far apart: ``LINE_STEP`` grown."""
    return LINE_STEP + line_grow()


def row_h() -> int:
    """A row's height: ``ROW_H``, grown as its two lines are."""
    return ROW_H + 2 * line_grow()


def header_drop() -> int:
    """How much lower the columns' headings stand than at 100 % (0 there): under the title,
    grown with the text size (at 125 % it crossed the seats' names)."""
    return fonts.grown(theme.TEXT_HEADING) + line_grow()


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
        return (self.panel.height - 200 - header_drop()) // row_h()

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
        shown = history[self.scroll:self.scroll + self.rows_room]
        if fonts.text_factor != 1.0:  # a bigger text size: the words' columns as wide as
            round_w = max(round_w, _width(namer.t("diebombe.history.round"), True) + 10)
            taken_w = max(taken_w, _width(namer.t("diebombe.history.taken"), True) + 12,
                          *(_width(line) + 24 + draw_mini(card, namer.letter(color_of(card)),
                                                          taken_mini()).get_width()
                            for record in shown for card, line in _taken(namer, record)))
        step = line_step()
        col_w = (p.width - 60 - round_w - cards_w - taken_w) // seats
        name_bold = not crowded
        if fonts.text_factor != 1.0 and _squeezed(namer, seats, col_w, name_bold):
            # a bigger text size: the names want the cards' room (who took what shows each
            # card again), then their bold
            cards_w = 0
            col_w = (p.width - 60 - round_w - taken_w) // seats
            name_bold = name_bold and not _squeezed(namer, seats, col_w, name_bold)
        header = p.top + 80 + header_drop()
        headings = [name_lines(namer.seat(seat), col_w - 6, name_bold) for seat in range(seats)]
        if fonts.text_factor != 1.0:  # under the title, a name's two lines too
            title_bottom = p.top + 18 + fonts.get(theme.TEXT_HEADING, True).get_height()
            tallest = max(len(heading) for heading in headings)
            header = max(header, title_bottom + (tallest - 1) * step // 2
                         + fonts.get(theme.TEXT_MIN, True).get_height() // 2)
        draw_text(surface, namer.t("diebombe.history.round"), (left, header), theme.TEXT_MIN,
                  theme.INK_DIM, bold=True, anchor="midleft", max_width=round_w - 6)
        if cards_w:
            draw_text(surface, namer.t("diebombe.history.cards"), (left + round_w, header),
                      theme.TEXT_MIN, theme.INK_DIM, bold=True, anchor="midleft",
                      max_width=cards_w - 6)
        x0 = left + round_w + cards_w
        for seat, heading in enumerate(headings):
            for k, line in enumerate(heading):
                draw_text(surface, line,
                          (x0 + seat * col_w + col_w // 2,
                           header + (k - (len(heading) - 1) / 2) * step),
                          theme.TEXT_MIN, theme.INK, bold=name_bold, anchor="center",
                          max_width=col_w - 6)
        tx = x0 + seats * col_w + 10
        draw_text(surface, namer.t("diebombe.history.taken"), (tx, header), theme.TEXT_MIN,
                  theme.INK_DIM, bold=True, anchor="midleft", max_width=taken_w - 10)
        if not history:
            draw_text(surface, namer.t("diebombe.history.none"), (p.centerx, p.centery),
                      theme.TEXT_BODY, theme.INK_DIM, anchor="center", max_width=p.width - 80)
        y = header + 26 + line_grow()
        for record in shown:
            row = pygame.Rect(p.left + 20, y, p.width - 40, row_h() - 4)
            round_rect(surface, row, theme.mix(theme.PANEL, theme.BG_DEEP, 0.3), 8)
            middle = row.centery
            draw_text(surface, str(record.round), (left + 24, middle), theme.TEXT_SMALL,
                      theme.INK, bold=True, anchor="center")
            x = left + round_w
            for card in record.faceup if cards_w else ():
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
                                              middle + (k - (len(lines) - 1) / 2) * step),
                              size, color, bold=bold, anchor="center", max_width=col_w - 8)
            taken = _taken(namer, record)
            for k, (card, line) in enumerate(taken):
                at = middle + (k - (len(taken) - 1) / 2) * step
                chip = draw_mini(card, namer.letter(color_of(card)), taken_mini())
                surface.blit(chip, chip.get_rect(midleft=(tx, at)))
                draw_text(surface, line, (tx + chip.get_width() + 6, at), theme.TEXT_MIN,
                          theme.INK if k == 0 else theme.INK_DIM, anchor="midleft",
                          max_width=taken_w - 22 - chip.get_width())
            y += row_h()
        self.form.draw(surface)


def _squeezed(namer: Namer, seats: int, col_w: int, bold: bool) -> bool:
    """Whether a seat's name would be narrowed in a column ``col_w`` wide, even over two
    lines."""
    return any(not fits(line, col_w - 6, bold, exact=True)
               for seat in range(seats) for line in name_lines(namer.seat(seat), col_w - 6, bold))


def taken_mini() -> int:
    """The height of the card before a line of who took what: ``TAKEN_MINI``, grown as the
    line is (its value and letter grow)."""
    return TAKEN_MINI + line_grow()


def _width(text: str, bold: bool = False) -> int:
    """``text``'s width at the 18 px floor."""
    return fonts.get(theme.TEXT_MIN, bold).size(text)[0]


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
