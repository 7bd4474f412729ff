"""open_gpio and PinMap: the URL picks the backend, and a bad URL or a bad pin map says what is
wrong and what would do, before any pin is touched; check_gpio_url says the same without
opening anything."""

import sys

import pytest

from drivers.errors import DeviceError
from drivers.gpio import BACKENDS, PinMap, check_gpio_url, open_gpio
from drivers.gpio.sim import SimIO

TABLE = PinMap(buttons={"no_more_bets": 17}, switches={"tilt": 27}, leds={"fault": 13})


def test_the_scheme_picks_the_backend():
    io = open_gpio("sim://gpio", TABLE)

    assert isinstance(io, SimIO)
    assert (io.url, io.pins, io.is_open) == ("sim://gpio", TABLE, True)
    io.close()


@pytest.mark.parametrize("url", ["gpio://", "/dev/gpiochip0", "lgpio://", "simulator://gpio"])
def test_an_unknown_scheme_names_the_url_and_the_known_schemes(url):
    with pytest.raises(DeviceError) as refused:
        open_gpio(url, TABLE)

    message = str(refused.value)
    assert message.startswith(f"gpio {url}: unknown scheme")
    assert "known schemes: sim://, rpigpio://" in message
    assert set(BACKENDS) == {"sim", "rpigpio"}


@pytest.mark.parametrize(
    "url, problem, fix",
    [
        (
            "sim://gpio?bounce=2",
            "not a simulated GPIO URL",
            "write sim://gpio or sim://gpio?closed=door,...",
        ),
        (
            "sim://wheel",
            "not a simulated GPIO URL",
            "write sim://gpio or sim://gpio?closed=door,...",
        ),
        (
            "sim://gpio/17",
            "not a simulated GPIO URL",
            "write sim://gpio or sim://gpio?closed=door,...",
        ),
        ("rpigpio://pi", "not an RPi.GPIO URL", "write rpigpio://"),
        ("rpigpio://?chip=4", "not an RPi.GPIO URL", "write rpigpio://"),
        ("rpigpio:///dev/gpiochip4", "not an RPi.GPIO URL", "write rpigpio://"),
    ],
)
def test_a_bad_url_of_a_known_scheme_says_what_to_write(url, problem, fix):
    with pytest.raises(DeviceError) as refused:
        open_gpio(url, TABLE)

    assert str(refused.value) == f"gpio {url}: {problem}; {fix}"


@pytest.mark.parametrize(
    "url", ["gpio://", "sim://gpio?bounce=2", "sim://gpio?closed=door", "rpigpio://pi"]
)
def test_checking_a_url_refuses_it_as_opening_would(url):
    with pytest.raises(DeviceError) as opening:
        open_gpio(url, TABLE)
    with pytest.raises(DeviceError) as checking:
        check_gpio_url(url, TABLE)

    assert str(checking.value) == str(opening.value)


def test_checking_an_rpigpio_url_neither_imports_rpi_gpio_nor_claims_a_pin():
    """Here, without RPi.GPIO installed, opening fails on the import."""
    with pytest.raises(DeviceError, match="cannot import RPi.GPIO"):
        open_gpio("rpigpio://", TABLE)

    check_gpio_url("rpigpio://", TABLE)
    assert "RPi.GPIO" not in sys.modules


def test_a_pin_map_defaults_and_freezes():
    wiring = {"open": 5}
    pins = PinMap(leds=wiring)
    wiring["closed"] = 6

    assert dict(pins.leds) == {"open": 5}
    assert (dict(pins.buttons), dict(pins.switches), pins.bounce_ms, pins.active_low) == (
        {},
        {},
        5,
        True,
    )
    with pytest.raises(TypeError):
        pins.leds["closed"] = 6
    with pytest.raises(AttributeError):
        pins.bounce_ms = 1
    assert pins.inputs == {}
    assert TABLE.inputs == {"no_more_bets": 17, "tilt": 27}


@pytest.mark.parametrize(
    "wiring, message",
    [
        (
            {"buttons": {"no_more_bets": 17}, "switches": {"tilt": 17}},
            "GPIO17 is wired twice: button 'no_more_bets' and switch 'tilt'",
        ),
        (
            {"switches": {"door": 22}, "leds": {"fault": 22}},
            "GPIO22 is wired twice: switch 'door' and LED 'fault'",
        ),
        ({"leds": {"fault": 1}}, "LED 'fault': GPIO1 is not a header GPIO; use BCM 2-27"),
        ({"buttons": {"pedal": 28}}, "button 'pedal': GPIO28 is not a header GPIO"),
        ({"buttons": {"pedal": -4}}, "GPIO-4 is not a header GPIO"),
        ({"buttons": {"pedal": "17"}}, "button 'pedal': a pin is a BCM number, not '17'"),
        ({"buttons": {"pedal": True}}, "a pin is a BCM number, not True"),
        (
            {"buttons": {"door": 17}, "switches": {"door": 22}},
            "the name 'door' is used twice: button 'door' and switch 'door'",
        ),
        ({"leds": {"": 5}}, "a device name is a non-empty string, not ''"),
        ({"bounce_ms": 0}, "bounce_ms is a whole number of milliseconds, 1 or more, not 0"),
        ({"bounce_ms": 2.5}, "not 2.5"),
        ({"active_low": "yes"}, "active_low is True or False, not 'yes'"),
    ],
)
def test_a_bad_pin_map_is_refused_with_the_reason(wiring, message):
    with pytest.raises(ValueError) as refused:
        PinMap(**wiring)

    assert message in str(refused.value)
