"""Which analyst reviews which family's finished games: one line per family, beside the
registry of its machine players (``registry``). The one place in this layer that imports the
families' analysts, so the review (``game.history.review``) names no game.

An analyst judges one decision of a finished game: how good the seat's position was before
and after it, and what the family's machine eye would have done instead. It reads the true
states (every hand, the deck, the wires): the game is over, so nothing is secret any more;
where a family's judgement must be fair to the seat (the best move, a cut's chances) it reads
only the seat's view of the position, as that seat saw it then. An analyst is pure: no clock,
no global random, the same game always gives the same review (randomness comes from
``Pcg32`` streams seeded by the game's seed and the move's index).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import Any, Protocol

from game.core.config import GameConfig
from game.core.errors import NotPlayable
from game.rules.registry import family_of


@dataclass(frozen=True, slots=True)
class Moment:
    """One decision of a seat: the ``index``-th action of the game, the state just before it
    and just after it (copies the analyst may read but must not change)."""

    index: int
    seat: int
    action: Any
    before: Any
    after: Any


@dataclass(frozen=True, slots=True)
class Played:
    """The whole finished game: its table, its seed, every (seat, action) in order (the
    table's closing of a window included) and the final state."""

    config: GameConfig
    seed: int
    actions: tuple[tuple[int, Any], ...]
    final: Any


@dataclass(frozen=True, slots=True)
class Judgement:
    """What an analyst says about one decision. ``before`` and ``after``: estimates in
    [0, 1] whose meaning the family's analyst documents (a drop from one to the other is a
    decision that cost the seat); ``best``: the move the family's machine eye prefers (an
    engine action, ``None`` where letting a window pass was best); ``best_estimate``: that
    move's estimate on the scale of ``after``; ``extra``: the family's own fields, in order
    (JSON values)."""

    before: float
    after: float
    best: Any
    best_estimate: float
    extra: tuple[tuple[str, Any], ...] = ()


class Analyst(Protocol):
    """A family's analyst. ``turning_points``: how many of each seat's largest drops (from
    ``before`` to ``after``) the review marks as turning points; 0 where the family's
    estimates are not a running chance to win (the mark would mean nothing)."""

    @property
    def turning_points(self) -> int: ...

    def judge(self, moment: Moment, game: Played) -> Judgement: ...


class NoAnalyst(NotPlayable):
    """A game whose family has no analyst (a toy game of the tests)."""


_FAMILIES: dict[str, str | Analyst] = {
    "bombdeck": "game.bots.bombdeck.review",
    "cazabombas": "game.bots.cazabombas.review",
    "diebombe": "game.bots.diebombe.review",
}
"""family → its analyst, or the module that has it (``ANALYST``) until a review first asks:
reviewing one game does not pay for reading every family's analyst."""


def analyst_for(game_id: str) -> Analyst:
    """The analyst of ``game_id``'s family; ``NoAnalyst`` when it has none."""
    family = family_of(game_id)
    found = _FAMILIES.get(family)
    if found is None:
        raise NoAnalyst(f"no analysis of {game_id} games yet")
    if isinstance(found, str):
        analyst: Analyst = import_module(found).ANALYST
        _FAMILIES[family] = found = analyst
    return found


def largest_drops(drops: Sequence[tuple[int, float]], count: int) -> set[int]:
    """The keys of the ``count`` largest positive drops among (key, drop) pairs (equal drops:
    the earlier key first), for the turning points."""
    positive = [(drop, key) for key, drop in drops if drop > 0.0]
    positive.sort(key=lambda item: (-item[0], item[1]))
    return {key for _drop, key in positive[:count]}
