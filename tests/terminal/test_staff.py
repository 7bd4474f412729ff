"""The staff file: PINs stored as salted hashes, checked in constant time, wrong ones counted and
a person locked after too many; the file replaced whole, never half written; the CLI."""

from __future__ import annotations

import os
import re
import stat

import pytest

from terminal.runtime.staffed.staff import (
    MAX_FAILURES,
    Staff,
    StaffError,
    hash_pin,
    pin_matches,
    pin_problem,
)
from tests.support.helpers import cli


@pytest.fixture
def staff(tmp_path):
    staff = Staff(tmp_path / "staff.toml")
    staff.add("C-07", "Maria Puig", ("croupier",), "4821")
    staff.add("D-01", "Joan Ferrer", ("games_director", "table_head"), "9035")
    return staff


def test_a_pin_is_stored_as_a_salted_hash_never_in_clear(staff):
    text = staff.path.read_text(encoding="utf-8")
    # a salt's random hex may hold a PIN's digits; a PIN standing alone must never be there
    assert not re.search(r"(?<![0-9a-f])(4821|9035)(?![0-9a-f])", text)
    stored = [person.pin for person in Staff(staff.path).people.values()]
    assert all(pin not in ("4821", "9035") for pin in stored)
    again = Staff(staff.path)  # read back from the file
    assert again.people["C-07"].pin.startswith("pbkdf2_sha256$")
    assert again.check("C-07", "4821", "croupier") is None
    assert hash_pin("4821") != hash_pin("4821")  # a salt of its own each time
    assert stat.S_IMODE(os.stat(staff.path).st_mode) == 0o600


def test_a_wrong_pin_is_refused_counted_and_locks_after_too_many(staff):
    assert staff.check("C-07", "0000") == "wrong PIN for C-07 (4 tries left)"
    assert Staff(staff.path).people["C-07"].failures == 1  # counted in the file at once
    assert staff.check("C-07", "4821") is None and staff.people["C-07"].failures == 0
    for _ in range(MAX_FAILURES):
        staff.check("C-07", "1111")
    assert "locked" in staff.check("C-07", "4821")  # even the right PIN, once locked
    staff.unlock("C-07")
    assert staff.check("C-07", "4821") is None


def test_a_role_not_held_and_an_unknown_person_are_refused(staff):
    assert "does not hold the role games_director" in staff.check("C-07", "4821", "games_director")
    assert "nobody with the id 'X-9'" in staff.check("X-9", "4821")
    assert staff.check("D-01", "9035", "games_director") is None


@pytest.mark.parametrize(
    "pin, problem",
    [
        ("12", "4 to 8 digits"),
        ("12a4", "4 to 8 digits"),
        ("123456789", "4 to 8 digits"),
        ("1111", "too easy"),
        ("1234", "too easy"),
        ("9876", "too easy"),
        ("4821", None),
    ],
)
def test_what_a_pin_may_be(pin, problem):
    found = pin_problem(pin)
    assert (found is None) if problem is None else problem in found


def test_a_stored_hash_that_is_not_ours_never_matches():
    assert not pin_matches("4821", "plain4821")
    assert not pin_matches("4821", "md5$1$00$00")


def test_mistakes_are_refused_with_what_to_do(staff):
    with pytest.raises(StaffError, match="already"):
        staff.add("C-07", "Other", ("croupier",), "5930")
    with pytest.raises(StaffError, match="not a role"):
        staff.add("C-08", "Other", ("dealer",), "5930")
    with pytest.raises(StaffError, match="not a staff id"):
        staff.add("C 08", "Other", ("croupier",), "5930")
    with pytest.raises(StaffError, match="too easy"):
        staff.set_pin("C-07", "0000")
    assert sorted(Staff(staff.path).people) == ["C-07", "D-01"]  # nothing half changed


def test_a_broken_staff_file_is_named(tmp_path):
    path = tmp_path / "staff.toml"
    path.write_text("[[person]]\nid = 'C-07'\n", encoding="utf-8")
    with pytest.raises(StaffError, match="lacks or mistypes"):
        Staff(path)
    path.write_text("not toml ===", encoding="utf-8")
    with pytest.raises(StaffError, match="cannot be read"):
        Staff(path)


def test_the_file_is_replaced_whole(staff, monkeypatch):
    """A crash while writing (here: the rename fails) leaves the old file as it was."""
    before = staff.path.read_bytes()

    def fail(*args):
        raise OSError("disk gone")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(OSError):
        staff.add("C-08", "Pere Vidal", ("croupier",), "5930")
    assert staff.path.read_bytes() == before
    assert [p.name for p in staff.path.parent.iterdir()] == ["staff.toml"]  # no temporary left


def test_the_staff_command_line(tmp_path):
    path = str(tmp_path / "staff.toml")
    added = cli(
        "staff",
        "--file",
        path,
        "add",
        "C-07",
        "--name",
        "Maria Puig",
        "--role",
        "croupier",
        input="4821\n",
    )
    assert added.returncode == 0, added.stderr
    director = cli(
        "staff",
        "--file",
        path,
        "add",
        "D-01",
        "--name",
        "Joan Ferrer",
        "--role",
        "games_director",
        input="9035\n",
    )
    assert director.returncode == 0, director.stderr
    easy = cli(
        "staff",
        "--file",
        path,
        "add",
        "C-08",
        "--name",
        "Pere",
        "--role",
        "croupier",
        input="1111\n",
    )
    assert easy.returncode == 2 and "too easy" in easy.stderr and "Traceback" not in easy.stderr
    staff = Staff(path)
    for _ in range(MAX_FAILURES):
        staff.check("C-07", "0000")
    listed = cli("staff", "--file", path, "list")
    assert "C-07\tMaria Puig\tcroupier  LOCKED" in listed.stdout
    wrong = cli("staff", "--file", path, "unlock", "C-07", "--by", "D-01", input="1357\n")
    assert wrong.returncode == 1 and "wrong PIN for D-01" in wrong.stderr
    unlocked = cli("staff", "--file", path, "unlock", "C-07", "--by", "D-01", input="9035\n")
    assert unlocked.returncode == 0 and Staff(path).check("C-07", "4821") is None
    removed = cli("staff", "--file", path, "remove", "C-07")
    assert removed.returncode == 0 and sorted(Staff(path).people) == ["D-01"]
