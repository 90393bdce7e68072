"""A table whose match runs on another computer, as the screens read a match.

:class:`RemoteMatch` answers the questions a table screen asks a :class:`~game.match.match.Match`
(the views of the seats shown here, their legal actions, the feed as they may see it, the
pending decision, the outcome) from the host's checked messages, and turns ``submit`` into an
``act`` message. :class:`RemoteFlow` is the :class:`~game.match.flow.TableFlow` of such a
match: each frame it takes in what the link received; the curtain falls only between the
people at this computer; windows and machines run on the host's clock, so nothing here closes
a window or moves a machine.

Everything here runs on the game's thread; the link's thread only queues checked messages.
"""

from __future__ import annotations

from typing import Any

from game.core.config import GameConfig, SeatKind
from game.core.engine import Decision, DecisionKind, Outcome, seen_by
from game.core.errors import Illegal, IllegalAction
from game.match.flow import Pace, TableFlow, Thinker
from game.match.match import FeedItem, MachineJob, Pending
from game.net.client import Joined
from game.net.errors import ProtocolError
from game.net.link import Link
from game.rules.registry import engine_for

PUBLIC = -1


def config_of(table: dict[str, Any]) -> GameConfig:
    """The game's config as the table shows it: every person's seat (here or elsewhere) a
    person, the machines with their levels (public at the table)."""
    rows = table.get("seats")
    if not isinstance(rows, list) or not rows or len(rows) > 64:
        raise ProtocolError("table.seats: malformed")
    kinds = []
    known = {kind.value: kind for kind in SeatKind}
    for row in rows:
        kind = row.get("kind") if isinstance(row, dict) else None
        if kind in ("remote", "here"):
            kinds.append(SeatKind.PERSON)
        elif isinstance(kind, str) and kind in known and kind != "person":
            kinds.append(known[kind])
        else:
            raise ProtocolError("table.seats: an unknown seat kind")
    options, first = table.get("options"), table.get("first")
    if not isinstance(options, list) or not all(isinstance(o, str) for o in options) \
            or type(first) is not int or not 0 <= first < len(kinds):
        raise ProtocolError("table: malformed options")
    return GameConfig(str(table["game"]), tuple(kinds), frozenset(options), first)


def seat_names(table: dict[str, Any]) -> list[str]:
    """Each seat's name as the host gave it ("" for none)."""
    rows = table.get("seats")
    out = []
    for row in rows if isinstance(rows, list) else []:
        name = row.get("name") if isinstance(row, dict) else None
        out.append(name[:40] if isinstance(name, str) else "")
    return out


class RemoteMatch:
    """The match of a joined table, read from the host's messages (see the module's doc).
    ``flow_class`` tells the table screens which flow paces it."""

    seed = 0
    hosting: Any = None
    """The table's server when this computer hosts it (``game.net.hosting.ServerThread``):
    stopped with :meth:`close`."""

    def __init__(self, link: Link, welcome: dict[str, Any],
                 after: list[dict[str, Any]] | None = None) -> None:
        """``welcome``: the host's first message; ``after``: those taken from the link with
        it (folded in at the first :meth:`poll`)."""
        self.link = link
        self._early = list(after or [])
        self.joined = Joined()
        self.joined.read(welcome)
        self.config = config_of(self.joined.table)
        self.engine = engine_for(self.config.game)
        self.people: tuple[int, ...] = tuple(sorted(self.joined.seats))
        self._in_flight: int | None = None
        """The position an action of ours was sent at, until the host answers."""
        self.told: list[dict[str, Any]] = []
        """Refusals the host sent (the screen may say why)."""

    flow_class: type[TableFlow]  # set below, once RemoteFlow exists

    def close(self, *, leave: bool = False) -> None:
        """This screen is done with the table: the link closes (``leave``: the person leaves
        for good), and a table hosted here closes for everyone."""
        self.link.close(leave)
        if self.hosting is not None:
            self.hosting.stop()
            self.hosting = None

    # ------------------------------------------------------------ taking messages in

    def poll(self) -> bool:
        """Fold in what the link received; ``True`` when the game moved or the table
        changed."""
        changed = False
        early, self._early = self._early, []
        for message in early + self.link.take():
            kind = message["k"]
            if kind in ("told", "welcome"):  # refused, or a new connection: nothing in flight
                if kind == "told":
                    self.told.append(message)
                self._in_flight = None
            self.joined.read(message)
            if kind == "update":
                if self._in_flight is not None and self.joined.moves != self._in_flight:
                    self._in_flight = None
                changed = True
        return changed

    @property
    def in_flight(self) -> bool:
        """An action of this computer's is on its way and the host has not answered yet."""
        return self._in_flight is not None

    @property
    def ready(self) -> bool:
        """The host's first update is in: every seat of this computer has its view (a table
        screen may open)."""
        return all(state.view is not None for state in self.joined.mine.values())

    @property
    def games(self) -> int:
        """How many times the host dealt again for the same people (the results screens
        follow to the next game when it grows)."""
        return self.joined.games

    @property
    def started(self) -> bool:
        """Every network seat has been taken: the game is under way."""
        return self.joined.started

    def waiting_for_away(self) -> tuple[int, ...]:
        """The seats the game waits for whose people are away (their computer dropped)."""
        rows = self.joined.table.get("seats")
        if not isinstance(rows, list) or self.is_over():
            return ()
        seats = self.joined.pending.get("seats") or []
        return tuple(s for s in seats if isinstance(s, int) and 0 <= s < len(rows)
                     and isinstance(rows[s], dict) and rows[s].get("away") is True)

    def away(self) -> tuple[int, ...]:
        """The seats whose people are away (their computer dropped) and that no machine plays
        for meanwhile: the table shows them, and waits when it is their turn."""
        rows = self.joined.table.get("seats")
        if not isinstance(rows, list) or self.is_over():
            return ()
        return tuple(seat for seat, row in enumerate(rows) if isinstance(row, dict)
                     and row.get("away") is True and not row.get("stand_in"))

    def let_machines_play(self) -> bool:
        """The host's screen: a machine plays every away person's seat until they come back
        (their computer rejoins with its token and the seat is theirs again). ``False`` on a
        joined computer, which may not."""
        hosting = self.hosting
        away = self.away()
        if hosting is None or not away:
            return False
        from game.bots.registry import stand_in_for

        level = stand_in_for(self.config.game)
        table = hosting.table
        for seat in away:
            hosting.act(lambda seat=seat: table.hand_to_machine(seat, level))
        return True

    @property
    def names(self) -> list[str]:
        return seat_names(self.joined.table)

    @property
    def table(self) -> dict[str, Any]:
        """Who sits where, who is away (the host's last word)."""
        return self.joined.table

    # ------------------------------------------------------------ reading, as a Match

    @property
    def moves(self) -> int:
        return self.joined.moves

    @property
    def code(self) -> str:
        return self.joined.code or ""

    def view_for(self, seat: int) -> Any:
        mine = self.joined.mine.get(seat)
        if mine is not None and mine.view is not None:
            return mine.view
        public = self.joined.public
        if public is not None:
            return public
        first = self.joined.mine[self.people[0]]
        return first.view

    def legal_for(self, seat: int) -> list[Any]:
        mine = self.joined.mine.get(seat)
        if mine is None or self._in_flight is not None or self.is_over():
            return []
        return list(mine.legal)

    def is_over(self) -> bool:
        return self.joined.outcome is not None

    def outcome(self) -> Outcome:
        if self.joined.outcome is not None:
            return self.joined.outcome
        return Outcome(tuple([None] * self.config.seat_count))

    def ranking(self) -> tuple[int, ...]:
        return self.outcome().ranking

    def is_person(self, seat: int) -> bool:
        return seat in self.people

    def pending(self) -> Pending:
        data = self.joined.pending
        if self.is_over() or not data:
            kind = DecisionKind.OVER if self.is_over() else DecisionKind.ONE
            seats: tuple[int, ...] = () if self.is_over() else (-2,)
            return Pending(Decision(kind, seats, "over" if self.is_over() else "wait"), (), ())
        kind = DecisionKind(data["kind"])
        seats = tuple(data["seats"])
        if kind is DecisionKind.WINDOW:
            seats = tuple(s for s in self.people if self.joined.mine[s].legal)
        here = tuple(s for s in seats if s in self.people)
        return Pending(Decision(kind, seats, str(data.get("phase", ""))), here,
                       tuple(s for s in seats if s not in self.people))

    @property
    def window_seconds(self) -> float | None:
        window = self.joined.pending.get("window")
        return float(window) if isinstance(window, int | float) else None

    def feed_for(self, viewer: int | None, since: int = 0) -> list[FeedItem]:
        seat = viewer if viewer in self.joined.mine else self.people[0]
        items = self.joined.mine[seat].feed
        out = []
        for index, event in items:
            if index >= since:
                shown = event if viewer == seat else seen_by(event, None)
                out.append(FeedItem(index, shown))
        return out

    @property
    def feed_size(self) -> int:
        return max((s.feed[-1][0] + 1 for s in self.joined.mine.values() if s.feed), default=0)

    def player_moves(self) -> int:
        decisions = self.joined.decisions
        return decisions if decisions is not None else self.joined.moves

    # ------------------------------------------------------------ acting

    def submit(self, seat: int, action: Any) -> list[FeedItem]:
        """Send a person's action; its events come with the host's next update. Raises
        ``IllegalAction`` (nothing sent) when it is not legal here and now."""
        if action not in self.legal_for(seat):
            raise IllegalAction("not a legal action for this seat now", Illegal.FORBIDDEN)
        self._in_flight = self.moves
        self.link.send({"k": "act", "seat": seat, "at": self.moves,
                        "action": self.engine.action_to_json(action)})
        return []

    # The host moves the machines and closes the windows: nothing of it happens here.

    def machine_choice(self) -> tuple[int, Any] | None:
        return None

    @property
    def choice_known(self) -> bool:
        return True

    def machine_job(self) -> MachineJob:
        return MachineJob(id(self), self.moves, ())

    def offer(self, job: MachineJob, choice: tuple[int, Any] | None) -> bool:
        return False

    def step_machine(self) -> list[FeedItem]:
        return []

    def close_window(self) -> list[FeedItem]:
        return []

    def window_may_close_early(self) -> bool:
        return False


class RemoteFlow(TableFlow):
    """The flow of a joined table: the curtain between this computer's people, the window's
    countdown as the host announced it; the rest is the host's."""

    elsewhere = True

    def __init__(self, match: Any, pace: Pace, thinker: Thinker | None = None) -> None:
        super().__init__(match, pace, None)
        self.remote: RemoteMatch = match

    @property
    def may_go_on(self) -> bool:
        return False  # the host's clock closes windows

    @property
    def awaiting_person(self) -> int | None:
        """As at a local table, except while the person's action is on its way to the host:
        then the screen waits for no one (it keeps taking the host's messages in)."""
        if self.remote.in_flight:
            return None
        return super().awaiting_person

    def receive(self) -> bool:
        """Take in what the link received (every frame, whatever the table waits for)."""
        if self.remote.poll():
            self._refresh()
            return True
        return False

    def update(self, dt: float) -> list[FeedItem]:
        match = self.remote
        self.receive()
        pending = match.pending()
        if pending.is_window:
            if self._window_key != match.moves:
                self._window_key = match.moves
                self.window_left = match.window_seconds or self.pace.window_seconds
            elif self.window_left is not None:
                self.window_left = max(0.0, self.window_left - dt)
        else:
            self.window_left = None
        return []

    def fast_forward(self) -> None:
        """The host sets the pace of its machines."""


RemoteMatch.flow_class = RemoteFlow
