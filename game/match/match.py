"""One game being played: people and machines, the pending decision, the event feed, and the
one driver (:meth:`Match.step`) that the simulator, the soak, the screens, the screenshots and
the tests all advance a game with.

The match drives any engine through the contract (``game.core.engine``) and names no game. The
screens talk only to a ``Match``: they read ``view_for(seat)`` and ``feed_for(seat)`` and submit
actions; the game state stays private here, so a hidden card cannot reach a screen by accident.
The match knows no time either: the table's flow decides when a machine acts and when a window
closes. Every machine decision draws from ``decision_rng(seed, seat, index)``: a pure function,
so asking twice gives the same answer, a save is just the actions, and a resumed game goes on
exactly as the uninterrupted one would have.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from game.bots.base import Bot
from game.bots.registry import bot_for
from game.core.codes import check_seed
from game.core.config import GameConfig, SeatKind
from game.core.engine import TABLE, Decision, DecisionKind, Outcome, seen_by
from game.core.errors import Illegal, IllegalAction, MalformedInput, MechaCortaError
from game.core.rng import DecisionStreams
from game.rules.registry import engine_for

if TYPE_CHECKING:  # codes and saves are imported where a match is read or written: a
    # simulator's run never is, and it should not pay for reading their modules at start
    from game.core.saves import SavedGame

ONE, WINDOW, OVER = DecisionKind.ONE, DecisionKind.WINDOW, DecisionKind.OVER


class BotError(MechaCortaError, RuntimeError):
    """A machine player answered with something that is not one of its legal actions."""


class NeedsPerson(IllegalAction):
    """``step`` was asked to advance a game that waits for a person."""


def window_order(seats: Sequence[int], last: int, count: int) -> Sequence[int]:
    """The order seats are asked whether they act in a window: clockwise from the seat after
    the last one who acted (the table's convention, the same in every game)."""
    if len(seats) < 2:
        return seats
    return sorted(seats, key=lambda s: (s - last - 1) % count)


def ask_bot(bot: Bot[Any, Any], seat: int, view: Any, legal: list[Any], rng: Any,
            window: bool) -> Any:
    """What ``bot`` does for ``seat``: one of ``legal``, or ``None`` when it lets a window
    pass. Anything else (``None`` outside a window, a move not in ``legal``) is the player's
    fault, not the person's or the engine's: :class:`BotError`. Every machine decision of a
    match goes through here, the simulator's loop included."""
    choice = bot.choose(view, legal, rng)
    if choice is None:
        if window:
            return None
    elif choice in legal:
        return choice
    raise BotError(f"seat {seat} ({bot.level.value}) chose {choice!r}, not a legal action")


@dataclass(frozen=True, slots=True)
class Pending:
    """The pending decision as a table sees it: the engine's :class:`Decision` with its
    deciding seats split into people and machines."""

    decision: Decision
    people: tuple[int, ...]
    machines: tuple[int, ...]

    @property
    def kind(self) -> DecisionKind:
        return self.decision.kind

    @property
    def phase(self) -> str:
        return self.decision.phase

    @property
    def seats(self) -> tuple[int, ...]:
        return self.decision.seats

    @property
    def seat(self) -> int | None:
        """The deciding seat of a one-seat decision."""
        return self.decision.seat

    @property
    def by_person(self) -> bool:
        """A one-seat decision that a person makes."""
        return self.decision.kind is ONE and bool(self.people)

    @property
    def is_window(self) -> bool:
        return self.decision.kind is WINDOW

    @property
    def is_over(self) -> bool:
        return self.decision.kind is OVER


@dataclass(frozen=True, slots=True)
class Ask:
    """One machine asked what it does: its player, the view and the legal actions taken at
    the position, its decision stream (or the answer already known: a lone legal action)."""

    seat: int
    bot: Bot[Any, Any] | None
    view: Any
    legal: list[Any]
    rng: Any
    window: bool
    known: Any = None

    def answer(self) -> Any:
        if self.bot is None:
            return self.known
        return ask_bot(self.bot, self.seat, self.view, self.legal, self.rng, self.window)


@dataclass(frozen=True, slots=True)
class MachineJob:
    """The thinking behind :meth:`Match.machine_choice` at one position, taken out of the
    match: everything it reads was copied when the job was made (views are snapshots, each
    player draws from its own stream), so :meth:`run` may go on in another thread while the
    table draws and even while a person acts (the answer of a position already left is then
    dropped by :meth:`Match.offer`)."""

    match_id: int
    moves: int
    asks: tuple[Ask, ...]

    @property
    def searches(self) -> bool:
        """Whether a player that searches (a level that takes a while) is asked."""
        return any(ask.bot is not None and ask.bot.level.searches for ask in self.asks)

    def run(self) -> tuple[int, Any] | None:
        """The first asked seat that acts, and its action (``None``: none does)."""
        for ask in self.asks:
            choice = ask.answer()
            if choice is not None:
                return ask.seat, choice
        return None


@dataclass(frozen=True, slots=True)
class FeedItem:
    """One event in the order it happened; ``index`` lets a screen ask only for what is new."""

    index: int
    event: Any


class Match:
    """Drives one game of any registered family.

    ``players``: one entry per seat, replacing the registry's machine players (``None``: a
    person); the simulator passes shared ones, tests pass spies. ``feed=False`` keeps no event
    feed (the simulator never reads it)."""

    def __init__(self, config: GameConfig, seed: int, *,
                 players: Sequence[Bot[Any, Any] | None] | None = None,
                 feed: bool = True) -> None:
        check_seed(seed)
        self.config = config
        self.seed = seed
        self.engine = engine = engine_for(config.game)
        self._state = engine.new_game(config, seed)
        self._decide = engine.decision
        self._legal = engine.legal_actions
        self._view = engine.view
        self._apply_engine = engine.apply
        people = [s for s, kind in enumerate(config.seats) if kind is SeatKind.PERSON]
        self.people: tuple[int, ...] = tuple(people)
        if players is None:
            focus = people[0] if len(people) == 1 else None
            players = [None if kind is SeatKind.PERSON else bot_for(config.game, kind, focus)
                       for kind in config.seats]
        elif len(players) != config.seat_count:
            raise ValueError(f"{len(players)} players for {config.seat_count} seats")
        self._bots: list[Bot[Any, Any] | None] = list(players)
        self._person = [bot is None for bot in self._bots]
        self._moves: list[tuple[int, Any]] = []
        self._feed: list[FeedItem] | None = [] if feed else None
        self._last_actor = config.first
        self._streams = DecisionStreams(seed)
        self._pending: tuple[int, Pending] | None = None
        self.on_action: Callable[[int, Any], None] | None = None
        """Told of every action once it is applied (a trace follows a match this way)."""
        self._choice: tuple[int, tuple[int, Any] | None] | None = None

    # ------------------------------------------------------------ making matches

    @classmethod
    def from_code(cls, code: str) -> Match:
        from game.rules.codes import decode

        config, seed = decode(code)
        return cls(config, seed)

    @classmethod
    def from_save(cls, save: SavedGame) -> Match:
        """Rebuild a match by applying the saved actions in order, whoever made them: no
        machine player is asked anything, so a save replays the same after a level is
        retuned. ``MalformedInput`` for a save this version cannot replay."""
        from game.rules.codes import canonical_config

        config = canonical_config(save.config)
        match = cls(config, save.seed)
        engine = match.engine
        seats = config.seat_count
        for index, (seat, data) in enumerate(save.actions):
            if seat != TABLE and not 0 <= seat < seats:
                raise MalformedInput(f"action {index} of the save names seat {seat}")
            action = engine.action_from_json(data)
            try:
                match._apply(seat, action)
            except IllegalAction as error:
                raise MalformedInput(
                    f"action {index} of the save does not replay: {error}") from None
        return match

    @property
    def code(self) -> str:
        from game.rules.codes import encode

        return encode(self.config, self.seed)

    def save(self) -> SavedGame:
        from game.core.saves import SavedGame

        to_json = self.engine.action_to_json
        return SavedGame(self.config, self.seed,
                         tuple((seat, to_json(action)) for seat, action in self._moves))

    # ------------------------------------------------------------ reading

    def view_for(self, seat: int) -> Any:
        return self.engine.view(self._state, seat)

    def legal_for(self, seat: int) -> list[Any]:
        return self.engine.legal_actions(self._state, seat)

    def is_over(self) -> bool:
        return self.engine.is_over(self._state)

    def outcome(self) -> Outcome:
        return self.engine.result(self._state)

    def ranking(self) -> tuple[int, ...]:
        """The placed seats, best first (``outcome().ranking``)."""
        return self.outcome().ranking

    @property
    def moves(self) -> int:
        return len(self._moves)

    @property
    def actions(self) -> list[tuple[int, Any]]:
        """Every (seat, action) applied so far, in order (a copy)."""
        return list(self._moves)

    def player_moves(self) -> int:
        """Decisions the players took (the table closing a window is not one)."""
        return sum(1 for seat, _action in self._moves if seat != TABLE)

    def invariant_violations(self) -> Sequence[str]:
        return self.engine.invariant_violations(self._state)

    def is_person(self, seat: int) -> bool:
        return 0 <= seat < len(self._person) and self._person[seat]

    def pending(self) -> Pending:
        """The decision the game waits for now."""
        moves = len(self._moves)
        cached = self._pending
        if cached is not None and cached[0] == moves:
            return cached[1]
        decision = self.engine.decision(self._state)
        person = self._person
        pending = Pending(decision, tuple(s for s in decision.seats if person[s]),
                          tuple(s for s in decision.seats if not person[s]))
        self._pending = (moves, pending)
        return pending

    def feed_for(self, viewer: int | None, since: int = 0) -> list[FeedItem]:
        """Events from ``since`` on, as ``viewer`` may see them (``None``: the public)."""
        feed = self._feed or []
        return [FeedItem(item.index, seen_by(item.event, viewer)) for item in feed[since:]]

    @property
    def feed_size(self) -> int:
        return len(self._feed) if self._feed is not None else 0

    # ------------------------------------------------------------ people

    def submit(self, seat: int, action: Any) -> list[FeedItem]:
        """A person's action; raises ``IllegalAction`` (state untouched) when it is not legal."""
        if not self.is_person(seat):
            raise IllegalAction(f"seat {seat} is not a person's seat", Illegal.NO_SUCH_SEAT)
        return self._apply(seat, action)

    def stand_in(self, seat: int, kind: SeatKind | None) -> None:
        """Let a machine of level ``kind`` decide for a person's seat while that person is
        away (a network seat whose computer dropped: the host hands it over until they come
        back), or give the seat back to its person (``None``). The seat stays a person's in
        the config, the save and the code; the machine decides exactly as a machine seat of
        that level would."""
        if seat not in self.people:
            raise IllegalAction(f"seat {seat} is not a person's seat", Illegal.NO_SUCH_SEAT)
        focus = next((s for s in self.people if s != seat), None)
        self._bots[seat] = None if kind is None else bot_for(self.config.game, kind, focus)
        self._person[seat] = kind is None
        self._pending = None
        self._choice = None

    # ------------------------------------------------------------ machines and the table

    def machine_choice(self) -> tuple[int, Any] | None:
        """The machine move the game would take now, or ``None`` (a person must decide, or a
        window has no machine that wants to act). A pure function of the position: asking it
        every frame changes nothing."""
        moves = len(self._moves)
        cached = self._choice
        if cached is not None and cached[0] == moves:
            return cached[1]
        job = self.machine_job()
        choice = job.run()
        self.offer(job, choice)
        return choice

    @property
    def choice_known(self) -> bool:
        """Whether :meth:`machine_choice` answers now without asking any player."""
        cached = self._choice
        return cached is not None and cached[0] == len(self._moves)

    def machine_job(self) -> MachineJob:
        """What :meth:`machine_choice` would ask, as a job that can run anywhere (the screens
        run a searching player's in a worker thread, so the frames keep coming)."""
        decision = self.engine.decision(self._state)
        asks: list[Ask] = []
        if decision.kind is not OVER:
            window = decision.kind is WINDOW
            seats: Sequence[int] = decision.seats
            if window:
                seats = window_order(seats, self._last_actor, self.config.seat_count)
            state, index = self._state, len(self._moves)
            for seat in seats:
                bot = self._bots[seat]
                if bot is None:
                    continue
                legal = self._legal(state, seat)
                if not legal:
                    continue
                if len(legal) == 1 and not window:
                    asks.append(Ask(seat, None, None, legal, None, window, legal[0]))
                    break  # it acts: nobody after it is asked
                asks.append(Ask(seat, bot, self._view(state, seat), legal,
                                self._streams.rng(seat, index), window))
        return MachineJob(id(self), len(self._moves), tuple(asks))

    def offer(self, job: MachineJob, choice: tuple[int, Any] | None) -> bool:
        """Keep ``job``'s answer as :meth:`machine_choice`'s if the game is still where the job
        was made (``False``: a move came first, the answer is dropped)."""
        if job.match_id != id(self) or job.moves != len(self._moves):
            return False
        self._choice = (job.moves, choice)
        return True

    def step_machine(self) -> list[FeedItem]:
        """Apply :meth:`machine_choice`; the table's flow paces these for the people."""
        choice = self.machine_choice()
        if choice is None:
            raise IllegalAction("no machine decision is pending", Illegal.NOT_NOW)
        return self._apply(*choice)

    def close_window(self) -> list[FeedItem]:
        """The table closes the open window (its one legal action)."""
        if self._decide(self._state).kind is not WINDOW:
            raise IllegalAction("no window is open", Illegal.NOT_NOW)
        legal = self.engine.legal_actions(self._state, TABLE)
        return self._apply(TABLE, legal[0])

    def step(self, stand_in: SeatKind | None = None) -> list[FeedItem]:
        """Advance the game by one action without any person: the next machine move, or the
        table closing a window nobody acts in. With ``stand_in``, a machine of that level
        decides for the people (screenshots, a finished game for the results); without one, a
        person's decision raises :class:`NeedsPerson`. (The simulator runs this millions of
        times: the one-seat case, nearly every step, takes the short way.)"""
        return self._step(self._decide(self._state), stand_in)

    def _step(self, decision: Decision, stand_in: SeatKind | None) -> list[FeedItem]:
        state = self._state
        kind = decision.kind
        if kind is ONE:
            seat = decision.seats[0]
            if stand_in is None and self._person[seat]:
                raise NeedsPerson(f"seat {seat} must decide ({decision.phase})", Illegal.NOT_NOW)
            legal = self._legal(state, seat)
            if len(legal) == 1:
                return self._apply(seat, legal[0])
            return self._apply(seat, self._ask(seat, stand_in, legal, window=False))
        if kind is OVER:
            raise IllegalAction("the game is over", Illegal.OVER)
        choice = self._next_choice(decision, stand_in)
        if choice is not None:
            return self._apply(choice[0], choice[1])
        if kind is WINDOW:
            return self._apply(TABLE, self._legal(state, TABLE)[0])
        raise NeedsPerson(f"seats {decision.seats} must decide ({decision.phase})", Illegal.NOT_NOW)

    def play_to_end(self, stand_in: SeatKind | None = None, *, check: bool = False,
                    max_actions: int = 100_000) -> list[str]:
        """:meth:`step` until the game is over; the invariant violations found (after every
        action with ``check``, always at the end).

        The simulator spends its life here: when no person sits at the table, no feed is kept
        and nobody follows the actions, :meth:`_machines_to_end` plays the game with its own
        loop. A test checks that both ways play the same games."""
        violations: list[str] = []
        engine, state = self.engine, self._state
        invariants = engine.invariant_violations
        if self._feed is None and not self.people and self.on_action is None:
            self._machines_to_end(violations if check else None, max_actions)
        else:
            decide, is_over, moves = self._decide, engine.is_over, self._moves
            while not is_over(state):
                if len(moves) >= max_actions:
                    raise BotError(f"no end after {max_actions} actions")
                self._step(decide(state), stand_in)
                if check:
                    found = invariants(state)
                    if found:
                        violations.extend(f"after action {len(moves) - 1}: {v}" for v in found)
        violations.extend(invariants(state))
        return violations

    def _machines_to_end(self, violations: list[str] | None, max_actions: int) -> None:
        """:meth:`play_to_end` with machines only and nobody watching: :meth:`step`'s one-seat
        and window ways written out with local names (nearly every step is one of them; any
        other decision goes through :meth:`_step`). The game ends when the engine's decision
        is ``OVER`` (the contract: exactly when ``is_over``), so each step asks the engine
        once; the invariants are checked after every action when ``violations`` is given."""
        engine, state, moves = self.engine, self._state, self._moves
        decide, legal_actions, view, apply = self._decide, self._legal, self._view, \
            self._apply_engine
        players = cast("list[Bot[Any, Any]]", self._bots)  # no person's seat: no None
        rng, invariants = self._streams.rng, engine.invariant_violations
        count = self.config.seat_count
        last = self._last_actor
        try:
            while True:
                decision = decide(state)
                kind = decision.kind
                if kind is OVER:
                    return
                if len(moves) >= max_actions:
                    raise BotError(f"no end after {max_actions} actions")
                if kind is ONE:
                    seat = decision.seats[0]
                    legal = legal_actions(state, seat)
                    if len(legal) == 1:
                        action = legal[0]
                    else:
                        action = ask_bot(players[seat], seat, view(state, seat), legal,
                                         rng(seat, len(moves)), False)
                    apply(state, seat, action)
                    moves.append((seat, action))
                    last = seat
                elif kind is WINDOW:  # the first machine that acts, else the table closes it
                    for seat in window_order(decision.seats, last, count):
                        legal = legal_actions(state, seat)
                        if not legal:
                            continue
                        action = ask_bot(players[seat], seat, view(state, seat), legal,
                                         rng(seat, len(moves)), True)
                        if action is not None:
                            apply(state, seat, action)
                            moves.append((seat, action))
                            last = seat
                            break
                    else:
                        action = legal_actions(state, TABLE)[0]
                        apply(state, TABLE, action)
                        moves.append((TABLE, action))
                else:
                    self._last_actor = last
                    self._step(decision, None)
                    last = self._last_actor
                if violations is not None:
                    found = invariants(state)
                    if found:
                        violations.extend(f"after action {len(moves) - 1}: {v}" for v in found)
        finally:
            self._last_actor = last

    def window_may_close_early(self) -> bool:
        """With one person at the table a window may close at once when that person cannot act
        in it and no machine wants to; with two or more people it always runs its full length,
        so its length never tells who could have acted (RULES.md §1)."""
        pending = self.pending()
        if not pending.is_window or len(self.people) != 1:
            return False
        return not self.legal_for(self.people[0]) and self.machine_choice() is None

    # ------------------------------------------------------------ internals

    def _next_choice(self, decision: Decision, stand_in: SeatKind | None
                     ) -> tuple[int, Any] | None:
        """The first seat that acts now and its action: one seat, or the first of several
        still to act; in a window, the first, clockwise from the one after the last to act,
        whose player wants to act (the table's convention, the same in every game). People
        are skipped unless a ``stand_in`` decides for them."""
        kind = decision.kind
        if kind is OVER:
            return None
        window = kind is WINDOW
        seats: Sequence[int] = decision.seats
        if window:
            seats = window_order(seats, self._last_actor, self.config.seat_count)
        person = self._person
        for seat in seats:
            if stand_in is None and person[seat]:
                continue
            choice = self._ask(seat, stand_in, window=window)
            if choice is not None:
                return seat, choice
        return None

    def _ask(self, seat: int, stand_in: SeatKind | None, legal: list[Any] | None = None, *,
             window: bool) -> Any:
        """What ``seat``'s player (or the stand-in for a person) does now; ``None``: it lets
        a window pass, or has nothing legal."""
        if legal is None:
            legal = self._legal(self._state, seat)
            if not legal:
                return None
            if len(legal) == 1 and not window:
                return legal[0]
        bot = self._bots[seat]
        if bot is None:
            if stand_in is None:
                return None
            bot = bot_for(self.config.game, stand_in)
        return ask_bot(bot, seat, self._view(self._state, seat), legal,
                       self._streams.rng(seat, len(self._moves)), window)

    def _apply(self, seat: int, action: Any) -> list[FeedItem]:
        events = self._apply_engine(self._state, seat, action)
        self._moves.append((seat, action))
        if seat != TABLE:
            self._last_actor = seat
        feed = self._feed
        items: list[FeedItem] = []
        if feed is not None:
            start = len(feed)
            feed.extend(FeedItem(start + i, event) for i, event in enumerate(events))
            items = self.feed_for(seat if seat != TABLE else None, start)
        if self.on_action is not None:
            self.on_action(seat, action)
        return items
