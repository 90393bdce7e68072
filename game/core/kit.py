"""What a game says about itself before any card is dealt: its descriptor.

One descriptor per game is the single source of truth for its id, its family, its seats, its
options and their defaults, its number in game codes and the prefix of its locale keys; the
codes, the new-game screen, the rules pages, the simulator and the scenario runner all read it.
A game's rules package defines its descriptors; ``game.rules.registry`` collects them.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.config import GameConfig, SeatKind
from game.core.errors import MalformedInput


@dataclass(frozen=True, slots=True)
class GameDescriptor:
    """One game of the collection.

    ``code_number`` and the order of ``options`` are part of the game-code format: they are
    append-only (a code written today must read the same game in every later version).
    ``pick_one`` names options of which exactly one is always on (a mission); with none named,
    the first is. ``defaults`` are the options a new table starts with. ``traits`` is free
    rule-set metadata the screens of its family may read (e.g. ``reactions``)."""

    id: str
    family: str
    code_number: int
    min_seats: int
    max_seats: int
    options: tuple[str, ...] = ()
    defaults: frozenset[str] = frozenset()
    pick_one: tuple[str, ...] = ()
    traits: frozenset[str] = frozenset()
    seed_text: str = ""
    """The source text the rules come from (``seeds/…``), for the rules page's credits."""

    @property
    def locale_prefix(self) -> str:
        """Locale keys of this game start ``game.<id>.`` (name, tagline) and
        ``card.<id>.`` (its cards)."""
        return self.id

    @property
    def seat_range(self) -> range:
        return range(self.min_seats, self.max_seats + 1)

    def check_table(self, seats: int, options: frozenset[str]) -> None:
        """``MalformedInput`` unless ``seats`` and ``options`` make a table of this game."""
        if seats not in self.seat_range:
            raise MalformedInput(f"{self.id} takes {self.min_seats}–{self.max_seats} seats, "
                                 f"not {seats}")
        unknown = sorted(str(option) for option in options - set(self.options))
        if unknown:
            known = ", ".join(self.options) or "none"
            raise MalformedInput(f"{self.id} has no option {unknown[0]!r} (known: {known})")
        picked = [option for option in self.pick_one if option in options]
        if len(picked) > 1:
            raise MalformedInput(f"{self.id} takes one of {', '.join(self.pick_one)}, "
                                 f"not {', '.join(picked)}")

    def with_defaults(self, options: frozenset[str]) -> frozenset[str]:
        """``options`` with the default pick filled in when none of ``pick_one`` is named."""
        if self.pick_one and not any(option in options for option in self.pick_one):
            return options | {self.pick_one[0]}
        return options

    def table(self, seats: tuple[SeatKind, ...], options: frozenset[str] | None = None,
              first: int = 0) -> GameConfig:
        """A checked config of this game (the defaults when ``options`` is ``None``)."""
        chosen = self.with_defaults(self.defaults if options is None else options)
        self.check_table(len(seats), chosen)
        return GameConfig(self.id, seats, chosen, first)
