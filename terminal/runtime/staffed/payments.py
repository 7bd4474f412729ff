"""What the croupier hands over after a round, seat by seat, journaled (`round.paid`).

The settlement says what each seat is owed; the croupier's taps say what was handed. Both
are in the journal, so that a correction after paying, or a restart in the middle of the
payouts, still knows who has been paid what: a seat's `due` is the money of the result that
stands (its `paid` + `returned`, the correction's once corrected), its `handed` the sum of its
`round.paid` amounts, and the difference is what to pay more (positive) or to take back
(negative). A `round.paid` is `{"seat", "amount", "by"}`, `amount` in minor units, negative
when chips are taken back; `undo` (the seq of the payment it reverses) when a tap was a
mistake: no chips moved, the payment is struck out by a new line, never edited.

The entry is checked on the table thread against the journal as it is then: an amount that
is not the seat's outstanding money (a screen a correction overtook) is refused, saying what
the seat is due now.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from games.money import money
from games.reasons import reason
from terminal.contract.events import is_int

if TYPE_CHECKING:
    from terminal.runtime.loop.context import Journaling

WHY = {
    "payment_no_round": "no settled round is open to pay: the next round opened",
    "payment_no_seat": "seat {seat} took no part in round {round}",
    "payment_stale": "seat {seat} is owed {due} now, not {amount}: the screen was behind",
    "payment_nothing": "seat {seat} is owed nothing more",
    "payment_no_undo": "seat {seat} has no payment {undo} to undo",
}


@dataclass(frozen=True)
class Payment:
    """The croupier handed `amount` to `seat` (negative: took it back) for the last round;
    `undo`: the seq of a payment of the seat's that was tapped by mistake (amount its opposite)."""

    seat: int
    amount: int
    by: str
    undo: int | None = None


def due_by_seat(result_data: Mapping[str, Any]) -> dict[int, int]:
    """What each seat that took part is owed by a `round.result` (or correction) data: its bets'
    winnings and stakes returned (0 for a seat that lost everything)."""
    seats = {str(b["id"]): int(b["seat"]) for b in result_data.get("bets", ())}
    due = dict.fromkeys(seats.values(), 0)
    for entry in result_data.get("settlement", ()):
        seat = seats.get(str(entry["id"]))
        if seat is not None:
            due[seat] += int(entry.get("paid", 0)) + int(entry.get("returned", 0))
    return due


def handed(payments: Iterable[Mapping[str, Any]]) -> int:
    """What a seat's payments handed over in all (take-backs and undos counted)."""
    return sum(int(p["amount"]) for p in payments)


def live(payments: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """A seat's payments that no later line undoes (the undoing lines left out too)."""
    payments = list(payments)
    undone = {p["undo"] for p in payments if p.get("undo") is not None}
    return [p for p in payments if p.get("undo") is None and p["seq"] not in undone]


def undoable(payments: Iterable[Mapping[str, Any]]) -> Mapping[str, Any] | None:
    """The seat's last payment that no later line undoes, or None."""
    standing = live(payments)
    return standing[-1] if standing else None


def take(table: Journaling, entry: Payment) -> str | None:
    """Journal `entry` as a `round.paid` of the last round, or say why it cannot be."""
    state = table.state
    last = state.last_result
    if last is None or state.round_status is not None or not state.session_open:
        return reason(WHY, "payment_no_round")
    due = due_by_seat(last["data"])
    if entry.seat not in due:
        return reason(WHY, "payment_no_seat", seat=f"{entry.seat}", round=f"{last['round']}")
    payments = state.payments.get(entry.seat, [])
    data: dict[str, Any] = {"seat": entry.seat, "amount": entry.amount, "by": entry.by}
    if entry.undo is not None:
        last_paid = undoable(payments)
        if last_paid is None or last_paid["seq"] != entry.undo:
            return reason(WHY, "payment_no_undo", seat=f"{entry.seat}", undo=f"{entry.undo}")
        data.update(amount=-int(last_paid["amount"]), undo=entry.undo)
    else:
        outstanding = due[entry.seat] - handed(payments)
        if outstanding == 0:
            return reason(WHY, "payment_nothing", seat=f"{entry.seat}")
        if not is_int(entry.amount) or entry.amount != outstanding:
            amount = money(entry.amount) if is_int(entry.amount) else repr(entry.amount)
            return reason(
                WHY, "payment_stale", seat=f"{entry.seat}", due=money(outstanding), amount=amount
            )
    table.emit("round.paid", data, last["round"])
    return None
