"""What goes wrong between two computers, as errors of the project's tree.

``ProtocolError`` is a message the other side should never have sent (bad JSON, a wrong shape,
an unknown kind, too big, too many): the connection that sent it is closed with its
``reason``, and nothing else at the table is disturbed. ``Refused`` is a well-formed request the
host turns down (a wrong table code, a full table, an older version): the person is told why.
"""

from __future__ import annotations

from enum import StrEnum

from game.core.errors import MalformedInput, MechaCortaError


class Reason(StrEnum):
    """Why a connection was closed or a request refused, by kind (the screens translate it)."""

    MALFORMED = "malformed"
    """Not JSON, not an object, a field missing or of the wrong type."""
    TOO_BIG = "too_big"
    """A message over the size limit."""
    TOO_FAST = "too_fast"
    """More messages a second than the limit."""
    OUT_OF_ORDER = "out_of_order"
    """A message that makes no sense now (acting before joining, joining twice, a replay)."""
    VERSION = "version"
    """The other side speaks another version of the protocol."""
    WRONG_CODE = "wrong_code"
    """The table code does not match."""
    TOO_MANY_TRIES = "too_many_tries"
    """Too many wrong codes from one address: wait before trying again."""
    TABLE_FULL = "table_full"
    """No network seat is free."""
    TOO_MANY_CONNECTIONS = "too_many_connections"
    """This address already holds as many connections as the host allows."""
    REPLACED = "replaced"
    """Another computer joined with this seat's token: the seat is theirs now."""
    REMOVED = "removed"
    """The host took the seat from this computer's person."""
    FINGERPRINT = "fingerprint"
    """The host's certificate is not the one this computer expected (given, or remembered
    from an earlier visit): someone may be pretending to be the host."""
    CLOSED = "closed"
    """The host closed the table (the game ended, the host left)."""


class ProtocolError(MalformedInput):
    """A message that breaks the protocol; ``reason`` says which way."""

    def __init__(self, message: str, reason: Reason = Reason.MALFORMED) -> None:
        super().__init__(message)
        self.reason = reason


class Refused(MechaCortaError):
    """The host said no to a request; ``reason`` says why, ``message`` in one line."""

    def __init__(self, message: str, reason: Reason) -> None:
        super().__init__(message)
        self.reason = reason
