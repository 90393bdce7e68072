"""Texts in the players' languages: ``locales/<lang>.toml`` read into a ``Locale``.

Pure Python (no pygame, no clock): the screens call ``load(lang).t(key, **params)``. Key naming
rules and the key families: docs/I18N.md.
"""

from game.i18n.catalog import (
    MISSING_CLOSE,
    MISSING_OPEN,
    ORDINAL_FORMS,
    PLURAL_FORMS,
    Locale,
    flatten,
    load,
    locale_file,
    ordinal_form,
    placeholders,
    read_catalog,
)
from game.i18n.paths import resource_path, resource_root
from game.i18n.system import FALLBACK, LANGUAGES, language_of, system_language

__all__ = [
    "FALLBACK",
    "LANGUAGES",
    "MISSING_CLOSE",
    "MISSING_OPEN",
    "ORDINAL_FORMS",
    "PLURAL_FORMS",
    "Locale",
    "flatten",
    "language_of",
    "load",
    "locale_file",
    "ordinal_form",
    "placeholders",
    "read_catalog",
    "resource_path",
    "resource_root",
    "system_language",
]
