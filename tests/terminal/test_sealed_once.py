"""Events built and sealed once (issue 12): the contract's kinds, one hash and one serialisation
per event, the same bytes stored, published and replayed; devices delivering straight to the
table's inbox."""

import copy
import json
import pickle
import sqlite3
import threading
from pathlib import Path

import pytest
import zmq

from drivers.wheel import open_wheel
from drivers.wheel.events import BallInPocket, BallLaunched, BallLeavingRim, RotorSpin
from drivers.wheel.order import WheelOrder
from games.registry import GAMES
from terminal.contract import kinds
from terminal.contract.events import GENESIS, Event, Sealer, canonical, check_event, seal
from terminal.feed.publisher import FeedPublisher
from terminal.feed.replay import ReplayServer
from terminal.runtime.journal import store as journal_module
from terminal.runtime.journal.store import Journal, JournalWriter, verify
from terminal.runtime.loop.inbox import Inbox
from tests.support.helpers import REPO, wait_for

ANY_PORT = "tcp://127.0.0.1:*"
DEADLINE_MS = 5000
FRENCH = WheelOrder(
    (0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10)
    + (5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26)
)


@pytest.fixture
def journal(tmp_path):
    journal = Journal(tmp_path / "RL-01.sqlite", table="RL-01", game="roulette_fr")
    yield journal
    journal.close()


def stored_bodies(path: Path) -> dict[int, bytes]:
    with sqlite3.connect(path) as conn:
        rows = conn.execute("SELECT seq, CAST(body AS BLOB) FROM events ORDER BY seq")
        return dict(rows.fetchall())


# -- the contract's kinds


def test_a_kind_outside_the_contract_is_refused_naming_it_and_the_module(journal):
    with pytest.raises(ValueError, match=r"'round\.spun'.*terminal/contract/kinds\.py"):
        journal.build("round.spun", {})
    assert journal.last_seq == 0  # nothing built
    assert journal.build("round.open", {})["seq"] == 1


def test_every_kind_of_the_module_and_of_every_game_is_in_the_contract_document():
    document = (REPO / "docs" / "events.md").read_text(encoding="utf-8")
    own = {kind: g.kinds[kind].what for g in GAMES.values() for kind in g.kinds}
    assert not [kind for kind in {**kinds.KINDS, **own} if f"`{kind}`" not in document]
    assert set(kinds.JOURNALED).isdisjoint(kinds.KEPT_FOR_LATER)
    assert not [g.id for g in GAMES.values() if kinds.clash(g.kinds)]
    assert all(isinstance(what, str) and what for what in {**kinds.KINDS, **own}.values())


def test_a_journal_takes_its_games_own_kinds_and_no_other_games(tmp_path):
    craps = Journal(tmp_path / "c.sqlite", table="CR-01", game="craps")
    roulette = Journal(tmp_path / "r.sqlite", table="RL-01", game="roulette_fr")
    try:
        assert craps.build("craps.shooter", {"seat": 1, "passed": []})["seq"] == 1
        with pytest.raises(ValueError, match=r"'craps\.shooter' is not an event kind"):
            roulette.build("craps.shooter", {"seat": 1, "passed": []})
    finally:
        craps.close()
        roulette.close()


def test_a_game_cannot_redefine_a_shared_kind():
    with pytest.raises(ValueError, match=r"redefines the contract's kinds \['round.open'\]"):
        Sealer("T-1", "mine", ["round.open", "mine.toss"])


# -- sealed once


WORKED_EXAMPLE = {  # docs/events.md, "A worked example"
    "data": {"amount": 7500000, "chips": {"500": 2500, "100": 12500}, "reason": "opening"},
    "hash": "073afbcf2532edd98a959a351cc341f4d7c296da3a832e09bf29c12a0696e7da",
}


def test_a_sealed_event_is_the_worked_example_of_the_contract():
    event = Sealer("RL-01", "roulette_fr").seal(
        1, None, "2026-11-29T21:17:02.123Z", "float.advance", WORKED_EXAMPLE["data"], GENESIS
    )
    assert event["hash"] == WORKED_EXAMPLE["hash"] == seal(dict(event))["hash"]
    assert event.raw == canonical(event) and check_event(event) is None
    assert json.loads(event.raw) == event


def test_data_is_written_as_subscribers_will_decode_it(journal):
    data = {"chips": {100: 3, 2500: 1, 50: 7}, "dice": (3, 4), "text": "No hi va més"}
    event = journal.build("float.advance", data)
    decoded = json.loads(event.raw)
    assert event["data"] == decoded["data"] and event == decoded
    assert event.raw == canonical(decoded)  # keys sorted as text: "100", "2500", "50"
    assert list(decoded["data"]["chips"]) == ["100", "2500", "50"]
    data["chips"][100] = 99
    assert event["data"]["chips"]["100"] == 3 and check_event(event) is None


def test_a_large_event_is_sealed_as_the_contract_hashes_it(journal):
    data = {"bets": [{"id": f"b{i}", "code": "straight:17", "stake": 500} for i in range(300)]}
    event = journal.build("round.result", data, round=1)
    assert len(event.raw) > 10_000 and check_event(json.loads(event.raw)) is None


def test_a_sealed_event_cannot_change_and_copies_keep_its_bytes(journal):
    event = journal.build("round.open", {"n": 1}, round=1)
    for change in (
        lambda e: e.__setitem__("round", 2),
        lambda e: e.update(round=2),
        lambda e: e.pop("hash"),
        lambda e: e.__delitem__("data"),
    ):
        with pytest.raises(TypeError, match="cannot change"):
            change(event)
    for again in (copy.copy(event), copy.deepcopy(event), pickle.loads(pickle.dumps(event))):
        assert type(again) is Event and again == event and again.raw == event.raw
    mutable = dict(event)
    mutable["round"] = 2
    assert event["round"] == 1


def test_the_journal_commits_its_own_events_without_hashing_them_again(journal, monkeypatch):
    events = [journal.build("round.open", {"i": i}, round=i) for i in range(3)]

    def no_second_hash(*args):
        raise AssertionError("an event the journal sealed was checked again")

    with monkeypatch.context() as patched:
        patched.setattr(journal_module, "check_next", no_second_hash)
        assert journal.commit(events) == events
    assert verify(journal.path).ok  # the chain holds under the contract's rule


def test_an_event_from_elsewhere_is_checked_whole_and_stored_canonical(journal):
    first = journal.build("round.open", {}, round=1)
    received = json.loads(first.raw)  # a plain dict, as a feed delivers it
    (committed,) = journal.commit([received])
    assert type(committed) is Event and committed.raw == first.raw
    assert stored_bodies(journal.path) == {1: first.raw}


@pytest.mark.parametrize("count", [1, 3, 64, 257, 1025, 2100])
def test_a_batch_of_any_size_goes_in_whole_and_in_order(journal, count):
    events = [journal.build("bet.placed", {"i": i}, round=1) for i in range(count)]
    journal.commit(events)
    assert stored_bodies(journal.path) == {e["seq"]: e.raw for e in events}
    report = verify(journal.path)
    assert report.ok and report.events == count


def test_the_bytes_stored_published_and_replayed_are_the_events_own(journal):
    publisher = FeedPublisher(ANY_PORT, "RL-01")
    writer = JournalWriter(journal, [publisher], tick_seconds=0.02)
    replay = ReplayServer(ANY_PORT, journal.path, lambda: {})
    context = zmq.Context.instance()
    sub, dealer = context.socket(zmq.SUB), context.socket(zmq.DEALER)
    sub.linger = dealer.linger = 0
    try:
        replay.start()
        writer.start()
        sub.setsockopt(zmq.SUBSCRIBE, b"RL-01/")
        sub.connect(publisher.endpoint)
        dealer.connect(replay.endpoint)
        assert sub.poll(DEADLINE_MS) and sub.recv_multipart()[0] == b"RL-01/heartbeat"
        sent = [
            journal.build("round.open", {}, round=1),
            journal.build("announcement", {"key": "k", "text": {"ca": "Facin joc"}}, round=1),
            journal.build("round.result", {"outcome": {"number": 17}}, round=1),
        ]
        writer.submit(sent)
        published = {}
        while len(published) < len(sent):
            assert sub.poll(DEADLINE_MS), "the events were not published"
            topic, body = sub.recv_multipart()
            if topic != b"RL-01/heartbeat":
                published[json.loads(body)["seq"]] = body
        dealer.send(canonical({"op": "replay", "from_seq": 1}))
        replayed = {}
        while True:
            assert dealer.poll(DEADLINE_MS), "the replay did not end"
            body = dealer.recv()
            if json.loads(body).get("op") == "replay.end":
                break
            replayed[json.loads(body)["seq"]] = body
        own = {event["seq"]: event.raw for event in sent}
        assert stored_bodies(journal.path) == published == replayed == own
    finally:
        sub.close()
        dealer.close()
        writer.stop()
        replay.stop()
        publisher.close()


# -- devices deliver straight to the inbox

SPIN = [RotorSpin, BallLaunched, BallLeavingRim, BallInPocket]


def test_attached_devices_deliver_to_the_inbox_with_no_thread_of_their_own():
    wheels = [open_wheel("sim://wheel?spin=0", FRENCH, seed=n) for n in range(3)]
    inbox = Inbox()
    try:
        before = threading.active_count()
        for n, wheel in enumerate(wheels):
            inbox.attach(f"wheel{n}", wheel)
        assert threading.active_count() == before
        wheels[1].spin("cw")
        wheels[0].spin("ccw")
        got = [inbox.get(timeout=0) for _ in range(2 * len(SPIN))]
        assert inbox.get(timeout=0) is None
        assert got == [("wheel1", e) for e in wheels[1].history] + [
            ("wheel0", e) for e in wheels[0].history
        ]
        assert all(wheel.get(timeout=0) is None for wheel in wheels)
    finally:
        inbox.close()
        for wheel in wheels:
            wheel.close()


def test_a_device_sensing_on_its_own_thread_reaches_the_waiting_table():
    with open_wheel("sim://wheel?spin=0.01", FRENCH, seed=1) as wheel:  # a worker thread
        inbox = Inbox()
        inbox.attach("wheel", wheel)
        try:
            wheel.spin("cw")
            got = [inbox.get(timeout=DEADLINE_MS / 1000) for _ in SPIN]
            assert [type(event) for _, event in got] == SPIN
            assert {name for name, _ in got} == {"wheel"}
        finally:
            inbox.close()


def test_a_closed_inbox_gives_the_devices_their_queue_back():
    with open_wheel("sim://wheel?spin=0", FRENCH, seed=2) as wheel:
        inbox = Inbox()
        inbox.attach("wheel", wheel)
        inbox.close()
        wheel.spin("cw")
        assert inbox.get(timeout=0) is None
        assert [type(wait_for(lambda: wheel.get(timeout=0), "an event")) for _ in SPIN] == SPIN
