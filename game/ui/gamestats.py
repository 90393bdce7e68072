"""A game's statistics as the results screen shows them: a small table, one row per figure
("Cards drawn", "Bombs defused") with one value per seat, and a few lines about the whole
table (Caza Bombas: the detonator, the campaign). Each family computes its own from the match's
feed (``UiKit.stats``); this module only holds the value types and the one way they read the
feed.

Statistics read the public feed only: every event as a seat that is not in its ``secret_to``
sees it (the card drawn, a sealed bid's amount and the wires a Walkie-Talkie swapped stay
hidden). A networked table's results hold only the feed that computer received, and a hot-seat
table's results are read by everyone in the room: neither may tell more than the table told.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.core.engine import seen_by

if TYPE_CHECKING:
    from game.match.source import TableSource


@dataclass(frozen=True)
class StatRow:
    """One figure: its label and one value per seat (already written, "turn 12", "—");
    ``marked``: the seats whose value stands out (the most bombs defused, the winner's
    "never"), drawn bold in gold."""

    label: str
    values: tuple[str, ...]
    marked: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Stats:
    """The results' statistics: ``rows`` per seat, ``team`` lines about the whole table."""

    rows: tuple[StatRow, ...]
    team: tuple[str, ...] = ()


def public_events(match: TableSource) -> list[Any]:
    """Every event of the game, in order, as the public sees it. ``seen_by(…, None)`` again
    on what the match hands out: a feed that kept an event whole (a networked table's own
    seat's feed) still gives only its public form here."""
    return [seen_by(item.event, None) for item in match.feed_for(None, 0)]


def per_seat(seats: int, events: Iterable[Any], kind: type | tuple[type, ...],
             seat_of: Callable[[Any], int | None], amount: Callable[[Any], int] = lambda e: 1,
             ) -> list[int]:
    """How much of ``kind`` each seat did: ``seat_of`` names the seat an event counts for
    (``None``: none), ``amount`` how much it adds (one by default)."""
    totals = [0] * seats
    for event in events:
        if isinstance(event, kind):
            seat = seat_of(event)
            if seat is not None and 0 <= seat < seats:
                totals[seat] += amount(event)
    return totals


def row(label: str, values: Iterable[int | str], mark_most: bool = False) -> StatRow:
    """A row of ``values``; ``mark_most``: mark the seats with the highest number (none when
    every seat has the same, or the highest is 0)."""
    values = list(values)
    marked: frozenset[int] = frozenset()
    numbers = [value for value in values if isinstance(value, int)]
    if mark_most and numbers and max(numbers) > 0 and min(numbers) != max(numbers):
        top = max(numbers)
        marked = frozenset(seat for seat, value in enumerate(values) if value == top)
    return StatRow(label, tuple(str(value) for value in values), marked)
