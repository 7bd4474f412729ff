"""The replay ROUTER of `docs/feed.md`: journaled events on request, and the table state.

A replay goes up to the last seq committed when the request arrives and ends with
`replay.end`; the client takes events above that from the live feed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import zmq

from terminal.common.storage import max_seq, open_reader, read_rows
from terminal.contract.events import canonical, is_seq
from terminal.feed.curve import CurveServer
from terminal.feed.router import Refused, RouterServer


class ReplayServer(RouterServer):
    """Serves replays from the journal at `journal_path` (read-only, streamed in batches) and
    `state()` (called on this server's thread: it must be thread-safe and return JSON-able data).
    With `curve`, only the pits it admits are served."""

    def __init__(
        self,
        endpoint: str,
        journal_path: str | Path,
        state: Callable[[], dict],
        *,
        context: zmq.Context | None = None,
        curve: CurveServer | None = None,
    ):
        self._state = state
        self._journal = open_reader(journal_path)
        try:
            super().__init__(
                endpoint,
                "replay ROUTER socket",
                context=context,
                setup=None if curve is None else curve.apply,
            )
        except Exception:
            self._journal.dispose()
            raise

    def replies(self, request: dict) -> Iterator[bytes]:
        op = request.get("op")
        if op == "state":
            yield canonical({"op": "state", "state": self._state()})
        elif op == "replay":
            if not is_seq(request.get("from_seq")):
                raise Refused("replay needs an integer from_seq (1 for the whole journal)")
            last_seq = max_seq(self._journal)
            for row in read_rows(self._journal, request["from_seq"], last_seq):
                yield row.body.encode("utf-8")
            yield canonical({"op": "replay.end", "last_seq": last_seq})
        else:
            raise Refused(f"unknown op {op!r}: expected 'replay' or 'state'")

    def stop(self) -> None:
        super().stop()
        self._journal.dispose()
