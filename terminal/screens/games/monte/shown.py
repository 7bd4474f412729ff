"""What the monte cloth shows, read from the screen's model (the table's state folded from the
journal, and the rounds it recalls), never from the table thread:

- while a layout is dealt (its `card.drawn` before its `monte.layout`: the fold's `laying`),
  the places as far as they are laid, the burnt and doubling cards, the place the next is for;
- while a phase is played, its layout, its places in play, its bets (and the Primeres bets
  open for Segones), the cards drawn since "no more bets";
- once a phase is settled, until the next opens, its outcome: the winning card's place lit,
  the losing card turned down, each bet's result;
- and the state of the phase on the cloth (`phase_state`), which the engine prices and checks
  the boxes with.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.cards.coup import Misdeal
from games.monte.engine import MonteState
from games.monte.layout import PLACES, Layout, row_of

DRAW = "draw"  # the place of a card drawn in a phase (docs/events.md, monte)


@dataclass(frozen=True)
class Chips:
    """One seat's bet on a box: `state` "placed", "open" (a Primeres bet waiting for Segones),
    "win", "lose", "push", "cancelled" (a push on an out the compensations cancelled)."""

    seat: int
    stake: int
    state: str = "placed"


@dataclass(frozen=True)
class Shown:
    """The cloth as it is to be drawn. `phase` is "laying" while a layout is dealt."""

    coup: int = 0
    pack: str | None = None
    phase: str = "primeres"
    layout: Layout | None = None
    row: tuple[int, ...] = PLACES  # the places in play
    drawn: tuple[str, ...] = ()  # the phase's cards drawn after "no more bets"
    due: int | None = None  # the place of the layout card dealt next
    winner: Mapping[str, Any] | None = None  # the settled phase's winner (its outcome's)
    down: frozenset[int] = frozenset()  # the places whose card is turned down
    chips: Mapping[str, tuple[Chips, ...]] = field(default_factory=dict)  # by bet code
    state: MonteState | None = None  # the phase's, for prices and what the boxes take


def layout_of(data: Mapping[str, Any]) -> Layout:
    """The layout journaled in `data` (`monte.layout`'s, an outcome's)."""
    places = {p: tuple(data["layout"].get(str(p), ())) for p in PLACES}
    burnt = tuple(data.get("burnt", ()))
    return Layout(places, burnt, (*(c for p in PLACES for c in places[p]), *burnt))


def shown(model: Any, waiting: str | None) -> Shown:
    """What the cloth shows of the table `model` (terminal/screens/model.py) has, the table's
    round waiting for `waiting` (the pack, "shoe", then "card" while a layout is dealt)."""
    st = model.state
    own: MonteState = st.own.state
    current = model.current
    dealing = waiting in ("shoe", "card")  # its pack loaded, or its cards dealt
    if st.round_status is None and (own.laying or (own.layout is None and dealing)):
        return _laying(own)
    if st.round_status is None and current is not None and current.result is not None:
        return _settled(current.result, model.outcomes)
    if own.layout is None:
        return Shown(own.coup, own.pack, own.phase)
    bets = current.bets if current is not None and not current.over else []
    chips = _chips([*(b.to_json() for b in own.open), *bets], {b.id: "open" for b in own.open})
    drawn = () if current is None else tuple(c for p, c in current.cards if p == DRAW)
    down: frozenset[int] = frozenset()
    if own.phase == "segones":
        primeres = _primeres_of(model.outcomes, own.coup)
        down = frozenset() if primeres is None else frozenset({primeres["loser"]})
    return Shown(
        own.coup, own.pack, own.phase, own.layout, own.row, drawn, down=down, chips=chips, state=own
    )


def _laying(own: MonteState) -> Shown:
    try:
        layout = Layout.dealt_from(own.laying)
    except Misdeal:  # the journal holds more than a layout: nothing to show of it
        layout = Layout.empty()
    return Shown(own.coup + 1, own.next_pack, "laying", layout, due=layout.due)


def _settled(result: Mapping[str, Any], outcomes: Sequence[Mapping[str, Any]]) -> Shown:
    """A settled phase as its result says it: the winner lit, the losing card turned down (in
    Segones, the Primeres one too), every bet with its result."""
    outcome = result["outcome"]
    layout = layout_of(outcome)
    winner = outcome["winner"]
    down = {outcome["loser"]}
    seen = layout.dealt
    row: tuple[int, ...] = PLACES
    if outcome["phase"] == "segones":
        row = row_of(winner["place"])
        primeres = _primeres_of(outcomes, outcome["coup"])
        if primeres is not None:
            down.add(primeres["loser"])
            seen = (*seen, *primeres["drawn"])
    results = {}
    for entry in result.get("settlement", ()):
        state = "cancelled" if entry.get("cancelled") else entry["result"]
        results[entry["id"]] = state
    state = MonteState(outcome["coup"], outcome["pack"], layout, outcome["phase"], row, seen)
    return Shown(
        outcome["coup"],
        outcome["pack"],
        outcome["phase"],
        layout,
        row,
        tuple(outcome["drawn"]),
        winner=winner,
        down=frozenset(down),
        chips=_chips(result.get("bets", ()), results),
        state=state,
    )


def _primeres_of(outcomes: Sequence[Mapping[str, Any]], coup: int) -> Mapping[str, Any] | None:
    """The Primeres outcome of the coup `coup` among the session's, if it was settled."""
    return next(
        (o for o in reversed(outcomes) if o.get("coup") == coup and o["phase"] == "primeres"),
        None,
    )


def _chips(
    bets: Sequence[Mapping[str, Any]], states: Mapping[str, str]
) -> dict[str, tuple[Chips, ...]]:
    """The bets on each code, a seat's of one state added up, in the order the seats came."""
    added: dict[str, dict[tuple[int, str], int]] = {}
    for bet in bets:
        state = states.get(str(bet["id"]), "placed")
        on = added.setdefault(str(bet["code"]), {})
        key = (int(bet["seat"]), state)
        on[key] = on.get(key, 0) + int(bet["stake"])
    return {
        code: tuple(Chips(seat, stake, state) for (seat, state), stake in on.items())
        for code, on in added.items()
    }


def open_bets(shown: Shown) -> dict[str, tuple[Chips, ...]]:
    """The bets on the cloth staying for Segones (Primeres card bets on the row that stays), by
    code."""
    return {
        code: waiting
        for code, chips in shown.chips.items()
        if (waiting := tuple(c for c in chips if c.state == "open"))
    }
