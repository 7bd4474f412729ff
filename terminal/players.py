"""Simulated players: they buy chips, place random legal bets over the whole bet catalogue and
collect what the table pays them. They drive demos, laptop mode and the benchmarks.

All randomness comes from the generator given to them, so a seeded table is reproducible.
"""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass
from typing import Iterable, Sequence

from games.records import Bet, Limits, Settlement

EVEN_CHANCES = frozenset({"red", "black", "even", "odd", "low", "high"})


@dataclass
class SimPlayer:
    seat: int
    chips: int = 0  # chips in front of the player


class SimPlayers:
    def __init__(self, rng: random.Random, codes: Sequence[str], *, seats: int, max_bets: int, buyin: int,
                 zero_choice: bool = False):
        self.rng = rng
        self.by_family: dict[str, list[str]] = defaultdict(list)
        for code in codes:
            self.by_family[code.split(":", 1)[0]].append(code)
        self.families = sorted(self.by_family)
        self.players = [SimPlayer(seat) for seat in range(1, seats + 1)]
        self.max_bets = max_bets
        self.buyin = buyin  # in table minimums
        self.zero_choice = zero_choice  # the game lets even chances choose half back or prison on zero

    def buyins(self, limits: Limits) -> list[tuple[int, int]]:
        """(seat, amount) for every player who cannot cover a minimum bet: they buy chips in cash."""
        out = []
        for player in self.players:
            if player.chips < limits.min:
                amount = self.buyin * limits.min
                player.chips += amount
                out.append((player.seat, amount))
        return out

    def bets(self, round_no: int, limits: Limits) -> list[Bet]:
        """This round's bets; each is legal on its own and the seat can pay for it."""
        bets = []
        for player in self.players:
            for i in range(self.rng.randint(0, self.max_bets)):
                family = self.rng.choice(self.families)
                code = self.rng.choice(self.by_family[family])
                stake = self._stake(limits, limits.max[family], player.chips)
                if stake == 0:
                    break
                half = self.zero_choice and family in EVEN_CHANCES and self.rng.random() < 0.3
                choice = "half" if half else "prison"
                bets.append(Bet(f"r{round_no}s{player.seat}b{i}", player.seat, code, stake, zero_choice=choice))
                player.chips -= stake
        return bets

    def _stake(self, limits: Limits, maximum: int, chips: int) -> int:
        units = min(maximum, chips) // limits.min
        if units < 1:
            return 0
        # mostly small stakes, now and then up to the table maximum
        top = units if self.rng.random() < 0.05 else min(units, 4)
        return self.rng.randint(1, top) * limits.min

    def refund(self, bets: Iterable[Bet]) -> None:
        """Stakes given back whole (a refused bet, a void round)."""
        seats = {p.seat: p for p in self.players}
        for bet in bets:
            if bet.seat in seats:
                seats[bet.seat].chips += bet.stake

    def collect(self, bets: Iterable[Bet], settlement: Iterable[Settlement]) -> None:
        seats = {p.seat: p for p in self.players}
        seat_of = {b.id: b.seat for b in bets}
        for entry in settlement:
            player = seats.get(seat_of.get(entry.id, -1))
            if player is not None:
                player.chips += entry.paid + entry.returned
