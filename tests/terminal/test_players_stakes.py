"""The simulated players stake what the table takes: multiples of a bet's stake step, and craps
odds only where they are paid exactly."""

from __future__ import annotations

import random
from pathlib import Path

from games.banking import stake_rule_refusal
from games.craps.bets import ASSOCIATED, parse_code
from games.rulebook import load_rules
from terminal.runtime.simulation.players import SimPlayers

RULEBOOKS = Path(__file__).resolve().parents[2] / "config" / "rulebooks"
STEPS = {"place:6": 600, "place:8": 600, "lay:4": 1100, "lay:10": 1100, "lay:5": 800, "lay:9": 800}


def placed_bets(rules, limits, rounds=200, **kw):
    players = SimPlayers(random.Random(7), rules.codes(), seats=8, max_bets=4, buyin=1000, **kw)
    bets = []
    for round_no in range(rounds):
        players.buyins(limits)
        for bet in players.bets(round_no, limits):
            bets.append(bet)
            players.refund([bet])
    return bets


def test_craps_players_stake_each_bet_in_its_step_and_odds_paid_exactly():
    rules = load_rules(RULEBOOKS, "valencia-1994", "craps")
    limits = rules.limits(500, 100, STEPS)
    bets = placed_bets(rules, limits, stake_unit=rules.stake_unit)
    odds = [bet for bet in bets if parse_code(bet.code).key in ASSOCIATED]
    others = [bet for bet in bets if bet not in odds]
    assert {bet.code for bet in others} >= set(STEPS)
    assert [bet for bet in others if stake_rule_refusal(bet.code, bet.stake, limits)] == []
    assert odds
    for bet in odds:  # paid exactly on whatever number the odds are
        code = parse_code(bet.code)
        for number in (code.number,) if code.number else (4, 5, 6, 8, 9, 10):
            assert bet.stake % rules.odds_stake_unit(code.key, number, limits.chip_unit) == 0, bet


def test_without_steps_every_stake_is_a_multiple_of_the_minimum():
    rules = load_rules(RULEBOOKS, "valencia-1994", "roulette_fr")
    limits = rules.limits(500, 50)
    assert {bet.stake % 500 for bet in placed_bets(rules, limits)} == {0}
