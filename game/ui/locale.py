"""The screens' bridge to ``game.i18n`` and the resource resolver.

Every user-visible string goes through a :class:`Translator` (``loc.t(key, **params)``). While
``game.i18n`` is missing (or a language cannot be loaded) a :class:`KeyTranslator` answers with
the key itself, so nothing crashes and a missing string is easy to spot.
"""

from __future__ import annotations

import locale as _stdlib_locale
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol, cast, runtime_checkable

LANGUAGES = ("es", "en", "pt")
DEFAULT_LANGUAGE = "es"


@runtime_checkable
class Translator(Protocol):
    def t(self, key: str, /, **params: Any) -> str: ...


class KeyTranslator:
    """Answers every key with the key (and its parameters): the fallback without locales."""

    def __init__(self, lang: str = DEFAULT_LANGUAGE) -> None:
        self.lang = lang

    def t(self, key: str, /, **params: Any) -> str:
        if not params:
            return key
        inner = ", ".join(f"{k}={v}" for k, v in sorted(params.items()))
        return f"{key}({inner})"

    def plural(self, key: str, n: int, /, **params: Any) -> str:
        return self.t(key, n=n, **params)


def load_locale(lang: str) -> Translator:
    """``game.i18n.load(lang)``, or a :class:`KeyTranslator` when that is not available."""
    try:
        from game.i18n import load
    except ImportError:
        return KeyTranslator(lang)
    try:
        return cast(Translator, load(lang))
    except Exception:  # a broken locale file must not keep the game from opening
        return KeyTranslator(lang)


def system_lang() -> str:
    """The system's language if we have it, else Spanish."""
    try:
        from game.i18n import system_language

        found = str(system_language())
        if found in LANGUAGES:
            return found
    except Exception:
        pass
    try:
        code = (_stdlib_locale.getlocale()[0] or "")[:2].lower()
    except ValueError:
        code = ""
    return code if code in LANGUAGES else DEFAULT_LANGUAGE


def plural(loc: Translator, key: str, n: int, **params: Any) -> str:
    """``loc.plural(key, n)`` when the translator has it, else ``t(key, n=n)``."""
    fn = getattr(loc, "plural", None)
    if callable(fn):
        return str(fn(key, n, **params))
    return loc.t(key, n=n, **params)


def _project_root() -> Path:
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle)
    return Path(__file__).resolve().parent.parent.parent


def resource_path(*parts: str) -> Path:
    """``game.i18n.paths.resource_path`` (knows PyInstaller bundles), or our own fallback."""
    try:
        from game.i18n.paths import resource_path as shared
    except ImportError:
        return _project_root().joinpath(*parts)
    return Path(shared(*parts))


TextSource = str | Callable[[], str]
"""What a widget shows: a fixed string or a function asked on every frame (so a language
change shows at once)."""


def text_of(source: TextSource) -> str:
    return source() if callable(source) else source
