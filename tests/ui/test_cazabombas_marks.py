"""Caza Bombas' deduction marks (issue 25), read from real scenes: with the setting on, every
hidden wire of a teammate shows what it can still be from the person's own view, exactly what
``game.bots.cazabombas.deduce`` says for that view (the teammates' own deduction), a certain
value large and ringed in gold; M shows the chances of the wire under the pointer; the table
hands the deduction its view, never the state; with the setting off nothing changes."""

from __future__ import annotations

import ast
import inspect
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.bots.cazabombas.deduce import analyse
from game.core.config import GameConfig, SeatKind
from game.match.match import Match
from game.rules.cazabombas.view import CazaView
from game.rules.cazabombas.wires import Value, class_of
from game.ui import theme
from game.ui.app import App
from game.ui.cazabombas import marks as D
from game.ui.cazabombas import paint
from game.ui.cazabombas.shots import advance
from game.ui.cazabombas.table import CazaTableScene
from game.ui.screenshot import render_scene_to_png
from tests.ui.conftest import frames, key, post

P, AST = SeatKind.PERSON, SeatKind.ASTUTO
Seen = dict[tuple[int, int], D.WireMark]


def _config(*seats: SeatKind, mission: int) -> GameConfig:
    return GameConfig("cazabombas", seats, frozenset({f"mission{mission}"}))


def _table(app: App, match: Match) -> CazaTableScene:
    scene = CazaTableScene(app, match, briefing=False)
    app.stack.reset(scene)
    for _ in range(400):
        app.step(1 / 30, draw=False)
        if not scene.timeline.busy and scene.aim is not None:
            break
    frames(app, 2)
    return scene


def _played(seed: int, mission: int, moves: int, seats: tuple[SeatKind, ...] = (P, AST, AST)
            ) -> Match:
    """A match of ``seats`` played ``moves`` moves on (a machine standing in for the person)
    and stopped at the person's turn."""
    match = Match(_config(*seats, mission=mission), seed)

    def ready(m: Match, v: CazaView) -> bool:
        return m.moves >= moves and m.pending().seat == m.people[0] and v.phase == "play"

    assert advance(match, ready, limit=600), seed
    return match


@pytest.fixture
def drawn_tiles(monkeypatch: pytest.MonkeyPatch) -> Iterator[Seen]:
    """Every mark the painter hands a wire from now on: (stand, index) → its mark."""
    seen: Seen = {}
    real = paint._tile

    def spy(surface: pygame.Surface, scene: CazaTableScene, rack: Any, index: int, wire: Any,
            marks: Any, deduced: D.WireMark | None = None) -> None:
        if deduced is not None:
            seen[(rack.stand, index)] = deduced
        real(surface, scene, rack, index, wire, marks, deduced)

    monkeypatch.setattr(paint, "_tile", spy)
    yield seen


def _expected(view: CazaView) -> dict[tuple[int, int], dict[Value, float]]:
    """What the deduction says for ``view``, keys summed to the values a player names."""
    out: dict[tuple[int, int], dict[Value, float]] = {}
    for spot, keys in analyse(view).slots.items():
        by_value: dict[Value, float] = {}
        for k, p in keys.items():
            by_value[class_of(k)] = by_value.get(class_of(k), 0.0) + p
        out[spot] = {v: p for v, p in by_value.items() if p > 1e-9}
    return out


# --- what the marks say ----------------------------------------------------------------------


@pytest.mark.parametrize(("seed", "mission", "moves"),
                         [(3, 1, 6), (11, 2, 8), (17, 4, 10), (29, 6, 9), (41, 8, 12)])
def test_the_marks_drawn_are_the_deduction_of_the_persons_view(
        silent_app: Callable[..., App], drawn_tiles: Seen,
        seed: int, mission: int, moves: int) -> None:
    app = silent_app("en", marks=True)
    match = _played(seed, mission, moves)
    scene = _table(app, match)
    drawn_tiles.clear()
    scene.draw(pygame.Surface((1280, 720)))
    view = match.view_for(scene.home)
    expected = _expected(view)
    assert expected and set(drawn_tiles) == set(expected)   # every hidden teammate's wire
    for spot, mark in drawn_tiles.items():
        want = expected[spot]
        assert mark.values == tuple(sorted(want, key=lambda v: min(  # in sort order
            k for k in analyse(view).slots[spot] if class_of(k) == v)))
        for value, p in mark.chances:
            assert p == pytest.approx(want[value])
        sure = [v for v, p in want.items() if p >= 1 - 1e-9]
        assert mark.certain == (sure[0] if sure else None)
    mine = {(g, i) for g in view.my_stands for i in range(len(view.stands[g]))}
    assert not mine & set(drawn_tiles)                       # never on one's own wires


def test_the_table_hands_the_deduction_its_view_never_the_state(
        silent_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = []

    def spy(*args: Any, **kwargs: Any) -> Any:
        calls.append((args, kwargs))
        return analyse(*args, **kwargs)

    monkeypatch.setattr(D, "analyse", spy)
    app = silent_app("en", marks=True)
    match = _played(5, 3, 8)
    scene = _table(app, match)
    scene.draw(pygame.Surface((1280, 720)))
    assert calls
    for args, kwargs in calls:
        assert len(args) == 1 and not kwargs
        assert isinstance(args[0], CazaView)
        assert args[0].seat == scene.home and args[0] == match.view_for(scene.home)
    # and the module reads no match, engine or state at all: only the view on screen
    tree = ast.parse(Path(inspect.getfile(D)).read_text())
    names = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    assert not names & {"match", "engine", "_state", "state", "view_for"}


def test_the_deduction_runs_once_per_view(silent_app: Callable[..., App],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[object] = []

    def spy(view: CazaView) -> Any:
        calls.append(view)
        return analyse(view)

    monkeypatch.setattr(D, "analyse", spy)
    app = silent_app("en", marks=True)
    _table(app, _played(5, 3, 8))
    calls.clear()
    frames(app, 10)
    assert len(calls) <= 1


def test_a_certain_wire_is_drawn_large_and_ringed(silent_app: Callable[..., App]) -> None:
    """A teammate's wire with a token: one value left, drawn at 26 px or more in gold, with a
    gold ring round the tile; a wire of several values: small, at 18 px."""
    app = silent_app("en", marks=True)
    scene = _table(app, _played(3, 1, 6))
    marks = D.marks_for(scene)
    sure = [spot for spot, mark in marks.items() if mark.certain is not None]
    open_ = [spot for spot, mark in marks.items() if mark.certain is None]
    assert sure and open_
    sizes: list[tuple[str, int]] = []
    real = D.fit_line

    def spy(text: str, size: int, *args: Any, **kwargs: Any) -> pygame.Surface:
        sizes.append((text, size))
        return real(text, size, *args, **kwargs)

    D.fit_line = spy  # type: ignore[assignment]
    try:
        surface = pygame.Surface((1280, 720))
        scene.draw(surface)
    finally:
        D.fit_line = real  # type: ignore[assignment]
    g, i = sure[0]
    certain = marks[(g, i)].certain
    assert certain is not None
    word = scene.namer.short(certain)
    assert max(size for text, size in sizes if text == word) >= 26
    assert min(size for _text, size in sizes) >= theme.TEXT_MIN
    tile = scene.layout.rack(g).tile(i)
    ring = sum(1 for x in range(tile.left - 3, tile.right + 3)
               for y in (tile.top - 1, tile.top - 2)
               if surface.get_at((x, y))[:3] == D.SURE_INK)
    assert ring >= tile.width // 2


def test_the_words_fit_a_small_tile() -> None:
    from game.ui.cazabombas.names import Namer

    class Loc:
        def t(self, key: str, **_: Any) -> str:
            return {"cazabombas.letter.yellow": "Y", "cazabombas.letter.red": "R"}.get(key, key)

    namer = Namer(lambda: Loc(), Match(_config(P, AST, mission=1), 1),  # type: ignore[arg-type]
                  lambda: [])
    values: tuple[Value, ...] = (2, 3, 4, 6, "yellow", 8, 9)
    assert D.value_words(namer, values) == ["2–4", "6", namer.short("yellow"), "8", "9"]
    assert D.fitted_words(namer, values, 2) == ["2–9", namer.short("yellow")]
    assert D.fitted_words(namer, (5, 6), 1) == ["5–6"]


# --- on request: the chances ----------------------------------------------------------------


def _said(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    said: list[str] = []
    real = D.draw_text

    def spy(surface: pygame.Surface, text: str, *args: Any, **kwargs: Any) -> pygame.Rect:
        said.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(D, "draw_text", spy)
    return said


def test_m_shows_the_chances_of_the_wire_under_the_pointer(
        silent_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch) -> None:
    app = silent_app("en", marks=True)
    match = _played(17, 4, 10)
    scene = _table(app, match)
    marks = D.marks_for(scene)
    spot = next(s for s, m in marks.items() if len(m.chances) >= 2)
    said = _said(monkeypatch)
    centre = scene.layout.rack(spot[0]).tile(spot[1]).center
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 2)
    assert scene.hover == spot
    assert not any("%" in text for text in said)           # not before it is asked for
    key(pygame.K_m, text="m")
    said.clear()
    frames(app, 2)
    want = _expected(match.view_for(scene.home))[spot]
    best = max(want, key=lambda v: want[v])
    line = app.loc.t("cazabombas.marks.chance", value=scene.namer.value(best),
                     pct=D._percent(want[best]))
    assert any(line in text for text in said), said
    assert match.moves == match.moves and scene.chances_asked
    key(pygame.K_m, text="m")                               # M again hides them
    said.clear()
    frames(app, 2)
    assert not any(line in text for text in said)


# --- with the setting off ----------------------------------------------------------------------


def test_with_marks_off_nothing_changes(silent_app: Callable[..., App],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Off (the default): the deduction never runs, M does nothing, and the frame is the one
    a table without the marks' code at all draws."""
    calls: list[object] = []
    monkeypatch.setattr(D, "analyse", lambda view: calls.append(view))
    app = silent_app("en")
    assert app.settings.marks is False
    scene = _table(app, _played(17, 4, 10))
    first = pygame.Surface((1280, 720))
    scene.draw(first)
    key(pygame.K_m, text="m")
    frames(app, 2)
    assert not scene.chances_asked and not calls
    with monkeypatch.context() as patched:  # the marks' code taken out of the painter
        patched.setattr(D, "marks_for", lambda scene: {})
        patched.setattr(D, "draw_chances", lambda surface, scene: False)
        bare = pygame.Surface((1280, 720))
        scene.draw(bare)
    again = pygame.Surface((1280, 720))
    scene.draw(again)
    assert pygame.image.tobytes(again, "RGB") == pygame.image.tobytes(bare, "RGB")
    assert not calls


def test_no_marks_while_the_persons_view_may_not_be_shown(
        silent_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch) -> None:
    """At a hot-seat table the marks are each person's own: none while the curtain is down
    (nobody's view may be shown)."""
    app = silent_app("en", marks=True)
    scene = _table(app, _played(5, 3, 8))
    assert D.marks_for(scene)
    monkeypatch.setattr(CazaTableScene, "private_ok", property(lambda self: False))
    assert D.marked_view(scene) is None and D.marks_for(scene) == {}


def test_the_screenshot_with_marks_draws_them(tmp_path: Path) -> None:
    off = render_scene_to_png("table", tmp_path / "off.png", "en", code="1R1-1338")
    on = render_scene_to_png("table", tmp_path / "on.png", "en", code="1R1-1338", marks=True)
    a, b = pygame.image.load(str(off)), pygame.image.load(str(on))
    assert pygame.image.tobytes(a, "RGB") != pygame.image.tobytes(b, "RGB")
    gold = sum(1 for x in range(0, 1280, 2) for y in range(0, 280, 2)
               if b.get_at((x, y))[:3] == D.SURE_INK)
    assert gold > 50
