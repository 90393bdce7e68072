"""The big moments, staged and driven by real pygame events: an explosion (flash, shake, a band
naming who, the "you're out" panel only a beat later), a defuse ("Saved!", the defuse meets the
bomb, then the picker), a win (the winner's badge lit, then the results), a card changing hands
between two lit badges, the card you draw held up to you (never to anyone else). Each is cut
short by a click, Space or Enter, shortened by the speed setting, and with reduced motion only
fades."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.core.config import GameConfig, SeatKind
from game.match.flow import Pace
from game.match.match import Match
from game.rules.bombdeck import actions as A
from game.rules.bombdeck import events as E
from game.ui import cards
from game.ui.app import App
from game.ui.bombdeck.hide_bomb import HideBombScene
from game.ui.bombdeck.moments import BOOM_TIME, SAVED_TIME, flash_level
from game.ui.bombdeck.table import TableScene
from game.ui.scenes.results import ResultsScene
from tests.ui.conftest import click, frames, key
from tests.ui.test_table import Recording, open_table

P, AST = SeatKind.PERSON, SeatKind.ASTUTO
STILL = Pace(machine_delay=30.0, machine_window_delay=30.0, window_seconds=0.2)
DT = 1 / 30


def _always_draw(match: Match, stop: Callable[[Match, list[E.BombEvent]], bool]) -> bool:
    """Play on (people always draw, hide bombs on top, give their first card) until ``stop``
    says the events of the last action are the ones wanted; ``False`` if the game ended."""
    for _ in range(3000):
        if match.is_over():
            return False
        pending = match.pending()
        if pending.by_person:
            seat = pending.seat
            assert seat is not None
            legal = match.legal_for(seat)
            action = A.DRAW_ACTION if A.DRAW_ACTION in legal else legal[0]
            items = match.submit(seat, action)
        else:
            items = match.step()
        if stop(match, [item.event for item in items]):
            return True
    return False


def _before(config: GameConfig, wanted: Callable[[list[E.BombEvent]], bool],
            start: int = 1) -> Recording:
    """A match set just before the person's draw whose events are ``wanted`` (the same game
    played again one action short: machines decide as a function of the position)."""
    for seed in range(start, start + 300):
        probe = Match(config, seed)
        if not _always_draw(probe, lambda m, evs: m.actions[-1][0] == 0
                            and m.actions[-1][1] == A.DRAW_ACTION and wanted(evs)):
            continue
        target = probe.moves - 1
        match = Recording(config, seed)
        _always_draw(match, lambda m, evs, target=target: m.moves >= target)
        if match.moves == target and match.pending().seat == 0:
            return match
    raise AssertionError("no seed fits")


def _explodes(evs: list[E.BombEvent]) -> bool:
    """The person blows up and the game goes on without them."""
    return any(isinstance(ev, E.PlayerExploded) and ev.seat == 0 for ev in evs) \
        and not any(isinstance(ev, E.GameOver) for ev in evs)


def _defuses(evs: list[E.BombEvent]) -> bool:
    return any(isinstance(ev, E.BombDrawn) and ev.seat == 0 and ev.defused for ev in evs)


def _frames_until(app: App, ready: Callable[[], bool], limit: int = 2000) -> int:
    for n in range(limit):
        if ready():
            return n
        app.step(DT)
    raise AssertionError("never got there")


def _table(app: App, match: Match, pace: Pace = STILL) -> TableScene:
    scene = open_table(app, match, pace)
    _frames_until(app, lambda: scene.flow.awaiting_person == 0 and not scene.busy
                  and app._guard <= 0)
    return scene


def _kind(scene: TableScene) -> str | None:
    return scene.moment.kind if scene.moment is not None else None


# --- the explosion -------------------------------------------------------------------------------

def test_your_explosion_is_a_moment_and_the_out_panel_comes_a_beat_later(
        silent_app: Callable[..., App]) -> None:
    app = silent_app("en")
    match = _before(GameConfig("bombazo", (P, AST, AST)), _explodes)
    scene = _table(app, match)
    before = len(match.submitted)
    key(pygame.K_SPACE)
    app.step(DT)
    assert match.submitted[before:] == [(0, A.DRAW_ACTION)] and scene.flow.person_out()
    seen: list[str | None] = []
    flashed = shaken = False
    for _ in range(round(1.2 / DT)):  # the bomb comes up, then it goes off
        app.step(DT)
        seen.append(_kind(scene))
        assert not scene.watching and not scene.ff_button.visible, \
            "the out panel in the same frame as the bomb"
        if scene.moment is not None and scene.moment.kind == "boom":
            # the moment's own colour flash (the app's pale one is put out over it)
            flashed |= flash_level(scene.moment, reduced=False) > 0 and not app.flash.active
            shaken |= app.shake.offset != (0, 0)
    assert "boom" in seen and flashed and shaken
    assert scene.moment is not None and scene.moment.sub == "You exploded"
    assert scene.moment.title == "BOOM!"
    frames = _frames_until(app, lambda: scene.watching)
    assert frames * DT > 0.5, "the out panel waits for the band and a beat of silence"
    app.step(DT)
    assert scene.ff_button.visible and scene.moment is None


def test_a_click_cuts_the_explosion_short(silent_app: Callable[..., App]) -> None:
    app = silent_app("es")
    match = _before(GameConfig("bombazo", (P, AST, AST)), _explodes)
    scene = _table(app, match)
    key(pygame.K_SPACE)
    _frames_until(app, lambda: _kind(scene) == "boom")
    assert scene.moment is not None and scene.moment.title == "¡BUM!"
    assert not scene.busy  # the moment takes the click
    for _ in range(round(0.85 / DT)):  # (its first 0.8 s take no press: review 3)
        app.step(DT)
    click((640, 300))
    app.step(DT)
    assert _kind(scene) != "boom"
    frames = _frames_until(app, lambda: scene.watching)
    assert frames * DT < BOOM_TIME / 2


def test_reduced_motion_fades_without_shaking(silent_app: Callable[..., App]) -> None:
    app = silent_app("en", reduced_motion=True)
    match = _before(GameConfig("bombazo", (P, AST, AST)), _explodes)
    scene = _table(app, match)
    key(pygame.K_SPACE)
    _frames_until(app, lambda: _kind(scene) == "boom")
    offsets = set()
    for _ in range(round(BOOM_TIME / DT)):
        app.step(DT)
        offsets.add(app.shake.offset)
        for flight in scene.timeline.flights:  # cards do not travel: they fade in where they go
            if flight.tween.started:
                assert flight.tween.progress == 1.0
    assert offsets == {(0, 0)}


@pytest.mark.parametrize("speed", ["slow", "fast"])
def test_the_speed_setting_shortens_a_moment(silent_app: Callable[..., App], speed: str) -> None:
    lengths = {}
    for setting in ("normal", speed):
        app = silent_app("en", machine_speed=setting)
        match = _before(GameConfig("bombazo", (P, AST, AST)), _explodes)
        scene = _table(app, match)
        key(pygame.K_SPACE)
        _frames_until(app, lambda: _kind(scene) == "boom")  # noqa: B023
        lengths[setting] = _frames_until(app, lambda: _kind(scene) != "boom")  # noqa: B023
    assert lengths["normal"] * DT == pytest.approx(BOOM_TIME, abs=0.1)
    if speed == "fast":
        assert lengths["fast"] < 0.7 * lengths["normal"]
    else:
        assert lengths["slow"] > 1.3 * lengths["normal"]


# --- the defuse ----------------------------------------------------------------------------------

def test_a_defuse_says_saved_meets_the_bomb_then_opens_the_picker(
        silent_app: Callable[..., App]) -> None:
    app = silent_app("pt")
    match = _before(GameConfig("bombazo", (P, AST, AST)), _defuses)
    scene = _table(app, match)
    key(pygame.K_SPACE)
    app.step(DT)
    bomb_at = None
    met = False
    picker_after = None
    for n in range(round(4.0 / DT)):
        app.step(DT)
        for flight in scene.timeline.flights:
            if flight.card == "bomb":
                bomb_at = flight.end
            if flight.card == "defuse" and bomb_at is not None and \
                    abs(flight.end[0] - bomb_at[0]) < 60 and abs(flight.end[1] - bomb_at[1]) < 60:
                met = True
        if isinstance(app.stack.top, HideBombScene):
            picker_after = n * DT
            break
        if _kind(scene) == "saved":
            assert scene.moment is not None and scene.moment.title == "A salvo!"
            assert scene.moment.sub == "Você usa Desarmar"
            assert isinstance(app.stack.top, TableScene)
    assert met, "the defuse never met the bomb"
    assert picker_after is not None and picker_after > SAVED_TIME * 0.9


def test_space_cuts_the_defuse_short_and_does_not_also_act(silent_app: Callable[..., App]) -> None:
    app = silent_app("en")
    match = _before(GameConfig("bombazo", (P, AST, AST)), _defuses)
    scene = _table(app, match)
    before = len(match.submitted)
    key(pygame.K_SPACE)
    _frames_until(app, lambda: _kind(scene) == "saved")
    key(pygame.K_SPACE)
    key(pygame.K_RETURN)  # a second press right after: no confirm of the picker, no draw
    _frames_until(app, lambda: isinstance(app.stack.top, HideBombScene), limit=30)
    assert match.submitted[before:] == [(0, A.DRAW_ACTION)]
    assert match.pending().phase == "place_bomb"


# --- the win -------------------------------------------------------------------------------------

def _last_machine_explodes(evs: list[E.BombEvent]) -> bool:
    return any(isinstance(ev, E.GameOver) and ev.winner == 0 for ev in evs)


def _before_win() -> Recording:
    """Just before the person wins: a two-seat game where the machine's next move blows it
    up (found by playing a probe to the end)."""
    config = GameConfig("bombazo", (P, AST))
    for seed in range(1, 400):
        probe = Match(config, seed)
        _always_draw(probe, lambda m, evs: _last_machine_explodes(evs))
        if not probe.is_over() or probe.outcome().places[0] != 1:
            continue
        target = probe.moves - 1
        if probe.actions[-1][0] != 1:
            continue
        match = Recording(config, seed)
        _always_draw(match, lambda m, evs, target=target: m.moves >= target)
        if match.moves == target:
            return match
    raise AssertionError("no seed fits")


def test_a_win_lights_the_winner_then_the_final_table_then_the_results(
        silent_app: Callable[..., App]) -> None:
    app = silent_app("es")
    match = _before_win()
    scene = open_table(app, match, Pace(0.05, 0.05, 0.2))
    _frames_until(app, lambda: _kind(scene) == "win")
    assert scene.moment is not None and scene.moment.title == "¡Ganas tú!"
    assert isinstance(app.stack.top, TableScene)
    lit = [scene.lit(0) for _ in range(10) if app.step(DT) is None]
    assert max(lit) > 0.5 and scene.lit(1) == 0.0
    click((640, 360))
    _frames_until(app, lambda: scene.held_end, limit=20)
    frames(app, 60)  # the final table stays until the person asks (review 5)
    assert app.stack.top is scene and scene.results_button.visible
    key(pygame.K_SPACE)
    _frames_until(app, lambda: isinstance(app.stack.top, ResultsScene), limit=20)


# --- a card changing hands, and the card you draw ------------------------------------------------

def test_a_steal_flies_between_two_lit_badges(silent_app: Callable[..., App]) -> None:
    def pair_ready(match: Match) -> bool:
        return any(a.verb == A.PAIR for a in match.legal_for(0)) and not any(
            "nope" in match.view_for(seat).hand for seat in (1, 2))

    from tests.ui.test_table import find_match

    app = silent_app("en")
    match = find_match(GameConfig("bombazo", (P, AST, AST)), pair_ready)
    scene = _table(app, match, Pace(30.0, 30.0, 0.2))
    pair = next(a for a in match.legal_for(0) if a.verb == A.PAIR)
    scene.submit(pair)
    _frames_until(app, lambda: _kind(scene) == "pass")
    assert scene.moment is not None and set(scene.moment.seats) == {0, pair.target}
    app.step(DT)
    app.step(DT)
    assert scene.lit(0) > 0 and pair.target is not None and scene.lit(pair.target) > 0
    faces = [f.card for f in scene.timeline.flights if f.tween.started]
    assert faces and all(card is not None for card in faces)  # you took it: you see it


def test_your_drawn_card_is_held_up_to_you_only(silent_app: Callable[..., App]) -> None:
    app = silent_app("en")
    match = Recording(GameConfig("bombazo", (P, AST, AST)), 3)
    scene = _table(app, match, Pace(0.3, 0.3, 0.2))
    drawn_before = len(scene.hand.cards)
    key(pygame.K_SPACE)
    _frames_until(app, lambda: _kind(scene) == "drawn")
    big = []
    for _ in range(round(1.0 / DT)):
        app.step(DT)
        big += [f.card for f in scene.timeline.flights if f.visible and f.card is not None
                and f.tween.started and f.scale[1] == cards.HOVER_SCALE]
    drawn = match.view_for(0).hand
    assert big and big[0] in drawn
    # a machine's draw: only backs fly
    _frames_until(app, lambda: any(isinstance(i.event, E.CardDrawn) and i.event.seat == 1
                                   for i in match.feed_for(None)[-3:]) or match.moves > 3)
    for _ in range(round(0.6 / DT)):
        app.step(DT)
        assert all(f.card is None for f in scene.timeline.flights
                   if f.tween.started and not f.tween.finished and f.end != f.start
                   and f.scale[1] < 1.0)
    assert len(match.view_for(0).hand) == drawn_before + 1


def test_in_hot_seat_the_drawer_sees_their_card_then_the_curtain(
        silent_app: Callable[..., App]) -> None:
    """The decision passes on the moment the card is drawn; the drawer still sees it come (the
    curtain for the next person waits for the end of it), and nobody else ever does."""
    from game.ui.scenes.curtain import CurtainScene

    app = silent_app("en")
    match = Recording(GameConfig("bombazo", (P, P, AST)), 3)
    scene = open_table(app, match, Pace(0.3, 0.3, 0.2))
    _frames_until(app, lambda: isinstance(app.stack.top, CurtainScene) and app._guard <= 0)
    key(pygame.K_RETURN)
    _frames_until(app, lambda: scene.flow.awaiting_person == 0 and not scene.busy
                  and app._guard <= 0)
    before = list(match.view_for(0).hand)
    key(pygame.K_SPACE)
    app.step(DT)
    assert not scene.private_ok  # the decision has passed on ...
    drawn = list(match.view_for(0).hand)
    for card in before:
        drawn.remove(card)
    shown = []
    while scene.timeline.busy:
        assert not isinstance(app.stack.top, CurtainScene)
        assert scene.hand.faces  # ... but the drawer still sees their hand
        shown += [f.card for f in scene.timeline.flights if f.visible and f.card is not None]
        app.step(DT)
    assert drawn and drawn[0] in shown
    _frames_until(app, lambda: isinstance(app.stack.top, CurtainScene), limit=30)
    assert app.stack.top.seat == 1  # type: ignore[union-attr]
    assert not scene.hand.faces
