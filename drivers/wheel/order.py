"""Which number sits in which pocket. Sensors count pockets from the wheel's datum; the game
wants numbers. A roulette wheel holds each number once (on a 38-pocket wheel 37 stands for 00);
a boule platform holds each of 1-9 in two holes; a wheel of fortune's segments are numbered by
their index. Which layouts a game allows is the game's rulebook's business, not the driver's."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, init=False)
class WheelOrder:
    """`numbers[i]` is the number in pocket index i."""

    numbers: tuple[int, ...]

    def __init__(self, numbers: Sequence[int]):
        numbers = tuple(numbers)
        if len(numbers) < 2:
            raise ValueError(f"a wheel has at least 2 pockets, this order has {len(numbers)}")
        if any(type(n) is not int for n in numbers):
            raise ValueError(f"pocket numbers must be integers: {numbers}")
        object.__setattr__(self, "numbers", numbers)

    def __len__(self) -> int:
        return len(self.numbers)

    def number(self, index: int) -> int | None:
        """The number in pocket `index`; None for an index no pocket has (a bad reading)."""
        return self.numbers[index] if 0 <= index < len(self.numbers) else None

    def index(self, number: int) -> int:
        """The first pocket holding `number`; ValueError if the wheel has no such number."""
        if number not in self.numbers:
            raise ValueError(f"{number!r} is not a number of this {len(self)}-pocket wheel")
        return self.numbers.index(number)
