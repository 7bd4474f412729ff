"""What the banking games ("jocs de contrapartida") of fixed odds do alike.

Boule and the wheel of fortune are played the same way: each bet covers some of the outcomes of
one spin and either wins its payout or is lost; there is nothing like roulette's prison. This
module holds what they share and what roulette does the same way: the records of a spin, the
checks on a stake (table minimum, multiples of it, the per-player maximum by seat and code),
payment rounded down to the chip unit, the order of settlement (losing bets collected first,
then the winners paid, a seat at once where the profile says so) and the round's totals;
`TableRules` derives a table's limits and opening advance from its profile's multiples of the
minimum, and `BankingEngine` places a bet its `check` accepts. `FixedOddsEngine` puts them
together; a game adds how to read its outcome and what its croupier says. Every game's odds
rows are `games.odds.BetOdds`, importable from here too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol

from games.money import to_chips
from games.odds import BetOdds  # noqa: F401  (the odds row of every game, kept importable here)
from games.records import Announcement, Bet, BetRefused, Limits, Settlement, Totals

# Results that move no money yet: the bet's stake counts in the totals of the round it ends.
_STILL_ON = ("open", "prison")


@dataclass(frozen=True)
class SpinResult:
    state: Any  # what the spin leaves for the next one (the game's own state record)
    outcome: dict  # as journaled in round.result, e.g. {"number": 7}
    announcement: Announcement  # key "result"
    bets: tuple[Bet, ...]  # every bet that took part
    settlement: tuple[Settlement, ...]  # one per bet: losing bets first, then the winners
    totals: Totals  # over the bets that ended this spin


@dataclass(frozen=True)
class VoidResult:
    state: Any  # unchanged
    announcement: Announcement  # key "void_spin"
    returned: tuple[Bet, ...]  # the round's bets, stakes returned in full
    kept: tuple[Bet, ...] = ()  # bets staying on the layout (none in a game without prison)


def limits_from_multiples(minimum: int, chip_unit: int, max_multiple: Mapping[str, int]) -> Limits:
    """A table's limits: each family's maximum is its multiple of the minimum."""
    if minimum <= 0 or chip_unit <= 0 or minimum % chip_unit:
        raise ValueError(f"the minimum ({minimum}) must be a positive multiple of the chip unit ({chip_unit})")
    return Limits(min=minimum, chip_unit=chip_unit, max={f: m * minimum for f, m in max_multiple.items()})


def duplicate_id(bet: Bet, accepted: Sequence[Bet]) -> str | None:
    if any(other.id == bet.id for other in accepted):
        return f"bet id {bet.id} is already taken this round"
    return None


def stake_refusal(bet: Bet, accepted: Sequence[Bet], limits: Limits) -> str | None:
    """Why the stake of `bet` cannot join the `accepted` bets of the round, or None.

    The maximum applies to each player on his own (boule IV.b: the house cannot set one for
    the bets of different players together), so it counts the same seat's stakes on the same
    code only."""
    if type(bet.stake) is not int or bet.stake <= 0:
        return f"the stake must be a positive whole amount, not {bet.stake!r}"
    minimum = limits.min
    if bet.stake < minimum:
        return f"{bet.stake} is below the table minimum of {minimum}"
    if bet.stake % minimum:
        return f"{bet.stake} is not a multiple of the table minimum of {minimum}"
    maximum = limits.max.get(bet.family)
    if maximum is None:
        return f"this table takes no {bet.family} bets"
    total = bet.stake + sum(o.stake for o in accepted if o.seat == bet.seat and o.code == bet.code)
    if total > maximum:
        return f"seat {bet.seat} would have {total} on {bet.code}, over the {bet.family} maximum of {maximum}"
    return None


def win(bet: Bet, payout: Fraction, chip_unit: int) -> Settlement:
    """A winning bet: its stake back and its winnings rounded down to the chip unit."""
    paid, breakage = to_chips(bet.stake * payout, chip_unit)
    return Settlement(bet.id, "win", paid=paid, returned=bet.stake, breakage=breakage)


def collected_then_paid(bets: Sequence[Bet], entries: Sequence[Settlement],
                        rank: Callable[[Bet], int] = lambda bet: 0, *,
                        seat_at_once: bool = False) -> tuple[Settlement, ...]:
    """The croupier first collects the losing bets, then pays the rest: by `rank` of their bet
    (a profile's payment order), and in the order the bets took part within a rank.

    With `seat_at_once` (roulette section 02 III.b) a player with several bets to pay is paid
    them all at once, at the turn of the first of them in that order."""
    lost = [entry for entry in entries if entry.result == "lose"]
    rest = sorted((rank(bet), i) for i, (bet, entry) in enumerate(zip(bets, entries)) if entry.result != "lose")
    if seat_at_once:
        turn: dict[int, tuple[int, int]] = {}
        for key in rest:
            turn.setdefault(bets[key[1]].seat, key)
        rest = sorted((*turn[bets[i].seat], bet_rank, i) for bet_rank, i in rest)
    return (*lost, *(entries[key[-1]] for key in rest))


def ended_totals(bets: Sequence[Bet], entries: Sequence[Settlement]) -> Totals:
    """The round's totals over the bets that ended in it."""
    ended = [(bet, entry) for bet, entry in zip(bets, entries) if entry.result not in _STILL_ON]
    return Totals(
        staked=sum(bet.stake for bet, _ in ended),
        paid=sum(entry.paid for _, entry in ended),
        returned=sum(entry.returned for _, entry in ended),
    )


class FixedOddsRules(Protocol):
    def codes(self) -> tuple[str, ...]: ...

    def covers(self, code: str) -> frozenset[int]: ...

    def payout(self, code: str) -> Fraction: ...


class TableRules:
    """What the rules of a banking table derive alike from their profile's values: the table's
    limits and the opening advance, both in multiples of the table minimum."""

    max_multiple: Mapping[str, int]  # maximum stake per player and family, in table minimums
    advance_multiple: int  # the opening advance, in table minimums

    def limits(self, minimum: int, chip_unit: int) -> Limits:
        """The table's limits: each family's maximum per player is its multiple of the minimum."""
        return limits_from_multiples(minimum, chip_unit, self.max_multiple)

    def advance(self, minimum: int) -> int:
        """The chips a table opens with (and every top-up)."""
        return self.advance_multiple * minimum


class BankingEngine:
    """What every banking engine does alike: a bet is placed when its `check` finds nothing
    against it."""

    def check(self, bet: Bet, accepted: Sequence[Bet] = ()) -> str | None:
        raise NotImplementedError

    def place(self, bet: Bet, accepted: Sequence[Bet] = ()) -> Bet:
        """`bet` itself when it is legal; BetRefused otherwise."""
        reason = self.check(bet, accepted)
        if reason is not None:
            raise BetRefused(bet, reason)
        return bet


class FixedOddsEngine(BankingEngine):
    """The engine of a game where every bet wins its payout or loses on one spin.

    Pure: `settle` takes the state left by the previous spin, the round's placed bets and the
    outcome as journaled, and returns the new state with the records of the round. A game
    says how its outcome is checked and which element of the layout it names (`_spot`), what
    state a spin leaves (`_state`), and what its croupier says (`announcement`)."""

    game: str

    def __init__(self, rules: FixedOddsRules, limits: Limits):
        self.rules = rules
        self.limits = limits
        self._codes = frozenset(rules.codes())

    def check(self, bet: Bet, accepted: Sequence[Bet] = ()) -> str | None:
        """None if `bet` may join the `accepted` bets of this round, else why not."""
        if (reason := duplicate_id(bet, accepted)) is not None:
            return reason
        if bet.code not in self._codes:
            if bet.code.lower() in self._codes:
                return f"{bet.code!r}: bet codes are lowercase, write {bet.code.lower()}"
            return f"{bet.code!r}: unknown bet (bets of {self.game}: {', '.join(self.rules.codes())})"
        if bet.zero_choice != "prison" or bet.prison:
            return f"{self.game} has no zero: a bet takes no choice on zero and is never in prison"
        return stake_refusal(bet, accepted, self.limits)

    def new_state(self) -> Any:
        return self._state(None)

    def settle(self, state: Any, bets: Sequence[Bet], outcome: Mapping[str, Any], *,
               last_round: bool = False) -> SpinResult:
        """Settle the round's `bets` (already placed) on `outcome`; ValueError if the outcome is
        impossible. Nothing carries over between spins, so neither `state` nor `last_round`
        changes a settlement; both are taken to keep every engine's entry the same."""
        spot, outcome = self._spot(outcome)
        bets = tuple(bets)
        chip_unit = self.limits.chip_unit
        entries = [
            win(bet, self.rules.payout(bet.code), chip_unit) if spot in self.rules.covers(bet.code)
            else Settlement(bet.id, "lose")
            for bet in bets
        ]
        return SpinResult(
            state=self._state(outcome),
            outcome=outcome,
            announcement=self._result_announcement(outcome),
            bets=bets,
            settlement=collected_then_paid(bets, entries),
            totals=ended_totals(bets, entries),
        )

    def void(self, state: Any, bets: Sequence[Bet]) -> VoidResult:
        """A void spin ("tirada nul·la"): the round's bets go back as they were."""
        return VoidResult(state, self.announcement("void_spin"), tuple(bets))

    def announcement(self, key: str, **params: Any) -> Announcement:
        raise NotImplementedError

    def _spot(self, outcome: Mapping[str, Any]) -> tuple[int, dict]:
        """The element of the layout the outcome names, and the outcome as it is journaled;
        ValueError if the outcome is impossible."""
        raise NotImplementedError

    def _state(self, outcome: dict | None) -> Any:
        raise NotImplementedError

    def _result_announcement(self, outcome: dict) -> Announcement:
        raise NotImplementedError
