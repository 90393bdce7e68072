"""What the person is pointing at: a move built one pick at a time from the legal actions.

Every way to act is a *mode* (the setup token, a Dual Cut, the Double Detector, a Solo Cut,
revealing reds, each equipment card) made of *steps*: a teammate's wire (or two, or three, of
one stand), a teammate's stand, one's own wire (or two side by side), a value (or two), a
seat, one of a few options. The candidates of a step are read from the engine's legal actions
that agree with the picks so far, so the screen can only ever offer a legal move, and only
the values one holds are offered (the engine lists no other). When the last step is filled,
the one action it describes is submitted.

Picks are small tuples: ``("w", stand, index)`` a wire where it lies (any stand), ``("s",
stand)`` a stand, ``("v", value)`` a value, ``("p", seat)`` a seat, ``("o", seats)`` an
option (Emergency Batteries' seats).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.rules.cazabombas import actions as A
from game.rules.cazabombas import wires as W
from game.rules.cazabombas.actions import Action
from game.rules.cazabombas.wires import value_order

Item = tuple[Any, ...]
Items = frozenset[Item]

WIRE = "twire"
"""A teammate's wire (``count`` of them, of one stand)."""
STAND = "tstand"
OWN = "own"
"""One's own wire (or two side by side, for a label)."""
VALUE = "value"
SEAT = "seat"
OPTION = "option"

SETUP = "setup"
CUT = "cut"
DETECTOR = "detector"
SOLO = "solo"
REVEAL = "reveal"
CARD = "card"


@dataclass(frozen=True)
class Step:
    kind: str
    count: int
    read: Callable[[Action], Items]
    """The items of an action for this step."""


@dataclass
class Mode:
    name: str
    steps: tuple[Step, ...]
    actions: list[Action]
    card: int | None = None
    key: str = ""
    """The mode's id for keys and texts: its name, or ``card<N>``."""

    def __post_init__(self) -> None:
        self.key = self.name if self.card is None else f"card{self.card}"


StandOf = Callable[[int, int], int]
"""(seat, its stand number) → the stand's number on the table."""


def _steps(name: str, card: int | None, me: int, stand_of: StandOf) -> tuple[Step, ...]:
    def twire(a: Action) -> Items:
        assert a.target is not None
        g = stand_of(a.target, a.stand or 0)
        if a.indices is not None:
            return frozenset(("w", g, i) for i in a.indices)
        return frozenset({("w", g, a.pos)})

    def tstand(a: Action) -> Items:
        assert a.target is not None
        return frozenset({("s", stand_of(a.target, a.stand or 0))})

    def own(a: Action) -> Items:
        g = stand_of(me, a.stand or 0)
        if a.indices is not None:
            return frozenset(("w", g, i) for i in a.indices)
        return frozenset({("w", g, a.pos)})

    def own_field(a: Action) -> Items:
        assert a.own is not None
        return frozenset({("w", stand_of(me, a.own[0]), a.own[1])})

    def value(a: Action) -> Items:
        if a.values is not None:
            return frozenset(("v", v) for v in a.values)
        return frozenset({("v", a.value)})

    def seat(a: Action) -> Items:
        return frozenset({("p", a.target)})

    def option(a: Action) -> Items:
        return frozenset({("o", a.seats)})

    if name == SETUP:
        return (Step(OWN, 1, own),)
    if name == CUT:
        return (Step(WIRE, 1, twire), Step(VALUE, 1, value))
    if name == DETECTOR:
        return (Step(WIRE, 2, twire), Step(VALUE, 1, value))
    if name == SOLO:
        return (Step(VALUE, 1, value),)
    if name == REVEAL:
        return ()
    table: dict[int, tuple[Step, ...]] = {
        W.LABEL_NEQ: (Step(OWN, 2, own),),
        W.LABEL_EQ: (Step(OWN, 2, own),),
        W.WALKIE_TALKIES: (Step(OWN, 1, own_field), Step(WIRE, 1, twire)),
        W.TRIPLE_DETECTOR: (Step(WIRE, 3, twire), Step(VALUE, 1, value)),
        W.POST_IT: (Step(OWN, 1, own),),
        W.SUPER_DETECTOR: (Step(STAND, 1, tstand), Step(VALUE, 1, value)),
        W.REWINDER: (),
        W.EMERGENCY_BATTERIES: (Step(OPTION, 1, option),),
        W.GENERAL_RADAR: (Step(VALUE, 1, value),),
        W.STABILIZER: (),
        W.X_OR_Y_RAY: (Step(WIRE, 1, twire), Step(VALUE, 2, value)),
        W.COFFEE_MUG: (Step(SEAT, 1, seat),),
    }
    assert card is not None
    return table[card]


MODE_ORDER = (SETUP, REVEAL, CUT, SOLO, DETECTOR)


def modes_of(legal: Sequence[Action], me: int, stand_of: StandOf) -> list[Mode]:
    """The ways ``me`` may act now, each with its legal actions, in the order the screen
    offers them (the setup token; reveal; cut; solo; detector; then each equipment card)."""
    groups: dict[tuple[str, int | None], list[Action]] = {}
    verbs = {A.TOKEN: SETUP, A.DUAL_CUT: CUT, A.DOUBLE_DETECTOR: DETECTOR, A.SOLO_CUT: SOLO,
             A.REVEAL_REDS: REVEAL, A.EQUIPMENT_VERB: CARD}
    for action in legal:
        name = verbs[action.verb]
        groups.setdefault((name, action.card if name == CARD else None), []).append(action)
    modes = [Mode(name, _steps(name, None, me, stand_of), groups[(name, None)])
             for name in MODE_ORDER if (name, None) in groups]
    cards = sorted(card for name, card in groups if name == CARD and card is not None)
    modes += [Mode(CARD, _steps(CARD, card, me, stand_of), groups[(CARD, card)], card)
              for card in cards]
    return modes


def item_order(item: Item) -> tuple[Any, ...]:
    kind = item[0]
    if kind == "v":
        return (0, value_order(item[1]))
    if kind == "o":
        return (0, len(item[1]), item[1])
    return item[1:]


@dataclass
class Aim:
    """The picks of one mode, step by step; ``submit`` gets the action when they are all in.
    ``order``: how the screen orders a step's candidates (wires by where they are drawn)."""

    mode: Mode
    submit: Callable[[Action], object]
    order: Callable[[Item], Any] = item_order
    picks: list[list[Item]] = field(default_factory=list)
    """The items picked at each step, in the order they were picked."""
    focus: int = 0
    """The candidate the keys point at (an index into ``candidates()``)."""
    _cache: tuple[tuple[frozenset[Item], ...], list[Item]] | None = None

    @property
    def step_index(self) -> int:
        """The step being filled (``len(steps)`` once every one is)."""
        done = 0
        for k, step in enumerate(self.mode.steps):
            if k < len(self.picks) and len(self.picks[k]) == step.count:
                done = k + 1
            else:
                break
        return done

    @property
    def step(self) -> Step | None:
        index = self.step_index
        steps = self.mode.steps
        return steps[index] if index < len(steps) else None

    def current_picks(self) -> list[Item]:
        index = self.step_index
        return self.picks[index] if index < len(self.picks) else []

    def picked(self) -> set[Item]:
        """Every item picked so far, of every step."""
        return {item for chosen in self.picks for item in chosen}

    def _agrees(self, action: Action, upto: int, partial: list[Item] | None) -> bool:
        steps = self.mode.steps
        for k in range(upto):
            if steps[k].read(action) != frozenset(self.picks[k]):
                return False
        if partial is not None and upto < len(steps):
            return set(partial) <= steps[upto].read(action)
        return True

    def agreeing(self) -> list[Action]:
        index = self.step_index
        return [a for a in self.mode.actions if self._agrees(a, index, self.current_picks())]

    def candidates(self) -> list[Item]:
        """What may be picked next, in the screen's order (without what is picked already)."""
        key = tuple(frozenset(p) for p in self.picks)
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1]
        step = self.step
        found: set[Item] = set()
        if step is not None:
            index = self.step_index
            partial = self.current_picks()
            for action in self.mode.actions:
                if self._agrees(action, index, partial):
                    found |= step.read(action)
            found -= set(partial)
        ordered = sorted(found, key=self.order)
        self._cache = (key, ordered)
        self.focus = min(self.focus, max(0, len(ordered) - 1))
        return ordered

    def focused(self) -> Item | None:
        found = self.candidates()
        return found[self.focus] if found else None

    def pick(self, item: Item) -> bool:
        """Pick ``item`` (a multi-pick step: pick or unpick it); an item of an earlier step
        starts again from that step. ``True`` if it was taken."""
        step = self.step
        current = self.current_picks()
        if step is not None and item in current and step.count > 1:
            current.remove(item)
            self._changed()
            return True
        if step is not None and item in self.candidates():
            index = self.step_index
            while len(self.picks) <= index:
                self.picks.append([])
            self.picks[index].append(item)
            self._changed()
            self._maybe_submit()
            return True
        return self._repick(item)

    def _repick(self, item: Item) -> bool:
        """``item`` belongs to an earlier step (another wire, after a wire was chosen)."""
        for index in range(min(self.step_index, len(self.mode.steps))):
            saved = self.picks
            self.picks = [list(p) for p in saved[:index]]
            self._changed()
            if item in self.candidates():
                return self.pick(item)
            self.picks = saved
            self._changed()
        return False

    def back(self) -> bool:
        """Undo the last pick; ``False`` when there was none."""
        for index in range(len(self.picks) - 1, -1, -1):
            chosen = self.picks[index]
            if chosen:
                chosen.pop()
                del self.picks[index + 1:]
                if not chosen:
                    del self.picks[index]
                self._changed()
                return True
        return False

    def move(self, delta: int) -> None:
        found = self.candidates()
        if found:
            self.focus = (self.focus + delta) % len(found)

    def focus_on(self, item: Item) -> None:
        found = self.candidates()
        if item in found:
            self.focus = found.index(item)

    def confirm(self) -> bool:
        """Enter: pick the focused candidate, or submit a mode with nothing to pick."""
        if self.step is None:
            return self._maybe_submit()
        item = self.focused()
        return item is not None and self.pick(item)

    def _changed(self) -> None:
        self._cache = None
        self.focus = 0

    def _maybe_submit(self) -> bool:
        if self.step is not None:
            return False
        agreeing = self.agreeing()
        if not agreeing:
            return False
        self.submit(agreeing[0])
        return True
