"""`dealer-terminal selftest`: the technician's check of a table, before the table runs (its
devices are opened exclusively, so not while it runs: the technician's screen runs the same
checks on the running table's own devices).

Every device's link and own self-test (devices.py), then the host (host.py); the report
(report.py) printed as text, check by check as they come, or as JSON; journaled in the table's
journal as `selftest.report`, then published on the table's feed, so that the pit sees it.

The journal's lock is taken first, as the table takes it: while the table runs, the self-test
is refused and says where to run it instead.
"""

from __future__ import annotations

import json
import sys
import time
from contextlib import ExitStack
from dataclasses import replace
from pathlib import Path
from typing import TextIO

import zmq

from drivers.errors import DeviceError
from games.registry import game as game_of
from terminal.assemble import bound, build_engine, device_url, open_round_device, open_table_io
from terminal.common.storage import open_reader, read_rows
from terminal.config import TableConfig
from terminal.feed.curve import CurveServer
from terminal.feed.publisher import FeedPublisher
from terminal.runtime.journal.lock import JournalInUse, JournalLock
from terminal.runtime.journal.store import Journal, JournalError, JournalWriter
from terminal.selftest.devices import check_device, failed_to_open
from terminal.selftest.host import check_host
from terminal.selftest.host_probes import Probes
from terminal.selftest.report import Progress, Report, Section, check_line
from terminal.selftest.wheel_records import has_records, records_checks

# A pit's SUB socket that was trying to connect is subscribed this long after the feed binds
# (ZeroMQ retries every 0.1 s): the report is not published sooner, lest PUB drop it.
SUBSCRIBERS_S = 0.5


class TableRunning(JournalError):
    """The journal's lock is another process's: the table runs."""


def run_selftest(
    cfg: TableConfig,
    sim: bool,
    out: TextIO,
    *,
    as_json: bool = False,
    db: Path | None = None,
    publish: str | None = None,
    log: TextIO | None = None,
    probes: Probes | None = None,
) -> bool:
    """Check the table's devices (simulated with `sim`) and the host, print the report on
    `out` (text, each check as it is done; or JSON at the end), journal it in `db` (the
    table's journal by default) and publish it on `publish` (the table's feed by default).
    True when every check passed and the report was journaled.

    TableRunning when the table runs (its journal is locked); FeedError when the feed's
    endpoint cannot be bound (with `sim` and no `publish`, a busy port gives way to a free
    one, as `run --sim` does)."""
    log = sys.stderr if log is None else log  # the stderr of the call, not of the import
    db = db or cfg.db
    with ExitStack() as stack:
        lock, unjournaled = _lock(db)
        if lock is not None:
            stack.callback(lock.release)
        # its own context, ended last: its end waits (a second at most) for the report to
        # leave for the pits subscribed, before the process exits
        context = zmq.Context()
        stack.callback(context.term)
        curve = None
        if cfg.curve is not None:
            curve = CurveServer(cfg.curve.secret, cfg.curve.allow, context=context)
            stack.callback(curve.close)  # after the publisher's socket
        publisher = bound(
            lambda endpoint: FeedPublisher(endpoint, cfg.id, context=context, curve=curve),
            publish or cfg.publish,
            "feed",
            free_port=sim and publish is None,
            log=log,
        )
        stack.callback(publisher.close)
        bound_at = time.monotonic()

        text = None if as_json else out  # where each check is printed as it is done
        sections = _check_devices(cfg, sim, text, stack, db)
        if text is not None:
            print(Section("host", None, False, ()).header(), file=text, flush=True)
        sections.append(
            check_host(db, curve=cfg.curve is not None, progress=_printer(text), probes=probes)
        )
        report = Report(tuple(sections), sim=sim)
        if as_json:
            out.write(report.json())
        else:
            print(report.verdict(), file=out, flush=True)

        if unjournaled is None:
            time.sleep(max(0.0, bound_at + SUBSCRIBERS_S - time.monotonic()))
            unjournaled = _journal(report, cfg, db, publisher, log)
        if unjournaled is not None:
            print(f"dealer-terminal: the report is not journaled: {unjournaled}", file=log)
    return report.ok and unjournaled is None


def _lock(db: Path) -> tuple[JournalLock | None, str | None]:
    """The journal's lock, or why the report cannot be journaled (a folder that cannot be
    written: the host's checks will say more). TableRunning if a table holds it."""
    try:
        return JournalLock(db), None
    except JournalInUse as exc:
        raise TableRunning(
            f"journal {db} is in use by {exc.holder}: the table is running. Run the self-test "
            "on the table's technician screen, or stop the table first (sudo systemctl stop "
            "dealer-terminal) and run it again"
        ) from None
    except JournalError as exc:
        return None, str(exc)


def _check_devices(
    cfg: TableConfig, sim: bool, out: TextIO | None, stack: ExitStack, db: Path
) -> list[Section]:
    """Open the table's devices (their simulated twins with `sim`) and check each, printing as
    it goes; a device that cannot be opened is a failed check, the others are still checked. A
    wheel that keeps records of its own (a Cammegh) has them set beside the journal `db`'s."""
    rules, _ = build_engine(cfg)
    kind = game_of(cfg.game).device
    openers = [(kind, lambda: open_round_device(cfg, rules, sim), cfg.device)]
    if cfg.gpio is not None:
        openers.append(("gpio", lambda: open_table_io(cfg, sim), cfg.gpio))
    sections = []
    for name, opener, configured in openers:
        url = device_url(configured, sim, f"sim://{name}")
        try:
            device = opener()
        except DeviceError as error:
            section = failed_to_open(name, url, error, sim=sim)
            if out is not None:
                print(section.header(), file=out)
                print(check_line(section.checks[0]), file=out, flush=True)
            sections.append(section)
            continue
        stack.callback(device.close)
        opened = Section(name, device.url, sim or device.url.startswith("sim://"), ())
        if out is not None:
            print(opened.header(), file=out, flush=True)
        section = check_device(name, device, sim=sim, progress=_printer(out))
        if has_records(device):
            records = records_checks(device, _events(db))
            for check in records:
                if out is not None:
                    print(check_line(check), file=out, flush=True)
            section = replace(section, checks=section.checks + tuple(records))
        sections.append(section)
    return sections


def _events(db: Path) -> list[dict]:
    """The journal's events, read only (none when there is no journal yet)."""
    if not db.is_file():
        return []
    reader = open_reader(db)
    try:
        return [json.loads(row.body) for row in read_rows(reader)]
    finally:
        reader.dispose()


def _printer(out: TextIO | None) -> Progress | None:
    """A progress callback printing each check's line on `out`; None prints nothing."""
    if out is None:
        return None
    return lambda done: print(check_line(done[1]), file=out, flush=True)


def _journal(
    report: Report, cfg: TableConfig, db: Path, publisher: FeedPublisher, log: TextIO
) -> str | None:
    """Journal the report, then publish it (the writer hands it to the feed once committed);
    None when done, else why not."""
    try:
        journal = Journal(db, table=cfg.id, game=cfg.game)
    except JournalError as exc:
        return str(exc)
    try:
        writer = JournalWriter(journal, [publisher])
        writer.start()
        event = journal.build("selftest.report", report.data)
        writer.submit([event])
        writer.stop()
    except JournalError as exc:
        return str(exc)
    finally:
        journal.close()
    print(
        f"selftest.report journaled as seq {event['seq']} in {db}, published on "
        f"{publisher.endpoint}",
        file=log,
        flush=True,
    )
    return None
