"""CURVE security of the pit feed (`docs/feed.md`): encryption, and authentication both ways.

The table is the CURVE server: it holds its own key pair and admits only the pits whose public
key is in its allow-list directory. The pit is the CURVE client: it holds its own key pair and
knows each table's public key (the floor file's `server_key`), so a table that cannot prove
that key (an impostor) fails the handshake. The key files are curve_keys.py's.
"""

from __future__ import annotations

import errno
import itertools
import logging
import os
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import zmq
from zmq.auth.thread import ThreadAuthenticator
from zmq.utils.monitor import recv_monitor_message

from terminal.feed.curve_keys import (
    PUBLIC_SUFFIX,
    CurveError,
    KeyPair,
    check_key,
    load_secret,
    read_allow_list,
)

log = logging.getLogger(__name__)

# how long the ZAP endpoint of an authenticator just stopped may take to be free
ZAP_RELEASE_S = 2.0
ZAP_RETRY_S = 0.01


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
