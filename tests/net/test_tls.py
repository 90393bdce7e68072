"""Encryption between the computers at a table (game/net/tls.py), over real TLS on the loopback:
the host's identity is made once and kept (key 0600), a joining computer reads the same
fingerprint the host shows, a different certificate is reported as CHANGED and never silently
trusted, damaged files are set aside instead of crashing, a full disk is a clear error, and the
bytes on the wire do not show what was sent (while over plain ``ws://`` they do: the check can
fail)."""

from __future__ import annotations

import asyncio
import errno
import json
import logging
import os
import re
import ssl
import stat
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from websockets.asyncio.client import ClientConnection, connect
from websockets.asyncio.server import ServerConnection, serve

from game.core.errors import MalformedInput, MechaCortaError
from game.core.saves import write_atomic
from game.net import tls
from game.net.tls import (
    CERT_FILE,
    KEY_FILE,
    KNOWN_HOSTS_FILE,
    HostIdentity,
    IdentityNotSaved,
    KnownHosts,
    NotEncrypted,
    Trust,
    address_key,
    client_context,
    fingerprint_of,
    load_or_make_identity,
    normalise_fingerprint,
    server_context,
    short_fingerprint,
    transport_fingerprint,
)

LOOPBACK = "127.0.0.1"
SECRET = "SECRETCARD"
TIMEOUT = 10.0
SHOWN = r"[0-9A-F]{4}( [0-9A-F]{4}){15}"

VECTOR_PEM = """\
-----BEGIN CERTIFICATE-----
MIIBmzCCAUGgAwIBAgIUeai/0+n0gOLdLTIKzb4Bjjo8t5YwCgYIKoZIzj0EAwIw
IjEgMB4GA1UEAwwXTWVjaGEgQ29ydGEgdGVzdCB2ZWN0b3IwIBcNMjYxMjAxMjMy
MTQyWhgPMjEyNjExMDcyMzIxNDJaMCIxIDAeBgNVBAMMF01lY2hhIENvcnRhIHRl
c3QgdmVjdG9yMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAErPp9cMhxWPjPGGOf
HoEOZL75W9pps/GBecoRxgiF4ck18ldc45EOAbyFHSP04a31QjWtoGXm74CHYdC3
DXBz3qNTMFEwHQYDVR0OBBYEFCYwZDMz6PpJdbWcMfRHxtzBO65pMB8GA1UdIwQY
MBaAFCYwZDMz6PpJdbWcMfRHxtzBO65pMA8GA1UdEwEB/wQFMAMBAf8wCgYIKoZI
zj0EAwIDSAAwRQIgaNJ6Phzmob1bdeCqyB2yMbYh/6SR7rzxwHbhduQJctICIQDQ
Ww+hdSn5DkYmkC1QQLj45KWX8E9W0c9bmZkj5VCMCw==
-----END CERTIFICATE-----
"""
"""A certificate made once with the OpenSSL command line (``openssl req -x509 -newkey ec
-pkeyopt ec_paramgen_curve:P-256``), independent of the code under test."""
VECTOR_OPENSSL = ("E8:38:DD:B2:74:74:49:48:0C:39:40:12:EB:41:F1:50:"
                  "EF:EE:76:F3:91:D9:3A:2E:EA:FC:FF:84:B0:DD:E8:AA")
"""``openssl x509 -noout -fingerprint -sha256`` of it."""
VECTOR_SHOWN = ("E838 DDB2 7474 4948 0C39 4012 EB41 F150 "
                "EFEE 76F3 91D9 3A2E EAFC FF84 B0DD E8AA")


# ---------------------------------------------------------------- helpers


async def _echo(connection: ServerConnection) -> None:
    async for message in connection:
        await connection.send(message)


@asynccontextmanager
async def _server(identity: HostIdentity | None, port: int = 0) -> AsyncIterator[int]:
    """An echo server on the loopback, TLS with ``identity`` (plain without); yields its port.
    No compression, here and in :func:`_connect`: deflated frames would hide the text on a
    plain connection too, and the wire check must be able to fail."""
    context = None if identity is None else server_context(identity)
    async with serve(_echo, LOOPBACK, port, ssl=context, compression=None) as server:
        yield server.sockets[0].getsockname()[1]


def _connect(port: int, *, secure: bool = True,
             context: ssl.SSLContext | None = None) -> connect:
    scheme = "wss" if secure else "ws"
    ssl_context = (context or client_context()) if secure else None
    return connect(f"{scheme}://{LOOPBACK}:{port}", ssl=ssl_context, proxy=None,
                   compression=None, open_timeout=TIMEOUT, close_timeout=TIMEOUT)


async def _round_trip(client: ClientConnection, text: str) -> None:
    await client.send(text)
    assert await asyncio.wait_for(client.recv(), TIMEOUT) == text


async def _fingerprint_seen(identity: HostIdentity) -> str:
    async with _server(identity) as port, _connect(port) as client:
        await _round_trip(client, "hello")
        return transport_fingerprint(client.transport)


# ---------------------------------------------------------------- the identity


def test_an_identity_is_made_once_then_reused(tmp_path: Path) -> None:
    first = load_or_make_identity(tmp_path)
    assert first.cert_path == tmp_path / CERT_FILE and first.key_path == tmp_path / KEY_FILE
    assert re.fullmatch(SHOWN, first.fingerprint)
    cert_bytes, key_bytes = first.cert_path.read_bytes(), first.key_path.read_bytes()

    second = load_or_make_identity(tmp_path)
    assert second == first
    assert first.cert_path.read_bytes() == cert_bytes
    assert first.key_path.read_bytes() == key_bytes
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([CERT_FILE, KEY_FILE])

    cert = x509.load_pem_x509_certificate(cert_bytes)
    assert fingerprint_of(cert.public_bytes(serialization.Encoding.DER)) == first.fingerprint
    name = cert.subject.get_attributes_for_oid(x509.oid.NameOID.COMMON_NAME)
    assert [a.value for a in name] == ["Mecha Corta table"] and cert.issuer == cert.subject
    assert cert.not_valid_after_utc.year == 9999
    assert cert.not_valid_before_utc < datetime.now(UTC)
    key = serialization.load_pem_private_key(key_bytes, password=None)
    assert isinstance(key, ec.EllipticCurvePrivateKey)
    assert key.curve.name == "secp256r1"


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
def test_the_key_is_readable_by_its_owner_only(tmp_path: Path) -> None:
    identity = load_or_make_identity(tmp_path)
    assert stat.S_IMODE(identity.key_path.stat().st_mode) == 0o600
    identity.key_path.chmod(0o644)  # a copy from a backup
    assert load_or_make_identity(tmp_path) == identity
    assert stat.S_IMODE(identity.key_path.stat().st_mode) == 0o600


def test_two_folders_make_two_identities(tmp_path: Path) -> None:
    one = load_or_make_identity(tmp_path / "one")
    two = load_or_make_identity(tmp_path / "two")
    assert one.fingerprint != two.fingerprint


def _other_key_pem(tmp_path: Path) -> bytes:
    return load_or_make_identity(tmp_path / "other").key_path.read_bytes()


def _replace_by_folder(path: Path) -> None:
    path.unlink()
    path.mkdir()


DAMAGES: dict[str, Callable[[Path, HostIdentity], object]] = {
    "cert garbage": lambda tmp, me: me.cert_path.write_bytes(b"\x00\xffnot a certificate"),
    "key garbage": lambda tmp, me: me.key_path.write_text("-----BEGIN PRIVATE KEY-----\nAA\n"),
    "cert empty": lambda tmp, me: me.cert_path.write_bytes(b""),
    "cert truncated": lambda tmp, me: me.cert_path.write_bytes(me.cert_path.read_bytes()[:300]),
    "key of another": lambda tmp, me: me.key_path.write_bytes(_other_key_pem(tmp)),
    "key huge": lambda tmp, me: me.key_path.write_bytes(b"A" * (1 << 20)),
    "cert missing": lambda tmp, me: me.cert_path.unlink(),
    "key missing": lambda tmp, me: me.key_path.unlink(),
    "cert a folder": lambda tmp, me: _replace_by_folder(me.cert_path),
}


@pytest.mark.parametrize("damage", sorted(DAMAGES))
def test_a_damaged_identity_is_set_aside_and_made_again(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, damage: str) -> None:
    folder = tmp_path / "data"
    before = load_or_make_identity(folder)
    DAMAGES[damage](tmp_path, before)
    left = {p.name: (p.read_bytes() if p.is_file() else None) for p in folder.iterdir()}

    with caplog.at_level(logging.WARNING, "game.net.tls"):
        after = load_or_make_identity(folder)
    assert after.fingerprint != before.fingerprint
    assert "a new" in caplog.text
    # each file that was there is kept, renamed, as it was
    for name, content in left.items():
        stem, suffix = name.split(".")
        aside = folder / f"{stem}.damaged-1.{suffix}"
        assert aside.exists(), sorted(p.name for p in folder.iterdir())
        if content is not None:
            assert aside.read_bytes() == content
    assert load_or_make_identity(folder) == after  # the new one is usable and kept
    assert asyncio.run(_fingerprint_seen(after)) == after.fingerprint


def test_sets_aside_are_numbered(tmp_path: Path) -> None:
    for _ in range(2):
        identity = load_or_make_identity(tmp_path)
        identity.cert_path.write_text("damaged")
    load_or_make_identity(tmp_path)
    names = {p.name for p in tmp_path.iterdir()}
    assert {"host_cert.damaged-1.pem", "host_cert.damaged-2.pem",
            "host_key.damaged-1.pem", "host_key.damaged-2.pem"} <= names


def test_stale_temporary_files_are_removed(tmp_path: Path) -> None:
    identity = load_or_make_identity(tmp_path)
    stale = tmp_path / f".{KEY_FILE}.abc123.tmp"
    stale.write_text("half a key")
    assert load_or_make_identity(tmp_path) == identity
    assert not stale.exists()


def _failing_write(fail_at: int) -> Callable[[Path, str], None]:
    """A ``write_atomic`` whose ``fail_at``-th call (from 1) finds the disk full."""
    calls = []
    real = write_atomic

    def write(path: Path, text: str) -> None:
        calls.append(path)
        if len(calls) >= fail_at:
            raise OSError(errno.ENOSPC, "No space left on device", str(path))
        real(path, text)
    return write


@pytest.mark.parametrize("fail_at", [1, 2])
def test_a_full_disk_is_a_clear_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fail_at: int) -> None:
    monkeypatch.setattr(tls, "write_atomic", _failing_write(fail_at))
    with pytest.raises(IdentityNotSaved) as caught:
        load_or_make_identity(tmp_path)
    error = caught.value
    assert isinstance(error, OSError) and isinstance(error, MechaCortaError)
    assert error.errno == errno.ENOSPC
    assert str(error) == f"cannot keep the table's certificate in {tmp_path}: " \
                         "No space left on device"
    assert list(tmp_path.iterdir()) == []  # no half pair to set aside next time
    monkeypatch.undo()
    assert load_or_make_identity(tmp_path).fingerprint


def test_a_folder_that_is_a_file_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "data").write_text("")
    with pytest.raises(IdentityNotSaved) as caught:
        load_or_make_identity(tmp_path / "data")
    assert isinstance(caught.value, OSError)


# ---------------------------------------------------------------- fingerprints


def test_the_fingerprint_of_a_known_certificate() -> None:
    der = ssl.PEM_cert_to_DER_cert(VECTOR_PEM)
    assert fingerprint_of(der) == VECTOR_SHOWN
    assert normalise_fingerprint(VECTOR_OPENSSL) == VECTOR_SHOWN
    assert normalise_fingerprint(VECTOR_OPENSSL.lower().replace(":", "")) == VECTOR_SHOWN
    assert short_fingerprint(VECTOR_SHOWN) == "E838 DDB2 7474 4948"
    assert fingerprint_of(der + b"\x00") != VECTOR_SHOWN


@pytest.mark.parametrize("text", ["", "E838", VECTOR_SHOWN[:-1], VECTOR_SHOWN + "0",
                                  VECTOR_SHOWN.replace("E", "G"), "é" * 64])
def test_what_is_not_a_fingerprint_is_refused(text: str) -> None:
    with pytest.raises(MalformedInput):
        normalise_fingerprint(text)


def test_the_short_form_of_an_identity(tmp_path: Path) -> None:
    identity = load_or_make_identity(tmp_path)
    assert identity.short == identity.fingerprint[:19]
    assert len(identity.short.split(" ")) == 4


# ---------------------------------------------------------------- TLS on the loopback


def test_the_client_sees_the_fingerprint_the_host_shows(tmp_path: Path) -> None:
    identity = load_or_make_identity(tmp_path)
    server_side: list[str] = []

    async def handler(connection: ServerConnection) -> None:
        tls_object = connection.transport.get_extra_info("ssl_object")
        server_side.append(tls_object.version())
        with pytest.raises(NotEncrypted):  # the client shows no certificate
            transport_fingerprint(connection.transport)
        await _echo(connection)

    async def main() -> tuple[str, str | None]:
        async with serve(handler, LOOPBACK, 0, ssl=server_context(identity)) as server:
            port = server.sockets[0].getsockname()[1]
            async with _connect(port) as client:
                await _round_trip(client, f"hand: {SECRET}")
                tls_object = client.transport.get_extra_info("ssl_object")
                assert isinstance(tls_object, ssl.SSLObject)
                return transport_fingerprint(client.transport), tls_object.version()

    seen, version = asyncio.run(main())
    assert seen == identity.fingerprint
    assert version == server_side[0] == "TLSv1.3"


def test_a_plain_connection_has_no_fingerprint() -> None:
    async def main() -> None:
        async with _server(None) as port, _connect(port, secure=False) as client:
            await _round_trip(client, "hello")
            with pytest.raises(NotEncrypted):
                transport_fingerprint(client.transport)

    asyncio.run(main())


def test_older_tls_is_refused(tmp_path: Path) -> None:
    identity = load_or_make_identity(tmp_path)
    assert server_context(identity).minimum_version == tls.MINIMUM_TLS
    assert client_context().minimum_version == tls.MINIMUM_TLS
    if not ssl.HAS_TLSv1_3:
        pytest.skip("this OpenSSL has no TLS 1.3")
    old = client_context()
    old.minimum_version = ssl.TLSVersion.TLSv1_2
    old.maximum_version = ssl.TLSVersion.TLSv1_2

    async def main() -> None:
        async with _server(identity) as port:
            with pytest.raises(OSError):  # an SSLError or a reset, as the timing falls
                async with _connect(port, context=old):
                    pass

    asyncio.run(main())


def test_a_different_certificate_is_reported_changed(tmp_path: Path) -> None:
    """The same address answered by another certificate (a new identity, or a computer
    pretending to be the host): CHANGED, and the remembered one stays until the person
    accepts the new one."""
    real = load_or_make_identity(tmp_path / "host")
    other = load_or_make_identity(tmp_path / "impostor")
    known = KnownHosts(tmp_path / "client")

    async def seen_at(identity: HostIdentity, port: int) -> tuple[int, str]:
        async with _server(identity, port) as bound, _connect(bound) as client:
            await _round_trip(client, "hello")
            return bound, transport_fingerprint(client.transport)

    port, first = asyncio.run(seen_at(real, 0))
    host = address_key(LOOPBACK, port)
    assert known.check(host, first) is Trust.NEW
    _, again = asyncio.run(seen_at(real, port))
    assert known.check(host, again) is Trust.SAME
    _, changed = asyncio.run(seen_at(other, port))
    assert changed == other.fingerprint != real.fingerprint
    assert known.check(host, changed) is Trust.CHANGED
    assert known.check(host, changed) is Trust.CHANGED  # not remembered by checking
    assert KnownHosts(tmp_path / "client").known(host) == real.fingerprint

    assert known.remember(host, changed)
    assert KnownHosts(tmp_path / "client").check(host, changed) is Trust.SAME
    assert KnownHosts(tmp_path / "client").check(host, real.fingerprint) is Trust.CHANGED


# ---------------------------------------------------------------- the wire


@asynccontextmanager
async def _relay(target_port: int, captured: bytearray) -> AsyncIterator[int]:
    """A TCP relay on the loopback that forwards to ``target_port`` and records every byte
    both ways; yields its own port."""
    tasks: set[asyncio.Task[None]] = set()

    async def pump(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while data := await reader.read(65536):
                captured.extend(data)
                writer.write(data)
                await writer.drain()
        except ConnectionError:
            pass
        finally:
            writer.close()

    async def on_client(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection(LOOPBACK, target_port)
        for task in (asyncio.create_task(pump(reader, up_writer)),
                     asyncio.create_task(pump(up_reader, writer))):
            tasks.add(task)

    relay = await asyncio.start_server(on_client, LOOPBACK, 0)
    try:
        yield relay.sockets[0].getsockname()[1]
    finally:
        relay.close()
        await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), TIMEOUT)
        await relay.wait_closed()


async def _captured(identity: HostIdentity | None) -> bytes:
    captured = bytearray()
    async with _server(identity) as port, _relay(port, captured) as relay_port, \
            _connect(relay_port, secure=identity is not None) as client:
        await _round_trip(client, f"my hand: {SECRET}, a wire cutter")
        await client.send(SECRET.encode())  # a binary frame too
        assert await asyncio.wait_for(client.recv(), TIMEOUT) == SECRET.encode()
    return bytes(captured)


def test_what_is_sent_is_not_on_the_wire(tmp_path: Path) -> None:
    encrypted = asyncio.run(_captured(load_or_make_identity(tmp_path)))
    assert len(encrypted) > 1000  # the handshake and the messages went through the relay
    assert SECRET.encode() not in encrypted
    assert b"Upgrade: websocket" not in encrypted  # nor the HTTP upgrade around it


def test_the_wire_check_finds_plain_text() -> None:
    """Without TLS the same capture shows the message: the check above can fail."""
    plain = asyncio.run(_captured(None))
    assert SECRET.encode() in plain  # the echo: a client's own frames are masked, a server's not
    assert b"Upgrade: websocket" in plain


# ---------------------------------------------------------------- known hosts


FP_A = VECTOR_SHOWN
FP_B = normalise_fingerprint("AB" * 32)


def test_known_hosts_new_same_changed_and_the_file(tmp_path: Path) -> None:
    known = KnownHosts(tmp_path)
    assert known.known("table-1") is None
    assert known.check("table-1", FP_A) is Trust.NEW
    assert known.check("table-1", FP_A.lower().replace(" ", ":")) is Trust.SAME
    assert known.check("table-1", FP_B) is Trust.CHANGED
    assert known.check("table-2", FP_B) is Trust.NEW
    data = json.loads((tmp_path / KNOWN_HOSTS_FILE).read_text())
    assert data == {"format": "mecha-corta-known-hosts", "version": 1,
                    "hosts": {"table-1": FP_A, "table-2": FP_B}}
    assert known.forget("table-1")
    assert KnownHosts(tmp_path).check("table-1", FP_B) is Trust.NEW
    assert sorted(p.name for p in tmp_path.iterdir()) == [KNOWN_HOSTS_FILE]


@pytest.mark.parametrize("bad", ["", " ", "x" * 257, "a\nb"])
def test_a_bad_host_key_is_refused(tmp_path: Path, bad: str) -> None:
    with pytest.raises(MalformedInput):
        KnownHosts(tmp_path).check(bad, FP_A)


def test_address_keys() -> None:
    assert address_key("192.168.1.20", 8765) == "192.168.1.20:8765"
    assert address_key(" Mesa.Local ", 80) == "mesa.local:80"
    assert address_key("fe80::1", 8765) == address_key("[FE80::1]", 8765) == "[fe80::1]:8765"


DAMAGED_FILES: dict[str, bytes] = {
    "not utf-8": b"\xff\xfe\x00",
    "not json": b"{hosts",
    "a list": b"[]",
    "another format": json.dumps({"format": "x", "version": 1, "hosts": {}}).encode(),
    "a newer version": json.dumps({"format": "mecha-corta-known-hosts", "version": 2,
                                   "hosts": {}}).encode(),
    "hosts a list": json.dumps({"format": "mecha-corta-known-hosts", "version": 1,
                                "hosts": []}).encode(),
    "nested deeply": b"[" * 100_000,
    "huge": b" " * (1 << 20) + b"{}",
}


@pytest.mark.parametrize("damage", sorted(DAMAGED_FILES))
def test_a_damaged_known_hosts_file_is_set_aside(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, damage: str) -> None:
    (tmp_path / KNOWN_HOSTS_FILE).write_bytes(DAMAGED_FILES[damage])
    known = KnownHosts(tmp_path)
    with caplog.at_level(logging.WARNING, "game.net.tls"):
        assert known.check("table-1", FP_A) is Trust.NEW
    assert "damaged" in caplog.text
    assert known.set_aside_as == tmp_path / "known_hosts.damaged-1.json"
    assert known.set_aside_as.read_bytes() == DAMAGED_FILES[damage]
    assert KnownHosts(tmp_path).check("table-1", FP_A) is Trust.SAME
    assert KnownHosts(tmp_path).set_aside_as is None


def test_bad_entries_are_dropped_the_rest_kept(tmp_path: Path) -> None:
    (tmp_path / KNOWN_HOSTS_FILE).write_text(json.dumps({
        "format": "mecha-corta-known-hosts", "version": 1,
        "hosts": {"good": FP_A, "short": "ABCD", "number": 7, "": FP_B}}))
    known = KnownHosts(tmp_path)
    assert known.check("good", FP_B) is Trust.CHANGED
    assert known.check("short", FP_B) is Trust.NEW
    assert known.set_aside_as is None
    assert json.loads((tmp_path / KNOWN_HOSTS_FILE).read_text())["hosts"] == {
        "good": FP_A, "short": FP_B}


def test_a_known_hosts_file_that_cannot_be_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    known = KnownHosts(tmp_path)
    monkeypatch.setattr(tls, "write_atomic", _failing_write(1))
    assert known.check("table-1", FP_A) is Trust.NEW
    assert known.failing
    assert known.check("table-1", FP_A) is Trust.SAME  # remembered for this run
    assert known.check("table-1", FP_B) is Trust.CHANGED
    assert not known.remember("table-2", FP_B)
    monkeypatch.undo()
    assert known.check("table-3", FP_A) is Trust.NEW  # the disk works again: all written
    assert not known.failing
    fresh = KnownHosts(tmp_path)
    assert fresh.known("table-1") == FP_A and fresh.known("table-2") == FP_B


def test_the_oldest_hosts_go_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tls, "MAX_KNOWN_HOSTS", 3)
    known = KnownHosts(tmp_path)
    for name in ("a", "b", "c"):
        known.check(name, FP_A)
    known.remember("a", FP_B)  # remembered again: the newest now
    known.check("d", FP_A)
    assert [KnownHosts(tmp_path).known(n) for n in "abcd"] == [FP_B, None, FP_A, FP_A]
