"""open_dice: the URL picks the backend; a bad URL says what is wrong and what would do."""

import pytest

from drivers.dice import BACKENDS, open_dice
from drivers.dice.sim import SimDice
from drivers.errors import DeviceError


def test_the_scheme_picks_the_backend():
    reader = open_dice("sim://dice?throw=2.5&void=0.01", seed=3)

    assert isinstance(reader, SimDice)
    assert reader.url == "sim://dice?throw=2.5&void=0.01"
    assert (reader.is_open, reader.throw_seconds, reader.void_odds, reader.seed) == (
        True, 2.5, 0.01, 3)
    reader.close()


def test_the_sim_defaults():
    reader = open_dice("sim://dice")

    assert (reader.throw_seconds, reader.void_odds) == (1.0, 0.0)
    reader.close()


def test_the_registry_holds_every_backend():
    assert set(BACKENDS) == {"sim", "board"}


@pytest.mark.parametrize("url", ["/dev/dice-reader", "dices://dice", "simulator://dice"])
def test_an_unknown_scheme_names_the_url_and_the_known_schemes(url):
    with pytest.raises(DeviceError) as refused:
        open_dice(url)

    message = str(refused.value)
    assert message.startswith(f"dice reader {url}: unknown scheme")
    assert message.endswith("known schemes: sim://, board://")


@pytest.mark.parametrize("url, problem", [
    ("sim://dice?throws=3", "unknown parameter 'throws'"),
    ("sim://dice?throw=-1", "bad throw='-1' (seconds, 0 or more)"),
    ("sim://dice?throw=inf", "bad throw='inf'"),
    ("sim://dice?throw=soon", "bad throw='soon'"),
    ("sim://dice?void=1.5", "bad void='1.5' (a probability, from 0 to 1)"),
    ("sim://dice?void=", "bad void=''"),
    ("sim://dice?seed=x", "bad seed='x'"),
])
def test_a_bad_sim_parameter_names_the_known_parameters(url, problem):
    with pytest.raises(DeviceError) as refused:
        open_dice(url)

    assert str(refused.value).startswith(f"dice reader {url}: {problem}")
    assert str(refused.value).endswith("; known parameters: throw, void, seed")


@pytest.mark.parametrize("url, problem, fix", [
    ("sim://dice?throw=1&throw=2", "parameter 'throw' given twice", "give it once"),
    ("sim://table", "not a simulated dice reader's URL", "write sim://dice?throw=SECONDS&void=P"),
    ("sim://dice/1", "not a simulated dice reader's URL", "write sim://dice?throw=SECONDS&void=P"),
    ("board://dev/dice-reader", "not a dice reader board's URL",
     "write board:///dev/dice-reader?baud=115200&silent=2"),
    ("board:///dev/dice-reader?silent=0", "bad silent='0' (seconds, more than 0)",
     "known parameters: baud, silent"),
    ("board:///dev/dice-reader?baud=1200",
     "bad baud='1200' (1200 baud reboots an RP2040 into its bootloader; use 115200)",
     "known parameters: baud, silent"),
])
def test_other_bad_urls_say_what_to_do(url, problem, fix):
    with pytest.raises(DeviceError) as refused:
        open_dice(url)

    assert str(refused.value) == f"dice reader {url}: {problem}; {fix}"


def test_a_missing_board_names_the_path_and_the_fix(tmp_path):
    with pytest.raises(DeviceError, match="no such device: check the cable") as refused:
        open_dice(f"board://{tmp_path}/dice-reader")

    assert str(refused.value).startswith(f"dice reader board://{tmp_path}/dice-reader: cannot "
                                         f"open {tmp_path}/dice-reader")
