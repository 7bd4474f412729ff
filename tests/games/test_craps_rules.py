"""The craps profile: what it holds, what it refuses, and every house edge checked against a
Markov chain built from the engine's own decisions (`decide`), apart from the closed forms of
`CrapsRules.odds`."""

import copy
import tomllib
from fractions import Fraction
from pathlib import Path

import pytest

from games.craps.bets import all_codes, decide, parse_code
from games.craps.dice import PAIRS, Roll
from games.craps.rules import CrapsRules
from games.rulebook import RulebookError, load_rules

F = Fraction
RULEBOOKS = Path(__file__).resolve().parents[2] / "config" / "rulebooks"
SOURCE = "profiles/test/craps.toml"
POINTS = (4, 5, 6, 8, 9, 10)


@pytest.fixture(scope="module")
def values():
    with (RULEBOOKS / "valencia-1994" / "craps.toml").open("rb") as f:
        return tomllib.load(f)


@pytest.fixture(scope="module")
def rules():
    return load_rules(RULEBOOKS, "valencia-1994", "craps")


def load(values):
    return CrapsRules.from_dict(values, SOURCE)


def altered(values, key, **changes):
    v = copy.deepcopy(values)
    v["bets"][key].update(changes)
    return v


def test_the_default_profile_holds_section_09_and_the_rulings(rules):
    assert "secció 09" in rules.regulation
    assert (
        rules.payout("pass")
        == rules.payout("dontpass")
        == rules.payout("come")
        == rules.payout("dontcome")
        == 1
    )
    assert [rules.payout("field", t) for t in (2, 3, 4, 9, 10, 11, 12)] == [2, 1, 1, 1, 1, 1, 2]
    assert [rules.payout("hard", n) for n in (4, 6, 8, 10)] == [7, 9, 9, 7]
    assert (
        rules.payout("any7"),
        rules.payout("yo11"),
        rules.payout("anycraps"),
        rules.payout("horn"),
    ) == (4, 15, 7, 4)
    assert [rules.payout("craps", n) for n in (2, 3, 12)] == [30, 15, 30]
    assert [rules.payout("odds", n) for n in POINTS] == [2, F(3, 2), F(6, 5), F(6, 5), F(3, 2), 2]
    assert [rules.payout("dontodds", n) for n in POINTS] == [
        F(1, 2),
        F(2, 3),
        F(5, 6),
        F(5, 6),
        F(2, 3),
        F(1, 2),
    ]
    assert [rules.payout("place", n) for n in POINTS] == [
        F(9, 5),
        F(7, 5),
        F(7, 6),
        F(7, 6),
        F(7, 5),
        F(9, 5),
    ]
    assert [rules.payout("lay", n) for n in POINTS] == [
        F(5, 11),
        F(5, 8),
        F(4, 5),
        F(4, 5),
        F(5, 8),
        F(5, 11),
    ]
    assert dict(rules.max_percent["dontodds"]) == {4: 200, 5: 150, 6: 120, 8: 120, 9: 150, 10: 200}
    assert set(rules.max_percent["odds"].values()) == {100}
    assert "fifteen" in rules.errata["any7"] and "2, 3, 3, 9" in rules.errata["field"]
    assert rules.allow_player_edge == frozenset()


def test_codes_are_those_of_bets_md(rules):
    codes = rules.codes()
    assert codes[:9] == (
        "pass",
        "dontpass",
        "come",
        "dontcome",
        "field",
        "big6",
        "big8",
        "under7",
        "over7",
    )
    assert {c for c in codes if c.startswith("place:")} == {f"place:{n}" for n in POINTS}
    assert (
        "odds:pass" in codes
        and "odds:dontcome:10" in codes
        and "horn" in codes
        and "craps:12" in codes
    )
    assert "come:6" not in codes  # travelled codes are not placed
    assert len(codes) == 9 + 4 + 3 + 3 + 1 + 2 + 6 * 4


def test_outcomes_are_the_36_rolls(rules):
    outcomes = rules.outcomes()
    assert len(outcomes) == 36 and sum(p for _, p in outcomes) == 1
    assert {tuple(o["dice"]) for o, _ in outcomes} == set(PAIRS)


def test_limits_follow_section_09_iv_2(rules):
    limits = rules.limits(500, 100)
    simple = 500 * 500
    assert all(
        limits.max[f] == simple
        for f in ("pass", "dontpass", "come", "dontcome", "field", "big6", "under7")
    )
    assert limits.max["place:4"] == simple and limits.max["place:6"] == simple * 120 // 100
    assert (limits.max["lay:6"], limits.max["lay:5"], limits.max["lay:10"]) == (
        simple * 5 // 4,
        simple * 8 // 5,
        simple * 11 // 5,
    )
    for key in (
        "hard",
        "any7",
        "yo11",
        "anycraps",
        "craps",
        "horn",
    ):  # a win of 1 to 3 simple maxima
        pays = rules.payouts[key]
        for p in pays.values() if hasattr(pays, "values") else (pays,):
            assert simple <= limits.max[key] * p <= 3 * simple
    assert "odds" not in limits.max  # odds follow their line bet
    assert rules.odds_limit("dontodds", 6, 500) == 600 and rules.odds_limit("odds", 4, 500) == 500


def test_the_advance_is_15000_minimums(rules):
    assert rules.advance(500) == 7_500_000


@pytest.mark.parametrize(("minimum", "unit"), [(250, 100), (0, 100), (500, 0)])
def test_a_minimum_that_chips_cannot_make_is_refused(rules, minimum, unit):
    with pytest.raises(ValueError):
        rules.limits(minimum, unit)


# --- house edges -----------------------------------------------------------------------------

KNOWN_EDGES = {
    "pass": F(7, 495),
    "come": F(7, 495),
    "dontpass (bar 12)": F(3, 220),
    "dontcome (bar 12)": F(3, 220),
    "field": F(1, 18),
    "big6": F(1, 11),
    "big8": F(1, 11),
    "under7": F(1, 6),
    "over7": F(1, 6),
    "hard:4": F(1, 9),
    "hard:10": F(1, 9),
    "hard:6": F(1, 11),
    "hard:8": F(1, 11),
    "any7": F(1, 6),
    "yo11": F(1, 9),
    "anycraps": F(1, 9),
    "craps:2": F(5, 36),
    "craps:3": F(1, 9),
    "craps:12": F(5, 36),
    "horn": F(1, 6),
    **{f"odds:{n}": 0 for n in POINTS},
    **{f"dontodds:{n}": 0 for n in POINTS},
    "place:4": F(1, 15),
    "place:10": F(1, 15),
    "place:5": F(1, 25),
    "place:9": F(1, 25),
    "place:6": F(1, 66),
    "place:8": F(1, 66),
    "lay:4": F(1, 33),
    "lay:10": F(1, 33),
    "lay:5": F(1, 40),
    "lay:9": F(1, 40),
    "lay:6": F(1, 55),
    "lay:8": F(1, 55),
}


def test_every_edge_is_the_known_one(rules):
    assert {row.label: row.house_edge for row in rules.odds()} == KNOWN_EDGES


def expected_return(rules, code, point):
    """E[money back per unit staked] of `code` placed while `point` is on, by solving the
    linear equations of the Markov chain (bet code, point) the engine's `decide` moves along."""
    index, equations, todo = {}, [], [(code, point)]
    while todo:
        state = todo.pop()
        if state in index:
            continue
        index[state] = len(index)
        constant, links = F(0), {}
        c, p = state
        for dice in PAIRS:
            roll = Roll(dice)
            d = decide(parse_code(c), roll, p)
            if d.result == "open":
                total = roll.total
                after = (
                    (total if total in POINTS else None)
                    if p is None
                    else (None if total in (p, 7) else p)
                )
                nxt = (d.moves_to or c, after)
                links[nxt] = links.get(nxt, 0) + F(1, 36)
                todo.append(nxt)
            elif d.result != "lose":
                key = parse_code(c).key
                constant += F(1, 36) * (1 + rules.payout(key, d.number) if d.result == "win" else 1)
        equations.append((constant, links))
    n = len(index)
    matrix = [[F(0)] * n + [F(0)] for _ in range(n)]  # E_s - sum p E_s' = constant
    for i, (constant, links) in enumerate(equations):
        matrix[i][i] += 1
        for state, prob in links.items():
            matrix[i][index[state]] -= prob
        matrix[i][n] = constant
    for col in range(n):
        pivot = next(r for r in range(col, n) if matrix[r][col] != 0)
        matrix[col], matrix[pivot] = matrix[pivot], matrix[col]
        matrix[col] = [x / matrix[col][col] for x in matrix[col]]
        for r in range(n):
            if r != col and matrix[r][col] != 0:
                factor = matrix[r][col]
                matrix[r] = [a - factor * b for a, b in zip(matrix[r], matrix[col])]
    return matrix[index[(code, point)]][n]


def starts(label):
    """The bets and points a row of the odds is checked with."""
    if label.startswith(("pass", "dontpass")):
        return [(label.split()[0], None)]
    if label.startswith(("come", "dontcome")):
        return [
            (label.split()[0], n) for n in POINTS
        ]  # a come bet's fate does not depend on the point
    if label.startswith("odds:"):
        n = int(label[5:])
        return [(f"odds:come:{n}", None), (f"odds:come:{n}", 6), ("odds:pass", n)]
    if label.startswith("dontodds:"):
        n = int(label[9:])
        return [(f"odds:dontcome:{n}", None), ("odds:dontpass", n)]
    return [(label, None), (label, 8)]


def test_every_edge_matches_a_markov_chain_of_the_engines_decisions(rules):
    for row in rules.odds():
        for code, point in starts(row.label):
            assert 1 - expected_return(rules, code, point) == row.house_edge, (
                row.label,
                code,
                point,
            )


def test_the_pass_line_chain_gives_7_495(rules):
    assert 1 - expected_return(rules, "pass", None) == F(7, 495)


# --- validation ------------------------------------------------------------------------------


def test_the_regulations_15_times_on_the_seven_is_refused_as_a_player_edge(values):
    with pytest.raises(RulebookError, match=r"bets\.any7: any7 paying 15 has a house edge of -5/3"):
        load(altered(values, "any7", payout=15, max_multiple=50))


def test_a_player_edge_loads_when_allowed(values):
    rules = load(altered(values, "any7", payout=15, max_multiple=50, allow_player_edge=True))
    assert rules.payout("any7") == 15 and "any7" in rules.allow_player_edge


def test_odds_with_zero_edge_load(rules):
    assert all(row.house_edge == 0 for row in rules.odds() if row.family in ("odds", "dontodds"))


@pytest.mark.parametrize("multiple", [99, 1001])
def test_the_simple_maximum_lies_between_100_and_1000_minimums(values, multiple):
    with pytest.raises(
        RulebookError, match=r"simple_max_multiple: section 09 IV.2 puts it between 100 and 1000"
    ):
        load({**values, "simple_max_multiple": multiple})


@pytest.mark.parametrize("multiple", [10, 500])
def test_a_multiple_chance_maximum_wins_one_to_three_simple_maxima(values, multiple):
    with pytest.raises(RulebookError, match=r"bets\.yo11\.max_multiple: .*section 09 IV.2"):
        load(altered(values, "yo11", max_multiple=multiple))


def test_a_payout_by_number_must_name_every_number(values):
    v = altered(
        values, "place", payout={"4": "9/5", "5": "7/5", "6": "7/6", "9": "7/5", "10": "9/5"}
    )
    with pytest.raises(
        RulebookError,
        match=r"bets\.place\.payout: must give one value for each of 4, 5, 6, 8, 9, 10",
    ):
        load(v)


def test_a_float_payout_is_refused_naming_the_number(values):
    v = copy.deepcopy(values)
    v["bets"]["odds"]["payout"]["6"] = 1.2
    with pytest.raises(RulebookError, match=r"bets\.odds\.payout\.6: "):
        load(v)


def test_unknown_keys_are_refused(values):
    with pytest.raises(RulebookError, match=r"bets\.pass\.max_multiple: unknown key"):
        load(altered(values, "pass", max_multiple=3))
    with pytest.raises(RulebookError, match=r"bets\.horns: unknown key"):
        load({**values, "bets": {**values["bets"], "horns": {}}})


def test_a_missing_section_is_named(values):
    v = copy.deepcopy(values)
    del v["bets"]["lay"]
    with pytest.raises(RulebookError, match=rf"^{SOURCE}: bets\.lay: missing$"):
        load(v)


def test_every_code_parses_and_bad_codes_say_why():
    assert all(parse_code(c).code == c for c in all_codes())
    for code, why in [
        ("place:7", "numbers are 4, 5"),
        ("hard:5", "hard ways"),
        ("craps:4", "craps:2"),
        ("PASS", "lowercase"),
        ("buy:4", "unknown bet"),
        ("odds:come:3", "numbers are"),
    ]:
        with pytest.raises(ValueError, match=why):
            parse_code(code)
