"""The review of a finished game: its table move by move, as one chosen seat saw it, with
what each move was and, once worked out, what the family's machine eye thinks of it.

Stepping: ←/→ one move, PgUp/PgDn ten, Home/End the deal and the end, N (Shift+N) the next
(previous) decision of the chosen seat, and the scrubber under the table (one tick per move,
the chosen seat's decisions taller, the turning points marked): click or drag its handle.
The seat: Tab (Shift+Tab) or its number key, its name at the top. A shows every hand in turn
(the engines have no view of everything at once, so each seat's view comes for a few seconds;
a line says why it may: the game is over). Z (or a click on the table) shows the table at
full size; P plays the same deal again; Esc goes back.

The picture is the family's own table, frozen (``game.ui.table.frozen``): the same painting
code as the live game. Position *p* is the table after the game's first *p* actions (0: just
dealt); the panel tells action *p* in the words of the table's log (``game.ui.recaps``) and,
when it was a seat's decision, its analysis (``game.history.review.analyse``), computed on a
thread of its own while the frames go on, with a progress bar; a game's analysis is kept for
the session, so opening it again is instant.

Only a finished game is reviewed: a review shows every seat's secrets (:class:`Unfinished`).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.core.config import SeatKind
from game.core.engine import TABLE as TABLE_SEAT
from game.core.errors import MalformedInput
from game.core.saves import SavedGame
from game.history.review import Entry, Review, Unfinished, analyse, cached, game_key, keep
from game.match.match import Match
from game.rules.codes import encode
from game.ui import fonts, gfx, theme
from game.ui.draw import round_rect
from game.ui.players import seat_name
from game.ui.recaps import recap_lines
from game.ui.scenes.base import FormScene
from game.ui.table.frozen import FrozenMatch, frozen_match, frozen_table, picture
from game.ui.text import draw_paragraph, draw_text, wrap_text
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scene import Scene

log = logging.getLogger(__name__)

BAR_H = 52
"""The top bar: the game, the seat whose view is shown."""
TABLE = pygame.Rect(0, BAR_H, 960, 540)
"""Where the table is drawn (shrunk to three quarters, its 16:9 kept)."""
PANEL = pygame.Rect(TABLE.right + 10, BAR_H + 6, theme.SCREEN_W - TABLE.right - 20, 528)
SCRUB = pygame.Rect(48, TABLE.bottom + 14, theme.SCREEN_W - 96, 34)
"""The scrubber: a bar with one tick per move and a handle."""
BUTTONS_Y = SCRUB.bottom + 10
BUTTON_H = 52
PAGE = 10
"""PgUp/PgDn: this many moves."""
CYCLE_SECONDS = 3.0
"""Every hand in turn: how long each seat's view stays."""
LABEL_W = 150
"""The analysis panel: the width of "Before 43%" beside its bar."""
BIG_TABLE_W = 880
"""At a bigger text size the table's picture is this wide (its 16:9 kept, centred in the
room of :data:`TABLE`), so the side panel has room for its bigger lines."""


def big() -> bool:
    """A text size above 100 %: the side panel and the buttons follow measured sizes."""
    return fonts.text_factor > 1.0


def table_rect() -> pygame.Rect:
    """Where the table's picture stands: :data:`TABLE`, or narrower at a bigger text size."""
    if not big():
        return TABLE
    height = BIG_TABLE_W * TABLE.height // TABLE.width
    return pygame.Rect(TABLE.left, TABLE.top + (TABLE.height - height) // 2, BIG_TABLE_W,
                       height)


def panel_rect() -> pygame.Rect:
    """The side panel: :data:`PANEL`, or as wide as the narrower picture leaves it."""
    if not big():
        return PANEL
    left = TABLE.left + BIG_TABLE_W + 10
    return pygame.Rect(left, PANEL.top, theme.SCREEN_W - 10 - left, PANEL.height)


def paragraph_height(text: str, size: int, width: int) -> int:
    """The height ``draw_paragraph`` takes for ``text``: 24 a line as at 100 % (the small
    notes' fixed step), or its own measured step at a bigger text size."""
    lines = len(wrap_text(text, size, width))
    if not big():
        return 24 * lines
    return lines * round(fonts.get(size).get_linesize() * 1.25 / 1.15)


SHORT_LABELS = {"review.next_decision": "review.next_decision_short",
                "review.again": "review.again_short"}
"""The buttons' shorter words, for a text size too big for the long ones in one row."""
CAPTION_SECONDS = 2.5
"""Full size: how long the line of where and whose stays after a change (then the table is
alone: the line would hide a corner of it)."""
KEEP_PICTURES = 12
KEEP_REVIEWS = 8

_REVIEWS: dict[str, Review] = {}
"""The analyses worked out this session, by game (:func:`game_key`): opening a game again
shows its analysis at once."""


class _Stopped(Exception):
    """The screen was left: the analysis stops at its next decision."""


class Analysis:
    """The analysis of one game on a thread of its own: ``done`` of ``total`` decisions so
    far, then ``review`` (or ``failed``). The frames read these; only the thread writes."""

    def __init__(self, save: SavedGame, home: Path | None = None) -> None:
        """``home``: the data folder whose past games keep the analyses (``None``: kept in
        memory only, for this session: screenshots and tests write nothing)."""
        self.save = save
        self.home = home
        self.key = game_key(save)
        self.done = 0
        self.total = 0
        self.review: Review | None = _REVIEWS.get(self.key)
        if self.review is None and home is not None:
            self.review = cached(home, save)  # worked out on an earlier day: at once
        self.failed = False
        self._stop = False
        self._thread: threading.Thread | None = None

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    @property
    def fraction(self) -> float:
        return self.done / self.total if self.total else 0.0

    def start(self) -> None:
        if self.review is not None or self._thread is not None:
            return
        self._thread = threading.Thread(target=self._run, name="review-analysis", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop = True

    def wait(self, timeout: float | None = None) -> None:
        """Until it is finished (a screenshot's picture, the tests)."""
        if self._thread is not None:
            self._thread.join(timeout)

    def _progress(self, done: int, total: int) -> None:
        if self._stop:
            raise _Stopped
        self.done, self.total = done, total

    def _run(self) -> None:
        try:
            review = analyse(self.save, progress=self._progress)
        except _Stopped:
            return
        except Exception:  # an analyst's fault must not take the screen down
            log.warning("review: the analysis failed", exc_info=True)
            self.failed = True
            return
        while len(_REVIEWS) >= KEEP_REVIEWS:
            _REVIEWS.pop(next(iter(_REVIEWS)))
        _REVIEWS[self.key] = review
        self.review = review
        if self.home is not None:
            try:
                keep(self.home, self.save, review)
            except OSError as error:  # worked out again next time: nothing is lost
                log.warning("review: the analysis is not kept: %s", error)


class _Marked(Match):
    """A match that notes how long its feed was after each action (``marks[p]``: after
    ``p`` actions), so each move's events can be told apart."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.marks = [0]

    def _apply(self, seat: int, action: Any) -> Any:
        items = super()._apply(seat, action)
        self.marks.append(self.feed_size)
        return items


def replayed(save: SavedGame) -> _Marked:
    """``save`` replayed to its end; :class:`Unfinished` when the game is not over (its
    review would show what is still secret), ``MalformedInput`` when it does not replay."""
    match = _Marked.from_save(save)
    assert isinstance(match, _Marked)
    if not match.is_over():
        raise Unfinished(f"the game is not over after its {len(save.actions)} moves: "
                         "only a finished game is reviewed")
    return match


class ReviewScene(FormScene[None]):
    """The review of the finished game ``save``. ``names``: the people's names it was
    played under (``''``: the usual name); ``analysis``: work out the analysis (off in tests
    that only step). Raises :class:`Unfinished` for a game that is not over."""

    def __init__(self, app: App, save: SavedGame, *, names: Sequence[str] = (),
                 analysis: bool = True, guided: int = 0) -> None:
        """``guided``: the first moves a lesson asked for: not judged as the person's own
        (review 4: the review called the lesson's own Nope a mistake)."""
        self.save = save
        self.guided = guided
        self.config = save.config
        self.game = save.config.game
        self.full = replayed(save)
        self.config = self.full.config
        self.total = len(save.actions)
        count = self.config.seat_count
        self.names = [str(n) for n in names][:count] + [""] * max(0, count - len(names))
        people = [s for s, kind in enumerate(self.config.seats) if kind is SeatKind.PERSON]
        self.position = 0
        self.seat = people[0] if people else 0
        self.cycling = False
        self._cycle_left = 0.0
        self.full_size = False
        self._dragging = False
        self._caption_left = 0.0
        self._table: tuple[tuple[int, int], FrozenMatch, Scene[Any]] | None = None
        self._pictures: dict[tuple[Any, ...], gfx.Canvas] = {}
        self._best: dict[int, list[str]] = {}
        from game.ui.launch import save_folder

        self.analysis = Analysis(save, save_folder(app) if app.persist else None)
        if analysis:
            self.analysis.start()
        super().__init__(app)

    @classmethod
    def of_match(cls, app: App, match: Match, *, analysis: bool = True,
                 guided: int = 0) -> ReviewScene:
        """The review of a match just finished (the results screen's "Review this game")."""
        from game.ui.players import person_names

        names = person_names(match, lambda: app.settings.player_names)
        return cls(app, match.save(), names=list(names), analysis=analysis, guided=guided)

    # --- what is shown -------------------------------------------------------------------------

    @property
    def code(self) -> str:
        return encode(self.config, self.save.seed)

    def seat_title(self, seat: int) -> str:
        """"Ana", "Player 1", "Crafty 3": the seat as its table names it."""
        if seat == TABLE_SEAT:
            return self.t("review.the_table")
        kind = self.config.seats[seat]
        if kind is SeatKind.PERSON:
            return seat_name(self.app.loc, self.names, seat)
        return self.t("seat.machine", level=self.t(f"level.{kind.value}.name"), n=seat + 1)

    def actor(self, position: int) -> int | None:
        """Who made the move that led to ``position`` (``TABLE``: the table closed a
        window); ``None`` at the deal."""
        if not 0 < position <= self.total:
            return None
        return self.save.actions[position - 1][0]

    def decisions(self, seat: int) -> list[int]:
        """The positions right after each of ``seat``'s moves."""
        return [i + 1 for i, (who, _action) in enumerate(self.save.actions) if who == seat]

    def entry(self, position: int) -> Entry | None:
        """The analysis of the move that led to ``position``, once worked out."""
        review = self.analysis.review
        if review is None or position <= 0:
            return None
        return next((e for e in review.entries if e.move == position - 1), None)

    def lesson_move(self, position: int) -> bool:
        """The move that led to ``position`` was a person's, asked for by a lesson."""
        if not 0 < position <= min(self.guided, len(self.save.actions)):
            return False
        seat = self.save.actions[position - 1][0]
        return self.config.seats[seat] is SeatKind.PERSON

    def turning_points(self) -> list[int]:
        review = self.analysis.review
        if review is None:
            return []
        return [e.move + 1 for e in review.turning_points(self.seat)
                if not self.lesson_move(e.move + 1)]

    def table(self) -> Scene[Any]:
        """The family's table frozen at the position, as the chosen seat saw it."""
        key = (self.position, self.seat)
        if self._table is None or self._table[0] != key:
            match = frozen_match(self.save, self.position, self.seat, self.names)
            self._table = (key, match, frozen_table(self.app, match))
        return self._table[2]

    @property
    def shown_match(self) -> FrozenMatch:
        """The match the table on screen is drawn from (the tests compare its views)."""
        self.table()
        assert self._table is not None
        return self._table[1]

    def move_lines(self, position: int) -> list[str]:
        """The move that led to ``position`` in the words of the table's log: as everybody
        saw it, or, when that says nothing (a sealed bid), as the seat that made it did (the
        game is over: nothing is secret any more)."""
        if not 0 < position <= self.total:
            return []
        marks = self.full.marks
        start, size = marks[position - 1], marks[position] - marks[position - 1]
        lines = recap_lines(self.table(), self.game, self.full.feed_for(None, start)[:size])
        who = self.actor(position)
        if not lines and who is not None and who != TABLE_SEAT:
            lines = recap_lines(self.table(), self.game, self.full.feed_for(who, start)[:size])
        return lines

    def told(self, position: int) -> list[str]:
        """What the panel says of ``position``: the deal, the move in the log's words (or
        that it made no line), and the end."""
        if position == 0:
            return [self.t("review.deal_line")]
        lines = self.move_lines(position)
        who = self.actor(position)
        if not lines and who is not None and who != TABLE_SEAT:
            lines = [self.t("review.no_words_seat", name=self.seat_title(who))]
        elif not lines:
            lines = [self.t("review.no_words")]
        if position == self.total:
            lines = [*lines, self.t("review.the_end")]
        return lines

    def best_lines(self, position: int, entry: Entry) -> list[str]:
        """The best move of ``entry`` in the log's words: the game replayed to just before
        the move, and the best one made instead."""
        if entry.best is None:
            return []
        if position not in self._best:
            actions = (*self.save.actions[: position - 1], (entry.seat, entry.best))
            try:
                twin = _Marked.from_save(SavedGame(self.config, self.save.seed, actions))
                assert isinstance(twin, _Marked)
                start = twin.marks[-2]
                lines = recap_lines(self.table(), self.game, twin.feed_for(None, start))
                if not lines:  # as the seat would have seen it (nothing is secret now)
                    lines = recap_lines(self.table(), self.game,
                                        twin.feed_for(entry.seat, start))
                self._best[position] = lines
            except MalformedInput:
                self._best[position] = []
        return self._best[position]

    # --- stepping ------------------------------------------------------------------------------

    def go(self, position: int) -> None:
        self.position = max(0, min(self.total, position))
        self._caption_left = CAPTION_SECONDS

    def step(self, delta: int) -> None:
        self.go(self.position + delta)

    def next_decision(self, forward: bool = True) -> bool:
        """To the chosen seat's next (or previous) decision; ``False``: there is none."""
        marks = self.decisions(self.seat)
        found = [p for p in marks if p > self.position] if forward else \
            [p for p in marks if p < self.position]
        if not found:
            return False
        self.go(found[0] if forward else found[-1])
        return True

    def _next_decision(self) -> None:
        self.next_decision(True)

    def choose_seat(self, seat: int) -> None:
        self.seat = seat % self.config.seat_count
        self._caption_left = CAPTION_SECONDS

    def next_seat(self, delta: int = 1) -> None:
        self.cycling = False
        self.choose_seat(self.seat + delta)

    def toggle_cycling(self) -> None:
        self.cycling = not self.cycling
        self._cycle_left = CYCLE_SECONDS

    def toggle_full(self) -> None:
        self.full_size = not self.full_size
        self._caption_left = CAPTION_SECONDS
        self.rebuild()

    def play_again(self) -> None:
        """The same deal again, as the past games offer it (its code)."""
        if self.app.hooks.open_code is not None:
            self.app.hooks.open_code(self.code)

    def scrub_position(self, x: float) -> int:
        if self.total <= 0:
            return 0
        share = (x - SCRUB.left) / max(1, SCRUB.width)
        return max(0, min(self.total, round(share * self.total)))

    def scrub_x(self, position: int) -> float:
        return SCRUB.left + SCRUB.width * position / max(1, self.total)

    # --- widgets -------------------------------------------------------------------------------

    def build(self) -> None:
        self.buttons: list[Button] = []
        if self.full_size:
            return
        specs: list[tuple[str, Callable[[], None], str]] = [
            ("review.seat", lambda: self.next_seat(1), "review.key_tab"),
            ("review.next_decision", self._next_decision, "review.key_n"),
            ("review.every_hand", self.toggle_cycling, "review.key_a"),
        ]
        if self.app.hooks.open_code is not None:
            specs.append(("review.again", self.play_again, "review.key_p"))
        gap, back_w = 12, 150
        self.buttons.append(Button((24, BUTTONS_Y, back_w, BUTTON_H), self.tr("common.back"),
                                   self.finish, shortcut_label=self.tr("key.esc"),
                                   size=theme.TEXT_SMALL, style="ghost"))
        x = 24 + back_w + gap
        width = (theme.SCREEN_W - 24 - x - gap * (len(specs) - 1)) // len(specs)
        for label, action, shortcut in specs:
            self.buttons.append(Button((x, BUTTONS_Y, width, BUTTON_H), self.tr(label), action,
                                       shortcut_label=self.tr(shortcut),
                                       size=theme.TEXT_SMALL))
            x += width + gap
        if big():
            self._fit_buttons([label for label, _action, _key in specs])
        for button in self.buttons:
            self.form.add(button)
        self.back = self.buttons[0]

    def _fit_buttons(self, labels: list[str]) -> None:
        """At a bigger text size: the row's buttons as wide as their words need, the rest
        of the row shared out. When the words with their key caps do not fit the row, the
        caps go (the keys still work); when even that is too wide, the longest labels take
        their shorter words."""
        gap, left, right = 12, 24, theme.SCREEN_W - 24
        room = right - left - gap * (len(self.buttons) - 1)
        keys = ["common.back", *labels]
        for caps, short in ((True, False), (False, False), (False, True)):
            for button, key in zip(self.buttons, keys, strict=True):
                if short and key in SHORT_LABELS:
                    button.text = self.tr(SHORT_LABELS[key])
                if not caps:
                    button.shortcut_label = None
            needs = [button.needed_width() for button in self.buttons]
            if sum(needs) <= room:
                break
        spare = max(0, room - sum(needs)) // len(self.buttons)
        x = left
        for button, need in zip(self.buttons, needs, strict=True):
            button.rect = pygame.Rect(x, BUTTONS_Y, need + spare, BUTTON_H)
            x = button.rect.right + gap

    # --- input ---------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and self._key(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1 \
                and not self.full_size and SCRUB.inflate(0, 16).collidepoint(event.pos):
            self._dragging = True
            self.go(self.scrub_position(event.pos[0]))
            return
        if event.type == pygame.MOUSEMOTION and self._dragging:
            self.go(self.scrub_position(event.pos[0]))
            return
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 0) == 1:
            if self._dragging:
                self._dragging = False
                self.go(self.scrub_position(event.pos[0]))
                return
            if self.full_size or table_rect().collidepoint(event.pos):
                self.toggle_full()
                return
        if event.type == pygame.MOUSEWHEEL:
            self.step(-event.y)
            return
        super().handle(event)

    def _key(self, event: pygame.event.Event) -> bool:
        """A key of the review's own; ``True``: taken."""
        key = event.key
        shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        steps = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_PAGEUP: -PAGE,
                 pygame.K_PAGEDOWN: PAGE}
        if key in steps:
            self.step(steps[key])
        elif key == pygame.K_HOME:
            self.go(0)
        elif key == pygame.K_END:
            self.go(self.total)
        elif key == pygame.K_n:
            self.next_decision(not shift)
        elif key == pygame.K_TAB:
            self.next_seat(-1 if shift else 1)
        elif pygame.K_1 <= key <= pygame.K_9 and key - pygame.K_1 < self.config.seat_count:
            self.cycling = False
            self.choose_seat(key - pygame.K_1)
        elif key == pygame.K_a:
            self.toggle_cycling()
        elif key == pygame.K_z:
            self.toggle_full()
        elif key == pygame.K_p and self.app.hooks.open_code is not None:
            self.play_again()
        else:
            return False
        return True

    # --- frame ---------------------------------------------------------------------------------

    @property
    def animating(self) -> bool:
        return self.cycling or self.analysis.running or (self.full_size
                                                           and self._caption_left > 0)

    def update(self, dt: float) -> None:
        super().update(dt)
        self._caption_left = max(0.0, self._caption_left - dt)
        if self.cycling:
            self._cycle_left -= dt
            if self._cycle_left <= 0:
                self._cycle_left = CYCLE_SECONDS
                self.choose_seat(self.seat + 1)

    def on_exit(self) -> None:
        self.analysis.stop()

    def on_language(self) -> None:
        self._best.clear()
        self._pictures.clear()
        super().on_language()

    # --- drawing -------------------------------------------------------------------------------

    def _picture(self, width: int) -> gfx.Canvas:
        key = (self.position, self.seat, width, id(self.app.loc), gfx.scale())
        found = self._pictures.get(key)
        if found is None:
            while len(self._pictures) >= KEEP_PICTURES:
                self._pictures.pop(next(iter(self._pictures)))
            found = picture(self.table(), width)
            self._pictures[key] = found
        return found

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        if self.full_size:
            surface.blit(self._picture(theme.SCREEN_W), (0, 0))
            if self._caption_left > 0:
                self._draw_caption(surface)
            return
        table = table_rect()
        surface.blit(self._picture(table.width), table.topleft)
        self._draw_bar(surface)
        self._draw_panel(surface)
        self._draw_scrubber(surface)
        self.form.draw(surface)

    def _draw_bar(self, surface: pygame.Surface) -> None:
        name = self.t(f"game.{self.game}.name")
        draw_text(surface, f"{self.t('review.title')} · {name}", (24, BAR_H // 2),
                  theme.TEXT_BODY, theme.INK_DIM, bold=True, anchor="midleft", max_width=420)
        seen = self.t("review.seen_by", name=self.seat_title(self.seat))
        draw_text(surface, seen, (theme.SCREEN_W - 24, BAR_H // 2), theme.TEXT_LARGE,
                  theme.ACCENT, bold=True, anchor="midright", max_width=theme.SCREEN_W - 500)

    def _move_heading(self) -> str:
        """"Move 3 of 61", counting the players' moves as the results do (the table closing
        a window is a step of the review, not a move: it says the move before it)."""
        if self.position == 0:
            return self.t("review.deal")
        actions = self.save.actions
        made = sum(1 for who, _action in actions[:self.position] if who != TABLE_SEAT)
        total = sum(1 for who, _action in actions if who != TABLE_SEAT)
        return self.t("review.move", n=max(1, made), total=total)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        panel = panel_rect()
        round_rect(surface, panel, theme.PANEL, 16, 220)
        round_rect(surface, panel, theme.PANEL_EDGE, 16, 255, 2)
        x, width = panel.left + 16, panel.width - 32
        y = panel.top + 12
        draw_text(surface, self._move_heading(), (x, y), theme.TEXT_LARGE, theme.INK,
                  bold=True, max_width=width)
        y += max(40, fonts.get(theme.TEXT_LARGE, True).get_linesize() + 2)
        who = self.actor(self.position)
        if who is not None:
            draw_text(surface, self.seat_title(who), (x, y), theme.TEXT_BODY,
                      theme.ACCENT if who == self.seat else theme.INK, bold=True,
                      max_width=width)
            y += max(30, fonts.get(theme.TEXT_BODY, True).get_linesize())
        # the last four things told (the last two at a bigger text size), each whole
        for line in self.told(self.position)[-2 if big() else -4:]:
            tall = paragraph_height(line, theme.TEXT_SMALL, width) if big() else 90
            y += draw_paragraph(surface, line, pygame.Rect(x, y, width, tall),
                                theme.TEXT_SMALL, theme.INK) + 4
        y += 8
        gfx.line(surface, theme.PANEL_EDGE, (x, y), (x + width, y), 1)
        y += 10
        draw_text(surface, self.t("review.analysis"), (x, y), theme.TEXT_SMALL, theme.INK_DIM,
                  bold=True, max_width=width)
        y += max(30, fonts.get(theme.TEXT_SMALL, True).get_linesize() + 2)
        hint = self.t("review.full_size")
        if big() and len(wrap_text(hint, theme.TEXT_MIN, width)) > 1:
            hint = self.t("review.full_size_short")
        hint_h = paragraph_height(hint, theme.TEXT_MIN, width)
        draw_paragraph(surface, hint, pygame.Rect(x, panel.bottom - 10 - hint_h, width, hint_h),
                       theme.TEXT_MIN, theme.INK_DIM)
        room = pygame.Rect(x, y, width, panel.bottom - 20 - hint_h - y)
        if self.cycling:
            notice = self.t("review.every_hand_notice")
            if big() and len(wrap_text(notice, theme.TEXT_MIN, width)) > 2:
                notice = self.t("review.every_hand_notice_short")
            height = paragraph_height(notice, theme.TEXT_MIN, width)
            room.height -= height + 8
            draw_paragraph(surface, notice, pygame.Rect(x, room.bottom + 4, width, height),
                           theme.TEXT_MIN, theme.FOCUS)
        self._draw_analysis(surface, room)

    def _draw_analysis(self, surface: pygame.Surface, room: pygame.Rect) -> None:
        analysis = self.analysis
        x, y, width = room.left, room.top, room.width
        if analysis.review is None:
            if analysis.failed:
                key = "review.failed"
            elif analysis.running or analysis.total:
                key = "review.analysing"
            else:
                key = "review.no_analysis"
            pct = round(100 * analysis.fraction)
            y += draw_paragraph(surface, self.t(key, pct=pct), room, theme.TEXT_SMALL,
                                theme.INK_DIM) + 6
            if key == "review.analysing":
                bar(surface, pygame.Rect(x, y, width, 14), analysis.fraction, theme.FOCUS)
            return
        entry = self.entry(self.position)
        if entry is not None and self.lesson_move(self.position):
            draw_paragraph(surface, self.t("review.lesson_move"), room, theme.TEXT_SMALL,
                           theme.INK_DIM)
            return
        if entry is None:
            draw_paragraph(surface, self.t("review.not_a_decision"), room, theme.TEXT_SMALL,
                           theme.INK_DIM)
            return
        extra = dict(entry.extra)
        if extra.get("kind") == "other":  # the analyst's word for a move that risks nothing
            draw_paragraph(surface, self.t("review.no_risk"), room, theme.TEXT_SMALL,
                           theme.INK_DIM)
            return
        said: list[tuple[str, theme.Color]] = []
        bid = extra.get("kind") == "bid"
        if entry.turning_point is not None:
            label = self.t("review.chance_win")
        elif bid:
            label = self.t("review.chance_highest")
        elif "chance_right" in extra:
            label = self.t("review.chance_right_label")
        else:
            label = self.t("review.estimate")
        tall = paragraph_height(label, theme.TEXT_SMALL, width) if big() else 56
        if big() and y + tall > room.bottom:
            return  # no room for the estimates under the notes (a bigger text size)
        y += draw_paragraph(surface, label, pygame.Rect(x, y, width, tall), theme.TEXT_SMALL,
                            theme.INK) + 2
        cut = "chance_right" in extra  # before: the safest cut's chance; after: this one's
        rows = [(self.t("review.safest" if cut else "review.before"), entry.before,
                 theme.INK_DIM)]
        if not bid:
            rows.append((self.t("review.this_cut" if cut else "review.after"), entry.after,
                         theme.ACCENT))
        # "Before 43%" beside its bar: LABEL_W, or as wide as a bigger text size needs it
        # (the bar keeps 60 at least); a line a row
        label_w, row_h = LABEL_W, 26
        if big():
            small = fonts.get(theme.TEXT_MIN)
            widest = max(small.size(f"{name} {percent(value)}")[0] for name, value, _ in rows)
            label_w = max(LABEL_W, min(width - 68, widest + 4))
            row_h = max(26, small.get_linesize() + 2)
        for name, value, colour in rows:
            if big() and y + row_h > room.bottom:
                return
            text = draw_text(surface, f"{name} {percent(value)}", (x, y), theme.TEXT_MIN,
                             theme.INK, max_width=label_w)
            bar(surface, pygame.Rect(x + label_w + 8, text.centery - 6, width - label_w - 8,
                                     12), value, colour)
            y += row_h
        if entry.turning_point:
            said.append((self.t("review.turning_point"), theme.DANGER))
        if "chance_red" in extra and extra.get("kind") == "cut":
            said.append((self.t("review.chance_red", pct=percent(extra["chance_red"])),
                         theme.INK))
        if bid:
            said.append((self.t("review.bid", amount=extra.get("amount")), theme.INK))
            said.append((self.t("review.highest" if entry.after >= 1 else "review.not_highest"),
                         theme.INK))
            if extra.get("worth") is not None:
                said.append((self.t("review.worth", worth=extra["worth"]), theme.INK))
            if extra.get("enough") is not None:
                said.append((self.t("review.enough", amount=extra["enough"]), theme.INK))
        elif entry.best is None and entry.turning_point is not None:
            said.append((self.t("review.best_pass", pct=percent(entry.best_estimate)),
                         theme.INK))
        elif entry.best == entry.action:
            said.append((self.t("review.best_same"), theme.OK))
        elif entry.best is not None:
            best = self.best_lines(self.position, entry)
            if best:
                said.append((self.t("review.best_cut" if cut else "review.best",
                                    pct=percent(entry.best_estimate)), theme.INK))
                said.extend((line, theme.INK_DIM) for line in best[:2])
            else:  # a move the log has no words for
                said.append((self.t("review.better", pct=percent(entry.best_estimate)),
                             theme.INK))
        y += 4
        for line, colour in said:
            height = paragraph_height(line, theme.TEXT_MIN, width)
            if y + height > room.bottom:
                break
            y += draw_paragraph(surface, line, pygame.Rect(x, y, width, height),
                                theme.TEXT_MIN, colour)

    def _draw_scrubber(self, surface: pygame.Surface) -> None:
        line_y = SCRUB.centery
        round_rect(surface, pygame.Rect(SCRUB.left - 6, line_y - 4, SCRUB.width + 12, 8),
                   theme.BG_DEEP, 4)
        done = pygame.Rect(SCRUB.left - 6, line_y - 4, round(self.scrub_x(self.position))
                           - SCRUB.left + 6, 8)
        if done.width > 0:
            round_rect(surface, done, theme.PANEL_EDGE, 4)
        mine = set(self.decisions(self.seat))
        for position in range(1, self.total + 1):
            x = round(self.scrub_x(position))
            if position in mine:
                gfx.line(surface, theme.ACCENT, (x, line_y - 12), (x, line_y + 12), 2)
            else:
                gfx.line(surface, theme.INK_DIM, (x, line_y - 6), (x, line_y + 6), 1)
        for position in self.turning_points():
            x = round(self.scrub_x(position))
            gfx.polygon(surface, theme.DANGER, [(x - 7, SCRUB.top - 4), (x + 7, SCRUB.top - 4),
                                                (x, SCRUB.top + 6)])
        x = round(self.scrub_x(self.position))
        gfx.circle(surface, theme.SHADE, (x, line_y + 2), 12)
        gfx.circle(surface, theme.INK, (x, line_y), 11)
        gfx.circle(surface, theme.FOCUS if self._dragging else theme.ACCENT, (x, line_y), 7)

    def _draw_caption(self, surface: pygame.Surface) -> None:
        """Full size: one small line of where and whose it is, for a moment."""
        text = f"{self._move_heading()} · {self.seat_title(self.seat)} · " \
               f"{self.t('review.key_z')}"
        width, height = fonts.get(theme.TEXT_MIN).size(text)
        pill = pygame.Rect(8, theme.SCREEN_H - height - 22, width + 24, height + 12)
        round_rect(surface, pill, theme.SHADE, 10, 190)
        draw_text(surface, text, pill.center, theme.TEXT_MIN, theme.INK, anchor="center")


def percent(value: float) -> str:
    return f"{round(100 * value)}%"


def bar(surface: pygame.Surface, rect: pygame.Rect, share: float, colour: theme.Color) -> None:
    """A bar filled ``share`` of its width (the estimates, the analysis's progress)."""
    round_rect(surface, rect, theme.BG_DEEP, rect.height // 2)
    filled = pygame.Rect(rect.left, rect.top, round(rect.width * max(0.0, min(1.0, share))),
                         rect.height)
    if filled.width > 0:
        round_rect(surface, filled, colour, rect.height // 2)
