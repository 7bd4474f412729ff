"""Advances ("bestretes"): the chips a banking table receives to answer for the players' wins,
and its float policy, the one of its game's description (`Game.bank`, `FLOATS`).

Article 35: the advance is delivered "as far as possible in chips of small value"; every top-up
equals the initial advance. Article 36: the closing count of the tray and the drop, signed.
A house-banked table (`HouseFloat`) opens with the advance, is topped up and is counted at the
close; the table and its staffed session ask its float, never emit its events themselves, so
that a game whose money works otherwise (a circle table: no advance, the cagnotte counted) is
one more policy here and a registry line.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from games.entries import MAX_AMOUNT, amount_problem, clip
from games.money import money
from games.reasons import reason
from games.records import Limits
from terminal.contract.events import is_int

if TYPE_CHECKING:
    from terminal.runtime.loop.context import FloatPolicy, Journaling

# why an entry of the float is refused (games/reasons.py)
WHY = {
    "count_empty": "count the chips per denomination",
    "count_no_such_chip": "{value} is no chip of this table ({chips})",
    "count_not_whole": "the count of {chip} chips must be a whole number, not {count}",
    "opening_short": "the opening advance counted is {amount}: at least {advance} (article 35)",
    "topup_no_session": "the table has no open session to top up",
    "topup_limits_need": "the new limits need {due} (article 35), not {amount}",
    "topup_not_advance": "every top-up equals the advance of {due} (article 35), not {amount}",
    "topup_not_initial_advance": "every top-up equals the initial advance of {advance} "
    "(article 35), not {amount}",
    "closing_drop_not_whole": "the cash drop must be a whole amount in minor units, not {drop}",
    "circle_no_advance": "a circle table has no advance and no top-up (art. 35): its house "
    "takes only the cut, into the cagnotte",
}


class FloatError(ValueError):
    pass


def journaled_chips(chips: Mapping[int, int]) -> dict[str, int]:
    """Chips counted per denomination as the float's events journal them: `{"<value>": n}`,
    by value, the denominations counted none left out."""
    return {str(value): count for value, count in sorted(chips.items()) if count}


def chips_for(amount: int, denominations: Sequence[int]) -> dict[str, int]:
    """Split `amount` into chips: an equal share of value per denomination (small chips are not
    crowded out by big ones), the remainder in the largest chips that fit. Keys are the chip
    values as strings (JSON object keys)."""
    if amount <= 0:
        raise FloatError(f"an advance must be positive, not {amount}")
    denominations = sorted(set(denominations))
    share = amount // len(denominations)
    counts = {d: share // d for d in denominations}
    rest = amount - sum(d * n for d, n in counts.items())
    for d in reversed(denominations):
        counts[d] += rest // d
        rest %= d
    if rest:
        raise FloatError(f"{amount} cannot be made of chips {denominations}: {rest} left over")
    return {str(d): n for d, n in counts.items() if n}


def counted(chips: Mapping[int, int], denominations: tuple[int, ...]) -> tuple[int, str | None]:
    """The amount of `chips` counted per denomination, and why the count cannot be taken."""
    if not isinstance(chips, Mapping) or not chips:
        return 0, reason(WHY, "count_empty")
    total = 0
    for value, count in chips.items():
        if value not in denominations:
            return 0, reason(
                WHY, "count_no_such_chip", value=repr(clip(value)), chips=_chips(denominations)
            )
        if not is_int(count) or count < 0 or count * value > MAX_AMOUNT:
            return 0, reason(WHY, "count_not_whole", chip=money(value), count=f"{clip(count)}")
        total += count * value
    return total, None


def _chips(denominations: tuple[int, ...]) -> str:
    return ", ".join(money(d) for d in denominations)


class HouseFloat:
    """A house-banked table's float: the advance, its top-ups, the tray and drop counted."""

    def __init__(self, table: Journaling):
        self.table = table

    def opening_refusal(self, amount: int) -> str | None:
        advance = self.table.setup.advance
        if amount < advance:
            return reason(WHY, "opening_short", amount=money(amount), advance=money(advance))
        return None

    def open(self, advance: dict[str, Any] | None) -> None:
        table, s = self.table, self.table.setup
        if advance is None:
            advance = {"amount": s.advance, "chips": chips_for(s.advance, s.chips)}
        table.emit(
            "float.advance",
            {**advance, "reason": "opening", **table.session.signatures("opening")},
        )

    def after_result(self, event: Mapping[str, Any]) -> None:
        """Nothing: the house's part of a result is its tray's, folded by the table's state."""

    def after_correction(self, event: Mapping[str, Any], result_seq: int) -> None:
        """Nothing: a correction's adjustment is the tray's, folded by the table's state."""

    def after_round(self) -> None:
        st = self.table.state
        if st.tray < self.table.setup.topup_below * st.initial_advance:
            self.top_up()

    def top_up_refusal(self, amount: int | None) -> str | None:
        st = self.table.state
        if not st.session_open:
            return reason(WHY, "topup_no_session")
        if amount is None:
            return None
        if (problem := amount_problem("the top-up", amount)) is not None:
            return problem
        if amount != st.initial_advance:
            return reason(
                WHY,
                "topup_not_initial_advance",
                advance=money(st.initial_advance),
                amount=money(amount),
            )
        return None

    def top_up(self) -> None:
        """A top-up: the initial advance again (article 35)."""
        table = self.table
        amount = table.state.initial_advance
        table.emit(
            "float.advance",
            {"amount": amount, "chips": chips_for(amount, table.setup.chips), "reason": "top-up"},
            table.state.open_round,
        )

    def counted_top_up(self, chips: Mapping[int, int], by: str) -> str | None:
        table = self.table
        if not table.state.session_open:
            return reason(WHY, "topup_no_session")
        amount, problem = counted(chips, table.setup.chips)
        if problem is not None:
            return problem
        limits_due = table.state.topup_due
        kind = "limits" if limits_due else "top-up"
        due = limits_due or table.state.initial_advance
        if amount != due:
            return reason(
                WHY,
                "topup_limits_need" if limits_due else "topup_not_advance",
                due=money(due),
                amount=money(amount),
            )
        table.emit(
            "float.advance",
            {
                "amount": amount,
                "chips": journaled_chips(chips),
                "reason": kind,
                "counted_by": by,
                **table.session.signatures(kind),
            },
            table.state.open_round,
        )
        return None

    def advance_due(self, limits: Limits) -> int:
        return max(0, self.table.rules.advance(limits.min) - self.table.state.initial_advance)

    def count(self) -> None:
        st = self.table.state
        self.table.emit(
            "float.count",
            {
                "chips": st.tray,
                "drop": st.drop,
                "advances": st.advances,
                "result": st.tray + st.drop - st.advances,
            },
        )

    def counted(self, chips: Mapping[int, int], drop: int, by: str) -> str | None:
        table = self.table
        amount, problem = counted(chips, table.setup.chips)
        if problem is None and (not is_int(drop) or not 0 <= drop <= MAX_AMOUNT):
            problem = reason(WHY, "closing_drop_not_whole", drop=f"{clip(drop)}")
        if problem is not None:
            return problem
        st = table.state
        table.emit(
            "float.count",
            {
                "chips": amount,
                "denominations": journaled_chips(chips),
                "drop": drop,
                "advances": st.advances,
                "result": amount + drop - st.advances,
                "expected": {"chips": st.tray, "drop": st.drop},
                "counted_by": by,
                **table.session.signatures("count"),
            },
        )
        return None


class CircleFloat:
    """A circle table's money (docs/money.md): no advance, no tray; the house takes only the cut
    of each round into the cagnotte (`totals.house_net`), journaled after each result that has
    one with the session's total and what the game's engine says of the cut (`CutEngine`), and
    opened and counted at the close (`cagnotte.count`)."""

    def __init__(self, table: Journaling):
        self.table = table

    def opening_refusal(self, amount: int) -> str | None:
        return None

    def open(self, advance: dict[str, Any] | None) -> None:
        """No advance (art. 35)."""

    def after_result(self, event: Mapping[str, Any]) -> None:
        if event["data"]["totals"]["house_net"]:
            self._cagnotte(event, None, 0)

    def after_correction(self, event: Mapping[str, Any], result_seq: int) -> None:
        """Every correction of a round journals the round's cagnotte anew, even at nothing: it
        replaces the round's last `cagnotte` (or stands for the result's none)."""
        last = self.table.state.last_cagnotte
        if last is not None and last["round"] == event["round"]:
            self._cagnotte(event, last["seq"], last["amount"])
        else:
            self._cagnotte(event, result_seq, 0)

    def _cagnotte(self, event: Mapping[str, Any], corrects: int | None, replaced: int) -> None:
        data, table = event["data"], self.table
        amount = data["totals"]["house_net"]
        table.emit(
            "cagnotte",
            {
                "round": event["round"],
                **table.engine.cut_of(data["outcome"]),
                "amount": amount,
                "session_total": table.state.cagnotte - replaced + amount,
                "corrects": corrects,
            },
            event["round"],
        )

    def after_round(self) -> None:
        """Nothing to top up."""

    def top_up_refusal(self, amount: int | None) -> str | None:
        return reason(WHY, "circle_no_advance")

    def top_up(self) -> None:
        raise FloatError(reason(WHY, "circle_no_advance"))

    def counted_top_up(self, chips: Mapping[int, int], by: str) -> str | None:
        return reason(WHY, "circle_no_advance")

    def advance_due(self, limits: Limits) -> int:
        return 0

    def count(self) -> None:
        """At a table without staff: the cagnotte counted as its rounds total it."""
        self._count(self.table.state.cagnotte)

    def counted(self, chips: Mapping[int, int], drop: int, by: str) -> str | None:
        """The cagnotte as the croupier counted it aloud, for the games director, the cashier
        and himself to sign (l. 435)."""
        amount, problem = counted(chips, self.table.setup.chips)
        if problem is not None:
            return problem
        self._count(amount, {"counted_by": by, **self.table.session.signatures("count")})
        return None

    def _count(self, amount: int, extra: Mapping[str, Any] = {}) -> None:
        st = self.table.state
        self.table.emit(
            "cagnotte.count",
            {
                "counted": amount,
                "expected": st.cagnotte,
                "difference": amount - st.cagnotte,
                "register": {"game": self.table.game.id, "rounds": st.rounds_settled},
                **extra,
            },
        )


# the float policies, by the `bank` of a game's description: who banks its table
FLOATS: dict[str, Callable[[Journaling], FloatPolicy]] = {
    "house": HouseFloat,
    "circle": CircleFloat,
}
