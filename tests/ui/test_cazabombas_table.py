"""The Caza Bombas table driven by real pygame events through ``App.step``: the setup token,
pointing at a teammate's wire and naming a value (clicks and keys; only values one holds are
offered), the Double Detector, a Solo Cut, revealing reds, every kind of equipment card, the
motion each move sets off (snip, dial, token, explosion, the case), and whole missions played
to the results."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game.core.config import GameConfig, SeatKind
from game.match.flow import Pace
from game.match.match import Match
from game.rules.cazabombas import actions as A
from game.rules.cazabombas import events as E
from game.rules.cazabombas.view import CazaView
from game.rules.cazabombas.wires import YELLOW, class_of
from game.ui.app import App
from game.ui.cazabombas import aim as M
from game.ui.cazabombas.kit import KIT, STATES, seat_note
from game.ui.cazabombas.paint import banner, card_rows, chip_layout, confirm_rect
from game.ui.cazabombas.shots import advance, trial
from game.ui.cazabombas.table import CazaTableScene
from game.ui.registry import on_screen, shot_names, ui_kit_for
from game.ui.scenes.results import ResultsScene
from tests.ui.conftest import click, key

P, AST, LAN = SeatKind.PERSON, SeatKind.ASTUTO, SeatKind.LANZADO
FAST = Pace(machine_delay=0.05, machine_window_delay=0.05, window_seconds=0.3)
DT = 1 / 30


def caza(*seats: SeatKind, mission: int = 1) -> GameConfig:
    return GameConfig("cazabombas", seats, frozenset({f"mission{mission}"}))


def open_table(app: App, match: Match, pace: Pace = FAST) -> CazaTableScene:
    scene = CazaTableScene(app, match, pace=pace, briefing=False)
    app.stack.push(scene)
    return scene


def step(app: App, n: int = 1) -> None:
    for _ in range(n):
        app.step(DT)


def until(app: App, ready: Callable[[], bool], limit: int = 6000) -> None:
    for _ in range(limit):
        if ready():
            return
        app.step(DT, draw=False)
    raise AssertionError(f"the table never got there (top: {app.stack.top!r})")


def deciding(app: App, scene: CazaTableScene) -> Callable[[], bool]:
    """The person's decision is on screen and takes input (drawn once, so the click areas
    are where the painter put them)."""
    def ready() -> bool:
        if not (app.stack.top is scene and not scene.busy and app._guard <= 0
                and scene.aim is not None):
            return False
        app.step(DT)
        return scene.aim is not None and not scene.busy
    return ready


def positioned(config: GameConfig, ready: Callable[[Match, CazaView], bool],
               tries: int = 200, first: int = 1) -> Match:
    """A match played on (a machine standing in for the person) until ``ready``: the first
    seed from ``first`` (below ``tries``) that gets there."""
    for seed in range(first, tries):
        match = Match(config, seed)
        if advance(match, ready, limit=600):
            return match
    raise AssertionError("no seed reaches the position")


def person(match: Match) -> int:
    return match.people[0]


def where(scene: CazaTableScene, item: M.Item) -> tuple[int, int]:
    """Where a click picks ``item`` on the screen as drawn."""
    if item[0] == "w":
        return scene.layout.rack(item[1]).tile(item[2]).center
    if item[0] == "s":
        return scene.layout.rack(item[1]).tile(0).center
    if item[0] == "p":
        rack = scene.layout.seat_racks(item[1])[0]
        return (rack.rect.left + 30, rack.rect.top + 10)
    for rect, chip, _text in chip_layout(scene):
        if chip == item:
            return rect.center
    raise AssertionError(f"{item} is not on screen")


def briefed_table(app: App) -> CazaTableScene:
    """The new table under its briefing (the briefing first, then Enter starts it)."""
    from game.ui.cazabombas.briefing import BriefingScene

    assert isinstance(app.stack.top, BriefingScene)
    step(app, 8)
    key(pygame.K_RETURN)
    step(app, 2)
    top = app.stack.top
    assert isinstance(top, CazaTableScene)
    return top


def last_action(match: Match) -> tuple[int, A.Action]:
    seat, action = match.actions[-1]
    assert isinstance(action, A.Action)
    return seat, action


# --- the kit -------------------------------------------------------------------------------------


def test_the_kit_is_registered_with_its_states() -> None:
    assert "cazabombas" in on_screen() and ui_kit_for("cazabombas") is KIT
    assert set(STATES) <= set(KIT.shots) and set(STATES) <= set(shot_names())


def test_the_results_note_names_the_captain(silent_app: Callable[..., App]) -> None:
    app = silent_app()
    match = Match(caza(P, AST, AST), 3)
    captain = match.view_for(-1).captain
    notes = [seat_note(app.loc, match, seat) for seat in range(3)]
    assert notes[captain] == "Captain" and [n for n in notes if n] == ["Captain"]


# --- setup ---------------------------------------------------------------------------------------


def test_a_click_on_one_of_ones_blue_wires_places_the_setup_token(
        silent_app: Callable[..., App]) -> None:
    app = silent_app()
    match = positioned(caza(P, AST, AST), lambda m, v: v.phase == "setup")
    scene = open_table(app, match)
    until(app, deciding(app, scene))
    aim = scene.aim
    assert aim is not None and aim.mode.name == M.SETUP
    moves = match.moves
    candidates = aim.candidates()
    target = candidates[-1]
    click(where(scene, target))
    step(app)
    seat, action = last_action(match)
    assert match.moves == moves + 1 and seat == person(match)
    assert action.verb == A.TOKEN and scene.stand_of(seat, action.stand or 0) == target[1]
    assert action.pos == target[2]
    assert scene.stage.tokens and scene.busy  # the token drops in front of the wire


def test_keys_place_the_setup_token(silent_app: Callable[..., App]) -> None:
    app = silent_app()
    match = positioned(caza(P, AST), lambda m, v: v.phase == "setup")
    scene = open_table(app, match)
    until(app, deciding(app, scene))
    moves = match.moves
    key(pygame.K_RIGHT)
    key(pygame.K_RIGHT)
    step(app)
    aim = scene.aim
    assert aim is not None and aim.focus == 2
    focused = aim.focused()
    key(pygame.K_RETURN)
    step(app)
    _seat, action = last_action(match)
    assert match.moves == moves + 1 and focused is not None
    assert (scene.stand_of(person(match), action.stand or 0), action.pos) == focused[1:]


# --- the dual cut --------------------------------------------------------------------------------


def _playing(m: Match, v: CazaView) -> bool:
    return v.phase == "play" and sum(w.cut for s in v.stands for w in s) >= 4


def test_point_at_a_teammates_wire_and_click_a_value_one_holds(
        silent_app: Callable[..., App]) -> None:
    app = silent_app()
    match = positioned(caza(P, AST, AST), _playing)
    scene = open_table(app, match)
    until(app, deciding(app, scene))
    me = person(match)
    aim = scene.aim
    assert aim is not None and aim.mode.name == M.CUT
    wire = aim.candidates()[0]
    assert scene.layout.rack(wire[1]).seat != me  # a teammate's wire
    click(where(scene, wire))
    step(app)
    assert aim.picked() == {wire} and aim.step is not None and aim.step.kind == M.VALUE
    held = {class_of(w.key) for g in scene.shown.my_stands for w in scene.shown.stands[g]
            if w.key is not None and not w.cut}
    offered = {item[1] for _rect, item, _text in chip_layout(scene)}
    assert offered == held - {"red"}  # only what one holds is offered
    value = sorted(offered, key=str)[0]
    moves = match.moves
    click(where(scene, ("v", value)))
    step(app)
    seat, action = last_action(match)
    assert match.moves == moves + 1 and seat == me
    assert action.verb == A.DUAL_CUT and action.value == value
    assert (scene.stand_of(action.target or 0, action.stand or 0), action.pos) == wire[1:]
    assert scene.busy  # the move is being told


def test_a_click_on_ones_own_wire_names_its_value(silent_app: Callable[..., App]) -> None:
    app = silent_app()
    match = positioned(caza(P, AST, AST), _playing)
    scene = open_table(app, match)
    until(app, deciding(app, scene))
    aim = scene.aim
    assert aim is not None
    aim.pick(aim.candidates()[1])
    step(app)
    g = scene.shown.my_stands[0]
    index, wire = next((i, w) for i, w in enumerate(scene.shown.stands[g])
                       if not w.cut and w.key is not None)
    assert wire.key is not None
    click(scene.layout.rack(g).tile(index).center)
    step(app)
    _seat, action = last_action(match)
    assert action.verb == A.DUAL_CUT and action.value == class_of(wire.key)


def test_keys_aim_and_name_a_value(silent_app: Callable[..., App]) -> None:
    app = silent_app()
    match = positioned(caza(P, AST, AST), _playing)
    scene = open_table(app, match)
    until(app, deciding(app, scene))
    aim = scene.aim
    assert aim is not None
    key(pygame.K_DOWN)  # the next rack
    key(pygame.K_RIGHT)
    step(app)
    focused = aim.focused()
    assert focused is not None
    key(pygame.K_RETURN)
    step(app)
    assert aim.picked() == {focused}
    values = [item[1] for item in aim.candidates()]
    number = next(v for v in values if isinstance(v, int) and v < 10)
    moves = match.moves
    key(getattr(pygame, f"K_{number}"))
    step(app)
    _seat, action = last_action(match)
    assert match.moves == moves + 1
    assert action.value == number and action.pos == focused[2]


def test_a_value_not_held_changes_nothing(silent_app: Callable[..., App]) -> None:
    app = silent_app()
    match = positioned(caza(P, AST, AST), _playing)
    scene = open_table(app, match)
    until(app, deciding(app, scene))
    aim = scene.aim
    assert aim is not None
    aim.pick(aim.candidates()[0])
    held = {item[1] for item in aim.candidates()}
    missing = next(n for n in range(1, 7) if n not in held)
    moves = match.moves
    key(getattr(pygame, f"K_{missing}"))
    step(app, 3)
    assert match.moves == moves and scene.aim is aim
    key(pygame.K_BACKSPACE)  # back: point at another wire
    step(app)
    assert not aim.picked()


def test_a_right_cut_turns_both_tiles_over_with_a_snip(silent_app: Callable[..., App]) -> None:
    app = silent_app()
    match = positioned(caza(P, AST, AST), _playing)
    me = person(match)
    right = next(a for a in match.legal_for(me) if a.verb == A.DUAL_CUT and any(
        isinstance(e, E.WiresCut) for e in trial(match, me, a)))
    scene = open_table(app, match)
    until(app, deciding(app, scene))
    assert scene.submit(right)
    tiles = dict(scene.stage.tiles)
    assert len(tiles) == 2 and all(fx.flip is not None and fx.fall is not None
                                   for fx in tiles.values())
    until(app, lambda: "snip" in app.sound.played)
    until(app, lambda: not scene.busy)
    assert not scene.stage.tiles


def test_a_wrong_cut_clicks_the_dial_and_drops_a_token(silent_app: Callable[..., App]) -> None:
    app = silent_app()
    match = positioned(caza(P, AST, AST), _playing)
    me = person(match)
    wrong = next(a for a in match.legal_for(me) if a.verb == A.DUAL_CUT and any(
        isinstance(e, E.CutMissed) for e in trial(match, me, a)))
    scene = open_table(app, match)
    until(app, deciding(app, scene))
    before = scene.shown.mistakes_left
    rest = scene.dial_rest()
    scene.submit(wrong)
    until(app, lambda: scene.stage.dial is not None and scene.stage.dial.done)
    assert "dial" in app.sound.played
    assert scene.stage.dial_position(rest) == rest + 1
    until(app, lambda: bool(scene.stage.tokens))
    until(app, lambda: not scene.busy)
    assert scene.shown.mistakes_left == before - 1
    assert any(w.token is not None for w in scene.shown.stands[
        scene.stand_of(wrong.target or 0, wrong.stand or 0)])


def test_a_red_wire_explodes_the_bomb(silent_app: Callable[..., App]) -> None:
    app = silent_app()

    def red_to_cut(m: Match, v: CazaView) -> bool:
        return v.phase == "play" and any(
            a.verb == A.DUAL_CUT and any(isinstance(e, E.Exploded) for e in trial(m, v.seat, a))
            for a in m.legal_for(v.seat)[:60])

    match = positioned(caza(P, AST, AST, mission=3), red_to_cut, tries=60)
    me = person(match)
    boom = next(a for a in match.legal_for(me) if a.verb == A.DUAL_CUT and any(
        isinstance(e, E.Exploded) for e in trial(match, me, a)))
    scene = open_table(app, match)
    until(app, deciding(app, scene))
    assert not scene.blasted
    scene.submit(boom)
    until(app, lambda: "explosion" in app.sound.played)
    assert scene.particles  # smoke and sparks
    # the big word across the middle, and no "whose turn" while the bomb goes off
    assert any(f.size > 60 for f in scene.stage.floaters)
    assert banner(scene)[0] == ""
    until(app, lambda: not scene.busy)
    assert match.is_over() and scene.shown.won is False
    assert scene.dial_rest() == scene.shown.max_mistakes + 1  # the needle on the skull
    assert scene.results_button.visible
    # the wire that went off stays turned over, red, where it was cut
    exploded = next(e for e in match.feed_for(None, 0) if isinstance(e.event, E.Exploded))
    assert scene.blasted == {(exploded.event.stand, i) for i in exploded.event.indices}


# --- the other ways to act -----------------------------------------------------------------------


def test_the_double_detector_points_at_two_wires_and_names_a_number(
        silent_app: Callable[..., App]) -> None:
    app = silent_app()
    match = positioned(caza(P, AST, AST), _playing)
    scene = open_table(app, match)
    until(app, deciding(app, scene))
    key(pygame.K_d)
    step(app)
    aim = scene.aim
    assert aim is not None and aim.mode.name == M.DETECTOR
    first = aim.candidates()[0]
    click(where(scene, first))
    step(app)
    second = aim.candidates()[0]
    assert all(item[1] == first[1] for item in aim.candidates())  # the same stand only
    click(where(scene, second))
    step(app)
    assert aim.step is not None and aim.step.kind == M.VALUE
    assert all(isinstance(item[1], int) for item in aim.candidates())  # numbers only
    value = aim.candidates()[0][1]
    moves = match.moves
    click(where(scene, ("v", value)))
    step(app)
    _seat, action = last_action(match)
    assert match.moves == moves + 1 and action.verb == A.DOUBLE_DETECTOR
    assert set(action.indices or ()) == {first[2], second[2]} and action.value == value


def test_a_solo_cut_when_one_holds_every_wire_of_a_value(silent_app: Callable[..., App]) -> None:
    app = silent_app()
    match = positioned(caza(P, AST), lambda m, v: v.phase == "play" and any(
        a.verb == A.SOLO_CUT for a in m.legal_for(v.seat)))
    scene = open_table(app, match)
    until(app, deciding(app, scene))
    assert scene.mode_buttons[M.SOLO].visible
    click(scene.mode_buttons[M.SOLO].rect.center)
    step(app)
    aim = scene.aim
    assert aim is not None and aim.mode.name == M.SOLO
    value = aim.candidates()[0][1]
    moves = match.moves
    key(pygame.K_RETURN)
    step(app)
    _seat, action = last_action(match)
    assert match.moves == moves + 1 and action == A.Action(A.SOLO_CUT, value=value)
    assert len(scene.stage.tiles) >= 2  # every tile of it turns over


def test_reveal_reds_when_they_are_all_one_has(silent_app: Callable[..., App]) -> None:
    app = silent_app()
    match = positioned(caza(P, AST, mission=3), lambda m, v: v.phase == "play" and any(
        a.verb == A.REVEAL_REDS for a in m.legal_for(v.seat)), tries=400)
    scene = open_table(app, match)
    until(app, deciding(app, scene))
    aim = scene.aim
    assert aim is not None and aim.mode.name == M.REVEAL and aim.step is None
    button = confirm_rect(scene)
    assert button is not None
    moves = match.moves
    click(button.center)
    step(app)
    _seat, action = last_action(match)
    assert match.moves == moves + 1 and action.verb == A.REVEAL_REDS


def _pick_everything(app: App, scene: CazaTableScene) -> None:
    """Click the first candidate of every step (the button of a move with nothing to pick)."""
    for _ in range(8):
        aim = scene.aim
        if aim is None:
            return
        if aim.step is None:
            button = confirm_rect(scene)
            assert button is not None
            click(button.center)
        else:
            click(where(scene, aim.candidates()[0]))
        step(app)


EQUIPMENT = tuple(range(1, 13))
SEATINGS = ((P, AST, AST, AST), (P, AST, AST, AST, AST), (P, AST, AST))
"""Where an equipment card is looked for: these tables in turn, seeds 1 to 119 at each."""
EQUIPMENT_TRIES = 120


def _equipment_mission(card: int) -> int:
    return 4 if card not in (2, 12) else 5


def _usable(card: int) -> Callable[[Match, CazaView], bool]:
    def usable(m: Match, v: CazaView) -> bool:
        return v.phase == "play" and any(a.verb == A.EQUIPMENT_VERB and a.card == card
                                         for a in m.legal_for(v.seat))
    return usable


FOUND_BEFORE = {9: 1, 1: 2, 11: 2, 6: 4, 5: 5, 10: 6, 3: 6, 8: 9, 4: 15, 7: 31, 2: 3, 12: 4}
"""The seeds the search below found on the first seating (4 seats), each tried alone first:
one game per card instead of the search's 31 (13 s). A change to the engine or the machines
that moves them only makes the search run again."""


@functools.cache
def _first_usable(mission: int) -> dict[int, tuple[tuple[SeatKind, ...], int]]:
    """For each equipment card looked for in ``mission``: a seating and seed whose game reaches
    a person's decision with the card usable; the seed found before (:data:`FOUND_BEFORE`) when
    it still does, else the first (in the order of :data:`SEATINGS`, then of the seeds). What
    ``positioned`` finds for each card alone, found for all of them in one pass over the games
    (a game is played once, not once per card)."""
    wanted = {card for card in EQUIPMENT if _equipment_mission(card) == mission}
    found: dict[int, tuple[tuple[SeatKind, ...], int]] = {}
    for card in sorted(wanted):
        seed = FOUND_BEFORE.get(card)
        if seed is not None and advance(Match(caza(*SEATINGS[0], mission=mission), seed),
                                        _usable(card), limit=600):
            found[card] = (SEATINGS[0], seed)
    for seats in SEATINGS:
        for seed in range(1, EQUIPMENT_TRIES):
            if wanted <= found.keys():
                return found

            def seen(m: Match, v: CazaView, seats: tuple[SeatKind, ...] = seats,
                     seed: int = seed) -> bool:
                for card in wanted - found.keys():
                    if _usable(card)(m, v):
                        found[card] = (seats, seed)
                return wanted <= found.keys()

            advance(Match(caza(*seats, mission=mission), seed), seen, limit=600)
    return found


@pytest.mark.parametrize("card", EQUIPMENT)
def test_each_equipment_card_is_used_by_clicks(silent_app: Callable[..., App], card: int) -> None:
    app = silent_app()
    mission = _equipment_mission(card)
    where_usable = _first_usable(mission).get(card)
    if where_usable is None:
        pytest.skip(f"no position with card {card} usable")
    seats, seed = where_usable
    match = positioned(caza(*seats, mission=mission), _usable(card), tries=seed + 1, first=seed)
    scene = open_table(app, match)
    until(app, deciding(app, scene))
    rows = card_rows(scene.shown)
    moves = match.moves
    click(rows[card].center)
    step(app)
    aim = scene.aim
    assert aim is not None and aim.mode.card == card
    _pick_everything(app, scene)
    assert match.moves == moves + 1
    _seat, action = last_action(match)
    assert action.verb == A.EQUIPMENT_VERB and action.card == card
    until(app, lambda: not scene.busy)


def test_e_cycles_the_equipment_cards_and_backspace_returns(
        silent_app: Callable[..., App]) -> None:
    app = silent_app()
    match = positioned(caza(P, AST, AST, AST, mission=4), lambda m, v: v.phase == "play" and
                       sum(a.verb == A.EQUIPMENT_VERB for a in m.legal_for(v.seat)) > 0)
    scene = open_table(app, match)
    until(app, deciding(app, scene))
    key(pygame.K_e)
    step(app)
    aim = scene.aim
    assert aim is not None and aim.mode.card is not None
    key(pygame.K_BACKSPACE)
    step(app)
    assert scene.aim is not None and scene.aim.mode.name == M.CUT


# --- whole missions ------------------------------------------------------------------------------


def test_a_whole_mission_through_the_screens_by_keys(silent_app: Callable[..., App]) -> None:
    """Enter places the token, Enter points at the focused wire, Enter names the focused
    value: mission 1 played by one person with two machines until the results."""
    app = silent_app()
    match = Match(caza(P, AST, LAN), 21)
    scene = open_table(app, match)
    presses = 0
    for _ in range(20000):
        if isinstance(app.stack.top, ResultsScene):
            break
        if app.stack.top is scene and match.is_over() and not scene.busy:
            key(pygame.K_RETURN)  # see the results
        elif scene.aim is not None and not scene.busy and app._guard <= 0:
            key(pygame.K_RETURN)
            presses += 1
        app.step(DT, draw=presses % 7 == 0)
    assert isinstance(app.stack.top, ResultsScene)
    mine = [action for seat, action in match.actions if seat == person(match)]
    assert mine and mine[0].verb == A.TOKEN and len(mine) >= 3
    assert match.is_over()


def test_watching_machines_play_a_mission_goes_to_the_results(
        silent_app: Callable[..., App]) -> None:
    app = silent_app()
    match = Match(caza(AST, AST, AST, mission=2), 5)
    scene = open_table(app, match, Pace(0.02, 0.02, 0.1))
    until(app, lambda: isinstance(app.stack.top, ResultsScene), limit=30000)
    assert match.is_over() and scene.briefed


def test_a_won_mission_is_remembered_and_offers_the_next(silent_app: Callable[..., App],
                                                          tmp_path: Any) -> None:
    app = silent_app()
    app.persist = True
    app.settings_dir = tmp_path
    for seed in range(1, 60):
        probe = Match(caza(P, AST, AST), seed)
        probe.play_to_end(AST)
        if probe.outcome().team_won:
            break
    match = Match(caza(P, AST, AST), seed)
    advance(match, lambda m, v: False)  # to the end, the person stood in for
    scene = open_table(app, match)
    step(app, 3)
    assert 1 in app.settings.cazabombas_progress
    from game.ui.settings import Settings

    assert Settings.load(tmp_path).cazabombas_progress == [1]
    assert scene.again_button.visible and "Next mission" in str(scene.again_button.text)
    key(pygame.K_n)
    step(app, 2)
    top = briefed_table(app)
    assert top is not scene and top.match.config.options == frozenset({"mission2"})


def test_a_failed_mission_is_played_again_with_the_next_captain(
        silent_app: Callable[..., App]) -> None:
    app = silent_app()
    for seed in range(1, 200):
        probe = Match(caza(P, LAN, LAN, mission=3), seed)
        probe.play_to_end(LAN)
        if probe.outcome().team_won is False:
            break
    match = Match(caza(P, LAN, LAN, mission=3), seed)
    match.play_to_end(LAN)
    captain = match.view_for(-1).captain
    scene = open_table(app, match)
    step(app, 8)  # past the click guard of the new table
    assert "next Captain" in str(scene.again_button.text)
    click(scene.again_button.rect.center)
    step(app, 2)
    top = briefed_table(app)
    assert top is not scene and top.match.config.options == frozenset({"mission3"})
    assert top.match.view_for(-1).captain == (captain + 1) % 3


def test_yellow_is_named_with_y_or_the_languages_letter(silent_app: Callable[..., App]) -> None:
    app = silent_app("es")
    match = positioned(caza(P, AST, AST, mission=2), lambda m, v: v.phase == "play" and any(
        a.verb == A.DUAL_CUT and a.value == YELLOW for a in m.legal_for(v.seat)))
    scene = open_table(app, match)
    until(app, deciding(app, scene))
    aim = scene.aim
    assert aim is not None
    aim.pick(aim.candidates()[0])
    moves = match.moves
    key(pygame.K_a)  # «A» de amarillo
    step(app)
    _seat, action = last_action(match)
    assert match.moves == moves + 1 and action.value == YELLOW
