"""CURVE security of the pit feed (`docs/feed.md`): encryption, and authentication both ways.

The table is the CURVE server: it holds its own key pair and admits only the pits whose public
key is in its allow-list directory. The pit is the CURVE client: it holds its own key pair and
knows each table's public key (the floor file's `server_key`), so a table that cannot prove
that key (an impostor) fails the handshake.

Key files are ZeroMQ certificates (the czmq / pyzmq format): `NAME.key` holds the public key
and can be handed around; `NAME.key_secret` holds both keys and never leaves its machine.
"""

from __future__ import annotations

import argparse
import errno
import itertools
import logging
import os
import re
import struct
import sys
import threading
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import NamedTuple

import zmq
from zmq.auth import load_certificate
from zmq.auth.thread import ThreadAuthenticator
from zmq.utils import z85
from zmq.utils.monitor import recv_monitor_message

from terminal.feed import FeedError

log = logging.getLogger(__name__)

PUBLIC_SUFFIX, SECRET_SUFFIX = ".key", ".key_secret"
KEY_LENGTH = 40  # a 32-byte Curve25519 key in Z85
GENERATE = "dealer-terminal keys generate NAME --dir DIR"
# how long the ZAP endpoint of an authenticator just stopped may take to be free
ZAP_RELEASE_S = 2.0
ZAP_RETRY_S = 0.01


class CurveError(FeedError):
    """A key file, key or allow-list that cannot be used; the message names it and says what to do.

    A FeedError, so that a table failing on it at start-up reports it like any feed problem.
    """


class KeyPair(NamedTuple):
    """A public key and its secret key, both Z85 (40 characters)."""

    public: bytes
    secret: bytes


def _is_key(raw: bytes) -> bool:
    try:
        return (
            len(raw) == KEY_LENGTH
            and all(c in z85.Z85CHARS for c in raw)
            and len(z85.decode(raw)) == 32
        )
    except struct.error:  # a group of five characters worth more than 2**32 - 1
        return False


def check_key(key: str | bytes, what: str) -> bytes:
    """`key` as Z85 bytes, if it is a CURVE key (40 Z85 characters); else a CurveError about
    `what`."""
    raw = key.encode("utf-8") if isinstance(key, str) else key
    if not _is_key(raw):
        raise CurveError(
            f"{what} {key!r} is not a CURVE key: expected {KEY_LENGTH} Z85 characters, "
            "as printed by `dealer-terminal keys generate` or `dealer-terminal keys show FILE`"
        )
    return raw


def _read_key_file(path: Path) -> tuple[bytes, bytes | None]:
    """(public, secret or None) of a key file, both checked."""
    if not path.is_file():
        what = "is a directory, not a key file" if path.is_dir() else "does not exist"
        raise CurveError(f"the key file {path} {what}: create a key pair with `{GENERATE}`")
    try:
        public, secret = load_certificate(path)
    except OSError as exc:
        raise CurveError(
            f"cannot read the key file {path} ({exc.strerror or exc}): run as the user "
            "that owns it, or check its permissions"
        ) from None
    except ValueError:
        raise CurveError(
            f"{path} is not a ZeroMQ CURVE key file (no public-key line): "
            f"give a NAME{PUBLIC_SUFFIX} or NAME{SECRET_SUFFIX} file written by `{GENERATE}`"
        ) from None
    check_key(public, f"the public key of {path}")
    if secret is not None and not _is_key(secret):  # never echoed: even a damaged secret is one
        raise CurveError(
            f"the secret key of {path} is not a CURVE key ({KEY_LENGTH} Z85 characters): the file "
            f"is damaged; generate a new pair with `{GENERATE}`"
        )
    return public, secret


def load_public(path: str | os.PathLike) -> bytes:
    """The public key (Z85) of a public or secret key file."""
    return _read_key_file(Path(path))[0]


def load_secret(path: str | os.PathLike) -> KeyPair:
    """The key pair of a secret key file (`NAME.key_secret`)."""
    path = Path(path)
    public, secret = _read_key_file(path)
    if secret is None:
        raise CurveError(
            f"{path} holds only a public key, and the secret key is needed here: give the "
            f"{path.name.removesuffix(PUBLIC_SUFFIX)}{SECRET_SUFFIX} file that `{GENERATE}` wrote "
            "beside it (it stays on the machine that owns the keys)"
        )
    if zmq.curve_public(secret) != public:
        raise CurveError(
            f"the public and secret keys of {path} do not belong together: generate a new pair "
            f"with `{GENERATE}`"
        )
    if path.stat().st_mode & 0o077:
        log.warning("the secret key file %s can be read by other users: chmod 600 it", path)
    return KeyPair(public, secret)


def read_allow_list(directory: str | os.PathLike) -> frozenset[bytes]:
    """The public keys (Z85) of every `*.key` file in `directory`."""
    directory = Path(directory)
    if not directory.is_dir():
        raise CurveError(
            f"the allow-list directory {directory} does not exist: create it and copy into it "
            f"the public key file (NAME{PUBLIC_SUFFIX}) of every pit allowed to connect"
        )
    try:
        # glob hides EACCES
        files = sorted(p for p in directory.iterdir() if p.name.endswith(PUBLIC_SUFFIX))
    except OSError as exc:
        raise CurveError(
            f"cannot read the allow-list directory {directory} ({exc.strerror or exc})"
        ) from None
    return frozenset(load_public(file) for file in files)


# -- key files


class KeyFiles(NamedTuple):
    public: Path
    secret: Path
    key: bytes  # the public key, Z85


_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")


def _write_key_file(path: Path, keys: dict[str, bytes], name: str, mode: int, force: bool) -> None:
    secret = "secret-key" in keys
    lines = [
        f"#   ****  Generated on {datetime.now(UTC):%Y-%m-%d %H:%M:%S} UTC "
        "by dealer-terminal  ****",
        "#   ZeroMQ CURVE **Secret** Certificate"
        if secret
        else "#   ZeroMQ CURVE Public Certificate",
        "#   DO NOT PROVIDE THIS FILE TO OTHER USERS nor change its permissions."
        if secret
        else "#   Hand it to the other side: a table's to the pit, a pit's to the tables.",
        "",
        "metadata",
        f'    name = "{name}"',
        "curve",
        *(f'    {field} = "{key.decode("ascii")}"' for field, key in keys.items()),
    ]
    flags = os.O_WRONLY | os.O_CREAT | (os.O_TRUNC if force else os.O_EXCL)
    fd = os.open(path, flags, mode)
    os.fchmod(fd, mode)  # the umask narrowed it, or --force kept the mode of the file replaced
    with os.fdopen(fd, "w", encoding="ascii") as file:
        file.write("\n".join(lines) + "\n")


def generate_keys(directory: str | os.PathLike, name: str, *, force: bool = False) -> KeyFiles:
    """A new key pair written to `directory/NAME.key` (public, 0644) and `NAME.key_secret` (0600).

    Existing files are refused unless `force`: replacing a key locks out whoever holds the old one.
    """
    if not _NAME.fullmatch(name):
        raise CurveError(
            f"{name!r} cannot name key files: "
            "use letters, digits, '.', '_' and '-' (e.g. RL-01, pit)"
        )
    directory = Path(directory)
    files = KeyFiles(
        directory / f"{name}{PUBLIC_SUFFIX}", directory / f"{name}{SECRET_SUFFIX}", b""
    )
    existing = [str(path) for path in (files.public, files.secret) if path.exists()]
    if existing and not force:
        raise CurveError(
            f"{' and '.join(existing)} already exist: keep them, or replace them with --force "
            "(whoever holds the old public key is then locked out)"
        )
    public, secret = zmq.curve_keypair()
    try:
        directory.mkdir(parents=True, exist_ok=True)
        _write_key_file(
            files.secret, {"public-key": public, "secret-key": secret}, name, 0o600, force
        )
        _write_key_file(files.public, {"public-key": public}, name, 0o644, force)
    except OSError as exc:
        raise CurveError(
            f"cannot write the key files in {directory} ({exc.strerror or exc})"
        ) from None
    return files._replace(key=public)


def add_keys_parser(subparsers) -> None:
    """`dealer-terminal keys generate|show`, added to the CLI's subparsers."""
    keys = subparsers.add_parser("keys", help="CURVE key files of tables and pits (feed security)")
    commands = keys.add_subparsers(dest="keys_command", required=True)
    generate = commands.add_parser(
        "generate",
        help=f"write NAME{PUBLIC_SUFFIX} (public) and NAME{SECRET_SUFFIX} "
        "(secret, mode 0600), print the public key",
    )
    generate.add_argument(
        "name", metavar="NAME", help="the table or pit the keys belong to, e.g. RL-01 or pit"
    )
    generate.add_argument(
        "--dir", type=Path, default=Path("."), help="where to write them (default: here)"
    )
    generate.add_argument(
        "--force", action="store_true", help="replace key files that exist already"
    )
    show = commands.add_parser("show", help="print the public key of a key file")
    show.add_argument("file", type=Path, metavar="FILE")


def cmd_keys(args: argparse.Namespace) -> int:
    """Run `keys generate` or `keys show`; 0 when done, 2 with a message on stderr when not."""
    try:
        if args.keys_command == "show":
            print(load_public(args.file).decode("ascii"))
            return 0
        files = generate_keys(args.dir, args.name, force=args.force)
    except CurveError as exc:
        print(f"dealer-terminal: {exc}", file=sys.stderr)
        return 2
    key = files.key.decode("ascii")
    print(key)
    print(
        f"public key in {files.public}, secret key in {files.secret} "
        "(mode 0600: it stays on this machine).\n"
        f'- keys of a table: in the pit\'s floor file, server_key = "{key}" for this table; in the '
        f'table\'s configuration, [feed] curve_secret = "{files.secret}" '
        'and curve_allow = "<the directory of the pit keys>".\n'
        f"- keys of a pit: copy {files.public} into the allow-list directory ([feed] curve_allow) "
        "of every table it watches."
    )
    return 0


# -- the table's side


class CurveServer:
    """The table's side: its key pair and the allow-list of the pit keys it admits.

    `apply(socket)` before `bind()` makes the socket a CURVE server with the table's keys, in this
    server's ZAP domain. The check is done by the one authenticator of the socket's context,
    shared by every CurveServer of that context (one ZAP domain each), started when the first
    joins it and stopped when the last leaves. libzmq admits any client that knows the table's
    public key when no authenticator runs, so `close()` only after the sockets are closed.
    The allow-list is read when the server is made and again on `reload()`.
    """

    _domains = itertools.count(1)

    def __init__(
        self,
        secret_file: str | os.PathLike,
        allow_dir: str | os.PathLike,
        *,
        context: zmq.Context | None = None,
    ):
        self.keys = load_secret(secret_file)
        self.allow_dir = Path(allow_dir)
        self._allowed = read_allow_list(self.allow_dir)
        self.domain = f"dealer-terminal.{next(self._domains)}"
        self._authenticators: dict[zmq.Context, _Authenticator] = {}
        self._join(context or zmq.Context.instance())
        log.info(
            "CURVE on: table key %s, %d pit key(s) allowed in %s",
            self.public_key,
            len(self._allowed),
            self.allow_dir,
        )
        if not self._allowed:
            log.warning(
                "the allow-list %s holds no %s file: every pit will be refused",
                self.allow_dir,
                PUBLIC_SUFFIX,
            )

    @property
    def public_key(self) -> str:
        return self.keys.public.decode("ascii")

    def _join(self, context: zmq.Context) -> None:
        if context not in self._authenticators:
            self._authenticators[context] = _Authenticator.serving(context, self)

    def apply(self, socket: zmq.Socket) -> None:
        """Make `socket` (not bound yet) a CURVE server that admits the allow-list only."""
        self._join(socket.context)
        socket.zap_domain = self.domain.encode("ascii")
        socket.curve_secretkey = self.keys.secret
        socket.curve_publickey = self.keys.public
        socket.curve_server = True

    def admits(self, key: bytes, address: str) -> bool:
        """Whether the client key (Z85) is allowed; a refusal is logged with the key and address.
        Called on the authenticator's thread."""
        if key in self._allowed:
            log.info(
                "admitted the pit client with key %s from %s",
                key.decode("ascii"),
                address or "an unknown address",
            )
            return True
        log.warning(
            "refused a pit client with key %s from %s: not in the allow-list %s",
            key.decode("ascii"),
            address or "an unknown address",
            self.allow_dir,
        )
        return False

    def reload(self) -> int:
        """Read the allow-list again (connections already admitted stay); returns how many keys it
        holds. On a CurveError the list in force stays."""
        self._allowed = read_allow_list(self.allow_dir)
        log.info("allow-list %s reloaded: %d pit key(s)", self.allow_dir, len(self._allowed))
        return len(self._allowed)

    def close(self) -> None:
        for authenticator in self._authenticators.values():
            authenticator.release(self)
        self._authenticators.clear()


class _Authenticator(ThreadAuthenticator):
    """pyzmq's ZAP handler for one context, checking each CURVE client with the CurveServer of
    the ZAP domain its socket is in. It is its own credentials provider (`callback`), so that the
    check also learns the client's address, which pyzmq hands to `handle_zap_message` only."""

    _lock = threading.Lock()
    _running: dict[zmq.Context, _Authenticator] = {}

    def __init__(self, context: zmq.Context):
        super().__init__(context)
        self.servers: dict[str, CurveServer] = {}
        self._address = ""

    @classmethod
    def serving(cls, context: zmq.Context, server: CurveServer) -> _Authenticator:
        """The context's authenticator, started if need be, now also checking for `server`."""
        with cls._lock:
            authenticator = cls._running.get(context)
            if authenticator is None:
                authenticator = cls._started(context)
                cls._running[context] = authenticator
            authenticator.servers[server.domain] = server
            authenticator.configure_curve_callback(server.domain, authenticator)
            return authenticator

    @classmethod
    def _started(cls, context: zmq.Context) -> _Authenticator:
        """A new authenticator of `context`, started. The ZAP endpoint of one stopped just before
        (its last server closed) is still bound until libzmq's reaper has closed its socket,
        which it does in its own time: the bind is tried again while that is the likely cause."""
        deadline = time.monotonic() + ZAP_RELEASE_S
        while True:
            authenticator = cls(context)
            try:
                authenticator.start()
                return authenticator
            except zmq.ZMQError as exc:
                authenticator.stop()
                if exc.errno != errno.EADDRINUSE or time.monotonic() >= deadline:
                    raise CurveError(
                        f"cannot start the CURVE authenticator ({exc}): another ZAP handler "
                        "already serves this ZeroMQ context"
                    ) from None
            time.sleep(ZAP_RETRY_S)

    def release(self, server: CurveServer) -> None:
        with self._lock:
            self.servers.pop(server.domain, None)
            self.credentials_providers.pop(server.domain, None)
            if not self.servers:
                self.stop()
                del self._running[self.context]

    async def handle_zap_message(self, msg: list[bytes]) -> None:
        self._address = msg[3].decode("utf-8", "replace") if len(msg) > 3 else ""
        await super().handle_zap_message(msg)

    def callback(self, domain: str, key: bytes) -> bool:
        server = self.servers.get(domain)
        return server is not None and server.admits(key, self._address)


# -- the pit's side


def client_socket_setup(
    socket: zmq.Socket, own: str | os.PathLike | KeyPair, server_key: str | bytes
) -> None:
    """Make `socket` (not connected yet) a CURVE client with the pit's keys (its secret key file,
    or a KeyPair) that accepts only the server holding `server_key` (Z85, the floor file's)."""
    keys = own if isinstance(own, KeyPair) else load_secret(own)
    socket.curve_serverkey = check_key(server_key, "the table's server_key")
    socket.curve_secretkey = keys.secret
    socket.curve_publickey = keys.public


HANDSHAKE_EVENTS = (
    zmq.EVENT_HANDSHAKE_SUCCEEDED
    | zmq.EVENT_HANDSHAKE_FAILED_NO_DETAIL
    | zmq.EVENT_HANDSHAKE_FAILED_PROTOCOL
    | zmq.EVENT_HANDSHAKE_FAILED_AUTH
)


@dataclass(frozen=True)
class Handshake:
    """One handshake outcome of a client socket with the table at `endpoint`."""

    endpoint: str
    event: int  # zmq.EVENT_HANDSHAKE_SUCCEEDED or one of the EVENT_HANDSHAKE_FAILED_*
    value: int  # AUTH: the table's ZAP status code; PROTOCOL: the ZMTP error; NO_DETAIL: an errno

    @property
    def ok(self) -> bool:
        return self.event == zmq.EVENT_HANDSHAKE_SUCCEEDED

    @property
    def reason(self) -> str:
        if self.ok:
            return "proved the key of the floor file (handshake succeeded)"
        if self.event == zmq.EVENT_HANDSHAKE_FAILED_AUTH:
            return (
                f"refused the pit's key (status {self.value}): "
                "copy the pit's public key file into the table's allow-list directory "
                "([feed] curve_allow)"
            )
        if (
            self.event == zmq.EVENT_HANDSHAKE_FAILED_PROTOCOL
            and self.value == zmq.PROTOCOL_ERROR_ZMTP_MECHANISM_MISMATCH
        ):
            return (
                "does not use the pit's security (CURVE on one side only): "
                "the floor file must give a server_key exactly for the tables "
                "whose configuration sets [feed] curve_secret and curve_allow"
            )
        return "did not prove the key of the floor file (handshake failed)"

    def alert(self, table: str) -> str:
        """E.g. "table RL-01 at tcp://10.0.0.21:5556 did not prove the key of the floor file
        (handshake failed)"."""
        return f"table {table} at {self.endpoint} {self.reason}"


class HandshakeWatch:
    """The handshake outcomes of one client socket, read from its monitor socket.

    Make it before `connect()` so that the first handshake is seen. Register `socket` (the
    monitor's) for POLLIN in your own zmq.Poller and call `read()` when it is ready. libzmq
    retries a refused connection every reconnect interval, so a failure comes again and again:
    alert on a change of outcome, not on every event.
    """

    def __init__(self, watched: zmq.Socket):
        self._watched = watched
        self.socket = watched.get_monitor_socket(HANDSHAKE_EVENTS)

    def read(self) -> list[Handshake]:
        """The outcomes that have arrived, without waiting."""
        outcomes = []
        while self.socket.poll(0):
            message = recv_monitor_message(self.socket)
            outcomes.append(
                Handshake(
                    message["endpoint"].decode("utf-8", "replace"),
                    int(message["event"]),
                    int(message["value"]),
                )
            )
        return outcomes

    def close(self) -> None:
        if not self._watched.closed:
            self._watched.disable_monitor()
        self.socket.close(linger=0)
