"""Game controllers (issue 24): their buttons and left stick act as the keys every screen
answers, the key caps follow the device used last (in the controller's own button names),
a controller unplugged mid-game pauses the table, and a whole game is played from the
title to the results with controller events alone."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.ui.app import App
from game.ui.pad import AXIS_RANGE, PadInput, PadStyle, button_name, prompt, style_of
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.results import ResultsScene
from game.ui.scenes.title import TitleScene
from game.ui.table.base import GameTable
from tests.ui.conftest import key, post

A, B, X = (pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B,
           pygame.CONTROLLER_BUTTON_X)
PAD = 7


def press(button: int, pad: int = PAD) -> None:
    post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=button, instance_id=pad),
         pygame.event.Event(pygame.CONTROLLERBUTTONUP, button=button, instance_id=pad))


def frames(app: App, n: int = 1) -> None:
    for _ in range(n):
        app.step(1 / 30)


# --- the translation ------------------------------------------------------------------------


def test_buttons_are_the_keys_the_screens_answer_and_carry_their_controller() -> None:
    pads = PadInput()
    down = pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=A, instance_id=3)
    (event,) = pads.keys_for(down)
    assert (event.type, event.key, event.pad) == (pygame.KEYDOWN, pygame.K_RETURN, 3)
    back = pygame.event.Event(pygame.CONTROLLERBUTTONDOWN,
                              button=pygame.CONTROLLER_BUTTON_LEFTSHOULDER, instance_id=3)
    (event,) = pads.keys_for(back)
    assert event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT
    y = pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_Y,
                           instance_id=3)
    assert pads.keys_for(y) == []  # Y is each screen's own
    (event,) = pads.keys_for(y, {pygame.CONTROLLER_BUTTON_Y: pygame.K_n})
    assert event.key == pygame.K_n


def test_the_stick_presses_an_arrow_once_and_releases_it_on_the_way_back() -> None:
    pads = PadInput()

    def lean(value: float) -> list[tuple[int, int]]:
        event = pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=1,
                                   axis=pygame.CONTROLLER_AXIS_LEFTX,
                                   value=round(value * AXIS_RANGE))
        return [(e.type, e.key) for e in pads.keys_for(event)]

    assert lean(0.4) == []
    assert lean(0.8) == [(pygame.KEYDOWN, pygame.K_RIGHT)]
    assert lean(1.0) == []       # held: no second press
    assert lean(0.4) == []       # not back far enough
    assert lean(0.1) == [(pygame.KEYUP, pygame.K_RIGHT)]
    assert lean(-0.9) == [(pygame.KEYDOWN, pygame.K_LEFT)]


def test_each_controller_family_has_its_own_names_for_the_same_button() -> None:
    assert style_of("Xbox Series X Controller") is PadStyle.XBOX
    assert style_of("PS5 Controller") is PadStyle.PLAYSTATION
    assert style_of("Nintendo Switch Pro Controller") is PadStyle.NINTENDO
    assert style_of("Steam Deck") is PadStyle.XBOX
    assert [button_name(A, style) for style in PadStyle] == ["A", "✕", "B"]
    assert prompt(pygame.K_RETURN, PadStyle.PLAYSTATION) == "✕"
    assert prompt(pygame.K_ESCAPE, PadStyle.NINTENDO) == "A"
    assert prompt(pygame.K_l, PadStyle.XBOX) is None


def test_every_button_name_has_its_glyphs_in_the_game_font() -> None:
    from game.ui import fonts

    font = fonts.get(18, True)
    for style in PadStyle:
        for button in range(pygame.CONTROLLER_BUTTON_MAX):
            name = button_name(button, style)
            if name == "?":
                continue
            metrics = font.metrics(name)
            assert all(m is not None for m in metrics), f"{name!r} ({style}) has no glyph"


# --- through the real screens ------------------------------------------------------------------


@pytest.fixture
def returning(make_app: Callable[..., App]) -> App:
    app = make_app("en", settings={"machine_speed": "fast", "reaction_seconds": 1},
                   wire=True, audio=False)
    app.pads[PAD] = PadStyle.PLAYSTATION
    frames(app, 20)
    return app


def test_the_key_caps_follow_the_device_used_last(returning: App) -> None:
    app = returning
    assert app.prompt_for(pygame.K_RETURN, "Enter") == "Enter"
    press(pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    frames(app, 2)
    assert app.pad_style is PadStyle.PLAYSTATION
    assert app.prompt_for(pygame.K_RETURN, "Enter") == "✕"
    assert app.prompt_for(None, "Esc") == "○"
    assert app.prompt_for(pygame.K_l, "L") == ""  # no button: no cap
    key(pygame.K_DOWN)
    frames(app, 2)
    assert app.pad_style is None and app.prompt_for(pygame.K_RETURN, "Enter") == "Enter"


def test_a_controller_unplugged_mid_game_pauses_the_table(returning: App) -> None:
    app = returning
    press(A)  # Play now
    frames(app, 10)
    assert isinstance(app.stack.top, GameTable)
    post(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=PAD))
    frames(app, 2)
    assert isinstance(app.stack.top, PauseScene)


def test_a_whole_game_from_the_title_to_the_results_with_a_controller_alone(
        returning: App) -> None:
    """Play now with the bottom button; at the table, X draws (the turn's end) and the
    bottom button answers whatever the table asks (hide the bomb, the curtain); at the
    results, B goes back to the title. No key, no mouse."""
    app = returning
    press(A)
    frames(app, 10)
    for _ in range(6000):
        top = app.stack.top
        if isinstance(top, ResultsScene):
            break
        if isinstance(top, GameTable):
            if top.match.is_over() and not top.busy and app._guard <= 0:
                press(A)  # the final table: on to the results
            elif not top.busy and not top.settling and app._guard <= 0 \
                    and top.match.is_person(getattr(top.match.pending().decision, "seat",
                                                    None) or 0) \
                    and 0 in top.match.pending().decision.seats:
                press(X)
        elif top is not None and not top.busy and app._guard <= 0:
            press(A)
        frames(app)
    assert isinstance(app.stack.top, ResultsScene), f"ended on {type(app.stack.top).__name__}"
    frames(app, 30)
    press(B)
    frames(app, 30)
    assert isinstance(app.stack.top, TitleScene)


# --- hot seat: a controller each ----------------------------------------------------------------


def test_a_hot_seat_game_with_two_controllers_each_person_lifting_their_own_curtain(
        returning: App) -> None:
    """Two people, two controllers, one machine. Each person takes a controller by lifting
    their first curtain with it; from then on their curtain opens only with theirs (the
    other's press does nothing), and a Y in a reaction window nopes for the controller's
    person. Played to the results with controller events only."""
    from game.core.config import GameConfig, SeatKind
    from game.ui import launch
    from game.ui.scenes.curtain import CurtainScene

    app = returning
    ana, bo = 11, 12
    app.pads.update({ana: PadStyle.XBOX, bo: PadStyle.NINTENDO})
    config = GameConfig("bombazo", (SeatKind.PERSON, SeatKind.PERSON, SeatKind.LANZADO))
    launch.open_table(app, launch.make_match(config, 31))
    frames(app, 10)
    refused = nopes = 0
    for _ in range(20000):
        top = app.stack.top
        if isinstance(top, ResultsScene):
            break
        ready = top is not None and not top.busy and not top.settling and app._guard <= 0
        if isinstance(top, CurtainScene) and ready:
            owner = {seat: pad for pad, seat in app.pad_seats.items()}
            mine = owner.get(top.seat, ana if top.seat == 0 else bo)
            other = bo if mine == ana else ana
            if top.seat in owner and other in app.pad_seats:
                press(A, other)           # the other person's controller: nothing happens
                frames(app, 3)
                assert app.stack.top is top
                refused += 1
            press(A, mine)
        elif isinstance(top, GameTable) and ready and top.match.is_over():
            press(A, ana)  # the final table: on to the results
        elif isinstance(top, GameTable) and ready:
            pending = top.match.pending()
            seats = pending.decision.seats
            if pending.is_window:
                for pad, seat in app.pad_seats.items():
                    if seat in seats and "nope" in [getattr(a, "verb", "") for a in
                                                    top.match.legal_for(seat)]:
                        before = top.match.moves
                        press(pygame.CONTROLLER_BUTTON_Y, pad)
                        frames(app, 2)
                        nopes += top.match.moves > before
                        break
            elif any(top.match.is_person(s) for s in seats):
                press(X, ana)
        elif top is not None and ready and not isinstance(top, GameTable):
            press(A, ana)
        frames(app)
    assert isinstance(app.stack.top, ResultsScene), f"ended on {type(app.stack.top).__name__}"
    assert sorted(app.pad_seats.values()) == [0, 1]
    assert app.pad_seats[ana] == 0 and app.pad_seats[bo] == 1
    assert refused > 0
    assert nopes > 0, "no Y nope in the whole game: pick a seed where a person holds a Nope"


CODES = {"bombazo": "212-7KJ", "mazo": "912-7KT", "clasico": "D12-7KE",
         "diebombe": "4VC-414-X5P", "cazabombas": "1R1-1338"}
MASH = (A, X, pygame.CONTROLLER_BUTTON_DPAD_RIGHT, A, pygame.CONTROLLER_BUTTON_DPAD_DOWN, A)
"""A person who knows only the controller's confirm button, the main-deed button and the
d-pad, pressing them in turn."""


@pytest.mark.parametrize("game", sorted(CODES))
def test_every_game_is_played_to_its_results_with_the_controller_alone(
        returning: App, game: str) -> None:
    from game.ui import launch

    app = returning
    match = launch.match_from_code(CODES[game])
    assert match.config.game == game
    launch.open_table(app, match)
    presses = 0
    for frame in range(40000):
        top = app.stack.top
        if isinstance(top, ResultsScene):
            break
        if top is not None and not top.busy and not top.settling and app._guard <= 0 \
                and frame % 3 == 0:
            press(MASH[presses % len(MASH)])
            presses += 1
        app.step(1 / 30, draw=False)
    assert isinstance(app.stack.top, ResultsScene), \
        f"{game}: stuck on {type(app.stack.top).__name__} at {match.pending().decision}"
    people = [seat for seat, kind in enumerate(match.config.seats) if kind.value == "person"]
    assert any(seat in people for seat, _ in match.actions), "the person never acted"


# --- the on-screen keyboard ----------------------------------------------------------------------


def type_on_the_keyboard(app: App, text: str) -> None:
    """Walk the on-screen keyboard's grid with the d-pad to each character and type it."""
    from game.ui.scenes.keyboard import KeyboardScene

    pad_moves = {(1, 0): pygame.CONTROLLER_BUTTON_DPAD_DOWN,
                 (-1, 0): pygame.CONTROLLER_BUTTON_DPAD_UP,
                 (0, 1): pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
                 (0, -1): pygame.CONTROLLER_BUTTON_DPAD_LEFT}
    for ch in text:
        board = app.stack.top
        assert isinstance(board, KeyboardScene)
        where = [(r, c) for r, row in enumerate(board.keys()) for c, k in enumerate(row)
                 if k == ch]
        if not where:  # a capital or a small letter: Y switches
            press(pygame.CONTROLLER_BUTTON_Y)
            frames(app)
            where = [(r, c) for r, row in enumerate(board.keys()) for c, k in enumerate(row)
                     if k == ch]
        row, col = where[0]
        while board.row != row:
            press(pad_moves[(1 if row > board.row else -1, 0)])
            frames(app)
        while board.col != col:
            press(pad_moves[(0, 1 if col > board.col else -1)])
            frames(app)
        press(A)
        frames(app)


def test_a_code_is_typed_on_the_on_screen_keyboard_and_played(returning: App) -> None:
    from game.ui.scenes.code_entry import CodeEntryScene
    from game.ui.scenes.keyboard import KeyboardScene

    app = returning
    title = app.stack.top
    assert isinstance(title, TitleScene)
    while app.stack.top is title and title.form.focused is not title.enter_code:
        press(pygame.CONTROLLER_BUTTON_DPAD_DOWN)
        frames(app)
    press(A)
    frames(app, 20)
    entry = app.stack.top
    assert isinstance(entry, CodeEntryScene) and entry.form.focused is entry.field
    press(A)  # on the field: the keyboard
    frames(app, 5)
    assert isinstance(app.stack.top, KeyboardScene)
    type_on_the_keyboard(app, "212-7kj")
    press(pygame.CONTROLLER_BUTTON_START)
    frames(app, 5)
    assert app.stack.top is entry and entry.field.text == "212-7KJ"
    while entry.form.focused is not entry.play:
        press(pygame.CONTROLLER_BUTTON_DPAD_DOWN)
        frames(app)
    press(A)
    frames(app, 20)
    table = app.stack.top
    assert isinstance(table, GameTable) and table.match.code == "212-7KJ"


def test_a_name_typed_on_the_keyboard_is_said_to_its_field_and_b_erases(
        returning: App) -> None:
    from game.ui.name_field import NameField
    from game.ui.scenes.keyboard import KeyboardScene, put_into

    app = returning
    said: list[str] = []
    field = NameField((100, 100, 300, 40), "", placeholder="Player 2", on_change=said.append)
    board = KeyboardScene(app, field, "Player 2")
    app.push(board, lambda text: put_into(field, text) if isinstance(text, str) else None)
    frames(app, 10)
    assert board.caps  # a name starts with a capital
    type_on_the_keyboard(app, "Zéx")
    press(B)  # erases the x
    frames(app)
    assert board.text == "Zé"
    press(pygame.CONTROLLER_BUTTON_START)
    frames(app, 3)
    assert field.text == "Zé" and said[-1] == "Zé"
    assert not isinstance(app.stack.top, KeyboardScene)


def test_die_bombes_bid_pad_steps_by_five_on_the_shoulders_and_says_so(
        returning: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui import launch
    from game.ui.diebombe import bidpad
    from game.ui.diebombe.table import DieTableScene
    from tests.ui.probes import drawn_texts

    app = returning
    launch.open_table(app, launch.match_from_code(CODES["diebombe"]))
    table = app.stack.top
    assert isinstance(table, DieTableScene)
    for _ in range(600):
        if table.pad is not None and not table.busy and app._guard <= 0:
            break
        frames(app)
    assert table.pad is not None
    start = table.pad.value
    press(pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    frames(app)
    assert table.pad.value == start + 5
    press(pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    frames(app)
    assert table.pad.value == start + 4
    said = " ".join(drawn_texts(monkeypatch, bidpad, lambda: table.draw(app.canvas)))
    assert "L1 R1 ±5" in said and "✕" in said and "PgUp" not in said  # a PlayStation pad
    moves = table.match.moves
    press(A)
    frames(app, 5)
    assert table.match.moves > moves  # sealed
