"""systemd's notify protocol, heard as systemd hears it: an AF_UNIX datagram socket bound by
the test, named in NOTIFY_SOCKET, WATCHDOG_USEC set, for a real `dealer-terminal run`. READY=1
comes once the table is up (with the screen, after its first frame), WATCHDOG=1 keeps coming
at half the interval, and stops while the journal writer (held on a locked journal) or the round
loop (held in its own code) has stalled, the process alive; they come again once it is
released. A configuration error keeps the service up, its STATUS the error, until stopped."""

from __future__ import annotations

import logging
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from pathlib import Path

import pytest

from drivers.emulators.wheel_board import WheelBoardEmulator
from terminal.assemble import assemble
from terminal.common.storage import BUSY_TIMEOUT_S
from terminal.config import load_table_config
from terminal.runtime.journal.audit import audit
from terminal.runtime.loop.systemd import WATCHDOG_SEC, Beat, notify, watchdog_seconds
from terminal.screens.display import Display
from terminal.screens.model import ScreenSink
from terminal.screens.run import run_with_screen
from tests.support.helpers import REPO, WAIT_S, quiet, wait_for, write_config
from tests.support.wheel_backends import BOARD_TIME_SCALE

WATCHDOG_S = 3.0  # WATCHDOG_USEC of the terminals under test
PERIOD_S = WATCHDOG_S / 2  # a ping is due every period
QUIET_S = 3 * PERIOD_S  # several periods without a ping: the pings have stopped
SLACK_S = 1.0  # a loaded machine's scheduling, on top of a period
START_S = 60.0  # the most a terminal may take to be ready, on a loaded machine
WHEEL = "sim://wheel?spin=0.05"  # rounds keep coming: the writer always has events to commit


class NotifySocket:
    """systemd's end: a datagram socket bound at `path`; every datagram received is kept in
    `messages` as (time.monotonic() at arrival, its fields)."""

    def __init__(self, path: Path):
        self.path = path
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(str(path))
        self.messages: list[tuple[float, dict[str, str]]] = []

    def env(self) -> dict[str, str]:
        """What systemd sets in the environment of a unit with WatchdogSec=."""
        return {"NOTIFY_SOCKET": str(self.path), "WATCHDOG_USEC": str(int(WATCHDOG_S * 1e6))}

    def receive(self, timeout: float) -> dict[str, str] | None:
        self.sock.settimeout(max(timeout, 0.001))
        try:
            data = self.sock.recv(1 << 16)
        except TimeoutError:
            return None
        fields = dict(line.split("=", 1) for line in data.decode().split("\n"))
        self.messages.append((time.monotonic(), fields))
        return fields

    def until(
        self, wanted: Callable[[dict[str, str]], bool], what: str, timeout: float = START_S
    ) -> dict[str, str]:
        """The next message `wanted`, those before it kept; fails naming `what` after `timeout`."""
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            fields = self.receive(left)
            if fields is not None and wanted(fields):
                return fields
        raise AssertionError(f"{what}: not within {timeout:g} s")

    def pings(self, count: int) -> list[float]:
        """When each of the next `count` WATCHDOG=1 arrived."""
        times = []
        for n in range(count):
            self.until(lambda m: "WATCHDOG" in m, f"ping {n + 1}", WATCHDOG_S + SLACK_S)
            times.append(self.messages[-1][0])
        return times

    def quiet(self, since: float, alive: Callable[[], bool]) -> float:
        """Wait for QUIET_S without a WATCHDOG=1 (pings still due for a period after `since`,
        the moment the stall began), `alive()` all along; when the last ping came."""
        last = since
        deadline = since + PERIOD_S + QUIET_S + SLACK_S
        while (left := last + QUIET_S - time.monotonic()) > 0:
            assert time.monotonic() < deadline, f"pings kept coming {deadline - since:g} s on"
            assert alive(), "the terminal died"
            fields = self.receive(left)
            if fields is not None and "WATCHDOG" in fields:
                last = self.messages[-1][0]
        assert alive(), "the terminal died"
        return last

    def after(self, since: float) -> list[dict[str, str]]:
        return [fields for at, fields in self.messages if at >= since]

    def close(self) -> None:
        self.sock.close()


@pytest.fixture
def systemd(tmp_path) -> Iterator[NotifySocket]:
    end = NotifySocket(tmp_path / "notify")
    yield end
    end.close()


@pytest.fixture
def terminal(tmp_path, systemd) -> Iterator[Callable[..., subprocess.Popen]]:
    """`terminal(*args, **env)`: `dealer-terminal run *args` started under `systemd`, its stderr
    in tmp_path/stderr.txt; killed after the test if it still runs."""
    started: list[subprocess.Popen] = []

    def start(*args: str, **env: str) -> subprocess.Popen:
        with open(tmp_path / "stderr.txt", "w") as stderr:
            started.append(
                subprocess.Popen(
                    [sys.executable, "-m", "terminal.cli", "run", *args],
                    cwd=REPO,
                    env={**os.environ, **systemd.env(), **env},
                    stdout=subprocess.DEVNULL,
                    stderr=stderr,
                )
            )
        return started[-1]

    yield start
    for process in started:
        if process.poll() is None:
            process.kill()
            process.wait()


def stopped(process: subprocess.Popen) -> int:
    """SIGTERM, as `systemctl stop` sends it; the exit code."""
    process.send_signal(signal.SIGTERM)
    return process.wait(timeout=60)


@contextmanager
def locked(db: Path) -> Iterator[float]:
    """The journal held by another connection's exclusive transaction (its write lock: the
    writer's commit waits on SQLite's busy handler for up to BUSY_TIMEOUT_S); when it was
    taken."""
    conn = sqlite3.connect(db, isolation_level=None)
    try:
        conn.execute("BEGIN EXCLUSIVE")
        yield time.monotonic()
        conn.execute("ROLLBACK")
    finally:
        conn.close()


def test_ready_then_pings_which_a_writer_stalled_on_a_locked_journal_stops(
    tmp_path, systemd, terminal
):
    # the stall must be seen whole before the writer's busy wait gives up (the commit then
    # fails, and the terminal exits 1 for systemd to restart it)
    assert PERIOD_S + QUIET_S + SLACK_S < BUSY_TIMEOUT_S
    path = write_config(tmp_path, wheel=WHEEL)
    cfg = load_table_config(path)
    process = terminal("--config", str(path), "--sim", "--seed", "1")

    ready = systemd.until(lambda m: "READY" in m, "READY=1")
    ready_at = systemd.messages[-1][0]
    assert ready["READY"] == "1"
    assert ready["STATUS"] == (
        f"table {cfg.id} ready: roulette_fr, wheel {WHEEL}, simulated players"
    )
    times = [ready_at, *systemd.pings(3)]
    gaps = [later - earlier for earlier, later in zip(times, times[1:])]
    assert all(PERIOD_S / 2 < gap < WATCHDOG_S for gap in gaps), gaps  # about half of it

    with locked(cfg.db) as since:
        last = systemd.quiet(since, alive=lambda: process.poll() is None)
        stalled = [m["STATUS"] for m in systemd.after(since) if "STATUS" in m]
        assert stalled and "no sign of life from the journal writer" in stalled[0], stalled
        assert "round loop" not in stalled[0]  # the table plays on, its events queued
    released = time.monotonic()
    assert released - last > QUIET_S
    systemd.until(lambda m: "WATCHDOG" in m, "a ping once released", PERIOD_S + SLACK_S)
    assert systemd.after(released)[0]["STATUS"] == ready["STATUS"]  # said before the ping

    assert stopped(process) == 0
    assert systemd.until(lambda m: "STOPPING" in m, "STOPPING=1", 5)["STATUS"] == (
        f"table {cfg.id} stopping"
    )
    assert audit(cfg.db).ok  # what was queued meanwhile committed after, in order
    log = (tmp_path / "stderr.txt").read_text()
    assert "watchdog: no sign of life from the journal writer" in log
    assert "watchdog: a sign of life again from the journal writer: WATCHDOG=1 sent" in log


def test_a_round_loop_stuck_in_its_own_code_stops_the_pings(tmp_path, systemd, monkeypatch, caplog):
    """In this process: a table whose round loop blocks in its round hook (`on_round`, called on
    the table's thread after each result) until the test lets it go."""
    for name, value in systemd.env().items():
        monkeypatch.setenv(name, value)
    cfg = load_table_config(write_config(tmp_path, wheel=WHEEL))
    hold, held, release = threading.Event(), threading.Event(), threading.Event()

    def on_round(event: dict) -> None:
        if hold.is_set():
            held.set()
            release.wait(WAIT_S)

    with assemble(cfg, quiet(sim=True, seed=2)) as table:
        table.on_round = on_round
        thread = threading.Thread(target=table.run)
        thread.start()
        try:
            systemd.until(lambda m: "READY" in m, "READY=1")
            systemd.pings(1)
            hold.set()
            wait_for(held.is_set, "the round loop held")
            since = time.monotonic()
            systemd.quiet(since, alive=thread.is_alive)
            status = [m["STATUS"] for m in systemd.after(since) if "STATUS" in m]
            assert status and "no sign of life from the round loop" in status[0], status
            assert "journal writer" not in status[0]
            release.set()
            systemd.until(lambda m: "WATCHDOG" in m, "a ping once released", PERIOD_S + SLACK_S)
        finally:
            release.set()
            table.control.request_stop()
            thread.join()
    assert "no sign of life from the round loop" in caplog.text
    assert "a sign of life again from the round loop" in caplog.text


class HeldDisplay(Display):
    """The display whose first frame is held until `shown_first` is set; `frames` shown."""

    def __init__(self) -> None:
        super().__init__((800, 480))
        self.shown_first = threading.Event()
        self.frames = 0

    def show(self) -> None:
        self.shown_first.wait(WAIT_S)
        super().show()
        self.frames += 1


def test_with_the_screen_ready_waits_for_its_first_frame(tmp_path, systemd, monkeypatch):
    for name, value in systemd.env().items():
        monkeypatch.setenv(name, value)
    cfg = load_table_config(write_config(tmp_path, wheel=WHEEL))
    sink, shown = ScreenSink(), Beat("the croupier's screen")
    display = HeldDisplay()
    with assemble(cfg, quiet(sim=True, seed=3, sinks=(sink,), watched=(shown,))) as table:
        ui = threading.Thread(
            target=run_with_screen,
            args=(table, sink, display),
            kwargs={"rounds": None, "language": "en", "shown": shown},
        )
        ui.start()
        try:
            # the round loop and the writer have long beaten: only the frame is missing
            wait_for(
                lambda: table.writer.committed_seq and table.state.rounds_settled >= 2,
                "two rounds played and committed",
            )
            assert systemd.receive(PERIOD_S) is None, systemd.messages  # no READY meanwhile
            display.shown_first.set()
            systemd.until(lambda m: "READY" in m, "READY=1 after the first frame", WAIT_S)
            assert display.frames >= 1
        finally:
            display.shown_first.set()
            table.control.request_stop()
            ui.join()


def test_the_terminal_with_its_screen_is_ready_and_pinged(tmp_path, systemd, terminal):
    path = write_config(tmp_path, wheel=WHEEL)
    process = terminal("--config", str(path), "--sim", "--screen", SDL_VIDEODRIVER="dummy")
    systemd.until(lambda m: "READY" in m, "READY=1")
    systemd.pings(2)
    assert stopped(process) == 0


def test_a_configuration_error_keeps_the_service_up_on_its_screen(tmp_path, systemd, terminal):
    path = write_config(tmp_path, wheel="telepathy://wheel")
    process = terminal("--config", str(path), "--screen", SDL_VIDEODRIVER="dummy")
    ready = systemd.until(lambda m: "READY" in m, "READY=1")
    assert ready["STATUS"].startswith(f"configuration error: {path}: [devices] wheel: ")
    assert "telepathy://wheel" in ready["STATUS"]
    systemd.pings(2)  # from the error screen's loop: no restart, no watchdog timeout
    assert process.poll() is None
    assert stopped(process) == 0
    assert "STOPPING" in systemd.until(lambda m: "STOPPING" in m, "STOPPING=1", 5)
    log = (tmp_path / "stderr.txt").read_text()
    assert f"dealer-terminal: {path}: [devices] wheel: " in log
    assert "a configuration error: fix what it names" in log


def test_a_device_not_there_at_boot_is_shown_until_it_comes_then_the_table_starts(
    tmp_path, systemd, terminal
):
    """The wheel's board unplugged at boot: the screen says so and the service stays up (no
    restart loop), the terminal trying again; the board plugged in, the table starts."""
    link = tmp_path / "wheel-board"
    path = write_config(tmp_path, wheel=f"board://{link}?silent=2")
    process = terminal("--config", str(path), "--sim-players", "--screen", SDL_VIDEODRIVER="dummy")
    waiting = systemd.until(lambda m: "READY" in m, "READY=1 from the device's screen")
    assert waiting["STATUS"].startswith("device not available: ")
    assert str(link) in waiting["STATUS"]
    systemd.pings(2)  # pinged from that screen's loop
    assert process.poll() is None
    with WheelBoardEmulator(link, seed=5, time_scale=BOARD_TIME_SCALE):
        ready = systemd.until(
            lambda m: m.get("STATUS", "").startswith("table "), "the table ready once plugged"
        )
        assert "STOPPING" not in ready
        assert not any("STOPPING" in m for _, m in systemd.messages)
        wait_for(lambda: rounds_settled(tmp_path / "journal.sqlite") >= 1, "a round played", 60)
        assert stopped(process) == 0
    log = (tmp_path / "stderr.txt").read_text()
    assert "trying again every 5 s" in log


def rounds_settled(db: Path) -> int:
    if not db.exists():
        return 0
    with closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as con:
        (count,) = con.execute("select count(*) from events where kind = 'round.result'").fetchone()
    return count


def test_a_configuration_error_headless_is_said_to_systemd_then_exit_78(
    tmp_path, systemd, terminal
):
    process = terminal("--game", "nope", "--headless")
    assert process.wait(timeout=60) == 78
    said = systemd.until(lambda m: "STATUS" in m, "STATUS=", 5)
    assert said["STATUS"].startswith("configuration error: unknown game 'nope'")
    assert not [m for _, m in systemd.messages if "READY" in m]


def test_notify_speaks_to_an_abstract_socket_one_line_a_field(monkeypatch):
    name = f"dealer-terminal-test-{os.getpid()}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as end:
        end.bind("\0" + name)
        end.settimeout(WAIT_S)
        monkeypatch.setenv("NOTIFY_SOCKET", "@" + name)
        assert notify(READY="1", STATUS="two\nlines")
        assert end.recv(1024) == b"READY=1\nSTATUS=two lines"
    monkeypatch.delenv("NOTIFY_SOCKET")
    assert not notify(READY="1")  # not started by systemd: nothing sent


def test_a_notification_systemd_cannot_take_at_once_is_dropped_never_waited_for(
    tmp_path, monkeypatch, caplog
):
    """systemd busy: its socket's queue full, its end never reading. notify() returns False
    at once for each notification, the drop logged once for them all; once systemd reads
    again, the next one goes through and says how many were dropped."""
    path = tmp_path / "notify"
    with (
        socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as end,
        socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as filler,
    ):
        end.bind(str(path))
        filler.setblocking(False)
        filler.connect(str(path))
        with pytest.raises(BlockingIOError):  # the queue fills (net.unix.max_dgram_qlen)
            for _ in range(100_000):
                filler.send(b"WATCHDOG=1")
        monkeypatch.setenv("NOTIFY_SOCKET", str(path))
        # a send that waited would wait forever: it fails on this timeout instead (below)
        socket.setdefaulttimeout(WAIT_S)
        try:
            with caplog.at_level(logging.WARNING, logger="terminal.runtime.loop.systemd"):
                assert [notify(WATCHDOG="1") for _ in range(5)] == [False] * 5
                dropped = [r.getMessage() for r in caplog.records]
                assert len(dropped) == 1, dropped
                assert "its queue is full (systemd busy); dropped" in dropped[0]
                end.setblocking(False)
                with pytest.raises(BlockingIOError):  # systemd reads its queue again
                    while True:
                        end.recv(1024)
                assert notify(STATUS="back")
                assert end.recv(1024) == b"STATUS=back"
                again = [r.getMessage() for r in caplog.records][1:]
                assert again == [
                    f"notified systemd at {path} again, after 5 notification(s) dropped"
                ]
        finally:
            socket.setdefaulttimeout(None)


def test_the_watchdog_interval_is_systemds_else_the_units(monkeypatch):
    monkeypatch.setenv("WATCHDOG_USEC", "4000000")
    assert watchdog_seconds() == 4.0
    monkeypatch.delenv("WATCHDOG_USEC")
    unit = (REPO / "systemd" / "dealer-terminal.service").read_text()
    assert f"\nWatchdogSec={WATCHDOG_SEC:g}\n" in unit and "\nType=notify\n" in unit
    assert watchdog_seconds() == WATCHDOG_SEC
