"""A chemin de fer table plays through the table runtime (issue 24, in part): its simulated
players take, decline, auction and pass banks and stake against them; every coup journals its
cut, the cagnotte is counted at the close against the coups, the bank's money is all handed
back, no advance is journaled, and the journal is re-settled by its audit."""

from __future__ import annotations

import io
import tempfile
from dataclasses import replace

import pytest

from terminal.assemble import RunOptions, assemble
from terminal.config import load_table_config
from terminal.runtime.journal.audit import audit
from terminal.runtime.loop.state import TableState
from tests.support.helpers import REPO, by_kind, journal_events

EXAMPLE = REPO / "config" / "tables" / "chemin_de_fer.toml"


@pytest.fixture
def table_file(tmp_path):
    sockets = tempfile.mkdtemp(prefix="dt-cdf-")  # ipc paths are at most 107 bytes
    return replace(
        load_table_config(EXAMPLE),
        device="sim://shoe?deal=0",
        gpio=None,
        db=tmp_path / "journal.sqlite",
        publish=f"ipc://{sockets}/feed",
        replay=f"ipc://{sockets}/replay",
    )


@pytest.mark.parametrize("seed", [3, 11])
def test_a_simulated_session_plays_its_banks_and_counts_its_cagnotte(table_file, seed):
    cfg = table_file
    with assemble(cfg, RunOptions(sim=True, seed=seed, out=io.StringIO(), log=io.StringIO())) as t:
        assert t.run(rounds=25) == 25
        live = t.state
    events = journal_events(cfg)
    kinds = [e["kind"] for e in events]
    assert "float.advance" not in kinds and "float.count" not in kinds
    results = by_kind(events, "round.result")
    cuts = [e["data"] for e in events if e["kind"] == "cagnotte"]
    assert [c["amount"] for c in cuts] == [
        r["totals"]["house_net"] for r in results if r["totals"]["house_net"]
    ]
    assert all(
        c["amount"] == r["outcome"]["bank"]["cut"]
        for c, r in zip(cuts, [r for r in results if r["totals"]["house_net"]])
    )
    (count,) = by_kind(events, "cagnotte.count")
    assert count["counted"] == count["expected"] == sum(c["amount"] for c in cuts)
    assert count["difference"] == 0
    # every unit put in a bank comes back to its holders, with what the bank won or lost
    put_in = sum(
        e["data"]["amount"]
        for e in events
        if e["kind"] in ("bank.taken", "bank.associate", "bank.increase")
    )
    net = 0
    for r in results:
        (bank,) = [s for s in r["settlement"] if s["id"] == "bank"]
        net += (
            bank["paid"]
            if bank["result"] == "win"
            else -r["outcome"]["bank"]["covered"] * (bank["result"] == "lose")
        )
    handed = sum(s["amount"] for e in by_kind(events, "bank.passed") for s in e["shares"])
    assert handed == put_in + net
    assert kinds.index("bank.taken") < kinds.index("round.open")
    assert TableState.replay(cfg.id, cfg.game, events) == live
    assert audit(cfg.db).ok
