"""Tables set up mid-game for screenshots: ``build_table_scene(app, code, state_hint=...)``.

A seeded match is advanced (machines by their own choice, the person by a fixed simple
policy) until the person has a hand and a few events have happened, then the table is shown
in the asked state:

- ``play``: the person's turn;
- ``curtain``: a hot-seat table with the curtain down for the next person;
- ``hide_bomb``: the hide-the-bomb picker over the table;
- ``react``: the person has just played a card and the reaction window counts down;
- ``chooser``: the favor target chooser over the table;
- ``explosion`` (``build_explosion``): the person's own explosion as it goes off, the biggest
  moment of the game (the code's game with the person and two Astuto, from the code's seed);
- ``end`` (``build_end``): the final table, held for the person until they ask for the
  results (the code's game played to its end, the person always drawing).

At a hot-seat table (two people or more) every state but ``curtain`` shows the table as the
person to act sees it once they have confirmed the curtain.

With a ``code`` the game is that code's (a code without people gets seat 0 as a person, so
there is a hand to show); without one it is Bombazo, a person against three Astuto.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.config import GameConfig, SeatKind
from game.match.flow import Pace
from game.match.match import Match
from game.rules.bombdeck import actions as A
from game.rules.bombdeck import events as E
from game.rules.bombdeck.actions import Action
from game.rules.codes import decode
from game.ui.bombdeck.choosers import SeatChooser
from game.ui.bombdeck.decide import seat_label
from game.ui.bombdeck.hide_bomb import HideBombScene
from game.ui.scene import Scene

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.bombdeck.table import TableScene

P, AST = SeatKind.PERSON, SeatKind.ASTUTO
DEFAULT = GameConfig("bombazo", (P, AST, AST, AST))
DEFAULT_SEED = 4242
HINTS = ("play", "curtain", "hide_bomb", "react", "chooser")
MIN_MOVES = 10


def _config(code: str | None) -> tuple[GameConfig, int]:
    if code is None:
        return DEFAULT, DEFAULT_SEED
    config, seed = decode(code)
    if SeatKind.PERSON not in config.seats:
        config = GameConfig(config.game, (P, *config.seats[1:]), config.options, config.first)
    return config, seed


def _person_move(match: Match, seat: int, step: int) -> Action:
    """A fixed, readable policy: mostly draw, now and then play a simple card."""
    legal: list[Action] = match.legal_for(seat)
    simple = [a for a in legal if a.verb == A.PLAY and a.target is None
              and a.card in ("see_future", "shuffle", "skip", "shield")]
    if simple and step % 3 == 0:
        return simple[0]
    return legal[0]


def advance(match: Match, min_moves: int = MIN_MOVES, *, want_nope: bool = False,
            limit: int = 600) -> bool:
    """Play on until it is a person's turn to play after ``min_moves`` moves with a few
    cards in hand (and a nope, with ``want_nope``); ``False`` if the game ended first."""
    for step in range(limit):
        if match.is_over():
            return False
        pending = match.pending()
        if not pending.by_person:
            match.step()  # a machine's move, or the table closing a window
            continue
        seat = pending.seat
        assert seat is not None
        view = match.view_for(seat)
        ready = (pending.phase == "play" and match.moves >= min_moves and len(view.hand) >= 4
                 and (not want_nope or "nope" in view.hand))
        if ready:
            return True
        legal = match.legal_for(seat)
        if pending.phase == "place_bomb":
            match.submit(seat, legal[len(legal) // 2])
        elif pending.phase == "give":
            match.submit(seat, legal[0])
        else:
            match.submit(seat, _person_move(match, seat, step))
    return False


def _match(config: GameConfig, seed: int, **kw: bool) -> Match:
    """The first match from ``seed`` on that reaches a ready position."""
    for k in range(40):
        match = Match(config, (seed + k) % (1 << 20))
        if advance(match, **kw):
            return match
    return Match(config, seed)


def _table(app: App, match: Match, *, lift: bool = True) -> TableScene:
    """The table on ``app``'s stack; ``lift``: at a hot-seat table the person to act has
    confirmed the curtain, so their hand is on screen (not the curtain, nor their hand face
    down under the modal the state shows)."""
    from game.ui.bombdeck.table import TableScene

    # Machines hold still for the picture; the window shows the real setting's length.
    scene = TableScene(app, match, pace=Pace(60.0, 60.0, float(app.settings.reaction_seconds)),
                       deal=False)
    app.stack.push(scene)
    if lift and scene.flow.curtain_for is not None:
        scene._curtain_done(True)  # what the person's "it's me" does
    return scene


def build_table_scene(app: App, code: str | None, *, state_hint: str = "play") -> Scene[None]:
    """A table mid-game in ``state_hint``'s state, already on ``app``'s stack (with its modal
    on top for ``curtain``, ``hide_bomb`` and ``chooser``)."""
    if state_hint not in HINTS:
        raise ValueError(f"unknown table state {state_hint!r} (known: {', '.join(HINTS)})")
    config, seed = _config(code)
    if state_hint == "curtain":
        people = (P, P, *config.seats[2:]) if len(config.seats) > 2 else (P, P)
        config = GameConfig(config.game, people, config.options, config.first)
        match = _match(config, seed)
        scene = _table(app, match, lift=False)
        seat = scene.flow.curtain_for if scene.flow.curtain_for is not None else 0
        scene.bring_curtain(seat, scene.namer.seat(seat))  # with its recap: what the others did
        return scene
    react = state_hint == "react" and config.game != "mazo"
    match = _match(config, seed, want_nope=react)
    scene = _table(app, match)
    if state_hint == "hide_bomb":
        scene.push(HideBombScene(app, scene.shown.deck_size, kitten=scene.namer.kitten,
                                 bomb_name=scene.namer.card("bomb"),
                                 bomb_short=scene.namer.short("bomb"), start=2))
    elif state_hint == "chooser":
        view = scene.shown
        seats = [s for s in range(len(view.seats))
                 if s != scene.home and view.seats[s].alive and view.seats[s].cards]
        labels = [(s, seat_label(scene.namer, s, view.seats[s].cards)) for s in seats]
        scene.push(SeatChooser(app, scene.t("choose.favor_target"), labels))
    elif state_hint == "react":
        seat = scene.home
        legal = [a for a in match.legal_for(seat) if a.verb == A.PLAY and a.target is None]
        if legal:
            scene.submit(legal[0])
            scene.timeline.skip()
    return scene


EXPLOSION_TRIES = 300
"""Seeds tried for a game in which the person, always drawing, explodes while others play on."""
MAX_MOVES = 3000


def _person_draws(match: Match, stop_at: int | None) -> int | None:
    """Play ``match`` on, the person drawing whenever they may (else taking their first legal
    action), the machines their own way: the number of moves before the person's draw that
    blows them up while the game goes on, or ``None``; with ``stop_at``, stop once that many
    moves are made (the machines decide by the position, so the same game comes again)."""
    for _ in range(MAX_MOVES):
        if match.is_over() or (stop_at is not None and match.moves >= stop_at):
            return None
        pending = match.pending()
        if not pending.by_person or pending.seat is None:
            match.step()
            continue
        legal = match.legal_for(pending.seat)
        action = A.DRAW_ACTION if A.DRAW_ACTION in legal else legal[0]
        before = match.moves
        events = [item.event for item in match.submit(pending.seat, action)]
        if action == A.DRAW_ACTION \
                and any(isinstance(ev, E.PlayerExploded) for ev in events) \
                and not any(isinstance(ev, E.GameOver) for ev in events):
            return before
    return None


def explosion_match(game: str = "bombazo", seed: int = 1) -> Match:
    """A match of ``game`` (a person against two Astuto) one move before the person draws a
    bomb without a defuse and is out while the others play on: the first seed from ``seed``
    whose game comes to that with the person always drawing."""
    from game.ui.screenshot import ScreenshotError

    config = GameConfig(game, (P, AST, AST))
    for k in range(EXPLOSION_TRIES):
        at = (seed + k) % (1 << 20)
        target = _person_draws(Match(config, at), None)
        if target is None:
            continue
        match = Match(config, at)
        _person_draws(match, target)
        return match
    raise ScreenshotError(f"no {game} game from seed {seed} on in which the person explodes")


def build_explosion(app: App, code: str | None) -> TableScene:
    """The person's own explosion as it goes off, on ``app``'s stack: the table of
    :func:`explosion_match` for the code's game (Bombazo without one), the person draws, and
    the moment has begun (the picture is taken as the screenshot settles, mid-moment)."""
    game, seed = (decode(code)[0].game, decode(code)[1]) if code is not None \
        else ("bombazo", 1)
    scene = _table(app, explosion_match(game, seed))
    for _ in range(2000):
        if scene.may_act and not scene.busy:
            break
        app.step(1 / 60, [], draw=False)
    scene.draw_card()
    for _ in range(2000):
        if scene.moment is not None and scene.moment.kind == "boom":
            return scene
        app.step(1 / 60, [], draw=False)
    raise RuntimeError("the explosion never came")


def _play_to_the_end(match: Match) -> None:
    """Play ``match`` to its end: every person (however many: a hot-seat code) draws when they
    may, else takes their first legal action; the machines their own way."""
    for _ in range(MAX_MOVES * 4):
        if match.is_over():
            return
        pending = match.pending()
        people = [s for s in pending.decision.seats if match.is_person(s)]
        if not people:
            match.step()
            continue
        legal = match.legal_for(people[0])
        match.submit(people[0], A.DRAW_ACTION if A.DRAW_ACTION in legal else legal[0])
    raise RuntimeError(f"no end after {MAX_MOVES * 4} moves")


def build_end(app: App, code: str | None) -> TableScene:
    """The finished game's table as the person sees it before the results, on ``app``'s
    stack: the code's game (the default one without) played to its end
    (:func:`_play_to_the_end`)."""
    config, seed = _config(code)
    match = Match(config, seed)
    _play_to_the_end(match)
    scene = _table(app, match)
    for _ in range(200):
        if scene.held_end:
            return scene
        app.step(1 / 60, [], draw=False)
    raise RuntimeError("the final table was never held")
