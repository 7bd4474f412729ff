"""The firmware's classifier (firmware/wheel_board/sensors.py, run under CPython) on the edges
of a made-up wheel: a toothed rotor (one tooth per pocket, quadrature A/B, a datum mark), two
rim sensors, a pocket sensor at the datum."""

import pytest

POCKETS = 37
PULSE = 0.002  # seconds a passing ball keeps a sensor active


@pytest.fixture
def sensors(fw_sensors):
    return fw_sensors


def rotor(s, start, revolutions, period, direction, with_b=True):
    """Edges (channel, active, seconds) of the rotor turning `direction`: B a quarter tooth
    behind A when clockwise, ahead when anticlockwise; the datum between two teeth."""
    tooth = period / POCKETS
    lag = 0.25 if direction == "cw" else -0.25
    edges = []
    for k in range(revolutions * POCKETS):
        t = start + k * tooth
        edges += [(s.ROTOR_A, True, t), (s.ROTOR_A, False, t + tooth / 2)]
        if with_b:
            edges += [
                (s.ROTOR_B, True, t + lag * tooth),
                (s.ROTOR_B, False, t + (lag + 0.5) * tooth),
            ]
        if k % POCKETS == 0:
            edges += [
                (s.ROTOR_INDEX, True, t + 0.6 * tooth),
                (s.ROTOR_INDEX, False, t + 0.7 * tooth),
            ]
    return edges


def pulse(channel, t):
    return [(channel, True, t), (channel, False, t + PULSE)]


def ball_in_rim(s, start, periods, direction):
    """The ball passing rim_a then rim_b (clockwise) or the other way, once a revolution."""
    first, second = (s.RIM_A, s.RIM_B) if direction == "cw" else (s.RIM_B, s.RIM_A)
    edges, t = [], start
    for period in [0.0, *periods]:
        t += period
        edges += pulse(first, t) + pulse(second, t + 0.01)
    return edges, t


def ball_in_pockets(s, from_time, revolutions, period, direction, pockets):
    """The pocket sensor seeing the ball each time one of its `pockets` passes the datum."""
    tooth = period / POCKETS
    edges = []
    for revolution in range(revolutions):
        for pocket in pockets:
            teeth = pocket if direction == "cw" else (POCKETS - pocket) % POCKETS
            t = revolution * period + (teeth + 0.8) * tooth
            if t >= from_time:
                edges += pulse(s.POCKET, t)
    return edges


def classify(s, edges, until=None) -> list:
    """What the classifier reports, ticking at every edge and at `until` (seconds)."""
    classifier = s.Classifier(pocket_count=POCKETS)
    out = []
    for channel, active, t in sorted(edges, key=lambda edge: edge[2]):
        t_us = round(t * 1e6)
        out += classifier.edge(channel, active, t_us) + classifier.tick(t_us)
    if until is not None:
        out += classifier.tick(round(until * 1e6))
    return out


def summary(readings) -> list:
    return [
        (name, fields.get("direction") or fields.get("pockets") or fields.get("text"))
        for name, fields in readings
    ]


@pytest.mark.parametrize("rotor_turns, ball_runs", [("cw", "ccw"), ("ccw", "cw")])
def test_a_spin_gives_rotor_ball_in_rim_leaving_and_pocket(sensors, rotor_turns, ball_runs):
    edges = rotor(sensors, 0.0, 7, 2.4, rotor_turns)
    rim, last = ball_in_rim(sensors, 1.0, [0.5, 0.6, 0.8, 1.0, 1.3, 1.6], ball_runs)
    edges += rim + ball_in_pockets(sensors, last + 1.0, 7, 2.4, rotor_turns, [17])
    readings = classify(sensors, edges)

    assert [r for r in summary(readings) if r[0] != "rotor"] == [
        ("ball_in_rim", ball_runs),
        ("ball_leaving", None),
        ("ball_in_pockets", (17,)),
    ]
    rotors = [fields for name, fields in readings if name == "rotor"]
    assert {fields["direction"] for fields in rotors} == {rotor_turns}
    assert rotors[0]["period_us"] == pytest.approx(2_400_000, abs=2)
    by_name = dict(readings)
    assert by_name["ball_in_rim"]["period_us"] == 500_000
    assert by_name["ball_leaving"]["period_us"] == 1_600_000


def test_a_ball_seen_in_two_pockets_is_reported_as_seen(sensors):
    edges = rotor(sensors, 0.0, 6, 2.4, "cw")
    rim, last = ball_in_rim(sensors, 1.0, [0.6, 1.6], "ccw")
    edges += rim + ball_in_pockets(sensors, last + 0.5, 6, 2.4, "cw", [17, 18])

    assert summary(classify(sensors, edges))[-1] == ("ball_in_pockets", (17, 18))


def test_a_ball_unseen_in_the_rim_for_too_long_is_lost(sensors):
    rim, last = ball_in_rim(sensors, 1.0, [0.5, 0.6], "cw")
    readings = classify(sensors, rim, until=last + 3.2)

    assert summary(readings) == [("ball_in_rim", "cw"), ("ball_lost", None)]
    assert readings[-1][1]["unseen_us"] == pytest.approx(3_200_000, abs=20_000)


def test_a_sensor_active_for_too_long_is_stuck_until_it_moves(sensors):
    classifier = sensors.Classifier()
    readings = classifier.edge(sensors.POCKET, True, 0) + classifier.tick(5_100_000)
    checks = classifier.checks()
    readings += classifier.edge(sensors.POCKET, False, 6_000_000)

    assert summary(readings) == [
        ("error", "pocket stuck active for 5.1 s"),
        ("error", "pocket moves again"),
    ]
    assert [fields["active"] for _, fields in readings] == [True, False]
    assert [name for name, ok, _ in checks if not ok] == ["pocket"]
    assert all(ok for _, ok, _ in classifier.checks())


def test_a_rotor_sensor_that_never_changes_while_the_other_turns_is_stuck(sensors):
    readings = classify(sensors, rotor(sensors, 0.0, 5, 2.4, "cw", with_b=False))

    assert ("error", "rotor_b did not change while rotor_a turned") in summary(readings)
