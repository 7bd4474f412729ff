"""Which number sits in which pocket. Sensors count pockets from the wheel's datum; the game
wants numbers. On a 38-pocket wheel the number 37 stands for 00."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence


@dataclass(frozen=True, init=False)
class WheelOrder:
    """`numbers[i]` is the number in pocket index i; a permutation of 0..N-1, N = 37 or 38."""

    numbers: tuple[int, ...]

    def __init__(self, numbers: Sequence[int]):
        numbers = tuple(numbers)
        if len(numbers) not in (37, 38):
            raise ValueError(f"a wheel has 37 or 38 pockets, this order has {len(numbers)}")
        if any(type(n) is not int for n in numbers):
            raise ValueError(f"pocket numbers must be integers: {numbers}")
        missing = sorted(set(range(len(numbers))) - set(numbers))
        repeated = sorted({n for n in numbers if numbers.count(n) > 1})
        if missing or repeated:
            raise ValueError(
                f"a {len(numbers)}-pocket wheel holds each of 0..{len(numbers) - 1} once: "
                f"missing {missing}, repeated {repeated}"
            )
        object.__setattr__(self, "numbers", numbers)

    def __len__(self) -> int:
        return len(self.numbers)

    def number(self, index: int) -> int | None:
        """The number in pocket `index`; None for an index no pocket has (a bad reading)."""
        return self.numbers[index] if 0 <= index < len(self.numbers) else None

    def index(self, number: int) -> int:
        """The pocket holding `number`; ValueError if the wheel has no such number."""
        if number not in self.numbers:
            raise ValueError(f"{number!r} is not a number of this {len(self)}-pocket wheel")
        return self.numbers.index(number)
