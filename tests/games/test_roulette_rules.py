import copy
from fractions import Fraction

import pytest

from games.prison import PrisonBet
from games.roulette.engine import RouletteEngine, RouletteState
from games.roulette.layout import EVEN_CHANCES
from games.roulette.rules import RouletteRules
from games.rulebook import RulebookError

F = Fraction
SOURCE = "profiles/test/roulette_fr.toml"
REGULATION_PAYOUTS = {
    "straight": 35,
    "split": 17,
    "street": 11,
    "corner": 8,
    "sixline": 5,
    "column": 2,
    "dozen": 2,
    "columns": F(1, 2),
    "dozens": F(1, 2),
    "red": 1,
    "black": 1,
    "even": 1,
    "odd": 1,
    "low": 1,
    "high": 1,
}
REGULATION_MAXIMA = {
    "straight": 30,
    "split": 60,
    "street": 90,
    "corner": 120,
    "sixline": 180,
    "column": 360,
    "dozen": 360,
    "columns": 720,
    "dozens": 720,
    "red": 540,
    "black": 540,
    "even": 540,
    "odd": 540,
    "low": 540,
    "high": 540,
}


def load(values):
    return RouletteRules.from_dict(values, SOURCE)


def test_the_default_profile_holds_the_regulation(rules):
    assert rules.payouts == REGULATION_PAYOUTS
    assert rules.max_multiple == REGULATION_MAXIMA
    assert rules.zero_rule == "prison"
    assert rules.wheel_order[:5] == (0, 32, 15, 19, 4) and rules.wheel_order[-1] == 26
    assert rules.payment_order == (
        "columns",
        "column",
        "dozens",
        "dozen",
        "red",
        "black",
        "even",
        "odd",
        "high",
        "low",
        "sixline",
        "street",
        "corner",
        "split",
        "straight",
    )
    assert rules.closing_rounds == 3
    assert rules.allow_player_edge == frozenset()


def test_limits_and_advance_are_multiples_of_the_minimum(rules):
    limits = rules.limits(500, 100)
    assert (limits.min, limits.chip_unit) == (500, 100)
    assert limits.max == {family: m * 500 for family, m in REGULATION_MAXIMA.items()}
    assert rules.advance(500) == 7_500_000


@pytest.mark.parametrize(("minimum", "unit"), [(250, 100), (0, 100), (500, 0)])
def test_a_minimum_that_chips_cannot_make_is_refused(rules, minimum, unit):
    with pytest.raises(ValueError):
        rules.limits(minimum, unit)


def test_exact_house_edges(rules):
    edges = {(row.family, row.zero_choice): row.house_edge for row in rules.odds()}
    for family in REGULATION_PAYOUTS:
        if family in EVEN_CHANCES:
            assert edges.pop((family, "half")) == F(1, 74)
            assert edges.pop((family, "prison")) == F(1, 73)
        else:
            assert edges.pop((family, None)) == F(1, 37)
    assert edges == {}


def test_odds_rows_give_payout_probability_and_numbers(rules):
    rows = {
        (row.family, row.zero_choice): (row.payout, row.probability, row.numbers)
        for row in rules.odds()
    }
    assert rows["straight", None] == (35, F(1, 37), 1)
    assert rows["sixline", None] == (5, F(6, 37), 6)
    assert rows["columns", None] == (F(1, 2), F(24, 37), 24)
    assert rows["red", "prison"] == rows["red", "half"] == (1, F(18, 37), 18)


def test_prison_edge_by_a_truncated_markov_chain():
    """Independent of odds(): walk the chain of an imprisoned bet zero by zero, in Fractions."""
    win, zero, depth = F(18, 37), F(1, 37), 12
    returned = win * 2  # the chance wins at once: stake and winnings
    in_prison, value = zero, F(1)  # caught by the first zero, imprisoned at full value
    for _ in range(depth):
        returned += in_prison * win * value  # released at its value
        in_prison, value = in_prison * zero, value / 2
    unsettled = in_prison * value  # the most the chain's tail could still return
    assert 1 - returned - unsettled <= F(1, 73) <= 1 - returned
    assert unsettled < F(1, 10**18)


def test_prison_edge_by_playing_the_engine_over_every_outcome(rules):
    """The engine's own settlements, weighted by the wheel's odds, return 72/73 of the stake."""
    stake, depth = 2**40, 10
    engine = RouletteEngine(rules, rules.limits(1, 1))
    weights = {1: F(18, 37), 2: F(18, 37), 0: F(1, 37)}  # red wins, red loses, zero

    def expected(state, bets, level):
        if level == depth:
            return F(0)
        total = F(0)
        for number, weight in weights.items():
            result = engine.spin(state, bets, number)
            (entry,) = result.settlement
            total += weight * (entry.paid + entry.returned + entry.breakage)
            if entry.result == "prison":
                total += weight * expected(result.state, (), level + 1)
        return total

    returned = expected(RouletteState(), [PrisonBet("b", 1, "red", stake)], 0)
    tail = F(1, 37) ** depth
    assert 1 - returned / stake - tail <= F(1, 73) <= 1 - returned / stake


def test_a_half_profile_has_one_zero_row_per_even_chance(profile_values):
    profile_values["zero_rule"] = "half"
    rows = [row for row in load(profile_values).odds() if row.family in EVEN_CHANCES]
    assert [(row.zero_choice, row.house_edge) for row in rows] == [("half", F(1, 74))] * 6


def test_a_fair_payout_loads(profile_values):
    profile_values["bets"]["straight"]["payout"] = 36
    rows = {row.family: row for row in load(profile_values).odds()}
    assert rows["straight"].house_edge == 0


@pytest.mark.parametrize(
    ("family", "payout", "edge"),
    [
        ("straight", 37, "-1/37"),
        ("columns", "3/5", "-7/185"),
        ("red", 2, r"red \(prison on zero\) paying 2 .* -\d+/\d+"),
    ],
)
def test_a_player_advantage_fails_to_load_naming_the_bet_and_its_edge(
    profile_values, family, payout, edge
):
    profile_values["bets"][family]["payout"] = payout
    with pytest.raises(RulebookError, match=rf"bets\.{family}: .*{edge}.*player advantage"):
        load(profile_values)


def test_a_player_advantage_loads_where_the_profile_allows_it(profile_values):
    profile_values["bets"]["straight"].update(payout=37, allow_player_edge=True)
    rules = load(profile_values)
    assert rules.allow_player_edge == {"straight"}
    assert {row.family: row.house_edge for row in rules.odds()}["straight"] == F(-1, 37)


def swapped(order, a, b):
    order = list(order)
    i, j = order.index(a), order.index(b)
    order[i], order[j] = b, a
    return order


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("zero_rule"), "zero_rule: missing"),
        (lambda d: d.update(zero_rule="partage"), "zero_rule: must be one of prison, half"),
        (
            lambda d: d.update(advance_multiple=0),
            "advance_multiple: must be a positive whole number",
        ),
        (lambda d: d.update(closing_rounds="3"), "closing_rounds: must be a positive whole number"),
        (lambda d: d.update(advance_multipel=15000), "advance_multipel: unknown key"),
        (lambda d: d.update(source=""), "source: must be a non-empty text"),
        (lambda d: d.update(bets=[]), "bets: must be a table"),
        (lambda d: d["bets"].pop("corner"), "bets.corner: missing"),
        (
            lambda d: d["bets"].update(basket={"payout": 6, "max_multiple": 100}),
            "bets.basket: unknown key",
        ),
        (lambda d: d["bets"]["split"].pop("payout"), "bets.split.payout: missing"),
        (lambda d: d["bets"]["split"].pop("max_multiple"), "bets.split.max_multiple: missing"),
        (
            lambda d: d["bets"]["split"].update(max_multiple=-60),
            "bets.split.max_multiple: must be a positive",
        ),
        (lambda d: d["bets"]["split"].update(payout=17.0), "bets.split.payout: a payout is"),
        (
            lambda d: d["bets"]["split"].update(allow_player_edge="yes"),
            "bets.split.allow_player_edge: must be true or false",
        ),
        (
            lambda d: d["payment_order"].remove("dozen"),
            r"payment_order: must list each of .* once, .*\(missing \[.dozen.\]\)$",
        ),
        (lambda d: d["payment_order"].append("basket"), r"unknown \['basket'\]"),
        (lambda d: d["payment_order"].append("red"), r"repeated \['red'\]"),
        (
            lambda d: d.update(payment_order="straight last"),
            "payment_order: must be a list of bet families",
        ),
        (
            lambda d: d.update(wheel_order=d["wheel_order"][:-1]),
            r"wheel_order: must list 0 to 36 once each \(missing \[26\]",
        ),
        (lambda d: d["wheel_order"].append(37), r"not on a wheel \[37\]"),
        (
            lambda d: d.update(wheel_order=list(range(37))),
            "wheel_order: 0 and 1 are side by side; consecutive",
        ),
        (
            lambda d: d.update(wheel_order=swapped(d["wheel_order"], 32, 4)),
            "wheel_order: 4 and 15 are side by side and of the same colour",
        ),
        (
            lambda d: d.update(red=[1, 3]),
            r"red: must be the red numbers of the cloth.*missing \[5, 7",
        ),
        (lambda d: d.update(red="1 3 5"), "red: must be a list of whole numbers"),
    ],
)
def test_invalid_profiles_fail_naming_the_key(profile_values, change, message):
    values = copy.deepcopy(profile_values)
    change(values)
    with pytest.raises(RulebookError, match=f"^{SOURCE}: .*{message}"):
        load(values)
