"""The unfinished game through the screens, with real events: the table autosaves after every
action and when it closes, the title offers the game only when there is one, clicking the offer
(or Enter) opens the same table with the same next machine moves and the curtain down for the
same person, and a damaged save is set aside with a message while the title works on."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.core.config import GameConfig, SeatKind
from game.core.engine import TABLE
from game.core.rng import Pcg32
from game.core.saves import SavedGame, read_save
from game.match.autosave import FILE_NAME, Autosaver, Seen
from game.match.flow import Pace, TableFlow
from game.match.match import Match
from game.ui import launch
from game.ui.app import App
from game.ui.bombdeck.choosers import CardChooser
from game.ui.bombdeck.hide_bomb import HideBombScene
from game.ui.bombdeck.table import TableScene
from game.ui.scenes.confirm import ConfirmScene
from game.ui.scenes.curtain import CurtainScene
from game.ui.scenes.results import ResultsScene
from game.ui.scenes.title import TitleScene
from game.ui.settings import HOME_ENV, Settings
from game.ui.widgets import text_of
from tests.ui.conftest import click, frames, key, post

P, AST = SeatKind.PERSON, SeatKind.ASTUTO
SOLO = GameConfig("bombazo", (P, AST, AST, AST))
HOT_SEAT = GameConfig("bombazo", (P, P, AST))
FAST = Pace(machine_delay=0.05, machine_window_delay=0.05, window_seconds=0.3)


@pytest.fixture(autouse=True)
def _no_home(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(HOME_ENV, raising=False)


@pytest.fixture
def make_app(make_app: Callable[..., App]) -> Callable[..., App]:
    """Wired apps whose data folder is ``tmp_path`` (settings and the unfinished game)."""

    def make(lang: str = "en") -> App:
        return make_app(lang, settings={"machine_speed": "fast", "reaction_seconds": 1},
                        wire=True, audio=False)

    return make


def title_of(app: App) -> TitleScene:
    top = app.stack.top
    assert isinstance(top, TitleScene)
    frames(app, 20)  # past the click guard
    return top


def table_of(app: App) -> TableScene:
    scene = next((s for s in app.stack if isinstance(s, TableScene)), None)
    assert scene is not None, f"no table on the stack: {app.stack.scenes()}"
    return scene


def until(app: App, ready: Callable[[], bool], limit: int = 4000) -> None:
    for _ in range(limit):
        if ready():
            return
        app.step(1 / 30, draw=False)
    raise AssertionError("never got there")


def play_by_keys(app: App, scene: TableScene, moves: int) -> None:
    """Play as the person would, with keys: Space draws, Enter hides a bomb, gives the card a
    favor asks for (the seed is fresh: a machine may ask) or confirms the curtain; the
    machines play on by themselves."""
    for _ in range(6000):
        if scene.match.moves >= moves or scene.match.is_over():
            return
        top = app.stack.top
        if app._guard <= 0 and isinstance(top, HideBombScene | CurtainScene | CardChooser):
            key(pygame.K_RETURN)
        elif top is scene and not scene.busy and scene.flow.awaiting_person is not None:
            key(pygame.K_SPACE)
        app.step(1 / 30, draw=False)
    raise AssertionError("the game did not move")


def machine_moves_are_their_own(save: SavedGame, start: int) -> None:
    """Every machine move (and every window the table closed) from action ``start`` on is the
    one the machines choose at that position: the resumed game went on as the first would."""
    checked = 0
    for index in range(start, len(save.actions)):
        seat, _data = save.actions[index]
        match = Match.from_save(SavedGame(save.config, save.seed, save.actions[:index]))
        if seat != TABLE and match.is_person(seat):
            continue
        action = match.engine.action_from_json(save.actions[index][1])
        choice = match.machine_choice()
        assert choice == (None if seat == TABLE else (seat, action)), index
        checked += 1
    assert checked, "no machine move to check"


def saved(folder: Path) -> SavedGame:
    return read_save(folder / FILE_NAME)


def extra(folder: Path) -> dict[str, object]:
    data = json.loads((folder / FILE_NAME).read_text(encoding="utf-8"))
    assert isinstance(data["extra"], dict)
    return data["extra"]


def write_unfinished(folder: Path, config: GameConfig, seed: int, moves: int,
                     state: str = "any") -> TableFlow:
    """An unfinished game in ``folder``: ``moves`` moves or more, stopped right after a move
    (``state``: ``curtain``, the curtain down for the next person; ``shown``, that person
    has confirmed it and their hand is up)."""
    flow = TableFlow(Match(config, seed), FAST)
    rng = Pcg32(seed)
    for _ in range(100_000):
        assert not flow.match.is_over()
        if flow.match.moves >= moves:
            if state == "any" or (state == "curtain" and flow.curtain_for is not None):
                break
            if state == "shown" and flow.show_private and flow.awaiting_person is not None:
                break
        if flow.curtain_for is not None:
            if state == "curtain" and flow.match.moves >= moves:
                break
            flow.confirm_curtain()
        elif flow.awaiting_person is not None:
            legal = flow.match.legal_for(flow.awaiting_person)
            flow.submit(legal[rng.below(len(legal))])
        else:
            flow.update(0.1)
    Autosaver(folder).save(flow.match, Seen.of(flow, flow.viewer or flow.curtain_for or 0))
    return flow


# --- the table writes the game -------------------------------------------------------------


def test_the_table_autosaves_after_every_action_and_on_close(make_app: Callable[..., App],
                                                             tmp_path: Path) -> None:
    app = make_app()
    title = title_of(app)
    assert title.resume is None and title.offer is None  # nothing to resume yet
    click(title.play_now.rect.center)
    frames(app, 2)
    scene = table_of(app)
    seen_moves = 0
    for _ in range(8000):
        if scene.match.moves >= 12 or scene.match.is_over():
            break
        play_by_keys(app, scene, seen_moves + 1)
        seen_moves = scene.match.moves
        # the file holds every action as soon as the frame that made it ends
        assert saved(tmp_path).actions == scene.match.save().actions
    assert scene.match.moves >= 12
    app.quit()  # the window closes: the table writes itself once more
    assert saved(tmp_path) == scene.match.save()
    assert extra(tmp_path) == {"viewer": 0, "curtain_for": None, "home": 0}


def test_a_table_nobody_played_never_replaces_the_unfinished_game(
        make_app: Callable[..., App], tmp_path: Path) -> None:
    write_unfinished(tmp_path, SOLO, 5, 9)
    before = (tmp_path / FILE_NAME).read_bytes()
    app = make_app()
    title = title_of(app)
    click(title.play_now.rect.center)  # a new game, left before its first move
    frames(app, 20)
    assert isinstance(app.stack.top, ConfirmScene), "a new game asks before replacing"
    key(pygame.K_RETURN)
    frames(app, 2)
    assert table_of(app).match.moves == 0
    app.quit()
    assert (tmp_path / FILE_NAME).read_bytes() == before


def test_cancelling_the_new_game_keeps_the_unfinished_one(
        make_app: Callable[..., App], tmp_path: Path) -> None:
    write_unfinished(tmp_path, SOLO, 5, 9)
    app = make_app()
    title = title_of(app)
    click(title.play_now.rect.center)
    frames(app, 20)
    confirm = app.stack.top
    assert isinstance(confirm, ConfirmScene)
    click(confirm.no.rect.center)
    frames(app, 2)
    assert app.stack.top is title
    assert launch.unfinished(app) is not None


@pytest.mark.parametrize("answer", ["yes", "no"])
def test_a_code_on_the_command_line_asks_before_replacing_the_unfinished_game(
        make_app: Callable[..., App], tmp_path: Path, answer: str) -> None:
    write_unfinished(tmp_path, SOLO, 5, 20)
    before = (tmp_path / FILE_NAME).read_bytes()
    other = Match(GameConfig("mazo", (P, AST)), 77).code
    app = make_app()
    launch.start(app, other)  # python -m game --code …
    frames(app, 20)
    confirm = app.stack.top
    assert isinstance(confirm, ConfirmScene), "the command line replaced the game unasked"
    click((confirm.yes if answer == "yes" else confirm.no).rect.center)
    frames(app, 2)
    if answer == "yes":
        assert table_of(app).match.code == other
    else:
        assert isinstance(app.stack.top, TitleScene)
        assert launch.unfinished(app) is not None
    app.quit()
    assert (tmp_path / FILE_NAME).read_bytes() == before  # no move made: the old game stays


def test_a_code_on_the_command_line_opens_at_once_when_nothing_is_unfinished(
        make_app: Callable[..., App]) -> None:
    code = Match(GameConfig("mazo", (P, AST)), 77).code
    app = make_app()
    launch.start(app, code)
    frames(app, 2)
    assert table_of(app).match.code == code


def test_no_question_without_an_unfinished_game(make_app: Callable[..., App]) -> None:
    app = make_app()
    click(title_of(app).play_now.rect.center)
    frames(app, 2)
    assert table_of(app).match.moves == 0


def test_a_finished_game_clears_the_file(make_app: Callable[..., App], tmp_path: Path) -> None:
    # a game one move from its end, that move a machine's
    for seed in range(1, 200):
        whole = launch.play_out(Match(SOLO, seed)).save()
        if whole.actions[-1][0] != 0:
            break
    almost = Match.from_save(SavedGame(whole.config, whole.seed, whole.actions[:-1]))
    saver = Autosaver(tmp_path)
    saver.save(almost)
    app = make_app()
    title_of(app)
    scene = TableScene(app, almost, pace=FAST, autosaver=saver)
    app.push(scene)
    until(app, lambda: scene.held_end)
    # gone as the game ends, not when the results come (the final table waits for a press)
    assert almost.is_over() and not (tmp_path / FILE_NAME).exists()
    frames(app, 60)
    key(pygame.K_SPACE)
    until(app, lambda: isinstance(app.stack.top, ResultsScene))
    app.to_title()
    assert title_of(app).resume is None


# --- the title offers it -------------------------------------------------------------------


def test_clicking_the_offer_opens_the_same_table_with_the_same_next_machine_moves(
        make_app: Callable[..., App], tmp_path: Path) -> None:
    flow = write_unfinished(tmp_path, SOLO, 12, 15)
    before = flow.match.save()
    app = make_app()
    title = title_of(app)
    assert title.resume is not None and title.offer is not None
    assert title.offer.moves == flow.match.moves
    assert title.offer_line() == f"Bombazo · 4 players · {flow.match.moves} moves made"
    assert text_of(title.resume.text) == f"Resume · {title.offer_line()}"
    click(title.resume.rect.center)
    frames(app, 2)
    scene = table_of(app)
    assert scene.match.save() == before
    for seat in (*range(4), -1):
        assert scene.match.view_for(seat) == flow.match.view_for(seat)
    assert scene.flow.viewer == 0 and scene.flow.curtain_for is None and scene.private_ok
    assert not scene.timeline.busy  # no deal: the cards are already on the table
    # play on; the machines make the moves they would have made in the first place
    play_by_keys(app, scene, before_moves := len(before.actions) + 8)
    after = scene.match.save()
    assert after.actions[: len(before.actions)] == before.actions
    assert len(after.actions) >= before_moves or scene.match.is_over()
    machine_moves_are_their_own(after, len(before.actions))
    frames(app, 1)
    assert saved(tmp_path) == scene.match.save()  # and the resumed table keeps saving


def test_resuming_replays_the_save_once(make_app: Callable[..., App], tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    write_unfinished(tmp_path, SOLO, 12, 15)
    app = make_app()
    title = title_of(app)  # the title read the save and rebuilt its match once
    calls: list[int] = []
    real = Match.from_save.__func__  # type: ignore[attr-defined]

    def counted(cls: type[Match], save: SavedGame) -> Match:
        calls.append(1)
        return real(cls, save)  # type: ignore[no-any-return]

    monkeypatch.setattr(Match, "from_save", classmethod(counted))
    click(title.resume.rect.center)
    frames(app, 2)
    assert table_of(app).match.moves == title.offer.moves
    assert calls == [], "the resume replayed the save a second time"


def test_enter_resumes_when_a_game_is_offered(make_app: Callable[..., App],
                                               tmp_path: Path) -> None:
    flow = write_unfinished(tmp_path, SOLO, 3, 6)
    app = make_app()
    title = title_of(app)
    assert title.resume is not None
    key(pygame.K_RETURN)
    frames(app, 2)
    assert table_of(app).match.save() == flow.match.save()


def test_enter_in_the_very_first_frame_resumes(tmp_path: Path) -> None:
    """The app makes its title before the hooks are wired: a key pressed before the first
    update must still find the offer, not start a new game."""
    flow = write_unfinished(tmp_path, SOLO, 3, 6)
    app = launch.wire(App(Settings(language="en"), settings_dir=tmp_path, lang="en",
                          audio=False))
    try:
        pygame.event.clear()
        key(pygame.K_RETURN)
        frames(app, 2)
        assert table_of(app).match.save() == flow.match.save()
    finally:
        app.close()


def test_play_now_is_still_there_beside_the_offer(make_app: Callable[..., App],
                                                  tmp_path: Path) -> None:
    write_unfinished(tmp_path, SOLO, 3, 6)
    app = make_app()
    title = title_of(app)
    click(title.play_now.rect.center)
    frames(app, 20)
    key(pygame.K_RETURN)  # yes, start anew
    frames(app, 2)
    assert table_of(app).match.moves == 0  # a new game


@pytest.mark.parametrize("state", ["curtain", "shown"])
def test_hot_seat_resumes_behind_the_curtain_of_the_same_person(
        make_app: Callable[..., App], tmp_path: Path, state: str) -> None:
    flow = write_unfinished(tmp_path, HOT_SEAT, 4, 6, state)
    person = flow.curtain_for if state == "curtain" else flow.viewer
    assert person is not None
    app = make_app()
    title = title_of(app)
    click(title.resume.rect.center)  # type: ignore[union-attr]
    for _ in range(3):
        app.step(1 / 30)
        scene = table_of(app)
        assert not scene.private_ok and not scene.hand.faces, "a hand showed before the curtain"
    curtain = app.stack.top
    assert isinstance(curtain, CurtainScene) and curtain.seat == person
    assert scene.flow.curtain_for == person and scene.flow.viewer is None
    assert scene.home == (flow.viewer or flow.curtain_for or 0)  # the same table as it was
    until(app, lambda: app._guard <= 0)
    key(pygame.K_RETURN)
    until(app, lambda: app.stack.top is scene)
    assert scene.flow.viewer == person and scene.private_ok and scene.home == person
    assert scene.shown.hand == flow.match.view_for(person).hand


def test_closing_a_hot_seat_table_saves_who_was_looking(make_app: Callable[..., App],
                                                         tmp_path: Path) -> None:
    write_unfinished(tmp_path, HOT_SEAT, 4, 6, "curtain")
    app = make_app()
    title = title_of(app)
    click(title.resume.rect.center)  # type: ignore[union-attr]
    frames(app, 2)
    curtain = app.stack.top
    assert isinstance(curtain, CurtainScene)
    until(app, lambda: app._guard <= 0)
    key(pygame.K_RETURN)
    until(app, lambda: app.stack.top is table_of(app))
    post(pygame.event.Event(pygame.QUIT))  # the window's close button
    frames(app)
    assert extra(tmp_path) == {"viewer": curtain.seat, "curtain_for": None, "home": curtain.seat}
    # and it comes back covered: the person confirms again
    again = make_app()
    click(title_of(again).resume.rect.center)  # type: ignore[union-attr]
    frames(again, 2)
    top = again.stack.top
    assert isinstance(top, CurtainScene) and top.seat == curtain.seat


@pytest.mark.parametrize("lang", ["es", "en", "pt"])
def test_the_offer_reads_in_every_language(make_app: Callable[..., App], tmp_path: Path,
                                           lang: str) -> None:
    write_unfinished(tmp_path, SOLO, 3, 6)
    app = make_app(lang)
    title = title_of(app)
    app.step(1 / 60)  # draws
    assert title.resume is not None
    loc = app.loc
    assert not getattr(loc, "missing", set()) and not getattr(loc, "fell_back", set())
    assert "{" not in title.offer_line() and "⟦" not in text_of(title.resume.text)


# --- damaged and finished files ------------------------------------------------------------


def test_a_damaged_save_is_set_aside_with_a_message_and_the_title_works(
        make_app: Callable[..., App], tmp_path: Path) -> None:
    (tmp_path / FILE_NAME).write_text('{"format": "mecha-corta-save", "vers', encoding="utf-8")
    (tmp_path / "current.damaged-1.json").write_text("an older one", encoding="utf-8")
    app = make_app()
    title = title_of(app)
    assert title.resume is None and title.damaged is not None
    assert title.damage_line() == ("A saved game was damaged and has been set aside as "
                                   "current.damaged-2.json.")
    assert not (tmp_path / FILE_NAME).exists()
    assert (tmp_path / "current.damaged-2.json").read_text(encoding="utf-8").endswith('"vers')
    assert (tmp_path / "current.damaged-1.json").read_text(encoding="utf-8") == "an older one"
    app.step(1 / 60)  # it draws
    click(title.play_now.rect.center)  # and the game starts
    frames(app, 2)
    assert isinstance(app.stack.top, TableScene)


def test_a_save_that_does_not_replay_is_set_aside_too(make_app: Callable[..., App],
                                                      tmp_path: Path) -> None:
    write_unfinished(tmp_path, SOLO, 3, 6)
    data = saved(tmp_path).to_json(version=1)
    data["seed"] = data["seed"] + 1  # another deal: the moves no longer fit
    (tmp_path / FILE_NAME).write_text(json.dumps(data), encoding="utf-8")
    title = title_of(make_app("es"))
    assert title.resume is None and title.damaged is not None
    assert "current.damaged-1.json" in title.damage_line()
    assert title.damage_line().startswith("Una partida guardada estaba dañada")


def test_a_finished_game_is_not_offered(make_app: Callable[..., App], tmp_path: Path) -> None:
    match = launch.play_out(Match(SOLO, 4))
    data = match.save().to_json()
    (tmp_path / FILE_NAME).write_text(json.dumps(data), encoding="utf-8")
    title = title_of(make_app())
    assert title.resume is None and title.damaged is None
    assert not (tmp_path / FILE_NAME).exists()


def test_an_unwired_title_offers_nothing(tmp_path: Path) -> None:
    write_unfinished(tmp_path, SOLO, 3, 6)
    app = App(Settings(language="en"), settings_dir=tmp_path, lang="en", audio=False)
    try:
        assert title_of(app).resume is None
    finally:
        app.close()


def test_the_saves_folder(make_app: Callable[..., App], tmp_path: Path,
                          monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app()
    assert launch.save_folder(app) == tmp_path
    monkeypatch.setenv(HOME_ENV, str(tmp_path / "home"))
    assert launch.save_folder(app) == tmp_path / "home"
    assert launch.autosaver_for(app) is not None
    app.persist = False  # screenshots, autoplay, benchmarks write nothing
    assert launch.autosaver_for(app) is None
