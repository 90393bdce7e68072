"""Die Bombe's statistics on the results: per seat the biddings won (a card bought), the
biggest bid revealed, the bombs taken, the points of rivals' cards those bombs blew away and
the cards a seat lost to others' bombs. Bids are counted when they are revealed, never from
a sealed bid (only its bidder sees the amount then)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.diebombe import cards as C
from game.rules.diebombe import events as E
from game.ui.gamestats import Stats, per_seat, public_events, row

if TYPE_CHECKING:
    from game.match.source import TableSource
    from game.ui.locale import Translator
    from game.ui.settings import Settings


def biggest_bids(events: list[object], seats: int) -> list[int | None]:
    """Each seat's biggest revealed bid (``None``: it never bid)."""
    out: list[int | None] = [None] * seats
    for event in events:
        if isinstance(event, E.BidsRevealed):
            for seat, bid in enumerate(event.bids[:seats]):
                if bid is not None:
                    best = out[seat]
                    out[seat] = bid if best is None else max(best, bid)
    return out


def stats(loc: Translator, match: TableSource, settings: Settings) -> Stats | None:
    seats = match.config.seat_count
    events = public_events(match)
    bought = per_seat(seats, events, E.CardTaken, lambda e: e.seat if e.paid > 0 else None)
    bombs = per_seat(seats, events, E.CardTaken, lambda e: e.seat if e.card == C.BOMB else None)
    blasted = per_seat(seats, events, E.BombPlayed, lambda e: e.bomber,
                       lambda e: C.value_of(e.covered))
    lost = per_seat(seats, events, E.BombPlayed, lambda e: e.target)
    never = loc.t("results.stats.none")
    return Stats((
        row(loc.t("results.stats.bids_won"), bought, mark_most=True),
        row(loc.t("results.stats.biggest_bid"),
            [never if bid is None else bid for bid in biggest_bids(events, seats)],
            mark_most=True),
        row(loc.t("results.stats.bombs_taken"), bombs),
        row(loc.t("results.stats.points_blasted"), blasted, mark_most=True),
        row(loc.t("results.stats.cards_lost"), lost),
    ))
