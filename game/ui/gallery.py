"""Every scene in every language to PNG files, for looking at what the game shows:
``python -m game.ui.gallery OUT [--lang L]... [--size WxH] [--code CODE] [SCENE...]``; and the
small gallery the README shows: ``python -m game.ui.gallery --readme docs/screenshots``.

The pictures are made, not kept: the repository holds this script, and a person reviewing a
change runs it before and after (the screenshot command draws one scene; this draws them all,
named ``<scene>-<lang>.png``, and says which scenes a code's game has not got).

The one exception is the README's gallery (:data:`README_SHOTS`): a dozen pictures that show a
newcomer the games and their big moments, in English, at :data:`README_SIZE` (the width a
README column shows them at), made small by ``pngquant`` when it is installed (a maintainer's
tool, ``apt-get install pngquant``: a palette of at most 256 colours takes the twelve from
1.07 MB to 0.33 MB, which the repository's size needs; without it they are written as drawn).
``--readme`` draws exactly that set, and its index ``README.md``, again; nothing else is kept.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from game.ui.settings import TEXT_SIZES

if TYPE_CHECKING:
    pass

LANGS = ("es", "en", "pt")


def _size(text: str) -> tuple[int, int]:
    width, _, height = text.lower().partition("x")
    try:
        return int(width), int(height)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a size like 1920x1080: {text!r}") from None


def make_gallery(out: Path, langs: Sequence[str] = LANGS, names: Sequence[str] = (),
                 code: str | None = None, size: tuple[int, int] | None = None,
                 text_size: int = 100) -> list[Path]:
    """Draw ``names`` (every scene when empty) in each of ``langs`` into ``out`` at the
    ``text_size`` setting; the files written. A scene the code's game does not have is
    skipped with a line on stderr."""
    from game.ui.screenshot import ScreenshotError, render_scene_to_png, scenes

    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    chosen = list(names) or list(scenes())
    for lang in langs:
        for scene in chosen:
            target = out / f"{scene}-{lang}.png"
            try:
                written.append(render_scene_to_png(scene, target, lang, code=code, size=size,
                                                   text_size=text_size))
            except ScreenshotError as error:
                print(f"skipped {scene} [{lang}]: {error}", file=sys.stderr)
                continue
            print(target, flush=True)
    return written


# --- the README's gallery ----------------------------------------------------------------------


@dataclass(frozen=True)
class Shot:
    """One picture of the README's gallery: ``<name>.png`` of ``scene`` (a screenshot scene,
    such as :data:`EXPLOSION`) for ``code``'s game, with its one-line caption."""

    name: str
    scene: str
    code: str | None
    caption: str


EXPLOSION = "explosion"
"""The bomb-deck explosion: the screenshot scene of the person's own explosion, mid-moment."""
BOMBAZO = "315-5KV"
"""Bombazo: a person against three Astuto (Crafty), seed 4242 (the screenshots' own table)."""
MAZO = "A15-5KT"
CLASICO = "E15-5KE"
CAZABOMBAS = "ZPG-CK1-26WJ"
"""Mission 4: a person with Crafty, Ruthless and Reckless teammates, seed 1212."""
DIEBOMBE = "N14-X51"
"""A person against three Crafty machines, seed 4004."""
README_SHOTS = (
    Shot("title", "title", None,
         "The title: *Play now* starts Bombazo against the machine at once."),
    Shot("new-game", "new_game", None,
         "A new game: the game, its options, and who sits at each seat (a person or a "
         "machine level)."),
    Shot("bombazo", "table", BOMBAZO,
         "Bombazo: your hand, the deck, the danger meter and what the machines did."),
    Shot("bombazo-explosion", EXPLOSION, BOMBAZO,
         "Your own explosion: a bomb drawn without a defuse; you are out, the others play on."),
    Shot("mazo", "table", MAZO,
         "Bomba en el Mazo: its own cards (Wire Cutters, Shield, Calm, Dodge...)."),
    Shot("clasico", "table", CLASICO,
         "Clásico: exploding kittens, and five cats in place of the animals."),
    Shot("cazabombas", "table", CAZABOMBAS,
         "Caza Bombas, mission 4: cut a teammate's wire by naming a value you hold."),
    Shot("cazabombas-lost", "lost", CAZABOMBAS,
         "Caza Bombas: a red wire cut, the mission lost; try again or see the results."),
    Shot("diebombe", "table", DIEBOMBE,
         "Die Bombe: secret bids for a green and a red card."),
    Shot("diebombe-reveal", "reveal", DIEBOMBE,
         "Die Bombe: every bid turned over at once; the highest takes a card and pays, the "
         "second takes the other free."),
    Shot("diebombe-scoring", "scoring", DIEBOMBE,
         "Die Bombe's final scoring: reds (doubled for the red majority), greens, minus what "
         "each paid."),
    Shot("results", "results", None,
         "The results: the places, and the game's code to share or to play again."),
)
"""The README's gallery, in the order its index shows it."""
README_LANG = "en"
README_SIZE = (960, 540)
README_INDEX = "README.md"
PNGQUANT = ("pngquant", "--quality", "70-95", "--nofs", "--speed", "1", "--strip", "--force")
"""A palette of at most 256 colours, at least 70 % (at best 95 %) as good as the picture by
pngquant's own measure; not dithered (``--nofs``: flat areas and text stay flat, and the files
are a fifth smaller than dithered ones); ``--strip`` drops the metadata (the file's time)."""


def readme_index() -> str:
    """The text of the gallery's own ``README.md``: every picture with its caption."""
    lines = ["# Screenshots", "",
             f"What Mecha Corta looks like, in English at {README_SIZE[0]}×{README_SIZE[1]}. "
             "Made by "
             "`python -m game.ui.gallery --readme docs/screenshots` (the same set, drawn again; "
             "`pngquant` keeps them small); any scene in any language: "
             "`python -m game.ui.gallery OUT` or `python -m game --screenshot`.", ""]
    for shot in README_SHOTS:
        lines += [f"![{shot.name}]({shot.name}.png)", "", shot.caption, ""]
    return "\n".join(lines)


def shrink(path: Path) -> bool:
    """Give ``path`` a 256-colour palette with ``pngquant`` (:data:`PNGQUANT`); ``False``
    when pngquant is not installed or could not keep the quality (the picture stays as
    drawn)."""
    tool = shutil.which(PNGQUANT[0])
    if tool is None:
        return False
    done = subprocess.run([tool, *PNGQUANT[1:], "--output", str(path), str(path)],
                          capture_output=True, check=False)
    return done.returncode == 0


def make_readme_gallery(out: Path, shots: Sequence[Shot] = README_SHOTS) -> list[Path]:
    """Draw ``shots`` into ``out`` (``<name>.png``) and write its index; the files written."""
    from game.ui.screenshot import render_scene_to_png

    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    plain = False
    for shot in shots:
        target = out / f"{shot.name}.png"
        render_scene_to_png(shot.scene, target, README_LANG, code=shot.code, size=README_SIZE)
        plain |= not shrink(target)
        written.append(target)
        print(target, flush=True)
    if plain:
        print("pngquant not found or not able to: pictures kept as drawn (larger)",
              file=sys.stderr)
    if tuple(shots) == README_SHOTS:
        index = out / README_INDEX
        index.write_text(readme_index(), encoding="utf-8")
        written.append(index)
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
    parser.add_argument("--text-size", type=int, choices=TEXT_SIZES, default=100,
                        help="the text size setting, in percent (default 100)")
    parser.add_argument("--readme", action="store_true",
                        help="draw the README's gallery (docs/screenshots) instead")
    args = parser.parse_args(argv)
    if args.readme:
        if args.scenes or args.lang or args.size or args.code or args.text_size != 100:
            parser.error("--readme draws its own set: no scenes, --lang, --size, --code or "
                         "--text-size")
        written = make_readme_gallery(args.out)
    else:
        written = make_gallery(args.out, args.lang or LANGS, args.scenes, args.code, args.size,
                               args.text_size)
    print(f"{len(written)} {'files' if args.readme else 'pictures'} in {args.out}",
          file=sys.stderr)
    return 0 if written else 1


if __name__ == "__main__":
    sys.exit(main())
