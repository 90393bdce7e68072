"""What a person can read: every text a scene draws, checked against LOOK.md's floor.

LOOK.md asks that no text be smaller than 18 px at 1280×720; issue 20 found hints, badges and
chips below it, lines squeezed to fit and paragraphs cut at their box. Reading pixels cannot tell
a squeezed 20 px line from a 16 px one, so the audit listens where text is made
(``fonts.observer``): every ``fonts.render`` says the size it was asked at, ``text.fit_line``
how far it narrowed a line, ``text.draw_paragraph`` which lines did not fit its box.

``audit_scene`` draws one scene as the screenshot command does and returns its findings;
``python -m game.ui.textaudit [--lang L] [SCENE...]`` prints them for every scene the
screenshot command knows.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before pygame is imported below

from game.ui import fonts
from game.ui.cache import CACHES

MIN_SIZE = 18
"""LOOK.md: text never smaller than 18 px at 1280×720 (logical units)."""
MIN_WIDTH = 0.9
"""A line may be narrowed to 90 % of its width to fit (issue 20); more reads as squashed."""


class Problem(StrEnum):
    SMALL = "small"
    SQUEEZED = "squeezed"
    CUT = "cut"


@dataclass(frozen=True, slots=True)
class Finding:
    """One text a person cannot read comfortably, and why."""

    scene: str
    lang: str
    problem: Problem
    text: str
    size: int
    ratio: float = 1.0

    def line(self) -> str:
        detail = f"{self.size} px" if self.problem is not Problem.SQUEEZED else \
            f"{self.size} px at {self.ratio:.0%} of its width"
        return f"{self.scene} [{self.lang}] {self.problem}: {self.text!r} ({detail})"


class _Listener:
    """The ``fonts.observer`` of one scene's drawing: each distinct finding once."""

    def __init__(self, scene: str, lang: str) -> None:
        self.scene = scene
        self.lang = lang
        self.found: dict[tuple[Problem, str, int], Finding] = {}

    def _add(self, problem: Problem, text: str, size: int, ratio: float = 1.0) -> None:
        if not text.strip():
            return
        key = (problem, text, size)
        if key not in self.found:
            self.found[key] = Finding(self.scene, self.lang, problem, text, size, ratio)

    def rendered(self, text: str, size: int) -> None:
        if size < MIN_SIZE:
            self._add(Problem.SMALL, text, size)

    def squeezed(self, text: str, size: int, ratio: float) -> None:
        if ratio < MIN_WIDTH:
            self._add(Problem.SQUEEZED, text, size, ratio)

    def cut(self, text: str, size: int) -> None:
        self._add(Problem.CUT, text, size)


@contextmanager
def listening(scene: str, lang: str) -> Iterator[_Listener]:
    """Record the findings of whatever is drawn inside the block."""
    listener = _Listener(scene, lang)
    before = fonts.observer
    fonts.observer = listener
    try:
        yield listener
    finally:
        fonts.observer = before


def audit_scene(scene: str, lang: str, code: str | None = None,
                size: tuple[int, int] | None = None) -> list[Finding]:
    """The findings of ``scene`` in ``lang`` drawn as ``--screenshot`` draws it (its settling
    frames included: a banner shown while it enters counts too)."""
    from game.ui.screenshot import render_scene_to_png

    for cache in CACHES:  # what is cached (texts, card faces, badges) is not drawn again,
        cache.clear()     # so it would not be heard
    fonts.clear()
    with tempfile.TemporaryDirectory() as folder, listening(scene, lang) as listener:
        render_scene_to_png(scene, Path(folder) / "audit.png", lang, code=code, size=size)
    return sorted(listener.found.values(), key=lambda f: (f.problem, f.text))


def main(argv: Sequence[str] | None = None) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.ui.screenshot import ScreenshotError, scenes

    parser = argparse.ArgumentParser(prog="python -m game.ui.textaudit",
                                     description="List the texts of each scene under 18 px, "
                                                 "squeezed below 90 % or cut.")
    parser.add_argument("scenes", nargs="*", help="scenes (default: every one)")
    parser.add_argument("--lang", action="append", choices=("es", "en", "pt"),
                        help="languages (default: es, en and pt)")
    parser.add_argument("--code", help="the game code the table scenes show")
    args = parser.parse_args(argv)
    total = 0
    for lang in args.lang or ("es", "en", "pt"):
        for scene in args.scenes or scenes():
            try:
                found = audit_scene(scene, lang, args.code)
            except ScreenshotError as error:  # a scene the code's game has not got
                if args.scenes:  # named: say so; the whole list skips it, as the gallery does
                    print(f"{scene} ({lang}): {error}", file=sys.stderr)
                continue
            for finding in found:
                print(finding.line())
                total += 1
    print(f"{total} findings", file=sys.stderr)
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
