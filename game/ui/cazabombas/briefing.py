"""The mission's briefing, before its first move: what is in the bomb (blue wires, yellow and
red ones and their "?", equipment, how many mistakes the dial allows, who has which stand,
who is Captain), the one rule of the table, big (no talking about one's own wires), and the
campaign: missions 1–8, those the team has won ticked, any of them can be chosen (←/→, 1–8 or
a click). Enter starts the mission shown; Esc goes back to the title.

Returns the table's config with the mission chosen (``None``: leave).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.config import GameConfig
from game.rules.cazabombas.wires import mission as mission_table
from game.ui import fonts, gfx, theme
from game.ui.cazabombas import progress
from game.ui.cazabombas.art import GOLD, SAFE, no_talking
from game.ui.cazabombas.names import Namer
from game.ui.cazabombas.paint import fitting_keys
from game.ui.draw import round_rect
from game.ui.scenes.base import FormScene
from game.ui.text import draw_paragraph, draw_text, wrap_text
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.app import App

LEFT = pygame.Rect(40, 112, 660, 368)
RIGHT = pygame.Rect(720, 112, 520, 368)
ALONE = LEFT.move((theme.SCREEN_W - LEFT.width) // 2 - LEFT.left, 0)
"""The bomb's panel when one person plays with machines, in the middle: "no talking" is not
said there at all (nobody to talk to: review 5 found even one line of it meaningless)."""
STRIP_Y = 516
TILE_W = 96
TILE_H = 70
TILE_GAP = 12
BUTTON_Y = 614


LINE_GAP = 1.1
PAD = 26
"""The room between the panel's border and its words, left and right alike (the review saw
the bullets' lines end flush against the border at 1024×640)."""


def bullet_rect(y: int, panel: pygame.Rect = LEFT) -> pygame.Rect:
    """Where a bullet's words wrap, from ``y``: after the dot, clear of the ``panel``'s right
    border by :data:`PAD`."""
    left = panel.left + PAD + 22
    return pygame.Rect(left, y, panel.right - PAD - left, 60)


def people_at(config: GameConfig) -> int:
    """How many seats people hold (hot seat or over the network)."""
    return sum(1 for seat in config.seats if not seat.is_machine)


def strip_rect(index: int, top: int = STRIP_Y, tile_w: int = TILE_W,
               tile_h: int = TILE_H) -> pygame.Rect:
    """Mission ``index + 1``'s tile in the campaign strip (``top``, ``tile_w``, ``tile_h``:
    the strip's place and tiles at a bigger text size, :meth:`BriefingScene.tile`)."""
    count = len(progress.MISSIONS)
    width = count * tile_w + (count - 1) * TILE_GAP
    left = (theme.SCREEN_W - width) // 2
    return pygame.Rect(left + index * (tile_w + TILE_GAP), top, tile_w, tile_h)


def title_size() -> int:
    """The title's size: as big at any text size (it has the room it needs already)."""
    return max(theme.TEXT_BODY, fonts.unscaled(theme.TEXT_HEADING + 6))


def number_size() -> int:
    """A tile's mission number: as big at any text size (the tile grows for its line)."""
    return max(theme.TEXT_BODY, fonts.unscaled(theme.TEXT_LARGE))


class BriefingScene(FormScene[GameConfig]):
    def __init__(self, app: App, config: GameConfig, namer: Namer,
                 captain: int | None = None) -> None:
        """``captain``: the Captain of the mission dealt (named while it is the one shown)."""
        self.config = config
        self.namer = namer
        self.captain = captain
        self.dealt = progress.mission_of(config)
        self.number = self.dealt
        self.alone = people_at(config) <= 1
        """One person with machine teammates: nobody to talk to, so "no talking" is one short
        line, not a panel (the review found the panel odd at a table of machines)."""
        self.panel = ALONE if self.alone else LEFT
        """Where the bomb's contents are."""
        self.right = RIGHT
        """Where "no talking" is (people at the table)."""
        self.strip_y, self.tile_w, self.tile_h = STRIP_Y, TILE_W, TILE_H
        self.campaign_y = STRIP_Y - 28
        self._lay_out()
        super().__init__(app)

    def _lay_out(self) -> None:
        """At a bigger text size the fixed rows would cross: the title says the mission's
        name on its one line, the tiles grow for their words, and the panels take the room
        between the title and the campaign's line (alone: wider too). At 100 % nothing
        moves."""
        if fonts.text_factor == 1.0:
            return
        status = max(fonts.get(theme.TEXT_MIN).size(self.namer.t(key))[0]
                     for key in ("cazabombas.brief.won", "cazabombas.brief.not_won"))
        count = len(progress.MISSIONS)
        most = (theme.SCREEN_W - 40 - (count - 1) * TILE_GAP) // count
        self.tile_w = min(most, max(TILE_W, status + 14))
        self.tile_h = max(TILE_H, 10 + fonts.get(number_size(), True).get_height()
                          + fonts.get(theme.TEXT_MIN).get_height())
        self.strip_y = BUTTON_Y - 28 - self.tile_h
        self.campaign_y = self.strip_y - 7 - fonts.get(theme.TEXT_MIN, True).get_linesize()
        top = 22 + fonts.get(title_size(), True).get_linesize() + 8
        bottom = self.campaign_y - 8
        if self.alone:
            width = min(theme.SCREEN_W - 80, fonts.scaled(ALONE.width))
            self.panel = pygame.Rect((theme.SCREEN_W - width) // 2, top, width, bottom - top)
        else:
            self.panel = pygame.Rect(LEFT.left, top, LEFT.width, bottom - top)
            self.right = pygame.Rect(RIGHT.left, top, RIGHT.width, bottom - top)

    def tile(self, index: int) -> pygame.Rect:
        """Mission ``index + 1``'s tile, where this scene draws it."""
        return strip_rect(index, self.strip_y, self.tile_w, self.tile_h)

    def build(self) -> None:
        cx = theme.SCREEN_W // 2
        self.start = Button((cx + 20, BUTTON_Y, 380, 70), self.tr("cazabombas.brief.start"),
                            self._start, shortcut=pygame.K_RETURN,
                            shortcut_label=self.tr("key.enter"), style="primary",
                            size=theme.TEXT_LARGE)
        self.back = Button((cx - 400, BUTTON_Y, 380, 70), self.tr("common.back"),
                           self._leave, style="ghost", shortcut_label=self.tr("key.esc"))
        self.form.add(self.start)
        self.form.add(self.back)

    # --- choosing ------------------------------------------------------------------------------

    def choose(self, number: int) -> None:
        if number in progress.MISSIONS:
            self.number = number

    def chosen(self) -> GameConfig:
        if self.number == self.dealt:
            return self.config
        return progress.with_mission(self.config, self.number)

    def _start(self) -> None:
        self.finish(self.chosen())

    def _leave(self) -> None:
        self.finish(None)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                missions = progress.MISSIONS
                at = missions.index(self.number)
                step = 1 if event.key == pygame.K_RIGHT else -1
                self.choose(missions[(at + step) % len(missions)])
                return
            if pygame.K_1 <= event.key <= pygame.K_9:
                self.choose(event.key - pygame.K_0)
                return
            if event.key in (pygame.K_SPACE, pygame.K_KP_ENTER):
                self.start.fire()
                return
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 0) == 1:
            for index, number in enumerate(progress.MISSIONS):
                if self.tile(index).collidepoint(event.pos):
                    self.choose(number)
                    return
        super().handle(event)

    # --- what it says --------------------------------------------------------------------------

    def lines(self) -> list[str]:
        """What is in this mission's bomb, one line each."""
        namer = self.namer
        seats = self.config.seat_count
        m = mission_table(self.number, seats)
        out = [namer.t("cazabombas.brief.blue", n=m.blue_max)]
        for colour, key in ((m.yellow, "yellow"), (m.red, "red")):
            if colour is None:
                out.append(namer.t(f"cazabombas.brief.no_{key}"))
            elif colour.uncertain:
                out.append(namer.t(f"cazabombas.brief.{key}_of", n=colour.count,
                                   total=colour.drawn))
            else:
                out.append(namer.plural(f"cazabombas.brief.{key}", colour.count))
        if m.equipment:
            out.append(namer.plural("cazabombas.brief.equipment", seats))
        else:
            out.append(namer.t("cazabombas.brief.no_equipment"))
        out.append(namer.plural("cazabombas.brief.dial", seats - 1))
        out.append(namer.t("cazabombas.brief.stands_two" if seats == 2 else
                           "cazabombas.brief.stands_three" if seats == 3 else
                           "cazabombas.brief.stands_one"))
        if m.red is not None:
            out.append(namer.t("cazabombas.brief.reveal"))
        if self.captain is not None and self.number == self.dealt:
            out.append(namer.t("cazabombas.brief.captain", name=namer.seat(self.captain)))
        return out

    # --- drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        cx = theme.SCREEN_W // 2
        name = self.t(f"newgame.mission{self.number}")
        if fonts.text_factor == 1.0:
            draw_text(surface, self.t("cazabombas.brief.title", n=self.number), (cx, 22),
                      theme.TEXT_HEADING + 6, theme.INK, bold=True, anchor="midtop",
                      max_width=1100)
            draw_text(surface, name, (cx, 76), theme.TEXT_BODY, theme.ACCENT, bold=True,
                      anchor="midtop", max_width=1100)
        else:  # one line, "Mission 4 · A full bomb": the second would take the bullets' room
            draw_text(surface, self.t("cazabombas.brief.title_full", name=name), (cx, 22),
                      title_size(), theme.INK, bold=True, anchor="midtop", max_width=1200)
        for panel in (self.panel,) if self.alone else (self.panel, self.right):
            round_rect(surface, panel, theme.PANEL, 20, 210)
            round_rect(surface, panel, theme.PANEL_EDGE, 20, 255, 2)
        self._contents(surface)
        if not self.alone:
            self._silence(surface)
        self._strip(surface)
        self.form.draw(surface)

    def _contents(self, surface: pygame.Surface) -> None:
        panel = self.panel
        x = panel.left + PAD
        draw_text(surface, self.t("cazabombas.brief.in_the_bomb"), (x, panel.top + 18),
                  theme.TEXT_SMALL, theme.ACCENT, bold=True, max_width=panel.width - 52)
        y = panel.top + 50
        size, gap = self.bullets_fit()
        for line in self.lines():
            gfx.circle(surface, theme.INK_DIM, (x + 6, y + size // 2 + 2), 4)
            used = draw_paragraph(surface, line, bullet_rect(y, panel), size, theme.INK,
                                  line_gap=LINE_GAP)
            y += used + gap

    def bullets_fit(self) -> tuple[int, int]:
        """(the bullets' size, the gap between them): the roomiest that ends inside the panel
        (a long mission's bullets, wrapped clear of the border, would run out of it)."""
        lines = self.lines()
        panel = self.panel
        for size, gap in ((theme.TEXT_SMALL, 7), (theme.TEXT_SMALL, 3), (theme.TEXT_MIN, 4),
                          (theme.TEXT_MIN, 1)):
            step = round(fonts.get(size).get_linesize() * LINE_GAP / 1.15)
            rows = sum(len(wrap_text(line, size, bullet_rect(0, panel).width))
                       for line in lines)
            if panel.top + 50 + rows * step + gap * (len(lines) - 1) <= \
                    self.bullets_bottom():
                return size, gap
        return theme.TEXT_MIN, 1

    def bullets_bottom(self) -> int:
        """Where the bullets must end: clear of the panel's border."""
        return self.panel.bottom - PAD // 2

    def _silence(self, surface: pygame.Surface) -> None:
        sign = pygame.Rect(0, 0, 120, 120)
        right = self.right
        sign.midtop = (right.centerx, right.top + 22)
        no_talking(surface, sign)
        draw_text(surface, self.t("cazabombas.brief.silence_title"),
                  (right.centerx, sign.bottom + 14), theme.TEXT_HEADING - 8, theme.DANGER,
                  bold=True, anchor="midtop", max_width=right.width - 40)
        draw_paragraph(surface, self.t("cazabombas.brief.silence"),
                       pygame.Rect(right.left + 28, sign.bottom + 62, right.width - 56, 150),
                       theme.TEXT_BODY, theme.INK, align="center")

    def _strip(self, surface: pygame.Surface) -> None:
        won = progress.won(self.app.settings)
        cx = theme.SCREEN_W // 2
        campaign = self.t("cazabombas.brief.campaign", n=len(won), total=len(progress.MISSIONS))
        if fonts.text_factor != 1.0:  # its keys' part goes first when it would squeeze
            campaign = fitting_keys(campaign, theme.TEXT_MIN, 1200)
        draw_text(surface, campaign, (cx, self.campaign_y), theme.TEXT_MIN, theme.INK_DIM,
                  bold=True, anchor="midtop", max_width=900 if fonts.text_factor == 1.0 else 1200)
        for index, number in enumerate(progress.MISSIONS):
            rect = self.tile(index)
            chosen = number == self.number
            body = theme.mix(theme.PANEL, SAFE, 0.35) if number in won else theme.PANEL
            round_rect(surface, rect, body, 12)
            round_rect(surface, rect, theme.ACCENT if chosen else theme.PANEL_EDGE, 12, 255,
                       4 if chosen else 2)
            draw_text(surface, str(number), (rect.centerx, rect.top + 6), number_size(),
                      theme.INK, bold=True, anchor="midtop")
            key = "cazabombas.brief.won" if number in won else "cazabombas.brief.not_won"
            draw_text(surface, self.t(key), (rect.centerx, rect.bottom - 6), theme.TEXT_MIN,
                      SAFE if number in won else theme.INK_DIM, anchor="midbottom",
                      max_width=rect.width - 8)
            if number in won:
                gfx.lines(surface, GOLD, False, [(rect.right - 24, rect.top + 16),
                                                 (rect.right - 17, rect.top + 23),
                                                 (rect.right - 8, rect.top + 9)], 3)
