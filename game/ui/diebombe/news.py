"""What just happened at the table, one line per public event (``diebombe.news.*`` keys).

A sealed bid and a new round are left out (the envelopes and the round's title show them);
every line holds only what the whole table saw.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.match.match import FeedItem
from game.rules.diebombe import events as E
from game.ui.diebombe.names import Namer


def names(namer: Namer, seats: Sequence[int]) -> str:
    people = [namer.seat(seat) for seat in seats]
    if len(people) <= 1:
        return "".join(people)
    return namer.t("results.and", a=", ".join(people[:-1]), b=people[-1])


def line_for(namer: Namer, ev: object) -> str | None:
    if isinstance(ev, E.BidsRevealed):
        top = max((bid for bid in ev.bids if bid is not None), default=0)
        if len(ev.highest) > 1:
            return namer.t("diebombe.news.tie", amount=top, players=names(namer, ev.highest))
        return namer.t("diebombe.news.highest", player=namer.seat(ev.highest[0]), amount=top)
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
    """The last ``keep`` lines of ``items``, oldest first."""
    lines = [text for item in items if (text := line_for(namer, item.event)) is not None]
    return lines[-keep:]
