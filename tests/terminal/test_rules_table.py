"""`dealer-terminal rules --config TABLE`: every bet's breakage at the smallest stake the table
allows for it, and a warning for each bet the table cannot pay exactly there."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from terminal.common.exit_codes import EXIT_CONFIG
from tests.support.helpers import TABLES, cli, edit_toml, write_config

EXAMPLES = sorted(path.stem for path in TABLES.glob("*.toml"))
PAID_EXACTLY = "every bet is paid exactly at the smallest stake the table takes for it"


def rewritten(path, *changes: Callable[[dict], None]):
    """The table file at `path` with each change applied to it, as data."""

    def change_all(table):
        for change in changes:
            change(table)

    return edit_toml(path, change_all)


def chip_unit_100(table):
    """A chip unit of 1.00 and chips of 1.00, 5.00 and 25.00 (the example's unit is 0.25)."""
    assert {"chip_unit", "chips"} <= table["table"].keys()
    table["table"].update(chip_unit=100, chips=[100, 500, 2500])


def banker_staked_by_20(table):
    """[stakes] banker = 2000 (the example has no [stakes])."""
    assert "stakes" not in table
    table["stakes"] = {"banker": 2000}


@pytest.mark.parametrize("game", EXAMPLES)
def test_every_example_table_pays_every_bet_exactly_at_its_smallest_stake(game):
    done = cli("rules", "--config", str(TABLES / f"{game}.toml"))
    assert done.returncode == 0, done.stderr
    assert "breakage at the smallest stake" in done.stdout
    assert "WARNING" not in done.stdout and PAID_EXACTLY in done.stdout


def test_a_chip_unit_that_pays_the_banker_short_warns(tmp_path):
    path = rewritten(write_config(tmp_path, game="punto_banco", table_id="PB-T1"), chip_unit_100)
    done = cli("rules", "--config", str(path))
    assert done.returncode == 0, done.stderr
    assert "table PB-T1: minimum 5.00, chip unit 1.00" in done.stdout
    assert re.search(
        r"^banker \(less 1/20 commission\)\s+5\.00\s+0\.75\s+15\.0000%\s+20\.00$", done.stdout, re.M
    )
    assert done.stdout.count("WARNING") == 1
    assert (
        "WARNING: banker (less 1/20 commission): at its smallest stake, 5.00, "
        "it is owed 4.75 and paid 4.00: 0.75 (15.00% of the stake) lost to breakage; "
        "it is paid exactly from a stake of 20.00, and at every stake with a stake step of 20.00 "
        "([stakes] banker = 2000)"
    ) in done.stdout
    assert PAID_EXACTLY not in done.stdout


def test_a_stake_step_pays_the_bet_exactly(tmp_path):
    """The same table with the banker staked in multiples of 20.00: no warning."""
    path = rewritten(write_config(tmp_path, game="punto_banco"), chip_unit_100, banker_staked_by_20)
    done = cli("rules", "--config", str(path))
    assert done.returncode == 0, done.stderr
    assert (
        "stake steps (a bet is staked in multiples of its step, else of the minimum): banker 20.00"
        in done.stdout
    )
    assert re.search(
        r"^banker \(less 1/20 commission\)\s+20\.00\s+0\.00\s+0\.0000%\s+20\.00$", done.stdout, re.M
    )
    assert "WARNING" not in done.stdout


def test_the_craps_table_shows_its_steps_and_its_odds_paid_exactly():
    done = cli("rules", "--config", str(TABLES / "craps.toml"))
    assert done.returncode == 0, done.stderr
    assert re.search(r"^place:6\s+6\.00\s+0\.00", done.stdout, re.M)
    assert re.search(r"^lay:4\s+11\.00\s+0\.00", done.stdout, re.M)
    assert re.search(r"^odds:5\s+2\.00 \(no minimum: stakes paid exactly\)", done.stdout, re.M)


def test_the_carrousel_says_its_breakage_depends_on_the_pool():
    done = cli("rules", "--config", str(TABLES / "poker_stud.toml"))
    assert done.returncode == 0, done.stderr
    (carrousel,) = [
        line
        for line in done.stdout.splitlines()
        if line.startswith("carrousel:B") and "depends" in line
    ]
    assert "depends on the pool: a jackpot is a share of it" in carrousel


def test_a_step_the_game_cannot_take_is_a_configuration_error(tmp_path):
    def odds_pass_for_place_8(table):
        assert table["stakes"].pop("place:8") == 600
        table["stakes"]["odds:pass"] = 1000

    path = rewritten(write_config(tmp_path, game="craps"), odds_pass_for_place_8)
    done = cli("rules", "--config", str(path))
    assert done.returncode == EXIT_CONFIG and "Traceback" not in done.stderr
    assert f"{path}: [stakes] odds:pass: odds have no minimum" in done.stderr


def test_rules_takes_a_game_or_a_table_but_not_both():
    assert cli("rules").returncode == 2
    done = cli("rules", "--game", "craps", "--config", str(TABLES / "craps.toml"))
    assert done.returncode == 2 and "not allowed with" in done.stderr
    done = cli("rules", "--game", "craps")
    assert (
        done.returncode == 0
        and "example table CR-01" in done.stdout
        and "WARNING" not in done.stdout
    )
