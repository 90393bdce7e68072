"""The scene stack: push / pop with typed results, replace, reset, drawing from the topmost
opaque scene, updates that stop at a scene that pauses those below."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui.app import App
from game.ui.stack import SceneStack
from tests.ui.probes import Probe


def _recorder(order: list[str], name: str) -> Callable[[], None]:
    return lambda: order.append(name)


def test_push_and_pop_deliver_the_result_to_the_callback(app: App) -> None:
    stack = SceneStack()
    base = Probe(app, "base")
    stack.push(base)
    got: list[object] = []
    modal = Probe(app, "modal")
    stack.push(modal, got.append)
    assert stack.top is modal and modal.entered == 1
    assert stack.pop("a result") is modal
    assert got == ["a result"] and modal.exited == 1
    assert base.results == []  # the callback took it
    assert stack.top is base


def test_without_a_callback_the_scene_below_gets_on_result(app: App) -> None:
    stack = SceneStack()
    base = Probe(app, "base")
    stack.push(base)
    stack.push(Probe(app, "modal"))
    stack.pop(42)
    assert base.results == [42]


def test_finish_pops_only_when_on_top(app: App) -> None:
    base = Probe(app, "base")
    app.stack.push(base)
    modal = Probe(app, "modal")
    got: list[object] = []
    app.stack.push(modal, got.append)
    base.finish("not me")  # not on top: nothing happens
    assert app.stack.top is modal
    modal.finish("done")
    assert got == ["done"] and app.stack.top is base


def test_replace_keeps_the_callback_of_the_replaced_scene(app: App) -> None:
    stack = SceneStack()
    stack.push(Probe(app, "base"))
    got: list[object] = []
    first = Probe(app, "first")
    stack.push(first, got.append)
    second = Probe(app, "second")
    stack.replace(second)
    assert first.exited == 1 and second.entered == 1 and got == []
    stack.pop("from second")
    assert got == ["from second"]


def test_reset_closes_everything_top_first(app: App) -> None:
    stack = SceneStack()
    order: list[str] = []
    scenes = [Probe(app, n) for n in "abc"]
    for s in scenes:
        s.on_exit = _recorder(order, s.name)  # type: ignore[method-assign]
        stack.push(s)
    fresh = Probe(app, "fresh")
    stack.reset(fresh)
    assert order == ["c", "b", "a"]
    assert stack.scenes() == [fresh]
    stack.reset()
    assert len(stack) == 0 and stack.top is None and stack.pop() is None


def test_drawing_starts_at_the_topmost_opaque_scene(app: App) -> None:
    stack = SceneStack()
    bottom = Probe(app, "bottom")
    table = Probe(app, "table")
    overlay = Probe(app, "overlay", opaque=False)
    for s in (bottom, table, overlay):
        stack.push(s)
    assert stack.visible() == [table, overlay]
    surface = pygame.Surface((1280, 720))
    stack.draw(surface)
    assert (bottom.draws, table.draws, overlay.draws) == (0, 1, 1)


def test_updates_stop_at_a_scene_that_pauses_those_below(app: App) -> None:
    stack = SceneStack()
    table = Probe(app, "table")
    modal = Probe(app, "modal", opaque=False, pauses_below=False)
    pause = Probe(app, "pause", opaque=False, pauses_below=True)
    stack.push(table)
    stack.push(modal)
    stack.update(0.016)
    assert (table.updates, modal.updates) == (1, 1)  # the table keeps smoking under a chooser
    stack.push(pause)
    stack.update(0.016)
    assert (table.updates, modal.updates, pause.updates) == (1, 1, 1)


def test_a_scene_closed_during_update_is_not_updated(app: App) -> None:
    stack = SceneStack()
    below = Probe(app, "below")
    top = Probe(app, "top", pauses_below=False)
    stack.push(below)
    stack.push(top)
    def close_all(dt: float) -> None:
        stack.reset()

    def close_top(dt: float) -> None:
        stack.pop()

    below.update = close_all  # type: ignore[method-assign]
    top.update = close_top  # type: ignore[method-assign]
    stack.update(0.016)  # top pops itself; below still runs (it is still on the stack)
    assert len(stack) == 0


def test_listeners_hear_every_change(app: App) -> None:
    stack = SceneStack()
    heard: list[int] = []
    stack.listeners.append(lambda: heard.append(len(stack)))
    stack.push(Probe(app))
    stack.replace(Probe(app))
    stack.push(Probe(app))
    stack.pop()
    stack.reset()
    assert heard == [1, 1, 2, 1, 0]


class _Layered(Probe):
    """A probe that says when it draws and when it draws over the scenes above it."""

    def __init__(self, app: App, name: str, order: list[str], *, opaque: bool) -> None:
        super().__init__(app, name, opaque=opaque)
        self.order = order

    def draw(self, surface: pygame.Surface) -> None:
        self.order.append(f"draw {self.name}")

    def draw_over(self, surface: pygame.Surface) -> None:
        self.order.append(f"over {self.name}")


def test_draw_over_comes_after_every_drawn_scene_and_only_for_them(app: App) -> None:
    order: list[str] = []
    stack = SceneStack()
    stack.push(_Layered(app, "hidden", order, opaque=True))
    stack.push(_Layered(app, "table", order, opaque=True))
    stack.push(_Layered(app, "picker", order, opaque=False))
    stack.draw(pygame.Surface((1280, 720)))
    assert order == ["draw table", "draw picker", "over table", "over picker"]
