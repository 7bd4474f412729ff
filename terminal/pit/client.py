"""Asking the collector's control endpoint (`server.py`): the board's source of data, and the
pit's copy of a table's events for `journal audit`."""

from __future__ import annotations

from collections.abc import Iterator

import zmq

from terminal.feed.router import RouterClient

TIMEOUT_S = 3.0
CHUNK = 1000  # events per replay request: the control endpoint serves the boards between two


class PitClient:
    """`floor()`, `table(id)`, `acknowledge(id, by)`, `events(id, from_seq, to_seq)`. A request
    not answered in `timeout` seconds raises ConnectionError; a refusal raises ValueError with
    its reason."""

    def __init__(
        self,
        endpoint: str,
        *,
        timeout: float = TIMEOUT_S,
        context: zmq.Context | None = None,
        setup=None,
    ):
        self.endpoint = endpoint
        self._link = RouterClient(
            endpoint, "the pit collector", timeout=timeout, context=context, setup=setup
        )

    def floor(self) -> dict:
        return self._link.ask({"op": "floor"})["floor"]

    def table(self, table_id: str) -> dict:
        answer = self._link.ask({"op": "table", "table": table_id})
        return {key: value for key, value in answer.items() if key != "op"}

    def acknowledge(self, alert_id: int, by: str) -> dict:
        return self._link.ask({"op": "ack", "alert": alert_id, "by": by})["alert"]

    def events(self, table_id: str, from_seq: int, to_seq: int) -> Iterator[dict]:
        """The events the pit stored of a table from `from_seq` to `to_seq` (or its last stored,
        if lower), in seq order, asked CHUNK at a time: a chunk at most on its way (within
        ZeroMQ's queues, so the pit never waits for a slow reader)."""
        while from_seq <= to_seq:
            up_to = min(to_seq, from_seq + CHUNK - 1)
            end = yield from self._link.stream(
                {"op": "replay", "table": table_id, "from_seq": from_seq, "to_seq": up_to}
            )
            if end["last_seq"] <= up_to:
                return
            from_seq = up_to + 1

    def close(self) -> None:
        self._link.close()
