"""The kill drill (outside the suite; figures printed, nothing asserted): the games' simulated
tables are killed with SIGKILL at random moments, 100 kills in all shared among the games, each
time started again on the same journal; then each session is closed and its journal audited.
It prints, per game, what the kills found: the kills that landed inside a round (and were
voided on restart, stakes returned), events a subscriber received that the journal lacks or
holds otherwise (there must be none), how long a restarted table took to publish again, and
`journal verify`'s verdict.

Usage: python tests/drill_kills.py [--kills 100] [--game GAME ...] [--seed N]
(--kills: in all, shared among the games drilled)
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from games.registry import GAMES  # noqa: E402
from terminal.runtime.journal.audit import audit  # noqa: E402
from terminal.runtime.loop.state import TableState  # noqa: E402
from tests.support.helpers import cli, journal_events  # noqa: E402
from tests.support.table_process import TableProcess, fast_table  # noqa: E402


def drill(game: str, kills: int, rng: random.Random) -> dict:
    directory = Path(tempfile.mkdtemp(prefix=f"dt-drill-{game}-"))
    path, cfg = fast_table(directory, game)
    received: dict[int, str] = {}
    inside, restart_s, failed_starts = [], [], 0
    for attempt in range(kills):
        started = time.monotonic()
        table = TableProcess(path, cfg.publish, attempt)
        if table.hear_until(lambda event: True) is None:
            failed_starts += 1
            print(f"  {game}: run {attempt} published nothing: {table.stderr()[-300:]}", flush=True)
            table.kill()
            continue
        restart_s.append(time.monotonic() - started)
        wanted = rng.randint(1, 200)
        table.hear_until(lambda event: len(table.events) >= wanted)
        table.kill()
        received.update(table.received)
        state = TableState.replay(cfg.id, cfg.game, journal_events(cfg))
        if state.round_status is not None:
            inside.append(state.round)
        if (attempt + 1) % 10 == 0:
            print(f"  {game}: {attempt + 1} of {kills} kills", flush=True)
    closed = (
        cli("run", "--config", str(path), "--sim", "--rounds", "1", "--seed", str(kills)).returncode
        == 0
    )
    events = journal_events(cfg)
    by_seq = {e["seq"]: e["hash"] for e in events}
    voided = {e["round"]: e["data"]["reason"] for e in events if e["kind"] == "round.void"}
    return {
        "kills": kills,
        "failed_starts": failed_starts,
        "inside": len(inside),
        "voided_on_restart": sum("restarted" in voided.get(r, "") for r in inside),
        "events": len(events),
        "gapless": [e["seq"] for e in events] == list(range(1, len(events) + 1)),
        "lost": sum(seq not in by_seq for seq in received),
        "differ": sum(seq in by_seq and by_seq[seq] != h for seq, h in received.items()),
        "restart_s": restart_s,
        "closed": closed,
        "verify": audit(cfg.db).summary().splitlines()[0],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--kills", type=int, default=100, help="kills in all, shared among the games"
    )
    parser.add_argument(
        "--game", action="append", choices=sorted(GAMES), help="a game (default: all nine)"
    )
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    games = args.game or sorted(GAMES)
    totals = {
        "kills": 0,
        "inside": 0,
        "voided_on_restart": 0,
        "lost": 0,
        "differ": 0,
        "failed_starts": 0,
    }
    for index, game in enumerate(games):
        kills = args.kills // len(games) + (index < args.kills % len(games))
        print(f"{game}: {kills} kills", flush=True)
        r = drill(game, kills, rng)
        for key in totals:
            totals[key] += r[key]
        times = sorted(r["restart_s"]) or [float("nan")]
        print(
            f"{game}: {r['kills']} kills, {r['failed_starts']} restarts failed; "
            f"{r['inside']} inside a round, {r['voided_on_restart']} of them voided on restart; "
            f"{r['events']} events, {'no gap' if r['gapless'] else 'GAPS'}; "
            f"published but not journaled {r['lost']}, journaled otherwise {r['differ']}; "
            f"restart to first event p50 {statistics.median(times):.2f} s, max {times[-1]:.2f} s; "
            f"session closed {'yes' if r['closed'] else 'NO'}; {r['verify']}",
            flush=True,
        )
    print(
        f"in all: {totals['kills']} kills, {totals['failed_starts']} restarts failed, "
        f"{totals['inside']} inside a round, {totals['voided_on_restart']} voided on restart; "
        f"published but not journaled {totals['lost']}, journaled otherwise {totals['differ']}",
        flush=True,
    )


if __name__ == "__main__":
    main()
