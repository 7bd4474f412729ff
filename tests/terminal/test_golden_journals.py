"""Every game's seeded simulated table gives the events it gave before the redesign of issue 12
(tests/golden/<game>.jsonl, recorded at commit 43b55fd), timestamps, hashes and host facts
aside. (Issue 12 added one field to the contract, `"against": "pool"` in the settlement entry
of a poker carrousel coin; the simulated players of these runs bet no coin, so no recorded event
has it: tests/terminal/test_card_table.py checks it.) Trente et quarante's was recorded again
with issue 14: the red card of the last cut, voiding its coup with nothing in prison, ends the
session (05 IV), and its `round.void` says `last_round`; before, the table dealt one more coup.
Every event up to that void is the one recorded at 43b55fd, but one: with issue 21, the card
behind the first shoe's red card (the simulated shoe deals it) is put aside as "behind the red
card", no longer a `card_out_of_turn` fault. Issue 21 added the `why` of a void's reason (its
key, for the screens' languages: tests/screens/test_texts.py), left out here. Monte's was
recorded when the game was added (issue 23), chemin de fer's when it was (issue 24)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.registry import GAMES
from terminal.assemble import run_table
from terminal.config import load_table_config
from tests.support.helpers import journal_events, quiet, write_config

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
ROUNDS, SEED = 40, 2026  # as recorded


def normalised(events: list[dict]) -> list[dict]:
    """The events without what differs from run to run: ts, hash, prev, the host's facts."""
    out = []
    for event in events:
        event = {k: v for k, v in event.items() if k not in ("ts", "hash", "prev")}
        if event["kind"] == "table.open":
            event["data"] = {k: v for k, v in event["data"].items() if k != "host"}
        if event["kind"] == "round.void":
            event["data"] = {k: v for k, v in event["data"].items() if k != "why"}
        out.append(event)
    return out


def recorded(game: str) -> list[dict]:
    lines = (GOLDEN / f"{game}.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines]


def test_every_game_has_a_recorded_journal():
    assert sorted(path.stem for path in GOLDEN.glob("*.jsonl")) == sorted(GAMES)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_seeded_table_journals_what_it_journaled_before(game, tmp_path):
    cfg = load_table_config(write_config(tmp_path, game=game, table_id="GOLD-1"))
    run_table(cfg, quiet(sim=True, rounds=ROUNDS, seed=SEED))
    events = normalised(journal_events(cfg))
    expected = recorded(game)
    first = next((i for i, (a, b) in enumerate(zip(events, expected)) if a != b), None)
    assert first is None, (
        f"event {first + 1} differs:\n now:    {events[first]}\n before: {expected[first]}"
    )
    assert len(events) == len(expected)


def record(game: str, directory: Path) -> Path:
    """Record `game`'s seeded run as its golden file (a new game's, once its events are right):
    `python -m tests.terminal.test_golden_journals <game>`."""
    cfg = load_table_config(write_config(directory, game=game, table_id="GOLD-1"))
    run_table(cfg, quiet(sim=True, rounds=ROUNDS, seed=SEED))
    path = GOLDEN / f"{game}.jsonl"
    lines = (
        json.dumps(e, sort_keys=True, ensure_ascii=False) for e in normalised(journal_events(cfg))
    )
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


if __name__ == "__main__":
    import sys
    import tempfile

    for name in sys.argv[1:]:
        print(record(name, Path(tempfile.mkdtemp(prefix="golden-"))))
