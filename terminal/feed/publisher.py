"""The table's PUB socket: every committed event, then a heartbeat every tick."""

from __future__ import annotations

from typing import Sequence

import zmq

from terminal.contract.events import canonical, heartbeat, topic
from terminal.feed import bind
from terminal.feed.curve import CurveServer

LINGER_MS = 1000  # at close, give the last messages a second to leave, never hang the shutdown


class FeedPublisher:
    """A `JournalWriter` sink publishing multipart `[topic, event JSON]`.

    It binds when constructed so that a bad or busy endpoint stops the terminal at start-up.
    From then on only the writer thread uses the socket; `close()` once the writer has stopped.
    PUB never blocks: a subscriber absent or too slow (past the send high-water mark) loses
    messages, sees the gap in `seq` and replays. With `curve`, only the pits it admits subscribe.
    """

    def __init__(self, endpoint: str, table: str, *, context: zmq.Context | None = None,
                 curve: CurveServer | None = None):
        self.table = table
        socket = (context or zmq.Context.instance()).socket(zmq.PUB)
        socket.linger = LINGER_MS
        if curve is not None:
            curve.apply(socket)
        self.endpoint = bind(socket, endpoint, f"feed PUB socket of table {table}")
        self._socket = socket

    def _publish(self, message: dict) -> None:
        self._socket.send_multipart([topic(message), canonical(message)])

    def committed(self, events: Sequence[dict]) -> None:
        for event in events:
            self._publish(event)

    def tick(self, last_seq: int) -> None:
        self._publish(heartbeat(self.table, last_seq))

    def close(self) -> None:
        self._socket.close()
