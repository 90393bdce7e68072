"""The messages between a host and the computers that join its table (docs/NETWORK.md).

One JSON object per WebSocket text message, ``"k"`` naming its kind. A client's messages are
read here, strictly, before anything else looks at them: a wrong shape is a
:class:`~game.net.errors.ProtocolError` and closes that connection; a well-formed request the
table turns down (a wrong code, an action that is not legal now) is answered, not punished.
The host's messages are built by the host from views and feed items the codec encodes; a
client reads them back with :func:`parse_host`.

Every limit the host enforces is a constant here, so the documentation, the tests and the
server read the same numbers.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.core.codes import ALPHABET
from game.core.errors import beyond_parser_limits
from game.net.errors import ProtocolError, Reason

VERSION = 1
"""The protocol's version: a hello with another is refused with :attr:`Reason.VERSION`."""

MAX_CLIENT_MESSAGE = 16 * 1024
"""Bytes in one message from a client (an action is a few hundred)."""
MAX_HOST_MESSAGE = 4 * 1024 * 1024
"""Bytes in one message from the host (a rejoin's catch-up feed of a long game)."""
MESSAGES_PER_SECOND = 20
"""A client's sustained rate; :data:`BURST` more may come at once."""
BURST = 40
CONNECTIONS_PER_ADDRESS = 8
"""Open connections from one address (a computer with a few people, reconnects under way)."""
SEATS_PER_COMPUTER = 4
"""Seats one joining computer may take (people sharing it, behind its own curtain)."""
WRONG_CODES = 5
"""Wrong table codes one address may send in :data:`WRONG_CODE_WINDOW` seconds; beyond that
every hello from it is refused until the window has passed (no guessing the code)."""
WRONG_CODE_WINDOW = 60.0
HELLO_TIMEOUT = 10.0
"""Seconds a new connection has to say hello."""
TABLE_CODE_LENGTH = 6
"""Symbols of a table code (32**6: about a billion codes)."""
NAME_LENGTH = 20
"""Characters of a person's name as the table shows it."""
TOKEN_LENGTH = 32
"""Hex digits of a seat token (128 random bits the joining computer makes and keeps)."""
_HEX = frozenset("0123456789abcdef")
_DEPTH = 32


# ---------------------------------------------------------------- a client's messages


@dataclass(frozen=True, slots=True)
class Hello:
    """The first message of a connection: who joins, with which code. ``token``: the
    computer's secret for its seats (a rejoin sends the one it joined with); ``seats``: how
    many people sit at that computer; ``have``: feed items already received (a rejoin)."""

    version: int
    code: str
    name: str
    token: str
    seats: int = 1
    have: int = 0


@dataclass(frozen=True, slots=True)
class Act:
    """A seat's action at the position after ``at`` moves (the one the computer saw)."""

    seat: int
    at: int
    action: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Leave:
    """The person leaves the table for good (the seat is given to a machine)."""


ClientMessage = Hello | Act | Leave


def parse_client(raw: str | bytes) -> tuple[int, ClientMessage]:
    """``(n, message)`` from one client frame; ``n`` is the message's sequence number (1, 2,
    3 … on each connection: a replayed or reordered message is out of order). Raises
    :class:`ProtocolError` for anything but a well-formed message."""
    data = _object(raw, MAX_CLIENT_MESSAGE)
    n = _int(data, "n", 1)
    kind = data.get("k")
    if kind == "hello":
        _only(data, {"k", "n", "v", "code", "name", "token", "seats", "have"})
        version = _int(data, "v", 0)
        if version != VERSION:
            # Read no further: a later version may have changed every other field.
            return n, Hello(version, "", "", "0" * TOKEN_LENGTH)
        token = _str(data, "token", TOKEN_LENGTH)
        if len(token) != TOKEN_LENGTH or not set(token) <= _HEX:
            raise ProtocolError(f"hello.token: {TOKEN_LENGTH} lowercase hex digits expected")
        seats = _int(data, "seats", 1) if "seats" in data else 1
        if seats > SEATS_PER_COMPUTER:
            raise ProtocolError(f"hello.seats: at most {SEATS_PER_COMPUTER}")
        have = _int(data, "have", 0) if "have" in data else 0
        return n, Hello(version, _str(data, "code", 64), clean_name(_str(data, "name", 200)),
                        token, seats, have)
    if kind == "act":
        _only(data, {"k", "n", "seat", "at", "action"})
        action = data.get("action")
        if not isinstance(action, dict):
            raise ProtocolError("act.action: an object expected")
        return n, Act(_int(data, "seat", 0), _int(data, "at", 0), action)
    if kind == "leave":
        _only(data, {"k", "n"})
        return n, Leave()
    raise ProtocolError(f"unknown message kind {kind!r:.40}")


def clean_name(name: str) -> str:
    """A name as the table shows it: printable, single-spaced, at most :data:`NAME_LENGTH`
    characters (control and format characters would let a name hide or fake another)."""
    kept = "".join(ch if ch.isprintable() else " " for ch in name)
    return " ".join(kept.split())[:NAME_LENGTH].strip()


def normalize_code(code: str) -> str:
    """A table code as typed (any case, spaces or dashes) in the alphabet of game codes; an
    ``I`` or ``L`` is read as ``1``, an ``O`` as ``0`` is not in the alphabet and stays wrong."""
    kept = "".join(ch for ch in code.upper() if not ch.isspace() and ch not in "-_")
    return kept.replace("I", "1").replace("L", "1")


def is_table_code(code: str) -> bool:
    return len(code) == TABLE_CODE_LENGTH and all(ch in ALPHABET for ch in code)


# ---------------------------------------------------------------- the host's messages


def dumps(message: Mapping[str, Any]) -> str:
    """The one way messages are written: compact, sorted keys, ASCII (the same message is
    always the same bytes, which is what the leak test compares)."""
    return json.dumps(message, sort_keys=True, separators=(",", ":"), ensure_ascii=True,
                      allow_nan=False)


def parse_host(raw: str | bytes) -> dict[str, Any]:
    """A host's message as a JSON object with a known kind. Its parts are checked by the
    codec as they are read (the client never trusts a field it has not checked)."""
    data = _object(raw, MAX_HOST_MESSAGE)
    kind = data.get("k")
    if kind not in HOST_KINDS:
        raise ProtocolError(f"unknown message kind {kind!r:.40}")
    return data


HOST_KINDS = frozenset({"welcome", "update", "told", "refused", "bye"})
"""``welcome``: the seats this computer holds and the table; ``update``: what changed for its
seats; ``told``: an action of its refused (the table is unchanged); ``refused``: the hello
was turned down (the connection then closes); ``bye``: the table closes."""


# ---------------------------------------------------------------- reading JSON strictly


def _object(raw: str | bytes, limit: int) -> dict[str, Any]:
    if len(raw) > limit:
        raise ProtocolError(f"message of {len(raw)} bytes (the limit is {limit})",
                            Reason.TOO_BIG)
    try:
        data = json.loads(raw, parse_constant=_no_constant)
    except ProtocolError:
        raise
    except (ValueError, RecursionError) as error:
        if isinstance(error, RecursionError) or "integer string" in str(error):
            raise ProtocolError(f"not JSON: {beyond_parser_limits(error)}") from None
        raise ProtocolError("not JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError("a JSON object expected")
    if _depth(data) > _DEPTH:
        raise ProtocolError("nested too deeply")
    return data


def _no_constant(name: str) -> Any:
    raise ProtocolError(f"not JSON: {name}")


def _depth(value: Any, level: int = 0) -> int:
    if level > _DEPTH:
        return level
    if isinstance(value, dict):
        return max((_depth(v, level + 1) for v in value.values()), default=level + 1)
    if isinstance(value, list):
        return max((_depth(v, level + 1) for v in value), default=level + 1)
    return level


def _only(data: Mapping[str, Any], allowed: set[str]) -> None:
    extra = set(data) - allowed
    if extra:
        raise ProtocolError(f"{data.get('k')}: unknown field {sorted(extra)[0]!r:.40}")


def _int(data: Mapping[str, Any], key: str, least: int) -> int:
    value = data.get(key)
    if type(value) is not int:
        raise ProtocolError(f"{data.get('k')}.{key}: an integer expected")
    if not least <= value <= 2**31:
        raise ProtocolError(f"{data.get('k')}.{key}: out of range")
    return value


def _str(data: Mapping[str, Any], key: str, longest: int) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise ProtocolError(f"{data.get('k')}.{key}: a string expected")
    if len(value) > longest:
        raise ProtocolError(f"{data.get('k')}.{key}: longer than {longest}")
    return value

