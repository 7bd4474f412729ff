"""The bank's life at a chemin de fer table (section 07 V, l. 802-823; `chemin-de-fer.md`, The
bank): who is offered it, who takes it and for how much, its associates and their shares, the
garage, and its passing.

Pure: the table's bank state (`BankState`) changes only by the journal's `bank.*` and
`seat.lost` events (`apply`), which the table folds and the engine reads, so a restart resumes
the bank, its holders, its garage and the offer under way as they were. What the rules do of
themselves between coups (a lost bank passed, the next offer, the excess over the maximum
garaged, a place lost after two refusals) is `due`; what a person answers (the player offered
the bank takes or declines it, an auction's bids, an associate) is refused or accepted by
`*_refusal` and journaled by the entries (games/chemin_de_fer/entries.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from games.circle import Position, position, priority
from games.money import money
from games.reasons import reason

WHY = {
    "bank_not_offered": "the bank is offered to {to}, not to {by}",
    "bank_no_offer": "nobody is offered the bank now",
    "bank_held": "{banker} holds the bank",
    "bank_none": "nobody holds the bank",
    "bank_below": "the bank is taken for {min} at least, not {amount}",
    "bank_above": "the bank may hold {max} at most, not {amount}",
    "bank_not_chips": "the bank is {amount}: a multiple of the chip unit {unit}",
    "bank_not_banker": "{by} does not hold the bank: {banker} does",
    "bank_not_dealt": "a new banker deals once before he passes (l. 814)",
    "bank_garage_over": "{amount} is more than the winnings not garaged ({free})",
    "bank_garage_early": "the winnings ({winnings}) may be garaged once over {least} (l. 820)",
    "bank_associate_banker": "the banker does not associate with himself: he adds to the bank",
    "bank_no_bids": "an auction is held when nobody took the bank in rotation",
    "bank_bid_excluded": "{by} passed the bank (or was his associate): no bid (l. 811)",
    "bank_bid_below": "{by} bids {amount}: at least {min}",
}

OFFER, AUCTION, MINIMUM = "offer", "auction", "minimum"  # how the next bank is awarded


@dataclass(frozen=True)
class Bank:
    """A bank in play: who holds it (`banker`, a position), the amount in play, what its holders
    put up, the garage, each holder's fraction [CF-6], the coups dealt, and whether the last coup
    lost it (it passes before the next)."""

    banker: str
    amount: int
    put_in: int
    garage: int = 0
    holders: tuple[tuple[str, Fraction], ...] = ()
    coups: int = 0
    lost: bool = False

    @property
    def winnings(self) -> int:
        """What the bank has won since it was taken."""
        return self.amount + self.garage - self.put_in

    def joined(self, by: str, amount: int) -> Bank:
        """`amount` more from `by` (an associate, or the banker adding): the fractions anew."""
        total = self.amount + amount
        shares = {who: f * self.amount / total for who, f in self.holders}
        shares[by] = shares.get(by, Fraction(0)) + Fraction(amount, total)
        return replace(
            self, amount=total, put_in=self.put_in + amount, holders=tuple(shares.items())
        )

    def shares(self) -> list[tuple[str, int]]:
        """What each holder takes back when the bank passes: the bank left and the garage by
        fraction, rounded down, the remainder to the banker [CF-6]."""
        total = self.amount + self.garage
        out = [(who, int(f * total)) for who, f in self.holders]
        rest = total - sum(amount for _, amount in out)
        return [(who, amount + rest if who == self.banker else amount) for who, amount in out]


@dataclass(frozen=True)
class BankState:
    """The table's bank between coups: the bank held, or how the next one is being awarded."""

    bank: Bank | None = None
    award: str = OFFER  # OFFER in rotation, AUCTION, MINIMUM (back at the table minimum)
    offer: str | None = None  # the position the bank is offered to now
    after: int | None = None  # offers go round from the place right of this one (None: the first)
    declined: tuple[str, ...] = ()  # declined in this round of offers
    refusals: tuple[tuple[str, int], ...] = ()  # consecutive refusals by position
    passed_from: str | None = None  # the banker who passed the bank now awarded
    passed_amount: int = 0  # a bank passed by choice: the least its taker puts up [CF-5]
    excluded: tuple[str, ...] = ()  # no bid at the auction: the passer and his associates
    last_seated: int | None = None  # the place of the last seated banker (l. 808)
    winner: tuple[str, int] | None = None  # an auction's winner and bid, to take the bank
    lost_places: tuple[int, ...] = ()
    paused: bool = False


@dataclass(frozen=True)
class Due:
    """An event the rules journal of themselves between coups, and the money it hands back to
    the players (a passed bank's shares), as (seat, amount): the place of each holder, or the
    place he stands behind."""

    kind: str
    data: dict[str, Any]
    handed: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class BankRules:
    """What the bank's life reads of the profile and the table."""

    places: int  # numbered places at the table
    minimum: int  # the ponte minimum; the bank's least
    maximum: int | None  # the bank's most (None: unlimited, l. 817)
    chip_unit: int
    first_seat: int  # the first bank [CF-2]
    garage_least: int  # winnings may be garaged once over this (l. 820)

    def seats(self, state: BankState) -> list[int]:
        return [p for p in range(1, self.places + 1) if p not in state.lost_places]

    def in_rotation(self, state: BankState) -> list[str]:
        """The seated places the bank goes round, from the one after `after`."""
        after = self.first_seat - 1 if state.after is None else state.after
        seated = [Position(p) for p in self.seats(state)]
        return [str(p) for p in priority(seated, after, self.places)]

    # -- what the rules do of themselves ----------------------------------------------------
    def due(self, state: BankState) -> Due | None:
        bank = state.bank
        if bank is not None:
            if bank.lost:
                return self.passing(bank, "lost")
            if self.maximum is not None and bank.amount > self.maximum:
                over = bank.amount - self.maximum
                data = {"kind": "improper", "amount": over, "garage": bank.garage + over}
                return Due("bank.garage", {**data, "bank": self.maximum})
            return None
        if state.paused:
            return None
        for who, times in state.refusals:
            if times >= 2 and int(who) not in state.lost_places:
                return Due("seat.lost", {"seat": int(who), "reason": "refused_twice"})
        if state.award == MINIMUM:  # who would not take it at the minimum leaves (l. 812)
            for who in state.declined:
                if not position(who).standing and int(who) not in state.lost_places:
                    return Due("seat.lost", {"seat": int(who), "reason": "refused_minimum"})
        if state.winner is not None:
            by, amount = state.winner
            return Due("bank.taken", self._taken(state, by, amount, "auction"))
        if state.offer is None and (to := self.next_offer(state)) is not None:
            return Due("bank.offer", {"to": to, "min": self.least(state), "reason": _why(state)})
        if state.award == MINIMUM and state.offer is None:
            return Due("table.pause", {"reason": "nobody takes the bank at the minimum (CF-16)"})
        return None

    def passing(self, bank: Bank, why: str) -> Due:
        """The bank passes (`why`: lost, voluntary, left): its shares handed back."""
        shares = bank.shares()
        data = {
            "by": bank.banker,
            "reason": why,
            "bank_left": bank.amount,
            "garage": bank.garage,
            "shares": [{"by": who, "amount": amount} for who, amount in shares],
        }
        return Due("bank.passed", data, tuple((position(who).seat, n) for who, n in shares))

    def stage(self, state: BankState) -> str:
        """How the next bank is awarded: in rotation while someone is left to offer it to, then
        by auction (l. 807); at the minimum after an auction nobody bid at (l. 812)."""
        nobody_left = state.declined and self._next(state) is None
        if state.award == OFFER and state.offer is None and nobody_left:
            return AUCTION
        return state.award

    def next_offer(self, state: BankState) -> str | None:
        """Whom the bank is offered next: in rotation, the passer and the places that declined
        left out; at the minimum, the next place round from the passer (l. 812)."""
        return None if self.stage(state) == AUCTION else self._next(state)

    def _next(self, state: BankState) -> str | None:
        skip = {*state.declined, state.passed_from}
        return next((p for p in self.in_rotation(state) if p not in skip), None)

    def least(self, state: BankState) -> int:
        if state.award == MINIMUM:
            return self.minimum
        return max(self.minimum, state.passed_amount)

    def waiting(self, state: BankState) -> str | None:
        """What the table waits for before a coup: "offer" (its answer), "auction" (the bids),
        "paused"; None when a bank is held."""
        if state.bank is not None:
            return None
        if state.paused:
            return "paused"
        return "auction" if self.stage(state) == AUCTION and state.winner is None else "offer"

    # -- what a person answers ----------------------------------------------------------------
    def take_refusal(self, state: BankState, by: str, amount: int) -> str | None:
        if state.bank is not None:
            return reason(WHY, "bank_held", banker=state.bank.banker)
        if state.offer is None:
            return reason(WHY, "bank_no_offer")
        if by != state.offer:
            return reason(WHY, "bank_not_offered", to=state.offer, by=by)
        return self.amount_refusal(amount, self.least(state))

    def amount_refusal(self, amount: int, least: int) -> str | None:
        if amount % self.chip_unit:
            return reason(WHY, "bank_not_chips", amount=money(amount), unit=money(self.chip_unit))
        if amount < least:
            return reason(WHY, "bank_below", min=money(least), amount=money(amount))
        if self.maximum is not None and amount > self.maximum:
            return reason(WHY, "bank_above", max=money(self.maximum), amount=money(amount))
        return None

    def taken(self, state: BankState, by: str, amount: int, name: str = "") -> dict[str, Any]:
        via = "minimum" if state.award == MINIMUM else "offer"
        return {**self._taken(state, by, amount, via), "name": name}

    def _taken(self, state: BankState, by: str, amount: int, via: str) -> dict[str, Any]:
        return {"by": by, "amount": amount, "via": via, "passed_from": state.passed_from}

    def declined(self, state: BankState, by: str) -> dict[str, Any] | str:
        if state.bank is not None:
            return reason(WHY, "bank_held", banker=state.bank.banker)
        if by != state.offer:
            return reason(WHY, "bank_not_offered", to=state.offer or "-", by=by)
        return {"by": by, "consecutive": dict(state.refusals).get(by, 0) + 1}

    def auction(self, state: BankState, bids: Sequence[tuple[str, int]]) -> dict[str, Any] | str:
        """The auction closed with `bids` (position, amount): the highest wins, seated before
        standing at equal bids (l. 807), then by priority [CF-16]."""
        if state.bank is not None or self.stage(state) != AUCTION or state.winner is not None:
            return reason(WHY, "bank_no_bids")
        for by, amount in bids:
            if by in state.excluded:
                return reason(WHY, "bank_bid_excluded", by=by)
            if (refusal := self.amount_refusal(amount, self.minimum)) is not None:
                return refusal
        data: dict[str, Any] = {
            "excluded": list(state.excluded),
            "bids": [{"by": by, "amount": amount} for by, amount in bids],
            "winner": None,
            "amount": None,
            "tie_break": None,
        }
        if not bids:
            return data
        top = max(amount for _, amount in bids)
        best = [position(by) for by, amount in bids if amount == top]
        after = state.last_seated or self.first_seat - 1
        winner = priority(best, after, self.places)[0]
        tie = None
        if len(best) > 1:
            tie = "seated" if sum(not p.standing for p in best) == 1 else "priority"
        return {**data, "winner": str(winner), "amount": top, "tie_break": tie}

    def pass_refusal(self, state: BankState, by: str) -> str | None:
        bank = state.bank
        if bank is None:
            return reason(WHY, "bank_none")
        if by != bank.banker:
            return reason(WHY, "bank_not_banker", by=by, banker=bank.banker)
        if not bank.coups:
            return reason(WHY, "bank_not_dealt")
        return None

    def garage_refusal(self, state: BankState, amount: int) -> str | None:
        bank = state.bank
        if bank is None:
            return reason(WHY, "bank_none")
        free = bank.winnings - bank.garage
        if bank.winnings <= self.garage_least:
            return reason(
                WHY,
                "bank_garage_early",
                winnings=money(bank.winnings),
                least=money(self.garage_least),
            )
        if amount > free or amount > bank.amount:
            return reason(WHY, "bank_garage_over", amount=money(amount), free=money(free))
        if amount % self.chip_unit:
            return reason(WHY, "bank_not_chips", amount=money(amount), unit=money(self.chip_unit))
        return None


# -- the fold: each event's change -----------------------------------------------------------
def apply(state: BankState, kind: str, data: Mapping[str, Any]) -> BankState:
    """`state` after the bank event `kind` (its `data`)."""
    bank = state.bank
    if kind == "bank.offer":
        return replace(state, offer=data["to"])
    if kind == "bank.declined":
        by = data["by"]
        counts = {**dict(state.refusals), by: data["consecutive"]}
        return replace(
            state, offer=None, declined=(*state.declined, by), refusals=tuple(counts.items())
        )
    if kind == "seat.lost":
        seat = data["seat"]
        lost = (*state.lost_places, seat)
        refusals = tuple((p, n) for p, n in state.refusals if p != str(seat))
        offer = None if state.offer == str(seat) else state.offer
        return replace(state, lost_places=lost, refusals=refusals, offer=offer)
    if kind == "bank.auction":
        if data["winner"] is None:  # no bid: back to the place right of the passer (l. 812)
            return replace(state, award=MINIMUM, offer=None, declined=())
        return replace(state, winner=(data["winner"], data["amount"]))
    if kind == "bank.taken":
        by, amount = data["by"], data["amount"]
        taken = Bank(by, amount, amount, holders=((by, Fraction(1)),))
        seated = position(by)
        refusals = tuple((p, n) for p, n in state.refusals if p != by)
        return BankState(
            bank=taken,
            after=state.after,
            refusals=refusals,
            last_seated=state.last_seated if seated.standing else seated.seat,
            lost_places=state.lost_places,
        )
    if kind == "table.pause":
        return replace(state, paused=True)
    if kind == "table.resume":
        return replace(state, paused=False, award=MINIMUM, offer=None, declined=())
    if bank is None:
        return state
    if kind in ("bank.associate", "bank.increase"):
        return replace(state, bank=bank.joined(data.get("by", bank.banker), data["amount"]))
    if kind == "bank.garage":
        moved = data["amount"]
        return replace(
            state, bank=replace(bank, amount=bank.amount - moved, garage=bank.garage + moved)
        )
    if kind == "bank.passed":
        after = _after_banker(state, bank)
        voluntary = data["reason"] == "voluntary"
        excluded = tuple(who for who, _ in bank.holders)
        award = AUCTION if data["reason"] == "refused_deal" else OFFER
        return BankState(
            after=after,
            award=award,
            refusals=state.refusals,
            passed_from=bank.banker,
            passed_amount=data["bank_left"] if voluntary else 0,
            excluded=excluded,
            last_seated=state.last_seated,
            lost_places=state.lost_places,
        )
    return state


def _after_banker(state: BankState, bank: Bank) -> int | None:
    """Where the offers of a passed bank start from: right of the banker, or, after a standing
    banker, right of the last seated one (l. 808, 813)."""
    at = position(bank.banker)
    return state.last_seated if at.standing else at.seat


def _why(state: BankState) -> str:
    if state.award == MINIMUM:
        return "return_minimum"
    if state.passed_from is None:
        return "start"
    return "after_pass" if state.passed_amount else "after_loss"
