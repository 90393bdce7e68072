"""Finding tables on the local network: DNS-SD over multicast DNS (python-zeroconf).

A host *advertises* its table (:class:`Advertiser`): a service of type
:data:`SERVICE_TYPE` on the table's port and the host's addresses, with a TXT record that
says what a "Join a table" list shows before anyone connects. A joining computer *browses*
(:class:`Browser`) and keeps the tables it sees, as :class:`FoundTable` values the screen
reads each frame with :meth:`Browser.snapshot`. Joining by address works without any of
this; discovery only saves typing it.

What is advertised, and what never is. Anyone on the network reads TXT records, so the
record holds only what the host's lobby shows anyway (:func:`txt_properties`): the protocol
version, the game id, the host person's name, the network seats taken and open, the
certificate's short fingerprint and a host id. **Never the table code**: the code is the key
to join, and :class:`TableAd` has no field for it. The instance and host names are made from
the host id (``Mecha Corta <host id>``, ``mechacorta-<host id>.local.``), so the computer's
own name is not published either.

A record is hostile until read (:func:`found_table`): any computer on the network may
advertise anything under our service type. Every field is checked for its type, length and
range, the whole TXT record for its size; a record that fails is ignored (counted in
:attr:`Browser.ignored`, logged at debug level) and the others stay listed. A game id this
version does not know, or another protocol version, is listed but not playable
(:attr:`FoundTable.playable`), so the person learns the table exists and why it cannot be
joined from here. A future protocol version must keep the keys of this one for older
versions to list its tables. At most :data:`MAX_TABLES` tables are kept (a flood of records
cannot grow memory without end).

Discovery never stops a table. Multicast may be missing (no network, a firewall, a
container, a permission refused); python-zeroconf may raise anything from ``OSError`` to its
own errors. Each :class:`Advertiser` and :class:`Browser` runs its Zeroconf in a thread of its
own, catches every failure there, logs it once and says so with :attr:`State.DISABLED`: the
lobby then shows that others must type the address. The thread is also why nothing here
blocks the caller: registering takes about 1.7 s (the conflict probes and announcements the
protocol requires) and an update half a second, which would freeze a frame loop and stall an
asyncio server; and a Zeroconf made inside a running asyncio loop would attach to that loop,
whose thread may then not use its blocking calls. Made in our thread, Zeroconf always runs
its own loop in its own thread.

Threads: python-zeroconf calls the browser's listener from its browser thread; the list of
tables is kept behind a lock and published as an immutable tuple, so :meth:`Browser.snapshot`
(called every frame) is a lock and an attribute read.

A host that dies without its goodbye leaves its record in the others' caches until the
record's time to live runs out: :data:`TTL` seconds (DNS-SD's default for service records is
75 minutes, too long for a list of tables to join).
"""

from __future__ import annotations

import ipaddress
import logging
import re
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import TYPE_CHECKING

from zeroconf import (
    InterfaceChoice,
    ServiceBrowser,
    ServiceInfo,
    ServiceListener,
    Zeroconf,
)

from game.core.errors import MalformedInput
from game.net.protocol import NAME_LENGTH, VERSION, clean_name
from game.net.tls import normalise_fingerprint, short_fingerprint
from game.rules.registry import game_ids

if TYPE_CHECKING:
    from game.net.table import HostTable

log = logging.getLogger(__name__)

Interfaces = InterfaceChoice | Sequence[str]
"""Where to advertise or listen: every interface, or the addresses named (as Zeroconf
takes them)."""

SERVICE_TYPE = "_mechacorta._tcp.local."
"""The DNS-SD service type of a Mecha Corta table."""
INSTANCE_PREFIX = "Mecha Corta"
"""An instance is named ``Mecha Corta <host id>``: unique per host, without the person's
name (which may not fit a DNS label) or the computer's."""
TTL = 120
"""Seconds others keep a record the host did not withdraw (it died without a goodbye)."""
RESOLVE_MS = 3000
"""Milliseconds the browser waits for a table's records once its name is seen."""
CLOSE_WAIT = 3.0
"""Seconds :meth:`Advertiser.close` and :meth:`Browser.close` wait by default for the goodbye
to be sent and the sockets closed."""

MAX_TABLES = 64
"""Tables a browser keeps; records beyond are ignored until some go away."""
MAX_TXT_BYTES = 400
"""Bytes of a TXT record (ours is under 200)."""
MAX_SEATS = 16
"""Network seats a listed table may claim (more than any game has)."""
MAX_VERSION = 10**6
HOST_ID_DIGITS = 16
"""Hex digits of a host id: the first 64 bits of the certificate's fingerprint, lower case."""
DEFAULT_NAME = "Mecha Corta"
"""The name advertised when the host's person has none (a record must name its table)."""

KEYS = ("v", "game", "name", "taken", "seats", "fp", "host")
"""The TXT keys, all of them: the record holds these and nothing else."""
_NAME_BYTES = 4 * NAME_LENGTH + 16
"""A name's bytes before cleaning (4 UTF-8 bytes a character, a little for spaces)."""
_GAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,31}")
_NUMBER = re.compile(r"(?:0|[1-9][0-9]{0,8})")
_SHORT_FP = re.compile(r"[0-9A-F]{4}(?: [0-9A-F]{4}){3}")
_HOST_ID = re.compile(rf"[0-9a-f]{{{HOST_ID_DIGITS}}}")


class State(StrEnum):
    """Where an :class:`Advertiser` or a :class:`Browser` is."""

    STARTING = "starting"
    """Its thread is opening Zeroconf (registering takes a second or two)."""
    RUNNING = "running"
    """Advertising, or listening for tables."""
    DISABLED = "disabled"
    """Zeroconf could not start (``problem`` says why, for the log): nothing is advertised or
    found; others must type the host's address."""
    CLOSED = "closed"


# ---------------------------------------------------------------- what a host advertises


@dataclass(frozen=True, slots=True)
class TableAd:
    """What a host tells the network about its table. ``name``: the host person's name (it is
    cleaned when advertised); ``seats``: the seats open to other computers, ``seats_taken``:
    how many of them are taken; ``fingerprint``: the certificate's, in any accepted form;
    ``addresses``: the host's addresses others may reach (IPv4 or IPv6 text). No table code:
    the record is public."""

    name: str
    game: str
    port: int
    seats_taken: int
    seats: int
    fingerprint: str
    addresses: tuple[str, ...]

    @classmethod
    def for_table(cls, table: HostTable, *, name: str, port: int, fingerprint: str,
                  addresses: tuple[str, ...]) -> TableAd:
        """The ad of a host's table (its game and network seats read from ``table``)."""
        taken, seats = seats_of(table)
        return cls(name, table.match.config.game, port, taken, seats, fingerprint, addresses)


def seats_of(table: HostTable) -> tuple[int, int]:
    """``(taken, open)`` network seats of ``table``, for :meth:`Advertiser.set_seats`."""
    return sum(seat.taken for seat in table.seats.values()), len(table.seats)


def host_id(fingerprint: str) -> str:
    """A host's id: the first :data:`HOST_ID_DIGITS` hex digits of its certificate's
    fingerprint, lower case (stable as long as the host keeps its certificate)."""
    return normalise_fingerprint(fingerprint).replace(" ", "")[:HOST_ID_DIGITS].lower()


def txt_properties(ad: TableAd) -> dict[bytes, bytes]:
    """The TXT record of ``ad``: exactly :data:`KEYS`. Raises ``ValueError`` for an ad that
    cannot be advertised (a port or seats out of range, a bad fingerprint)."""
    if not 0 <= ad.seats_taken <= ad.seats <= MAX_SEATS or ad.seats < 1:
        raise ValueError(f"seats {ad.seats_taken}/{ad.seats} cannot be advertised")
    if _GAME.fullmatch(ad.game) is None:
        raise ValueError(f"game id {ad.game!r:.40} cannot be advertised")
    values = {
        "v": str(VERSION),
        "game": ad.game,
        "name": clean_name(ad.name) or DEFAULT_NAME,
        "taken": str(ad.seats_taken),
        "seats": str(ad.seats),
        "fp": short_fingerprint(ad.fingerprint),
        "host": host_id(ad.fingerprint),
    }
    return {key.encode("ascii"): values[key].encode("utf-8") for key in KEYS}


def service_info(ad: TableAd, instance: str | None = None) -> ServiceInfo:
    """The DNS-SD service of ``ad`` (``instance``: the name the registration settled on, when
    the first was taken). Raises ``ValueError`` for an ad that cannot be advertised."""
    if not 1 <= ad.port <= 65535:
        raise ValueError(f"port {ad.port} cannot be advertised")
    packed = [ipaddress.ip_address(address).packed for address in ad.addresses]
    if not packed:
        raise ValueError("no address to advertise")
    ident = host_id(ad.fingerprint)
    return ServiceInfo(
        SERVICE_TYPE,
        instance or f"{INSTANCE_PREFIX} {ident}.{SERVICE_TYPE}",
        port=ad.port,
        properties=txt_properties(ad),
        server=f"mechacorta-{ident}.local.",
        host_ttl=TTL,
        other_ttl=TTL,
        addresses=packed,
    )


class _ZeroconfThread:
    """What the advertiser and the browser share: a Zeroconf on a thread of its own, a state
    behind a condition, :meth:`wait`, :meth:`close`, and a Zeroconf that cannot start leaving
    it :attr:`State.DISABLED` (logged with ``disabled_says``), never raising. A subclass sets
    its own fields, then calls this ``__init__``, which starts the thread."""

    disabled_says = ""
    thread_name = ""

    def __init__(self, interfaces: Interfaces) -> None:
        self._interfaces = interfaces
        self._changed = threading.Condition()
        self._closing = False
        self._state = State.STARTING
        self._problem: str | None = None
        self._thread = _start_thread(self._run, self.thread_name, self._disable)

    def _run(self) -> None:
        raise NotImplementedError

    @property
    def state(self) -> State:
        with self._changed:
            return self._state

    @property
    def disabled(self) -> bool:
        """Nothing is or will be advertised or found: the people type the address."""
        return self.state is State.DISABLED

    @property
    def problem(self) -> str | None:
        """Why Zeroconf could not start (for the log; the screens show :attr:`disabled`)."""
        with self._changed:
            return self._problem

    def wait(self, timeout: float) -> State:
        """The state once it is no longer :attr:`State.STARTING` (or when ``timeout``
        seconds have passed)."""
        with self._changed:
            self._changed.wait_for(lambda: self._state is not State.STARTING, timeout)
            return self._state

    def close(self, wait: float = CLOSE_WAIT) -> None:
        """Stop (the advertiser withdraws the table first: a goodbye others see at once) and
        close the sockets; waits up to ``wait`` seconds for that (the thread finishes on its
        own if the wait is shorter)."""
        with self._changed:
            self._closing = True
            self._changed.notify_all()
        if self._thread is not None and wait > 0:
            self._thread.join(wait)

    def _disable(self, error: BaseException) -> None:
        _log_disabled(self.disabled_says, error)
        with self._changed:
            self._state, self._problem = State.DISABLED, _describe(error)
            self._changed.notify_all()


class Advertiser(_ZeroconfThread):
    """A table advertised on the network from a thread of its own, until :meth:`close`.
    Never raises and never blocks (but :meth:`close` and :meth:`wait`, as long as asked):
    a Zeroconf that cannot start leaves it :attr:`State.DISABLED`, with :attr:`problem`.

    ``interfaces``: where to advertise (every interface; the tests name ``127.0.0.1``)."""

    disabled_says = "the table is not advertised on the network"
    thread_name = "mecha-corta-advertiser"

    def __init__(self, ad: TableAd, *,
                 interfaces: Interfaces = InterfaceChoice.All) -> None:
        self._wanted = ad
        self._published: TableAd | None = None
        self._sending = ad
        """The ad last sent (or being sent): the thread sends again when it differs."""
        super().__init__(interfaces)

    @property
    def published(self) -> TableAd | None:
        """The ad the network was last sent (``None`` before the registration)."""
        with self._changed:
            return self._published

    def set_seats(self, taken: int, seats: int | None = None) -> None:
        """The table's network seats changed: the record is updated soon (several changes
        in a row are sent once, as the last one)."""
        with self._changed:
            ad = self._wanted
            self._wanted = replace(ad, seats_taken=taken,
                                   seats=ad.seats if seats is None else seats)
            self._changed.notify_all()

    # ------------------------------------------------------------ the thread

    def _run(self) -> None:
        zeroconf: Zeroconf | None = None
        try:
            zeroconf = Zeroconf(interfaces=_zeroconf_interfaces(self._interfaces))
            with self._changed:
                ad = self._wanted
            info = service_info(ad)
            zeroconf.register_service(info, allow_name_change=True)
        except Exception as error:  # nothing may stop the table
            self._disable(error)
            _close_quietly(zeroconf)
            return
        with self._changed:
            self._state, self._published, self._sending = State.RUNNING, ad, ad
            self._changed.notify_all()
        while True:
            with self._changed:
                self._changed.wait_for(self._closing_or_changed)
                if self._closing:
                    break
                ad = self._wanted
                self._sending = ad
            try:
                info = service_info(ad, info.name)
                zeroconf.update_service(info)
            except Exception as error:
                log.warning("the table's network record could not be updated: %s",
                            _describe(error))
                continue
            with self._changed:
                self._published = ad
        try:
            zeroconf.unregister_service(info)
        except Exception as error:
            log.debug("the table's goodbye could not be sent: %s", _describe(error))
        _close_quietly(zeroconf)
        with self._changed:
            self._state = State.CLOSED
            self._changed.notify_all()

    def _closing_or_changed(self) -> bool:
        return self._closing or self._wanted != self._sending


# ---------------------------------------------------------------- what a computer finds


@dataclass(frozen=True, slots=True)
class FoundTable:
    """A table seen on the network, every field checked (:func:`found_table`). ``address``
    and ``port``: where to join it; ``seats``: its network seats, ``seats_taken`` of them
    taken; ``fingerprint_short``: to compare with the host's screen (joining still checks the
    whole fingerprint); ``version``: the host's protocol version."""

    name: str
    game: str
    address: str
    port: int
    seats_taken: int
    seats: int
    fingerprint_short: str
    host_id: str
    version: int

    @property
    def same_version(self) -> bool:
        return self.version == VERSION

    @property
    def known_game(self) -> bool:
        """This version knows the game (a newer host may offer one it does not)."""
        return self.game in game_ids()

    @property
    def playable(self) -> bool:
        """This computer can join it: the same protocol and a game it knows."""
        return self.same_version and self.known_game

    @property
    def full(self) -> bool:
        return self.seats_taken >= self.seats


def found_table(info: ServiceInfo) -> FoundTable:
    """The table a resolved service advertises. Raises :class:`MalformedInput` (naming the
    field) for any record that is not one a host of ours would send."""
    if len(info.text) > MAX_TXT_BYTES:
        raise MalformedInput(f"TXT record of {len(info.text)} bytes")
    properties = info.properties
    version = _number(properties, "v", 1, MAX_VERSION)
    game = _text(properties, "game", 32)
    if _GAME.fullmatch(game) is None:
        raise MalformedInput(f"game: not a game id: {game!r:.40}")
    name = clean_name(_text(properties, "name", _NAME_BYTES))
    if not name:
        raise MalformedInput("name: empty")
    seats = _number(properties, "seats", 1, MAX_SEATS)
    taken = _number(properties, "taken", 0, seats)
    fingerprint = _text(properties, "fp", 19)
    if _SHORT_FP.fullmatch(fingerprint) is None:
        raise MalformedInput(f"fp: not a short fingerprint: {fingerprint!r:.40}")
    ident = _text(properties, "host", HOST_ID_DIGITS)
    if _HOST_ID.fullmatch(ident) is None:
        raise MalformedInput(f"host: not a host id: {ident!r:.40}")
    port = info.port
    if type(port) is not int or not 1 <= port <= 65535:
        raise MalformedInput(f"port: {port!r:.20}")
    return FoundTable(name, game, _address(info), port, taken, seats, fingerprint, ident,
                      version)


def _raw(properties: dict[bytes, bytes | None], key: str, longest: int) -> bytes:
    value = properties.get(key.encode("ascii"))
    if not isinstance(value, bytes):
        raise MalformedInput(f"{key}: missing")
    if len(value) > longest:
        raise MalformedInput(f"{key}: {len(value)} bytes")
    return value


def _text(properties: dict[bytes, bytes | None], key: str, longest: int) -> str:
    try:
        return _raw(properties, key, longest).decode("utf-8")
    except UnicodeDecodeError:
        raise MalformedInput(f"{key}: not UTF-8") from None


def _number(properties: dict[bytes, bytes | None], key: str, least: int, most: int) -> int:
    raw = _raw(properties, key, 9)
    if _NUMBER.fullmatch(raw.decode("ascii", "replace")) is None:
        raise MalformedInput(f"{key}: not a number: {raw!r:.20}")
    value = int(raw)
    if not least <= value <= most:
        raise MalformedInput(f"{key}: {value} is out of range")
    return value


def _address(info: ServiceInfo) -> str:
    """The address to join: an IPv4 one first (what every home network has), then IPv6,
    loopback last (a table on this very computer); never one nobody can connect to."""
    usable: list[tuple[int, str]] = []
    for text in info.parsed_scoped_addresses()[:16]:
        try:
            address = ipaddress.ip_address(text)
        except ValueError:
            continue
        if address.is_multicast or address.is_unspecified or address.is_reserved:
            continue
        usable.append((2 * address.is_loopback + (address.version == 6), text))
    if not usable:
        raise MalformedInput("no address to join")
    return min(usable)[1]


class TableList:
    """The tables seen so far, by service name, behind a lock: the browser's thread writes,
    the screen reads :meth:`snapshot` (an immutable tuple, rebuilt on each change)."""

    def __init__(self, limit: int = MAX_TABLES) -> None:
        self._lock = threading.Lock()
        self._limit = limit
        self._tables: dict[str, FoundTable] = {}
        self._snapshot: tuple[FoundTable, ...] = ()
        self._changes = 0
        self._ignored = 0

    def snapshot(self) -> tuple[FoundTable, ...]:
        """The tables, by name (then host id and port): the same object until a change."""
        with self._lock:
            return self._snapshot

    @property
    def changes(self) -> int:
        """Grows at every change of :meth:`snapshot` (a screen redraws its list when it does)."""
        with self._lock:
            return self._changes

    @property
    def ignored(self) -> int:
        """Records ignored so far: malformed, or beyond :data:`MAX_TABLES`."""
        with self._lock:
            return self._ignored

    def seen(self, service: str, info: ServiceInfo | None) -> FoundTable | None:
        """A service appeared or changed; ``info``: its records (``None``: they could not be
        resolved). A record that cannot be read takes the service off the list."""
        try:
            table = found_table(info) if info is not None else None
        except MalformedInput as error:
            log.debug("a table record ignored (%.60s): %s", service, error)
            table = None
            with self._lock:
                self._ignored += 1
        if table is None:
            self.gone(service)
            return None
        with self._lock:
            if service not in self._tables and len(self._tables) >= self._limit:
                self._ignored += 1
                return None
            if self._tables.get(service) != table:
                self._tables[service] = table
                self._publish()
        return table

    def gone(self, service: str) -> None:
        with self._lock:
            if self._tables.pop(service, None) is not None:
                self._publish()

    def clear(self) -> None:
        with self._lock:
            if self._tables:
                self._tables.clear()
                self._publish()

    def _publish(self) -> None:
        self._snapshot = tuple(sorted(self._tables.values(), key=lambda t: (
            t.name.casefold(), t.host_id, t.port, t.address)))
        self._changes += 1


class _Listener(ServiceListener):
    """python-zeroconf's callbacks (in its browser thread): resolve, check, keep. Nothing
    escapes: an exception would end zeroconf's browser thread and with it discovery."""

    def __init__(self, tables: TableList) -> None:
        self.tables = tables

    def add_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self._resolve(zc, type_, name)

    def update_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self._resolve(zc, type_, name)

    def remove_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self.tables.gone(name)

    def _resolve(self, zc: Zeroconf, type_: str, name: str) -> None:
        try:
            info = zc.get_service_info(type_, name, timeout=RESOLVE_MS)
        except Exception as error:  # a hostile name, a closing zeroconf
            log.debug("a table could not be resolved (%.60s): %s", name, _describe(error))
            info = None
        self.tables.seen(name, info)


class Browser(_ZeroconfThread):
    """The tables on the network, collected from a thread of its own until :meth:`close`.
    Never raises and never blocks (but :meth:`close` and :meth:`wait`): a Zeroconf that
    cannot start leaves it :attr:`State.DISABLED` with an empty list."""

    disabled_says = "tables on the network cannot be found"
    thread_name = "mecha-corta-browser"

    def __init__(self, *, interfaces: Interfaces = InterfaceChoice.All) -> None:
        self.tables = TableList()
        super().__init__(interfaces)

    def snapshot(self) -> tuple[FoundTable, ...]:
        """The tables seen now (cheap: read it every frame)."""
        return self.tables.snapshot()

    @property
    def changes(self) -> int:
        return self.tables.changes

    @property
    def ignored(self) -> int:
        return self.tables.ignored

    def _run(self) -> None:
        zeroconf: Zeroconf | None = None
        browser: ServiceBrowser | None = None
        try:
            zeroconf = Zeroconf(interfaces=_zeroconf_interfaces(self._interfaces))
            browser = ServiceBrowser(zeroconf, SERVICE_TYPE, listener=_Listener(self.tables))
        except Exception as error:  # nothing may stop the screen
            self._disable(error)
            _close_quietly(zeroconf)
            return
        with self._changed:
            self._state = State.RUNNING
            self._changed.notify_all()
            self._changed.wait_for(lambda: self._closing)
        try:
            browser.cancel()
        except Exception as error:
            log.debug("the table browser did not stop cleanly: %s", _describe(error))
        _close_quietly(zeroconf)
        self.tables.clear()
        with self._changed:
            self._state = State.CLOSED
            self._changed.notify_all()


# ---------------------------------------------------------------- both


def _start_thread(target: Callable[[], None], name: str,
                  disable: Callable[[BaseException], None]) -> threading.Thread | None:
    thread = threading.Thread(target=target, name=name, daemon=True)
    try:
        thread.start()
    except RuntimeError as error:  # no thread can be started (a process at its limit)
        disable(error)
        return None
    return thread


def _zeroconf_interfaces(interfaces: Interfaces) -> InterfaceChoice | list[str]:
    return interfaces if isinstance(interfaces, InterfaceChoice) else list(interfaces)


def _close_quietly(zeroconf: Zeroconf | None) -> None:
    if zeroconf is None:
        return
    try:
        zeroconf.close()
    except Exception as error:
        log.debug("zeroconf did not close cleanly: %s", _describe(error))


def _describe(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}" if str(error) else type(error).__name__


def _log_disabled(what: str, error: BaseException) -> None:
    log.warning("%s (others must type the address): %s", what, _describe(error))
