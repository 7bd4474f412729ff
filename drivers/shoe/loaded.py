"""The cards of a loaded shoe, in the order they will come out, and the cut card among them:
what the simulated shoe and the emulated reader board deal from, so that both deal real decks
of the kind asked for (never a card more often than the decks hold it; the cut card where it
was placed)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from drivers.shoe.events import CARD_FAULTS, FRENCH, cards_of, check_card, check_load


class LoadedShoe:
    """LoadedShoe() is a shoe with no card in it (none loaded yet); its cards are of the deck
    kind `deck`."""

    def __init__(
        self, cards: list[str] | None = None, cut_after: int | None = None, deck: str = FRENCH
    ):
        self._cards = list(cards or [])  # the next card first
        self._cut_after = cut_after  # cards out before the cut card; None: no cut card (any more)
        self.deck = deck
        self.out = 0  # cards out since it was loaded

    @classmethod
    def shuffled(
        cls, decks: int, cut_after: int | None, rng: random.Random, deck: str = FRENCH
    ) -> LoadedShoe:
        """`decks` decks of the kind `deck` shuffled by `rng`, the cut card placed after
        `cut_after` cards."""
        return cls.rest(decks, cut_after, {}, rng, deck)

    @classmethod
    def rest(
        cls,
        decks: int,
        cut_after: int | None,
        dealt: Mapping[str, int],
        rng: random.Random,
        deck: str = FRENCH,
    ) -> LoadedShoe:
        """What is left of a shoe of `decks` decks of the kind `deck` once `dealt` (card ->
        times) are out, shuffled by `rng`, the cut card still after `cut_after` cards of the
        whole shoe."""
        check_load(decks, cut_after, deck)
        cards = [card for card in cards_of(deck) for _ in range(decks - dealt.get(card, 0))]
        rng.shuffle(cards)
        shoe = cls(cards, cut_after, deck)
        shoe.out = sum(dealt.values())
        return shoe

    def stack(self, cards: tuple[str, ...]) -> None:
        """The next cards out are `cards`, in this order, taken from where they were in the
        shoe; ValueError (and nothing moved) for a card the shoe does not hold as often."""
        wanted = Counter(check_card(card, self.deck) for card in cards)
        held = Counter(self._cards)
        for card, count in wanted.items():
            if held[card] < count:
                raise ValueError(
                    f"cannot stack {' '.join(cards)}: the shoe holds {card} "
                    f"{held[card]} time(s), not {count}"
                )
        for card in cards:
            self._cards.remove(card)
        self._cards[:0] = cards

    def take(self) -> tuple[bool, str | None]:
        """The next card out of the shoe: (whether the cut card comes out before it, the card;
        None when the shoe is empty)."""
        cut = self._cut_after == self.out
        if cut:
            self._cut_after = None
        if not self._cards:
            return cut, None
        self.out += 1
        return cut, self._cards.pop(0)


class DrivenShoe:
    """How a test or a demo drives a shoe that deals from a LoadedShoe (the simulated shoe, the
    emulated reader board): mixed in by a class holding `_lock`, `_shoe` and `_forced_fault`."""

    # The host's. Its lock is a Lock (SimShoe) or an RLock (the emulator): declared as either,
    # mypy finds it incompatible with each host's own definition, hence Any.
    _lock: Any  # guards the two below
    _shoe: LoadedShoe
    _forced_fault: str | None  # the fault the next card out comes with

    def stack(self, *cards: str) -> None:
        """The next cards out are these, taken from the shoe's remaining cards; ValueError for
        a card it no longer holds."""
        with self._lock:
            self._shoe.stack(cards)

    def fail_next(self, code: str) -> None:
        """The next card out comes with the fault `code`, one of CARD_FAULTS."""
        if code not in CARD_FAULTS:
            raise ValueError(f"unknown card fault {code!r}; one of {', '.join(CARD_FAULTS)}")
        with self._lock:
            self._forced_fault = code
