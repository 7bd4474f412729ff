"""Single-frame JSON requests and answers (`docs/feed.md`: no empty delimiter frame; the ROUTER
sees `[identity, frame]`): `RouterServer`, a ROUTER answering them on a thread of its own (the
table's replay server, the pit's control server), and `RouterClient`, the DEALER that asks one
question at a time (the pit's board, a table's carrousel pool)."""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Generator, Iterator

import zmq

from terminal.common.flag import Flag
from terminal.contract.events import canonical
from terminal.feed import bind

log = logging.getLogger(__name__)

POLL_MS = 100  # how often the server thread looks at its stop flag
SEND_TIMEOUT_MS = 2000  # a client that stops reading loses its answer after this, others go on
# a request is a small JSON object; ZeroMQ drops a peer that sends more
MAX_REQUEST_BYTES = 64 * 1024


class Refused(ValueError):
    """A request that cannot be served; the message is the reason sent back (and received)."""


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
    answers `{"op": "error", "reason": ...}`, and so does any other failure (logged on one
    line: a bad request is the client's problem, not a crash of ours). The ROUTER is
    mandatory-routing with a send timeout, so a client that vanished or stopped reading costs
    at most SEND_TIMEOUT_MS, and takes no message over MAX_REQUEST_BYTES (ZeroMQ disconnects
    the peer that sends one before it is ever buffered whole). `setup` (e.g. CURVE) is applied
    to the socket before it binds.
    """

    def __init__(self, endpoint: str, what: str, *, context: zmq.Context | None = None, setup=None):
        super().__init__(name=f"{what}-{endpoint}", daemon=True)
        socket = (context or zmq.Context.instance()).socket(zmq.ROUTER)
        socket.linger = 0
        socket.router_mandatory = 1
        socket.sndtimeo = SEND_TIMEOUT_MS
        socket.maxmsgsize = MAX_REQUEST_BYTES
        if setup is not None:
            setup(socket)
        self.endpoint = bind(socket, endpoint, what)
        self._socket = socket
        self._stopping = Flag()

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
            log.info("%s: refused: %s", self.name, exc)
            yield canonical({"op": "error", "reason": str(exc)})
        except Exception as exc:  # whatever went wrong, the client gets an answer
            log.warning(
                "%s: cannot serve %.200r: %s: %s", self.name, frames[:1], type(exc).__name__, exc
            )
            yield canonical({"op": "error", "reason": f"cannot serve the request: {exc}"})

    def request_stop(self) -> None:
        """`run()` returns within POLL_MS; a signal handler may call this."""
        self._stopping.set()

    def stop(self) -> None:
        """Stop serving (the thread, when started, is joined) and close the socket."""
        self._stopping.set()
        if self.ident is not None:
            self.join()
        self._socket.close()


class RouterClient:
    """Asks `endpoint` (`what` names it in errors) one request at a time: `ask` for a request
    answered once, `stream` for one answered in many replies (a replay). An answer not come in
    `timeout` seconds raises ConnectionError and the socket is made anew, so that a late answer
    (or a server restarted meanwhile) is never taken for the next one's; `{"op": "error"}`
    raises Refused with its reason. `setup` (e.g. CURVE) is applied to each new socket."""

    def __init__(
        self,
        endpoint: str,
        what: str,
        *,
        timeout: float,
        context: zmq.Context | None = None,
        setup=None,
    ):
        self.endpoint, self.what, self.timeout = endpoint, what, timeout
        self._context = context or zmq.Context.instance()
        self._setup = setup
        self._socket: zmq.Socket | None = None

    def ask(self, request: dict) -> dict:
        if self._socket is None:
            self._socket = self._context.socket(zmq.DEALER)
            self._socket.linger = 0
            if self._setup is not None:
                self._setup(self._socket)
            self._socket.connect(self.endpoint)
        self._socket.send(canonical(request))
        return self._answer()

    def stream(self, request: dict) -> Generator[dict, None, dict]:
        """Yields the replies to `request` that carry no "op" (a replay's events), and returns
        the one that does (its end). Given up before that end, the socket is made anew: the
        rest of the answer must not be taken for the next request's."""
        answer, ended = self.ask(request), False
        try:
            while "op" not in answer:
                yield answer
                answer = self._answer()
            ended = True
        finally:
            if not ended:
                self.close()
        return answer

    def _answer(self) -> dict:
        # awaited only after `ask` sent on the socket (made there); `close` drops it afterwards
        assert self._socket is not None
        if not self._socket.poll(round(self.timeout * 1000)):
            self.close()
            raise ConnectionError(
                f"{self.what} at {self.endpoint} did not answer within {self.timeout:g} s"
            )
        answer = json.loads(self._socket.recv())
        if answer.get("op") == "error":
            raise Refused(answer.get("reason"))
        return answer

    def close(self) -> None:
        if self._socket is not None:
            self._socket.close(linger=0)
            self._socket = None
