"""One resolver for every file the game ships beside its code (locales, fonts, sounds).

From source the resources sit in the repository root, the parent of the ``game`` package; in a
PyInstaller bundle they sit in the unpacked bundle folder, ``sys._MEIPASS``. The bundle's spec
must therefore add ``locales/`` and ``assets/`` as data under those same names.
"""

from __future__ import annotations

import sys
from pathlib import Path

_SOURCE_ROOT = Path(__file__).resolve().parent.parent.parent
"""game/i18n/paths.py -> game/i18n -> game -> the repository root."""


def resource_root() -> Path:
    """The folder that holds ``locales/`` and ``assets/``."""
    bundle = getattr(sys, "_MEIPASS", None)
    if isinstance(bundle, str) and bundle:
        return Path(bundle)
    return _SOURCE_ROOT


def resource_path(*parts: str) -> Path:
    """A shipped file by its path from the resource root, one part per folder:
    ``resource_path("assets", "fonts", "DejaVuSans.ttf")``. The file need not exist."""
    return resource_root().joinpath(*parts)
