"""The record: what each seat remembers of a bomb-deck game beyond the table as it stands.

The engine calls these as it applies actions; they read and write only the state's record
fields (``kinds``, ``last_actor``, ``shuffled``, ``log``, ``hid``, ``saw``, ``known``,
``caps``), so no rule and no event depends on them. ``view`` hands each seat its part as a
``SeatRecord``: the draw pile's story since the last shuffle (draws, hidden bombs, peeks) with
the seat's own secrets in it, the cards it knows other hands hold, each seat's defuse ceiling,
the seats' kinds and the last seat to act. A searching player samples the hidden cards from it.

Known cards are lower bounds and stay true whatever happens next:

- the dealt defuse is known to everybody (the 🧯 marker);
- a card seen leaving a hand (played, spent, given in public) is one fewer known there;
- a card moving in public (a trio's named card) is known in the taker's hand by everybody;
- a card moving unseen (a favor's gift, a random steal) is known in the taker's hand by the
  giver, and gone from the giver's by the taker; everybody else knows one card of the giver's
  left, so each kind they knew there is one fewer (the count that survives any one loss);
- a card a seat saw on the pile (its clue), drawn by another seat, is known in that hand.

A seat's defuse ceiling starts at one (its dealt defuse), goes up by one for every card it takes
whose kind the table did not see (a draw, a gift, a steal) and for a defuse it takes in public,
and down by one for every defuse it spends or gives in public.
"""

from __future__ import annotations

from game.rules.bombdeck import cards as C
from game.rules.bombdeck.state import BombState
from game.rules.bombdeck.view import Drawn, Hidden, Peeked


def start(state: BombState, kinds: tuple[str, ...], first: int, caps: tuple[int, ...]) -> None:
    """A fresh record for a dealt (or scenario-built) table: the deck counts as shuffled."""
    seats = state.seats
    state.kinds = kinds
    state.last_actor = first
    state.hid = [()] * seats
    state.saw = [()] * seats
    marked = [(C.DEFUSE,) if state.markers[h] > 0 else () for h in range(seats)]
    state.known = [tuple(() if h == v else marked[h] for h in range(seats))
                   for v in range(seats)]
    state.caps = caps
    reshuffled(state)


def reshuffled(state: BombState) -> None:
    deck = state.deck
    state.shuffled = (len(deck), deck.count(C.BOMB))
    state.log = ()
    seats = state.seats
    state.hid = [()] * seats
    state.saw = [()] * seats


def drawn(state: BombState, seat: int, bottom: bool, card: str,
          seen_by: list[int] | None) -> None:
    """``seat`` drew ``card``; ``seen_by``: the seats whose clue showed that card."""
    bomb = card == C.BOMB
    key = (seat, bottom, bomb)
    entry = _DRAWN.get(key)
    if entry is None:
        entry = _DRAWN[key] = Drawn(seat, bottom, bomb)
    state.log += (entry,)
    if bomb:
        return
    caps = state.caps
    state.caps = (*caps[:seat], caps[seat] + 1, *caps[seat + 1:])
    if seen_by:
        for viewer in seen_by:
            if viewer != seat:
                _set(state, viewer, seat, _add(state.known[viewer][seat], card))


_DRAWN: dict[tuple[int, bool, bool], Drawn] = {}
"""One shared entry per (seat, bottom, bomb): a draw is the commonest action."""


def hidden(state: BombState, seat: int, size: int, position: int) -> None:
    """``seat`` hid a bomb ``position`` cards from the top of a ``size``-card pile."""
    state.log = (*state.log, Hidden(seat, size, state.owed, tuple(state.markers),
                                    tuple(state.alive)))
    state.hid[seat] = (*state.hid[seat], (len(state.log) - 1, position))


def peeked(state: BombState, seat: int, seen: tuple[str, ...]) -> None:
    state.log = (*state.log, Peeked(seat, len(seen)))
    state.saw[seat] = (*state.saw[seat], (len(state.log) - 1, seen))


def played(state: BombState, seat: int, card: str, count: int = 1) -> None:
    """``count`` cards ``card`` left ``seat``'s hand in front of everybody."""
    for viewer, rows in enumerate(state.known):
        row = rows[seat]
        if card in row:
            for _ in range(count):
                row = _remove(row, card)
            _set(state, viewer, seat, row)


def spent_defuse(state: BombState, seat: int) -> None:
    played(state, seat, C.DEFUSE)
    _cap(state, seat, -1)


def exploded(state: BombState, seat: int) -> None:
    for viewer in range(state.seats):
        if state.known[viewer][seat]:
            _set(state, viewer, seat, ())
    _cap(state, seat, -state.caps[seat])


def moved(state: BombState, giver: int, taker: int, card: str, unseen: bool) -> None:
    """``card`` went from ``giver`` to ``taker``; ``unseen``: only those two saw which."""
    if not unseen:
        played(state, giver, card)
        for viewer in range(state.seats):
            if viewer != taker:
                _set(state, viewer, taker, _add(state.known[viewer][taker], card))
        if card == C.DEFUSE:
            _cap(state, giver, -1)
            _cap(state, taker, 1)
        return
    _cap(state, taker, 1)
    _set(state, giver, taker, _add(state.known[giver][taker], card))
    row = state.known[taker][giver]
    if card in row:
        _set(state, taker, giver, _remove(row, card))
    for viewer in range(state.seats):
        if viewer != giver and viewer != taker and state.known[viewer][giver]:
            _set(state, viewer, giver, _thin(state.known[viewer][giver]))


# ------------------------------------------------------------ known rows and ceilings


def _cap(state: BombState, seat: int, change: int) -> None:
    """The ceiling of ``seat`` moved by ``change`` (never below zero); ``caps`` is a tuple, so
    a view takes it as it is."""
    caps = state.caps
    value = max(0, caps[seat] + change)
    if value != caps[seat]:
        state.caps = (*caps[:seat], value, *caps[seat + 1:])


def _set(state: BombState, viewer: int, holder: int, cards: tuple[str, ...]) -> None:
    row = state.known[viewer]
    state.known[viewer] = (*row[:holder], cards, *row[holder + 1:])


def _add(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    return tuple(sorted((*cards, card)))


def _remove(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    if card not in cards:
        return cards
    at = cards.index(card)
    return cards[:at] + cards[at + 1:]


def _thin(cards: tuple[str, ...]) -> tuple[str, ...]:
    """One of each kind fewer (the cards sorted): what surely remains after one unseen loss."""
    out: list[str] = []
    previous: str | None = None
    for card in cards:
        if card == previous:
            out.append(card)
        previous = card
    return tuple(out)
