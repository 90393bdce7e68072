"""The engine of a first game that teaches, for any game's table: a lesson of :class:`Step`\\ s
laid over the real table (a :class:`~game.ui.table.overlay.TableOverlay`), each a short
bubble pointing at a part of the table, shown when its moment comes.

- An *info* step waits for Enter, Space or its Next button; while it shows, the table holds
  its clock (the machines wait) and takes no action; a click on the table does nothing.
- A *do* step waits for the person to do one thing (its ``deed``); only the action its
  ``lets`` accepts goes through (another is refused, and the bubble shakes and says so).
- A step whose moment never comes (a game that went another way) is passed over as soon as
  the person has to act, so the lesson never blocks the game. Esc or Skip ends the lesson;
  the game goes on as any other.

How a game uses it (``game.ui.bombdeck.tutorial``, ``game.ui.diebombe.lesson``):

1. Its steps: a tuple of ``Step(key, when, points, deed=..., lets=..., sides=...)`` whose
   ``when`` and ``points`` take the lesson (its subclass: they may call its own questions,
   ``lambda s: s.deciding("bid")``).
2. A subclass of :class:`TableLesson` that gives:

   - :attr:`~TableLesson.words`: the locale keys of the buttons, the progress and the
     warning (:class:`Words`); :meth:`~TableLesson.text`: a step's words;
   - :meth:`~TableLesson.deed_of`: what a feed event says the person did, in the steps'
     ``deed`` words (and :meth:`~TableLesson.saw` to note anything else from the feed);
   - :meth:`~TableLesson.must_act`: the person has to act now (when steps are passed over);
   - :meth:`~TableLesson.on_screen`: the table shows what the step needs (nothing over it);
   - :meth:`~TableLesson.keep`: the table's rects a bubble should not cover, weighted, and
     :meth:`~TableLesson.spot_key`: what else on the table moves a bubble;
   - optionally its bubble's :attr:`~TableLesson.width`, :attr:`~TableLesson.style`,
     :attr:`~TableLesson.gap`, and the manners below (``settles_first``, ``quiet``, ...).

3. Its table carries ``overlay: TableOverlay | None`` and calls the hooks (``handle`` before
   its own input, ``escape`` on Esc, ``update`` after its frame, ``holds`` before pacing the
   machines, ``allows`` before sending the person's action, ``draw`` last); the launcher
   sets ``scene.overlay = TheLesson(scene)``; the screenshot state calls :func:`first_bubble`.

Nothing here names a game: a game says what to point at (logical 1280×720 rects), which words
to say and what its events mean.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

import pygame

from game.ui.table.bubble import (
    SIDES,
    SLIDE,
    Bubble,
    BubbleStyle,
    arrow,
    place_beside,
    rings,
    spotlight,
)
from game.ui.table.overlay import TableOverlay

if TYPE_CHECKING:
    from game.match.source import TableSource
    from game.ui.app import App
    from game.ui.scene import Scene

Rect = pygame.Rect

NUDGE_SECONDS = 2.5
"""How long a refused action shakes the bubble and shows the warning."""
BANNER = ("top",)
"""A step's ``sides`` for a banner across the top of the screen instead of a bubble beside
its targets (over a game's own panel, which says what to do under it)."""
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)

LessonT = TypeVar("LessonT", bound="TableLesson")


@dataclass(frozen=True)
class Step(Generic[LessonT]):
    """``key``: its words (the game's :meth:`TableLesson.text` says which). ``when``: its
    moment. ``points``: what it points at (none: the bubble sits in the middle). ``deed``:
    what the person does to end it (``None``: an info step, ended by Enter). ``lets``: the
    action it lets through. ``sides``: where the bubble may go around its targets, in order
    (:data:`BANNER`: across the top). ``holds``: a do step that also holds the table (a
    reaction window waits for you). ``gap``: between the bubble and its targets (``None``:
    the lesson's :attr:`TableLesson.gap`)."""

    key: str
    when: Callable[[LessonT], bool]
    points: Callable[[LessonT], list[Rect]]
    deed: str | None = None
    lets: Callable[[Any], bool] | None = None
    sides: tuple[str, ...] = SIDES
    holds: bool = False
    gap: int | None = None

    @property
    def info(self) -> bool:
        return self.deed is None


@dataclass(frozen=True)
class Words:
    """The locale keys a lesson's bubble speaks besides its steps: Next, Next on the last step,
    Skip, the progress (``{n}``, ``{total}``) and the warning of a refused action."""

    next: str
    last: str
    skip: str
    progress: str
    not_now: str


class Timed(Protocol):
    """A table's timeline, as the engine reads it: while it is busy no bubble shows."""

    @property
    def busy(self) -> bool: ...


class LessonTable(Protocol):
    """What the engine reads of a table."""

    @property
    def app(self) -> App: ...

    @property
    def match(self) -> TableSource: ...

    @property
    def home(self) -> int: ...

    @property
    def timeline(self) -> Timed: ...

    @property
    def _left(self) -> bool: ...


class TableLesson(TableOverlay):
    """The lesson's state (the step, what was shown, what was refused) and its behaviour as a
    layer over the table. A game subclasses it (the module's docstring says what it gives)."""

    words: ClassVar[Words]
    width: ClassVar[int] = 400
    """The bubble's width (wider when its buttons need it, in the default style)."""
    style: ClassVar[BubbleStyle] = BubbleStyle()
    gap: ClassVar[int] = 30
    slides: ClassVar[Sequence[int]] = SLIDE
    rise: ClassVar[int] = 60
    shortest_arrow: ClassVar[int] = 16
    settles_first: ClassVar[bool] = False
    """``holds`` and ``allows`` read the feed and pass over steps first, and let anything through
    when the step's moment is not this one (a table that asks them before its frame's
    update)."""
    quiet: ClassVar[bool] = False
    """While a bubble talks no key reaches the table, and a click on the paper of a do step
    never does."""
    calm_on_catch_up: ClassVar[bool] = False
    """Passing over steps stops the warning of a refused action."""
    arrow_shakes: ClassVar[bool] = False
    """The arrow leaves the paper where it shakes (else where it rests)."""

    def __init__(self, scene: LessonTable, steps: Sequence[Step[Any]]) -> None:
        self.scene = scene
        self.app = scene.app
        self.steps = steps
        self.index = 0
        self.over = False
        self.skipped = False
        self.shown: list[str] = []
        """The keys of the steps that have been on screen, in order (tests read it)."""
        self.refused = 0
        """Actions refused because the step asked for another (tests read it)."""
        self._read = scene.match.feed_size
        self._clock = 0.0
        self._nudge = 0.0
        self._spot_key: tuple[object, ...] | None = None
        self._spot = Rect(0, 0, 0, 0)

        def loc(key: str) -> Callable[[], str]:
            return lambda: self.app.loc.t(key)

        self.paper = Bubble(self.next, self.skip, next_text=self._next_text,
                            skip_text=loc(self.words.skip), next_key=loc("key.enter"),
                            skip_key=loc("key.esc"), width=self.width, style=self.style)

    # --- what the game gives ---------------------------------------------------------------

    def text(self) -> str:
        """The current step's words."""
        raise NotImplementedError

    def deed_of(self, event: Any) -> str | None:
        """What the feed's ``event`` says the person did, in the steps' ``deed`` words."""
        raise NotImplementedError

    def saw(self, event: Any) -> None:
        """Each event of the feed, before its deed is read (a lesson may note something)."""

    def must_act(self) -> bool:
        """The person has to act now: a step whose moment is not this one is passed over."""
        raise NotImplementedError

    def on_screen(self, step: Step[Any]) -> bool:
        """Nothing hides the table that ``step`` talks about."""
        return self.table_on_top()

    def keep(self) -> list[tuple[Rect, float]]:
        """The table's parts a bubble should not cover, with how much each matters."""
        return []

    def spot_key(self) -> tuple[object, ...]:
        """What else on the table moves a bubble (its place is searched again when it
        changes)."""
        return ()

    def dims(self) -> bool:
        """An info step dims the table around its targets now."""
        return True

    def reading(self) -> bool:
        """The person reads a panel of the table's own: only the rings show (the bubble would
        cover its buttons)."""
        return False

    def skippable(self) -> bool:
        """The Skip button shows now (on any step but the last)."""
        return True

    # --- what the table shows --------------------------------------------------------------

    @property
    def match(self) -> TableSource:
        return self.scene.match

    @property
    def home(self) -> int:
        return self.scene.home

    def table_on_top(self) -> bool:
        top: object = self.app.stack.top
        return top is self.scene

    # --- the step --------------------------------------------------------------------------

    @property
    def step(self) -> Step[Any] | None:
        return None if self.over else self.steps[self.index]

    @property
    def showing(self) -> bool:
        """The current step is on screen now."""
        step = self.step
        scene = self.scene
        if step is None or scene.timeline.busy or scene._left:
            return False
        return self.on_screen(step) and step.when(self)

    def next(self) -> None:
        """Enter or Next: an info step is read."""
        step = self.step
        if step is not None and step.info and self.showing:
            self._advance()

    def skip(self) -> None:
        """Esc or Skip: the lesson ends, the game goes on."""
        if not self.over:
            self.over = True
            self.skipped = True

    def _advance(self) -> None:
        self.index += 1
        self._nudge = 0.0
        if self.index >= len(self.steps):
            self.over = True

    def _read_feed(self) -> None:
        """A do step ends when the feed says the person did its deed."""
        match = self.match
        if match.feed_size == self._read:
            return
        items = match.feed_for(self.home, self._read)
        self._read = match.feed_size
        for item in items:
            self.saw(item.event)
            step = self.step
            if step is not None and step.deed is not None \
                    and self.deed_of(item.event) == step.deed:
                self._advance()

    def _catch_up(self) -> None:
        """When the person must act and the step's moment is not this one, go on to the first
        later step whose moment it is (the last step's always is)."""
        step = self.step
        if step is None or step.when(self) or not self.must_act():
            return  # (the game goes on by itself: the moment may still come)
        for index in range(self.index + 1, len(self.steps)):
            if self.steps[index].when(self):
                self.index = index
                if self.calm_on_catch_up:
                    self._nudge = 0.0
                return

    # --- the table's calls -----------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.over:
            self.paper.hide()
            return
        if not self.app.idle:  # the bubble rests while idle: the idle frame stays still
            self._clock += dt
        self._nudge = max(0.0, self._nudge - dt)
        self._read_feed()
        self._catch_up()
        if self.over:
            self.paper.hide()
            return
        showing = self.showing
        step = self.step
        if showing and step is not None and (not self.shown or self.shown[-1] != step.key):
            self.shown.append(step.key)
        if not showing or step is None:
            self.paper.hide()
            return
        self._place(step)
        self.paper.update(dt)

    def holds(self) -> bool:
        if self.over:
            return False
        if self.settles_first:
            self._read_feed()
            self._catch_up()
        step = self.step
        if step is None or not (step.info or step.holds):
            return False
        return step.when(self)

    def allows(self, action: object) -> bool:
        step = self.step
        if step is None:
            return True
        if self.settles_first:
            self._catch_up()
            step = self.step
            if step is None or not step.when(self):
                return True  # not the step's moment: nothing on screen asks for another deed
        if step.lets is not None and step.lets(action):
            return True
        self.refused += 1
        self._nudge = NUDGE_SECONDS
        return False

    def handle(self, event: pygame.event.Event) -> bool:
        if self.over or not self.showing:
            return False
        step = self.step
        assert step is not None
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION) \
                and self.paper.handle(event):
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if step.info:
                return True  # while it talks, a click on the table does nothing
            pos = getattr(event, "pos", None)
            return self.quiet and pos is not None and self.paper.rect.collidepoint(pos)
        if event.type == pygame.KEYDOWN and step.info:
            if event.key in ENTER_KEYS:
                self.next()
                return True
            return self.quiet
        return False

    def escape(self) -> bool:
        if self.over:
            return False
        self.skip()
        return True

    # --- words -----------------------------------------------------------------------------

    def warning(self) -> str:
        return self.app.loc.t(self.words.not_now) if self._nudge > 0 else ""

    def _next_text(self) -> str:
        last = self.index == len(self.steps) - 1
        return self.app.loc.t(self.words.last if last else self.words.next)

    def progress(self) -> str:
        return self.app.loc.t(self.words.progress, n=self.index + 1, total=len(self.steps))

    # --- where it goes -----------------------------------------------------------------------

    def targets(self) -> list[Rect]:
        step = self.step
        return [] if step is None else step.points(self)

    def _place(self, step: Step[Any]) -> None:
        """Where the bubble goes: beside its targets on the first side where it fits (covering
        least of :meth:`keep`), else in the middle; its buttons along its bottom."""
        last = self.index == len(self.steps) - 1
        self.paper.buttons(next_shown=step.info, skip_shown=not last and self.skippable())
        text, warning = self.text(), self.warning()
        if step.sides == BANNER:
            self.paper.place_banner(text, warning)
            return
        size = self.paper.size(text, warning)
        targets = self.targets()
        key = (self.index, size, tuple(map(tuple, targets)), *self.spot_key())
        if key != self._spot_key:  # the search runs when something it weighs moved
            self._spot_key = key
            gap = self.gap if step.gap is None else step.gap
            self._spot = place_beside(targets, size, step.sides, gap, self.keep(),
                                      slides=self.slides, rise=self.rise)
        self.paper.place(self._spot)

    # --- drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        step = self.step
        if step is None or not self.showing:
            return
        targets = self.targets()
        if step.info and self.dims():
            spotlight(surface, targets)
        still = self.app.motion.reduced
        rings(surface, targets, 0.0 if still else 0.5 + 0.5 * math.sin(self._clock * 5))
        if self.reading():
            return
        shake = 0 if still or self._nudge <= 0 else \
            round(math.sin(self._nudge * 40) * 5 * self._nudge)
        if targets:
            paper = self.paper.rect.move(shake, 0) if self.arrow_shakes else self.paper.rect
            arrow(surface, paper, targets[0], 0.0 if still else math.sin(self._clock * 6) * 5,
                  shortest=self.shortest_arrow)
        if step.sides == BANNER:
            self.paper.draw_banner(surface, self.text(), warning=self.warning(), shake=shake)
        else:
            self.paper.draw(surface, self.text(), warning=self.warning(),
                            progress=self.progress(), shake=shake)


def first_bubble(app: App, scene: Scene[Any], lesson: TableLesson) -> None:
    """The screenshot state of a lesson: ``scene`` (carrying ``lesson``) opened, and frames
    run until the first bubble shows (once the deal has landed)."""
    app.stack.reset(scene)
    for _ in range(900):
        if lesson.showing:
            break
        app.step(1 / 30, [], draw=False)
