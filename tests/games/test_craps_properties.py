"""Random roll sequences with random legal bets and withdrawals, rolled on until every bet has
ended: every bet ends once, is owed what the regulation pays, and money is conserved."""

from fractions import Fraction
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from games.craps.engine import CrapsEngine
from games.records import Bet, Totals
from games.rulebook import load_rules

F = Fraction
RULES = load_rules(
    Path(__file__).resolve().parents[2] / "config" / "rulebooks", "valencia-1994", "craps"
)
CODES = RULES.codes()
ODDS = {4: 2, 5: F(3, 2), 6: F(6, 5), 8: F(6, 5), 9: F(3, 2), 10: 2}
PLACE = {4: F(9, 5), 5: F(7, 5), 6: F(7, 6), 8: F(7, 6), 9: F(7, 5), 10: F(9, 5)}
LAY = {4: F(5, 11), 5: F(5, 8), 6: F(4, 5), 8: F(4, 5), 9: F(5, 8), 10: F(5, 11)}
FLAT = {
    "pass": 1,
    "dontpass": 1,
    "come": 1,
    "dontcome": 1,
    "big6": 1,
    "big8": 1,
    "under7": 1,
    "over7": 1,
    "any7": 4,
    "yo11": 15,
    "anycraps": 7,
    "horn": 4,
    "craps:2": 30,
    "craps:3": 15,
    "craps:12": 30,
    "hard:4": 7,
    "hard:10": 7,
    "hard:6": 9,
    "hard:8": 9,
}


def payout(code, dice, point):
    """What a winning bet is paid per unit, from the regulation (not from the engine)."""
    total = sum(dice)
    family = code.partition(":")[0]
    if code in FLAT or family in ("come", "dontcome"):
        return FLAT.get(code, 1)
    if family == "field":
        return 2 if total in (2, 12) else 1
    n = point if code in ("odds:pass", "odds:dontpass") else int(code.rsplit(":", 1)[1])
    if family == "odds":
        return ODDS[n] if code.startswith(("odds:pass", "odds:come")) else 1 / F(ODDS[n])
    return PLACE[n] if family == "place" else LAY[n]


dice = st.tuples(st.integers(1, 6), st.integers(1, 6))
# stake in chips, seat
bet_specs = st.tuples(st.sampled_from(CODES), st.integers(1, 12), st.integers(1, 4))
rounds = st.lists(
    st.tuples(st.lists(bet_specs, max_size=6), st.lists(st.integers(0, 20), max_size=2), dice),
    min_size=1,
    max_size=25,
)
tables = st.sampled_from([(500, 100), (300, 100), (200, 1), (600, 600)])


@settings(max_examples=300, deadline=None)
@given(rounds=rounds, table=tables)
def test_every_bet_ends_once_and_money_is_conserved(rounds, table):
    minimum, chip = table
    engine = CrapsEngine(RULES, RULES.limits(minimum, chip))
    state, placed, ended, session = engine.new_state(1), {}, set(), Totals()
    owed_in_all = breakage = F(0)
    for index, (specs, withdrawals, roll) in enumerate(
        [*rounds, ((), (), (3, 4))]
    ):  # a 7 ends every bet
        for pick in withdrawals:
            if (
                state.layout
                and engine.can_withdraw(state, bet_id := state.layout[pick % len(state.layout)].id)
                is None
            ):
                state, entry = engine.withdraw(state, bet_id)
                assert entry.returned == placed[bet_id].stake and bet_id not in ended
                ended.add(bet_id)
                session += Totals(entry.returned, 0, entry.returned)
                owed_in_all += entry.returned
        accepted = []
        for i, (code, chips, seat) in enumerate(specs):
            stake = chips * (chip if code.startswith("odds:") else minimum)
            new = Bet(f"r{index}b{i}", seat, code, stake)
            if engine.check(new, accepted, state=state) is None:
                accepted.append(engine.place(new, accepted, state=state))
        if state.shooter is None:
            state = engine.with_shooter(state, 1)
        if not state.shooter_bets(accepted):
            accepted.append(
                engine.place(Bet(f"r{index}s", 1, "pass", minimum), accepted, state=state)
            )
        placed.update((b.id, b) for b in accepted)
        layout_before = state.layout
        result = engine.settle(state, accepted, {"dice": list(roll)})

        assert result.bets == layout_before + tuple(accepted)
        assert [e.id for e in result.settlement] == [b.id for b in result.bets]
        round_totals = Totals()
        for bet, entry in zip(result.bets, result.settlement):
            assert (
                entry.paid % chip == 0 and entry.returned % chip == 0 and 0 <= entry.breakage < chip
            )
            if entry.result == "open":
                assert entry.paid == entry.returned == 0
                continue
            assert bet.id not in ended, "a bet ended twice"
            ended.add(bet.id)
            owed = {
                "win": bet.stake * (1 + payout(bet.code, roll, state.point)),
                "push": bet.stake,
                "lose": 0,
            }[entry.result]
            assert entry.paid + entry.returned + entry.breakage == owed
            round_totals += Totals(bet.stake, entry.paid, entry.returned)
            owed_in_all += owed
            breakage += entry.breakage
        assert result.totals == round_totals
        assert {b.id for b in result.state.layout} == {
            e.id for e in result.settlement if e.result == "open"
        }
        session += result.totals
        state = result.state

    assert state.layout == ()
    assert ended == set(placed)
    assert session.staked == sum(b.stake for b in placed.values())
    assert session.paid + session.returned + breakage == owed_in_all
