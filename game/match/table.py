"""One game at a real table: people and machines, whose decision is pending, the event feed.

The screens talk only to a ``Match``: they read ``view_for(seat)`` and ``feed_for(seat)`` and
submit actions; the game state stays private here, so a hidden card cannot reach a screen by
accident. The match knows no time either: the table scene decides when a machine acts and when a
reaction window closes, and the match makes every machine decision deterministic (each is asked
once per position, from its own stream), so the same code and the same choices by the people
give the same game however fast the screen runs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.bots import Bot, bot_for
from game.core.codes import decode, encode
from game.core.config import GameConfig, SeatKind
from game.core.engine import TABLE
from game.core.errors import IllegalAction, MalformedInput
from game.core.rng import Pcg32, derived
from game.core.saves import SavedGame
from game.rules.bombdeck import actions as A
from game.rules.bombdeck import events as E
from game.rules.bombdeck.actions import Action
from game.rules.bombdeck.engine import BOMBDECK
from game.rules.bombdeck.state import BombState
from game.rules.bombdeck.view import BombView


@dataclass(frozen=True, slots=True)
class Decision:
    """Who must decide now. ``kind`` is the phase (``play``, ``give``, ``place_bomb``,
    ``react`` or ``over``); ``seat`` is the deciding seat (``None`` in a window or when over)."""

    kind: str
    seat: int | None
    by_person: bool


@dataclass(frozen=True, slots=True)
class FeedItem:
    """One event in the order it happened; ``index`` lets a screen ask only for what is new."""

    index: int
    event: E.BombEvent


class Match:
    """Drives one bomb-deck game for the screens."""

    def __init__(self, config: GameConfig, seed: int) -> None:
        self.config = config
        self.seed = seed
        self._state: BombState = BOMBDECK.new_game(config, seed)
        self._rngs: list[Pcg32] = [derived(seed, 1 + seat) for seat in range(config.seat_count)]
        people = [s for s, kind in enumerate(config.seats) if kind is SeatKind.PERSON]
        self.people: tuple[int, ...] = tuple(people)
        focus = people[0] if len(people) == 1 else None
        self._bots: list[Bot | None] = [
            None if kind is SeatKind.PERSON else bot_for(kind, focus) for kind in config.seats
        ]
        self._moves: list[tuple[int, Action]] = []
        self._feed: list[FeedItem] = []
        self._last_actor = config.first
        self._nope_answer: tuple[int, int | None] | None = None

    # ------------------------------------------------------------ making matches

    @classmethod
    def from_code(cls, code: str) -> Match:
        config, seed = decode(code)
        if config.game not in BOMBDECK.game_ids:
            raise MalformedInput(f"{config.game} cannot be played yet")
        return cls(config, seed)

    @classmethod
    def from_save(cls, save: SavedGame) -> Match:
        """Rebuild a match move by move, asking the machines again so that their streams end
        where they were: the next machine move after a resume is the one it would have been."""
        match = cls(save.config, save.seed)
        seats = save.config.seat_count
        for index, (seat, data) in enumerate(save.actions):
            action = BOMBDECK.action_from_json(data)
            if seat != TABLE and not 0 <= seat < seats:
                raise MalformedInput(f"action {index} of the save names seat {seat}")
            try:
                if seat != TABLE and not match.is_person(seat):
                    if action.verb == A.NOPE:
                        match.nope(seat)
                    else:
                        match._replay_machine(seat, action)
                else:
                    match._apply(seat, action)
            except IllegalAction as error:
                raise MalformedInput(
                    f"action {index} of the save does not replay: {error}") from None
        return match

    @property
    def code(self) -> str:
        return encode(self.config, self.seed)

    def save(self) -> SavedGame:
        return SavedGame(self.config, self.seed,
                         tuple((seat, action.to_json()) for seat, action in self._moves))

    # ------------------------------------------------------------ reading

    def view_for(self, seat: int) -> BombView:
        return BOMBDECK.view(self._state, seat)

    def legal_for(self, seat: int) -> list[Action]:
        return BOMBDECK.legal_actions(self._state, seat)

    def to_act(self) -> list[int]:
        return BOMBDECK.to_act(self._state)

    def is_over(self) -> bool:
        return BOMBDECK.is_over(self._state)

    def ranking(self) -> list[int]:
        return BOMBDECK.ranking(self._state)

    @property
    def moves(self) -> int:
        return len(self._moves)

    def is_person(self, seat: int) -> bool:
        return 0 <= seat < len(self._bots) and self._bots[seat] is None

    def decision(self) -> Decision:
        phase = self._state.phase.value
        if phase == "over":
            return Decision(phase, None, False)
        if phase == "react":
            return Decision(phase, None, False)
        seat = self.to_act()[0]
        return Decision(phase, seat, self.is_person(seat))

    def feed_for(self, viewer: int | None, since: int = 0) -> list[FeedItem]:
        """Events from ``since`` on, as ``viewer`` may see them (``None``: the public)."""
        items = self._feed[since:]
        if viewer is None:
            return [FeedItem(i.index, i.event.public() if i.event.secret_to is not None
                             else i.event) for i in items]
        return [FeedItem(i.index, E.seen_by(i.event, viewer)) for i in items]

    @property
    def feed_size(self) -> int:
        return len(self._feed)

    # ------------------------------------------------------------ people

    def submit(self, seat: int, action: Action) -> list[FeedItem]:
        """A person's action; raises ``IllegalAction`` (state untouched) when it is not legal."""
        if not self.is_person(seat):
            raise IllegalAction(f"seat {seat} is not a person's seat")
        return self._apply(seat, action)

    # ------------------------------------------------------------ machines

    def machine_to_move(self) -> int | None:
        """The machine seat whose (non-reaction) decision is pending, if any."""
        decision = self.decision()
        if decision.seat is not None and not decision.by_person:
            return decision.seat
        return None

    def step_machine(self) -> list[FeedItem]:
        """Play the pending machine decision; the caller paces these for the people."""
        seat = self.machine_to_move()
        if seat is None:
            raise IllegalAction("no machine decision is pending")
        bot = self._bots[seat]
        assert bot is not None
        legal = self.legal_for(seat)
        choice = legal[0] if len(legal) == 1 else bot.choose(self.view_for(seat), legal,
                                                             self._rngs[seat])
        if choice is None or choice not in legal:
            raise IllegalAction(f"machine seat {seat} chose {choice!r}")
        return self._apply(seat, choice)

    def machine_nope(self) -> int | None:
        """The machine seat that nopes now in an open window, or ``None``. Asked once per
        position (clockwise from the seat after the last one who acted), so polling it every
        frame never changes the answer or the machines' streams."""
        if self._state.phase.value != "react":
            return None
        key = len(self._moves)
        if self._nope_answer is not None and self._nope_answer[0] == key:
            return self._nope_answer[1]
        answer = None
        seats = self.config.seat_count
        holders = [s for s in self.to_act() if s != TABLE and not self.is_person(s)]
        holders.sort(key=lambda s: (s - self._last_actor - 1) % seats)
        for seat in holders:
            bot = self._bots[seat]
            assert bot is not None
            legal = self.legal_for(seat)
            if legal and bot.choose(self.view_for(seat), legal, self._rngs[seat]) is not None:
                answer = seat
                break
        self._nope_answer = (key, answer)
        return answer

    def nope(self, seat: int) -> list[FeedItem]:
        """A nope by ``seat`` (a person's key press, or the machine ``machine_nope`` named)."""
        if not self.is_person(seat) and self.machine_nope() != seat:
            raise IllegalAction(f"machine seat {seat} did not choose to nope")
        return self._apply(seat, A.NOPE_ACTION)

    def resolve(self) -> list[FeedItem]:
        """The table closes the reaction window."""
        return self._apply(TABLE, A.RESOLVE_ACTION)

    def window_may_close_early(self) -> bool:
        """RULES.md: with two or more people the window always runs its full length (its
        length must never tell who holds a nope); with one person it may close at once when
        that person holds no nope and no machine wants to nope."""
        if self._state.phase.value != "react" or len(self.people) != 1:
            return False
        person = self.people[0]
        return not self.legal_for(person) and self.machine_nope() is None

    # ------------------------------------------------------------ internals

    def _replay_machine(self, seat: int, recorded: Action) -> None:
        bot = self._bots[seat]
        assert bot is not None
        legal = self.legal_for(seat)
        choice = legal[0] if len(legal) == 1 else bot.choose(self.view_for(seat), legal,
                                                             self._rngs[seat])
        if choice != recorded:
            raise IllegalAction(f"seat {seat} would now choose {choice!r}, not {recorded!r}")
        self._apply(seat, recorded)

    def _apply(self, seat: int, action: Action) -> list[FeedItem]:
        events: Sequence[Any] = BOMBDECK.apply(self._state, seat, action)
        self._moves.append((seat, action))
        if seat != TABLE:
            self._last_actor = seat
        start = len(self._feed)
        self._feed.extend(FeedItem(start + i, event) for i, event in enumerate(events))
        if self._state.phase.value == "react":
            # Ask the machines now, whatever the screen does next: their streams then depend
            # on the moves alone, so a save replays to the same next machine moves.
            self.machine_nope()
        return self.feed_for(seat if seat != TABLE else None, start)
