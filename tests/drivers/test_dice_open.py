"""open_dice: a sim URL sets the simulated reader; a bad one says what is wrong and what would
do. What every reader's URL does, checked without opening it too, is in test_readers.py."""

import pytest

from drivers.dice import open_dice
from drivers.dice.sim import SimDice
from drivers.errors import DeviceError


def test_the_scheme_picks_the_backend():
    reader = open_dice("sim://dice?throw=2.5&void=0.01", seed=3)

    assert isinstance(reader, SimDice)
    assert reader.url == "sim://dice?throw=2.5&void=0.01"
    assert (reader.is_open, reader.throw_seconds, reader.void_odds, reader.seed) == (
        True,
        2.5,
        0.01,
        3,
    )
    reader.close()


def test_the_sim_defaults():
    reader = open_dice("sim://dice")

    assert (reader.throw_seconds, reader.void_odds) == (1.0, 0.0)
    reader.close()


@pytest.mark.parametrize(
    "url, problem, fix",
    [
        ("sim://dice?throw=1&throw=2", "parameter 'throw' given twice", "give it once"),
        (
            "sim://table",
            "not a simulated dice reader's URL",
            "write sim://dice?throw=SECONDS&void=P",
        ),
        (
            "sim://dice/1",
            "not a simulated dice reader's URL",
            "write sim://dice?throw=SECONDS&void=P",
        ),
    ],
)
def test_a_bad_sim_url_says_what_to_do(url, problem, fix):
    with pytest.raises(DeviceError) as refused:
        open_dice(url)

    assert str(refused.value) == f"dice reader {url}: {problem}; {fix}"
