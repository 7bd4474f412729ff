"""What the banking games ("jocs de contrapartida") of fixed odds do alike.

Boule and the wheel of fortune are played the same way: each bet covers some of the outcomes of
one spin and either wins its payout or is lost; there is nothing like roulette's prison. This
module holds what they share and what roulette does the same way: the records of a spin, the
checks on a stake (the stake rule every game's engine applies: the table minimum, multiples of
the bet's step; then the per-player maximum by seat and code), payment rounded down to the chip
unit, the order of settlement (losing bets collected first, then the winners paid, a seat at
once where the profile says so) and the round's totals; `TableRules` derives a table's limits
and opening advance from its profile's multiples of the minimum and the table's stake steps,
and says what each bet is owed at the smallest stake the table takes (`least_stakes`: what
`rules` reports and `breakage_warnings` warns of); `BankingEngine` places a bet its `check`
accepts. `FixedOddsEngine` puts them together; a game adds how to read its outcome and what its
croupier says. Every game's odds rows are `games.odds.BetOdds`, importable from here too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Any, ClassVar, Protocol

from games.money import entered, exact_multiple, first_multiple, money, to_chips
from games.odds import BetOdds
from games.reasons import reason
from games.records import (
    Announcement,
    Bet,
    BetRefused,
    Limits,
    Settlement,
    Totals,
    another_game,
)

# Results that move no money yet: the bet's stake counts in the totals of the round it ends.
_STILL_ON = ("open", "prison")
# a table staking every bet in multiples of its minimum
NO_STEPS: Mapping[str, int] = MappingProxyType({})
# what an even chance taking half back on a zero is returned, per unit staked
HALF_BACK = Fraction(1, 2)

# why a stake or a bet is refused (games/reasons.py), and new limits that cannot be made
WHY = {
    "bet_id_taken": "bet id {id} is already taken",
    "bet_id_taken_round": "bet id {id} is already taken this round",
    "stake_below_min": "{stake} is below the table minimum of {min}",
    "stake_not_multiple_min": "{stake} is not a multiple of the table minimum of {min}",
    "stake_not_multiple_step": "{stake} is not a multiple of {step}, the table's stake step "
    "for {bet}",
    "stake_not_whole": "the stake must be a positive whole amount, not {stake}",
    "table_takes_no_family": "this table takes no {family} bets",
    "stake_over_max": "seat {seat} would have {total} on {code}, over the {limit} maximum of {max}",
    "limits_min_not_chip_multiple": "the minimum ({min}) must be a positive multiple of the "
    "chip unit ({chip_unit})",
}


@dataclass(frozen=True)
class SpinResult:
    state: Any  # what the spin leaves for the next one (the game's own state record)
    outcome: dict[str, Any]  # as journaled in round.result, e.g. {"number": 7}
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
    collected: tuple[Bet, ...] = ()  # stakes the house keeps all the same (none in these games)


def limits_from_multiples(
    minimum: int,
    chip_unit: int,
    max_multiple: Mapping[str, int],
    steps: Mapping[str, int] = NO_STEPS,
) -> Limits:
    """A table's limits: each family's maximum is its multiple of the minimum; `steps` the
    table's stake steps (`steps_refusal` checks them against the game)."""
    if minimum <= 0 or chip_unit <= 0 or minimum % chip_unit:
        raise ValueError(
            reason(
                WHY,
                "limits_min_not_chip_multiple",
                min=entered(minimum),
                chip_unit=entered(chip_unit),
            )
        )
    return Limits(
        min=minimum,
        chip_unit=chip_unit,
        max={f: m * minimum for f, m in max_multiple.items()},
        steps=dict(steps),
    )


def duplicate_id(bet: Bet, accepted: Sequence[Bet]) -> str | None:
    if any(other.id == bet.id for other in accepted):
        return reason(WHY, "bet_id_taken_round", id=bet.id)
    return None


def stake_rule_refusal(code: str, stake: int, limits: Limits) -> str | None:
    """Why `stake` breaks the table's stake rule for a bet on `code`, or None: a stake is at
    least the table minimum and a multiple of the bet's step (`Limits.step`: the minimum,
    unless the table sets the code or its family a step of its own)."""
    if stake < limits.min:
        return reason(WHY, "stake_below_min", stake=money(stake), min=money(limits.min))
    step = limits.step(code)
    if stake % step == 0:
        return None
    key = code if code in limits.steps else code.split(":", 1)[0]
    if key not in limits.steps:
        return reason(WHY, "stake_not_multiple_min", stake=money(stake), min=money(limits.min))
    return reason(WHY, "stake_not_multiple_step", stake=money(stake), step=money(step), bet=key)


def stake_refusal(
    bet: Bet, accepted: Sequence[Bet], limits: Limits, key: str | None = None
) -> str | None:
    """Why the stake of `bet` cannot join the `accepted` bets of the round (and those staying
    on the layout from earlier rounds, where a game has some), or None.

    The maximum, the code's own or its family's, applies to each player on his own (boule
    IV.b: the house cannot set one for the bets of different players together), so it counts
    the same seat's stakes on the same code only. `key`: the maximum of `limits.max` the bet's
    is, where the game says it (monte's camo, anti and viudo share one a phase); else the
    code's own or its family's."""
    if type(bet.stake) is not int or bet.stake <= 0:
        return reason(WHY, "stake_not_whole", stake=entered(bet.stake))
    if (refusal := stake_rule_refusal(bet.code, bet.stake, limits)) is not None:
        return refusal
    if key is None:
        key = bet.code if bet.code in limits.max else bet.family
    maximum = limits.max.get(key)
    if maximum is None:
        return reason(WHY, "table_takes_no_family", family=key.split(":", 1)[0])
    total = bet.stake + sum(o.stake for o in accepted if o.seat == bet.seat and o.code == bet.code)
    if total > maximum:
        return reason(
            WHY,
            "stake_over_max",
            seat=bet.seat,
            total=money(total),
            code=bet.code,
            limit=key,
            max=money(maximum),
        )
    return None


def win(bet: Bet, payout: Fraction, chip_unit: int, kept: Fraction | int = 0) -> Settlement:
    """A winning bet: its stake back and its winnings rounded down to the chip unit, less the
    share `kept` of them the house takes (monte's 10%, journaled exact as `deducted`)."""
    winnings = bet.stake * payout
    deducted = winnings * kept if kept else 0  # no arithmetic more for every other game's bet
    paid, breakage = to_chips(winnings - deducted if kept else winnings, chip_unit)
    return Settlement(
        bet.id, "win", paid=paid, returned=bet.stake, breakage=breakage, deducted=deducted
    )


def collected_then_paid(
    bets: Sequence[Bet],
    entries: Sequence[Settlement],
    rank: Callable[[Bet], int] = lambda bet: 0,
    *,
    seat_at_once: bool = False,
) -> tuple[Settlement, ...]:
    """The croupier first collects the losing bets, then pays the rest: by `rank` of their bet
    (a profile's payment order), and in the order the bets took part within a rank.

    With `seat_at_once` (roulette section 02 III.b) a player with several bets to pay is paid
    them all at once, at the turn of the first of them in that order."""
    lost = [entry for entry in entries if entry.result == "lose"]
    rest: list[tuple[int, ...]] = sorted(
        (rank(bet), i)
        for i, (bet, entry) in enumerate(zip(bets, entries))
        if entry.result != "lose"
    )
    if seat_at_once:
        turn: dict[int, tuple[int, ...]] = {}
        for key in rest:
            turn.setdefault(bets[key[1]].seat, key)
        rest = sorted((*turn[bets[i].seat], bet_rank, i) for bet_rank, i in rest)
    return (*lost, *(entries[key[-1]] for key in rest))


def ended_totals(bets: Sequence[Bet], entries: Sequence[Settlement]) -> Totals:
    """The round's totals over the bets that ended in it."""
    staked = paid = returned = 0
    for bet, entry in zip(bets, entries):  # one pass: a spin settles thousands of bets
        if entry.result not in _STILL_ON:
            staked += bet.stake
            paid += entry.paid
            returned += entry.returned
    return Totals(staked=staked, paid=paid, returned=returned)


class FixedOddsRules(Protocol):
    def codes(self) -> tuple[str, ...]: ...

    def covers(self, code: str) -> frozenset[int]: ...

    def payout(self, code: str) -> Fraction: ...


class TableRules:
    """What the rules of a banking table derive alike from their profile's values: the table's
    limits and the opening advance, both in multiples of the table minimum, and each row of
    the rules table (`odds()`) at the smallest stake the table takes for its bet. A game's rules
    give `codes()` and `odds()`; a game whose bets are not all staked by the stake rule names
    them in `unstepped`, and says what such a bet is staked and owed in `least_stake`."""

    max_multiple: Mapping[str, int]  # maximum stake per player and family, in table minimums
    advance_multiple: int  # the opening advance, in table minimums
    # families staked by a rule of their own, which a stake step cannot change: why
    unstepped: ClassVar[Mapping[str, str]] = MappingProxyType({})

    def limits(self, minimum: int, chip_unit: int, steps: Mapping[str, int] = NO_STEPS) -> Limits:
        """The table's limits: each family's maximum per player is its multiple of the minimum;
        `steps` the table's stake steps, by code or family."""
        return limits_from_multiples(minimum, chip_unit, self.max_multiple, steps)

    def advance(self, minimum: int) -> int:
        """The chips a table opens with (and every top-up)."""
        return self.advance_multiple * minimum

    def codes(self) -> tuple[str, ...]:
        """Every legal bet code: the game's rules say them."""
        raise NotImplementedError

    def commission(self, code: str) -> Fraction:
        """The share of a winning bet's winnings the house keeps (punto banco's banker: 5%);
        none at most games."""
        return Fraction(0)

    def odds(self) -> list[BetOdds]:
        """Each bet's exact odds, a row of the rules table: the game's rules say them."""
        raise NotImplementedError

    def least_stake(self, row: BetOdds, limits: Limits) -> LeastStake:
        """A row of the rules table at the smallest stake `limits` take for its bet: the code
        its label starts with, else its family, staked by its step; owed its payout and, when
        it takes half back on a zero, half its stake. A game whose row has its payouts in
        words, or a stake following another rule, overrides this for that row."""
        first = row.label.split()[0]
        code = first if first in self.codes() else row.family
        if isinstance(row.payout, str):
            raise ValueError(
                f"{row.label}: paid {row.payout!r}: the game's rules must say what it is owed"
            )
        owed = (Fraction(row.payout), *((HALF_BACK,) if row.zero_choice == "half" else ()))
        return LeastStake(row.label, limits.least_stake(code), limits.step(code), owed, code=code)

    def stake_unit(self, code: str, limits: Limits) -> int:
        """What a stake on `code` that the table takes is always a multiple of: its step."""
        return limits.step(code)


@dataclass(frozen=True)
class LeastStake:
    """A bet of the rules table (`label`, as `rules` prints it) at the smallest stake the table
    takes for it, `stake` (exact: a share of another bet may be no whole number of chips), the
    stakes above it going up in `multiple`s, and what a settlement owes it per unit staked
    (`owed`: each payout a win may bring, half back on a zero)."""

    label: str
    stake: Fraction | int
    multiple: Fraction | int
    owed: tuple[Fraction, ...]
    # the code or family whose step it is staked by; None: a rule of its own
    code: str | None = None
    basis: str = ""  # how its stake follows, when not by a step ("half the box's 5.00")
    depends: str = ""  # when no share of the stake is owed: what the amount paid depends on

    def breakage(self, limits: Limits) -> Breakage | None:
        """What the chip unit of `limits` does to this stake and what it is owed (None when
        what it is paid depends on something else: `depends`)."""
        if self.depends:
            return None
        chip_unit = limits.chip_unit
        amounts = [self.stake, *(self.stake * share for share in self.owed)]
        worst = max(range(len(amounts)), key=lambda i: to_chips(amounts[i], chip_unit)[1])
        handed, _ = to_chips(amounts[worst], chip_unit)
        exact_from = first_multiple(exact_multiple(self.owed, chip_unit, self.multiple), self.stake)
        exact_step = (
            None
            if self.code is None
            else first_multiple(exact_multiple(self.owed, chip_unit, chip_unit), limits.min)
        )
        return Breakage(self, amounts[worst], handed, worst == 0, exact_from, exact_step)


@dataclass(frozen=True)
class Breakage:
    """A bet at its smallest stake (`at`) in the table's chips: of the amounts it is due (its
    stake, what a settlement owes it), the one that loses most to the chip unit, `owed`, and
    the chips `handed` for it (`on_stake`: the stake itself is no whole number of chips); the
    smallest stake the table takes from which every amount is whole chips, `exact_from`; and,
    for a bet staked by a step, the step that would make every one of its stakes exact."""

    at: LeastStake
    owed: Fraction | int
    handed: int
    on_stake: bool
    exact_from: Fraction | int
    exact_step: int | None

    @property
    def lost(self) -> Fraction | int:
        return self.owed - self.handed

    @property
    def share(self) -> Fraction:
        """What is lost, as a share of the stake."""
        return Fraction(self.lost) / self.at.stake

    def warning(self) -> str:
        """The line the table logs when it starts, and `rules` prints, for a bet it cannot pay
        exactly at its smallest stake: what is lost, and the stakes (the step) paid exactly."""
        bet, lost = self.at, f"{money(self.lost)} ({float(self.share):.2%} of the stake)"
        if self.on_stake:
            return (
                f"{bet.label}: its smallest stake ({bet.basis}) is {money(bet.stake)}, no whole "
                f"number of chips: {money(self.handed)} is staked, {lost} short; it is whole and "
                f"paid exactly from {money(self.exact_from)}"
            )
        fix = (
            ""
            if self.exact_step is None or bet.code is None  # both None: staked by a rule of its own
            else (
                f", and at every stake with a stake step of {money(self.exact_step)} "
                f"([stakes] {_toml_key(bet.code)} = {self.exact_step})"
            )
        )
        return (
            f"{bet.label}: at its smallest stake, {money(bet.stake)}, it is owed "
            f"{money(self.owed)} and paid {money(self.handed)}: {lost} lost to breakage; it is "
            f"paid exactly from a stake of {money(self.exact_from)}{fix}"
        )


def _toml_key(key: str) -> str:
    """A bet code as a key of the table file: quoted when it holds a ':' ("place:6")."""
    return f'"{key}"' if ":" in key else key


def least_stakes(rules: TableRules, limits: Limits) -> list[LeastStake]:
    """Every row of the rules table at the smallest stake the table takes for its bet."""
    return [rules.least_stake(row, limits) for row in rules.odds()]


def breakage_warnings(rules: TableRules, limits: Limits) -> list[str]:
    """One line for each bet that the table cannot pay exactly at the smallest stake it takes
    for it (what the table logs when it starts, and `rules` prints)."""
    found = (bet.breakage(limits) for bet in least_stakes(rules, limits))
    return [breakage.warning() for breakage in found if breakage is not None and breakage.lost]


def steps_refusal(rules: TableRules, limits: Limits) -> str | None:
    """Why the table's stake steps (`limits.steps`) cannot stand, the first bad one, or None:
    each names a bet code or family of the game that the stake rule stakes, and is a multiple
    of the chip unit of at least the minimum."""
    codes = rules.codes()
    families = sorted({code.split(":", 1)[0] for code in codes})
    for key, step in limits.steps.items():
        family = key.split(":", 1)[0]
        if key not in codes and key not in families:
            return (
                f"{key!r} is no bet of this game: give a code (e.g. {codes[0]}) or a family "
                f"({', '.join(families)})"
            )
        if family in rules.unstepped:
            return f"{key}: {rules.unstepped[family]}; it takes no stake step"
        if type(step) is not int or step < limits.min or step % limits.chip_unit:
            return (
                f"{key} = {entered(step)}: a stake step is a multiple of the chip unit "
                f"({money(limits.chip_unit)}) of at least the table minimum ({money(limits.min)})"
            )
    return None


class BankingEngine:
    """What every banking engine does alike, and a circle game's against its bank: a bet is
    placed when its `check` finds nothing against it."""

    def check(self, bet: Bet, accepted: Sequence[Bet] = (), *, state: Any = None) -> str | None:
        """Why `bet` cannot join `accepted`, or None; a banking game's `state` (its prison,
        its last number) changes nothing here."""
        raise NotImplementedError

    def place(self, bet: Bet, accepted: Sequence[Bet] = (), *, state: Any = None) -> Bet:
        """`bet` itself when it is legal beside `accepted` in a round played from `state`;
        BetRefused otherwise."""
        reason = self.check(bet, accepted, state=state)
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

    def check(self, bet: Bet, accepted: Sequence[Bet] = (), *, state: Any = None) -> str | None:
        """None if `bet` may join the `accepted` bets of this round, else why not."""
        if (reason := duplicate_id(bet, accepted)) is not None:
            return reason
        if bet.code not in self._codes:
            if bet.code.lower() in self._codes:
                return f"{bet.code!r}: bet codes are lowercase, write {bet.code.lower()}"
            return (
                f"{bet.code!r}: unknown bet (bets of {self.game}: {', '.join(self.rules.codes())})"
            )
        if type(bet) is not Bet:
            return (
                f"{self.game} has no zero: a bet takes no choice on zero and is never in prison "
                f"({another_game(bet, Bet)})"
            )
        return stake_refusal(bet, accepted, self.limits)

    def new_state(self) -> Any:
        return self._state(None)

    def settle(
        self,
        state: Any,
        bets: Sequence[Bet],
        outcome: Mapping[str, Any],
        *,
        last_round: bool = False,
    ) -> SpinResult:
        """Settle the round's `bets` (already placed) on `outcome`; ValueError if the outcome is
        impossible. Nothing carries over between spins, so neither `state` nor `last_round`
        changes a settlement; both are taken to keep every engine's entry the same."""
        spot, outcome = self._spot(outcome)
        bets = tuple(bets)
        chip_unit = self.limits.chip_unit
        entries = [
            win(bet, self.rules.payout(bet.code), chip_unit)
            if spot in self.rules.covers(bet.code)
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

    def _spot(self, outcome: Mapping[str, Any]) -> tuple[int, dict[str, Any]]:
        """The element of the layout the outcome names, and the outcome as it is journaled;
        ValueError if the outcome is impossible."""
        raise NotImplementedError

    def _state(self, outcome: dict[str, Any] | None) -> Any:
        raise NotImplementedError

    def _result_announcement(self, outcome: dict[str, Any]) -> Announcement:
        raise NotImplementedError
