"""Caza Bombas' statistics on the results, and the next mission they offer.

Per seat: the cuts made, the right ones, the mistakes and the equipment used; for the team the
detonator (mistakes left of those allowed) and the campaign (missions won of 8). Everything in
a mission happens face up but the wires a Walkie-Talkie swaps, which nothing here counts.

After a won mission below the last, the results offer the next one with the same seats (the
table's own "again" after a win does the same, ``CazaTableScene.next_table``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.cazabombas import events as E
from game.ui.cazabombas import progress
from game.ui.gamestats import Stats, per_seat, public_events, row
from game.ui.kit import FollowUp

if TYPE_CHECKING:
    from game.match.source import TableSource
    from game.ui.locale import Translator
    from game.ui.settings import Settings


def stats(loc: Translator, match: TableSource, settings: Settings) -> Stats | None:
    seats = match.config.seat_count
    events = public_events(match)
    right = per_seat(seats, events, E.WiresCut, lambda e: e.seat)
    wrong = per_seat(seats, events, E.CutMissed, lambda e: e.seat)
    used = per_seat(seats, events, E.EquipmentUsed, lambda e: e.seat)
    view = match.view_for(-1)
    won = set(progress.won(settings))
    if view.won and match.people:  # the table records it as the mission ends
        won.add(view.mission)
    team = (loc.t("results.stats.detonator", n=view.mistakes_left, total=view.max_mistakes),
            loc.t("results.stats.campaign", n=len(won), total=len(progress.MISSIONS)))
    return Stats((
        row(loc.t("results.stats.cuts"), [r + w for r, w in zip(right, wrong, strict=True)]),
        row(loc.t("results.stats.right_cuts"), right, mark_most=True),
        row(loc.t("results.stats.mistakes"), wrong),
        row(loc.t("results.stats.equipment"), used),
    ), team)


def next_mission(match: TableSource) -> FollowUp | None:
    """The next mission with the same seats, after a won mission below the last; after a
    lost one, the same mission again on a new deal ("Retry mission": the results lead with
    it, the review found "Play again" there)."""
    if not match.is_over():
        return None
    view = match.view_for(-1)
    if view.won is False:
        return FollowUp("results.retry_mission", match.config)
    if not view.won or view.mission >= progress.MISSIONS[-1]:
        return None
    return FollowUp("results.stats.next_mission",
                    progress.with_mission(match.config, view.mission + 1))
