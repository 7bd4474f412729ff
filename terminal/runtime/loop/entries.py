"""What the croupier enters at the screen, checked before the table or an engine sees it.

The screen posts entries from its own thread (`Table.post_bet`, `Table.post_decision`,
`Table.post_top_up`, `Table.post` for the rest, a game's own entries among them:
games/entries.py); the table takes them on its thread. An entry of the wrong type, out of range
or too large is refused here with a reason, before an engine could raise on it; what the rules
then refuse, they refuse with theirs. Nothing refused is ever kept for later. A refusal is
journaled with the entry as it was entered, its texts cut to `MAX_TEXT` characters
(games/entries.py), so that a screen gone wrong cannot fill the journal.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from games.entries import amount_problem, clip, seat_problem, text_problem
from games.records import Bet


@dataclass(frozen=True)
class Decision:
    """A player's decision at a card table (`hit`, `stand`, `call`...) for `place` (`box:3`)."""

    place: str
    action: str


@dataclass(frozen=True)
class MisdealCall:
    """A card game: the croupier declares the coup being dealt a misdeal (cards stuck together,
    a card shown, a card given to the wrong place: the regulation voids the coup)."""

    by: str


@dataclass(frozen=True)
class GameErrorCall:
    """A circle game: an irregularity of the game's error table (`Game.errors`, `code`) in the
    coup being dealt, confirmed by the inspector (`inspector`, a Signature of his PIN), with his
    reasons (`note`); its remedy takes effect once it is journaled (`game.error`)."""

    code: str
    inspector: Any  # terminal/runtime/staffed/session.py `Signature`
    note: str = ""


@dataclass(frozen=True)
class DiceChange:
    """Craps: new dice before the next roll, at the shooter's or the pit boss's request."""

    by: str
    reason: str = "asked"


@dataclass(frozen=True)
class TopUp:
    """A top-up of the table's float; `amount` None is the rule's (the initial advance)."""

    amount: int | None = None


def bet_problem(bet: Any, seats: int) -> str | None:
    """Why `bet`, as the croupier entered it, cannot even be shown to the rules, or None: the
    fields every game's bet holds, then those of its class (`Bet.entered_problem`). A new bet is
    plain: the engine's own records (a bet in prison, a doubled stake) are never entered."""
    if not isinstance(bet, Bet):
        return f"not a bet: {clip(bet)!r}"
    problem = (
        text_problem("the bet id", bet.id)
        or seat_problem(bet.seat, seats)
        or text_problem("the bet code", bet.code)
        or amount_problem("the stake", bet.stake)
    )
    return problem or bet.entered_problem()


def decision_problem(entry: Decision) -> str | None:
    return text_problem("the place", entry.place) or text_problem("the decision", entry.action)


def as_journaled(entry: Any) -> dict[str, Any] | Any:
    """An entry (a bet, a decision...) as the croupier entered it, clipped for the journal."""
    if isinstance(entry, Bet):
        bet = {f.name: clip(getattr(entry, f.name)) for f in fields(entry)}
        defaults = type(entry)("", 0, "", 0)  # its class's defaults (a bet's choice on zero...)
        return {
            name: value
            for name, value in bet.items()
            if name in ("id", "seat", "code", "stake") or value != clip(getattr(defaults, name))
        }
    return clip(entry)
