"""A person at another computer is waited for, not "thinking": at a joined (or hosting) table
the match says ``is_person`` only of this computer's seats, and the banner read that as "a
machine", so the host's screen said "Bo is thinking…" of a person across the room."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from game.core.config import GameConfig, SeatKind
from game.match.match import Match
from game.ui.app import App
from game.ui.cazabombas import paint as caza_paint
from game.ui.cazabombas.shots import HOLD
from game.ui.cazabombas.table import CazaTableScene
from game.ui.diebombe import paint as die_paint
from game.ui.diebombe.table import DieTableScene
from tests.ui.test_cazabombas_table import caza

P, AST = SeatKind.PERSON, SeatKind.ASTUTO


class ElsewhereMatch(Match):
    """Seat 0's person is at this computer; every other person's is at another one (once the
    test has set the position up: ``apart``)."""

    apart = False

    def is_person(self, seat: int) -> bool:
        return seat == 0 if self.apart else super().is_person(seat)


def _until(match: Match, done: Callable[[], bool]) -> None:
    for _ in range(500):
        if done():
            return
        match.step(SeatKind.LANZADO)
    raise AssertionError("the position never came")


def test_caza_bombas_waits_for_a_person_at_another_computer(
        make_app: Callable[..., App]) -> None:
    app = make_app("en")
    match = ElsewhereMatch(caza(P, P, AST, mission=1), 5)
    scene = CazaTableScene(app, match, pace=HOLD, briefing=False)
    app.stack.push(scene)
    _until(match, lambda: match.view_for(0).current == 1 and not match.is_over())
    match.apart = True
    scene.update(0.0)
    while scene.timeline.busy:
        scene.update(0.5)
    _title, sub, _hot = caza_paint.banner(scene)
    assert sub == scene.namer.t("table.waiting", player=scene.namer.seat(1))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_die_bombe_waits_for_a_person_at_another_computer(
        make_app: Callable[..., App], lang: str) -> None:
    app = make_app(lang)
    match = ElsewhereMatch(GameConfig("diebombe", (P, P, P)), 21)
    scene = DieTableScene(app, match)
    app.stack.push(scene)
    # this computer's person and the machine have bid; the person elsewhere has not
    _until(match, lambda: match.view_for(0).phase == "bid")
    for seat in (0, 2):
        match.submit(seat, match.legal_for(seat)[0])
    assert list(match.view_for(0).has_bid) == [True, False, True]
    match.apart = True
    for _ in range(200):
        scene.update(0.1)
        if not scene.timeline.busy and scene.shown.has_bid[0]:
            break
    title, _sub, _hot = die_paint.banner(scene)
    assert title == scene.namer.t("table.waiting", player=scene.namer.seat(1))


def test_the_bomb_deck_waits_for_a_person_at_another_computer(
        make_app: Callable[..., App]) -> None:
    from game.match.flow import Pace
    from game.ui.bombdeck.paint import _banner_rows
    from game.ui.bombdeck.table import TableScene

    app = make_app("en")
    match = ElsewhereMatch(GameConfig("bombazo", (P, P, AST)), 12)
    _until(match, lambda: match.pending().decision.seats == (1,)
           and match.view_for(0).phase == "play")
    match.apart = True
    scene = TableScene(app, match, pace=Pace(60.0, 60.0, 1.0), deal=False)
    app.stack.push(scene)
    for _ in range(100):
        scene.update(0.1)
        if not scene.timeline.busy:
            break
    said = [text for text, *_ in _banner_rows(scene)]
    assert said[:1] == [scene.namer.t("table.waiting", player=scene.namer.seat(1))], said
