"""`dealer-terminal simulate`: long seeded simulations agree with the exact house edges."""

from __future__ import annotations

import pytest

from games.registry import GAMES
from terminal.runtime.simulation.simulate import simulate
from tests.support.helpers import cli

ROUNDS = 20_000


@pytest.mark.parametrize("game", sorted(GAMES))
def test_measured_returns_fall_within_the_tolerance_of_the_exact_edges(game):
    rows = simulate(game, "valencia-1994", ROUNDS, seed=2026)
    assert rows and all(row.bets > ROUNDS // 20 for row in rows), [(r.label, r.bets) for r in rows]
    # about four standard errors: a fixed seed, so this cannot flake, and a wrong payout or
    # probability of one part in a hundred on a frequent bet shows
    off = [
        (r.label, r.exact_edge, r.measured_edge, r.half_width)
        for r in rows
        if abs(r.measured_edge - r.exact_edge) > 2 * r.half_width
    ]
    assert not off


def test_a_wrong_payout_is_caught(monkeypatch):
    """The check above can fail: paying 1/2 instead of 1 on red is far outside tolerance."""
    from fractions import Fraction

    from games.roulette import engine as roulette_engine

    real = roulette_engine.RouletteEngine._settle

    def stingy(self, bet, number, last_round):
        entry = real(self, bet, number, last_round)
        if bet.code == "red" and entry.result == "win":
            return type(entry)(
                entry.id, "win", paid=entry.paid // 2, returned=entry.returned, breakage=Fraction(0)
            )
        return entry

    monkeypatch.setattr(roulette_engine.RouletteEngine, "_settle", stingy)
    rows = {r.label: r for r in simulate("roulette_fr", "valencia-1994", 5_000, seed=1)}
    red = rows["red (half on zero)"]
    assert abs(red.measured_edge - red.exact_edge) > 2 * red.half_width


def test_the_command_prints_the_table_and_shows_progress():
    done = cli("simulate", "--game", "roulette_fr", "--rounds", "10000", "--seed", "3")
    assert done.returncode == 0, done.stderr
    assert "straight" in done.stdout and "95% interval" in done.stdout and "within" in done.stdout
    assert "100.0% 10,000/10,000 rounds" in done.stderr
