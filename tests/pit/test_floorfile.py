"""The floor file of `pit collect --tables FILE` (`terminal.pit.floorfile`): what it loads, and
the ConfigError, naming the file and what to fix, that every mistake in it gives."""

from __future__ import annotations

import shutil

import pytest

from terminal.config import ConfigError
from terminal.feed.curve_keys import generate_keys
from terminal.pit.floorfile import (
    DEFAULT_CONTROL,
    DEFAULT_PUBLISH,
    AlertSettings,
    FloorTable,
    load_floor,
)
from tests.support.helpers import floor_entry

RL01_FIELDS = {"id": "RL-01", "feed": "tcp://10.0.0.21:5556", "replay": "tcp://10.0.0.21:5557"}
RL01 = floor_entry(**RL01_FIELDS)
RL02 = floor_entry(id="RL-02", feed="tcp://10.0.0.22:5556", replay="tcp://10.0.0.22:5557")
KEY = "rq:rM>}U?@Lns47E1%kR.o@n%FcmmsL/@{H8]yf7"  # a 40-character Z85 public key


def rl01_with(**changes: str) -> str:
    """RL01 with some of its fields changed."""
    return floor_entry(**{**RL01_FIELDS, **changes})


def floor(tmp_path, text: str):
    path = tmp_path / "floor.toml"
    path.write_text(text, encoding="utf-8")
    return path


def refused(path) -> str:
    """The message of the ConfigError that loading `path` gives; it names the file."""
    with pytest.raises(ConfigError) as caught:
        load_floor(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: "), message
    return message


def test_a_minimal_file_loads_with_the_defaults(tmp_path):
    path = floor(tmp_path, RL01)
    loaded = load_floor(str(path))
    assert loaded.path == path
    assert loaded.tables == (
        FloorTable("RL-01", "tcp://10.0.0.21:5556", "tcp://10.0.0.21:5557", None, AlertSettings()),
    )
    assert (loaded.publish, loaded.control, loaded.secret_key) == (
        DEFAULT_PUBLISH,
        DEFAULT_CONTROL,
        None,
    )
    assert AlertSettings() == AlertSettings(
        silent_after=5.0,
        pace=None,
        pace_window=3600.0,
        float_low=0.2,
        bias_spins=3700,
        bias_alpha=0.0001,
    )


def test_tables_keep_the_files_order(tmp_path):
    loaded = load_floor(floor(tmp_path, RL02 + RL01))
    assert [table.id for table in loaded.tables] == ["RL-02", "RL-01"]


def test_alerts_apply_to_every_table_and_a_table_overrides_some(tmp_path):
    text = (
        "[alerts]\nsilent_after = 8\npace = [30, 60]\npace_window = 1800\nfloat_low = 0.25\n"
        "bias_spins = 1850\nbias_alpha = 0.001\n"
        + RL01
        + "pace = [20, 40.5]\nfloat_low = 0.1\n"
        + RL02
    )
    rl01, rl02 = load_floor(floor(tmp_path, text)).tables
    assert rl02.alerts == AlertSettings(
        silent_after=8.0,
        pace=(30.0, 60.0),
        pace_window=1800.0,
        float_low=0.25,
        bias_spins=1850,
        bias_alpha=0.001,
    )
    assert rl01.alerts == AlertSettings(
        silent_after=8.0,
        pace=(20.0, 40.5),
        pace_window=1800.0,
        float_low=0.1,
        bias_spins=1850,
        bias_alpha=0.001,
    )


def test_a_table_switches_the_floors_pace_check_off_with_false(tmp_path):
    rl01, rl02 = load_floor(
        floor(tmp_path, "[alerts]\npace = [30, 60]\n" + RL01 + "pace = false\n" + RL02)
    ).tables
    assert (rl01.alerts.pace, rl02.alerts.pace) == (None, (30.0, 60.0))


def test_a_table_override_without_an_alerts_section(tmp_path):
    (table,) = load_floor(floor(tmp_path, RL01 + "silent_after = 2\nbias_spins = 370\n")).tables
    assert table.alerts == AlertSettings(silent_after=2.0, bias_spins=370)


@pytest.fixture
def pit_keys(tmp_path):
    """The pit's key pair in keys/ and an allow-list directory console-keys/ with a console's
    public key, beside the floor file."""
    keys = generate_keys(tmp_path / "keys", "pit")
    (tmp_path / "console-keys").mkdir()
    shutil.copy(generate_keys(tmp_path / "console", "console").public, tmp_path / "console-keys")
    return keys


def test_pit_endpoints_and_key_files_relative_to_the_floor_files_folder(tmp_path, pit_keys):
    text = (
        '[pit]\npublish = "tcp://*:6700"\ncontrol = "ipc:///run/pit/control"\n'
        'secret_key = "keys/pit.key_secret"\nallow = "console-keys"\n'
        + RL01
        + f'server_key = "{KEY}"\n'
        + RL02
    )
    loaded = load_floor(floor(tmp_path, text))
    assert (loaded.publish, loaded.control) == ("tcp://*:6700", "ipc:///run/pit/control")
    assert (loaded.secret_key, loaded.allow) == (pit_keys.secret, tmp_path / "console-keys")
    assert [table.server_key for table in loaded.tables] == [KEY, None]


def test_an_absolute_secret_key_stays_as_it_is(tmp_path, pit_keys):
    loaded = load_floor(
        floor(tmp_path / "console", f'[pit]\nsecret_key = "{pit_keys.secret}"\n' + RL01)
    )
    assert loaded.secret_key == pit_keys.secret


@pytest.mark.parametrize(
    "feed, replay",
    [
        ("tcp://pit-table-7.casino.lan:5556", "tcp://[fd00::21]:5557"),
        ("ipc:///run/dealer-terminal/RL-01.feed", "inproc://RL-01-replay"),
    ],
)
def test_a_table_is_reached_by_host_name_ipv6_ipc_or_inproc(tmp_path, feed, replay):
    (table,) = load_floor(
        floor(tmp_path, f'[[table]]\nid = "RL-01"\nfeed = "{feed}"\nreplay = "{replay}"\n')
    ).tables
    assert (table.feed, table.replay) == (feed, replay)


MISTAKES = [  # the ids of the cases below, in their order
    "empty file",
    "alerts only",
    "table not an array",
    "duplicate id",
    "pace reversed",
    "pace one number",
    "table pace a string",
    "table pace negative",
    "pace true",
    "pace above an hour's seconds",
    "unknown table key",
    "table key far from any",
    "server_key short",
    "server_key long",
    "server_key not Z85",
    "server_key without secret_key",
    "no replay",
    "empty id",
    "silent_after too small",
    "float_low above 1",
    "bias_spins 0",
    "bias_spins huge",
    "bias_alpha too large",
    "pace_window a boolean",
    "unknown alerts key",
    "unknown pit key",
    "unknown section",
    "a key outside any section",
    "empty secret_key",
    "publish a number",
    "key given twice",
    "broken TOML",
    "feed without a port",
    "feed to every interface",
    "feed to any port",
    "feed port 0",
    "feed port too high",
    "feed bad IPv4",
    "feed IPv6 without brackets",
    "replay of another transport",
    "replay ipc path too long",
    "replay ipc any",
    "publish without a host",
    "control not an endpoint",
    "publish port a word",
    "allow missing",
    "allow without secret_key",
]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("", "no [[table]] entries: list every table with its id, feed and replay"),
        ("[alerts]\nsilent_after = 8\n", "no [[table]] entries"),
        ('[table]\nid = "RL-01"\n', "no [[table]] entries"),
        (
            RL01 + rl01_with(feed="tcp://10.0.0.23:5556", replay="tcp://10.0.0.23:5557"),
            "table 'RL-01' is listed twice",
        ),
        (
            "[alerts]\npace = [60, 30]\n" + RL01,
            "[alerts] pace must be [low, high]: two numbers from 0 to 3600, low not above high",
        ),
        ("[alerts]\npace = [30]\n" + RL01, "[alerts] pace must be [low, high]"),
        (RL02 + RL01 + 'pace = [30, "60"]\n', "[table #2] pace must be [low, high]"),
        (RL01 + "pace = [-5, 30]\n", "[table #1] pace must be [low, high]"),
        (
            RL01 + "pace = true\n",
            "[table #1] pace must be [low, high]: two numbers from 0 to 3600, low not above high, "
            "or false for no pace check",
        ),
        (
            RL01 + "pace = [30, 1e9]\n",
            "[table #1] pace must be [low, high]: two numbers from 0 to 3600",
        ),
        (
            RL01 + "silent_afer = 8\n",
            "[table #1] silent_afer is not a key of a floor file's [[table]]: "
            "did you mean silent_after?",
        ),
        (
            RL01 + "colour = 8\n",
            "[table #1] colour is not a key of a floor file's [[table]]: it takes id, feed, "
            "replay, server_key, silent_after, pace, pace_window, float_low, bias_spins, "
            "bias_alpha",
        ),
        (
            RL01 + 'server_key = "short"\n',
            "[table #1] server_key must be the table's CURVE public key, 40 Z85 characters",
        ),
        (RL01 + f'server_key = "{KEY}x"\n', "server_key must be the table's CURVE public key"),
        (RL01 + f'server_key = "{KEY[:-1]} "\n', "server_key must be the table's CURVE public key"),
        (
            RL01 + f'server_key = "{KEY}"\n',
            "tables have a server_key but [pit] secret_key is missing: create the "
            "pit's key with `dealer-terminal keys generate pit`",
        ),
        (
            '[[table]]\nid = "RL-01"\nfeed = "tcp://10.0.0.21:5556"\n',
            "[table #1] replay must be a non-empty string",
        ),
        (
            '[[table]]\nid = ""\nfeed = "tcp://10.0.0.21:5556"\nreplay = "tcp://10.0.0.21:5557"\n',
            "[table #1] id must be a non-empty string",
        ),
        (
            "[alerts]\nsilent_after = 0.5\n" + RL01,
            "[alerts] silent_after must be a number from 1.5 to 3600",
        ),
        (RL01 + "float_low = 1.5\n", "[table #1] float_low must be a number from 0 to 1"),
        (
            RL01 + "bias_spins = 0\n",
            "[table #1] bias_spins must be a whole number from 1 to 100,000 (got 0)",
        ),
        (
            RL01 + "bias_spins = 100000000000000000000\n",
            "[table #1] bias_spins must be a whole number from 1 to "
            "100,000 (got 100000000000000000000)",
        ),
        (RL01 + "bias_alpha = 0.9\n", "[table #1] bias_alpha must be a number from 1e-12 to 0.5"),
        (RL01 + "pace_window = true\n", "[table #1] pace_window must be a number from 1 to 86400"),
        (
            "[alerts]\nfloat_lo = 0.1\n" + RL01,
            "[alerts] float_lo is not a key of a floor file's [alerts]: did you mean float_low?",
        ),
        (
            '[pit]\npublsh = "tcp://*:6700"\n' + RL01,
            "[pit] publsh is not a key of a floor file's [pit]: did you mean publish?",
        ),
        (
            "[alert]\nfloat_low = 0.1\n" + RL01,
            "[alert] is not a section of a floor file: did you mean [alerts]?",
        ),
        (
            "silent_after = 8\n" + RL01,
            "silent_after = 8 stands outside any section: keys go in theirs ([table], [pit], "
            "[alerts])",
        ),
        ('[pit]\nsecret_key = ""\n' + RL01, "[pit] secret_key must be a non-empty string"),
        ("[pit]\npublish = 5700\n" + RL01, "[pit] publish must be a non-empty string"),
        (RL01 + 'feed = "tcp://10.0.0.21:5558"\n', "not valid TOML"),
        ('[[table]\nid = "RL-01"\n', "not valid TOML"),
        (
            rl01_with(feed="tcp://10.0.0.21"),
            "[table #1] feed 'tcp://10.0.0.21': no port in tcp://10.0.0.21: write tcp://HOST:PORT",
        ),
        (
            rl01_with(feed="tcp://*:5556"),
            "[table #1] feed 'tcp://*:5556': * (every interface) is for a side "
            "that binds: give the host to connect to",
        ),
        (
            rl01_with(feed="tcp://10.0.0.21:*"),
            "[table #1] feed 'tcp://10.0.0.21:*': port * (any free port) is for a side that "
            "binds: give the port to connect to",
        ),
        (
            rl01_with(feed="tcp://10.0.0.21:0"),
            "[table #1] feed 'tcp://10.0.0.21:0': port '0' is not a port: give a number from 1 "
            "to 65535",
        ),
        (rl01_with(feed="tcp://10.0.0.21:65536"), "port '65536' is not a port"),
        (
            rl01_with(feed="tcp://10.0.0.256:5556"),
            "[table #1] feed 'tcp://10.0.0.256:5556': '10.0.0.256' is not an IPv4 address",
        ),
        (
            rl01_with(feed="tcp://fd00::21:5556"),
            "'fd00::21' is no host: give an IPv4 address, [an IPv6 address] or a host name",
        ),
        (
            rl01_with(replay="udp://10.0.0.21:5557"),
            "[table #1] replay 'udp://10.0.0.21:5557': not a "
            "ZeroMQ endpoint of ours: write tcp://HOST:PORT "
            "(1-65535), ipc://PATH or inproc://NAME",
        ),
        (
            rl01_with(replay="ipc:///" + "r" * 107),
            "bytes and a Unix socket's holds at most 107: choose a shorter one",
        ),
        (
            rl01_with(replay="ipc://*"),
            "[table #1] replay 'ipc://*': ipc://* names no socket to connect to",
        ),
        (
            '[pit]\npublish = "tcp://:6700"\n' + RL01,
            "[pit] publish 'tcp://:6700': no host in tcp://:6700",
        ),
        (
            '[pit]\ncontrol = "6701"\n' + RL01,
            "[pit] control '6701': not a ZeroMQ endpoint of ours: write tcp://HOST "
            "(or * for every interface):PORT (1-65535, or * for any free port)",
        ),
        (
            '[pit]\npublish = "tcp://*:feed"\n' + RL01,
            "port 'feed' is not a port: give a number from 1 to 65535, or * for any free one",
        ),
        (
            '[pit]\nsecret_key = "keys/pit.key_secret"\nallow = "nowhere"\n' + RL01,
            "[pit] allow: the allow-list directory ",
        ),
        ('[pit]\nallow = "console-keys"\n' + RL01, "[pit] allow needs [pit] secret_key"),
    ],
    ids=MISTAKES,
)
def test_every_mistake_is_a_config_error_naming_the_file_and_what_to_fix(
    tmp_path, pit_keys, text, expected
):
    assert expected in refused(floor(tmp_path, text))


@pytest.mark.parametrize(
    "name, says",
    [
        ("keys/nowhere.key_secret", "does not exist: create a key pair"),
        ("keys/pit.key", "holds only a public key, and the secret key is needed here"),
        ("floor.toml", "is not a ZeroMQ CURVE key file"),
        ("keys", "is a directory, not a key file"),
    ],
)
def test_a_secret_key_that_cannot_serve_says_why(tmp_path, pit_keys, name, says):
    message = refused(floor(tmp_path, f'[pit]\nsecret_key = "{name}"\n' + RL01))
    assert "[pit] secret_key: " in message and says in message


def test_a_missing_file_is_a_config_error_naming_it(tmp_path):
    assert "no such configuration file" in refused(tmp_path / "nowhere" / "floor.toml")
