"""The Caza Bombas table: one mission at one screen.

The scene reads a seat's view (``Match.view_for``: the home seat's, or the public view, seat
``-1``, whenever no person's stand may be shown) and the event feed, and submits the person's
moves through :class:`~game.match.flow.TableFlow`, which paces the machine teammates and brings
the hot-seat curtain down between people. Every event becomes motion on a timeline
(``story.py``); while it plays the scene is ``busy`` (input locked) and the view on screen
stays the one from before the move.

What the person decides is built one pick at a time (``aim.py``) from the legal actions, so
only legal moves, and only values the person holds, are ever offered. The racks of the home
seat are drawn face up only while that person's view may be shown (``private_ok``); with the
curtain down, or during a machine's turn in hot seat, every stand is face down.

Before a mission's first move, with somebody at the table, the briefing comes up (the mission,
its wires, "no talking", the campaign so far, another mission); once the mission is won the
campaign remembers it (``progress.py``). A lost mission is the table's big moment: the bomb
blows up across the whole table, every wire turns face up (``revealed``: nothing is secret any
more) and the middle says what lost it, the mistakes and how far the team got (``summary``).

A lesson (``overlay``, a :class:`~game.ui.table.overlay.TableOverlay`: the first game that
teaches, ``game.ui.cazabombas.lesson``) lies over the table when the launcher lays one: it sees
input first, and Esc once no move is half built (Esc first takes back a half-built move, as it
always does); it holds the clock and the machines while it talks, may refuse the person's
action (the move being built then starts over), and draws over everything the table drew.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.core.config import GameConfig
from game.match.autosave import Autosaver, Seen
from game.match.flow import Pace
from game.match.match import FeedItem
from game.match.source import TableSource
from game.rules.cazabombas import events as E
from game.rules.cazabombas.actions import Action
from game.rules.cazabombas.view import CazaView
from game.rules.cazabombas.wires import YELLOW, Value, class_of
from game.ui import fonts, theme
from game.ui.cazabombas import aim as M
from game.ui.cazabombas import layout as L
from game.ui.cazabombas import progress
from game.ui.cazabombas.anim import Stage, Timeline
from game.ui.cazabombas.marks import Marks
from game.ui.cazabombas.names import Namer
from game.ui.cazabombas.news import news_lines
from game.ui.cazabombas.paint import card_rows, chip_layout, confirm_rect
from game.ui.cazabombas.story import Story
from game.ui.table.base import FAST_FORWARD, PUBLIC, GameTable
from game.ui.table.overlay import TableOverlay
from game.ui.text import NARROW
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.app import App

BLAST_SECONDS = 1.6
"""The fireball's life, within the explosion's beat."""
SUMMARY_MISTAKES = 3
"""The mistakes a lost mission's summary names (the latest; the others are counted)."""
SUMMARY_SIZE = theme.TEXT_SMALL
"""A lost mission's summary is read from the sofa: every line at 20 px, none dimmed."""


@dataclass(frozen=True)
class Summary:
    """A lost mission in words: the cut that lost it (``cause``, empty when nothing was cut
    wrong), the mistakes before it, how far the team got (in words, and ``cut`` of ``total``
    wires for the bar)."""

    cause: str
    mistakes: str
    progress: str
    cut: int
    total: int

WATCHED_END = 3.0
"""With nobody at the table, the results come this long after the mission ends."""
DIGIT_WAIT = 0.8
"""How long a typed 1 waits for a second digit (10, 11, 12) when one of those is held."""
CLOCK_EVERY = 1.0
"""The clock's tock while a mission is in play and nothing moves."""
DIGITS = {getattr(pygame, f"K_{n}"): n for n in range(10)} | \
    {getattr(pygame, f"K_KP{n}"): n for n in range(10)}
MODE_KEYS = {pygame.K_c: M.CUT, pygame.K_d: M.DETECTOR, pygame.K_s: M.SOLO,
             pygame.K_r: M.REVEAL}
ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class CazaTableScene(GameTable[CazaView, Timeline, Action]):
    particle_seed = 23
    has_marks = True  # the deduction marks (``marks.py``) when the setting is on
    story: Story

    def __init__(self, app: App, match: TableSource, *, pace: Pace | None = None,
                 autosaver: Autosaver | None = None, resume: Seen | None = None,
                 show_code: bool = False, briefing: bool = True) -> None:
        """``pace``: the machines' pace (default: from the settings); ``autosaver``: keeps
        the match on disk; ``resume``: who was looking when a resumed match was saved;
        ``show_code``: the game code may be on screen (the player typed it); ``briefing``:
        show the mission's briefing before its first move (when somebody plays)."""
        super().__init__(app, match, pace=pace, autosaver=autosaver, resume=resume,
                         show_code=show_code)
        self._given_pace = pace
        self.namer = Namer(lambda: self.app.loc, match,
                           lambda: self.app.settings.player_names)
        self.timeline = Timeline(app.motion)
        self.stage = Stage()
        self.story = Story(self)
        self.shown = self._live_view()
        self.layout = self._make_layout()
        self.modes: list[M.Mode] = []
        self.aim: M.Aim | None = None
        self._decision_key: tuple[int, int] | None = None
        self.hover: tuple[int, int] | None = None
        self.chips: list[tuple[pygame.Rect, M.Item]] = []
        """The values, seats or options on screen to click (the painter lays them out)."""
        self.card_rows: dict[int, pygame.Rect] = {}
        """Where each equipment card is on the board (the painter lays them out)."""
        self.confirm_rect: pygame.Rect | None = None
        self._tock = 0.0
        self._digit: tuple[int, float] | None = None
        self.briefed = not (briefing and match.people and match.moves == 0)
        self.ended = 0.0
        """Seconds since the mission ended on screen."""
        self._recorded = False
        self.overlay: TableOverlay | None = None
        """A lesson over the table (the launcher lays it), or nothing."""
        self._revealed: dict[tuple[int, int], int] | None = None
        self._summary: tuple[tuple[object, ...], Summary] | None = None
        self.explained: int | None = None
        """The equipment card under the pointer (its effect is shown)."""
        self.colour_spots: list[tuple[str, pygame.Rect]] = []
        """Where the board shows the yellow and the red values (``paint``)."""
        self.explained_colour: str | None = None
        """The colour whose values are pointed at (``yellow`` or ``red``): said in words."""
        self.explained_help: str | None = None
        """The way to act (``cut``, ``detector``, ``solo``, ``reveal``) under the pointer, on
        its button or a rack's Double Detector: said in words where the news goes (the review:
        hovering "Double Detector" or "Dual cut" told nothing)."""
        self.help_spots: list[tuple[str, pygame.Rect]] = []
        """Where the racks show a Double Detector (``paint``), to explain it on hover."""
        self.mode_buttons: dict[str, Button] = {}
        for key, label, shortcut in ((M.CUT, "cazabombas.mode.cut", "C"),
                                     (M.DETECTOR, "cazabombas.mode.detector", "D"),
                                     (M.SOLO, "cazabombas.mode.solo", "S"),
                                     (M.REVEAL, "cazabombas.mode.reveal", "R")):
            button = Button((0, L.MODES_Y, 100, L.MODE_H), self.tr(label),
                            self._mode_setter(key), shortcut_label=shortcut,
                            size=theme.TEXT_SMALL, cooldown=0.1)
            button.visible = False
            self.mode_buttons[key] = button
            self.controls.add(button)
        # side by side at the foot of the middle band: never over the home seat's rack
        self.results_button = Button(L.END_RESULTS, self.tr("cazabombas.end.results"),
                                     self.to_results, shortcut_label=self.tr("key.enter"),
                                     style="primary", size=theme.TEXT_BODY)
        self.again_button = Button(L.END_AGAIN, self.tr("cazabombas.end.again"),
                                   self.play_again, shortcut_label="N",
                                   size=theme.TEXT_SMALL)
        # a lesson lost: its own two ways on, in the same places (never a bare "mission lost")
        self.lesson_button = Button(L.END_RESULTS, self.tr("cazabombas.end.lesson_again"),
                                    self.lesson_again, shortcut_label="L",
                                    size=theme.TEXT_SMALL)
        self.real_button = Button(L.END_AGAIN, self.tr("cazabombas.end.real_mission"),
                                  self.real_mission, shortcut_label=self.tr("key.enter"),
                                  style="primary", size=theme.TEXT_BODY)
        for button in (self.results_button, self.again_button, self.lesson_button,
                       self.real_button):
            button.visible = False
            self.controls.add(button)
        self.marks = Marks()
        """The deduction marks of the view on screen (drawn while the setting is on)."""
        self.chances_asked = False
        """M shows the focused wire's chances where the news goes (the marks on), M again
        hides them."""
        self.held = False
        """The lesson over the table holds the clock and the machines this frame (its bubble
        talks): the banner says so instead of "… is thinking"."""
        self._refresh()

    # --- who is looking ------------------------------------------------------------------------

    def _make_layout(self) -> L.TableLayout:
        view = self.shown
        return L.TableLayout(view.stand_owner, tuple(len(stand) for stand in view.stands),
                             self.home)

    def stand_of(self, seat: int, rel: int) -> int:
        stands = [g for g, owner in enumerate(self.shown.stand_owner) if owner == seat]
        return stands[rel] if 0 <= rel < len(stands) else -1

    @property
    def mine_face_up(self) -> bool:
        return self.private_ok and self.match.is_person(self.home)

    def deciding(self) -> int | None:
        """The person whose decision is on screen, once nothing moves."""
        seat = self.flow.awaiting_person
        if seat is None or self.timeline.busy or self._left or not self.private_ok:
            return None
        return seat

    def _refresh(self) -> None:
        """Nothing is moving: show the match as it is now."""
        viewer = self.flow.viewer
        if viewer is not None and viewer != self.home:
            self.home = viewer
            self.layout = self._make_layout()
        self.shown = self._live_view()
        self.stage.clear()
        self._logged = self._told
        self._sync_decision()

    def _sync_decision(self) -> None:
        seat = self.deciding()
        key = (self.match.moves, seat) if seat is not None else None
        if key == self._decision_key:
            return
        self._decision_key = key
        self.modes = []
        self.aim = None
        self._digit = None
        if seat is None:
            return
        self.modes = M.modes_of(self.match.legal_for(seat), seat, self.stand_of)
        if self.modes:
            self.choose_mode(self.modes[0].key)

    def mode(self, key: str) -> M.Mode | None:
        return next((mode for mode in self.modes if mode.key == key), None)

    def choose_mode(self, key: str) -> bool:
        """Point with another mode (a mode with nothing to pick is ready for Enter)."""
        mode = self.mode(key)
        if mode is None:
            return False
        self.aim = M.Aim(mode, self.submit, self.order)
        self._digit = None
        return True

    def _mode_setter(self, key: str) -> Any:
        return lambda: self.choose_mode(key)

    def order(self, item: M.Item) -> Any:
        """Candidates in the order they are drawn: racks top left to bottom right."""
        if item[0] == "w":
            rack = self.layout.racks.get(item[1])
            if rack is not None:
                return (0, rack.rect.top, rack.rect.left, item[2])
        if item[0] == "s":
            rack = self.layout.racks.get(item[1])
            if rack is not None:
                return (0, rack.rect.top, rack.rect.left, 0)
        if item[0] == "p":
            seats = self.shown.seats
            return (0, (item[1] - self.home) % seats, 0, 0)
        return M.item_order(item)

    # --- the stage the story plays on ----------------------------------------------------------

    def sound(self, name: str, volume: float = 1.0) -> None:
        self.app.sound.play(name, volume)

    def boom(self, at: tuple[float, float]) -> None:
        """The bomb goes off: not a puff where it was set off but a blast across the whole
        table (a fireball from the middle, a shock ring, sparks and smoke over the racks); the
        flash, the shake and the fireball's growth give way to a still version in reduced
        motion (``app.motion.reduced``)."""
        self.sound("explosion")
        self.app.flash.start((255, 236, 200), 0.5)
        self.app.shake.start(22, 0.8)
        centre = L.BLAST_CENTRE
        self.stage.blast = self.timeline.tween(BLAST_SECONDS)
        self.stage.blast_at = centre
        self.particles.sparks(at, 46)
        self.particles.sparks(centre, 90)
        self.particles.smoke(centre, 30)
        for rack in self.layout.racks.values():
            self.particles.smoke((float(rack.rect.centerx), float(rack.rect.centery)), 14)

    @property
    def revealed(self) -> dict[tuple[int, int], int]:
        """Once a mission is lost every wire is turned face up: (stand, index) → its key, read
        from each seat's own view (nothing is secret any more; before the end, nothing)."""
        if self._revealed is None:
            if not self.match.is_over():
                return {}
            keys: dict[tuple[int, int], int] = {}
            if self.match.view_for(PUBLIC).won is False:
                for seat in range(self.match.config.seat_count):
                    view = self.match.view_for(seat)
                    for g in view.my_stands:
                        for index, wire in enumerate(view.stands[g]):
                            if wire.key is not None:
                                keys[(g, index)] = wire.key
            self._revealed = keys
        return self._revealed

    def _mistakes_line(self, misses: list[E.CutMissed]) -> str:
        """"Mistakes before it (3): +1 · Crafty 4 said 7 · You said 3": how many, then the
        latest (at most ``SUMMARY_MISTAKES``, fewer when long names would narrow the line
        past 90 % at the summary's size), the older ones counted."""
        namer = self.namer
        font = fonts.get(SUMMARY_SIZE)
        line = ""
        for shown in range(min(SUMMARY_MISTAKES, len(misses)), 0, -1):
            said = [namer.t("cazabombas.end.mistake", player=namer.seat(m.seat),
                            value=namer.values(m.values)) for m in misses[-shown:]]
            if len(misses) > shown:
                said.insert(0, namer.t("cazabombas.end.more", n=len(misses) - shown))
            line = namer.t("cazabombas.end.mistakes", n=len(misses), list=" · ".join(said))
            if font.size(line)[0] * NARROW <= L.SUMMARY_W:
                break
        return line

    def _fitted(self, key: str, **params: str) -> str:
        """The line ``key`` says, or its ``_short`` form (without whose stand) when long names
        would narrow it past 90 % on the summary's panel."""
        line = self.namer.t(key, **params)
        if fonts.get(SUMMARY_SIZE, True).size(line)[0] * NARROW <= L.SUMMARY_W:
            return line
        return self.namer.t(f"{key}_short", **params)

    def summary(self) -> Summary:
        """A lost mission at a glance: the cut that lost it, the mistakes before it, how far
        the team got (worked out once per language and names: it is drawn every frame)."""
        key = (id(self.app.loc), tuple(self.app.settings.player_names), self._logged)
        if self._summary is None or self._summary[0] != key:
            self._summary = (key, self._summed_up())
        return self._summary[1]

    @property
    def taught(self) -> bool:
        """A lesson lies over this table (even once it has ended or was skipped): its loss
        is told kindly and offers the lesson again or a real mission."""
        return self.overlay is not None

    def lost_by(self) -> int | None:
        """The seat whose cut lost the mission (the red wire's, or the last mistake's), once
        it is lost; ``None`` otherwise."""
        if not self.match.is_over() or self.match.view_for(PUBLIC).won is not False:
            return None
        for item in reversed(self.match.feed_for(None, 0)):
            if isinstance(item.event, E.Exploded | E.CutMissed):
                seat: int = item.event.seat
                return seat
        return None

    def lesson_lost(self) -> bool:
        """A lesson's mission is lost (and told as such once nothing moves)."""
        return self.taught and self.match.is_over() and \
            self.match.view_for(PUBLIC).won is False

    def you(self) -> int | None:
        """The seat of the one person at this screen, whose stand the news calls "your
        stand" (``None`` at a hot-seat table or behind the curtain: then names)."""
        people = self.match.people
        return self.home if people == (self.home,) and self.private_ok else None

    def _target(self, key: str, seat: int, **words: str) -> str:
        """``key``'s line about ``seat``'s stand: "your stand" when it is yours."""
        if seat == self.you():
            return self.namer.t(f"{key}_yours", **words)  # shorter than any name
        return self._fitted(key, target=self.namer.seat(seat), **words)

    def _summed_up(self) -> Summary:
        namer = self.namer
        events = [item.event for item in self.match.feed_for(None, 0)]
        misses = [e for e in events if isinstance(e, E.CutMissed)]
        exploded = [e for e in events if isinstance(e, E.Exploded)]
        owner = self.shown.stand_owner
        cause = ""
        if exploded:
            last = exploded[-1]
            fatal = next((m for m in reversed(misses) if m.stand == last.stand
                          and set(m.indices) == set(last.indices)), None)
            if fatal is not None:  # the value named on the red wire: the cut that lost it
                cause = self._target("cazabombas.end.cause_red", owner[last.stand],
                                     player=namer.seat(last.seat),
                                     value=namer.values(fatal.values))
            else:
                cause = namer.t("cazabombas.end.cause_red_unnamed",
                                player=namer.seat(last.seat),
                                target=namer.seat(owner[last.stand]))
            before = [m for m in misses if m is not fatal]
        elif misses:
            last_miss = misses[-1]
            cause = self._target("cazabombas.end.cause_dial", owner[last_miss.stand],
                                 player=namer.seat(last_miss.seat),
                                 value=namer.values(last_miss.values))
            before = misses[:-1]
        else:
            before = []
        mistakes = self._mistakes_line(before) if before else \
            namer.t("cazabombas.end.no_mistakes")
        total = sum(len(stand) for stand in self.shown.stands)
        cut = sum(1 for stand in self.shown.stands for wire in stand if wire.cut)
        progress_line = namer.t("cazabombas.end.progress", cut=cut, total=total,
                                pct=round(100 * cut / max(1, total)))
        return Summary(cause, mistakes, progress_line, cut, total)

    def dial_rest(self) -> float:
        """Where the needle stands between beats: one space per mistake; at the skull once
        the bomb has gone off."""
        view = self.shown
        if view.won is False:
            return float(view.max_mistakes + 1)
        return float(view.max_mistakes - view.mistakes_left)

    # --- the frame -----------------------------------------------------------------------------

    @property
    def animating(self) -> bool:
        flow = self.flow
        waiting = flow.awaiting_person is not None or flow.curtain_for is not None
        return (self.busy or bool(self.particles) or self.timeline.running
                or not (waiting or self.match.is_over()) or self._digit is not None)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.overlay is not None:
            self.overlay.update(dt)

    def _play(self, dt: float) -> None:
        self.clock += dt
        self.held = False
        self._acted = False
        self.particles.update(dt)
        self.controls.update(dt)
        self.timeline.speedup = FAST_FORWARD if self.fast else 1.0
        self.timeline.update(dt)
        self._update_controls()
        self._typed(dt)
        if self.timeline.busy or self._left:
            return
        self._refresh()
        if self.app.stack.top is not self:
            return
        if not self.briefed:
            self._brief()
            return
        if self.match.is_over():
            self._ending(dt)
            return
        if self.overlay is not None and self.overlay.holds():
            self.held = True
            return  # the lesson talks: the clock and the machines wait
        self._clock(dt)
        if self._modal_needed():
            return
        if self.flow.awaiting_person is None:
            self.flow.update(dt)
            self._tell()

    def _clock(self, dt: float) -> None:
        """Silence, and a clock: a soft tock every second, louder as the dial nears the skull
        (the fuse's tick setting turns it off)."""
        if not self.app.settings.fuse_tick:
            return
        self._tock += dt
        if self._tock >= CLOCK_EVERY:
            self._tock -= CLOCK_EVERY
            view = self.shown
            danger = 1.0 - view.mistakes_left / max(1, view.max_mistakes)
            self.sound("clock", 0.5 + 0.5 * danger)

    def _update_controls(self) -> None:
        deciding = self.aim is not None and self.shown.phase == "play"
        names = {mode.key for mode in self.modes}
        x = L.MIDDLE.left + 4
        for key, button in self.mode_buttons.items():
            button.visible = deciding and key in names
            if button.visible:
                text = button.text() if callable(button.text) else button.text
                width = fonts.get(theme.TEXT_SMALL).size(text)[0] + 64
                button.rect = pygame.Rect(x, L.MODES_Y, width, L.MODE_H)
                x += width + 8
                assert self.aim is not None
                button.style = "primary" if self.aim.mode.key == key else "normal"
        over = self.match.is_over() and not self.timeline.busy and self.briefed
        kind = over and self.lesson_lost()
        self.results_button.visible = over and not kind
        self.again_button.visible = over and bool(self.match.people) and not kind
        self.lesson_button.visible = self.real_button.visible = kind

    def _brief(self) -> None:
        from game.ui.cazabombas.briefing import BriefingScene

        self.briefed = True
        self.push(BriefingScene(self.app, self.match.config, self.namer,
                                self.shown.captain), self._briefing_done)

    def _briefing_done(self, result: object) -> None:
        """Start this mission, another one (a fresh deal, briefed already), or leave."""
        if result is None:
            self._left = True
            self.app.to_title()
        elif isinstance(result, GameConfig) and result != self.match.config:
            self.open_new(result, briefing=False)

    def _ending(self, dt: float) -> None:
        self.ended += dt
        if not self._recorded:
            self._recorded = True
            if self.shown.won and self.match.people:
                progress.record_win(self.app, self.shown.mission)
        if not self.match.people and self.ended >= WATCHED_END:
            self.to_results()

    def _modal_needed(self) -> bool:
        """Bring down the curtain; ``True`` if the screen now waits for it."""
        flow = self.flow
        if flow.curtain_for is None:
            return False
        covered = flow.curtain_for
        phase = self.match.pending().phase
        reason = self.t("cazabombas.curtain.setup" if phase == "setup"
                        else "cazabombas.curtain.play")
        self.aim = None
        self.modes = []
        self._decision_key = None
        self.bring_curtain(covered, self.namer.seat(covered), reason)
        return True

    @property
    def blasted(self) -> frozenset[tuple[int, int]]:
        """The wires that blew the bomb up, turned over red once the story has told it (a
        public fact: everyone saw it)."""
        if not self.match.is_over() or self.timeline.busy:
            return frozenset()
        return frozenset((item.event.stand, index) for item in self.news_items()[-6:]
                         if isinstance(item.event, E.Exploded) for index in item.event.indices)

    def open_log(self) -> None:
        """Every line of news so far, over the table (it shows the last two only: a cut
        scrolled away was gone for good, review 5)."""
        from game.ui.scenes.log import LogScene

        viewer = self.home if self.private_ok else None
        items = self.match.feed_for(viewer, 0)[: self._logged]
        lines = news_lines(self.namer, items, len(items) + 1, self.you())
        self.push(LogScene(self.app, self.t("log.all"), lines))

    def news_items(self) -> list[FeedItem]:
        viewer = self.home if self.private_ok else None
        start = max(0, self._logged - 40)
        return self.match.feed_for(viewer, start)[: max(0, self._logged - start)]

    # --- acting --------------------------------------------------------------------------------

    def submit(self, action: Action) -> bool:
        """The shown person's action, unless the lesson over the table asks for another (then
        the move being built starts over from the first way to act)."""
        if not self.may_act:
            return False
        if self.overlay is not None and not self.overlay.allows(action):
            if self.modes:
                self.choose_mode(self.modes[0].key)
            return False
        return super().submit(action)

    def _decided(self, seer: int | None) -> None:
        self.aim = None
        self.modes = []
        self._digit = None
        self._decision_key = None

    def to_results(self) -> None:
        if self.match.is_over():
            super().to_results()

    def next_table(self) -> tuple[GameConfig, int]:
        """After a win the next mission (the last one again after the last); after a loss the
        same mission with the next Captain (RULES.md §4). A fresh deal either way."""
        from game.ui import launch

        config = self.match.config
        view = self.shown
        seed = launch.fresh_seed()
        if view.won:
            number = min(view.mission + 1, progress.MISSIONS[-1])
            return progress.with_mission(config, number), seed
        return progress.next_captain(config, view.captain, seed), seed

    def lesson_again(self) -> None:
        """The lesson from its first step, on its own deal, in place of this table."""
        from game.ui import launch
        from game.ui.cazabombas.lesson import LESSON_CONFIG, LESSON_SEED, teach

        if self._left:
            return
        self._left = True
        scene = launch.table_scene(self.app, launch.make_match(LESSON_CONFIG, LESSON_SEED))
        teach(scene)
        self.app.stack.replace(scene)

    def real_mission(self) -> None:
        """The lesson's mission for real: a fresh deal, the same teammates, its briefing."""
        if self.match.is_over() and not self._left:
            self.open_new(self.match.config)

    def play_again(self) -> None:
        if self.match.is_over() and not self._left:
            self.open_new(*self.next_table())

    def open_new(self, config: GameConfig, seed: int | None = None, *,
                 briefing: bool = True) -> None:
        """Another table in place of this one (a fresh deal unless ``seed``)."""
        from game.ui import launch

        self._left = True
        scene = CazaTableScene(self.app, launch.make_match(config, seed),
                               pace=self._given_pace, autosaver=launch.autosaver_for(self.app),
                               briefing=briefing)
        self.app.stack.replace(scene)

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
        if event.type == pygame.MOUSEMOTION:  # (before the buttons, which take the motion)
            self.explained_help = self.help_at(event.pos)
        if self.controls.handle(event):
            return
        if event.type == pygame.MOUSEMOTION:
            self._hover(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 0) == 1:
            self._click(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 0) == 3:
            self.back()

    def _hover(self, pos: tuple[int, int]) -> None:
        self.hover = self.layout.tile_at(pos)
        rows = self.card_rows or card_rows(self.shown)
        self.explained = next((card for card, rect in rows.items() if rect.collidepoint(pos)),
                              None)
        self.explained_colour = next((key for key, rect in self.colour_spots
                                      if rect.collidepoint(pos)), None)
        aim = self.aim
        if aim is None:
            return
        item = self._item_at(pos)
        if item is not None:
            aim.focus_on(item)

    def help_at(self, pos: tuple[int, int]) -> str | None:
        """The way to act whose button (or Double Detector on a rack) is at ``pos``."""
        for key, button in self.mode_buttons.items():
            if button.visible and button.rect.collidepoint(pos):
                return key
        return next((key for key, rect in self.help_spots if rect.collidepoint(pos)), None)

    def _item_at(self, pos: tuple[int, int]) -> M.Item | None:
        """What a click at ``pos`` would pick in the step being filled."""
        aim = self.aim
        if aim is None:
            return None
        for rect, item, _text in chip_layout(self):
            if rect.collidepoint(pos):
                return item
        step = aim.step
        if step is None:
            return None
        tile = self.layout.tile_at(pos)
        if step.kind in (M.WIRE, M.OWN) and tile is not None:
            return ("w", *tile)
        if step.kind == M.VALUE and tile is not None:
            value = self._own_value(*tile)
            return ("v", value) if value is not None else None
        rack = self.layout.rack_at(pos)
        if step.kind == M.STAND and rack is not None:
            return ("s", rack)
        if step.kind == M.SEAT and rack is not None:
            return ("p", self.layout.racks[rack].seat)
        return None

    def _own_value(self, stand: int, index: int) -> Value | None:
        """The value one of the home seat's face-up wires names (a click names it)."""
        rack = self.layout.racks.get(stand)
        if rack is None or not rack.mine or not self.mine_face_up:
            return None
        wires = self.shown.stands[stand]
        if not 0 <= index < len(wires) or wires[index].key is None or wires[index].cut:
            return None
        key = wires[index].key
        assert key is not None
        return class_of(key)

    def _click(self, pos: tuple[int, int]) -> None:
        if self.match.is_over():
            return
        for card, rect in card_rows(self.shown).items():
            if rect.collidepoint(pos) and self.mode(f"card{card}") is not None:
                self.choose_mode(f"card{card}")
                return
        aim = self.aim
        if aim is None:
            return
        button = confirm_rect(self)
        if button is not None and button.collidepoint(pos):
            aim.confirm()
            return
        item = self._item_at(pos)
        if item is not None:
            aim.pick(item)

    def on_escape(self) -> None:
        """Esc cancels a move half built (picks made, or another way to act chosen than the
        first); else it ends the lesson over the table, if one shows; else it opens the pause
        menu."""
        aim = self.aim
        if aim is not None and not self.match.is_over() and (
                any(aim.picks) or (self.modes and aim.mode is not self.modes[0])):
            self._digit = None
            self.choose_mode(self.modes[0].key)
            return
        if self.overlay is not None and self.overlay.escape():
            return
        super().on_escape()

    def back(self) -> None:
        """Backspace or a right click: undo the last pick, else back to the first mode."""
        aim = self.aim
        self._digit = None
        if aim is None:
            return
        if not aim.back() and self.modes and aim.mode is not self.modes[0]:
            self.choose_mode(self.modes[0].key)

    def _key(self, key: int) -> None:
        if key == pygame.K_h:  # the whole news so far (a chosen "history" key comes as H)
            self.open_log()
            return
        if key == pygame.K_m and self.app.settings.marks:
            self.chances_asked = not self.chances_asked
            return
        if self.match.is_over():
            if self.lesson_lost() and not self.timeline.busy:
                if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                    self.real_mission()
                elif key == pygame.K_l:
                    self.lesson_again()
                return
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.to_results()
            elif key == pygame.K_n and self.match.people:
                self.play_again()
            return
        aim = self.aim
        if aim is None:
            return
        if key in ENTER:
            if self._digit is not None:
                self._value_typed(self._digit[0])
            else:
                aim.confirm()
            return
        if key == pygame.K_BACKSPACE:
            self.back()
            return
        if key in DIGITS:
            self._digit_key(DIGITS[key])
            return
        if key in self._yellow_keys():
            self._pick_value(YELLOW)
            return
        if key in MODE_KEYS:
            self.choose_mode(MODE_KEYS[key])
            return
        if key in (pygame.K_e, pygame.K_TAB):
            self._cycle_modes(equipment=key == pygame.K_e)
            return
        step = aim.step
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            aim.move(1 if key == pygame.K_RIGHT else -1)
        elif key in (pygame.K_UP, pygame.K_DOWN):
            if step is not None and step.kind in (M.WIRE, M.OWN):
                self._jump_rack(1 if key == pygame.K_DOWN else -1)
            else:
                aim.move(1 if key == pygame.K_DOWN else -1)

    def _yellow_keys(self) -> set[int]:
        """Y, and the key of the language's letter for yellow (A in Spanish)."""
        keys = {pygame.K_y}
        letter = self.namer.letters[0].lower()
        if len(letter) == 1 and "a" <= letter <= "z":
            keys.add(getattr(pygame, f"K_{letter}"))
        return keys - set(MODE_KEYS) - {pygame.K_e, pygame.K_n}

    def _cycle_modes(self, equipment: bool) -> None:
        keys = [mode.key for mode in self.modes if mode.card is not None or not equipment]
        if not keys or self.aim is None:
            return
        now = self.aim.mode.key
        nxt = keys[(keys.index(now) + 1) % len(keys)] if now in keys else keys[0]
        self.choose_mode(nxt)

    def _jump_rack(self, delta: int) -> None:
        """↑/↓: the focus goes to the next rack's candidates."""
        aim = self.aim
        assert aim is not None
        found = aim.candidates()
        if not found:
            return
        current = found[aim.focus]
        racks = sorted({item[1] for item in found}, key=lambda g: self.order(("s", g)))
        at = racks.index(current[1]) if current[1] in racks else 0
        target = racks[(at + delta) % len(racks)]
        aim.focus_on(next(item for item in found if item[1] == target))

    def _digit_key(self, digit: int) -> None:
        aim = self.aim
        assert aim is not None
        step = aim.step
        if step is not None and step.kind == M.OWN:
            own = [item for item in aim.candidates() if self._own_value(item[1], item[2])
                   == (digit or 10)]
            if own:
                aim.pick(own[0])
            return
        if self._digit is not None:
            first = self._digit[0]
            self._digit = None
            if first == 1 and digit in (0, 1, 2):
                self._pick_value(10 + digit)
                return
            self._pick_value(first)
        if digit == 1 and any(self._can_name(v) for v in (10, 11, 12)):
            self._digit = (1, DIGIT_WAIT)
            return
        self._pick_value(digit or 10)

    def _value_typed(self, digit: int) -> None:
        self._digit = None
        self._pick_value(digit)

    def _typed(self, dt: float) -> None:
        """A lone 1 waiting for a second digit is taken as 1 when none comes."""
        if self._digit is None:
            return
        digit, left = self._digit
        left -= dt
        if left <= 0:
            self._value_typed(digit)
        else:
            self._digit = (digit, left)

    def _can_name(self, value: Value) -> bool:
        aim = self.aim
        return aim is not None and ("v", value) in aim.candidates()

    def _pick_value(self, value: Value) -> None:
        aim = self.aim
        if aim is not None and ("v", value) in aim.candidates():
            aim.pick(("v", value))

    # --- drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        from game.ui.cazabombas.paint import paint_table

        paint_table(surface, self)

    def draw_over(self, surface: pygame.Surface) -> None:
        if self.overlay is not None:
            self.overlay.draw(surface)
