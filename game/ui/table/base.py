"""The skeleton every game's table stands on: one match at one screen.

A table reads a seat's view (``Match.view_for``: the home seat's, or the public view, seat
``-1``, whenever no person's secrets may be shown) and the event feed, and submits the
person's actions through :class:`~game.match.flow.TableFlow`, which paces the machines and
brings the hot-seat curtain down. Every event becomes motion on the table's timeline (its
``story``); while it plays the table is ``busy`` and the view on screen stays the one from
before the action.

What is the same at every table lives here, once, so that no game's table gets one of these
subtly different (each did, once, while they were three copies):

- *who the table is drawn for*: the home seat, whose secrets are drawn only while that person
  is the one looking (:attr:`GameTable.private_ok`), and the events told as that person may
  see them (:meth:`GameTable._tell`);
- *the submit guard*: one action per frame, never while something moves or after the table
  was left; an illegal action changes nothing and shows nothing (:meth:`GameTable._act`);
- *the curtain*, with its recap of the public events since the covered person's last turn
  (``game.ui.table.recap``), *pause* (Esc, and the pace re-read when the menu closes), *the
  move to the results*, *fast-forward*;
- *keeping the unfinished game*: written after each move and when the curtain moves, a notice
  once when writing starts failing and once when it works again, a last write on the way out;
- *when the picture is still* (``game.ui.table.stillness``): the app may then draw only the
  ambient areas.

A game's table supplies what differs: its timeline and story, its ``_play`` (the frame), its
``_modal_needed`` (the curtain and the game's own modals), what a finished decision drops
(``_decided``) and its painting (``draw``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

import pygame

from game.core.errors import IllegalAction
from game.match.autosave import Autosaver, Seen, restore_curtain
from game.match.flow import INSTANT, Pace, TableFlow
from game.match.match import Match
from game.match.source import TableSource
from game.ui.fx import Particles
from game.ui.players import person_names
from game.ui.scene import Scene
from game.ui.scenes.curtain import CurtainScene
from game.ui.table.beats import Beats
from game.ui.table.lesson import TableLesson
from game.ui.table.notice import Notice
from game.ui.table.recap import Watch
from game.ui.table.stillness import particle_rects
from game.ui.widgets import Form

if TYPE_CHECKING:
    from game.ui.app import App

PUBLIC = -1
"""The seat number of the public view: nobody's secrets."""
FAST_FORWARD = 4.0
"""Fast-forward also plays the animations this much faster."""
SAVE_FAILING = "saving.failing"
SAVE_WORKS = "saving.works"

V = TypeVar("V")
"""The game's view of a seat."""
T = TypeVar("T", bound=Beats[Any])
"""The game's timeline: beats and the things that fly on its table."""
A = TypeVar("A")
"""The game's action."""

SavedKey = tuple[int, int | None, int | None, int]
"""What was on disk last: moves, who was looking, who the curtain was for, the home seat."""


class Tells(Protocol):
    """A table's story: it turns events into motion."""

    def tell(self, event: Any) -> None: ...


class GameTable(Scene[None], Generic[V, T, A]):
    """One match at one screen. ``thinks``: the table's machines may search (Maestro), so
    they think on the app's worker thread while frames keep coming. ``particle_seed``: the
    table's sparks and smoke, the same for every game of it."""

    thinks: ClassVar[bool] = False
    particle_seed: ClassVar[int] = 0

    timeline: T
    story: Tells
    shown: V
    """The view on screen (the one from before the action while its story plays)."""

    def __init__(self, app: App, match: TableSource, *, pace: Pace | None = None,
                 autosaver: Autosaver | None = None, resume: Seen | None = None,
                 show_code: bool = False) -> None:
        """``pace``: the machines' pace (default: from the settings); ``autosaver``: keeps
        the match on disk; ``resume``: who was looking when a resumed match was saved (its
        curtain is put back: never a hand the saved state had covered); ``show_code``: the
        game code may be on screen (the player typed it: a code holds the deal, so a code
        nobody chose is shown only on the results screen)."""
        super().__init__(app)
        self.match = match
        self.show_code = show_code
        settings = app.settings
        self.pace = pace or Pace.for_speed(settings.machine_speed, settings.reaction_seconds)
        # A table joined over the network brings its own flow (game.net.remote.RemoteFlow):
        # the host moves the machines and closes the windows.
        flow_class: type[TableFlow] = getattr(match, "flow_class", TableFlow)
        self.flow = flow_class(match, self.pace, app.thinker if self.thinks else None)
        if resume is not None:
            restore_curtain(self.flow, resume)
        self.autosaver = autosaver
        self._saved: SavedKey | None = None
        self.notice = Notice()
        self._say_the_deal_of_the_day()
        """The autosave's trouble, on screen for a few seconds."""
        self._results_next = False
        self.notice_rect: pygame.Rect | None = None
        """Where the notice was last drawn (a click on it may answer it)."""
        self.particles = Particles(app.motion, seed=self.particle_seed)
        self.controls = Form()
        self.clock = 0.0
        self.submitted = 0
        """Actions this screen has submitted (tests read it)."""
        self._acted = False
        self._told = match.feed_size
        """The events turned into motion so far."""
        self._logged = match.feed_size
        """The events the screen has finished telling (the news shows only those)."""
        self._left = False
        """The table has handed over to another screen (the results, a new table)."""
        self._kept = False
        """The finished game went to the past games (once)."""
        self.aids: set[str] = set()
        """The aids this game was played with at some moment (``"marks"``): the results and
        the past games say so."""
        self.guided = 0
        """The moves a lesson asked for (the review does not judge them as the person's)."""
        self.away_rects: list[pygame.Rect] = []
        """Where the "away" tags were drawn, on the seats of people whose computer dropped."""
        self.watch = Watch()
        """How far into the feed each person has seen (where their curtain's recap starts)."""
        self.home = self._pick_home(resume)

    def _say_the_deal_of_the_day(self) -> None:
        """A new game on today's deal says so (the title's Deal of the day, or its code typed:
        the same deal on every computer today)."""
        from datetime import date

        from game.history.daily import daily_code

        match = self.match
        if isinstance(match, Match) and match.moves == 0:
            today = date.today()
            if match.code == daily_code(today):
                self.notice.show("table.daily", trouble=False, day=today.isoformat())

    # --- who is looking ------------------------------------------------------------------------

    def _pick_home(self, resume: Seen | None = None) -> int:
        """The seat the table is drawn for: as it was saved (a resumed game looks the same),
        else whoever is looking or is next behind the curtain, else the first person."""
        flow = self.flow
        if resume is not None and resume.home is not None \
                and flow.viewer in (None, resume.home):
            return resume.home
        for seat in (flow.viewer, flow.curtain_for):
            if seat is not None:
                return seat
        return self.match.people[0] if self.match.people else 0

    @property
    def private_ok(self) -> bool:
        """Whether the home seat's own secrets may be drawn now."""
        return self.flow.show_private and self.flow.viewer == self.home

    def _live_view(self) -> V:
        """The match as the home seat sees it now, or the public view when its secrets may
        not be shown."""
        view: V = self.match.view_for(self.home if self.private_ok else PUBLIC)
        return view

    def _tell(self, viewer: int | None = None) -> None:
        """Turn every new event of the feed into motion, as the shown person may see it (the
        home seat's own while it is looking, the public feed otherwise), or as ``viewer``
        does (a person who watches their own move play out after the turn passed)."""
        if viewer is None:
            viewer = self.home if self.private_ok else None
        for item in self.match.feed_for(viewer, self._told):
            self.story.tell(item.event)
        self._told = self.match.feed_size

    def _heard_refusals(self) -> None:
        """A joined table's action the host refused (a nope that arrived after its window
        closed, a move the game had left): said in a notice, since nothing else changes."""
        told = getattr(self.match, "told", None)
        if isinstance(told, list) and told:
            why = told[-1].get("why") if isinstance(told[-1], dict) else None
            told.clear()
            self.notice.show("network.too_late" if why == "not_now" else "network.refused",
                             trouble=True)
            return
        away = self.away_seats()
        if away and self.notice.key is None:
            # Someone's computer dropped: said again and again while it lasts, so nobody
            # thinks the table froze; the host's screen says how to let a machine play.
            waiting = getattr(self.match, "waiting_for_away", None)
            key = "network.away_wait" if callable(waiting) and waiting() else "network.away"
            if getattr(self.match, "hosting", None) is not None:
                key += "_host"
            self.notice.show(key, trouble=True, names=self._names_of(away))

    def away_seats(self) -> tuple[int, ...]:
        """A joined table's seats whose people are away and that no machine plays for."""
        away = getattr(self.match, "away", None)
        return tuple(away()) if callable(away) else ()

    def _names_of(self, seats: tuple[int, ...]) -> str:
        from game.ui.players import seat_name

        names = getattr(self.match, "names", [])
        return ", ".join(seat_name(self.app.loc, names, seat) for seat in seats)

    def network_input(self, event: pygame.event.Event) -> bool:
        """The host's screen: M (or a click on the notice that says who is away) lets a
        machine play for every away person until they come back. ``True``: taken."""
        pressed = event.type == pygame.KEYDOWN and event.key == pygame.K_m
        clicked = event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 0) == 1 \
            and self.notice_rect is not None and self.notice_rect.collidepoint(event.pos)
        if not (pressed or clicked):
            return False
        away = self.away_seats()
        let = getattr(self.match, "let_machines_play", None)
        if not away or not callable(let) or not let():
            return False
        self.notice.show("network.machines_play", trouble=False, names=self._names_of(away))
        return True

    # --- the frame -----------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        return self.timeline.busy or self._left

    @property
    def still(self) -> bool:
        """Nothing but the ambient areas changes until input comes: no beat, flight or tween
        of the timeline under way, no notice up, every particle inside an ambient area (see
        ``game.ui.table.stillness``)."""
        timeline = self.timeline
        if self.animating or timeline.busy or timeline.tweens.busy or timeline.flights \
                or self.notice.key is not None:
            return False
        areas = self.ambient()
        if areas is None:
            return False
        return all(any(area.contains(dot) for area in areas)
                   for dot in particle_rects(self.particles))

    @property
    def settling(self) -> bool:
        return self.timeline.settling

    def update(self, dt: float) -> None:
        # A joined table's news comes whatever the table waits for (its person's decision
        # too): told at once when nothing moves, so the log and the animations keep up with
        # the host's machines (else the table tells it after its next own step).
        self.flow.receive()
        if self.flow.elsewhere and not (self.timeline.busy or self._left) \
                and self.match.feed_size > self._told:
            self._tell()
        self._heard_refusals()
        self._play(dt)
        self.watch.saw(self.flow.viewer, self._told)
        self._note_aids()
        self.autosave()
        self.notice.update(dt)

    def _play(self, dt: float) -> None:
        """One frame of the table: time passes, the story plays, the machines move, the
        curtain and the game's modals come."""
        raise NotImplementedError

    def _modal_needed(self) -> bool:
        """Bring down the curtain (or the game's own modal); ``True`` if the screen now waits
        for it."""
        raise NotImplementedError

    def bring_curtain(self, covered: int, name: str, reason: str = "",
                      show_key: str = "curtain.show") -> None:
        """The curtain for the person ``covered`` (named ``name``), with what happened since
        their last turn; their turn goes on once they say it is them."""
        self.push(CurtainScene(self.app, covered, name, reason, show_key=show_key,
                               recap=lambda: self.recap_for(covered)),
                  self._curtain_done)

    def recap_for(self, seat: int) -> list[str]:
        """What happened since ``seat``'s last turn, one line per public event told so far,
        oldest first, in the words of the table's log; nothing for a first turn. Public only:
        everybody sees the curtain."""
        from game.ui.recaps import recap_lines  # (it reaches the families' tables' modules)

        since = self.watch.since(self.match, seat)
        if since is None or since >= self._told:
            return []
        items = self.match.feed_for(None, since)[: self._told - since]
        return recap_lines(self, self.match.config.game, items)

    def _curtain_done(self, result: object) -> None:
        if result is True:
            self.flow.confirm_curtain()
            self._refresh()

    def _refresh(self) -> None:
        """Nothing is moving: show the match as it is now."""
        raise NotImplementedError

    # --- acting --------------------------------------------------------------------------------

    @property
    def may_act(self) -> bool:
        """The screen takes a person's action now: none yet this frame, nothing moving, the
        table not left."""
        return not (self._acted or self.timeline.busy or self._left)

    def submit(self, action: A) -> bool:
        """The shown person's action; once per frame and never while something moves. An
        illegal one changes nothing and shows nothing."""
        if not self.may_act:
            return False
        return self._act(lambda: self.flow.submit(action))

    def _act(self, act: Callable[[], object], *, seer: int | None = None) -> bool:
        """Apply one person's move (``act``); an illegal one changes nothing and shows
        nothing. ``seer``: the person who watches it play out as they may see it, even if the
        turn has passed to someone else (default: as the table shows it)."""
        looking = self.flow.viewer
        try:
            act()
        except IllegalAction:
            return False
        self._acted = True
        self.submitted += 1
        self._decided(seer)
        self._tell(seer)
        self.watch.saw(looking, self._told)  # their own move is no news to them
        return True

    def _decided(self, seer: int | None) -> None:
        """A person's move was made: drop what was built to make it."""

    @property
    def fast(self) -> bool:
        """Fast-forward is on: the machines play at once, the animations faster."""
        return self.flow.pace is INSTANT

    def fast_forward(self) -> None:
        """Fast-forward the machines (and their animations), or back to normal speed."""
        if self.fast:
            self.flow.pace = self.pace
        else:
            self.flow.fast_forward()

    def _ff_text(self) -> str:
        return self.t("watch.normal_speed" if self.fast else "watch.fast_forward")

    def to_results(self) -> None:
        """The match is over: the results in place of the table (once)."""
        if self._left:
            return
        self._left = True
        from game.ui.scenes.results import ResultsScene

        self._results_next = True  # a networked table's link stays open for its results
        self.app.stack.replace(ResultsScene(self.app, self.match, aids=frozenset(self.aids),
                                            guided=self.guided))

    # --- pause ---------------------------------------------------------------------------------

    def on_escape(self) -> None:
        from game.ui.scenes.pause import PauseScene

        thread = getattr(self.match, "hosting", None)
        people = None
        if thread is not None:  # this computer hosts the table: its people may be removed
            def people() -> None:
                from game.net.remote import RemoteMatch
                from game.ui.scenes.people import PeopleScene

                assert isinstance(self.match, RemoteMatch)
                self.app.push(PeopleScene(self.app, self.match, thread))

        self.push(PauseScene(self.app, self.match.config.game, people))

    def on_pad_lost(self) -> None:
        """A controller went: the game pauses (the menu over the table) until its person is
        back; nothing moves on while the menu is open."""
        if self.app.stack.top is self:
            self.on_escape()

    def on_result(self, result: object) -> None:
        """The pause menu closed: the settings may have changed the machines' pace."""
        settings = self.app.settings
        self.pace = Pace.for_speed(settings.machine_speed, settings.reaction_seconds)
        if not self.fast:
            self.flow.pace = self.pace

    # --- keeping the unfinished game -----------------------------------------------------------

    has_marks = False
    """The family's table can show deduction marks (``Settings.marks``)."""

    @property
    def marks_shown(self) -> bool:
        """The deduction marks are on at this table (the setting, where the family has any)."""
        return self.has_marks and self.app.settings.marks

    def _note_aids(self) -> None:
        if self.match.is_over():
            return
        if self.marks_shown:
            self.aids.add("marks")
        overlay = getattr(self, "overlay", None)
        if isinstance(overlay, TableLesson) and not overlay.over:
            self.guided = self.match.moves

    def autosave(self, *, force: bool = False) -> None:
        """Write the match when a move was made or the curtain moved since the last write
        (``force``: whatever changed); a finished match clears the file."""
        saver = self.autosaver
        match = self.match
        if saver is None or not isinstance(match, Match) or not match.people \
                or match.moves == 0:
            # a table nobody played yet never replaces the unfinished game; a joined table's
            # game is kept by its host
            return
        key = (match.moves, self.flow.viewer, self.flow.curtain_for, self.home)
        if key == self._saved and not force:
            return
        self._saved = key  # a failed write is tried again after the next move, not every frame
        if match.is_over() and not self._kept:
            # kept among the past games before the unfinished game's file goes: a program
            # killed between the two finds the game in one place or the other
            from game.ui.launch import keep_finished

            self._kept = True
            keep_finished(saver.folder, match,
                          person_names(match, lambda: self.app.settings.player_names),
                          aids=self.aids, guided=self.guided)
        was_failing = saver.failing
        saver.save(match, Seen.of(self.flow, self.home))
        if saver.failing != was_failing:
            self.notice.show(SAVE_FAILING if saver.failing else SAVE_WORKS,
                             trouble=saver.failing)

    def on_exit(self) -> None:
        self.autosave(force=True)
        close = getattr(self.match, "close", None)
        if callable(close) and not self._results_next:
            # a networked table: its link (and a server hosted here) close; at the end the
            # results close them (the host may deal again for the same people first)
            close()

    def draw(self, surface: pygame.Surface) -> None:
        raise NotImplementedError
