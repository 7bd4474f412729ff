"""The board's microseconds on the host's monotonic nanoseconds, from heartbeat round trips."""

import pytest

from firmware_bridge.clock import ClockMap

MS = 1_000_000


def board_clock(offset_us: int, drift_ppm: float):
    return lambda host_ns: offset_us + round(host_ns / 1000 * (1 + drift_ppm * 1e-6))


def test_nothing_is_known_before_the_first_round_trip():
    clock = ClockMap()

    assert clock.to_host(123) is None and clock.rtt_ns is None and clock.drift_ppm is None


@pytest.mark.parametrize("drift_ppm", [0.0, 45.0, -120.0])
def test_the_offset_and_the_drift_are_found_within_half_a_round_trip(drift_ppm):
    mcu = board_clock(7_000_000_000, drift_ppm)
    clock = ClockMap()
    for second in range(1, 17):
        sent = second * 1000 * MS
        delay_out, delay_back = (1 + second % 3) * MS // 10, MS // 10  # uneven paths
        clock.add(mcu(sent + delay_out), sent, sent + delay_out + delay_back)
    event = 16_500 * MS

    assert clock.drift_ppm == pytest.approx(drift_ppm, abs=15)
    assert abs(clock.to_host(mcu(event)) - event) <= clock.rtt_ns


def test_a_round_trip_stalled_on_the_host_does_not_pull_the_estimate():
    mcu = board_clock(5_000, 0.0)
    clock = ClockMap()
    for second in range(1, 9):
        sent = second * 1000 * MS
        clock.add(mcu(sent + MS // 10), sent, sent + MS // 5)
    sent = 9000 * MS
    clock.add(mcu(sent + MS // 10), sent, sent + 400 * MS)  # the answer read 400 ms late

    assert abs(clock.to_host(mcu(9500 * MS)) - 9500 * MS) <= MS // 10
