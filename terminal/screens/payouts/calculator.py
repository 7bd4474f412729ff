"""The payout calculator, the pure part of its screen (drawn by calculator_draw.py).

`PayoutCalculator` is for a table where the bets are not entered: the croupier taps one player's
winning chips by kind on the winning number and reads what to pay. Every amount is the engine's:
each kind is settled as a bet on a code of the game that wins on the outcome, so the calculator
cannot disagree with the table.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from fractions import Fraction
from typing import Any

from games.records import Bet, Limits, Settlement
from games.registry import game as game_of
from terminal.screens.payouts.sheet import family_of, payment_order

CHANCES = "chances"  # the calculator's kind for the even chances (bare codes: red, odd...)


@dataclass(frozen=True)
class CalcLine:
    """One kind of chips of the calculator, as the engine settles them."""

    family: str  # the kind: a bet family, or CHANCES
    code: str  # the code it is settled as, a bet winning on the outcome
    chips: Mapping[int, int]  # chip value -> chips
    stake: int
    result: str  # what the engine gave it: win, half, prison (none: no chips)
    paid: int  # winnings
    returned: int  # the stake given back (half of it on a zero)

    @property
    def total(self) -> int:
        return self.paid + self.returned


class PayoutCalculator:
    """One player's winning chips on the winning number, by kind, and what they are paid.

    `game` is the game id, `rules` and `limits` the table's, `outcome` the winning outcome as
    journaled ({"number": 17}; the wheel of fortune's {"segment": i, "symbol": "sym:5"}).
    `chips` are the table's chip denominations: the values a chip may be given (`values`, the
    table minimum and the denominations from it up); `value` is the one selected, the minimum
    at first. `last_round`: the session's last spin (a zero then forces half back).

    The kinds (`families`) are the game's bet families that win on the outcome, in the order of
    payment; the even chances (the codes that are a bare family: red, odd, high...) are one kind,
    `CHANCES`. Each kind is settled by the game's engine as one bet (all its chips stacked) on a
    code of the kind that wins on the outcome (`codes`): for 17 straight:17, split:14-17... An even
    chance caught by a zero is settled as half back, as the player choosing it: the engine keeps
    it in prison, moving nothing, when half of it is below the table minimum."""

    def __init__(
        self,
        game: str,
        rules: Any,
        limits: Limits,
        outcome: Mapping[str, Any],
        *,
        chips: Iterable[int] = (),
        last_round: bool = False,
    ):
        description = game_of(game)
        self.game = game
        self.rules = rules
        self.limits = limits
        self.outcome = dict(outcome)
        self.last_round = last_round
        self.engine: Any = description.engine(rules, limits)
        self._bet_class: type[Bet] = description.bet
        self.result_text = description.result_text(self.outcome)
        self.values = tuple(sorted({limits.min, *(c for c in chips if c >= limits.min)}))
        self.value = limits.min
        # each kind's result on a stake far above the minimum: win, or half (an even chance
        # on a zero)
        self.probed: dict[str, str] = {}
        # each kind's codes that win on the outcome (the kind is settled as the first)
        self.covering: dict[str, tuple[str, ...]] = {}
        self.codes, self.multiples = self._kinds(payment_order(game, rules))
        self.families = tuple(self.codes)
        self._chips: dict[str, dict[int, int]] = {family: {} for family in self.families}
        self._settled: tuple[tuple[tuple[str, int], ...], dict[str, Settlement]] | None = None

    # --- the chips

    def add(self, family: str, chips: int = 1, value: int | None = None) -> None:
        """`chips` more chips of `value` (the selected value by default) on `family`."""
        value = self.value if value is None else value
        if chips < 0 or value <= 0:
            raise ValueError(f"cannot add {chips} chips of {value}")
        stacks = self._stacks(family)
        stacks[value] = stacks.get(value, 0) + chips
        self._settled = None

    def remove(self, family: str, chips: int = 1, value: int | None = None) -> None:
        """`chips` fewer chips of `value` (the selected value by default) on `family`; those
        there are when fewer."""
        value = self.value if value is None else value
        stacks = self._stacks(family)
        left = stacks.get(value, 0) - chips
        if left > 0:
            stacks[value] = left
        else:
            stacks.pop(value, None)
        self._settled = None

    def clear(self) -> None:
        for stacks in self._chips.values():
            stacks.clear()
        self._settled = None

    def select(self, value: int) -> None:
        """The chip value the next chips are added with."""
        if value <= 0:
            raise ValueError(f"a chip is worth something, not {value}")
        self.value = value

    def chips(self, family: str) -> Mapping[int, int]:
        """The chips on `family`: value -> chips."""
        return dict(self._stacks(family))

    def stake(self, family: str) -> int:
        return sum(value * n for value, n in self._stacks(family).items())

    # --- what they are paid

    def line(self, family: str) -> CalcLine:
        settled = self._settle().get(family)
        return CalcLine(
            family=family,
            code=self.codes[family],
            chips=self.chips(family),
            stake=self.stake(family),
            result="" if settled is None else settled.result,
            paid=0 if settled is None else settled.paid,
            returned=0 if settled is None else settled.returned,
        )

    def lines(self) -> tuple[CalcLine, ...]:
        return tuple(self.line(family) for family in self.families)

    def winnings(self) -> int:
        """The winnings (stakes excluded)."""
        return sum(entry.paid for entry in self._settle().values())

    def returned(self) -> int:
        """The stakes given back with them."""
        return sum(entry.returned for entry in self._settle().values())

    def total(self) -> int:
        """What to pay the player, with the stakes: winnings + stakes returned."""
        return self.winnings() + self.returned()

    # --- inside

    def _stacks(self, family: str) -> dict[int, int]:
        try:
            return self._chips[family]
        except KeyError:
            raise KeyError(
                f"no {family} wins on {self.result_text} (kinds: {', '.join(self.families)})"
            ) from None

    def _bet(self, bet_id: str, code: str, stake: int) -> Bet:
        bet = self._bet_class(id=bet_id, seat=1, code=code, stake=stake)
        if "zero_choice" in {f.name for f in fields(bet)}:
            bet = replace(bet, zero_choice="half")  # type: ignore[call-arg]
        return bet

    def _run(self, bets: Sequence[Bet]) -> dict[str, Settlement]:
        result = self.engine.settle(
            self.engine.new_state(), bets, self.outcome, last_round=self.last_round
        )
        return {entry.id: entry for entry in result.settlement}

    def _kinds(self, order: Sequence[str]) -> tuple[dict[str, str], dict[str, Fraction]]:
        """Each kind winning on the outcome, in the order of payment (its first family's turn):
        the code it is settled as, and what it gives back per unit staked (a win's payout; the
        share of the stake a half back returns). The even chances are one kind while they are
        settled alike (a profile paying one of them otherwise makes each a kind of its own)."""
        probe = 100 * self.limits.min  # far above the minimum: a half back is no prison
        codes = list(self.rules.codes())
        entries = self._run([self._bet(str(i), code, probe) for i, code in enumerate(codes)])
        won = [(code, entries[str(i)]) for i, code in enumerate(codes)]
        won = [(code, entry) for code, entry in won if entry.result != "lose"]
        chances = [(code, entry) for code, entry in won if code == family_of(code)]
        alike = len({(e.result, e.paid, e.returned) for _, e in chances}) <= 1
        members: dict[str, list[tuple[str, Settlement]]] = {}
        for code, entry in won:
            chance = code == family_of(code) and alike
            members.setdefault(CHANCES if chance else family_of(code), []).append((code, entry))
        rank = {family: i for i, family in enumerate(order)}

        def turn(kind: str) -> int:
            return min(rank.get(family_of(code), len(rank)) for code, _ in members[kind])

        codes_of: dict[str, str] = {}
        multiples: dict[str, Fraction] = {}
        for kind in sorted(members, key=turn):
            code, entry = members[kind][0]
            owed = entry.paid if entry.result == "win" else entry.returned
            codes_of[kind] = code
            multiples[kind] = Fraction(owed + entry.breakage, probe)
            self.probed[kind] = entry.result
            self.covering[kind] = tuple(code for code, _ in members[kind])
        return codes_of, multiples

    def _settle(self) -> dict[str, Settlement]:
        """The kinds with chips, settled by the engine (once for the chips as they are)."""
        stakes = tuple(
            (family, stake) for family in self.families if (stake := self.stake(family)) > 0
        )
        if self._settled is None or self._settled[0] != stakes:
            entries = self._run([self._bet(family, self.codes[family], s) for family, s in stakes])
            self._settled = (stakes, entries)
        return self._settled[1]
