"""The serial link every serial device uses: clear errors at open, and an unplug survived."""

from __future__ import annotations

import threading
import time

import pytest

from drivers.emulators.pty_port import PtyPort
from drivers.errors import DeviceError
from drivers.serialport import SerialLink, open_port

DEADLINE = 10.0


class Recorder:
    def __init__(self) -> None:
        self.log: list[object] = []
        self.changed = threading.Condition()

    def _add(self, item) -> None:
        with self.changed:
            self.log.append(item)
            self.changed.notify_all()

    def connection_made(self) -> None:
        self._add("made")

    def data_received(self, data: bytes) -> None:
        self._add(data)

    def connection_lost(self, reason: str) -> None:
        self._add("lost")

    def silent(self, seconds: float) -> None:
        self._add("silent")

    def wait_for(self, item) -> None:
        with self.changed:
            assert self.changed.wait_for(lambda: item in self.log, timeout=DEADLINE), (
                item,
                self.log,
            )

    def received(self) -> bytes:
        return b"".join(x for x in self.log if isinstance(x, bytes))


def test_a_missing_port_names_the_device_and_the_fix(tmp_path):
    with pytest.raises(
        DeviceError, match=r"wheel board: cannot open .*nowhere: no such device: check the cable"
    ):
        open_port(str(tmp_path / "nowhere"), 115200, device="wheel board")


def test_the_rates_that_reboot_an_rp2040_are_refused(tmp_path):
    for baud in (1200, 2400):
        with pytest.raises(DeviceError, match="bootloader"):
            open_port(str(tmp_path / "x"), baud, device="wheel board")


def test_an_unplugged_device_is_reopened_by_its_stable_name(tmp_path):
    port = PtyPort(tmp_path / "device")
    recorder = Recorder()
    link = SerialLink(str(tmp_path / "device"), 115200, recorder, device="test", silent_after=0.3)
    link.open()
    try:
        port.write(b"before")
        recorder.wait_for("silent")  # nothing more for 0.3 s
        assert recorder.received() == b"before"
        port.unplug()
        recorder.wait_for("lost")
        assert link.write(b"into the void") is False  # not connected: the caller resends later
        port.plug()
        deadline = time.monotonic() + DEADLINE
        while recorder.log.count("made") < 2 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert recorder.log.count("made") == 2 and link.reconnects == 1
        port.write(b"after")
        deadline = time.monotonic() + DEADLINE
        while not recorder.received().endswith(b"after") and time.monotonic() < deadline:
            time.sleep(0.01)
        assert recorder.received() == b"beforeafter"
        assert link.write(b"hello") is True
        assert port.read(DEADLINE) == b"hello"
    finally:
        link.close()
        port.unplug()
