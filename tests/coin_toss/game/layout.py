"""The coin toss's "wheel": three pockets, heads, tails and the coin landing on its edge, which
every bet loses (the house's edge). A bet code is the bare name of a side."""

from __future__ import annotations

EDGE, HEADS, TAILS = 0, 1, 2  # the pockets' numbers, as the sensor reports them
POCKETS = (HEADS, TAILS, EDGE)  # from the datum
SIDES = {"heads": HEADS, "tails": TAILS}
FAMILIES = tuple(SIDES)
NAMES = {EDGE: "edge", HEADS: "heads", TAILS: "tails"}


def all_codes() -> tuple[str, ...]:
    return FAMILIES


def covers(code: str) -> frozenset[int]:
    """The pockets a legal bet code wins on."""
    return frozenset({SIDES[code]})
