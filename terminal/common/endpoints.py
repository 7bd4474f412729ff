"""What a ZeroMQ endpoint of ours may be, checked before any socket is made, so that a typo in
a table file, a floor file or on the command line is refused with what to write instead of
zmq's bare "Invalid argument" at bind or a connection that never comes.

  tcp://HOST:PORT   HOST an IPv4 address, [an IPv6 address], a host or interface name; PORT 1-65535.
                    A side that binds may also write * for every interface and * for any free port.
  ipc://PATH        a Unix socket (at most IPC_PATH_BYTES bytes; @NAME: Linux's abstract namespace);
                    a side that binds may write ipc://* for a fresh one.
  inproc://NAME     a socket of this process only.

Use: `endpoint_problem(text, bind=True)` for what this side binds (a table's publish and
replay, the pit's publish and control), `bind=False` for what it connects to (the floor file's
feed and replay, a carrousel endpoint). None means usable; otherwise the reason, to show after
the endpoint and where it came from.
"""

from __future__ import annotations

import ipaddress
import re

TRANSPORTS = ("tcp", "ipc", "inproc")
IPC_PATH_BYTES = 107  # a Unix socket's path (sun_path) holds 108 bytes with its terminating NUL
WILDCARD = "*"
_NAME = re.compile(
    r"[A-Za-z0-9_]([A-Za-z0-9_-]*[A-Za-z0-9_])?(\.[A-Za-z0-9_]([A-Za-z0-9_-]*[A-Za-z0-9_])?)*"
)
_DOTTED_NUMBERS = re.compile(r"[0-9.]+")


def endpoint_problem(endpoint: str, *, bind: bool) -> str | None:
    """None when `endpoint` is one a socket that binds (`bind`) or connects can use; else what is
    wrong with it and what to write."""
    transport, separator, address = endpoint.partition("://")
    if not separator or transport not in TRANSPORTS:
        return f"not a ZeroMQ endpoint of ours: write {_forms(bind)}"
    if transport == "tcp":
        return _tcp_problem(address, bind)
    if not address:
        return (
            f"no {'path' if transport == 'ipc' else 'name'} after {transport}://: "
            f"write {_forms(bind)}"
        )
    if address == WILDCARD and not (bind and transport == "ipc"):
        return (
            f"{transport}://* names no socket to connect to: "
            f"give the {'path' if transport == 'ipc' else 'name'} "
            "the other side binds"
        )
    if transport == "ipc" and len(address.encode("utf-8")) > IPC_PATH_BYTES:
        return (
            f"the path is {len(address.encode('utf-8'))} bytes and a Unix socket's holds at most "
            f"{IPC_PATH_BYTES}: choose a shorter one"
        )
    return None


def _forms(bind: bool) -> str:
    host = "HOST (or * for every interface)" if bind else "HOST"
    port = "PORT (1-65535, or * for any free port)" if bind else "PORT (1-65535)"
    return f"tcp://{host}:{port}, ipc://PATH or inproc://NAME"


def _tcp_problem(address: str, bind: bool) -> str | None:
    host, colon, port = address.rpartition(":")
    if not colon or not host:
        return f"no {'host' if colon else 'port'} in tcp://{address}: write tcp://HOST:PORT"
    return _host_problem(host, bind) or _port_problem(port, bind)


def _host_problem(host: str, bind: bool) -> str | None:
    if host == WILDCARD:
        return (
            None
            if bind
            else "* (every interface) is for a side that binds: give the host to connect to"
        )
    if host.startswith("[") and host.endswith("]"):
        return _address_problem(host[1:-1], ipaddress.IPv6Address, "an IPv6 address")
    if _DOTTED_NUMBERS.fullmatch(host):
        return _address_problem(host, ipaddress.IPv4Address, "an IPv4 address")
    if _NAME.fullmatch(host) and len(host) <= 253:
        return None
    return (
        f"{host!r} is no host: give an IPv4 address, [an IPv6 address] or a host name "
        "(letters, digits, '-' and '.')"
    )


def _address_problem(text: str, kind: type, what: str) -> str | None:
    try:
        kind(text)
    except ValueError:
        return f"{text!r} is not {what}"
    return None


def _port_problem(port: str, bind: bool) -> str | None:
    if port == WILDCARD:
        return (
            None
            if bind
            else "port * (any free port) is for a side that binds: give the port to connect to"
        )
    if port.isdigit() and port.isascii() and 1 <= int(port) <= 65535:
        return None
    return f"port {port!r} is not a port: give a number from 1 to 65535" + (
        ", or * for any free one" if bind else ""
    )


def endpoint_argument(*, bind: bool):
    """An argparse `type` for an endpoint given on the command line (`--publish`, `--connect`),
    refused by argparse (exit 2) with what to write."""
    import argparse

    def parse(text: str) -> str:
        if (problem := endpoint_problem(text, bind=bind)) is not None:
            raise argparse.ArgumentTypeError(f"{text!r}: {problem}")
        return text

    return parse
