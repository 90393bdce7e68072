"""The bomb-deck table: one match at one screen.

The scene reads a seat's view (``Match.view_for``; the public view, seat ``-1``, whenever no
person's private cards may be shown) and the event feed, and submits the person's actions
through :class:`~game.match.flow.TableFlow`, which paces the machines, runs the reaction
window's countdown and brings the hot-seat curtain down. Every event becomes motion on a
timeline (``game.ui.bombdeck.story``); while it plays the scene is ``busy`` (input locked) and the
view on screen stays the one from before the action, so nothing jumps ahead of the cards. The
big moments (``game.ui.bombdeck.moments``: an explosion, a defuse, a win, a card changing
hands, your drawn card) are beats a click, Space or Enter cuts short: while one plays the scene
is not busy, so the press arrives, and takes nothing else. A person who draws sees their card
come even in hot seat, where the decision has already passed on: the curtain waits for it.

With an :class:`~game.match.autosave.Autosaver` the table writes the match (and who is looking)
after every frame in which a move was made or the curtain changed, and when it closes; a
finished match clears the file. ``resume`` (the saved :class:`~game.match.autosave.Seen`) puts a
resumed match's curtain back (``restore_curtain``: never a hand the saved state had covered)
and draws the table around the same seat.

A write that fails is said on screen once (a notice that fades), tried again after every later
move, and said once more when it works again.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

import pygame

from game.match.autosave import Autosaver, Seen
from game.match.flow import Pace
from game.match.source import TableSource
from game.rules.bombdeck import actions as A
from game.rules.bombdeck.actions import Action
from game.ui import fonts, theme
from game.ui.bombdeck import layout as L
from game.ui.bombdeck.anim import Point, Timeline
from game.ui.bombdeck.centre import danger_level, fuse_tip
from game.ui.bombdeck.choosers import CardChooser
from game.ui.bombdeck.decide import Decider
from game.ui.bombdeck.hand import HandFan
from game.ui.bombdeck.hide_bomb import HideBombScene
from game.ui.bombdeck.inputs import PRESS_KEYS, TableInput
from game.ui.bombdeck.moments import Moment
from game.ui.bombdeck.names import Namer
from game.ui.bombdeck.paint import meter_counts, paint_table, seat_inks
from game.ui.bombdeck.readpanel import ReadPanel
from game.ui.bombdeck.story import Story
from game.ui.table.base import FAST_FORWARD
from game.ui.table.overlay import TableOverlay
from game.ui.tween import Tween
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.app import App

BOOM_GUARD = 0.8
"""An explosion ignores every press for its first seconds (real time, whatever the speed or
motion setting), and a key held down since before it until it is released: Space pressed
over and over to draw skipped the person's own explosion unseen (review 3)."""
SKIP_GUARD = 0.3
BIG_LABEL = 24
"""The big buttons' label size (Draw, Go on, Show my cards, See the results)."""
END_GUARD = 0.6
"""The final table ignores presses for its first seconds: Space pressed to cut the last
explosion short, or to draw, must not also leave the table before anyone read who won."""
HAND_FADE = 0.9
"""Your own explosion: how long your hand takes to fade away."""
SAID_FOR = 4.5
"""How long a line about a choice the table made for the person stays (the only seat to
steal from, the only place to hide the bomb in an empty deck)."""
"""After a moment is cut short, clicks and Space/Enter wait this long (the same press, or its
double, must not also draw a card)."""


class TableScene(TableInput):
    thinks = True  # Maestro searches on the app's worker thread
    particle_seed = 7  # the same sparks for every game

    def __init__(self, app: App, match: TableSource, *, pace: Pace | None = None,
                 deal: bool | None = None, autosaver: Autosaver | None = None,
                 resume: Seen | None = None, show_code: bool = False) -> None:
        """``pace``: the machines' pace (default: from the settings); ``deal``: animate the
        deal (default: when no move has been made yet); ``autosaver``: keeps the match on
        disk; ``resume``: who was looking when a resumed match was saved; ``show_code``: the
        game code may be on screen (the player typed it). A code holds the seed, and the seed
        is the deal: a code nobody chose is shown only on the results screen."""
        super().__init__(app, match, pace=pace, autosaver=autosaver, resume=resume,
                         show_code=show_code)
        self.namer = Namer(lambda: self.app.loc, match, lambda: self.app.settings.player_names)
        self.timeline = Timeline(app.motion)
        self.hand = HandFan()
        self.story = Story(self)
        self.layout = L.TableLayout(match.config.seat_count, self.home)
        self.shown = self._live_view()
        self.dealt: dict[int, int] | None = None
        self.dark: dict[int, Tween] = {}
        self.clues_area = L.CLUES.copy()
        """Where the clue chips were last drawn (two rows of them reach below ``L.CLUES``)."""
        self.banner_area: pygame.Rect | None = None
        """Where the turn's banner was last drawn (none: no banner)."""
        self.hand_gone: Tween | None = None
        """Your own explosion: 0..1 as your hand fades away (it stays gone once you are out)."""
        self.stamps: list[tuple[bool, Tween]] = []
        self._own_draw: int | None = None
        """The person whose own draw is being told: they still see their hand while it plays,
        even when the decision has passed on (the curtain comes once it is over)."""
        self.moment: Moment | None = None
        """The big moment playing now (its band and lit badges), if any."""
        self._skip_guard = 0.0
        self._moment_age = 0.0
        """Seconds (real time) the moment on screen has shown."""
        self._moment_held: set[int] = set()
        """Keys already down when it came: they do not cut it short until pressed again."""
        self.panel: ReadPanel | None = None
        self.said = ""
        """A line about a choice that was no choice, made for the person (empty: none)."""
        self.said_left = 0.0
        self.decider = Decider(self, self.namer, self.submit,
                               lambda seat: self.shown.seats[seat].cards, self.say)
        self.overlay: TableOverlay | None = None
        """A layer over the table (the first game that teaches), or none."""
        self._skipping = False
        self._tick = 0.0
        self._fuse_spark = 0.0
        self._hover_badge: int | None = None
        self.hover_seat: int | None = None
        """The badge under the mouse: its icons are explained in words."""
        self.draw_button = Button(L.DRAW, self.tr("table.draw_button"), self.draw_card,
                                  shortcut_label=self.tr("key.space"), style="primary",
                                  size=BIG_LABEL)
        watch = L.WATCH
        self.skip_button = Button((watch.left + 12, watch.bottom - 70, watch.width - 24, 58),
                                  self.tr("watch.skip_to_results"), self.skip_to_results,
                                  style="ghost", size=theme.TEXT_SMALL)
        self.ff_button = Button((watch.left + 12, watch.bottom - 136, watch.width - 24, 58),
                                self._ff_text, self.fast_forward, size=theme.TEXT_SMALL)
        self.go_on_button = Button(L.DRAW, self.tr("react.go_on"), self._go_on_clicked,
                                   shortcut_label=self.tr("key.space"), style="primary",
                                   size=BIG_LABEL)
        self.go_on_button.visible = False
        self.show_button = Button(L.SHOW_CARDS, self.tr("curtain.show"), self.show_cards,
                                  shortcut_label=self.tr("key.space"), style="primary",
                                  size=BIG_LABEL)
        self.show_button.visible = False
        self.results_button = Button(L.RESULTS, self.tr("table.see_results"), self.see_results,
                                     shortcut_label=self.tr("key.space"), style="primary",
                                     size=BIG_LABEL)
        self.results_button.visible = False
        self.ended_for = 0.0
        """Seconds the finished game's table has been held for the person (0: not yet)."""
        self._big = [(b, b.rect.copy()) for b in (self.draw_button, self.go_on_button,
                                                   self.show_button, self.results_button)]
        self._big_fitted: tuple[float, str] | None = None
        for b in (self.draw_button, self.go_on_button, self.show_button, self.ff_button,
                  self.skip_button, self.results_button):
            self.controls.add(b)
        self._refresh()
        if deal if deal is not None else match.moves == 0:
            self.story.deal([info.cards for info in self.shown.seats])

    # --- who is looking ------------------------------------------------------------------------

    @property
    def veiled(self) -> bool:
        """Hot seat, after a reaction window everybody watched on the person's own play: their
        cards lie face down on the table, and Show my cards (Space) turns them up. The whole
        curtain is for a change of person (or a favor to give)."""
        flow = self.flow
        return flow.curtain_for is not None and flow.returning \
            and self.match.pending().phase == "play"

    def show_cards(self) -> None:
        """The veiled person turns their cards up (one press: it does not also draw)."""
        if self.veiled and not self.timeline.busy:
            self.flow.confirm_curtain()
            self._refresh()

    @property
    def faces_home(self) -> bool:
        """The home hand is shown face up: its owner is looking, or has just drawn and watches
        the card come (in hot seat the curtain for the next person waits for that)."""
        return self.private_ok or self._own_draw == self.home

    def _refresh(self) -> None:
        """Nothing is moving: show the match as it is now."""
        self._own_draw = None
        viewer = self.flow.viewer
        if viewer is not None and viewer != self.home:
            self.home = viewer
            self.layout = L.TableLayout(self.match.config.seat_count, viewer)
            self.hand = HandFan()
        self.shown = self._live_view()
        if self.hand_gone is not None and self.shown.seats[self.home].alive:
            self.hand_gone = None  # someone else's hand now (hot seat): it is there
        self.timeline.settle()
        self.hand.leaving = Counter()
        self.hand.shown_count = None
        self.dealt = None
        self.dark = {}
        self._logged = self._told
        self.hand.faces = self.private_ok
        self.hand.interactive = self.private_ok
        self.hand.set_cards(self.shown.hand if self.private_ok
                            else ("",) * self.shown.seats[self.home].cards)
        self._update_glow()
        if self.panel is not None and not self.hand.selected:
            self.panel = None

    # --- the stage the story plays on ----------------------------------------------------------

    def sound(self, name: str) -> None:
        self.app.sound.play(name)

    def boom(self, at: Point) -> None:
        # no pale full-screen flash: the moment draws its own colour one (moments.draw_blast)
        self.app.shake.start(26, 0.8)  # dropped with reduced motion (the app's shake)
        self.particles.sparks(at, 90, speed=(120, 520))
        self.particles.smoke(at, 60)

    def thump(self) -> None:
        self.app.shake.start(6, 0.18)

    def darken(self, seat: int) -> None:
        self.dark[seat] = self.timeline.tweens.tween(0.0, 1.0, 0.5, moves=False)

    def fall(self) -> None:
        """Your own explosion: the hand fades away (and sinks, unless motion is reduced),
        and the blast shakes harder than anyone else's."""
        self.hand_gone = self.timeline.tweens.tween(0.0, 1.0, HAND_FADE, delay=0.15,
                                                    moves=False)
        self.app.shake.start(34, 1.1)

    def show_moment(self, moment: Moment) -> None:
        self.moment = moment
        self._moment_age = 0.0
        pressed = pygame.key.get_pressed()
        self._moment_held = {k for k in PRESS_KEYS if pressed[k]}

    def may_skip(self, event: pygame.event.Event) -> bool:
        """Whether this press may cut the moment short: not an explosion's first
        :data:`BOOM_GUARD` seconds (shown, or still to come), nor a key held since before it."""
        moment = self.moment
        if moment is None or moment.kind != "boom":
            return True
        if event.type == pygame.KEYDOWN and event.key in self._moment_held:
            return False
        return moment.tween.started and self._moment_age >= BOOM_GUARD - 1e-9

    def key_released(self, key: int) -> None:
        self._moment_held.discard(key)

    @property
    def you(self) -> int | None:
        return self.home if self.faces_home else None

    def lit(self, seat: int) -> float:
        """0..1: how brightly a moment lights this seat's badge now."""
        moment = self.moment
        if moment is None:
            return 0.0
        return moment.lit(seat, self.clock, self.app.motion.reduced)

    def skip_moment(self) -> None:
        """A click, Space or Enter during a big moment: play it to its end at once."""
        if self.timeline.skippable:
            self.timeline.skip_beat()
            self._skip_guard = SKIP_GUARD
            self._moment_over()

    def _moment_over(self) -> None:
        if self.moment is not None and self.moment.tween.finished:
            self.moment = None

    def say(self, text: str) -> None:
        """Tell the person what the table did for them when there was nothing to choose."""
        self.said = text
        self.said_left = SAID_FOR

    def stamp(self, cancelled: bool) -> None:
        self.stamps.append((cancelled, self.timeline.tweens.tween(0.0, 1.0, 0.5,
                                                                    moves=False)))

    # --- the frame -----------------------------------------------------------------------------

    @property
    def watching(self) -> bool:
        """The one person is out and the table on screen shows it (not before their explosion
        has played): they only watch, and may fast-forward or skip to the results."""
        return self.flow.person_out() and not self.shown.seats[self.home].alive

    @property
    def busy(self) -> bool:
        """Input is locked while an action resolves; a person who is out only watches (their
        fast-forward buttons must work while the machines' cards fly)."""
        if self.watching or self.timeline.skippable:
            return False  # a big moment takes the click that cuts it short
        return self.timeline.busy or self._left

    @property
    def animating(self) -> bool:
        """Cards move, machines play or a window counts down: full speed. Waiting for a
        person (or behind the curtain) lets the app rest."""
        flow = self.flow
        waiting = flow.awaiting_person is not None or flow.curtain_for is not None
        return (self.busy or self.timeline.busy or self._skipping  # a moment plays on
                or not (waiting or self.match.is_over()))

    @property
    def still(self) -> bool:
        """The shared rule (``stillness``), and the line said above the hand ("nobody else to
        choose") must not stay frozen on screen after it timed out."""
        return bool(super().still) and self.said_left <= 0

    def ambient(self) -> list[pygame.Rect] | None:
        """While it waits for the person only the fuse burns (and its sparks fly)."""
        if self.app.stack.top is not self or self.animating:
            return None
        return [L.METER.inflate(24, 24)]

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.overlay is not None:
            self.overlay.update(dt)

    def handle(self, event: pygame.event.Event) -> None:
        if self.overlay is not None and self.overlay.handle(event):
            return
        super().handle(event)

    # --- the frame, continued ------------------------------------------------------------------

    def _play(self, dt: float) -> None:
        if not self.app.idle:  # glows rest while idle: the idle frame draws the fuse alone
            self.clock += dt
        self._acted = False
        self.particles.update(dt)
        self.controls.update(dt)
        private = self.private_ok
        self.hand.faces = self.faces_home  # every frame: a window in hot seat hides it at once
        self.hand.interactive = private and not self.bomb_over_hand
        if self.bomb_over_hand:  # no card lifts onto it, nor says its effect over it
            self.hand.hover = self.hand.focus = None
        if not private and self.panel is not None:
            self.close_panel()
        self.hand.update(dt, self.app.motion.reduced)
        if self.panel is not None:
            self.panel.update(dt)
        self.timeline.speedup = FAST_FORWARD if self.fast else 1.0
        self._update_controls()
        self.timeline.update(dt)
        self._moment_over()
        if self.moment is not None and self.moment.tween.started:
            self._moment_age += dt
        if self._moment_held:  # a key released where the table did not hear it (a chooser)
            pressed = pygame.key.get_pressed()
            self._moment_held = {k for k in self._moment_held if pressed[k]}
        self._skip_guard = max(0.0, self._skip_guard - dt)
        self.said_left = max(0.0, self.said_left - dt)
        self.stamps = [(c, t) for c, t in self.stamps if not t.finished]
        if self.timeline.busy or self._left:
            return
        self._refresh()
        if self.app.stack.top is not self:
            return
        self._fuse(dt)
        if self.match.is_over():
            self._hold_the_end(dt)
            return
        if self._skipping:
            self._run_to_the_end()
            return
        if self.overlay is not None and self.overlay.holds():
            return
        if self._modal_needed():
            return
        if self.flow.awaiting_person is None:
            self.flow.update(dt)
            self._tell()

    def _modal_needed(self) -> bool:
        """Bring down the curtain, or open the picker or the give chooser; ``True`` if the
        screen now waits for one of them (or for the person's play)."""
        flow = self.flow
        if flow.curtain_for is not None and self.veiled:
            self.panel = None
            return True  # their cards face down on the table until they show them
        if flow.curtain_for is not None:
            covered = flow.curtain_for
            reason = ""
            if self.match.pending().phase == "give" and self.shown.pending is not None:
                reason = self.t("curtain.favor", name=self.namer.seat(covered))
            self.panel = None
            self.bring_curtain(covered, self.namer.seat(covered), reason)
            return True
        seat = flow.awaiting_person
        if seat is None:
            return False
        kind = self.match.pending().phase
        if kind == "place_bomb" and self.shown.deck_size == 0:
            # an empty deck has one place: no picker over "0 cards in the deck"
            self.panel = None
            if self.submit(Action(A.PLACE_BOMB, position=0)):
                self.say(self.t("hide.empty_deck", bomb=self.namer.card("bomb")))
        elif kind == "place_bomb":
            self.panel = None
            # The picker starts below the cards this person must still draw (after an Attack
            # the top would be theirs again: Enter would hand them their own bomb back).
            self.push(HideBombScene(self.app, self.shown.deck_size, kitten=self.namer.kitten,
                                    bomb_name=self.namer.card("bomb"),
                                    bomb_short=self.namer.short("bomb"),
                                    start=max(0, self.shown.turns_owed - 1)), self._hidden)
        elif kind == "give":
            self.panel = None
            legal = self.match.legal_for(seat)
            held = Counter(self.shown.hand)
            choices = [(a.card, self.namer.card(a.card), f"×{held[a.card]}"
                        if held[a.card] > 1 else "") for a in legal if a.card is not None]
            taker = self.shown.pending.seat if self.shown.pending is not None else seat
            title = self.t("choose.card_to_give", name=self.namer.seat(taker))
            self.push(CardChooser(self.app, title, choices, self.namer.art, self.namer.short),
                      self._gave)
        return True

    def _hidden(self, result: object) -> None:
        if isinstance(result, int) or result == A.RANDOM:
            self.submit(Action(A.PLACE_BOMB, position=result))

    def _gave(self, result: object) -> None:
        if isinstance(result, str):
            self.submit(Action(A.GIVE, result))

    def _fuse(self, dt: float) -> None:
        """Sparks at the burning end of the fuse, and its tick rising with danger."""
        danger = meter_counts(self)[2]  # as the meter shows it
        level = danger_level(danger)
        self._fuse_spark += dt
        if self._fuse_spark > 0.06:
            self._fuse_spark = 0.0
            self.particles.sparks(fuse_tip(danger), 2, speed=(30, 110),
                                  life=(0.15, 0.4), gravity=180.0)
        if not self.app.settings.fuse_tick or self.shown.deck_size == 0:
            return
        self._tick += dt
        if self._tick >= 1.6 - 1.25 * level:
            self._tick = 0.0
            self.app.sound.play("tick", 0.35 + 0.65 * level)

    # --- acting --------------------------------------------------------------------------------

    def submit(self, action: Action) -> bool:
        """The shown person's action; once per frame and never while something moves."""
        if not self.may_act:
            return False
        if self.overlay is not None and not self.overlay.allows(action):
            return False
        # a draw: its drawer sees the card come into their hand even when the decision has
        # passed to someone else (in hot seat the curtain waits for the end of it)
        seer = self.home if self.private_ok and action == A.DRAW_ACTION else None
        return self._act(lambda: self.flow.submit(action), seer=seer)

    def draw_card(self) -> None:
        if A.DRAW_ACTION in self._legal() and self.submit(A.DRAW_ACTION):
            # the turn is over: the keyboard's card comes down (review 5: it stayed lifted,
            # covering its neighbours, through the machines' turns)
            self.hand.focus = None

    def draws_left(self) -> int:
        """The draws the home seat still owes on its own turn (1 on an ordinary turn, 0 on
        someone else's: what the draw button may say)."""
        view = self.shown
        if view.phase == "over" or view.current != self.home or not self.private_ok:
            return 0
        return max(1, view.turns_owed)

    @property
    def can_go_on(self) -> bool:
        """Your own play waits in its window, you are the only person at the table: you may
        say "go on" rather than wait for the countdown (holding a nope made every play of
        yours wait it all)."""
        view = self.shown
        return (self.flow.may_go_on and self.private_ok and not self.timeline.busy
                and view.phase == "react" and view.pending is not None
                and view.pending.seat == self.home and view.seats[self.home].alive)

    def _go_on_clicked(self) -> None:
        self.go_on()

    def go_on(self) -> bool:
        if self._acted or not self.can_go_on:
            return False
        return self._act(self.flow.go_on)

    def nope(self, seat: int) -> bool:
        """A person's nope key or badge click: an illegal one is ignored without a trace, so
        the screen never tells who holds a nope."""
        if self._acted or self.timeline.busy or not self.match.is_person(seat):
            return False
        if not self.match.pending().is_window or self.own_play_stands(seat):
            return False
        if self.overlay is not None and not self.overlay.allows(A.NOPE_ACTION):
            return False
        return self._act(lambda: self.flow.window_act(seat, A.NOPE_ACTION))

    @property
    def bomb_over_hand(self) -> bool:
        """Your drawn bomb waits over your hand to be hidden: the hand only shows then (a
        card lifted by the mouse stood on the bomb, and its effect line over it: review 2)."""
        view = self.shown
        return view.phase == "place_bomb" and view.current == self.home

    def own_play_stands(self, seat: int) -> bool:
        """A reaction window is open on ``seat``'s own play and nothing has noped it: a nope
        from that seat would only cancel its own play, so it is neither offered (no key on its
        badge, no "press 1") nor taken (review 2: "press 1 to nope" against your own play). A
        nope on its play may still be answered (odd nopes: the play is cancelled now)."""
        view = self.shown
        pending = view.pending
        return view.phase == "react" and pending is not None and pending.seat == seat \
            and pending.nopes % 2 == 0

    def open_log(self) -> None:
        """The whole log so far, over the table (its panel shows the last lines only)."""
        from game.ui.bombdeck.log import log_lines
        from game.ui.scenes.log import LogScene

        viewer = self.home if self.private_ok else None
        items = self.match.feed_for(viewer, 0)[: self._logged]
        lines = [text for text, _ev in log_lines(self.namer, items, viewer,
                                                  keep=len(items) + 1)]
        self.push(LogScene(self.app, self.t("log.all"), lines, seat_inks(self)))

    def _decided(self, seer: int | None) -> None:
        self.close_panel()
        if seer is not None:
            self._own_draw = seer

    @property
    def held_end(self) -> bool:
        """The game is over and its last moment played: the final table stays until the
        person asks for the results (review 5: it went by itself ~4 s after the last
        explosion, before anyone had read who won). Machines alone, or a skip to the
        results, go straight on."""
        return self.match.is_over() and not self.timeline.busy and not self._left \
            and bool(self.match.people) and not self._skipping

    def _hold_the_end(self, dt: float) -> None:
        if not self.held_end:
            self.to_results()
            return
        if self.ended_for == 0.0:
            self.close_panel()
            self.hand.focus = self.hand.hover = None
        self.ended_for += dt

    def see_results(self) -> None:
        """Space, Enter, the button or the controller's confirm on the final table; not in
        its first :data:`END_GUARD` seconds (a press meant for the last moment)."""
        if self.held_end and self.ended_for >= END_GUARD:
            self.to_results()

    def skip_to_results(self) -> None:
        self.flow.fast_forward()
        self._skipping = True

    def _run_to_the_end(self) -> None:
        """Skip to the results: the machines play on at once (stopping for a person, who
        has nothing left to decide once out)."""
        for _ in range(100_000):
            if self.match.is_over() or self.flow.person_to_act() is not None:
                break
            self.flow.update(1.0)
            if self.flow.searching:
                break  # a machine thinks in the background: on with it next frame
        self._told = self.match.feed_size
        self._refresh()

    def _legal(self) -> list[Action]:
        seat = self.flow.awaiting_person
        if seat is None or not self.private_ok or self.match.pending().phase != "play":
            return []
        legal: list[Action] = self.match.legal_for(seat)
        return legal

    def _update_glow(self) -> None:
        legal = self._legal()
        playable = {a.card for a in legal if a.verb in (A.PLAY, A.PAIR, A.TRIO)}
        if self.match.pending().is_window and self.private_ok \
                and not self.own_play_stands(self.home):  # never against your own play
            playable.add("nope")
        self.hand.glowing = {i for i, c in enumerate(self.hand.cards) if c in playable}
        self.draw_button.enabled = A.DRAW_ACTION in legal

    def _fit_big_buttons(self) -> None:
        """The big buttons' words whole at any text size (review of issue 24: "Comprar"
        squeezed to 63 % at 150 %): the label a little smaller, down to the floor, then the
        button wider (the draw button leftwards, the others about their centre). Measured
        again only when the text size or the language changes."""
        key = (fonts.text_factor, self.app.lang)
        if key == self._big_fitted:
            return
        self._big_fitted = key
        for button, rest in self._big:
            button.size = BIG_LABEL
            rect = rest.copy()
            while button.needed_width() > rect.width and button.size > theme.TEXT_MIN:
                button.size -= 1
            need = button.needed_width()
            if need > rect.width:
                centre = rect.center
                rect.width = need
                if button is self.draw_button or button is self.go_on_button:
                    rect.right = rest.right
                else:
                    rect.center = centre
            button.rect = rect

    def _update_controls(self) -> None:
        self._fit_big_buttons()
        if self.timeline.busy:  # nothing to decide while it resolves: nothing glows
            self.hand.glowing = set()
            self.draw_button.enabled = False
        watching = self.watching
        going_on = self.can_go_on
        self.go_on_button.visible = going_on
        self.draw_button.visible = self.private_ok and not watching and not going_on
        self.show_button.visible = self.veiled and not self.timeline.busy
        self.show_button.rect.centerx = round(self.hand.middle())  # over the face-down fan
        ended = self.held_end
        self.results_button.visible = ended
        if ended:
            self.draw_button.visible = self.go_on_button.visible = False
            self.show_button.visible = False
        self.ff_button.visible = watching and not ended
        self.skip_button.visible = watching and not ended

    def on_escape(self) -> None:
        """Esc closes the read panel, then the lesson's own step, before the pause menu."""
        if self.panel is not None:
            self.close_panel()
            return
        if self.overlay is not None and self.overlay.escape():
            return
        super().on_escape()

    def on_language(self) -> None:
        if self.panel is not None:
            self._open_panel()

    # --- drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        paint_table(surface, self)

    def draw_over(self, surface: pygame.Surface) -> None:
        if self.overlay is not None:
            self.overlay.draw(surface)
