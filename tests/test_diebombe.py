"""Die Bombe's engine through its contract: decisions, events and who sees them, actions as
JSON, tables it refuses, and whole games through the match with people and machines (RULES.md
§5; the rule-by-rule cases are the scenario corpus, tests/scenarios/diebombe)."""

from __future__ import annotations

import pytest

from game.core.config import GameConfig, SeatKind
from game.core.engine import DecisionKind, seen_by
from game.core.errors import IllegalAction, MalformedInput
from game.match.match import Match, NeedsPerson
from game.rules.diebombe import actions as A
from game.rules.diebombe import events as E
from game.rules.diebombe.engine import DIEBOMBE_ENGINE as ENGINE
from game.rules.diebombe.engine import blank_state, start
from game.rules.diebombe.state import DieState
from game.rules.registry import engine_for, playable

P, LZ, AS, DE = SeatKind.PERSON, SeatKind.LANZADO, SeatKind.ASTUTO, SeatKind.DESPIADADO


def table(faceup: list[str], deck: list[str], won: list[list[str]] | None = None,
          seats: int = 3, options: frozenset[str] = frozenset()) -> DieState:
    """A dealt position (deck top first), as a scenario file deals it."""
    state = blank_state(seats, options, 0)
    state.faceup = faceup
    state.deck = deck[::-1]
    state.won = won or [[] for _ in range(seats)]
    start(state)
    return state


def play(state: DieState, *moves: tuple[int, A.Action]) -> list[E.DieEvent]:
    events: list[E.DieEvent] = []
    for seat, action in moves:
        events.extend(ENGINE.apply(state, seat, action))
    return events


def test_die_bombe_is_registered_and_playable() -> None:
    assert "diebombe" in playable()
    assert engine_for("diebombe") is ENGINE


def test_a_round_is_a_sealed_bidding_then_one_take() -> None:
    state = table(["R25", "G3"], ["R7", "G11"])
    decision = ENGINE.decision(state)
    assert (decision.kind, decision.seats, decision.phase) == (DecisionKind.SECRET,
                                                                (0, 1, 2), "bid")
    first = play(state, (1, A.bid(12)))
    assert first == [E.BidPlaced(1, 12, False, (1,))]
    assert seen_by(first[0], 0) == E.BidPlaced(1, None, False, (1,))
    assert seen_by(first[0], 1) == first[0]
    assert ENGINE.decision(state).seats == (0, 2)
    assert ENGINE.legal_actions(state, 1) == []
    assert ENGINE.legal_actions(state, 0) == list(A.BIDS)
    reveal = play(state, (0, A.bid(5)), (2, A.bid(30)))
    assert reveal[-1] == E.BidsRevealed((5, 12, 30), False, (2,), 1)
    assert ENGINE.decision(state) == (DecisionKind.ONE, (2,), "take")
    assert ENGINE.legal_actions(state, 2) == [A.take("R25"), A.take("G3")]
    taken = play(state, (2, A.take("G3")))
    assert taken == [E.CardTaken(2, "G3", 30), E.CardTaken(1, "R25", 0),
                     E.RoundStarted(15, ("R7", "G11"))]


def test_ties_send_the_tied_seats_to_a_secret_rebid() -> None:
    state = table(["R25", "G3"], [], seats=4)
    events = play(state, (0, A.bid(9)), (1, A.bid(9)), (2, A.bid(9)), (3, A.bid(2)))
    assert events[-1] == E.BidsRevealed((9, 9, 9, 2), False, (0, 1, 2), None)
    assert ENGINE.decision(state) == (DecisionKind.SECRET, (0, 1, 2), "rebid")
    events = play(state, (2, A.bid(1)), (0, A.bid(7)), (1, A.bid(7)))
    assert events[0] == E.BidPlaced(2, 1, True, (2,))
    assert events[-1] == E.BidsRevealed((7, 7, 1, None), True, (0, 1), None)
    assert ENGINE.decision(state).seats == (0, 1)
    events = play(state, (0, A.bid(3)), (1, A.bid(4)), (1, A.take("R25")))
    assert E.CardLeft("G3", "tie") in events
    assert state.minus == [0, 4, 0, 0]
    assert isinstance(events[-1], E.GameOver)
    assert events[-1].ranking == (1, 0, 2, 3)


def test_bombs_are_played_in_order_and_say_what_they_covered() -> None:
    state = table(["B", "B"], ["R3", "G3"], [["R5"], ["G7"], ["R9", "G11"]])
    play(state, (0, A.bid(1)), (1, A.bid(9)), (2, A.bid(4)))
    play(state, (1, A.take("B")))
    assert ENGINE.decision(state) == (DecisionKind.ONE, (1,), "bomb")
    assert ENGINE.legal_actions(state, 1) == [A.bomb(0, "red"), A.bomb(2, "red"),
                                              A.bomb(2, "green")]
    events = play(state, (1, A.bomb(2, "green")))
    assert events == [E.BombPlayed(1, 2, "G11")]
    assert ENGINE.decision(state).seats == (2,)
    events = play(state, (2, A.bomb(0, "red")))
    assert events == [E.BombPlayed(2, 0, "R5"), E.RoundStarted(15, ("R3", "G3"))]
    assert state.set_aside == ["B", "G11", "B", "R5"]


def test_with_any_card_bombed_every_card_of_another_seat_is_a_move() -> None:
    state = table(["B", "G3"], [], [[], ["R9", "R13", "G7"], ["G9"]],
                  options=frozenset({"any_card_bombed"}))
    play(state, (0, A.bid(9)), (1, A.bid(1)), (2, A.bid(4)), (0, A.take("B")))
    assert ENGINE.legal_actions(state, 0) == [A.bomb(1, card=c) for c in ("R9", "R13", "G7")] \
        + [A.bomb(2, card=c) for c in ("G9", "G3")]
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, 0, A.bomb(1, "red"))  # a colour is not a card


def test_a_bomb_with_nothing_to_cover_leaves_the_game() -> None:
    state = table(["B", "G5"], ["R3", "R5"])
    events = play(state, (0, A.bid(8)), (1, A.bid(3)), (2, A.bid(3)), (0, A.take("B")))
    assert events[-3:] == [E.CardLeft("G5", "tie"), E.CardLeft("B", "no_target"),
                           E.RoundStarted(15, ("R3", "R5"))]


@pytest.mark.parametrize("action", [
    A.Action("bid"), A.Action("bid", 5, card="R3"), A.Action("take"),
    A.Action("take", card="R99"), A.Action("bomb", color="red"),
    A.Action("bomb", target=1, color="blue"), A.Action("play", card="R3"),
    A.Action("bid", True),  # type: ignore[arg-type]
])
def test_misshapen_actions_are_illegal_and_change_nothing(action: A.Action) -> None:
    state = table(["R25", "G3"], [])
    before = state.snapshot()
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, 0, action)
    assert state.snapshot() == before


def test_actions_read_and_write_as_scenario_steps() -> None:
    for action in (A.bid(7), A.take("G3"), A.bomb(2, "green"), A.bomb(1, card="R9")):
        assert ENGINE.action_from_json(ENGINE.action_to_json(action)) == action
    assert ENGINE.action_to_json(A.bomb(2, "green")) == {"do": "bomb", "target": 2,
                                                         "color": "green"}
    assert ENGINE.action_from_json({"do": "bid", "amount": 7}) is A.bid(7)
    for bad in ({"do": "bid", "amount": "7"}, {"do": "bid", "amount": True},
                {"do": "bomb", "target": 1, "color": "blue"}, {"do": "draw"},
                {"do": "take", "card": 3}):
        with pytest.raises(MalformedInput):
            ENGINE.action_from_json(bad)


@pytest.mark.parametrize("config", [
    GameConfig("diebombe", (LZ, LZ)), GameConfig("diebombe", (LZ,) * 7),
    GameConfig("diebombe", (LZ,) * 3, frozenset({"turbo"})),
    GameConfig("diebombe", (LZ,) * 3, first=3), GameConfig("bombazo", (LZ,) * 3),
])
def test_tables_it_cannot_play_are_refused(config: GameConfig) -> None:
    with pytest.raises(MalformedInput):
        ENGINE.new_game(config, 0)


def test_the_deal_is_thirty_cards_and_the_seed_decides_it() -> None:
    config = GameConfig.machines("diebombe", 4)
    one, two = ENGINE.new_game(config, 3), ENGINE.new_game(config, 3)
    assert one.snapshot() == two.snapshot()
    assert ENGINE.new_game(config, 4).snapshot() != one.snapshot()
    assert len(one.deck) == 28 and one.deck.count("B") == 6 and "B" not in one.faceup
    assert one.round == 1


def test_a_person_bids_behind_the_machines_and_nothing_leaks() -> None:
    match = Match(GameConfig("diebombe", (LZ, P, AS, P)), 5)
    while match.pending().machines:
        match.step()
    pending = match.pending()
    assert (pending.kind, pending.people, pending.phase) == (DecisionKind.SECRET, (1, 3), "bid")
    with pytest.raises(NeedsPerson):
        match.step()
    view = match.view_for(1)
    assert view.has_bid == (True, False, True, False) and view.my_bid is None
    feed = match.feed_for(1)
    assert [item.event.amount for item in feed if isinstance(item.event, E.BidPlaced)] == \
        [None, None]
    match.submit(1, A.bid(40))
    assert match.view_for(1).my_bid == 40 and match.view_for(3).my_bid is None
    assert [i.event.amount for i in match.feed_for(3) if isinstance(i.event, E.BidPlaced)] \
        == [None, None, None]
    match.submit(3, A.bid(40))
    revealed = [i.event for i in match.feed_for(3) if isinstance(i.event, E.BidsRevealed)]
    assert revealed and revealed[0].bids[1] == revealed[0].bids[3] == 40
    match.play_to_end(SeatKind.ASTUTO)
    assert match.is_over() and sorted(match.ranking()) == [0, 1, 2, 3]
    again = Match.from_save(match.save())
    assert again.outcome() == match.outcome()
