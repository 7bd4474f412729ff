"""The table configuration: one TOML file per table, validated when loaded.

Every error names the file, the key and what is expected, so that a technician can fix the
file without reading code.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from .games import PLAYS


class ConfigError(Exception):
    """A table configuration that cannot be used; the message says where and why."""


def config_dir() -> Path:
    """The `config/` folder: $DEALER_TERMINAL_CONFIG, else the one beside the installed code."""
    env = os.environ.get("DEALER_TERMINAL_CONFIG")
    if env:
        return Path(env)
    return Path(__file__).resolve().parent.parent / "config"


def known_games() -> list[str]:
    return sorted(p.stem for p in (config_dir() / "tables").glob("*.toml"))


# games whose players may play colour chips (section 02 I.b): [colours] names = [...]
COLOUR_GAMES = ("roulette_us1",)
# [devices] key of the device that decides a game's rounds (the rest are wheels of some kind)
DEVICE_KEYS = {"craps": "dice", "blackjack": "shoe", "punto_banco": "shoe", "trente_quarante": "shoe",
               "poker_stud": "shoe"}


@dataclass(frozen=True)
class CrapsConfig:
    seats: int = 12  # places round the table the dice are offered to, clockwise from 1
    dice_change_rolls: int = 0  # the pit boss changes the dice after so many rolls; 0: only when asked


@dataclass(frozen=True)
class SimConfig:
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
    sim: SimConfig = field(default_factory=SimConfig)
    craps: CrapsConfig = field(default_factory=CrapsConfig)
    colours: tuple[str, ...] = ()  # the colours of the table's colour chips, one box each by the wheel
    carrousel: str | None = None  # poker: the casino's carrousel pool (dealer-terminal carrousel serve)
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


def read_toml(path: Path) -> dict[str, Any]:
    """A TOML file's content; ConfigError naming the file when it cannot be had."""
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"{path}: no such configuration file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot be read ({exc})") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML ({exc})") from None


def load_table_config(path: str | Path) -> TableConfig:
    path = Path(path)
    return _parse(path, read_toml(path))


class Section:
    """Typed look-ups in one TOML table that name file and key on error."""

    def __init__(self, path: Path, raw: Mapping[str, Any], name: str, required: bool = True):
        value = raw.get(name)
        if value is None and not required:
            value = {}
        if not isinstance(value, dict):
            raise ConfigError(f"{path}: missing section [{name}]")
        self.path, self.name, self.raw = path, name, value

    def _fail(self, key: str, expected: str) -> ConfigError:
        got = self.raw.get(key, "nothing")
        return ConfigError(f"{self.path}: [{self.name}] {key} must be {expected} (got {got!r})")

    def text(self, key: str, default: str | None = None) -> str:
        value = self.raw.get(key, default)
        if not isinstance(value, str) or not value.strip():
            raise self._fail(key, "a non-empty string")
        return value

    def positive_int(self, key: str, default: int | None = None, *, zero: str | None = None) -> int:
        """A whole number above 0; or 0 too when `zero` says what 0 means."""
        value = self.raw.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or value < (0 if zero else 1):
            raise self._fail(key, f"a whole number, 0 for {zero}" if zero else "a positive whole number")
        return value

    def number(self, key: str, default: float, low: float, high: float) -> float:
        value = self.raw.get(key, default)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
            raise self._fail(key, f"a number from {low} to {high}")
        return float(value)

    def number_pair(self, key: str, otherwise: str = "") -> tuple[float, float]:
        """`[low, high]`, two numbers, low not above high; `otherwise` names what else the key
        takes, for the error."""
        value = self.raw.get(key)
        if not (isinstance(value, list) and len(value) == 2
                and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)
                and 0 <= value[0] <= value[1]):
            raise self._fail(key, "[low, high]: two numbers from 0, low not above high"
                             + (f", {otherwise}" if otherwise else ""))
        return float(value[0]), float(value[1])

    def int_list(self, key: str) -> tuple[int, ...]:
        value = self.raw.get(key)
        if not isinstance(value, list) or not value or not all(
            isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in value
        ):
            raise self._fail(key, "a non-empty list of positive whole numbers")
        return tuple(sorted(set(value)))


def _parse(path: Path, raw: Mapping[str, Any]) -> TableConfig:
    table = Section(path, raw, "table")
    devices = Section(path, raw, "devices")
    feed = Section(path, raw, "feed")
    journal = Section(path, raw, "journal", required=False)
    session = Section(path, raw, "session", required=False)
    sim = Section(path, raw, "sim", required=False)

    table_id = table.text("id")
    game = table.text("game")
    if game not in PLAYS:
        raise ConfigError(f"{path}: [table] game {game!r}: the table does not play it; it plays {', '.join(sorted(PLAYS))}")
    device = DEVICE_KEYS.get(game, "wheel")
    minimum = table.positive_int("minimum")
    chip_unit = table.positive_int("chip_unit")
    if minimum % chip_unit:
        raise ConfigError(f"{path}: [table] minimum {minimum} is not a multiple of chip_unit {chip_unit}")
    chips = table.int_list("chips")
    if any(c % chip_unit for c in chips):
        raise ConfigError(f"{path}: [table] chips {list(chips)} must all be multiples of chip_unit {chip_unit}")
    return TableConfig(
        path=path,
        id=table_id,
        game=game,
        profile=table.text("profile"),
        croupier=table.text("croupier", "unknown"),
        minimum=minimum,
        chip_unit=chip_unit,
        chips=chips,
        device=devices.text(device),
        device_timeout=devices.number(f"{device}_timeout", 20, 1, 3600),
        gpio=devices.text("gpio") if "gpio" in devices.raw else None,
        gpio_pins=_gpio_pins(Section(path, raw, "gpio", required=False)),
        publish=feed.text("publish"),
        replay=feed.text("replay"),
        curve=_curve(feed),
        db=Path(journal.text("db", f"var/{table_id}.sqlite")),
        topup_below=session.number("topup_below", 0.25, 0, 1),
        sim=SimConfig(
            players=sim.positive_int("players", 6),
            max_bets=sim.positive_int("max_bets", 5),
            buyin=sim.positive_int("buyin", 50),
        ),
        craps=_craps(Section(path, raw, "craps", required=False)),
        colours=_colours(Section(path, raw, "colours", required=False), game),
        carrousel=_carrousel(Section(path, raw, "carrousel", required=False), game),
    )


def _curve(feed: Section) -> CurveFiles | None:
    """Both CURVE keys or neither; paths relative to the configuration file's folder, checked now."""
    keys = ("curve_secret", "curve_allow")
    given = [key for key in keys if key in feed.raw]
    if not given:
        return None
    if len(given) == 1:
        (missing,) = set(keys) - set(given)
        raise ConfigError(f"{feed.path}: [feed] {given[0]} is set but {missing} is not: CURVE needs both, the "
                          "table's secret key file (curve_secret) and the directory of the allowed pit keys (curve_allow)")
    from .feed.curve import CurveError, load_secret, read_allow_list  # zmq only for tables that use CURVE

    paths = [feed.path.parent / feed.text(key) for key in keys]
    for key, check, path in zip(keys, (load_secret, read_allow_list), paths):
        try:
            check(path)
        except CurveError as exc:
            raise ConfigError(f"{feed.path}: [feed] {key}: {exc}") from None
    return CurveFiles(*paths)


def _carrousel(carrousel: Section, game: str) -> str | None:
    if not carrousel.raw:
        return None
    if game != "poker_stud":
        raise ConfigError(f"{carrousel.path}: [carrousel]: the carrousel is poker's (poker_stud), not {game}'s")
    return carrousel.text("endpoint")


def _colours(colours: Section, game: str) -> tuple[str, ...]:
    if not colours.raw:
        return ()
    if game not in COLOUR_GAMES:
        raise ConfigError(f"{colours.path}: [colours]: colour chips are played at {', '.join(COLOUR_GAMES)} "
                          f"tables only, not {game}")
    names = colours.raw.get("names")
    if not isinstance(names, list) or not names or len(set(names)) != len(names) or not all(
            isinstance(n, str) and n.strip() for n in names):
        raise colours._fail("names", "a list of distinct colour names")
    return tuple(names)


def _craps(craps: Section) -> CrapsConfig:
    return CrapsConfig(seats=craps.positive_int("seats", 12),
                       dice_change_rolls=craps.positive_int("dice_change_rolls", 0, zero="no automatic change"))


def _gpio_pins(gpio: Section) -> GpioPins:
    lamps = {f"lamp_{name}": name for name in GPIO_LAMPS}
    known = set(GPIO_BUTTONS) | set(GPIO_SWITCHES) | set(lamps) | {"bounce_ms"}
    unknown = sorted(set(gpio.raw) - known)
    if unknown:
        raise ConfigError(f"{gpio.path}: [gpio] unknown keys {unknown}; known: {sorted(known)}")
    pins = {key: gpio.positive_int(key) for key in gpio.raw if key != "bounce_ms"}
    return GpioPins(
        buttons={k: v for k, v in pins.items() if k in GPIO_BUTTONS},
        switches={k: v for k, v in pins.items() if k in GPIO_SWITCHES},
        lamps={lamps[k]: v for k, v in pins.items() if k in lamps},
        bounce_ms=gpio.positive_int("bounce_ms", 5),
    )
