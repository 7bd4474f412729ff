"""CURVE on the pit feed: key files, the table's allow-list, the pit's check of the table's key,
over real sockets on loopback with keys generated for each test, and a real table process."""

import argparse
import json
import shutil
import signal
import stat
import subprocess
import sys
from types import SimpleNamespace

import pytest
import zmq

from terminal.config import ConfigError, load_table_config
from terminal.contract.events import canonical, check_event
from terminal.feed.curve import CurveServer, HandshakeWatch, client_socket_setup
from terminal.feed.curve_keys import (
    CurveError,
    add_keys_parser,
    check_key,
    cmd_keys,
    generate_keys,
    load_public,
    load_secret,
    read_allow_list,
)
from terminal.feed.publisher import FeedPublisher
from terminal.feed.replay import ReplayServer
from terminal.runtime.journal.store import Journal, JournalWriter
from tests.support.helpers import REPO, edit_toml, made_then_closed, write_config

ANY_PORT = "tcp://127.0.0.1:*"
DEADLINE_MS = 5000
PROCESS_DEADLINE_MS = 60000  # a table process starting up on a loaded machine


def keys_cli(*argv):
    parser = argparse.ArgumentParser(prog="dealer-terminal")
    add_keys_parser(parser.add_subparsers(dest="command", required=True))
    return cmd_keys(parser.parse_args(argv))


@pytest.fixture
def keys(tmp_path):
    """The table's keys, an impostor table's, the allowed pit's (its public file copied into the
    allow-list) and a stranger pit's."""
    made = SimpleNamespace(
        allow=tmp_path / "allow",
        table=generate_keys(tmp_path / "table", "RL-01"),
        impostor=generate_keys(tmp_path / "impostor", "RL-01"),
        pit=generate_keys(tmp_path / "pit", "pit"),
        stranger=generate_keys(tmp_path / "stranger", "stranger"),
    )
    made.allow.mkdir()
    shutil.copy(made.pit.public, made.allow)
    return made


class CurveTable:
    """A table's journal, writer (ticking fast), PUB and replay ROUTER behind CURVE."""

    def __init__(self, directory, secret, allow):
        self.journal = Journal(directory / "RL-01.sqlite", table="RL-01", game="roulette_fr")
        self.curve = CurveServer(secret, allow)
        self.publisher = FeedPublisher(ANY_PORT, "RL-01", curve=self.curve)
        self.replay = ReplayServer(
            ANY_PORT, self.journal.path, lambda: {"table": "RL-01"}, curve=self.curve
        )
        self.replay.start()
        self.writer = JournalWriter(self.journal, [self.publisher], tick_seconds=0.02)
        self.writer.start()

    def play(self, count):
        events = [self.journal.build("round.open", {"n": n}, round=n + 1) for n in range(count)]
        self.writer.submit(events)
        return events

    def close(self):
        self.writer.stop()
        self.replay.stop()
        self.publisher.close()
        self.curve.close()
        self.journal.close()


@pytest.fixture
def tables(tmp_path):
    def make(secret, allow, name="table"):
        (tmp_path / name).mkdir(exist_ok=True)
        return CurveTable(tmp_path / name, secret, allow)

    yield from made_then_closed(make)


def _pit_client(kind, endpoint, own, server_key):
    socket = zmq.Context.instance().socket(kind)
    socket.linger = 0
    if kind == zmq.SUB:
        socket.subscribe(b"")
    if own is not None:
        client_socket_setup(socket, own, server_key)
    watch = HandshakeWatch(socket)
    socket.connect(endpoint)
    return socket, watch


def _close_client(client) -> None:
    socket, watch = client
    watch.close()
    socket.close()


@pytest.fixture
def pits():
    """Pit client sockets set up with `own` keys expecting `server_key`, each with its handshake
    watch."""
    yield from made_then_closed(_pit_client, _close_client)


def handshake(watch, deadline_ms=DEADLINE_MS):
    """The first handshake outcome of a client socket."""
    assert watch.socket.poll(deadline_ms), "no handshake before the deadline"
    return watch.read()[0]


def receive(socket, deadline_ms=DEADLINE_MS):
    assert socket.poll(deadline_ms), "nothing received before the deadline"
    return socket.recv_multipart()


def events_of(sub, count):
    """The next `count` events of a SUB, heartbeats skipped."""
    events = []
    while len(events) < count:
        event = json.loads(receive(sub)[1])
        if event["kind"] != "heartbeat":
            events.append(event)
    return events


def replay(dealer, from_seq=1):
    dealer.send(canonical({"op": "replay", "from_seq": from_seq}))
    replies = [json.loads(receive(dealer)[0])]
    while replies[-1].get("op") != "replay.end":
        replies.append(json.loads(receive(dealer)[0]))
    return replies


# -- key files


def test_keys_generate_writes_the_pair_with_a_private_secret_and_prints_the_key(tmp_path, capsys):
    directory = tmp_path / "keys"
    assert keys_cli("keys", "generate", "RL-01", "--dir", str(directory)) == 0
    out = capsys.readouterr().out
    key = out.splitlines()[0]
    public, secret = directory / "RL-01.key", directory / "RL-01.key_secret"
    assert len(key) == 40 and load_public(public) == key.encode() == load_secret(secret).public
    assert stat.S_IMODE(secret.stat().st_mode) == 0o600
    assert "server_key" in out and "curve_allow" in out and str(secret) in out
    assert "secret-key" not in public.read_text() and "secret-key" in secret.read_text()

    for shown in (public, secret):
        assert keys_cli("keys", "show", str(shown)) == 0
        assert capsys.readouterr().out == key + "\n"

    secret.chmod(0o644)
    assert keys_cli("keys", "generate", "RL-01", "--dir", str(directory)) == 2
    err = capsys.readouterr().err
    assert "already exist" in err and "--force" in err and load_public(public) == key.encode()
    assert keys_cli("keys", "generate", "RL-01", "--dir", str(directory), "--force") == 0
    replaced = capsys.readouterr().out.splitlines()[0]
    assert replaced != key and load_secret(secret).public == replaced.encode() == load_public(
        public
    )
    assert stat.S_IMODE(secret.stat().st_mode) == 0o600


def test_keys_that_cannot_be_used_are_refused_naming_the_file(tmp_path, capsys):
    pair = generate_keys(tmp_path, "pit")
    with pytest.raises(CurveError, match="holds only a public key") as public_only:
        load_secret(pair.public)
    assert str(pair.public) in str(public_only.value) and "pit.key_secret" in str(public_only.value)
    damaged = tmp_path / "damaged.key_secret"
    secret = load_secret(pair.secret).secret.decode()
    damaged.write_text(pair.secret.read_text().replace(secret, secret[:-1]))
    with pytest.raises(
        CurveError, match="secret key of .*damaged.key_secret is not a CURVE key"
    ) as bad:
        load_secret(damaged)
    assert secret[:-1] not in str(bad.value)  # a secret, even damaged, is never printed
    with pytest.raises(CurveError, match="does not exist") as missing:
        load_secret(tmp_path / "nowhere.key_secret")
    assert "keys generate" in str(missing.value)
    notes = tmp_path / "notes.key"
    notes.write_text("the pit's key is on the blue USB stick\n")
    with pytest.raises(CurveError, match="not a ZeroMQ CURVE key file") as garbage:
        load_public(notes)
    assert str(notes) in str(garbage.value)
    with pytest.raises(CurveError, match="allow-list directory") as no_dir:
        read_allow_list(tmp_path / "allow")
    assert str(tmp_path / "allow") in str(no_dir.value)
    with pytest.raises(CurveError, match="notes.key"):
        read_allow_list(tmp_path)  # a bad file in the allow-list is named, never skipped
    with pytest.raises(CurveError, match="not a CURVE key"):
        check_key("RL-01", "the table's server_key")
    assert keys_cli("keys", "show", str(notes)) == 2 and "notes.key" in capsys.readouterr().err
    assert keys_cli("keys", "generate", "../pit", "--dir", str(tmp_path)) == 2
    assert "cannot name key files" in capsys.readouterr().err


# -- the feed behind CURVE


def test_an_allowed_pit_receives_the_feed_and_its_replays(keys, tables, pits):
    table = tables(keys.table.secret, keys.allow)
    sub, sub_watch = pits(zmq.SUB, table.publisher.endpoint, keys.pit.secret, keys.table.key)
    dealer, dealer_watch = pits(zmq.DEALER, table.replay.endpoint, keys.pit.secret, keys.table.key)
    for watch, endpoint in (
        (sub_watch, table.publisher.endpoint),
        (dealer_watch, table.replay.endpoint),
    ):
        outcome = handshake(watch)
        assert outcome.ok and outcome.endpoint == endpoint
    receive(sub)  # a heartbeat: the subscription is through
    played = table.play(3)
    assert events_of(sub, 3) == played
    replies = replay(dealer)
    assert replies[:-1] == played and all(check_event(e) is None for e in replies[:-1])
    assert replies[-1] == {"op": "replay.end", "last_seq": 3}


def test_a_pit_key_not_in_the_allow_list_gets_nothing_and_the_table_logs_it(
    keys, tables, pits, caplog
):
    caplog.set_level("WARNING", logger="terminal.feed.curve")
    table = tables(keys.table.secret, keys.allow)
    sub, _ = pits(zmq.SUB, table.publisher.endpoint, keys.pit.secret, keys.table.key)
    dealer, _ = pits(zmq.DEALER, table.replay.endpoint, keys.pit.secret, keys.table.key)
    stranger_sub, sub_watch = pits(
        zmq.SUB, table.publisher.endpoint, keys.stranger.secret, keys.table.key
    )
    stranger_dealer, dealer_watch = pits(
        zmq.DEALER, table.replay.endpoint, keys.stranger.secret, keys.table.key
    )
    stranger_dealer.send(canonical({"op": "replay", "from_seq": 1}))
    for watch in (sub_watch, dealer_watch):
        outcome = handshake(watch)
        assert outcome.event == zmq.EVENT_HANDSHAKE_FAILED_AUTH and outcome.value == 400
        assert "refused the pit's key" in outcome.alert("RL-01") and "curve_allow" in outcome.reason
    refusals = [
        r for r in caplog.records if r.name == "terminal.feed.curve" and r.levelname == "WARNING"
    ]
    assert len(refusals) >= 2  # logged before the refusal reached the pit
    for record in refusals:
        message = record.getMessage()
        assert message.startswith(
            f"refused a pit client with key {keys.stranger.key.decode()} from 127.0.0.1"
        )
        assert str(keys.allow) in message

    played = table.play(2)
    assert events_of(sub, 2) == played  # the allowed pit had everything meanwhile
    assert replay(dealer)[:-1] == played
    assert not stranger_sub.poll(0) and not stranger_dealer.poll(0)


def test_reload_admits_a_pit_key_added_to_the_allow_list(keys, tables, pits):
    table = tables(keys.table.secret, keys.allow)
    _, watch = pits(zmq.DEALER, table.replay.endpoint, keys.stranger.secret, keys.table.key)
    assert not handshake(watch).ok
    shutil.copy(keys.stranger.public, keys.allow)
    assert table.curve.reload() == 2
    dealer, watch = pits(zmq.DEALER, table.replay.endpoint, keys.stranger.secret, keys.table.key)
    assert handshake(watch).ok
    assert replay(dealer) == [{"op": "replay.end", "last_seq": 0}]


def test_an_impostor_table_fails_the_handshake_and_sends_nothing(keys, tables, pits):
    impostor = tables(keys.impostor.secret, keys.allow)  # admits the pit, but holds other keys
    fooled, fooled_watch = pits(
        zmq.SUB, impostor.publisher.endpoint, keys.pit.secret, keys.table.key
    )
    dealer, dealer_watch = pits(
        zmq.DEALER, impostor.replay.endpoint, keys.pit.secret, keys.table.key
    )
    dealer.send(canonical({"op": "state"}))
    for watch, endpoint in (
        (fooled_watch, impostor.publisher.endpoint),
        (dealer_watch, impostor.replay.endpoint),
    ):
        outcome = handshake(watch)
        assert not outcome.ok and outcome.event != zmq.EVENT_HANDSHAKE_FAILED_AUTH
        assert outcome.alert("RL-01") == (
            f"table RL-01 at {endpoint} did not prove the key of the floor file (handshake failed)"
        )
    # a pit that knows the impostor's key hears it: the feed runs, the fooled pit gets none of it
    witness, _ = pits(zmq.SUB, impostor.publisher.endpoint, keys.pit.secret, keys.impostor.key)
    receive(witness)
    impostor.play(2)
    events_of(witness, 2)
    assert not fooled.poll(0) and not dealer.poll(0)


def test_a_pit_without_curve_is_told_the_table_speaks_curve(keys, tables, pits):
    table = tables(keys.table.secret, keys.allow)
    plain, watch = pits(zmq.SUB, table.publisher.endpoint, None, None)
    outcome = handshake(watch)
    assert (
        outcome.event == zmq.EVENT_HANDSHAKE_FAILED_PROTOCOL
        and "CURVE on one side only" in outcome.reason
    )
    assert not plain.poll(0)


def test_two_tables_of_one_process_keep_their_own_allow_lists(keys, tables, pits, tmp_path):
    other_allow = tmp_path / "other-allow"
    other_allow.mkdir()
    shutil.copy(keys.stranger.public, other_allow)
    first = tables(keys.table.secret, keys.allow, "first")
    second = tables(keys.impostor.secret, other_allow, "second")
    for table, server_key, allowed, refused in (
        (first, keys.table.key, keys.pit, keys.stranger),
        (second, keys.impostor.key, keys.stranger, keys.pit),
    ):
        assert handshake(pits(zmq.DEALER, table.replay.endpoint, allowed.secret, server_key)[1]).ok
        assert not handshake(
            pits(zmq.DEALER, table.replay.endpoint, refused.secret, server_key)[1]
        ).ok
    first.curve.close()  # its sockets stay open: nobody is admitted there any more
    assert not handshake(
        pits(zmq.DEALER, first.replay.endpoint, keys.pit.secret, keys.table.key)[1]
    ).ok
    dealer, watch = pits(
        zmq.DEALER, second.replay.endpoint, keys.stranger.secret, keys.impostor.key
    )
    assert handshake(watch).ok  # the shared authenticator still serves the second table
    assert replay(dealer)[-1]["op"] == "replay.end"


# -- the table's configuration and a real table process


def with_curve(path, **entries):
    """The table file at `path` with `entries` added to its [feed] section."""
    return edit_toml(
        path,
        lambda table: table["feed"].update({key: str(value) for key, value in entries.items()}),
    )


def test_curve_paths_are_relative_to_the_configuration_file(keys, tmp_path):
    cfg = load_table_config(
        with_curve(
            write_config(tmp_path), curve_secret="table/RL-01.key_secret", curve_allow="allow"
        )
    )
    assert (
        cfg.curve.secret == tmp_path / "table" / "RL-01.key_secret"
        and cfg.curve.allow == tmp_path / "allow"
    )
    assert load_table_config(write_config(tmp_path)).curve is None


@pytest.mark.parametrize(
    "entries, key, says",
    [
        ({"curve_secret": "table/RL-01.key_secret"}, "curve_secret", "curve_allow is not"),
        ({"curve_allow": "allow"}, "curve_allow", "curve_secret is not"),
        (
            {"curve_secret": "table/RL-02.key_secret", "curve_allow": "allow"},
            "curve_secret",
            "does not exist",
        ),
        (
            {"curve_secret": "table/RL-01.key", "curve_allow": "allow"},
            "curve_secret",
            "holds only a public key",
        ),
        (
            {"curve_secret": "table/RL-01.key_secret", "curve_allow": "pits"},
            "curve_allow",
            "does not exist",
        ),
    ],
)
def test_curve_configuration_errors_name_the_key(keys, tmp_path, entries, key, says):
    with pytest.raises(ConfigError) as error:
        load_table_config(with_curve(write_config(tmp_path), **entries))
    assert f"[feed] {key}" in str(error.value) and says in str(error.value)


def test_a_table_run_with_curve_serves_allowed_pits_only(keys, tmp_path, pits):
    path = with_curve(
        write_config(tmp_path, wheel="sim://wheel?spin=0.05"),
        curve_secret=keys.table.secret,
        curve_allow=keys.allow,
    )
    cfg = load_table_config(path)
    log = tmp_path / "table.log"
    with open(log, "w") as stderr:
        table = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "terminal.cli",
                "run",
                "--config",
                str(path),
                "--sim",
                "--seed",
                "5",
            ],
            cwd=REPO,
            stdout=subprocess.DEVNULL,
            stderr=stderr,
        )
    try:
        sub, sub_watch = pits(zmq.SUB, cfg.publish, keys.pit.secret, keys.table.key)
        dealer, _ = pits(zmq.DEALER, cfg.replay, keys.pit.secret, keys.table.key)
        _, stranger_watch = pits(zmq.DEALER, cfg.replay, keys.stranger.secret, keys.table.key)
        assert handshake(sub_watch, PROCESS_DEADLINE_MS).ok
        live = events_of(sub, 3)
        replies = replay(dealer)
        assert replies[-1]["op"] == "replay.end" and replies[-1]["last_seq"] >= live[-1]["seq"]
        assert [e["seq"] for e in replies[:-1]] == list(range(1, replies[-1]["last_seq"] + 1))
        assert (
            all(check_event(e) is None for e in replies[:-1]) and replies[0]["kind"] == "table.open"
        )
        assert (
            handshake(stranger_watch, PROCESS_DEADLINE_MS).event == zmq.EVENT_HANDSHAKE_FAILED_AUTH
        )
    finally:
        table.send_signal(signal.SIGTERM)
        assert table.wait(timeout=60) == 0, log.read_text()
    err = log.read_text()
    assert (
        f"refused a pit client with key {keys.stranger.key.decode()}" in err
        and "Traceback" not in err
    )


def test_a_table_made_again_at_once_after_one_closed_gets_its_authenticator(keys):
    """The ZAP endpoint of the authenticator stopped with the last server stays bound until
    libzmq's reaper closes its socket, in its own time: the next server waits for it, never
    fails (seen in CI as 'another ZAP handler already serves this ZeroMQ context')."""
    for _ in range(200):
        server = CurveServer(keys.table.secret, keys.allow)
        server.close()
