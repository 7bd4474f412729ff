"""The commands of `dealer-terminal` beside `run`: the self-test, the journal's tools, the
rules, the simulation, the carrousel pool and the screens rendered to files. Each imports what
it needs when it runs, so that the command line starts quickly.
"""

from __future__ import annotations

import signal
import sys

from games.registry import GAMES
from terminal.common.exit_codes import EXIT_FAILED, EXIT_OK, EXIT_USAGE
from terminal.config import ConfigError, known_games, load_table_config, table_config_path
from terminal.runtime.simulation.rules_table import DEFAULT_PROFILE


def cmd_screens(args) -> int:
    from terminal.screens.demo.scratch import render_screens

    if args.game not in known_games():
        raise ConfigError(f"no example table of {args.game!r}: {', '.join(known_games())}")
    written = render_screens(args.game, args.out, args.size, args.lang)
    print(f"{len(written)} screens of {args.game} in {args.out}")
    return EXIT_OK


def cmd_selftest(args) -> int:
    from terminal.feed import FeedError
    from terminal.runtime.journal.store import JournalError
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
    from terminal.runtime.journal.audit import audit

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
    from terminal.runtime.simulation.rules_table import (
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
    from terminal.runtime.simulation.simulate import main_simulate

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
