"""A ROUTER answering single-frame JSON requests on a thread of its own (`spec/feed.md`: no
empty delimiter frame; the ROUTER sees `[identity, frame]`). The table's replay server and the
pit's control server are two of them."""

from __future__ import annotations

import json
import logging
import threading
from typing import Iterator

import zmq

from terminal.events import canonical
from terminal.feed import bind

log = logging.getLogger(__name__)

POLL_MS = 100  # how often the server thread looks at its stop flag
SEND_TIMEOUT_MS = 2000  # a client that stops reading loses its answer after this, others go on


class Refused(Exception):
    """A request that cannot be served; the message is the reason sent back."""


def _request(frames: list[bytes]) -> dict:
    if len(frames) != 1:
        raise Refused(f"a request is one frame holding a JSON object, got {len(frames)} frames")
    try:
        request = json.loads(frames[0])
    except ValueError:
        raise Refused("the request is not JSON") from None
    if not isinstance(request, dict):
        raise Refused("the request is not a JSON object")
    return request


class RouterServer(threading.Thread):
    """Binds when constructed (FeedError on a bad or busy endpoint); `start()`, then `stop()`.

    Subclasses answer with `replies(request)`, a generator of reply frames; raising `Refused`
    answers `{"op": "error", "reason": ...}`. The ROUTER is mandatory-routing with a send
    timeout, so a client that vanished or stopped reading costs at most SEND_TIMEOUT_MS.
    `setup` (e.g. CURVE) is applied to the socket before it binds.
    """

    def __init__(self, endpoint: str, what: str, *, context: zmq.Context | None = None, setup=None):
        super().__init__(name=f"{what}-{endpoint}", daemon=True)
        socket = (context or zmq.Context.instance()).socket(zmq.ROUTER)
        socket.linger = 0
        socket.router_mandatory = 1
        socket.sndtimeo = SEND_TIMEOUT_MS
        if setup is not None:
            setup(socket)
        self.endpoint = bind(socket, endpoint, what)
        self._socket = socket
        self._stopping = threading.Event()

    def replies(self, request: dict) -> Iterator[bytes]:
        raise NotImplementedError

    def run(self) -> None:
        while not self._stopping.is_set():
            if not self._socket.poll(POLL_MS):
                continue
            identity, *frames = self._socket.recv_multipart()
            try:
                for reply in self._answer(frames):
                    self._socket.send_multipart([identity, reply])
            except zmq.ZMQError as exc:  # EHOSTUNREACH: client gone; EAGAIN: not reading
                log.warning("%s: client dropped: %s", self.name, exc)

    def _answer(self, frames: list[bytes]) -> Iterator[bytes]:
        try:
            yield from self.replies(_request(frames))
        except Refused as exc:
            yield canonical({"op": "error", "reason": str(exc)})
        except Exception as exc:  # whatever went wrong, the client gets an answer
            log.exception("%s: request failed", self.name)
            yield canonical({"op": "error", "reason": f"cannot serve the request: {exc}"})

    def stop(self) -> None:
        self._stopping.set()
        if self.ident is not None:
            self.join()
        self._socket.close()
