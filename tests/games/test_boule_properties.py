"""Random rounds of legal boule bets: every bet settles once and money is conserved."""

import tomllib
from fractions import Fraction
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from games.boule.engine import BouleEngine
from games.boule.rules import BouleRules
from games.records import Bet, Totals
from games.rulebook import load_rules

RULEBOOKS = Path(__file__).resolve().parents[2] / "config" / "rulebooks"
RULES = load_rules(RULEBOOKS, "valencia-1994", "boule")
with (RULEBOOKS / "valencia-1994" / "boule.toml").open("rb") as f:
    _values = tomllib.load(f)
_values["bets"]["number"]["payout"] = "13/2"  # fractional payouts leave breakage
_values["bets"]["low"]["payout"] = "3/4"
FRACTIONAL = BouleRules.from_dict(_values, "fractional.toml")
# Section 04 IV.a (and the altered profile), written out independently of the rules.
_DEFAULT_PAYS = {code: Fraction(7 if code.startswith("number:") else 1) for code in RULES.codes()}
PROFILES = {
    "default": (RULES, _DEFAULT_PAYS),
    "fractional": (
        FRACTIONAL,
        {
            **_DEFAULT_PAYS,
            **{f"number:{n}": Fraction(13, 2) for n in range(1, 10)},
            "low": Fraction(3, 4),
        },
    ),
}
CODES = RULES.codes()
WINS_ON = {
    **{f"number:{n}": {n} for n in range(1, 10)},
    "red": {2, 4, 7, 9},
    "black": {1, 3, 6, 8},
    "even": {2, 4, 6, 8},
    "odd": {1, 3, 7, 9},
    "low": {1, 2, 3, 4},
    "high": {6, 7, 8, 9},
}

# 10 bets x 9: within 100 minimums
bet_specs = st.tuples(st.sampled_from(CODES), st.integers(1, 9), st.integers(1, 4))
tables = st.sampled_from([(500, 100), (500, 500), (300, 100), (200, 1)])


@settings(max_examples=300, deadline=None)
@given(
    specs=st.lists(bet_specs, max_size=10),
    number=st.integers(1, 9),
    table=tables,
    last=st.booleans(),
    profile=st.sampled_from(sorted(PROFILES)),
)
def test_a_round_settles_every_bet_once_and_conserves_money(specs, number, table, last, profile):
    rules, pays = PROFILES[profile]
    minimum, chip = table
    engine = BouleEngine(rules, rules.limits(minimum, chip))
    accepted = []
    for i, (code, multiple, seat) in enumerate(specs):
        accepted.append(engine.place(Bet(f"b{i}", seat, code, multiple * minimum), accepted))
    result = engine.settle(engine.new_state(), accepted, {"number": number}, last_round=last)

    assert result.bets == tuple(accepted)
    assert sorted(e.id for e in result.settlement) == sorted(b.id for b in accepted)
    bets = {b.id: b for b in accepted}
    owed = breakage = Fraction(0)
    for entry in result.settlement:
        b = bets[entry.id]
        won = number in WINS_ON[b.code]
        assert entry.result == ("win" if won else "lose")
        entry_owed = b.stake * (1 + pays[b.code]) if won else 0
        assert entry.paid + entry.returned + entry.breakage == entry_owed
        assert entry.paid % chip == 0 and 0 <= entry.breakage < chip
        owed += entry_owed
        breakage += entry.breakage
    results = [e.result for e in result.settlement]
    assert results == sorted(results, key=lambda r: r != "lose")  # losers collected first
    assert result.totals == Totals(
        staked=sum(b.stake for b in accepted),
        paid=sum(e.paid for e in result.settlement),
        returned=sum(e.returned for e in result.settlement),
    )
    assert result.totals.paid + result.totals.returned + breakage == owed
    assert (
        result.totals.house_net
        == result.totals.staked - result.totals.paid - result.totals.returned
    )
