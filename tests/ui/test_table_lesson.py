"""The generic lesson engine (``game.ui.table.lesson``) over a table of its own making, with no
game behind it: an info step holds the table and refuses actions until Enter, a do step lets
through only its action and ends when the feed says the person did it, a step whose moment
never came is passed over once the person must act, Esc ends the lesson, and the manners a
game picks (``settles_first``, ``quiet``) change what they say they change."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame
import pytest

from game.ui.app import App
from game.ui.table.lesson import Step, TableLesson, Words

Rect = pygame.Rect


@dataclass
class Item:
    event: object


@dataclass
class Feed:
    """The match as the engine reads it: a feed of events."""

    items: list[Item] = field(default_factory=list)

    @property
    def feed_size(self) -> int:
        return len(self.items)

    def feed_for(self, seat: int, start: int) -> list[Item]:
        return self.items[start:]


@dataclass
class Clock:
    busy: bool = False


@dataclass
class Table:
    """A table with nothing on it but what the engine reads, and the person's turn."""

    app: App
    match: Feed = field(default_factory=Feed)
    home: int = 0
    timeline: Clock = field(default_factory=Clock)
    _left: bool = False
    turn: bool = True
    acting: bool = True


@dataclass(frozen=True)
class Act:
    verb: str


class Toy(TableLesson):
    words = Words("tutorial.next", "tutorial.start_playing", "tutorial.skip",
                  "tutorial.progress", "tutorial.not_now")
    scene: Table

    def text(self) -> str:
        step = self.step
        return "" if step is None else f"step {step.key}"

    def deed_of(self, event: Any) -> str | None:
        return event if isinstance(event, str) else None

    def must_act(self) -> bool:
        return self.scene.acting

    def on_screen(self, step: Step[Any]) -> bool:
        return True


def _turn(lesson: Toy) -> bool:
    return lesson.scene.turn


def _spot(lesson: Toy) -> list[Rect]:
    return [Rect(500, 300, 100, 100)]


STEPS: tuple[Step[Toy], ...] = (
    Step("hello", _turn, lambda s: []),
    Step("draw", _turn, _spot, deed="draw", lets=lambda a: a == Act("draw")),
    Step("later", lambda s: not s.scene.turn, _spot),
    Step("done", lambda s: True, lambda s: []),
)


@pytest.fixture
def lesson(make_app: Callable[..., App]) -> Toy:
    app = make_app("en", audio=False, persist=False, start=None)
    return Toy(Table(app), STEPS)


def enter() -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r",
                              scancode=0)


def test_an_info_step_holds_the_table_and_refuses_until_read(lesson: Toy) -> None:
    lesson.update(1 / 30)
    assert lesson.shown == ["hello"] and lesson.holds()
    assert not lesson.allows(Act("draw")) and lesson.refused == 1
    assert lesson.warning() != ""  # the bubble says so
    assert lesson.handle(enter())
    assert lesson.step is not None and lesson.step.key == "draw"
    assert lesson.warning() == ""  # a new step starts calm


def test_a_do_step_lets_its_action_alone_and_ends_on_the_deed(lesson: Toy) -> None:
    lesson.handle(enter())
    lesson.update(1 / 30)
    assert not lesson.holds()
    assert lesson.allows(Act("draw"))
    assert not lesson.allows(Act("play")) and lesson.refused == 1
    assert not lesson.handle(enter())  # Enter does not pass a do step
    lesson.scene.match.items.append(Item("play"))
    lesson.update(1 / 30)
    assert lesson.step is not None and lesson.step.key == "draw"
    lesson.scene.acting = False  # the machines' turn now: the next step may still come
    lesson.scene.match.items.append(Item("draw"))
    lesson.update(1 / 30)
    assert lesson.step is not None and lesson.step.key == "later"


def test_a_step_whose_moment_never_comes_is_passed_once_the_person_acts(lesson: Toy) -> None:
    lesson.index = 2  # "later": its moment is when it is not the person's turn
    lesson.scene.acting = False
    lesson.update(1 / 30)
    assert lesson.step is not None and lesson.step.key == "later"  # the moment may come
    lesson.scene.acting = True
    lesson.update(1 / 30)
    assert lesson.step is not None and lesson.step.key == "done"
    assert lesson.handle(enter()) and lesson.over and not lesson.skipped


def test_escape_ends_the_lesson_and_frees_the_table(lesson: Toy) -> None:
    lesson.update(1 / 30)
    assert lesson.escape()
    assert lesson.over and lesson.skipped and not lesson.holds() and lesson.allows(Act("x"))
    assert not lesson.escape()  # Esc goes to the table again (its pause)


def test_the_manners_a_game_picks(lesson: Toy) -> None:
    lesson.handle(enter())
    lesson.update(1 / 30)
    lesson.scene.turn = False  # not the draw step's moment: nothing on screen asks for it
    assert not lesson.allows(Act("play"))
    type(lesson).settles_first = True
    try:
        lesson.scene.acting = False
        assert lesson.allows(Act("play"))
    finally:
        type(lesson).settles_first = False
    lesson.index = 0
    lesson.scene.turn = True
    lesson.update(1 / 30)
    other = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0)
    assert not lesson.handle(other)  # a key reaches the table while the bubble talks
    type(lesson).quiet = True
    try:
        assert lesson.handle(other)  # no key does
    finally:
        type(lesson).quiet = False
