"""`dealer-terminal pit ...`: follow feeds, collect the floor, show the board, print a table."""

from __future__ import annotations

import argparse
import logging
import signal
import sys
import threading
import time
from pathlib import Path

from games.money import money, signed_money
from terminal.common.endpoints import endpoint_argument
from terminal.common.exit_codes import EXIT_FAILED, EXIT_OK
from terminal.common.progress import ProgressLine

STATUS_EVERY_S = 60.0
BOARD_TIMEOUT_S = 1.0
TABLE_TIMEOUT_S = 5.0


class _FeedSource(argparse.Action):
    """--connect EP [--replay EP] pairs, in command-line order: a --replay belongs to the
    --connect before it."""

    def __call__(self, parser, namespace, value, option_string=None):
        sources = getattr(namespace, "sources", None) or []
        try:
            value = endpoint_argument(bind=False)(value)
        except argparse.ArgumentTypeError as bad:
            parser.error(f"{option_string} {bad}")
        if option_string == "--connect":
            sources.append([value, None])
        elif not sources or sources[-1][1] is not None:
            parser.error("--replay must follow the --connect of the same table")
        else:
            sources[-1][1] = value
        namespace.sources = sources


def _size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not WIDTHxHEIGHT, e.g. 1920x1080") from None
    return width, height


def add_pit_parsers(sub) -> None:
    pit = sub.add_parser("pit", help="pit tools").add_subparsers(dest="pit_command", required=True)
    follow = pit.add_parser(
        "follow", help="print the events of one or more tables, one line each, nothing missed"
    )
    follow.add_argument(
        "--connect",
        action=_FeedSource,
        metavar="ENDPOINT",
        required=True,
        help="a table's PUB endpoint, or the collector's merged feed (repeat for more)",
    )
    follow.add_argument(
        "--replay",
        action=_FeedSource,
        metavar="ENDPOINT",
        help="its replay endpoint (the collector's: its control endpoint), to recover gaps",
    )
    follow.add_argument(
        "--from",
        dest="from_seq",
        type=int,
        metavar="SEQ",
        help="replay each table's history from SEQ first (default: from now on)",
    )
    follow.add_argument(
        "--idle-exit",
        type=float,
        metavar="SECONDS",
        help="exit after SECONDS with nothing to print (default: run until Ctrl-C)",
    )
    key_options(follow)

    collect = pit.add_parser(
        "collect", help="store every table's events, raise alerts, republish the merged feed"
    )
    collect.add_argument(
        "--tables", type=Path, required=True, metavar="FILE", help="the floor file (TOML)"
    )
    collect.add_argument(
        "--db", metavar="URL", help="sqlite:///pit.db (default) or postgresql://user:pw@host/db"
    )
    collect.add_argument(
        "--publish",
        metavar="ENDPOINT",
        type=endpoint_argument(bind=True),
        help="the merged feed (overrides the floor file)",
    )
    collect.add_argument(
        "--control",
        metavar="ENDPOINT",
        type=endpoint_argument(bind=True),
        help="floor state, acknowledgements, replay (overrides)",
    )

    board = pit.add_parser("board", help="the dashboard of every table, alerts to acknowledge")
    board.add_argument(
        "--connect",
        metavar="ENDPOINT",
        required=True,
        type=endpoint_argument(bind=False),
        help="the collector's control endpoint",
    )
    board.add_argument(
        "--user", required=True, help="your name: it is recorded with every acknowledgement"
    )
    board.add_argument("--size", type=_size, default=(1920, 1080), metavar="WxH")
    board.add_argument("--fullscreen", action="store_true")
    key_options(board)

    table = pit.add_parser(
        "table", help="print one table as the pit sees it, with its wheel's per-pocket statistics"
    )
    table.add_argument("table_id", metavar="TABLE")
    table.add_argument(
        "--connect",
        metavar="ENDPOINT",
        required=True,
        type=endpoint_argument(bind=False),
        help="the collector's control endpoint",
    )
    key_options(table)


def key_options(parser) -> None:
    parser.add_argument(
        "--key",
        type=Path,
        metavar="FILE",
        help="your CURVE secret key file, when the pit uses CURVE",
    )
    parser.add_argument(
        "--server-key",
        metavar="KEY",
        help="the pit's (or the table's) CURVE public key (--server-key=KEY when it begins with -)",
    )


def cmd_pit(args) -> int:
    return {"follow": _follow, "collect": _collect, "board": _board, "table": _table}[
        args.pit_command
    ](args)


def _follow(args) -> int:
    from terminal.feed.follow import FeedFollower
    from terminal.pit.lines import format_event
    from terminal.pit.secure import client_setup

    setup = client_setup(args.key, args.server_key)
    follower = FeedFollower(
        [tuple(s) for s in args.sources],
        from_seq=args.from_seq,
        setup=None if setup is None else (lambda source, socket: setup(socket)),
    )
    try:
        for item in follower.items(timeout=args.idle_exit):
            if item.event is not None:
                print(format_event(item.event), flush=True)
            if item.alert is not None:
                print(f"{item.table} ALERT {item.alert}", flush=True)
    finally:
        follower.close()
    return EXIT_OK


def _collect(args) -> int:
    from terminal.feed import FeedError
    from terminal.pit.collector import Collector
    from terminal.pit.floorfile import load_floor
    from terminal.pit.secure import pit_security, pit_server
    from terminal.pit.server import PitServer
    from terminal.pit.store import PitStore, StoreError

    logging.basicConfig(
        level=logging.WARNING, format="%(asctime)s %(levelname)s %(message)s", stream=sys.stderr
    )
    floor = load_floor(args.tables)
    try:
        store = PitStore(args.db)
    except StoreError as exc:
        print(f"dealer-terminal: {exc}", file=sys.stderr)
        return EXIT_FAILED
    curve = pit_server(floor)
    serve = None if curve is None else curve.apply
    print(
        f"pit: {len(floor.tables)} tables from {floor.path}; "
        f"reading what store {store.name} holds of them",
        flush=True,
    )
    started = time.monotonic()
    line = ProgressLine()
    try:
        collector = Collector(
            floor,
            store,
            publish=args.publish,
            secure=pit_security(floor),
            serve=serve,
            progress=lambda done, total: line(
                "pit: {} of {} tables' views rebuilt from the store", done, total
            ),
        )
        server = PitServer(args.control or floor.control, collector, setup=serve)
    except FeedError as exc:
        print(f"dealer-terminal: {exc}", file=sys.stderr)
        store.close()
        if curve is not None:
            curve.close()
        return EXIT_FAILED
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: collector.stop())
    server.start()
    print(
        f"pit: views rebuilt in {time.monotonic() - started:.1f} s; "
        f"merged feed {collector.publish_endpoint}, control {server.endpoint}",
        flush=True,
    )
    status = threading.Thread(target=_status, args=(collector,), daemon=True)
    status.start()
    try:
        collector.run()
    finally:
        server.stop()
        collector.close()
        store.close()
        if curve is not None:
            curve.close()
    print(f"pit: stopped; {collector.stored} events stored this run", flush=True)
    return EXIT_OK


def _status(collector) -> None:
    """A line a minute: what was stored, how fast, and what is open."""
    last, since = collector.stored, time.monotonic()
    while not collector.stopping.wait(STATUS_EVERY_S):
        now, stored = time.monotonic(), collector.stored
        floor = collector.floor_snapshot()
        links = [t["link"] for t in floor["tables"]]
        print(
            f"pit: {stored} events stored ({(stored - last) / (now - since):.1f}/s), "
            f"{links.count('live')} tables live, {links.count('silent')} silent, "
            f"{len(floor['alerts'])} open alerts",
            flush=True,
        )
        last, since = stored, now


def _client(args, timeout: float):
    from terminal.pit.client import PitClient
    from terminal.pit.secure import client_setup

    return PitClient(args.connect, timeout=timeout, setup=client_setup(args.key, args.server_key))


def _board(args) -> int:
    from terminal.pit.board.app import run_board

    client = _client(args, BOARD_TIMEOUT_S)  # asked on the screen's thread: never freeze it long
    try:
        return run_board(client, args.user, size=args.size, fullscreen=args.fullscreen)
    finally:
        client.close()


def _table(args) -> int:
    client = _client(args, TABLE_TIMEOUT_S)
    try:
        detail = client.table(args.table_id)
    except (ConnectionError, ValueError) as exc:
        print(f"dealer-terminal: {exc}", file=sys.stderr)
        return EXIT_FAILED
    finally:
        client.close()
    for line in table_lines(detail):
        print(line)
    return EXIT_OK


def table_lines(detail: dict) -> list[str]:
    """A table's detail as text: its state, its alerts, and its wheel's per-pocket statistics."""
    from terminal.pit.view import bias_verdict

    entry = detail["table"]
    lines = [
        f"{entry['table']} {entry['game'] or '?'}: link {entry['link']}, "
        f"session {entry['session']}, "
        f"round {entry['round']['number']} {entry['round']['status'] or ''}".rstrip(),
        f"  last results: {' '.join(entry['recent']) or '-'}; "
        f"rounds per hour: {entry['rounds_per_hour'] or '-'}",
    ]
    if entry["float"]:
        f = entry["float"]
        lines.append(
            f"  float: advance {money(f['advance'])}, tray {money(f['tray'])}, "
            f"result {signed_money(f['result'])}"
        )
    if entry.get("circle"):
        circle, bank = entry["circle"], entry["circle"]["bank"]
        held = "none" if not bank else f"{bank['banker']} {money(bank['amount'])}"
        garage = "" if not bank else f", garage {money(bank['garage'])}"
        lines.append(f"  bank: {held}{garage}; cagnotte {money(circle['cagnotte'])}")
    lines += [
        f"  fault: {f.get('severity')} {f.get('device')} {f.get('code')}: {f.get('detail')}"
        for f in entry["faults"]
    ]
    for alert in detail["alerts"]:
        if alert["acknowledged_by"]:
            ack = f"acknowledged by {alert['acknowledged_by']} at {alert['acknowledged_at']}"
        elif alert.get("cleared_at"):
            ack = f"cleared at {alert['cleared_at']}: heard again"
        else:
            ack = "OPEN"
        lines.append(
            f"  alert #{alert['id']} {alert['raised_at']} {alert['kind']}: "
            f"{alert['detail']} [{ack}]"
        )
    bias = detail.get("bias")
    if bias:
        lines.append(f"  {bias_verdict(bias)[0]}")
        lines.append(f"  {'pocket':>10} {'seen':>6} {'expected':>9} {'z':>6}")
        lines += [
            f"  {c['label']:>10} {c['observed']:>6} {c['expected']:>9.2f} {c['z']:>+6.2f}"
            for c in bias["cells"]
        ]
    return lines
