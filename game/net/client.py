"""A computer that joins a table: the connection, the reconnects, and a machine level that may
play the joined seats (``python -m game join --autoplay``: the tests, the demos).

The host is trusted with the game but not with this program: every message it sends is
parsed and checked (``parse_host``, the codec) before anything uses it, and one that fails
ends the connection with a line, never a traceback. A dropped connection is tried again with
the seat's token until the table says goodbye; the host, resumed from its autosave, takes the
same token back.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import ssl
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import IO, Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from game.bots.base import Bot
from game.bots.registry import bot_for
from game.core.config import SeatKind
from game.core.engine import Outcome
from game.core.rng import DecisionStreams
from game.match.match import ask_bot
from game.net.codec import Wire, outcome_from_json, wire_for
from game.net.errors import ProtocolError, Reason, Refused
from game.net.protocol import MAX_HOST_MESSAGE, TOKEN_LENGTH, VERSION, dumps, parse_host
from game.rules.registry import engine_for

RETRY_FIRST = 0.2
RETRY_MOST = 2.0


def new_token() -> str:
    """A seat token: 128 random bits, kept by the joining computer."""
    token = secrets.token_hex(TOKEN_LENGTH // 2)
    assert len(token) == TOKEN_LENGTH
    return token


@dataclass(slots=True)
class SeatState:
    """What this computer knows of one of its seats."""

    view: Any = None
    legal: list[Any] = field(default_factory=list)
    feed: list[tuple[int, Any]] = field(default_factory=list)


@dataclass(slots=True)
class Joined:
    """The table as this computer sees it, updated message by message."""

    game: str = ""
    seats: tuple[int, ...] = ()
    table: dict[str, Any] = field(default_factory=dict)
    moves: int = 0
    pending: dict[str, Any] = field(default_factory=dict)
    mine: dict[int, SeatState] = field(default_factory=dict)
    outcome: Outcome | None = None
    code: str | None = None
    wire: Wire | None = None
    public: Any = None
    decisions: int | None = None
    started: bool = False
    games: int = 0
    """The host's count of games played again at this table (its welcome's ``again``)."""
    """The players' decisions in the whole game (told with the last update)."""
    """The public view (sent to a computer with several people, for when its curtain is
    down)."""

    @property
    def have(self) -> int:
        """Feed items received (the fewest of any seat): a rejoin asks from there."""
        if not self.mine:
            return 0
        return min(state.feed[-1][0] + 1 if state.feed else 0 for state in self.mine.values())

    def read(self, message: dict[str, Any]) -> None:
        """Fold one message of the host in; :class:`ProtocolError` for one that does not
        fit (then nothing of it is kept)."""
        kind = message["k"]
        if kind == "welcome":
            seats = message.get("seats")
            table = message.get("table")
            if message.get("v") != VERSION or not isinstance(seats, list) or not seats \
                    or not all(type(s) is int and 0 <= s < 64 for s in seats) \
                    or not isinstance(table, dict) or not isinstance(table.get("game"), str):
                raise ProtocolError("welcome: malformed")
            game = table["game"]
            try:
                self.wire = wire_for(game)
            except ValueError:
                raise ProtocolError(f"welcome: a game this version does not know: "
                                    f"{game!r:.40}") from None
            again = message.get("again", 0)
            if type(again) is not int or again < 0:
                raise ProtocolError("welcome: malformed")
            if again != self.games and self.wire is not None:
                # the same people play again: a new game from its first move (a rejoin's
                # welcome carries the same count, and the game carries on)
                self.mine.clear()
                self.moves, self.pending, self.outcome, self.code = 0, {}, None, None
                self.public, self.decisions = None, None
            self.games = again
            self.game = game
            self.seats = tuple(seats)
            self.table = table
            for seat in self.seats:
                self.mine.setdefault(seat, SeatState())
        elif kind == "update":
            self._update(message)

    def _update(self, message: dict[str, Any]) -> None:
        wire = self.wire
        if wire is None:
            raise ProtocolError("an update before the welcome", Reason.OUT_OF_ORDER)
        moves, pending, seats = message.get("moves"), message.get("pending"), message.get("seats")
        if type(moves) is not int or not isinstance(pending, dict) \
                or not isinstance(seats, dict):
            raise ProtocolError("update: malformed")
        engine = engine_for(self.game)
        read: dict[int, tuple[Any, list[Any], list[tuple[int, Any]]]] = {}
        for key, part in seats.items():
            if not key.isdigit() or int(key) not in self.mine or not isinstance(part, dict):
                raise ProtocolError(f"update: seat {key!r:.10} is not this computer's")
            legal_data, feed_data = part.get("legal"), part.get("feed")
            if not isinstance(legal_data, list) or not isinstance(feed_data, list):
                raise ProtocolError("update: malformed seat")
            try:
                legal = [engine.action_from_json(a) for a in legal_data]
            except (ValueError, TypeError, KeyError, AttributeError):
                raise ProtocolError("update: a legal action that cannot be read") from None
            feed = []
            for entry in feed_data:
                if not (isinstance(entry, list) and len(entry) == 2 and type(entry[0]) is int):
                    raise ProtocolError("update: malformed feed")
                feed.append((entry[0], wire.event_from_json(entry[1])))
            read[int(key)] = (wire.view_from_json(part.get("view")), legal, feed)
        public_data = message.get("public")
        public = wire.view_from_json(public_data) if public_data is not None else None
        outcome = message.get("outcome")
        self.outcome = outcome_from_json(outcome) if outcome is not None else None
        self.public = public
        code = message.get("code")
        self.code = code if isinstance(code, str) else None
        decisions = message.get("decisions")
        self.decisions = decisions if type(decisions) is int and decisions >= 0 else None
        self.moves = moves
        self.pending = pending
        self.started = message.get("started") is True
        table = message.get("table")
        if isinstance(table, dict):
            self.table = table
        for seat, (view, legal, feed) in read.items():
            state = self.mine[seat]
            state.view, state.legal = view, legal
            known = state.feed[-1][0] if state.feed else -1
            state.feed.extend(item for item in feed if item[0] > known)


class Autoplayer:
    """A machine level playing this computer's seats from their views, as a machine seat at
    the host would (its own decision streams: a seed of this computer's)."""

    def __init__(self, game: str, level: SeatKind, seed: int) -> None:
        self.bot: Bot[Any, Any] = bot_for(game, level)
        self.streams = DecisionStreams(seed)
        self._asked: set[tuple[int, int]] = set()

    def moves(self, joined: Joined) -> list[dict[str, Any]]:
        """The acts to send now: at most one per seat and position."""
        out = []
        window = joined.pending.get("kind") == "window"
        engine = engine_for(joined.game)
        for seat, state in sorted(joined.mine.items()):
            key = (seat, joined.moves)
            if not state.legal or key in self._asked or state.view is None:
                continue
            self._asked.add(key)
            choice = ask_bot(self.bot, seat, state.view, state.legal,
                             self.streams.rng(seat, joined.moves), window)
            if choice is not None:
                out.append({"k": "act", "seat": seat, "at": joined.moves,
                            "action": engine.action_to_json(choice)})
                if window:
                    break  # one nope at a time: the window restarts after it
        return out

    def forget(self) -> None:
        """A new connection: what was sent on the old one may never have arrived (the host
        went down before reading it), so every position may be answered again (an answer
        the host already has is told ``not_now`` and changes nothing)."""
        self._asked.clear()


@dataclass(slots=True)
class JoinResult:
    outcome: Outcome | None
    code: str | None
    seats: tuple[int, ...]
    reconnects: int


class Joiner:
    """Joins ``url`` (``wss://host:port``) with ``code`` and keeps the seats until the table
    closes. ``check_peer``: called with the TLS object after each handshake (the
    fingerprint pin); raising there ends the join. ``transcript``: every message received,
    one JSON object a line, as received."""

    def __init__(self, url: str, code: str, name: str, token: str, *,
                 ssl_context: ssl.SSLContext | None, seats: int = 1,
                 player_for: Callable[[str], Autoplayer | None] | None = None,
                 transcript: IO[str] | None = None,
                 check_peer: Callable[[Any], None] | None = None,
                 give_up: float = 120.0) -> None:
        self.url = url
        self.code = code
        self.name = name
        self.token = token
        self.ssl_context = ssl_context
        self.seats = seats
        self.player_for = player_for
        self.player: Autoplayer | None = None
        self.transcript = transcript
        self.check_peer = check_peer
        self.give_up = give_up
        self.joined = Joined()
        self.reconnects = 0
        self.on_message: Callable[[dict[str, Any]], None] | None = None
        """Told of every message once it was read and checked (the screens' link copies it
        to the game's thread)."""
        self.on_connection: Callable[[bool], None] | None = None
        """Told when a connection is up (``True``) and when it is lost (``False``)."""
        self.connection: ClientConnection | None = None
        """The live connection (``None`` between two)."""
        self._n = 0

    async def run(self) -> JoinResult:
        """Play until the table says goodbye. :class:`Refused` for a hello turned down
        (wrong code, full table, another version); ``ConnectionError`` when the host cannot
        be reached for ``give_up`` seconds."""
        delay = RETRY_FIRST
        loop = asyncio.get_running_loop()
        lost_since: float | None = None
        while True:
            try:
                async with connect(self.url, ssl=self.ssl_context, max_size=MAX_HOST_MESSAGE,
                                   compression=None, open_timeout=10, close_timeout=2,
                                   user_agent_header=None, proxy=None) as conn:
                    if self.check_peer is not None:
                        self.check_peer(conn.transport.get_extra_info("ssl_object"))
                    delay = RETRY_FIRST
                    lost_since = None
                    self.connection = conn
                    if self.on_connection is not None:
                        self.on_connection(True)
                    if await self._session(conn):
                        return JoinResult(self.joined.outcome, self.joined.code,
                                          self.joined.seats, self.reconnects)
            except (TimeoutError, OSError, ConnectionClosed, InvalidHandshake) as error:
                if isinstance(error, InvalidURI):
                    raise
            finally:
                if self.connection is not None:
                    self.connection = None
                    if self.on_connection is not None:
                        self.on_connection(False)
            now = loop.time()
            lost_since = now if lost_since is None else lost_since
            if now - lost_since > self.give_up:
                raise ConnectionError(f"the table at {self.url} cannot be reached")
            self.reconnects += 1
            await asyncio.sleep(delay)
            delay = min(RETRY_MOST, delay * 2)

    async def _session(self, conn: ClientConnection) -> bool:
        """One connection; ``True`` when the table closed for good."""
        self._n = 0
        await self._send(conn, {"k": "hello", "v": VERSION, "code": self.code,
                                "name": self.name, "token": self.token, "seats": self.seats,
                                "have": self.joined.have})
        async for raw in conn:
            text = raw if isinstance(raw, str) else raw.decode("utf-8", "replace")
            if self.transcript is not None:
                self.transcript.write(text + "\n")
            message = parse_host(text)
            kind = message["k"]
            if kind == "refused":
                reason = message.get("reason")
                known = {r.value: r for r in Reason}
                raise Refused(str(message.get("message", "refused"))[:200],
                              known.get(str(reason), Reason.MALFORMED))
            if kind == "bye":
                reason = message.get("reason")
                if reason in (Reason.REPLACED.value, Reason.REMOVED.value):
                    raise Refused(f"the host closed this seat ({reason})", Reason(reason))
                return True
            self.joined.read(message)
            if self.on_message is not None:
                self.on_message(message)
            if kind == "welcome" and self.player is None and self.player_for is not None:
                self.player = self.player_for(self.joined.game)
            elif kind == "welcome" and self.player is not None:
                self.player.forget()
            if self.player is not None and kind in ("welcome", "update"):
                for act in self.player.moves(self.joined):
                    await self._send(conn, act)
        return self.joined.outcome is not None and self._closed_cleanly(conn)

    @staticmethod
    def _closed_cleanly(conn: ClientConnection) -> bool:
        return conn.close_code == 1001

    async def send(self, message: dict[str, Any]) -> bool:
        """Send on the live connection (``False``: there is none now; the person's action is
        then lost with the connection, and the rejoin's update shows the table as it is)."""
        conn = self.connection
        if conn is None:
            return False
        await self._send(conn, message)
        return True

    async def _send(self, conn: ClientConnection, message: dict[str, Any]) -> None:
        self._n += 1
        with contextlib.suppress(ConnectionClosed):
            await conn.send(dumps({**message, "n": self._n}))
