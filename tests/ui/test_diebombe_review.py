"""Die Bombe after a player's review (8/10), point by point:

1. a rebid's chain of bids ("40 → 40 → 40 → 39") is never squeezed below 90 % of its width,
   on the recent bids' board or in the history, at any seat count and in every language;
2. a round's outcome reads as whole lines: who took which card and what they paid on one
   line (no number left alone on a line of its own);
3. a tie says what the rule did, in one short line in the person's language (a tie for the
   highest bid: a new bid for one card; a tie for second: nobody takes the other card);
4. the seats stand balanced: both sides hold as many boxes, level and face to face (three
   seats were two on the left and one alone on the right), the spare slot holding the news.

And the text audit finds nothing in the Die Bombe scenes at every seat count.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.core.config import GameConfig, SeatKind
from game.match.flow import Pace
from game.match.match import Match
from game.rules.codes import encode
from game.rules.diebombe import actions as A
from game.rules.diebombe import cards as C
from game.rules.diebombe import events as E
from game.rules.diebombe.state import RoundRecord
from game.ui import theme
from game.ui.app import App
from game.ui.diebombe import layout as L
from game.ui.diebombe.history import HistoryScene
from game.ui.diebombe.paint import paint_table
from game.ui.diebombe.table import DieTableScene
from game.ui.text import draw_text
from game.ui.textaudit import Problem, audit_scene, listening
from tests.ui.conftest import frames, key
from tests.ui.textspy import spy

P, AST, RUTH = SeatKind.PERSON, SeatKind.ASTUTO, SeatKind.DESPIADADO
HOLD = Pace(60.0, 60.0, 1.0)
LANGS = ("es", "en", "pt")
SEATS = (3, 4, 5, 6)


@pytest.fixture
def make_app(make_app: Callable[..., App]) -> Callable[..., App]:
    def make(lang: str = "en") -> App:
        return make_app(lang, audio=False, persist=False, start=None)

    return make


def _config(seats: int) -> GameConfig:
    """A person and the longest machine names ("Despiadado 2" …)."""
    return GameConfig("diebombe", (P,) + (RUTH,) * (seats - 1))


# --- 1. rebid chains ---------------------------------------------------------------------------


def _chains(seats: int, rounds: int = 3, longest: int = 6) -> tuple[RoundRecord, ...]:
    """Rounds where every seat bid again and again: 2 to ``longest`` bids of two wide digits
    each ("40 → 40 → … → 38"), the longest chains a column can be asked to hold."""
    records = []
    for k in range(rounds):
        length = 2 + (k * 2 + longest) % (longest - 1)
        reveals = tuple(tuple(40 if step < length - 1 else 38 - seat for seat in range(seats))
                        for step in range(length))
        records.append(RoundRecord(3 + k, ("R25", "G23"), reveals, 0, "R25", 38, None, None))
    return tuple(records)


@pytest.mark.parametrize("seats", SEATS)
@pytest.mark.parametrize("lang", LANGS)
def test_rebid_chains_are_never_squeezed_on_the_board_nor_in_the_history(
        make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch, seats: int,
        lang: str) -> None:
    app = make_app(lang)
    scene = DieTableScene(app, Match(_config(seats), 5), pace=HOLD)
    app.stack.push(scene)
    for longest in (2, 3, 4, 6):
        scene.shown = scene.shown._replace(history=_chains(seats, 3, longest))
        scene.pad = None
        scene.outcome = None
        drawn = spy(monkeypatch)
        surface = pygame.Surface((theme.SCREEN_W, theme.SCREEN_H))
        with listening("table", lang) as table_heard:
            paint_table(surface, scene)
        history = HistoryScene(app, scene.shown, scene.namer)
        with listening("history", lang) as history_heard:
            history.draw(surface)
        found = [f.line() for f in (*table_heard.found.values(),
                                    *history_heard.found.values())]
        assert not found, (longest, found)
        # every seat's chain is there: its last bid, the one that counted, is drawn
        chains = [text for text in drawn.strings if "→" in text or "⋯" in text]
        assert chains, drawn.strings
        assert all(any(str(38 - seat) in text for text in chains) for seat in range(seats))


# --- 2 and 3. the round's outcome --------------------------------------------------------------


def _bid_round(match: Match, plan: list[dict[int, int]]) -> None:
    """Everyone bids in turn as ``plan`` says: the first bidding, then each rebid."""
    while match.pending().phase in ("bid", "rebid"):
        seat = match.pending().people[0]
        step = len(match.view_for(seat).reveals)
        match.submit(seat, A.bid(plan[step][seat]))


def _outcome_after_take(app: App, match: Match) -> DieTableScene:
    """The person to take confirms the curtain, takes with a real Enter, and the round's
    outcome comes on screen (and stays)."""
    from game.ui.diebombe.shots import _table

    scene = _table(app, match)
    frames(app, 2)
    assert scene.picker is not None
    key(pygame.K_RETURN)
    for _ in range(600):
        frames(app)
        if scene.outcome is not None:
            break
    assert scene.outcome is not None
    frames(app, 30)
    assert scene.outcome is not None
    return scene


def _texts_of(scene: DieTableScene, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """The texts of one frame of ``scene`` (none of them squeezed below 90 %)."""
    drawn = spy(monkeypatch)
    surface = pygame.Surface((theme.SCREEN_W, theme.SCREEN_H))
    paint_table(surface, scene)
    assert not drawn.squeezed(0.9), drawn.squeezed(0.9)
    return drawn.strings


def _no_bomb_round(seed: int, seats: int) -> Match:
    """A table of people whose first round shows two value cards."""
    for k in range(50):
        match = Match(GameConfig("diebombe", (P,) * seats), seed + k)
        if C.BOMB not in match.view_for(0).faceup:
            return match
    raise AssertionError("no deal without a bomb up")


@pytest.mark.parametrize("lang", LANGS)
def test_the_outcome_says_who_took_which_card_for_how_much_in_whole_lines(
        make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    app = make_app(lang)
    match = _no_bomb_round(40, 3)
    _bid_round(match, [{0: 37, 1: 12, 2: 5}])
    scene = _outcome_after_take(app, match)
    texts = _texts_of(scene, monkeypatch)
    assert scene.outcome is not None
    namer = scene.namer
    taken = [ev for ev in scene.outcome.events if isinstance(ev, E.CardTaken)]
    assert [ev.paid for ev in taken] == [37, 0]
    # the winner and the price on one drawn line, the second with its "free" on its own
    payer = namer.seat(0)
    assert any(payer in text and "37" in text for text in texts), texts
    assert any(namer.seat(1) in text and namer.t("diebombe.free").lower() in text.lower()
               for text in texts), texts
    # every line in the box says who (no "and pays 37." wrapped onto a line of its own)
    lines = _box_texts(scene, monkeypatch)
    title = namer.t("diebombe.outcome.title", n=scene.outcome.round)
    assert title in lines
    people = [namer.seat(seat) for seat in range(3)]
    alone = [text for text in lines if text != title
             and not any(person in text for person in people)]
    assert not alone, lines


def _box_texts(scene: DieTableScene, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts one frame draws inside the round's outcome box."""
    from game.ui.diebombe import paint

    box = paint.outcome_rect()
    inside: list[str] = []
    real = draw_text

    def record(surface: pygame.Surface, text: str, *args: object,
               **kw: object) -> pygame.Rect:
        rect: pygame.Rect = real(surface, text, *args, **kw)  # type: ignore[arg-type]
        if box.contains(rect):
            inside.append(text)
        return rect

    monkeypatch.setattr(paint, "draw_text", record)
    paint_table(pygame.Surface((theme.SCREEN_W, theme.SCREEN_H)), scene)
    return inside


@pytest.mark.parametrize("lang", LANGS)
def test_a_tie_for_the_highest_bid_says_what_the_rule_did(
        make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    app = make_app(lang)
    match = _no_bomb_round(60, 3)
    # 15 and 15 tie; they bid again (15 → 9, 15 → 8): seat 0 pays 9 for one card
    _bid_round(match, [{0: 15, 1: 15, 2: 4}, {0: 9, 1: 8}])
    scene = _outcome_after_take(app, match)
    texts = _texts_of(scene, monkeypatch)
    rule = scene.namer.t("diebombe.outcome.tie_top", amount=15)
    assert rule in texts, texts
    assert "15" in rule and len(rule) <= 60  # one short line that says the tie
    assert any(scene.namer.seat(0) in text and "9" in text for text in texts), texts
    assert scene.namer.t("diebombe.outcome.left") in texts  # the other card: out


@pytest.mark.parametrize("lang", LANGS)
def test_a_tie_for_second_says_nobody_takes_the_other_card(
        make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    app = make_app(lang)
    match = _no_bomb_round(80, 3)
    _bid_round(match, [{0: 20, 1: 6, 2: 6}])
    scene = _outcome_after_take(app, match)
    texts = _texts_of(scene, monkeypatch)
    rule = scene.namer.t("diebombe.outcome.tie_second")
    assert rule in texts, texts
    assert scene.namer.t("diebombe.outcome.tie_top", amount=6) not in texts


# --- 4. the seats, balanced --------------------------------------------------------------------


@pytest.mark.parametrize("seats", SEATS)
def test_both_sides_hold_as_many_boxes_level_and_face_to_face(seats: int) -> None:
    layout = L.TableLayout(seats)
    boxes = list(layout.panels().values())
    spare = getattr(layout, "spare", None)  # (the slot a seat short of the left side)
    if spare is not None:
        boxes.append(spare)
    left = sorted((box for box in boxes if box.centerx < L.CENTRE_X), key=lambda b: b.top)
    right = sorted((box for box in boxes if box.centerx > L.CENTRE_X), key=lambda b: b.top)
    assert len(left) == len(right), (seats, left, right)
    for a, b in zip(left, right, strict=True):
        assert (a.top, a.size) == (b.top, b.size)
        assert a.centerx + b.centerx == 2 * L.CENTRE_X  # mirrored about the middle
    # the whole block sits in the middle of the height too
    top, bottom = min(b.top for b in boxes), max(b.bottom for b in boxes)
    assert abs(top - (theme.SCREEN_H - bottom)) <= 30, (top, bottom)
    # nothing overlaps, and everything is on the screen
    assert not any(a.colliderect(b) for k, a in enumerate(boxes) for b in boxes[k + 1:])
    screen = pygame.Rect(0, 0, theme.SCREEN_W, theme.SCREEN_H)
    assert all(screen.contains(box) for box in boxes)
    # the bid bubbles stay between the panels and the middle's content
    for seat in range(seats):
        x, _y = layout.bubble(seat)
        assert layout.panel(seat).right < x < L.MIDDLE.left + L.BUBBLE_R * 2 or \
            L.MIDDLE.right - L.BUBBLE_R * 2 < x < layout.panel(seat).left


@pytest.mark.parametrize("seats", [3, 5])
def test_an_odd_table_shows_its_news_in_the_spare_slot(
        make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch, seats: int) -> None:
    from game.ui.diebombe.paint import news_rows
    from game.ui.diebombe.shots import _table

    app = make_app("es")
    match = Match(GameConfig("diebombe", (P,) + (AST,) * (seats - 1)), 9)
    while match.view_for(0).round < 3:
        pending = match.pending()
        if pending.people:
            seat = pending.people[0]
            match.submit(seat, match.legal_for(seat)[0] if pending.phase not in
                         ("bid", "rebid") else A.bid(3))
        else:
            match.step()
    scene = _table(app, match)
    frames(app, 3)
    scene.pad = None
    drawn = spy(monkeypatch)
    surface = pygame.Surface((theme.SCREEN_W, theme.SCREEN_H))
    paint_table(surface, scene)
    spare = scene.layout.spare
    assert spare is not None
    assert scene.namer.t("diebombe.news_title") in drawn.strings
    # the latest news is there, whole, the newest last
    rows = news_rows(scene, spare.width - 28, 6)
    assert rows and all(row in drawn.strings for row, _age in rows[-2:]), rows
    assert not drawn.squeezed(0.9)
    # the box is drawn: its frame sits where the spare slot is
    edge = surface.get_at((spare.centerx, spare.top + 1))[:3]
    felt = surface.get_at((spare.centerx, spare.top - 6))[:3]
    assert edge != felt


# --- the text audit ----------------------------------------------------------------------------


@pytest.mark.parametrize("seats", SEATS)
def test_the_die_bombe_scenes_read_whole_at_every_seat_count(seats: int) -> None:
    code = encode(_config(seats), 4004)
    found = []
    for scene in ("table", "rebid", "outcome", "history", "scoring"):
        found += [f.line() for f in audit_scene(scene, "es", code)
                  if f.problem in (Problem.SQUEEZED, Problem.SMALL, Problem.CUT)]
    assert not found, found


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_final_scoring_says_why_a_colour_doubles(monkeypatch: pytest.MonkeyPatch,
                                                      tmp_path: object, lang: str) -> None:
    """"67 ×2 = 134": a one-card majority swings the game, and the sheet says why it doubles
    (the review of issue 20: the ×2 was never explained at the table)."""
    from pathlib import Path

    from game.ui.locale import load_locale
    from game.ui.screenshot import render_scene_to_png
    from tests.ui.textspy import spy

    drawn = spy(monkeypatch)
    try:
        render_scene_to_png("scoring", Path(str(tmp_path)) / "s.png", lang, code="4W1-RDM1-4X5Z")
    finally:
        pygame.quit()
    reason = load_locale(lang).t("diebombe.sheet.doubled")
    assert any(text.endswith(" ×2") for text in drawn.strings_live)  # a doubled column
    assert reason in drawn.strings_live
