"""Where does the bomb go? The deck as a row of card backs with the count, a marker moved by
dragging or with ←/→, shortcut buttons Top, Bottom and Random, the choice in words ("3rd from
the top"); Enter confirms. Returns the position (0 = top, the deck size = bottom) or
``"random"``. Only the person hiding the bomb ever sees this screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules.bombdeck.actions import RANDOM
from game.ui import cards, fonts, gfx, theme
from game.ui.bombdeck.kitten import KITTEN, kitten_back
from game.ui.draw import round_rect
from game.ui.locale import ordinal, plural
from game.ui.scenes.base import ModalScene
from game.ui.text import draw_text
from game.ui.widgets import Button, Slider

if TYPE_CHECKING:
    from game.ui.app import App

Choice = int | str
ROW_TOP = 266
"""The row of backs, from the panel's top; the bomb waits above it."""
BACK = (64, 90)
BOMB = (104, 146)
"""The bomb waiting above the row: wide enough that its name reads at full size on two
lines ("Exploding / Kitten", "Gatinho / Explosivo": a smaller card squeezed them)."""
SLIM = 24
"""Narrower than this a card back is drawn plain: its picture would not fit."""


class PickSlider(Slider):
    """The picker's slider; ``blank`` once Random is chosen: the track shows no place (the
    marker would say a position that will not be used) until it is moved again."""

    blank = False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.blank:
            super().draw(surface)
            return
        t = self.track
        bar = pygame.Rect(t.left, t.centery - 4, t.width, 8)
        round_rect(surface, bar, theme.PANEL_EDGE, 4)
        draw_text(surface, "?", (t.centerx, t.centery), theme.TEXT_LARGE, theme.ACCENT,
                  bold=True, anchor="center")


SPACE_AFTER = 0.8
"""Seconds after the picker opens before Space confirms it (Enter at once)."""


class HideBombScene(ModalScene[Choice]):
    @property
    def panel_size(self) -> tuple[int, int]:  # type: ignore[override]
        """Taller by what its lines grow at a bigger text size (its rows were set for 100 %:
        the count ran into the heading, the hint under the buttons)."""
        return (1160, 604 + self._row_top_grown + 2 * fonts.grown(theme.TEXT_MIN)
                + fonts.grown(theme.TEXT_LARGE + 4))

    @property
    def _row_top_grown(self) -> int:
        return fonts.grown(theme.TEXT_HEADING) + fonts.grown(theme.TEXT_BODY)

    @property
    def row_top(self) -> int:
        """The deck's row, from the panel's top: under the heading and the count."""
        return ROW_TOP + self._row_top_grown
    pauses_below = False

    def __init__(self, app: App, deck_size: int, *, kitten: bool = False,
                 bomb_name: str = "", bomb_short: str = "", start: int = 0) -> None:
        self.deck_size = max(0, deck_size)
        self.kitten = kitten
        self.bomb_name = bomb_name
        self.bomb_short = bomb_short
        """The bomb's short form, for its face when the name no longer fits it whole (a
        bigger text size: "Exploding Kitten" was squeezed to 61 %)."""
        self.position: int = max(0, min(self.deck_size, start))
        self.random = False
        super().__init__(app)

    # --- widgets -------------------------------------------------------------------------------

    def build(self) -> None:
        p = self.panel
        self.slider = PickSlider((p.left + 60, p.top + self.row_top + 104, p.width - 120, 44), 0,
                                 max(0, self.deck_size), self.position, self._slid, step=1,
                                 marker=18)
        self.slider.blank = self.random
        self.slider.high = self.deck_size
        y = p.bottom - 90
        w, gap = 200, 20
        x = p.left + 60
        self.top = Button((x, y, w, 62), self.tr("hide.top"), self.choose_top)
        self.bottom = Button((x + w + gap, y, w, 62), self.tr("hide.bottom"),
                             self.choose_bottom)
        self.rand = Button((x + 2 * (w + gap), y, w, 62), self.tr("hide.random"),
                           self.choose_random)
        self.confirm = Button((p.right - 60 - 300, y, 300, 62), self.tr("hide.confirm"),
                              self._confirm, shortcut=pygame.K_RETURN,
                              shortcut_label=self.tr("key.enter"), style="primary")
        for w_ in (self.slider, self.top, self.bottom, self.rand, self.confirm):
            self.form.add(w_)

    def _slid(self, value: float) -> None:
        self.position = round(value)
        self.random = self.slider.blank = False

    def set_position(self, position: int) -> None:
        self.position = max(0, min(self.deck_size, position))
        self.slider.value = self.position
        self.random = self.slider.blank = False

    def choose_top(self) -> None:
        self.set_position(0)

    def choose_bottom(self) -> None:
        self.set_position(self.deck_size)

    def choose_random(self) -> None:
        self.random = self.slider.blank = True

    @property
    def choice(self) -> Choice:
        return RANDOM if self.random else self.position

    def _confirm(self) -> None:
        self.finish(self.choice)

    def on_escape(self) -> None:
        from game.ui.scenes.pause import PauseScene

        self.push(PauseScene(self.app))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            moves = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}
            if event.key in moves:
                self.set_position(self.position + moves[event.key])
                return
            if event.key == pygame.K_HOME:
                self.choose_top()
                return
            if event.key == pygame.K_END:
                self.choose_bottom()
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                # Enter always confirms, whichever button the mouse last focused
                self.confirm.fire()
                return
            if event.key == pygame.K_SPACE:
                # Space, the table's main key, confirms too (a newcomer pressed it twenty
                # times), but not in the picker's first moments: the Space that drew the
                # bomb, pressed again, must not hide it where the person never chose
                if self.clock >= SPACE_AFTER:
                    self.confirm.fire()
                return
        super().handle(event)

    # --- words ---------------------------------------------------------------------------------

    def where(self) -> str:
        if self.random:
            return self.t("hide.where_random")
        if self.position == 0:
            return self.t("hide.where_top")
        if self.position == self.deck_size:
            return self.t("hide.where_bottom")
        return self.t("hide.where_nth", nth=ordinal(self.app.loc, self.position + 1))

    # --- drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        p = self.panel
        self.heading(surface, self.t("hide.title_kitten" if self.kitten else "hide.title"),
                     p.top + 22)
        draw_text(surface, plural(self.app.loc, "hide.deck_count", self.deck_size),
                  (p.centerx, p.top + 78 + fonts.grown(theme.TEXT_HEADING)), theme.TEXT_BODY,
                  theme.INK_DIM, anchor="midtop")
        self._draw_row(surface)
        track = self.slider.track
        below = self.slider.rect.bottom + 4
        draw_text(surface, self.t("hide.top"), (track.left, below), theme.TEXT_MIN,
                  theme.INK_DIM, anchor="midtop")
        draw_text(surface, self.t("hide.bottom"), (track.right, below), theme.TEXT_MIN,
                  theme.INK_DIM, anchor="midtop")
        where = draw_text(surface, self.where(),
                          (p.centerx, below + 24 + fonts.grown(theme.TEXT_MIN)),
                          theme.TEXT_LARGE + 4,
                          theme.ACCENT, bold=True, anchor="midtop", max_width=p.width - 80)
        draw_text(surface, self.t("hide.keys_hint"), (p.centerx, where.bottom + 6),
                  theme.TEXT_MIN, theme.INK_DIM, anchor="midtop")
        self.form.draw(surface)

    def back_rects(self) -> list[pygame.Rect]:
        """Where each card of the deck is drawn, top (left) to bottom (right): side by side
        whatever the count (a big deck gets slimmer cards, never overlapping ones), opened at
        the chosen gap."""
        p = self.panel
        n = self.deck_size
        track = self.slider.track
        chosen = None if self.random else self.position
        gap = 44.0 if chosen is not None else 0.0
        room = p.width - 32 - gap
        step = min(track.width / max(1, n), room / max(1, n))
        w = max(6, min(BACK[0], round(step) - 4))
        h = min(BACK[1], round(w * 1.4)) if w >= SLIM else BACK[1] * 2 // 3
        start = p.centerx - (step * n + gap) / 2
        y = p.top + self.row_top + (BACK[1] - h) // 2
        out = []
        for i in range(n):
            x = start + (i + 0.5) * step + (gap if chosen is not None and i >= chosen else 0)
            out.append(pygame.Rect(round(x - w / 2), y, w, h))
        return out

    def _gap_at(self, position: int) -> float:
        """The x of the gap before card ``position`` (``deck_size``: after the last)."""
        rects = self.back_rects()
        if not rects:
            return float(self.panel.centerx)
        if position <= 0:
            return rects[0].left - 22.0
        if position >= len(rects):
            return rects[-1].right + 22.0
        return (rects[position - 1].right + rects[position].left) / 2

    def _draw_row(self, surface: pygame.Surface) -> None:
        """The deck left (top) to right (bottom), opened at the chosen gap, the bomb above
        it with an arrow down into the gap. A card too slim for the back's picture is drawn
        plain (its colour and edge), so no picture is ever cut."""
        p = self.panel
        rects = self.back_rects()
        chosen = None if self.random else self.position
        for r in rects:
            if r.width >= SLIM:
                surface.blit(kitten_back(r.size) if self.kitten else cards.draw_back(r.size),
                             r)
            else:
                round_rect(surface, r, cards.BACK_BODY, max(2, r.width // 3))
                round_rect(surface, r, cards.BACK_EDGE, max(2, r.width // 3), 255, 2)
        size = rects[0].size if rects else BACK
        y = rects[0].top if rects else p.top + self.row_top
        title = cards.whole_title(self.bomb_name, self.bomb_short, BOMB[0])
        if title == self.bomb_name and self.bomb_short:  # neither whole: the shorter one
            title = self.bomb_short if fonts.text_factor > 1.0 else title
        bomb = cards.draw_card(KITTEN if self.kitten else "bomb", title, "", BOMB)
        bomb_y = p.top + self.row_top - 8
        if chosen is not None:
            gx = round(self._gap_at(chosen))
            gx = max(p.left + 8 + BOMB[0] // 2, min(p.right - 8 - BOMB[0] // 2, gx))
            cards.blit_card(surface, bomb, bomb.get_rect(midbottom=(gx, bomb_y)).topleft, 6)
            tip = (gx, y + size[1] // 2)
            gfx.line(surface, theme.ACCENT, (gx, bomb_y + 2), (gx, tip[1] - 10), 4)
            head = [(gx - 9, tip[1] - 14), (gx + 9, tip[1] - 14), (gx, tip[1])]
            gfx.polygon(surface, theme.ACCENT, head)
        else:
            q = draw_text(surface, "?", (p.centerx + 30, bomb_y - BOMB[1] // 2),
                          theme.TEXT_HEADING + 10, theme.ACCENT, bold=True, anchor="midleft")
            cards.blit_card(surface, bomb, bomb.get_rect(midright=(q.left - 12, q.centery)
                                                         ).topleft, 6)
