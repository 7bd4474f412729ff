"""Asking the collector's control endpoint (`server.py`): the board's source of data."""

from __future__ import annotations

import json

import zmq

from terminal.events import canonical

TIMEOUT_S = 3.0


class PitClient:
    """`floor()`, `table(id)`, `acknowledge(id, by)` over a DEALER. A request not answered in
    `timeout` seconds raises ConnectionError; the socket is then made anew, so that a late
    answer is never taken for the next one's. A refusal raises ValueError with its reason."""

    def __init__(self, endpoint: str, *, timeout: float = TIMEOUT_S, context: zmq.Context | None = None,
                 setup=None):
        self.endpoint, self._timeout = endpoint, timeout
        self._context = context or zmq.Context.instance()
        self._setup = setup
        self._socket: zmq.Socket | None = None

    def _ask(self, request: dict) -> dict:
        if self._socket is None:
            self._socket = self._context.socket(zmq.DEALER)
            self._socket.linger = 0
            if self._setup is not None:
                self._setup(self._socket)
            self._socket.connect(self.endpoint)
        self._socket.send(canonical(request))
        if not self._socket.poll(round(self._timeout * 1000)):
            self.close()
            raise ConnectionError(f"the pit collector at {self.endpoint} did not answer within {self._timeout:g} s")
        answer = json.loads(self._socket.recv())
        if answer.get("op") == "error":
            raise ValueError(answer.get("reason"))
        return answer

    def floor(self) -> dict:
        return self._ask({"op": "floor"})["floor"]

    def table(self, table_id: str) -> dict:
        answer = self._ask({"op": "table", "table": table_id})
        return {key: value for key, value in answer.items() if key != "op"}

    def acknowledge(self, alert_id: int, by: str) -> dict:
        return self._ask({"op": "ack", "alert": alert_id, "by": by})["alert"]

    def close(self) -> None:
        if self._socket is not None:
            self._socket.close(linger=0)
            self._socket = None
