"""The pads the croupier types on: digits (PINs, amounts, counts), who signs, the count sheet,
and the outcome pads for an outcome no sensor decided, with their confirmation.

Every pad is a widget drawn into a rect and fed taps, with no I/O and no clock:
`draw(surface, rect, texts)`, `tap(pos) -> bool` (whether it took the tap), its value, and
callbacks for what a tap decides (pads/base.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.game import COUP, SPIN, Game, SpinGame
from terminal.screens.games.base import screens_of
from terminal.screens.pads.base import Key, Pad
from terminal.screens.pads.cards import CardPad, DeckPad, card_pad
from terminal.screens.pads.count import CountSheet
from terminal.screens.pads.digits import DigitPad
from terminal.screens.pads.outcome import Confirmation, OutcomePad, Shown
from terminal.screens.pads.person import PersonPad
from terminal.screens.pads.spin import NumberPad

__all__ = [
    "CardPad",
    "Confirmation",
    "CountSheet",
    "DeckPad",
    "DigitPad",
    "Key",
    "NumberPad",
    "OutcomePad",
    "Pad",
    "PersonPad",
    "Shown",
    "outcome_pad",
]


def outcome_pad(
    game: Game, rules: Any, on_pick: Callable[[Any], object] | None = None
) -> OutcomePad[Any]:
    """The pad a game's outcome is entered on: its screens' own (`outcome_pad`: craps' two
    dice), else its kind's: a spin game's pockets, a coup's card of its shoe's deck kind (one
    card per entry, as a shoe deals them)."""
    own = screens_of(game.id).outcome_pad
    if own is not None:
        return own(game, rules, on_pick)
    if game.kind == SPIN and isinstance(game, SpinGame):
        return NumberPad(game, rules, on_pick)
    if game.kind == COUP:
        return card_pad(rules.deck, on_pick)
    raise ValueError(f"no outcome pad for a game of kind {game.kind!r}")
