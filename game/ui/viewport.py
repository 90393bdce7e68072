"""Where the logical 1280×720 frame sits in a window of any size: the largest 16:9 frame that
fits, centred (letterboxed: bars on two sides, never cropped), and the maps between window
pixels and logical units for the mouse."""

from __future__ import annotations

from dataclasses import dataclass

from game.ui import theme

MIN_SCALE = 0.25
"""A window dragged tiny still draws something (about 320×180)."""


@dataclass(frozen=True, slots=True)
class Viewport:
    window: tuple[int, int]
    scale: float
    """Physical pixels per logical unit."""
    offset: tuple[int, int]
    """The frame's top-left corner in the window."""
    frame: tuple[int, int]
    """The frame's size in physical pixels."""

    @staticmethod
    def fit(window: tuple[int, int]) -> Viewport:
        w, h = max(1, window[0]), max(1, window[1])
        scale = max(MIN_SCALE, min(w / theme.SCREEN_W, h / theme.SCREEN_H))
        if abs(scale - round(scale)) < 1e-6:
            scale = float(round(scale))
        frame = (max(1, round(theme.SCREEN_W * scale)), max(1, round(theme.SCREEN_H * scale)))
        offset = ((w - frame[0]) // 2, (h - frame[1]) // 2)
        return Viewport((w, h), scale, offset, frame)

    def to_logical(self, pos: tuple[float, float]) -> tuple[int, int]:
        """A window pixel in logical units (outside the frame: outside 0..1280 × 0..720)."""
        return (round((pos[0] - self.offset[0]) / self.scale),
                round((pos[1] - self.offset[1]) / self.scale))

    def to_window(self, pos: tuple[float, float]) -> tuple[int, int]:
        return (round(pos[0] * self.scale) + self.offset[0],
                round(pos[1] * self.scale) + self.offset[1])

    @property
    def letterboxed(self) -> bool:
        return self.frame != self.window


def window_size_for(desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The first window: 1280×720, or bigger on a big desktop (the largest 16:9 size within
    85 % of it), never bigger than the desktop."""
    base = theme.SCREEN_SIZE
    if desktop is None or desktop[0] <= 0 or desktop[1] <= 0:
        return base
    room = min(desktop[0] * 0.85 / theme.SCREEN_W, desktop[1] * 0.85 / theme.SCREEN_H)
    if room <= 1.0:
        fit = min(desktop[0] / theme.SCREEN_W, desktop[1] / theme.SCREEN_H, 1.0)
        return (round(theme.SCREEN_W * fit), round(theme.SCREEN_H * fit))
    return (round(theme.SCREEN_W * room), round(theme.SCREEN_H * room))
