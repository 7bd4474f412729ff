"""The poker sense descart table: its boxes and the bets of each (docs/bets.md).

Section 11 IV: up to six boxes ("caselles"), each with up to four bets on its hand. Every box
B has three bet codes: `ante:B`, the initial bet; `call:B`, twice the ante, made by the engine
when the box goes on ("hi vaig"), never placed; and `carrousel:B`, the coin of the jackpot
shared by every table of the casino.
"""

from __future__ import annotations

ANTE, CALL, CARROUSEL = "ante", "call", "carrousel"
FAMILIES = (ANTE, CALL, CARROUSEL)


def all_codes(boxes: int) -> tuple[str, ...]:
    """Every bet code of a table of `boxes` boxes, box by box."""
    return tuple(f"{family}:{box}" for box in range(1, boxes + 1) for family in FAMILIES)


def parse_code(code: str, boxes: int) -> tuple[str, int]:
    """The family and box of a bet code; ValueError naming what is wrong."""
    family, _, box = code.partition(":")
    if (
        family not in FAMILIES
        or not box.isdigit()
        or not 1 <= int(box) <= boxes
        or box != str(int(box))
    ):
        raise ValueError(
            f"{code!r}: unknown bet (bets of poker_stud: ante:B, call:B, carrousel:B, B from 1 "
            f"to {boxes})"
        )
    return family, int(box)


def box_place(box: int) -> str:
    """The place a box's cards are dealt to (games.cards.coup.Need)."""
    return f"box:{box}"
