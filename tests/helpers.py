"""Helpers shared by the tests (importable as `helpers`: tests/ is on pytest's pythonpath)."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
EXAMPLE = REPO / "config" / "tables" / "roulette_fr.toml"


def write_config(directory: Path, *, wheel: str = "sim://wheel?spin=0", table_id: str = "RL-T1",
                 extra: str = "") -> Path:
    """The example roulette table with a fast sim wheel, ipc endpoints and a journal in `directory`."""
    sockets = tempfile.mkdtemp(prefix="dt-")  # ipc paths must stay short (about 100 bytes)
    text = EXAMPLE.read_text(encoding="utf-8")
    text = text.replace('id = "RL-01"', f'id = "{table_id}"')
    text = text.replace('wheel = "sim://wheel?spin=3"', f'wheel = "{wheel}"')
    text = text.replace('"tcp://127.0.0.1:5556"', f'"ipc://{sockets}/feed"')
    text = text.replace('"tcp://127.0.0.1:5557"', f'"ipc://{sockets}/replay"')
    text = text.replace('db = "var/RL-01.sqlite"', f'db = "{directory}/journal.sqlite"')
    path = directory / "table.toml"
    path.write_text(text + extra, encoding="utf-8")
    return path


def cli(*args: str, timeout: float = 120, **kwargs) -> subprocess.CompletedProcess:
    """Run the real `dealer-terminal` command line in a child process."""
    return subprocess.run([sys.executable, "-m", "terminal.cli", *args], capture_output=True, text=True,
                          timeout=timeout, cwd=REPO, **kwargs)


def journal_events(cfg) -> list[dict]:
    """Every committed event of a table's journal."""
    from terminal.journal import Journal

    journal = Journal(cfg.db, table=cfg.id, game=cfg.game)
    try:
        return list(journal.events())
    finally:
        journal.close()
