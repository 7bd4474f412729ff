"""The table file (`terminal.config`): what it loads, and the ConfigError, naming the file, the
section, the key and what to write, that every mistake in it gives, at load, before anything
opens; on the real command line too, with the floor file of `pit collect`."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from terminal.common.endpoints import endpoint_problem
from terminal.common.exit_codes import EXIT_CONFIG
from terminal.config import ConfigError, load_table_config
from tests.support.helpers import (
    TABLES,
    cli,
    edit_toml,
    floor_entry,
    merge_sections,
    write_config,
)


def table_file(
    directory: Path,
    game: str = "roulette_fr",
    *,
    lines: dict[str, str] | None = None,
    sections: dict[str, str] | None = None,
    extra: str = "",
) -> Path:
    """The example table of `game` (helpers.write_config) edited as data, in this order: each
    key of `lines` (the first section's that has it) or section ("[name]") replaced, in its
    place, by what its value, TOML, gives: a key by the keys, in the key's section; a section by
    the section it names, with its keys, and keys outside any section ("" deletes either); each
    section of `sections` given the keys of its value instead of the example's (added when the
    example has none); `extra` merged section by section (helpers.merge_sections)."""

    def edit(table: dict[str, Any]) -> None:
        for start, line in (lines or {}).items():
            given = tomllib.loads(line)
            if start.startswith("["):
                name = start[1:-1]
                assert name in table, f"no section {start} in the {game} example"
                headers = [key for key, value in given.items() if isinstance(value, dict)]
                assert len(headers) <= 1, line
                loose = {key: value for key, value in given.items() if key not in headers}
                named = {header: {**table[name], **given[header]} for header in headers}
                edited = {**loose, **in_place(table, name, named)}
            else:
                name = next((n for n, s in table.items() if isinstance(s, dict) and start in s), "")
                assert name, f"no line {start!r} in the {game} example"
                edited = {**table, name: in_place(table[name], start, given)}
            table.clear()
            table.update(edited)
        for name, body in (sections or {}).items():
            *parents, leaf = name.split(".")
            given = tomllib.loads(f"[{name}]\n{body}\n")
            within = table
            for part in parents:
                within, given = within.setdefault(part, {}), given[part]
            within[leaf] = given[leaf]
        merge_sections(table, tomllib.loads(extra))

    return edit_toml(write_config(directory, game=game), edit)


def in_place(entries: dict[str, Any], key: str, by: dict[str, Any]) -> dict[str, Any]:
    """`entries` with `key` replaced, where it stands, by the entries of `by`."""
    out: dict[str, Any] = {}
    for name, value in entries.items():
        out.update(by if name == key else {name: value})
    return out


def refused(path: Path) -> str:
    """The message of the ConfigError that loading `path` gives; it names the file."""
    with pytest.raises(ConfigError) as caught:
        load_table_config(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: "), message
    return message


# What loads


@pytest.mark.parametrize("example", sorted(TABLES.glob("*.toml")), ids=lambda path: path.stem)
def test_every_shipped_example_table_loads(example):
    cfg = load_table_config(example)
    seats = tomllib.loads(example.read_text(encoding="utf-8"))["table"].get("seats", 12)
    assert (cfg.path, cfg.game, cfg.seats) == (example, example.stem, seats)


def test_table_seats_default_to_twelve_and_may_be_set(tmp_path):
    assert load_table_config(table_file(tmp_path, "blackjack")).seats == 12
    cfg = load_table_config(
        table_file(tmp_path, "blackjack", lines={"chips": "chips = [100, 500]\nseats = 7"})
    )
    assert cfg.seats == 7


def test_fewer_seats_than_the_default_players_seat_one_player_a_seat(tmp_path):
    cfg = load_table_config(
        table_file(
            tmp_path, "blackjack", lines={"chips": "chips = [100, 500]\nseats = 3", "players": ""}
        )
    )
    assert (cfg.seats, cfg.sim.players) == (3, 3)


def test_a_craps_tables_seats_are_its_craps_seats(tmp_path):
    cfg = load_table_config(table_file(tmp_path, "craps", lines={"seats": "seats = 10"}))
    assert cfg.seats == cfg.options.seats == 10


def test_stakes_give_bets_their_own_unit(tmp_path):
    cfg = load_table_config(
        table_file(
            tmp_path,
            "craps",
            sections={
                "stakes": '"place:6" = 600\n"lay:4" = 1100\nfield = 500\n"odds:come:4" = 1000'
            },
        )
    )
    assert dict(cfg.stakes) == {"place:6": 600, "lay:4": 1100, "field": 500, "odds:come:4": 1000}
    with pytest.raises(TypeError):
        cfg.stakes["place:8"] = 600  # type: ignore[index]


def test_a_table_without_stakes_has_none(tmp_path):
    assert load_table_config(table_file(tmp_path, "craps", sections={"stakes": ""})).stakes == {}


def test_the_pins_of_gpio_are_the_drivers_pin_map(tmp_path):
    pins = load_table_config(
        table_file(tmp_path, lines={"bounce_ms": "bounce_ms = 20"})
    ).gpio_pins.pin_map()
    assert (dict(pins.buttons), dict(pins.switches), dict(pins.leds), pins.bounce_ms) == (
        {"no_more_bets": 17},
        {"tilt": 27, "door": 22},
        {"open": 5, "closed": 6, "fault": 13},
        20,
    )


@pytest.mark.parametrize(
    "publish, replay",
    [
        ("tcp://*:5556", "tcp://127.0.0.1:*"),
        ("tcp://[::1]:5556", "tcp://eth0:5557"),
        ("ipc://*", "inproc://replay"),
    ],
)
def test_the_feed_binds_wildcards_ipv6_interfaces_ipc_and_inproc(tmp_path, publish, replay):
    cfg = load_table_config(
        table_file(
            tmp_path, lines={"publish": f'publish = "{publish}"', "replay": f'replay = "{replay}"'}
        )
    )
    assert (cfg.publish, cfg.replay) == (publish, replay)


@pytest.mark.parametrize(
    "endpoint, bind, problem",
    [
        ("tcp://10.0.0.21:5556", False, None),
        ("tcp://pit.casino.lan:1", False, None),
        ("tcp://[fe80::1%eth0]:65535", False, None),
        ("ipc://@dealer-terminal/feed", False, None),
        ("tcp://*:*", True, None),
        ("tcp://*:*", False, "* (every interface) is for a side that binds"),
        ("tcp://10.0.0.21:*", False, "port * (any free port) is for a side that binds"),
        ("inproc://", True, "no name after inproc://"),
        ("ipc://", True, "no path after ipc://"),
        ("tcp://10.0.0.21:5556 ", True, "port '5556 ' is not a port"),
        ("tcp://pit host:5556", False, "'pit host' is no host"),
        ("TCP://10.0.0.21:5556", False, "not a ZeroMQ endpoint of ours"),
    ],
)
def test_an_endpoint_is_checked_for_the_side_that_uses_it(endpoint, bind, problem):
    found = endpoint_problem(endpoint, bind=bind)
    assert found == problem if problem is None else problem in found


# What is refused: (game, the edits of its example (table_file), what the message says after the
# file's path)

MISTAKES = [
    pytest.param(
        "roulette_fr",
        dict(lines={"wheel_timeout": "wheel_timout = 90"}),
        "[devices] wheel_timout is not a key of a roulette_fr table's [devices]: "
        "did you mean wheel_timeout?",
        id="device timeout misspelt",
    ),
    pytest.param(
        "roulette_fr",
        dict(lines={"[journal]": "[jornal]"}),
        "[jornal] is not a section of a roulette_fr table file: did you mean [journal]?",
        id="section misspelt",
    ),
    pytest.param(
        "roulette_fr",
        dict(lines={"[table]": "[tabel]"}),
        "[tabel] is not a section of a table file: did you mean [table]?",
        id="table section misspelt",
    ),
    pytest.param(
        "roulette_fr",
        dict(lines={"game": 'gmae = "roulette_fr"'}),
        "[table] gmae is not a key of a table's [table]: did you mean game?",
        id="game misspelt",
    ),
    pytest.param(
        "roulette_fr",
        dict(sections={"extras": "foo = 1"}),
        "[extras] is not a section of a roulette_fr table file: it takes [table], [devices], "
        "[gpio], [feed], [journal], [session], [screen], [speech], [sim], [stakes]",
        id="section unlike any",
    ),
    pytest.param(
        "roulette_us1",
        dict(sections={"extras": "foo = 1"}),
        "it takes [table], [devices], [gpio], [feed], "
        "[journal], [session], [screen], [speech], [sim], [stakes], [colours]",
        id="section unlike any of us1",
    ),
    pytest.param(
        "roulette_fr",
        dict(lines={"[table]": "minimum = 500\n[table]"}),
        "minimum = 500 stands outside any section: keys go in theirs ([table], [devices]",
        id="key outside any section",
    ),
    pytest.param(
        "roulette_fr",
        dict(lines={"croupier": 'croupeir = "Marta"'}),
        "[table] croupeir is not a key of a table's [table]: did you mean croupier?",
        id="croupier misspelt",
    ),
    pytest.param(
        "roulette_fr",
        dict(lines={"topup_below": "topup_bellow = 0.2"}),
        "[session] topup_bellow is not a key of a table's [session]: did you mean topup_below?",
        id="session key misspelt",
    ),
    pytest.param(
        "roulette_fr",
        dict(lines={"players": "player = 6"}),
        "[sim] player is not a key of a table's [sim]: did you mean players?",
        id="sim key misspelt",
    ),
    pytest.param(
        "roulette_fr",
        dict(lines={"publish": 'publsh = "tcp://*:5556"'}),
        "[feed] publsh is not a key of a table's [feed]: did you mean publish?",
        id="feed key misspelt",
    ),
    pytest.param(
        "roulette_fr",
        dict(lines={"db": 'path = "var/x.sqlite"'}),
        "[journal] path is not a key of a table's [journal]: it takes db",
        id="journal key unlike any",
    ),
    pytest.param(
        "roulette_fr",
        dict(lines={"lamp_open": "lamp_opne = 5"}),
        "[gpio] lamp_opne is not a key of a table's [gpio]: did you mean lamp_open?",
        id="gpio key misspelt",
    ),
    pytest.param(
        "craps",
        dict(lines={"dice_change_rolls": "dice_change_roll = 200"}),
        "[craps] dice_change_roll is not a key of a craps table's [craps]: "
        "did you mean dice_change_rolls?",
        id="craps key misspelt",
    ),
    pytest.param(
        "roulette_us1",
        dict(lines={"names": 'name = ["red"]'}),
        "[colours] name is not a key of a colour-chip table's [colours]: did you mean names?",
        id="colours key misspelt",
    ),
    pytest.param(
        "poker_stud",
        dict(sections={"carrousel": 'endpont = "tcp://pit:5650"'}),
        "[carrousel] endpont is not a key of a poker table's [carrousel]: did you mean endpoint?",
        id="carrousel key misspelt",
    ),
    pytest.param(
        "poker_stud",
        dict(sections={"carrousel": ""}),
        "[carrousel] endpoint must be a non-empty string (got 'nothing')",
        id="carrousel without endpoint",
    ),
    # keys and sections of another game
    pytest.param(
        "craps",
        dict(lines={"dice": 'wheel = "sim://wheel"'}),
        "[devices] wheel is not a key of a craps table's [devices]: it takes dice, dice_timeout, "
        "gpio",
        id="a wheel at craps",
    ),
    pytest.param(
        "roulette_fr",
        dict(lines={"wheel_timeout": "shoe_timeout = 60"}),
        "[devices] shoe_timeout is not a key of a roulette_fr table's [devices]: "
        "did you mean wheel_timeout?",
        id="a shoe timeout at roulette",
    ),
    pytest.param(
        "blackjack",
        dict(lines={"shoe": 'dice = "sim://dice"'}),
        "[devices] dice is not a key of a blackjack table's [devices]: it takes shoe, "
        "shoe_timeout, gpio",
        id="dice at blackjack",
    ),
    pytest.param(
        "blackjack",
        dict(sections={"craps": "seats = 7"}),
        "[craps]: the seats the dice go round and the dice change are craps', not blackjack's",
        id="craps section at blackjack",
    ),
    pytest.param(
        "roulette_fr",
        dict(sections={"colours": 'names = ["red"]'}),
        "[colours]: colour chips are played at roulette_us1 tables only, not roulette_fr's",
        id="colours at french roulette",
    ),
    pytest.param(
        "blackjack",
        dict(sections={"carrousel": 'endpoint = "tcp://pit:5650"'}),
        "[carrousel]: the carrousel is poker's (poker_stud), not blackjack's",
        id="carrousel at blackjack",
    ),
    pytest.param(
        "craps",
        dict(lines={"chips": "chips = [100, 500]\nseats = 8"}),
        "[table] seats: a craps table's seats are the places the dice go round: "
        "set [craps] seats instead",
        id="table seats at craps",
    ),
    # device URLs, with or without --sim
    pytest.param(
        "roulette_fr",
        dict(lines={"wheel": 'wheel = "nosuch://wheel"'}),
        "[devices] wheel: wheel nosuch://wheel: unknown scheme 'nosuch'; known schemes: sim://, "
        "cammegh://, board://",
        id="wheel scheme unknown",
    ),
    pytest.param(
        "roulette_fr",
        dict(lines={"wheel": 'wheel = "sim://wheel?spinn=3"'}),
        "[devices] wheel: wheel sim://wheel?spinn=3: unknown parameter 'spinn'; known parameters: "
        "spin",
        id="wheel parameter unknown",
    ),
    pytest.param(
        "roulette_fr",
        dict(lines={"wheel": 'wheel = "board://dev/wheel-board"'}),
        "[devices] wheel: wheel board://dev/wheel-board: not a wheel board's URL; write "
        "board:///dev/wheel-board?baud=115200&silent=2",
        id="wheel board path relative",
    ),
    pytest.param(
        "roulette_fr",
        dict(lines={"wheel": 'wheel = "cammegh:///dev/ttyUSB0?mode=99999"'}),
        "[devices] wheel: wheel cammegh:///dev/ttyUSB0?mode=99999: bad mode='99999'",
        id="cammegh mode",
    ),
    pytest.param(
        "craps",
        dict(lines={"dice": 'dice = "sim://dice?void=2"'}),
        "[devices] dice: dice reader sim://dice?void=2: bad void='2' (a probability, from 0 to 1)",
        id="dice parameter bad",
    ),
    pytest.param(
        "blackjack",
        dict(lines={"shoe": 'shoe = "cammegh:///dev/ttyUSB0"'}),
        "[devices] shoe: card shoe cammegh:///dev/ttyUSB0: unknown scheme 'cammegh'; "
        "known schemes: sim://, board://",
        id="shoe scheme of a wheel",
    ),
    pytest.param(
        "roulette_fr",
        dict(lines={"gpio": 'gpio = "rpigpio://pi"'}),
        "[devices] gpio: gpio rpigpio://pi: not an RPi.GPIO URL; write rpigpio://",
        id="gpio url bad",
    ),
    pytest.param(
        "blackjack",
        dict(lines={"door": ""}),
        "[devices] gpio: gpio sim://gpio?closed=door: closed=door: no such input; known inputs: "
        "no_more_bets",
        id="gpio url closes an input not wired",
    ),
    pytest.param(
        "roulette_fr",
        dict(lines={"gpio": ""}),
        "[gpio] is given but [devices] gpio is not: give the table I/O's URL (rpigpio:// on a Pi, "
        "sim://gpio), or leave [gpio] out",
        id="gpio pins without a gpio device",
    ),
    # pins
    pytest.param(
        "roulette_fr",
        dict(lines={"tilt": "tilt = 28"}),
        "[gpio] tilt: switch 'tilt': GPIO28 is not a header GPIO; use BCM 2-27",
        id="pin out of range",
    ),
    pytest.param(
        "roulette_fr",
        dict(lines={"door": "door = 17"}),
        "[gpio] door: GPIO17 is wired twice: button 'no_more_bets' and switch 'door'",
        id="pin wired twice",
    ),
    pytest.param(
        "roulette_fr",
        dict(lines={"lamp_fault": 'lamp_fault = "13"'}),
        "[gpio] lamp_fault: LED 'fault': a pin is a BCM number, not '13'",
        id="pin a string",
    ),
    pytest.param(
        "roulette_fr",
        dict(lines={"bounce_ms": "bounce_ms = 0"}),
        "[gpio] bounce_ms must be a whole number of milliseconds from 1 to 1,000 (got 0)",
        id="bounce 0",
    ),
    pytest.param(
        "roulette_fr",
        dict(lines={"bounce_ms": "bounce_ms = 5000"}),
        "[gpio] bounce_ms must be a whole number of milliseconds from 1 to 1,000 (got 5000)",
        id="bounce 5 s",
    ),
    # endpoints
    pytest.param(
        "roulette_fr",
        dict(lines={"publish": 'publish = "tcp://127.0.0.1"'}),
        "[feed] publish 'tcp://127.0.0.1': no port in tcp://127.0.0.1: write tcp://HOST:PORT",
        id="publish without a port",
    ),
    pytest.param(
        "roulette_fr",
        dict(lines={"replay": 'replay = "tcp://127.0.0.1:99999"'}),
        "[feed] replay 'tcp://127.0.0.1:99999': port '99999' is not a port: "
        "give a number from 1 to 65535, or * for any free one",
        id="replay port too high",
    ),
    pytest.param(
        "roulette_fr",
        dict(lines={"replay": 'replay = "tcp//127.0.0.1:5557"'}),
        "[feed] replay 'tcp//127.0.0.1:5557': not a ZeroMQ endpoint of ours: "
        "write tcp://HOST (or * for every interface):PORT (1-65535, or * for any free port), "
        "ipc://PATH or inproc://NAME",
        id="replay not an endpoint",
    ),
    pytest.param(
        "poker_stud",
        dict(sections={"carrousel": 'endpoint = "tcp://*:5650"'}),
        "[carrousel] endpoint 'tcp://*:5650': * (every interface) is for a side that binds: "
        "give the host to connect to",
        id="carrousel endpoint a wildcard",
    ),
    # numbers
    pytest.param(
        "roulette_fr",
        dict(lines={"minimum": "minimum = 100000000000000000000"}),
        "[table] minimum must be a whole number of minor units from 1 to 100,000,000 "
        "(got 100000000000000000000)",
        id="minimum 10^20",
    ),
    pytest.param(
        "roulette_fr",
        dict(lines={"minimum": "minimum = true"}),
        "[table] minimum must be a whole number of minor units from 1 to 100,000,000 (got True)",
        id="minimum a boolean",
    ),
    pytest.param(
        "roulette_fr",
        dict(lines={"chip_unit": "chip_unit = 0"}),
        "[table] chip_unit must be a whole number of minor units from 1 to 100,000,000 (got 0)",
        id="chip unit 0",
    ),
    pytest.param(
        "roulette_fr",
        dict(lines={"chips": "chips = [100, 1000000000]"}),
        "[table] chips must be a non-empty list of whole numbers of minor units from 1 to "
        "100,000,000",
        id="a chip too large",
    ),
    pytest.param(
        "roulette_fr",
        dict(lines={"wheel_timeout": "wheel_timeout = 0"}),
        "[devices] wheel_timeout must be a number from 1 to 3600 (got 0)",
        id="wheel timeout 0",
    ),
    pytest.param(
        "roulette_fr",
        dict(lines={"wheel": 'wheel = "cammegh:///dev/ttyUSB0?mode=1415"'}),
        "[devices] wheel_timeout = 20 s is not above the 23 s the wheel may stay quiet in a "
        "round by itself (a failed launch it retries: launch_grace + launch_retry of its URL)",
        id="a wheel timeout shorter than the cammegh's retries",
    ),
    pytest.param(
        "roulette_fr",
        dict(lines={"wheel": 'wheel = "sim://wheel?spin=3&bets=30"'}),
        "[devices] wheel_timeout = 20 s is not above the 28.2 s the wheel may stay quiet in a "
        "round by itself (the croupier's wait before the launch: bets less 0.6 x spin of its "
        "URL); the table would void the spin while it plays on: set wheel_timeout above 28.2 "
        "(90 leaves room), or lower bets",
        id="a wheel timeout shorter than the simulated wheel's wait",
    ),
    pytest.param(
        "craps",
        dict(lines={"dice_timeout": "dice_timeout = 7200"}),
        "[devices] dice_timeout must be a number from 1 to 3600 (got 7200)",
        id="dice timeout 2 h",
    ),
    pytest.param(
        "roulette_fr",
        dict(lines={"topup_below": "topup_below = 1.5"}),
        "[session] topup_below must be a number from 0 to 1 (got 1.5)",
        id="topup above 1",
    ),
    pytest.param(
        "roulette_fr",
        dict(lines={"players": "players = 13"}),
        "[sim] players must be a whole number from 1 to 12, one player a seat at most (got 13)",
        id="more players than seats",
    ),
    pytest.param(
        "blackjack",
        dict(lines={"chips": "chips = [100, 500]\nseats = 4"}),
        "[sim] players must be a whole number from 1 to 4, one player a seat at most (got 5)",
        id="more players than the seats set",
    ),
    pytest.param(
        "roulette_fr",
        dict(lines={"max_bets": "max_bets = 0"}),
        "[sim] max_bets must be a whole number from 1 to 100 (got 0)",
        id="max bets 0",
    ),
    pytest.param(
        "roulette_fr",
        dict(lines={"buyin": "buyin = 5000"}),
        "[sim] buyin must be a whole number of minimums from 1 to 1,000 (got 5000)",
        id="buyin 5000",
    ),
    pytest.param(
        "blackjack",
        dict(lines={"chips": "chips = [100, 500]\nseats = 100"}),
        "[table] seats must be a whole number from 1 to 99 (got 100)",
        id="table seats 100",
    ),
    pytest.param(
        "blackjack",
        dict(lines={"chips": "chips = [100, 500]\nseats = true"}),
        "[table] seats must be a whole number from 1 to 99 (got True)",
        id="table seats a boolean",
    ),
    pytest.param(
        "craps",
        dict(lines={"seats": "seats = 0"}),
        "[craps] seats must be a whole number from 1 to 99 (got 0)",
        id="craps seats 0",
    ),
    pytest.param(
        "craps",
        dict(lines={"dice_change_rolls": "dice_change_rolls = -1"}),
        "[craps] dice_change_rolls must be a whole number from 0 to 10,000, "
        "0 for no automatic change (got -1)",
        id="dice change negative",
    ),
    # stakes
    pytest.param(
        "craps",
        dict(sections={"stakes": '"Place:6" = 600'}),
        "[stakes] 'Place:6' is not a bet code or family: lowercase letters and digits, "
        "parts joined with ':' and numbers with '-' (\"place:6\", \"split:1-2\")",
        id="stake code in capitals",
    ),
    pytest.param(
        "craps",
        dict(sections={"stakes": '"place: 6" = 600'}),
        "[stakes] 'place: 6' is not a bet code or family",
        id="stake code with a space",
    ),
    pytest.param(
        "craps",
        dict(sections={"stakes": '"place:6" = 650'}),
        "[stakes] place:6 must be a multiple of chip_unit 100 and at least the minimum 500 "
        "(got 650)",
        id="stake not a multiple of the chip unit",
    ),
    pytest.param(
        "craps",
        dict(sections={"stakes": '"place:6" = 400'}),
        "[stakes] place:6 must be a multiple of chip_unit 100 and at least the minimum 500 "
        "(got 400)",
        id="stake below the minimum",
    ),
    pytest.param(
        "craps",
        dict(sections={"stakes": '"place:6" = true'}),
        "[stakes] place:6 must be a whole number of minor units from 1 to 100,000,000 (got True)",
        id="stake a boolean",
    ),
    pytest.param(
        "craps",
        dict(sections={"stakes": "", "stakes.place": '"6" = 600'}),
        "[stakes] place must be a whole number of minor units from 1 to 100,000,000 "
        "(got {'6': 600})",
        id="stakes nested",
    ),
    pytest.param(
        "craps",
        dict(sections={"sim": "players = 4\nstakes = 600"}),
        "[sim] stakes is not a key of a table's [sim]: it takes players, max_bets, buyin",
        id="a stakes key in [sim]",
    ),
]


@pytest.mark.parametrize("game, edits, says", MISTAKES)
def test_every_mistake_is_a_config_error_naming_the_file_section_and_key(
    tmp_path, game, edits, says
):
    assert says in refused(table_file(tmp_path, game, **edits))


# On the command line: exit 78 (EX_CONFIG) and the message, never a traceback, before anything
# opens

ON_THE_COMMAND_LINE = (
    "device timeout misspelt",
    "section misspelt",
    "croupier misspelt",
    "a wheel at craps",
    "table seats at craps",
    "colours at french roulette",
    "wheel scheme unknown",
    "pin out of range",
    "pin wired twice",
    "replay not an endpoint",
    "minimum 10^20",
    "stake below the minimum",
)


def test_a_cammegh_table_with_room_for_the_wheel_s_own_retries_loads(tmp_path):
    path = table_file(
        tmp_path,
        lines={
            "wheel": 'wheel = "cammegh:///dev/ttyUSB0?mode=1415&launch_retry=30"',
            "wheel_timeout": "wheel_timeout = 90",
        },
    )
    assert load_table_config(path).device_timeout == 90


@pytest.mark.parametrize("game, edits, says", [m for m in MISTAKES if m.id in ON_THE_COMMAND_LINE])
def test_run_refuses_a_broken_table_file_with_exit_78_before_opening_anything(
    tmp_path, game, edits, says
):
    """EX_CONFIG (78): the unit's RestartPreventExitStatus, so no restart loop."""
    path = table_file(tmp_path, game, **edits)
    done = cli("run", "--config", str(path), "--sim", "--rounds", "1")
    assert done.returncode == EXIT_CONFIG, done.stderr
    assert f"dealer-terminal: {path}: {says}" in done.stderr
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "journal.sqlite").exists()


FLOOR_FIELDS = {"id": "RL-01", "feed": "tcp://10.0.0.21:5556", "replay": "tcp://10.0.0.21:5557"}
FLOOR_TABLE = floor_entry(**FLOOR_FIELDS)


@pytest.mark.parametrize(
    "text, says",
    [
        pytest.param(
            FLOOR_TABLE + "silent_afer = 8\n",
            "[table #1] silent_afer is not a key of a floor file's [[table]]: "
            "did you mean silent_after?",
            id="table key misspelt",
        ),
        pytest.param(
            "[alert]\n" + FLOOR_TABLE,
            "[alert] is not a section of a floor file: did you mean [alerts]?",
            id="section misspelt",
        ),
        pytest.param(
            floor_entry(**{**FLOOR_FIELDS, "replay": "tcp://10.0.0.21"}),
            "[table #1] replay 'tcp://10.0.0.21': no port in tcp://10.0.0.21: "
            "write tcp://HOST:PORT",
            id="replay without a port",
        ),
        pytest.param(
            '[pit]\ncontrol = "tcp://*:70000"\n' + FLOOR_TABLE,
            "[pit] control 'tcp://*:70000': port '70000' is not a port",
            id="control port too high",
        ),
        pytest.param(
            '[pit]\nsecret_key = "keys/pit.key_secret"\n' + FLOOR_TABLE,
            "[pit] secret_key: the key file ",
            id="secret key missing",
        ),
        pytest.param(
            FLOOR_TABLE + "bias_spins = 100000000000000000000\n",
            "[table #1] bias_spins must be a whole number from 1 to 100,000",
            id="bias spins 10^20",
        ),
    ],
)
def test_pit_collect_refuses_a_broken_floor_file_with_exit_78_before_opening_anything(
    tmp_path, text, says
):
    path = tmp_path / "floor.toml"
    path.write_text(text, encoding="utf-8")
    store = tmp_path / "pit.db"
    done = cli("pit", "collect", "--tables", str(path), "--db", f"sqlite:///{store}")
    assert done.returncode == EXIT_CONFIG, done.stderr
    assert f"dealer-terminal: {path}: {says}" in done.stderr
    assert "Traceback" not in done.stderr
    assert not store.exists()
