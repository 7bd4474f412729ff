"""The pit collector and CURVE: tables behind key pairs generated for each test, over real
sockets on loopback, with the floor file's server_key and the pit's own key pair."""

from __future__ import annotations

import json
import shutil
import time
from types import SimpleNamespace

import pytest
import zmq

from terminal.contract.events import canonical
from terminal.feed.curve import CurveServer
from terminal.feed.curve_keys import generate_keys
from terminal.pit.floorfile import load_floor
from terminal.pit.secure import pit_security
from tests.support.feed_tables import Table
from tests.support.helpers import made_then_closed
from tests.support.pit_helpers import floor_file, wait_for

SILENT_AFTER_S = 1.5  # the floor's threshold of silence (its minimum)
# the pit gives up a replay after this: by then a silent table would be alerted
REPLAY_TIMEOUT_S = 3.0
RETRIES = 10  # handshakes failed: proof that libzmq tried again and again


@pytest.fixture
def keys(tmp_path):
    """Key pairs of the table RL-01, of an impostor, of the pit and of another pit; `allow`
    holds the pit's public key (an allow-list that admits it), `others` only the other pit's."""
    made = SimpleNamespace(
        table=generate_keys(tmp_path / "table", "RL-01"),
        impostor=generate_keys(tmp_path / "impostor", "RL-01"),
        pit=generate_keys(tmp_path / "pit", "pit"),
        other=generate_keys(tmp_path / "other", "other"),
        allow=tmp_path / "allow",
        others=tmp_path / "others",
    )
    for directory, pair in ((made.allow, made.pit), (made.others, made.other)):
        directory.mkdir()
        shutil.copy(pair.public, directory)
    return made


class CurveTable(Table):
    """A table whose feed and replay are CURVE servers with `secret`, admitting the keys of
    `allow`."""

    def __init__(self, directory, name, secret, allow):
        self.curve = CurveServer(secret, allow)
        super().__init__(directory, name, curve=self.curve)

    def close(self):
        super().close()
        self.curve.close()  # after the sockets: closed first, it would let any client in


@pytest.fixture
def curve_tables(tmp_path):
    yield from made_then_closed(
        lambda name, secret, allow: CurveTable(tmp_path, name, secret, allow)
    )


def curve_floor(directory, tables, server_keys, pit_secret):
    """A floor file of `tables` with `server_keys` (table id -> the public key the pit expects)
    and the pit's secret key file."""
    path = floor_file(
        directory,
        tables,
        alerts=f"silent_after = {SILENT_AFTER_S}",
        extra={name: f'server_key = "{key.decode()}"\n' for name, key in server_keys.items()},
    )
    with path.open("a", encoding="utf-8") as floor:
        floor.write(f'\n[pit]\nsecret_key = "{pit_secret}"\n')
    return path


def counting(secure, outcomes):
    """The collector's `secure` hook `secure`, also recording in `outcomes` every handshake its
    watches read."""

    def hook(table, socket):
        watch = secure(table, socket)
        if watch is not None:
            read = watch.read

            def recorded():
                got = read()
                outcomes.extend(got)
                return got

            watch.read = recorded
        return watch

    return hook


def start_pit(pits, path, db, outcomes=None, **kwargs):
    """A collector of the floor file at `path` with the pit's CURVE keys (`pit_security`)."""
    secure = pit_security(load_floor(path))
    return pits(
        path, db, secure=secure if outcomes is None else counting(secure, outcomes), **kwargs
    )


def links(pit):
    return {t["table"]: t["link"] for t in pit.client.floor()["tables"]}


def assert_refused_only(pit):
    """Past the replay timeout: the table shown refused and one `refused` alert however many
    handshakes failed (never `silent`, nor `replay` for the replay its link could not carry: the
    refusal says more), and nothing of the table stored."""
    time.sleep(1.5 * REPLAY_TIMEOUT_S)
    assert links(pit) == {"RL-01": "refused"}
    assert [a["kind"] for a in pit.alerts()] == ["refused"], pit.alerts()
    assert pit.store.heads() == {}


def test_a_curve_table_that_allows_the_pit_is_stored_whole_and_live(
    keys, curve_tables, pits, tmp_path, db
):
    table = curve_tables("RL-01", keys.table.secret, keys.allow)
    table.commit(4)  # before the pit: only the replay, behind CURVE too, brings them
    pit = start_pit(
        pits, curve_floor(tmp_path, [table], {"RL-01": keys.table.key}, keys.pit.secret), db
    )
    table.start_writer().submit(table.build(5))
    wait_for(lambda: pit.head("RL-01") == 9, "every event stored")
    assert [canonical(json.loads(body)) for body in pit.store.events("RL-01", 1)] == [
        canonical(event) for event in table.journal.events()
    ]
    wait_for(lambda: links(pit) == {"RL-01": "live"}, "the table shown live")
    assert pit.alerts() == []


def test_an_impostor_table_is_refused_once_and_nothing_of_it_is_stored(
    keys, curve_tables, pits, tmp_path, db
):
    # admits the pit, holds other keys
    impostor = curve_tables("RL-01", keys.impostor.secret, keys.allow)
    impostor.commit(3)
    outcomes = []
    pit = start_pit(
        pits,
        curve_floor(tmp_path, [impostor], {"RL-01": keys.table.key}, keys.pit.secret),
        db,
        outcomes,
        replay_timeout=REPLAY_TIMEOUT_S,
    )
    impostor.start_writer().submit(impostor.build(3))
    wait_for(lambda: len(outcomes) >= RETRIES, f"{RETRIES} handshakes tried")
    assert not any(outcome.ok for outcome in outcomes)
    wait_for(lambda: pit.alerts("refused"), "the refusal raised")
    (refused,) = pit.alerts("refused")
    assert (refused["table"], refused["detail"]) == (
        "RL-01",
        f"table RL-01 at {impostor.publisher.endpoint} did not prove the key of the floor file "
        "(handshake failed)",
    )
    assert_refused_only(pit)
    assert len(outcomes) > RETRIES and pit.alerts("refused") == [refused]


def test_a_table_whose_allow_list_lacks_the_pits_key_logs_it_and_gives_nothing(
    keys, curve_tables, pits, tmp_path, db, caplog
):
    caplog.set_level("WARNING", logger="terminal.feed.curve")
    table = curve_tables("RL-01", keys.table.secret, keys.others)
    table.commit(2)
    outcomes = []
    pit = start_pit(
        pits,
        curve_floor(tmp_path, [table], {"RL-01": keys.table.key}, keys.pit.secret),
        db,
        outcomes,
        replay_timeout=REPLAY_TIMEOUT_S,
    )
    table.start_writer().submit(table.build(2))
    wait_for(lambda: pit.alerts("refused"), "the refusal raised")
    assert [outcome.event for outcome in outcomes] == [zmq.EVENT_HANDSHAKE_FAILED_AUTH]
    (refused,) = pit.alerts("refused")
    assert refused["table"] == "RL-01"
    assert refused["detail"] == (
        f"table RL-01 at {table.publisher.endpoint} refused the pit's key (status 400): "
        "copy the pit's public key file into the table's allow-list directory "
        "([feed] curve_allow)"
    )
    assert_refused_only(pit)
    logged = [
        r.getMessage()
        for r in caplog.records
        if r.name == "terminal.feed.curve" and r.levelname == "WARNING"
    ]
    assert len(logged) >= 2  # the feed's handshake and the replay's, at least
    for message in logged:
        assert message.startswith(
            f"refused a pit client with key {keys.pit.key.decode()} from 127.0.0.1: "
            f"not in the allow-list {keys.others}"
        )


def test_a_pit_key_added_to_the_allow_list_later_gets_the_live_feed(
    keys, curve_tables, pits, tmp_path, db
):
    table = curve_tables("RL-01", keys.table.secret, keys.others)
    pit = start_pit(
        pits, curve_floor(tmp_path, [table], {"RL-01": keys.table.key}, keys.pit.secret), db
    )
    writer = table.start_writer()
    wait_for(lambda: pit.alerts("refused"), "the refusal raised")
    shutil.copy(keys.pit.public, keys.others)
    assert table.curve.reload() == 2
    writer.submit(table.build(3))
    # libzmq never retries a session the table refused: the pit makes its sockets anew now and then
    wait_for(
        lambda: links(pit) == {"RL-01": "live"}, "the table shown live once admitted", timeout=30
    )
    writer.submit(table.build(2))
    wait_for(lambda: pit.head("RL-01") == 5, "its events stored from the live feed")


def test_a_floor_of_a_curve_table_and_a_plain_one_stores_both(
    keys, curve_tables, tables, pits, tmp_path, db
):
    secured, plain = curve_tables("RL-01", keys.table.secret, keys.allow), tables("CR-01")
    pit = start_pit(
        pits,
        curve_floor(tmp_path, [secured, plain], {"RL-01": keys.table.key}, keys.pit.secret),
        db,
    )
    for table in (secured, plain):
        table.commit(2)
        table.start_writer().submit(table.build(3))
    wait_for(lambda: pit.head("RL-01") == 5 and pit.head("CR-01") == 5, "both tables stored")
    for table in (secured, plain):
        assert [canonical(json.loads(body)) for body in pit.store.events(table.name, 1)] == [
            canonical(event) for event in table.journal.events()
        ]
    wait_for(lambda: links(pit) == {"RL-01": "live", "CR-01": "live"}, "both shown live")
    assert pit.alerts() == [], pit.alerts()
