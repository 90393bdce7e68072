"""Finding tables on the local network (game/net/discovery.py).

The record a host advertises (only the listed keys, never the table code), a hostile record
read field by field (each refusal names its field, so a check that stopped working fails its
own case), the list the screen polls, and that discovery never stops a table: a Zeroconf that
cannot start, register or update leaves an advertiser or browser *disabled*, logged, without an
exception. The end-to-end tests advertise and browse over multicast on 127.0.0.1 and are
skipped, with the reason, where a multicast datagram sent there does not come back (detected
with plain sockets before the tests, not guessed).
"""

from __future__ import annotations

import logging
import os
import socket
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any, ClassVar

import pytest
from zeroconf import EventLoopBlocked, NonUniqueNameException, ServiceInfo, Zeroconf

from game.core.config import SeatKind
from game.core.errors import MalformedInput
from game.match.flow import INSTANT, TableFlow
from game.match.match import Match
from game.net import discovery
from game.net.discovery import (
    DEFAULT_NAME,
    KEYS,
    MAX_TABLES,
    MAX_TXT_BYTES,
    SERVICE_TYPE,
    Advertiser,
    Browser,
    FoundTable,
    State,
    TableAd,
    TableList,
    found_table,
    service_info,
    txt_properties,
)
from game.net.protocol import NAME_LENGTH, VERSION
from game.net.table import HostTable
from game.rules.registry import descriptor, playable

GAME = playable()[0]
FINGERPRINT = "3F2A 09C1 77D0 B3E4 " + " ".join(["0123"] * 12)
SHORT = "3F2A 09C1 77D0 B3E4"
HOST = "3f2a09c177d0b3e4"
NAME = f"Ana.{SERVICE_TYPE}"
WAIT = 10.0
"""Seconds any test waits for a thread or the network before failing (nothing hangs)."""


def ad(**changes: Any) -> TableAd:
    fields: dict[str, Any] = {"name": "Ana", "game": GAME, "port": 4242, "seats_taken": 1,
                              "seats": 2, "fingerprint": FINGERPRINT,
                              "addresses": ("192.168.1.20",)}
    fields.update(changes)
    return TableAd(**fields)


def good_txt() -> dict[str, bytes | None]:
    return {"v": str(VERSION).encode(), "game": GAME.encode(), "name": b"Ana",
            "taken": b"1", "seats": b"2", "fp": SHORT.encode(), "host": HOST.encode()}


def pack(items: dict[str, bytes | None]) -> bytes:
    """A TXT record byte for byte (a hostile peer writes what it likes)."""
    out = b""
    for key, value in items.items():
        item = key.encode() if value is None else key.encode() + b"=" + value
        out += bytes((len(item),)) + item
    return out


def info(txt: bytes | dict[str, bytes | None] | None = None, *, port: int | None = 4242,
         addresses: tuple[str, ...] = ("192.168.1.20",), name: str = NAME) -> ServiceInfo:
    raw = pack(good_txt() if txt is None else txt) if not isinstance(txt, bytes) else txt
    return ServiceInfo(SERVICE_TYPE, name, port=port, properties=raw,
                       parsed_addresses=list(addresses))


def with_(**changes: bytes | None) -> bytes:
    txt = good_txt()
    txt.update(changes)
    return pack(txt)


def without(key: str) -> bytes:
    txt = good_txt()
    del txt[key]
    return pack(txt)


def until(check: Callable[[], bool], timeout: float = WAIT) -> bool:
    end = time.monotonic() + timeout
    while not check():
        if time.monotonic() > end:
            return False
        time.sleep(0.02)
    return True


# ------------------------------------------------------------------ the advertised record


def test_the_record_holds_the_listed_keys_and_reads_back_as_the_same_table() -> None:
    record = service_info(ad())
    assert record.properties == {b"v": str(VERSION).encode(), b"game": GAME.encode(),
                                 b"name": b"Ana", b"taken": b"1", b"seats": b"2",
                                 b"fp": SHORT.encode(), b"host": HOST.encode()}
    assert tuple(key.decode() for key in record.properties) == KEYS
    assert record.name == f"Mecha Corta {HOST}.{SERVICE_TYPE}"
    assert record.server == f"mechacorta-{HOST}.local."
    assert found_table(record) == FoundTable("Ana", GAME, "192.168.1.20", 4242, 1, 2, SHORT,
                                             HOST, VERSION)


def test_the_record_never_holds_the_table_code() -> None:
    """The code is the key to join and anyone on the network reads the record: neither the
    TXT record nor the names made for it carry it, in any case (nor does any key but the
    listed ones)."""
    for code in ("KMN7PQ", "XYZWVU", "RST9HJ"):
        kinds = (SeatKind.PERSON, SeatKind.PERSON, SeatKind.PERSON)
        table = HostTable(TableFlow(Match(descriptor(GAME).table(kinds), 7), INSTANT), (1, 2),
                          code, {0: "Ana"})
        record = service_info(TableAd.for_table(table, name="Ana", port=4242,
                                                fingerprint=FINGERPRINT,
                                                addresses=("10.0.0.5",)))
        assert found_table(record).seats == 2 and found_table(record).seats_taken == 0
        public = [record.text, record.name.encode(), (record.server or "").encode()]
        for variant in (code, code.lower(), "-".join((code[:3], code[3:]))):
            assert all(variant.encode() not in part for part in public), variant
        assert set(record.properties) == {key.encode() for key in KEYS}


def test_a_name_is_cleaned_cut_and_a_missing_one_replaced() -> None:
    assert txt_properties(ad(name="  Ana\x1b[31m\u202e  Bo "))[b"name"] == b"Ana [31m Bo"
    assert txt_properties(ad(name="\u00f1" * 50))[b"name"] == ("\u00f1" * NAME_LENGTH).encode()
    assert txt_properties(ad(name="\x00\n "))[b"name"] == DEFAULT_NAME.encode()


@pytest.mark.parametrize("changes", [
    {"seats_taken": 3, "seats": 2}, {"seats_taken": -1}, {"seats": 0, "seats_taken": 0},
    {"seats": 17}, {"port": 0}, {"port": 70000}, {"addresses": ()},
    {"addresses": ("not an address",)}, {"fingerprint": "3F2A"}, {"game": "Big Game"},
], ids=str)
def test_an_ad_that_cannot_be_advertised_is_a_value_error(changes: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        service_info(ad(**changes))


# ------------------------------------------------------------------ reading a hostile record


@pytest.mark.parametrize(("record", "field"), [
    *[(info(without(key)), f"{key}: missing") for key in KEYS],
    (info(with_(v=None)), "v: missing"),
    (info(with_(v=b"abc")), "v: not a number"),
    (info(with_(v=b"-1")), "v: not a number"),
    (info(with_(v=b"+1")), "v: not a number"),
    (info(with_(v=b" 1")), "v: not a number"),
    (info(with_(v=b"1.0")), "v: not a number"),
    (info(with_(v=b"01")), "v: not a number"),
    (info(with_(v=b"0x1")), "v: not a number"),
    (info(with_(v="\u0661".encode())), "v: not a number"),  # an Arabic-Indic one: int() reads it
    (info(with_(v=b"0")), "v: 0 is out of range"),
    (info(with_(v=b"9" * 200)), "v: 200 bytes"),
    (info(with_(game=b"")), "game: not a game id"),
    (info(with_(game=b"Big Game")), "game: not a game id"),
    (info(with_(game=b"g" * 40)), "game: 40 bytes"),
    (info(with_(game=b"\xff\xfe")), "game: not UTF-8"),
    (info(with_(name=b"\xc3\x28")), "name: not UTF-8"),
    (info(with_(name=b"\x1b\x00 \n")), "name: empty"),
    (info(with_(name=b"A" * 250)), "name: 250 bytes"),
    (info(with_(seats=b"0", taken=b"0")), "seats: 0 is out of range"),
    (info(with_(seats=b"17")), "seats: 17 is out of range"),
    (info(with_(seats=b"-2")), "seats: not a number"),
    (info(with_(taken=b"-1")), "taken: not a number"),
    (info(with_(taken=b"3")), "taken: 3 is out of range"),
    (info(with_(fp=SHORT.lower().encode())), "fp: not a short fingerprint"),
    (info(with_(fp=SHORT.replace(" ", ":").encode())), "fp: not a short fingerprint"),
    (info(with_(fp=SHORT.encode() + b" 0123")), "fp: 24 bytes"),
    (info(with_(host=HOST.upper().encode())), "host: not a host id"),
    (info(with_(host=HOST[:-1].encode())), "host: not a host id"),
    (info(with_(host=b"z" * 16)), "host: not a host id"),
    (info(with_(**{f"x{i}": b"y" * 40 for i in range(10)})), "TXT record of"),
    (info(port=None), "port: None"),
    (info(port=0), "port: 0"),
    (info(addresses=()), "no address to join"),
    (info(addresses=("0.0.0.0", "224.0.0.251", "ff02::fb", "240.0.0.1")),
     "no address to join"),
    (info(b"\xff" * 300), "v: missing"),  # a TXT record that is not one
], ids=lambda value: value if isinstance(value, str) else "")
def test_a_malformed_record_is_refused_naming_its_field(record: ServiceInfo,
                                                         field: str) -> None:
    with pytest.raises(MalformedInput, match=f"^{field}"):
        found_table(record)


def test_a_record_is_limited_to_its_size() -> None:
    room = MAX_TXT_BYTES - len(pack(good_txt())) - 2 * 4  # two items: length, "pN="
    pads: dict[str, bytes | None] = {"p1": b"p" * (room // 2), "p2": b"p" * (room - room // 2)}
    assert len(pack(good_txt() | pads)) == MAX_TXT_BYTES
    assert found_table(info(good_txt() | pads)).name == "Ana"
    with pytest.raises(MalformedInput, match=r"^TXT record of 401 bytes"):
        found_table(info(good_txt() | pads | {"p2": b"p" * (room - room // 2 + 1)}))


def test_what_a_hostile_name_hides_is_cleaned_and_unknown_keys_are_ignored() -> None:
    table = found_table(info(with_(name="Bo\u202e\x07 \u00d1  x".encode(), extra=b"1",
                                   flag=None)))
    assert table.name == "Bo \u00d1 x"
    assert found_table(info(with_(name=("\U0001f600" * 24).encode()))).name == (
        "\U0001f600" * NAME_LENGTH)


def test_a_game_or_a_version_this_computer_lacks_is_listed_but_not_playable() -> None:
    mine = found_table(info())
    assert mine.playable and mine.known_game and mine.same_version and not mine.full
    newer_game = found_table(info(with_(game=b"a-game-from-later")))
    assert newer_game.game == "a-game-from-later"
    assert not newer_game.known_game and not newer_game.playable and newer_game.same_version
    newer = found_table(info(with_(v=str(VERSION + 1).encode())))
    assert newer.version == VERSION + 1 and not newer.same_version and not newer.playable
    assert found_table(info(with_(taken=b"2"))).full


def test_the_address_to_join_prefers_ipv4_and_a_real_network_over_loopback() -> None:
    assert found_table(info(addresses=("fd00::2", "127.0.0.1", "10.1.2.3"))).address == (
        "10.1.2.3")
    assert found_table(info(addresses=("127.0.0.1", "fd00::2"))).address == "fd00::2"
    assert found_table(info(addresses=("0.0.0.0", "127.0.0.1"))).address == "127.0.0.1"


# ------------------------------------------------------------------ the list the screen reads


def test_the_list_adds_updates_and_removes_and_keeps_its_snapshot_until_a_change() -> None:
    tables = TableList()
    assert tables.snapshot() == () and tables.changes == 0
    tables.seen("b", info(with_(name=b"Bo")))
    tables.seen("a", info())
    first = tables.snapshot()
    assert [t.name for t in first] == ["Ana", "Bo"] and tables.changes == 2
    tables.seen("a", info())  # the same record again: nothing changed
    assert tables.snapshot() is first and tables.changes == 2
    tables.seen("a", info(with_(taken=b"2")))
    assert tables.snapshot()[0].seats_taken == 2 and tables.changes == 3
    tables.seen("a", info(with_(seats=b"-1")))  # turned malformed: off the list
    assert [t.name for t in tables.snapshot()] == ["Bo"] and tables.ignored == 1
    tables.seen("b", None)  # could not be resolved any more
    tables.seen("c", info(with_(name=b"Cy")))
    tables.gone("c")
    tables.gone("never seen")
    assert tables.snapshot() == () and tables.changes == 7


def test_the_list_keeps_at_most_its_limit_of_tables() -> None:
    tables = TableList()
    for n in range(MAX_TABLES + 5):
        tables.seen(f"t{n}", info(with_(name=f"T{n}".encode())))
    assert len(tables.snapshot()) == MAX_TABLES and tables.ignored == 5
    tables.seen("t0", info(with_(name=b"T0", taken=b"0")))  # one already listed still updates
    assert next(t for t in tables.snapshot() if t.name == "T0").seats_taken == 0
    tables.gone("t1")
    tables.seen(f"t{MAX_TABLES}", info(with_(name=b"Late")))
    assert "Late" in {t.name for t in tables.snapshot()}


def test_the_list_is_read_while_other_threads_write_it() -> None:
    tables = TableList()
    errors: list[BaseException] = []
    records = [info(with_(name=f"T{n}".encode())) for n in range(8)]

    def write(offset: int) -> None:
        try:
            for round_ in range(300):
                service = f"s{(offset + round_) % 8}"
                tables.seen(service, records[(offset + round_) % 8])
                if round_ % 3 == 0:
                    tables.gone(service)
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    writers = [threading.Thread(target=write, args=(n,)) for n in range(4)]
    for writer in writers:
        writer.start()
    while any(w.is_alive() for w in writers):
        snapshot = tables.snapshot()
        assert len({t.name for t in snapshot}) == len(snapshot) <= 8
        assert list(snapshot) == sorted(snapshot, key=lambda t: t.name)
    for writer in writers:
        writer.join(WAIT)
    assert errors == []


class _Resolver:
    """What the listener needs of a Zeroconf: ``get_service_info``."""

    def __init__(self, answer: ServiceInfo | Exception | None) -> None:
        self.answer = answer

    def get_service_info(self, type_: str, name: str, timeout: int) -> ServiceInfo | None:
        assert type_ == SERVICE_TYPE and timeout <= 5000
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer


def test_the_listener_survives_what_zeroconf_throws_and_follows_goodbyes() -> None:
    tables = TableList()
    listener = discovery._Listener(tables)
    zc: Any = _Resolver(info())
    listener.add_service(zc, SERVICE_TYPE, NAME)
    assert [t.name for t in tables.snapshot()] == ["Ana"]
    fewer: Any = _Resolver(info(with_(taken=b"0")))
    listener.update_service(fewer, SERVICE_TYPE, NAME)
    assert tables.snapshot()[0].seats_taken == 0
    for failure in (RuntimeError("closing"), EventLoopBlocked(), OSError("down")):
        failing: Any = _Resolver(failure)
        listener.update_service(failing, SERVICE_TYPE, NAME)
        assert tables.snapshot() == ()
        listener.add_service(zc, SERVICE_TYPE, NAME)
    nothing: Any = _Resolver(None)
    listener.add_service(nothing, SERVICE_TYPE, "other")
    listener.remove_service(zc, SERVICE_TYPE, NAME)
    assert tables.snapshot() == ()


# ------------------------------------------------------------------ never stopping a table


class FakeZeroconf:
    """A Zeroconf that records what it is asked (and fails where a test says)."""

    made: ClassVar[list[FakeZeroconf]] = []

    def __init__(self, interfaces: Any = None, *, register: Exception | None = None,
                 update: Exception | None = None,
                 hold: threading.Event | None = None) -> None:
        self.interfaces = interfaces
        self.calls: list[tuple[str, Any]] = []
        self._register, self._update, self._hold = register, update, hold
        FakeZeroconf.made.append(self)

    def register_service(self, info: ServiceInfo, allow_name_change: bool = False) -> None:
        if self._hold is not None:
            assert self._hold.wait(WAIT)
        if self._register is not None:
            raise self._register
        self.calls.append(("register", dict(info.properties)))

    def update_service(self, info: ServiceInfo) -> None:
        if self._update is not None:
            raise self._update
        self.calls.append(("update", dict(info.properties)))

    def unregister_service(self, info: ServiceInfo) -> None:
        self.calls.append(("unregister", info.name))

    def close(self) -> None:
        self.calls.append(("close", None))


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., None]]:
    FakeZeroconf.made = []

    def use(**behaviour: Any) -> None:
        monkeypatch.setattr(discovery, "Zeroconf",
                            lambda interfaces: FakeZeroconf(interfaces, **behaviour))

    yield use


def _refuse(*args: Any, **kwargs: Any) -> Zeroconf:
    raise OSError(19, "No such device")


def test_an_advertiser_whose_zeroconf_cannot_start_is_disabled_not_raised(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(discovery, "Zeroconf", _refuse)
    with caplog.at_level(logging.WARNING, logger=discovery.__name__):
        advertiser = Advertiser(ad(), interfaces=["127.0.0.1"])
        assert advertiser.wait(WAIT) is State.DISABLED
    assert advertiser.disabled and advertiser.published is None
    assert advertiser.problem == "OSError: [Errno 19] No such device"
    assert "others must type the address" in caplog.text
    advertiser.set_seats(2)
    advertiser.close()
    assert advertiser.state is State.DISABLED


def test_a_browser_whose_zeroconf_cannot_start_is_disabled_not_raised(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(discovery, "Zeroconf", _refuse)
    with caplog.at_level(logging.WARNING, logger=discovery.__name__):
        browser = Browser(interfaces=["127.0.0.1"])
        assert browser.wait(WAIT) is State.DISABLED
    assert browser.disabled and browser.snapshot() == ()
    assert "OSError" in (browser.problem or "")
    assert "tables on the network cannot be found" in caplog.text
    browser.close()


def test_no_thread_to_start_is_disabled_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_thread(self: threading.Thread) -> None:
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", no_thread)
    advertiser, browser = Advertiser(ad()), Browser()
    assert advertiser.disabled and browser.disabled
    advertiser.close()
    browser.close()


@pytest.mark.parametrize("failure", [NonUniqueNameException(), EventLoopBlocked(),
                                     OSError("sendto"), RuntimeError("no loop")], ids=repr)
def test_a_registration_that_fails_disables_and_closes_zeroconf(
        fake: Callable[..., None], failure: Exception) -> None:
    fake(register=failure)
    advertiser = Advertiser(ad())
    assert advertiser.wait(WAIT) is State.DISABLED
    assert type(failure).__name__ in (advertiser.problem or "")
    assert FakeZeroconf.made[0].calls == [("close", None)]


def test_an_ad_that_cannot_be_built_disables_the_advertiser(fake: Callable[..., None]) -> None:
    fake()
    advertiser = Advertiser(ad(addresses=()))
    assert advertiser.wait(WAIT) is State.DISABLED
    assert advertiser.problem == "ValueError: no address to advertise"


def test_the_advertiser_never_blocks_and_sends_the_latest_seats_then_says_goodbye(
        fake: Callable[..., None]) -> None:
    hold = threading.Event()
    fake(hold=hold)
    started = time.monotonic()
    advertiser = Advertiser(ad(seats_taken=0), interfaces=["127.0.0.1"])
    advertiser.set_seats(1)  # while still registering (which takes a second or two)
    advertiser.set_seats(2, 3)
    registering = advertiser.state
    assert time.monotonic() - started < 1.0 and registering is State.STARTING
    hold.set()
    assert advertiser.wait(WAIT) is State.RUNNING
    assert until(lambda: advertiser.published == ad(seats_taken=2, seats=3))
    advertiser.close()
    assert advertiser.state is State.CLOSED
    zc = FakeZeroconf.made[0]
    assert zc.interfaces == ["127.0.0.1"]
    kinds = [kind for kind, _ in zc.calls]
    assert kinds[0] == "register" and kinds[-2:] == ["unregister", "close"]
    assert zc.calls[0][1][b"taken"] == b"0"
    updates = [props for kind, props in zc.calls if kind == "update"]
    assert updates and updates[-1][b"taken"] == b"2" and updates[-1][b"seats"] == b"3"
    assert zc.calls[-2][1] == f"Mecha Corta {HOST}.{SERVICE_TYPE}"


def test_an_update_that_fails_is_logged_and_the_table_still_advertised(
        fake: Callable[..., None], caplog: pytest.LogCaptureFixture) -> None:
    fake(update=EventLoopBlocked())
    advertiser = Advertiser(ad())
    assert advertiser.wait(WAIT) is State.RUNNING
    with caplog.at_level(logging.WARNING, logger=discovery.__name__):
        advertiser.set_seats(2)
        assert until(lambda: "could not be updated" in caplog.text)
        advertiser.set_seats(5)  # more seats than open: cannot be advertised, logged too
        assert until(lambda: caplog.text.count("could not be updated") == 2)
    assert advertiser.state is State.RUNNING and advertiser.published == ad()
    advertiser.close()
    assert [kind for kind, _ in FakeZeroconf.made[0].calls] == ["register", "unregister",
                                                                "close"]


# ------------------------------------------------------------------ over multicast on loopback


def _loopback_multicast() -> str | None:
    """``None`` when multicast works on 127.0.0.1 (a datagram sent to a group there comes
    back, and Zeroconf opens its sockets there); else why not."""
    group = "224.0.0.251"
    loopback = socket.inet_aton("127.0.0.1")
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as rx, \
                socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as tx:
            rx.bind(("", 0))
            rx.setsockopt(socket.IPPROTO_IP, socket.IP_ADD_MEMBERSHIP,
                          socket.inet_aton(group) + loopback)
            rx.settimeout(2.0)
            tx.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF, loopback)
            tx.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_LOOP, 1)
            tx.sendto(b"mecha corta probe", (group, rx.getsockname()[1]))
            if rx.recv(64) != b"mecha corta probe":
                return "another datagram came back"
    except OSError as error:
        return f"multicast on 127.0.0.1 does not work here: {error}"
    try:
        Zeroconf(interfaces=["127.0.0.1"]).close()
    except Exception as error:
        return f"Zeroconf cannot open its sockets on 127.0.0.1: {error!r}"
    return None


@pytest.fixture(scope="module")
def multicast() -> None:
    why = _loopback_multicast()
    if why is not None:
        pytest.skip(why)


def _fingerprint(seed: int) -> str:
    """A fingerprint of this test run's own: another run on this computer, browsing the same
    loopback at the same moment, does not confuse the tests."""
    return f"{seed:016X}" + "0" * 48


def test_a_table_is_found_updated_and_gone_over_multicast_on_loopback(multicast: None) -> None:
    run = int.from_bytes(os.urandom(8), "big")
    mine = f"{run:016x}"
    browser = Browser(interfaces=["127.0.0.1"])
    hostile = Zeroconf(interfaces=["127.0.0.1"])
    try:
        assert browser.wait(WAIT) is State.RUNNING
        # A peer advertising garbage under our type first: ignored, the browser goes on.
        rogue = ServiceInfo(SERVICE_TYPE, f"Rogue {mine}.{SERVICE_TYPE}", port=1,
                            properties=with_(seats=b"-4", host=mine.encode()),
                            parsed_addresses=["127.0.0.1"], server=f"rogue-{mine}.local.")
        hostile.register_service(rogue, cooperating_responders=True)
        assert until(lambda: browser.ignored >= 1)

        advertiser = Advertiser(ad(name="Ana", seats_taken=0, port=4243,
                                   fingerprint=_fingerprint(run), addresses=("127.0.0.1",)),
                                interfaces=["127.0.0.1"])
        assert advertiser.wait(WAIT) is State.RUNNING

        def ours() -> list[FoundTable]:
            return [t for t in browser.snapshot() if t.host_id == mine]

        assert until(lambda: len(ours()) == 1)
        assert ours()[0] == FoundTable("Ana", GAME, "127.0.0.1", 4243, 0, 2,
                                       " ".join(f"{run:016X}"[i:i + 4] for i in (0, 4, 8, 12)),
                                       mine, VERSION)
        advertiser.set_seats(2)
        assert until(lambda: bool(ours()) and ours()[0].full)
        advertiser.close()
        assert advertiser.state is State.CLOSED
        assert until(lambda: not ours(), 5.0)  # the goodbye, not the records' time to live
    finally:
        hostile.close()
        browser.close()
    assert browser.state is State.CLOSED and browser.snapshot() == ()
