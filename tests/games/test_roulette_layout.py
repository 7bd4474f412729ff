"""The catalogue of bets, checked against the cloth's geometry built here independently."""

from itertools import combinations

import pytest

from games.roulette.layout import FAMILIES, RED, all_codes, covers, parse_code


def cell(n):
    """(row, column) of 1-36 on the cloth: rows 0-11 from 1-2-3, columns 0-2."""
    return (n - 1) // 3, (n - 1) % 3


def code(family, numbers):
    return f"{family}:{'-'.join(map(str, sorted(numbers)))}"


def expected_catalogue():
    bets = {code("straight", [n]): {n} for n in range(37)}
    for pair in combinations(range(37), 2):
        a, b = pair
        if a == 0:
            adjacent = b in (1, 2, 3)
        else:
            (ra, ca), (rb, cb) = cell(a), cell(b)
            adjacent = abs(ra - rb) + abs(ca - cb) == 1
        if adjacent:
            bets[code("split", pair)] = set(pair)
    for row in range(12):
        trio = {3 * row + 1, 3 * row + 2, 3 * row + 3}
        bets[code("street", trio)] = trio
    for trio in ({0, 1, 2}, {0, 2, 3}):
        bets[code("street", trio)] = trio
    for quad in combinations(range(1, 37), 4):
        rows = {cell(n)[0] for n in quad}
        cols = {cell(n)[1] for n in quad}
        if (
            len(rows) == 2
            and len(cols) == 2
            and max(rows) - min(rows) == 1
            and max(cols) - min(cols) == 1
        ):
            bets[code("corner", quad)] = set(quad)
    bets["corner:0-1-2-3"] = {0, 1, 2, 3}
    for row in range(11):
        six = set(range(3 * row + 1, 3 * row + 7))
        bets[code("sixline", [min(six), max(six)])] = six
    for i in (1, 2, 3):
        bets[f"column:{i}"] = {n for n in range(1, 37) if cell(n)[1] == i - 1}
        bets[f"dozen:{i}"] = {n for n in range(1, 37) if (n - 1) // 12 == i - 1}
    for i in (1, 2):
        bets[f"columns:{i}-{i + 1}"] = bets[f"column:{i}"] | bets[f"column:{i + 1}"]
        bets[f"dozens:{i}-{i + 1}"] = bets[f"dozen:{i}"] | bets[f"dozen:{i + 1}"]
    # Section 01 II: digit sum even is black, and 10 and 29, except 19.
    red = {n for n in range(1, 37) if (sum(map(int, str(n))) % 2 == 1) != (n in (10, 19, 29))}
    bets["red"] = red
    bets["black"] = set(range(1, 37)) - red
    bets["even"] = {n for n in range(1, 37) if n % 2 == 0}
    bets["odd"] = {n for n in range(1, 37) if n % 2}
    bets["low"] = set(range(1, 19))
    bets["high"] = set(range(19, 37))
    return bets


def test_the_catalogue_is_every_bet_of_the_cloth_and_nothing_else():
    expected = expected_catalogue()
    assert sorted(all_codes()) == sorted(expected)
    for c in all_codes():
        assert covers(c) == expected[c], c
        assert parse_code(c) == expected[c], c


def test_counts_per_family():
    counts = {f: sum(1 for c in all_codes() if c.partition(":")[0] == f) for f in FAMILIES}
    assert counts == {
        "straight": 37,
        "split": 60,
        "street": 14,
        "corner": 23,
        "sixline": 11,
        "column": 3,
        "dozen": 3,
        "columns": 2,
        "dozens": 2,
        "red": 1,
        "black": 1,
        "even": 1,
        "odd": 1,
        "low": 1,
        "high": 1,
    }


def test_red_numbers():
    assert expected_catalogue()["red"] == RED
    assert len(RED) == 18


@pytest.mark.parametrize(
    ("given", "canonical"),
    [
        ("split:5-4", "split:4-5"),
        ("split:3-0", "split:0-3"),
        ("straight:07", "straight:7"),
        ("street:3-2-1", "street:1-2-3"),
        ("corner:5-4-2-1", "corner:1-2-4-5"),
        ("sixline:6-1", "sixline:1-6"),
        ("columns:2-1", "columns:1-2"),
        ("Red", "red"),
        ("STRAIGHT:17", "straight:17"),
    ],
)
def test_non_canonical_codes_are_refused_naming_the_canonical_one(given, canonical):
    with pytest.raises(ValueError, match=canonical):
        parse_code(given)


@pytest.mark.parametrize(
    ("given", "reason"),
    [
        ("split:1-5", "not a split on the layout"),
        ("split:0-4", "not a split"),
        ("split:3-4", "not a split"),
        ("split:4-4", "not a split"),
        ("split:1-2-3", "not a split"),
        ("street:1-2-4", "not a street"),
        ("street:2-3-4", "not a street"),
        ("street:0-1-3", "not a street"),
        ("corner:1-2-3-4", "not a corner"),
        ("corner:3-4-6-7", "not a corner"),
        ("corner:0-1-2-4", "not a corner"),
        ("sixline:1-3", "not a sixline"),
        ("sixline:2-7", "not a sixline"),
        ("sixline:1-9", "not a sixline"),
        ("sixline:34-39", "not a sixline"),
        ("column:0", "not a column"),
        ("column:4", "not a column"),
        ("dozen:4", "not a dozen"),
        ("columns:1-3", "not a columns"),
        ("dozens:1-3", "not a dozens"),
        ("dozens:1", "not a dozens"),
        ("straight:37", "not a straight"),
        ("straight:-1", "written straight:numbers"),
        ("straight:", "written straight:numbers"),
        ("straight", "written straight:numbers"),
        ("split:a-b", "written split:numbers"),
        ("split:1--2", "written split:numbers"),
        ("split:1,2", "written split:numbers"),
        ("red:1", "takes no numbers"),
        ("rouge", "unknown bet"),
        ("basket:0-1-2-3", "unknown bet"),
        ("", "unknown bet"),
    ],
)
def test_illegal_codes_are_refused_with_the_reason(given, reason):
    with pytest.raises(ValueError, match=reason):
        parse_code(given)
