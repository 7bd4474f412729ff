"""Who may draw in a chemin de fer coup (section 07 VI, l. 825-836; `chemin-de-fer.md`): the
ponte's fixed rules, the banker's freedom, and the banker's table, which binds him only when he
asked for it or a remedy imposes it [CF-3]; and who wins, a turned-over natural beating any other
hand [CF-13].

Pure: totals in, the calls allowed out ("carta": a third card, "no": stand). A two-card 8 or 9
is turned over ("abat") and decides the coup before anyone draws (l. 826).
"""

from __future__ import annotations

from collections.abc import Mapping

from games.cards.baccarat import NATURALS

CARTA, NO = "carta", "no"
DRAWS, STANDS, CHOICE = "T", "P", "O"  # the banker's table: draw, stand, his choice
# The banker's table [CF-3], `chemin-de-fer.md`: a row per banker two-card total, the first
# column for a ponte who stood, then one per value of the ponte's third card, 0 to 9. Its two
# O cells are "the two optional cases" of l. 944.
BANKERS_TABLE: Mapping[int, str] = {
    0: "TTTTTTTTTTT",
    1: "TTTTTTTTTTT",
    2: "TTTTTTTTTTT",
    3: "TTTTTTTTTPO",
    4: "TPPTTTTTTPP",
    5: "TPPPPOTTTPP",
    6: "PPPPPPPTTPP",
    7: "PPPPPPPPPPP",
}


def natural(total: int, cards: int) -> bool:
    """A two-card 8 or 9, turned over: the coup is decided (l. 826)."""
    return cards == 2 and total in NATURALS


def ponte_calls(total: int, *, free: bool = False) -> tuple[str, ...]:
    """What the ponte may call on his two-card `total` (no natural): 0-4 he draws, 5 he chooses,
    6-7 he stands (l. 827-830); a banco player the games director let free chooses on any total
    (l. 831, profile `banco_free_choice`)."""
    _check(total)
    if free or total == 5:
        return (CARTA, NO)
    return (CARTA,) if total <= 4 else (NO,)


def banker_calls(total: int, ponte_third: int | None, *, table: bool = False) -> tuple[str, ...]:
    """What the banker may call on his two-card `total` once the ponte has played (his third
    card worth `ponte_third`, None if he stood): free, but on 0 he must draw (l. 831); having
    asked for the table (or had it imposed) he follows it, choosing only at its O cells
    (l. 833)."""
    _check(total)
    if table:
        cell = BANKERS_TABLE[total][0 if ponte_third is None else 1 + ponte_third]
        return {DRAWS: (CARTA,), STANDS: (NO,), CHOICE: (CARTA, NO)}[cell]
    return (CARTA,) if total == 0 else (CARTA, NO)


def winner(ponte: int, banker: int, *, turned: frozenset[str] = frozenset()) -> str:
    """Who wins, "ponte", "bank" or "tie" (a tie pushes [CF-12]): nearer 9, but a natural turned
    over (`turned`: "ponte", "banker") beats any hand not turned over [CF-13], as an unturned 9
    loses to a turned-over 8 (l. 879)."""
    if len(turned) == 1:
        return "ponte" if "ponte" in turned else "bank"
    if ponte == banker:
        return "tie"
    return "ponte" if ponte > banker else "bank"


def _check(total: int) -> None:
    if type(total) is not int or total not in BANKERS_TABLE:
        raise ValueError(f"a hand that may still draw totals 0 to 7, not {total!r}")
