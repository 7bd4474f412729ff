"""Puts a table together from its configuration: rulebook, engine, journal, feed, devices,
simulated players; runs it; takes it apart in the right order (the journal flushed last)."""

from __future__ import annotations

import copy
import random
import re
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TextIO, TypeVar

from drivers.dice import open_dice
from drivers.gpio import open_gpio
from drivers.hand import HAND_URL
from drivers.shoe import open_shoe
from drivers.wheel import open_wheel
from drivers.wheel.order import WheelOrder
from games.banking import breakage_warnings
from games.game import SpinGame
from games.registry import game as game_of
from terminal.carrousel_pool import PoolClient
from terminal.config import TableConfig
from terminal.feed import FeedError
from terminal.feed.curve import CurveServer
from terminal.feed.publisher import FeedPublisher
from terminal.feed.replay import ReplayServer
from terminal.runtime.journal.lock import JournalLock
from terminal.runtime.journal.store import Journal, JournalWriter
from terminal.runtime.loop.carrousel import LocalPool
from terminal.runtime.loop.console import ConsoleSink
from terminal.runtime.loop.context import TableControl, TableSetup
from terminal.runtime.loop.health import HealthLog
from terminal.runtime.loop.host import host_facts
from terminal.runtime.loop.inbox import Inbox
from terminal.runtime.loop.state import TableState
from terminal.runtime.loop.systemd import Watchdog
from terminal.runtime.loop.table import Table
from terminal.runtime.simulation.players import SimPlayers
from terminal.runtime.simulation.rules_table import table_rules
from terminal.speech.speaker import open_speaker


@dataclass
class RunOptions:
    sim: bool = False  # every device simulated, and the players
    # the table's own devices (its wheel, dice or shoe), with simulated players betting: a demo
    # or a soak test on a real wheel
    sim_players: bool = False
    rounds: int | None = None
    seed: int | None = None
    db: Path | None = None
    publish: str | None = None
    replay: str | None = None
    staff: Path | None = None  # overrides the table file's [session] staff
    sinks: tuple = ()  # more of the writer's sinks (the croupier's screen)
    watched: tuple = ()  # more parts the watchdog needs alive (a Beat: the screen's loop)
    # the streams of the call that makes the options, not of the import
    out: TextIO = field(default_factory=lambda: sys.stdout)
    log: TextIO = field(default_factory=lambda: sys.stderr)

    @property
    def players_simulated(self) -> bool:
        return self.sim or self.sim_players


def run_facts(opts: RunOptions) -> dict[str, Any]:
    """`table.open`'s `host`: the machine's facts, and `players: "simulated"` when the bets
    are the simulated players' (--sim, --sim-players), so that the journal says so."""
    return {**host_facts(), **({"players": "simulated"} if opts.players_simulated else {})}


class StateView:
    """The replay server's `state` answer: a TableState folded from the journal's committed
    events when it is asked, from where the last answer left off (on the replay server's
    thread). Nothing is folded while nobody asks: the writer's path stays that of the feed."""

    def __init__(self, state: TableState, committed: Callable[[int], Iterable[dict]]):
        self._state = state
        self._committed = committed  # from_seq -> the journal's committed events from it
        self._lock = threading.Lock()

    def snapshot(self) -> dict:
        with self._lock:
            for event in self._committed(self._state.last_seq + 1):
                self._state.apply(event)
            return self._state.to_json()


def build_engine(cfg: TableConfig):
    """The table's rules and its engine under the table's limits (its stake steps checked
    against the game: ConfigError naming the file)."""
    rules, limits = table_rules(
        cfg.game, cfg.profile, cfg.minimum, cfg.chip_unit, cfg.stakes, source=str(cfg.path)
    )
    return rules, game_of(cfg.game).engine(rules, limits)


def device_url(url: str, sim: bool, simulated: str) -> str:
    """With --sim a real device gives way to its simulated twin; a sim:// URL stays as it is."""
    return simulated if sim and not url.startswith("sim://") else url


def open_round_device(cfg: TableConfig, rules, sim: bool, seed: int | None = None):
    """The device that decides the rounds (the wheel, the dice reader), opened; its simulated
    twin with --sim."""
    game = game_of(cfg.game)
    url = device_url(cfg.device, sim, f"sim://{game.device}")
    if isinstance(game, SpinGame):
        return open_wheel(url, WheelOrder(game.pockets(rules)), seed=seed)
    return {"dice": open_dice, "shoe": open_shoe}[game.device](url, seed=seed)


def open_hand(game, device):
    """Where the croupier enters outcomes by hand (drivers/hand.py): the device itself at a
    screen:// table; beside a sensor, a screen:// device of its kind, opened, for when the
    sensor is out of order."""
    if device.manual:
        return device
    if isinstance(game, SpinGame):
        return open_wheel(HAND_URL, device.order)
    return {"dice": open_dice, "shoe": open_shoe}[game.device](HAND_URL)


def open_table_io(cfg: TableConfig, sim: bool):
    """The table's buttons, switches and lamps, if it has any; simulated with --sim."""
    if cfg.gpio is None:
        return None
    # its door shut
    twin = "sim://gpio?closed=door" if "door" in cfg.gpio_pins.switches else "sim://gpio"
    return open_gpio(device_url(cfg.gpio, sim, twin), cfg.gpio_pins.pin_map())


class Endpoint(Protocol):
    endpoint: str  # where the socket is bound


Bound = TypeVar("Bound", bound=Endpoint)


def bound(
    make: Callable[[str], Bound], endpoint: str, what: str, *, free_port: bool, log: TextIO
) -> Bound:
    """`make(endpoint)`, the socket bound there; with `free_port` (a simulated table on a
    laptop whose endpoint was not chosen on the command line) a TCP port another process
    holds gives way to a free one, said on `log`."""
    try:
        return make(endpoint)
    except FeedError as exc:
        wildcard = re.sub(r":\d+$", ":*", endpoint)
        if not (
            free_port and exc.in_use and endpoint.startswith("tcp://") and wildcard != endpoint
        ):
            raise
    made = make(wildcard)
    print(
        f"{what}: {endpoint} is taken by another process; using {made.endpoint} instead",
        file=log,
        flush=True,
    )
    return made


def run_table(cfg: TableConfig, opts: RunOptions, control: TableControl | None = None) -> int:
    """Run the table until it has settled `opts.rounds` rounds or is closed or stopped.
    Returns the number of rounds settled in this run."""
    with assemble(cfg, opts, control) as table:
        return table.run(opts.rounds)


@contextmanager
def assemble(
    cfg: TableConfig, opts: RunOptions, control: TableControl | None = None
) -> Iterator[Table]:
    """The table with all its parts started; on exit they stop in order, the journal flushed."""
    db = opts.db or cfg.db
    control = control or TableControl()
    with ExitStack() as stack:
        lock = JournalLock(db)  # before anything else: a second terminal on this journal stops here
        stack.callback(lock.release)
        rules, engine = build_engine(cfg)
        for warning in breakage_warnings(rules, engine.limits):
            print(f"table {cfg.id}: WARNING: {warning}", file=opts.log, flush=True)
        game = game_of(cfg.game)
        setup = TableSetup(
            table=cfg.id,
            game=cfg.game,
            profile=cfg.profile,
            croupier=cfg.croupier,
            limits=engine.limits,
            advance=rules.advance(cfg.minimum),
            chips=cfg.chips,
            topup_below=cfg.topup_below,
            device_timeout=cfg.device_timeout,
            host=run_facts(opts),
            options=cfg.options,
            seats=cfg.seats,
            curve=cfg.curve is not None,
        )
        control.closing = (
            game.closing.what
            or engine.announcement("last_rounds", n=rules.closing_rounds or 0).text["en"].lower()
        )
        journal = Journal(db, table=cfg.id, game=cfg.game)
        stack.callback(journal.close)
        curve = None
        if cfg.curve is not None:
            curve = CurveServer(cfg.curve.secret, cfg.curve.allow)
            # after the sockets: without it, CURVE would admit any client
            stack.callback(curve.close)
        publisher = bound(
            lambda endpoint: FeedPublisher(endpoint, cfg.id, curve=curve),
            opts.publish or cfg.publish,
            "feed",
            free_port=opts.sim and opts.publish is None,
            log=opts.log,
        )
        stack.callback(publisher.close)
        staff = opts.staff or cfg.staff
        state = TableState.replay(cfg.id, cfg.game, journal.events())
        # a staffed table's last round can be corrected: its state keeps what it was before
        # each result (a deep copy a round); the replay above folds any correction journaled
        state.keep_before_result = staff is not None
        view = StateView(copy.deepcopy(state), journal.events)
        replay = bound(
            lambda endpoint: ReplayServer(endpoint, db, view.snapshot, curve=curve),
            opts.replay or cfg.replay,
            "replay",
            free_port=opts.sim and opts.replay is None,
            log=opts.log,
        )
        replay.start()
        stack.callback(replay.stop)
        device = open_round_device(cfg, rules, opts.sim, opts.seed)
        stack.callback(device.close)
        hand = open_hand(game, device)
        if hand is not device:
            stack.callback(hand.close)
        io = open_table_io(cfg, opts.sim)
        if io is not None:
            stack.callback(io.close)
        inbox = Inbox()
        inbox.attach(game.device, device)
        if hand is not device:  # its entries come as the device's own readings
            inbox.attach(game.device, hand)
        if io is not None:
            inbox.attach("gpio", io)
        stack.callback(inbox.close)
        health = HealthLog({game.device: device, "gpio": io}, opts.log)
        said: tuple = ()  # the calls said through the Pi's audio ([speech], off by default)
        if cfg.speech.enabled and (speaker := open_speaker(cfg.speech.dir, cfg.speech.language)):
            stack.callback(speaker.close)  # once the writer has stopped
            said = (speaker,)
        writer = JournalWriter(
            journal, [publisher, ConsoleSink(opts.out), health, *opts.sinks, *said]
        )
        writer.start()
        stack.callback(writer.stop)
        print(
            f"table {cfg.id} ({cfg.game}, {cfg.profile}): journal {db}, "
            f"feed {publisher.endpoint}, replay {replay.endpoint}, {game.device} {device.url}, "
            f"table I/O {io.url if io else 'none'}"
            f"{', simulated players' if opts.players_simulated else ''}",
            file=opts.log,
            flush=True,
        )
        players = None
        if opts.players_simulated:
            players = SimPlayers(
                random.Random(opts.seed),
                rules.codes(),
                seats=cfg.sim.players,
                max_bets=cfg.sim.max_bets,
                buyin=cfg.sim.buyin,
                zero_choice=game.zero_choice(rules),
                colours=bool(cfg.options.colours),
                stake_unit=rules.stake_unit,
                bet=game.bet,
                mix=game.bet_mix,
                held=game.simulated.held,
            )
        parts = dict(
            state=state,
            journal=journal,
            writer=writer,
            device=device,
            hand=hand,
            inbox=inbox,
            io=io,
            engine=engine,
            rules=rules,
            players=players,
            control=control,
            staff=staff,
        )
        round_options = cfg.options.rounds()  # what the game's own sections give its rounds
        jackpot = getattr(game, "jackpot", None)  # the casino's jackpot pool its coins feed
        if jackpot is not None:  # the casino's pool, or, with none configured, the table's own
            own: Any = state.own  # the game's fold: the pool as the table last saw it
            pool = cfg.options.pool
            carrousel = PoolClient(pool) if pool else LocalPool(jackpot, own.pool)
            stack.callback(carrousel.close)
            round_options["carrousel"] = carrousel
        table = Table(setup, game=game, **parts, **round_options)
        # READY=1 once the round loop turns (and the screen has shown its first frame): the
        # devices, the journal writer and the feed are up by then
        watchdog = Watchdog(
            (table.beat, writer.beat, *opts.watched),
            ready=f"table {cfg.id} ready: {cfg.game}, {game.device} {device.url}"
            f"{', simulated players' if opts.players_simulated else ''}",
            stopping=f"table {cfg.id} stopping",
        )
        watchdog.start()
        stack.callback(watchdog.stop)  # first: no ping is due while the parts stop
        yield table
