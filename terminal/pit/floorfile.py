"""The floor file of `pit collect --tables FILE` (`spec/pit.md`): the tables, the pit's own
endpoints and CURVE key, and the alert thresholds (`[alerts]`, overridable per table)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Iterable, Mapping

from terminal.config import ConfigError, Section, read_toml

DEFAULT_PUBLISH = "tcp://*:5700"
DEFAULT_CONTROL = "tcp://*:5701"


@dataclass(frozen=True)
class AlertSettings:
    silent_after: float = 5.0  # seconds without a message (tables send a heartbeat every second)
    pace: tuple[float, float] | None = None  # rounds per hour a table should keep within; None (false): no check
    pace_window: float = 3600.0  # seconds of results the pace is measured over
    float_low: float = 0.2  # the tray below this share of the session's first advance
    bias_spins: int = 3700  # the last results the wheel's chi-squared test looks at
    bias_alpha: float = 0.0001  # its significance level (500 wheels tested often: keep it small)


@dataclass(frozen=True)
class FloorTable:
    id: str
    feed: str
    replay: str
    server_key: str | None  # the table's CURVE public key (Z85), when CURVE is on
    alerts: AlertSettings


@dataclass(frozen=True)
class Floor:
    path: Path
    tables: tuple[FloorTable, ...]
    publish: str
    control: str
    secret_key: Path | None  # the pit's CURVE secret key file
    allow: Path | None  # the boards' and consoles' public keys: CURVE on the pit's own endpoints


_OVERRIDES = ("silent_after", "pace", "pace_window", "float_low", "bias_spins", "bias_alpha")
_TABLE_KEYS = ("id", "feed", "replay", "server_key", *_OVERRIDES)
_PIT_KEYS = ("publish", "control", "secret_key")
_SECTIONS = ("table", "pit", "alerts")


def _known_keys(path: Path, where: str, raw: Mapping[str, Any], known: Iterable[str]) -> None:
    """ConfigError when `raw` has a key not in `known` (a misspelt threshold must not pass unseen)."""
    known = tuple(known)
    unknown = set(raw) - set(known)
    if unknown:
        raise ConfigError(f"{path}: {where} has unknown keys {sorted(unknown)}: it takes {', '.join(known)}")


def _settings(section: Section, base: AlertSettings) -> AlertSettings:
    """`base` with whatever of the alert keys `section` sets."""
    changes: dict[str, Any] = {}
    raw = section.raw
    if "silent_after" in raw:
        changes["silent_after"] = section.number("silent_after", 0, 1.5, 3600)
    if raw.get("pace") is False:  # a table that keeps no pace (a tournament table, say)
        changes["pace"] = None
    elif "pace" in raw:
        changes["pace"] = section.number_pair("pace", "or false for no pace check")
    if "pace_window" in raw:
        changes["pace_window"] = section.number("pace_window", 0, 1, 86400)
    if "float_low" in raw:
        changes["float_low"] = section.number("float_low", 0, 0, 1)
    if "bias_spins" in raw:
        changes["bias_spins"] = section.positive_int("bias_spins")
    if "bias_alpha" in raw:
        changes["bias_alpha"] = section.number("bias_alpha", 0, 1e-12, 0.5)
    return replace(base, **changes)


def _table(path: Path, entry: Mapping[str, Any], index: int, base: AlertSettings) -> FloorTable:
    section = Section(path, {f"table #{index}": entry}, f"table #{index}")
    _known_keys(path, f"[[table]] #{index}", entry, _TABLE_KEYS)
    key = section.text("server_key") if "server_key" in entry else None
    if key is not None and len(key) != 40:
        raise ConfigError(f"{path}: [[table]] #{index} server_key must be the table's 40-character Z85 "
                          "public key (`dealer-terminal keys show TABLE.key` prints it)")
    return FloorTable(section.text("id"), section.text("feed"), section.text("replay"), key,
                      _settings(section, base))


def load_floor(path: str | Path) -> Floor:
    """The floor file at `path`; ConfigError naming the file and key on any mistake."""
    path = Path(path)
    raw = read_toml(path)
    _known_keys(path, "the floor file", raw, _SECTIONS)
    entries = raw.get("table")
    if not isinstance(entries, list) or not entries or not all(isinstance(e, dict) for e in entries):
        raise ConfigError(f"{path}: no [[table]] entries: list every table with its id, feed and replay")
    alerts = Section(path, raw, "alerts", required=False)
    _known_keys(path, "[alerts]", alerts.raw, _OVERRIDES)
    base = _settings(alerts, AlertSettings())
    tables = tuple(_table(path, entry, index, base) for index, entry in enumerate(entries, 1))
    seen: set[str] = set()
    for table in tables:
        if table.id in seen:
            raise ConfigError(f"{path}: table {table.id!r} is listed twice")
        seen.add(table.id)
    pit = Section(path, raw, "pit", required=False)
    _known_keys(path, "[pit]", pit.raw, _PIT_KEYS)
    secret = pit.text("secret_key") if "secret_key" in pit.raw else None
    if any(t.server_key for t in tables) and secret is None:
        raise ConfigError(f"{path}: tables have a server_key but [pit] secret_key is missing: "
                          "create the pit's key with `dealer-terminal keys generate pit`")
    allow = pit.text("allow") if "allow" in pit.raw else None
    if allow is not None and secret is None:
        raise ConfigError(f"{path}: [pit] allow needs [pit] secret_key: the pit's key serves its own "
                          "endpoints to the boards and consoles of the allow-list")
    return Floor(
        path=path,
        tables=tables,
        publish=pit.text("publish", DEFAULT_PUBLISH),
        control=pit.text("control", DEFAULT_CONTROL),
        secret_key=None if secret is None else (path.parent / secret),
        allow=None if allow is None else (path.parent / allow),
    )
