"""`make install` on a fresh Debian: systemd/install.sh and uninstall.sh run with chroot in a
throwaway Debian bookworm root (Raspberry Pi OS Lite is bookworm too) built with debootstrap.

The root is built once for the module; the tests are its stages, in file order: installed,
installed again, uninstalled, purged. The project's dependencies come from a wheelhouse that the
host's pip builds (`install.sh --wheels`, the offline install), so that nothing in the root
needs the network; the project itself is built and installed by the root's own pip, as on a Pi.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
MIRROR = "http://deb.debian.org/debian"
CHECKOUT = "/srv/dealer-terminal"  # the clone in the root, readable by any user (as `nobody`)
WHEELS = "/srv/wheels"
OPT = "/opt/dealer-terminal"
VENV = f"{OPT}/.venv"
TOOL = f"{VENV}/bin/dealer-terminal"
UNITS = "etc/systemd/system"
RULES = "etc/udev/rules.d/99-dealer-terminal.rules"
TABLE = "etc/dealer-terminal/table.toml"
STATE = "var/lib/dealer-terminal"
GROUPS = {"dialout", "gpio", "video", "render", "input", "audio"}
OPERATOR_SERIAL = "0123456789ABCDEF"

DEBOOTSTRAP = shutil.which("debootstrap") or shutil.which("debootstrap", path="/usr/sbin:/sbin")

# the stages share one root, built once: one worker runs them all, in file order (`make test`
# gives each file to one pytest-xdist worker, --dist loadfile)
pytestmark = [
    pytest.mark.skipif(
        not sys.platform.startswith("linux") or os.geteuid() != 0,
        reason="needs root on Linux, as CI has (debootstrap builds a Debian root, chroot runs "
        "in it)",
    ),
    pytest.mark.skipif(
        DEBOOTSTRAP is None,
        reason="needs debootstrap, which builds the Debian root: apt-get install debootstrap "
        "(.ci/run installs it)",
    ),
]


@dataclass(frozen=True)
class Root:
    """The throwaway Debian root, seen from the host."""

    path: Path

    def __truediv__(self, inside: str) -> Path:
        return self.path / inside.lstrip("/")

    def run(self, *argv: str, check: bool = True, user: str | None = None):
        """`argv` run in the root, with a clean environment (no host pip settings, no venv)."""
        if user is not None:
            argv = ("runuser", "-u", user, "--", *argv)
        done = subprocess.run(
            ["chroot", str(self.path), "/usr/bin/env", "-i", "HOME=/root", "LANG=C.UTF-8",
             "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", *argv],
            capture_output=True,
            text=True,
            timeout=600,
        )  # fmt: skip
        if check and done.returncode != 0:
            pytest.fail(
                f"{' '.join(argv)} exited {done.returncode} in the root:\n"
                f"{done.stdout}\n{done.stderr}"
            )
        return done

    def install(self, *options: str):
        return self.run("bash", f"{CHECKOUT}/systemd/install.sh", "--wheels", WHEELS, *options)

    def uninstall(self, *options: str):
        return self.run("bash", f"{CHECKOUT}/systemd/uninstall.sh", *options)

    def distributions(self) -> set[str]:
        """The names of what the venv holds."""
        listed = self.run(
            f"{VENV}/bin/python",
            "-c",
            "import importlib.metadata as m; print(*(d.name for d in m.distributions()))",
        )
        return {name.lower().replace("_", "-") for name in listed.stdout.split()}

    def entry(self, database: str, name: str) -> list[str] | None:
        """The fields of `name`'s line in /etc/passwd or /etc/group, None without one."""
        for line in (self / f"etc/{database}").read_text().splitlines():
            fields = line.split(":")
            if fields[0] == name:
                return fields
        return None


def debian_packages() -> list[str]:
    """What install.sh checks for (its DEBIAN_PACKAGES), so that it installs none in the root."""
    script = (REPO / "systemd" / "install.sh").read_text()
    found = re.search(r"^DEBIAN_PACKAGES=\(([^)]*)\)", script, re.MULTILINE)
    assert found, "systemd/install.sh names its Debian packages in DEBIAN_PACKAGES=(...)"
    return found.group(1).split()


def copy_checkout(target: Path) -> None:
    """The checkout as a clone has it: none of the local venv, caches, journals or builds."""
    top = {".git", ".venv", "var", "build", "dist"}

    def ignored(folder: str, names: list[str]) -> set[str]:
        at_top = Path(folder) == REPO
        return {
            name
            for name in names
            if (at_top and name in top)
            or name.endswith((".egg-info", ".sqlite", ".sqlite-wal", ".sqlite-shm"))
            or name in {"__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".hypothesis"}
        }

    shutil.copytree(REPO, target, ignore=ignored, symlinks=True)


def mounts_under(path: Path) -> list[str]:
    with open("/proc/self/mountinfo") as mountinfo:
        points = [line.split()[4] for line in mountinfo]
    return [point for point in points if point == str(path) or point.startswith(f"{path}/")]


@pytest.fixture(scope="module")
def root(tmp_path_factory):
    path = tmp_path_factory.mktemp("install") / "debian"
    include = ["systemd", "udev", "passwd", *debian_packages()]
    # in a mount namespace of its own: whatever debootstrap mounts in the root (/proc, /sys) is
    # gone with it, even when it fails half-way
    built = subprocess.run(
        ["unshare", "--mount", "--propagation", "private", DEBOOTSTRAP, "--variant=minbase",
         f"--include={','.join(include)}", "bookworm", str(path), MIRROR],
        capture_output=True,
        text=True,
        timeout=900,
    )  # fmt: skip
    try:
        if built.returncode != 0:
            pytest.fail(f"debootstrap exited {built.returncode}:\n{built.stdout[-3000:]}")
        checkout = path / CHECKOUT.lstrip("/")
        copy_checkout(checkout)
        requires = tomllib.loads((REPO / "pyproject.toml").read_text())["build-system"]["requires"]
        # the wheels of the dependencies, the [pi] extra's and the build's (setuptools), for
        # this Python and machine; built from the root's copy, which keeps the checkout clean
        subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "--quiet", "--disable-pip-version-check",
             "--wheel-dir", str(path / WHEELS.lstrip("/")), f"{checkout}[pi]", *requires],
            check=True,
            timeout=600,
        )  # fmt: skip
        yield Root(path)
    finally:
        left = mounts_under(path)
        assert not left, f"still mounted in the root, not removed: {left}"
        shutil.rmtree(path)


@pytest.fixture(scope="module")
def installed(root):
    return root.install()


@dataclass(frozen=True)
class Rerun:
    output: str
    before: dict[str, str]
    venv_inode: int


@pytest.fixture(scope="module")
def reinstalled(root, installed):
    """The operator's edits, then install.sh again (with the [pi] extra this time)."""
    with open(root / TABLE, "a") as table:
        table.write("\n# the operator's edit\n")
    dealer = root.entry("passwd", "dealer")
    assert dealer is not None
    journal = root / f"{STATE}/journal.sqlite"
    journal.write_bytes(b"a journal: a legal record")
    os.chown(journal, int(dealer[2]), int(dealer[3]))
    rules = root / RULES
    rules.write_text(rules.read_text().replace("E6614103E7452D2F", OPERATOR_SERIAL))
    (root / f"{OPT}/terminal/left_by_an_older_release.py").write_text("")
    before = {name: (root / f"etc/{name}").read_text() for name in ("passwd", "group", "gshadow")}
    inode = (root / f"{VENV}/pyvenv.cfg").stat().st_ino
    return Rerun(root.install("--pi").stdout, before, inode)


@pytest.fixture(scope="module")
def uninstalled(root, reinstalled):
    first = root.uninstall()
    again = root.uninstall()
    return first.stdout, again.stdout


@pytest.fixture(scope="module")
def purged(root, uninstalled):
    return root.uninstall("--purge").stdout


# --- installed --------------------------------------------------------------------------------


def test_install_refuses_without_root_and_says_how(root):
    done = root.run("bash", f"{CHECKOUT}/systemd/install.sh", user="nobody", check=False)
    assert done.returncode == 1
    assert "run as root: sudo make install" in done.stderr
    assert not (root / OPT).exists()


def test_install_prints_each_step(installed):
    steps = [line for line in installed.stdout.splitlines() if line.startswith("==> ")]
    assert len(steps) >= 8, installed.stdout
    assert steps[-1] == "==> done"
    assert "created the system group gpio" in installed.stdout  # plain Debian has none


def test_install_creates_the_service_user_in_its_groups(root, installed):
    dealer = root.entry("passwd", "dealer")
    assert dealer is not None
    _, _, uid, _, _, home, shell = dealer
    assert int(uid) < 1000, "a system user"
    assert home == "/var/lib/dealer-terminal"
    assert shell.endswith("/nologin")
    groups = set(root.run("id", "-nG", "dealer").stdout.split())
    assert groups >= GROUPS | {"dealer"}


def test_install_puts_the_project_in_a_venv_of_its_own(root, installed):
    assert (root / OPT).is_dir() and not (root / OPT).is_symlink()
    assert (root / f"{OPT}/pyproject.toml").is_file()
    for left_out in (".git", "build", "dealer_terminal.egg-info"):
        assert not (root / f"{OPT}/{left_out}").exists(), left_out
    where = root.run(
        f"{VENV}/bin/python",
        "-c",
        "import importlib.metadata as m, json, terminal; print(terminal.__file__);"
        "url = json.loads(m.distribution('dealer-terminal').read_text('direct_url.json'));"
        "print(url.get('dir_info', {}).get('editable', False))",
    ).stdout.split()
    assert where[0].startswith(f"{VENV}/lib/python3.11/site-packages/terminal/")
    assert where[1] == "False", "installed from the copy, not editable"
    assert "rpi-lgpio" not in root.distributions(), "the [pi] extra on a machine that is no Pi"


def test_the_installed_command_runs(root, installed):
    assert "run a table" in root.run(TOOL, "--help").stdout
    # exit 1 when a check of this host fails (the clock of a machine without time service): the
    # simulated devices' checks, before the host's, all pass
    selftest = root.run(TOOL, "selftest", "--game", "roulette_fr", "--sim", check=False)
    assert selftest.returncode in (0, 1), selftest.stdout + selftest.stderr
    devices = selftest.stdout.split("\nhost:")[0]
    assert "  ok   rim_sensor" in devices and "FAIL" not in devices, selftest.stdout
    # the service user reads its table file (root's, group dealer), as install.sh checked
    rules = root.run(TOOL, "rules", "--config", f"/{TABLE}", user="dealer").stdout
    assert rules.strip(), "rules --config prints the table's bets"
    assert "it loads" in installed.stdout


def test_install_enables_the_table_unit_and_not_the_pit_collector(root, installed):
    for unit in ("dealer-terminal.service", "dealer-terminal-pit.service"):
        assert (root / f"{UNITS}/{unit}").read_bytes() == (REPO / "systemd" / unit).read_bytes()
    wanted = root / f"{UNITS}/multi-user.target.wants/dealer-terminal.service"
    assert os.readlink(wanted) == "/etc/systemd/system/dealer-terminal.service"
    assert not list((root / UNITS).glob("*.wants/dealer-terminal-pit.service"))
    enabled = root.run("systemctl", "is-enabled", "dealer-terminal.service").stdout
    assert enabled.strip() == "enabled"
    pit = root.run("systemctl", "is-enabled", "dealer-terminal-pit.service", check=False).stdout
    assert pit.strip() == "disabled"


def test_install_puts_the_rules_the_table_file_and_the_journal_folder(root, installed):
    assert (root / RULES).read_bytes() == (REPO / "systemd/99-dealer-terminal.rules").read_bytes()
    table = root / TABLE
    example = (REPO / "config/tables/roulette_fr.toml").read_text(encoding="utf-8")
    journal = f'db = "/{STATE}/journal.sqlite"'  # in the service's folder, the only one it writes
    assert table.read_text(encoding="utf-8") == re.sub(r"(?m)^db = .*$", journal, example)
    assert journal in table.read_text(encoding="utf-8")
    dealer = root.entry("group", "dealer")
    assert dealer is not None
    assert (table.stat().st_mode & 0o777, table.stat().st_uid) == (0o640, 0)
    assert table.stat().st_gid == int(dealer[2])
    assert (root / STATE).is_dir()
    assert (root / STATE).stat().st_uid == int(root.entry("passwd", "dealer")[2])


# --- installed again --------------------------------------------------------------------------


def test_a_second_run_keeps_what_the_operator_set(root, reinstalled):
    assert (root / TABLE).read_text().endswith("\n# the operator's edit\n")
    assert (root / f"{STATE}/journal.sqlite").read_bytes() == b"a journal: a legal record"
    assert OPERATOR_SERIAL in (root / RULES).read_text()
    shipped = (REPO / "systemd/99-dealer-terminal.rules").read_bytes()
    assert (root / f"{RULES}.dist").read_bytes() == shipped
    assert "kept /etc/dealer-terminal/table.toml" in reinstalled.output
    assert "kept yours (edited)" in reinstalled.output


def test_a_second_run_duplicates_nothing_and_updates_the_venv_in_place(root, reinstalled):
    for name, text in reinstalled.before.items():
        assert (root / f"etc/{name}").read_text() == text, f"/etc/{name} changed"
    for group in GROUPS:
        fields = root.entry("group", group)
        assert fields is not None
        assert fields[3].split(",").count("dealer") == 1, fields
    assert (root / f"{VENV}/pyvenv.cfg").stat().st_ino == reinstalled.venv_inode
    assert not (root / f"{OPT}/terminal/left_by_an_older_release.py").exists()
    # --pi: the extra joins the venv
    assert "rpi-lgpio" in root.distributions()
    assert "run a table" in root.run(TOOL, "--help").stdout
    assert "dealer-terminal.service unchanged" in reinstalled.output
    wanted = root / f"{UNITS}/multi-user.target.wants/dealer-terminal.service"
    assert os.readlink(wanted) == "/etc/systemd/system/dealer-terminal.service"


# --- uninstalled ------------------------------------------------------------------------------


def test_uninstall_removes_the_code_units_and_rules_and_keeps_the_journal(root, uninstalled):
    output, again = uninstalled
    for gone in (
        f"{UNITS}/dealer-terminal.service",
        f"{UNITS}/dealer-terminal-pit.service",
        f"{UNITS}/multi-user.target.wants/dealer-terminal.service",
        RULES,
        f"{RULES}.dist",
        OPT,
    ):
        assert not os.path.lexists(root / gone), gone
    assert (root / f"{STATE}/journal.sqlite").read_bytes() == b"a journal: a legal record"
    assert (root / TABLE).read_text().endswith("\n# the operator's edit\n")
    assert root.entry("passwd", "dealer") is not None
    assert "sudo rm -rf /var/lib/dealer-terminal" in output
    assert "--purge" in output
    assert "not installed" in again  # a second run finds nothing to do, and says so


def test_uninstall_purge_removes_the_configuration_and_the_user(root, purged):
    assert not (root / "etc/dealer-terminal").exists()
    assert root.entry("passwd", "dealer") is None
    assert root.entry("group", "dealer") is None
    journal = root / f"{STATE}/journal.sqlite"
    assert journal.read_bytes() == b"a journal: a legal record"
    state = (root / STATE).stat()
    assert (state.st_uid, state.st_mode & 0o777) == (0, 0o700)
    assert "sudo rm -rf /var/lib/dealer-terminal" in purged
