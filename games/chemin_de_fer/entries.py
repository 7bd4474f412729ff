"""Chemin de fer's own entries, the bank's life between coups (bank.py): the player offered the
bank takes it (for an amount) or declines it, an auction closes with its bids, the banker passes
it, garages winnings or adds to it, an associate joins. The croupier enters them at the screen;
the simulated players enter them through the same path (games/chemin_de_fer/players.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.chemin_de_fer.bank import WHY as BANK_WHY
from games.entries import Emitted, EntrySeen, GameEntry, amount_problem
from games.reasons import reason

WHY = {
    "bank_in_play": "the bank changes only between coups",
    "bank_associate_change": "an associate joins at a change of bank, before its first coup",
    "table_not_paused": "the table is not paused: play goes on",
}


def _between_coups(seen: EntrySeen) -> str | None:
    return reason(WHY, "bank_in_play") if seen.in_play else None


def _bank(seen: EntrySeen) -> Any:
    return seen.own.engine_state().bank


@dataclass(frozen=True)
class TakeBank(GameEntry):
    """The player at `by` (a position) takes the bank offered him, putting up `amount`."""

    by: str
    amount: int
    name: str = ""
    kind = "bank_take"

    def take(self, seen: EntrySeen) -> Emitted | str:
        life, state = seen.engine.bank, _bank(seen)
        problem = _between_coups(seen) or amount_problem("the bank", self.amount)
        problem = problem or life.take_refusal(state, self.by, self.amount)
        if problem is not None:
            return problem
        return Emitted("bank.taken", life.taken(state, self.by, self.amount, self.name))


@dataclass(frozen=True)
class DeclineBank(GameEntry):
    by: str
    kind = "bank_decline"

    def take(self, seen: EntrySeen) -> Emitted | str:
        if (problem := _between_coups(seen)) is not None:
            return problem
        data = seen.engine.bank.declined(_bank(seen), self.by)
        return data if isinstance(data, str) else Emitted("bank.declined", data)


@dataclass(frozen=True)
class CloseAuction(GameEntry):
    """The auction for the bank closed with `bids`: (position, amount) pairs, none at all when
    nobody bid."""

    bids: tuple[tuple[str, int], ...]
    kind = "bank_auction"

    def take(self, seen: EntrySeen) -> Emitted | str:
        if (problem := _between_coups(seen)) is not None:
            return problem
        data = seen.engine.bank.auction(_bank(seen), self.bids)
        return data if isinstance(data, str) else Emitted("bank.auction", data)


@dataclass(frozen=True)
class PassBank(GameEntry):
    """The banker at `by` gives the bank up ("passar la mà", l. 805)."""

    by: str
    kind = "bank_pass"

    def take(self, seen: EntrySeen) -> Emitted | str:
        life, state = seen.engine.bank, _bank(seen)
        problem = _between_coups(seen) or life.pass_refusal(state, self.by)
        if problem is not None:
            return problem
        return Emitted("bank.passed", life.passing(state.bank, "voluntary").data)


@dataclass(frozen=True)
class GarageBank(GameEntry):
    """The banker takes `amount` of his winnings out of play (l. 820)."""

    amount: int
    kind = "bank_garage"

    def take(self, seen: EntrySeen) -> Emitted | str:
        life, state = seen.engine.bank, _bank(seen)
        problem = _between_coups(seen) or amount_problem("the garage", self.amount)
        problem = problem or life.garage_refusal(state, self.amount)
        if problem is not None:
            return problem
        bank = state.bank
        data = {
            "kind": "voluntary",
            "amount": self.amount,
            "garage": bank.garage + self.amount,
            "bank": bank.amount - self.amount,
        }
        return Emitted("bank.garage", data)


@dataclass(frozen=True)
class JoinBank(GameEntry):
    """`amount` more in the bank: the banker's own (`by` None) or an associate's, who joins at
    a change of bank, before its first coup, with the banker's consent (l. 804) [CF-6]."""

    amount: int
    by: str | None = None
    kind = "bank_join"

    def take(self, seen: EntrySeen) -> Emitted | str:
        life, state = seen.engine.bank, _bank(seen)
        problem = _between_coups(seen) or amount_problem("the amount", self.amount)
        bank = state.bank
        if problem is None and bank is None:
            problem = reason(BANK_WHY, "bank_none")
        if problem is None:
            problem = life.amount_refusal(bank.amount + self.amount, life.minimum)
        if problem is None and self.by == bank.banker:
            problem = reason(BANK_WHY, "bank_associate_banker")
        if problem is None and self.by is not None and bank.coups:
            problem = reason(WHY, "bank_associate_change")
        if problem is not None:
            return problem
        joined = bank.joined(self.by or bank.banker, self.amount)
        if self.by is None:
            return Emitted("bank.increase", {"amount": self.amount, "bank": joined.amount})
        shares = [{"by": who, "fraction": str(f)} for who, f in joined.holders]
        return Emitted("bank.associate", {"by": self.by, "amount": self.amount, "shares": shares})


@dataclass(frozen=True)
class ResumeTable(GameEntry):
    """Play resumes at a table paused for want of a banker (l. 432), as `by` (the croupier)
    says: the bank is offered again at the minimum, from the passer's right."""

    by: str
    kind = "table_resume"

    def take(self, seen: EntrySeen) -> Emitted | str:
        if not _bank(seen).paused:
            return reason(WHY, "table_not_paused")
        return Emitted("table.resume", {"reason": "players to take the bank", "by": self.by})


ENTRIES = (TakeBank, DeclineBank, CloseAuction, PassBank, GarageBank, JoinBank, ResumeTable)
