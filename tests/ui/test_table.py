"""The table scene driven by real pygame events through ``App.step``: what it submits to the
match for clicks and keys, once per action, and what it lets the players see."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.core.config import GameConfig, SeatKind
from game.i18n import Locale
from game.match.flow import Pace
from game.match.match import FeedItem, Match
from game.rules.bombdeck import actions as A
from game.rules.bombdeck.actions import Action
from game.ui.app import App
from game.ui.bombdeck.table import TableScene
from tests.ui.conftest import click, key, post

P, AST = SeatKind.PERSON, SeatKind.ASTUTO
FAST = Pace(machine_delay=0.05, machine_window_delay=0.05, window_seconds=0.3)
SIMPLE = ("skip", "shuffle", "see_future", "attack")


class Recording(Match):
    """A match that remembers what the screen submitted to it."""

    def __init__(self, config: GameConfig, seed: int) -> None:
        super().__init__(config, seed)
        self.submitted: list[tuple[int, Action]] = []
        self.noped: list[int] = []

    def submit(self, seat: int, action: Action) -> list[FeedItem]:
        window = self.pending().is_window
        items = super().submit(seat, action)
        if window and action.verb == "nope":
            self.noped.append(seat)
        else:
            self.submitted.append((seat, action))
        return items


def find_match(config: GameConfig, fits: Callable[[Match], bool], start: int = 1) -> Recording:
    """The first seed from ``start`` whose opening position ``fits``."""
    for seed in range(start, start + 500):
        match = Recording(config, seed)
        if fits(match):
            return match
    raise AssertionError("no seed fits")


def holds(seat: int, *cards: str) -> Callable[[Match], bool]:
    def fits(match: Match) -> bool:
        hand = match.view_for(seat).hand
        return all(card in hand for card in cards)
    return fits


def open_table(app: App, match: Match, pace: Pace = FAST, deal: bool = False) -> TableScene:
    scene = TableScene(app, match, pace=pace, deal=deal)
    app.stack.push(scene)
    return scene


def frames(app: App, n: int = 1, dt: float = 1 / 30) -> None:
    for _ in range(n):
        app.step(dt)


def until(app: App, ready: Callable[[], bool], limit: int = 3000, dt: float = 1 / 30) -> None:
    for _ in range(limit):
        if ready():
            return
        app.step(dt, draw=False)
    raise AssertionError("the table never got there")


def my_turn(app: App, scene: TableScene) -> Callable[[], bool]:
    def ready() -> bool:
        return (app.stack.top is scene and not scene.busy and app._guard <= 0
                and scene.flow.awaiting_person is not None
                and scene.match.pending().phase == "play")
    return ready


def visible_point(scene: TableScene, index: int) -> tuple[int, int]:
    """A point where card ``index`` shows (the cards overlap, a lifted one covers more)."""
    rect = scene.hand.rect_of(index)
    assert rect is not None
    for x in range(rect.left + 4, rect.right - 4, 4):
        if scene.hand._hit((x, rect.top + 40)) == index:
            return (x, rect.top + 40)
    raise AssertionError(f"card {index} is nowhere to be clicked")


def card_centre(scene: TableScene, card: str) -> tuple[int, int]:
    return visible_point(scene, scene.hand.cards.index(card))


# --- playing and drawing -------------------------------------------------------------------------

def test_clicking_a_card_then_play_submits_that_play(silent_app: Callable[..., App]) -> None:
    app = silent_app()
    match = find_match(GameConfig("bombazo", (P, AST, AST)), holds(0, "skip"))
    scene = open_table(app, match)
    until(app, my_turn(app, scene))
    click(card_centre(scene, "skip"))
    frames(app)
    assert scene.panel is not None and scene.panel.name == "Skip"
    assert match.submitted == []  # reading is not playing
    play = scene.panel.primary()
    assert play is not None
    click(play.rect.center)
    frames(app)
    assert match.submitted == [(0, Action(A.PLAY, "skip"))]
    assert scene.busy  # the card is flying: input is locked


def test_enter_reads_then_plays_the_chosen_card(silent_app: Callable[..., App]) -> None:
    app = silent_app()
    match = find_match(GameConfig("bombazo", (P, AST, AST)), holds(0, "skip"))
    scene = open_table(app, match)
    until(app, my_turn(app, scene))
    index = scene.hand.cards.index("skip")
    for _ in range(index + 1):
        key(pygame.K_RIGHT)
    frames(app)
    assert scene.hand.focus == index
    key(pygame.K_RETURN)
    frames(app)
    assert scene.panel is not None and match.submitted == []
    key(pygame.K_RETURN)
    frames(app)
    assert match.submitted == [(0, Action(A.PLAY, "skip"))]


def test_space_draws(silent_app: Callable[..., App]) -> None:
    app = silent_app()
    match = find_match(GameConfig("bombazo", (P, AST, AST)), lambda m: True)
    scene = open_table(app, match)
    until(app, my_turn(app, scene))
    key(pygame.K_SPACE)
    frames(app)
    assert match.submitted == [(0, A.DRAW_ACTION)]


def test_the_draw_button_says_how_many_draws_are_owed(silent_app: Callable[..., App]) -> None:
    app = silent_app()
    match = find_match(GameConfig("bombazo", (P, AST, AST)), lambda m: True)
    scene = open_table(app, match)
    until(app, my_turn(app, scene))
    assert scene.draws_left() == 1
    assert scene.draw_button.enabled and scene.draw_button.visible
    click(scene.draw_button.rect.center)
    frames(app)
    assert match.submitted == [(0, A.DRAW_ACTION)]


def test_a_double_click_on_play_submits_once(silent_app: Callable[..., App]) -> None:
    app = silent_app()
    match = find_match(GameConfig("bombazo", (P, AST, AST)), holds(0, "skip"))
    scene = open_table(app, match)
    until(app, my_turn(app, scene))
    click(card_centre(scene, "skip"))
    frames(app)
    assert scene.panel is not None
    play = scene.panel.primary()
    assert play is not None
    click(play.rect.center)
    click(play.rect.center)  # both halves of a double click in the same frame
    frames(app)
    click(play.rect.center)  # and one more a frame later
    frames(app)
    assert match.submitted == [(0, Action(A.PLAY, "skip"))]


def test_a_second_identical_card_makes_a_pair(silent_app: Callable[..., App]) -> None:
    def pair_in_hand(match: Match) -> bool:
        return any(a.verb == A.PAIR for a in match.legal_for(0))

    app = silent_app()
    match = find_match(GameConfig("bombazo", (P, AST, AST)), pair_in_hand)
    pair = next(a for a in match.legal_for(0) if a.verb == A.PAIR)
    scene = open_table(app, match)
    until(app, my_turn(app, scene))
    first = scene.hand.cards.index(pair.card or "")
    for index in (first, first + 1):
        click(visible_point(scene, index))
        frames(app)
    assert scene.hand.selected == [first, first + 1]
    assert scene.panel is not None
    button = scene.panel.primary()
    assert button is not None and button.text == "Play pair"
    click(button.rect.center)
    frames(app, 10)  # the target chooser opens
    chooser = app.stack.top
    from game.ui.bombdeck.choosers import SeatChooser

    assert isinstance(chooser, SeatChooser)
    targets = sorted(chooser.buttons)
    assert targets == sorted({a.target for a in match.legal_for(0)
                              if a.verb == A.PAIR and a.card == pair.card})
    click(chooser.buttons[targets[-1]].rect.center)
    frames(app)
    assert match.submitted == [(0, Action(A.PAIR, pair.card, targets[-1]))]


def test_an_animal_alone_says_why_it_cannot_be_played(silent_app: Callable[..., App]) -> None:
    def lone_animal(match: Match) -> bool:
        hand = match.view_for(0).hand
        return any(c.startswith("animal_") and hand.count(c) == 1 for c in hand)

    app = silent_app()
    match = find_match(GameConfig("bombazo", (P, AST, AST)), lone_animal)
    scene = open_table(app, match)
    until(app, my_turn(app, scene))
    hand = scene.hand.cards
    animal = next(c for c in hand if c.startswith("animal_") and hand.count(c) == 1)
    click(card_centre(scene, animal))
    frames(app)
    assert scene.panel is not None
    assert scene.panel.buttons == [] and "pair" in scene.panel.reason
    key(pygame.K_RETURN)
    frames(app)
    assert match.submitted == []


# --- the reaction window -------------------------------------------------------------------------

def test_a_number_key_nopes_for_a_person_holding_a_nope(silent_app: Callable[..., App]) -> None:
    """(Player 2 answers Player 1's play: a person's own play is not offered to their own
    nope, review 2.)"""
    app = silent_app()
    match = find_match(GameConfig("bombazo", (P, P, AST)),
                       lambda m: holds(0, "skip")(m) and holds(1, "nope")(m))
    scene = _hot_seat_window(app, match)
    assert scene.flow.window_left is not None
    key(pygame.K_2)
    frames(app)
    assert match.noped == [1]


def test_clicking_a_persons_badge_nopes_too(silent_app: Callable[..., App]) -> None:
    app = silent_app()
    match = find_match(GameConfig("bombazo", (P, P, AST)),
                       lambda m: holds(0, "skip")(m) and holds(1, "nope")(m))
    scene = _hot_seat_window(app, match)
    click(scene.layout.badges()[1].center)
    frames(app)
    assert match.noped == [1]


def _hot_seat_window(app: App, match: Match) -> TableScene:
    """Player 1 plays a skip; both people then watch the window."""
    scene = open_table(app, match, Pace(0.05, 4.0, 5.0))
    until(app, lambda: app.stack.top is not scene and not scene.busy)
    key(pygame.K_RETURN)  # the curtain: "it's me, show my cards"
    until(app, my_turn(app, scene))
    scene.submit(Action(A.PLAY, "skip"))
    until(app, lambda: match.pending().is_window and not scene.busy)
    return scene


def test_a_nope_key_without_a_nope_changes_nothing_on_screen(
        silent_app: Callable[..., App]) -> None:
    config = GameConfig("bombazo", (P, P, AST))

    def fits(match: Match) -> bool:
        return holds(0, "skip")(match) and "nope" not in match.view_for(1).hand

    seed = find_match(config, fits).seed
    shots = []
    for press in (False, True):
        app = silent_app()
        match = Recording(config, seed)
        scene = _hot_seat_window(app, match)
        assert not scene.hand.faces, "nobody's hand shows while everybody may answer"
        if press:
            key(pygame.K_2)  # player 2 holds no nope
        frames(app, 6)
        shots.append((pygame.image.tobytes(app.canvas, "RGB"), scene.flow.window_left,
                      match.moves))
        assert match.noped == []
    assert shots[0] == shots[1]


# --- the curtain ---------------------------------------------------------------------------------

def _covered(app: App, scene: TableScene) -> Callable[[], bool]:
    return lambda: app.stack.top is not scene


def test_the_curtain_hides_the_hand(silent_app: Callable[..., App]) -> None:
    config = GameConfig("bombazo", (P, P, AST))
    hands = set()
    pictures = []
    for seed in (3, 4):
        app = silent_app()
        match = Match(config, seed)
        hands.add(match.view_for(0).hand)
        scene = open_table(app, match)
        until(app, _covered(app, scene))
        frames(app, 3)
        pictures.append(pygame.image.tobytes(app.canvas, "RGB"))
        # the table under it draws only what everyone may see (the code label apart)
        under = pygame.Surface(app.canvas.get_size())
        scene.draw(under)
        under.fill((0, 0, 0), pygame.Rect(1000, 640, 280, 80))
        pictures.append(pygame.image.tobytes(under, "RGB"))
    assert len(hands) == 2, "the two games differ in the hidden hand"
    assert pictures[0] == pictures[2]
    assert pictures[1] == pictures[3]


def test_confirming_the_curtain_shows_that_persons_hand(silent_app: Callable[..., App]) -> None:
    app = silent_app()
    match = Match(GameConfig("bombazo", (P, P, AST)), 5)
    scene = open_table(app, match)
    until(app, lambda: app.stack.top is not scene)
    assert not scene.private_ok and not scene.hand.faces
    frames(app, 10)
    key(pygame.K_SPACE)
    frames(app)
    assert app.stack.top is scene
    assert scene.flow.viewer == 0 and scene.private_ok
    assert scene.hand.cards == match.view_for(0).hand


# --- words on screen -----------------------------------------------------------------------------

@pytest.mark.parametrize(("game", "lang"), [("bombazo", "es"), ("mazo", "pt"),
                                             ("clasico", "en")])
def test_a_whole_machine_game_plays_and_draws_with_no_missing_text(
        silent_app: Callable[..., App], game: str, lang: str) -> None:
    app = silent_app(lang, machine_speed="fast")
    match = Match(GameConfig(game, (AST, AST, AST)), 9)
    scene = open_table(app, match, deal=True)
    for frame in range(6000):
        if app.stack.top is not scene:
            break
        app.step(0.1, draw=frame % 3 == 0)
    assert match.is_over()
    from game.ui.scenes.results import ResultsScene

    assert isinstance(app.stack.top, ResultsScene)
    assert isinstance(app.loc, Locale)
    assert not app.loc.missing and not app.loc.format_errors


def test_eight_seats_fit_on_screen_without_overlapping(silent_app: Callable[..., App]) -> None:
    app = silent_app()
    seats = (P, AST, AST, AST, AST, AST, AST, AST)
    scene = open_table(app, Match(GameConfig("bombazo", seats), 2))
    badges = list(scene.layout.badges().values())
    screen = pygame.Rect(0, 0, 1280, 720)
    assert len(badges) == 8
    for i, a in enumerate(badges):
        assert screen.contains(a)
        for b in badges[i + 1:]:
            assert not a.colliderect(b)


def _texts_drawn(monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """Every text the screens draw from now on (the table's painter included), as a live
    set."""
    from tests.ui.textspy import spy

    return spy(monkeypatch).strings_live


@pytest.mark.parametrize("seats", [(P, AST), (P, P, AST)], ids=["solo", "hot-seat"])
def test_the_game_code_is_not_on_the_table_of_a_game_nobody_chose(
        silent_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch,
        seats: tuple[SeatKind, ...]) -> None:
    # The code holds the seed: shown during the game, it gives away every hand and the deck.
    drawn = _texts_drawn(monkeypatch)
    app = silent_app()
    match = Match(GameConfig("bombazo", seats), 12)
    open_table(app, match)
    frames(app, 3)
    if len(match.people) > 1:  # the curtain first: the hand of seat 0 on screen
        until(app, lambda: app._guard <= 0)
        key(pygame.K_RETURN)
        frames(app, 3)
    assert drawn, "the painter drew no text at all"
    assert match.code not in drawn
    assert app.loc.t("newgame.code") not in drawn


def test_a_typed_code_may_stay_on_screen(silent_app: Callable[..., App],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui import launch

    drawn = _texts_drawn(monkeypatch)
    app = silent_app()
    code = Match(GameConfig("bombazo", (P, AST)), 12).code
    assert launch.open_code(app, code)
    frames(app, 3)
    assert code in drawn


def test_escape_pauses(silent_app: Callable[..., App]) -> None:
    from game.ui.scenes.pause import PauseScene

    app = silent_app()
    scene = open_table(app, Match(GameConfig("bombazo", (P, AST)), 12))
    frames(app, 10)
    post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    frames(app)
    assert isinstance(app.stack.top, PauseScene)
    assert scene in app.stack
