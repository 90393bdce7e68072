"""Every scene in every language to PNG files, for looking at what the game shows:
``python -m game.ui.gallery OUT [--lang L]... [--size WxH] [--code CODE] [SCENE...]``.

The pictures are made, not kept: the repository holds this script, and a person reviewing a
change runs it before and after (the screenshot command draws one scene; this draws them all,
named ``<scene>-<lang>.png``, and says which scenes a code's game has not got).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

LANGS = ("es", "en", "pt")


def _size(text: str) -> tuple[int, int]:
    width, _, height = text.lower().partition("x")
    try:
        return int(width), int(height)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a size like 1920x1080: {text!r}") from None


def make_gallery(out: Path, langs: Sequence[str] = LANGS, names: Sequence[str] = (),
                 code: str | None = None, size: tuple[int, int] | None = None) -> list[Path]:
    """Draw ``names`` (every scene when empty) in each of ``langs`` into ``out``; the files
    written. A scene the code's game does not have is skipped with a line on stderr."""
    from game.ui.screenshot import ScreenshotError, render_scene_to_png, scenes

    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    chosen = list(names) or list(scenes())
    for lang in langs:
        for scene in chosen:
            target = out / f"{scene}-{lang}.png"
            try:
                written.append(render_scene_to_png(scene, target, lang, code=code, size=size))
            except ScreenshotError as error:
                print(f"skipped {scene} [{lang}]: {error}", file=sys.stderr)
                continue
            print(target, flush=True)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    parser = argparse.ArgumentParser(prog="python -m game.ui.gallery",
                                     description="Draw every scene in es, en and pt to PNG "
                                                 "files in OUT.")
    parser.add_argument("out", type=Path, help="the folder for the pictures")
    parser.add_argument("scenes", nargs="*", help="only these scenes (default: every one)")
    parser.add_argument("--lang", action="append", choices=LANGS,
                        help="only this language (repeatable; default: es, en and pt)")
    parser.add_argument("--size", type=_size, help="the window size, e.g. 1920x1080")
    parser.add_argument("--code", help="the game code the table scenes show")
    args = parser.parse_args(argv)
    written = make_gallery(args.out, args.lang or LANGS, args.scenes, args.code, args.size)
    print(f"{len(written)} pictures in {args.out}", file=sys.stderr)
    return 0 if written else 1


if __name__ == "__main__":
    sys.exit(main())
