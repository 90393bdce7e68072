"""Errors with one-line messages a player or a scenario author can act on.

Each error carries a :class:`Problem`: the screens choose their message by it (a translated
sentence), never by matching words inside the English one-liner, which is for the command line
and the log.
"""

from __future__ import annotations

import sys
from enum import StrEnum


class Problem(StrEnum):
    """What kind of input problem an error is."""

    MALFORMED = "malformed"
    """A file, field or id that cannot be read at all."""
    CODE_EMPTY = "code_empty"
    """A game code with no symbols."""
    CODE_TYPO = "code_typo"
    """A game code that is mistyped: a bad character, a wrong length, a wrong check symbol."""
    CODE_NEWER = "code_newer"
    """A well-formed code naming a game, player kind or option this version does not know."""
    NOT_PLAYABLE = "not_playable"
    """Known, but this version cannot play it yet (a game or a machine level not built)."""


class IllegalAction(Exception):
    """The action is not legal now; the state is untouched. ``reason`` is one readable line."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class MalformedInput(ValueError):
    """A file, code or field that cannot be read at all (bad syntax, unknown id, wrong type).
    ``problem`` says which kind, for the screens."""

    def __init__(self, message: str, problem: Problem = Problem.MALFORMED) -> None:
        super().__init__(message)
        self.problem = problem


class NotPlayable(MalformedInput):
    """A game or machine level this version knows of but cannot play yet."""

    def __init__(self, message: str) -> None:
        super().__init__(message, Problem.NOT_PLAYABLE)


def beyond_parser_limits(error: ValueError | RecursionError) -> str:
    """Why a JSON or TOML reader gave up on a document its syntax allows: nesting deeper than
    the interpreter's recursion, or an integer longer than Python converts. Their own messages
    name neither plainly (and suggest raising an interpreter limit), so files and commands answer
    this one line instead."""
    if isinstance(error, RecursionError):
        return "nested too deeply"
    text = str(error).strip()
    if "integer string conversion" in text:
        return f"a number has more than {sys.get_int_max_str_digits()} digits"
    return text.splitlines()[0] if text else type(error).__name__
