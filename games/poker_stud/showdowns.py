"""Every box hand against every bank hand of the same deck, counted exactly.

For each of the 7,462 hand classes of games.poker.evaluator, `showdowns.json` holds four
numbers over all pairs (box hand of that class, bank hand of five of the 47 other cards):
how many box hands the class has, and how many pairs the bank does not play in (below
hands.QUALIFIER), the box beats a playing bank, and the box ties it. The box loses the rest of
its hands x C(47, 5) pairs. Those counts do not depend on payouts or strategy, so the house
edge of any profile and any strategy that decides on the box's hand alone follows from them
(`PokerStudRules.odds`) exactly.

Counting by hand (2.6 million boxes x 1.5 million banks) is out of reach; the counts go by
rank multisets instead. A box with rank counts r and a bank with rank counts m share no card
in prod C(4 - r_i, m_i) ways per box hand. Suits matter only for flushes, which need five
distinct ranks; summed over all the box hands of a class:
- a box with a pair or more (never a flush), #P hands: a bank flush on ranks M takes one suit
  t, whose cards at M the box must not hold: 4 x prod over the box's ranks of C(3, r_i) if
  the rank is in M, else C(4, r_i);
- a flush box (4 hands, one per suit s): the bank's flush in t != s is always free (3 suits),
  in s only if the bank's ranks avoid the box's (k = 0 shared ranks): 4 x (3 + [k = 0]);
- a box of five distinct ranks that is no flush (1,020 hands): the same sum over all 1,024
  suit patterns, 4 x 3^k x 4^(5 - k), less the flush boxes' share above.
Every class's pairs add up to its hands x C(47, 5), which `compute` checks.

Regenerate the file (about a minute): `python -m games.poker_stud.showdowns`.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from math import comb
from pathlib import Path

from games.poker.evaluator import CLASSES, RANK_CLASSES
from games.poker_stud.hands import QUALIFIER

PATH = Path(__file__).with_name("showdowns.json")
BANK_HANDS = comb(47, 5)  # the bank's hands from the cards a box leaves
_FLUSH_BOXES, _OTHER_DISTINCT = 4, 4**5 - 4
# a multiset of five values as (value, count) pairs, its class with no flush, as a flush or None
Multiset = tuple[tuple[tuple[int, int], ...], int, int | None]


@cache
def showdowns() -> tuple[tuple[int, int, int, int], ...]:
    """Per hand class: (box hands, pairs the bank does not play, pairs the box wins, ties)."""
    with PATH.open(encoding="utf-8") as f:
        rows = json.load(f)["classes"]
    if len(rows) != CLASSES:
        raise ValueError(f"{PATH}: {len(rows)} classes, not {CLASSES}; regenerate it")
    return tuple(tuple(row) for row in rows)


def compute() -> list[tuple[int, int, int, int]]:
    """The rows of `showdowns()`, computed (about a minute)."""
    # (value counts as (value, count) pairs, its class with no flush, as a flush or None)
    multisets: list[Multiset] = [
        (tuple(Counter(values).items()), plain, flush) for values, plain, flush in RANK_CLASSES
    ]
    rows: list[tuple[int, int, int, int] | None] = [None] * CLASSES
    for box, plain, flush in multisets:
        variants: tuple[tuple[int, int, str], ...]  # hand class, box hands, kind
        if flush is None:
            hands = 1
            for _, n in box:
                hands *= comb(4, n)
            variants = ((plain, hands, "paired"),)
        else:
            variants = ((plain, _OTHER_DISTINCT, "distinct"), (flush, _FLUSH_BOXES, "flush"))
        for hand_class, hands, kind in variants:
            rows[hand_class] = _row(box, hand_class, hands, kind, multisets)
    filled = [row for row in rows if row is not None]
    if len(filled) != CLASSES:  # every class is some multiset's, plain or flush
        raise AssertionError(f"{CLASSES - len(filled)} classes have no row")
    return filled


def _row(
    box: tuple[tuple[int, int], ...],
    hand_class: int,
    hands: int,
    kind: str,
    multisets: list[Multiset],
) -> tuple[int, int, int, int]:
    """The counts of one box class against every bank hand (see the module's docstring)."""
    free = [4] * 15  # cards of each value (2 to 14) the box leaves
    for rank, n in box:
        free[rank] -= n
    box_ranks = {rank for rank, _ in box}
    bank_out = beaten = tied = total = 0
    for bank, plain, flush in multisets:
        counted: tuple[tuple[int, int], ...]  # bank class, pairs
        if flush is None:
            ways = hands
            for rank, n in bank:
                ways *= comb(free[rank], n)
            counted = ((plain, ways),)
        else:
            ranks = [rank for rank, _ in bank]
            if kind == "paired":
                ways = hands
                for rank in ranks:
                    ways *= free[rank]
                flushes = 4
                for rank, n in box:
                    flushes *= comb(3 if rank in ranks else 4, n)
            else:
                shared = sum(rank in box_ranks for rank in ranks)
                ways = hands * 3**shared * 4 ** (5 - shared)
                flushes = _FLUSH_BOXES * (3 + (shared == 0))
                if kind == "distinct":
                    flushes = 4 * 3**shared * 4 ** (5 - shared) - flushes
            counted = ((plain, ways - flushes), (flush, flushes))
        for bank_class, ways in counted:
            total += ways
            if bank_class < QUALIFIER:
                bank_out += ways
            elif bank_class < hand_class:
                beaten += ways
            elif bank_class == hand_class:
                tied += ways
    if total != hands * BANK_HANDS:
        raise AssertionError(
            f"class {hand_class}: {total} pairs counted, not {hands} x {BANK_HANDS}"
        )
    return hands, bank_out, beaten, tied


def main() -> None:
    rows = compute()
    about = (
        "poker_stud: per hand class of games.poker.evaluator (weakest first), over every box "
        "hand of the class and bank hand of the other 47 cards: "
        "[box hands, bank does not play, box wins, tie]. "
        "Regenerate with: python -m games.poker_stud.showdowns"
    )
    text = json.dumps({"about": about, "classes": rows}, separators=(",", ":"))
    PATH.write_text(text.replace("],[", "],\n[") + "\n", encoding="utf-8")
    print(f"{PATH}: {len(rows)} classes")


if __name__ == "__main__":
    main()
