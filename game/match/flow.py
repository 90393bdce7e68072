"""The pace and the privacy of a table, without a screen: when machines move, when a window
closes, and whose private cards may be shown. It names no game: it reads the kind of decision
the engine declares (one seat, several seats, a window) and the people at the table.

The table scene feeds it the frame time (``update(dt)``) and the people's input; everything it
decides is a pure function of those, so it is tested here with plain numbers, and the screen
only draws what it says. Privacy rules (RULES.md §1 and LOOK.md):

- one person against machines: that person's hand is always theirs to see;
- two or more people: a person's private cards are shown only after that person confirms the
  curtain, they are covered again when the decision passes to anyone else, and during a window
  nobody's hand is shown (everybody is looking at the screen); after a window the curtain comes
  down again even for the same person, since everybody gathered round it;
- several people deciding the same thing (sealed bids) each decide behind the curtain in seat
  order, and the screen never shows a choice before all are in;
- with two or more people a window always runs its full length, so its length never tells who
  could have acted; with one person it may close at once (``Match.window_may_close_early``),
  and that person may end it ("go on", :meth:`TableFlow.go_on`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from game.core.errors import Illegal, IllegalAction
from game.match.match import FeedItem, MachineJob
from game.match.source import TableSource


@dataclass(frozen=True, slots=True)
class Pace:
    """Seconds a machine waits before it acts, before it acts in a window, and the length of a
    window."""

    machine_delay: float = 0.9
    machine_window_delay: float = 0.7
    window_seconds: float = 4.0

    @staticmethod
    def for_speed(speed: str, window_seconds: float) -> Pace:
        delay = {"slow": 1.5, "normal": 0.9, "fast": 0.35}.get(speed, 0.9)
        return Pace(delay, delay * 0.8, window_seconds)


INSTANT = Pace(0.0, 0.0, 0.0)
"""Fast-forward: the machines play on without waiting."""

Choice = tuple[int, Any] | None


class Handle(Protocol):
    """A job under way on a thinker (a ``concurrent.futures.Future`` is one)."""

    def done(self) -> bool: ...

    def result(self, timeout: float | None = None) -> Choice: ...


class Thinker(Protocol):
    """Where a searching player thinks: ``game.ui.thinker.Thinker`` (one daemon thread) at
    the screens; a one-thread ``ThreadPoolExecutor`` does as well."""

    def submit(self, job: Callable[[], Choice], /) -> Handle: ...


class TableFlow:
    """Pacing and curtain state of one match at one screen.

    ``thinker``: where a searching player (``SeatKind.searches``: Maestro) thinks. Without
    one it thinks on the caller's thread, as every other player does. With one (the screens
    pass a one-thread executor) the flow hands it the position's :class:`MachineJob` and goes
    on answering ``update`` at once: ``thinking`` names the seat while it runs, the machine's
    delay runs meanwhile, and its move comes with the first update after both are over. The
    job holds copies (views, streams), never the state, so a person may act, and the game be
    saved or left, while it runs; an answer for a position already left is dropped, and the
    one thread never runs two jobs at once. The moves are the same as without a thinker."""

    def __init__(self, match: TableSource, pace: Pace, thinker: Thinker | None = None) -> None:
        self.match = match
        self.pace = pace
        self.thinker = thinker
        self._job: MachineJob | None = None
        self._future: Handle | None = None
        self._early_checked = True
        self.viewer: int | None = match.people[0] if len(match.people) == 1 else None
        self.curtain_for: int | None = None
        self.returning = False
        """The curtain is for the person who was looking just before a reaction window that
        everybody watched: it is still their turn and nothing they may not see was shown since,
        so a table may ask them back on the table itself instead of a whole curtain (the
        review of issue 20: in hot seat each of one's own plays cost a second curtain)."""
        self.window_left: float | None = None
        self._machine_wait = 0.0
        self._window_key = -1
        self._crowd_watched = False
        self._refresh()

    # ------------------------------------------------------------ what the screen may show

    @property
    def hot_seat(self) -> bool:
        return len(self.match.people) >= 2

    @property
    def show_private(self) -> bool:
        """Whether ``viewer``'s hand and clues may be drawn now."""
        if self.viewer is None or self.curtain_for is not None:
            return False
        return not (self.hot_seat and self.match.pending().is_window)

    def person_to_act(self) -> int | None:
        """The person the game waits for outside a window: the one deciding seat, or the
        first person still to act when several decide (in seat order)."""
        pending = self.match.pending()
        if pending.is_window or pending.is_over or not pending.people:
            return None
        return pending.people[0]

    @property
    def awaiting_person(self) -> int | None:
        """The person whose decision the screen waits for, once shown."""
        seat = self.person_to_act()
        if seat is not None and seat == self.viewer and self.curtain_for is None:
            return seat
        return None

    def person_out(self) -> bool:
        """Against the machine: the one person already has a final place while the game goes
        on (out of a bomb-deck game): offer to fast-forward."""
        if len(self.match.people) != 1 or self.match.is_over():
            return False
        return self.match.outcome().places[self.match.people[0]] is not None

    # ------------------------------------------------------------ input

    def confirm_curtain(self) -> None:
        """The named person says "it's me, show my cards"."""
        if self.curtain_for is not None:
            self.viewer = self.curtain_for
            self.curtain_for = None
            self.returning = False

    def submit(self, action: Any) -> list[FeedItem]:
        """The shown person's action; raises ``IllegalAction`` when it is not theirs or not
        legal (the state is then untouched)."""
        seat = self.awaiting_person
        if seat is None:
            raise IllegalAction("no person's decision is on screen", Illegal.NOT_NOW)
        items = self.match.submit(seat, action)
        self._refresh()
        return items

    def window_act(self, seat: int, action: Any) -> list[FeedItem]:
        """A person's action in an open window (a nope: their number key or their badge)."""
        if not self.match.pending().is_window:
            raise IllegalAction("no window is open", Illegal.NOT_NOW)
        items = self.match.submit(seat, action)
        self._refresh()
        return items

    def act_for(self, seat: int, action: Any) -> list[FeedItem]:
        """An action of a seat whose person sits at another computer (``game.net``): the
        match checks that the seat may act now and that the action is legal; the curtain of
        this screen is not theirs, but it comes down if the next decision is a person's
        here."""
        items = self.match.submit(seat, action)
        self._refresh()
        return items

    @property
    def may_go_on(self) -> bool:
        """Whether the one person at the table may end an open window now ("go on"): nobody
        else is there to wait for, so it need not run its length. Never with two or more
        people (its full length is what keeps who could have acted private)."""
        return not self.hot_seat and len(self.match.people) == 1 \
            and self.match.pending().is_window

    def go_on(self) -> list[FeedItem]:
        """The person passes: a machine that wants to act in the window acts now (as it would
        have before the window ran out: the same game at any pace), else the window closes.
        Raises ``IllegalAction`` when ``may_go_on`` is false."""
        if not self.may_go_on:
            raise IllegalAction("only one person at the table may end a window early",
                                Illegal.NOT_YOUR_TURN)
        self.settle()
        match = self.match
        if match.machine_choice() is not None:
            return self._then_refresh(match.step_machine())
        return self._then_refresh(match.close_window())

    def fast_forward(self) -> None:
        self.pace = INSTANT

    elsewhere = False
    """The match runs on another computer (``game.net.remote.RemoteFlow``): its news comes
    on its own, not as the answer to this flow's steps."""

    def receive(self) -> bool:
        """Take in what happened elsewhere (a table joined over the network: the host's
        messages); here the match is all there is, so nothing ever comes."""
        return False

    # ------------------------------------------------------------ thinking

    @property
    def thinking(self) -> int | None:
        """The seat whose searching player is thinking about the position now (in a
        reaction window, ``None``: who may act there is nobody's to know)."""
        job = self._job
        if job is None or not self.searching or self.match.pending().is_window:
            return None
        return next((ask.seat for ask in job.asks if ask.bot is not None), None)

    @property
    def searching(self) -> bool:
        """Whether a search for the position now is under way on the thinker."""
        job, future = self._job, self._future
        return job is not None and future is not None and not future.done() \
            and job.moves == self.match.moves

    def _choice_ready(self, wait: bool = False) -> bool:
        """Whether ``match.machine_choice()`` answers now without a search on this thread;
        when it would not, the search starts on the thinker (``wait``: and this waits for
        it). A player's error comes out here, as it would from ``machine_choice``."""
        match = self.match
        if self.thinker is None or match.choice_known:
            return True
        job = self._job
        if job is None or job.moves != match.moves or job.match_id != id(match):
            job = match.machine_job()
            if not job.searches:
                return True  # quick: machine_choice() thinks here, as ever
            self._job = job
            self._future = self.thinker.submit(job.run)
        future = self._future
        assert future is not None
        if not wait and not future.done():
            return False
        match.offer(job, future.result())
        self._job = self._future = None
        return True

    def settle(self) -> None:
        """Wait for a search under way (a person's "go on", or skipping to the results)."""
        self._choice_ready(wait=True)

    # ------------------------------------------------------------ time

    def update(self, dt: float) -> list[FeedItem]:
        """Advance the table by ``dt`` seconds; returns the events of whatever happened (at
        most one action per call, so the screen can animate each)."""
        match = self.match
        pending = match.pending()
        if pending.is_over:
            return []
        if pending.is_window:
            return self._tick_window(dt)
        self.window_left = None
        if not self._choice_ready():
            self._machine_wait += dt  # the pace's delay runs while it thinks
            return []
        if match.machine_choice() is None:
            return []  # the people decide
        self._machine_wait += dt
        if self._machine_wait < self.pace.machine_delay:
            return []
        self._machine_wait = 0.0
        items = match.step_machine()
        self._refresh()
        return items

    def _tick_window(self, dt: float) -> list[FeedItem]:
        match = self.match
        key = match.moves
        if key != self._window_key:
            # A new window, or an action in it restarted it.
            self._window_key = key
            self.window_left = self.pace.window_seconds
            self._machine_wait = 0.0
            self._early_checked = False
        assert self.window_left is not None
        if not self._choice_ready():
            # A machine is still deciding whether to act: the window's time runs, but it
            # never closes before the machine has answered (the same game at any pace).
            self.window_left = max(0.0, self.window_left - dt)
            self._machine_wait += dt
            return []
        if not self._early_checked:
            self._early_checked = True
            instant = self.pace.window_seconds <= 0 and match.machine_choice() is None
            if match.window_may_close_early() or instant:
                return self._then_refresh(match.close_window())
        self.window_left -= dt
        if match.machine_choice() is not None:
            self._machine_wait += dt
            # A machine that wants to act always gets to, whatever the window's length, so the
            # same code and choices give the same game at every setting.
            if self._machine_wait >= self.pace.machine_window_delay or self.window_left <= 0:
                return self._then_refresh(match.step_machine())
        if self.window_left <= 0:
            return self._then_refresh(match.close_window())
        return []

    def _then_refresh(self, items: list[FeedItem]) -> list[FeedItem]:
        self._refresh()
        return items

    def _refresh(self) -> None:
        """Bring the curtain down when the next decision belongs to another person."""
        if not self.hot_seat:
            return
        pending = self.match.pending()
        if pending.is_window:
            self._crowd_watched = True
            return
        person = self.person_to_act()
        if person is not None and (person != self.viewer or self._crowd_watched):
            self.returning = person == self.viewer and self._crowd_watched
            self._crowd_watched = False
            self.viewer = None
            self.curtain_for = person
        elif person is None:
            # A machine's turn or the end: nobody's hand stays on screen.
            self._crowd_watched = False
            self.viewer = None
            self.curtain_for = None
            self.returning = False
