"""The staff file: who may sign what at the table, and their PINs (docs/staff.md).

A person has an id (what the journal's `sign.by` and `croupier` say), a name, the roles the
regulation's signatures ask for (art. 36: the croupier, the games director, a cashier...) and a
PIN of 4 to 8 digits. A PIN is never stored: only a salted PBKDF2-HMAC-SHA256 hash of it, checked
in constant time. The file is TOML, written whole to a temporary file, synced and renamed over
the old one (mode 0600), so that a crash leaves the old file or the new one, never half of one.
A wrong PIN is refused and counted: after `MAX_FAILURES` in a row a person is locked until
someone with the games director's role unlocks them (`dealer-terminal staff unlock`).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import re
import secrets
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from games.reasons import reason
from terminal.common.settings import ConfigError

# the roles that sign (docs/feed.md `sign`), and the technician's, who signs nothing but comes to
# the table's devices (terminal/runtime/staffed/technician.py)
SIGNING_ROLES = ("croupier", "table_head", "games_director", "cashier", "inspector")
ROLES = (*SIGNING_ROLES, "technician")
MAX_FAILURES = 5  # wrong PINs in a row before a person is locked
ITERATIONS = 200_000  # PBKDF2 rounds: about 0.1 s a check on a Pi 4, a brute force's cost
_PIN = re.compile(r"\d{4,8}")
_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,31}")
_SCHEME = "pbkdf2_sha256"

# why a person's signature is refused (games/reasons.py)
WHY = {
    "staff_nobody": "nobody with the id {person} is on the staff",
    "staff_locked": "{person} is locked after {n} wrong PINs: the games director unlocks "
    "(dealer-terminal staff unlock)",
    "pin_wrong": "wrong PIN for {person} ({left} tries left)",
    "pin_wrong_last": "wrong PIN for {person} ({left} try left)",
    "staff_role_missing": "{person} ({name}) does not hold the role {role}",
}


class StaffError(ConfigError):
    """The staff file cannot be used as asked: the message says why and what to do."""


def pin_problem(pin: str) -> str | None:
    """Why `pin` cannot be a PIN, or None."""
    if not isinstance(pin, str) or not _PIN.fullmatch(pin):
        return "a PIN is 4 to 8 digits"
    if len(set(pin)) == 1 or pin in "0123456789" or pin in "9876543210":
        return "a PIN of one repeated digit or a run of digits (1234) is too easy to guess"
    return None


def hash_pin(pin: str, *, salt: bytes | None = None, iterations: int = ITERATIONS) -> str:
    """`pin`'s stored form: `pbkdf2_sha256$<iterations>$<salt hex>$<hash hex>`."""
    salt = salt if salt is not None else secrets.token_bytes(16)
    digest = hashlib.pbkdf2_hmac("sha256", pin.encode("ascii"), salt, iterations)
    return f"{_SCHEME}${iterations}${salt.hex()}${digest.hex()}"


def pin_matches(pin: str, stored: str) -> bool:
    """Whether `pin` hashes to `stored` (compared in constant time)."""
    try:
        scheme, iterations, salt, digest = stored.split("$")
        if scheme != _SCHEME:
            return False
        expected = hash_pin(pin, salt=bytes.fromhex(salt), iterations=int(iterations))
    except (ValueError, UnicodeEncodeError):
        return False
    return hmac.compare_digest(expected.rsplit("$", 1)[1], digest)


@dataclass(frozen=True)
class Person:
    id: str
    name: str
    roles: tuple[str, ...]
    pin: str  # the PIN's hash (hash_pin), never the PIN
    failures: int = 0  # wrong PINs in a row

    @property
    def locked(self) -> bool:
        return self.failures >= MAX_FAILURES

    def to_toml(self) -> str:
        roles = ", ".join(json.dumps(role) for role in self.roles)
        return (
            f"[[person]]\nid = {json.dumps(self.id)}\n"
            f"name = {json.dumps(self.name, ensure_ascii=False)}\n"
            f"roles = [{roles}]\npin = {json.dumps(self.pin)}\nfailures = {self.failures}\n"
        )


class Staff:
    """The people of a staff file, read when made; every change is written at once."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.people: dict[str, Person] = {}
        if self.path.exists():
            self.people = _read(self.path)

    def add(self, person_id: str, name: str, roles: tuple[str, ...], pin: str) -> Person:
        if not _ID.fullmatch(person_id or ""):
            raise StaffError(
                f"{person_id!r} is not a staff id: letters, digits, '.', '_' and "
                "'-', at most 32, as the journal writes it (C-07)"
            )
        if person_id in self.people:
            raise StaffError(
                f"{person_id} is in {self.path} already: change the PIN with "
                "`dealer-terminal staff pin`, or remove them first"
            )
        if not name.strip():
            raise StaffError("a person needs a name, as the registers write it")
        _check_roles(roles, self.path)
        if (problem := pin_problem(pin)) is not None:
            raise StaffError(f"{person_id}'s PIN: {problem}")
        person = Person(person_id, name.strip(), tuple(dict.fromkeys(roles)), hash_pin(pin))
        self._write({**self.people, person_id: person})
        return person

    def remove(self, person_id: str) -> None:
        self.person(person_id)
        self._write({i: p for i, p in self.people.items() if i != person_id})

    def set_pin(self, person_id: str, pin: str) -> None:
        person = self.person(person_id)
        if (problem := pin_problem(pin)) is not None:
            raise StaffError(f"{person_id}'s PIN: {problem}")
        self._write({**self.people, person_id: replace(person, pin=hash_pin(pin), failures=0)})

    def unlock(self, person_id: str) -> None:
        person = self.person(person_id)
        self._write({**self.people, person_id: replace(person, failures=0)})

    def check(self, person_id: str, pin: str, role: str | None = None) -> str | None:
        """None when `person_id`'s PIN is `pin` (and they hold `role`), else why not. A wrong
        PIN is counted (written at once); the count is reset by a right one."""
        person = self.people.get(person_id)
        if person is None:
            return reason(WHY, "staff_nobody", person=repr(person_id))
        if person.locked:
            return reason(WHY, "staff_locked", person=person_id, n=MAX_FAILURES)
        if not pin_matches(pin, person.pin):
            failures = person.failures + 1
            self._write({**self.people, person_id: replace(person, failures=failures)})
            left = MAX_FAILURES - failures
            return reason(
                WHY, "pin_wrong_last" if left == 1 else "pin_wrong", person=person_id, left=left
            )
        if person.failures:
            self._write({**self.people, person_id: replace(person, failures=0)})
        if role is not None and role not in person.roles:
            return reason(WHY, "staff_role_missing", person=person_id, name=person.name, role=role)
        return None

    def person(self, person_id: str) -> Person:
        """The person `person_id`; StaffError naming the file when there is none."""
        try:
            return self.people[person_id]
        except KeyError:
            raise StaffError(f"nobody with the id {person_id!r} in {self.path}") from None

    def _write(self, people: dict[str, Person]) -> None:
        """The whole file to a temporary one, synced, then renamed over the old one."""
        text = "# the staff file (dealer-terminal staff): PINs are salted hashes, never PINs\n\n"
        text += "\n".join(person.to_toml() for person in people.values())
        self.path.parent.mkdir(parents=True, exist_ok=True)
        temporary = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(text)
                out.flush()
                os.fsync(out.fileno())
            os.replace(temporary, self.path)
        except BaseException:
            temporary.unlink(missing_ok=True)
            raise
        directory = os.open(self.path.parent, os.O_RDONLY)
        try:
            os.fsync(directory)  # the rename itself is durable
        finally:
            os.close(directory)
        self.people = people


def _check_roles(roles: tuple[str, ...], path: Path) -> None:
    if not roles:
        raise StaffError(f"a person needs a role: {', '.join(ROLES)}")
    for role in roles:
        if role not in ROLES:
            raise StaffError(f"{path}: {role!r} is not a role: {', '.join(ROLES)}")


def _read(path: Path) -> dict[str, Person]:
    try:
        raw: dict[str, Any] = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise StaffError(f"{path}: cannot be read as a staff file ({exc})") from None
    people: dict[str, Person] = {}
    for entry in raw.get("person", []):
        try:
            person = Person(
                str(entry["id"]),
                str(entry["name"]),
                tuple(entry["roles"]),
                str(entry["pin"]),
                int(entry.get("failures", 0)),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise StaffError(f"{path}: a [[person]] lacks or mistypes {exc}") from None
        _check_roles(person.roles, path)
        if person.id in people:
            raise StaffError(f"{path}: {person.id} is listed twice")
        people[person.id] = person
    return people


# -- dealer-terminal staff ---------------------------------------------------------------------


def add_staff_parser(subparsers: Any) -> None:
    """`dealer-terminal staff add|list|pin|remove|unlock`, added to the CLI's subparsers."""
    staff = subparsers.add_parser(
        "staff", help="the staff file: who signs at the table, with a PIN (stored hashed)"
    )
    staff.add_argument("--file", type=Path, required=True, help="the staff file (TOML)")
    commands = staff.add_subparsers(dest="staff_command", required=True)
    add = commands.add_parser("add", help="add a person; the PIN is asked (or read from stdin)")
    add.add_argument("id", help="as the journal writes it, e.g. C-07")
    add.add_argument("--name", required=True)
    add.add_argument(
        "--role",
        action="append",
        required=True,
        choices=ROLES,
        help="once per role the person holds",
    )
    commands.add_parser("list", help="the people, their roles, who is locked (no PINs)")
    pin = commands.add_parser("pin", help="set a person's new PIN (asked, or read from stdin)")
    pin.add_argument("id")
    remove = commands.add_parser("remove", help="take a person off the staff")
    remove.add_argument("id")
    unlock = commands.add_parser("unlock", help="unlock a person after too many wrong PINs")
    unlock.add_argument("id")
    unlock.add_argument("--by", required=True, help="the games director who unlocks (their PIN)")


def _ask_pin(prompt: str, *, twice: bool) -> str:
    """A PIN from the terminal without echo (asked twice when it is set), or a line of stdin."""
    import getpass
    import sys

    if not sys.stdin.isatty():
        return sys.stdin.readline().strip()
    pin = getpass.getpass(f"{prompt}: ")
    if twice and getpass.getpass(f"{prompt} again: ") != pin:
        raise StaffError("the two PINs differ: nothing was changed")
    return pin


def cmd_staff(args: Any) -> int:
    """Run a `staff` command: 0 when done; 1 for a refused PIN; 2 with a message when not."""
    import sys

    staff = Staff(args.file)
    command = args.staff_command
    if command == "list":
        for person in staff.people.values():
            lock = "  LOCKED" if person.locked else ""
            print(f"{person.id}\t{person.name}\t{', '.join(person.roles)}{lock}")
        return 0
    if command == "add":
        staff.add(args.id, args.name, tuple(args.role), _ask_pin(f"PIN of {args.id}", twice=True))
        print(f"{args.id} added to {args.file}")
    elif command == "pin":
        staff.set_pin(args.id, _ask_pin(f"new PIN of {args.id}", twice=True))
        print(f"{args.id}'s PIN changed")
    elif command == "remove":
        staff.remove(args.id)
        print(f"{args.id} removed from {args.file}")
    else:  # unlock
        staff.person(args.id)
        refusal = staff.check(args.by, _ask_pin(f"PIN of {args.by}", twice=False), "games_director")
        if refusal is not None:
            print(f"dealer-terminal: {refusal}", file=sys.stderr)
            return 1
        staff.unlock(args.id)
        print(f"{args.id} unlocked by {args.by}")
    return 0
