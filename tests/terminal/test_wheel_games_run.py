"""Boule and the wheel of fortune at the table: the same runtime as the roulettes, with the
game's own pockets, outcome and engine state (terminal.runtime.loop.settle)."""

from __future__ import annotations

import io

import pytest

from terminal.assemble import RunOptions, assemble
from terminal.config import load_table_config
from terminal.runtime.journal.audit import audit
from terminal.runtime.loop.state import TableState
from tests.support.helpers import journal_events, write_config


@pytest.mark.parametrize(
    "game, check",
    [
        ("boule", lambda outcome: 1 <= outcome["number"] <= 9),
        (
            "fortune_wheel",
            lambda outcome: (
                0 <= outcome["segment"] < 54 and outcome["symbol"].split(":")[0] in ("sym", "joker")
            ),
        ),
    ],
)
def test_a_simulated_session_plays_settles_and_replays(tmp_path, game, check):
    cfg = load_table_config(write_config(tmp_path, game=game))
    with assemble(cfg, RunOptions(sim=True, seed=7, out=io.StringIO(), log=io.StringIO())) as table:
        assert table.run(rounds=6) == 6
        live = table.state
    events = journal_events(cfg)
    results = [e["data"] for e in events if e["kind"] == "round.result"]
    assert len(results) == 6 and all(check(r["outcome"]) for r in results)
    assert any(r["settlement"] for r in results)
    assert not [
        e for e in events if e["kind"] == "fault"
    ]  # no rotor-direction alert for these games
    count = next(e["data"] for e in events if e["kind"] == "float.count")
    assert count["result"] == sum(r["totals"]["house_net"] for r in results)
    assert TableState.replay(cfg.id, cfg.game, events) == live
    assert audit(cfg.db).ok
