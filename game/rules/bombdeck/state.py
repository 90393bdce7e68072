"""The bomb-deck game state: plain mutable lists behind slots, copied in one cheap pass.

The draw pile is stored bottom first, so the top card is ``deck[-1]`` and drawing it is a
``pop()``; clues are keyed by that same index from the bottom, so a draw from the top never has
to renumber anybody's clues. Positions "from the top" exist only at the edges (actions,
views, scenario output).
"""

from __future__ import annotations

from enum import StrEnum

from game.core.rng import Pcg32
from game.rules.bombdeck.cards import Ruleset
from game.rules.bombdeck.view import DeckEntry


class Phase(StrEnum):
    PLAY = "play"
    REACT = "react"
    GIVE = "give"
    PLACE_BOMB = "place_bomb"
    OVER = "over"


class PendingPlay:
    """A play waiting for its reaction window to close (or a favor waiting for its gift)."""

    __slots__ = ("cards", "named", "nopes", "seat", "target", "verb")

    def __init__(self, seat: int, verb: str, cards: tuple[str, ...], target: int | None,
                 named: str | None) -> None:
        self.seat = seat
        self.verb = verb
        self.cards = cards
        self.target = target
        self.named = named
        self.nopes = 0

    def copy(self) -> PendingPlay:
        twin = PendingPlay(self.seat, self.verb, self.cards, self.target, self.named)
        twin.nopes = self.nopes
        return twin


class BombState:
    """Everything about one game of the bomb-deck family, hidden parts included."""

    __slots__ = (
        "alive",
        "attacked",
        "caps",
        "clues",
        "current",
        "deck",
        "discard",
        "hands",
        "hid",
        "kinds",
        "known",
        "last_actor",
        "log",
        "markers",
        "options",
        "out",
        "owed",
        "pending",
        "phase",
        "recording",
        "rng",
        "ruleset",
        "saw",
        "shields",
        "shuffled",
        "total_cards",
    )

    ruleset: Ruleset
    options: frozenset[str]
    deck: list[str]
    hands: list[list[str]]
    alive: list[bool]
    shields: list[bool]
    markers: list[int]
    clues: list[dict[int, str]]
    discard: list[str]
    out: list[int]
    current: int
    owed: int
    attacked: bool
    phase: Phase
    pending: PendingPlay | None
    rng: Pcg32
    total_cards: int
    # The record (``game.rules.bombdeck.record``): what each seat remembers, kept beside the
    # rules; it changes no rule and no event. Kept only while ``recording`` (a seat at the
    # table reads it, ``SeatKind.remembers``): the bookkeeping costs the simulator a tenth of
    # its speed, and the seeds' levels, people and a search's futures never read it.
    recording: bool
    kinds: tuple[str, ...]
    last_actor: int
    shuffled: tuple[int, int]
    log: tuple[DeckEntry, ...]
    hid: list[tuple[tuple[int, int], ...]]
    saw: list[tuple[tuple[int, tuple[str, ...]], ...]]
    known: list[tuple[tuple[str, ...], ...]]
    caps: tuple[int, ...]

    @property
    def seats(self) -> int:
        return len(self.hands)

    def copy(self) -> BombState:
        twin = BombState.__new__(BombState)
        twin.ruleset = self.ruleset
        twin.options = self.options
        twin.deck = self.deck[:]
        twin.hands = [hand[:] for hand in self.hands]
        twin.alive = self.alive[:]
        twin.shields = self.shields[:]
        twin.markers = self.markers[:]
        twin.clues = [dict(c) if c else {} for c in self.clues]
        twin.discard = self.discard[:]
        twin.out = self.out[:]
        twin.current = self.current
        twin.owed = self.owed
        twin.attacked = self.attacked
        twin.phase = self.phase
        twin.pending = self.pending.copy() if self.pending is not None else None
        twin.rng = self.rng.copy()
        twin.total_cards = self.total_cards
        twin.recording = self.recording
        twin.kinds = self.kinds
        twin.last_actor = self.last_actor
        twin.shuffled = self.shuffled
        twin.log = self.log
        twin.hid = self.hid[:]
        twin.saw = self.saw[:]
        twin.known = self.known[:]
        twin.caps = self.caps
        return twin

    def snapshot(self) -> tuple[object, ...]:
        """Every field as plain values: two states are the same game iff snapshots are equal."""
        pending = self.pending
        return (
            self.ruleset.name, tuple(sorted(self.options)), tuple(self.deck),
            tuple(tuple(h) for h in self.hands), tuple(self.alive), tuple(self.shields),
            tuple(self.markers), tuple(tuple(sorted(c.items())) for c in self.clues),
            tuple(self.discard), tuple(self.out), self.current, self.owed, self.attacked,
            self.phase.value,
            None if pending is None else (pending.seat, pending.verb, pending.cards,
                                          pending.target, pending.named, pending.nopes),
            self.rng.state, self.rng.inc, self.total_cards,
            self.recording, self.kinds, self.last_actor, self.shuffled, self.log, tuple(self.hid),
            tuple(self.saw), tuple(self.known), self.caps,
        )

    def next_alive(self, seat: int) -> int:
        n = len(self.hands)
        alive = self.alive
        nxt = (seat + 1) % n
        while not alive[nxt]:
            nxt = (nxt + 1) % n
        return nxt

    def card_count(self) -> int:
        """Cards in the game now: hands, deck, discard, raised shields, a bomb being hidden."""
        placing = 1 if self.phase is Phase.PLACE_BOMB else 0
        return (sum(len(h) for h in self.hands) + len(self.deck) + len(self.discard)
                + sum(self.shields) + placing)
