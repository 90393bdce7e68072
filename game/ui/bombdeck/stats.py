"""The bomb deck's statistics on the results (Bombazo, Bomba en el Mazo, Clásico): per seat
the cards drawn and played, the bombs defused, the two cards of the rule set that turn a game
(Nope! and Attack; Mazo has neither: Shield and Swipe), and the table's turn when the seat
exploded. All of it from the public feed: a draw is seen by everyone, the card drawn is not
(and is not needed)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.bombdeck import cards as C
from game.rules.bombdeck import events as E
from game.rules.bombdeck.cards import RULESETS
from game.ui.gamestats import StatRow, Stats, per_seat, public_events, row

if TYPE_CHECKING:
    from game.match.source import TableSource
    from game.ui.locale import Translator
    from game.ui.settings import Settings

TELLING = (C.NOPE, C.ATTACK, C.SHIELD, C.SWIPE, C.PASS_IT)
"""The cards whose plays tell a game best, most telling first; a rule set shows its first
two."""


def telling_cards(game: str) -> tuple[str, ...]:
    """The two cards of ``game``'s rule set the statistics count by name."""
    ruleset = RULESETS[game]
    return tuple(card for card in TELLING if card in ruleset.cards)[:2]


def played_of(events: list[object], seats: int, card: str) -> list[int]:
    """How many ``card`` each seat played (a Nope! is its own event, the rest are plays)."""
    if card == C.NOPE:
        return per_seat(seats, events, E.Noped, lambda e: e.seat)
    return per_seat(seats, events, E.CardPlayed, lambda e: e.seat,
                    lambda e: sum(1 for c in e.cards if c == card))


def exploded_on(events: list[object], seats: int) -> list[int | None]:
    """The table's turn (the first is 1) on which each seat exploded; ``None``: it did not."""
    turn = 1
    out: list[int | None] = [None] * seats
    for event in events:
        if isinstance(event, E.TurnBegan):
            turn += 1
        elif isinstance(event, E.PlayerExploded):
            out[event.seat] = turn
    return out


KITTENS = "clasico"
"""The rule set whose bombs are exploding kittens (its screens say so)."""


def stats(loc: Translator, match: TableSource, settings: Settings) -> Stats | None:
    game = match.config.game
    if game not in RULESETS:
        return None
    seats = match.config.seat_count
    events = public_events(match)
    drawn = per_seat(seats, events, (E.CardDrawn, E.BombDrawn), lambda e: e.seat)
    played = per_seat(seats, events, E.CardPlayed, lambda e: e.seat, lambda e: len(e.cards))
    nopes = per_seat(seats, events, E.Noped, lambda e: e.seat)
    defused = per_seat(seats, events, E.BombDrawn, lambda e: e.seat, lambda e: int(e.defused))
    rows = [row(loc.t("results.stats.drawn"), drawn),
            row(loc.t("results.stats.played"), [p + n for p, n in zip(played, nopes,
                                                                        strict=True)]),
            row(loc.t("results.stats.defused_kitten" if game == KITTENS else
                      "results.stats.defused"), defused, mark_most=True)]
    for card in telling_cards(game):
        name = loc.t(f"card.{game}.{card}.name")
        rows.append(row(loc.t("results.stats.card_played", card=name),
                        played_of(events, seats, card)))
    out = exploded_on(events, seats)
    last = row(loc.t("results.stats.exploded"),
               [loc.t("results.stats.turn", n=turn) if turn is not None
                else loc.t("results.stats.never") for turn in out])
    rows.append(StatRow(last.label, last.values,  # who never exploded: the survivor
                        frozenset(seat for seat, turn in enumerate(out) if turn is None)))
    return Stats(tuple(rows))
