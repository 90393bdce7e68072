"""Every event has a log line in every language, private only for the seats that may see it."""

from __future__ import annotations

import pytest

from game.core.config import GameConfig, SeatKind
from game.i18n import load
from game.match.match import FeedItem, Match
from game.rules.bombdeck import events as E
from game.rules.bombdeck.engine import ruleset_of
from game.ui.bombdeck.log import line_for, log_lines
from game.ui.bombdeck.names import Namer

P, AST = SeatKind.PERSON, SeatKind.ASTUTO

def _cards_of(ev: E.BombEvent) -> set[str]:
    """The cards an event names (a rule set only ever shows its own)."""
    out: set[str] = {"bomb", "defuse"}
    for name in ("card", "named", "stopped"):
        value = getattr(ev, name, None)
        if isinstance(value, str):
            out.add(value)
    out.update(getattr(ev, "cards", ()) or ())
    if isinstance(ev, E.Noped):
        out.add("nope")
    if isinstance(ev, E.ShieldSpent):
        out.add("shield")
    return out


EVENTS: list[E.BombEvent] = [
    E.CardPlayed(0, "play", ("skip",)),
    E.CardPlayed(0, "play", ("favor",), 1),
    E.CardPlayed(1, "pair", ("animal_frog", "animal_frog"), 2),
    E.CardPlayed(1, "trio", ("animal_frog",) * 3, 0, "defuse"),
    E.Noped(2, 1),
    E.WindowClosed(True),
    E.WindowClosed(False),
    E.CardDrawn(0, "attack", False, (0,)),
    E.CardDrawn(0, "attack", True, (0,)),
    E.CardDrawn(1, None, False, (1,)),
    E.CardDrawn(1, None, True, (1,)),
    E.BombDrawn(1, True),
    E.BombDrawn(1, False),
    E.BombHidden(0, 3, (0,)),
    E.PlayerExploded(2),
    E.CardTaken(1, 0, "nope", "pair", (1, 0)),
    E.CardTaken(0, 1, "nope", "swipe", (0, 1)),
    E.CardTaken(1, 2, None, "pair", (1, 2)),
    E.CardTaken(0, 1, "skip", "favor", (0, 1)),
    E.CardTaken(1, 0, "skip", "favor", (1, 0)),
    E.CardTaken(1, 2, None, "favor", (1, 2)),
    E.CardTaken(1, 0, "defuse", "trio", None),
    E.FutureSeen(0, ("bomb", "skip", "nope"), (0,)),
    E.FutureSeen(0, (), (0,)),
    E.FutureSeen(1, (), (1,)),
    E.DeckShuffled(1),
    E.ShieldSpent(1, "swipe"),
    E.ShieldSpent(1, "pass_it"),
    E.CardPlayed(0, "play", ("shield",)),
    E.CardPlayed(0, "play", ("swipe",), 2),
    E.FavorAsked(1, 0),
    E.TurnBegan(1, 2),
    E.GameOver(0, (0, 1, 2)),
]


@pytest.mark.parametrize("lang", ["es", "en", "pt"])
@pytest.mark.parametrize("game", ["bombazo", "clasico", "mazo"])
def test_every_event_reads_in_every_language(lang: str, game: str) -> None:
    loc = load(lang)
    namer = Namer(lambda: loc, Match(GameConfig(game, (P, AST, AST)), 1))
    cards = ruleset_of(game).cards
    events = [ev for ev in EVENTS if _cards_of(ev) <= cards]
    for viewer in (0, 1, None):
        for ev in events:
            line_for(namer, ev if viewer is None else E.seen_by(ev, viewer), viewer)
    assert not loc.missing and not loc.format_errors and not loc.fell_back


def test_private_lines_only_for_those_who_saw() -> None:
    loc = load("en")
    namer = Namer(lambda: loc, Match(GameConfig("bombazo", (P, AST, AST)), 1))
    drawn = E.CardDrawn(0, "attack", False, (0,))
    assert line_for(namer, drawn, 0) == "You drew Attack."
    assert line_for(namer, drawn.public(), 1) == "Player 1 drew a card."
    hidden = E.BombHidden(0, 3, (0,))
    assert "deck" in (line_for(namer, hidden, 0) or "")  # the hider's log says no more
    assert line_for(namer, E.TurnBegan(1, 1), None) is None
    assert line_for(namer, E.TurnBegan(1, 2), None) == "Crafty 2's turn (2 turns owed)."


def test_a_trio_that_finds_nothing_gets_a_line_and_quiet_windows_none() -> None:
    loc = load("en")
    namer = Namer(lambda: loc, Match(GameConfig("bombazo", (P, AST, AST)), 1))
    feed = [E.CardPlayed(1, "trio", ("animal_frog",) * 3, 0, "defuse"), E.WindowClosed(False),
            E.CardPlayed(0, "play", ("skip",)), E.WindowClosed(False),
            E.CardPlayed(0, "play", ("shuffle",)), E.Noped(1, 1), E.WindowClosed(True)]
    items = [FeedItem(i, ev) for i, ev in enumerate(feed)]
    lines = [text for text, _ in log_lines(namer, items, 0, keep=20)]
    assert lines == [
        "Crafty 2 played a trio of Frog against Player 1, asking for Defuse.",
        "Player 1 has no Defuse.",
        "Player 1 played Skip.",
        "Player 1 played Shuffle.",
        "Crafty 2 answered with Nope!",
        "The play is cancelled.",
    ]
