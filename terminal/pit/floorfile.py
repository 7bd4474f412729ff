"""The floor file of `pit collect --tables FILE` (`docs/pit.md`): the tables, the pit's own
endpoints and CURVE key, and the alert thresholds (`[alerts]`, overridable per table)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from terminal.common.settings import ConfigError, Section, read_toml, refuse_unknown_sections
from terminal.feed.curve_keys import CurveError, check_key, load_secret, read_allow_list

DEFAULT_PUBLISH = "tcp://*:5700"
DEFAULT_CONTROL = "tcp://*:5701"


@dataclass(frozen=True)
class AlertSettings:
    silent_after: float = 5.0  # seconds without a message (tables send a heartbeat every second)
    # rounds per hour a table should keep within; None (false): no check
    pace: tuple[float, float] | None = None
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
_PIT_KEYS = ("publish", "control", "secret_key", "allow")
_SECTIONS = ("table", "pit", "alerts")
MAX_PACE = 3600  # rounds per hour: one a second
MAX_BIAS_SPINS = 100_000  # the results kept per table for the bias test


def _settings(section: Section, base: AlertSettings) -> AlertSettings:
    """`base` with whatever of the alert keys `section` sets."""
    changes: dict[str, Any] = {}
    raw = section.raw
    if "silent_after" in raw:
        changes["silent_after"] = section.number("silent_after", 0, 1.5, 3600)
    if raw.get("pace") is False:  # a table that keeps no pace (a tournament table, say)
        changes["pace"] = None
    elif "pace" in raw:
        changes["pace"] = section.number_pair("pace", MAX_PACE, "or false for no pace check")
    if "pace_window" in raw:
        changes["pace_window"] = section.number("pace_window", 0, 1, 86400)
    if "float_low" in raw:
        changes["float_low"] = section.number("float_low", 0, 0, 1)
    if "bias_spins" in raw:
        changes["bias_spins"] = section.whole("bias_spins", high=MAX_BIAS_SPINS)
    if "bias_alpha" in raw:
        changes["bias_alpha"] = section.number("bias_alpha", 0, 1e-12, 0.5)
    return replace(base, **changes)


def _table(path: Path, entry: Mapping[str, Any], index: int, base: AlertSettings) -> FloorTable:
    """A [[table]] entry: the pit connects to its feed and replay, so they name a host and port."""
    section = Section(path, {f"table #{index}": entry}, f"table #{index}")
    section.only(_TABLE_KEYS, "a floor file's [[table]]")
    return FloorTable(
        section.text("id"),
        section.endpoint("feed", bind=False),
        section.endpoint("replay", bind=False),
        _server_key(section),
        _settings(section, base),
    )


def _server_key(section: Section) -> str | None:
    if "server_key" not in section.raw:
        return None
    key = section.text("server_key")
    try:
        check_key(key, "server_key")
    except CurveError:
        raise section.invalid(
            "server_key",
            "the table's CURVE public key, 40 Z85 characters "
            "(`dealer-terminal keys show TABLE.key` prints it)",
        ) from None
    return key


def load_floor(path: str | Path) -> Floor:
    """The floor file at `path`; ConfigError naming the file and key on any mistake, the pit's
    key files read: nothing of the pit starts on a file that cannot serve."""
    path = Path(path)
    raw = read_toml(path)
    refuse_unknown_sections(path, raw, _SECTIONS, "a floor file")
    entries = raw.get("table")
    if (
        not isinstance(entries, list)
        or not entries
        or not all(isinstance(e, dict) for e in entries)
    ):
        raise ConfigError(
            f"{path}: no [[table]] entries: list every table with its id, feed and replay"
        )
    alerts = Section(path, raw, "alerts", required=False)
    alerts.only(_OVERRIDES, "a floor file's [alerts]")
    base = _settings(alerts, AlertSettings())
    tables = tuple(_table(path, entry, index, base) for index, entry in enumerate(entries, 1))
    seen: set[str] = set()
    for table in tables:
        if table.id in seen:
            raise ConfigError(f"{path}: table {table.id!r} is listed twice")
        seen.add(table.id)
    pit = Section(path, raw, "pit", required=False)
    pit.only(_PIT_KEYS, "a floor file's [pit]")
    if any(t.server_key for t in tables) and "secret_key" not in pit.raw:
        raise ConfigError(
            f"{path}: tables have a server_key but [pit] secret_key is missing: "
            "create the pit's key with `dealer-terminal keys generate pit`"
        )
    if "allow" in pit.raw and "secret_key" not in pit.raw:
        raise ConfigError(
            f"{path}: [pit] allow needs [pit] secret_key: the pit's key serves its own "
            "endpoints to the boards and consoles of the allow-list"
        )
    return Floor(
        path=path,
        tables=tables,
        publish=pit.endpoint("publish", bind=True, default=DEFAULT_PUBLISH),
        control=pit.endpoint("control", bind=True, default=DEFAULT_CONTROL),
        secret_key=pit.key_file("secret_key", load_secret, CurveError)
        if "secret_key" in pit.raw
        else None,
        allow=pit.key_file("allow", read_allow_list, CurveError) if "allow" in pit.raw else None,
    )
