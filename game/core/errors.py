"""Errors with one-line messages a player or a scenario author can act on."""


class IllegalAction(Exception):
    """The action is not legal now; the state is untouched. ``reason`` is one readable line."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class MalformedInput(ValueError):
    """A file, code or field that cannot be read at all (bad syntax, unknown id, wrong type)."""
