"""Locale files (``locales/<lang>.toml``) and the lookups the screens make.

A locale file is TOML: tables and dotted keys that flatten to one string per key
(``[card.mazo]`` + ``defuse.name = "Cortacables"`` is the key ``card.mazo.defuse.name``).
A text may hold named placeholders in ``str.format`` style (``"{player} drew a card."``).

Lookups never crash: a key that the chosen language lacks, or holds in a bad shape (not a string,
empty, broken braces, or placeholders that differ from the English text), is taken from English;
a key that English lacks too is shown as ``⟦key⟧`` and recorded in ``Locale.missing``.
Loading never crashes either: a file that cannot be read at all counts as empty (a warning is
logged), so every text falls back.
"""

from __future__ import annotations

import logging
import string
import tomllib
from collections.abc import Mapping
from pathlib import Path

from game.core.errors import beyond_parser_limits
from game.core.files import MAX_LOCALE_BYTES, read_bytes_capped
from game.i18n.paths import resource_path
from game.i18n.system import FALLBACK, language_of

MISSING_OPEN = "⟦"
MISSING_CLOSE = "⟧"

PLURAL_FORMS = ("one", "other")
"""Spanish, English and Portuguese: ``n == 1`` takes ``key.one``, every other number
``key.other``."""

ORDINAL_FORMS = ("one", "two", "few", "other")
"""``ordinal.<form>``: English needs 1st / 2nd / 3rd / 4th; Spanish and Portuguese use
``other`` (``{n}º``) for every number, but every file holds all four forms."""

_FORMATTER = string.Formatter()
_LOG = logging.getLogger(__name__)


def placeholders(text: str) -> frozenset[str] | None:
    """The named placeholders of ``text``, or ``None`` if it cannot be a message: broken braces,
    a positional (``{}``, ``{0}``), attribute or index field, a conversion (``!r``) or a nested
    format spec. Doubled braces (``{{``) are plain text."""
    names: set[str] = set()
    try:
        for _literal, field, spec, conversion in _FORMATTER.parse(text):
            if field is None:
                continue
            if not field.isidentifier() or conversion is not None or "{" in (spec or ""):
                return None
            names.add(field)
    except ValueError:
        return None
    return frozenset(names)


def flatten(tree: Mapping[str, object], prefix: str = "") -> dict[str, object]:
    """Nested tables to dotted keys; leaves are kept as they are (strings or not)."""
    flat: dict[str, object] = {}
    for name, value in tree.items():
        key = f"{prefix}{name}"
        if isinstance(value, Mapping):
            flat.update(flatten(value, key + "."))
        else:
            flat[key] = value
    return flat


def locale_file(lang: str, directory: Path | None = None) -> Path:
    return (directory if directory is not None else resource_path("locales")) / f"{lang}.toml"


def read_catalog(lang: str, directory: Path | None = None) -> dict[str, object]:
    """One locale file, flattened. Raises ``OSError``, ``ValueError`` (not TOML, not UTF-8, an
    integer too long to read) or ``RecursionError`` (nesting deeper than Python recurses)."""
    data = read_bytes_capped(locale_file(lang, directory), MAX_LOCALE_BYTES)
    return flatten(tomllib.loads(data.decode("utf-8")))


def ordinal_form(lang: str, n: int) -> str:
    """Which ``ordinal.<form>`` key writes ``n`` in ``lang``."""
    if lang != "en" or n % 100 in (11, 12, 13):
        return "other"
    return {1: "one", 2: "two", 3: "few"}.get(n % 10, "other")


class _Params(dict[str, object]):
    """Call parameters; a placeholder the caller forgot stays visible as ``{name}``."""

    def __init__(self, values: Mapping[str, object]) -> None:
        super().__init__(values)
        self.absent: list[str] = []

    def __missing__(self, name: str) -> str:
        self.absent.append(name)
        return "{" + name + "}"


class Locale:
    """The texts of one language, backed by English.

    ``missing``: keys asked for that no language has (shown as ``⟦key⟧``); ``fell_back``: keys
    taken from English because this language lacks them or holds them malformed;
    ``format_errors``: keys whose call left a placeholder unfilled or could not be formatted;
    ``problems``: locale files that could not be read. All four are for tests and debugging.
    """

    def __init__(self, lang: str, messages: Mapping[str, object],
                 fallback: Mapping[str, object] | None = None,
                 problems: list[str] | None = None) -> None:
        self.lang = lang
        self._own = flatten(messages)
        self._fallback = self._own if fallback is None else flatten(fallback)
        self._templates: dict[str, str | None] = {}
        self.missing: set[str] = set()
        self.fell_back: set[str] = set()
        self.format_errors: set[str] = set()
        self.problems: list[str] = list(problems or ())

    def __repr__(self) -> str:
        return f"Locale({self.lang!r}, {len(self._own)} keys)"

    def keys(self) -> frozenset[str]:
        """The keys this language's own file holds (valid or not)."""
        return frozenset(self._own)

    def _template(self, key: str) -> str | None:
        if key in self._templates:
            return self._templates[key]
        base = self._fallback.get(key)
        base_names = placeholders(base) if isinstance(base, str) and base else None
        own = self._own.get(key)
        result: str | None = None
        if isinstance(own, str) and own:
            names = placeholders(own)
            if names is not None and (base_names is None or names == base_names):
                result = own
        if result is None and base_names is not None and isinstance(base, str):
            result = base
            self.fell_back.add(key)
        self._templates[key] = result
        return result

    def has(self, key: str) -> bool:
        """Whether ``t(key)`` finds a text (here or in English)."""
        return self._template(key) is not None

    def t(self, key: str, /, **params: object) -> str:
        """The text of ``key`` with its placeholders filled: ``t("log.drew_public",
        player="Ana")``. Never raises."""
        template = self._template(key)
        if template is None:
            self.missing.add(key)
            return f"{MISSING_OPEN}{key}{MISSING_CLOSE}"
        values = _Params(params)
        try:
            text = template.format_map(values)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError):
            self.format_errors.add(key)
            return template
        if values.absent:
            self.format_errors.add(key)
        return text

    def plural(self, key: str, n: int, /, **params: object) -> str:
        """``key.one`` when ``n == 1``, else ``key.other``, with ``{n}`` filled in too."""
        form = "one" if n == 1 else "other"
        full = f"{key}.{form}"
        if form == "one" and not self.has(full) and self.has(f"{key}.other"):
            full = f"{key}.other"
        return self.t(full, **{**params, "n": n})

    def ordinal(self, n: int) -> str:
        """``n`` as an ordinal: "3rd" in English, "3º" in Spanish and Portuguese."""
        return self.t(f"ordinal.{ordinal_form(self.lang, n)}", n=n)


def _read_reporting(lang: str, directory: Path | None, problems: list[str]) -> dict[str, object]:
    """A locale file, or nothing (with one line in ``problems`` and a logged warning) when it
    cannot be read: a damaged file must not stop the game, its texts fall back instead."""
    try:
        return read_catalog(lang, directory)
    except OSError as error:
        reason = str(error)
    except (ValueError, RecursionError) as error:  # TOMLDecodeError, UnicodeDecodeError too
        reason = beyond_parser_limits(error)
    problem = f"{locale_file(lang, directory)}: {reason}"
    problems.append(problem)
    _LOG.warning("locale file not read, its texts fall back: %s", problem)
    return {}


def load(lang: str, directory: Path | None = None) -> Locale:
    """The locale for ``lang`` (``"es"``, ``"pt_BR"``, …) backed by English; a language the game
    does not ship gives English. A locale file that cannot be read counts as empty (see
    ``Locale.problems``): every text then falls back, or shows as ``⟦key⟧``."""
    code = language_of(lang) or FALLBACK
    problems: list[str] = []
    fallback = _read_reporting(FALLBACK, directory, problems)
    own = fallback if code == FALLBACK else _read_reporting(code, directory, problems)
    return Locale(code, own, fallback, problems)
