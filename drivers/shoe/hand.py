"""The card shoe whose cards the croupier enters on the screen (drivers/hand.py): a card table
with no shoe reader, or one whose reader is out of order.

URL: screen://

deal() and new_shoe() ask nothing of it: the table waits for the person. The croupier enters
each card as it is dealt (`enter`: a card of the deck kind in use, which new_shoe(), resume()
and `loaded` say), how many cards a new shoe's burn put aside face down
(`burnt`: no one sees them), the cut card when it comes out (`cut`), and a new shoe
once it is shuffled and loaded (`loaded`), as a shoe reader reports them. A card entered when
none was asked for is reported all the same (the runtime puts it aside, as a reader's).
"""

from __future__ import annotations

from drivers.hand import Hand
from drivers.shoe.base import Shoe
from drivers.shoe.events import (
    FRENCH,
    CardDrawn,
    CardsBurnt,
    CutCardOut,
    ShoeEvent,
    ShoeLoaded,
    check_card,
    check_deck,
    check_decks,
)


class HandShoe(Hand[ShoeEvent], Shoe):
    def __init__(self, url: str, *, seed: int | None = None):
        super().__init__(url)
        self._hand()

    def enter(self, card: str, by: str) -> None:
        """`card` ('AS', 'TD'; '5O' of a Spanish pack) came out of the shoe, as the croupier
        `by` entered and confirmed it (from any thread); ValueError, and nothing emitted, for
        no card of the deck kind in use."""
        by = self._entry(by)
        check_card(card, self.deck)
        with self._lock:
            self._emit(CardDrawn(card, entered_by=by))

    def burnt(self, count: int, by: str) -> None:
        """`count` cards were burnt face down, unread, as the croupier `by` counted them;
        ValueError, and nothing emitted, for no count of cards."""
        by = self._entry(by)
        event = CardsBurnt(count, entered_by=by)
        with self._lock:
            self._emit(event)

    def cut(self, by: str) -> None:
        """The cut card came out (before the card it precedes), as the croupier `by` says."""
        self._entry(by)
        with self._lock:
            self._emit(CutCardOut())

    def loaded(self, decks: int, by: str, deck: str = FRENCH) -> None:
        """A new shoe of `decks` decks of the kind `deck` is shuffled and loaded, its cut card
        placed, as the croupier `by` says (before the table asked, maybe); ValueError for a
        number of decks no shoe holds, or no deck kind."""
        self._entry(by)
        check_decks(decks)
        check_deck(deck)
        with self._lock:
            self.deck = deck
            self._emit(ShoeLoaded(decks))

    def _deal(self) -> None:
        """Nothing to ask: the croupier deals the card and enters it."""

    def _new_shoe(self, decks: int, cut_after: int | None, deck: str) -> None:
        """Nothing to ask: the croupier shuffles and loads the shoe, then says so (`loaded`)."""
