"""A demanding player's fifth review of the bomb-deck tables (after the lessons), point by point:

1. a chain of nopes ends in one line with the play and its outcome (``test_table_log.py``);
2. a badge's tooltip never covers the log nor the banner;
3. a card read while somebody else plays says why it cannot be played now;
4. Bomba en el Mazo's lesson leaves cards to play when it ends (``test_lessons.py``);
5. the review of a lesson's game does not judge the moves the lesson asked for.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.core.config import GameConfig, SeatKind
from game.rules.bombdeck import actions as A
from game.ui.app import App
from game.ui.bombdeck import layout as L
from game.ui.bombdeck import paint
from game.ui.scenes.review import ReviewScene
from tests.ui.conftest import key, post
from tests.ui.test_table import find_match, frames, my_turn, open_table, until

P, AST, LAN = SeatKind.PERSON, SeatKind.ASTUTO, SeatKind.LANZADO
LINES = [("defuse", "You hold 2 Defuse cards"), ("eye", "The others know of 1 Defuse"),
         ("shield", "Shield up: the next Swipe or Pass It against you is stopped")]


# --- 2. tooltips clear of the log and the banner -------------------------------------------------

@pytest.mark.parametrize("seats", [2, 4, 6, 8])
def test_a_badges_tooltip_covers_neither_the_log_nor_the_banner(
        silent_app: Callable[..., App], seats: int) -> None:
    app = silent_app("en")
    match = find_match(GameConfig("bombazo", (P,) + (AST,) * (seats - 1)), lambda m: True)
    scene = open_table(app, match)
    until(app, my_turn(app, scene))
    frames(app, 2)
    assert scene.banner_area is not None
    for seat, rect in scene.layout.badges().items():
        post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0),
                                buttons=(0, 0, 0)))
        frames(app)
        assert scene.hover_seat == seat
        box = paint.tooltip_box(rect, LINES, paint.tooltip_avoids(scene))
        assert not box.colliderect(L.LOG), (seat, box)
        assert not box.colliderect(scene.banner_area), (seat, box)
        assert pygame.Rect(0, 0, 1280, 720).contains(box)


# --- 3. a card read on somebody else's turn ------------------------------------------------------

def test_a_card_read_on_another_seats_turn_says_it_waits_for_yours(
        silent_app: Callable[..., App]) -> None:
    app = silent_app("en")
    match = find_match(GameConfig("bombazo", (P, AST, AST)),
                       lambda m: "skip" in m.view_for(0).hand)
    scene = open_table(app, match)
    until(app, my_turn(app, scene))
    scene.draw_card()
    until(app, lambda: scene.flow.awaiting_person is None and not scene.busy)
    scene.select(scene.hand.cards.index("skip"))
    assert scene.panel is not None
    assert scene.panel.reason == "Not your turn yet: Skip can be played when your turn comes."
    if "defuse" in scene.hand.cards:  # a card never played alone says why, whoever's turn
        scene.select(scene.hand.cards.index("defuse"))
        assert scene.panel is not None and "Not your turn" not in scene.panel.reason


# --- 5. the lesson's moves are not judged --------------------------------------------------------

def test_the_review_of_a_lesson_does_not_judge_the_moves_it_asked_for(
        silent_app: Callable[..., App]) -> None:
    from game.match.match import Match

    app = silent_app("en")
    match = Match(GameConfig("bombazo", (P, LAN, LAN)), 91)
    match.play_to_end(LAN)
    mine = [i + 1 for i, (seat, _a) in enumerate(match.save().actions) if seat == 0]
    guided = mine[1]
    scene = ReviewScene(app, match.save(), analysis=False, guided=guided)
    assert scene.lesson_move(mine[0]) and scene.lesson_move(mine[1])
    assert not scene.lesson_move(mine[2])
    others = [i + 1 for i, (seat, _a) in enumerate(match.save().actions[:guided]) if seat != 0]
    assert not any(scene.lesson_move(p) for p in others)  # a machine's move is its own
    plain = ReviewScene(app, match.save(), analysis=False)
    assert not plain.lesson_move(mine[0])


def test_a_lesson_table_counts_the_moves_it_guided(make_app: Callable[..., App]) -> None:
    """The table notes how far the lesson went (kept with the game for its review)."""
    from tests.ui.test_lessons import _open, _read
    from tests.ui.test_tutorial import play_the_card, table, until_showing

    app, lesson = _open(make_app, "mazo")
    scene = table(app)

    _read(app, lesson, "welcome", "deck", "danger", "hand")
    until_showing(app, lesson, "peek")
    play_the_card(app, "see_future")
    frames(app, 3)
    assert scene.guided == scene.match.moves >= 1
    lesson.skip()
    moves = scene.guided
    scene.match.play_to_end(LAN)
    frames(app, 3)
    assert scene.guided == moves


# --- 6. one name per card in a hand ---------------------------------------------------------------

def test_every_copy_of_a_card_in_a_hand_wears_the_same_name(
        silent_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch) -> None:
    """Review 5: in a Mazo hand "Tijeras" stood beside "Cortacables" (the copy its neighbour
    covered took the short form, the uncovered one the name): one name per kind."""
    from game.ui import cards
    from game.ui.bombdeck.face import fitting_title

    app = silent_app("es")
    match = find_match(GameConfig("mazo", (P, AST, AST, AST)), lambda m: True)
    scene = open_table(app, match)
    until(app, my_turn(app, scene))
    hand = ("calm", "calm", "calm", "defuse", "defuse", "pass_it", "see_future", "shuffle",
            "shuffle")
    scene.hand.set_cards(hand)  # between two frames: the table would deal its own again
    scene.hand.focus = hand.index("pass_it")  # lifted, as in the review's picture
    widths = scene.hand.shown_widths()
    name, short = scene.namer.card("defuse"), scene.namer.short("defuse")
    alone = {fitting_title(name, short, cards.CARD_W,
                           None if widths.get(i) is None else widths[i] - 8)
             for i, card in enumerate(hand) if card == "defuse"}
    assert len(alone) == 2, "the deal no longer shows the two names: the test proves nothing"
    titles = paint.hand_titles(scene)
    assert titles["defuse"] == short  # the form the covered copy can carry, on both
    assert titles["calm"] == scene.namer.card("calm")
    # and the hand is drawn so: every face of the kind asked for with that one name
    asked: list[str] = []
    real = paint.hand_face
    def spy(art: str, name: str, *args: object, **kw: object) -> pygame.Surface:
        asked.append(name)
        return real(art, name, *args, **kw)  # type: ignore[arg-type]
    monkeypatch.setattr(paint, "hand_face", spy)
    paint._hand(scene)
    assert asked.count(short) == 2 and name not in asked


# --- 7. the nope countdown, the nope line ---------------------------------------------------------

def test_the_countdown_goes_round_every_card_of_the_play() -> None:
    """A pair's second card stood outside the one card's box (review 5: "the previous card's
    edge sticks out")."""
    from game.ui import cards
    from game.ui.bombdeck.layout import HOVER_SPOT

    size = cards.card_size(paint.HOVER_SCALE)
    spots = paint.hover_spots(2, 1)
    drawn = []
    for x, y, _angle in spots:
        rect = pygame.Rect((0, 0), size)
        rect.center = (round(x), round(y))
        drawn.append(rect)
    box = paint.countdown_box(drawn)
    assert all(box.contains(rect) for rect in drawn)
    assert box.collidepoint(HOVER_SPOT)


@pytest.mark.parametrize("lang", ["es", "en", "pt"])
def test_an_answer_with_a_nope_ends_its_sentence(lang: str) -> None:
    from game.i18n import load
    from game.match.match import Match
    from game.rules.bombdeck import events as E
    from game.ui.bombdeck.log import line_for
    from game.ui.bombdeck.names import Namer

    loc = load(lang)
    for game in ("clasico", "bombazo", "mazo"):
        namer = Namer(lambda: loc, Match(GameConfig(game, (P, AST, AST)), 1))
        for viewer in (0, 1):
            line = line_for(namer, E.Noped(0, 1), viewer)
            assert line and line[-1] in ".!", line
            assert not line.endswith("!."), line


# --- 8. thinking dots clear of the shield ---------------------------------------------------------

def test_a_thinking_machines_dots_stay_off_its_shield(silent_app: Callable[..., App]) -> None:
    """Review 5: the dots ran into the Escudo chip on the counts' row."""
    from game.ui import gfx, theme
    from game.ui.bombdeck.badges import BadgeInfo, draw_badge

    silent_app("es")
    rect = pygame.Rect(20, 20, 230, 92)
    row = pygame.Rect(rect.left, rect.top + 46, rect.width, 32)

    def accent_in_row(thinking: bool) -> int:
        surface = gfx.Canvas((300, 140))
        surface.fill((0, 0, 0))
        info = BadgeInfo("Lanzado 3", 3, True, 1, True, True, thinking=thinking,
                         shield_name="Escudo")
        draw_badge(surface, rect, info, 0.9)  # three dots
        return sum(surface.get_at((x, y))[:3] == theme.ACCENT
                   for x in range(row.left, row.right) for y in range(row.top, row.bottom))

    assert accent_in_row(True) == accent_in_row(False)


# --- 9. the last explosion says no "the others play on" --------------------------------------

def test_an_explosion_that_ends_the_game_does_not_say_the_others_play_on(
        silent_app: Callable[..., App]) -> None:
    from game.rules.bombdeck import events as E
    from tests.ui.test_own_explosion import _into_the_boom
    from tests.ui.test_table_moments import _before, _table

    def ends(evs: list[E.BombEvent]) -> bool:
        return any(isinstance(ev, E.PlayerExploded) and ev.seat == 0 for ev in evs) \
            and any(isinstance(ev, E.GameOver) for ev in evs)

    app = silent_app("en")
    match = _before(GameConfig("bombazo", (P, AST)), ends)
    scene = _table(app, match)
    key(pygame.K_SPACE)
    _into_the_boom(app, scene, 1.2)
    moment = scene.moment
    assert moment is not None and moment.kind == "boom" and moment.mine
    assert moment.then == ""


# --- 10. the banner names the lit badge's machine ------------------------------------------------

def test_while_a_machines_cards_fly_the_banner_names_the_seat_whose_badge_is_lit(
        silent_app: Callable[..., App]) -> None:
    from game.match.flow import Pace

    app = silent_app("en")
    match = find_match(GameConfig("bombazo", (P, AST, AST, AST)), lambda m: True)
    scene = open_table(app, match, Pace(0.2, 0.2, 0.5))
    until(app, my_turn(app, scene))
    scene.draw_card()
    seen = 0
    for _ in range(3000):
        app.step(1 / 30, draw=False)
        live = match.pending().decision.seat
        view = scene.shown
        if scene.timeline.busy and live is not None and not match.is_person(live) \
                and view.phase == "play" and live != view.current \
                and not match.is_person(view.current):
            rows = paint._banner_rows(scene)
            if rows:
                assert rows[0][0] == scene.namer.t("table.thinking",
                                                   player=scene.namer.seat(view.current))
                seen += 1
        if match.is_over() or seen >= 3:
            break
    assert seen, "no machine's cards flew while the next machine was up"


# --- 11. the keyboard's card comes down when the turn ends ----------------------------------

def test_the_keyboards_card_comes_down_when_space_ends_the_turn(
        silent_app: Callable[..., App]) -> None:
    app = silent_app("en")
    match = find_match(GameConfig("bombazo", (P, AST, AST)), lambda m: True)
    scene = open_table(app, match)
    until(app, my_turn(app, scene))
    key(pygame.K_RIGHT)
    frames(app, 10)
    assert scene.hand.focus is not None
    key(pygame.K_SPACE)
    frames(app, 2)
    assert match.actions[-1] == (0, A.DRAW_ACTION) and scene.hand.focus is None
