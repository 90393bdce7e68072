"""Reading the program's own small files (saves, settings, scenarios, locales) with a size cap.

Every file we read is small (a sealed save is about a kilobyte, a locale under 40 KB), but a
path can name anything: ``/dev/zero``, a named pipe, a multi-gigabyte file picked by mistake.
An unbounded ``read_text`` reads those until memory runs out (issue 19), so each read stops one
byte past its cap and answers with an ``OSError`` (``EFBIG``) that the callers' existing
"cannot read" handling turns into their usual one-line answer.
"""

from __future__ import annotations

import errno
from pathlib import Path

MAX_BYTES = 1 << 20
"""1 MiB: a thousand times a real save, scenario or settings file."""
MAX_LOCALE_BYTES = 4 << 20
"""4 MiB: a hundred times a locale file today."""


def too_big(path: Path, limit: int) -> OSError:
    size = f"{limit >> 20} MB" if limit >= 1 << 20 else f"{limit >> 10} KB"
    return OSError(errno.EFBIG, f"larger than {size}: not a file of this game", str(path))


def read_bytes_capped(path: Path, limit: int = MAX_BYTES) -> bytes:
    """The file's bytes; ``OSError`` (``EFBIG``) when it holds more than ``limit``. Reads at
    most ``limit + 1`` bytes whatever the file is (a device, a pipe, a growing file)."""
    with path.open("rb") as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise too_big(path, limit)
    return data


def read_text_capped(path: Path, limit: int = MAX_BYTES) -> str:
    """The file as UTF-8 text; ``OSError`` when too big, ``UnicodeDecodeError`` when not UTF-8
    (the two errors ``Path.read_text`` raises for a bad file)."""
    return read_bytes_capped(path, limit).decode("utf-8")
