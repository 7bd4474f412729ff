"""A scratch table with its croupier's screen driven headless: the game's example table with
the screen's hand as its device, a journal and a staff file of demonstration people in a
directory of its own. `dealer-terminal screens` renders every screen of a session from one
(the pictures of docs/screens/), the tests play whole sessions at one, the screen benchmark
measures its frames."""

from __future__ import annotations

import io
import os
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any, TextIO

from terminal.assemble import RunOptions, assemble
from terminal.config import TableConfig, load_table_config, table_config_path
from terminal.runtime.staffed.staff import Staff
from terminal.screens.demo.driver import Driver
from terminal.screens.demo.script import DEMO_STAFF
from terminal.screens.model import ScreenSink


def local_table(game: str, directory: Path, device: str | None = None) -> TableConfig:
    """The example table of `game` kept to this machine: `device` (None: the example's own),
    no table I/O, its journal in `directory`, its feed on ipc endpoints of a short directory of
    their own (ipc paths are at most 107 bytes)."""
    sockets = tempfile.mkdtemp(prefix="dt-screens-")
    cfg = load_table_config(table_config_path(game))
    return replace(
        cfg,
        device=cfg.device if device is None else device,
        gpio=None,
        db=directory / "journal.sqlite",
        publish=f"ipc://{sockets}/feed",
        replay=f"ipc://{sockets}/replay",
    )


def scratch_table(game: str, directory: Path, device: str | None = "screen://") -> TableConfig:
    """The example table of `game` with the screen's hand as its device (or `device`; None: the
    example's own), everything it writes in `directory`, and a staff file of DEMO_STAFF."""
    staff_path = directory / "staff.toml"
    if not staff_path.exists():
        staff = Staff(staff_path)
        for person, (name, roles, pin) in DEMO_STAFF.items():
            staff.add(person, name, roles, pin)
    return replace(local_table(game, directory, device), staff=staff_path)


@contextmanager
def screen_session(
    cfg: TableConfig, size: tuple[int, int], *, language: str = "ca", log: Any = None
) -> Iterator[Driver]:
    """The table of `cfg` running, with its croupier's screen driven headless."""
    sink = ScreenSink()
    opts = RunOptions(out=io.StringIO(), log=log or io.StringIO(), sinks=(sink,))
    with assemble(cfg, opts) as table:
        driver = Driver(table, sink, size, language=language).start()
        try:
            yield driver
        finally:
            driver.stop()


def render_screens(
    game: str, out: Path, size: tuple[int, int], language: str, log: TextIO | None = None
) -> list[Path]:
    """The PNG files written in `out`, one per screen, named by their place in the session."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # no display needed, none opened
    from terminal.screens.demo.scripts import script_of

    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    with tempfile.TemporaryDirectory(prefix="dt-screens-") as scratch:
        cfg = scratch_table(game, Path(scratch))
        with screen_session(cfg, size, language=language) as driver:

            def shot(name: str) -> None:
                path = driver.shot(out / f"{game}-{name}.png")
                written.append(path)
                print(f"{path}", file=log or sys.stderr, flush=True)

            script_of(game)(driver, shot)
    return written
