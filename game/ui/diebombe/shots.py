"""Die Bombe tables set up mid-game for screenshots: ``build(app, code, state)``.

A seeded match is played on (machines by their own choice, the person by a fixed simple
policy) until the state asked for, then the table is shown with the machines holding still:

- ``table``: round 6 or later, the person has sealed a bid, the machines are to bid;
- ``bid``: the person's secret bid entry, a value typed;
- ``rebid``: a tie at the top with the person in it, bidding again;
- ``reveal``: the bids just turned over, the winner's number grown;
- ``take``: the person bid highest and chooses a card;
- ``bomb``: the person took a bomb and aims it;
- ``curtain``: two people at the table, the curtain down for the second one's bid;
- ``history``: the history of the revealed bids over the table;
- ``scoring``: the game over, the final scoring complete.

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

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.diebombe.table import DieTableScene

P, AST = SeatKind.PERSON, SeatKind.ASTUTO
DEFAULT = GameConfig("diebombe", (P, AST, AST, AST))
DEFAULT_SEED = 4004
STATES = ("table", "bid", "rebid", "reveal", "take", "bomb", "curtain", "history",
          "scoring")
HOLD = Pace(60.0, 60.0, 1.0)
"""Machines hold still for the picture."""
MID_ROUND = 6
FRAME = 1 / 60

Ready = Callable[[Match, DieView], bool]
Bidder = Callable[[DieView], int]


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
    view: DieView = match.view_for(seat)
    legal: list[A.Action] = match.legal_for(seat)
    if view.phase in ("bid", "rebid"):
        return A.bid(bidder(view) + (seat if view.phase == "rebid" else 0))
    if view.phase == "take":
        return max(legal, key=lambda a: (a.card == C.BOMB, C.value_of(a.card or "")))
    return legal[0]


def advance(match: Match, ready: Ready, bidder: Bidder = modest, limit: int = 400) -> bool:
    """Play on until ``ready`` (checked whenever a person is to act); ``False`` if the game
    ended first."""
    for _ in range(limit):
        if match.is_over():
            return False
        pending = match.pending()
        if pending.people:
            seat = pending.people[0]
            if ready(match, match.view_for(seat)):
                return True
            match.submit(seat, person_move(match, seat, bidder))
        else:
            match.step()
    return False


def _find(config: GameConfig, seed: int, ready: Ready, bidder: Bidder = modest) -> Match:
    for k in range(60):
        match = Match(config, (seed + k) % (1 << 20))
        if advance(match, ready, bidder):
            return match
    raise RuntimeError("no seed reaches the state")


def _bidding(match: Match, view: DieView) -> bool:
    return view.phase == "bid" and view.round >= MID_ROUND


def _table(app: App, match: Match) -> DieTableScene:
    from game.ui.diebombe.table import DieTableScene

    scene = DieTableScene(app, match, pace=HOLD)
    app.stack.push(scene)
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
        match = _find(config, seed, lambda m, v: _bidding(m, v) and v.seat == 1
                      and v.has_bid[0])
        _table(app, match)  # its first frame brings the curtain down for the second person
        return
    config, seed = _config(code)
    if state == "scoring":
        match = Match(config, seed)
        match.play_to_end(AST)
        scene = _table(app, match)
        assert scene.sheet is not None
        scene.sheet.finish()
        return
    if state == "take":
        match = _find(config, seed, lambda m, v: v.phase == "take" and v.taker == v.seat
                      and v.round >= 4, _greedy)
        _table(app, match)
        return
    if state == "bomb":
        match = _find(config, seed, lambda m, v: v.phase == "bomb" and bool(v.bombers)
                      and v.bombers[0] == v.seat, _bomb_bidder)
        _table(app, match)
        return
    if state == "reveal":
        _reveal(app, config, seed)
        return
    if state == "rebid":
        match = _find(config, seed, lambda m, v: v.phase == "rebid" and v.seat in v.bidders,
                      _steady)
        _table(app, match)
        return
    match = _find(config, seed, _bidding)
    scene = _table(app, match)
    if state == "table":
        scene.bid(modest(scene.shown))
        _run(scene, 0.5)
    elif state == "bid":
        assert scene.pad is not None
        scene.pad.set(modest(scene.shown) + 3)
    elif state == "history":
        scene.push(HistoryScene(app, scene.shown, scene.namer))


def _single_winner(match: Match) -> bool:
    """The person bids, then every machine; ``True`` if one seat bid highest."""
    reveals = [item.event for item in match.feed_for(None) if
               isinstance(item.event, E.BidsRevealed)]
    return bool(reveals) and len(reveals[-1].highest) == 1


def _reveal(app: App, config: GameConfig, seed: int) -> None:
    for k in range(60):
        match = _find(config, seed + k, _bidding)
        trial = Match.from_save(match.save())
        person = trial.pending().people[0]
        trial.submit(person, A.bid(modest(trial.view_for(person))))
        while trial.pending().phase == "bid":
            trial.step()
        if not _single_winner(trial):
            continue
        scene = _table(app, match)
        scene.bid(modest(scene.shown))
        while match.pending().phase == "bid":
            match.step()
        scene._tell()
        _run(scene, 2.5)
        return
    raise RuntimeError("no seed reveals a single winner")
