"""Which of the game's languages the computer speaks."""

from __future__ import annotations

import locale
import os
from collections.abc import Mapping

LANGUAGES = ("es", "en", "pt")
"""The languages the game ships, in the order the settings list them."""

FALLBACK = "en"
"""The language every key exists in; used for whatever another language lacks."""

ENV_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""Read in this order; the first one set (and not empty) decides."""

_NAMES = {
    # Windows reports locale names such as "Spanish_Spain" or "Portuguese_Brazil"
    "spanish": "es", "español": "es", "espanol": "es",
    "english": "en",
    "portuguese": "pt", "português": "pt", "portugues": "pt",
}


def language_of(tag: str | None) -> str | None:
    """The game language a locale tag names (``pt_BR.UTF-8`` → ``pt``, ``es-419`` → ``es``,
    ``Spanish_Spain`` → ``es``), or ``None`` when it names none of them (``C``, ``fr_FR``)."""
    if not tag:
        return None
    head = tag.strip().split(".", 1)[0].split("@", 1)[0].replace("-", "_")
    first = head.split("_", 1)[0].lower()
    if first in LANGUAGES:
        return first
    return _NAMES.get(first)


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The game language for this computer: from ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` or
    ``LANG`` (the first one set), otherwise from ``locale.getlocale()``; ``"en"`` for anything
    the game does not speak. ``LANGUAGE`` may list several (``fr:pt_BR``): the first known wins.
    """
    env = os.environ if environ is None else environ
    for variable in ENV_VARIABLES:
        value = env.get(variable, "")
        if not value:
            continue
        entries = value.split(":") if variable == "LANGUAGE" else [value]
        for entry in entries:
            found = language_of(entry)
            if found is not None:
                return found
        return FALLBACK
    try:
        tag = locale.getlocale()[0]
    except (ValueError, TypeError):  # an unparsable locale name on some systems
        tag = None
    return language_of(tag) or FALLBACK
