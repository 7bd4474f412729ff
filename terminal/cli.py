"""`dealer-terminal`: run a table, verify a journal, print a rulebook, follow the pit feed,
render the spoken calls."""

from __future__ import annotations

import argparse
import logging
import os
import signal
import sys
from pathlib import Path

from drivers.errors import DeviceError
from games.registry import GAMES
from games.rulebook import RulebookError
from terminal.common.endpoints import endpoint_argument
from terminal.config import (
    ConfigError,
    SpeechConfig,
    known_games,
    load_table_config,
    table_config_path,
)
from terminal.feed.curve import add_keys_parser, cmd_keys
from terminal.pit.cli import add_pit_parsers, cmd_pit, key_options
from terminal.runtime.rules_table import DEFAULT_PROFILE
from terminal.runtime.staff import StaffError, add_staff_parser, cmd_staff
from terminal.speech.command import add_speech_parser, cmd_speech

# One account for every command (docs/running.md; the README's "Exit codes"): 1 a failure at
# run time or a check that fails; 2 a wrong use (its arguments, a file that is no journal, a
# table that runs) or a device that cannot be opened, which may come back; 78 (EX_CONFIG) a
# configuration error, which the unit never restarts: a restart cannot fix a file.
EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_CONFIG = 0, 1, 2, 78
EXIT_CODES = (
    "exit codes: 0 done; 1 a failure at run time (journal, feed) or a check that fails; 2 a "
    "wrong use (arguments, a file that is no journal, a table that runs) or a device that "
    "cannot be opened; 78 a configuration error (a table, rulebook, staff or floor file: the "
    "message names the file, the key and what to fix)"
)


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {value}")
    return value


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(n) for n in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"a size is WxH, e.g. 800x480, not {text!r}") from None
    if w < 320 or h < 240:
        raise argparse.ArgumentTypeError(f"{text} is too small for the screen (320x240 at least)")
    return w, h


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="dealer-terminal", description=__doc__, epilog=EXIT_CODES)
    sub = p.add_subparsers(dest="command", required=True)

    games = ", ".join(known_games())
    run = sub.add_parser(
        "run",
        help="run a table",
        description=(
            "Run a table: its devices, the game's rules, the journal and the pit feed. The "
            "croupier's announcements and every settlement are printed as they are journaled; "
            "the croupier's screen opens when a display exists (a desktop's window, or a Pi's "
            f"console: KMS/DRM). Games with an example table: {games}."
        ),
        epilog=EXIT_CODES,
    )
    which = run.add_mutually_exclusive_group(required=True)
    which.add_argument(
        "--game", help=f"a game id ({games}); uses its example table in config/tables/"
    )
    which.add_argument("--config", type=Path, help="a table configuration file")
    simulated = run.add_mutually_exclusive_group()
    simulated.add_argument(
        "--sim",
        action="store_true",
        help="every device simulated (the table file's wheel, dice or shoe and its I/O give "
        "way to their sim:// twins), and simulated players betting; a busy feed port gives way "
        "to a free one",
    )
    simulated.add_argument(
        "--sim-players",
        action="store_true",
        help="the table file's own devices (a cammegh:// or board:// wheel, the dice reader, "
        "the shoe) with simulated players betting ([sim] says how many): a demo or a soak test "
        "on a real wheel; the journal says the players were simulated",
    )
    run.add_argument(
        "--rounds",
        type=_positive,
        help="exit 0 after N settled rounds (the last ones close the session)",
    )
    run.add_argument(
        "--seed",
        type=int,
        help="seed of the simulation: same seed, same events (with --sim-players, the players' "
        "bets; a real device decides the outcomes)",
    )
    screen = run.add_mutually_exclusive_group()
    screen.add_argument(
        "--headless",
        action="store_true",
        help="no screen, even where a display exists: the console's lines only",
    )
    screen.add_argument(
        "--screen",
        action="store_true",
        help="the croupier's screen even where no display is found (with SDL_VIDEODRIVER=dummy "
        "it is drawn unseen: the tests and the benchmarks)",
    )
    run.add_argument(
        "--size",
        type=_size,
        help="the screen's size WxH (default: the whole display on a console, else 800x480)",
    )
    run.add_argument(
        "--staff",
        type=Path,
        help="the staff file (overrides [session] staff): the session is opened, signed and "
        "closed by people at the screen",
    )
    run.add_argument("--db", type=Path, help="journal file (overrides the configuration)")
    run.add_argument(
        "--publish",
        metavar="ENDPOINT",
        type=endpoint_argument(bind=True),
        help="ZeroMQ PUB endpoint (overrides the configuration)",
    )
    run.add_argument(
        "--replay",
        metavar="ENDPOINT",
        type=endpoint_argument(bind=True),
        help="ZeroMQ replay endpoint (overrides the configuration)",
    )

    selftest = sub.add_parser(
        "selftest",
        help="check a table's devices and this host; journal and publish the report",
        description=(
            "Check every device of a stopped table (its link: version, round trip, error "
            "counters; then its own self-test: a board's sensors, the buttons, switches and "
            "lamps, a Cammegh's own test, up to 5 minutes) and this host (the journal's folder "
            "and its commit time, the clock, CURVE, free disk, the Pi's power and throttling "
            "flags, the watchdog). The report is journaled in the table's journal as "
            "selftest.report and published on its feed. Exit 0 when every check passed, 1 when "
            "one failed (or the report could not be journaled), 2 when it could not run (the "
            "table is running: use its technician screen, or stop it; give the same --db as "
            "the table's service)."
        ),
    )
    which = selftest.add_mutually_exclusive_group(required=True)
    which.add_argument(
        "--game", help=f"a game id ({games}); uses its example table in config/tables/"
    )
    which.add_argument("--config", type=Path, help="a table configuration file")
    selftest.add_argument(
        "--sim",
        action="store_true",
        help="the simulated devices (the host is this machine all the same); a busy feed port "
        "gives way to a free one",
    )
    selftest.add_argument(
        "--json", action="store_true", help="print the report as JSON: the event's data"
    )
    selftest.add_argument("--db", type=Path, help="journal file (overrides the configuration)")
    selftest.add_argument(
        "--publish",
        metavar="ENDPOINT",
        type=endpoint_argument(bind=True),
        help="ZeroMQ PUB endpoint (overrides the configuration)",
    )

    journal = sub.add_parser("journal", help="journal tools").add_subparsers(
        dest="journal_command", required=True
    )
    verify = journal.add_parser(
        "verify", help="check the hash chain, seq continuity and every settlement"
    )
    verify.add_argument("--db", type=Path, required=True)
    audit = journal.add_parser(
        "audit", help="compare a journal with the pit's store, event by event"
    )
    audit.add_argument(
        "--db", type=Path, required=True, metavar="JOURNAL", help="the table's journal (read only)"
    )
    audit.add_argument(
        "--pit",
        required=True,
        metavar="ENDPOINT",
        type=endpoint_argument(bind=False),
        help="the pit collector's control endpoint, e.g. tcp://pit:5701",
    )
    key_options(audit)

    rules = sub.add_parser(
        "rules", help="print every bet of a table: payout, probability, house edge, breakage"
    )
    which = rules.add_mutually_exclusive_group(required=True)
    which.add_argument("--game", help="a game id; uses the example table's limits (config/tables/)")
    which.add_argument(
        "--config", type=Path, help="a table configuration file: its limits and stake steps"
    )
    rules.add_argument("--profile", help="rulebook profile (default: the table's)")

    simulate = sub.add_parser(
        "simulate", help="Monte Carlo: each bet's measured return beside its exact edge"
    )
    simulate.add_argument("--game", required=True)
    simulate.add_argument("--rounds", type=_positive, required=True)
    simulate.add_argument("--seed", type=int)
    simulate.add_argument("--profile", help="rulebook profile (default: the example table's)")

    carrousel = sub.add_parser("carrousel", help="the casino's carrousel pool").add_subparsers(
        dest="carrousel_command", required=True
    )
    serve = carrousel.add_parser(
        "serve", help="hold the pool every poker table of the casino feeds"
    )
    serve.add_argument(
        "--bind",
        metavar="ENDPOINT",
        required=True,
        type=endpoint_argument(bind=True),
        help="e.g. tcp://*:5650",
    )
    serve.add_argument("--db", type=Path, required=True, help="the pool's movements (SQLite)")
    serve.add_argument(
        "--start", type=int, default=0, help="the pool when the store is new, minor units"
    )

    screens = sub.add_parser(
        "screens",
        help="render every screen of a game's session to PNG files (no display needed)",
        description=(
            "Play a session of the game on the croupier's screen at a scratch table (its "
            "example table, the outcome entered by hand, demonstration staff) and write a PNG "
            "of every screen on the way: sign-in, counts, signatures, bets, the outcome, "
            "payouts, a correction, the players' display, the closing count."
        ),
    )
    screens.add_argument("--game", required=True, help=f"a game id ({games})")
    screens.add_argument("--out", type=Path, required=True, help="the folder of the PNG files")
    screens.add_argument("--size", type=_size, default=(800, 480), help="WxH (default 800x480)")
    screens.add_argument("--lang", choices=("ca", "es", "en"), default="ca")

    add_pit_parsers(sub)
    add_keys_parser(sub)
    add_staff_parser(sub)
    add_speech_parser(sub, out=SpeechConfig.dir, profile=DEFAULT_PROFILE)
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        if args.command == "run":
            return cmd_run(args)
        if args.command == "selftest":
            return cmd_selftest(args)
        if args.command == "journal":
            return cmd_verify(args) if args.journal_command == "verify" else cmd_journal_audit(args)
        if args.command == "rules":
            return cmd_rules(args)
        if args.command == "simulate":
            return cmd_simulate(args)
        if args.command == "carrousel":
            return cmd_carrousel(args)
        if args.command == "keys":
            return cmd_keys(args)
        if args.command == "staff":
            return cmd_staff(args)
        if args.command == "screens":
            return cmd_screens(args)
        if args.command == "speech":
            return cmd_speech(args, load_table_config(args.config) if args.config else None)
        return cmd_pit(args)
    except StaffError as exc:  # what the `staff` command refuses (run: a configuration error)
        print(f"dealer-terminal: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except (ConfigError, RulebookError) as exc:
        print(f"dealer-terminal: {exc}", file=sys.stderr)
        return EXIT_CONFIG
    except DeviceError as exc:
        print(f"dealer-terminal: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return EXIT_OK
    except BrokenPipeError:  # the reader went away (`| head`): nothing more to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK


def cmd_run(args) -> int:
    from terminal.assemble import RunOptions, run_table
    from terminal.feed import FeedError
    from terminal.runtime.journal import JournalError
    from terminal.runtime.table import TableControl

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

    from drivers.errors import DeviceError
    from terminal.assemble import assemble
    from terminal.runtime.systemd import Beat
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
    from terminal.runtime.systemd import notify

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


def cmd_screens(args) -> int:
    from terminal.scratch import render_screens

    if args.game not in known_games():
        raise ConfigError(f"no example table of {args.game!r}: {', '.join(known_games())}")
    written = render_screens(args.game, args.out, args.size, args.lang)
    print(f"{len(written)} screens of {args.game} in {args.out}")
    return EXIT_OK


def cmd_selftest(args) -> int:
    from terminal.feed import FeedError
    from terminal.runtime.journal import JournalError
    from terminal.selftest.command import run_selftest

    cfg = load_table_config(args.config or table_config_path(args.game))
    try:
        passed = run_selftest(
            cfg,
            args.sim,
            sys.stdout,
            as_json=args.json,
            db=args.db,
            publish=args.publish,
            log=sys.stderr,
        )
    except (JournalError, FeedError) as exc:  # the table runs: its journal or its feed is taken
        print(f"dealer-terminal: {exc}", file=sys.stderr)
        return EXIT_USAGE
    return EXIT_OK if passed else EXIT_FAILED


def cmd_verify(args) -> int:
    from terminal.runtime.audit import audit

    report = audit(args.db)
    print(report.summary(), file=sys.stderr if report.unusable else sys.stdout)
    return EXIT_USAGE if report.unusable else EXIT_OK if report.ok else EXIT_FAILED


def cmd_journal_audit(args) -> int:
    from terminal.journal_audit import AuditError, audit
    from terminal.pit.secure import client_setup

    try:
        identical = audit(
            args.db,
            args.pit,
            out=sys.stdout,
            err=sys.stderr,
            setup=client_setup(args.key, args.server_key),
        )
        return EXIT_OK if identical else EXIT_FAILED
    except AuditError as exc:
        print(f"dealer-terminal: {exc}", file=sys.stderr)
        return EXIT_USAGE if exc.usage else EXIT_FAILED


def cmd_rules(args) -> int:
    from terminal.runtime.rules_table import (
        DEFAULT_CHIP_UNIT,
        DEFAULT_MINIMUM,
        print_rules,
        table_rules,
    )

    cfg = load_table_config(args.config) if args.config else _example_table(args.game)
    if cfg is None:
        profile = args.profile or DEFAULT_PROFILE
        rules, limits = table_rules(args.game, profile, DEFAULT_MINIMUM, DEFAULT_CHIP_UNIT)
        print_rules(
            args.game, profile, rules, limits, "no example table yet; limits at", sys.stdout
        )
        return EXIT_OK
    profile = args.profile or cfg.profile
    rules, limits = table_rules(
        cfg.game, profile, cfg.minimum, cfg.chip_unit, cfg.stakes, source=str(cfg.path)
    )
    print_rules(
        cfg.game,
        profile,
        rules,
        limits,
        f"{'table' if args.config else 'example table'} {cfg.id}",
        sys.stdout,
    )
    return EXIT_OK


def cmd_carrousel(args) -> int:
    from terminal.carrousel_pool import PoolServer

    server = PoolServer(args.bind, args.db, start=args.start)
    print(
        f"carrousel pool on {server.endpoint}: {server.pool} (Ctrl-C stops)",
        file=sys.stderr,
        flush=True,
    )
    signal.signal(signal.SIGTERM, lambda signum, frame: server.request_stop())
    try:
        server.run()
    finally:
        server.stop()
    return EXIT_OK


def cmd_simulate(args) -> int:
    from terminal.runtime.simulate import main_simulate

    cfg = _example_table(args.game)
    main_simulate(
        args.game, args.profile or (cfg.profile if cfg else DEFAULT_PROFILE), args.rounds, args.seed
    )
    return EXIT_OK


def _example_table(game: str):
    """The example table of a game, None for a game the table does not play yet."""
    if game not in GAMES:
        raise ConfigError(f"unknown game {game!r}; known games: {', '.join(sorted(GAMES))}")
    return load_table_config(table_config_path(game)) if game in known_games() else None


if __name__ == "__main__":
    sys.exit(main())
