"""What every backend for one of our boards on USB serial has in common, whatever it senses
(the wheel board, the dice reader, the shoe reader): URL board://<path>?baud=115200&silent=2
(the path is the udev name of systemd/99-dealer-terminal.rules; `silent`: seconds without a
byte before Fault("silent")).

SerialLink keeps the port open and reopens it after an unplug; firmware_bridge.link runs the
session: hello, heartbeats, acknowledgements and resends, so that no reading is lost or
duplicated across a reconnection and no bad frame becomes a reading. The board stamps its
readings with its own clock; they are mapped to host monotonic time through the heartbeats.

This class does the link's faults (link_lost, silent, bad_frame rate-limited, incompatible),
the board's error messages, the self-test over the bridge, health(), round_trip() and dump(),
and logs the last frames with every fault. A backend adds its own messages: `_reading` for
what the board senses, `_voided` for a void spin or throw, `_booted` for what a new boot must
be told.

The runtime may log health() once a second.
"""

from __future__ import annotations

import logging
import threading
import time
from abc import abstractmethod
from collections import Counter
from importlib import metadata
from types import SimpleNamespace
from typing import ClassVar, Protocol, TypeVar, cast
from urllib.parse import urlsplit

from drivers.device import Device
from drivers.faults import Fault, FaultCleared
from drivers.selftest import SelfTestCheck
from drivers.serialport import BOOTLOADER_BAUDS, SerialLink
from firmware_bridge import messages as m
from firmware_bridge.link import HOST, Connected, Delivered, Dropped, Link, Refused

log = logging.getLogger(__name__)

DEFAULT_BAUD = 115200
HELLO_TIMEOUT = 3.0  # seconds for the board to answer the hello at open()
SELFTEST_TIMEOUT = 3.0
TICK = 0.02  # seconds between polls of the link: heartbeats, resends
DROP_REPORT_EVERY = 1_000_000_000  # ns: at most one fault per kind of dropped frame


class _Stamped(Protocol):
    @property
    def t_ns(self) -> int: ...


# What a board backend reports (WheelEvent, DiceEvent, ShoeEvent): its readings, Fault and
# FaultCleared, each stamped on the host's clock.
E = TypeVar("E", bound=_Stamped)

# The sensor events a board sends (m.SENSOR_EVENTS), each stamped with the board's clock
# (t_us); mypy flags _delivered's call of _reading if that tuple grows and this does not.
Reading = (
    m.Rotor
    | m.BallInRim
    | m.BallLeaving
    | m.BallInPockets
    | m.BallLost
    | m.Dice
    | m.DiceVoid
    | m.Card
    | m.CutCard
    | m.ShoeLoaded
    | m.CardFault
)


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


class BridgeBoard(Device[E]):
    """A board backend's second base, after its device interface:
    `class BoardWheel(Wheel, BridgeBoard[WheelEvent])`. Everything below `self._cond` runs
    under it, the backend's hooks included; a backend resets its round in `_open` before
    calling this one's (the board's first readings may arrive before open() returns)."""

    DEVICE_PATH: ClassVar[str]  # the board's udev name, for the example URL
    FIRMWARE: ClassVar[str]  # the firmware the board runs, as a technician knows it
    FLASH: ClassVar[str]  # where that firmware is found
    ROUND: ClassVar[str]  # what the board reads, one at a time: "spin", "throw"
    DROPPED: ClassVar[str]  # the health figure counting readings dropped outside a round

    def __init__(self, url: str):
        super().__init__(url)
        parts = urlsplit(url)
        if parts.netloc or not parts.path.startswith("/"):
            raise self._error(
                f"not a {self.kind} board's URL",
                f"write board://{self.DEVICE_PATH}?baud={DEFAULT_BAUD}&silent=2",
            )
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

    def health(self) -> dict[str, object]:
        """Link-health figures for the once-a-second log line: frames in and out, drops by
        kind, resends, round trip, clock drift, reconnections, readings dropped."""
        with self._cond:
            if self._link is None or self._serial is None:
                return {"device": self.url, "open": False}
            return {
                "device": self.url,
                "open": self.is_open,
                "port": "open" if self._serial.connected else "reconnecting",
                "reconnects": self._serial.reconnects,
                **self._link.health(),
                self.DROPPED: self._dropped,
            }

    def round_trip(self, timeout: float = 0.0) -> float | None:
        """The link's last round trip in ms (a heartbeat and its answer, once a second),
        waiting up to `timeout` seconds for a first one after open; None if none came."""
        with self._cond:
            if self._link is None:
                return None
            clock = self._link.clock
            self._cond.wait_for(lambda: clock.rtt_ns is not None, timeout=timeout)
            rtt = clock.rtt_ns
        return None if rtt is None else rtt / 1e6

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
        self._dropped = 0
        self._answers: dict[int, m.SelfTestAnswer] = {}
        self._last_t = 0
        protocol = SimpleNamespace(
            connection_made=self._connected,
            data_received=self._received,
            connection_lost=self._lost_port,
            silent=self._silence,
        )
        self._serial = SerialLink(
            self.path,
            self.baudrate,
            protocol,
            device=f"{self.kind} {self.url}",
            silent_after=self.silent_after,
        )
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
        self._port.close()

    def _selftest(self) -> list[SelfTestCheck]:
        with self._cond:
            seq = self._send(m.SelfTestRequest())
            self._answers.pop(seq, None)
            if not self._cond.wait_for(lambda: seq in self._answers, timeout=SELFTEST_TIMEOUT):
                raise self._error(
                    f"no self-test answer within {SELFTEST_TIMEOUT:g} s",
                    f"check the board and its link: {self._board_link.health()}",
                )
            answer = self._answers.pop(seq)
        return [SelfTestCheck(check.name, check.ok, check.detail) for check in answer.checks]

    def _emit(self, event: E) -> None:
        self._last_t = max(self._last_t, event.t_ns)
        super()._emit(event)

    # The link and the port of the last open()

    @property
    def _board_link(self) -> Link:
        """The link of the last open(); set before the port opens, so the port's callbacks and
        the ticker always have it."""
        if self._link is None:
            raise self._error(f"the {self.kind} was never opened", "call open() first")
        return self._link

    @property
    def _port(self) -> SerialLink:
        """The serial port of the last open()."""
        if self._serial is None:
            raise self._error(f"the {self.kind} was never opened", "call open() first")
        return self._serial

    # For the backend, under self._cond

    def _send(self, message: m.Message) -> int:
        """Queue a sequenced message for the board and write it now; its sequence number."""
        with self._cond:
            seq = self._board_link.send(message)
            self._flush(time.monotonic_ns())
            return seq

    def _stamp(self, t_us: int, now: int) -> int:
        """The board's stamp on the host's clock: never after its arrival, never before the
        previous event's."""
        mapped = self._board_link.clock.to_host(t_us)
        return max(self._last_t, now if mapped is None else min(mapped, now))

    def _drop(self, message: m.Message, why: str) -> None:
        """A reading that belongs to no round: counted in health(), never reported."""
        self._dropped += 1
        log.info("%s: %s %s, dropped", self.url, message, why)

    def _void_round(self, code: str, detail: str) -> None:
        """The round in progress is void; over at once: ready for the next."""
        self._fault(code, "warning", detail, void=True)
        self._emit_fault(FaultCleared(code))
        self._voided()

    def _fault(self, code: str, severity: str, detail: str, *, void: bool = False) -> None:
        self._report(Fault(code, severity, detail, void))

    def _report(self, fault: Fault) -> None:
        """Emit `fault`, logged with the last frames."""
        log.warning(
            "%s: %s: %s; last frames:\n%s",
            self.url,
            fault.code,
            fault.detail,
            self._board_link.dump(),
        )
        self._emit_fault(fault)

    def _emit_fault(self, event: Fault | FaultCleared) -> None:
        """Emit a fault or its end: every board's events include both (WheelEvent, DiceEvent,
        ShoeEvent), which the type variable E cannot say; hence the cast."""
        self._emit(cast(E, event))

    # The backend's own

    def _booted(self) -> None:
        """The board is a new boot (the first hello, or after a restart): tell it what it
        needs to know."""

    @abstractmethod
    def _voided(self) -> None:
        """The round in progress is void: drop what is left of it."""

    @abstractmethod
    def _reading(self, message: Reading, now: int) -> None:
        """A sensor event from the board, delivered once and in order at `now`."""

    # Inside: the serial thread's callbacks and the ticker, each under self._cond

    def _handshake(self) -> None:
        with self._cond:
            self._cond.wait_for(
                lambda: self._board_link.connected or self._board_link.refused,
                timeout=HELLO_TIMEOUT,
            )
            if self._board_link.refused:
                raise self._error(
                    f"the board was refused: {self._board_link.refused}",
                    f"flash the board with the firmware of this release "
                    f"({self.FLASH}), or update the terminal",
                )
            if not self._board_link.connected:
                raise self._error(
                    f"no hello from {self.path} within {HELLO_TIMEOUT:g} s",
                    f"check that the board runs the {self.FIRMWARE} firmware and "
                    f"that the path is the board's (ls -l /dev/serial/by-id)",
                )

    def _tick(self) -> None:
        while not self._stop.wait(TICK):
            with self._cond:
                now = time.monotonic_ns()
                self._flush(now)
                for kind, count in self._drops.due(now):
                    self._report_drops(kind, count)

    def _flush(self, now: int) -> None:
        data = self._board_link.poll(now)
        if data:
            self._port.write(data)  # if it fails, the link has dropped: resent after the hello

    def _connected(self) -> None:
        with self._cond:
            self._board_link.connection_made()
            self._flush(time.monotonic_ns())

    def _lost_port(self, reason: str) -> None:
        with self._cond:
            self._board_link.connection_lost()
            self._lost = True
            self._fault("link_lost", "error", f"{reason}; reopening {self.path}")

    def _silence(self, seconds: float) -> None:
        with self._cond:
            self._silent = True
            self._fault(
                "silent",
                "error",
                f"no byte from the board for {seconds:.1f} s (limit {self.silent_after:g} s)",
            )

    def _received(self, data: bytes) -> None:
        with self._cond:
            now = time.monotonic_ns()
            frames = self._board_link.decoder.counters.frames
            for happening in self._board_link.receive(data, now):
                if isinstance(happening, Delivered):
                    self._delivered(happening.message, now)
                elif isinstance(happening, Dropped):
                    for kind, count in self._drops.note(happening.kind, now):
                        self._report_drops(kind, count)
                elif isinstance(happening, Connected):
                    self._hello(happening)
                elif isinstance(happening, Refused) and self.is_open:
                    self._fault(
                        "incompatible", "critical", f"the board was refused: {happening.reason}"
                    )
            if self._silent and self._board_link.decoder.counters.frames > frames:
                self._silent = False
                self._emit_fault(FaultCleared("silent"))
            self._flush(now)
            self._cond.notify_all()

    def _hello(self, connected: Connected) -> None:
        self.board = connected.peer
        if connected.restarted:  # what it had not delivered is lost
            self._void_round(
                "board_restarted",
                f"the board restarted: readings of the {self.ROUND} in progress may be lost",
            )
        if self._configured_boot != connected.peer.boot_id:
            self._configured_boot = connected.peer.boot_id
            self._booted()
        if self._lost:
            self._lost = False
            self._emit_fault(FaultCleared("link_lost"))

    def _delivered(self, message: m.Message, now: int) -> None:
        if isinstance(message, m.SelfTestAnswer):
            self._answers[message.request_seq] = message
        elif isinstance(message, m.Error):
            code = m.ERROR_CODES.get(message.code, f"board_error_{message.code}")
            if not message.active:
                self._emit_fault(FaultCleared(code))
            elif message.code == m.SENSOR_STUCK:  # its readings cannot be trusted
                self._fault(code, "error", message.text, void=True)
                self._voided()
            else:
                self._fault(code, "error", message.text)
        elif isinstance(message, m.SENSOR_EVENTS):
            self._reading(message, now)

    def _report_drops(self, kind: str, count: int) -> None:
        totals = ", ".join(f"{k} {n}" for k, n in self._board_link.dropped().items() if n)
        self._fault(
            "bad_frame",
            "warning",
            f"{count} frame(s) dropped as {kind}; totals: {totals}; "
            f"the board resends what was lost",
        )
