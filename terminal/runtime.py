"""Puts a table together from its configuration: rulebook, engine, journal, feed, devices,
simulated players; runs it; takes it apart in the right order (the journal flushed last)."""

from __future__ import annotations

import copy
import random
import sys
import threading
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, TextIO

from drivers.dice import open_dice
from drivers.shoe import open_shoe
from drivers.gpio import open_gpio
from drivers.gpio.base import PinMap
from drivers.wheel import open_wheel
from drivers.wheel.order import WheelOrder
from games.rulebook import load_rules

from .config import TableConfig
from .console import ConsoleSink
from .feed.curve import CurveServer
from .feed.publisher import FeedPublisher
from .feed.replay import ReplayServer
from .games import ENGINES, PLAYS
from .health import HealthLog
from .host import host_facts
from .inbox import Inbox
from .journal import Journal, JournalWriter
from .players import SimPlayers
from .state import TableState
from .systemd import WatchdogSink, notify
from .card_table import CardTable
from .carrousel import LocalPool, PoolClient
from .craps_table import CrapsTable
from .table import Table, TableControl, TableSetup
from .wheel_table import WheelTable



@dataclass
class RunOptions:
    sim: bool = False
    rounds: int | None = None
    seed: int | None = None
    db: Path | None = None
    publish: str | None = None
    replay: str | None = None
    out: TextIO = sys.stdout
    log: TextIO = sys.stderr


class StateView:
    """The replay server's `state` answer: a TableState fed with committed events only."""

    def __init__(self, state: TableState):
        self._state = state
        self._lock = threading.Lock()

    def committed(self, events: list[dict]) -> None:
        with self._lock:
            for event in events:
                self._state.apply(event)

    def tick(self, last_seq: int) -> None:
        pass

    def snapshot(self) -> dict:
        with self._lock:
            return self._state.to_json()


def build_engine(cfg: TableConfig):
    rules = load_rules(cfg.rulebooks, cfg.profile, cfg.game)
    return rules, ENGINES[cfg.game](rules, rules.limits(cfg.minimum, cfg.chip_unit))


def device_url(url: str, sim: bool, simulated: str) -> str:
    """With --sim a real device gives way to its simulated twin; a sim:// URL stays as it is."""
    return simulated if sim and not url.startswith("sim://") else url


def open_round_device(cfg: TableConfig, rules, sim: bool, seed: int | None = None):
    """The device that decides the rounds (the wheel, the dice reader), opened; its simulated
    twin with --sim."""
    kind = PLAYS[cfg.game].device
    url = device_url(cfg.device, sim, f"sim://{kind}")
    if kind == "wheel":
        return open_wheel(url, WheelOrder(PLAYS[cfg.game].pockets(rules)), seed=seed)
    return {"dice": open_dice, "shoe": open_shoe}[kind](url, seed=seed)


def open_table_io(cfg: TableConfig, sim: bool):
    """The table's buttons, switches and lamps, if it has any; simulated with --sim."""
    if cfg.gpio is None:
        return None
    pins = cfg.gpio_pins
    return open_gpio(device_url(cfg.gpio, sim, "sim://gpio?closed=door"), PinMap(buttons=pins.buttons, switches=pins.switches, leds=pins.lamps,
                                 bounce_ms=pins.bounce_ms))


def run_table(cfg: TableConfig, opts: RunOptions, control: TableControl | None = None) -> int:
    """Run the table until it has settled `opts.rounds` rounds or is closed or stopped.
    Returns the number of rounds settled in this run."""
    with assemble(cfg, opts, control) as table:
        return table.run(opts.rounds)


@contextmanager
def assemble(cfg: TableConfig, opts: RunOptions, control: TableControl | None = None) -> Iterator[Table]:
    """The table with all its parts started; on exit they stop in order, the journal flushed."""
    rules, engine = build_engine(cfg)
    db = opts.db or cfg.db
    play = PLAYS[cfg.game]
    setup = TableSetup(
        table=cfg.id, game=cfg.game, profile=cfg.profile, croupier=cfg.croupier,
        limits=rules.limits(cfg.minimum, cfg.chip_unit),
        advance=rules.advance(cfg.minimum), chips=cfg.chips, closing_rounds=getattr(rules, "closing_rounds", 0),  # craps: the last shooter
        topup_below=cfg.topup_below, device_timeout=cfg.device_timeout, host=host_facts(),
        colours=cfg.colours,
    )
    with ExitStack() as stack:
        journal = Journal(db, table=cfg.id, game=cfg.game)
        stack.callback(journal.close)
        curve = None
        if cfg.curve is not None:
            curve = CurveServer(cfg.curve.secret, cfg.curve.allow)
            stack.callback(curve.close)  # after the sockets: without it, CURVE would admit any client
        publisher = FeedPublisher(opts.publish or cfg.publish, cfg.id, curve=curve)
        stack.callback(publisher.close)
        state = TableState.replay(cfg.id, cfg.game, journal.events())
        view = StateView(copy.deepcopy(state))
        replay = ReplayServer(opts.replay or cfg.replay, db, view.snapshot, curve=curve)
        replay.start()
        stack.callback(replay.stop)
        device = open_round_device(cfg, rules, opts.sim, opts.seed)
        stack.callback(device.close)
        io = open_table_io(cfg, opts.sim)
        if io is not None:
            stack.callback(io.close)
        inbox = Inbox()
        inbox.attach(play.device, device)
        if io is not None:
            inbox.attach("gpio", io)
        stack.callback(inbox.close)
        health = HealthLog({play.device: device, "gpio": io}, opts.log)
        writer = JournalWriter(journal, [publisher, view, ConsoleSink(opts.out), WatchdogSink(), health])
        writer.start()
        stack.callback(writer.stop)
        print(f"table {cfg.id} ({cfg.game}, {cfg.profile}): journal {db}, feed {publisher.endpoint}, "
              f"replay {replay.endpoint}, {play.device} {device.url}, table I/O {io.url if io else 'none'}",
              file=opts.log, flush=True)
        players = None
        if opts.sim:
            players = SimPlayers(random.Random(opts.seed), rules.codes(), seats=cfg.sim.players,
                                 max_bets=cfg.sim.max_bets, buyin=cfg.sim.buyin,
                                 zero_choice=getattr(rules, "zero_rule", None) == "prison",
                                 colours=bool(cfg.colours))
        parts = dict(state=state, journal=journal, writer=writer, device=device, inbox=inbox, io=io,
                     engine=engine, rules=rules, play=play, players=players, control=control)
        if play.device == "dice":
            table: Table = CrapsTable(setup, seats=cfg.craps.seats, dice_change_rolls=cfg.craps.dice_change_rolls,
                                      **parts)
        elif play.device == "shoe":
            carrousel = None
            if cfg.game == "poker_stud":  # the casino's pool, or, with none configured, the table's own
                carrousel = PoolClient(cfg.carrousel) if cfg.carrousel else LocalPool(state.carrousel_pool)
                stack.callback(carrousel.close)
            table = CardTable(setup, carrousel=carrousel, **parts)
        else:
            table = WheelTable(setup, **parts)
        notify("READY=1")
        yield table
