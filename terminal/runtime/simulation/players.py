"""Simulated players: they buy chips, place random legal bets over the whole bet catalogue and
collect what the table pays them. They drive demos, laptop mode and the benchmarks.

All randomness comes from the generator given to them, so a seeded table is reproducible.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from math import lcm
from typing import Any

from games.money import first_multiple
from games.prison import PrisonBet
from games.records import Bet, Limits, Settlement

EVEN_CHANCES = frozenset({"red", "black", "even", "odd", "low", "high"})
# craps: how often a player refuses the dice, withdraws a bet that may be withdrawn, or, as a
# new shooter, asks for new dice; how often a shooter bets Don't Win rather than Win
REFUSES_DICE, WITHDRAWS, ASKS_NEW_DICE, DONT_WIN = 0.1, 0.05, 0.02, 0.15


# American roulette: the values a colour player gives its chips, in table minimums, and how often
COLOUR_UNITS = ((1, 0.6), (2, 0.2), (5, 0.15), (10, 0.05))


@dataclass
class SimPlayer:
    seat: int
    chips: int = 0  # chips in front of the player
    seated: bool = True  # at a colour-chip table: has a colour or value chips
    # the value of one of its chips when it plays a colour (else the minimum)
    unit: int | None = None


def _step(code: str, limits: Limits) -> int:
    return limits.step(code)


class SimPlayers:
    """`stake_unit(code, limits)` says what a stake the table takes on `code` is a multiple of
    (the rules' `stake_unit`: a bet's step, and for craps odds a stake paid exactly); without
    it, the bet's step. `bet` is the class of the game's bets (`Game.bet`)."""

    def __init__(
        self,
        rng: random.Random,
        codes: Sequence[str],
        *,
        seats: int,
        max_bets: int,
        buyin: int,
        zero_choice: bool = False,
        colours: bool = False,
        stake_unit: Callable[[str, Limits], int] = _step,
        bet: type[Bet] = Bet,
        mix: Mapping[str, float] | None = None,
        held: frozenset[str] = frozenset(),
    ):
        self.rng = rng
        self.held = held  # families whose money stays on the table (a circle bank's cover)
        self.bet = bet
        self.stake_unit = stake_unit
        self.by_family: dict[str, list[str]] = defaultdict(list)
        for code in codes:
            self.by_family[code.split(":", 1)[0]].append(code)
        self.families = sorted(self.by_family)
        # how often each family is chosen (`Game.bet_mix`: a monte table's simple chances most);
        # None: alike, drawn as they always were (a seeded table's bets stay as they were)
        self.weights = None if mix is None else [mix.get(f, 1.0) for f in self.families]
        self.players = [SimPlayer(seat, seated=not colours) for seat in range(1, seats + 1)]
        self.max_bets = max_bets
        self.buyin = buyin  # in table minimums
        # the game lets even chances choose half back or prison on zero
        self.zero_choice = zero_choice

    def buyins(self, limits: Limits) -> list[tuple[int, int]]:
        """(seat, amount) for every player who cannot cover a minimum bet: they buy chips in
        cash."""
        out = []
        for player in self.seated():
            if player.chips < limits.min:
                amount = self.buyin * limits.min
                player.chips += amount
                out.append((player.seat, amount))
        return out

    def bets(self, round_no: int, limits: Limits) -> list[Bet]:
        """This round's bets: the seat can pay for each and its stake is within the limits;
        what the game's state does not allow (a craps Come bet on a come-out) the table refuses
        and refunds."""
        bets: list[Bet] = []
        for player in self.seated():
            for i in range(self.rng.randint(0, self.max_bets)):
                family = (
                    self.rng.choice(self.families)
                    if self.weights is None
                    else self.rng.choices(self.families, self.weights)[0]
                )
                code = self.rng.choice(self.by_family[family])
                # a family's maximum, or a code's (craps place:6), or none (odds: the line bet's
                # share)
                maximum = limits.max.get(family, limits.max.get(code, 4 * limits.min))
                stake = self._stake(limits, code, maximum, player.chips, player.unit)
                if stake == 0:
                    break
                half = self.zero_choice and family in EVEN_CHANCES and self.rng.random() < 0.3
                bet_id = f"r{round_no}s{player.seat}b{i}"
                if half:  # a game whose bets hold a choice on zero
                    assert issubclass(self.bet, PrisonBet)
                    bets.append(self.bet(bet_id, player.seat, code, stake, zero_choice="half"))
                else:
                    bets.append(self.bet(bet_id, player.seat, code, stake))
                player.chips -= stake
        return bets

    def line_bet(self, round_no: int, seat: int, limits: Limits) -> list[Bet]:
        """Craps: the shooter's obligatory Win or Don't Win bet, if the seat can pay for it."""
        player = self._seat(seat)
        code = "dontpass" if self.rng.random() < DONT_WIN else "pass"
        if player is None:
            return []
        stake = self._stake(limits, code, limits.max[code], player.chips, player.unit)
        if not stake:
            return []
        player.chips -= stake
        return [self.bet(f"r{round_no}s{seat}line", seat, code, stake)]

    def takes_dice(self, seat: int) -> bool:
        """Craps: whether the player at `seat` takes the dice when offered (nobody there: no)."""
        return self._seat(seat) is not None and self.rng.random() >= REFUSES_DICE

    def asks_dice_change(self) -> bool:
        return self.rng.random() < ASKS_NEW_DICE

    def withdrawals(self, layout: Iterable[Bet]) -> list[Bet]:
        """Craps: the bets on the layout the players would take back now."""
        return [bet for bet in layout if self.rng.random() < WITHDRAWS]

    def chips_of(self, seat: int) -> int:
        player = self._seat(seat)
        return 0 if player is None else player.chips

    def pay_in(self, seat: int, amount: int) -> None:
        player = self._seat(seat)
        assert player is not None and player.chips >= amount, f"seat {seat} cannot pay {amount}"
        player.chips -= amount

    def hand_back(self, seat: int, amount: int) -> None:
        player = self._seat(seat)
        if player is not None:
            player.chips += amount

    def _seat(self, seat: int) -> SimPlayer | None:
        return next((p for p in self.players if p.seat == seat), None)

    def seated(self) -> list[SimPlayer]:
        return [player for player in self.players if player.seated]

    def unseated(self) -> list[int]:
        """The seats still to take a place of their own before they bet (American roulette: a
        colour or value chips)."""
        return [player.seat for player in self.players if not player.seated]

    def chip_unit(self, minimum: int, maximum: int) -> int:
        """The value a player gives chips of its own (American roulette's colours), up to
        `maximum`: mostly the `minimum`, now and then more."""
        multiple = self.rng.choices([m for m, _ in COLOUR_UNITS], [w for _, w in COLOUR_UNITS])[0]
        return min(multiple * minimum, maximum)

    def sit(self, seat: int, unit: int | None) -> None:
        """The table seated `seat` with chips of `unit` (a colour) or value chips (None)."""
        player = self._seat(seat)
        assert player is not None  # the table seats the seats `unseated` gave it
        player.seated, player.unit = True, unit

    def _stake(
        self, limits: Limits, code: str, maximum: int, chips: int, colour: int | None = None
    ) -> int:
        """A stake the table takes on `code`, up to `maximum` and the `chips` the player has: at
        least the minimum, a multiple of the code's stake unit (the minimum but for a bet with a
        step, or craps odds) and of `colour`, the value of a colour player's chips; 0 when the
        player cannot afford one."""
        unit = self.stake_unit(code, limits)
        if colour:
            unit = lcm(unit, colour)
        least = first_multiple(unit, limits.min) // unit
        units = min(maximum, chips) // unit
        if units < least:
            return 0
        # mostly small stakes, now and then up to the table maximum
        top = units if self.rng.random() < 0.05 else min(units, least + 3)
        return self.rng.randint(least, top) * unit

    def refund(self, bets: Iterable[Bet]) -> None:
        """Stakes given back whole (a refused bet, a void round)."""
        seats = {p.seat: p for p in self.players}
        for bet in bets:
            if bet.seat in seats:
                seats[bet.seat].chips += bet.stake

    def collect(self, bets: Iterable[Bet], settlement: Iterable[Settlement]) -> None:
        """What the table hands back; a withdrawn bet's stake came back when it was withdrawn."""
        seats = {p.seat: p for p in self.players}
        seat_of = {b.id: b.seat for b in bets if b.family not in self.held}
        for entry in settlement:
            if entry.result == "withdrawn":
                continue
            player = seats.get(seat_of.get(entry.id, -1))
            if player is not None:
                player.chips += entry.paid + entry.returned

    def adjust(self, seats: Mapping[str, int], adjustment: Iterable[Mapping[str, Any]]) -> None:
        """A correction's money (`round.correction` `adjustment`): for each bet, `paid` and
        `returned` handed over to its seat (`seats`: bet id -> seat), or taken back from it when
        negative, as a result's money is (`collect`)."""
        players = {p.seat: p for p in self.players}
        for entry in adjustment:
            player = players.get(seats.get(str(entry["id"]), -1))
            if player is not None:
                player.chips += entry["paid"] + entry["returned"]
