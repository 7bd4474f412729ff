"""open_shoe: the URL picks the backend; a bad URL says what is wrong and what would do."""

import pytest

from drivers.errors import DeviceError
from drivers.shoe import BACKENDS, open_shoe
from drivers.shoe.sim import SimShoe


def test_the_scheme_picks_the_backend():
    shoe = open_shoe("sim://shoe?deal=1.5&face_up=0.01&unreadable=0.02", seed=3)

    assert isinstance(shoe, SimShoe)
    assert shoe.url == "sim://shoe?deal=1.5&face_up=0.01&unreadable=0.02"
    assert (shoe.is_open, shoe.deal_seconds, shoe.face_up_odds, shoe.unreadable_odds,
            shoe.seed) == (True, 1.5, 0.01, 0.02, 3)
    shoe.close()


def test_the_sim_defaults():
    shoe = open_shoe("sim://shoe")

    assert (shoe.deal_seconds, shoe.face_up_odds, shoe.unreadable_odds) == (0.5, 0.0, 0.0)
    shoe.close()


def test_the_registry_holds_every_backend():
    assert set(BACKENDS) == {"sim", "board"}


@pytest.mark.parametrize("url", ["/dev/shoe-reader", "shoes://shoe", "simulator://shoe"])
def test_an_unknown_scheme_names_the_url_and_the_known_schemes(url):
    with pytest.raises(DeviceError) as refused:
        open_shoe(url)

    message = str(refused.value)
    assert message.startswith(f"card shoe {url}: unknown scheme")
    assert message.endswith("known schemes: sim://, board://")


@pytest.mark.parametrize("url, problem", [
    ("sim://shoe?deals=3", "unknown parameter 'deals'"),
    ("sim://shoe?deal=-1", "bad deal='-1' (seconds, 0 or more)"),
    ("sim://shoe?deal=nan", "bad deal='nan'"),
    ("sim://shoe?face_up=1.5", "bad face_up='1.5' (a probability, from 0 to 1)"),
    ("sim://shoe?unreadable=-0.1", "bad unreadable='-0.1' (a probability, from 0 to 1)"),
    ("sim://shoe?unreadable=", "bad unreadable=''"),
    ("sim://shoe?seed=x", "bad seed='x'"),
])
def test_a_bad_sim_parameter_names_the_known_parameters(url, problem):
    with pytest.raises(DeviceError) as refused:
        open_shoe(url)

    assert str(refused.value).startswith(f"card shoe {url}: {problem}")
    assert str(refused.value).endswith("; known parameters: deal, seed, face_up, unreadable")


@pytest.mark.parametrize("url, problem, fix", [
    ("sim://shoe?deal=1&deal=2", "parameter 'deal' given twice", "give it once"),
    ("sim://dice", "not a simulated card shoe's URL",
     "write sim://shoe?deal=SECONDS&face_up=P&unreadable=P"),
    ("sim://shoe/6", "not a simulated card shoe's URL",
     "write sim://shoe?deal=SECONDS&face_up=P&unreadable=P"),
    ("board://dev/shoe-reader", "not a card shoe board's URL",
     "write board:///dev/shoe-reader?baud=115200&silent=2"),
    ("board:///dev/shoe-reader?silent=0", "bad silent='0' (seconds, more than 0)",
     "known parameters: baud, silent"),
    ("board:///dev/shoe-reader?baud=1200",
     "bad baud='1200' (1200 baud reboots an RP2040 into its bootloader; use 115200)",
     "known parameters: baud, silent"),
])
def test_other_bad_urls_say_what_to_do(url, problem, fix):
    with pytest.raises(DeviceError) as refused:
        open_shoe(url)

    assert str(refused.value) == f"card shoe {url}: {problem}; {fix}"


def test_a_missing_board_names_the_path_and_the_fix(tmp_path):
    with pytest.raises(DeviceError, match="no such device: check the cable") as refused:
        open_shoe(f"board://{tmp_path}/shoe-reader")

    assert str(refused.value).startswith(f"card shoe board://{tmp_path}/shoe-reader: cannot "
                                         f"open {tmp_path}/shoe-reader")
