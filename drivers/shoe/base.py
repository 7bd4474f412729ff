"""The interface every card-shoe backend implements: a Device (drivers/device.py) that can be
asked for the next card and loaded with a new shoe."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping

from drivers.device import Device
from drivers.shoe.events import FRENCH, ShoeEvent, check_deck, check_load


class Shoe(Device[ShoeEvent]):
    """The card table's shoe. A backend is constructed as `Backend(url, *, seed=None)` (seed
    only matters to simulated and emulated backends) and implements `_open`, `_close`,
    `_deal`, `_new_shoe`, `_selftest`."""

    kind = "card shoe"
    # The deck kind of the shoe in use (events.DECK_KINDS), as the table last said it:
    # new_shoe() and resume() set it; what the shoe deals or is entered is of that kind.
    deck: str = FRENCH

    def deal(self) -> None:
        """The game needs the next card: it comes as one CardDrawn (the cut card before it when
        it is next, as CutCardOut), or as a fault of events.py. A card that comes out when
        none was asked for is reported all the same."""
        self._require_open("deal a card")
        self._deal()

    def new_shoe(self, decks: int, cut_after: int | None, deck: str = FRENCH) -> None:
        """Shuffle `decks` decks of the kind `deck` and load them, the cut card placed so that
        it comes out after `cut_after` cards (None: no cut card); ShoeLoaded when the shoe is
        loaded. ValueError for a shoe that cannot be (events.check_load)."""
        self._require_open("load a new shoe")
        check_load(decks, cut_after, deck)
        self.deck = deck
        self._new_shoe(decks, cut_after, deck)

    def resume(
        self, decks: int, cut_after: int | None, dealt: Mapping[str, int], deck: str = FRENCH
    ) -> None:
        """The table restarted in the middle of a shoe of `decks` decks of the kind `deck`
        whose cards `dealt` (card -> times) are out, the cut card still to come after
        `cut_after` cards (None: out already, or none). A real shoe still holds the rest and
        deals on from where it is (a reader board keeps the count): nothing to do but take
        its deck kind. A shoe that lost its cards with the process (the simulated one) takes
        what is left of that shoe."""
        self._require_open("resume a shoe")
        self.deck = check_deck(deck)

    @abstractmethod
    def _deal(self) -> None: ...

    @abstractmethod
    def _new_shoe(self, decks: int, cut_after: int | None, deck: str) -> None: ...
