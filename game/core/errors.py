"""Errors with one-line messages a player or a scenario author can act on."""

import sys


class IllegalAction(Exception):
    """The action is not legal now; the state is untouched. ``reason`` is one readable line."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class MalformedInput(ValueError):
    """A file, code or field that cannot be read at all (bad syntax, unknown id, wrong type)."""


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
