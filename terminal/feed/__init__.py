"""The pit feed of `docs/feed.md`: the PUB of committed events and heartbeats (`publisher`), the
ROUTER that replays the journal (`replay`), and the subscriber that merges both (`follow`)."""

from __future__ import annotations

import errno

import zmq


class FeedError(Exception):
    """A feed socket cannot be set up (a bad or busy endpoint); `in_use`: another process has
    the address."""

    def __init__(self, message: str, *, in_use: bool = False):
        super().__init__(message)
        self.in_use = in_use


def bind(socket: zmq.Socket, endpoint: str, what: str) -> str:
    """Bind `socket` now and return the endpoint it really got (a wildcard port resolved).

    On failure the socket is closed and a FeedError says which endpoint and what to do.
    """
    try:
        socket.bind(endpoint)
    except zmq.ZMQError as exc:
        socket.close(linger=0)
        in_use = exc.errno == errno.EADDRINUSE
        why = (
            "another table or terminal is already using it"
            if in_use
            else "it is not an address of this machine"
        )
        raise FeedError(
            f"cannot bind the {what} to {endpoint}: {exc} ({why}): "
            "choose another one in the table configuration or on the command line",
            in_use=in_use,
        ) from exc
    return socket.getsockopt_string(zmq.LAST_ENDPOINT)
