"""Benchmark of the terminal's memory in a real window (figures printed, nothing asserted): the
real terminal, `dealer-terminal run --game roulette_fr --sim --screen` (run as `python -m
terminal.cli` from this checkout), in an X window of 800x480 on a virtual X server (Xvfb: no GPU,
so what GL there is comes from mesa's software rasteriser, llvmpipe, as on a desktop with no
driver for its GPU), its journal in a temporary folder, plays rounds for a while. Its resident
memory is printed over time (VmRSS, and VmHWM, the peak so far, from /proc/PID/status), and at
the end what it is made of (/proc/PID/smaps_rollup, and the mappings that hold the most of it
from /proc/PID/smaps), with the CPU it used.

The terminal runs as shipped and, beside it, with SDL's window frames put through a GL texture
(`SDL_FRAMEBUFFER_ACCELERATION=1`, what SDL does on X unless told not to, and what the terminal
did before it told it: terminal/screens/display.py).

The table is the example's but for its wheel: `sim://wheel?spin=0.5` by default (a round every
second or so, so that memory is seen over many rounds and payouts); `--wheel` gives another
(`--wheel 'sim://wheel?spin=3&bets=20'` is `make sim`'s).

Skipped, saying why, where Xvfb is not installed (`apt-get install xvfb`).

Usage: python benchmarks/bench_window.py [--seconds 60] [--every 5] [--wheel URL] [--mode M ...]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
EXAMPLE = REPO / "config" / "tables" / "roulette_fr.toml"
TERMINAL = (sys.executable, "-m", "terminal.cli")
SIZE = (800, 480)
READY_S = 120.0  # a guard against a terminal that never gets ready, not a measure
# the terminal's environment in each mode, beside DISPLAY
MODES = {
    "shipped": {},
    "gl-texture": {"SDL_FRAMEBUFFER_ACCELERATION": "1"},
}
TOP_MAPPINGS = 8


@dataclass(frozen=True)
class Sample:
    seconds: float  # since READY=1
    rss_mb: float
    hwm_mb: float
    cpu_s: float  # user + system time of the terminal so far


def xvfb() -> tuple[subprocess.Popen, str]:
    """A virtual X server of SIZE on a display number no other server holds, once it takes
    connections: the process and its DISPLAY. (Not -displayfd: here it hands back the number of
    a server just stopped, whose socket then refuses every client, and SDL, finding no X,
    silently falls back to its offscreen driver, which is no window.)"""
    number = next(
        n
        for n in range(90, 200)
        if not Path(f"/tmp/.X{n}-lock").exists() and not Path(f"/tmp/.X11-unix/X{n}").exists()
    )
    server = subprocess.Popen(
        ["Xvfb", f":{number}", "-screen", "0", f"{SIZE[0]}x{SIZE[1]}x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 30
    while True:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
            try:
                probe.connect(f"/tmp/.X11-unix/X{number}")
                return server, f":{number}"
            except OSError:
                pass
        if server.poll() is not None or time.monotonic() > deadline:
            server.kill()
            raise SystemExit(f"Xvfb :{number} did not start (exit {server.returncode})")
        time.sleep(0.05)


def shown(display: str) -> bool | None:
    """Whether the terminal's window is on `display` (xwininfo lists it); None: cannot tell."""
    if shutil.which("xwininfo") is None:
        return None
    tree = subprocess.run(
        ["xwininfo", "-root", "-tree", "-display", display], capture_output=True, text=True
    )
    return '"dealer-terminal' in tree.stdout


def table_file(directory: Path, wheel: str) -> Path:
    """The example French roulette table with `wheel`, its journal in `directory`, its feed on
    ipc endpoints there (ipc paths are at most 107 bytes: a short folder of its own)."""
    sockets = tempfile.mkdtemp(prefix="dt-win-")
    text = EXAMPLE.read_text(encoding="utf-8")
    for key, value in (
        ("wheel", wheel),
        ("publish", f"ipc://{sockets}/feed"),
        ("replay", f"ipc://{sockets}/replay"),
        ("db", str(directory / "journal.sqlite")),
    ):
        text, found = re.subn(rf"(?m)^{key} = .*$", f"{key} = {json.dumps(value)}", text)
        assert found == 1, f"{EXAMPLE} has no single {key} line"
    path = directory / "table.toml"
    path.write_text(text, encoding="utf-8")
    return path


def status(pid: int) -> tuple[float, float]:
    fields = dict(
        line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
    )
    return tuple(int(fields[name].split()[0]) / 1024 for name in ("VmRSS", "VmHWM"))  # type: ignore[return-value]


def cpu_seconds(pid: int) -> float:
    stat = Path(f"/proc/{pid}/stat").read_text()
    fields = stat.rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rollup(pid: int) -> dict[str, float]:
    """/proc/PID/smaps_rollup's figures, in MB."""
    out = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        name, value = line.split(":", 1)
        if value.strip().endswith("kB"):
            out[name] = int(value.split()[0]) / 1024
    return out


def mappings(pid: int) -> dict[str, float]:
    """Resident MB by what is mapped (a file's path, [heap], or [anon] for the nameless)."""
    held: dict[str, float] = {}
    name = "[anon]"
    for line in Path(f"/proc/{pid}/smaps").read_text().splitlines():
        parts = line.split()
        if parts and "-" in parts[0] and not parts[0].endswith(":"):
            name = parts[5] if len(parts) > 5 else "[anon]"
        elif parts and parts[0] == "Rss:":
            held[name] = held.get(name, 0.0) + int(parts[1]) / 1024
    return held


def rounds_settled(db: Path) -> int:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        return sum(
            json.loads(body)["kind"] == "round.result"
            for (body,) in conn.execute("SELECT body FROM events")
        )


def run(mode: str, display: str, directory: Path, wheel: str, seconds: float, every: float):
    """One terminal in the window for `seconds` after its READY=1: its samples, its memory's
    parts at the end, and the rounds it settled."""
    directory.mkdir()
    config = table_file(directory, wheel)
    address = directory / "notify"
    path = os.pathsep.join(filter(None, (str(REPO), os.environ.get("PYTHONPATH"))))
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("SDL_VIDEODRIVER", "SDL_FRAMEBUFFER_ACCELERATION", "WAYLAND_DISPLAY")
    }
    env.update(
        DISPLAY=display,
        NOTIFY_SOCKET=str(address),
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        PYTHONPATH=path,
        **MODES[mode],
    )
    command = [*TERMINAL, "run", "--config", str(config), "--sim", "--screen", "--seed", "7"]
    command += ["--size", f"{SIZE[0]}x{SIZE[1]}"]
    with (
        socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as systemd,
        open(directory / "stderr.txt", "w+") as stderr,
    ):
        systemd.bind(str(address))
        systemd.settimeout(READY_S)
        started = time.perf_counter()
        child = subprocess.Popen(
            command, cwd=directory, env=env, stdout=subprocess.DEVNULL, stderr=stderr
        )
        try:
            while b"READY=1" not in systemd.recv(1 << 16).split(b"\n"):
                pass
        except TimeoutError:
            child.kill()
            raise SystemExit(f"the terminal ({mode}) never got ready:\n{_read(stderr)}") from None
        ready = time.perf_counter()
        window = shown(display)
        if window is False:
            child.kill()
            raise SystemExit(f"the terminal ({mode}) opened no window on {display}")
        samples = []
        systemd.setblocking(False)
        while True:
            _drain(systemd)  # its watchdog pings, which would block it once the queue is full
            if child.poll() is not None:
                raise SystemExit(f"the terminal ({mode}) exited:\n{_read(stderr)}")
            rss, hwm = status(child.pid)
            samples.append(Sample(time.perf_counter() - ready, rss, hwm, cpu_seconds(child.pid)))
            if samples[-1].seconds >= seconds:
                break
            time.sleep(min(every, max(0.0, seconds - samples[-1].seconds)))
        parts, held = rollup(child.pid), mappings(child.pid)
        child.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + 60
        while child.poll() is None and time.monotonic() < deadline:
            _drain(systemd)  # STOPPING=1 and the last pings
            time.sleep(0.05)
        if child.poll() is None:
            child.kill()
            raise SystemExit(f"the terminal ({mode}) did not stop:\n{_read(stderr)}")
        if child.returncode:
            raise SystemExit(f"the terminal ({mode}) exited {child.returncode}:\n{_read(stderr)}")
    rounds = rounds_settled(directory / "journal.sqlite")
    return ready - started, window, samples, parts, held, rounds


def _drain(systemd: socket.socket) -> None:
    try:
        while systemd.recv(1 << 16):
            pass
    except BlockingIOError:
        pass


def _read(stderr) -> str:
    stderr.seek(0)
    return stderr.read()


def report(mode: str, took: float, window, samples, parts, held, rounds: int) -> float:
    where = {True: "its window seen by xwininfo", None: "no xwininfo to see its window"}[window]
    print(
        f"\n{mode}: ready in {took:.2f} s ({where}); then, s since READY: VmRSS / VmHWM MB, CPU",
        flush=True,
    )
    last = samples[0]
    for sample in samples:
        busy = (sample.cpu_s - last.cpu_s) / max(1e-9, sample.seconds - last.seconds)
        print(
            f"  {sample.seconds:6.1f} s  {sample.rss_mb:6.1f} / {sample.hwm_mb:6.1f} MB"
            + (f"  {busy:4.0%} of a core" if sample is not last else ""),
            flush=True,
        )
        last = sample
    print(
        f"  {rounds} rounds settled; at the end: Rss {parts.get('Rss', 0):.1f} MB (Pss "
        f"{parts.get('Pss', 0):.1f}, anonymous {parts.get('Anonymous', 0):.1f})"
    )
    gl = sorted(name for name in held if re.search(r"libLLVM|_dri\.so|libGLX_mesa", name))
    print(f"  GL (mesa) mapped: {', '.join(Path(n).name for n in gl) if gl else 'no'}")
    print("  the mappings holding the most:")
    for name, mb in sorted(held.items(), key=lambda item: -item[1])[:TOP_MAPPINGS]:
        print(f"    {mb:7.1f} MB  {name}")
    return max(sample.hwm_mb for sample in samples)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=60, help="play after READY=1 (60)")
    parser.add_argument("--every", type=float, default=5, help="seconds between samples (5)")
    parser.add_argument("--wheel", default="sim://wheel?spin=0.5", help="the table's wheel URL")
    parser.add_argument("--mode", action="append", choices=list(MODES), help="(default: both)")
    args = parser.parse_args()
    if shutil.which("Xvfb") is None:
        print("bench_window: skipped, Xvfb is not installed (apt-get install xvfb)")
        return

    print(
        f"the terminal in an X window of {SIZE[0]}x{SIZE[1]} (Xvfb), `run --game roulette_fr "
        f"--sim --screen`, its wheel {args.wheel}, for {args.seconds:g} s after READY=1",
        flush=True,
    )
    peaks = {}
    with tempfile.TemporaryDirectory(prefix="dt-bench-window-") as work:
        server, display = xvfb()
        try:
            for mode in args.mode or MODES:
                figures = run(
                    mode, display, Path(work) / mode, args.wheel, args.seconds, args.every
                )
                peaks[mode] = report(mode, *figures)
        finally:
            server.terminate()
            server.wait(timeout=30)
    print()
    for mode, peak in peaks.items():
        print(f"{mode}: peak resident {peak:.0f} MB (aim: under 120 MB)")


if __name__ == "__main__":
    main()
