"""The table's words are readable: every card title fits its card (or the part of it the fan
shows) in es, en and pt; no label is drawn below ``theme.TEXT_MIN`` or narrowed past
readability; the lifted card says its effect in one line; every text colour contrasts 4.5:1
with what it sits on (WCAG 2)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pygame
import pytest

from game.core.config import GameConfig, SeatKind
from game.i18n import load
from game.match.flow import Pace
from game.match.match import Match
from game.rules.bombdeck import actions as A
from game.rules.bombdeck.cards import RULESETS
from game.ui import cards, fonts, theme
from game.ui.app import App
from game.ui.bombdeck import palette
from game.ui.bombdeck.centre import clue_ground
from game.ui.bombdeck.hand import HandFan
from game.ui.bombdeck.layout import HAND
from game.ui.bombdeck.shots import build_table_scene
from tests.ui.conftest import key, post
from tests.ui.test_table import find_match, holds, my_turn, open_table, until
from tests.ui.textspy import spying

P, AST = SeatKind.PERSON, SeatKind.ASTUTO
LANGS = ("es", "en", "pt")
READABLE = cards.TITLE_SQUEEZE
"""Text may be narrowed this far (86 % of its width) and no further."""


def _names(lang: str) -> list[tuple[str, str, str]]:
    loc = load(lang)
    return [(ruleset.name, card, loc.t(f"card.{ruleset.name}.{card}.name"))
            for ruleset in RULESETS.values() for card in sorted(ruleset.cards)]


def _fits(name: str, width: int, most: int = 2) -> None:
    lines, size, bold = cards.title_layout(name, width, theme.TEXT_MIN, most)
    assert 1 <= len(lines) <= most, (name, width, lines)
    assert size >= theme.TEXT_MIN
    for line in lines:
        natural = fonts.get(size, bold).size(line)[0]
        assert natural * READABLE <= width, (name, width, line, natural)
    assert "".join(lines).replace("-", "").replace(" ", "") == name.replace(" ", ""), lines


# --- titles --------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_every_card_title_fits_its_card(app: App, lang: str) -> None:
    """"Draw from the Botto", "Desactiva": every name fits a card whole, on at most two lines,
    at 18 px or more, narrowed at most to 86 %."""
    for _ruleset, _card, name in _names(lang):
        _fits(name, cards.title_room(cards.CARD_W))


def test_a_long_single_word_is_hyphenated_not_cut(app: App) -> None:
    lines, _size, _bold = cards.title_layout("Desactivación", 80, theme.TEXT_MIN)
    assert len(lines) == 2 and lines[0].endswith("-")
    assert lines[0][:-1] + lines[1] == "Desactivación"


def test_the_fan_uses_the_width_it_has(app: App) -> None:
    """Nine cards lie side by side; twelve overlap but every title fits in the part of its
    card that shows (on up to three lines there), in every language; a name that does not fit
    in whole words there is left out (test_a_long_hands_titles_are_whole_words_or_none)."""
    fan = HandFan()
    fan.set_cards(("skip",) * 9)
    assert fan.shown_widths() == {}
    slots = fan.slots(9)
    assert slots[-1][0] - slots[0][0] > 0.7 * HAND.width
    fan.set_cards(("skip",) * 12)
    widths = fan.shown_widths()
    assert len(widths) == 11
    narrowest = min(widths.values()) - 8  # the face's own margin (paint.face_of)
    for lang in LANGS:
        for _ruleset, _card, name in _names(lang):
            _fits(name, narrowest, 3)


def test_a_fanned_card_draws_its_title_where_it_shows(app: App) -> None:
    """In whole words where it shows, or not at all (issue 20: "Desac-tivar" was cut)."""
    whole = cards.draw_card("defuse", "Saltar", "")
    fanned = cards.draw_card("defuse", "Saltar", "", title_width=70)
    too_long = cards.draw_card("defuse", "Desactivar", "", title_width=70)
    band = cards.style_of("defuse").base

    def ink_columns(face: pygame.Surface) -> list[int]:
        return [x for x in range(face.get_width())
                if any(face.get_at((x, y))[:3] != band for y in range(6, 26))
                and x > 4 and x < face.get_width() - 4]

    assert max(ink_columns(fanned)) < 6 + 70 + 2  # all of it in the part that shows
    assert min(ink_columns(whole)) > min(ink_columns(fanned)) + 10  # centred, not from the left
    assert ink_columns(too_long) == []


# --- sizes ---------------------------------------------------------------------------------------

def _out_match(game: str) -> Match:
    """A match where the one person has just exploded (they always draw)."""
    for seed in range(1, 200):
        match = Match(GameConfig(game, (P, AST, AST, AST)), seed)
        for _ in range(3000):
            if match.is_over() or match.outcome().places[0] is not None:
                break
            pending = match.pending()
            if pending.by_person:
                legal = match.legal_for(0)
                match.submit(0, A.DRAW_ACTION if A.DRAW_ACTION in legal else legal[0])
            else:
                match.step()
        if not match.is_over() and match.outcome().places[0] is not None:
            return match
    raise AssertionError("the person never explodes")


def _states(app: App) -> list[Callable[[], object]]:
    def shot(hint: str, code: str | None = None) -> Callable[[], object]:
        return lambda: build_table_scene(app, code, state_hint=hint)

    def watching() -> object:
        scene = open_table(app, _out_match("bombazo"), Pace(60, 60, 4), deal=False)
        assert scene.watching
        return scene

    def owed() -> object:
        match = find_match(GameConfig("bombazo", (P, AST, AST)), holds(0, "attack"))
        scene = open_table(app, match, Pace(60, 60, 0.2))
        until(app, my_turn(app, scene))
        scene.submit(A.Action(A.PLAY, "attack"))
        return scene

    def hot_seat_window() -> object:
        match = find_match(GameConfig("bombazo", (P, P, P, AST)), lambda m: True)
        scene = open_table(app, match, Pace(60, 60, 30))
        until(app, lambda: app.stack.top is not scene and app._guard <= 0)
        app.stack.top.finish(True)  # type: ignore[union-attr]  # the curtain: "it's me"
        until(app, my_turn(app, scene))
        seat = scene.flow.awaiting_person
        assert seat is not None
        play = next(a for a in match.legal_for(seat) if a.verb == A.PLAY and a.target is None)
        scene.submit(play)
        until(app, lambda: match.pending().is_window and not scene.busy)
        return scene

    return [hot_seat_window, shot("play"), shot("react"), shot("hide_bomb"), shot("chooser"),
            shot("curtain"), shot("play", "E11-2BA"), shot("play", "A11-2BX"),
            shot("curtain", "2ZB-Z11-2B8"), watching, owed]


@pytest.mark.parametrize("lang", LANGS)
def test_no_table_text_is_tiny_or_squeezed(silent_app: Callable[..., App],
                                           monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """The danger meter, "Draw (2 left)", the "You're out" panel and the hot-seat nope lines
    were drawn at about 14 px, squeezed: no text of the table is below 18 px or narrowed past
    86 % of its width, whatever the state."""
    app = silent_app(lang)
    with spying(monkeypatch) as drawn:
        for build in _states(app):
            app.stack.reset()
            build()
            for _ in range(20):
                app.step(1 / 30, [])
            top = app.stack.top
            if hasattr(top, "hand"):
                hand = top.hand  # type: ignore[union-attr]
                for index in range(len(hand.cards)):  # every card lifted once
                    hand.focus = index
                    app.step(1 / 30, [])
    assert len(drawn.strings) > 80
    loc = app.loc  # the states were shown: the hot-seat keys, the out panel, the ratio
    assert loc.t("react.press_key_seat", player=loc.t("seat.player", n=3), key="3") \
        in drawn.strings
    assert any(loc.t("watch.offer").startswith(line) for line in drawn.strings)
    assert any(re.fullmatch(r"\d+ ?%", line) for line in drawn.strings)
    assert drawn.too_small(theme.TEXT_MIN) == []
    assert drawn.squeezed(READABLE) == []


# --- the effect in one line ----------------------------------------------------------------------

def test_hover_and_focus_say_the_effect_in_one_line(silent_app: Callable[..., App],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    app = silent_app("es")
    match = find_match(GameConfig("bombazo", (P, AST, AST)), holds(0, "skip"))
    scene = open_table(app, match)
    until(app, my_turn(app, scene))
    effect = scene.namer.effect("skip")
    with spying(monkeypatch) as drawn:
        app.step(1 / 30)
        assert effect not in drawn.strings  # nothing lifted: nothing said
        rect = scene.hand.rect_of(scene.hand.cards.index("skip"))
        assert rect is not None
        pos = next((x, rect.top + 40) for x in range(rect.left + 4, rect.right, 4)
                   if scene.hand._hit((x, rect.top + 40)) == scene.hand.cards.index("skip"))
        post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        app.step(1 / 30)
        assert effect in drawn.strings
    with spying(monkeypatch) as drawn:
        post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0)))
        app.step(1 / 30)
        assert effect not in drawn.strings
        for _ in range(scene.hand.cards.index("skip") + 1):
            key(pygame.K_RIGHT)
        app.step(1 / 30)
        assert scene.hand.focus == scene.hand.cards.index("skip")
        assert effect in drawn.strings


# --- contrast ------------------------------------------------------------------------------------

def _luminance(c: tuple[int, int, int]) -> float:
    """WCAG 2.x relative luminance, written out here apart from the game's own."""
    def lin(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4
    return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])


def _ratio(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_the_contrast_formula() -> None:
    assert _ratio((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert _ratio((119, 119, 119), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)
    assert theme.contrast((119, 119, 119), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)
    # the clue of a bomb was dark text on the bomb's dark red face
    assert _ratio(theme.INK_DARK, cards.style_of("bomb").body) < 1.5


def test_every_text_colour_of_the_table_reaches_4_5_to_1() -> None:
    low = [(p.name, p.text, p.ground, round(_ratio(p.text, p.ground), 2))
           for p in palette.pairs() if _ratio(p.text, p.ground) < 4.5]
    assert low == []
    assert len(palette.pairs()) >= 30


def test_card_titles_and_clue_chips_reach_4_5_to_1() -> None:
    low = []
    for card, style in cards.STYLES.items():
        if _ratio(cards.band_ink(card), style.base) < 4.5:
            low.append(("title", card))
        ground = clue_ground(card)
        if _ratio(theme.readable_ink(ground), ground) < 4.5:
            low.append(("clue", card))
    assert low == []
