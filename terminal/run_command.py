"""`dealer-terminal run`: a table, with the croupier's screen or headless, and what the
terminal shows when the table cannot start (a configuration error, a device that cannot be
opened) until it is fixed or stopped.
"""

from __future__ import annotations

import logging
import signal
import sys

from drivers.errors import DeviceError
from games.rulebook import RulebookError
from terminal.common.exit_codes import EXIT_CONFIG, EXIT_FAILED, EXIT_OK
from terminal.config import ConfigError, load_table_config, table_config_path


def cmd_run(args) -> int:
    from terminal.assemble import RunOptions, run_table
    from terminal.feed import FeedError
    from terminal.runtime.journal.store import JournalError
    from terminal.runtime.loop.table import TableControl

    logging.basicConfig(
        level=logging.INFO,
        stream=sys.stderr,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )  # device dumps on faults, the watchdog's stalls
    with_screen = args.screen or (not args.headless and _display_here())
    try:
        cfg = load_table_config(args.config or table_config_path(args.game))
    except ConfigError as exc:
        return _config_error(exc, with_screen, args.size)
    control = TableControl()

    def on_interrupt(signum, frame):
        if control.close_requested.is_set():
            print(
                "\nstopping now: the round in progress is void, the session stays open",
                file=sys.stderr,
            )
            control.request_stop()
        else:
            print(
                f"\nclosing the table: {control.closing} (Ctrl-C again to stop now)",
                file=sys.stderr,
            )
            control.request_close()

    signal.signal(signal.SIGINT, on_interrupt)
    signal.signal(signal.SIGTERM, lambda signum, frame: control.request_stop())
    opts = RunOptions(
        sim=args.sim,
        sim_players=args.sim_players,
        rounds=args.rounds,
        seed=args.seed,
        db=args.db,
        publish=args.publish,
        replay=args.replay,
        staff=args.staff,
    )
    try:
        if with_screen:
            while not _run_with_screen(cfg, opts, control, args.size):
                if control.stop_requested.is_set():
                    break
        else:
            run_table(cfg, opts, control)
    except (ConfigError, RulebookError) as exc:  # its rulebook, its stake steps, its staff file
        return _config_error(exc, with_screen, args.size, cfg.rotation)
    except (JournalError, FeedError) as exc:
        print(f"dealer-terminal: {exc}", file=sys.stderr)
        return EXIT_FAILED
    return EXIT_OK


def _display_here() -> bool:
    from terminal.screens.display import has_display

    return has_display()


def _run_with_screen(cfg, opts, control, size) -> bool:
    """The table with its screen; False when a device could not be opened, once the screen has
    said so until it opens (or the terminal was stopped): the table is then started again.
    Headless, such an error ends the terminal (EXIT_USAGE) and systemd starts it again."""
    from dataclasses import replace

    from terminal.assemble import assemble
    from terminal.runtime.loop.systemd import Beat
    from terminal.screens.display import Display
    from terminal.screens.model import ScreenSink
    from terminal.screens.run import run_with_screen

    sink = ScreenSink()
    shown = Beat("the croupier's screen")  # READY=1 after its first frame
    try:
        with assemble(cfg, replace(opts, sinks=(sink,), watched=(shown,)), control) as table:
            display = Display(size, rotation=cfg.rotation, title=f"dealer-terminal {cfg.id}")
            run_with_screen(
                table, sink, display, rounds=opts.rounds, language=cfg.language, shown=shown
            )
    except DeviceError as exc:
        _device_missing(exc, cfg, opts, control, size)
        return False
    return True


def _device_missing(exc: Exception, cfg, opts, control, size) -> None:
    """A device that cannot be opened, shown on the screen (and logged) while it is tried again
    every few seconds on a thread of its own, until it opens or the terminal is stopped."""
    import threading
    import time

    from terminal.assemble import build_engine, open_round_device
    from terminal.screens.boot_error import DEVICE, RETRY_S, show_boot_error
    from terminal.screens.display import Display

    print(f"dealer-terminal: {exc}; trying again every {RETRY_S} s", file=sys.stderr, flush=True)
    rules, _ = build_engine(cfg)
    opened = threading.Event()

    def retry() -> None:
        while not control.stop_requested.is_set():
            time.sleep(RETRY_S)
            try:
                open_round_device(cfg, rules, opts.sim, opts.seed).close()
            except DeviceError:
                continue
            opened.set()
            return

    threading.Thread(target=retry, name="device-retry", daemon=True).start()
    display = Display(size, rotation=cfg.rotation, title=f"dealer-terminal {cfg.id}: device")
    show_boot_error(display, str(exc), control.stop_requested, DEVICE, over=opened.is_set)


def _config_error(exc: Exception, with_screen: bool, size, rotation: int = 0) -> int:
    """A table that cannot start for its configuration, said on stderr (journald) and to
    systemd (STATUS=). With a screen it is shown there until the terminal is stopped (0), the
    service up (READY=1, the watchdog pinged from the screen's loop); headless, EXIT_CONFIG.
    Either way systemd does not restart it in a loop: a restart cannot fix a file."""
    from terminal.common.flag import Flag
    from terminal.runtime.loop.systemd import notify

    print(
        f"dealer-terminal: {exc}\n"
        "dealer-terminal: a configuration error: fix what it names, then restart the terminal "
        "(systemctl restart dealer-terminal); it does not restart by itself",
        file=sys.stderr,
        flush=True,
    )
    if not with_screen:
        notify(STATUS=f"configuration error: {exc}")
        return EXIT_CONFIG
    from terminal.screens.boot_error import show_boot_error
    from terminal.screens.display import Display

    stopped = Flag()
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda signum, frame: stopped.set())
    display = Display(size, rotation=rotation, title="dealer-terminal: configuration error")
    show_boot_error(display, str(exc), stopped)
    return EXIT_OK if stopped.is_set() else EXIT_CONFIG  # stopped, or its window closed
