"""What the dice reader and the card-shoe reader do alike: opening by URL, the contract's
open/close and refusals on each backend, and the board's link (protocol versions, health,
dump). What only one of them does is in its own test_dice_* / test_shoe_* files."""

import threading
from collections.abc import Callable
from dataclasses import dataclass
from operator import methodcaller

import pytest

import drivers.dice
import drivers.shoe
from drivers.dice.events import DiceThrown
from drivers.emulators.dice_board import DiceBoardEmulator
from drivers.emulators.shoe_board import ShoeBoardEmulator
from drivers.errors import DeviceError
from drivers.selftest import SelfTestCheck
from drivers.shoe.events import CardDrawn, ShoeLoaded
from tests.support.board_emulated import events_until
from tests.support.dice_backends import BOARD_TIME_SCALE as DICE_TIME_SCALE
from tests.support.dice_backends import DICE_BACKENDS
from tests.support.shoe_backends import BOARD_TIME_SCALE as SHOE_TIME_SCALE
from tests.support.shoe_backends import SHOE_BACKENDS


def throw(reader) -> list:
    """One throw: its events, up to the dice."""
    reader.throw()
    return events_until(reader, lambda e: any(isinstance(x, DiceThrown) for x in e), "the throw")


def deal_from_a_new_shoe(shoe) -> list:
    """A one-deck shoe loaded, then one deal: the deal's events, up to the card."""
    shoe.new_shoe(1, None)
    (loaded,) = events_until(shoe, lambda e: e, "the shoe loaded")
    assert isinstance(loaded, ShoeLoaded) and loaded.decks == 1
    shoe.deal()
    return events_until(shoe, lambda e: any(isinstance(x, CardDrawn) for x in e), "the card")


@dataclass(frozen=True)
class Reader:
    """One of the two readers, as the tests below tell them apart."""

    name: str  # the test id; its sim URL's host
    label: str  # what its errors call it
    open: Callable  # open_dice, open_shoe
    check: Callable  # check_dice_url, check_shoe_url
    registry: dict  # URL scheme -> backend class
    backends: dict  # the contract's backends that can run here (tests/*_backends.py)
    sim_url: str
    sim_parameters: str  # what a refused sim URL says it knows
    typo: str  # a scheme one letter off
    refusals: tuple[tuple[Callable, str], ...]  # what a closed reader refuses: (call, "cannot …")
    play: Callable  # one reading asked for: its events, the reading last
    reading: type  # the event of a reading
    board: str  # its board's device name, and its firmware's
    emulator: type  # its board's emulator
    time_scale: float  # the emulator's, as the contract runs it
    flash: str  # the firmware a refused board is to be flashed with
    unique_id: str
    health_counter: str  # the readings its board backend drops, counted
    dump_shows: tuple[str, ...]  # the messages of play() in the board's dump


DICE = Reader(
    name="dice",
    label="dice reader",
    open=drivers.dice.open_dice,
    check=drivers.dice.check_dice_url,
    registry=drivers.dice.BACKENDS,
    backends=DICE_BACKENDS,
    sim_url="sim://dice",
    sim_parameters="throw, void, seed",
    typo="dize",
    refusals=((methodcaller("throw"), "read a throw"),),
    play=throw,
    reading=DiceThrown,
    board="dice-reader",
    emulator=DiceBoardEmulator,
    time_scale=DICE_TIME_SCALE,
    flash="dice-reader firmware speaking bridge protocol 1.1",
    unique_id="e66141035a1d3c07",
    health_counter="stale_readings",
    dump_shows=("Throw()", "Dice(t_us="),
)
SHOE = Reader(
    name="shoe",
    label="card shoe",
    open=drivers.shoe.open_shoe,
    check=drivers.shoe.check_shoe_url,
    registry=drivers.shoe.BACKENDS,
    backends=SHOE_BACKENDS,
    sim_url="sim://shoe",
    sim_parameters="deal, seed, face_up, unreadable",
    typo="shoo",
    refusals=(
        (methodcaller("deal"), "deal a card"),
        (methodcaller("new_shoe", 1, None), "load a new shoe"),
    ),
    play=deal_from_a_new_shoe,
    reading=CardDrawn,
    board="shoe-reader",
    emulator=ShoeBoardEmulator,
    time_scale=SHOE_TIME_SCALE,
    flash="shoe-reader firmware speaking bridge protocol 1.3",
    unique_id="e66141035a1d5110",
    health_counter="foreign_readings",
    dump_shows=("NewShoe(decks=1, cut_after=0, pack='french')", "Deal()", "Card(t_us="),
)
READERS = (DICE, SHOE)

on_each_reader = pytest.mark.parametrize("device", [pytest.param(d, id=d.name) for d in READERS])
on_each_backend = pytest.mark.parametrize(
    "device, backend_name",
    [pytest.param(d, name, id=f"{d.name}-{name}") for d in READERS for name in sorted(d.backends)],
)


@pytest.fixture
def backend(device, backend_name, tmp_path):
    """A backend that can run here; an emulated backend's emulator runs meanwhile."""
    with device.backends[backend_name](tmp_path) as backend:
        yield backend


@pytest.fixture
def reader(device, backend):
    with device.open(backend.url, seed=7) as reader:
        yield reader


# Opening by URL, and checking one without opening.


@pytest.mark.parametrize(
    "device, url",
    [
        pytest.param(d, url, id=f"{d.name}-{url}")
        for d in READERS
        for url in (
            f"{d.name}s://{d.name}",
            f"{d.sim_url}?{d.sim_parameters.split(',')[0]}=2&x=3",
            "sim://table",
            f"board://dev/{d.board}",
            f"board:///dev/{d.board}?silent=0",
        )
    ],
)
def test_checking_a_url_refuses_it_as_opening_would(device, url):
    with pytest.raises(DeviceError) as opening:
        device.open(url)
    with pytest.raises(DeviceError) as checking:
        device.check(url)

    assert str(checking.value) == str(opening.value)


@on_each_reader
def test_checking_a_url_opens_nothing(device, tmp_path):
    """Opened, the missing port would be refused and the simulated reader would start its worker."""
    threads = set(threading.enumerate())
    for url in (
        f"board://{tmp_path}/{device.board}?baud=115200&silent=2",
        f"{device.sim_url}?seed=2",
    ):
        device.check(url)

    assert set(threading.enumerate()) == threads
    assert list(tmp_path.iterdir()) == []


@on_each_reader
def test_the_registry_holds_every_backend(device):
    assert set(device.registry) == {"sim", "board", "screen"}


@pytest.mark.parametrize(
    "device, url",
    [
        pytest.param(d, url, id=f"{d.name}-{url}")
        for d in READERS
        for url in (f"/dev/{d.board}", f"{d.name}s://{d.name}", f"simulator://{d.name}")
    ],
)
def test_an_unknown_scheme_names_the_url_and_the_known_schemes(device, url):
    with pytest.raises(DeviceError) as refused:
        device.open(url)

    message = str(refused.value)
    assert message.startswith(f"{device.label} {url}: unknown scheme")
    assert message.endswith("known schemes: sim://, board://, screen://")


@pytest.mark.parametrize(
    "device, query, problem",
    [
        pytest.param(device, query, problem, id=f"{device.name}-{query}")
        for device, query, problem in [
            (DICE, "throws=3", "unknown parameter 'throws'"),
            (DICE, "throw=-1", "bad throw='-1' (seconds, 0 or more)"),
            (DICE, "throw=inf", "bad throw='inf'"),
            (DICE, "throw=soon", "bad throw='soon'"),
            (DICE, "void=1.5", "bad void='1.5' (a probability, from 0 to 1)"),
            (DICE, "void=", "bad void=''"),
            (DICE, "seed=x", "bad seed='x'"),
            (SHOE, "deals=3", "unknown parameter 'deals'"),
            (SHOE, "deal=-1", "bad deal='-1' (seconds, 0 or more)"),
            (SHOE, "deal=nan", "bad deal='nan'"),
            (SHOE, "face_up=1.5", "bad face_up='1.5' (a probability, from 0 to 1)"),
            (SHOE, "unreadable=-0.1", "bad unreadable='-0.1' (a probability, from 0 to 1)"),
            (SHOE, "unreadable=", "bad unreadable=''"),
            (SHOE, "seed=x", "bad seed='x'"),
        ]
    ],
)
def test_a_bad_sim_parameter_names_the_known_parameters(device, query, problem):
    url = f"{device.sim_url}?{query}"
    with pytest.raises(DeviceError) as refused:
        device.open(url)

    assert str(refused.value).startswith(f"{device.label} {url}: {problem}")
    assert str(refused.value).endswith(f"; known parameters: {device.sim_parameters}")


@pytest.mark.parametrize(
    "device, path, problem, fix",
    [
        pytest.param(d, path, problem, fix, id=f"{d.name}-{path}")
        for d in READERS
        for path, problem, fix in [
            (
                f"dev/{d.board}",
                f"not a {d.label} board's URL",
                f"write board:///dev/{d.board}?baud=115200&silent=2",
            ),
            (
                f"/dev/{d.board}?silent=0",
                "bad silent='0' (seconds, more than 0)",
                "known parameters: baud, silent",
            ),
            (
                f"/dev/{d.board}?baud=1200",
                "bad baud='1200' (1200 baud reboots an RP2040 into its bootloader; use 115200)",
                "known parameters: baud, silent",
            ),
        ]
    ],
)
def test_a_bad_board_url_says_what_to_do(device, path, problem, fix):
    url = f"board://{path}"
    with pytest.raises(DeviceError) as refused:
        device.open(url)

    assert str(refused.value) == f"{device.label} {url}: {problem}; {fix}"


@on_each_reader
def test_a_missing_board_names_the_path_and_the_fix(device, tmp_path):
    with pytest.raises(DeviceError, match="no such device: check the cable") as refused:
        device.open(f"board://{tmp_path}/{device.board}")

    assert str(refused.value).startswith(
        f"{device.label} board://{tmp_path}/{device.board}: cannot open {tmp_path}/{device.board}"
    )


# The contract: on each backend that can run here.


@on_each_backend
def test_open_close_and_reopen(device, backend):
    reader = device.open(backend.url, seed=1)
    assert reader.is_open
    reader.open()  # already open: harmless
    reader.close()
    assert not reader.is_open
    reader.close()  # already closed: harmless
    with reader:
        assert reader.is_open
        assert [type(e) for e in device.play(reader)] == [device.reading]
    assert not reader.is_open


@on_each_backend
def test_a_closed_reader_refuses_and_says_why(device, backend):
    reader = device.open(backend.url)
    reader.close()
    for call, cannot in device.refusals:
        with pytest.raises(DeviceError, match="not open") as refused:
            call(reader)
        assert str(refused.value) == (
            f"{device.label} {backend.url}: cannot {cannot}, the "
            f"{device.label} is not open; call open() first"
        )
    with pytest.raises(DeviceError, match="not open"):
        reader.selftest()


@on_each_backend
def test_get_returns_none_when_nothing_happens(reader):
    assert reader.get(timeout=0) is None
    assert reader.get(timeout=0.01) is None


@on_each_backend
def test_selftest_of_a_healthy_reader_passes(reader):
    checks = reader.selftest()
    assert checks and all(isinstance(c, SelfTestCheck) for c in checks)
    assert all(c.ok for c in checks), checks


@on_each_backend
def test_an_unknown_parameter_names_the_known_ones(device, backend):
    url = backend.url + ("&" if "?" in backend.url else "?") + "colour=red"
    with pytest.raises(DeviceError) as refused:
        device.open(url)

    message = str(refused.value)
    assert message.startswith(
        f"{device.label} {url}: unknown parameter 'colour'; known parameters: "
    )


@on_each_backend
def test_an_unknown_scheme_names_the_known_schemes(device, backend):
    url = device.typo + backend.url[backend.url.index(":") :]
    with pytest.raises(DeviceError) as refused:
        device.open(url)

    assert str(refused.value) == (
        f"{device.label} {url}: unknown scheme '{device.typo}'; known "
        f"schemes: " + ", ".join(f"{s}://" for s in device.registry)
    )


# The board, emulated over real pseudo-terminals.


@pytest.mark.parametrize(
    "device, minor",
    [
        pytest.param(DICE, 0, id="dice-1.0"),
        pytest.param(SHOE, 0, id="shoe-1.0"),
        pytest.param(SHOE, 1, id="shoe-1.1"),
    ],
)
def test_a_board_of_an_earlier_minor_version_still_connects(device, minor, tmp_path):
    with (
        device.emulator(
            tmp_path / device.board, protocol=(1, minor), time_scale=device.time_scale
        ) as emulator,
        device.open(emulator.url) as reader,
    ):
        health = reader.health()
        events = device.play(reader)

    assert health["peer"]["protocol"] == f"1.{minor}" and health["connected"]
    assert len([e for e in events if isinstance(e, device.reading)]) == 1


@on_each_reader
def test_another_major_version_is_refused_with_what_to_flash(device, tmp_path):
    with (
        device.emulator(tmp_path / device.board, protocol=(2, 0)) as emulator,
        pytest.raises(DeviceError) as refused,
    ):
        device.open(emulator.url)

    assert str(refused.value) == (
        f"{device.label} {emulator.url}: the board was refused: the board speaks bridge protocol "
        f"2.0 and this host 1.3; flash the board with the firmware of this release (a "
        f"{device.flash}, firmware_bridge/PROTOCOL.md), or update the terminal"
    )


@on_each_reader
def test_health_and_dump_describe_the_link(device, tmp_path, patient_link):
    with device.emulator(
        tmp_path / device.board,
        time_scale=device.time_scale,
        unique_id=bytes.fromhex(device.unique_id),
    ) as emulator:
        reader = device.open(emulator.url + "?baud=115200&silent=2")
        device.play(reader)
        health, dump = reader.health(), reader.dump()
        reader.close()

    assert reader.board.unique_id.hex() == device.unique_id
    assert health["peer"] == {
        "role": "board",
        "protocol": "1.3",
        "version": f"{device.board}-emulator 0.1.0",
        "unique_id": device.unique_id,
        "boot_id": health["peer"]["boot_id"],
    }
    assert (health["open"], health["port"], health["connected"]) == (True, "open", True)
    assert (health["dropped"], health["resent"], health["reconnects"]) == ({}, 0, 0)
    assert health[device.health_counter] == 0
    assert [shown for shown in device.dump_shows if shown not in dump] == []
