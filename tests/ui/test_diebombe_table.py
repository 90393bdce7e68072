"""The Die Bombe table driven by real pygame events through ``App.step``: the secret bid entry
(keys, the slider, − and +, the wheel), taking a card and dropping a bomb (clicks and keys),
the hot-seat curtain for each person's bid, the history, the final scoring, and whole games
played to the results."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game.core.config import GameConfig, SeatKind
from game.match.flow import Pace
from game.match.match import FeedItem, Match
from game.rules.diebombe import actions as A
from game.rules.diebombe import cards as C
from game.rules.diebombe.view import DieView
from game.ui import fonts
from game.ui.app import App
from game.ui.diebombe import layout as L
from game.ui.diebombe.history import HistoryScene, bid_text
from game.ui.diebombe.kit import KIT, seat_note
from game.ui.diebombe.sheet import score_lines
from game.ui.diebombe.shots import _bomb_bidder, _greedy, advance
from game.ui.diebombe.table import DieTableScene
from game.ui.scenes.curtain import CurtainScene
from game.ui.scenes.results import ResultsScene
from tests.ui.conftest import click, key, post

P, AST, LAN = SeatKind.PERSON, SeatKind.ASTUTO, SeatKind.LANZADO
FAST = Pace(machine_delay=0.05, machine_window_delay=0.05, window_seconds=0.3)
DT = 1 / 30


class Recording(Match):
    """A match that remembers what the screen submitted to it."""

    def __init__(self, config: GameConfig, seed: int) -> None:
        super().__init__(config, seed)
        self.submitted: list[tuple[int, A.Action]] = []

    def submit(self, seat: int, action: Any) -> list[FeedItem]:
        items = super().submit(seat, action)
        self.submitted.append((seat, action))
        return items


def open_table(app: App, match: Match, pace: Pace = FAST) -> DieTableScene:
    scene = DieTableScene(app, match, pace=pace)
    app.stack.push(scene)
    return scene


def until(app: App, ready: Callable[[], bool], limit: int = 4000) -> None:
    for _ in range(limit):
        if ready():
            return
        app.step(DT, draw=False)
    raise AssertionError(f"the table never got there (top: {app.stack.top!r})")


def deciding(app: App, scene: DieTableScene, phase: str) -> Callable[[], bool]:
    """The person's decision of ``phase`` is on screen and takes input."""
    def ready() -> bool:
        return (app.stack.top is scene and not scene.busy and app._guard <= 0
                and scene.deciding() is not None and scene.match.pending().phase == phase)
    return ready


def step(app: App, n: int = 1) -> None:
    for _ in range(n):
        app.step(DT)


def positioned(config: GameConfig, ready: Callable[[Match, DieView], bool],
               bidder: Callable[[DieView], int] = _greedy) -> Recording:
    """A recording match played on (the person by the screenshots' policy) until ``ready``."""
    for seed in range(1, 200):
        probe = Match(config, seed)
        if advance(probe, ready, bidder):
            match = Recording(config, seed)
            for seat, action in probe.actions:
                Match._apply(match, seat, action)
            return match
    raise AssertionError("no seed reaches the position")


# --- the secret bid entry ------------------------------------------------------------------------


def test_the_bid_entry_by_keys_slider_buttons_and_wheel(silent_app: Callable[..., App]) -> None:
    app = silent_app()
    match = Recording(GameConfig("diebombe", (P, AST, AST)), 5)
    scene = open_table(app, match)
    until(app, deciding(app, scene, "bid"))
    pad = scene.pad
    assert pad is not None and match.submitted == []
    # from the frame the entry opens, History gives way (it sat on the entry's last line)
    assert not scene.history_button.visible
    key(pygame.K_1)
    key(pygame.K_7)
    step(app)
    assert pad.value == 17  # two quick digits make one number
    key(pygame.K_UP)
    step(app)
    assert pad.value == 18
    key(pygame.K_DOWN)
    key(pygame.K_DOWN)
    key(pygame.K_PAGEUP)
    step(app)
    assert pad.value == 21
    key(pygame.K_END)
    step(app)
    assert pad.value == C.MAX_BID
    key(pygame.K_BACKSPACE)
    step(app)
    assert pad.value == 4
    step(app, 60)  # two seconds later a digit starts a new number
    key(pygame.K_9)
    step(app)
    assert pad.value == 9
    key(pygame.K_4)  # 94 is no bid: the 4 starts over
    step(app)
    assert pad.value == 4
    track = pad.slider.track
    thirty = round(track.left + (30 - 1) / (C.MAX_BID - 1) * track.width)
    click((thirty, track.centery))
    step(app)
    assert pad.value == 30
    click(pad.plus.rect.center)
    step(app)
    assert pad.value == 31
    for _ in range(2):
        click(pad.minus.rect.center)
        step(app, 3)  # a button ignores a second press within its cooldown
    assert pad.value == 29
    post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0,
                            precise_y=1.0))
    step(app)
    assert pad.value == 30 and match.submitted == []  # nothing is sealed before Enter
    key(pygame.K_RETURN)
    step(app)
    assert match.submitted == [(0, A.bid(30))]
    assert scene.pad is None and scene.busy  # the envelope pops: input waits


def test_what_the_bid_costs_and_leaves_is_on_screen(silent_app: Callable[..., App],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    app = silent_app()
    match = positioned(GameConfig("diebombe", (P, AST, AST)),
                       lambda m, v: v.phase == "bid" and v.round >= 4 and v.scores()[0] != 0)
    scene = open_table(app, match)
    until(app, deciding(app, scene, "bid"))
    score = match.view_for(0).scores()[0]
    drawn: list[str] = []
    real = fonts.render
    monkeypatch.setattr(fonts, "render", lambda text, *a, **k: drawn.append(text) or real(
        text, *a, **k))
    key(pygame.K_1)
    key(pygame.K_2)
    step(app)
    assert "If it is the highest bid, you pay 12" in drawn
    after = score - 12
    shown = f"−{-after}" if after < 0 else str(after)
    assert any(text.startswith("Your score: ") and text.endswith(f"→ {shown}") for text in drawn)


def test_the_click_on_seal_seals_the_bid_and_a_sealed_seat_shows_an_envelope_only(
        silent_app: Callable[..., App]) -> None:
    app = silent_app()
    match = Recording(GameConfig("diebombe", (P, AST, AST)), 8)
    scene = open_table(app, match, Pace(30.0, 30.0, 1.0))  # the machines wait
    until(app, deciding(app, scene, "bid"))
    assert scene.pad is not None
    scene.pad.set(23)
    click(scene.pad.seal_button.rect.center)
    step(app)
    assert match.submitted == [(0, A.bid(23))]
    until(app, lambda: not scene.busy)
    assert scene.shown.has_bid == (True, False, False) and scene.shown.my_bid == 23


# --- taking a card -------------------------------------------------------------------------------


def _taker(seats: tuple[SeatKind, ...] = (P, AST, AST)) -> Recording:
    return positioned(GameConfig("diebombe", seats),
                      lambda m, v: v.phase == "take" and v.taker == 0 and len(set(v.faceup)) == 2)


def test_a_click_on_a_face_up_card_takes_it(silent_app: Callable[..., App]) -> None:
    app = silent_app()
    match = _taker()
    scene = open_table(app, match)
    until(app, deciding(app, scene, "take"))
    right = match.view_for(0).faceup[1]
    click(L.faceup_rect(1, 2).center)
    step(app)
    assert match.submitted[-1] == (0, A.take(right))


@pytest.mark.parametrize("keys,index", [((pygame.K_RIGHT, pygame.K_RETURN), 1),
                                        ((pygame.K_RIGHT, pygame.K_LEFT, pygame.K_SPACE), 0),
                                        ((pygame.K_2,), 1), ((pygame.K_1,), 0)])
def test_keys_take_a_card(silent_app: Callable[..., App], keys: tuple[int, ...],
                          index: int) -> None:
    app = silent_app()
    match = _taker()
    scene = open_table(app, match)
    until(app, deciding(app, scene, "take"))
    card = match.view_for(0).faceup[index]
    before = len(match.submitted)
    for k in keys:
        key(k)
        step(app)
    assert match.submitted[before:] == [(0, A.take(card))]


# --- dropping a bomb -----------------------------------------------------------------------------


def _bomber(options: frozenset[str] = frozenset()) -> Recording:
    return positioned(GameConfig("diebombe", (P, AST, AST), options),
                      lambda m, v: v.phase == "bomb" and v.bombers[:1] == (0,)
                      and len(m.legal_for(0)) >= 2, _bomb_bidder)


def test_a_click_on_a_rivals_row_drops_the_bomb_on_that_colour(
        silent_app: Callable[..., App]) -> None:
    app = silent_app()
    match = _bomber()
    scene = open_table(app, match)
    until(app, deciding(app, scene, "bomb"))
    target = next(a for a in match.legal_for(0))
    assert target.target is not None and target.color is not None
    row = scene.layout.row(target.target, C.COLORS.index(target.color))
    click((row.right - 20, row.centery))
    step(app)
    assert match.submitted[-1] == (0, A.bomb(target.target, target.color))
    covered = [c for c in scene.shown.won[target.target] if C.color_of(c) == target.color][-1]
    until(app, lambda: not scene.busy)
    assert covered not in match.view_for(0).won[target.target]
    assert covered in match.view_for(0).set_aside


def test_keys_choose_the_victim_and_the_colour(silent_app: Callable[..., App]) -> None:
    app = silent_app()
    match = _bomber()
    scene = open_table(app, match)
    until(app, deciding(app, scene, "bomb"))
    legal = match.legal_for(0)
    last = legal[-1]
    assert last.target is not None
    key(getattr(pygame, f"K_{last.target + 1}"))  # that seat's first choice
    step(app)
    first_of_seat = next(a for a in legal if a.target == last.target)
    picker = scene.picker
    assert picker is not None and picker.picks[picker.lit].action == first_of_seat
    while picker.picks[picker.lit].action != last:
        key(pygame.K_RIGHT)
        step(app)
    key(pygame.K_RETURN)
    step(app)
    assert match.submitted[-1] == (0, last)


def test_with_any_card_bombed_a_click_picks_the_very_card(silent_app: Callable[..., App]) -> None:
    app = silent_app()
    match = _bomber(frozenset({"any_card_bombed"}))
    scene = open_table(app, match)
    until(app, deciding(app, scene, "bomb"))
    view = match.view_for(0)
    target = next(seat for seat in (1, 2) if view.won[seat])
    card = view.won[target][0]
    rect = scene.chip_area(target, card)
    click((rect.left + 4, rect.top + 6))
    step(app)
    assert match.submitted[-1] == (0, A.bomb(target, card=card))


# --- hot seat ------------------------------------------------------------------------------------


def test_in_hot_seat_each_person_bids_behind_the_curtain(silent_app: Callable[..., App]) -> None:
    app = silent_app()
    match = Recording(GameConfig("diebombe", (P, P, AST)), 3)
    scene = open_table(app, match)
    for seat, digit in ((0, pygame.K_7), (1, pygame.K_9)):
        until(app, lambda: isinstance(app.stack.top, CurtainScene) and app._guard <= 0)
        top = app.stack.top
        assert isinstance(top, CurtainScene) and top.seat == seat
        assert "round 1" in top.reason and scene.pad is None  # nothing of a bid under it
        key(pygame.K_RETURN)
        step(app)
        until(app, deciding(app, scene, "bid"))
        assert scene.flow.viewer == seat and scene.home == seat
        key(digit)
        key(pygame.K_RETURN)
        step(app)
    assert [(seat, action.amount) for seat, action in match.submitted] == [(0, 7), (1, 9)]


# --- the history and the scoring -----------------------------------------------------------------


def test_h_opens_the_history_of_every_revealed_bid(silent_app: Callable[..., App]) -> None:
    app = silent_app()
    match = positioned(GameConfig("diebombe", (P, AST, AST)),
                       lambda m, v: v.phase == "bid" and v.round >= 5)
    scene = open_table(app, match)
    until(app, deciding(app, scene, "bid"))
    key(pygame.K_h)
    step(app)
    top = app.stack.top
    assert isinstance(top, HistoryScene)
    history = top.view.history
    assert len(history) == 4 and [r.round for r in history] == [1, 2, 3, 4]
    first = history[0].reveals[0]
    assert bid_text(history[0], 1).startswith(str(first[1]))
    key(pygame.K_h)
    step(app)
    assert app.stack.top is scene and scene.pad is not None  # the half-typed bid is kept


@pytest.mark.parametrize("options", [frozenset(), frozenset({"green_majority_doubles"})])
def test_the_scoring_lines_add_up_to_the_engines_scores(options: frozenset[str]) -> None:
    doubled_somewhere = False
    for seed in range(12):
        match = Match(GameConfig("diebombe", (LAN, AST, AST, LAN), options), seed)
        match.play_to_end()
        view = match.view_for(-1)
        lines = score_lines(view)
        assert [line.total for line in lines] == list(match.outcome().scores or ())
        assert any(line.red_doubled for line in lines)
        doubled_somewhere |= any(line.green_doubled for line in lines)
    assert doubled_somewhere == ("green_majority_doubles" in options)


def test_the_results_note_says_what_each_seat_paid(silent_app: Callable[..., App]) -> None:
    app = silent_app()
    match = Match(GameConfig("diebombe", (AST, AST, AST)), 2)
    match.play_to_end()
    minus = match.view_for(-1).minus
    assert [seat_note(app.loc, match, seat) for seat in range(3)] == \
        [f"paid {n}" for n in minus]
    assert KIT.seat_note is seat_note and not KIT.windows("diebombe")


# --- whole games ---------------------------------------------------------------------------------


def _act(app: App, scene: DieTableScene, turn: int) -> bool:
    """Post the person's next input, if the screen waits for one; ``True`` if it did."""
    top = app.stack.top
    if top is None or top.busy or app._guard > 0:
        return False
    if isinstance(top, CurtainScene):
        key(pygame.K_RETURN)
        return True
    if top is not scene:
        return False
    if scene.holding:  # a round's outcome waits for the next person (hot seat)
        key(pygame.K_RETURN)
        return True
    if scene.sheet is not None:
        if not scene.sheet.done:
            return False  # the lines tick in, one column at a time
        key(pygame.K_RETURN)
        return True
    if scene.pad is not None:
        for digit in str(3 + (turn * 7) % 20):
            key(getattr(pygame, f"K_{digit}"))
        key(pygame.K_RETURN)
        return True
    if scene.picker is not None:
        if turn % 2:
            pick = scene.picker.picks[-1]
            click((pick.area.left + 4, pick.area.top + 6))
        else:
            key(pygame.K_RETURN)
        return True
    return False


@pytest.mark.parametrize("seats,options", [
    ((P, AST, LAN), frozenset()),
    ((P, P, AST, SeatKind.DESPIADADO), frozenset({"any_card_bombed", "green_majority_doubles"})),
])
def test_a_whole_game_through_the_screens_by_events(silent_app: Callable[..., App],
                                                    seats: tuple[SeatKind, ...],
                                                    options: frozenset[str]) -> None:
    app = silent_app("en", machine_speed="fast")
    match = Recording(GameConfig("diebombe", seats, options), 17)
    sounds: list[str] = []
    play = app.sound.play
    app.sound.play = lambda name, volume=1.0: bool(sounds.append(name)) or play(name, volume)  # type: ignore[method-assign]
    scene = open_table(app, match)
    turn = 0
    for _ in range(30_000):
        if isinstance(app.stack.top, ResultsScene):
            break
        if _act(app, scene, turn):
            turn += 1
        app.step(0.1, draw=turn % 4 == 0)
    assert isinstance(app.stack.top, ResultsScene), f"stuck on {app.stack.top!r}"
    assert match.is_over()
    people = {seat for seat, kind in enumerate(seats) if kind is P}
    by = {seat for seat, _action in match.submitted}
    assert by == people
    verbs = {action.verb for _seat, action in match.submitted}
    assert "bid" in verbs and "take" in verbs
    assert {"drumroll", "play", "draw", "win", "click"} <= set(sounds)
    assert {"explosion", "crumple"} & set(sounds)


# --- the unfinished game -------------------------------------------------------------------------


def test_a_hot_seat_game_autosaves_and_resumes_behind_the_same_curtain(
        silent_app: Callable[..., App], tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.core.saves import read_save
    from game.match.autosave import FILE_NAME
    from game.ui import launch
    from game.ui.settings import HOME_ENV
    from tests.ui.test_resume import write_unfinished

    monkeypatch.delenv(HOME_ENV, raising=False)
    hot = GameConfig("diebombe", (P, P, AST))
    flow = write_unfinished(tmp_path, hot, 7, 9, state="curtain")
    covered = flow.curtain_for
    assert covered is not None
    app = silent_app("en", machine_speed="fast")
    app.settings_dir, app.persist = tmp_path, True  # the table writes the game there
    unfinished = launch.unfinished(app)
    assert unfinished is not None
    launch.resume(app, unfinished)
    until(app, lambda: isinstance(app.stack.top, CurtainScene))
    top = app.stack.top
    assert isinstance(top, CurtainScene) and top.seat == covered
    scene = next(s for s in app.stack if isinstance(s, DieTableScene))
    assert scene.match.moves == flow.match.moves and scene.pad is None
    key(pygame.K_RETURN)
    step(app)
    phase = scene.match.pending().phase
    until(app, deciding(app, scene, phase))
    assert scene.flow.viewer == covered
    if scene.pad is not None:
        key(pygame.K_3)
        key(pygame.K_RETURN)
    else:
        key(pygame.K_RETURN)
    step(app)
    until(app, lambda: not scene.busy)
    assert read_save(tmp_path / FILE_NAME).actions == scene.match.save().actions
    assert scene.match.moves == flow.match.moves + 1


@pytest.mark.parametrize("show", [True, False])
def test_the_code_is_on_the_table_only_when_the_player_typed_it(
        silent_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch, show: bool) -> None:
    app = silent_app()
    match = Recording(GameConfig("diebombe", (P, AST, AST)), 12)
    scene = DieTableScene(app, match, pace=FAST, show_code=show)
    app.stack.push(scene)
    drawn: list[str] = []
    real = fonts.render
    monkeypatch.setattr(fonts, "render", lambda text, *a, **k: drawn.append(text) or real(
        text, *a, **k))
    step(app, 3)
    assert any(match.code in text for text in drawn) == show
