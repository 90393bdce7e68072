"""Draw the game's icon by code into assets/icon/: a round black bomb with a lit fuse on an
orange rounded square.

Writes ``icon.png`` (256×256, the window icon), ``icon.ico`` (Windows: 16–256 px) and
``icon.icns`` (macOS: 16–1024 px) into assets/icon/, and the Linux download's icons in the sizes
desktops look for (16–512 px) into build/linux/icons/ as ``hicolor/<n>x<n>/apps/mecha-corta.png``,
the layout ``install.sh`` copies under ``~/.local/share/icons``. The .ico and .icns files are
written here by hand (both formats may hold PNG images), so the build needs no Pillow. Run:
``python build/make_icon.py [ASSETS_FOLDER [LINUX_ICONS_FOLDER]]``. Uses pygame (a build script,
not part of the game package).
"""

from __future__ import annotations

import io
import math
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

OUT = Path(__file__).resolve().parent.parent / "assets" / "icon"
LINUX_OUT = Path(__file__).resolve().parent / "linux" / "icons"
APP_ID = "mecha-corta"
"""The icon's name in the Linux icon theme: the .desktop file's ``Icon=``."""

DESIGN = 256.0
"""Every coordinate below is on a 256×256 grid and scaled to the size asked for."""
SUPERSAMPLE = 4
"""Drawn this many times bigger and smoothed down (anti-aliasing), up to ``MAX_DRAW`` px."""
MAX_DRAW = 2048

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = (  # (OSType, pixels): PNG payloads, understood since macOS 10.7
    (b"icp4", 16), (b"icp5", 32), (b"ic11", 32), (b"ic12", 64), (b"ic07", 128),
    (b"ic13", 256), (b"ic08", 256), (b"ic14", 512), (b"ic09", 512), (b"ic10", 1024),
)

HICOLOR_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
"""The sizes of the freedesktop icon theme (hicolor) that menus, docks and switchers ask for."""

ORANGE_TOP = (255, 168, 52)
ORANGE_BOTTOM = (236, 104, 22)
EDGE = (196, 78, 14)
BOMB = (30, 30, 36)
BOMB_RIM = (10, 10, 14)
CAP = (82, 86, 98)
CAP_DARK = (52, 54, 62)
FUSE = (236, 220, 182)
FUSE_DARK = (150, 122, 80)
SPARK = (255, 236, 96)
SPARK_CORE = (255, 255, 236)
GLOW = (255, 246, 170)


def _quad(p0: tuple[float, float], p1: tuple[float, float], p2: tuple[float, float],
          steps: int = 24) -> list[tuple[float, float]]:
    """Points along the quadratic Bézier curve p0 → p2 pulled towards p1."""
    out = []
    for i in range(steps + 1):
        t = i / steps
        a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        out.append((a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]))
    return out


def draw_icon(size: int) -> pygame.Surface:
    """The icon at ``size``×``size`` pixels, with alpha (the corners are transparent)."""
    big = min(size * SUPERSAMPLE, MAX_DRAW)
    k = big / DESIGN

    def p(x: float, y: float) -> tuple[int, int]:
        return round(x * k), round(y * k)

    def n(v: float) -> int:
        return max(1, round(v * k))

    canvas = pygame.Surface((big, big), pygame.SRCALPHA)

    # the orange rounded square: a vertical gradient cut by a rounded mask
    tile = pygame.Rect(p(8, 8), (n(240), n(240)))
    gradient = pygame.Surface((big, big), pygame.SRCALPHA)
    for y in range(big):
        t = y / max(1, big - 1)
        color = tuple(round(a + (b - a) * t) for a, b in zip(ORANGE_TOP, ORANGE_BOTTOM,
                                                              strict=True))
        pygame.draw.line(gradient, (*color, 255), (0, y), (big, y))
    mask = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), tile, border_radius=n(54))
    gradient.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    canvas.blit(gradient, (0, 0))
    pygame.draw.rect(canvas, (*EDGE, 255), tile, width=n(4), border_radius=n(54))

    # a soft shadow under the bomb
    shadow = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.ellipse(shadow, (120, 40, 0, 70), pygame.Rect(p(50, 206), (n(140), n(26))))
    canvas.blit(shadow, (0, 0))

    # the cap (a short tilted cylinder on the bomb's upper right)
    angle = math.radians(-45)
    cx, cy = 158.0, 98.0
    half_w, half_h = 20.0, 17.0
    ux, uy = math.cos(angle), math.sin(angle)  # along the cap's axis (up and right)
    vx, vy = -uy, ux
    corners = [(cx + sx * half_w * vx + sy * half_h * ux, cy + sx * half_w * vy + sy * half_h * uy)
               for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
    pygame.draw.polygon(canvas, CAP, [p(x, y) for x, y in corners])
    pygame.draw.polygon(canvas, CAP_DARK, [p(x, y) for x, y in corners], n(3))

    # the body
    centre, radius = (112.0, 150.0), 74.0
    pygame.draw.circle(canvas, BOMB_RIM, p(*centre), n(radius))
    pygame.draw.circle(canvas, BOMB, p(*centre), n(radius - 4))
    shine = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.ellipse(shine, (255, 255, 255, 46), pygame.Rect(p(66, 96), (n(52), n(34))))
    pygame.draw.ellipse(shine, (255, 255, 255, 150), pygame.Rect(p(80, 104), (n(18), n(12))))
    canvas.blit(shine, (0, 0))

    # the fuse: from the cap's top, curling up to the right
    top = (cx + half_h * ux, cy + half_h * uy)
    fuse = _quad(top, (200.0, 84.0), (196.0, 50.0))
    pygame.draw.lines(canvas, FUSE_DARK, False, [p(x, y) for x, y in fuse], n(11))
    pygame.draw.lines(canvas, FUSE, False, [p(x, y) for x, y in fuse], n(7))
    for fx, fy in fuse:
        pygame.draw.circle(canvas, FUSE, p(fx, fy), n(3.2))
    end = fuse[-1]

    # the spark: a glow, an eight-pointed star and a white-hot core
    glow = pygame.Surface((big, big), pygame.SRCALPHA)
    for glow_r, alpha in ((34, 40), (26, 70), (19, 110)):
        pygame.draw.circle(glow, (*GLOW, alpha), p(*end), n(glow_r))
    canvas.blit(glow, (0, 0))
    star = []
    for i in range(16):
        r = 30.0 if i % 2 == 0 else 11.0
        a = math.pi * i / 8 + math.pi / 16
        star.append(p(end[0] + r * math.cos(a), end[1] + r * math.sin(a)))
    pygame.draw.polygon(canvas, SPARK, star)
    pygame.draw.circle(canvas, SPARK_CORE, p(*end), n(8))

    if big == size:
        return canvas
    return pygame.transform.smoothscale(canvas, (size, size))


def png_bytes(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(images: dict[int, bytes]) -> bytes:
    """A Windows .ico holding one PNG image per size (Windows Vista and later read these)."""
    sizes = sorted(images)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, payload = b"", b""
    for size in sizes:
        data = images[size]
        side = 0 if size >= 256 else size  # 0 means 256 in an ICONDIRENTRY
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        payload += data
        offset += len(data)
    return header + entries + payload


def icns_bytes(images: dict[int, bytes]) -> bytes:
    """A macOS .icns holding PNG images: 'icns', the total length, then (type, length, data)
    records, lengths big-endian and counting their own 8-byte header."""
    body = b"".join(kind + struct.pack(">I", 8 + len(images[size])) + images[size]
                    for kind, size in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def hicolor_path(size: int) -> Path:
    """Where the icon of ``size`` px goes inside an icon theme's folder."""
    return Path("hicolor") / f"{size}x{size}" / "apps" / f"{APP_ID}.png"


def main(out: Path = OUT, linux_out: Path = LINUX_OUT) -> int:
    sizes = sorted({256, *ICO_SIZES, *HICOLOR_SIZES, *(size for _, size in ICNS_TYPES)})
    images = {size: png_bytes(draw_icon(size)) for size in sizes}  # no display needed
    written = {
        out / "icon.png": images[256],
        out / "icon.ico": ico_bytes({size: images[size] for size in ICO_SIZES}),
        out / "icon.icns": icns_bytes(images),
    }
    for size in HICOLOR_SIZES:
        written[linux_out / hicolor_path(size)] = images[size]
    for path, data in written.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        print(f"wrote {path} ({len(data):,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(*(Path(arg) for arg in sys.argv[1:3])))
