"""A demanding player's second review of the bomb-deck table (Bombazo, Bomba en el Mazo,
Clásico at 7.5), point by point:

1. in hot seat, while the card someone drew still flies, the banner names the seat the game
   waits for now (it said "Waiting for Player 1…" over Player 2's turn);
2. a card always says what it is: deep in a big fan a title that does not fit shows its
   short form, never nothing; a long title ("Desactivación") fits the face unbroken;
3. the enlarged card (hovered, focused) never covers the turn banner;
4. ...

Driven by real pygame events and read from what is drawn or said."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.core.config import GameConfig, SeatKind
from game.match.flow import Pace
from game.match.match import Match
from game.rules.bombdeck import actions as A
from game.rules.bombdeck.actions import Action
from game.rules.bombdeck.cards import RULESETS
from game.ui import cards, gfx, theme
from game.ui.app import App
from game.ui.bombdeck import face as face_module
from game.ui.bombdeck import layout as L
from game.ui.bombdeck import paint
from game.ui.bombdeck.choosers import CardChooser
from game.ui.bombdeck.hand import HandFan
from game.ui.bombdeck.layout import SHOW_SPOT
from game.ui.bombdeck.paint import _banner_rows, face_of, meter_texts, nope_hints, tooltip_lines
from game.ui.bombdeck.table import TableScene
from game.ui.cards import HOVER_SCALE
from game.ui.scenes.curtain import CurtainScene
from tests.ui.conftest import click, key, post
from tests.ui.probes import Probe
from tests.ui.test_table import find_match, frames, holds, my_turn, open_table, until
from tests.ui.test_table_moments import DT, _before, _defuses, _explodes, _table

P, AST = SeatKind.PERSON, SeatKind.ASTUTO
PACE = Pace(machine_delay=0.05, machine_window_delay=3.0, window_seconds=0.4)


def _curtain(app: App) -> Callable[[], bool]:
    return lambda: isinstance(app.stack.top, CurtainScene) and app._guard <= 0


# --- 1. the banner names the seat the game waits for ---------------------------------------------

def _safe_first_draw(match: object) -> bool:
    """Player 1's first draw is no bomb (the turn simply passes on)."""
    assert isinstance(match, Match)
    probe = Match(match.config, match.seed)
    probe.submit(0, A.DRAW_ACTION)
    return probe.pending().phase == "play" and probe.pending().decision.seat == 1


def test_while_the_drawn_card_flies_the_banner_names_the_next_seat(
        silent_app: Callable[..., App]) -> None:
    app = silent_app("en")
    match = find_match(GameConfig("bombazo", (P, P, AST)), _safe_first_draw)
    scene = open_table(app, match, PACE)
    until(app, _curtain(app))
    key(pygame.K_RETURN)
    until(app, my_turn(app, scene))
    key(pygame.K_SPACE)  # Player 1 draws
    app.step(1 / 30)
    assert scene.timeline.busy and match.pending().decision.seat == 1
    said = []
    while scene.timeline.busy and app.stack.top is scene:
        said.extend(text for text, *_ in _banner_rows(scene))
        app.step(1 / 30)
    assert said, "the flight shows a banner"
    assert all("Player 1" not in text for text in said), said
    assert any("Player 2" in text for text in said), said


def test_the_card_held_up_after_a_draw_leaves_the_banner_clear(
        silent_app: Callable[..., App]) -> None:
    """Item 3: the card you draw is held up large over the middle; the banner ("Waiting for
    Player 2…") steps under it rather than lying beneath it."""
    app = silent_app("en")
    match = find_match(GameConfig("bombazo", (P, P, AST)), _safe_first_draw)
    scene = open_table(app, match, PACE)
    until(app, _curtain(app))
    key(pygame.K_RETURN)
    until(app, my_turn(app, scene))
    key(pygame.K_SPACE)
    w, h = cards.card_size(HOVER_SCALE)
    held = pygame.Rect(0, 0, w, h)
    held.center = (round(SHOW_SPOT[0]), round(SHOW_SPOT[1]))
    seen = 0
    for _ in range(200):
        app.step(1 / 30)
        if scene.moment is None or scene.moment.kind != "drawn":
            continue
        area = scene.banner_area
        if area:
            seen += 1
            assert not area.colliderect(held), (area, held)
    assert seen


# --- 2. a card always says what it is ------------------------------------------------------------

GAMES = ("bombazo", "mazo", "clasico")


def _titles(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """The titles the table's faces are drawn with, and the width their band gives them."""
    drawn: list[tuple[str, int]] = []
    real = cards.draw_card

    def spy(card_id: str, name: str = "", effect: str = "",
            size: tuple[int, int] = cards.CARD_SIZE, title_width: int | None = None
            ) -> pygame.Surface:
        room = cards.title_room(size[0])
        if title_width is not None and title_width < room:
            room = max(40, title_width)
        drawn.append((name, room))
        return real(card_id, name, effect, size, title_width)

    monkeypatch.setattr(face_module.cards, "draw_card", spy)
    return drawn


@pytest.mark.parametrize("lang", ["es", "en", "pt"])
@pytest.mark.parametrize("game", GAMES)
def test_every_title_shows_whole_however_narrow_the_card_is_fanned(
        silent_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch, game: str,
        lang: str) -> None:
    """From the whole face down to the narrowest sliver a fan of 18 leaves, each card's face
    is drawn with a title whose words all fit its band (a short form or a cut word with a
    dot when the name does not): never blank, never broken with a hyphen."""
    app = silent_app(lang)
    scene = TableScene(app, Match(GameConfig(game, (P, AST, AST)), 1), pace=PACE)
    drawn = _titles(monkeypatch)
    for card in RULESETS[scene.namer.ruleset].cards:
        for shown in (None, *range(48, 130, 6)):
            face_of(scene, card, shown=shown)
    assert drawn
    size = max(theme.TEXT_MIN, round(cards.CARD_SIZE[0] * 0.13))
    blank = sorted({(name, room) for name, room in drawn
                    if not cards.title_layout(name, room, size, 2, whole=True)[0]})
    assert not blank, blank


def test_clasicos_defuse_is_named_whole_on_a_full_face(silent_app: Callable[..., App],
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    app = silent_app("es")
    scene = TableScene(app, Match(GameConfig("clasico", (P, AST, AST)), 1), pace=PACE)
    drawn = _titles(monkeypatch)
    face_of(scene, "defuse")
    # its whole name (the card was "Desactivación", cut to "Desactiva-/ción", then to a short
    # form that the lesson and the rules did not use: it is "Desactivar", as in Bombazo)
    assert drawn[-1][0] == app.loc.t("card.clasico.defuse.name") == "Desactivar"


# --- 4. no nope against your own play; the key on the badge explained ---------------------------

WINDOW = Pace(machine_delay=0.05, machine_window_delay=30.0, window_seconds=30.0)


def test_your_own_play_is_not_offered_to_your_nope(silent_app: Callable[..., App]) -> None:
    """Playing See the Future with a Nope in hand: the window on your own play shows no
    "press 1 to nope", no key on your badge, and 1 (or the badge, or the Nope card) does
    not cancel your own play."""
    app = silent_app("en")
    match = find_match(GameConfig("bombazo", (P, AST, AST)), holds(0, "see_future", "nope"))
    scene = open_table(app, match, WINDOW)
    until(app, my_turn(app, scene))
    scene.submit(Action(A.PLAY, "see_future"))
    until(app, lambda: match.pending().is_window and not scene.busy)
    frames(app, 2)
    assert scene.shown.phase == "react" and scene.private_ok
    assert nope_hints(scene) == []
    assert not any(scene.hand.cards[i] == "nope" for i in scene.hand.glowing)  # no glow
    badge = scene.layout.badges()[0]
    assert tooltip_lines(scene, 0) == [] or all(icon != "nope"
                                                for icon, _ in tooltip_lines(scene, 0))
    moves = match.moves
    key(pygame.K_1)
    click(badge.center)
    frames(app, 2)
    assert match.moves == moves  # nothing noped
    assert not scene.nope(0)


def test_the_nope_key_on_a_badge_is_said_in_words(silent_app: Callable[..., App]) -> None:
    """Hot seat: a window on Player 1's play shows Player 2's key on their badge; the mouse
    over that badge says what it is for."""
    app = silent_app("en")
    match = find_match(GameConfig("bombazo", (P, P, AST)), holds(0, "see_future"))
    scene = open_table(app, match, WINDOW)
    until(app, _curtain(app))
    key(pygame.K_RETURN)
    until(app, my_turn(app, scene))
    scene.submit(Action(A.PLAY, "see_future"))
    until(app, lambda: match.pending().is_window and not scene.busy)
    frames(app, 2)
    hints = nope_hints(scene)
    assert hints == ["Player 2: press 2"], hints  # not Player 1, whose play it is
    said = [text for icon, text in tooltip_lines(scene, 1) if icon == "nope"]
    assert said == ["To answer with Nope!, press 2 or click here."], said
    assert not [text for icon, text in tooltip_lines(scene, 0) if icon == "nope"]


# --- 5. a chooser that pops up unasked takes only a fresh press ----------------------------------

def _chooser(app: App) -> tuple[Probe, CardChooser]:
    below = Probe(app)
    app.stack.reset(below)
    chooser = CardChooser(app, "Give", [("defuse", "Defuse", ""), ("skip", "Skip", "×2")])
    app.stack.push(chooser)
    return below, chooser


def test_the_favor_chooser_ignores_the_keys_of_its_first_moments(app: App) -> None:
    """Space and Enter pressed as it appears (the person drawing, going on) do nothing; a
    press after 0.3 s marks; Space never gives, Enter does."""
    below, chooser = _chooser(app)
    for _ in range(8):  # about a quarter of a second of Space and Enter
        key(pygame.K_SPACE)
        key(pygame.K_RETURN)
        frames(app)
    assert chooser.chosen is None and below.results == []
    frames(app, 3)
    key(pygame.K_SPACE)
    frames(app)
    assert chooser.chosen == 0  # a fresh press marks
    for _ in range(3):
        key(pygame.K_SPACE)
        frames(app)
    assert below.results == []  # Space never gives
    key(pygame.K_RETURN)
    frames(app)
    assert below.results == ["defuse"]


def test_the_favor_chooser_ignores_a_key_held_since_before_it_came(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Enter held down as it comes (its repeats arrive later) does nothing until released
    and pressed again; and clicks wait as long as keys."""
    held = {pygame.K_RETURN}
    monkeypatch.setattr(pygame.key, "get_pressed", lambda: _Pressed(held))
    below, chooser = _chooser(app)
    frames(app, 20)
    post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r",
                            scancode=0))  # the held key's repeat
    frames(app)
    assert chooser.chosen is None
    assert chooser.chosen is None
    held.clear()
    post(pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="\r",
                            scancode=0))  # released
    frames(app)
    key(pygame.K_RETURN)  # pressed again
    frames(app)
    assert chooser.chosen == 0 and below.results == []


def test_the_favor_chooser_holds_clicks_as_long_as_keys(app: App) -> None:
    _below, chooser = _chooser(app)
    frames(app, 7)  # more than the click guard alone (0.2 s), less than 0.3 s
    assert app._guard > 0
    click(chooser.card_rect(1).center)
    frames(app)
    assert chooser.chosen is None


class _Pressed:
    """``pygame.key.get_pressed()`` with ``keys`` down."""

    def __init__(self, keys: set[int]) -> None:
        self.keys = keys

    def __getitem__(self, key: int) -> bool:
        return key in self.keys


# --- 6. Bomba en el Mazo: plain words, the meter, the clues, the hand ---------------------------

def test_the_eye_on_your_badge_says_what_it_counts(silent_app: Callable[..., App]) -> None:
    """Mazo: "known: 0" on your badge read as a riddle; it says "they saw" by the cutters' icon,
    and the mouse over the badge says whose cards of which kind were seen."""
    app = silent_app("en")
    match = find_match(GameConfig("mazo", (P, AST, AST)), holds(0, "defuse"))
    scene = open_table(app, match)
    until(app, my_turn(app, scene))
    assert paint.known_words(scene.namer, 0, 1) == "not seen"
    said = [text for icon, text in tooltip_lines(scene, 0) if icon == "eye"]
    assert said == ["Seen by the others: Wire Cutters ×1"], said  # the one dealt


def test_the_meter_keeps_the_bomb_being_hidden_again(silent_app: Callable[..., App]) -> None:
    """While a drawn bomb waits to go back into the deck, the meter counts it: no dip to
    "1 bomb fewer, 1 card fewer" until it lands."""
    app = silent_app("en")
    match = _before(GameConfig("mazo", (P, AST, AST)), _defuses)
    scene = _table(app, match)
    before = meter_texts(scene)
    key(pygame.K_SPACE)  # draws the bomb, holding cutters
    until(app, lambda: scene.shown.phase == "place_bomb" and not scene.busy, dt=DT)
    assert meter_texts(scene) == before, (meter_texts(scene), before)


def test_your_clues_go_once_you_are_out(silent_app: Callable[..., App]) -> None:
    """Mazo: "Your clues: none yet…" is for a player still in."""
    app = silent_app("en")
    match = _before(GameConfig("mazo", (P, AST, AST)), _explodes)
    scene = _table(app, match)
    title = scene.namer.t("table.clues")
    assert any(part.name == "clues" for part in paint._middle(scene))
    key(pygame.K_SPACE)
    until(app, lambda: not scene.shown.seats[0].alive and not scene.busy, dt=DT)
    assert scene.shown.phase != "over"
    parts = [part.name for part in paint._middle(scene)]
    assert "clues" not in parts, (title, parts)


def test_a_short_hand_sits_in_the_middle_of_the_screen() -> None:
    """Five cards centre on the screen (they sat in the middle of the room right of the home
    badge, off to the right); a long hand still fills the room."""
    for n in (1, 3, 5):
        slots = HandFan().slots(n)
        middle = (slots[0][0] + slots[-1][0]) / 2
        assert abs(middle - theme.SCREEN_W / 2) < 1, (n, middle)
    long = HandFan().slots(20)
    w = cards.CARD_W
    assert long[0][0] - w / 2 >= L.HAND.left - 1 and long[-1][0] + w / 2 <= L.HAND.right + 1


def test_the_favor_chooser_names_clasicos_defuse_unbroken(silent_app: Callable[..., App],
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """The card to give, drawn at full size in the chooser: its whole name, unbroken (not
    "Desactiva-/ción")."""
    app = silent_app("es")
    scene = TableScene(app, Match(GameConfig("clasico", (P, AST, AST)), 1), pace=PACE)
    chooser = CardChooser(app, "Da", [("defuse", scene.namer.card("defuse"), "")],
                          scene.namer.art, scene.namer.short)
    names: list[str] = []
    real = cards.draw_card

    def spy(card_id: str, name: str = "", *args: object) -> pygame.Surface:
        names.append(name)
        return real(card_id, name, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(cards, "draw_card", spy)
    chooser.draw(gfx.Canvas((1280, 720)))
    assert names == ["Desactivar"], names
