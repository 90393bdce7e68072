"""A big hand in the bomb-deck games names every card on its face (review 3): with 12 to 16
cards the fanned titles were cut to a first word or a letter ("Desa.", "Gallin."), and a hand
of 8 at 1024×640 was no better. Now a crowded fan tucks each card lying under one of its kind
into a sliver (``HandFan.gaps``), the others share the room, and a name too long for what
shows of its card gives way to its short form (``card.<ruleset>.<card>.short``).

The hands are the worst a game deals: every kind of card the rule set can hold (a bomb never
rests in a hand) before any second of a kind, so as few cards as possible are tucked. Each is
drawn at a real table, in es/en/pt, at 1280×720 and 1024×640, with the text audit listening
(``game.ui.textaudit``) and every text recorded (``tests.ui.textspy``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game.core.config import GameConfig, SeatKind
from game.i18n.catalog import load
from game.rules.bombdeck.cards import RULESETS
from game.ui import cards
from game.ui.app import App
from game.ui.bombdeck import face
from game.ui.bombdeck.face import fitting_title
from game.ui.bombdeck.hand import SLIVER, HandFan
from game.ui.bombdeck.table import TableScene
from game.ui.textaudit import Problem, listening
from tests.ui.test_table import find_match, my_turn, open_table, until
from tests.ui.textspy import spy

P, AST = SeatKind.PERSON, SeatKind.ASTUTO
LANGS = ("es", "en", "pt")
COUNTS = (8, 12, 16)
SIZES = ((1280, 720), (1024, 640))


def big_hand(game: str, count: int) -> tuple[str, ...]:
    """``count`` cards of ``game``, every kind before a second of any, sorted as a hand is."""
    kinds = sorted(card for card in RULESETS[game].cards if card != "bomb")
    return tuple(sorted(kinds[i % len(kinds)] for i in range(count)))


def _titles(loc: Any, game: str, card: str) -> tuple[str, str]:
    """A card's name and its short form (``""`` where it has none)."""
    short = f"card.{game}.{card}.short"
    return loc.t(f"card.{game}.{card}.name"), loc.t(short) if loc.has(short) else ""


def _record_titles(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """(picture, title) of every card face drawn from now on."""
    titled: list[tuple[str, str]] = []
    real = face.cards.draw_card

    def seen(art: str, name: str = "", effect: str = "", *args: Any,
             **kw: Any) -> pygame.Surface:
        titled.append((art, name))
        return real(art, name, effect, *args, **kw)

    monkeypatch.setattr(face.cards, "draw_card", seen)
    return titled


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", sorted(RULESETS))
def test_every_card_of_a_big_hand_is_named_on_its_face(
        make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch, game: str, lang: str,
        size: tuple[int, int]) -> None:
    app = make_app(lang, audio=False, persist=False, start=None, size=size)
    match = find_match(GameConfig(game, (P, AST, AST)), lambda m: len(m.view_for(0).hand) >= 4)
    scene: TableScene = open_table(app, match)
    until(app, my_turn(app, scene))
    loc = load(lang)
    for count in COUNTS:
        hand = big_hand(game, count)
        monkeypatch.undo()
        scene.hand.set_cards(hand)
        monkeypatch.setattr(scene.hand, "set_cards", lambda cards: None)  # keep this hand
        scene.hand.forget_mouse()
        titled = _record_titles(monkeypatch)
        face._FACES.clear()
        drawn = spy(monkeypatch)
        with listening("hand", lang) as heard:
            app.step(1 / 60)
        where = (game, lang, size, count)
        squeezed = [f.line() for f in heard.found.values() if f.problem is Problem.SQUEEZED]
        assert not squeezed, (where, squeezed)
        named: set[str] = set()
        arts = {scene.namer.art(card): card for card in hand}
        for art, title in titled:
            card = arts.get(art, "")
            if not card:
                continue  # a face elsewhere on the table (the pile)
            name, short = _titles(loc, game, card)
            if not title:
                continue  # tucked under one of its kind: that one names it
            assert title in (name, short), (where, card, title, name, short)
            for word in title.split():  # drawn whole, on one or two lines
                assert any(word in line and line in title for line in drawn.strings), \
                    (where, card, title, sorted(drawn.strings))
            named.add(card)
        assert named == set(hand), (where, sorted(set(hand) - named))
        # a card lifted: its neighbours give it room, and no title is cut for it
        lifted = count // 3
        rect = scene.hand.rect_of(lifted)
        assert rect is not None
        scene.hand.mouse((rect.left + 5, rect.centery))
        assert scene.hand.hover == lifted
        for _ in range(30):
            app.step(1 / 60)
        titled.clear()
        face._FACES.clear()
        app.step(1 / 60)
        for art, title in titled:
            card = arts.get(art, "")
            assert not card or title in ("", *_titles(loc, game, card)), (where, card, title)
        scene.hand.forget_mouse()


@pytest.mark.parametrize("game", sorted(RULESETS))
def test_every_name_or_its_short_form_fits_the_narrowest_face_a_hand_draws(game: str) -> None:
    """Every hand size up to 16, every card playable (its glow takes room from the card
    before it): each card not tucked carries its name or its short form whole, in every
    language; a short form is a word of its own, not a cut name."""
    pygame.font.init()
    narrowest = 10_000
    for count in range(2, 17):
        fan = HandFan()
        fan.set_cards(big_hand(game, count))
        fan.glowing = set(range(count))
        rooms = [w - 8 for w in fan.shown_widths().values() if w > SLIVER]  # paint.face_of
        narrowest = min([narrowest, *rooms])
    assert narrowest >= 50, narrowest  # the fan leaves a word's room
    for lang in LANGS:
        loc = load(lang)
        for card in RULESETS[game].cards - {"bomb"}:
            name, short = _titles(loc, game, card)
            title = fitting_title(name, short, cards.CARD_W, narrowest)
            assert title in (name, short), (lang, game, card, name, short, title)
            assert not short.endswith("."), (lang, game, card, short)


@pytest.mark.parametrize("count", [14, 15, 16])
def test_a_crowded_fan_tucks_cards_under_their_kind_and_still_picks_each(count: int) -> None:
    """In a crowded fan a card lying under one of its kind shows a sliver and the one over it
    counts them ("×2"); a click on the sliver, the keyboard and playing one of them still
    pick single cards."""
    hand = big_hand("bombazo", count)
    fan = HandFan()
    fan.set_cards(hand)
    widths = fan.shown_widths()
    for i in range(count - 1):
        if hand[i] == hand[i + 1]:
            assert widths[i] <= SLIVER, (i, widths)
        else:
            assert widths[i] > 60, (i, widths)  # room for a word
    tucks = [i for i in range(count - 1) if hand[i] == hand[i + 1]]
    assert fan.runs() == {i + 1: 2 for i in tucks}  # the card over each sliver says "×2"
    for i in range(count):  # every card can be clicked where it shows
        rect = fan.rect_of(i)
        assert rect is not None
        fan.forget_mouse()
        assert fan.click((rect.left + 5, rect.centery)) == i, (count, i)
    fan.forget_mouse()
    fan.focus = None
    assert [fan.move_focus(1) for _ in range(count)] == list(range(count))
    tucked = next(i for i in range(count - 1) if hand[i] == hand[i + 1])
    fewer = hand[:tucked] + hand[tucked + 1:]  # one of them played
    fan.set_cards(fewer)
    assert len(fan.slots(len(fewer), fewer)) == count - 1


def test_a_fan_with_room_or_of_one_kind_is_spread_evenly() -> None:
    """Eight cards lie side by side, and a hand of one kind stays an even fan."""
    fan = HandFan()
    assert len(set(round(g) for g in fan.gaps(8, big_hand("bombazo", 8)))) == 1
    assert len(set(round(g) for g in fan.gaps(14, ("skip",) * 14))) == 1
