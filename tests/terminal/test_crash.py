"""kill -9 a running table at random moments, run it again on the same journal: the journal
verifies, seq continues without gap or duplicate, a round left open is voided, and every event
a subscriber received is in the journal, identical."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time

import zmq

from helpers import REPO, cli, journal_events, write_config
from terminal.audit import audit
from terminal.config import load_table_config
from terminal.state import TableState


def test_sigkill_at_any_moment_loses_nothing(tmp_path):
    path = write_config(tmp_path, wheel="sim://wheel?spin=0.01")
    cfg = load_table_config(path)
    rng = random.Random(2026)
    ctx = zmq.Context.instance()
    received: dict[int, str] = {}
    left_open: list[int] = []

    for attempt in range(5):
        sub = ctx.socket(zmq.SUB)
        sub.setsockopt(zmq.SUBSCRIBE, b"")
        sub.connect(cfg.publish)
        proc = subprocess.Popen(
            [sys.executable, "-m", "terminal.cli", "run", "--config", str(path), "--sim", "--seed", str(attempt)],
            cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )
        wanted = rng.randint(1, 150)
        got = 0
        deadline = time.monotonic() + 60
        while got < wanted and time.monotonic() < deadline and proc.poll() is None:
            if sub.poll(100):
                topic, body = sub.recv_multipart()
                event = json.loads(body)
                if event["kind"] != "heartbeat":
                    received[event["seq"]] = event["hash"]
                    got += 1
        assert proc.poll() is None, proc.stderr.read().decode()
        proc.kill()  # SIGKILL: no handler, no flush, no goodbye
        proc.wait(timeout=10)
        proc.stderr.close()
        while sub.poll(200):  # what was already on its way
            topic, body = sub.recv_multipart()
            event = json.loads(body)
            if event["kind"] != "heartbeat":
                received[event["seq"]] = event["hash"]
        sub.close(linger=0)
        assert got > 0
        state = TableState.replay(cfg.id, cfg.game, journal_events(cfg))
        if state.round_status is not None:
            left_open.append(state.round)

    done = cli("run", "--config", str(path), "--sim", "--rounds", "3", "--seed", "99")
    assert done.returncode == 0, done.stderr

    report = audit(cfg.db)
    assert report.ok, report.summary()
    events = journal_events(cfg)
    assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
    by_seq = {e["seq"]: e["hash"] for e in events}
    assert received and all(by_seq.get(seq) == h for seq, h in received.items())
    assert left_open, "no kill landed inside a round: the recovery path was not exercised"
    voided = {e["round"]: e["data"]["reason"] for e in events if e["kind"] == "round.void"}
    for round_no in left_open:
        assert "restarted" in voided[round_no]
    assert events[-1]["kind"] == "table.close"
