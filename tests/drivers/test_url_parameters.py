"""docs/devices.md, "URL parameters": a table for each wheel backend, naming every parameter its
URL takes (as the backend asks `Device._query` for them) with the backend's default."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from drivers.bridge_board import DEFAULT_BAUD
from drivers.device import Device
from drivers.wheel import BACKENDS, check_wheel_url
from drivers.wheel.board import BoardWheel
from drivers.wheel.cammegh_port import PARAMETERS as CAMMEGH_PARAMETERS
from drivers.wheel.order import WheelOrder

DOC = Path(__file__).resolve().parents[2] / "docs" / "devices.md"
# a URL each backend takes
URLS = {
    "cammegh": "cammegh:///dev/ttyUSB0",
    "board": "board:///dev/wheel-board",
    "sim": "sim://wheel",
    "screen": "screen://",
}


def documented() -> dict[str, dict[str, str]]:
    """scheme -> parameter -> its default, from the tables of the section "URL parameters"."""
    text = DOC.read_text(encoding="utf-8")
    section = text.split("\n## URL parameters\n", 1)[1].split("\n## ", 1)[0]
    tables: dict[str, dict[str, str]] = {}
    scheme = None
    for line in section.splitlines():
        if heading := re.match(r"### `(\w+)://", line):
            scheme = heading[1]
            tables[scheme] = {}
        elif scheme and (row := re.match(r"\| `(\w+)` \| ([^|]+) \|", line)):
            tables[scheme][row[1]] = row[2].strip()
    return tables


def asked(url: str, monkeypatch) -> set[str]:
    """The parameters the backend of `url` asks its URL for."""
    names: set[str] = set()
    query = Device._query

    def recording(self, params):
        names.update(params)
        return query(self, params)

    monkeypatch.setattr(Device, "_query", recording)
    BACKENDS[url.split(":", 1)[0]](url, WheelOrder((0, 1)))
    return names


def test_every_backend_is_in_the_doc_or_said_to_take_no_parameters():
    assert set(URLS) == set(BACKENDS)
    text = DOC.read_text(encoding="utf-8")
    assert "`screen://` takes no parameters" in text


@pytest.mark.parametrize("scheme", sorted(URLS))
def test_the_doc_names_every_parameter_of_a_backend(scheme, monkeypatch):
    assert set(documented().get(scheme, {})) == asked(URLS[scheme], monkeypatch)


def test_the_documented_defaults_are_the_drivers():
    doc = documented()
    assert {name: float(default) for name, default in doc["cammegh"].items()} == {
        name: float(default) for name, (_, default) in CAMMEGH_PARAMETERS.items()
    }
    board = BoardWheel(URLS["board"], WheelOrder((0, 1)))
    assert board.baudrate == DEFAULT_BAUD
    assert (int(doc["board"]["baud"]), float(doc["board"]["silent"])) == (
        board.baudrate,
        board.silent_after,
    )
    assert (
        float(doc["sim"]["spin"]) == BACKENDS["sim"](URLS["sim"], WheelOrder((0, 1))).spin_seconds
    )


def test_each_documented_parameter_is_taken_by_its_backend():
    """A URL with every documented parameter at its default is a good URL."""
    for scheme, params in documented().items():
        values = {
            name: ("1" if default == "random" else default) for name, default in params.items()
        }
        url = f"{URLS[scheme]}?" + "&".join(f"{name}={value}" for name, value in values.items())
        check_wheel_url(url)
