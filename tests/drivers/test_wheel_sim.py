"""The simulated wheel: seeded, drivable, recorded. spin=0 emits a whole spin inside spin()."""

import dataclasses
import time
from collections import Counter

import pytest

from drivers import simulated
from drivers.errors import DeviceError
from drivers.faults import Fault, FaultCleared
from drivers.wheel import open_wheel
from drivers.wheel.base import SelfTestCheck
from drivers.wheel.events import BallInPocket, BallLaunched, BallLeavingRim, RotorSpin
from drivers.wheel.sim import VOID_CAUSES, SimWheel

INSTANT = "sim://wheel?spin=0"


def drain(wheel) -> list:
    events = []
    while (event := wheel.get(timeout=0)) is not None:
        events.append(event)
    return events


def spins(wheel, directions) -> list:
    for direction in directions:
        wheel.spin(direction)
    return drain(wheel)


def unstamped(events) -> list:
    return [dataclasses.replace(e, t_ns=0) for e in events]


def pockets(events) -> list:
    return [e.pockets for e in events if isinstance(e, BallInPocket)]


ALTERNATING = ["cw", "ccw"] * 10


def test_same_seed_same_spins_give_the_same_events(french):
    first = spins(open_wheel(INSTANT, french, seed=42), ALTERNATING)
    again = spins(open_wheel(INSTANT, french, seed=42), ALTERNATING)
    other = spins(open_wheel(INSTANT, french, seed=43), ALTERNATING)

    assert unstamped(first) == unstamped(again)
    assert pockets(first) != pockets(other)


def test_the_seed_argument_overrides_the_urls(french):
    from_url = spins(open_wheel(INSTANT + "&seed=5", french), ALTERNATING)
    overridden = spins(open_wheel(INSTANT + "&seed=99", french, seed=5), ALTERNATING)

    assert unstamped(from_url) == unstamped(overridden)


def test_a_random_seed_is_kept_so_the_run_can_be_replayed(french):
    wheel = open_wheel(INSTANT, french)
    replay = open_wheel(INSTANT, french, seed=wheel.seed)

    assert unstamped(spins(wheel, ALTERNATING)) == unstamped(spins(replay, ALTERNATING))


def test_the_whole_spin_is_emitted_inside_spin_with_spin_0(french):
    wheel = open_wheel(INSTANT, french)
    wheel.spin("cw")

    timeline = [RotorSpin, BallLaunched, BallLeavingRim, BallInPocket]
    assert [type(e) for e in wheel.history] == timeline


def test_drop_ball_in_one_pocket(french):
    wheel = open_wheel(INSTANT, french, seed=1)
    wheel.drop_ball(17)
    wheel.spin("cw")

    (reading,) = [e for e in drain(wheel) if isinstance(e, BallInPocket)]
    assert reading.pockets == (17,)
    assert reading.numbers == (french.number(17),) == (23,)


def test_drop_ball_in_two_pockets_is_reported_as_sensed(french):
    wheel = open_wheel(INSTANT, french, seed=1)
    wheel.drop_ball(0, 1)
    wheel.spin("cw")

    (reading,) = [e for e in drain(wheel) if isinstance(e, BallInPocket)]
    assert reading.pockets == (0, 1)
    assert reading.numbers == (0, 32)


@pytest.mark.parametrize("index", [37, -1, 1000])
def test_drop_ball_outside_the_wheel_reads_no_number(french, index):
    wheel = open_wheel(INSTANT, french, seed=1)
    wheel.drop_ball(index)
    wheel.spin("cw")

    (reading,) = [e for e in drain(wheel) if isinstance(e, BallInPocket)]
    assert reading.pockets == (index,)
    assert reading.numbers == (None,)


def test_drop_ball_needs_a_pocket(french):
    with pytest.raises(ValueError, match="at least one pocket"):
        open_wheel(INSTANT, french).drop_ball()


def test_a_dropped_ball_forces_only_its_own_spin(french):
    plain = pockets(spins(open_wheel(INSTANT, french, seed=3), ALTERNATING[:4]))
    wheel = open_wheel(INSTANT, french, seed=3)
    wheel.spin("cw")
    wheel.drop_ball(36)
    forced = pockets(spins(wheel, ALTERNATING[1:4]))

    assert plain[1] != (36,)
    assert forced == plain[:1] + [(36,)] + plain[2:]


def test_a_void_spin_keeps_the_dropped_ball_for_the_relaunch(french):
    wheel = open_wheel(INSTANT, french, seed=3)
    wheel.drop_ball(5)
    wheel.fail_next("ball_out")

    assert pockets(spins(wheel, ["cw"])) == []
    assert pockets(spins(wheel, ["cw"])) == [(5,)]


# What the sensors report before each void cause is noticed.
VOID_TIMELINES = {
    "launch_failed": [RotorSpin],
    "misspin": [RotorSpin, BallLaunched],
    "ball_out": [RotorSpin, BallLaunched],
    "object_in_wheel": [RotorSpin, BallLaunched, BallLeavingRim],
    "no_drop": [RotorSpin, BallLaunched, BallLeavingRim],
}


@pytest.mark.parametrize("code", VOID_CAUSES)
def test_fail_next_makes_a_void_spin(french, code):
    wheel = open_wheel(INSTANT, french, seed=1)
    wheel.fail_next(code)
    events = spins(wheel, ["cw"])

    assert [type(e) for e in events] == VOID_TIMELINES[code] + [Fault, FaultCleared]
    fault, cleared = events[-2:]
    assert (fault.code, fault.void, fault.severity) == (code, True, "warning")
    assert fault.detail
    assert cleared.code == code
    # Only the next spin.
    assert isinstance(spins(wheel, ["ccw"])[-1], BallInPocket)


def test_a_misspin_is_a_ball_running_with_the_rotor(french):
    wheel = open_wheel(INSTANT, french)
    wheel.fail_next("misspin")
    rotor, launch = spins(wheel, ["ccw"])[:2]

    assert rotor.direction == launch.direction == "ccw"


def test_fail_next_knows_the_void_causes(french):
    with pytest.raises(ValueError, match="ball_out"):
        open_wheel(INSTANT, french).fail_next("gremlins")


@pytest.mark.parametrize("param, code", [(c.param, c.code) for c in VOID_CAUSES.values()])
def test_a_certain_void_cause_voids_every_spin(french, param, code):
    events = spins(open_wheel(f"{INSTANT}&{param}=1", french, seed=2), ALTERNATING)
    faults = [e for e in events if isinstance(e, Fault)]

    assert len(faults) == len(ALTERNATING)
    assert {(f.code, f.void) for f in faults} == {(code, True)}
    assert pockets(events) == []


def test_void_probabilities_share_the_spins(french):
    wheel = open_wheel(f"{INSTANT}&ball_out=0.2&no_drop=0.1", french, seed=11)
    events = spins(wheel, ["cw"] * 1000)
    faults = Counter(e.code for e in events if isinstance(e, Fault))

    # Binomial(1000, p): these bounds are more than 5 standard deviations wide.
    assert 130 < faults["ball_out"] < 270
    assert 50 < faults["no_drop"] < 150
    assert set(faults) == {"ball_out", "no_drop"}
    assert len(pockets(events)) == 1000 - faults.total()


def test_emit_pushes_a_raw_reading(french):
    wheel = open_wheel(INSTANT, french)
    stray = BallInPocket.read(french, [17])  # no spin, no launch: the runtime decides
    wheel.emit(stray)

    assert wheel.get(timeout=0) is stray
    assert wheel.history == [stray]


def test_emit_takes_only_wheel_events(french):
    with pytest.raises(TypeError):
        open_wheel(INSTANT, french).emit("ball in 17")


def test_history_records_every_event_in_order(french):
    wheel = open_wheel(INSTANT, french, seed=4)
    wheel.emit(Fault("rotor_stalled", "error", "motor", void=False))
    received = spins(wheel, ALTERNATING[:3])

    assert wheel.history == received
    assert received[0].code == "rotor_stalled"
    assert len(received) == 1 + 3 * 4


def test_history_keeps_the_last_events_of_a_long_run(french, monkeypatch):
    monkeypatch.setattr(simulated, "HISTORY", 6)  # a demo running for days, in small
    wheel = open_wheel(INSTANT, french, seed=4)
    received = spins(wheel, ALTERNATING[:3])

    assert wheel.history == received[-6:]


def test_uniform_pockets(french):
    wheel = open_wheel(INSTANT, french, seed=2024)
    n = 37 * 300
    counts = Counter(p for (p,) in pockets(spins(wheel, ["cw", "ccw"] * (n // 2))))
    expected = n / 37
    chi2 = sum((counts[i] - expected) ** 2 / expected for i in range(37))

    assert set(counts) == set(range(37))
    # 36 degrees of freedom: P(chi2 > 100) is about 1e-7; the seed is fixed anyway.
    assert chi2 < 100


def test_the_american_wheel_lands_on_00_too(american):
    wheel = open_wheel(INSTANT, american, seed=8)
    numbers = {e.numbers[0] for e in spins(wheel, ["cw"] * 2000) if isinstance(e, BallInPocket)}

    assert numbers == set(range(38))


def test_selftest_reports_an_injected_stuck_sensor(french):
    wheel = open_wheel(INSTANT, french)
    wheel.fail_selftest("stuck_sensor")
    checks = {c.name: c for c in wheel.selftest()}

    assert set(checks) == set(SimWheel.SELFTEST_CHECKS)
    assert checks["stuck_sensor"] == SelfTestCheck("stuck_sensor", False, "stuck (injected)")
    assert all(c.ok for name, c in checks.items() if name != "stuck_sensor")


def test_fail_selftest_knows_the_checks(french):
    with pytest.raises(ValueError, match="stuck_sensor"):
        open_wheel(INSTANT, french).fail_selftest("flux_capacitor")


def test_a_spin_plays_in_real_time_and_close_abandons_it(french):
    wheel = open_wheel("sim://wheel?spin=600", french)
    wheel.spin("cw")
    first = wheel.get(timeout=30)
    wheel.close()

    assert isinstance(first, RotorSpin)
    assert [type(e) for e in wheel.history] == [RotorSpin]


def test_spins_asked_during_a_spin_are_played_after_it(french):
    with open_wheel("sim://wheel?spin=0.02", french, seed=6) as wheel:
        wheel.spin("cw")
        wheel.spin("ccw")
        deadline = time.monotonic() + 30
        events = []
        while len(pockets(events)) < 2:
            event = wheel.get(timeout=max(0.0, deadline - time.monotonic()))
            assert event is not None, events
            events.append(event)

    rotors = [e.direction for e in events if isinstance(e, RotorSpin)]
    assert rotors == ["cw", "ccw"]
    assert unstamped(events) == unstamped(spins(open_wheel(INSTANT, french, seed=6), ["cw", "ccw"]))


def test_bets_stay_open_the_croupiers_wait_then_the_ball_plays_as_without_it(french):
    """bets=0.6 with spin=0.2: the wheel says nothing for 0.48 s (its quiet_up_to), then plays
    the same spin as without the wait; its bets close 0.6 s after the spin was asked."""
    with open_wheel("sim://wheel?spin=0.2&bets=0.6", french, seed=4) as wheel:
        assert wheel.bets_close_in() is None  # no spin yet
        assert wheel.quiet_up_to == pytest.approx(0.48)
        asked = time.monotonic_ns()
        wheel.spin("cw")
        assert 0 < wheel.bets_close_in() <= 0.6
        events = []
        while not pockets(events):
            event = wheel.get(timeout=30)
            assert event is not None, events
            events.append(event)
        assert wheel.bets_close_in() is None  # past

    rim = next(e for e in events if isinstance(e, BallLeavingRim))
    assert events[0].t_ns - asked >= 0.48e9 and rim.t_ns - asked >= 0.6e9
    instant = spins(open_wheel(INSTANT, french, seed=4), ["cw"])
    assert unstamped(events) == unstamped(instant)


def test_bets_shorter_than_the_balls_time_in_the_rim_add_no_wait(french):
    wheel = open_wheel("sim://wheel?spin=3&bets=1", french)
    assert (wheel.bets_seconds, wheel.quiet_up_to) == (pytest.approx(1.8), 0)


def test_bets_need_a_spin_that_takes_time(french):
    with pytest.raises(DeviceError, match="bets needs a spin that takes time"):
        open_wheel("sim://wheel?spin=0&bets=20", french)
