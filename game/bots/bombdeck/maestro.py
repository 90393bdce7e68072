"""Maestro (beyond the seeds): searches the hidden cards its seat cannot see.

Every decision (a play, a nope or not, a gift, where a bomb goes) is an information-set search
by determinized Monte Carlo:

- **Samples.** ``game.rules.bombdeck.sample`` deals the hidden cards again, consistently with
  everything this seat sees and remembers (its record), with the other seats' hiding habits as
  the prior for where their bombs went (``models``).
- **Candidates.** Not every legal action: the heuristic's move (Astuto's), drawing, each card
  once, each steal at its likeliest targets, a trio naming its likeliest cards, the bomb at the
  places that matter (before each seat, the bottom, random); a nope or not.
- **Futures.** Every candidate is played on the *same* samples, each followed by the *same*
  random draws (common random numbers), every seat played by its model (Astuto for this seat
  itself), until this seat explodes (worth 0), the game ends (1 if it won) or, while three
  seats or more are in, about two rounds have passed (``horizon`` actions per seat still in,
  cut where a seat is about to play). A future cut short is worth this seat's chance to win
  from there, as the fitted estimate of ``value`` puts it: a move's effect shows within a
  round or two, while a future played to the end buries it under the luck of every later draw
  (docs/BENCHMARKS.md, "Maestro": against three Astuto, 51 % with whole futures, 56 % cut).
- **Choice.** The heuristic's move stands unless another candidate beats it, paired over the
  same futures, by more than the noise: the best raw average of a few dozen futures mostly
  chases luck. Candidates that clearly cannot beat it are dropped early, and the search stops
  as soon as none is left or the budget is spent.
- **Budget.** Counted in simulated actions, not futures (an early future is ten times longer
  than a late one) and never in time, so a decision is a pure function of the view and the
  generator: the same game code gives the same game on any computer. A sample counts what
  building and replaying it costs (``sample_cost``, ``steps_per_action``) and each
  candidate's copy of it one, so short futures or long stories do not make a decision slow.
  12,000 keeps the p99 under 200 ms on one core of the reference machine (docs/BENCHMARKS.md,
  "Maestro").
- **Fast futures.** Rollouts run on copies of the sample. Astuto's and Despiadado's turns and
  nopes are worked out straight from the copy (``quick_play``, ``quick_nope``: the seat's own
  hand and clues and the public counts, nothing a view would not show), other decisions from a
  ``light_view``; the copy was built from Maestro's own view, so this is speed, not a peek.
  Tests check they choose exactly as the players do from the full view.

The machine's stream for a decision is ``DecisionStreams(seed).rng(seat, index)`` (the match
hands it over), so a game code replays the same game.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import sqrt

from game.bots.bombdeck import models
from game.bots.bombdeck.astuto import ASTUTO, Astuto, _Moves
from game.bots.bombdeck.base import BombBot, card_value
from game.bots.bombdeck.despiadado import Despiadado
from game.bots.bombdeck.value import win_share
from game.core.config import SeatKind
from game.core.engine import TABLE
from game.core.rng import Pcg32
from game.rules.bombdeck import actions as A
from game.rules.bombdeck import cards as C
from game.rules.bombdeck.actions import Action
from game.rules.bombdeck.engine import BOMBDECK, _act, _combo_cards
from game.rules.bombdeck.sample import HidePrior, Sampler
from game.rules.bombdeck.state import BombState, Phase
from game.rules.bombdeck.view import BombView, PublicPlay, SeatInfo

PASS = Action("pass")
"""A reaction window's "no nope" among the candidates (never returned: ``None`` is)."""

_PLAY, _REACT, _OVER = Phase.PLAY, Phase.REACT, Phase.OVER


_new = tuple.__new__
_BOMB = C.BOMB
_SIMPLE = frozenset((C.ATTACK, C.SKIP, C.DRAW_BOTTOM, C.SEE_FUTURE, C.SHUFFLE, C.PASS_IT,
                     C.SHIELD))


def light_view(state: BombState, seat: int) -> BombView:
    """The view a rollout's player decides from: ``BOMBDECK.view`` less what the seeds' levels
    never read (the discard, the seats out, the record), and the hand unsorted. It is built
    from a *sample* (a state made from Maestro's own view), so whatever it shows was never
    hidden from Maestro: speed, not a leak."""
    hands = state.hands
    deck = state.deck
    size = len(deck)
    clues = state.clues[seat]
    pending = state.pending
    phase = state.phase
    if pending is None:
        public = giver = None
    else:
        public = _new(PublicPlay, (pending.seat, pending.verb, pending.cards, pending.target,
                                   pending.named, pending.nopes))
        giver = pending.target if phase is Phase.GIVE else None
    ruleset = state.ruleset
    return _new(BombView, (
        ruleset.name, state.options, ruleset.reactions, seat, phase, state.current, state.owed,
        state.attacked, tuple(hands[seat]),
        tuple(sorted((size - 1 - i, c) for i, c in clues.items())) if clues else (),
        tuple([_new(SeatInfo, info) for info in zip(map(len, hands), state.alive,
                                                      state.shields, state.markers,
                                                      strict=True)]),
        size, deck.count(_BOMB), (), (), public, giver, None,
    ))


def light_moves(state: BombState, seat: int) -> _Moves:
    """The seat's legal plays sorted as Astuto sorts them (``_Moves``), built from its hand
    without the full legal list: a trio only naming a defuse, the one trio Astuto plays."""
    moves = _Moves.__new__(_Moves)
    deck = state.deck
    moves.draw = A.DRAW_ACTION if deck else None
    plays: dict[str, list[Action]] = {}
    pairs: dict[str, list[Action]] = {}
    trios: dict[str, list[Action]] = {}
    moves.plays, moves.pairs, moves.trios = plays, pairs, trios
    counts: dict[str, int] = {}
    for card in state.hands[seat]:
        counts[card] = counts.get(card, 0) + 1
    pairable, trioable = _combo_cards(state.ruleset, state.options)
    targets: list[int] | None = None
    for card in sorted(counts):
        if card in _SIMPLE:
            if not ((card == C.DRAW_BOTTOM and not deck)
                    or (card == C.SHIELD and state.shields[seat])):
                plays[card] = [_act(A.PLAY, card)]
        elif card in C.TARGETED_CARDS:
            if targets is None:
                targets = _targets(state, seat)
            if targets:
                plays[card] = [_act(A.PLAY, card, t) for t in targets]
        count = counts[card]
        if count >= 2 and card in pairable:
            if targets is None:
                targets = _targets(state, seat)
            if targets:
                pairs[card] = [_act(A.PAIR, card, t) for t in targets]
                if count >= 3 and card in trioable:
                    trios[card] = [_act(A.TRIO, card, t, C.DEFUSE) for t in targets]
    return moves


def _targets(state: BombState, seat: int) -> list[int]:
    hands, alive = state.hands, state.alive
    return [t for t in range(len(hands)) if t != seat and alive[t] and hands[t]]


def quick_play(player: Astuto, state: BombState, seat: int) -> Action:
    """``player.play`` (Astuto's or Despiadado's turn) worked out from the state's public parts
    and the seat's own hand and clues only, as its view would show them: the rollouts' hot
    path. A test checks it chooses what the player chooses from the full view, position by
    position."""
    hands = state.hands
    hand = hands[seat]
    deck = state.deck
    size = len(deck)
    clues = state.clues[seat]
    markers = state.markers
    alive = state.alive
    n = len(hands)
    has_defuse = _DEFUSE in hand

    ruthless = isinstance(player, Despiadado)
    victim: int | None = None
    if ruthless:
        focus = player.focus  # type: ignore[attr-defined]
        if focus is not None and focus != seat and 0 <= focus < n and alive[focus]:
            victim = focus
        else:
            best: tuple[int, int, int] | None = None
            for s in range(n):
                if s != seat and alive[s]:
                    key = (markers[s], len(hands[s]), -((s - seat) % n))
                    if best is None or key > best:
                        best, victim = key, s

    # the odds of the top card, as the seat knows them
    top = clues.get(size - 1) if clues else None
    known_bombs = 0
    for card in clues.values():
        if card == _BOMB:
            known_bombs += 1
    unknown = size - len(clues)
    odds = max(0, deck.count(_BOMB) - known_bombs) / unknown if unknown > 0 else 0.0

    if ruthless and victim is not None:
        nxt = (seat + 1) % n
        while not alive[nxt] and nxt != seat:
            nxt = (nxt + 1) % n
        if nxt == victim:
            top_odds = (1.0 if top == _BOMB else 0.0) if top is not None else odds
            if top_odds >= player.press_at:  # type: ignore[attr-defined]
                if C.ATTACK in hand:
                    return _act(A.PLAY, C.ATTACK)
                if C.PASS_IT in hand:
                    return _act(A.PLAY, C.PASS_IT)

    if _SHIELD in hand and not state.shields[seat]:
        return _act(A.PLAY, _SHIELD)
    targets: list[int] | None = None

    def aimed(verb: str, card: str, shields_matter: bool) -> Action:
        assert targets
        if ruthless and victim in targets and not (shields_matter and state.shields[victim]):
            return _act(verb, card, victim)
        best_key: tuple[float, int, int] | None = None
        pick = targets[0]
        for t in targets:
            cards = len(hands[t])
            key = ((-1 if shields_matter and state.shields[t] else 0)
                   + (markers[t] / cards if cards else 0.0), cards, -((t - seat) % n))
            if best_key is None or key > best_key:
                best_key, pick = key, t
        return _act(verb, card, pick)

    # steals: a trio naming a marked defuse; without a defuse, a pair, a swipe, a favor
    counts: dict[str, int] | None = None
    if len(hand) >= 2:
        counts = {}
        for card in hand:
            counts[card] = counts.get(card, 0) + 1
        pairable, trioable = _combo_cards(state.ruleset, state.options)
        for card in sorted(counts):
            if counts[card] >= 3 and card in trioable:
                if targets is None:
                    targets = _targets(state, seat)
                marked = [t for t in targets if markers[t] > 0]
                if marked:
                    pick = max(marked, key=lambda t: (markers[t], -((t - seat) % n)))
                    return _act(A.TRIO, card, pick, _DEFUSE)
        if not has_defuse:
            for card in sorted(counts):
                if counts[card] >= 2 and card in pairable:
                    if targets is None:
                        targets = _targets(state, seat)
                    if targets:
                        return aimed(A.PAIR, card, False)
    if not has_defuse:
        for card in (C.SWIPE, C.FAVOR):
            if card in hand:
                if targets is None:
                    targets = _targets(state, seat)
                if targets:
                    return aimed(A.PLAY, card, card == C.SWIPE)

    if top == _BOMB:  # flee: escape, shuffle, fish for one, or draw and hope
        escape = _quick_escape(state, seat, hand, clues, size, 1.0, odds)
        if escape is not None:
            return escape
        if C.SHUFFLE in hand:
            return _act(A.PLAY, C.SHUFFLE)
        return A.DRAW_ACTION  # a steal without a defuse was tried above
    if top is not None:
        return A.DRAW_ACTION
    if C.SEE_FUTURE in hand and odds >= player.peek_at and size > 1:
        return _act(A.PLAY, C.SEE_FUTURE)
    if state.owed >= 2 and odds >= player.attack_owed_at:
        if C.ATTACK in hand:
            return _act(A.PLAY, C.ATTACK)
        if C.PASS_IT in hand:
            return _act(A.PLAY, C.PASS_IT)
    threshold = player.escape_defused_at if has_defuse else player.escape_bare_at
    if odds >= threshold:
        escape = _quick_escape(state, seat, hand, clues, size, odds, odds)
        if escape is not None:
            return escape
    return A.DRAW_ACTION


def _quick_escape(state: BombState, seat: int, hand: list[str], clues: dict[int, str],
                  size: int, odds: float, unknown_odds: float) -> Action | None:
    """``Astuto.escape`` on the state (see ``quick_play``)."""
    if C.DRAW_BOTTOM in hand and size > 1:
        bottom = clues.get(0) if clues else None
        bottom_odds = ((1.0 if bottom == _BOMB else 0.0) if bottom is not None
                       else unknown_odds)
        if bottom_odds < odds:
            return _act(A.PLAY, C.DRAW_BOTTOM)
    order = _OWING_ORDER if state.owed >= 2 else _ORDER
    for card in order:
        if card in hand:
            return _act(A.PLAY, card)
    return None


def quick_nope(player: Astuto, state: BombState, seat: int) -> bool:
    """``player.wants_nope`` (Astuto's or Despiadado's, the same) worked out from the state as
    ``quick_play`` is: the pending play's public parts and the seat's own hand and clues. A
    window is asked of every seat holding a nope, so this is the rollouts' other hot path
    (issue 25); a test checks it answers as the player does from the full view."""
    pending = state.pending
    if pending is None:
        return False
    stands = pending.nopes % 2 == 0
    card = pending.cards[0] if pending.cards else ""
    hand = state.hands[seat]
    if pending.seat == seat:  # its own play, noped: restore it?
        if stands:
            return False
        if card in _TURN_ENDERS:
            top, odds = _top_odds(state, seat)
            if top == _BOMB:
                return True
            return _DEFUSE not in hand and odds >= player.escape_bare_at
        return pending.verb == A.TRIO and pending.named == _DEFUSE
    if not stands:
        return False
    verb = pending.verb
    target = pending.target
    if verb == A.PAIR:
        return target == seat
    if verb == A.TRIO:
        return target == seat and pending.named in hand
    if card == C.FAVOR or card == C.SWIPE:
        return target == seat and not (card == C.SWIPE and state.shields[seat])
    if card == C.ATTACK or card == C.PASS_IT:
        alive = state.alive
        n = len(alive)
        nxt = (pending.seat + 1) % n
        while not alive[nxt] and nxt != pending.seat:
            nxt = (nxt + 1) % n
        if nxt == seat:
            return not (card == C.PASS_IT and state.shields[seat])
    if card in _TURN_ENDERS:
        clues = state.clues[seat]
        return (bool(clues) and clues.get(len(state.deck) - 1) == _BOMB
                and pending.seat == state.current)
    return False


def _top_odds(state: BombState, seat: int) -> tuple[str | None, float]:
    """The top card if the seat has a clue about it, and its odds of being a bomb as the seat
    knows them (``base.top_odds``)."""
    deck = state.deck
    size = len(deck)
    clues = state.clues[seat]
    top = clues.get(size - 1) if clues else None
    if top is not None:
        return top, (1.0 if top == _BOMB else 0.0)
    known_bombs = 0
    for card in clues.values():
        if card == _BOMB:
            known_bombs += 1
    unknown = size - len(clues)
    return None, (max(0, deck.count(_BOMB) - known_bombs) / unknown if unknown > 0 else 0.0)


_DEFUSE, _SHIELD = C.DEFUSE, C.SHIELD
_TURN_ENDERS = frozenset((C.SKIP, C.ATTACK, C.DRAW_BOTTOM, C.PASS_IT, C.SHUFFLE))
_ORDER = (C.SKIP, C.ATTACK, C.PASS_IT)
_OWING_ORDER = (C.ATTACK, C.PASS_IT, C.SKIP)


def rollout(state: BombState, players: Sequence[BombBot], me: int, rng: Pcg32,
            limit: int, horizon: int | None = None) -> tuple[float, int]:
    """Play ``state`` on (it is changed) with ``players`` until the game ends, ``me`` explodes,
    or ``horizon`` actions were simulated and a seat is about to play (``None``: to the end):
    (this seat's chance to win there: 1 or 0 at the end, else the estimate of ``value``;
    actions simulated). ``limit`` is a safety net. A window is asked as the table asks it:
    clockwise from the seat after the last to act.
    Astuto and Despiadado play their turns by ``quick_play``; other decisions are asked from
    ``light_view`` (a test checks both choose as the players would from the full view)."""
    engine = BOMBDECK
    legal_actions, apply = engine.legal_actions, engine.apply
    fast = [isinstance(player, Astuto) for player in players]
    alive = state.alive
    hands = state.hands
    seats = len(alive)
    steps = 0
    stop = limit if horizon is None else min(horizon, limit)
    while steps < limit:
        phase = state.phase
        if phase is _PLAY:
            if steps >= stop:
                return win_share(state, me), steps
            seat = state.current
            player = players[seat]
            if fast[seat] and state.deck:
                action = quick_play(player, state, seat)  # type: ignore[arg-type]
            else:
                legal = legal_actions(state, seat)
                if len(legal) == 1:
                    action = legal[0]
                else:
                    choice = player.choose(light_view(state, seat), legal, rng)
                    action = choice if choice is not None else legal[0]
            apply(state, seat, action)
            if not alive[me]:
                return 0.0, steps + 1
        elif phase is _REACT:
            last = state.last_actor
            for k in range(1, seats + 1):
                seat = (last + k) % seats
                if alive[seat] and _NOPE in hands[seat] and (
                        quick_nope(players[seat], state, seat)  # type: ignore[arg-type]
                        if fast[seat] else players[seat].choose(
                            light_view(state, seat), _NOPES, rng) is not None):
                    apply(state, seat, A.NOPE_ACTION)
                    break
            else:
                apply(state, TABLE, A.RESOLVE_ACTION)
        elif phase is _OVER:
            return (1.0 if state.current == me else 0.0), steps
        else:
            seat = engine.decision(state).seats[0]
            legal = legal_actions(state, seat)
            if len(legal) == 1:
                action = legal[0]
            else:
                choice = players[seat].choose(light_view(state, seat), legal, rng)
                action = choice if choice is not None else legal[0]
            apply(state, seat, action)
            if not alive[me]:
                return 0.0, steps + 1
        steps += 1
    return win_share(state, me), steps


_NOPE = C.NOPE
_NOPES = [A.NOPE_ACTION]



class _Line:
    """One candidate's running sums of its edge over the heuristic's move on the same futures
    (so a comparison costs the same after 400 futures as after 6)."""

    __slots__ = ("action", "alive", "count", "edge", "edge_squares")

    def __init__(self, action: Action) -> None:
        self.action = action
        self.alive = True
        self.count = 0
        self.edge = 0.0
        self.edge_squares = 0.0


class Maestro:
    """The searching player. ``budget``: simulated actions per decision; ``modelled``: read
    the seats' levels (``False``: the plain model, see ``models``)."""

    __slots__ = ("budget", "modelled")

    level = SeatKind.MAESTRO

    z = 1.6
    """How many standard errors a candidate must beat the heuristic's move by."""
    margin = 0.02
    """…and by at least this much (a share of games won)."""
    first_samples = 6
    """Futures per candidate before any is dropped."""
    max_samples = 400
    """No decision looks at more samples than this, whatever its budget."""
    future_limit = 400
    """Actions in one future before it is cut short (a safety net: games end sooner)."""
    steal_targets = 3
    """Targets tried for each steal."""
    horizon: int | None = 4
    """While three seats or more are in, futures are cut this many actions per seat still in
    after the move (about two rounds), at the next seat's turn, and scored by the win estimate
    (``value``). Two seats apart, or ``None``: played to the end, 1 or 0 (heads up a future is
    short and cheap, and the cut futures won 77.5 % against Astuto where whole ones won 85 %)."""
    sample_cost = 9
    """What building one sample counts for in the budget, in simulated actions (about what it
    costs in time), besides its replay of the pile's story…"""
    steps_per_action = 7
    """…which counts one action per this many particle steps (a particle through one entry
    of the story), so that a long story or a retry with eight times the particles is paid
    for; each candidate's copy of the sample counts one more. Measured: a rollout action
    30 µs, a particle step 4 µs, building 0.26 ms (docs/BENCHMARKS.md, "Maestro")."""

    def __init__(self, budget: int = 12_000, modelled: bool = True) -> None:
        self.budget = budget
        self.modelled = modelled

    def quick(self) -> Maestro:
        """The same player thinking as little as it can (one future per candidate): soaks
        and checks that play thousands of games of every level."""
        return Maestro(budget=1, modelled=self.modelled)

    # ------------------------------------------------------------------ entry point

    def choose(self, view: BombView, legal: Sequence[Action], rng: Pcg32) -> Action | None:
        if not legal:
            return None
        phase = view.phase
        default = ASTUTO.choose(view, legal, rng)
        if phase == "react":
            if not self.worth_a_search(view):
                return default
            candidates = [legal[0], PASS]
            first = legal[0] if default is not None else PASS
        elif len(legal) == 1:
            return legal[0]
        else:
            assert default is not None
            first = default
            candidates = self.candidates(view, legal, default)
        if len(candidates) < 2 or self.budget <= 0:
            return default
        best = self.search(view, first, candidates, rng)
        if phase == "react":
            return None if best is PASS else legal[0]
        return best

    # ------------------------------------------------------------------ what to try

    def worth_a_search(self, view: BombView) -> bool:
        """A window where a nope could change this seat's game: a play by it or aimed at it,
        or a turn-ender while the danger is real."""
        pending = view.pending
        if pending is None:
            return False
        me = view.seat
        if pending.seat == me or pending.target == me:
            return True
        card = pending.cards[0] if pending.cards else ""
        if card in (C.ATTACK, C.PASS_IT, C.SKIP, C.DRAW_BOTTOM, C.SHUFFLE):
            return view.danger >= 0.1 or view.clue_at(0) == C.BOMB
        return False

    def candidates(self, view: BombView, legal: Sequence[Action], default: Action
                   ) -> list[Action]:
        phase = view.phase
        out: list[Action] = [default]

        def add(action: Action | None) -> None:
            if action is not None and action not in out:
                out.append(action)

        if phase == "give":
            for action in sorted(legal, key=lambda a: card_value(a.card or "", view.hand)):
                add(action)
            return out
        if phase == "place_bomb":
            size = view.deck_size
            places = {0, size, min(size, max(0, view.turns_owed - 1))}
            order = [s for s in range(1, len(view.seats))
                     if view.seats[(view.seat + s) % len(view.seats)].alive]
            for k in range(len(order) + 1):
                places.add(min(size, max(0, view.turns_owed - 1) + k))
            for action in legal:
                if action.position == A.RANDOM or action.position in places:
                    add(action)
            return out
        groups: dict[tuple[str, str], list[Action]] = {}
        for action in legal:
            if action.verb == A.DRAW or (action.verb == A.PLAY and action.target is None):
                add(action)
            else:
                groups.setdefault((action.verb, action.card or ""), []).append(action)
        for (verb, _card), group in groups.items():
            if verb == A.TRIO:
                for action in self.trio_picks(view, group):
                    add(action)
            else:
                for action in self.steal_picks(view, group):
                    add(action)
        return out

    def steal_picks(self, view: BombView, group: list[Action]) -> list[Action]:
        """A steal (pair, favor, swipe) at its likeliest targets: defuses first, then cards."""
        seats = view.seats

        def score(action: Action) -> tuple[float, int, int]:
            info = seats[action.target or 0]
            odds = info.defuses_proven / info.cards if info.cards else 0.0
            return (odds - (1.0 if info.shield and action.card == C.SWIPE else 0.0),
                    info.cards, -((action.target or 0) - view.seat) % len(seats))

        return sorted(group, key=score, reverse=True)[: self.steal_targets]

    def trio_picks(self, view: BombView, group: list[Action]) -> list[Action]:
        """A trio at each likely target, naming the card it most surely holds: a card known
        there, else a defuse it may hold, else the most valuable kind."""
        record = view.record
        picks: list[Action] = []
        targets = sorted({a.target for a in group if a.target is not None},
                         key=lambda t: (-view.seats[t].cards, t))[: self.steal_targets]
        for target in targets:
            known = record.known[target] if record is not None else ()
            names: list[str] = []
            if known:
                names.append(max(known, key=lambda c: (card_value(c, ()), c)))
            if record is None or record.defuse_caps[target] > 0:
                names.append(C.DEFUSE)
            names.extend((C.NOPE, C.ATTACK, C.SKIP))
            wanted = names[:2]
            for action in group:
                if action.target == target and action.named in wanted:
                    picks.append(action)
        return picks

    # ------------------------------------------------------------------ the search

    def prior(self) -> HidePrior:
        return models.modelled_prior if self.modelled else models.plain_prior

    def search(self, view: BombView, first: Action, candidates: list[Action],
               rng: Pcg32) -> Action:
        """The candidate that beats ``first`` (the heuristic's move) by more than the noise
        over the same futures, or ``first``."""
        me = view.seat
        sampler = Sampler(view, self.prior())
        players = models.rollout_players(view, self.modelled)
        lines = [_Line(action) for action in candidates]
        lines.sort(key=lambda line: line.action is not first)
        spent = 0
        samples = 0
        replayed = 0
        alive = sum(info.alive for info in view.seats)
        horizon = None if self.horizon is None or alive < 3 else self.horizon * alive
        while spent < self.budget and samples < self.max_samples:
            base = sampler.draw(rng)
            base.recording = False  # no player in a future reads the record
            seed = (rng.next_u32() << 32) | rng.next_u32()
            first_value = 0.0
            for line in lines:
                if not line.alive:
                    continue
                state = base.copy()
                dice = Pcg32(seed, 3)
                steps = _start(state, me, line.action, players, dice)
                value, used = rollout(state, players, me, dice, self.future_limit,
                                      horizon)
                if line is lines[0]:
                    first_value = value
                else:
                    edge = value - first_value
                    line.count += 1
                    line.edge += edge
                    line.edge_squares += edge * edge
                spent += used + steps + 1
            samples += 1
            spent += self.sample_cost + (sampler.replayed - replayed) // self.steps_per_action
            replayed = sampler.replayed
            if samples >= self.first_samples and not self._prune(lines):
                break
        return self._pick(lines)

    @staticmethod
    def _compare(line: _Line) -> tuple[float, float]:
        """Mean and standard error of ``line``'s edge over the heuristic's move on their
        shared futures."""
        count = line.count
        mean = line.edge / count
        spread = max(0.0, line.edge_squares - count * mean * mean) / max(1, count - 1)
        return mean, sqrt(spread / count)

    def _prune(self, lines: list[_Line]) -> bool:
        """Drop the candidates that cannot beat the heuristic's move; ``False`` when none is
        left to test."""
        left = False
        for line in lines[1:]:
            if not line.alive:
                continue
            mean, error = self._compare(line)
            if mean + self.z * error < self.margin:
                line.alive = False
            else:
                left = True
        return left

    def _pick(self, lines: list[_Line]) -> Action:
        base = lines[0]
        best, best_edge = base.action, 0.0
        for line in lines[1:]:
            if line.count < 2:
                continue
            mean, error = self._compare(line)
            if mean > self.margin and mean - self.z * error > 0 and mean > best_edge:
                best, best_edge = line.action, mean
        return best


def _start(state: BombState, me: int, action: Action, players: Sequence[BombBot],
           rng: Pcg32) -> int:
    """Play this seat's candidate on a sample: a pass lets the seats after it in the window
    answer (those before it have passed already), then the table closes the window."""
    engine = BOMBDECK
    if action is not PASS:
        engine.apply(state, me, action)
        return 1
    last = state.last_actor
    seats = state.seats
    mine = (me - last - 1) % seats
    after = sorted((s for s in engine.decision(state).seats if (s - last - 1) % seats > mine),
                   key=lambda s: (s - last - 1) % seats)
    for seat in after:
        player = players[seat]
        if (quick_nope(player, state, seat) if isinstance(player, Astuto)
                else player.choose(light_view(state, seat), _NOPES, rng) is not None):
            engine.apply(state, seat, A.NOPE_ACTION)
            return 1
    engine.apply(state, TABLE, A.RESOLVE_ACTION)
    return 1


MAESTRO = Maestro()
choose = MAESTRO.choose
