"""Fixtures of the pit's tests: a throwaway PostgreSQL server, and store URLs on both backends."""

from __future__ import annotations

import glob
import os
import pwd
import secrets
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import psycopg
import pytest
import sqlalchemy as sa

from terminal.pit.store import PitStore
from tests.support.helpers import made_then_closed
from tests.support.pit_helpers import Pit

PG_USER = "pit"
START_TIMEOUT_S = 30


def _server_bin() -> Path | None:
    """The bin directory of the newest PostgreSQL server installed (Debian's layout first)."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
        key=lambda path: int(Path(path).parts[-3]) if Path(path).parts[-3].isdigit() else 0,
    )
    pg_ctl = found[-1] if found else shutil.which("pg_ctl")
    return Path(pg_ctl).parent if pg_ctl and (Path(pg_ctl).parent / "initdb").exists() else None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _log_tail(log: Path, lines: int = 30) -> str:
    try:
        return "\n".join(log.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


def _text(output: str | bytes | None) -> str:
    """A subprocess's captured output (bytes after a timeout, whatever `text` said)."""
    return output.decode(errors="replace") if isinstance(output, bytes) else output or ""


@pytest.fixture(scope="session")
def postgres_url():
    """A PostgreSQL server of its own for the test session, on a free port of 127.0.0.1 (unix
    socket and log in its temporary directory), with a superuser `pit` that logs in by password
    over TCP: yields `postgresql://pit:PASSWORD@127.0.0.1:PORT/postgres`. Stopped at the end.

    PostgreSQL refuses to run as root: as root, the server runs as the `postgres` user."""
    bin_dir = _server_bin()
    if bin_dir is None:
        pytest.skip(
            "no PostgreSQL server binaries (/usr/lib/postgresql/*/bin/pg_ctl): install them with "
            "`apt-get install postgresql` to run the tests of the PostgreSQL pit store"
        )
    as_user: list[str] = []
    owner = None
    if os.geteuid() == 0:
        try:
            owner = pwd.getpwnam("postgres")
        except KeyError:
            pytest.skip(
                "running as root needs the `postgres` system user (apt-get install postgresql "
                "creates it)"
            )
        as_user = ["runuser", "-u", "postgres", "--"]
    base = Path(tempfile.mkdtemp(prefix="pit-pg-"))  # not under pytest's root-only tmp tree
    data, log, pwfile = base / "data", base / "server.log", base / "password"
    password = secrets.token_hex(12)
    pwfile.write_text(password + "\n")
    if owner is not None:
        for path in (base, pwfile):
            os.chown(path, owner.pw_uid, owner.pw_gid)

    def run(*command: str) -> None:
        subprocess.run(
            [*as_user, *command],
            cwd=base,
            check=True,
            capture_output=True,
            text=True,
            timeout=START_TIMEOUT_S,
        )

    port = _free_port()
    started = False
    try:
        run(
            str(bin_dir / "initdb"),
            "-D",
            str(data),
            "-U",
            PG_USER,
            f"--pwfile={pwfile}",
            "--auth-local=trust",
            "--auth-host=scram-sha-256",
            "-E",
            "UTF8",
            "--no-locale",
            "--no-sync",
        )
        options = (
            f"-p {port} -k {base} -c listen_addresses=127.0.0.1 -c fsync=off "
            "-c full_page_writes=off"
        )
        run(
            str(bin_dir / "pg_ctl"),
            "-D",
            str(data),
            "-l",
            str(log),
            "-o",
            options,
            "-w",
            "-t",
            str(START_TIMEOUT_S),
            "start",
        )
        started = True
        yield f"postgresql://{PG_USER}:{password}@127.0.0.1:{port}/postgres"
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as exc:
        output = "".join(_text(stream) for stream in (exc.stdout, exc.stderr)).strip()
        pytest.fail(
            f"the test PostgreSQL server did not start ({' '.join(exc.cmd)}):\n{output}\n"
            f"--- {log} ---\n{_log_tail(log)}",
            pytrace=False,
        )
    finally:
        if (data / "postmaster.pid").exists():  # also a server still starting when pg_ctl gave up
            subprocess.run(
                [
                    *as_user,
                    str(bin_dir / "pg_ctl"),
                    "-D",
                    str(data),
                    "-m",
                    "immediate",
                    "-w",
                    "stop",
                ],
                cwd=base,
                capture_output=True,
                timeout=START_TIMEOUT_S,
            )
        if started:  # a server that did not start leaves its directory and log for a look
            shutil.rmtree(base, ignore_errors=True)


@pytest.fixture
def new_postgres_database(request):
    """A factory of new, empty databases on the test server: `new_postgres_database()` gives the
    `postgresql://` URL of one; all are dropped after the test."""
    server_url = request.getfixturevalue("postgres_url")
    names = []

    def create() -> str:
        names.append(f"pit_{secrets.token_hex(6)}")
        with psycopg.connect(server_url, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{names[-1]}"')
        return sa.make_url(server_url).set(database=names[-1]).render_as_string(hide_password=False)

    yield create
    with psycopg.connect(server_url, autocommit=True) as conn:
        for name in names:
            conn.execute(f'DROP DATABASE "{name}" WITH (FORCE)')


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request, tmp_path):
    """The URL of an empty store: an SQLite file in tmp_path, or a new PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'pit.db'}"
    return request.getfixturevalue("new_postgres_database")()


@pytest.fixture
def store(store_url):
    """A PitStore on `store_url`, closed after the test."""
    store = PitStore(store_url)
    yield store
    store.close()


def _close_running(pit: Pit) -> None:
    if pit.thread.is_alive():  # a test may have closed it already
        pit.close()


@pytest.fixture
def pits():
    yield from made_then_closed(Pit, _close_running)


@pytest.fixture
def db(tmp_path):
    return f"sqlite:///{tmp_path / 'pit.db'}"
