"""What just happened at the table, a line per public event (``diebombe.news.*`` keys), two
for a reveal: everybody's bid, then who bid highest (or who tied).

A sealed bid and a new round are left out (the envelopes and the round's title show them);
every line holds only what the whole table saw.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.match.match import FeedItem
from game.rules.diebombe import cards as C
from game.rules.diebombe import events as E
from game.rules.diebombe.state import RoundRecord
from game.ui.diebombe.names import Namer


def names(namer: Namer, seats: Sequence[int]) -> str:
    people = [namer.seat(seat) for seat in seats]
    if len(people) <= 1:
        return "".join(people)
    return namer.t("results.and", a=", ".join(people[:-1]), b=people[-1])


def bids_line(namer: Namer, ev: E.BidsRevealed) -> str:
    """Who bid what, once the bids are turned over: "Bids revealed: Ana (5), Bruno (17) and
    Carla (2)." (the seats in their order; a rebid names only the tied bidders)."""
    bids = [namer.t("diebombe.news.bid", player=namer.seat(seat), amount=bid)
            for seat, bid in enumerate(ev.bids) if bid is not None]
    every = bids[0] if len(bids) == 1 else \
        namer.t("results.and", a=", ".join(bids[:-1]), b=bids[-1])
    return namer.t("diebombe.news.rebids" if ev.rebid else "diebombe.news.bids", bids=every)


def lines_for(namer: Namer, ev: object) -> list[str]:
    """The news of one public event: none for a sealed bid or a new round; two for a reveal
    (everybody's bid, then who bid highest or who tied and bids again)."""
    if isinstance(ev, E.BidsRevealed):
        top = max((bid for bid in ev.bids if bid is not None), default=0)
        if len(ev.highest) > 1:
            verdict = namer.t("diebombe.news.tie", amount=top,
                              players=names(namer, ev.highest))
        else:
            verdict = namer.t("diebombe.news.highest", player=namer.seat(ev.highest[0]),
                              amount=top)
        return [bids_line(namer, ev), verdict]
    line = line_for(namer, ev)
    return [] if line is None else [line]


def line_for(namer: Namer, ev: object) -> str | None:
    """The one line of an event that has one line (a reveal has two: :func:`lines_for`)."""
    if isinstance(ev, E.CardTaken):
        if ev.paid:
            return namer.t("diebombe.news.took", player=namer.seat(ev.seat),
                           card=namer.card(ev.card), paid=ev.paid)
        return namer.t("diebombe.news.took_free", player=namer.seat(ev.seat),
                       card=namer.card(ev.card))
    if isinstance(ev, E.CardLeft):
        if ev.why == "no_target":
            return namer.t("diebombe.news.fizzled")
        return namer.t("diebombe.news.left", card=namer.card(ev.card))
    if isinstance(ev, E.BombPlayed):
        return namer.t("diebombe.news.bombed", bomber=namer.seat(ev.bomber),
                       target=namer.seat(ev.target), card=namer.card(ev.covered))
    return None


def news_lines(namer: Namer, items: Sequence[FeedItem], keep: int = 3) -> list[str]:
    """The last ``keep`` lines of ``items``, oldest first: every public event of a round
    (the bids once revealed and who bid them, a tie and its new bids, who took which card
    and paid what, who bombed whose card), so the hot-seat curtain's recap, made of these
    lines, says what the others did. ``items`` are what the viewer may see; a sealed bid
    has no line, so none is ever told before the reveal."""
    lines = [text for item in items for text in lines_for(namer, item.event)]
    return lines[-keep:]


@dataclass(frozen=True)
class OutcomeRow:
    """One line of a round's outcome: the card it is about (drawn as a small card before the
    words; ``None``: a line about the rule) and the words, short enough for one line."""

    card: str | None
    text: str
    kind: str
    """``paid`` (the winner), ``free`` (the second), ``left`` (a card out of the game),
    ``bomb`` (a bomb played or fizzled), ``rule`` (what a tie did)."""
    short: str = ""
    """The same said shorter ("Ana, for 40"), for when the words would not fit whole at the
    smallest size (a bigger text size); empty: none."""


def tie_line(namer: Namer, record: RoundRecord | None,
             events: Sequence[object]) -> str | None:
    """What the tie rule did this round, in one short line: a tie for the highest bid (the
    tied bid again for one card, the other left the game), or a tie for second (nobody took
    the other card); ``None`` without a tie."""
    if record is not None and len(record.reveals) > 1:
        first = [bid for bid in record.reveals[0] if bid is not None]
        return namer.t("diebombe.outcome.tie_top", amount=max(first, default=0))
    if any(isinstance(ev, E.CardLeft) and ev.why == "tie" for ev in events):
        return namer.t("diebombe.outcome.tie_second")
    return None


def outcome_rows(namer: Namer, events: Sequence[object],
                 record: RoundRecord | None) -> list[OutcomeRow]:
    """A round's outcome as clean lines, each whole on its own: the tie rule first when there
    was one, then who took which card for how much (the card drawn, the words "Ana pays 40"),
    the card nobody took, the bombs."""
    rows: list[OutcomeRow] = []
    rule = tie_line(namer, record, events)
    if rule is not None:
        rows.append(OutcomeRow(None, rule, "rule"))
    for ev in events:
        if isinstance(ev, E.CardTaken):
            player = namer.seat(ev.seat)
            if ev.paid:
                rows.append(OutcomeRow(ev.card, namer.t("diebombe.outcome.paid", player=player,
                                                        paid=ev.paid), "paid",
                                       namer.t("diebombe.history.took", player=player,
                                               paid=ev.paid)))
            else:
                rows.append(OutcomeRow(ev.card, namer.t("diebombe.outcome.free",
                                                        player=player), "free",
                                       namer.t("diebombe.history.second", player=player)))
        elif isinstance(ev, E.CardLeft):
            if ev.why == "no_target":
                rows.append(OutcomeRow(C.BOMB, namer.t("diebombe.outcome.fizzled"), "bomb"))
            else:
                rows.append(OutcomeRow(ev.card, namer.t("diebombe.outcome.left"), "left"))
        elif isinstance(ev, E.BombPlayed):
            rows.append(OutcomeRow(ev.covered, namer.t(
                "diebombe.outcome.bombed", bomber=namer.seat(ev.bomber),
                target=namer.seat(ev.target)), "bomb"))
    return rows
