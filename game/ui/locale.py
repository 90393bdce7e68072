"""The screens' bridge to ``game.i18n``: every user-visible string goes through a
:class:`Translator` (``loc.t(key, **params)``), and files are found with the one resolver,
``resource_path`` (from source and from a PyInstaller bundle)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from game.i18n import load, system_language
from game.i18n.paths import resource_path

__all__ = ["LANGUAGES", "TextSource", "Translator", "load_locale", "ordinal", "plural",
           "resource_path", "system_lang", "text_of"]

LANGUAGES = ("es", "en", "pt")


@runtime_checkable
class Translator(Protocol):
    def t(self, key: str, /, **params: Any) -> str: ...


def load_locale(lang: str) -> Translator:
    """The locale for ``lang`` (``game.i18n.load`` never raises: a broken file falls back to
    English key by key, and a key missing everywhere shows as ``⟦key⟧``)."""
    return load(lang)


def system_lang() -> str:
    """The system's language if the game speaks it, else English."""
    return system_language()


def plural(loc: Translator, key: str, n: int, **params: Any) -> str:
    """``loc.plural(key, n)`` when the translator has it, else ``t(key, n=n)``."""
    fn = getattr(loc, "plural", None)
    if callable(fn):
        return str(fn(key, n, **params))
    return loc.t(key, n=n, **params)


def ordinal(loc: Translator, n: int) -> str:
    """``loc.ordinal(n)`` ("3rd", "3º"), or the bare number with a translator that lacks it."""
    fn = getattr(loc, "ordinal", None)
    return str(fn(n)) if callable(fn) else str(n)


TextSource = str | Callable[[], str]
"""What a widget shows: a fixed string or a function asked on every frame (so a language
change shows at once)."""


def text_of(source: TextSource) -> str:
    return source() if callable(source) else source
