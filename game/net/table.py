"""The host's table: one match, the seats that sit at other computers, and what each of those
computers is told. No socket here: the server (``game.net.server``) hands it parsed messages
and sends what it returns, so every rule of who may see and do what is tested in one thread,
with plain numbers for the clock.

What a joined computer receives is built from its own seats only: each seat's view, its legal
actions, the feed items as that seat may see them, who must act (never who *may* act in a
reaction window: that would tell who holds a Nope), the seats' names and who is away. Never
the state, the seed, the moves, nor the game code while the game goes on (the code pins the
deal; it is shown to everyone once the game is over).
"""

from __future__ import annotations

import json
import secrets
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from game.core.codes import new_seed
from game.core.config import SeatKind
from game.core.engine import DecisionKind
from game.core.errors import Illegal, IllegalAction
from game.match.flow import TableFlow
from game.match.match import Match
from game.net.codec import outcome_to_json, wire_for
from game.net.errors import ProtocolError, Reason, Refused
from game.net.protocol import (
    VERSION,
    WRONG_CODE_WINDOW,
    WRONG_CODES,
    Act,
    Hello,
    Leave,
    normalize_code,
)

PUBLIC = -1
"""The seat number of the public view."""
Message = dict[str, Any]
Outbox = list[tuple[int, Message]]
"""(session id, message) pairs to send, in order."""


@dataclass(slots=True)
class NetSeat:
    """A seat whose person sits at another computer. ``token``: the secret that computer
    joined with (``None`` while the seat is free); ``session``: its live connection
    (``None`` while away); ``stand_in``: the machine level deciding while the person is
    away (``None``: the table waits)."""

    seat: int
    name: str = ""
    token: str | None = None
    session: int | None = None
    stand_in: SeatKind | None = None
    away_since: float = 0.0
    """The host's clock when the seat's computer dropped."""

    @property
    def taken(self) -> bool:
        return self.token is not None

    @property
    def away(self) -> bool:
        return self.token is not None and self.session is None


@dataclass(slots=True)
class Session:
    """One joined connection: its address, its seats, and how far each seat's feed went."""

    id: int
    address: str
    seats: tuple[int, ...]
    have: dict[int, int] = field(default_factory=dict)
    sent: tuple[int, int] | None = None
    """(moves, table version) of the last update sent: nothing new, nothing sent."""


class HostTable:
    """The match as the network sees it. ``remote``: the person seats that sit at other
    computers (every other person seat is at the host's own screen). ``names``: the names
    the host's people and machines go by, per seat (shown to everyone)."""

    def __init__(self, flow: TableFlow, remote: Iterable[int], code: str,
                 names: dict[int, str] | None = None) -> None:
        self.flow = flow
        if not isinstance(flow.match, Match):  # the host holds the game itself, never a copy
            raise TypeError("a host's table runs a match of its own")
        self.match: Match = flow.match
        self.code = code
        self.wire = wire_for(self.match.config.game)
        self._to_json = self.match.engine.action_to_json
        people = set(self.match.people)
        self.seats: dict[int, NetSeat] = {}
        for seat in remote:
            if seat not in people:
                raise ValueError(f"seat {seat} is not a person's seat")
            self.seats[seat] = NetSeat(seat)
        self.names: dict[int, str] = dict(names or {})
        self.machines: dict[int, SeatKind] = {}
        """Person seats a machine took before the game (nobody came for them)."""
        self.sessions: dict[int, Session] = {}
        self._wrong: dict[str, deque[float]] = {}
        self.started = False
        """The game is under way (a seat left later is played by a machine or waited for;
        the game does not stop for it)."""
        self.auto_start = True
        """Start as soon as every network seat is taken (a headless host); a host with a
        screen starts when its person says so (:meth:`start`)."""
        self.version = 0
        """Grows whenever the table (names, who is away, machines standing in) changes."""
        self.on_change: Callable[[], None] | None = None
        """Told whenever a seat is taken, left or handed over (the host saves its table)."""
        self.round = 0
        """How many times the same people played again at this table: every welcome says it,
        so a computer tells a new game (start afresh) from a rejoin (carry on)."""

    # ------------------------------------------------------------ joining

    @property
    def full(self) -> bool:
        return all(seat.taken for seat in self.seats.values())


    def hello(self, session_id: int, address: str, hello: Hello, now: float) -> Outbox:
        """A new connection says who it is. Raises :class:`Refused` (the connection is then
        closed) for another version, a wrong code (counted per address), a full table."""
        if hello.version != VERSION:
            raise Refused(f"this table speaks version {VERSION} of the protocol, not "
                          f"{hello.version}", Reason.VERSION)
        tries = self._wrong.setdefault(address, deque())
        while tries and now - tries[0] > WRONG_CODE_WINDOW:
            tries.popleft()
        if len(tries) >= WRONG_CODES:
            raise Refused("too many wrong codes from this computer: wait a minute",
                          Reason.TOO_MANY_TRIES)
        if normalize_code(hello.code) != self.code:
            tries.append(now)
            raise Refused("wrong table code", Reason.WRONG_CODE)
        mine = [s for s in self.seats.values() if s.token == hello.token]
        replaced: Outbox = []
        if mine:
            for seat in mine:  # a rejoin, or another computer with the same token
                old = seat.session
                if old is not None and old != session_id and old in self.sessions:
                    replaced.append((old, {"k": "bye", "reason": Reason.REPLACED.value}))
                    del self.sessions[old]
        else:
            free = [s for s in self.seats.values() if not s.taken]
            if len(free) < hello.seats:
                raise Refused("no free seat at this table", Reason.TABLE_FULL)
            mine = free[:hello.seats]
            for number, seat in enumerate(mine, 1):
                seat.token = hello.token
                seat.name = hello.name if hello.seats == 1 or not hello.name \
                    else f"{hello.name} {number}"
        for seat in mine:
            seat.session = session_id
            if seat.stand_in is not None:
                seat.stand_in = None
                self.match.stand_in(seat.seat, None)
        if self.full and self.auto_start:
            self.started = True
        seats = tuple(s.seat for s in mine)
        have = min(hello.have, self.match.feed_size)
        session = Session(session_id, address, seats, {seat: have for seat in seats})
        self.sessions[session_id] = session
        self._changed()
        welcome: Message = {"k": "welcome", "v": VERSION, "seats": list(seats),
                            "table": self._table(), "again": self.round}
        return [*replaced, (session_id, welcome), *self.updates()]

    def reserve(self, seats: Iterable[int], token: str, name: str) -> None:
        """Keep ``seats`` for the computer that will say hello with ``token`` (the host's
        own screen joins its table like any other computer, with the seats its people chose
        in the new-game screen)."""
        chosen = list(seats)
        for number, seat in enumerate(chosen, 1):
            net = self.seats[seat]
            net.token = token
            net.name = name if len(chosen) == 1 or not name else f"{name} {number}"
        self._changed()

    def start(self) -> Outbox:
        """The host's person starts the game: every network seat is taken (or was made a
        machine's). ``Refused`` (``TABLE_FULL``'s opposite: seats still free) otherwise."""
        if not self.full:
            raise Refused("a network seat is still free", Reason.OUT_OF_ORDER)
        self.started = True
        self._changed()
        return self.updates()

    def make_machine(self, seat: int, kind: SeatKind) -> Outbox:
        """Before the game: a free network seat becomes a machine of level ``kind`` (nobody
        came for it)."""
        net = self.seats.get(seat)
        if net is None or net.taken or self.started:
            raise Refused("only a free seat can become a machine before the game",
                          Reason.OUT_OF_ORDER)
        del self.seats[seat]
        self.match.stand_in(seat, kind)
        self.names[seat] = ""
        self.machines[seat] = kind
        self._changed()
        return self.updates()

    def drop(self, session_id: int, now: float = 0.0) -> Outbox:
        """A connection ended (network, crash, a kill): its seats are away, kept for the
        token, until the person comes back or the host hands the seat to a machine."""
        session = self.sessions.pop(session_id, None)
        if session is None:
            return []
        for seat in session.seats:
            if self.seats[seat].session == session_id:
                self.seats[seat].session = None
                self.seats[seat].away_since = now
        self._changed()
        return self.updates()

    def hand_to_machine(self, seat: int, kind: SeatKind | None) -> Outbox:
        """The host lets a machine play an away person's seat (``None``: wait for them)."""
        net = self.seats[seat]
        net.stand_in = kind
        self.match.stand_in(seat, kind)
        self._changed()
        return self.updates()

    def hand_over_the_away(self, now: float, after: float) -> Outbox:
        """A host with nobody to decide (headless) lets a machine play every seat whose
        person has been away ``after`` seconds or more, until they come back."""
        out: Outbox = []
        for net in self.seats.values():
            if net.away and net.stand_in is None and now - net.away_since >= after:
                out += self.hand_to_machine(net.seat, self._stand_in_level())
        return out

    def remove(self, seat: int, kind: SeatKind) -> Outbox:
        """The host takes the seat from its person: their computer is told and closed, the
        token forgotten, and a machine of level ``kind`` plays on (until someone else
        joins: the seat is free again)."""
        net = self.seats[seat]
        out: Outbox = []
        if net.session is not None and net.session in self.sessions:
            out.append((net.session, {"k": "bye", "reason": Reason.REMOVED.value}))
            session = self.sessions[net.session]
            session.seats = tuple(s for s in session.seats if s != seat)
            if not session.seats:
                del self.sessions[net.session]
        net.token = None
        net.session = None
        net.name = ""
        net.stand_in = kind
        self.match.stand_in(seat, kind)
        self._changed()
        return [*out, *self.updates()]

    def again(self) -> Outbox:
        """The same people play again: a fresh deal of the same game at the same seats (the
        tokens, names and machines kept, an away person still away), and every computer
        welcomed to it. ``Refused`` while the game is not over."""
        if not self.match.is_over():
            raise Refused("the game is not over yet", Reason.OUT_OF_ORDER)
        match = Match(self.match.config, new_seed(secrets.randbits(64)))
        self.flow = TableFlow(match, self.flow.pace, self.flow.thinker)
        self.match = match
        for seat, kind in self.machines.items():
            match.stand_in(seat, kind)
        for net in self.seats.values():
            if net.stand_in is not None:
                match.stand_in(net.seat, net.stand_in)
        self.round += 1
        out: Outbox = []
        for session in self.sessions.values():
            session.have = dict.fromkeys(session.seats, 0)
            session.sent = None
            out.append((session.id, {"k": "welcome", "v": VERSION,
                                      "seats": list(session.seats), "table": self._table(),
                                      "again": self.round}))
        self._changed()
        return [*out, *self.updates()]

    # ------------------------------------------------------------ playing

    def handle(self, session_id: int, message: Hello | Act | Leave, *,
               others: bool = True) -> Outbox:
        """A joined connection's message. ``ProtocolError`` (close it) for one that makes no
        sense now; an action that is not legal now is told, and changes nothing.
        ``others=False``: an action's update for the computer that sent it only (the server
        sends it, then asks :meth:`updates` for the others: the person waiting is the one
        who acted, and their update need not wait for six others to be built)."""
        session = self.sessions.get(session_id)
        if session is None or isinstance(message, Hello):
            raise ProtocolError("hello twice", Reason.OUT_OF_ORDER)
        if isinstance(message, Leave):
            out = self.drop(session_id)
            for seat in session.seats:
                out += self.remove(seat, self._stand_in_level())
            return out
        if message.seat not in session.seats:
            raise ProtocolError(f"seat {message.seat} is not this computer's",
                                Reason.OUT_OF_ORDER)
        moves = self.match.moves
        if message.at > moves:
            raise ProtocolError(f"an action at move {message.at}: the game is at {moves}",
                                Reason.OUT_OF_ORDER)
        try:
            if not self.started:
                raise IllegalAction("the game starts when every seat is taken", Illegal.NOT_NOW)
            if message.at < moves:
                raise IllegalAction("the game moved on before this arrived", Illegal.NOT_NOW)
            action = self._legal_action(message.seat, message.action)
            self.flow.act_for(message.seat, action)
        except IllegalAction as error:
            return [(session_id, {"k": "told", "seat": message.seat, "at": message.at,
                                  "why": error.why.value, "reason": error.reason})]
        return self.updates(first=session_id, only=None if others else session_id)

    def _legal_action(self, seat: int, data: dict[str, Any] | Any) -> Any:
        """The legal action the message names, found by its encoding among the seat's legal
        actions: nothing a client sends is ever turned into an object of ours."""
        wanted = _canonical(data)
        for action in self.match.legal_for(seat):
            if _canonical(self._to_json(action)) == wanted:
                return action
        if self.match.is_over():
            raise IllegalAction("the game is over", Illegal.OVER)
        raise IllegalAction("not a legal action for this seat now", Illegal.FORBIDDEN)

    def tick(self, dt: float) -> Outbox:
        """The host's clock: machines move, a window runs out."""
        if not self.started:
            return []  # the game starts when every network seat is taken
        before = self.match.moves
        self.flow.update(dt)
        return self.updates() if self.match.moves != before else []

    def waiting_for(self) -> tuple[int, ...]:
        """Away seats the game waits for now (the table shows a notice)."""
        pending = self.match.pending()
        return tuple(s for s in pending.people if s in self.seats and self.seats[s].away)

    # ------------------------------------------------------------ what is sent

    def updates(self, first: int | None = None, only: int | None = None) -> Outbox:
        """An update for every joined computer whose seats see something new; ``first``:
        the session that acted, whose update is built and sent before the others' (it is
        the one a person is waiting on: with seven computers at the table, the last one's
        update left the host ~2 ms after the first's); ``only``: that session's alone (the
        others' come at the next call, each marked sent when built)."""
        out: Outbox = []
        key = (self.match.moves, self.version)
        sessions = list(self.sessions.values())
        if first is not None and first in self.sessions:
            sessions.remove(self.sessions[first])
            sessions.insert(0, self.sessions[first])
        if only is not None:
            sessions = [s for s in sessions if s.id == only]
        for session in sessions:
            if session.sent == key:
                continue
            session.sent = key
            out.append((session.id, self.update_for(session)))
        return out

    def update_for(self, session: Session) -> Message:
        match = self.match
        pending = match.pending()
        decision = pending.decision
        window = decision.kind is DecisionKind.WINDOW
        seats: dict[str, Any] = {}
        wire = self.wire
        for seat in session.seats:
            since = session.have.get(seat, 0)
            feed = match.feed_for(seat, since)
            session.have[seat] = match.feed_size
            legal = [self._to_json(a) for a in match.legal_for(seat)]
            seats[str(seat)] = {
                "view": wire.view_to_json(match.view_for(seat)),
                "legal": legal,
                "feed": [[item.index, wire.event_to_json(item.event)] for item in feed],
            }
        over = match.is_over()
        started = self.started
        if not started:  # the lobby: the cards are dealt, but nobody acts yet
            for part in seats.values():
                part["legal"] = []
        message: Message = {
            "k": "update",
            "moves": match.moves,
            "started": started,
            "pending": {
                "kind": decision.kind.value,
                "phase": decision.phase,
                # Who *may* act in a window is nobody's to know (it names the Nope holders).
                "seats": [] if window else list(decision.seats),
                "window": self.flow.pace.window_seconds if window else None,
            },
            "seats": seats,
            "table": self._table(),
            "outcome": outcome_to_json(match.outcome()) if over else None,
        }
        if len(session.seats) > 1:  # several people here: the view for when nobody looks
            message["public"] = wire.view_to_json(match.view_for(PUBLIC))
        if over:
            message["code"] = match.code
            message["decisions"] = match.player_moves()
        return message

    def _table(self) -> Message:
        """Who sits where, as everyone at the table may know it."""
        kinds = self.match.config.seats
        rows = []
        for seat, kind in enumerate(kinds):
            net = self.seats.get(seat)
            if seat in self.machines:
                kind = self.machines[seat]
            if net is not None:
                rows.append({"kind": "remote", "name": net.name, "taken": net.taken,
                             "away": net.away, "stand_in": net.stand_in and net.stand_in.value})
            else:
                rows.append({"kind": "here" if kind is SeatKind.PERSON else kind.value,
                             "name": self.names.get(seat, "")})
        return {"game": self.match.config.game, "options": sorted(self.match.config.options),
                "first": self.match.config.first, "seats": rows}

    def _changed(self) -> None:
        self.version += 1
        if self.on_change is not None:
            self.on_change()

    def _stand_in_level(self) -> SeatKind:
        from game.bots.registry import stand_in_for

        return stand_in_for(self.match.config.game)

    # ------------------------------------------------------------ keeping the table

    def to_json(self) -> Message:
        """What a host needs, beside the match's autosave, to open the same table again
        after a crash: the code, and each network seat's token and name."""
        return {"code": self.code, "started": self.started, "round": self.round,
                "seats": {str(s.seat): {"token": s.token, "name": s.name,
                                        "stand_in": s.stand_in and s.stand_in.value}
                          for s in self.seats.values()},
                "names": {str(seat): name for seat, name in self.names.items()},
                "machines": {str(seat): kind.value for seat, kind in self.machines.items()}}

    def restore(self, data: Message) -> None:
        """The tokens and names of :meth:`to_json` (every seat starts away: its computer
        reconnects by itself)."""
        self.started = data.get("started") is True
        rounds = data.get("round")
        self.round = rounds if type(rounds) is int and rounds >= 0 else 0
        levels = {kind.value: kind for kind in SeatKind if kind.is_machine}
        machines = data.get("machines")
        for key, level in (machines.items() if isinstance(machines, dict) else ()):
            if key.isdigit() and int(key) in self.match.people and level in levels:
                self.machines[int(key)] = levels[level]
                self.match.stand_in(int(key), levels[level])
        for key, row in data.get("seats", {}).items():
            seat = self.seats.get(int(key))
            if seat is None or not isinstance(row, dict):
                continue
            token, name = row.get("token"), row.get("name")
            seat.token = token if isinstance(token, str) else None
            seat.name = name if isinstance(name, str) else ""
            level = row.get("stand_in")
            if isinstance(level, str) and level in {k.value for k in SeatKind}:
                seat.stand_in = SeatKind(level)
                self.match.stand_in(seat.seat, seat.stand_in)


def _canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
