"""The table's PUB socket: every committed event, then a heartbeat every tick."""

from __future__ import annotations

from collections.abc import Sequence

import zmq

from terminal.contract.events import Event, canonical, heartbeat, topic
from terminal.feed import bind
from terminal.feed.curve import CurveServer

LINGER_MS = 1000  # at close, give the last messages a second to leave, never hang the shutdown


class FeedPublisher:
    """A `JournalWriter` sink publishing multipart `[topic, event JSON]`: a sealed event's own
    bytes (`Event.raw`, those the journal stored), never serialised again.

    It binds when constructed so that a bad or busy endpoint stops the terminal at start-up.
    From then on only the writer thread uses the socket; `close()` once the writer has stopped.
    PUB never blocks: a subscriber absent or too slow (past the send high-water mark) loses
    messages, sees the gap in `seq` and replays. With `curve`, only the pits it admits subscribe.
    """

    def __init__(
        self,
        endpoint: str,
        table: str,
        *,
        context: zmq.Context | None = None,
        curve: CurveServer | None = None,
    ):
        self.table = table
        socket = (context or zmq.Context.instance()).socket(zmq.PUB)
        socket.linger = LINGER_MS
        if curve is not None:
            curve.apply(socket)
        self.endpoint = bind(socket, endpoint, f"feed PUB socket of table {table}")
        self._socket = socket

    def committed(self, events: Sequence[dict]) -> None:
        send = self._socket.send
        for event in events:
            send(topic(event), zmq.SNDMORE)
            send(event.raw if type(event) is Event else canonical(event))

    def tick(self, last_seq: int) -> None:
        message = heartbeat(self.table, last_seq)
        self._socket.send_multipart([topic(message), canonical(message)])

    def close(self) -> None:
        self._socket.close()
