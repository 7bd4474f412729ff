"""CURVE on the pit's side: its own key pair, and each table's public key from the floor file."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import zmq

from terminal.common.settings import ConfigError
from terminal.feed.curve import CurveServer, HandshakeWatch, client_socket_setup
from terminal.feed.curve_keys import CurveError, check_key, load_secret
from terminal.pit.floorfile import Floor, FloorTable


def pit_security(floor: Floor) -> Callable[[FloorTable, zmq.Socket], HandshakeWatch | None] | None:
    """The collector's `secure` hook: the pit's keys on the sockets of the tables that have a
    `server_key`, and a handshake watch on their SUB. None when no table uses CURVE."""
    if not any(table.server_key for table in floor.tables):
        return None
    assert floor.secret_key is not None  # load_floor refuses a server_key without it
    try:  # load_floor read it already: this fails only if it changed since
        keys = load_secret(floor.secret_key)
    except CurveError as exc:
        raise ConfigError(f"{floor.path}: [pit] secret_key: {exc}") from None

    def secure(table: FloorTable, socket: zmq.Socket) -> HandshakeWatch | None:
        if not table.server_key:
            return None
        client_socket_setup(socket, keys, table.server_key)
        return HandshakeWatch(socket) if socket.type == zmq.SUB else None

    return secure


def client_setup(key: Path | None, server_key: str | None) -> Callable[[zmq.Socket], None] | None:
    """For a board or a console asking a pit that uses CURVE: both keys, or neither."""
    if key is None and server_key is None:
        return None
    if key is None or server_key is None:
        raise ConfigError(
            "CURVE needs both --key (your secret key file) and --server-key (the pit's public key)"
        )
    try:
        keys = load_secret(key)
        check_key(server_key, "--server-key")
    except CurveError as exc:
        raise ConfigError(str(exc)) from None
    return lambda socket: client_socket_setup(socket, keys, server_key)


def pit_server(floor: Floor, context: zmq.Context | None = None) -> CurveServer | None:
    """CURVE on the pit's merged feed and control endpoint, for the keys of `[pit] allow`."""
    if floor.allow is None:
        return None
    assert floor.secret_key is not None  # load_floor refuses an allow-list without it
    try:
        return CurveServer(floor.secret_key, floor.allow, context=context)
    except CurveError as exc:
        raise ConfigError(f"{floor.path}: [pit] {exc}") from None
