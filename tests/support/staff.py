"""A staff file for tests of staffed tables: the people the regulation's signatures need."""

from __future__ import annotations

from pathlib import Path

from terminal.runtime.staffed.session import Signature
from terminal.runtime.staffed.staff import Staff

PEOPLE = {
    # id: (name, roles, PIN)
    "C-07": ("Maria Puig", ("croupier",), "1107"),
    "C-08": ("Pere Soler", ("croupier",), "1108"),
    "D-01": ("Joan Ferrer", ("games_director", "table_head"), "2101"),
    "K-01": ("Anna Vidal", ("cashier",), "3101"),
}


def staff_file(directory: Path) -> Path:
    path = directory / "staff.toml"
    staff = Staff(path)
    for person, (name, roles, pin) in PEOPLE.items():
        staff.add(person, name, roles, pin)
    return path


def signed(person: str) -> Signature:
    """`person` with their right PIN."""
    return Signature(person, PEOPLE[person][2])
