"""The replay ROUTER of `spec/feed.md`: journaled events on request, and the table state.

Requests and replies are single frames holding one JSON object (the ROUTER sees
`[identity, frame]`). A replay goes up to the last seq committed when the request arrives and
ends with `replay.end`; the client takes events above that from the live feed.
"""

from __future__ import annotations

import json
import logging
import threading
from pathlib import Path
from typing import Callable, Iterator

import zmq

from terminal.events import canonical, is_int
from terminal.feed import bind
from terminal.journal import max_seq, open_reader, read_rows

log = logging.getLogger(__name__)

POLL_MS = 100  # how often the server thread looks at its stop flag
SEND_TIMEOUT_MS = 2000  # a client that stops reading loses its replay after this, others go on


class _Refused(Exception):
    """A request that cannot be served; the message is the reason sent back."""


def _request(frames: list[bytes]) -> dict:
    if len(frames) != 1:
        raise _Refused(f"a request is one frame holding a JSON object, got {len(frames)} frames")
    try:
        request = json.loads(frames[0])
    except ValueError:
        raise _Refused("the request is not JSON") from None
    if not isinstance(request, dict):
        raise _Refused("the request is not a JSON object")
    op = request.get("op")
    if op == "replay":
        from_seq = request.get("from_seq")
        if not is_int(from_seq):
            raise _Refused("replay needs an integer from_seq")
    elif op != "state":
        raise _Refused(f"unknown op {op!r}: expected 'replay' or 'state'")
    return request


class ReplayServer(threading.Thread):
    """Serves replays from the journal at `journal_path` (read-only, streamed in batches) and
    `state()` (called on this server's thread: it must be thread-safe and return JSON-able data).

    It binds when constructed (FeedError on a bad or busy endpoint); call `start()`, then `stop()`.
    The ROUTER is mandatory-routing with a send timeout, so a client that vanished or stopped
    reading costs at most SEND_TIMEOUT_MS and never blocks the server for good.
    """

    def __init__(
        self,
        endpoint: str,
        journal_path: str | Path,
        state: Callable[[], dict],
        *,
        context: zmq.Context | None = None,
    ):
        super().__init__(name=f"replay-{endpoint}", daemon=True)
        self._state = state
        self._journal = open_reader(journal_path)
        socket = (context or zmq.Context.instance()).socket(zmq.ROUTER)
        socket.linger = 0
        socket.router_mandatory = 1
        socket.sndtimeo = SEND_TIMEOUT_MS
        try:
            self.endpoint = bind(socket, endpoint, "replay ROUTER socket")
        except Exception:
            self._journal.dispose()
            raise
        self._socket = socket
        self._stopping = threading.Event()

    def run(self) -> None:
        while not self._stopping.is_set():
            if not self._socket.poll(POLL_MS):
                continue
            identity, *frames = self._socket.recv_multipart()
            try:
                for reply in self._replies(frames):
                    self._socket.send_multipart([identity, reply])
            except zmq.ZMQError as exc:  # EHOSTUNREACH: client gone; EAGAIN: not reading
                log.warning("replay client dropped: %s", exc)

    def _replies(self, frames: list[bytes]) -> Iterator[bytes]:
        try:
            request = _request(frames)
            if request["op"] == "state":
                yield canonical({"op": "state", "state": self._state()})
                return
            last_seq = max_seq(self._journal)
            for row in read_rows(self._journal, request["from_seq"], last_seq):
                yield row.body.encode("utf-8")
            yield canonical({"op": "replay.end", "last_seq": last_seq})
        except _Refused as exc:
            yield canonical({"op": "error", "reason": str(exc)})
        except Exception as exc:  # whatever went wrong (journal, state()), the client gets an answer
            log.exception("replay request failed")
            yield canonical({"op": "error", "reason": f"cannot serve the request: {exc}"})

    def stop(self) -> None:
        self._stopping.set()
        if self.ident is not None:
            self.join()
        self._socket.close()
        self._journal.dispose()
