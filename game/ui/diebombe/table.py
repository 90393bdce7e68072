"""The Die Bombe table: one match at one screen.

The scene reads a seat's view (``Match.view_for``; the public view, seat ``-1``, whenever no
person's sealed bid may be shown) and the event feed, and submits the person's actions
through :class:`~game.match.flow.TableFlow`, which paces the machines and brings the hot-seat
curtain down, for each person of a sealed bidding in turn. Every event becomes motion on a
timeline (``game.ui.diebombe.story``); while it plays the scene is ``busy`` (input locked)
and the view on screen stays the one from before the action.

What the person decides is drawn only while that decision is on screen
(``flow.awaiting_person``): the bid entry, the cards to take, the bomb's targets. A sealed bid
is drawn only for its own bidder while their view may be shown, so the frames after a person
seals a bid are the same whatever the bid was.

A lesson (``overlay``, a :class:`~game.ui.table.overlay.TableOverlay`: the first game that
teaches, ``game.ui.diebombe.lesson``) lies over the table when the launcher lays one: it sees
input first and Esc, holds the machines while it talks, may refuse the person's action, and
draws over everything the table drew (the bid entry and the picker too).

With an :class:`~game.match.autosave.Autosaver` the table writes the match after every frame
in which a move was made or the curtain changed; a finished match clears the file.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING

import pygame

from game.bots.diebombe.worth import CardWorth, card_worths
from game.match.autosave import Autosaver, Seen
from game.match.flow import INSTANT, Pace
from game.match.source import TableSource
from game.rules.diebombe import actions as A
from game.rules.diebombe import cards as C
from game.rules.diebombe.actions import Action
from game.rules.diebombe.view import DieView
from game.ui import cards, theme
from game.ui.diebombe import layout as L
from game.ui.diebombe.anim import Point, Timeline
from game.ui.diebombe.bidpad import BidPad
from game.ui.diebombe.history import HistoryScene, recent_bids
from game.ui.diebombe.marks import FACE_SIZE, draw_face
from game.ui.diebombe.names import Namer
from game.ui.diebombe.picker import BOMB, TAKE, Pick, Picker
from game.ui.diebombe.sheet import ScoreSheet
from game.ui.diebombe.story import OUTCOME_SECONDS, REVEAL_READ, Floater, Outcome, Reveal, Story
from game.ui.table.base import FAST_FORWARD, GameTable
from game.ui.table.overlay import TableOverlay
from game.ui.tween import Tween
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.app import App

QUICK_SEAL = 0.25
"""After the first sealed bid of a bidding, each further machine's bid comes after this share
of the pace's delay: bids are written at the same time, so they seal in a quick ripple."""
QUICK_TAKE = 0.4
"""The highest bidder's take (or a tie's first new bid) follows the reveal (the drumroll was
its wait) after this share of the delay."""
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
WATCHED_SHEET = 2.5
"""With nobody at the table, the results come this long after the scoring is complete."""
BUTTON_W = 200
DEFAULT_BID = 5
DEFAULT_MOST = 15


SHOULDER_STEPS = MappingProxyType({pygame.CONTROLLER_BUTTON_LEFTSHOULDER: pygame.K_PAGEDOWN,
                                   pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: pygame.K_PAGEUP})


class DieTableScene(GameTable[DieView, Timeline, Action]):
    particle_seed = 11
    pad_keys = MappingProxyType({pygame.CONTROLLER_BUTTON_Y: pygame.K_h,
                                 pygame.CONTROLLER_BUTTON_BACK: pygame.K_i})
    """A controller's Y opens the bids' history, its Back explains the crowns (I)."""
    story: Story
    has_marks = True
    """With the deduction marks on, the bid entry shows what each card is worth (issue 25)."""

    def __init__(self, app: App, match: TableSource, *, pace: Pace | None = None,
                 autosaver: Autosaver | None = None, resume: Seen | None = None,
                 show_code: bool = False) -> None:
        """``pace``: the machines' pace (default: from the settings); ``autosaver``: keeps
        the match on disk; ``resume``: who was looking when a resumed match was saved;
        ``show_code``: the game code may be on screen (the player typed it)."""
        super().__init__(app, match, pace=pace, autosaver=autosaver, resume=resume,
                         show_code=show_code)
        self.namer = Namer(lambda: self.app.loc, match, lambda: self.app.settings.player_names)
        self.layout = L.TableLayout(match.config.seat_count)
        self.timeline = Timeline(app.motion)
        self.story = Story(self)
        self.shown = self._live_view()
        # what the story hides, shows or grows while its beats play
        self.hidden_faceup: set[int] = set()
        self.hidden_chips: set[tuple[int, str]] = set()
        self.bombs_gone = 0
        """Bombs waiting in the middle that have flown off during the beats."""
        self.sealing: dict[int, Tween] = {}
        self.reveal: Reveal | None = None
        self.outcome: Outcome | None = None
        """The round's outcome held on screen before the next round (or the curtain)."""
        self.read_clock: Tween | None = None
        """The revealed bids standing to be read (hot seat), before the curtain comes."""
        self._fast = False
        """Fast-forward is on (a table of machines only; the pace of the moment is worked
        out every frame, ``_pace_now``)."""
        self.floaters: list[Floater] = []
        self.pointer: tuple[int, int] | None = None
        """Where the mouse is (a crown under it is explained)."""
        self.crowns: list[tuple[pygame.Rect, str]] = []
        """The crowns drawn this frame (the pile's label with it) and their colours."""
        self.crown_told: tuple[int, str, float] | None = None
        """When the first crown of the game showed (how many events had been told then), its
        colour, and the scene's clock then: the news says once what a crown means, in the
        place of its events, and a notice by the crown says it for a while (a crown came up
        after round 1 and went unexplained until the final table)."""
        # what the person decides
        self.pad: BidPad | None = None
        self.picker: Picker | None = None
        self._decision_key: tuple[int, int, str] | None = None
        self.sheet: ScoreSheet | None = None
        self._sheet_wait = 0.0
        self.overlay: TableOverlay | None = None
        """A lesson over the table (the first game that teaches), if one was laid."""
        self._worths: tuple[DieView, tuple[CardWorth, ...]] | None = None
        """The deduction marks' worths and the view they were read from (one valuation per
        view, not per frame)."""
        self.banner_rect: pygame.Rect | None = None
        """Where the banner was drawn in the last frame (``None``: no banner)."""
        self.history_button = Button((L.MIDDLE.right - BUTTON_W, theme.SCREEN_H - 62, BUTTON_W,
                                      50), self.tr("diebombe.history.button"),
                                     self.open_history, shortcut_label="H",
                                     size=theme.TEXT_SMALL)
        self.results_button = Button((L.CENTRE_X - 170, theme.SCREEN_H - 84, 340, 62),
                                     self.tr("diebombe.sheet.results"), self.to_results,
                                     shortcut_label=self.tr("key.enter"), style="primary",
                                     size=theme.TEXT_LARGE)
        self.go_on_button = Button((L.CENTRE_X - 170, L.LOWER.top + 8, 340, 56),
                                   self._go_on_text, self.go_on,
                                   shortcut_label=self.tr("key.enter"), style="primary",
                                   size=theme.TEXT_BODY)
        self.ff_button = Button((L.MIDDLE.left, theme.SCREEN_H - 62, BUTTON_W + 40, 50),
                                self._ff_text, self.fast_forward, shortcut_label="F",
                                size=theme.TEXT_SMALL)
        for button in (self.history_button, self.results_button, self.go_on_button,
                       self.ff_button):
            self.controls.add(button)
        if match.is_over():
            self.start_sheet()
        self._refresh()
        if match.moves == 0 and not match.is_over():
            self.story.first_deal()  # the decision opens once the cards have landed
            self.pad = None
            self.picker = None
            self._decision_key = None

    # --- who is looking ------------------------------------------------------------------------

    def deciding(self) -> tuple[int, str] | None:
        """The person whose decision is on screen and the phase, once nothing moves."""
        seat = self.flow.awaiting_person
        if seat is None or self.timeline.busy or self._left or not self.private_ok:
            return None
        return seat, self.match.pending().phase

    def _refresh(self) -> None:
        """Nothing is moving: show the match as it is now."""
        viewer = self.flow.viewer
        if viewer is not None and viewer != self.home:
            self.home = viewer
        self.shown = self._live_view()
        self.timeline.settle()
        self.story.reset()
        self.hidden_faceup.clear()
        self.hidden_chips.clear()
        self.bombs_gone = 0
        self._logged = self._told
        self.sealing.clear()
        self.reveal = None
        self.outcome = None
        self.read_clock = None
        self._sync_decision()

    def show_after_round(self) -> None:
        """The round's last cards have landed: show the match as it is now (rows, totals,
        scores, minus points all counted), the next round's cards still hidden in the deck
        until they fly. Only public things have changed since the view before: every bid of
        the round was revealed and nobody has bid in the next."""
        self.shown = self._live_view()
        self.timeline.settle()
        self.story.reset()
        self.hidden_faceup = set(range(len(self.shown.faceup)))
        self.hidden_chips.clear()
        self.bombs_gone = 0

    def _sync_decision(self) -> None:
        """Open the bid entry or the picker for the decision on screen (kept while it is the
        same decision, so a half-typed bid survives the frames)."""
        deciding = self.deciding()
        key = (self.match.moves, *deciding) if deciding is not None else None
        if key == self._decision_key:
            return
        self._decision_key = key
        self.pad = None
        self.picker = None
        if deciding is None:
            return
        seat, phase = deciding
        if phase in ("bid", "rebid"):
            self.pad = BidPad(self._default_bid(seat), self.bid, self.tr, self.tr("key.enter"))
        elif phase == "take":
            self.picker = Picker(TAKE, self._take_picks(seat), self.submit)
        elif phase == "bomb":
            self.picker = Picker(BOMB, self._bomb_picks(seat), self.submit)

    def worths(self) -> tuple[CardWorth, ...] | None:
        """With the deduction marks on (issue 25), while the person's bid entry is open: what
        each face-up card is worth to every seat, read from the person's own view (the view
        on screen, never the match's state); ``None`` otherwise."""
        view = self.shown
        if not self.app.settings.marks or self.pad is None or view.seat != self.home:
            return None
        if self._worths is None or self._worths[0] != view:  # (a new view each frame)
            self._worths = (view, card_worths(view))
        return self._worths[1]

    def _default_bid(self, seat: int) -> int:
        """Where the entry starts: in a rebid the tied amount; else the seat's own last bid
        (public), never above ``DEFAULT_MOST`` (a hasty Enter must not cost 40), else
        ``DEFAULT_BID``."""
        view = self.shown
        if view.phase == "rebid" and view.reveals and view.reveals[-1][seat] is not None:
            return int(view.reveals[-1][seat] or DEFAULT_BID)  # the tie: from there
        own = recent_bids(view, seat, 1)
        return min(own[-1], DEFAULT_MOST) if own else DEFAULT_BID

    def _take_picks(self, seat: int) -> list[Pick]:
        faceup = self.shown.faceup
        picks = []
        for action in self.match.legal_for(seat):
            index = faceup.index(action.card) if action.card in faceup else 0
            rect = L.faceup_rect(index, len(faceup))
            picks.append(Pick(action, rect.inflate(12, 12), rect))
        return picks

    def _bomb_picks(self, seat: int) -> list[Pick]:
        picks = []
        for action in self.match.legal_for(seat):
            target = action.target
            assert target is not None
            if action.card is not None:
                aim = self.chip_rect_of(target, action.card)
                area = self.chip_area(target, action.card)
            else:
                color = action.color or C.RED
                won = [c for c in self.shown.won[target] if C.color_of(c) == color]
                aim = self.chip_rect_of(target, won[-1]) if won else \
                    self.layout.row(target, C.COLORS.index(color))
                area = self.layout.row(target, C.COLORS.index(color))
            picks.append(Pick(action, area, aim, target))
        return picks

    # --- where cards are -----------------------------------------------------------------------

    def row_cards(self, seat: int, color: str) -> list[str]:
        return [c for c in self.shown.won[seat] if C.color_of(c) == color]

    def chip_rect_of(self, seat: int, card: str) -> pygame.Rect:
        color = C.color_of(card) or C.RED
        row = self.row_cards(seat, color)
        index = row.index(card) if card in row else len(row)
        return self.layout.chip_rect(seat, C.COLORS.index(color), index, len(row))

    def chip_area(self, seat: int, card: str) -> pygame.Rect:
        """The part of a chip a click can reach: all of it (chips never overlap)."""
        return self.chip_rect_of(seat, card)

    def chip_of(self, seat: int, card: str) -> Point:
        return L.point(self.chip_rect_of(seat, card))

    def face(self, card: str, size: tuple[int, int] = FACE_SIZE) -> pygame.Surface:
        return draw_face(card, self.namer.letter(C.color_of(card)), self.namer.word(card),
                         size)

    def back(self) -> pygame.Surface:
        return cards.draw_back(FACE_SIZE)

    # --- the stage the story plays on ----------------------------------------------------------

    def sound(self, name: str, volume: float = 1.0) -> None:
        self.app.sound.play(name, volume)

    def boom(self, at: Point) -> None:
        self.sound("explosion")
        self.app.flash.start((255, 236, 200), 0.35)
        self.app.shake.start(14, 0.45)
        self.particles.sparks(at, 40)
        self.particles.smoke(at, 28)

    def start_sheet(self) -> None:
        if self.sheet is None:
            self.sheet = ScoreSheet()
            self._sheet_wait = 0.0

    # --- the frame -----------------------------------------------------------------------------

    @property
    def holding(self) -> bool:
        """A round's outcome is on screen, waiting for its time or for the person to go on."""
        return self.outcome is not None and self.timeline.skippable and not self._left

    @property
    def reading(self) -> bool:
        """The bids just revealed stand on screen to be read (hot seat), until their time is
        up or a key or a click goes on."""
        return self.read_clock is not None and self.timeline.skippable and not self._left

    @property
    def busy(self) -> bool:
        """Input is locked while an action resolves (not while a round's outcome waits: its
        button and Enter go on; nor while the revealed bids stand to be read: a key or a
        click goes on; nor at a table of machines only, where nobody decides and
        fast-forward must work while the cards fly)."""
        if self.holding or self.reading or not self.match.people:
            return False
        return self.timeline.busy or self._left

    def outcome_seconds(self) -> float | None:
        """How long a round's outcome stays: until the button in hot seat (the next person
        says when they are ready), else a time one can read it in."""
        return None if len(self.match.people) >= 2 else OUTCOME_SECONDS

    def reveal_seconds(self) -> float:
        """How long the revealed bids stand once every one has turned over, before the
        curtain comes down on them: in hot seat the reveal is the round's big moment and
        everybody at the screen reads it (a key or a click goes on sooner); with one person
        the bids stay beside the seats while the round goes on, so no wait."""
        return REVEAL_READ if len(self.match.people) >= 2 else 0.0

    def go_on(self) -> None:
        """The button, Enter or Space under a round's outcome: on to the next round; a key
        or a click while the revealed bids stand: on with the round."""
        if self.holding or self.reading:
            self.timeline.skip_beat()

    def _go_on_text(self) -> str:
        last = self.outcome is not None and self.outcome.last
        return self.t("diebombe.outcome.to_scoring" if last else "diebombe.outcome.next")

    @property
    def animating(self) -> bool:
        flow = self.flow
        waiting = flow.awaiting_person is not None or flow.curtain_for is not None
        sheet_running = self.sheet is not None and not self.sheet.done
        return (self.busy or self.reading or sheet_running or bool(self.particles)
                or bool(self.floaters) or not (waiting or self.match.is_over()))

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.overlay is not None:
            self.overlay.update(dt)

    def _play(self, dt: float) -> None:
        self.clock += dt
        self._acted = False
        self.particles.update(dt)
        self.controls.update(dt)
        self.timeline.speedup = FAST_FORWARD if self.fast else 1.0
        self.timeline.update(dt)
        self.floaters = [f for f in self.floaters if not f.tween.finished]
        if self.pad is not None:
            self.pad.update(dt)
        self._update_controls()
        if self.timeline.busy or self._left:
            return
        self._refresh()
        self._update_controls()  # the bid entry may have just opened: History gives way now
        if self.app.stack.top is not self:
            return
        if self.match.is_over():
            self._ending(dt)
            return
        if self.overlay is not None and self.overlay.holds():
            return  # the lesson talks: the machines wait
        if self._modal_needed():
            return
        if self.flow.awaiting_person is None:
            self.flow.pace = self._pace_now()
            self.flow.update(dt)
            self._tell()

    def _pace_now(self) -> Pace:
        """The machines' pace for the move to come, as every table paces them (the speed
        setting's delay before a move), with two moments made quicker: the further sealed
        bids of a bidding (everyone writes at once), and the take or the rebid right after
        the reveal (the drumroll was the wait)."""
        if self.fast:
            return INSTANT
        pace = self.pace
        view = self.shown
        if view.phase in ("bid", "rebid") and any(view.has_bid[s] for s in view.bidders):
            return Pace(pace.machine_delay * QUICK_SEAL, pace.machine_window_delay,
                        pace.window_seconds)
        if view.phase in ("take", "rebid"):  # straight after a reveal
            return Pace(pace.machine_delay * QUICK_TAKE, pace.machine_window_delay,
                        pace.window_seconds)
        return pace

    def _update_controls(self) -> None:
        over = self.match.is_over()
        holding = self.holding
        self.history_button.visible = not over and self.pad is None and not holding \
            and not self.reading
        self.results_button.visible = over and self.sheet is not None
        self.go_on_button.visible = holding and self.sheet is None
        self.ff_button.visible = not self.match.people and not over

    def _ending(self, dt: float) -> None:
        """The scoring sheet fills in line by line; the results follow on Enter (or on their
        own when only machines play)."""
        self.start_sheet()
        sheet = self.sheet
        assert sheet is not None
        if sheet.update(dt):
            self.sound("click")
        if sheet.done and not self.match.people:
            self._sheet_wait += dt
            if self._sheet_wait >= WATCHED_SHEET:
                self.to_results()

    def _modal_needed(self) -> bool:
        """Bring down the curtain; ``True`` if the screen now waits for it."""
        flow = self.flow
        if flow.curtain_for is None:
            return False
        covered = flow.curtain_for
        phase = self.match.pending().phase
        reason = self.t(f"diebombe.curtain.{phase}", round=self.shown.round) \
            if phase in ("bid", "rebid", "take", "bomb") else ""
        self.pad = None
        self.picker = None
        self._decision_key = None
        show = "diebombe.curtain.show_bid" if phase in ("bid", "rebid") else \
            f"diebombe.curtain.show_{phase}" if phase in ("take", "bomb") else "curtain.show"
        self.bring_curtain(covered, self.namer.seat(covered), reason, show)
        return True

    # --- acting --------------------------------------------------------------------------------

    def submit(self, action: Action) -> bool:
        """The shown person's action, unless the lesson over the table asks for another."""
        if not self.may_act:
            return False
        if self.overlay is not None and not self.overlay.allows(action):
            return False
        return super().submit(action)

    def bid(self, amount: int) -> None:
        self.submit(A.bid(amount))

    def _decided(self, seer: int | None) -> None:
        self.pad = None
        self.picker = None
        self._decision_key = None

    def open_history(self) -> None:
        if not self.match.is_over():
            self.push(HistoryScene(self.app, self.shown, self.namer))

    @property
    def fast(self) -> bool:
        return self._fast

    def fast_forward(self) -> None:
        """Fast-forward the machines and their animations, or back to normal speed (F, or
        the button of a table with nobody at it)."""
        self._fast = not self._fast
        self.flow.pace = INSTANT if self._fast else self.pace

    # --- input ---------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if self.overlay is not None and self.overlay.handle(event):
            return
        if self.network_input(event):
            return
        if event.type == pygame.KEYDOWN:
            self._key(event.key)
            return
        if event.type in (pygame.KEYUP, pygame.TEXTINPUT):
            return
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if self.reading and event.type == pygame.MOUSEBUTTONDOWN \
                and getattr(event, "button", 1) == 1:
            self.go_on()  # the revealed bids have been read
            return
        if self.pad is not None and self.pad.handle(event):
            return
        if self.picker is not None and self.picker.mouse(event):
            return
        self.controls.handle(event)

    def _key(self, key: int) -> None:
        if self.sheet is not None:
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                if self.sheet.done:
                    self.to_results()
                else:
                    self.sheet.finish()
            return
        if (self.holding or self.reading) and key in ENTER_KEYS:
            self.go_on()
            return
        if key == pygame.K_f and not self.match.people:
            self.fast_forward()
            return
        if key == pygame.K_h:
            self.open_history()
            return
        if key == pygame.K_i:
            self.explain_next()
            return
        if self.pad is not None:
            self.pad.key(key)
        elif self.picker is not None:
            self.picker.key(key)

    def pad_key(self, button: int, seat: int | None) -> int | None:
        """With the bid pad open a controller's shoulders step the bid by 5 (PgDn, PgUp)."""
        if self.pad is not None and button in SHOULDER_STEPS:
            return SHOULDER_STEPS[button]
        return super().pad_key(button, seat)

    def explain_next(self) -> None:
        """I (a controller's Back): what the next crown on the table means, as the pointer
        on it would say — the crowns' explanation without a mouse."""
        if not self.crowns:
            return
        centres = [area.center for area, _color in self.crowns]
        at = centres.index(self.pointer) + 1 if self.pointer in centres else 0
        self.pointer = centres[at % len(centres)]

    def on_escape(self) -> None:
        """Esc ends the lesson over the table, if one shows, before the pause menu."""
        if self.overlay is not None and self.overlay.escape():
            return
        super().on_escape()

    # --- drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        from game.ui.diebombe.paint import paint_table

        paint_table(surface, self)

    def draw_over(self, surface: pygame.Surface) -> None:
        if self.overlay is not None:
            self.overlay.draw(surface)

