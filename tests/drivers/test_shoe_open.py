"""open_shoe: a sim URL sets the simulated shoe; a bad one says what is wrong and what would
do. What every reader's URL does, checked without opening it too, is in test_readers.py."""

import pytest

from drivers.errors import DeviceError
from drivers.shoe import open_shoe
from drivers.shoe.sim import SimShoe


def test_the_scheme_picks_the_backend():
    shoe = open_shoe("sim://shoe?deal=1.5&face_up=0.01&unreadable=0.02", seed=3)

    assert isinstance(shoe, SimShoe)
    assert shoe.url == "sim://shoe?deal=1.5&face_up=0.01&unreadable=0.02"
    assert (
        shoe.is_open,
        shoe.deal_seconds,
        shoe.face_up_odds,
        shoe.unreadable_odds,
        shoe.seed,
    ) == (True, 1.5, 0.01, 0.02, 3)
    shoe.close()


def test_the_sim_defaults():
    shoe = open_shoe("sim://shoe")

    assert (shoe.deal_seconds, shoe.face_up_odds, shoe.unreadable_odds) == (0.5, 0.0, 0.0)
    shoe.close()


@pytest.mark.parametrize(
    "url, problem, fix",
    [
        ("sim://shoe?deal=1&deal=2", "parameter 'deal' given twice", "give it once"),
        (
            "sim://dice",
            "not a simulated card shoe's URL",
            "write sim://shoe?deal=SECONDS&face_up=P&unreadable=P",
        ),
        (
            "sim://shoe/6",
            "not a simulated card shoe's URL",
            "write sim://shoe?deal=SECONDS&face_up=P&unreadable=P",
        ),
    ],
)
def test_a_bad_sim_url_says_what_to_do(url, problem, fix):
    with pytest.raises(DeviceError) as refused:
        open_shoe(url)

    assert str(refused.value) == f"card shoe {url}: {problem}; {fix}"
