"""``sample(view, rng)``: a whole bomb-deck state that a seat cannot tell from the real one.

A searching player plays its futures on such states. The sample is built from the view alone
(never the state), so it cannot carry a hidden card the seat does not know; ``view(sample,
seat) == view`` always holds, and the hidden parts are drawn as the seat's knowledge allows:

**The draw pile.** Only bombs ever go into the pile unseen, and everybody sees whether a drawn
card is a bomb, so the pile is told as its story since the last shuffle (``record.deck``): the
shuffled pile, then each draw, peek and hidden bomb in order. A few particles replay that story:
cards from the shuffle stay undecided until a draw, the seat's own peek or its clue shows them,
and each such showing weighs the particle by its chance (the bombs left among the undecided
cards). A bomb hidden by another seat goes where ``prior`` says (uniform by default; a player
may bring its model of that seat) among the places that agree with what happened to it next
(a place that a safe draw would have emptied is out), and the particle is weighed by the share
of the prior those places hold; the seat's own bombs go where it put them. One particle is kept
by weight, and its undecided cards take the remaining bombs uniformly. Each seat's clues follow
the same story (a peek marks the top cards, a bomb hidden by another seat erases them).

**The other cards.** The cards the seat cannot place (the game's cards less the discard, raised
shields, its own hand, what it saw in the pile and what it knows other hands hold) are dealt at
random over the pile's other places and the other hands' unknown places. Defuses first: a hand
holds at most its defuse ceiling, and only its cards taken unseen may be one (the dealt cards
never are), so the number each hand gets is drawn with the weight of the ways it can hold them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from math import comb

from game.core.rng import Pcg32
from game.rules.bombdeck import cards as C
from game.rules.bombdeck.cards import RULESETS
from game.rules.bombdeck.state import BombState, PendingPlay, Phase
from game.rules.bombdeck.view import BombView, Drawn, Hidden, Peeked, SeatRecord

HidePrior = Callable[[BombView, int, Hidden], Sequence[float]]
"""Weights of the positions 0 (top) … ``entry.size`` (bottom) where the seat of ``entry``, the
``index``-th entry of the view's deck story, may have hidden its bomb."""

PARTICLES = 8
"""Replays of the pile's story per sample; one is kept by its weight."""

_UNDECIDED, _BOMB, _SAFE = 0, 1, 2


def uniform_prior(view: BombView, index: int, entry: Hidden) -> Sequence[float]:
    """No idea where a bomb went: every position alike."""
    return (1.0,) * (entry.size + 1)


class _Pile:
    """One replay of the pile's story: the cards bottom first (kind, card, clue marks)."""

    __slots__ = ("bombs", "cards", "kinds", "marks", "undecided", "weight")

    def __init__(self, size: int, bombs: int) -> None:
        self.kinds = [_UNDECIDED] * size
        self.cards: list[str | None] = [None] * size
        self.marks = [0] * size
        self.undecided = size
        self.bombs = bombs
        """Bombs of the last shuffle among the undecided cards."""
        self.weight = 1.0

    def _decide(self, bomb: bool) -> None:
        undecided = self.undecided
        if undecided <= 0:
            self.weight = 0.0
            return
        if bomb:
            self.weight *= self.bombs / undecided
            self.bombs -= 1
        else:
            self.weight *= (undecided - self.bombs) / undecided
        self.undecided = undecided - 1

    def show(self, index: int, card: str) -> None:
        """The card at ``index`` is seen to be ``card``."""
        kind = self.kinds[index]
        bomb = card == C.BOMB
        if kind == _UNDECIDED:
            self._decide(bomb)
            self.kinds[index] = _BOMB if bomb else _SAFE
            self.cards[index] = card
        elif (kind == _BOMB) != bomb or self.cards[index] not in (None, card):
            self.weight = 0.0

    def copy(self) -> _Pile:
        twin = _Pile.__new__(_Pile)
        twin.kinds = self.kinds[:]
        twin.cards = self.cards[:]
        twin.marks = self.marks[:]
        twin.undecided = self.undecided
        twin.bombs = self.bombs
        twin.weight = 1.0
        return twin

    def draw(self, index: int, bomb: bool) -> None:
        """The card at ``index`` leaves the pile, seen to be a bomb or not."""
        kind = self.kinds[index]
        if kind == _UNDECIDED:
            self._decide(bomb)
        elif (kind == _BOMB) != bomb:
            self.weight = 0.0
        del self.kinds[index], self.cards[index], self.marks[index]


def _weighted(weights: Sequence[float], rng: Pcg32) -> int:
    total = sum(weights)
    if total <= 0:
        return rng.below(len(weights))
    point = rng.next_u32() / 4294967296.0 * total
    last = 0
    for index, weight in enumerate(weights):
        if weight > 0:
            last = index
            point -= weight
            if point < 0:
                return index
    return last


def _fates(view: BombView, record: SeatRecord, index: int, size: int) -> list[int]:
    """For a bomb hidden at each position 0 … ``size`` by the ``index``-th entry: 1 if its own
    path agrees with what happened next (only a draw that showed a bomb took it, and it sits
    nowhere this seat saw a safe card), else 0. Later bombs hidden by other seats are taken to
    go below it: the particle's own weight catches what that misses."""
    me = view.seat
    hid = dict(record.hid)
    saw = dict(record.saw)
    fates = [1] * (size + 1)
    positions = list(range(size + 1))  # -1: drawn
    cards = size + 1
    for later in range(index + 1, len(record.deck)):
        entry = record.deck[later]
        if isinstance(entry, Drawn):
            if entry.bottom:
                edge = cards - 1
                for p, at in enumerate(positions):
                    if at == edge:
                        positions[p] = -1
                        if not entry.bomb:
                            fates[p] = 0
            else:
                for p, at in enumerate(positions):
                    if at == 0:
                        positions[p] = -1
                        if not entry.bomb:
                            fates[p] = 0
                    elif at > 0:
                        positions[p] = at - 1
            cards -= 1
        elif isinstance(entry, Hidden):
            mine = hid.get(later) if entry.seat == me else None
            if mine is not None:
                positions = [at + 1 if at >= mine else at for at in positions]
            cards += 1
        elif entry.seat == me:
            seen = saw.get(later, ())
            for p, at in enumerate(positions):
                if 0 <= at < len(seen) and seen[at] != C.BOMB:
                    fates[p] = 0
    safe = {position for position, card in view.clues if card != C.BOMB}
    for p, at in enumerate(positions):
        if at >= 0 and (at in safe or not view.bombs):  # still in a pile without bombs: no
            fates[p] = 0
    return fates


class _Story:
    """The pile's story with, for each bomb hidden by another seat, where it may have gone:
    the prior's weights on the places that agree with what happened next, and the share of
    the prior they hold."""

    __slots__ = ("hid", "hides", "prefix", "record", "saw", "start", "view")

    def __init__(self, view: BombView, record: SeatRecord, prior: HidePrior) -> None:
        self.view = view
        self.record = record
        self.hides: dict[int, tuple[list[float], float]] = {}
        me = view.seat
        for index, entry in enumerate(record.deck):
            if not isinstance(entry, Hidden) or entry.seat == me:
                continue
            places = entry.size + 1
            weights = [max(0.0, float(w)) for w in prior(view, index, entry)][:places]
            weights += [0.0] * (places - len(weights))
            fates = _fates(view, record, index, entry.size)
            proposal = [w if f else 0.0 for w, f in zip(weights, fates, strict=True)]
            total, kept = sum(weights), sum(proposal)
            if kept <= 0 or total <= 0:  # the model cannot explain it: anywhere that fits
                proposal = [1.0 if f else 0.0 for f in fates] if any(fates) else [1.0] * places
                kept = total = 1.0
            self.hides[index] = (proposal, kept / total)
        self.hid = dict(record.hid)
        self.saw = dict(record.saw)
        # The story up to the first bomb hidden by another seat draws nothing at random and
        # leaves every particle alike: it is replayed once here, and each replay starts from
        # a copy of it (the same particles, weights and draws as replaying it every time:
        # speed only, issue 25).
        self.start = next((index for index in self.hides), len(record.deck))
        size, bombs = record.shuffled
        pile: _Pile | None = _Pile(size, bombs)
        for index in range(self.start):
            assert pile is not None
            self._step(pile, index, record.deck[index], self.hid, self.saw, rng=None)
            if pile.weight <= 0.0:
                pile = None
                break
        self.prefix = pile

    def replay(self, rng: Pcg32, count: int) -> _Pile | None:
        """``count`` particles replay the story in step, resampled by weight whenever their
        weights grow too uneven; one of them, kept by weight (``None``: none could hold)."""
        view, record = self.view, self.record
        prefix = self.prefix
        if prefix is None:
            return None
        deck = record.deck
        start = self.start
        hid, saw = self.hid, self.saw
        if start == len(deck):  # nothing drawn at random: every particle is the same one
            pile = prefix.copy()
            pile.weight = prefix.weight
            self._finish(pile)
            weights = [pile.weight] * count
            if sum(weights) <= 0:
                return None
            _weighted(weights, rng)  # the draw that picked one of the alike particles
            return pile
        piles = []
        for _ in range(count):
            pile = prefix.copy()
            pile.weight = prefix.weight
            piles.append(pile)
        for index in range(start, len(deck)):
            entry = deck[index]
            for pile in piles:
                self._step(pile, index, entry, hid, saw, rng)
            if isinstance(entry, Hidden) and entry.seat == view.seat:
                continue
            weights = [pile.weight for pile in piles]
            total = sum(weights)
            if total <= 0:
                return None
            if total * total < 0.5 * count * sum(w * w for w in weights):
                piles = [piles[_weighted(weights, rng)].copy() for _ in range(count)]
        for pile in piles:
            self._finish(pile)
        weights = [pile.weight for pile in piles]
        if sum(weights) <= 0:
            return None
        return piles[_weighted(weights, rng)]

    def _step(self, pile: _Pile, index: int, entry: Drawn | Hidden | Peeked,
              hid: dict[int, int], saw: dict[int, tuple[str, ...]],
              rng: Pcg32 | None) -> None:
        if pile.weight <= 0.0:
            return
        kinds = pile.kinds
        me = self.view.seat
        if isinstance(entry, Drawn):
            if not kinds:
                pile.weight = 0.0
                return
            pile.draw(0 if entry.bottom else len(kinds) - 1, entry.bomb)
        elif isinstance(entry, Hidden):
            if entry.size != len(kinds):
                pile.weight = 0.0
                return
            position = hid.get(index) if entry.seat == me else None
            if position is None:
                assert rng is not None, "a bomb hidden by another seat starts the replay"
                proposal, share = self.hides[index]
                position = _weighted(proposal, rng)
                pile.weight *= share
            keep = 1 << entry.seat
            pile.marks = [mark & keep for mark in pile.marks]
            at = len(kinds) - position
            kinds.insert(at, _BOMB)
            pile.cards.insert(at, C.BOMB)
            pile.marks.insert(at, keep)
        else:
            top = len(kinds) - 1
            seen = saw.get(index) if entry.seat == me else None
            mark = 1 << entry.seat
            for k in range(min(entry.shown, len(kinds))):
                if seen is not None and k < len(seen):
                    pile.show(top - k, seen[k])
                pile.marks[top - k] |= mark

    def _finish(self, pile: _Pile) -> None:
        """The seat's clues and the bombs now in the pile, whatever the story said."""
        view = self.view
        if pile.weight <= 0.0:
            return
        if len(pile.kinds) != view.deck_size:
            pile.weight = 0.0
            return
        top = view.deck_size - 1
        bit = 1 << view.seat if view.seat >= 0 else 0
        for position, card in view.clues:
            pile.show(top - position, card)
            pile.marks[top - position] |= bit
        placed = pile.kinds.count(_BOMB)
        if placed + pile.bombs != view.bombs or not 0 <= pile.bombs <= pile.undecided:
            pile.weight = 0.0


def _blank_record(view: BombView) -> SeatRecord:
    """A story that starts now: the view's pile as if just shuffled (a view without a record,
    or one whose story no replay could explain)."""
    record = view.record
    if record is not None:
        return record._replace(shuffled=(view.deck_size, view.bombs), deck=(), hid=(), saw=())
    known = tuple((C.DEFUSE,) * info.defuses_proven if seat != view.seat else ()
                  for seat, info in enumerate(view.seats))
    caps = tuple(info.cards for info in view.seats)
    return SeatRecord(("person",) * len(view.seats), view.current,
                      (view.deck_size, view.bombs), (), (), (), known, caps)


@lru_cache(maxsize=512)
def _ways(room: tuple[int, ...], defuses: int) -> tuple[tuple[int, ...], ...]:
    """``ways[b][left]``: the ways to place ``left`` defuses in buckets ``b`` … with ``room``
    places each. The same few splits come back sample after sample: kept (speed only)."""
    count = len(room)
    ways: list[list[int]] = [[0] * (defuses + 1) for _ in range(count + 1)]
    ways[count][0] = 1
    for b in range(count - 1, -1, -1):
        row, below = ways[b], ways[b + 1]
        for left in range(defuses + 1):
            row[left] = sum(comb(room[b], k) * below[left - k]
                            for k in range(min(room[b], left) + 1))
    return tuple(tuple(row) for row in ways)


def _defuse_split(sizes: list[int], rooms: list[int], defuses: int, rng: Pcg32) -> list[int]:
    """How many of ``defuses`` go to each bucket: bucket ``b`` has ``sizes[b]`` places of which
    ``rooms[b]`` may hold one; each split weighs the ways to choose its places. ``[]`` when no
    split fits."""
    count = len(sizes)
    room = tuple(min(r, s) for r, s in zip(rooms, sizes, strict=True))
    ways = _ways(room, defuses)
    if ways[0][defuses] == 0:
        return []
    split: list[int] = []
    left = defuses
    for b in range(count):
        options = [comb(room[b], k) * ways[b + 1][left - k]
                   for k in range(min(room[b], left) + 1)]
        total = sum(options)
        point = rng.below(total) if total <= 4294967296 else int(
            rng.next_u32() / 4294967296.0 * total)
        k = 0
        while point >= options[k]:
            point -= options[k]
            k += 1
        split.append(k)
        left -= k
    return split


class Sampler:
    """Samples of one view: what does not change from one sample to the next (where each
    hidden bomb may have gone, and the model's weights for it) is worked out once."""

    __slots__ = ("blank", "particles", "record", "replayed", "stories", "view")

    def __init__(self, view: BombView, prior: HidePrior = uniform_prior,
                 particles: int = PARTICLES) -> None:
        self.view = view
        self.particles = particles
        self.replayed = 0
        """Particle steps replayed so far (a particle through one entry of the pile's story):
        what a sample costs beyond building it, for a search that counts its work."""
        self.record = view.record if view.record is not None else _blank_record(view)
        self.blank = _Story(view, _blank_record(view), uniform_prior)
        self.stories: list[_Story] = []
        if view.record is not None:
            self.stories.append(_Story(view, view.record, prior))

    def pile(self, rng: Pcg32) -> _Pile:
        """A replay of the pile's story (more particles if none holds; the blank story if
        none ever does)."""
        for story in self.stories:
            for count in (self.particles, 8 * self.particles):
                self.replayed += count * (len(story.record.deck) + 1)
                pile = story.replay(rng, count)
                if pile is not None:
                    return pile
        self.replayed += 1
        pile = self.blank.replay(rng, 1)
        assert pile is not None, "a blank story always holds"
        return pile

    def draw(self, rng: Pcg32) -> BombState:
        """One sample."""
        return _build(self.view, self.record, self.pile(rng), rng)


def sample(view: BombView, rng: Pcg32, prior: HidePrior = uniform_prior,
           particles: int = PARTICLES) -> BombState:
    """A state consistent with everything ``view`` shows or its seat knows (see the module)."""
    return Sampler(view, prior, particles).draw(rng)


def _build(view: BombView, record: SeatRecord, pile: _Pile, rng: Pcg32) -> BombState:
    ruleset = RULESETS[view.game]
    me = view.seat
    seats = len(view.seats)
    filler = sorted(ruleset.cards - {C.BOMB, C.DEFUSE})

    # the pile: the undecided cards take the bombs left, uniformly
    undecided = [i for i, kind in enumerate(pile.kinds) if kind == _UNDECIDED]
    deck: list[str | None] = list(pile.cards)
    for pick in range(pile.bombs):
        j = pick + rng.below(len(undecided) - pick)
        undecided[pick], undecided[j] = undecided[j], undecided[pick]
        deck[undecided[pick]] = C.BOMB
    free_deck = undecided[pile.bombs:]

    # the cards nobody has placed
    pool = ruleset.full_counts(seats)
    pool.pop(C.BOMB, None)
    placed: list[str] = [*view.discard, *view.hand]
    placed.extend(C.SHIELD for info in view.seats if info.shield)
    placed.extend(card for card in deck if card is not None and card != C.BOMB)
    others = [s for s in range(seats) if s != me and view.seats[s].alive]
    known: dict[int, list[str]] = {}
    for s in others:
        cards = list(record.known[s])[: view.seats[s].cards]
        known[s] = cards
        placed.extend(cards)
    for card in placed:
        if pool.get(card, 0) > 0:
            pool[card] -= 1
    defuses = pool.pop(C.DEFUSE, 0)
    rest = [card for card in sorted(pool) for _ in range(pool[card])]
    sizes = [view.seats[s].cards - len(known[s]) for s in others] + [len(free_deck)]
    spare = len(rest) + defuses - sum(sizes)
    while spare < 0:  # only a hand-made table lacks cards: fill with its own kinds
        rest.append(filler[rng.below(len(filler))])
        spare += 1
    sizes.append(spare)  # cards out of the game (a hand-made table's)

    # defuses first: a hand at most its ceiling, the rest in the pile or out of the game
    rooms = [max(0, record.defuse_caps[s] - known[s].count(C.DEFUSE)) for s in others]
    rooms += [len(free_deck), spare]
    split = (_defuse_split(sizes, rooms, defuses, rng)
             or _defuse_split(sizes, sizes, defuses, rng) or [0] * len(sizes))
    rng.shuffle(rest)
    hands: list[list[str]] = [[] for _ in range(seats)]
    if 0 <= me < seats:
        hands[me] = list(view.hand)
    for b, s in enumerate(others):
        take = sizes[b] - split[b]
        hands[s] = [*known[s], *([C.DEFUSE] * split[b]), *rest[:take]]
        del rest[:take]
    in_deck = split[len(others)]
    for pick in range(len(free_deck)):
        j = pick + rng.below(len(free_deck) - pick)
        free_deck[pick], free_deck[j] = free_deck[j], free_deck[pick]
        deck[free_deck[pick]] = C.DEFUSE if pick < in_deck else (rest.pop() if rest
                                                                 else filler[0])

    state = BombState.__new__(BombState)
    state.ruleset = ruleset
    state.options = view.options
    state.deck = [card if card is not None else filler[0] for card in deck]
    state.hands = hands
    state.alive = [info.alive for info in view.seats]
    state.shields = [info.shield for info in view.seats]
    state.markers = [info.defuses_proven for info in view.seats]
    clues: list[dict[int, str]] = []
    for s in range(seats):
        mark = 1 << s
        clues.append({i: state.deck[i] for i, m in enumerate(pile.marks) if m & mark}
                     if state.alive[s] and s != me else {})
    if 0 <= me < seats:
        top = len(state.deck) - 1
        clues[me] = {top - position: card for position, card in view.clues}
    state.clues = clues
    state.discard = list(view.discard)
    state.out = list(view.out)
    state.current = view.current
    state.owed = view.turns_owed
    state.attacked = view.attacked
    state.phase = Phase(view.phase)
    pending = view.pending
    if pending is None:
        state.pending = None
    else:
        state.pending = PendingPlay(pending.seat, pending.verb, pending.cards, pending.target,
                                    pending.named)
        state.pending.nopes = pending.nopes
    state.rng = Pcg32((rng.next_u32() << 32) | rng.next_u32(), rng.next_u32())
    state.total_cards = state.card_count()
    state.recording = view.record is not None
    state.kinds = record.kinds
    state.last_actor = record.last_actor
    source = view.record if view.record is not None else record
    state.shuffled = source.shuffled
    state.log = source.deck
    state.hid = [source.hid if s == me else () for s in range(seats)]
    state.saw = [source.saw if s == me else () for s in range(seats)]
    proven = tuple((C.DEFUSE,) * info.defuses_proven for info in view.seats)
    state.known = [record.known if s == me else
                   tuple(() if h == s else proven[h] for h in range(seats))
                   for s in range(seats)]
    state.caps = record.defuse_caps
    return state
