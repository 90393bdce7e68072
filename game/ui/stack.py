"""The scene stack: push, pop (with a typed result), replace, reset."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, TypeVar

import pygame

from game.ui import theme
from game.ui.scene import Scene

R = TypeVar("R")


@dataclass
class _Entry:
    scene: Scene[Any]
    on_result: Callable[[Any], None] | None


class SceneStack:
    """Scenes bottom to top. Only the top scene handles input; drawing starts at the topmost
    opaque scene (then each drawn scene's ``draw_over``, bottom to top); updates go down from
    the top while each scene lets the one below run."""

    def __init__(self) -> None:
        self._entries: list[_Entry] = []
        self.listeners: list[Callable[[], None]] = []
        """Called after every push / pop / replace / reset (the app arms its click guard)."""

    # --- queries -------------------------------------------------------------------------------

    @property
    def top(self) -> Scene[Any] | None:
        return self._entries[-1].scene if self._entries else None

    def __len__(self) -> int:
        return len(self._entries)

    def __iter__(self) -> Iterator[Scene[Any]]:
        return iter([e.scene for e in self._entries])

    def __contains__(self, scene: object) -> bool:
        return any(e.scene is scene for e in self._entries)

    def scenes(self) -> list[Scene[Any]]:
        """Bottom to top."""
        return [e.scene for e in self._entries]

    def visible(self) -> list[Scene[Any]]:
        """The scenes that get drawn, bottom to top: from the topmost opaque one up."""
        scenes = self.scenes()
        start = 0
        for i in range(len(scenes) - 1, -1, -1):
            if scenes[i].opaque:
                start = i
                break
        return scenes[start:]

    # --- changes -------------------------------------------------------------------------------

    def push(self, scene: Scene[R], on_result: Callable[[R | None], None] | None = None
             ) -> Scene[R]:
        """Put ``scene`` on top. When it pops, ``on_result(result)`` is called; without a
        callback the scene below gets ``on_result(result)``."""
        self._entries.append(_Entry(scene, on_result))
        scene.on_enter()
        self._changed()
        return scene

    def pop(self, result: object = None) -> Scene[Any] | None:
        """Remove the top scene and deliver ``result`` to whoever pushed it."""
        if not self._entries:
            return None
        entry = self._entries.pop()
        entry.scene.on_exit()
        if entry.on_result is not None:
            entry.on_result(result)
        elif self._entries:
            self._entries[-1].scene.on_result(result)
        self._changed()
        return entry.scene

    def replace(self, scene: Scene[Any]) -> None:
        """Swap the top scene for ``scene`` (no result is delivered; the new scene inherits the
        callback of the one it replaces)."""
        if not self._entries:
            self.push(scene)
            return
        old = self._entries[-1]
        old.scene.on_exit()
        self._entries[-1] = _Entry(scene, old.on_result)
        scene.on_enter()
        self._changed()

    def reset(self, scene: Scene[Any] | None = None) -> None:
        """Close every scene (top first, no results), then push ``scene`` if given."""
        while self._entries:
            self._entries.pop().scene.on_exit()
        if scene is not None:
            self._entries.append(_Entry(scene, None))
            scene.on_enter()
        self._changed()

    def _changed(self) -> None:
        for listener in list(self.listeners):
            listener()

    # --- the frame -----------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        top = self.top
        if top is not None:
            top.handle(event)

    def update(self, dt: float) -> None:
        for scene in reversed(self.scenes()):
            if scene not in self:  # closed by a scene above during this update
                continue
            scene.update(dt)
            if scene.pauses_below:
                break

    def draw(self, surface: pygame.Surface) -> None:
        visible = self.visible()
        if not visible or not visible[0].opaque:
            surface.fill(theme.BG)
        for scene in visible:
            scene.draw(surface)
        for scene in visible:
            scene.draw_over(surface)
