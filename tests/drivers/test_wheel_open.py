"""open_wheel: the URL picks the backend; a bad URL says what is wrong and what would do.
check_wheel_url says the same without opening anything."""

import threading

import pytest

from drivers.errors import DeviceError
from drivers.wheel import BACKENDS, check_wheel_url, open_wheel
from drivers.wheel.sim import SimWheel


def test_the_scheme_picks_the_backend(french):
    wheel = open_wheel("sim://wheel?spin=2.5&ball_out=0.01", french, seed=3)

    assert isinstance(wheel, SimWheel)
    assert wheel.url == "sim://wheel?spin=2.5&ball_out=0.01"
    assert (wheel.order, wheel.is_open) == (french, True)
    assert (wheel.spin_seconds, wheel.seed, wheel.void_odds["ball_out"]) == (2.5, 3, 0.01)
    wheel.close()


def test_the_sim_defaults(french):
    wheel = open_wheel("sim://wheel", french)

    assert wheel.spin_seconds == 4
    assert set(wheel.void_odds.values()) == {0}
    wheel.close()


@pytest.mark.parametrize("url", ["camegh:///dev/ttyUSB0", "/dev/ttyUSB0", "simulator://wheel"])
def test_an_unknown_scheme_names_the_url_and_the_known_schemes(french, url):
    with pytest.raises(DeviceError) as refused:
        open_wheel(url, french)

    message = str(refused.value)
    assert url in message
    assert all(f"{scheme}://" in message for scheme in BACKENDS)


@pytest.mark.parametrize(
    "url, problem",
    [
        ("sim://wheel?spinn=3", "unknown parameter 'spinn'"),
        ("sim://wheel?spin=-1", "bad spin='-1'"),
        ("sim://wheel?spin=nan", "bad spin='nan'"),
        ("sim://wheel?spin=soon", "bad spin='soon'"),
        ("sim://wheel?seed=x", "bad seed='x'"),
        ("sim://wheel?misspin=1.5", "bad misspin='1.5'"),
        ("sim://wheel?object=", "bad object=''"),
    ],
)
def test_a_bad_parameter_names_the_url_and_the_known_parameters(french, url, problem):
    with pytest.raises(DeviceError) as refused:
        open_wheel(url, french)

    message = str(refused.value)
    assert url in message
    assert problem in message
    known = "known parameters: spin, bets, seed, launch_failed, misspin, ball_out, object, no_drop"
    assert known in message


@pytest.mark.parametrize(
    "url, problem",
    [
        ("sim://wheel?spin=1&spin=2", "parameter 'spin' given twice"),
        ("sim://wheel?ball_out=0.6&object=0.5", "the void probabilities add up to more than 1"),
        ("sim://table?spin=1", "not a simulated wheel's URL"),
        ("sim://wheel/1", "not a simulated wheel's URL"),
        ("sim:/wheel", "not a simulated wheel's URL"),
    ],
)
def test_other_bad_sim_urls_say_what_to_do(french, url, problem):
    with pytest.raises(DeviceError) as refused:
        open_wheel(url, french)

    assert str(refused.value).startswith(f"wheel {url}: {problem}; ")


@pytest.mark.parametrize(
    "url",
    [
        "camegh:///dev/ttyUSB0",
        "sim://wheel?spinn=3",
        "sim://wheel?ball_out=0.6&object=0.5",
        "board://dev/wheel-board",
        "board:///dev/wheel-board?baud=1200",
        "cammegh://wheel/dev/ttyUSB0",
        "cammegh:///dev/ttyUSB0?mode=70000",
        "cammegh:///dev/ttyUSB0?poll=5",
    ],
)
def test_checking_a_url_refuses_it_as_opening_would(french, url):
    with pytest.raises(DeviceError) as opening:
        open_wheel(url, french)
    with pytest.raises(DeviceError) as checking:
        check_wheel_url(url)

    assert str(checking.value) == str(opening.value)


def test_checking_a_url_opens_nothing(tmp_path):
    """Opened, the missing ports would be refused and the simulated wheel would start its worker."""
    threads = set(threading.enumerate())
    for url in (
        f"board://{tmp_path}/wheel-board",
        f"cammegh://{tmp_path}/ttyUSB0?mode=1159&poll=0.5",
        "sim://wheel?spin=3",
    ):
        check_wheel_url(url)

    assert set(threading.enumerate()) == threads
    assert list(tmp_path.iterdir()) == []
