"""A demanding player's review of the Caza Bombas table (7.5/10), point by point, read from
what is drawn or driven by real pygame events:

1. no empty band in any rack's panel, at every seat count (the two-player table left one
   under the home seat's tiles and over and under the teammate's tall racks): the tiles, the
   tray where tokens stand and a row of facts (how much is cut, what the seat holds or lacks,
   its Double Detector) fill the room; a board with few cards says how to read them;
2. the equipment's effects in plain words (no "detector", "token", "stand" or "dial" a
   newcomer would have to look up), each shown whole in its box, at 18 px or more and never
   narrowed past 90 %, on hover;
3. a lost mission's summary says the cut that lost it (who named which value on whose stand),
   the mistakes before it (how many, who said what) and how far the team got (words on a
   bar), every line at 20 px, on a panel clear of the racks and the buttons; the results
   name each seat's mistakes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest

from game.core.config import SeatKind
from game.i18n import LANGUAGES, read_catalog
from game.match.match import Match
from game.rules.cazabombas import actions as A
from game.rules.cazabombas import events as E
from game.rules.cazabombas.view import CazaView
from game.rules.cazabombas.wires import EQUIPMENT
from game.ui import fonts, theme
from game.ui.app import App
from game.ui.cazabombas import layout as L
from game.ui.cazabombas import paint
from game.ui.cazabombas.kit import seat_note
from game.ui.cazabombas.paint import card_rows, explain_lines
from game.ui.cazabombas.shots import trial
from game.ui.cazabombas.table import CazaTableScene
from game.ui.text import NARROW, wrap_text
from tests.ui.conftest import click, post
from tests.ui.test_cazabombas_table import (
    caza,
    deciding,
    open_table,
    person,
    positioned,
    step,
    until,
    where,
)

P, AST, LAN = SeatKind.PERSON, SeatKind.ASTUTO, SeatKind.LANZADO


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, int]]]:
    """Every line of text the Caza Bombas painter draws from now on, with its size."""
    texts: list[tuple[str, int]] = []
    real = paint.draw_text

    def spy(surface: pygame.Surface, text: str, pos: Any, size: int, *args: Any,
            **kwargs: Any) -> pygame.Rect:
        texts.append((text, size))
        return real(surface, text, pos, size, *args, **kwargs)

    monkeypatch.setattr(paint, "draw_text", spy)
    yield texts


# --- 1: no empty band in a rack's panel -----------------------------------------------------------


def _longest_empty_band(surface: pygame.Surface, rect: pygame.Rect) -> tuple[int, int]:
    """(rows, first row) of the tallest run of rows inside ``rect`` (less its edges) where
    nothing is drawn: every pixel of the row the colour of the panel behind it (the felt is a
    vertical gradient, so the panel is one colour along a row)."""
    inner = rect.inflate(-20, -12)
    best, best_at, run, start = 0, inner.top, 0, inner.top
    for y in range(inner.top, inner.bottom):
        first = surface.get_at((inner.left, y))
        drawn = 0
        for x in range(inner.left, inner.right, 2):
            colour = surface.get_at((x, y))
            if max(abs(colour[k] - first[k]) for k in range(3)) > 10:
                drawn += 1
                if drawn >= 3:
                    break
        if drawn >= 3:
            run = 0
            continue
        if run == 0:
            start = y
        run += 1
        if run > best:
            best, best_at = run, start
    return best, best_at


EMPTY_MOST = 40
"""The tallest band of nothing a rack's panel may hold (the two-player table had 50 and more
under the home seat's tiles and over the teammate's)."""


@pytest.mark.parametrize("seats,mission", [((P, AST), 6), ((P, AST), 1), ((P, AST, AST), 3),
                                           ((P, AST, AST, AST), 4),
                                           ((P, AST, AST, AST, AST), 8)],
                         ids=["two-m6", "two-m1", "three", "four", "five"])
def test_no_rack_panel_holds_an_empty_band(silent_app: Callable[..., App],
                                           seats: tuple[SeatKind, ...], mission: int) -> None:
    app = silent_app()
    match = positioned(caza(*seats, mission=mission), lambda m, v: v.phase == "play")
    scene = open_table(app, match)
    until(app, deciding(app, scene))
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)
    for rack in scene.layout.racks.values():
        rows, at = _longest_empty_band(surface, rack.rect)
        assert rows <= EMPTY_MOST, (f"stand {rack.stand} (mine: {rack.mine}, tall: "
                                    f"{rack.tall}) has {rows} empty rows from y={at}")
        # everything stays inside its panel
        assert rack.tray().bottom <= rack.rect.bottom
        if rack.footer is not None:
            assert rack.tray().bottom <= rack.footer.top + 2
            assert rack.footer.bottom <= rack.rect.bottom


def test_a_roomy_racks_foot_says_what_is_cut_and_the_detector(
        silent_app: Callable[..., App], drawn: list[tuple[str, int]]) -> None:
    """The two-player table: every rack's foot says how many of its wires are cut and how many
    are left, and the seat's first stand says whether its Double Detector is ready."""
    app = silent_app("es")
    match = positioned(caza(P, AST, mission=6), lambda m, v: v.phase == "play")
    scene = open_table(app, match)
    until(app, deciding(app, scene))
    drawn.clear()
    scene.draw(pygame.Surface((1280, 720)))
    texts = [text for text, _size in drawn]
    view = scene.shown
    for rack in scene.layout.racks.values():
        wires = view.stands[rack.stand]
        cut = sum(1 for w in wires if w.cut)
        assert any(text.startswith(f"{cut} de {len(wires)} cortados") for text in texts), texts
    assert sum(text in ("Detector doble listo", "Detector doble usado") for text in texts) == 2
    # two cards on the board: the room under them says how to read them
    assert len(view.equipment) <= 3 and "Señala cartas y valores para saber más" in texts


# --- 2: equipment in plain words ------------------------------------------------------------------

JARGON = {
    "en": ("Double Detector", (r"detector", r"\btokens?\b", r"\bstands?\b", r"\bdial\b")),
    "es": ("detector doble", (r"detector", r"\bfichas?\b", r"\batril", r"\bdial\b")),
    "pt": ("detector duplo", (r"detector", r"\bfichas?\b", r"\bsuportes?\b", r"mostrador")),
}
"""Per language: the Double Detector's name (a button on the table, so not jargon), and words
from the rule book a newcomer would not know."""


def _jargon(lang: str, text: str) -> list[str]:
    name, words = JARGON[lang]
    plain = text.lower().replace(name.lower(), "")
    return [word for word in words if re.search(word, plain)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_equipment_effect_is_plain_and_fits_its_box(lang: str) -> None:
    texts = read_catalog(lang)
    pygame.init()
    fonts.clear()
    try:
        for card in EQUIPMENT.values():
            effect = str(texts[f"cazabombas.eq.{card}.effect"])
            assert not _jargon(lang, effect), (lang, card, effect, _jargon(lang, effect))
            name = str(texts[f"cazabombas.eq.{card}.name"])
            line = str(texts["cazabombas.explain.card"]).format(card=name, effect=effect)
            lines = wrap_text(line, theme.TEXT_MIN, L.MIDDLE.width - 28, True)
            assert len(lines) <= paint.EXPLAIN_LINES, (lang, card, lines)
    finally:
        pygame.quit()


def _with_equipment(m: Match, v: CazaView) -> bool:
    return v.phase == "play" and len(v.equipment) >= 4


@pytest.mark.parametrize("lang", LANGUAGES)
def test_hovering_each_card_shows_its_whole_plain_effect(
        silent_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    from tests.ui.textspy import spy

    app = silent_app(lang)
    match = positioned(caza(P, AST, AST, AST, AST, mission=8), _with_equipment)
    scene = open_table(app, match)
    until(app, deciding(app, scene))
    seen = spy(monkeypatch)
    boxed: set[str] = set()
    for number, row in card_rows(scene.shown).items():
        post(pygame.event.Event(pygame.MOUSEMOTION, pos=row.center, rel=(0, 0),
                                buttons=(0, 0, 0)))
        step(app, 2)
        assert scene.explained == number
        said, _status = explain_lines(scene, number)
        shown = " ".join(said)
        effect = scene.namer.effect(number)
        assert shown.endswith(effect), (shown, effect)  # whole, not cut after two lines
        assert not _jargon(lang, shown.removeprefix(scene.namer.card(number))), shown
        for line in said:
            assert line in seen.strings_live, (line, sorted(seen.strings_live))
        boxed.update(said)
    assert not [key for key in seen.too_small(theme.TEXT_MIN) if key[0] in boxed]
    assert not [s for s in seen.squeezed(NARROW) if s[0] in boxed]


# --- 3: a lost mission's summary ------------------------------------------------------------------


def _missed_then_red(m: Match, v: CazaView) -> bool:
    """A red wire within reach after at least one wrong cut at the table."""
    if v.phase != "play" or not any(isinstance(item.event, E.CutMissed)
                                    for item in m.feed_for(None, 0)):
        return False
    return any(a.verb == A.DUAL_CUT and any(isinstance(e, E.Exploded)
                                            for e in trial(m, v.seat, a))
               for a in m.legal_for(v.seat)[:80])


def test_a_lost_missions_summary_says_the_cut_the_mistakes_and_how_far(
        silent_app: Callable[..., App], drawn: list[tuple[str, int]]) -> None:
    app = silent_app()
    match = positioned(caza(P, LAN, LAN, mission=4), _missed_then_red, tries=400)
    me = person(match)
    earlier = [item.event for item in match.feed_for(None, 0)
               if isinstance(item.event, E.CutMissed)]
    boom = next(a for a in match.legal_for(me) if a.verb == A.DUAL_CUT and any(
        isinstance(e, E.Exploded) for e in trial(match, me, a)))
    scene = open_table(app, match)
    until(app, deciding(app, scene))
    click(where(scene, ("w", scene.stand_of(boom.target or 0, boom.stand or 0), boom.pos)))
    step(app)
    click(where(scene, ("v", boom.value)))
    step(app)
    assert match.is_over()
    until(app, lambda: not scene.busy)
    step(app, 2)
    drawn.clear()
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)
    namer = scene.namer
    sizes = dict(drawn)
    # the cut that lost it: who, which value, on whose stand
    cause = next(text for text, _ in drawn if text.endswith(": a red wire."))
    assert namer.seat(me) in cause and f"named {namer.value(boom.value or 0)}" in cause, cause
    assert namer.seat(boom.target or 0) in cause
    # the mistakes before it: how many, who said what
    mistakes = next(text for text, _ in drawn if text.startswith("Mistakes before it"))
    assert f"({len(earlier)})" in mistakes, mistakes
    last = earlier[-1]
    assert f"{namer.seat(last.seat)} said {namer.values(last.values)}" in mistakes, mistakes
    # how far the team got, in words and on a bar
    total = sum(len(s) for s in scene.shown.stands)
    cut = sum(1 for s in scene.shown.stands for w in s if w.cut)
    progress = next(text for text, _ in drawn if text.startswith("The team cut"))
    assert f"{cut} of {total} wires" in progress
    panel, _tops, bar = paint.summary_rows(True)
    filled = sum(1 for x in range(bar.left + 2, bar.right - 2)
                 if surface.get_at((x, bar.top + 3))[:3] == paint.END_BAR_FILL)
    assert abs(filled / (bar.width - 4) - cut / total) < 0.08, (filled, cut, total)
    # read at a glance: 20 px and up
    for line in (cause, mistakes, progress):
        assert sizes[line] >= theme.TEXT_SMALL, (line, sizes[line])
    # clear of the racks and of the buttons
    for rack in scene.layout.racks.values():
        assert not panel.colliderect(rack.rect)
    for button in (scene.results_button, scene.again_button):
        assert button.visible and not panel.colliderect(button.rect)


def test_the_results_of_a_lost_mission_name_each_seats_mistakes(
        silent_app: Callable[..., App]) -> None:
    app = silent_app()
    for seed in range(1, 200):
        match = Match(caza(P, LAN, LAN, mission=3), seed)
        match.play_to_end(LAN)
        if match.outcome().team_won is False:
            break
    assert match.outcome().team_won is False
    wrong = [0, 0, 0]
    for item in match.feed_for(None, 0):
        if isinstance(item.event, E.CutMissed):
            wrong[item.event.seat] += 1
    captain = match.view_for(-1).captain
    for seat in range(3):
        note = seat_note(app.loc, match, seat)
        if wrong[seat]:
            assert note.endswith(f"{wrong[seat]} mistake" + ("s" if wrong[seat] > 1 else ""))
        else:
            assert "mistake" not in note
        assert note.startswith("Captain") is (seat == captain)
    assert any(wrong)


def test_the_summary_panel_sits_between_the_title_and_the_buttons() -> None:
    panel, tops, bar = paint.summary_rows(True)
    assert panel.top >= L.BANNER_Y + theme.TEXT_HEADING
    assert panel.bottom <= L.END_RESULTS.top - 4
    assert panel.left >= L.MIDDLE.left and panel.right <= L.MIDDLE.right
    assert tops[-1] + paint.END_LINE <= bar.top and bar.bottom <= panel.bottom
    assert not panel.colliderect(L.BOARD)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_typed_code_and_the_home_racks_foot_do_not_overlap(
        silent_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """The game code sits in the home panel's bottom left corner: the foot's words and the
    detector make way for it (the code once covered the bar and the count)."""
    from game.match.flow import Pace

    app = silent_app(lang)
    match = Match(caza(P, AST, mission=6), 66)
    scene = CazaTableScene(app, match, pace=Pace(60.0, 60.0, 1.0), briefing=False,
                           show_code=True)
    app.stack.push(scene)
    step(app, 30)
    boxes: list[tuple[str, pygame.Rect]] = []
    real = paint.draw_text

    def spy(surface: pygame.Surface, text: str, *args: Any, **kwargs: Any) -> pygame.Rect:
        rect = real(surface, text, *args, **kwargs)
        boxes.append((text, rect))
        return rect

    monkeypatch.setattr(paint, "draw_text", spy)
    scene.draw(pygame.Surface((1280, 720)))
    home = [rack for rack in scene.layout.racks.values() if rack.mine]
    foot = home[0].footer
    assert foot is not None and foot.collidepoint(L.CODE_POS[0], L.CODE_POS[1] - 4)
    row = [(text, rect) for text, rect in boxes if foot.colliderect(rect)]
    assert any(text.endswith(match.code) for text, _ in row), row
    for k, (text, rect) in enumerate(row):
        for other, rect2 in row[k + 1:]:
            assert not rect.colliderect(rect2), (text, other)
        assert rect.right <= foot.right
