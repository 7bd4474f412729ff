"""What every dice reader backend does with a throw; the same tests run against each backend
that can run here (on the Pi, against the real reader). What it does as the card shoe does
(open, close, refuse) is in test_readers.py."""

import time

import pytest

from drivers.dice import open_dice
from drivers.dice.events import VOID_CAUSES, DiceThrown
from drivers.faults import Fault, FaultCleared
from tests.support.dice_backends import DICE_BACKENDS

THROW_DEADLINE = 10.0  # a guard against a hang, not a measure: a throw is read long before
QUIET = 0.2  # how long "nothing more comes" is watched


@pytest.fixture(params=sorted(DICE_BACKENDS))
def backend(request, tmp_path):
    """A backend that can run here; an emulated backend's emulator runs meanwhile."""
    with DICE_BACKENDS[request.param](tmp_path) as backend:
        yield backend


@pytest.fixture
def reader(backend):
    with open_dice(backend.url, seed=7) as reader:
        yield reader


@pytest.fixture
def driver(backend, reader):
    return backend.driver(reader)


def next_event(reader):
    event = reader.get(timeout=THROW_DEADLINE)
    assert event is not None, "nothing read before the deadline"
    return event


def test_a_throw_is_read_once_as_two_dice(reader):
    before = time.monotonic_ns()
    reader.throw()
    thrown = next_event(reader)

    assert isinstance(thrown, DiceThrown)
    assert all(1 <= die <= 6 for die in thrown.dice) and len(thrown.dice) == 2
    assert before <= thrown.t_ns <= time.monotonic_ns()
    assert reader.get(timeout=QUIET) is None


def test_the_dice_can_be_set_for_the_next_throw(reader, driver):
    driver.set_next(6, 1)
    reader.throw()
    assert next_event(reader).dice == (6, 1)
    reader.throw()
    assert isinstance(next_event(reader), DiceThrown)  # the next one is drawn again


@pytest.mark.parametrize("cause", VOID_CAUSES)
def test_a_void_throw_is_a_void_fault_over_at_once(reader, driver, cause):
    driver.fail_next(cause)
    reader.throw()
    fault, cleared = next_event(reader), next_event(reader)

    assert isinstance(fault, Fault) and isinstance(cleared, FaultCleared)
    assert (fault.code, fault.severity, fault.void) == (cause, "warning", True)
    assert fault.detail.endswith("void throw")
    assert cleared.code == cause and fault.t_ns <= cleared.t_ns
    reader.throw()  # the shooter throws again
    assert isinstance(next_event(reader), DiceThrown)


def test_a_void_throw_keeps_the_dice_set_for_the_next(reader, driver):
    driver.set_next(2, 2)
    driver.fail_next("on_rail")
    reader.throw()
    events = [next_event(reader), next_event(reader)]
    reader.throw()
    events.append(next_event(reader))

    assert [type(e) for e in events] == [Fault, FaultCleared, DiceThrown]
    assert events[-1].dice == (2, 2)


def test_the_driver_refuses_an_unknown_void_cause(driver):
    with pytest.raises(ValueError, match="unknown void cause 'dropped'; one of broken"):
        driver.fail_next("dropped")


def test_timestamps_never_go_back(reader):
    events = []
    for _ in range(3):
        reader.throw()
        events.append(next_event(reader))

    stamps = [e.t_ns for e in events]
    assert stamps == sorted(stamps)
