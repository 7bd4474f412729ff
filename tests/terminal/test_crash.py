"""Every game's table killed (SIGKILL) at random moments, stopped (SIGTERM) and closed, each time
run again on the same journal: the journal verifies, seq continues without gap or duplicate, a
round left open is voided with its stakes returned, the session resumes, a card table's shoe
goes on without an extra void coup, and every event a subscriber received is in the journal,
identical."""

from __future__ import annotations

import random

import pytest

from games.registry import GAMES
from terminal.runtime.journal.audit import audit
from terminal.runtime.loop.state import TableState
from tests.support.helpers import cli, edit_toml, journal_events
from tests.support.table_process import FAST_DEVICES, TableProcess, fast_table

GAME_IDS = sorted(GAMES)
KILLS = 3


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_table_restarts_on_its_journal_after_kills_a_stop_and_a_close(tmp_path, game):
    path, cfg = fast_table(tmp_path, game)
    rng = random.Random(f"{game}-2026")
    received: dict[int, str] = {}
    left_open: list[int] = []

    for attempt in range(KILLS + 1):
        table = TableProcess(path, cfg.publish, attempt)
        wanted = rng.randint(5, 120)
        heard = table.hear_until(lambda event: len(table.events) >= wanted)
        assert heard is not None, table.stderr()  # it started on its journal and played on
        if attempt < KILLS:
            table.kill()
        else:
            assert table.terminate() == 0, table.stderr()
        received.update(table.received)
        state = TableState.replay(cfg.id, cfg.game, journal_events(cfg))
        if state.round_status is not None:
            left_open.append(state.round)

    done = cli("run", "--config", str(path), "--sim", "--rounds", "2", "--seed", "99")
    assert done.returncode == 0, done.stderr
    # after a close too
    again = cli("run", "--config", str(path), "--sim", "--rounds", "1", "--seed", "100")
    assert again.returncode == 0, again.stderr

    report = audit(cfg.db)
    assert report.ok, report.summary()
    events = journal_events(cfg)
    assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
    by_seq = {e["seq"]: e["hash"] for e in events}
    assert received and all(by_seq.get(seq) == h for seq, h in received.items())
    voided = {e["round"]: e["data"]["reason"] for e in events if e["kind"] == "round.void"}
    for round_no in left_open:
        assert "restarted" in voided[round_no] or "stopped" in voided[round_no]
    kinds = [e["kind"] for e in events]
    # one session resumed, then a new one
    assert kinds.count("table.open") == 2 and kinds.count("table.close") == 2
    assert not [e for e in events if e["kind"] == "fault" and e["data"]["code"] == "shoe_empty"]


# the seeds' first double, split
@pytest.mark.parametrize("seed, action", [(5, "double"), (1, "split")])
def test_a_void_coup_returns_a_doubled_or_split_hand_as_staked(tmp_path, seed, action):
    """Killed right after a blackjack double or split: the restarted table voids the coup and
    returns every stake as it stood, the doubled total and the split's new bets."""
    path, cfg = fast_table(tmp_path, "blackjack")
    fast = path.read_text()

    def slower_shoe(table):  # time to kill before the next card
        assert table["devices"]["shoe"] == FAST_DEVICES["shoe"]
        table["devices"]["shoe"] = "sim://shoe?deal=0.3"

    edit_toml(path, slower_shoe)
    table = TableProcess(path, cfg.publish, seed)
    grown = table.hear_until(
        lambda e: e["kind"] == "coup.decision" and e["data"]["action"] in ("double", "split")
    )
    assert grown is not None and grown["data"]["action"] == action, table.stderr()
    table.kill()

    path.write_text(fast)
    done = cli("run", "--config", str(path), "--sim", "--rounds", "1", "--seed", "8")
    assert done.returncode == 0, done.stderr
    events = journal_events(cfg)
    placed = [
        e["data"] for e in events if e["kind"] == "bet.placed" and e["round"] == grown["round"]
    ]
    void = next(
        e["data"] for e in events if e["kind"] == "round.void" and e["round"] == grown["round"]
    )
    assert "restarted" in void["reason"]
    returned = {b["id"]: b for b in void["returned"]}
    on_box = [b for b in placed if b["code"] == grown["data"]["place"]]
    assert on_box and {b["id"] for b in placed} <= set(returned)
    if action == "double":
        assert all(
            returned[b["id"]]["stake"] == 2 * b["stake"] and returned[b["id"]]["doubled"]
            for b in on_box
        )
    else:
        assert all(
            returned[f"{b['id']}.2"] == {**b, "id": f"{b['id']}.2", "code": f"{b['code']}.2"}
            for b in on_box
        )
    assert sum(b["stake"] for b in void["returned"]) == sum(b["stake"] for b in placed) + sum(
        b["stake"] for b in on_box
    )
    assert audit(cfg.db).ok
