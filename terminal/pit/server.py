"""The collector's control endpoint (a ROUTER, single-frame JSON like the tables' replay):

- `{"op": "floor"}` (or `"state"`): every table as the board shows it, the open alerts and
  the last ones acknowledged;
- `{"op": "table", "table": T}`: one table, its alerts and its wheel's bias statistics;
- `{"op": "ack", "alert": N, "by": NAME}`: who acknowledged alert N (the time is the pit's);
- `{"op": "replay", "table": T, "from_seq": N}`: the merged feed's replay, from the store,
  ended by `{"op": "replay.end", "table": T, "last_seq": M}` (M: the last seq stored); with
  `"to_seq": K`, only up to K: a long history asked a piece at a time leaves the endpoint free
  for the others in between; without a table, only
  `{"op": "replay.end", "last_seq": 0, "tables": [...]}`, which names the tables to ask for.
"""

from __future__ import annotations

from collections.abc import Iterator

import zmq

from terminal.contract.events import canonical, is_seq
from terminal.feed.router import Refused, RouterServer
from terminal.pit.collector import Collector


class PitServer(RouterServer):
    def __init__(
        self, endpoint: str, collector: Collector, *, context: zmq.Context | None = None, setup=None
    ):
        super().__init__(endpoint, "pit control ROUTER socket", context=context, setup=setup)
        self._collector = collector

    def replies(self, request: dict) -> Iterator[bytes]:
        op = request.get("op")
        if op in ("floor", "state"):
            yield canonical({"op": "floor", "floor": self._collector.floor_snapshot()})
        elif op == "table":
            detail = self._collector.table_detail(str(request.get("table")))
            if detail is None:
                raise Refused(f"no table {request.get('table')!r} on this floor")
            yield canonical({"op": "table", **detail})
        elif op == "ack":
            yield canonical({"op": "ack", "alert": self._ack(request)})
        elif op == "replay":
            yield from self._replay(request)
        else:
            raise Refused(f"unknown op {op!r}: expected floor, table, ack or replay")

    def _ack(self, request: dict) -> dict:
        alert, by = request.get("alert"), request.get("by")
        if not is_seq(alert) or not isinstance(by, str) or not by.strip():
            raise Refused("ack needs an integer alert and the name of who acknowledges it in by")
        assert isinstance(alert, int)  # is_seq said so; mypy does not see through it
        try:
            return self._collector.acknowledge(alert, by.strip())
        except ValueError as exc:
            raise Refused(str(exc)) from None

    def _replay(self, request: dict) -> Iterator[bytes]:
        from_seq, to_seq, table = (
            request.get("from_seq"),
            request.get("to_seq"),
            request.get("table"),
        )
        if not is_seq(from_seq) or not (to_seq is None or is_seq(to_seq)):
            raise Refused("replay needs an integer from_seq (and to_seq, if given)")
        # is_seq said so; mypy does not see through it
        assert isinstance(from_seq, int) and (to_seq is None or isinstance(to_seq, int))
        if table is None:
            yield canonical(
                {"op": "replay.end", "last_seq": 0, "tables": self._collector.table_ids}
            )
            return
        if table not in self._collector.table_ids:
            raise Refused(f"no table {table!r} on this floor")
        last_seq = self._collector.stored_head(table)
        up_to = last_seq if to_seq is None else min(last_seq, to_seq)
        for body in self._collector.store.events(table, max(from_seq, 1), up_to):
            yield body.encode("utf-8")
        yield canonical({"op": "replay.end", "table": table, "last_seq": last_seq})
