"""The firmware's modules (MicroPython, not a package) loaded under CPython by path."""

import importlib.util
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
FIRMWARE = REPO / "firmware_bridge" / "firmware" / "wheel_board"


def load_firmware(name: str):
    spec = importlib.util.spec_from_file_location(f"wheel_board_{name}", FIRMWARE / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def fw_bridge():
    return load_firmware("bridge")


@pytest.fixture(scope="session")
def fw_sensors():
    return load_firmware("sensors")
