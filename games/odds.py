"""One bet's exact odds, the row every game's `rules.odds()` gives (rules tables, simulation,
the house-edge check of a profile)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class BetOdds:
    """One bet's exact odds. `family` is the key of the bet in the profile's `bets` section (the
    part of a code before ':'), `label` the bet as a reader names it.

    `payout` is the winnings per unit staked, or a description where one bet has several
    (craps' one-roll bets paid by number). `house_edge` is the expected loss per unit staked
    (negative is a player advantage); left out, it follows from a single payout: the bet
    returns its stake and the payout with `probability`, nothing otherwise. Roulette adds the
    numbers a bet covers and, for an even chance, the player's choice on zero."""

    family: str
    label: str
    payout: Fraction | str
    probability: Fraction  # of winning the payout (followed to the bet's end)
    house_edge: Fraction = None  # type: ignore[assignment]  # computed when left out
    zero_choice: str | None = None  # roulette's even chances: "prison" or "half"
    numbers: int | None = None  # roulette: numbers covered
    simulated: bool = True  # False: a row a simulation cannot measure on its own (see `why`)
    why: str = ""
    # the scenario the odds are for (monte's layouts): its rules' `scenario(name)` is the state
    # each of its simulated rounds starts from, and the cards out of the pack in it
    scenario: str | None = None

    def __post_init__(self) -> None:
        if self.house_edge is None:
            if isinstance(self.payout, str):
                raise ValueError(
                    f"{self.label}: the house edge of a bet paid {self.payout!r} must be given"
                )
            object.__setattr__(self, "house_edge", 1 - self.probability * (1 + self.payout))
