"""Random rounds of legal wheel of fortune bets: every bet settles once and money is conserved."""

from fractions import Fraction
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from games.fortune_wheel.engine import FortuneWheelEngine
from games.records import Bet, Totals
from games.rulebook import load_rules

RULES = load_rules(
    Path(__file__).resolve().parents[2] / "config" / "rulebooks", "valencia-1994", "fortune_wheel"
)
PAYS = {
    "sym:1": 1,
    "sym:2": 2,
    "sym:5": 5,
    "sym:10": 10,
    "sym:20": 20,
    "joker:1": 45,
    "joker:2": 45,
}

# 10 x 5 within 50 minimums
bet_specs = st.tuples(st.sampled_from(RULES.codes()), st.integers(1, 5), st.integers(1, 4))
tables = st.sampled_from([(500, 100), (500, 500), (300, 100), (200, 1)])


@settings(max_examples=300, deadline=None)
@given(specs=st.lists(bet_specs, max_size=10), segment=st.integers(0, 53), table=tables)
def test_a_round_settles_every_bet_once_and_conserves_money(specs, segment, table):
    minimum, chip = table
    engine = FortuneWheelEngine(RULES, RULES.limits(minimum, chip))
    accepted = []
    for i, (code, multiple, seat) in enumerate(specs):
        accepted.append(engine.place(Bet(f"b{i}", seat, code, multiple * minimum), accepted))
    symbol = RULES.segments[segment]
    result = engine.settle(engine.new_state(), accepted, {"segment": segment, "symbol": symbol})

    assert result.bets == tuple(accepted)
    assert sorted(e.id for e in result.settlement) == sorted(b.id for b in accepted)
    bets = {b.id: b for b in accepted}
    owed = breakage = Fraction(0)
    for entry in result.settlement:
        b = bets[entry.id]
        entry_owed = b.stake * (1 + PAYS[b.code]) if b.code == symbol else 0
        assert entry.result == ("win" if b.code == symbol else "lose")
        assert entry.paid + entry.returned + entry.breakage == entry_owed
        assert entry.paid % chip == 0 and 0 <= entry.breakage < chip
        owed += entry_owed
        breakage += entry.breakage
    results = [e.result for e in result.settlement]
    assert results == sorted(results, key=lambda r: r != "lose")
    assert result.totals == Totals(
        staked=sum(b.stake for b in accepted),
        paid=sum(e.paid for e in result.settlement),
        returned=sum(e.returned for e in result.settlement),
    )
    assert result.totals.paid + result.totals.returned + breakage == owed
