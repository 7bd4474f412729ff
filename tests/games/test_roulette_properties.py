"""Whole sessions of random legal bets and numbers: money is conserved and every bet ends once."""

import tomllib
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from games.prison import PrisonBet
from games.records import Totals
from games.roulette.engine import RouletteEngine, RouletteState
from games.roulette.layout import EVEN_CHANCES, all_codes, covers
from games.roulette.rules import RouletteRules
from tests.support.rulebook_files import profile_path

PROFILE = profile_path("roulette_fr")
PAYS = {
    "straight": 35,
    "split": 17,
    "street": 11,
    "corner": 8,
    "sixline": 5,
    "column": 2,
    "dozen": 2,
    "columns": Fraction(1, 2),
    "dozens": Fraction(1, 2),
    "red": 1,
    "black": 1,
    "even": 1,
    "odd": 1,
    "low": 1,
    "high": 1,
}
CODES = all_codes()
EVEN_CHANCE_CODES = [c for c in CODES if c in EVEN_CHANCES]

bet_specs = st.tuples(
    st.one_of(st.sampled_from(CODES), st.sampled_from(EVEN_CHANCE_CODES)),  # even chances often
    st.integers(1, 5),  # stake in minimums: six of them stay within the straight maximum of 30
    st.integers(1, 4),  # seat
    st.sampled_from(["prison", "half"]),
)
rounds = st.lists(
    st.tuples(st.lists(bet_specs, max_size=6), st.one_of(st.just(0), st.integers(0, 36))),
    min_size=1,
    max_size=8,
)
tables = st.sampled_from([(500, 100), (500, 500), (300, 100), (200, 1)])


def rules_with(zero_rule: str) -> RouletteRules:
    with PROFILE.open("rb") as f:
        values = tomllib.load(f)
    return RouletteRules.from_dict({**values, "zero_rule": zero_rule}, str(PROFILE))


RULES = {zero_rule: rules_with(zero_rule) for zero_rule in ("prison", "half")}


def owed(bet: PrisonBet, result: str) -> Fraction:
    """What the bet is owed in all, by the rules as written (not by the engine)."""
    k = bet.prison
    return {
        "win": bet.stake * (1 + PAYS[bet.family]),
        "half": Fraction(bet.stake, 2 ** (k + 1)),
        "push": Fraction(bet.stake, 2 ** max(k - 1, 0)),
        "lose": Fraction(0),
        "prison": Fraction(0),
    }[result]


@settings(max_examples=300, deadline=None)
@given(rounds=rounds, table=tables, zero_rule=st.sampled_from(sorted(RULES)))
def test_a_session_settles_every_bet_once_and_conserves_money(rounds, table, zero_rule):
    minimum, chip = table
    engine = RouletteEngine(RULES[zero_rule], RULES[zero_rule].limits(minimum, chip))
    state, placed, ended, session = RouletteState(), {}, {}, Totals()
    owed_in_all = breakage = Fraction(0)
    for index, (specs, number) in enumerate(rounds):
        accepted = []
        for i, (code, multiple, seat, choice) in enumerate(specs):
            new = PrisonBet(
                f"r{index}b{i}",
                seat,
                code,
                multiple * minimum,
                choice if code in EVEN_CHANCES else "prison",
            )
            accepted.append(engine.place(new, accepted))
        placed.update((b.id, b) for b in accepted)
        last = index == len(rounds) - 1
        result = engine.spin(state, accepted, number, last_round=last)

        assert result.bets == state.prison + tuple(accepted)
        assert sorted(e.id for e in result.settlement) == sorted(b.id for b in result.bets)
        taking_part = {b.id: b for b in result.bets}
        round_totals = Totals()
        for entry in result.settlement:
            b = taking_part[entry.id]
            assert entry.paid + entry.returned + entry.breakage == owed(b, entry.result)
            assert (
                entry.paid % chip == 0 and entry.returned % chip == 0 and 0 <= entry.breakage < chip
            )
            assert entry.result != "lose" or number not in covers(b.code)
            if not b.prison:
                assert (entry.result == "win") == (number in covers(b.code))
            assert entry.result not in ("half", "prison") or number == 0
            if entry.result == "prison":
                assert zero_rule == "prison" and not last
                continue
            assert entry.id not in ended, "a bet ended twice"
            ended[entry.id] = b
            round_totals += Totals(b.stake, entry.paid, entry.returned)
            owed_in_all += owed(b, entry.result)
            breakage += entry.breakage
        assert result.totals == round_totals
        results = {e.id: e.result for e in result.settlement}
        assert result.state.prison == tuple(
            b.imprisoned(b.prison + 1) for b in result.bets if results[b.id] == "prison"
        )
        session += result.totals
        state = result.state

    assert state.prison == ()
    assert set(ended) == set(placed)
    assert session.staked == sum(b.stake for b in placed.values())
    assert session.paid + session.returned + breakage == owed_in_all
