"""Every event has a log line in every language, private only for the seats that may see it."""

from __future__ import annotations

import pygame
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
        "Crafty 2 played a trio of Frogs against you, asking for Defuse.",
        "You have no Defuse.",
        "You played Skip.",
        "You played Shuffle.",
        "Crafty 2 answered with Nope!",
        "Your Shuffle is cancelled.",
    ]
    public = [text for text, _ in log_lines(namer, items, None, keep=20)]
    assert public[:3] == [
        "Crafty 2 played a trio of Frogs against Player 1, asking for Defuse.",
        "Player 1 has no Defuse.",
        "Player 1 played Skip.",
    ]


def test_a_chain_of_nopes_ends_in_one_line_with_the_play_and_its_outcome() -> None:
    """Three "answered with Nope!" lines and "The play goes ahead." made a person count the
    lines to know whether the Attack stood: the last line says the play, whose, and how it
    ended after how many answers."""
    loc = load("en")
    namer = Namer(lambda: loc, Match(GameConfig("bombazo", (P, AST, AST)), 1))
    feed = [E.CardPlayed(1, "play", ("attack",)), E.Noped(0, 1), E.Noped(2, 2), E.Noped(0, 3),
            E.WindowClosed(True),
            E.CardPlayed(2, "pair", ("animal_frog",) * 2, 0), E.Noped(0, 1), E.Noped(1, 2),
            E.WindowClosed(False)]
    items = [FeedItem(i, ev) for i, ev in enumerate(feed)]
    mine = [text for text, _ in log_lines(namer, items, 0, keep=20)]
    assert mine[4] == "After 3 answers, Crafty 2's Attack is cancelled."
    assert mine[-1] == "After 2 answers, Crafty 3's pair of Frogs goes ahead."
    theirs = [text for text, _ in log_lines(namer, items, 1, keep=20)]
    assert theirs[4] == "After 3 answers, your Attack is cancelled."
    for lang in ("es", "pt"):
        other = load(lang)
        said = log_lines(Namer(lambda other=other: other, namer.match), items, None, keep=20)
        assert "3" in said[4][0] and not other.missing and not other.format_errors


# --- one voice for the viewer, plurals, whole entries --------------------------------------------

def _involves(ev: E.BombEvent, seat: int) -> bool:
    return seat in {getattr(ev, name, None) for name in ("seat", "target", "giver", "taker",
                                                          "winner")}


@pytest.mark.parametrize("lang", ["es", "en", "pt"])
@pytest.mark.parametrize("game", ["bombazo", "clasico", "mazo"])
def test_the_viewer_is_always_you_never_their_seat_name(lang: str, game: str) -> None:
    """"You drew Favor" and "Player 1 drew Bomb" for the same person was two voices: every
    line about the viewer's own seat says "you"; the others still name it."""
    loc = load(lang)
    namer = Namer(lambda: loc, Match(GameConfig(game, (P, AST, AST)), 1))
    cards = ruleset_of(game).cards
    mine = namer.seat(0)
    told = 0
    for ev in EVENTS:
        if not _cards_of(ev) <= cards or not _involves(ev, 0):
            continue
        line = line_for(namer, E.seen_by(ev, 0), 0)
        if line is None:
            continue
        told += 1
        assert mine not in line, f"{lang}: {ev} reads {line!r} to seat 0"
        other = line_for(namer, E.seen_by(ev, 1), 1)
        assert other is not None and mine in other, f"{lang}: {ev} reads {other!r} to seat 1"
    assert told >= 8
    assert not loc.missing and not loc.format_errors and not loc.fell_back


def test_the_person_who_draws_a_bomb_reads_it_in_the_same_voice_as_their_draws() -> None:
    loc = load("es")
    namer = Namer(lambda: loc, Match(GameConfig("bombazo", (P, AST, AST)), 1))
    assert line_for(namer, E.CardDrawn(0, "skip", False, (0,)), 0) == "Robaste Saltar."
    assert line_for(namer, E.BombDrawn(0, True), 0) == "Robaste Bomba y gastaste Desactivar."
    assert line_for(namer, E.BombDrawn(0, False), 0) == "¡Robaste Bomba!"
    assert line_for(namer, E.PlayerExploded(0), 0) == "¡Explotaste!"
    assert line_for(namer, E.BombDrawn(0, True), 1) == \
        "Jugador 1 robó Bomba y gastó Desactivar."


@pytest.mark.parametrize(("lang", "game", "text"), [
    ("en", "bombazo", "Crafty 2 played a pair of Frogs against Crafty 3."),
    ("es", "bombazo", "Astuto 2 jugó una pareja de Ranas contra Astuto 3."),
    ("pt", "bombazo", "Astuto 2 jogou um par de Rãs contra Astuto 3."),
    ("en", "clasico", "Crafty 2 played a pair of Nap Cats against Crafty 3."),
    ("es", "clasico", "Astuto 2 jugó una pareja de Gatos Siesta contra Astuto 3."),
    ("pt", "clasico", "Astuto 2 jogou um par de Gatos Soneca contra Astuto 3."),
])
def test_a_pair_is_named_in_the_plural(lang: str, game: str, text: str) -> None:
    loc = load(lang)
    namer = Namer(lambda: loc, Match(GameConfig(game, (P, AST, AST)), 1))
    pair = E.CardPlayed(1, "pair", ("animal_frog", "animal_frog"), 2)
    assert line_for(namer, pair, None) == text


def test_every_card_that_can_pair_has_a_plural_in_every_language() -> None:
    from game.rules.bombdeck.cards import RULESETS

    for ruleset in RULESETS.values():
        for card in ruleset.cards:  # with every option the rule set offers turned on
            if not ruleset.pairs_allowed(card, ruleset.options):
                continue
            for lang in ("es", "en", "pt"):
                assert load(lang).has(f"card.{ruleset.name}.{card}.plural"), (lang, card)


def test_the_log_shows_whole_entries_only() -> None:
    """The top row was often the tail of a wrapped entry ("mazo."): an entry that does not fit
    whole is left out."""
    from game.ui import fonts, theme
    from game.ui.bombdeck.log import LINE_H, log_rows
    from game.ui.text import wrap_text

    pygame.font.init()
    width = 392
    long = "Astuto 2 volvió a esconder Bomba en el mazo y nadie sabe dónde quedó."
    lines = [long, "Astuto 3 robó una carta.", long, "Astuto 4 robó una carta.", long]
    wrapped = {text: wrap_text(text, theme.TEXT_MIN, width) for text in lines}
    assert len(wrapped[long]) == 2 and fonts.get(theme.TEXT_MIN).size(long)[0] > width
    for height in range(LINE_H, 8 * LINE_H, 7):
        rows = log_rows(lines, width, height)
        assert rows, "the newest entry always shows"
        ages = [age for _row, age in rows]
        for age in set(ages):
            entry = lines[len(lines) - 1 - age]
            assert [row for row, a in rows if a == age] == wrapped[entry], (height, age)
        assert ages == sorted(ages, reverse=True)
