"""What every GPIO backend does, run against each backend that can run here (on the Pi, against
the real pins); then what rpigpio:// does with the RPi.GPIO API. The same waveforms drive every
backend; what matters is which events come, in which order, never how long anything took."""

from __future__ import annotations

import dataclasses
import importlib.abc
import queue
import sys
import threading
import time
from collections.abc import Callable
from typing import NamedTuple

import pytest

from drivers.errors import DeviceError
from drivers.gpio import ButtonPressed, PinMap, SwitchChanged, TableIO, open_gpio
from drivers.gpio.debounce import Debouncer

PINS = PinMap(
    buttons={"no_more_bets": 17},
    switches={"tilt": 27, "door": 22},
    leds={"open": 5, "closed": 6, "fault": 13},
)
DEADLINE = 10.0  # a guard against a hang, not a measure: events come long before
TILTED = SwitchChanged("tilt", True, 0)
CHATTER = [(True, 0.5), (False, 0.5)] * 5  # contact bounce: pulses far shorter than bounce_ms


class LgpioError(Exception):
    """lgpio.error, which rpi-lgpio lets through: no RuntimeError, only its message tells."""


class FakeRPiGPIO:
    """A stand-in for the RPi.GPIO module of rpi-lgpio, because this machine has no GPIO header
    and no /dev/gpiochip. It is not the library: passing against it shows that the backend uses
    the API as rpi-lgpio expects, not that the Pi works; on the Pi this suite runs for real.

    As rpi-lgpio does, it wants setmode() first, claims pins with setup(), refuses output() to
    an input and input() from an unclaimed pin, reports an edge only once the level has held for
    bouncetime (lgpio's debounce, modelled by drivers.gpio.debounce and tested on its own),
    calls the callbacks one after another on one extra thread, and cleanup(pins) releases only
    those pins. A test drives the wire (drive), makes a call fail (fail) and reads the calls.
    """

    BCM = 11
    OUT, IN = 0, 1
    LOW, HIGH = 0, 1
    PUD_OFF, PUD_DOWN, PUD_UP = 20, 21, 22
    RISING, FALLING, BOTH = 31, 32, 33

    class Alert(NamedTuple):
        edge: int
        callback: Callable[[int], None]
        debouncer: Debouncer

    def __init__(self):
        self.calls: list[tuple] = []
        self.callback_errors: list[Exception] = []
        self._failures: dict[tuple[str, int | None], Exception] = {}
        self._mode: int | None = None
        self._lock = threading.Lock()
        self._wire: dict[int, int] = {}  # the level the circuit puts on a pin
        self._claimed: dict[int, int] = {}  # pin -> IN or OUT
        self._pulls: dict[int, int] = {}
        self._latches: dict[int, int] = {}  # what each output was set to
        self._alerts: dict[int, FakeRPiGPIO.Alert] = {}
        self._clock = 0  # simulated nanoseconds
        self._timeline: queue.SimpleQueue = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._play, name="fake lgpio callbacks")
        self._thread.start()

    # The test's side

    def drive(self, pin: int, *steps: tuple[int, float]) -> None:
        """The circuit puts each (level, ms) on `pin` in turn, then holds the last level. Returns
        once the callback thread has played it all: the world is then at the waveform's end."""
        with self._lock:
            alert = self._alerts.get(pin)
            for level, ms in steps:
                if alert:
                    self._schedule(pin, alert.debouncer.sample(level, self._clock))
                self._timeline.put(("level", pin, level))
                self._clock += round(ms * 1_000_000)
            if alert:
                settled = alert.debouncer.settle()
                self._schedule(pin, settled)
                self._clock = max(self._clock, settled.t_ns if settled else 0)
        played = threading.Event()
        self._timeline.put(played)
        assert played.wait(DEADLINE), "the callback thread is stuck"

    def fail(self, function: str, error: Exception, pin: int | None = None) -> None:
        """Make every call of `function` (on `pin`) raise `error`."""
        self._failures[(function, pin)] = error

    @property
    def claimed(self) -> dict[int, int]:
        with self._lock:
            return dict(self._claimed)

    def stop(self) -> None:
        self._timeline.put(None)
        self._thread.join()

    # The RPi.GPIO API

    def setmode(self, mode: int) -> None:
        self.calls.append(("setmode", mode))
        self._check("setmode", None)
        self._mode = mode

    def setup(
        self, pin: int, direction: int, pull_up_down: int | None = None, initial: int | None = None
    ) -> None:
        self.calls.append(("setup", pin, direction, pull_up_down, initial))
        self._check("setup", pin)
        with self._lock:
            self._alerts.pop(pin, None)
            self._claimed[pin] = direction
            if direction == self.OUT:
                self._latches[pin] = int(bool(initial))
            else:
                self._pulls[pin] = pull_up_down

    def add_event_detect(
        self, pin: int, edge: int, callback: Callable[[int], None], bouncetime: int | None = None
    ) -> None:
        self.calls.append(("add_event_detect", pin, edge, bouncetime))
        self._check("add_event_detect", pin)
        with self._lock:
            if self._claimed.get(pin) != self.IN:
                raise RuntimeError("You must setup() the GPIO channel as an input first")
            if pin in self._alerts:
                raise RuntimeError(
                    "Conflicting edge detection already enabled for this GPIO channel"
                )
            debouncer = Debouncer(self._level(pin), (bouncetime or 0) * 1_000_000)
            self._alerts[pin] = self.Alert(edge, callback, debouncer)

    def input(self, pin: int) -> int:
        self._check("input", pin)
        with self._lock:
            if pin not in self._claimed:
                raise RuntimeError("You must setup() the GPIO channel first")
            return self._latches[pin] if self._claimed[pin] == self.OUT else self._level(pin)

    def output(self, pin: int, value: int) -> None:
        self.calls.append(("output", pin, value))
        self._check("output", pin)
        with self._lock:
            if self._claimed.get(pin) != self.OUT:
                raise RuntimeError("The GPIO channel has not been set up as an OUTPUT")
            self._latches[pin] = int(bool(value))

    def cleanup(self, chanlist: list[int] | None = None) -> None:
        self.calls.append(("cleanup", None if chanlist is None else tuple(chanlist)))
        with self._lock:
            for pin in list(self._claimed) if chanlist is None else chanlist:
                for pins in (self._claimed, self._pulls, self._latches, self._alerts):
                    pins.pop(pin, None)

    # Inside

    def _check(self, function: str, pin: int | None) -> None:
        if function != "setmode" and self._mode != self.BCM:
            raise RuntimeError(
                "Please set pin numbering mode using GPIO.setmode(GPIO.BOARD) or "
                "GPIO.setmode(GPIO.BCM)"
            )
        if (function, pin) in self._failures:
            raise self._failures[(function, pin)]

    def _level(self, pin: int) -> int:
        return self._wire.get(pin, int(self._pulls.get(pin) == self.PUD_UP))

    def _schedule(self, pin: int, settled) -> None:
        if settled is not None:
            self._timeline.put(("edge", pin, settled.level))

    def _play(self) -> None:
        while (item := self._timeline.get()) is not None:
            if isinstance(item, threading.Event):
                item.set()
                continue
            kind, pin, level = item
            with self._lock:
                if kind == "level":
                    self._wire[pin] = level
                alert = self._alerts.get(pin)
            wanted = {self.BOTH, self.RISING if level else self.FALLING}
            if kind == "edge" and alert and alert.edge in wanted:
                try:
                    alert.callback(pin)
                except Exception as e:  # noqa: BLE001 rpi-lgpio prints it; here the test fails
                    self.callback_errors.append(e)


@pytest.fixture
def fake_gpio(monkeypatch):
    fake = FakeRPiGPIO()
    monkeypatch.setitem(sys.modules, "RPi.GPIO", fake)
    yield fake
    fake.stop()
    assert not fake.callback_errors


class Bench(NamedTuple):
    io: TableIO
    drive: Callable[..., None]  # drive(name, *(closed, ms)) moves the contact of input `name`


@pytest.fixture(params=["sim://gpio", "rpigpio://"])
def url(request) -> str:
    return request.param


@pytest.fixture
def open_bench(url, request):
    """Opens the backend at `url` with a pin map, and a hand on its contacts."""
    fake = request.getfixturevalue("fake_gpio") if url == "rpigpio://" else None
    opened = []

    def open_bench(pins: PinMap = PINS) -> Bench:
        io = open_gpio(url, pins)
        opened.append(io)
        if fake is None:
            return Bench(io, io.drive)

        def drive(name, *steps):  # a closed contact pulls the pin to its active level
            levels = [(int(closed != pins.active_low), ms) for closed, ms in steps]
            fake.drive(pins.inputs[name], *levels)

        return Bench(io, drive)

    yield open_bench
    for io in opened:
        io.close()


@pytest.fixture
def bench(open_bench) -> Bench:
    return open_bench()


def unstamped(events) -> list:
    return [dataclasses.replace(e, t_ns=0) for e in events]


def events_until(io: TableIO, last) -> list:
    """The events up to and including the first equal to `last` but for its stamp."""
    deadline = time.monotonic() + DEADLINE
    events = []
    while not events or unstamped(events[-1:]) != [last]:
        event = io.get(timeout=max(0.0, deadline - time.monotonic()))
        assert event is not None, f"no {last} before the deadline, only {events}"
        events.append(event)
    return events


def reported_before_tilt(bench: Bench) -> list:
    """What was reported before the tilt switch closes, which it then does: every backend
    reports in order, so anything still due from earlier comes before it."""
    bench.drive("tilt", (True, 0))
    return events_until(bench.io, TILTED)[:-1]


# The contract


def test_a_press_is_reported_once_with_a_monotonic_stamp(bench):
    before = time.monotonic_ns()
    bench.drive("no_more_bets", (True, 50), (False, 0))

    (press,) = reported_before_tilt(bench)
    assert unstamped([press]) == [ButtonPressed("no_more_bets", 0)]
    assert press.t_ns >= before


def test_stamps_never_go_back(bench):
    for _ in range(3):
        bench.drive("no_more_bets", (True, 20), (False, 0))
        bench.drive("door", (True, 10), (False, 0))

    events = reported_before_tilt(bench)
    assert len(events) == 9
    assert [e.t_ns for e in events] == sorted(e.t_ns for e in events)


@pytest.mark.parametrize("name", ["no_more_bets", "door"])
def test_contact_bounce_is_reported_once(bench, name):
    bench.drive(name, *CHATTER, (True, 30), *CHATTER, (False, 0))

    events = unstamped(reported_before_tilt(bench))
    if name == "door":
        assert events == [SwitchChanged("door", True, 0), SwitchChanged("door", False, 0)]
    else:
        assert events == [ButtonPressed("no_more_bets", 0)]


@pytest.mark.parametrize("name", ["no_more_bets", "door"])
def test_a_glitch_shorter_than_the_bounce_time_is_ignored(bench, name):
    bench.drive(name, (True, PINS.bounce_ms / 2), (False, 0))

    assert reported_before_tilt(bench) == []
    assert not bench.io.switch_closed("door")


def test_a_switch_reports_closing_and_opening_and_keeps_its_level(bench):
    io = bench.io
    assert (io.switch_closed("door"), io.switch_closed("tilt")) == (False, False)

    bench.drive("door", (True, 0))
    assert unstamped(events_until(io, SwitchChanged("door", True, 0))) == [
        SwitchChanged("door", True, 0)
    ]
    assert (io.switch_closed("door"), io.switch_closed("tilt")) == (True, False)

    bench.drive("door", (False, 0))
    assert unstamped(events_until(io, SwitchChanged("door", False, 0))) == [
        SwitchChanged("door", False, 0)
    ]
    assert not io.switch_closed("door")


def test_a_switch_moved_while_closed_is_read_when_reopened(bench):
    bench.io.close()
    bench.drive("door", (True, 0))
    bench.io.open()

    assert bench.io.switch_closed("door")
    assert reported_before_tilt(bench) == []


def test_active_high_wiring(open_bench):
    bench = open_bench(dataclasses.replace(PINS, active_low=False))
    assert not bench.io.switch_closed("door")

    bench.drive("no_more_bets", (True, 50), (False, 0))
    bench.drive("door", (True, 0))

    assert unstamped(reported_before_tilt(bench)) == [
        ButtonPressed("no_more_bets", 0),
        SwitchChanged("door", True, 0),
    ]


def test_leds_are_set_and_read_back(bench):
    io = bench.io
    assert [io.led_state(name) for name in PINS.leds] == [False, False, False]

    io.led("open", True)
    io.led("fault", 1)
    assert [io.led_state(name) for name in PINS.leds] == [True, False, True]

    io.led("open", False)
    assert [io.led_state(name) for name in PINS.leds] == [False, False, True]


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda io: io.led("nope", True), "no LED named 'nope'; LED names: open, closed, fault"),
        (lambda io: io.led_state("door"), "no LED named 'door'"),
        (
            lambda io: io.switch_closed("no_more_bets"),
            "no switch named 'no_more_bets'; switch names: tilt, door",
        ),
    ],
)
def test_unknown_names_are_refused_with_the_known_ones(bench, url, call, message):
    with pytest.raises(ValueError, match=message) as refused:
        call(bench.io)
    assert url in str(refused.value)


def test_get_returns_none_when_nothing_happens(bench):
    assert bench.io.get(timeout=0) is None
    assert bench.io.get(timeout=0.01) is None


def test_open_close_and_reopen(bench):
    io = bench.io
    assert io.is_open
    io.open()  # already open: harmless
    io.close()
    assert not io.is_open
    io.close()  # already closed: harmless
    with io:
        assert io.is_open
        bench.drive("no_more_bets", (True, 50), (False, 0))
        assert unstamped(reported_before_tilt(bench)) == [ButtonPressed("no_more_bets", 0)]
    assert not io.is_open


@pytest.mark.parametrize(
    "call",
    [
        lambda io: io.led("open", True),
        lambda io: io.led_state("open"),
        lambda io: io.switch_closed("door"),
        lambda io: io.selftest(),
    ],
)
def test_a_closed_gpio_refuses_and_says_why(bench, url, call):
    bench.io.close()
    with pytest.raises(DeviceError, match="not open") as refused:
        call(bench.io)
    assert str(refused.value).startswith(f"gpio {url}: ")
    assert "open()" in str(refused.value)


def test_selftest_of_a_healthy_table_passes_and_leaves_the_leds_as_they_were(bench):
    bench.io.led("fault", True)

    checks = bench.io.selftest()

    assert [c.name for c in checks] == [
        "button no_more_bets",
        "switch tilt",
        "switch door",
        "LED open",
        "LED closed",
        "LED fault",
    ]
    assert all(c.ok for c in checks), checks
    assert [bench.io.led_state(name) for name in PINS.leds] == [False, False, True]


def test_selftest_fails_a_stuck_button(bench):
    bench.drive("no_more_bets", (True, 0))

    (button,) = [c for c in bench.io.selftest() if c.name == "button no_more_bets"]
    assert not button.ok
    assert "GPIO17 reads pressed" in button.detail


# rpigpio:// and the RPi.GPIO API


@pytest.fixture
def rpi(fake_gpio):
    with open_gpio("rpigpio://", PINS) as io:
        yield io


def test_rpigpio_claims_its_pins_as_wired(fake_gpio, rpi):
    g = fake_gpio
    assert fake_gpio.calls == [
        ("setmode", g.BCM),
        ("setup", 5, g.OUT, None, g.LOW),
        ("setup", 6, g.OUT, None, g.LOW),
        ("setup", 13, g.OUT, None, g.LOW),
        ("setup", 17, g.IN, g.PUD_UP, None),
        ("add_event_detect", 17, g.FALLING, 5),
        ("setup", 27, g.IN, g.PUD_UP, None),
        ("add_event_detect", 27, g.BOTH, 5),
        ("setup", 22, g.IN, g.PUD_UP, None),
        ("add_event_detect", 22, g.BOTH, 5),
    ]


def test_rpigpio_active_high_inputs_pull_down_and_press_on_the_rising_edge(fake_gpio):
    pins = dataclasses.replace(PINS, active_low=False, bounce_ms=2)
    with open_gpio("rpigpio://", pins) as io:
        assert io.is_open

    g = fake_gpio
    assert ("setup", 17, g.IN, g.PUD_DOWN, None) in fake_gpio.calls
    assert ("add_event_detect", 17, g.RISING, 2) in fake_gpio.calls
    assert ("add_event_detect", 22, g.BOTH, 2) in fake_gpio.calls


def test_rpigpio_lights_an_led_with_a_high_pin(fake_gpio, rpi):
    rpi.led("closed", True)
    rpi.led("closed", False)

    g = fake_gpio
    assert fake_gpio.calls[-2:] == [("output", 6, g.HIGH), ("output", 6, g.LOW)]


def test_rpigpio_close_releases_its_pins_and_no_other(fake_gpio, rpi):
    rpi.close()

    (cleanup,) = [call for call in fake_gpio.calls if call[0] == "cleanup"]
    assert sorted(cleanup[1]) == [5, 6, 13, 17, 22, 27]
    assert fake_gpio.claimed == {}


def test_without_rpi_gpio_it_says_to_install_the_pi_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "RPi.GPIO", None)  # as if not installed

    with pytest.raises(DeviceError) as refused:
        open_gpio("rpigpio://", PINS)

    message = str(refused.value)
    assert message.startswith("gpio rpigpio://: cannot import RPi.GPIO")
    assert "pip install 'dealer-terminal[pi]', which brings rpi-lgpio" in message
    assert "does not work on a Pi 5" in message


def test_off_a_pi_it_says_to_use_the_simulation(monkeypatch):
    class NotAPi(importlib.abc.MetaPathFinder):
        """rpi-lgpio refuses to be imported off a Pi."""

        def find_spec(self, name, path, target=None):
            if name.startswith("RPi"):
                raise RuntimeError("This module can only be run on a Raspberry Pi!")

    monkeypatch.delitem(sys.modules, "RPi.GPIO", raising=False)
    monkeypatch.delitem(sys.modules, "RPi", raising=False)
    monkeypatch.setattr(sys, "meta_path", [NotAPi(), *sys.meta_path])

    with pytest.raises(DeviceError, match="this machine is not a Raspberry Pi.*use sim://gpio"):
        open_gpio("rpigpio://", PINS)


@pytest.mark.parametrize(
    "function, pin, error, says",
    [
        (
            "setmode",
            None,
            LgpioError("can not open gpiochip"),
            ["cannot use the GPIO chip through /dev/gpiochip*", "sudo usermod -aG gpio USER"],
        ),
        (
            "setmode",
            None,
            ValueError("A different mode has already been set!"),
            ["numbers the pins otherwise", "GPIO.setmode(GPIO.BCM) everywhere"],
        ),
        (
            "setup",
            5,
            RuntimeError("No access to /dev/mem. Try running as root!"),
            ["cannot use GPIO5 through /dev/gpiochip*", "gpio group"],
        ),
        ("setup", 17, LgpioError("GPIO busy"), ["another process holds GPIO17", "lsof"]),
        ("setup", 6, LgpioError("GPIO not allocated"), ["another process holds GPIO6"]),
        (
            "setup",
            5,
            RuntimeError("Cannot determine SOC peripheral base address"),
            ["does not work on a Pi 5", "pip uninstall RPi.GPIO", "dealer-terminal[pi]"],
        ),
        (
            "add_event_detect",
            27,
            RuntimeError("Failed to add edge detection"),
            ["Pi 4 with a 6.6 kernel", "pip uninstall RPi.GPIO"],
        ),
    ],
)
def test_a_failed_open_says_what_to_do_and_releases_what_it_claimed(
    fake_gpio, function, pin, error, says
):
    fake_gpio.fail(function, error, pin)

    with pytest.raises(DeviceError) as refused:
        open_gpio("rpigpio://", PINS)

    message = str(refused.value)
    assert message.startswith("gpio rpigpio://: ")
    assert str(error) in message
    assert all(phrase in message for phrase in says), message
    assert fake_gpio.claimed == {}


def test_a_pin_lost_after_open_is_named_and_shown_by_the_selftest(fake_gpio, rpi):
    fake_gpio.fail("output", LgpioError("GPIO not allocated"), pin=5)

    with pytest.raises(DeviceError, match="another process holds GPIO5"):
        rpi.led("open", True)
    (led,) = [c for c in rpi.selftest() if c.name == "LED open"]
    assert not led.ok
    assert "another process holds GPIO5" in led.detail
