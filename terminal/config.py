"""The table configuration: one TOML file per table, validated when loaded.

Every error names the file, the key and what is expected, so that a technician can fix the
file without reading code. Every section and key is known or refused (with the known one
nearest it), and every device URL, pin, endpoint, key file and number is checked when the file
is loaded, before anything opens: a table never starts on a default that a typo left in force.
The floor file of the pit (terminal/pit/floorfile.py) is read with the same Section.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from drivers.device import Device
from drivers.dice import check_dice_url
from drivers.errors import DeviceError
from drivers.gpio import PinMap, check_gpio_url
from drivers.shoe import check_shoe_url
from drivers.wheel import check_wheel_url
from games.options import DEFAULT_SEATS, MAX_SEATS, TableOptions
from games.registry import GAMES
from terminal.common.settings import (
    ConfigError,
    Section,
    config_dir,
    read_toml,
    refuse_unknown_sections,
)


def known_games() -> list[str]:
    return sorted(p.stem for p in (config_dir() / "tables").glob("*.toml"))


# how each of those devices' URL is checked when the file is loaded, without opening anything
URL_CHECKS: dict[str, Callable[[str], Device]] = {
    "wheel": check_wheel_url,
    "dice": check_dice_url,
    "shoe": check_shoe_url,
}

# The sections of every table file, and those of some games only (a game's description names
# them, games/game.py `sections`).
SECTIONS = (
    "table",
    "devices",
    "gpio",
    "feed",
    "journal",
    "session",
    "screen",
    "speech",
    "sim",
    "stakes",
)
TABLE_KEYS = ("id", "game", "profile", "croupier", "minimum", "chip_unit", "chips", "seats")
FEED_KEYS = ("publish", "replay", "curve_secret", "curve_allow")

MAX_TIMEOUT_S = 3600
MAX_BOUNCE_MS = 1000
MAX_BETS = 100  # [sim] max_bets: bets a simulated player places a round, at most
MAX_BUYIN = 1000  # [sim] buyin: minimums a simulated player buys chips for, at most
# A bet code or family as the rulebooks write them: lowercase parts joined with ':', the numbers
# of the last joined with '-' (red, place:6, odds:come:4, split:1-2).
BET_CODE = re.compile(r"[a-z][a-z0-9]*(:[a-z0-9]+(-[0-9]+)*)*")


@dataclass(frozen=True)
class SpeechConfig:
    """[speech]: the calls said through the Pi's audio (docs/speech.md); off unless enabled."""

    enabled: bool = False
    dir: Path = Path("var/speech")  # the rendered calls (`dealer-terminal speech render --out`)
    language: str = "ca"  # the calls' language: by default the screen's


@dataclass(frozen=True)
class SimConfig:
    """[sim]: the simulated players of `run --sim` and `run --sim-players`. Only the command
    line seats them: a table file cannot, so that a real table's bets are never a file's."""

    players: int = 6
    max_bets: int = 5
    buyin: int = 50


# [gpio] keys: the role of each input or lamp, and which kind of pin it is
GPIO_BUTTONS = ("no_more_bets",)
GPIO_SWITCHES = ("tilt", "door")
GPIO_LAMPS = ("open", "closed", "fault")  # keys lamp_open, lamp_closed, lamp_fault


@dataclass(frozen=True)
class GpioPins:
    """BCM pin numbers by role; what is not wired is left out."""

    buttons: dict[str, int] = field(default_factory=dict)
    switches: dict[str, int] = field(default_factory=dict)
    lamps: dict[str, int] = field(default_factory=dict)
    bounce_ms: int = 5

    @classmethod
    def of(cls, wired: Mapping[str, Any], bounce_ms: int) -> GpioPins:
        """From [gpio] keys -> pins."""
        return cls(
            buttons={k: v for k, v in wired.items() if k in GPIO_BUTTONS},
            switches={k: v for k, v in wired.items() if k in GPIO_SWITCHES},
            lamps={k.removeprefix("lamp_"): v for k, v in wired.items() if k.startswith("lamp_")},
            bounce_ms=bounce_ms,
        )

    def pin_map(self) -> PinMap:
        """The drivers' pin map of these pins; ValueError for a pin it refuses."""
        return PinMap(
            buttons=self.buttons, switches=self.switches, leds=self.lamps, bounce_ms=self.bounce_ms
        )


@dataclass(frozen=True)
class CurveFiles:
    """[feed] curve_secret and curve_allow: the table's secret key file and the directory of the
    public key files of the pits it admits (CURVE on the feed and the replay)."""

    secret: Path
    allow: Path


@dataclass(frozen=True)
class TableConfig:
    path: Path
    id: str
    game: str
    profile: str
    croupier: str
    minimum: int
    chip_unit: int
    chips: tuple[int, ...]
    device: str  # URL of the device that decides the rounds: [devices] wheel, or dice for craps
    device_timeout: float
    gpio: str | None
    gpio_pins: GpioPins
    publish: str
    replay: str
    db: Path
    topup_below: float
    # the staff file (terminal/runtime/staffed/staff.py): a person opens, signs and closes the
    # session
    staff: Path | None = None
    rotation: int = 0  # the screen's rotation, degrees clockwise (a portrait Touch Display 2)
    language: str = "ca"  # the screen's language at start (ca, es, en); switched on the screen
    # the places whose players may bet: [table] seats, or craps' [craps] seats
    seats: int = DEFAULT_SEATS
    # bet code or family ->
    stakes: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    # the amount its stakes are multiples of, instead of the minimum (so that it is paid exactly)
    sim: SimConfig = field(default_factory=SimConfig)
    speech: SpeechConfig = field(default_factory=SpeechConfig)
    # what the game's own sections gave (games/options.py): craps' dice change, the colours
    options: TableOptions = field(default_factory=TableOptions)
    curve: CurveFiles | None = None  # None: the feed and the replay are open to any client

    @property
    def rulebooks(self) -> Path:
        return config_dir() / "rulebooks"


def table_config_path(game: str) -> Path:
    path = config_dir() / "tables" / f"{game}.toml"
    if not path.is_file():
        known = ", ".join(known_games()) or "none"
        raise ConfigError(f"unknown game {game!r}: no example table {path}; known games: {known}")
    return path


def load_table_config(path: str | Path) -> TableConfig:
    path = Path(path)
    return _parse(path, read_toml(path))


def _parse(path: Path, raw: Mapping[str, Any]) -> TableConfig:
    # a misspelt [table] is named, though the game it would give is not known
    if "table" not in raw:
        refuse_unknown_sections(path, raw, SECTIONS + _every_game_section(), "a table file")
    table = Section(path, raw, "table")
    table.only(TABLE_KEYS, "a table's [table]")
    game = table.text("game")
    if game not in GAMES:
        raise ConfigError(
            f"{path}: [table] game {game!r}: the table does not play it; "
            f"it plays {', '.join(sorted(GAMES))}"
        )
    own = _game_sections(path, raw, game)
    refuse_unknown_sections(path, raw, SECTIONS + own, f"a {game} table file")
    devices = Section(path, raw, "devices")
    feed = Section(path, raw, "feed")
    journal = Section(path, raw, "journal", required=False)
    session = Section(path, raw, "session", required=False)
    device = GAMES[game].device
    devices.only((device, f"{device}_timeout", "gpio"), f"a {game} table's [devices]")
    feed.only(FEED_KEYS, "a table's [feed]")
    journal.only(("db",), "a table's [journal]")
    session.only(("topup_below", "staff"), "a table's [session]")
    screen = Section(path, raw, "screen", required=False)
    screen.only(("rotation", "language"), "a table's [screen]")

    sections = GAMES[game].sections
    options = (
        sections.read(lambda name: Section(path, raw, name, required=False))
        if sections is not None
        else TableOptions()
    )
    if options.seats is not None and "seats" in table.raw:
        assert sections is not None
        raise ConfigError(
            f"{path}: [table] seats: a {game} table's seats are {sections.seats_are}: "
            f"set [{own[0]}] seats instead"
        )
    table_id = table.text("id")
    minimum = table.amount("minimum")
    chip_unit = table.amount("chip_unit")
    if minimum % chip_unit:
        raise ConfigError(
            f"{path}: [table] minimum {minimum} is not a multiple of chip_unit {chip_unit}"
        )
    chips = table.amounts("chips")
    if any(c % chip_unit for c in chips):
        raise ConfigError(
            f"{path}: [table] chips {list(chips)} must all be multiples of chip_unit {chip_unit}"
        )
    seats = (
        options.seats
        if options.seats is not None
        else table.whole("seats", DEFAULT_SEATS, high=MAX_SEATS)
    )
    gpio = Section(path, raw, "gpio", required=False)
    gpio_pins = _gpio_pins(gpio)
    return TableConfig(
        path=path,
        id=table_id,
        game=game,
        profile=table.text("profile"),
        croupier=table.text("croupier", "unknown"),
        minimum=minimum,
        chip_unit=chip_unit,
        chips=chips,
        seats=seats,
        stakes=_stakes(Section(path, raw, "stakes", required=False), minimum, chip_unit),
        device=_device_url(devices, device, URL_CHECKS[device]),
        device_timeout=_device_timeout(devices, device),
        gpio=_gpio_url(devices, gpio, gpio_pins),
        gpio_pins=gpio_pins,
        publish=feed.endpoint("publish", bind=True),
        replay=feed.endpoint("replay", bind=True),
        curve=_curve(feed),
        db=Path(journal.text("db", f"var/{table_id}.sqlite")),
        topup_below=session.number("topup_below", 0.25, 0, 1),
        staff=Path(session.text("staff")) if "staff" in session.raw else None,
        rotation=_rotation(screen),
        language=_language(screen),
        sim=_sim(Section(path, raw, "sim", required=False), seats),
        speech=_speech(Section(path, raw, "speech", required=False), _language(screen)),
        options=options,
    )


def _every_game_section() -> tuple[str, ...]:
    """The sections some game takes, each once, in the registry's order."""
    names = (name for g in GAMES.values() if g.sections for name in g.sections.why)
    return tuple(dict.fromkeys(names))


def _game_sections(path: Path, raw: Mapping[str, Any], game: str) -> tuple[str, ...]:
    """The sections of its own that `game` takes; ConfigError for another game's in `raw`."""
    sections = GAMES[game].sections
    own = tuple(sections.why) if sections is not None else ()
    for name in _every_game_section():
        if name in raw and name not in own:
            takers = {
                g.id: g.sections.why[name]
                for g in GAMES.values()
                if g.sections is not None and name in g.sections.why
            }
            why = next(iter(takers.values()))(", ".join(takers))
            raise ConfigError(f"{path}: [{name}]: {why}, not {game}'s")
    return own


def _device_timeout(devices: Section, device: str) -> float:
    """[devices] `<device>_timeout`: longer than the device may rightly stay quiet in a round
    (a Cammegh wheel's own launch retries), or the table would void rounds still in play."""
    key = f"{device}_timeout"
    timeout = devices.number(key, 20, 1, MAX_TIMEOUT_S)
    checked = URL_CHECKS[device](devices.text(device))
    quiet = checked.quiet_up_to
    if timeout <= quiet:
        cause, shorten = checked.quiet_cause
        raise ConfigError(
            f"{devices.path}: [devices] {key} = {timeout:g} s is not above the {quiet:g} s the "
            f"{device} may stay quiet in a round by itself ({cause}); the table would void the "
            f"spin while it plays on: set {key} above {quiet:g} (90 leaves room), or {shorten}"
        )
    return timeout


def _device_url(devices: Section, key: str, check: Callable[..., Any], *args: Any) -> str:
    """[devices] `key`, a URL its interface's backends parse now (`check`), opening nothing:
    a URL that could never open is refused even when --sim would run the table without it."""
    url = devices.text(key)
    try:
        check(url, *args)
    except DeviceError as exc:
        raise ConfigError(f"{devices.path}: [devices] {key}: {exc}") from None
    return url


def _gpio_url(devices: Section, gpio: Section, pins: GpioPins) -> str | None:
    """[devices] gpio for the pins of [gpio]; None when the table has no I/O (and no [gpio])."""
    if "gpio" in devices.raw:
        return _device_url(devices, "gpio", check_gpio_url, pins.pin_map())
    if gpio.raw:
        raise ConfigError(
            f"{devices.path}: [gpio] is given but [devices] gpio is not: give the table "
            "I/O's URL (rpigpio:// on a Pi, sim://gpio), or leave [gpio] out"
        )
    return None


def _curve(feed: Section) -> CurveFiles | None:
    """Both CURVE keys or neither; paths relative to the configuration file's folder, checked
    now."""
    keys = ("curve_secret", "curve_allow")
    given = [key for key in keys if key in feed.raw]
    if not given:
        return None
    if len(given) == 1:
        (missing,) = set(keys) - set(given)
        raise ConfigError(
            f"{feed.path}: [feed] {given[0]} is set but {missing} is not: CURVE needs both, the "
            "table's secret key file (curve_secret) and the directory of the allowed pit keys "
            "(curve_allow)"
        )
    from terminal.feed.curve_keys import (
        CurveError,
        load_secret,
        read_allow_list,
    )  # zmq's CURVE only for tables that use it

    return CurveFiles(
        feed.key_file("curve_secret", load_secret, CurveError),
        feed.key_file("curve_allow", read_allow_list, CurveError),
    )


def _stakes(stakes: Section, minimum: int, chip_unit: int) -> Mapping[str, int]:
    """[stakes]: bet code or family -> the amount its stakes are multiples of. Whether the game
    has such a bet is the rulebook's to say, when it is loaded."""
    units = {}
    for code in stakes.raw:
        if not BET_CODE.fullmatch(code):
            raise ConfigError(
                f"{stakes.path}: [stakes] {code!r} is not a bet code or family: lowercase "
                "letters and digits, parts joined with ':' and numbers with '-' "
                '("place:6", "split:1-2")'
            )
        unit = stakes.amount(code)
        if unit % chip_unit or unit < minimum:
            raise stakes.invalid(
                code, f"a multiple of chip_unit {chip_unit} and at least the minimum {minimum}"
            )
        units[code] = unit
    return MappingProxyType(units)


def _sim(sim: Section, seats: int) -> SimConfig:
    sim.only(("players", "max_bets", "buyin"), "a table's [sim]")
    return SimConfig(
        players=sim.whole(
            "players", min(SimConfig.players, seats), high=seats, note="one player a seat at most"
        ),
        max_bets=sim.whole("max_bets", 5, high=MAX_BETS),
        buyin=sim.whole("buyin", 50, high=MAX_BUYIN, what="a whole number of minimums"),
    )


LANGUAGES = ("ca", "es", "en")  # the screen's catalogue (terminal/screens/texts.py)


def _rotation(screen: Section) -> int:
    rotation = screen.number("rotation", 0, 0, 270)
    if rotation % 90:
        raise ConfigError(f"{screen.path}: [screen] rotation must be 0, 90, 180 or 270")
    return int(rotation)


def _language(screen: Section) -> str:
    language = screen.text("language", "ca")
    if language not in LANGUAGES:
        raise ConfigError(f"{screen.path}: [screen] language must be one of {', '.join(LANGUAGES)}")
    return language


def _speech(speech: Section, screen_language: str) -> SpeechConfig:
    speech.only(("enabled", "dir", "language"), "a table's [speech]")
    enabled = speech.raw.get("enabled", False)
    if not isinstance(enabled, bool):
        raise speech.invalid("enabled", "true or false")
    language = speech.text("language", screen_language)
    if language not in LANGUAGES:
        raise ConfigError(f"{speech.path}: [speech] language must be one of {', '.join(LANGUAGES)}")
    return SpeechConfig(
        enabled=enabled, dir=Path(speech.text("dir", str(SpeechConfig.dir))), language=language
    )


def _gpio_pins(gpio: Section) -> GpioPins:
    """[gpio]: the pins of each role, checked by the drivers' PinMap now (a header GPIO, wired
    once). The map is built key by key in the file's order, so that the key it refuses is named."""
    gpio.only(
        (*GPIO_BUTTONS, *GPIO_SWITCHES, *(f"lamp_{name}" for name in GPIO_LAMPS), "bounce_ms"),
        "a table's [gpio]",
    )
    bounce_ms = gpio.whole(
        "bounce_ms", 5, high=MAX_BOUNCE_MS, what="a whole number of milliseconds"
    )
    wired: dict[str, Any] = {}
    pins = GpioPins(bounce_ms=bounce_ms)
    for key, pin in gpio.raw.items():
        if key == "bounce_ms":
            continue
        wired[key] = pin
        pins = GpioPins.of(wired, bounce_ms)
        try:
            pins.pin_map()
        except ValueError as exc:
            raise ConfigError(f"{gpio.path}: [gpio] {key}: {exc}") from None
    return pins
