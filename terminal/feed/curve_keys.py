"""The CURVE key files of tables and pits: reading and checking them, the allow-list of a
table, generating a pair, and the `dealer-terminal keys` command that does it by hand.

Key files are ZeroMQ certificates (the czmq / pyzmq format): `NAME.key` holds the public key
and can be handed around; `NAME.key_secret` holds both keys and never leaves its machine.
"""

from __future__ import annotations

import argparse
import logging
import os
import re
import struct
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import NamedTuple

import zmq
from zmq.auth import load_certificate
from zmq.utils import z85

from terminal.feed import FeedError

log = logging.getLogger(__name__)

PUBLIC_SUFFIX, SECRET_SUFFIX = ".key", ".key_secret"
KEY_LENGTH = 40  # a 32-byte Curve25519 key in Z85
GENERATE = "dealer-terminal keys generate NAME --dir DIR"


class CurveError(FeedError):
    """A key file, key or allow-list that cannot be used; the message names it and says what to do.

    A FeedError, so that a table failing on it at start-up reports it like any feed problem.
    """


class KeyPair(NamedTuple):
    """A public key and its secret key, both Z85 (40 characters)."""

    public: bytes
    secret: bytes


def _is_key(raw: bytes) -> bool:
    try:
        return (
            len(raw) == KEY_LENGTH
            and all(c in z85.Z85CHARS for c in raw)
            and len(z85.decode(raw)) == 32
        )
    except struct.error:  # a group of five characters worth more than 2**32 - 1
        return False


def check_key(key: str | bytes, what: str) -> bytes:
    """`key` as Z85 bytes, if it is a CURVE key (40 Z85 characters); else a CurveError about
    `what`."""
    raw = key.encode("utf-8") if isinstance(key, str) else key
    if not _is_key(raw):
        raise CurveError(
            f"{what} {key!r} is not a CURVE key: expected {KEY_LENGTH} Z85 characters, "
            "as printed by `dealer-terminal keys generate` or `dealer-terminal keys show FILE`"
        )
    return raw


def _read_key_file(path: Path) -> tuple[bytes, bytes | None]:
    """(public, secret or None) of a key file, both checked."""
    if not path.is_file():
        what = "is a directory, not a key file" if path.is_dir() else "does not exist"
        raise CurveError(f"the key file {path} {what}: create a key pair with `{GENERATE}`")
    try:
        public, secret = load_certificate(path)
    except OSError as exc:
        raise CurveError(
            f"cannot read the key file {path} ({exc.strerror or exc}): run as the user "
            "that owns it, or check its permissions"
        ) from None
    except ValueError:
        raise CurveError(
            f"{path} is not a ZeroMQ CURVE key file (no public-key line): "
            f"give a NAME{PUBLIC_SUFFIX} or NAME{SECRET_SUFFIX} file written by `{GENERATE}`"
        ) from None
    check_key(public, f"the public key of {path}")
    if secret is not None and not _is_key(secret):  # never echoed: even a damaged secret is one
        raise CurveError(
            f"the secret key of {path} is not a CURVE key ({KEY_LENGTH} Z85 characters): the file "
            f"is damaged; generate a new pair with `{GENERATE}`"
        )
    return public, secret


def load_public(path: str | os.PathLike) -> bytes:
    """The public key (Z85) of a public or secret key file."""
    return _read_key_file(Path(path))[0]


def load_secret(path: str | os.PathLike) -> KeyPair:
    """The key pair of a secret key file (`NAME.key_secret`)."""
    path = Path(path)
    public, secret = _read_key_file(path)
    if secret is None:
        raise CurveError(
            f"{path} holds only a public key, and the secret key is needed here: give the "
            f"{path.name.removesuffix(PUBLIC_SUFFIX)}{SECRET_SUFFIX} file that `{GENERATE}` wrote "
            "beside it (it stays on the machine that owns the keys)"
        )
    if zmq.curve_public(secret) != public:
        raise CurveError(
            f"the public and secret keys of {path} do not belong together: generate a new pair "
            f"with `{GENERATE}`"
        )
    if path.stat().st_mode & 0o077:
        log.warning("the secret key file %s can be read by other users: chmod 600 it", path)
    return KeyPair(public, secret)


def read_allow_list(directory: str | os.PathLike) -> frozenset[bytes]:
    """The public keys (Z85) of every `*.key` file in `directory`."""
    directory = Path(directory)
    if not directory.is_dir():
        raise CurveError(
            f"the allow-list directory {directory} does not exist: create it and copy into it "
            f"the public key file (NAME{PUBLIC_SUFFIX}) of every pit allowed to connect"
        )
    try:
        # glob hides EACCES
        files = sorted(p for p in directory.iterdir() if p.name.endswith(PUBLIC_SUFFIX))
    except OSError as exc:
        raise CurveError(
            f"cannot read the allow-list directory {directory} ({exc.strerror or exc})"
        ) from None
    return frozenset(load_public(file) for file in files)


# -- generating key files


class KeyFiles(NamedTuple):
    public: Path
    secret: Path
    key: bytes  # the public key, Z85


_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")


def _write_key_file(path: Path, keys: dict[str, bytes], name: str, mode: int, force: bool) -> None:
    secret = "secret-key" in keys
    lines = [
        f"#   ****  Generated on {datetime.now(UTC):%Y-%m-%d %H:%M:%S} UTC "
        "by dealer-terminal  ****",
        "#   ZeroMQ CURVE **Secret** Certificate"
        if secret
        else "#   ZeroMQ CURVE Public Certificate",
        "#   DO NOT PROVIDE THIS FILE TO OTHER USERS nor change its permissions."
        if secret
        else "#   Hand it to the other side: a table's to the pit, a pit's to the tables.",
        "",
        "metadata",
        f'    name = "{name}"',
        "curve",
        *(f'    {field} = "{key.decode("ascii")}"' for field, key in keys.items()),
    ]
    flags = os.O_WRONLY | os.O_CREAT | (os.O_TRUNC if force else os.O_EXCL)
    fd = os.open(path, flags, mode)
    os.fchmod(fd, mode)  # the umask narrowed it, or --force kept the mode of the file replaced
    with os.fdopen(fd, "w", encoding="ascii") as file:
        file.write("\n".join(lines) + "\n")


def generate_keys(directory: str | os.PathLike, name: str, *, force: bool = False) -> KeyFiles:
    """A new key pair written to `directory/NAME.key` (public, 0644) and `NAME.key_secret` (0600).

    Existing files are refused unless `force`: replacing a key locks out whoever holds the old one.
    """
    if not _NAME.fullmatch(name):
        raise CurveError(
            f"{name!r} cannot name key files: "
            "use letters, digits, '.', '_' and '-' (e.g. RL-01, pit)"
        )
    directory = Path(directory)
    files = KeyFiles(
        directory / f"{name}{PUBLIC_SUFFIX}", directory / f"{name}{SECRET_SUFFIX}", b""
    )
    existing = [str(path) for path in (files.public, files.secret) if path.exists()]
    if existing and not force:
        raise CurveError(
            f"{' and '.join(existing)} already exist: keep them, or replace them with --force "
            "(whoever holds the old public key is then locked out)"
        )
    public, secret = zmq.curve_keypair()
    try:
        directory.mkdir(parents=True, exist_ok=True)
        _write_key_file(
            files.secret, {"public-key": public, "secret-key": secret}, name, 0o600, force
        )
        _write_key_file(files.public, {"public-key": public}, name, 0o644, force)
    except OSError as exc:
        raise CurveError(
            f"cannot write the key files in {directory} ({exc.strerror or exc})"
        ) from None
    return files._replace(key=public)


# -- the `keys` command


def add_keys_parser(subparsers) -> None:
    """`dealer-terminal keys generate|show`, added to the CLI's subparsers."""
    keys = subparsers.add_parser("keys", help="CURVE key files of tables and pits (feed security)")
    commands = keys.add_subparsers(dest="keys_command", required=True)
    generate = commands.add_parser(
        "generate",
        help=f"write NAME{PUBLIC_SUFFIX} (public) and NAME{SECRET_SUFFIX} "
        "(secret, mode 0600), print the public key",
    )
    generate.add_argument(
        "name", metavar="NAME", help="the table or pit the keys belong to, e.g. RL-01 or pit"
    )
    generate.add_argument(
        "--dir", type=Path, default=Path("."), help="where to write them (default: here)"
    )
    generate.add_argument(
        "--force", action="store_true", help="replace key files that exist already"
    )
    show = commands.add_parser("show", help="print the public key of a key file")
    show.add_argument("file", type=Path, metavar="FILE")


def cmd_keys(args: argparse.Namespace) -> int:
    """Run `keys generate` or `keys show`; 0 when done, 2 with a message on stderr when not."""
    try:
        if args.keys_command == "show":
            print(load_public(args.file).decode("ascii"))
            return 0
        files = generate_keys(args.dir, args.name, force=args.force)
    except CurveError as exc:
        print(f"dealer-terminal: {exc}", file=sys.stderr)
        return 2
    key = files.key.decode("ascii")
    print(key)
    print(
        f"public key in {files.public}, secret key in {files.secret} "
        "(mode 0600: it stays on this machine).\n"
        f'- keys of a table: in the pit\'s floor file, server_key = "{key}" for this table; in the '
        f'table\'s configuration, [feed] curve_secret = "{files.secret}" '
        'and curve_allow = "<the directory of the pit keys>".\n'
        f"- keys of a pit: copy {files.public} into the allow-list directory ([feed] curve_allow) "
        "of every table it watches."
    )
    return 0
