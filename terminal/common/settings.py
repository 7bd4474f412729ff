"""Reading the terminal's TOML files (table configurations, the pit's floor file): the
`config/` folder, typed look-ups that name the file and the key on error, and the refusal of
unknown sections and keys with the nearest known name."""

from __future__ import annotations

import difflib
import os
import sys
import tomllib
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from terminal.common.endpoints import endpoint_problem

# Amounts (minimum, chip unit, chips, stakes) in minor units: at most 1,000,000.00. The largest
# sum a table handles, an advance of 15,000 minimums, is then 1.5e12, far inside a signed 64-bit
# integer (9.2e18) whatever is multiplied or added to it.
MAX_AMOUNT = 100_000_000


class ConfigError(Exception):
    """A table configuration that cannot be used; the message says where and why."""


def config_dir() -> Path:
    """The `config/` folder (the rulebooks, the example tables): $DEALER_TERMINAL_CONFIG, else
    the one beside the code (a checkout, or an editable install of it), else the one beside the
    virtual environment the code is installed in (`make install`: /opt/dealer-terminal/config
    beside /opt/dealer-terminal/.venv)."""
    env = os.environ.get("DEALER_TERMINAL_CONFIG")
    if env:
        return Path(env)
    beside_code = Path(__file__).resolve().parents[2] / "config"
    beside_venv = Path(sys.prefix).parent / "config"
    if not beside_code.is_dir() and sys.prefix != sys.base_prefix and beside_venv.is_dir():
        return beside_venv
    return beside_code


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


def instead(name: str, known: Sequence[str], shown: Callable[[str], str] = str) -> str:
    """What to write instead of the unknown `name`: the known name nearest it, else all of them."""
    near = difflib.get_close_matches(name, known, n=1)
    if near:
        return f"did you mean {shown(near[0])}?"
    return f"it takes {', '.join(map(shown, known))}"


def refuse_unknown_sections(
    path: Path, raw: Mapping[str, Any], known: Sequence[str], where: str
) -> None:
    """ConfigError for a section of `raw` (a whole file) not in `known`, or a key outside any
    section: a misspelt section must not pass unseen, its keys' defaults in force."""
    for name, value in raw.items():
        if name in known:
            continue
        if not isinstance(value, (dict, list)):
            raise ConfigError(
                f"{path}: {name} = {value!r} stands outside any section: keys go in theirs "
                f"({', '.join(f'[{n}]' for n in known)})"
            )
        raise ConfigError(
            f"{path}: [{name}] is not a section of {where}: {instead(name, known, '[{}]'.format)}"
        )


class Section:
    """Typed look-ups in one TOML table that name file and key on error."""

    def __init__(self, path: Path, raw: Mapping[str, Any], name: str, required: bool = True):
        value = raw.get(name)
        self.present = value is not None
        if value is None and not required:
            value = {}
        if value is None:
            raise ConfigError(f"{path}: missing section [{name}]")
        if not isinstance(value, dict):
            raise ConfigError(
                f"{path}: [{name}] must be a section: a line [{name}] and its keys under it"
            )
        self.path, self.name, self.raw = path, name, value

    def only(self, known: Sequence[str], where: str) -> None:
        """ConfigError for a key not in `known` (`where` says whose section this is: "a craps
        table's [devices]"): a misspelt key must not pass unseen, its default in force."""
        for key in self.raw:
            if key not in known:
                raise ConfigError(
                    f"{self.path}: [{self.name}] {key} is not a key of {where}: "
                    f"{instead(key, known)}"
                )

    def invalid(self, key: str, expected: str) -> ConfigError:
        """The error of `key`, which must be `expected`."""
        got = self.raw.get(key, "nothing")
        return ConfigError(f"{self.path}: [{self.name}] {key} must be {expected} (got {got!r})")

    def text(self, key: str, default: str | None = None) -> str:
        value = self.raw.get(key, default)
        if not isinstance(value, str) or not value.strip():
            raise self.invalid(key, "a non-empty string")
        return value

    def whole(
        self,
        key: str,
        default: int | None = None,
        *,
        low: int = 1,
        high: int,
        what: str = "a whole number",
        note: str = "",
    ) -> int:
        """A whole number from `low` to `high`; `note` says why the bounds or what one of them
        means."""
        value = self.raw.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.invalid(
                key, f"{what} from {low:,} to {high:,}" + (f", {note}" if note else "")
            )
        return value

    def amount(self, key: str) -> int:
        """An amount of money in minor units, from 1 to MAX_AMOUNT."""
        return self.whole(key, high=MAX_AMOUNT, what="a whole number of minor units")

    def amounts(self, key: str) -> tuple[int, ...]:
        """A non-empty list of amounts, sorted, each once."""
        value = self.raw.get(key)
        if (
            not isinstance(value, list)
            or not value
            or not all(
                isinstance(v, int) and not isinstance(v, bool) and 0 < v <= MAX_AMOUNT
                for v in value
            )
        ):
            raise self.invalid(
                key, f"a non-empty list of whole numbers of minor units from 1 to {MAX_AMOUNT:,}"
            )
        return tuple(sorted(set(value)))

    def number(self, key: str, default: float, low: float, high: float) -> float:
        value = self.raw.get(key, default)
        if (
            isinstance(value, bool)
            or not isinstance(value, (int, float))
            or not low <= value <= high
        ):
            raise self.invalid(key, f"a number from {low} to {high}")
        return float(value)

    def number_pair(self, key: str, high: float, otherwise: str = "") -> tuple[float, float]:
        """`[low, high]`, two numbers from 0 to `high`, low not above high; `otherwise` names what
        else the key takes, for the error."""
        value = self.raw.get(key)
        if not (
            isinstance(value, list)
            and len(value) == 2
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)
            and 0 <= value[0] <= value[1] <= high
        ):
            raise self.invalid(
                key,
                f"[low, high]: two numbers from 0 to {high}, low not above high"
                + (f", {otherwise}" if otherwise else ""),
            )
        return float(value[0]), float(value[1])

    def endpoint(self, key: str, *, bind: bool, default: str | None = None) -> str:
        """A ZeroMQ endpoint this side binds (`bind`) or connects to
        (terminal/common/endpoints.py)."""
        value = self.text(key, default)
        problem = endpoint_problem(value, bind=bind)
        if problem:
            raise ConfigError(f"{self.path}: [{self.name}] {key} {value!r}: {problem}")
        return value

    def key_file(self, key: str, read: Callable[[Path], object], error: type[Exception]) -> Path:
        """The path of a CURVE key file or key directory, relative to the file's folder, read
        now by `read` (terminal/feed/curve_keys.py's load_secret or read_allow_list), which raises
        `error` for a file it cannot use."""
        path = self.path.parent / self.text(key)
        try:
            read(path)
        except error as exc:
            raise ConfigError(f"{self.path}: [{self.name}] {key}: {exc}") from None
        return path
