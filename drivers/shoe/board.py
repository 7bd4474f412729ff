"""Our card-shoe reader board on a USB serial port: the bridge firmware with a reader that
reports each card as it slides out of the shoe (firmware_bridge/PROTOCOL.md, "Card-shoe
reader").

URL: board:///dev/shoe-reader?baud=115200&silent=2; the link, its faults, the self-test and
health() are drivers/bridge_board.py's.

deal() lights the board's "deal" lamp; the croupier slides the card out and the board reports
it. Every card out of the shoe is reported, asked for or not (the runtime tells a card out of
turn), and counted by the board, which answers a deal() on an empty shoe with `shoe_empty`.
A card read as indices outside the wire's tables is a misreading: `unreadable_card`; a shoe
of a number of decks no shoe holds is `misread` (void: load it again). A board message that is
not a shoe's (another board on this port) is dropped and counted in
health()["foreign_readings"].
"""

from __future__ import annotations

from drivers.bridge_board import BridgeBoard, Reading
from drivers.shoe.base import Shoe
from drivers.shoe.events import (
    DECKS,
    RANKS,
    SUITS,
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
    FLASH = "a shoe-reader firmware speaking bridge protocol 1.2, firmware_bridge/PROTOCOL.md"
    ROUND = "deal"
    DROPPED = "foreign_readings"

    def __init__(self, url: str, *, seed: int | None = None):
        super().__init__(url)

    def _deal(self) -> None:
        self._send(m.Deal())

    def _new_shoe(self, decks: int, cut_after: int | None) -> None:
        self._send(m.NewShoe(decks, cut_after or 0))

    # The board's own messages, under self._cond

    def _voided(self) -> None:
        """Nothing to drop: every card out of the shoe is reported."""

    def _reading(self, message: Reading, now: int) -> None:
        if isinstance(message, m.Card):
            if message.rank < len(RANKS) and message.suit < len(SUITS):
                card = RANKS[message.rank] + SUITS[message.suit]
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
        elif isinstance(message, m.ShoeLoaded) and message.decks in DECKS:
            self._emit(ShoeLoaded(message.decks, self._stamp(message.t_us, now)))
        elif isinstance(message, m.ShoeLoaded):
            self._void_round(
                "misread",
                f"the reader reported a shoe of {message.decks} decks: load the shoe again",
            )
        else:
            self._drop(message, "is not a card-shoe reading")

    def _card_fault(self, code: str, detail: str | None = None) -> None:
        """A fault of one card or deal (events.FAULTS), logged with the last frames, and its end."""
        fault, cleared = shoe_fault(code, detail)
        self._report(fault)
        self._emit(cleared)
