"""Properties of whole simulated sessions, over many seeds and settings (hypothesis)."""

from __future__ import annotations

import io
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from terminal.assemble import RunOptions, assemble
from terminal.config import load_table_config
from terminal.runtime.journal.audit import audit
from terminal.runtime.loop.state import TableState
from tests.support.helpers import journal_events, write_config


def play(seed: int, rounds: int, void_rate: float):
    directory = Path(tempfile.mkdtemp(prefix="dt-prop-"))
    cfg = load_table_config(
        write_config(directory, wheel=f"sim://wheel?spin=0&ball_out={void_rate}")
    )
    with assemble(
        cfg, RunOptions(sim=True, seed=seed, out=io.StringIO(), log=io.StringIO())
    ) as table:
        table.run(rounds)
        live = table.state
    return cfg, live, journal_events(cfg)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32), rounds=st.integers(1, 30), void_rate=st.sampled_from([0, 0.1, 0.3])
)
def test_money_is_conserved_and_the_journal_reproduces_the_table(seed, rounds, void_rate):
    cfg, live, events = play(seed, rounds, void_rate)

    # replaying the journal gives the very state the running table had, and re-settles identically
    assert TableState.replay(cfg.id, cfg.game, events) == live
    assert audit(cfg.db).ok

    results = [e["data"] for e in events if e["kind"] == "round.result"]
    assert len(results) == rounds
    staked = sum(r["totals"]["staked"] for r in results)
    paid = sum(r["totals"]["paid"] for r in results)
    returned = sum(r["totals"]["returned"] for r in results)
    house_net = sum(r["totals"]["house_net"] for r in results)
    assert paid + returned + house_net == staked

    # every stake placed either ended in a settled round or was returned by a void round
    placed = sum(e["data"]["stake"] for e in events if e["kind"] == "bet.placed")
    voided = sum(
        b["stake"] for e in events if e["kind"] == "round.void" for b in e["data"]["returned"]
    )
    assert placed == staked + voided
    # per entry: nothing paid on a loss, stakes back on a win, totals = sums over ended bets
    for r in results:
        entries = r["settlement"]
        assert all(
            s["paid"] == s["returned"] == 0 for s in entries if s["result"] in ("lose", "prison")
        )
        ended = [s for s in entries if s["result"] != "prison"]
        assert r["totals"]["paid"] == sum(s["paid"] for s in ended)
        assert r["totals"]["returned"] == sum(s["returned"] for s in ended)

    count = next(e["data"] for e in events if e["kind"] == "float.count")
    assert count["result"] == house_net
    assert live.carried == () and not live.session_open
