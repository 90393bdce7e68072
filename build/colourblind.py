"""See a screenshot as a person with red-green colour blindness would: protanopia and
deuteranopia simulated on a PNG's pixels.

The simulation is Machado, Oliveira and Fernandes (2009), "A physiologically-based model for
simulation of color vision deficiency", at severity 1.0: a 3×3 matrix applied to linear RGB
(sRGB decoded, multiplied, encoded again). Pure Python on pygame's pixel bytes; each distinct
colour is computed once, so a 1280×720 screenshot takes a second or two.

Run: ``python build/colourblind.py shot.png`` writes ``shot-deuteranopia.png`` and
``shot-protanopia.png`` beside it. The tests use :func:`simulate` on rendered cards.
"""

from __future__ import annotations

import sys
from pathlib import Path

Matrix = tuple[tuple[float, float, float], tuple[float, float, float],
               tuple[float, float, float]]

PROTANOPIA: Matrix = ((0.152286, 1.052583, -0.204868),
                      (0.114503, 0.786281, 0.099216),
                      (-0.003882, -0.048116, 1.051998))
DEUTERANOPIA: Matrix = ((0.367322, 0.860646, -0.227968),
                        (0.280085, 0.672501, 0.047413),
                        (-0.011820, 0.042940, 0.968881))
DEFICIENCIES: dict[str, Matrix] = {"deuteranopia": DEUTERANOPIA, "protanopia": PROTANOPIA}


def _decode(v: int) -> float:
    c = v / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _encode(c: float) -> int:
    c = max(0.0, min(1.0, c))
    v = c * 12.92 if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055
    return round(v * 255)


_LINEAR = [_decode(v) for v in range(256)]


def simulate_color(rgb: tuple[int, int, int], matrix: Matrix) -> tuple[int, int, int]:
    r, g, b = (_LINEAR[v] for v in rgb)
    return (_encode(matrix[0][0] * r + matrix[0][1] * g + matrix[0][2] * b),
            _encode(matrix[1][0] * r + matrix[1][1] * g + matrix[1][2] * b),
            _encode(matrix[2][0] * r + matrix[2][1] * g + matrix[2][2] * b))


def simulate(pixels: bytes, matrix: Matrix) -> bytes:
    """RGB bytes (3 per pixel) as seen with the deficiency of ``matrix``."""
    out = bytearray(len(pixels))
    seen: dict[bytes, bytes] = {}
    for i in range(0, len(pixels) - 2, 3):
        key = pixels[i:i + 3]
        found = seen.get(key)
        if found is None:
            found = seen[key] = bytes(simulate_color((key[0], key[1], key[2]), matrix))
        out[i:i + 3] = found
    return bytes(out)


def simulate_png(path: Path) -> list[Path]:
    """Write ``<name>-<deficiency>.png`` beside ``path`` for each deficiency."""
    import os

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    image = pygame.image.load(str(path))
    size = image.get_size()
    pixels = pygame.image.tobytes(image, "RGB")
    written = []
    for name, matrix in DEFICIENCIES.items():
        target = path.with_name(f"{path.stem}-{name}.png")
        pygame.image.save(pygame.image.frombytes(simulate(pixels, matrix), size, "RGB"),
                          str(target))
        written.append(target)
    return written


def main(args: list[str]) -> int:
    if not args:
        print(__doc__)
        return 2
    for name in args:
        for written in simulate_png(Path(name)):
            print(written)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
