"""`dealer-terminal`: run a table, verify a journal, print a rulebook, follow the pit feed,
render the spoken calls."""

# The command line and its dispatch; `run` is run_command.py's, most other commands
# tool_commands.py's, and the exit codes terminal/common/exit_codes.py's.

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from drivers.errors import DeviceError
from games.rulebook import RulebookError
from terminal.common.endpoints import endpoint_argument
from terminal.common.exit_codes import EXIT_CODES, EXIT_CONFIG, EXIT_OK, EXIT_USAGE
from terminal.config import ConfigError, SpeechConfig, known_games, load_table_config
from terminal.feed.curve_keys import add_keys_parser, cmd_keys
from terminal.pit.cli import add_pit_parsers, cmd_pit, key_options
from terminal.run_command import cmd_run
from terminal.runtime.simulation.rules_table import DEFAULT_PROFILE
from terminal.runtime.staffed.staff import StaffError, add_staff_parser, cmd_staff
from terminal.speech.command import add_speech_parser, cmd_speech
from terminal.tool_commands import (
    cmd_carrousel,
    cmd_journal_audit,
    cmd_rules,
    cmd_screens,
    cmd_selftest,
    cmd_simulate,
    cmd_verify,
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


if __name__ == "__main__":
    sys.exit(main())
