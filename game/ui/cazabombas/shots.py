"""Caza Bombas tables set up mid-mission for screenshots: ``build(app, code, state)``.

A seeded match is played on (the machines by their own choice, the people's moves made by a
machine standing in, whichever seats they sit in) until the state asked for, then the table is
shown with the machines holding still and, at a hot-seat table, the curtain up for the person
whose decision it is (as if they had just said "it's me"):

- ``table``: the person's turn in play, a teammate's wire picked, the values to name shown;
- ``setup``: the person places the setup info token;
- ``detector``: the Double Detector chosen, one of its two wires picked;
- ``equipment``: an unlocked equipment card chosen, its targets lit;
- ``miss``: just after a wrong cut: the tile rattles, the dial has clicked on, the token drops;
- ``boom``: the bomb explodes: a red wire cut, or (a mission without red wires, or none
  within reach) the last wrong cut the dial allows;
- ``lost``: the same once the explosion is over: every wire face up, the summary, the buttons;
- ``won``: the last cut: the case opens;
- ``curtain``: two people at the table, the curtain down for one of them;
- ``briefing``: the mission's briefing before its first move (no talking, the campaign).

A state is looked for in a few deals from the code's seed on, from the liveliest position to
plainer ones (``table``: mid-mission, else any turn in play), and where luck alone would not
reach it the person is steered there (``boom``: wrong cuts until the dial has no room left). A
state the table cannot have at all (``equipment`` in a mission without equipment) is refused
with a :class:`~game.ui.screenshot.ScreenshotError` saying why, as is, in the rare table none
of those deals reaches, the state given up on.

With a ``code`` the game is that code's (seat 0 becomes a person if nobody is one); without
one it is mission 4 (yellow, red and equipment), a person and three Crafty teammates.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.bots.base import Bot
from game.bots.registry import bot_for
from game.core.config import GameConfig, SeatKind
from game.match.flow import Pace
from game.match.match import Match
from game.rules.cazabombas import actions as A
from game.rules.cazabombas import events as E
from game.rules.cazabombas import wires as W
from game.rules.cazabombas.actions import Action
from game.rules.cazabombas.engine import mission_number
from game.rules.cazabombas.view import CazaView
from game.rules.codes import decode
from game.ui.cazabombas import aim as M
from game.ui.screenshot import ScreenshotError

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.cazabombas.table import CazaTableScene

P, AST, STRONG = SeatKind.PERSON, SeatKind.ASTUTO, SeatKind.DESPIADADO
DEFAULT = GameConfig("cazabombas", (P, AST, AST, AST), frozenset({"mission4"}))
DEFAULT_SEED = 1212
STATES = ("table", "setup", "detector", "equipment", "miss", "boom", "won", "curtain",
          "briefing", "lost")
HOLD = Pace(60.0, 60.0, 1.0)
"""Machines hold still for the picture."""
FRAME = 1 / 60
SETTLE = 0.6
"""What the screenshot tool runs after building (``game.ui.screenshot.SETTLE``)."""
TRIES = 24
"""Deals looked at for a state before a plainer one is taken (or the state given up): a
mission costs up to half a second to play through, and the picture waits for it."""
PUBLIC = -1

Ready = Callable[[Match, CazaView], bool]
Steer = Callable[[Match, CazaView], "Action | None"]


def _config(code: str | None, people: int = 1) -> tuple[GameConfig, int]:
    config, seed = (DEFAULT, DEFAULT_SEED) if code is None else decode(code)
    seats = list(config.seats)
    for seat in range(len(seats)):
        if seats.count(P) >= people:
            break
        if seats[seat] is not P:
            seats[seat] = P
    return GameConfig(config.game, tuple(seats), config.options, config.first), seed


def advance(match: Match, ready: Ready, limit: int = 400, steer: Steer | None = None) -> bool:
    """Play on (a machine deciding for the people) until ``ready`` holds when a person is to
    act; ``False`` if the mission ended first. ``steer``: the person's own move when it has
    one (``None``: the stand-in decides), to head for a state luck would not bring."""
    for _ in range(limit):
        if match.is_over():
            return False
        pending = match.pending()
        if pending.people:
            seat = pending.people[0]
            view = match.view_for(seat)
            if ready(match, view):
                return True
            action = steer(match, view) if steer is not None else None
            if action is not None:
                match.submit(seat, action)
                continue
        match.step(AST)
    return False


def _refusal(config: GameConfig, state: str, why: str) -> ScreenshotError:
    mission = mission_number(config.options)
    return ScreenshotError(f"cannot show the {state!r} scene of Caza Bombas mission {mission} "
                           f"with {config.seat_count} players: {why}")


def find(config: GameConfig, seed: int, *readies: Ready, state: str = "table",
         steer: Steer | None = None, tries: int = TRIES) -> Match:
    """The first match from ``seed`` on that reaches the first of ``readies`` (the state
    asked for, then plainer ones); a ``ScreenshotError`` when none does."""
    for ready in readies:
        for k in range(tries):
            match = Match(config, (seed + k) % (1 << 20))
            if advance(match, ready, steer=steer):
                return match
    raise _refusal(config, state, f"none of {tries} deals from this code reaches it")


def trial(match: Match, seat: int, action: Action) -> list[object]:
    """The public events ``action`` would bring, tried on a copy of the match."""
    copy = Match.from_save(match.save())
    before = copy.feed_size
    copy.submit(seat, action)
    return [item.event for item in copy.feed_for(None, before)]


def _public(config: GameConfig, seed: int) -> CazaView:
    """The board a deal of ``config`` starts with (the mission, its colours, its equipment)."""
    view: CazaView = Match(config, seed).view_for(PUBLIC)
    return view


def _table(app: App, match: Match, briefing: bool = False, *,
           lift: bool = True) -> CazaTableScene:
    """The table on ``app``'s stack; ``lift``: at a hot-seat table the person to act has
    confirmed the curtain, so their stands and choices are on screen (not the curtain)."""
    from game.ui.cazabombas.table import CazaTableScene

    scene = CazaTableScene(app, match, pace=HOLD, briefing=briefing)
    app.stack.push(scene)
    if lift and scene.briefed and scene.flow.curtain_for is not None:
        scene._curtain_done(True)  # what the person's "it's me" does
    scene.update(0.0)
    return scene


def _run(app: App, seconds: float) -> None:
    for _ in range(max(0, round(seconds / FRAME))):
        app.step(FRAME, [], draw=False)


def _mid_play(match: Match, view: CazaView) -> bool:
    cut = sum(1 for stand in view.stands for wire in stand if wire.cut)
    return view.phase == "play" and cut >= 8 and view.mistakes_left >= 1


def _in_play(match: Match, view: CazaView) -> bool:
    return view.phase == "play"


def _usable_card(match: Match, view: CazaView) -> bool:
    return view.phase == "play" and any(
        a.verb == A.EQUIPMENT_VERB for a in match.legal_for(view.seat))


def _key_of(match: Match, view: CazaView, action: Action) -> int | None:
    """The key of the teammate's wire a Dual Cut names, read from its owner's own view (the
    builder may look at every stand; no player does)."""
    if action.target is None or action.stand is None or action.pos is None:
        return None
    stands = [g for g, owner in enumerate(view.stand_owner) if owner == action.target]
    if not 0 <= action.stand < len(stands):
        return None
    owner: CazaView = match.view_for(action.target)
    wires = owner.stands[stands[action.stand]]
    return wires[action.pos].key if 0 <= action.pos < len(wires) else None


def _wrong_cuts(match: Match, view: CazaView) -> list[tuple[Action, int]]:
    """The person's Dual Cuts that name a value the wire does not have, with the wire's key."""
    found = []
    for action in match.legal_for(view.seat):
        if action.verb != A.DUAL_CUT:
            continue
        key = _key_of(match, view, action)
        if key is not None and W.class_of(key) != action.value:
            found.append((action, key))
    return found


def _wrong(match: Match, seat: int, red: bool) -> Action | None:
    """A Dual Cut of the person's that misses (on a red wire when ``red``) and, unless it is
    on a red wire, that the mission survives; the wires are looked up first, the one move
    chosen is then tried on a copy, so the engine has the last word."""
    view: CazaView = match.view_for(seat)
    for action, key in _wrong_cuts(match, view):
        if W.is_red(key) != red:
            continue
        events = trial(match, seat, action)
        missed = any(isinstance(e, E.CutMissed) for e in events)
        exploded = any(isinstance(e, E.Exploded) for e in events)
        lost = any(isinstance(e, E.MissionOver) and not e.won for e in events)
        if missed and exploded == red and lost == red:
            return action
    return None


def _fatal(match: Match, seat: int) -> Action | None:
    """A wrong Dual Cut of the person's that ends the mission: a red wire, else the miss the
    dial has no room left for."""
    red = _wrong(match, seat, True)
    if red is not None:
        return red
    view: CazaView = match.view_for(seat)
    for action, key in _wrong_cuts(match, view):
        if W.is_red(key):
            continue
        if any(isinstance(e, E.MissionOver) and not e.won
               for e in trial(match, seat, action)):
            return action
        return None  # one miss tells: the dial has room left (or a Stabilizer holds)
    return None


def _toward_the_skull(match: Match, view: CazaView) -> Action | None:
    """Steering for ``boom``: in play the person cuts wrong, and the dial clicks on."""
    return _wrong(match, view.seat, False) if view.phase == "play" else None


def _cut_before(match: Match, view: CazaView) -> bool:
    """In play, the person to act has cut before (their curtain has a recap to show)."""
    if view.phase != "play":
        return False
    return sum(seat == view.seat for seat, _action in match.save().actions) >= 2


def build(app: App, code: str | None, state: str) -> None:
    """Put the table in ``state`` on ``app``'s stack (with its modal on top)."""
    if state not in STATES:
        raise ValueError(f"unknown Caza Bombas state {state!r} (known: {', '.join(STATES)})")
    app.stack.reset()
    if state == "curtain":
        config, seed = _config(code, people=2)
        # mid-mission, the person has cut before: the curtain says what the others did since
        match = find(config, seed, _cut_before, lambda m, v: True, state=state)
        _table(app, match, lift=False)  # its first frame brings the curtain down
        return
    config, seed = _config(code)
    if state == "briefing":
        _table(app, Match(config, seed), briefing=True)
        return
    if state == "setup":
        match = find(config, seed, lambda m, v: v.phase == "setup", state=state)
        _table(app, match)
        return
    if state == "won":
        _won(app, config, seed)
        return
    if state in ("miss", "boom", "lost"):
        _wrong_cut(app, config, seed, state)
        return
    if state == "equipment":
        if not _public(config, seed).equipment:
            raise _refusal(config, state, "the mission uses no equipment")
        match = find(config, seed, lambda m, v: _mid_play(m, v) and _usable_card(m, v),
                     _usable_card, state=state)
        scene = _table(app, match)
        card = next((mode for mode in scene.modes if mode.card is not None), None)
        if card is not None:
            scene.choose_mode(card.key)
        return
    match = find(config, seed, _mid_play, _in_play, state=state)
    scene = _table(app, match)
    if state == "detector" and scene.mode(M.DETECTOR) is not None:
        scene.choose_mode(M.DETECTOR)
    aim = scene.aim
    found = aim.candidates() if aim is not None else []
    if aim is not None and found:
        aim.pick(found[len(found) // 3])


def _wrong_cut(app: App, config: GameConfig, seed: int, state: str) -> None:
    """``miss``: a wrong cut the mission survives, mid-mission if a deal gets there. ``boom``
    (``lost``: the same, once the explosion is over):
    a wrong cut on a red wire mid-mission; else (no red wire in the mission, or never one a
    person can name) the person cuts wrong turn after turn until the dial has no room left."""
    if state == "miss":
        match = find(config, seed, _mid_play_miss, _any_miss, state=state)
        action = _wrong(match, match.pending().people[0], False)
        wait = 1.0
    else:
        match = _boom(config, seed)
        action = _fatal(match, match.pending().people[0])
        red = action is not None and any(isinstance(e, E.Exploded) for e in
                                         trial(match, match.pending().people[0], action))
        wait = 1.5 if red else 2.1  # the dial's blast comes after the needle's last click
        if state == "lost":
            wait += 5.0  # the explosion told, every wire turned over
    if action is None:  # pragma: no cover - the state was found with this very move
        raise _refusal(config, state, "the wrong cut found is no longer there")
    scene = _table(app, match)
    scene.submit(action)
    _run(app, wait - SETTLE)


def _boom(config: GameConfig, seed: int) -> Match:
    if _public(config, seed).red_count:
        try:
            return find(config, seed, _mid_play_red, state="boom")
        except ScreenshotError:
            pass  # no red wire a person can name: the dial, then
    return find(config, seed, _fatal_now, state="boom", steer=_toward_the_skull)


def _mid_play_miss(match: Match, view: CazaView) -> bool:
    return _mid_play(match, view) and _wrong(match, view.seat, False) is not None


def _any_miss(match: Match, view: CazaView) -> bool:
    return _in_play(match, view) and _wrong(match, view.seat, False) is not None


def _mid_play_red(match: Match, view: CazaView) -> bool:
    return _mid_play(match, view) and _wrong(match, view.seat, True) is not None


def _fatal_now(match: Match, view: CazaView) -> bool:
    return _in_play(match, view) and _fatal(match, view.seat) is not None


def _won(app: App, config: GameConfig, seed: int) -> None:
    """Replay a won mission up to its last move, then let the last cut open the case. Looked
    for among games the table's own machines play (the people stood in for by Crafty), then,
    for a table whose machines lose them all, among games where the machines play as the
    strongest level (the names on the table stay the code's)."""
    for players, stand_in in ((None, AST), (_strong(config), STRONG)):
        for k in range(TRIES):
            full = Match(config, (seed + k) % (1 << 20), players=players)
            full.play_to_end(stand_in)
            if not full.outcome().team_won:
                continue
            match = Match(config, full.seed, players=players)
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
    raise _refusal(config, "won", f"none of {TRIES} deals from this code is won")


def _strong(config: GameConfig) -> list[Bot[Any, Any] | None]:
    """The strongest level in every machine's seat (``None``: a person), focused as the
    match would focus its own."""
    people = [seat for seat, kind in enumerate(config.seats) if kind is P]
    focus = people[0] if len(people) == 1 else None
    return [None if kind is P else bot_for(config.game, STRONG, focus) for kind in config.seats]
