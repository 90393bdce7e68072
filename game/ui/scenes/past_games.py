"""Past games: the finished games this computer kept (``game/history/archive.py``), newest
first, one row each: when, which game, who sat there, how it went for the people here.

Tabs filter by game (←/→, 1–6, or a click); ↑/↓, PgUp/PgDn, Home/End and the wheel move
through the list; Enter (or a click on a row) opens the game's review (``review.py``: move
by move, from any seat), P offers the same deal again (its code), and the deals of the day
are marked. "Statistics" opens the players' record; Esc goes back.

The list is read once when the screen opens (500 games' heads: ~0.1 s) and again when the
record is reset; a damaged game file was set aside by the archive and is simply absent.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.core.config import SeatKind
from game.core.errors import MalformedInput
from game.history.archive import Archive, PastGame
from game.history.daily import daily_of
from game.rules.registry import playable
from game.ui import fonts, theme
from game.ui.draw import round_rect
from game.ui.locale import Translator, ordinal, plural
from game.ui.players import default_name
from game.ui.scenes.base import FormScene
from game.ui.scenes.confirm import ConfirmScene
from game.ui.tabs import UNDER_A_TITLE, draw_title, show_chosen, tab_row
from game.ui.text import draw_text
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.app import App

LIST = pygame.Rect(56, 116, 1168, 496)
ROW = 62
VISIBLE = LIST.height // ROW


def row_height() -> int:
    """A row's height: :data:`ROW`, or two lines tall when the text size is too big for
    the people to fit beside the game's name (then they go on a line under it)."""
    if fonts.text_factor <= 1.25:
        return ROW
    return 2 * fonts.get(theme.TEXT_BODY).get_linesize() + 12


def visible() -> int:
    """How many rows the list shows at the current text size (:data:`VISIBLE` at 100 %)."""
    return LIST.height // row_height()


def when(past: PastGame) -> str:
    """The local date and time the game ended, in one language-neutral form."""
    return past.ended.astimezone().strftime("%Y-%m-%d  %H:%M")


def seat_label(loc: Translator, past: PastGame, seat: int) -> str:
    kind = past.config.seats[seat]
    if kind is SeatKind.PERSON:
        people = [s for s, k in enumerate(past.config.seats) if k is SeatKind.PERSON]
        if past.names[seat]:
            return past.names[seat]
        return loc.t("seat.you") if len(people) == 1 else default_name(loc, seat)
    return loc.t("seat.machine", level=loc.t(f"level.{kind.value}.name"), n=seat + 1)


def who(loc: Translator, past: PastGame) -> str:
    """"You · Crafty ×3", "Ana, Bo · Ruthless": the people, then the machines by level."""
    seats = past.config.seats
    people = [seat_label(loc, past, s) for s, k in enumerate(seats) if k is SeatKind.PERSON]
    levels = Counter(k.value for k in seats if k is not SeatKind.PERSON)
    machines = [loc.t(f"level.{level}.name") + (f" ×{n}" if n > 1 else "")
                for level, n in sorted(levels.items())]
    return " · ".join(part for part in (", ".join(people), ", ".join(machines)) if part)


def result(loc: Translator, past: PastGame) -> tuple[str, bool]:
    """How the game went, for the people of this computer; ``True``: a win for them."""
    if past.team_won is not None:
        return (loc.t("past.team_won") if past.team_won else loc.t("past.team_lost"),
                past.team_won)
    people = [s for s, k in enumerate(past.config.seats) if k is SeatKind.PERSON]
    if len(people) == 1:
        place = past.places[people[0]]
        if place == 1:
            return loc.t("past.won"), True
        return loc.t("past.place", place=ordinal(loc, place or len(past.places)),
                     n=len(past.places)), False
    winners = [seat_label(loc, past, s) for s in past.winners]
    won = any(s in people for s in past.winners)
    return loc.t("past.winner", names=", ".join(winners)), won


class PastGamesScene(FormScene[None]):
    """``home``: the data folder whose past games are listed."""

    def __init__(self, app: App, home: Path) -> None:
        self.home = home
        self.games: list[str | None] = [None, *playable()]
        self.tab = 0
        self.selected = 0
        self.top = 0
        self.all: list[PastGame] = Archive(home).games()
        self.code: str | None = None
        """Every result on one deal (C, or "Same deal"): a deal of the day played by several
        people here, or a code shared by friends; ``None``: the tabs filter."""
        super().__init__(app)

    @property
    def shown(self) -> list[PastGame]:
        if self.code is not None:
            return [p for p in self.all if p.code == self.code]
        game = self.games[self.tab]
        return [p for p in self.all if game is None or p.game == game]

    def build(self) -> None:
        self.tabs = tab_row([self.tr("past.all") if game is None
                             else self.tr(f"game.{game}.name") for game in self.games],
                            self.select_tab, top=UNDER_A_TITLE[0], height=UNDER_A_TITLE[1])
        for tab in self.tabs:
            self.form.add(tab)
        self.stats = Button((LIST.left, 636, 300, 60), self.tr("past.statistics"),
                            self._statistics)
        self.back = Button((theme.SCREEN_W // 2 - 160, 636, 320, 60), self.tr("common.back"),
                           self.finish, shortcut_label=self.tr("key.esc"))
        self.same = Button((self.back.rect.right + 24, 636, 250, 60), self._same_text,
                           self.same_deal, shortcut=pygame.K_c, shortcut_label="C")
        # a bigger text size: the button as wide as its longer label needs, Back moved left
        need = max(Button((0, 0, 250, 60), self.t(key), shortcut_label="C").needed_width()
                   for key in ("past.all_deals", "past.same_deal"))
        extra = max(0, min(110, need - 250))
        if extra:
            self.back.rect.x -= extra
            self.same.rect = pygame.Rect(self.back.rect.right + 24, 636, 250 + extra, 60)
        for widget in (self.stats, self.back, self.same):
            self.form.add(widget)

    def _same_text(self) -> str:
        return self.t("past.all_deals" if self.code is not None else "past.same_deal")

    def same_deal(self) -> None:
        """Every result on the selected game's deal; again: back to the tabs."""
        shown = self.shown
        if self.code is not None:
            chosen = shown[self.selected] if 0 <= self.selected < len(shown) else None
            self.code = None
            self.selected = self.shown.index(chosen) if chosen in self.shown else 0
        elif 0 <= self.selected < len(shown):
            self.code = shown[self.selected].code
            self.selected = 0
        self.top = 0
        self.move(0)

    def select_tab(self, index: int) -> None:
        self.tab = index % len(self.games)
        self.code = None
        self.selected = self.top = 0

    def move(self, delta: int) -> None:
        count = len(self.shown)
        if not count:
            return
        self.selected = max(0, min(count - 1, self.selected + delta))
        if self.selected < self.top:
            self.top = self.selected
        elif self.selected >= self.top + visible():
            self.top = self.selected - visible() + 1

    def row_rect(self, index: int) -> pygame.Rect:
        step = row_height()
        return pygame.Rect(LIST.left, LIST.top + (index - self.top) * step, LIST.width, step - 6)

    # --- input ---------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.move(-event.y)
            return
        if event.type == pygame.KEYDOWN:
            steps = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: visible(),
                     pygame.K_PAGEUP: -visible(), pygame.K_HOME: -10 ** 6, pygame.K_END: 10 ** 6}
            if event.key in steps:
                self.move(steps[event.key])
                return
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.select_tab(self.tab + (1 if event.key == pygame.K_RIGHT else -1))
                return
            if pygame.K_1 <= event.key <= pygame.K_9 and event.key - pygame.K_1 < len(self.games):
                self.select_tab(event.key - pygame.K_1)
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.form.focused is None:
                self.review(self.selected)
                return
            if event.key == pygame.K_p:
                self.open(self.selected)
                return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for index in range(self.top, min(len(self.shown), self.top + visible())):
                if self.row_rect(index).collidepoint(event.pos):
                    self.selected = index
                    self.review(index)
                    return
        super().handle(event)

    def review(self, index: int) -> None:
        """Open the review of the game (a file damaged since the list was read is set aside
        by the archive and leaves the list)."""
        from game.ui.scenes.review import ReviewScene

        shown = self.shown
        if not 0 <= index < len(shown):
            return
        past = shown[index]
        try:
            _head, save = Archive(self.home).load(past.id)
            scene = ReviewScene(self.app, save, names=past.names, guided=past.guided)
        except MalformedInput:
            self.all = Archive(self.home).games()
            self.move(0)
            return
        self.push(scene)

    def open(self, index: int) -> None:
        """Offer the same deal again (the game's code)."""
        shown = self.shown
        if not 0 <= index < len(shown) or self.app.hooks.open_code is None:
            return
        past = shown[index]
        line = f"{self.t(f'game.{past.game}.name')} · {past.code} · {when(past)}"
        self.push(ConfirmScene(self.app, self.tr("past.again_title"), self.tr("past.again"),
                               self.tr("common.cancel"), message=line),
                  lambda yes: self._again(past) if yes is True else None)

    def _again(self, past: PastGame) -> None:
        if self.app.hooks.open_code is not None:
            self.app.hooks.open_code(past.code)

    def _statistics(self) -> None:
        from game.ui.scenes.statistics import StatisticsScene

        self.push(StatisticsScene(self.app, self.home), self._back_from_statistics)

    def _back_from_statistics(self, _result: object) -> None:
        self.all = Archive(self.home).games()
        self.move(0)

    def update(self, dt: float) -> None:
        show_chosen(self.tabs, self.tab if self.code is None else -1)
        super().update(dt)

    # --- drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        draw_title(surface, self.t("past.title"))
        round_rect(surface, LIST.inflate(24, 20), theme.PANEL, 20, 200)
        shown = self.shown
        if not shown:
            draw_text(surface, self.t("past.none"), LIST.center, theme.TEXT_BODY,
                      theme.INK_DIM, anchor="center", max_width=LIST.width - 60)
        for index in range(self.top, min(len(shown), self.top + visible())):
            self._draw_row(surface, shown[index], self.row_rect(index), index == self.selected)
        corner = (LIST.right, 636 + 30)
        room = LIST.right - self.same.rect.right - 16
        if self.code is not None:  # which deal the list is of, where the count would be
            line = plural(self.app.loc, "past.on_deal", len(shown), code=self.code)
            draw_text(surface, line, corner, theme.TEXT_MIN, theme.ACCENT, bold=True,
                      anchor="midright", max_width=room)
        elif len(shown) > visible():
            more = self.t("past.count", shown=f"{self.top + 1}–"
                          f"{min(len(shown), self.top + visible())}", n=len(shown))
            draw_text(surface, more, corner, theme.TEXT_MIN, theme.INK_DIM, anchor="midright",
                      max_width=room)
        self.form.draw(surface)

    def _draw_row(self, surface: pygame.Surface, past: PastGame, rect: pygame.Rect,
                  selected: bool) -> None:
        round_rect(surface, rect, theme.BUTTON_HOVER if selected else theme.BUTTON, 12,
                   255 if selected else 170)
        if selected:
            round_rect(surface, rect, theme.FOCUS, 12, 255, 2)
        loc = self.app.loc
        y = rect.centery
        two = rect.height > ROW
        if two:  # the first line: date, game and result; the people on the second
            y -= fonts.get(theme.TEXT_BODY).get_linesize() // 2 + 2
        draw_text(surface, when(past), (rect.left + 18, y), theme.TEXT_BODY, theme.INK_DIM,
                  anchor="midleft")
        daily = daily_of(past.code, past.ended.date()) is not None
        name = self.t(f"game.{past.game}.name")
        # the game's column starts after the date as wide as the text size draws it
        # and as wide as the name needs, up to 320 (the people's column gives the room)
        at = max(240, 18 + fonts.get(theme.TEXT_BODY).size(when(past))[0] + 22)
        wide = max(240, min(320, fonts.get(theme.TEXT_BODY, True).size(name)[0] + 4))
        lift = 11 if daily and not two else 0
        draw_text(surface, name, (rect.left + at, y - lift), theme.TEXT_BODY,
                  theme.INK, bold=True, anchor="midleft", max_width=wide)
        if daily and two:  # under the date, beside the people
            draw_text(surface, self.t("past.daily"),
                      (rect.left + 18, rect.centery + fonts.get(theme.TEXT_BODY).get_linesize()
                       // 2 + 2), theme.TEXT_MIN, theme.ACCENT, anchor="midleft",
                      max_width=at - 30)
        elif daily:
            draw_text(surface, self.t("past.daily"), (rect.left + at, y + 14), theme.TEXT_MIN,
                      theme.ACCENT, anchor="midleft", max_width=wide)
        people = at + wide + 20
        if rect.height > ROW:  # two lines (a big text size): the people under the name
            line = fonts.get(theme.TEXT_BODY).get_linesize()
            draw_text(surface, who(loc, past), (rect.left + at, rect.centery + line // 2 + 2),
                      theme.TEXT_BODY, theme.INK, anchor="midleft",
                      max_width=rect.width - at - 18)
        else:
            draw_text(surface, who(loc, past), (rect.left + people, y), theme.TEXT_BODY,
                      theme.INK, anchor="midleft", max_width=rect.width - people - 250 - 36)
        text, won = result(loc, past)
        draw_text(surface, text, (rect.right - 18, y), theme.TEXT_BODY,
                  theme.OK if won else theme.INK_DIM, bold=won, anchor="midright",
                  max_width=250)
