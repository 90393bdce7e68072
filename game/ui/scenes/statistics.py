"""Statistics: the record of each player of this computer (``game/history/record.py``),
brought up to date with the past games when the screen opens.

One player at a time (tabs, ←/→): games and wins with the win rate, the streak now and at
best, the deals of the day; a row per game (played, won, the best score of a game that keeps
scores, the missions a cooperative team won, by player count); a bar per machine level faced
(wins of games against it, and how many games the rate rests on); the last 20 results as a
line. "Reset" forgets the counts after a confirmation; the past games stay. A record that was
damaged is said in one line (it was set aside and counted again from the past games).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.core.config import SeatKind
from game.history.record import YOU, GameRecord, PlayerRecord, Record, Tally
from game.rules.registry import descriptor, playable
from game.ui import fonts, gfx, theme
from game.ui.draw import round_rect
from game.ui.locale import plural
from game.ui.scenes.base import FormScene
from game.ui.scenes.confirm import ConfirmScene
from game.ui.tabs import UNDER_A_TITLE, draw_title, show_chosen, tab_row
from game.ui.text import NARROW, draw_text, wrap_text
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.app import App

LEFT = pygame.Rect(56, 116, 640, 496)
RIGHT = pygame.Rect(724, 116, 500, 496)
MAX_TABS = 6


def rate(tally: Tally) -> int:
    """The win rate in whole percent (0 for no games)."""
    return round(100 * tally.won / tally.played) if tally.played else 0


def levels_faced(player: PlayerRecord) -> list[tuple[str, Tally]]:
    """Every machine level the player met, in the levels' own order, summed over games."""
    total: dict[str, Tally] = {}
    for game in player.games.values():
        for level, tally in game.levels.items():
            mine = total.setdefault(level, Tally())
            mine.played += tally.played
            mine.won += tally.won
    order = [kind.value for kind in SeatKind if kind is not SeatKind.PERSON]
    return sorted(total.items(), key=lambda item: order.index(item[0])
                  if item[0] in order else len(order))


def setups_line(game: str, record: GameRecord, t: Callable[..., str]) -> str:
    """"Mission: 1, 2 (2 players) · 3 (3 players)": a cooperative game's setups won."""
    spec = descriptor(game)
    by_seats: dict[int, list[int]] = {}
    for setup in record.setups_won:
        seats, _, options = setup.partition(":")
        picks = [spec.pick_one.index(o) + 1 for o in options.split(",") if o in spec.pick_one]
        if seats.isdigit() and picks:
            by_seats.setdefault(int(seats), []).extend(picks)
    if not by_seats:
        return ""
    parts = [t("stats.setups", picks=", ".join(map(str, sorted(set(picks)))), n=seats)
             for seats, picks in sorted(by_seats.items())]
    return f"{t(f'newgame.{game}_pick')}: " + " · ".join(parts)


class StatisticsScene(FormScene[None]):
    def __init__(self, app: App, home: Path) -> None:
        self.home = home
        self.record = Record(home)
        try:
            self.record.sync()
        except OSError as error:  # counted in memory; the file is written next time
            self.problem = str(error)
        else:
            self.problem = ""
        self.index = 0
        super().__init__(app)

    @property
    def keys(self) -> list[str]:
        """The players, "you" first, then by name."""
        players = self.record.players
        return sorted(players, key=lambda k: (k != YOU, players[k].name.casefold()))

    @property
    def player(self) -> PlayerRecord | None:
        keys = self.keys
        return self.record.players[keys[self.index]] if keys else None

    def build(self) -> None:
        keys = self.keys[:MAX_TABS]
        self.tabs = tab_row([self.tr("seat.you") if key == YOU
                             else self.record.players[key].name for key in keys],
                            self.select, most=260, top=UNDER_A_TITLE[0],
                            height=UNDER_A_TITLE[1]) if keys else []
        for tab in self.tabs:
            self.form.add(tab)
        self.reset = Button((LEFT.left, 636, 300, 60), self.tr("stats.reset"), self._reset,
                            style="ghost")
        self.reset.enabled = bool(keys)
        self.back = Button((theme.SCREEN_W // 2 - 160, 636, 320, 60), self.tr("common.back"),
                           self.finish, shortcut_label=self.tr("key.esc"))
        for widget in (self.reset, self.back):
            self.form.add(widget)

    def select(self, index: int) -> None:
        count = min(len(self.keys), MAX_TABS)
        self.index = index % count if count else 0

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.select(self.index + (1 if event.key == pygame.K_RIGHT else -1))
            return
        super().handle(event)

    def _reset(self) -> None:
        self.push(ConfirmScene(self.app, self.tr("stats.reset_title"), self.tr("stats.reset"),
                               self.tr("common.cancel"), message=self.tr("stats.reset_what"),
                               danger=True), self._reset_answer)

    def _reset_answer(self, yes: object) -> None:
        if yes is not True:
            return
        try:
            self.record.reset()
        except OSError as error:
            self.problem = str(error)
            return
        self.index = 0
        self.rebuild()

    def update(self, dt: float) -> None:
        show_chosen(self.tabs, self.index)
        super().update(dt)

    # --- drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        draw_title(surface, self.t("stats.title"))
        player = self.player
        if player is None:
            round_rect(surface, LEFT.union(RIGHT).inflate(24, 20), theme.PANEL, 20, 200)
            draw_text(surface, self.t("stats.none"), LEFT.union(RIGHT).center,
                      theme.TEXT_BODY, theme.INK_DIM, anchor="center")
        else:
            for panel in (LEFT, RIGHT):
                round_rect(surface, panel.inflate(24, 20), theme.PANEL, 20, 200)
            self._draw_summary(surface, player)
            self._draw_levels(surface, player)
        line = self.problem or (self.t("stats.damaged") if self.record.damaged else "")
        if line:
            draw_text(surface, line, (theme.SCREEN_W // 2, 622), theme.TEXT_MIN, theme.DANGER,
                      anchor="center", max_width=theme.SCREEN_W - 80)
        self.form.draw(surface)

    def _draw_summary(self, surface: pygame.Surface, player: PlayerRecord) -> None:
        x, y = LEFT.left + 14, LEFT.top + 6
        body = fonts.get(theme.TEXT_BODY).get_linesize()  # the steps grow with the text size
        small = fonts.get(theme.TEXT_MIN).get_linesize()
        total = Tally(player.played, player.won)
        draw_text(surface, plural(self.app.loc, "stats.games", total.played, won=total.won,
                                  rate=rate(total)),
                  (x, y), theme.TEXT_LARGE, theme.INK, bold=True, max_width=LEFT.width - 28)
        y += max(44, fonts.get(theme.TEXT_LARGE).get_linesize() + 6)
        draw_text(surface, self.t("stats.streak", now=player.streak, best=player.best_streak),
                  (x, y), theme.TEXT_BODY, theme.ACCENT, max_width=LEFT.width - 28)
        y += max(34, body + 4)
        if player.daily:
            draw_text(surface, self.t("stats.daily", won=sum(player.daily.values()),
                                      n=len(player.daily)),
                      (x, y), theme.TEXT_BODY, theme.INK_DIM, max_width=LEFT.width - 28)
            y += max(34, body + 4)
        y += 8
        gfx.line(surface, theme.PANEL_EDGE, (x, y), (LEFT.right - 14, y))
        y += 12
        games = [g for g in playable() if g in player.games]
        # the names' column: 230, or as wide as a bigger text size needs, up to 260 (a
        # longer name takes two lines); the counts beside it, in their short form if need be
        bold = fonts.get(theme.TEXT_BODY, True)
        widest = max((bold.size(self.t(f"game.{g}.name"))[0] for g in games), default=0)
        column = 230 if widest * NARROW <= 220 else min(260, widest + 14)
        room = LEFT.width - 28 - column
        for game in games:
            record = player.games[game]
            names = wrap_text(self.t(f"game.{game}.name"), theme.TEXT_BODY, column - 10,
                              bold=True) if widest + 14 > column else \
                [self.t(f"game.{game}.name")]
            for i, name in enumerate(names[:2]):
                draw_text(surface, name, (x, y + i * (body - 2)), theme.TEXT_BODY,
                          theme.INK, bold=True, max_width=column - 10)
            top = y
            line = self.t("stats.game_line", n=record.games.played, won=record.games.won,
                          rate=rate(record.games))
            if fonts.get(theme.TEXT_BODY).size(line)[0] > room:
                line = self.t("stats.game_line_short", n=record.games.played,
                              won=record.games.won, rate=rate(record.games))
            draw_text(surface, line, (x + column, y), theme.TEXT_BODY, theme.INK,
                      max_width=room)
            y += max(30, body)
            extra = setups_line(game, record, self.t)
            if record.best_score is not None:
                extra = self.t("stats.best_score", score=record.best_score)
            if record.with_marks.played:  # an aid: the record says what it helped
                marks = self.t("stats.with_marks", n=record.with_marks.played,
                               won=record.with_marks.won)
                extra = f"{extra} · {marks}" if extra else marks
            if extra:
                draw_text(surface, extra, (x + column, y), theme.TEXT_MIN, theme.INK_DIM,
                          max_width=room)
                y += max(28, small + 2)
            y = max(y, top + min(2, len(names)) * (body - 2))  # a name on two lines
            y += 6
            if y > LEFT.bottom - 30:
                break

    def _draw_levels(self, surface: pygame.Surface, player: PlayerRecord) -> None:
        x, y = RIGHT.left + 14, RIGHT.top + 6
        body = fonts.get(theme.TEXT_BODY).get_linesize()
        small = fonts.get(theme.TEXT_MIN).get_linesize()
        draw_text(surface, self.t("stats.levels"), (x, y), theme.TEXT_BODY, theme.INK_DIM,
                  max_width=RIGHT.width - 28)
        y += max(36, body + 6)
        faced = levels_faced(player)
        if not faced:
            draw_text(surface, self.t("stats.no_levels"), (x, y), theme.TEXT_MIN,
                      theme.INK_DIM, max_width=RIGHT.width - 28)
            y += 34
        # the names' column: 170, or as wide as a bigger text size needs (up to 220)
        font = fonts.get(theme.TEXT_BODY)
        widest = max((font.size(self.t(f"level.{level}.name"))[0] for level, _ in faced),
                     default=0)
        column = 170 if widest * NARROW <= 160 else min(220, widest + 12)
        bar_w = RIGHT.width - 28 - column
        for level, tally in faced:
            draw_text(surface, self.t(f"level.{level}.name"), (x, y + 2), theme.TEXT_BODY,
                      theme.INK, max_width=column - 10)
            bar = pygame.Rect(x + column, y + 4, bar_w, 22)
            round_rect(surface, bar, theme.BUTTON_DISABLED, 8)
            filled = bar.copy()
            filled.width = max(0, round(bar.width * tally.won / max(1, tally.played)))
            if filled.width:
                round_rect(surface, filled, theme.OK, 8)
            below = max(30, body + 4)
            line = self.t("stats.level_line", rate=rate(tally), won=tally.won, n=tally.played)
            # under the bar, or from the left edge when a bigger text size needs the room
            at = x + column if fonts.get(theme.TEXT_MIN).size(line)[0] <= bar_w else x
            draw_text(surface, line, (at, y + below), theme.TEXT_MIN, theme.INK_DIM,
                      max_width=RIGHT.right - 14 - at)
            y += max(62, below + small + 10)
        last = wrap_text(plural(self.app.loc, "stats.last", len(player.last)), theme.TEXT_BODY,
                         RIGHT.width - 28)
        tall = max(110, len(last) * body + 84)
        self._draw_last(surface, player, pygame.Rect(x, RIGHT.bottom - tall - 10,
                                                     RIGHT.width - 28, tall), last)

    def _draw_last(self, surface: pygame.Surface, player: PlayerRecord,
                   area: pygame.Rect, heading: list[str]) -> None:
        """The last results as a line: up for a win, down for a loss, the latest right.
        ``heading``: its title's lines (one, or more at a bigger text size)."""
        body = fonts.get(theme.TEXT_BODY).get_linesize()
        for i, line in enumerate(heading):
            draw_text(surface, line, (area.left, area.top + i * body), theme.TEXT_BODY,
                      theme.INK_DIM, max_width=area.width)
        if not player.last:
            return
        above = max(40, len(heading) * body + 12)
        plot = pygame.Rect(area.left + 8, area.top + above, area.width - 16,
                           area.height - above - 12)
        step = plot.width / max(1, len(player.last) - 1) if len(player.last) > 1 else 0
        points = [(plot.left + i * step if step else plot.centerx,
                   plot.top if won else plot.bottom)
                  for i, (_game, won) in enumerate(player.last)]
        if len(points) > 1:
            gfx.aalines(surface, theme.INK_DIM, False, points)
        for (px, py), (_game, won) in zip(points, player.last, strict=True):
            gfx.circle(surface, theme.OK if won else theme.DANGER, (px, py), 6)

