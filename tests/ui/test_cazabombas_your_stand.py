"""The person's own stand is "your stand" in the news and in a lost mission's summary, as
their panel says "You" (issue 20's re-review: "Crafty 2 cuts a 3 from Player 1's stand"
beside a panel saying "You"); at a hot-seat table the stands keep their people's names."""

from __future__ import annotations

from game.core.config import SeatKind
from game.match.match import Match
from game.rules.cazabombas import events as E
from game.ui.app import App
from game.ui.cazabombas.news import news_line
from game.ui.cazabombas.shots import HOLD
from game.ui.cazabombas.table import CazaTableScene
from tests.ui.test_cazabombas_table import caza

P, AST = SeatKind.PERSON, SeatKind.ASTUTO


def _right_cut_on(match: Match, owner: int) -> E.WiresCut | None:
    for _ in range(400):
        if match.is_over():
            return None
        match.step(SeatKind.ASTUTO)
        for item in match.feed_for(None, 0):
            event = item.event
            if isinstance(event, E.WiresCut) and event.wires and event.seat != owner \
                    and match.view_for(0).stand_owner[event.wires[0][0]] == owner:
                return event
    return None


def test_a_cut_on_the_persons_stand_says_your_stand(app: App) -> None:
    match = Match(caza(P, AST, AST, mission=1), 7)
    scene = CazaTableScene(app, match, pace=HOLD, briefing=False)
    app.stack.push(scene)
    cut = _right_cut_on(match, 0)
    assert cut is not None, "no teammate cut a wire of the person's stand on this deal"
    assert scene.you() == 0
    mine = news_line(scene.namer, cut, scene.you())
    assert mine is not None and app.loc.t("seat.you") not in mine
    assert "your stand" in mine and scene.namer.seat(0) not in mine
    named = news_line(scene.namer, cut)  # the curtain's recap, a hot-seat table: names
    assert named is not None and scene.namer.seat(0) in named


def test_a_hot_seat_table_names_every_stand(app: App) -> None:
    match = Match(caza(P, P, AST, mission=1), 7)
    scene = CazaTableScene(app, match, pace=HOLD, briefing=False)
    app.stack.push(scene)
    assert scene.you() is None
