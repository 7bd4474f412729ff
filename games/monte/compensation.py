"""Monte's compensations (section 13 VI.4, l. 1262-1295; `docs/rulings.md` [MO-5]): the outs of
a doubled or tripled place's opponents cancelled, so that both sides of a bet keep equal
chances. A cancelled out that comes decides nothing for the bets it was cancelled for: they
push, marked `cancelled`.

The text lists cases (a double, two, a triple, a triple with a double, two triples, the salto)
and leaves others out; the general rule that gives every listed case: count the live outs of
each side of a `card` or `pair` bet; while one side has more, cancel one of its outs, the camos
first, then the viudos, then the antis, and among those by position from the other side's place
with the fewest outs (beside, below, diagonal; ties: the lower place). For the salto, every
place's outs are brought down to the fewest any place has, in the same order of relations.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.monte.layout import ORDER, Layout, position, relation_of


def cancelled_between(
    layout: Layout, side: Sequence[int], against: Sequence[int]
) -> frozenset[str]:
    """The outs cancelled for a bet of the places `side` against `against`."""
    outs = {p: layout.outs(p) for p in (*side, *against)}
    cancelled: set[str] = set()
    mine = sum(len(outs[p]) for p in side)
    theirs = sum(len(outs[p]) for p in against)
    while mine != theirs:
        bigger, other = (side, against) if mine > theirs else (against, side)
        of = min(other, key=lambda p: (len(outs[p]), p))
        candidates = [(p, c) for p in bigger for c in outs[p] if c not in cancelled]
        _, card = min(candidates, key=lambda pc: _order(layout, pc[0], pc[1], of))
        cancelled.add(card)
        if mine > theirs:
            mine -= 1
        else:
            theirs -= 1
    return frozenset(cancelled)


def cancelled_for_salto(layout: Layout, places: Sequence[int]) -> frozenset[str]:
    """The outs cancelled for every salto bet: each place's brought down to the fewest."""
    fewest = min(len(layout.outs(p)) for p in places)
    cancelled: set[str] = set()
    for p in places:
        outs = sorted(
            layout.outs(p), key=lambda c: ORDER.index(relation_of(layout.place_card(p), c))
        )
        cancelled.update(outs[: len(outs) - fewest])
    return frozenset(cancelled)


def _order(layout: Layout, place: int, card: str, of: int) -> tuple[int, int, int]:
    relation = relation_of(layout.place_card(place), card)
    return (ORDER.index(relation), position(place, of), place)
