"""Our card-shoe reader board on a USB serial port: the bridge firmware with a reader that
reports each card as it slides out of the shoe (firmware_bridge/PROTOCOL.md, "Card-shoe
reader").

URL: board:///dev/shoe-reader?baud=115200&silent=2; the link, its faults, the self-test and
health() are drivers/bridge_board.py's.

deal() lights the board's "deal" lamp; the croupier slides the card out and the board reports
it. Every card out of the shoe is reported, asked for or not (the runtime tells a card out of
turn), and counted by the board, which answers a deal() on an empty shoe with `shoe_empty`.
new_shoe() tells the board the deck kind (the pack: French decks, or Spanish packs), and its
cards' indices are read in that kind's tables; resume() says the kind of the shoe the board
still holds. A card read as indices outside the tables is a misreading: `unreadable_card`; a
shoe of a number of decks no shoe holds, or of another kind than the table plays (a board of
protocol 1.2 loads French decks only), is `misread` (void: load it again). A board message that is
not a shoe's (another board on this port) is dropped and counted in
health()["foreign_readings"].
"""

from __future__ import annotations

from drivers.bridge_board import BridgeBoard, Reading
from drivers.shoe.base import Shoe
from drivers.shoe.events import (
    DECK_KINDS,
    DECKS,
    CardDrawn,
    CutCardOut,
    ShoeEvent,
    ShoeLoaded,
    shoe_fault,
)
from firmware_bridge import messages as m


class BoardShoe(Shoe, BridgeBoard[ShoeEvent]):
    DEVICE_PATH = "/dev/shoe-reader"
    FIRMWARE = "shoe-reader"
    FLASH = "a shoe-reader firmware speaking bridge protocol 1.3, firmware_bridge/PROTOCOL.md"
    ROUND = "deal"
    DROPPED = "foreign_readings"

    def __init__(self, url: str, *, seed: int | None = None):
        super().__init__(url)

    def _deal(self) -> None:
        self._send(m.Deal())

    def _new_shoe(self, decks: int, cut_after: int | None, deck: str) -> None:
        self._send(m.NewShoe(decks, cut_after or 0, deck))

    # The board's own messages, under self._cond

    def _voided(self) -> None:
        """Nothing to drop: every card out of the shoe is reported."""

    def _reading(self, message: Reading, now: int) -> None:
        if isinstance(message, m.Card):
            ranks, suits = DECK_KINDS[self.deck]
            if message.rank < len(ranks) and message.suit < len(suits):
                card = ranks[message.rank] + suits[message.suit]
                self._emit(CardDrawn(card, self._stamp(message.t_us, now)))
            else:
                self._card_fault(
                    "unreadable_card",
                    f"the reader read rank {message.rank} and "
                    f"suit {message.suit}, no card: the "
                    f"croupier reads it",
                )
        elif isinstance(message, m.CardFault):
            self._card_fault(message.code)
        elif isinstance(message, m.CutCard):
            self._emit(CutCardOut(self._stamp(message.t_us, now)))
        elif isinstance(message, m.ShoeLoaded):
            self._loaded(message, now)
        else:
            self._drop(message, "is not a card-shoe reading")

    def _loaded(self, message: m.ShoeLoaded, now: int) -> None:
        """A shoe loaded: reported when the table can deal from it, else void (`misread`)."""
        if message.decks not in DECKS:
            self._void_round(
                "misread",
                f"the reader reported a shoe of {message.decks} decks: load the shoe again",
            )
        elif message.pack != self.deck:
            self._void_round(
                "misread",
                f"the reader reported a shoe of {message.pack} decks, and the table plays "
                f"{self.deck} ones (a reader of bridge protocol 1.2 loads French decks only): "
                "load the shoe again",
            )
        else:
            self._emit(ShoeLoaded(message.decks, self._stamp(message.t_us, now)))

    def _card_fault(self, code: str, detail: str | None = None) -> None:
        """A fault of one card or deal (events.FAULTS), logged with the last frames, and its end."""
        fault, cleared = shoe_fault(code, detail)
        self._report(fault)
        self._emit(cleared)
