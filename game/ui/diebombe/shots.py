"""Die Bombe tables set up mid-game for screenshots: ``build(app, code, state)``.

A seeded match is played on (machines by their own choice, the people, whichever seats they
sit in, by a fixed simple policy) until the state asked for, then the table is shown with the
machines holding still and, at a hot-seat table, the curtain up for the person whose decision
it is (as if they had just said "it's me"):

- ``table``: round 6 or later, the person has sealed a bid, the machines are to bid;
- ``bid``: the person's secret bid entry, a value typed;
- ``rebid``: a tie at the top with the person in it, bidding again;
- ``reveal``: the bids just turned over, one by one, the winner's number grown and lit;
- ``take``: the person bid highest and chooses a card;
- ``bomb``: the person took a bomb and aims it;
- ``outcome``: the person bid highest and took a card: the round's outcome on screen before
  the next round;
- ``curtain``: two people at the table, the curtain down for the second one's bid;
- ``history``: the history of the revealed bids over the table;
- ``scoring``: the game over, the final scoring complete.

Where a state waits on the machines' sealed bids (``rebid``: a tie; ``reveal``: one winner),
the last person to bid names an amount chosen after looking at the others' bids on a copy of
the match (a machine's bid never depends on a person's sealed one, so the copy tells the
truth). A state none of a few deals from the code's seed reaches is refused with a
:class:`~game.ui.screenshot.ScreenshotError` saying so.

With a ``code`` the game is that code's (seat 0 becomes a person if nobody is one); without
one it is Die Bombe, a person against three Astuto.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.core.config import GameConfig, SeatKind
from game.match.flow import Pace
from game.match.match import Match
from game.rules.codes import decode
from game.rules.diebombe import actions as A
from game.rules.diebombe import cards as C
from game.rules.diebombe import events as E
from game.rules.diebombe.view import DieView
from game.ui.diebombe.history import HistoryScene
from game.ui.screenshot import ScreenshotError

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.diebombe.table import DieTableScene

P, AST = SeatKind.PERSON, SeatKind.ASTUTO
DEFAULT = GameConfig("diebombe", (P, AST, AST, AST))
DEFAULT_SEED = 4004
STATES = ("table", "bid", "rebid", "reveal", "take", "bomb", "outcome", "curtain", "history",
          "scoring")
HOLD = Pace(60.0, 60.0, 1.0)
"""Machines hold still for the picture."""
MID_ROUND = 6
FRAME = 1 / 60
TRIES = 60
"""Deals looked at for a state before it is given up (a game plays through in milliseconds)."""
BIDS = C.MAX_BID - C.MIN_BID + 1

Ready = Callable[[Match, DieView], bool]
Bidder = Callable[[DieView], int]
Steer = Callable[[Match, DieView], "A.Action | None"]


def _config(code: str | None, people: int = 1) -> tuple[GameConfig, int]:
    config, seed = (DEFAULT, DEFAULT_SEED) if code is None else decode(code)
    seats = list(config.seats)
    for seat in range(min(people, len(seats))):
        if seats.count(P) < people and seats[seat] is not P:
            seats[seat] = P
    if P not in seats:
        seats[0] = P
    return GameConfig(config.game, tuple(seats), config.options, config.first), seed


def modest(view: DieView) -> int:
    """The person's everyday bid: a little under a third of the best card on the table."""
    best = max((C.value_of(card) for card in view.faceup), default=5)
    return max(1, min(C.MAX_BID, best // 3 + view.round % 4))


def person_move(match: Match, seat: int, bidder: Bidder) -> A.Action:
    """The policy's move. In a rebid each tied person adds their seat number to the amount
    (wrapping round within 1–40), so tied people part: a tie among people alone ends."""
    view: DieView = match.view_for(seat)
    legal: list[A.Action] = match.legal_for(seat)
    if view.phase in ("bid", "rebid"):
        amount = bidder(view) + (seat if view.phase == "rebid" else 0)
        return A.bid(C.MIN_BID + (amount - C.MIN_BID) % BIDS)
    if view.phase == "take":
        return max(legal, key=lambda a: (a.card == C.BOMB, C.value_of(a.card or "")))
    return legal[0]


def advance(match: Match, ready: Ready, bidder: Bidder = modest, limit: int = 400,
            steer: Steer | None = None) -> bool:
    """Play on until ``ready`` (checked whenever a person is to act); ``False`` if the game
    ended first. ``steer``: the person's own move when it has one (``None``: the policy)."""
    for _ in range(limit):
        if match.is_over():
            return False
        pending = match.pending()
        if pending.people:
            seat = pending.people[0]
            view = match.view_for(seat)
            if ready(match, view):
                return True
            action = steer(match, view) if steer is not None else None
            match.submit(seat, action if action is not None
                         else person_move(match, seat, bidder))
        else:
            match.step()
    return False


def _find(config: GameConfig, seed: int, ready: Ready, bidder: Bidder = modest, *,
          state: str = "table", steer: Steer | None = None) -> Match:
    for k in range(TRIES):
        match = Match(config, (seed + k) % (1 << 20))
        if advance(match, ready, bidder, steer=steer):
            return match
    raise ScreenshotError(f"cannot show the {state!r} scene of Die Bombe with "
                          f"{config.seat_count} players: none of {TRIES} games from this "
                          "code reaches it")


def _bidding(match: Match, view: DieView) -> bool:
    return view.phase == "bid" and view.round >= MID_ROUND


def _last_to_bid(match: Match, view: DieView) -> bool:
    """The person is the only one still to bid in the bidding now: once they seal it, only
    machines act (so the screen never needs the curtain for another person)."""
    return view.phase in ("bid", "rebid") and match.pending().people == (view.seat,)


def _others_bids(match: Match, seat: int) -> tuple[int | None, ...]:
    """Every bid of the bidding now as it will be revealed, ``seat``'s left out: ``seat`` is
    the last person to bid, so a copy where it bids and the machines follow shows them."""
    copy = Match.from_save(match.save())
    before = copy.feed_size
    copy.submit(seat, A.bid(C.MIN_BID))
    for _ in range(copy.config.seat_count):
        reveals = [item.event for item in copy.feed_for(None, before)
                   if isinstance(item.event, E.BidsRevealed)]
        if reveals:
            return tuple(None if s == seat else bid for s, bid in enumerate(reveals[0].bids))
        copy.step()  # a machine's bid: only machines are left to bid
    return ()  # pragma: no cover - the last bid always turns them over


def _winning_bid(match: Match, view: DieView) -> int | None:
    """A bid of the last person's that one seat alone bids highest with (``modest`` if it
    does, else one more than the best of the others'); ``None`` if there is none."""
    others = [bid for bid in _others_bids(match, view.seat) if bid is not None]
    if not others:
        return None
    for amount in (modest(view), max(others) + 1):
        bids = [*others, amount]
        if amount <= C.MAX_BID and bids.count(max(bids)) == 1:
            return amount
    return None


def _tying_bid(match: Match, view: DieView) -> A.Action | None:
    """Steering for ``rebid``: from round 3 on, the last person to bid matches the best of
    the others' bids, so the top is a tie with them in it."""
    if view.phase != "bid" or view.round < 3 or not _last_to_bid(match, view):
        return None
    others = [bid for bid in _others_bids(match, view.seat) if bid is not None]
    return A.bid(max(others)) if others else None


def _table(app: App, match: Match, *, lift: bool = True) -> DieTableScene:
    """The table on ``app``'s stack; ``lift``: at a hot-seat table the person to act has
    confirmed the curtain, so their decision is on screen (not the curtain)."""
    from game.ui.diebombe.table import DieTableScene

    scene = DieTableScene(app, match, pace=HOLD)
    app.stack.push(scene)
    if lift and scene.flow.curtain_for is not None:
        scene._curtain_done(True)  # what the person's "it's me" does
    return scene


def _run(scene: DieTableScene, seconds: float) -> None:
    for _ in range(round(seconds / FRAME)):
        scene.update(FRAME)


def _steady(view: DieView) -> int:
    """Always 12: the machines' bids meet it now and then."""
    return 12


def _greedy(view: DieView) -> int:
    return C.MAX_BID if view.round >= 4 else modest(view)


def _bomb_bidder(view: DieView) -> int:
    others = any(cards for seat, cards in enumerate(view.won) if seat != view.seat)
    if C.BOMB in view.faceup and view.round >= 4 and others:
        return C.MAX_BID
    return modest(view)


def build(app: App, code: str | None, state: str) -> None:
    """Put the table in ``state`` on ``app``'s stack (with its modal on top)."""
    if state not in STATES:
        raise ValueError(f"unknown Die Bombe state {state!r} (known: {', '.join(STATES)})")
    app.stack.reset()
    if state == "curtain":
        config, seed = _config(code, people=2)
        match = _find(config, seed, lambda m, v: _bidding(m, v)
                      and any(v.has_bid[p] for p in m.people), state=state)
        _table(app, match, lift=False)  # its first frame brings the curtain down
        return
    config, seed = _config(code)
    if state == "scoring":
        match = Match(config, seed)
        match.play_to_end(AST)
        scene = _table(app, match)
        if scene.sheet is not None:
            scene.sheet.finish()
        return
    if state == "take":
        match = _find(config, seed, lambda m, v: v.phase == "take" and v.taker == v.seat
                      and v.round >= 4, _greedy, state=state)
        _table(app, match)
        return
    if state == "outcome":
        match = _find(config, seed, lambda m, v: v.phase == "take" and v.taker == v.seat
                      and v.round >= 4 and C.BOMB not in v.faceup, _greedy, state=state)
        scene = _table(app, match)
        legal: list[A.Action] = match.legal_for(match.pending().people[0])
        scene.submit(max(legal, key=lambda a: C.value_of(a.card or "")))
        for _ in range(round(4.0 / FRAME)):
            if scene.outcome is not None:
                break
            scene.update(FRAME)
        _run(scene, 0.6)
        return
    if state == "bomb":
        match = _find(config, seed, lambda m, v: v.phase == "bomb" and bool(v.bombers)
                      and v.bombers[0] == v.seat, _bomb_bidder, state=state)
        _table(app, match)
        return
    if state == "reveal":
        _reveal(app, config, seed)
        return
    if state == "rebid":
        match = _find(config, seed, lambda m, v: v.phase == "rebid" and v.seat in v.bidders,
                      _steady, state=state, steer=_tying_bid)
        _table(app, match)
        return
    if state == "table":
        match = _find(config, seed, lambda m, v: _bidding(m, v) and _last_to_bid(m, v),
                      state=state)
        scene = _table(app, match)
        scene.bid(modest(scene.shown))
        _run(scene, 0.5)
        return
    match = _find(config, seed, _bidding, state=state)
    scene = _table(app, match)
    if state == "bid" and scene.pad is not None:
        scene.pad.set(modest(scene.shown) + 3)
    elif state == "history":
        scene.push(HistoryScene(app, scene.shown, scene.namer))


def _reveal(app: App, config: GameConfig, seed: int) -> None:
    """The last person to bid seals a bid that one seat alone tops, the machines bid, and
    the reveal plays."""
    match = _find(config, seed, lambda m, v: _bidding(m, v) and _last_to_bid(m, v)
                  and _winning_bid(m, v) is not None, state="reveal")
    person = match.pending().people[0]
    amount = _winning_bid(match, match.view_for(person))
    scene = _table(app, match)
    scene.bid(amount if amount is not None else modest(scene.shown))
    while match.pending().phase == "bid" and match.pending().seats:
        match.step()
    scene._tell()
    for _ in range(round(4.0 / FRAME)):  # the seal, the drumroll, the bids one by one
        reveal = scene.reveal
        if reveal is not None and all(flip.started for flip in reveal.flips.values()):
            break  # the picture's settling time turns the last one and grows the winner
        scene.update(FRAME)
