"""Our wheel sensor board (firmware_bridge/firmware/wheel_board) on a USB serial port.

URL: board:///dev/wheel-board?baud=115200&silent=2 (the path is the udev name of
systemd/99-dealer-terminal.rules; `silent`: seconds without a byte before Fault("silent")).

SerialLink keeps the port open and reopens it after an unplug; firmware_bridge.link runs the
session: hello, heartbeats, acknowledgements and resends, so that no reading is lost or
duplicated across a reconnection and no bad frame becomes a reading. The board stamps its
readings with its own clock; they are mapped to host monotonic time through the heartbeats.

The board cannot turn the rotor: spin(direction) tells it which way the croupier is asked to
spin (it lights an arrow), and starts a new spin for the readings (after a void spin, the
readings of the rest of it are dropped until the next spin()).

The runtime may log health() once a second; every link fault logs the last frames.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import Counter
from dataclasses import replace
from importlib import metadata
from types import SimpleNamespace
from urllib.parse import urlsplit

from drivers.serialport import BOOTLOADER_BAUDS, SerialLink
from drivers.wheel.base import SelfTestCheck, Wheel
from drivers.faults import Fault, FaultCleared
from drivers.wheel.events import BallInPocket, BallLaunched, BallLeavingRim, RotorSpin, WheelEvent
from drivers.wheel.order import WheelOrder
from firmware_bridge import messages as m
from firmware_bridge.link import HOST, Connected, Delivered, Dropped, Link, Refused

log = logging.getLogger(__name__)

DEFAULT_BAUD = 115200
HELLO_TIMEOUT = 3.0  # seconds for the board to answer the hello at open()
SELFTEST_TIMEOUT = 3.0
TICK = 0.02  # seconds between polls of the link: heartbeats, resends
DROP_REPORT_EVERY = 1_000_000_000  # ns: at most one fault per kind of dropped frame
# How the board classifies (sent in a Config message after each hello of a new boot).
LEAVING_PERIOD_US = 1_500_000  # the ball's revolution slower than this: "no more bets"
BALL_LOST_MS = 3000
STUCK_MS = 5000


def _host_version() -> str:
    try:
        return f"dealer-terminal {metadata.version('dealer-terminal')}"
    except metadata.PackageNotFoundError:
        return "dealer-terminal (not installed)"


def _baud(text: str) -> int:
    value = int(text)
    if value in BOOTLOADER_BAUDS:
        raise ValueError(f"{value} baud reboots an RP2040 into its bootloader; use {DEFAULT_BAUD}")
    if value <= 0:
        raise ValueError("a positive number of baud")
    return value


def _seconds(text: str) -> float:
    value = float(text)
    if not 0 < value < float("inf"):
        raise ValueError("seconds, more than 0")
    return value


class _DropReports:
    """Rate-limits the faults of dropped frames: the first of a kind is reported at once,
    the next ones of that kind within DROP_REPORT_EVERY together, when it has passed."""

    def __init__(self) -> None:
        self._reported_at: dict[str, int] = {}
        self._waiting: Counter[str] = Counter()

    def note(self, kind: str, now: int) -> list[tuple[str, int]]:
        self._waiting[kind] += 1
        return self.due(now)

    def due(self, now: int) -> list[tuple[str, int]]:
        """(kind, count) to report now."""
        out = []
        for kind, count in list(self._waiting.items()):
            if now - self._reported_at.get(kind, now - DROP_REPORT_EVERY) >= DROP_REPORT_EVERY:
                out.append((kind, count))
                self._reported_at[kind] = now
                del self._waiting[kind]
        return out


class BoardWheel(Wheel):
    def __init__(self, url: str, order: WheelOrder, *, seed: int | None = None):
        super().__init__(url, order)
        parts = urlsplit(url)
        if parts.netloc or not parts.path.startswith("/"):
            raise self._error("not a wheel board's URL",
                              "write board:///dev/wheel-board?baud=115200&silent=2")
        params = self._query({"baud": _baud, "silent": _seconds})
        self.path = parts.path
        self.baudrate: int = params.get("baud", DEFAULT_BAUD)
        self.silent_after: float = params.get("silent", 2.0)
        self.board: m.Hello | None = None  # the board's hello: versions, unique id
        self._cond = threading.Condition()  # guards everything below
        self._link: Link | None = None
        self._serial: SerialLink | None = None
        self._ticker: threading.Thread | None = None
        self._stop = threading.Event()

    # Diagnosis

    def health(self) -> dict:
        """Link-health figures for the once-a-second log line: frames in and out, drops by
        kind, resends, round trip, clock drift, reconnections."""
        with self._cond:
            if self._link is None or self._serial is None:
                return {"device": self.url, "open": False}
            return {"device": self.url, "open": self.is_open,
                    "port": "open" if self._serial.connected else "reconnecting",
                    "reconnects": self._serial.reconnects, **self._link.health(),
                    "readings_after_void": self._after_void}

    def dump(self) -> str:
        """The last frames in and out."""
        with self._cond:
            return self._link.dump() if self._link is not None else ""

    # The backend

    def _open(self) -> None:
        self._link = Link(HOST, version=_host_version())
        self._stop.clear()
        self._drops = _DropReports()
        self._lost = self._silent = False
        self._configured_boot: int | None = None
        self._asked: str | None = None  # the direction of the spin asked for
        self._rotor: str | None = None  # the direction the rotor was seen turning this spin
        self._void = False  # this spin is void: drop its remaining readings
        self._after_void = 0
        self._answers: dict[int, m.SelfTestAnswer] = {}
        self._last_t = 0
        protocol = SimpleNamespace(connection_made=self._connected, data_received=self._received,
                                   connection_lost=self._lost_port, silent=self._silence)
        self._serial = SerialLink(self.path, self.baudrate, protocol, device=f"wheel {self.url}",
                                  silent_after=self.silent_after)
        self._serial.open()
        try:
            self._handshake()
        except BaseException:
            self._serial.close()
            raise
        self._ticker = threading.Thread(target=self._tick, name=f"tick {self.url}", daemon=True)
        self._ticker.start()

    def _close(self) -> None:
        self._stop.set()
        if self._ticker is not None:
            self._ticker.join()
            self._ticker = None
        self._serial.close()

    def _spin(self, direction: str) -> None:
        with self._cond:
            self._asked, self._rotor, self._void = direction, None, False
            self._link.send(m.Spin(direction))
            self._flush(time.monotonic_ns())

    def _selftest(self) -> list[SelfTestCheck]:
        with self._cond:
            seq = self._link.send(m.SelfTestRequest())
            self._answers.pop(seq, None)
            self._flush(time.monotonic_ns())
            if not self._cond.wait_for(lambda: seq in self._answers, timeout=SELFTEST_TIMEOUT):
                raise self._error(f"no self-test answer within {SELFTEST_TIMEOUT:g} s",
                                  f"check the board and its link: {self._link.health()}")
            answer = self._answers.pop(seq)
        return [SelfTestCheck(check.name, check.ok, check.detail) for check in answer.checks]

    def _emit(self, event: WheelEvent) -> None:
        self._last_t = max(self._last_t, event.t_ns)
        super()._emit(event)

    # Inside: the serial thread's callbacks and the ticker, each under self._cond

    def _handshake(self) -> None:
        with self._cond:
            self._cond.wait_for(lambda: self._link.connected or self._link.refused,
                                timeout=HELLO_TIMEOUT)
            if self._link.refused:
                raise self._error(f"the board was refused: {self._link.refused}",
                                  "flash the board with the firmware of this release "
                                  "(firmware_bridge/firmware/wheel_board), or update the terminal")
            if not self._link.connected:
                raise self._error(f"no hello from {self.path} within {HELLO_TIMEOUT:g} s",
                                  "check that the board runs the wheel-board firmware and that "
                                  "the path is the board's (ls -l /dev/serial/by-id)")

    def _tick(self) -> None:
        while not self._stop.wait(TICK):
            with self._cond:
                now = time.monotonic_ns()
                self._flush(now)
                for kind, count in self._drops.due(now):
                    self._report_drops(kind, count)

    def _flush(self, now: int) -> None:
        data = self._link.poll(now)
        if data:
            self._serial.write(data)  # if it fails, the link has dropped: resent after the hello

    def _connected(self) -> None:
        with self._cond:
            self._link.connection_made()
            self._flush(time.monotonic_ns())

    def _lost_port(self, reason: str) -> None:
        with self._cond:
            self._link.connection_lost()
            self._lost = True
            self._fault("link_lost", "error", f"{reason}; reopening {self.path}")

    def _silence(self, seconds: float) -> None:
        with self._cond:
            self._silent = True
            self._fault("silent", "error", f"no byte from the board for {seconds:.1f} s "
                                           f"(limit {self.silent_after:g} s)")

    def _received(self, data: bytes) -> None:
        with self._cond:
            now = time.monotonic_ns()
            frames = self._link.decoder.counters.frames
            for happening in self._link.receive(data, now):
                if isinstance(happening, Delivered):
                    self._delivered(happening.message, now)
                elif isinstance(happening, Dropped):
                    for kind, count in self._drops.note(happening.kind, now):
                        self._report_drops(kind, count)
                elif isinstance(happening, Connected):
                    self._hello(happening)
                elif isinstance(happening, Refused) and self.is_open:
                    self._fault("incompatible", "critical", f"the board was refused: "
                                                            f"{happening.reason}")
            if self._silent and self._link.decoder.counters.frames > frames:
                self._silent = False
                self._emit(FaultCleared("silent"))
            self._flush(now)
            self._cond.notify_all()

    def _hello(self, connected: Connected) -> None:
        self.board = connected.peer
        if connected.restarted:
            self._void_spin("board_restarted", "the board restarted: readings of the spin in "
                                               "progress may be lost")
        if self._configured_boot != connected.peer.boot_id:
            self._configured_boot = connected.peer.boot_id
            self._link.send(m.Config(len(self.order), LEAVING_PERIOD_US, BALL_LOST_MS, STUCK_MS))
        if self._lost:
            self._lost = False
            self._emit(FaultCleared("link_lost"))

    def _delivered(self, message: m.Message, now: int) -> None:
        if isinstance(message, m.SelfTestAnswer):
            self._answers[message.request_seq] = message
        elif isinstance(message, m.Error):
            code = m.ERROR_CODES.get(message.code, f"board_error_{message.code}")
            if not message.active:
                self._emit(FaultCleared(code))
            elif message.code == m.SENSOR_STUCK:  # its readings cannot be trusted
                self._fault(code, "error", message.text, void=True)
                self._void = True
            else:
                self._fault(code, "error", message.text)
        elif isinstance(message, m.SENSOR_EVENTS):
            if self._void:
                self._after_void += 1
                log.info("%s: %s after a void spin, dropped", self.url, message)
            else:
                self._reading(message, self._stamp(message.t_us, now))

    def _reading(self, message: m.Message, t_ns: int) -> None:
        if isinstance(message, m.Rotor):
            self._rotor = message.direction
            self._emit(RotorSpin(message.direction, round(60e6 / message.period_us, 1), t_ns))
        elif isinstance(message, m.BallInRim):
            self._emit(BallLaunched(message.direction, t_ns))
            if message.direction == (self._rotor or self._asked):
                self._void_spin("misspin", f"the ball runs {message.direction}, the same way as "
                                           f"the rotor: void spin")
        elif isinstance(message, m.BallLeaving):
            self._emit(BallLeavingRim(t_ns))
        elif isinstance(message, m.BallInPockets):
            self._emit(replace(BallInPocket.read(self.order, message.pockets), t_ns=t_ns))
        elif isinstance(message, m.BallLost):
            self._void_spin("ball_removed", f"the ball left the rim, unseen for "
                                            f"{message.unseen_us / 1e6:.1f} s without dropping: "
                                            f"void spin")

    def _stamp(self, t_us: int, now: int) -> int:
        """The board's stamp on the host's clock: never after its arrival, never before the
        previous event's."""
        mapped = self._link.clock.to_host(t_us)
        return max(self._last_t, now if mapped is None else min(mapped, now))

    def _void_spin(self, code: str, detail: str) -> None:
        self._fault(code, "warning", detail, void=True)
        self._emit(FaultCleared(code))  # over: the wheel is ready for the next spin
        self._void = True

    def _report_drops(self, kind: str, count: int) -> None:
        totals = ", ".join(f"{k} {n}" for k, n in self._link.dropped().items() if n)
        self._fault("bad_frame", "warning", f"{count} frame(s) dropped as {kind}; totals: {totals}; "
                                            f"the board resends what was lost")

    def _fault(self, code: str, severity: str, detail: str, *, void: bool = False) -> None:
        log.warning("%s: %s: %s; last frames:\n%s", self.url, code, detail, self._link.dump())
        self._emit(Fault(code, severity, detail, void))
