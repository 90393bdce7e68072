"""Results: the ranking (the first place big, the others in order), play again (same table,
new seed), the same code (the same game again), copy the code, review the game move by move
(R; not for a networked table, whose save is the host's), back to the title.

It reads the game's :class:`~game.core.engine.Outcome` only: places with ties (a shared first
place names every seat in it), scores where the game keeps them, and a cooperative game's team
result; beside each seat the family's screens may add a line (``UiKit.seat_note``). A note
that is a :class:`PlaceNote` says the seat's place in the game's own words ("Out 3rd") and is
shown instead of the bare place number, never beside it.

Under the ranking the family's statistics of the game (``UiKit.stats``, from the public feed
only: ``game.ui.gamestats``), a small table; where it does not fit under the rows (five seats
and more) a switch ("Statistics", key S) shows it in the ranking's place. A family may offer
the table that comes next (``UiKit.follow_up``: Caza Bombas' next mission after a win), which
then leads the buttons with Enter ("Play again" keeps its button, key A). A follow-up of the
very table just played (a lost mission: "Retry mission", the same mission on a new deal) is a
retry: it leads the same way. A team that lost reads it at once: the headline in red beside a
small burst bomb drawn here (the review found a lost mission dressed as any other result).

The clipboard goes through ``pygame.scrap``; where there is none the code stays on screen,
big, with a "copy it by hand" note. Nothing here can crash on a machine without a clipboard.
"""

from __future__ import annotations

import logging
import math
from typing import TYPE_CHECKING, Any, cast

import pygame

from game.core.config import SeatKind
from game.core.errors import MechaCortaError
from game.ui import fonts, gfx, theme
from game.ui.draw import round_rect
from game.ui.fx import Particles
from game.ui.locale import ordinal, plural
from game.ui.players import person_names, seat_name
from game.ui.registry import ui_kit_for
from game.ui.scenes.base import FormScene
from game.ui.statstable import SIZES, StatsTable
from game.ui.text import NARROW, draw_paragraph, draw_text, wrap_text
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.match.match import Match
    from game.match.source import TableSource
    from game.ui.app import App
    from game.ui.gamestats import Stats
    from game.ui.kit import FollowUp

LEFT = pygame.Rect(56, 150, 700, 468)
RIGHT = pygame.Rect(784, 150, 440, 468)
WINNER_H = 104
GOLD = (255, 200, 70)
OUT_INK = (235, 120, 100)
"""A family's own words for a place ("Out 3rd")."""
STATS_ROW_STEP = 46
"""The ranking's rows with statistics under them (54 without)."""
TOGGLE = pygame.Rect(LEFT.right - 16 - 230, LEFT.bottom - 50, 230, 38)
"""The "Statistics"/"Ranking" switch, when the table does not fit under the ranking."""
LOST_INK = (245, 88, 76)
"""A team's loss: the headline's red (brighter than the table's danger red, for contrast on
the dark background)."""
CONFETTI_EVERY = 1.1
CONFETTI_FOR = 3.5


BOMB_R = 30
"""The burst bomb's size beside a lost team's headline (its burst reaches a bit further)."""


def draw_burst_bomb(surface: pygame.Surface, centre: tuple[int, int], r: int) -> None:
    """A bomb that went off, drawn (no image file): a jagged orange and yellow burst behind a
    dark round bomb with a crack across it and its fuse snapped off, a few shards flying."""
    cx, cy = centre
    for radius, color, spikes, turn in ((r * 1.45, (235, 90, 40), 11, 0.0),
                                        (r * 1.1, (255, 196, 70), 11, 0.3)):
        points = []
        for k in range(spikes * 2):
            angle = math.pi * k / spikes + turn
            reach = radius if k % 2 == 0 else radius * 0.62
            points.append((cx + reach * math.cos(angle), cy + reach * math.sin(angle)))
        gfx.polygon(surface, color, points)
    body = round(r * 0.62)
    gfx.circle(surface, (34, 34, 42), (cx, cy + 3), body)
    gfx.circle(surface, (90, 92, 106), (cx - body // 3, cy + 3 - body // 3), max(2, body // 4))
    crack = [(cx - body * 0.7, cy - body * 0.1), (cx - body * 0.2, cy + body * 0.15),
             (cx + body * 0.05, cy - body * 0.2), (cx + body * 0.55, cy + body * 0.3)]
    gfx.lines(surface, (250, 120, 60), False, crack, 2)
    # the fuse's stub, snapped and smoking
    gfx.line(surface, (150, 120, 90), (cx + body * 0.5, cy - body * 0.6),
             (cx + body * 0.8, cy - body * 0.95), 3)
    for k, (dx, dy) in enumerate(((-1.6, -1.1), (1.7, -0.9), (-1.5, 1.2), (1.6, 1.1))):
        x, y = cx + r * dx, cy + r * dy
        size = 4 if k % 2 else 3
        gfx.polygon(surface, (255, 150, 60), [(x, y - size), (x + size, y), (x, y + size),
                                              (x - size, y)])


class PlaceNote(str):
    """A family's note that says a seat's place its own way: the bomb deck ranks by who went
    out last, so "2nd" and "Exploded 3rd" on one row read as two places that disagree. The
    row shows this instead of the number; ``sentence``: the same for the line under the
    headline, when the seat is the one person at the table."""

    sentence: str

    def __new__(cls, text: str, sentence: str = "") -> PlaceNote:
        note = super().__new__(cls, text)
        note.sentence = sentence
        return note


def copy_to_clipboard(text: str) -> bool:
    """Put ``text`` on the system clipboard; ``False`` when there is no clipboard here."""
    try:
        scrap = pygame.scrap
        put_text = getattr(scrap, "put_text", None)
        if put_text is not None:
            put_text(text)
            get_text = getattr(scrap, "get_text", None)
            return get_text is None or get_text() == text
        if not scrap.get_init():
            scrap.init()
        scrap.put(pygame.SCRAP_TEXT, text.encode("utf-8"))
        return True
    except Exception:  # no clipboard, no display, an old pygame: the code stays on screen
        return False


log = logging.getLogger(__name__)


class ResultsScene(FormScene[None]):
    def __init__(self, app: App, match: TableSource, *,
                 aids: frozenset[str] = frozenset(), guided: int = 0) -> None:
        """``aids``: what the game was played with (the deduction marks): said beside the
        code, as the past games and the record keep it; ``guided``: the moves a lesson asked
        for (its review does not judge them)."""
        self.match = match
        self.aids = aids
        self.guided = guided
        self.copied: bool | None = None
        """``None``: not tried; ``True``: on the clipboard; ``False``: copy it by hand."""
        self.confetti = Particles(app.motion, seed=match.seed)
        self._burst = 0.0
        self._pulse = 0.0
        self._games = getattr(match, "games", 0)
        """A networked table's count of games played again, as these results found it."""
        self._going_on = False
        """The host started the next game: its table replaces these results (the link to
        the table stays open)."""
        self.showing_stats = False
        """Where the statistics do not fit under the ranking: they are shown instead of it."""
        self._tables: dict[tuple[int, int | None], StatsTable] = {}
        super().__init__(app)

    # --- names ---------------------------------------------------------------------------------

    def ranking(self) -> list[int]:
        """Best first, a shared place by seat number; seats not yet placed (a game that is
        not over) follow in seat order."""
        ranked = list(self.match.ranking())
        return ranked + [s for s in range(self.match.config.seat_count) if s not in ranked]

    def place(self, seat: int) -> int | None:
        return self.match.outcome().places[seat]

    def _names(self, seats: list[int]) -> str:
        names = [self.seat_name(seat) for seat in seats]
        if len(names) == 1:
            return names[0]
        return self.t("results.and", a=", ".join(names[:-1]), b=names[-1])

    def seat_name(self, seat: int) -> str:
        kind = self.match.config.seats[seat]
        if kind is SeatKind.PERSON:
            if len(self.match.people) == 1:
                return self.t("seat.you")
            return seat_name(self.app.loc,
                             person_names(self.match, lambda: self.app.settings.player_names),
                             seat)
        return self.t("seat.machine", level=self.t(f"level.{kind.value}.name"), n=seat + 1)

    def seat_kind(self, seat: int) -> str:
        kind = self.match.config.seats[seat]
        if kind is SeatKind.PERSON:
            return self.t("seat.person")
        return self.t("newgame.machine_level", level=self.t(f"level.{kind.value}.name"))

    def stats(self) -> Stats | None:
        """The family's statistics of the finished game (public events only)."""
        if not self.match.is_over():
            return None
        kit = ui_kit_for(self.match.config.game)
        return kit.stats(self.app.loc, self.match, self.app.settings)

    def stats_table(self, width: int, room: int | None = None) -> StatsTable | None:
        """The statistics laid out ``width`` wide in the largest text that fits ``room`` in
        height (``None``: the smallest; measured once: every frame asks)."""
        stats = self._stats
        if stats is None:
            return None
        key = (width, room)
        if key not in self._tables:
            seats = range(self.match.config.seat_count)
            people = frozenset(s for s in seats
                               if self.match.config.seats[s] is SeatKind.PERSON)
            names = [self.seat_name(s) for s in seats]
            for size in SIZES if room is not None else SIZES[-1:]:
                table = StatsTable(stats, names, width, self.t("results.stats.title"), people,
                                   size)
                if room is None or (table.height() <= room and not table.squeezes):
                    break
            self._tables[key] = table
        return self._tables[key]

    def follow_up(self) -> FollowUp | None:
        """The next table the family offers (Caza Bombas: the next mission); none on a
        networked table, whose next game is the host's."""
        if self.networked or not self.match.is_over():
            return None
        return ui_kit_for(self.match.config.game).follow_up(self.match)

    def _rest_layout(self) -> tuple[int, int, bool]:
        """The ranking's rows under the first place: (top, step) and whether the statistics
        fit under them (else the switch shows them instead)."""
        ranking = self.ranking()
        first = self._first(ranking)
        rest = len(ranking) - len(first)
        top = LEFT.top + 16 + (WINNER_H + 14 if first else 0)
        step = min(54, (LEFT.bottom - 50 - top) // max(1, rest))
        table = self.stats_table(LEFT.width - 32)
        if table is None:
            return top, step, False
        tight = min(step, STATS_ROW_STEP)
        below = top + rest * tight + (4 if rest else 0)
        if below + table.height() <= LEFT.bottom - 46:
            return top, tight, True
        return top, step, False

    def _first(self, ranking: list[int]) -> list[int]:
        """The seats of the first place (none when a team lost: every seat alike)."""
        if self.match.outcome().team_won is False:
            return []
        return [seat for seat in ranking if self.place(seat) == 1] or ranking[:1]

    def headline(self) -> tuple[str, str]:
        """The big line and the line under it."""
        outcome = self.match.outcome()
        if outcome.team_won is not None:
            return self.t("results.team_won" if outcome.team_won else "results.team_lost"), ""
        winners = list(outcome.winners) or self.ranking()[:1]
        people = self.match.people
        if len(people) == 1:
            person = people[0]
            if person in winners:
                return self.t("results.you_won" if len(winners) == 1
                              else "results.you_shared"), ""
            own = self._family_note(person)
            if isinstance(own, PlaceNote) and own.sentence:
                return self._winners_line(winners), own.sentence
            place = self.place(person) or self.ranking().index(person) + 1
            return self._winners_line(winners), self.t("results.you_lost",
                                                        nth=self._ordinal(place))
        return self._winners_line(winners), ""

    def _winners_line(self, winners: list[int]) -> str:
        if len(winners) == 1:
            return self.t("results.winner", name=self.seat_name(winners[0]))
        return self.t("results.shared_win", names=self._names(winners))

    def celebrates(self) -> bool:
        """Confetti for a win on this side of the screen: a person (or the team) won, or only
        people and machines that are not this screen's player (a hot-seat table, a machine
        game). One person who lost gets none."""
        outcome = self.match.outcome()
        if outcome.team_won is not None:
            return outcome.team_won
        people = self.match.people
        return len(people) != 1 or people[0] in outcome.winners

    def _moves(self) -> int:
        """Decisions taken by the players (the table closing a window is not one)."""
        return self.match.player_moves()

    def _ordinal(self, n: int) -> str:
        return ordinal(self.app.loc, n)

    # --- widgets -------------------------------------------------------------------------------

    def build(self) -> None:
        x, w = RIGHT.left + 30, RIGHT.width - 60
        self._stats = self.stats()
        self._next = self.follow_up()
        self.copy = Button((x, RIGHT.top + 124, w, 56), self.tr("results.copy_code"),
                           self._copy)
        self.again = Button((x, RIGHT.top + 246, w, 64), self.tr("results.play_again"),
                            self._play_again, shortcut=pygame.K_RETURN,
                            shortcut_label=self.tr("key.enter"), style="primary",
                            size=theme.TEXT_LARGE)
        self.same = Button((x, RIGHT.top + 326, w, 56), self.tr("results.same_code"),
                           self._same_code)
        self.title = Button((x, RIGHT.top + 396, w, 56), self.tr("results.to_title"),
                            self._to_title, style="ghost", shortcut_label=self.tr("key.esc"))
        self.next: Button | None = None
        self.retry: Button | None = None
        buttons = [self.copy, self.again, self.same, self.title]
        if self._next is not None:
            # the next mission leads (Enter, as the table's own "again" after a win); the
            # others close up under it
            lead = Button((x, RIGHT.top + 240, w, 58), self.tr(self._next.label),
                          self._follow, shortcut=pygame.K_RETURN,
                          shortcut_label=self.tr("key.enter"), style="primary",
                          size=theme.TEXT_LARGE)
            if self._next.config == self.match.config:
                self.retry = lead  # the same table again (a lost mission), a new deal
            else:
                self.next = lead
            self.copy.rect = pygame.Rect(x, RIGHT.top + 122, w, 50)
            self.again.rect = pygame.Rect(x, RIGHT.top + 308, w, 46)
            self.again.style, self.again.size = "normal", theme.TEXT_BODY
            self.again.shortcut, self.again.shortcut_label = pygame.K_a, "A"
            self.same.rect = pygame.Rect(x, RIGHT.top + 362, w, 46)
            self.title.rect = pygame.Rect(x, RIGHT.top + 416, w, 46)
            buttons.insert(1, lead)
        self.toggle = Button(TOGGLE, self._toggle_label, self._toggle, shortcut=pygame.K_s,
                             shortcut_label=self.tr("results.stats.key"), size=theme.TEXT_MIN)
        self.toggle.visible = self._stats is not None and not self._rest_layout()[2]
        buttons.append(self.toggle)
        # the review steps through the game just played (a networked table keeps no save
        # here: none)
        self.review = Button((x, RIGHT.bottom + 16, w, 54), self.tr("review.review_game"),
                             self._review, shortcut=pygame.K_r,
                             shortcut_label=self.tr("review.key_r"), size=theme.TEXT_BODY)
        self.review.visible = self._reviewed() is not None
        buttons.append(self.review)
        for button in buttons:
            self.form.add(button)
        if self.networked and not self.hosting:
            # Playing again with the same people at their computers is the host's call:
            # this screen follows them to the next game when it starts.
            self.again.enabled = False
            self.again.text = self.tr("results.host_starts")
            self.again.shortcut_label = None

    # --- actions -------------------------------------------------------------------------------

    def _toggle_label(self) -> str:
        return self.t("results.ranking" if self.showing_stats else "results.stats.show")

    def _toggle(self) -> None:
        self.showing_stats = not self.showing_stats

    def _follow(self) -> None:
        """The table the family offers next (Caza Bombas: the next mission, same seats; the
        same mission again after a loss), on a new deal."""
        from game.ui import launch

        if self._next is not None:
            launch.open_table(self.app, launch.make_match(self._next.config), replacing=self)

    def _reviewed(self) -> Match | None:
        """The finished match a review can replay: one played here (a networked table's
        save is the host's: none)."""
        from game.match.match import Match as Played

        match = self.match
        if self.networked or not isinstance(match, Played) or not match.is_over():
            return None
        return match

    def _review(self) -> None:
        """The review of this game, move by move (Esc comes back here)."""
        from game.ui.scenes.review import ReviewScene

        match = self._reviewed()
        if match is not None:
            self.push(ReviewScene.of_match(self.app, match, guided=self.guided))

    def _copy(self) -> None:
        self.copied = copy_to_clipboard(self.match.code)
        self._pulse = 1.0

    def _play_again(self) -> None:
        from game.ui import launch

        hosting = getattr(self.match, "hosting", None)
        if hosting is not None:  # the same people, a fresh deal: every computer follows
            try:
                hosting.act(hosting.table.again)
            except (RuntimeError, MechaCortaError) as error:
                log.warning("the table cannot start again: %s", error)
            return
        launch.open_table(self.app, launch.make_match(self.match.config), replacing=self)

    def _same_code(self) -> None:
        from game.ui import launch

        # The code is on this screen already: the new table may show it too.
        launch.open_table(self.app, launch.match_from_code(self.match.code), replacing=self,
                          show_code=True)

    @property
    def networked(self) -> bool:
        """The game was played across the network (the match is the host's, read here)."""
        return callable(getattr(self.match, "close", None))

    @property
    def hosting(self) -> bool:
        """This computer hosts the networked table (it may start the next game)."""
        return getattr(self.match, "hosting", None) is not None

    def _follow_the_host(self) -> None:
        """The host started the next game for the same people: its table replaces these
        results, on every computer (the host's own screen reads its table as they do)."""
        poll = getattr(self.match, "poll", None)
        if not callable(poll) or self._going_on:
            return
        poll()
        if getattr(self.match, "games", 0) == self._games or not getattr(self.match, "ready",
                                                                          False):
            return
        from game.ui.netplay import joined_table

        self._going_on = True
        self.app.stack.replace(joined_table(self.app, cast(Any, self.match)))

    def on_exit(self) -> None:
        """A networked table is done with when its results are left (a table hosted here
        closes: every computer is told), unless its next game replaced them."""
        close = getattr(self.match, "close", None)
        if callable(close) and not self._going_on:
            close()

    def _to_title(self) -> None:
        self.app.to_title()

    def on_escape(self) -> None:
        self._to_title()

    # --- frame ---------------------------------------------------------------------------------

    def on_enter(self) -> None:
        # The table already played the win fanfare when the game ended: confetti only.
        self._celebrate()

    def _celebrate(self) -> None:
        if not self.celebrates():
            return
        for x in (LEFT.left + 120, LEFT.centerx, LEFT.right - 120):
            self.confetti.confetti((x, LEFT.top + 40), 40)

    @property
    def animating(self) -> bool:
        return self.clock < CONFETTI_FOR or self._pulse > 0

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.networked:
            self._follow_the_host()
        self._pulse = max(0.0, self._pulse - dt * 1.5)
        if self.clock < CONFETTI_FOR:
            self._burst += dt
            if self._burst >= CONFETTI_EVERY:
                self._burst -= CONFETTI_EVERY
                self._celebrate()
        self.confetti.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        self.confetti.draw(surface)  # behind the text, so every word stays readable
        big, small = self.headline()
        draw_text(surface, self.t("results.title"), (theme.SCREEN_W // 2, 18), theme.TEXT_BODY,
                  theme.INK_DIM, bold=True, anchor="midtop")
        lost = self.match.outcome().team_won is False
        # 60 px, 50 with bigger text (the title and the line around it grow): far above every
        # floor, and all three keep apart (at 150 % the headline came down over the line)
        headline = fonts.unscaled(60 if fonts.text_factor == 1.0 else 50)
        if lost:  # red, beside the bomb that went off
            room = theme.SCREEN_W - 120 - 2 * (BOMB_R * 2 + 34)
            at = draw_text(surface, big, (theme.SCREEN_W // 2 + BOMB_R + 17, 48), headline,
                           LOST_INK, bold=True, anchor="midtop", max_width=room)
            draw_burst_bomb(surface, (at.left - BOMB_R - 30, at.centery + 2), BOMB_R)
        else:
            draw_text(surface, big, (theme.SCREEN_W // 2, 48), headline, theme.ACCENT,
                      bold=True, anchor="midtop", max_width=theme.SCREEN_W - 120)
        if small:
            # its foot above the panels at any text size (where it stood at 100 %)
            draw_text(surface, small, (theme.SCREEN_W // 2, LEFT.top - 4), theme.TEXT_BODY,
                      theme.INK, anchor="midbottom", max_width=theme.SCREEN_W - 120)
        self._draw_ranking(surface)
        self._draw_code(surface)
        self.form.draw(surface)

    def _draw_ranking(self, surface: pygame.Surface) -> None:
        round_rect(surface, LEFT, theme.PANEL, 20, 200)
        round_rect(surface, LEFT, theme.PANEL_EDGE, 20, 255, 2)
        self._draw_summary(surface)
        if self.showing_stats and self.toggle.visible:
            table = self.stats_table(LEFT.width - 32, LEFT.height - 32 - 56)
            if table is not None:
                table.draw(surface, (LEFT.left + 16, LEFT.top + 16))
            return
        ranking = self.ranking()
        first = self._first(ranking)
        row = pygame.Rect(LEFT.left + 16, LEFT.top + 16, LEFT.width - 32, WINNER_H)
        if first:
            self._draw_first(surface, row, first)
        # the others, in order
        rest = [seat for seat in ranking if seat not in first]
        top, step, below = self._rest_layout()
        if below:  # the statistics under the last row, as large as the room left allows
            at = top + len(rest) * step + (4 if rest else 0)
            table = self.stats_table(LEFT.width - 32, LEFT.bottom - 46 - at)
            assert table is not None
            table.draw(surface, (LEFT.left + 16, at))
        size = theme.TEXT_BODY if step >= 44 else theme.TEXT_SMALL
        for index, seat in enumerate(rest):
            y = top + index * step
            line = pygame.Rect(row.left, y, row.width, step - 6)
            round_rect(surface, line, theme.mix(theme.PANEL, theme.BG_DEEP, 0.35), 12)
            is_person = self.match.config.seats[seat] is SeatKind.PERSON
            ink = theme.ACCENT if is_person else theme.INK
            place = self.place(seat)
            family = self._family_note(seat)
            name_x, kind_x = line.left + 74, line.left + 272
            if isinstance(family, PlaceNote):  # its own words in place of the number
                draw_text(surface, family, (line.left + 14, line.centery), size, OUT_INK,
                          bold=True, anchor="midleft", max_width=150)
                name_x, kind_x = line.left + 176, line.left + 374
            else:
                draw_text(surface, self._ordinal(place) if place is not None else "–",
                          (line.left + 38, line.centery), size, theme.INK_DIM, bold=True,
                          anchor="center")
            draw_text(surface, self.seat_name(seat), (name_x, line.centery), size, ink,
                      bold=True, anchor="midleft", max_width=186)
            kind, note = self.seat_kind(seat), self._note(seat)
            font = fonts.get(theme.TEXT_MIN)
            room = line.right - 16 - kind_x
            kind_w, note_w = font.size(kind)[0], font.size(note)[0] if note else 0
            if note and kind_w + 16 + note_w > room and line.height >= 2 * theme.TEXT_MIN + 6:
                # both whole, one over the other (a long level name and "pagou 118" did not
                # fit side by side: squeezed to 82 %)
                kind_y, note_y = line.centery - 11, line.centery + 11
                kind_room = note_room = room
            else:
                kind_y = note_y = line.centery
                note_room = min(note_w, max(170, room - kind_w - 16)) if note else 0
                kind_room = room - note_room - 16 if note else min(room, 200)
            draw_text(surface, kind, (kind_x, kind_y), theme.TEXT_MIN, theme.INK_DIM,
                      anchor="midleft", max_width=kind_room)
            if note:
                draw_text(surface, note, (line.right - 16, note_y), theme.TEXT_MIN,
                          (235, 120, 100), anchor="midright", max_width=note_room)

    def _draw_summary(self, surface: pygame.Surface) -> None:
        """The game and its moves along the panel's foot (left of the switch, if any)."""
        summary = (f"{self.t(f'game.{self.match.config.game}.name')} · "
                   f"{plural(self.app.loc, 'results.moves', self._moves())}")
        if self.toggle.visible:
            draw_text(surface, summary, (LEFT.left + 24, TOGGLE.centery), theme.TEXT_MIN,
                      theme.INK_DIM, anchor="midleft",
                      max_width=TOGGLE.left - LEFT.left - 40)
            return
        draw_text(surface, summary, (LEFT.centerx, LEFT.bottom - 16), theme.TEXT_MIN,
                  theme.INK_DIM, anchor="midbottom", max_width=LEFT.width - 40)

    def _draw_first(self, surface: pygame.Surface, row: pygame.Rect, first: list[int]) -> None:
        """The first place: a gold row with a crown (every seat that shares it)."""
        outcome = self.match.outcome()
        glow = 0.5 + 0.5 * math.sin(self.clock * 2.4)
        round_rect(surface, row, theme.mix((70, 58, 30), (96, 78, 34), glow), 16)
        round_rect(surface, row, GOLD, 16, 255, 3)
        crown = pygame.Rect(row.left + 20, row.top + 16, 72, 72)
        _crown(surface, crown)
        team = self._team_line(first)
        nth = crown if team else draw_text(surface, self._ordinal(1), (crown.right + 18,
                                           row.centery), theme.TEXT_HEADING, GOLD, bold=True,
                                           anchor="midleft")
        name_x = nth.right + 24 if team else max(crown.right + 100, nth.right + 24)
        kinds = " · ".join(dict.fromkeys(self.seat_kind(seat) for seat in first))
        if len(first) == 1 and outcome.scores is not None:
            kinds = f"{kinds} · {self._points(first[0])}"
        width = row.right - name_x - 20
        rows, size = _team_rows(team, width) if team else ([], 0)
        if len(rows) > 1:  # a whole team's names: two rows, and the names say their levels
            y = row.centery - len(rows) * (size + 6) // 2
            for text in rows:
                draw_text(surface, text, (name_x, y), size, theme.INK, bold=True,
                          max_width=width)
                y += size + 6
            return
        # the name and under it the kinds, both in the row at any text size: the name's size
        # is the row's room less the kinds' line (38 at 100 %, as it was)
        small = fonts.get(theme.TEXT_SMALL).get_height()
        big = min(size or 38, fonts.unscaled(row.height - 22 - small))
        top = row.top + max(8, 16 - round(16 * (fonts.text_factor - 1)))
        name = draw_text(surface, team or self._names(first), (name_x, top), big, theme.INK,
                         bold=True, max_width=width)
        draw_text(surface, kinds, (name_x, max(row.top + 64, name.bottom)), theme.TEXT_SMALL,
                  theme.INK_DIM, max_width=width)

    def _team_line(self, first: list[int]) -> str:
        """A team's win in the family's own words, when its kit has a ``team_line`` hook."""
        line = getattr(ui_kit_for(self.match.config.game), "team_line", None)
        won = self.match.outcome().team_won
        return str(line(self.app.loc, self.match, self._names(first))) if line and won else ""

    def _points(self, seat: int) -> str:
        scores = self.match.outcome().scores
        if not scores:
            return ""
        n = scores[seat]
        text = plural(self.app.loc, "results.points", n)
        # a real minus sign, as the tables write scores ("−8", not "-8")
        return text.replace(str(n), f"−{-n}", 1) if n < 0 else text

    def _family_note(self, seat: int) -> str:
        """What the family says of the seat (once the game is over)."""
        if not self.match.is_over():
            return ""
        return ui_kit_for(self.match.config.game).seat_note(self.app.loc, self.match, seat)

    def _note(self, seat: int) -> str:
        """The score where the game keeps one, and what the family says of the seat (unless
        it says the place, drawn where the number goes)."""
        family = self._family_note(seat)
        parts = [self._points(seat), "" if isinstance(family, PlaceNote) else family]
        return " · ".join(part for part in parts if part)

    def _draw_code(self, surface: pygame.Surface) -> None:
        round_rect(surface, RIGHT, theme.PANEL, 20, 200)
        round_rect(surface, RIGHT, theme.PANEL_EDGE, 20, 255, 2)
        x, w = RIGHT.left + 30, RIGHT.width - 60
        label = draw_text(surface, self.t("newgame.code"), (x, RIGHT.top + 20),
                          theme.TEXT_SMALL, theme.INK_DIM, bold=True, max_width=w)
        if "marks" in self.aids:
            draw_text(surface, self.t("results.with_marks"), (x + w, RIGHT.top + 20),
                      theme.TEXT_SMALL, theme.ACCENT, anchor="topright",
                      max_width=w - label.width - 16)
        # under the label as tall as the text size draws it (a few px lower at 150 %)
        box = pygame.Rect(x, max(RIGHT.top + 50, label.bottom), w, 64)
        edge = theme.mix(theme.PANEL_EDGE, theme.ACCENT,
                         1.0 if self.copied is False else self._pulse)
        round_rect(surface, box, theme.BG_DEEP, 14)
        round_rect(surface, box, edge, 14, 255, 3)
        code = self.match.code
        size = 44 if fonts.get(44, True).size(code)[0] <= w - 24 else 30
        draw_text(surface, code, box.center, size, theme.INK, bold=True, anchor="center",
                  max_width=w - 24)
        if self.copied is not None:
            key = "results.copied" if self.copied else "results.copy_by_hand"
            color = theme.OK if self.copied else theme.ACCENT
            draw_paragraph(surface, self.t(key), pygame.Rect(x, RIGHT.top + 186, w, 50),
                           theme.TEXT_MIN, color, align="center")


def _crown(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A gold crown drawn with polygons (the winner's mark; shape, not colour alone)."""
    x, y, w, h = rect
    base = y + h * 0.82
    points = [(x + w * 0.08, base), (x + w * 0.02, y + h * 0.3), (x + w * 0.3, y + h * 0.56),
              (x + w * 0.5, y + h * 0.14), (x + w * 0.7, y + h * 0.56), (x + w * 0.98, y + h * 0.3),
              (x + w * 0.92, base)]
    shade = [(px + 2, py + 3) for px, py in points]
    gfx.polygon(surface, theme.SHADE, shade)
    gfx.polygon(surface, GOLD, points)
    gfx.polygon(surface, (150, 100, 20), points, 2)
    band = pygame.Rect(round(x + w * 0.08), round(base - h * 0.14), round(w * 0.84),
                       round(h * 0.16))
    gfx.rect(surface, (220, 160, 40), band, border_radius=3)
    for fx, fy in ((0.02, 0.3), (0.5, 0.14), (0.98, 0.3)):
        gfx.circle(surface, (255, 240, 200), (round(x + w * fx), round(y + h * fy)),
                           max(3, w // 14))
    gfx.circle(surface, (200, 50, 60), (round(x + w * 0.5), round(base - h * 0.06)),
                       max(3, w // 16))


def _team_rows(team: str, width: int) -> tuple[list[str], int]:
    """A team's win on the first row: one line at the largest size from the heading's 38 px
    down to 20 px that fits it at 90 % or more, else two rows at the largest size that fits
    them whole (the names of five at a won mission were squeezed to 79 %)."""
    for size in (38, 34, 30, 28, 26, 24, 22, 20):
        if fonts.get(size, True).size(team)[0] * NARROW <= width:
            return [team], size
    for size in (30, 28, 26, 24, 22, 20, theme.TEXT_MIN):
        rows = wrap_text(team, size, width, bold=True)
        if len(rows) <= 2 and all(fonts.get(size, True).size(r)[0] <= width for r in rows):
            return rows, size
    return wrap_text(team, theme.TEXT_MIN, int(width / NARROW), bold=True)[:2], theme.TEXT_MIN
