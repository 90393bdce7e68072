"""Encryption between the computers at a table: TLS with a certificate the host makes itself.

There is no certificate authority on a home network and no internet to reach one, so the host
makes one self-signed certificate, once, and keeps it (:func:`load_or_make_identity`); its
*fingerprint* (the SHA-256 of the certificate's DER bytes) is what the people compare: the host's
lobby shows it, and so does the joining screen once it is connected. A joining computer does not
check the certificate against any authority (:func:`client_context`); it reads the fingerprint
of the certificate the other side sent (:func:`peer_fingerprint`,
:func:`transport_fingerprint`) and looks it up in :class:`KnownHosts`: the first time it is
remembered (:attr:`Trust.NEW`), later it must be the same (:attr:`Trust.SAME`), and a different
one (:attr:`Trust.CHANGED`) is a warning for the person, never overwritten silently. This is how
SSH trusts a server it meets the first time ("trust on first use").

The pinning happens after the TLS handshake, not inside it (Python's ``ssl`` has no hook to
refuse a certificate by its hash): the encryption is up, but the other side is not yet known to
be the right one. A client therefore checks the fingerprint right after connecting and before it
sends anything that matters (the table code, a seat's token, a name); the websocket upgrade
request that ``websockets.asyncio.client.connect`` sends on its own during the connection must
carry nothing of the kind (no code in the URI).

The fingerprint is shown as 64 upper-case hex digits in 16 groups of 4 separated by spaces
(``"3F2A 09C1 …"``). That is long to read aloud, so :func:`short_fingerprint` gives the first 4
groups (64 bits, ``"3F2A 09C1 77D0 B3E4"``): enough for two people to compare against a
neighbour on the same network, who would have to find a certificate whose hash starts with the
same 64 bits. Every comparison and :class:`KnownHosts` itself use the full fingerprint.

Files, in the folder the caller passes (the user's data folder): ``host_cert.pem`` and
``host_key.pem`` (PKCS#8, not encrypted: the program must start a table without a password;
mode 0600 on POSIX, like an SSH key), and ``known_hosts.json``. Every write is atomic
(``game.core.saves.write_atomic``, whose temporary file is created 0600). A certificate or key
that cannot be read, or a pair that does not belong together, is set aside as
``<name>.damaged-<n>.pem`` (as the autosave does with a damaged game) and a new identity is
made: the fingerprint then changes and the joining computers warn, which is right, since it is
a new certificate. A damaged ``known_hosts.json`` is set aside the same way and read as empty.
Nothing here crashes on a bad file; a disk that refuses the new identity raises
:class:`IdentityNotSaved` (an ``OSError``, with the disk's ``errno``).

Errors defined here (both under ``game.core.errors.MechaCortaError``): :class:`IdentityNotSaved`
(also ``OSError``) and :class:`NotEncrypted`. Warnings go to this module's logger.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import os
import re
import ssl
import stat
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from pathlib import Path
from typing import Any

from cryptography import x509
from cryptography.exceptions import UnsupportedAlgorithm
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from game.core.errors import MalformedInput, MechaCortaError, beyond_parser_limits
from game.core.files import read_bytes_capped, read_text_capped
from game.core.saves import remove_stale_temps, write_atomic
from game.match.autosave import set_aside

log = logging.getLogger(__name__)

CERT_FILE = "host_cert.pem"
KEY_FILE = "host_key.pem"
KNOWN_HOSTS_FILE = "known_hosts.json"

SUBJECT = "Mecha Corta table"
"""The certificate's subject and issuer (common name). Nothing checks it: the fingerprint is
what identifies a host."""
NOT_AFTER = datetime(9999, 12, 31, 23, 59, 59, tzinfo=UTC)
"""RFC 5280's "no well-defined expiration date": the certificate is the host's identity for
as long as the folder lives, and a new one would make every joining computer warn."""
BACKDATE = timedelta(days=1)
"""``not_valid_before`` is a day before the making, for a neighbour whose clock is behind."""
MAX_PEM_BYTES = 64 << 10
"""A P-256 key or certificate is under 1 KB; anything larger is not ours."""

FINGERPRINT_DIGITS = 64
GROUP = 4
SHORT_GROUPS = 4
"""The short fingerprint: 4 groups of 4 hex digits, 64 bits."""
_SEPARATORS = re.compile(r"[\s:\-]+")
_HEX = re.compile(r"[0-9A-F]{64}")

KNOWN_HOSTS_FORMAT = "mecha-corta-known-hosts"
KNOWN_HOSTS_VERSION = 1
MAX_HOST_KEY = 256
"""A host key longer than this is not an address or an id: refused (or dropped on reading)."""
MAX_KNOWN_HOSTS = 1000
"""Remembered hosts kept at most; the oldest remembered goes first. A home sees a handful."""


def _minimum_tls() -> ssl.TLSVersion:
    """TLS 1.3 when this Python's OpenSSL has it (every OpenSSL Python 3.11 builds with does),
    else 1.2. Both ends are this program, so nothing older is ever needed."""
    return ssl.TLSVersion.TLSv1_3 if ssl.HAS_TLSv1_3 else ssl.TLSVersion.TLSv1_2


MINIMUM_TLS = _minimum_tls()


# ---------------------------------------------------------------- errors


class IdentityNotSaved(MechaCortaError, OSError):
    """The host's new certificate or key could not be written (a full or read-only disk, a
    folder that is a file). ``errno`` is the disk's; ``folder`` where it was to go. No table
    can be hosted until it works: the caller tells the person in one line (``str(error)``)."""

    def __init__(self, folder: Path, cause: OSError) -> None:
        why = cause.strerror or type(cause).__name__
        self.message = f"cannot keep the table's certificate in {folder}: {why}"
        super().__init__(cause.errno, self.message)
        self.folder = folder

    def __str__(self) -> str:
        return self.message


class NotEncrypted(MechaCortaError):
    """A connection with no TLS, or whose other side sent no certificate: there is no
    fingerprint to check, so the connection must not be used for a table."""


# ---------------------------------------------------------------- fingerprints


def normalise_fingerprint(text: str) -> str:
    """``text`` in the shown form (16 groups of 4 upper-case hex digits, spaces between):
    any case, and spaces, colons or dashes anywhere, are accepted (a fingerprint copied from
    OpenSSL's ``AB:CD:…`` reads the same). :class:`MalformedInput` when it is not 64 hex
    digits."""
    digits = _SEPARATORS.sub("", text).upper()
    if _HEX.fullmatch(digits) is None:
        raise MalformedInput(f"not a SHA-256 fingerprint: {text[:80]!r}")
    return " ".join(digits[i:i + GROUP] for i in range(0, FINGERPRINT_DIGITS, GROUP))


def fingerprint_of(der: bytes) -> str:
    """The fingerprint of a certificate given as DER bytes (as ``getpeercert(True)`` gives
    it): SHA-256, upper-case hex, 16 groups of 4 separated by spaces."""
    return normalise_fingerprint(hashlib.sha256(der).hexdigest())


def short_fingerprint(fingerprint: str) -> str:
    """The first 4 groups of ``fingerprint`` (any accepted form), to read aloud."""
    return " ".join(normalise_fingerprint(fingerprint).split(" ")[:SHORT_GROUPS])


def peer_fingerprint(tls: ssl.SSLObject | ssl.SSLSocket) -> str:
    """The fingerprint of the certificate the other side of a finished handshake sent.
    :class:`NotEncrypted` when it sent none (a server always does; a client never does
    here)."""
    der = tls.getpeercert(binary_form=True)
    if not der:
        raise NotEncrypted("the other side sent no certificate")
    return fingerprint_of(der)


def transport_fingerprint(transport: asyncio.BaseTransport) -> str:
    """:func:`peer_fingerprint` of an asyncio connection; for a ``websockets`` connection
    pass ``connection.transport``. :class:`NotEncrypted` on a plain (``ws://``) one."""
    tls = transport.get_extra_info("ssl_object")
    if not isinstance(tls, ssl.SSLObject | ssl.SSLSocket):
        raise NotEncrypted("the connection is not encrypted")
    return peer_fingerprint(tls)


# ---------------------------------------------------------------- the host's identity


@dataclass(frozen=True, slots=True)
class HostIdentity:
    """The host's certificate and key on disk and the certificate's fingerprint (the full
    form: :func:`fingerprint_of`)."""

    cert_path: Path
    key_path: Path
    fingerprint: str

    @property
    def short(self) -> str:
        """The first 4 groups of the fingerprint, to read aloud (:func:`short_fingerprint`)."""
        return short_fingerprint(self.fingerprint)


class _Unusable(Exception):
    """Internal: the files on disk are not a usable identity (``str``: why, for the log)."""


def load_or_make_identity(folder: Path) -> HostIdentity:
    """The host's identity kept in ``folder``, made there the first time (an EC P-256 key and a
    self-signed certificate that does not expire). A certificate or key that cannot be read,
    one without the other, or a pair that does not belong together is set aside (both files,
    numbered ``.damaged-<n>``) and a new pair is made; a key file others may read is made
    0600 again (POSIX). Raises :class:`IdentityNotSaved` when the new pair cannot be
    written. Making a pair takes a few milliseconds."""
    cert_path = folder / CERT_FILE
    key_path = folder / KEY_FILE
    remove_stale_temps(cert_path)
    remove_stale_temps(key_path)
    present = [path for path in (cert_path, key_path) if _exists(path)]
    if len(present) == 2:
        try:
            fingerprint = _check_pair(cert_path, key_path)
        except _Unusable as why:
            log.warning("tls: the table's certificate is unusable (%s); a new one is made", why)
        else:
            _keep_private(key_path)
            return HostIdentity(cert_path, key_path, fingerprint)
    elif present:
        log.warning("tls: %s is there without %s; a new certificate is made", present[0].name,
                    (key_path if present[0] == cert_path else cert_path).name)
    for path in present:
        aside = set_aside(path)
        if aside is not None:
            log.warning("tls: %s set aside as %s", path.name, aside.name)
    return _make(folder, cert_path, key_path)


def _exists(path: Path) -> bool:
    """Something is at ``path`` (a file, or anything else that is in the way)."""
    try:
        path.lstat()
    except OSError:
        return False
    return True


def _check_pair(cert_path: Path, key_path: Path) -> str:
    """The certificate's fingerprint when both files read, parse and belong together, and
    OpenSSL accepts them for a server; :class:`_Unusable` otherwise."""
    try:
        cert_pem = read_bytes_capped(cert_path, MAX_PEM_BYTES)
        key_pem = read_bytes_capped(key_path, MAX_PEM_BYTES)
    except OSError as error:
        raise _Unusable(f"unreadable: {error.strerror or type(error).__name__}") from None
    try:
        cert = x509.load_pem_x509_certificate(cert_pem)
        key = serialization.load_pem_private_key(key_pem, password=None)
    except (ValueError, TypeError, UnsupportedAlgorithm) as error:  # not PEM, not a
        # certificate, an encrypted key, a key type cryptography does not know
        raise _Unusable(f"cannot be parsed: {type(error).__name__}") from None
    try:
        public = cert.public_key()
    except (ValueError, UnsupportedAlgorithm) as error:  # a key type it does not know
        raise _Unusable(f"certificate key: {type(error).__name__}") from None
    if public != key.public_key():
        raise _Unusable("the key is not the certificate's")
    try:
        ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER).load_cert_chain(cert_path, key_path)
    except (OSError, ValueError) as error:  # ssl.SSLError is an OSError
        raise _Unusable(f"refused by OpenSSL: {type(error).__name__}") from None
    return fingerprint_of(cert.public_bytes(serialization.Encoding.DER))


def _keep_private(key_path: Path) -> None:
    """On POSIX, the key file readable by its owner only (as SSH insists): a wider mode (a
    copy, a restore from a backup) is narrowed, logged. Elsewhere the user's profile folder
    is private already."""
    if os.name != "posix":
        return
    try:
        mode = stat.S_IMODE(key_path.stat().st_mode)
        if mode & 0o077:
            os.chmod(key_path, 0o600)
            log.warning("tls: %s was readable by others (%o); now 0600", key_path.name, mode)
    except OSError as error:
        log.warning("tls: cannot check %s's mode: %s", key_path.name, error)


def _make(folder: Path, cert_path: Path, key_path: Path) -> HostIdentity:
    """A new key and certificate written to ``folder`` (the key first; a failure removes what
    was written, so a full disk never leaves half a pair to be set aside next time)."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, SUBJECT)])
    now = datetime.now(UTC).replace(microsecond=0)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - BACKDATE)
        .not_valid_after(NOT_AFTER)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    key_pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                serialization.NoEncryption()).decode("ascii")
    cert_pem = cert.public_bytes(serialization.Encoding.PEM).decode("ascii")
    written: list[Path] = []
    try:
        write_atomic(key_path, key_pem)  # mkstemp: created 0600, so never readable by others
        written.append(key_path)
        _keep_private(key_path)
        write_atomic(cert_path, cert_pem)
    except OSError as error:
        for path in written:
            with contextlib.suppress(OSError):
                path.unlink()
        raise IdentityNotSaved(folder, error) from error
    fingerprint = fingerprint_of(cert.public_bytes(serialization.Encoding.DER))
    log.info("tls: a new table certificate, %s", fingerprint)
    return HostIdentity(cert_path, key_path, fingerprint)


# ---------------------------------------------------------------- contexts


def server_context(identity: HostIdentity) -> ssl.SSLContext:
    """The host's TLS settings (``serve(..., ssl=server_context(identity))``): its
    certificate, TLS 1.3 at least (1.2 on an OpenSSL without 1.3), no client certificate
    asked. ``ssl.SSLError`` (an ``OSError``) if the files changed since they were loaded."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = MINIMUM_TLS
    context.load_cert_chain(identity.cert_path, identity.key_path)
    return context


def client_context() -> ssl.SSLContext:
    """A joining computer's TLS settings (``connect("wss://…", ssl=client_context())``):
    the same minimum version, and no check against certificate authorities or of the host
    name, since the host's certificate is self-signed and its address any LAN address. The
    check that replaces them is the caller's: :func:`transport_fingerprint` against
    :class:`KnownHosts`, before anything that matters is sent."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.minimum_version = MINIMUM_TLS
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


# ---------------------------------------------------------------- known hosts


class Trust(StrEnum):
    """What :meth:`KnownHosts.check` found."""

    NEW = "new"
    """Never seen: the fingerprint is remembered now (trust on first use)."""
    SAME = "same"
    """The fingerprint remembered for this host."""
    CHANGED = "changed"
    """Another fingerprint than the one remembered: warn the person (a new certificate after a
    damaged file or a reinstall, or a computer pretending to be the host). Nothing is
    overwritten until :meth:`KnownHosts.remember` is called after the person accepts it."""


def address_key(host: str, port: int) -> str:
    """A host key from an address, ``"host:port"`` (lower case; an IPv6 address in
    brackets), for when the table's advertised id is not known."""
    host = host.strip().lower().strip("[]")
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def _host_key(host_key: str) -> str:
    key = host_key.strip()
    if not key or len(key) > MAX_HOST_KEY or not key.isprintable():
        raise MalformedInput(f"not a host key: {host_key[:80]!r}")
    return key


class KnownHosts:
    """The fingerprints this computer has met, by host, in ``folder/known_hosts.json``::

        {"format": "mecha-corta-known-hosts", "version": 1,
         "hosts": {"<host key>": "<fingerprint>", ...}}

    A *host key* is any short printable string naming a host. Best is the id a table
    advertises for its host (stable across the host's changing DHCP address); without one,
    :func:`address_key` (``"192.168.1.20:8765"``), which means another computer that later
    gets the same address is reported as CHANGED (a false alarm the person can accept), and
    the same host at a new address as NEW.

    The file is read again at every call (another window of the game may have added to it) and
    written atomically after every change. A file that cannot be read or is not this format is
    set aside (``known_hosts.damaged-<n>.json``, :attr:`set_aside_as`) and read as empty;
    single entries that are not a host key and a fingerprint are dropped, logged. A write that
    fails is logged, :attr:`failing` says so, and what was to be remembered is still
    remembered for the rest of this run."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / KNOWN_HOSTS_FILE
        self.set_aside_as: Path | None = None
        """Where the last damaged file went (``None``: none was, or the rename failed)."""
        self._unsaved: dict[str, str | None] = {}
        """Changes whose write failed (``None``: forgotten), laid over the file."""
        self._failing = False

    @property
    def failing(self) -> bool:
        """The last write failed (and none has worked since)."""
        return self._failing

    def check(self, host_key: str, fingerprint: str) -> Trust:
        """How ``fingerprint`` (any form :func:`normalise_fingerprint` accepts) compares with
        the one remembered for ``host_key``; a host met for the first time is remembered.
        :class:`MalformedInput` for a host key or fingerprint that is not one (a bug of the
        caller, not of the network: the fingerprint comes from :func:`fingerprint_of`)."""
        key, seen = _host_key(host_key), normalise_fingerprint(fingerprint)
        hosts = self._load()
        known = hosts.get(key)
        if known is None:
            hosts[key] = seen
            self._save(hosts, key, seen)
            return Trust.NEW
        return Trust.SAME if known == seen else Trust.CHANGED

    def known(self, host_key: str) -> str | None:
        """The fingerprint remembered for ``host_key`` (for the warning: "was …, now …")."""
        return self._load().get(_host_key(host_key))

    def remember(self, host_key: str, fingerprint: str) -> bool:
        """Remember ``fingerprint`` for ``host_key``, replacing another (the person accepted a
        CHANGED one). ``False`` when the file could not be written (remembered for this run
        only)."""
        key, seen = _host_key(host_key), normalise_fingerprint(fingerprint)
        hosts = self._load()
        hosts.pop(key, None)  # to the end: the most recently remembered are kept longest
        hosts[key] = seen
        return self._save(hosts, key, seen)

    def forget(self, host_key: str) -> bool:
        """Forget ``host_key`` (the next check is NEW). ``False`` when the file could not be
        written."""
        key = _host_key(host_key)
        hosts = self._load()
        hosts.pop(key, None)
        return self._save(hosts, key, None)

    # ------------------------------------------------------------ the file

    def _load(self) -> dict[str, str]:
        hosts = self._read()
        for key, value in self._unsaved.items():
            hosts.pop(key, None)
            if value is not None:
                hosts[key] = value
        return hosts

    def _read(self) -> dict[str, str]:
        remove_stale_temps(self.path)
        try:
            text = read_text_capped(self.path)
        except (FileNotFoundError, NotADirectoryError):
            return {}
        except (OSError, UnicodeDecodeError) as error:
            return self._damaged(f"unreadable: {type(error).__name__}")
        try:
            data: Any = json.loads(text)
        except (ValueError, RecursionError) as error:
            return self._damaged(f"not JSON: {beyond_parser_limits(error)}")
        if not isinstance(data, dict) or data.get("format") != KNOWN_HOSTS_FORMAT \
                or data.get("version") != KNOWN_HOSTS_VERSION \
                or not isinstance(data.get("hosts"), dict):
            return self._damaged("not a known hosts file of this version")
        hosts: dict[str, str] = {}
        for key, value in data["hosts"].items():
            try:
                hosts[_host_key(key)] = normalise_fingerprint(value if isinstance(value, str)
                                                              else "")
            except MalformedInput:
                log.warning("tls: %s: dropping a bad entry %r", self.path.name, key[:80])
        return hosts

    def _damaged(self, reason: str) -> dict[str, str]:
        self.set_aside_as = set_aside(self.path)
        where = f"set aside as {self.set_aside_as.name}" if self.set_aside_as is not None \
            else "left where it is"
        log.warning("tls: %s is damaged (%s); %s, every host is new again", self.path.name,
                    reason, where)
        return {}

    def _save(self, hosts: dict[str, str], key: str, value: str | None) -> bool:
        while len(hosts) > MAX_KNOWN_HOSTS:
            del hosts[next(iter(hosts))]
        data = {"format": KNOWN_HOSTS_FORMAT, "version": KNOWN_HOSTS_VERSION, "hosts": hosts}
        try:
            write_atomic(self.path, json.dumps(data, ensure_ascii=False, indent=1) + "\n")
        except OSError as error:
            if not self._failing:
                log.warning("tls: cannot write %s: %s", self.path, error)
            self._failing = True
            self._unsaved[key] = value
            return False
        if self._failing:
            log.warning("tls: %s is written again", self.path)
        self._failing = False
        self._unsaved.clear()
        return True
