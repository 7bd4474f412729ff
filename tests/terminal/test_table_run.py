"""The table end to end in one process: real journal, real sockets, the simulated wheel."""

from __future__ import annotations

from pathlib import Path

from drivers.wheel.events import BallInPocket
from terminal.assemble import assemble, run_table
from terminal.config import load_table_config
from terminal.runtime.journal.audit import audit
from terminal.runtime.loop.state import TableState
from tests.support import helpers
from tests.support.helpers import edit_toml, journal_events, write_config


def quiet(**kw):
    return helpers.quiet(sim=True, **kw)


def kinds(events) -> list[str]:
    return [e["kind"] for e in events]


def test_a_session_opens_plays_closes_and_counts(table_config):
    cfg = load_table_config(table_config)
    assert run_table(cfg, quiet(rounds=8, seed=3)) == 8
    events = journal_events(cfg)
    assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
    assert kinds(events)[:2] == ["table.open", "float.advance"]
    assert events[1]["data"]["amount"] == 15000 * 500  # the roulette advance: 15,000 minimums
    host = events[0]["data"]["host"]
    assert host["boot_id"] == Path("/proc/sys/kernel/random/boot_id").read_text().strip()
    assert host["clock_synchronised"] in (True, False)
    assert kinds(events)[-2:] == ["float.count", "table.close"]
    results = [e for e in events if e["kind"] == "round.result"]
    assert len(results) == 8
    assert [r["data"]["last_round"] for r in results] == [False] * 7 + [True]
    # the three last balls: announced, and carried by round.open
    opens = [e["data"].get("last_rounds_left") for e in events if e["kind"] == "round.open"]
    assert opens[-3:] == [3, 2, 1]
    keys = [e["data"]["key"] for e in events if e["kind"] == "announcement"]
    assert keys.count("last_rounds") == 3 and "no_more_bets" in keys
    # the count equals what the rounds made for the house, and nothing stays in prison
    count = next(e for e in events if e["kind"] == "float.count")["data"]
    assert count["result"] == sum(r["data"]["totals"]["house_net"] for r in results)
    assert count["result"] == count["chips"] + count["drop"] - count["advances"]
    final = TableState.replay(cfg.id, cfg.game, events)
    assert final.carried == () and not final.session_open
    assert audit(cfg.db).ok


def test_rotor_alternates_and_ball_is_launched_against_it(table_config):
    cfg = load_table_config(table_config)
    run_table(cfg, quiet(rounds=6, seed=5))
    rotors = [
        e["data"]["outcome"]["rotor"] for e in journal_events(cfg) if e["kind"] == "round.result"
    ]
    assert all(a != b for a, b in zip(rotors, rotors[1:]))
    assert not [e for e in journal_events(cfg) if e["kind"] == "fault"]


def test_same_seed_same_events(tmp_path):
    runs = []
    for name in ("a", "b"):
        directory = tmp_path / name
        directory.mkdir()
        cfg = load_table_config(write_config(directory))
        run_table(cfg, quiet(rounds=10, seed=42))
        runs.append([(e["seq"], e["round"], e["kind"], e["data"]) for e in journal_events(cfg)])
    assert runs[0] == runs[1]
    assert any(k == "bet.placed" for _, _, k, _ in runs[0])


def test_a_second_run_continues_seq_and_rounds(table_config):
    cfg = load_table_config(table_config)
    run_table(cfg, quiet(rounds=4, seed=1))
    first = journal_events(cfg)
    run_table(cfg, quiet(rounds=4, seed=2))
    events = journal_events(cfg)
    assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
    rounds = [e["round"] for e in events if e["kind"] == "round.open"]
    assert rounds == sorted(set(rounds)) and len(rounds) == 8
    assert kinds(events)[len(first)] == "table.open"  # a new session after a closed one
    assert audit(cfg.db).ok


def test_impossible_sensor_readings_are_faults_never_results(table_config):
    cfg = load_table_config(table_config)
    with assemble(cfg, quiet(seed=9)) as table:
        wheel = table.device
        wheel.drop_ball(3, 4)  # ball in two pockets
        table.recover()
        table.open_session()
        assert table.play_round() is False
        wheel.drop_ball(99)  # no such pocket
        assert table.play_round() is False
        # no launch
        wheel.emit(BallInPocket(pockets=(5,), numbers=(wheel.order.number(5),), t_ns=0))
        assert table.play_round() is True
        # each was one occurrence
        assert table.state.faults == {} and table.io.led_state("fault") is False
    events = journal_events(cfg)
    faults = [e["data"]["code"] for e in events if e["kind"] == "fault"]
    assert faults == ["ball_in_two_pockets", "pocket_out_of_range", "result_without_launch"]
    assert [e["data"]["code"] for e in events if e["kind"] == "fault.cleared"] == faults
    voids = [e for e in events if e["kind"] == "round.void"]
    assert len(voids) == 2 and all("sensor fault" in v["data"]["reason"] for v in voids)
    results = [e for e in events if e["kind"] == "round.result"]
    assert len(results) == 1
    # void rounds return every stake: the players' bets of those rounds are listed as returned
    placed = {}
    for e in events:
        if e["kind"] == "bet.placed":
            placed.setdefault(e["round"], []).append(e["data"]["id"])
    for v in voids:
        assert [b["id"] for b in v["data"]["returned"]] == placed.get(v["round"], [])
    # the replayed spin is a new round
    assert results[0]["round"] > max(v["round"] for v in voids)
    assert audit(cfg.db).ok


def test_void_causes_from_the_wheel_void_the_spin(tmp_path):
    cfg = load_table_config(write_config(tmp_path, wheel="sim://wheel?spin=0&ball_out=0.5"))
    run_table(cfg, quiet(rounds=6, seed=11))
    events = journal_events(cfg)
    voids = [e for e in events if e["kind"] == "round.void"]
    assert voids, "a 50% ball-out rate must void some spins"
    assert len([e for e in events if e["kind"] == "round.result"]) == 6
    assert all(
        any(f["kind"] == "fault" and f["round"] == v["round"] for f in events) for v in voids
    )
    assert audit(cfg.db).ok


def test_the_float_is_topped_up_by_the_initial_advance(tmp_path):
    path = write_config(tmp_path)
    edit_toml(path, lambda table: table["session"].update(topup_below=1.0))
    cfg = load_table_config(path)
    run_table(cfg, quiet(rounds=4, seed=8))
    events = journal_events(cfg)
    advances = [e["data"] for e in events if e["kind"] == "float.advance"]
    assert advances[0]["reason"] == "opening" and len(advances) >= 2
    assert all(
        a["reason"] == "top-up" and a["amount"] == advances[0]["amount"] for a in advances[1:]
    )
    assert all(sum(int(v) * n for v, n in a["chips"].items()) == a["amount"] for a in advances)
    count = next(e["data"] for e in events if e["kind"] == "float.count")
    assert count["advances"] == sum(a["amount"] for a in advances)
    assert count["result"] == sum(
        e["data"]["totals"]["house_net"] for e in events if e["kind"] == "round.result"
    )


def test_the_replay_server_answers_the_table_state(table_config):
    import json

    import zmq

    cfg = load_table_config(table_config)
    with assemble(cfg, quiet(seed=6)) as table:
        table.run(rounds=5)
        table.writer.flush()
        dealer = zmq.Context.instance().socket(zmq.DEALER)
        dealer.connect(cfg.replay)
        dealer.send(json.dumps({"op": "state"}).encode())
        assert dealer.poll(5000), "no answer to the state request"
        answer = json.loads(dealer.recv())
        dealer.close(linger=0)
    state = answer["state"]
    numbers = [
        e["data"]["outcome"]["number"] for e in journal_events(cfg) if e["kind"] == "round.result"
    ]
    assert state["table"] == cfg.id and state["recent"] == numbers
    assert state["session"]["open"] is False and state["session"]["rounds"] == 5
    assert state["limits"]["min"] == 500 and state["limits"]["max"]["straight"] == 30 * 500


def test_the_simulated_players_bet_while_the_ball_turns(table_config):
    """They place their bets once the ball is launched, before the rim (not in a burst at the
    opening, which would hold the interpreter while the writer publishes the last result)."""
    cfg = load_table_config(table_config)
    with assemble(cfg, quiet(seed=4)) as table:
        spin, at_spin = table.device.spin, []

        def spin_and_note(direction):
            at_spin.append(len(table.state.round_bets))  # the bets the round had at the spin
            spin(direction)

        table.device.spin = spin_and_note
        table.run(6)
    events = journal_events(cfg)
    assert at_spin and set(at_spin) == {0}
    rounds = {e["round"] for e in events if e["kind"] == "bet.placed"}
    assert len(rounds) >= 5  # they did bet, in (almost) every round
    for event in (e for e in events if e["kind"] == "bet.placed"):
        closed = next(
            e for e in events if e["kind"] == "round.closed" and e["round"] == event["round"]
        )
        assert event["seq"] < closed["seq"]
