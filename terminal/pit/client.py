"""Asking the collector's control endpoint (`server.py`): the board's source of data."""

from __future__ import annotations

import zmq

from terminal.feed.router import RouterClient

TIMEOUT_S = 3.0


class PitClient:
    """`floor()`, `table(id)`, `acknowledge(id, by)`. A request not answered in `timeout` seconds
    raises ConnectionError; a refusal raises ValueError with its reason."""

    def __init__(self, endpoint: str, *, timeout: float = TIMEOUT_S, context: zmq.Context | None = None,
                 setup=None):
        self.endpoint = endpoint
        self._link = RouterClient(endpoint, "the pit collector", timeout=timeout, context=context, setup=setup)

    def floor(self) -> dict:
        return self._link.ask({"op": "floor"})["floor"]

    def table(self, table_id: str) -> dict:
        answer = self._link.ask({"op": "table", "table": table_id})
        return {key: value for key, value in answer.items() if key != "op"}

    def acknowledge(self, alert_id: int, by: str) -> dict:
        return self._link.ask({"op": "ack", "alert": alert_id, "by": by})["alert"]

    def close(self) -> None:
        self._link.close()
