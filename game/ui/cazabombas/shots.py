"""Caza Bombas tables set up mid-mission for screenshots: ``build(app, code, state)``.

A seeded match is played on (the machines by their own choice, the person's moves made by a
machine standing in) until the state asked for, then the table is shown with the machines
holding still:

- ``table``: the person's turn in play, a teammate's wire picked, the values to name shown;
- ``setup``: the person places the setup info token;
- ``detector``: the Double Detector chosen, one of its two wires picked;
- ``equipment``: an unlocked equipment card chosen, its targets lit;
- ``miss``: just after a wrong cut: the tile rattles, the dial has clicked on, the token drops;
- ``boom``: a red wire cut: the explosion;
- ``won``: the last cut: the case opens;
- ``curtain``: two people at the table, the curtain down for one of them;
- ``briefing``: the mission's briefing before its first move (no talking, the campaign).

With a ``code`` the game is that code's (seat 0 becomes a person if nobody is one); without
one it is mission 4 (yellow, red and equipment), a person and three Crafty teammates.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.core.config import GameConfig, SeatKind
from game.match.flow import Pace
from game.match.match import Match
from game.rules.cazabombas import actions as A
from game.rules.cazabombas import events as E
from game.rules.cazabombas.actions import Action
from game.rules.cazabombas.view import CazaView
from game.rules.codes import decode
from game.ui.cazabombas import aim as M

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.cazabombas.table import CazaTableScene

P, AST = SeatKind.PERSON, SeatKind.ASTUTO
DEFAULT = GameConfig("cazabombas", (P, AST, AST, AST), frozenset({"mission4"}))
DEFAULT_SEED = 1212
STATES = ("table", "setup", "detector", "equipment", "miss", "boom", "won", "curtain",
          "briefing")
HOLD = Pace(60.0, 60.0, 1.0)
"""Machines hold still for the picture."""
FRAME = 1 / 60
SETTLE = 0.6
"""What the screenshot tool runs after building (``game.ui.screenshot.SETTLE``)."""

Ready = Callable[[Match, CazaView], bool]


def _config(code: str | None, people: int = 1) -> tuple[GameConfig, int]:
    config, seed = (DEFAULT, DEFAULT_SEED) if code is None else decode(code)
    seats = list(config.seats)
    for seat in range(len(seats)):
        if seats.count(P) >= people:
            break
        if seats[seat] is not P:
            seats[seat] = P
    return GameConfig(config.game, tuple(seats), config.options, config.first), seed


def advance(match: Match, ready: Ready, limit: int = 400) -> bool:
    """Play on (a machine deciding for the people) until ``ready`` holds when a person is to
    act; ``False`` if the mission ended first."""
    for _ in range(limit):
        if match.is_over():
            return False
        pending = match.pending()
        if pending.people and ready(match, match.view_for(pending.people[0])):
            return True
        match.step(AST)
    return False


def find(config: GameConfig, seed: int, ready: Ready, tries: int = 80) -> Match:
    for k in range(tries):
        match = Match(config, (seed + k) % (1 << 20))
        if advance(match, ready):
            return match
    raise RuntimeError("no seed reaches the state")


def trial(match: Match, seat: int, action: Action) -> list[object]:
    """The public events ``action`` would bring, tried on a copy of the match."""
    copy = Match.from_save(match.save())
    before = copy.feed_size
    copy.submit(seat, action)
    return [item.event for item in copy.feed_for(None, before)]


def _table(app: App, match: Match, briefing: bool = False) -> CazaTableScene:
    from game.ui.cazabombas.table import CazaTableScene

    scene = CazaTableScene(app, match, pace=HOLD, briefing=briefing)
    app.stack.push(scene)
    scene.update(0.0)
    return scene


def _run(app: App, seconds: float) -> None:
    for _ in range(max(0, round(seconds / FRAME))):
        app.step(FRAME, [], draw=False)


def _mid_play(match: Match, view: CazaView) -> bool:
    cut = sum(1 for stand in view.stands for wire in stand if wire.cut)
    return view.phase == "play" and cut >= 8 and view.mistakes_left >= 1


def _usable_card(match: Match, view: CazaView) -> bool:
    return view.phase == "play" and any(
        a.verb == A.EQUIPMENT_VERB for a in match.legal_for(view.seat))


def _wrong(match: Match, seat: int, red: bool) -> Action | None:
    """A Dual Cut of the person's that misses (on a red wire when ``red``)."""
    legal: list[Action] = match.legal_for(seat)
    for action in legal:
        if action.verb != A.DUAL_CUT:
            continue
        events = trial(match, seat, action)
        missed = any(isinstance(e, E.CutMissed) for e in events)
        exploded = any(isinstance(e, E.Exploded) for e in events)
        if missed and exploded == red:
            return action
    return None


def build(app: App, code: str | None, state: str) -> None:
    """Put the table in ``state`` on ``app``'s stack (with its modal on top)."""
    if state not in STATES:
        raise ValueError(f"unknown Caza Bombas state {state!r} (known: {', '.join(STATES)})")
    app.stack.reset()
    if state == "curtain":
        config, seed = _config(code, people=2)
        _table(app, Match(config, seed))  # its first frame brings the curtain down
        return
    config, seed = _config(code)
    if state == "briefing":
        _table(app, Match(config, seed), briefing=True)
        return
    if state == "setup":
        match = find(config, seed, lambda m, v: v.phase == "setup")
        _table(app, match)
        return
    if state == "won":
        _won(app, config, seed)
        return
    if state in ("miss", "boom"):
        red = state == "boom"
        match = find(config, seed, lambda m, v: _mid_play(m, v)
                     and _wrong(m, v.seat, red) is not None)
        scene = _table(app, match)
        seat = match.pending().people[0]
        action = _wrong(match, seat, red)
        assert action is not None
        scene.submit(action)
        _run(app, (1.5 if red else 1.0) - SETTLE)
        return
    if state == "equipment":
        match = find(config, seed, lambda m, v: _mid_play(m, v) and _usable_card(m, v))
        scene = _table(app, match)
        card = next(mode for mode in scene.modes if mode.card is not None)
        scene.choose_mode(card.key)
        return
    match = find(config, seed, _mid_play)
    scene = _table(app, match)
    if state == "detector" and scene.mode(M.DETECTOR) is not None:
        scene.choose_mode(M.DETECTOR)
    aim = scene.aim
    assert aim is not None
    found = aim.candidates()
    if found:
        aim.pick(found[len(found) // 3])


def _won(app: App, config: GameConfig, seed: int) -> None:
    """Replay a won mission up to its last move, then let the last cut open the case."""
    for k in range(80):
        full = Match(config, (seed + k) % (1 << 20))
        full.play_to_end(AST)
        if not full.outcome().team_won:
            continue
        match = Match(config, full.seed)
        for seat, action in full.actions[:-1]:
            if match.is_person(seat):
                match.submit(seat, action)
            else:
                match.step()
        scene = _table(app, match)
        seat, action = full.actions[-1]
        if match.is_person(seat):
            scene.submit(action)
        else:
            match.step()
            scene._tell()
        _run(app, 1.6 - SETTLE)
        return
    raise RuntimeError("no seed wins the mission")
