"""The pit feed of `spec/feed.md`: the PUB of committed events and heartbeats (`publisher`), the
ROUTER that replays the journal (`replay`), and the subscriber that merges both (`follow`)."""

from __future__ import annotations

import zmq


class FeedError(Exception):
    """A feed socket cannot be set up (a bad or busy endpoint)."""


def bind(socket: zmq.Socket, endpoint: str, what: str) -> str:
    """Bind `socket` now and return the endpoint it really got (a wildcard port resolved).

    On failure the socket is closed and a FeedError says which endpoint and what to do.
    """
    try:
        socket.bind(endpoint)
    except zmq.ZMQError as exc:
        socket.close(linger=0)
        raise FeedError(
            f"cannot bind the {what} to {endpoint}: {exc}. Another table or terminal may "
            "already be using this endpoint, or it is not an address of this machine: "
            "choose another one in the table configuration or on the command line"
        ) from exc
    return socket.getsockopt_string(zmq.LAST_ENDPOINT)
