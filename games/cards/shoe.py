"""The shoe as the rules see it: how many decks of which kind it holds, which cards have come
out, the burnt cards, and the cut card that announces the last hand.

Pure: the shuffle and the dealing happen in the device (a real shoe, or the simulated one);
this record takes each card drawn, refuses what cannot be (a string that is no card of its deck
kind, a card seen more often than the decks hold it) with a `ShoeFault`, and counts.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from games.cards.cards import DECKS, FRENCH, NotACard, check_card, deck_kind, shoe_size
from games.profile import RulebookError, Section, non_negative_int, positive_int


class ShoeFault(ValueError):
    """A card the shoe cannot have given: nothing was changed. `code` for the fault event
    (`not_a_card`, `card_count_exceeded`), `reason` for the croupier."""

    def __init__(self, code: str, reason: str):
        super().__init__(reason)
        self.code, self.reason = code, reason


@dataclass(frozen=True)
class Shoe:
    """A shoe of `decks` decks of the kind `deck` (games/cards/cards.py: "french", "spanish"),
    `burn` cards to burn before the first hand (blackjack: five), the cut card placed so that
    it comes out after `cut_after` cards (None: no cut card)."""

    decks: int
    burn: int = 0
    cut_after: int | None = None
    seen: Mapping[str, int] = field(default_factory=dict)  # card -> times drawn
    drawn: int = 0  # cards drawn, burnt ones included
    cut_out: bool = False  # the cut card has come out: the hand in progress is the last
    deck: str = FRENCH

    def __post_init__(self) -> None:
        deck_kind(self.deck)
        if self.decks < 1:
            raise ValueError(f"a shoe holds one deck or more, not {self.decks}")
        if self.cut_after is not None and not 0 < self.cut_after <= self.size:
            raise ValueError(
                f"the cut card goes within the {self.size} cards, not after {self.cut_after}"
            )
        object.__setattr__(self, "seen", MappingProxyType(dict(self.seen)))

    def __deepcopy__(self, memo: dict[int, object]) -> Shoe:
        """Immutable: a copy of the table's state shares it (a mapping proxy cannot be copied)."""
        return self

    @property
    def size(self) -> int:
        return shoe_size(self.decks, self.deck)

    @property
    def left(self) -> int:
        return self.size - self.drawn

    @property
    def burning(self) -> bool:
        """The next card drawn is burnt, not dealt."""
        return self.drawn < self.burn

    def draw(self, card: str) -> Shoe:
        """The shoe with `card` drawn; ShoeFault if it cannot have come from it."""
        try:
            check_card(card, self.deck)
        except NotACard as e:
            raise ShoeFault("not_a_card", str(e)) from None
        if self.seen.get(card, 0) >= self.decks:
            raise ShoeFault(
                "card_count_exceeded",
                f"{card} drawn {self.seen[card] + 1} times from a shoe "
                f"of {self.decks} deck(s), which holds it {self.decks} times",
            )
        seen = dict(self.seen)
        seen[card] = seen.get(card, 0) + 1
        return replace(self, seen=seen, drawn=self.drawn + 1)

    def burn_unread(self) -> Shoe:
        """The shoe with one card burnt face down and not read (counted by the croupier): out
        of the shoe, though which card it was is not known."""
        return replace(self, drawn=self.drawn + 1)

    def put_back(self, card: str) -> Shoe:
        """The shoe as if `card`, counted out of it, had never come out (a coup corrected: the
        card journaled was not the one dealt); ValueError if the shoe never gave it."""
        if self.seen.get(card, 0) < 1:
            raise ValueError(f"{card!r} never came out of this shoe: it cannot be put back")
        seen = dict(self.seen)
        seen[card] -= 1
        if not seen[card]:
            del seen[card]
        return replace(self, seen=seen, drawn=self.drawn - 1)

    def cut_card(self) -> Shoe:
        """The cut card came out: the hand in progress is the shoe's last."""
        return replace(self, cut_out=True)

    def remaining(self) -> dict[str, int]:
        """How many of each card are still in the shoe."""
        return {card: self.decks - self.seen.get(card, 0) for card in DECKS[self.deck]}


def read_shoe(
    profile: Section,
    *,
    reserve_at_least: int = 0,
    reserve_why: str = "",
    coup: int = 1,
    deck: str = FRENCH,
) -> tuple[int, int, int]:
    """A rulebook profile's shoe, of decks of the kind `deck`: `decks`, `burn` (cards burnt from
    a new shoe) and `cut_reserve` (cards behind the cut card), checked: at least
    `reserve_at_least` cards behind the cut card (`reserve_why` names the rule), and room
    before it for a coup of `coup` cards."""
    decks = profile.read("decks", positive_int)
    burn = profile.read("burn", non_negative_int)
    cut_reserve = profile.read("cut_reserve", non_negative_int)
    if cut_reserve < reserve_at_least:
        raise RulebookError(
            f"{profile.at('cut_reserve')}: {reserve_why}: at least {reserve_at_least} cards "
            f"behind the cut card, not {cut_reserve}"
        )
    size = shoe_size(decks, deck)
    if burn + cut_reserve + coup > size:
        raise RulebookError(
            f"{profile.at('cut_reserve')}: {burn} burnt and {cut_reserve} behind the cut card "
            f"leave no coup of {coup} card(s) in a shoe of {size}"
        )
    return decks, burn, cut_reserve
