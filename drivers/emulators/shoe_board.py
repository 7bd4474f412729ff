"""Our card-shoe reader board (firmware_bridge/PROTOCOL.md, "Card-shoe reader") on a
pseudo-terminal, for tests, demos and the contract suite (the link, the line's faults,
unplugging, rebooting: bridge_board.py).

It holds real decks, shuffled by its seeded generator when the host asks for a new shoe (the
croupier shuffles and loads it), with the cut card where the host placed it: French decks, or
Spanish packs when the host asks for them (`new_shoe`'s pack, protocol 1.3; a board of an
earlier `protocol` ignores it, as its firmware would, and loads French decks). When the host
asks for a card the croupier slides the next one out and the reader reads it; a deal on an
empty shoe is answered `shoe_empty`. Driven: stack() the next cards, fail_next() the next
card's reading, misread_next() a reading's fields, deal_unasked() a card nobody asked for,
load_unasked() a shoe, fail_selftest() a check.

Durations are a real shoe's, multiplied by `time_scale`.

Run by hand: python -m drivers.emulators.shoe_board --link /tmp/shoe-reader
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, TypeVar

from drivers.emulators.bridge_board import BridgeBoardEmulator, NamedChecks, run_by_hand
from drivers.shoe.events import DECK_KINDS, FRENCH
from drivers.shoe.loaded import DrivenShoe, LoadedShoe
from firmware_bridge.messages import (
    Card,
    CardFault,
    CutCard,
    Deal,
    Message,
    NewShoe,
    ShoeLoaded,
)

PACKS_SINCE = (1, 3)  # the protocol whose new_shoe and shoe_loaded say the pack

MISREADABLE = ("rank", "suit", "decks")  # the fields of Card and ShoeLoaded a reader reads
DEAL_AT = 1.0  # seconds from the "deal" lamp to the card read: the croupier slides it out
LOADED_AT = 2.0  # seconds from "new shoe" to the shoe loaded: the shuffled decks put in

Readable = TypeVar("Readable", Card, ShoeLoaded)  # what the reader reads, and may misread


class ShoeBoardEmulator(DrivenShoe, NamedChecks, BridgeBoardEmulator):
    """The options are BridgeBoardEmulator's. No shoe is loaded until the host asks for one,
    or load_unasked()."""

    CHECKS = ("card_reader", "cut_card_sensor", "deal_lamp")
    VERSION = "shoe-reader-emulator 0.1.0"

    def __init__(self, link, **options):
        super().__init__(link, **options)
        self._shoe = LoadedShoe()
        self._forced_fault: str | None = None
        self._misread: dict[str, int] = {}

    # Driving it

    def misread_next(self, **fields: int) -> None:
        """The next reading with these fields (rank, suit of a card; decks of a shoe loaded)
        is sent with these values, as a reader misreading it would."""
        for name, value in fields.items():
            if name not in MISREADABLE or type(value) is not int or not 0 <= value <= 0xFF:
                raise ValueError(
                    f"{name}={value!r}: misread one of {', '.join(MISREADABLE)} as a byte"
                )
        with self._lock:
            self._misread.update(fields)

    def deal_unasked(self, card: str) -> None:
        """The croupier slides `card` out of the shoe now, though no card was asked for."""
        with self._lock:
            self._shoe.stack((card,))
            self._slide_out(self._clock_us())

    def load_unasked(self, decks: int, pack: str = FRENCH) -> None:
        """The croupier loads a new shoe of `decks` shuffled decks of the kind `pack` (no cut
        card) unasked."""
        with self._lock:
            self._queue(self._load(self._clock_us(), decks, None, pack))

    # The board's own

    def _command(self, message: Message) -> None:
        if isinstance(message, Deal):
            self._schedule(DEAL_AT, self._slide_out)
        elif isinstance(message, NewShoe):
            pack = message.pack if self.protocol >= PACKS_SINCE else FRENCH
            self._schedule(
                LOADED_AT, lambda t: self._load(t, message.decks, message.cut_after or None, pack)
            )

    def _load(self, t_us: int, decks: int, cut_after: int | None, pack: str) -> Message:
        self._shoe = LoadedShoe.shuffled(decks, cut_after, self._rng, pack)
        return self._read(ShoeLoaded(t_us, decks, pack))

    def _slide_out(self, t_us: int) -> None:
        """The next card out of the shoe, the cut card before it if it is next, as read."""
        cut, card = self._shoe.take()
        if cut:
            self._queue(CutCard(t_us))
        if card is None:
            self._queue(CardFault(t_us, "shoe_empty"))
            return
        fault, self._forced_fault = self._forced_fault, None
        if fault is not None:
            self._queue(CardFault(t_us, fault))
        else:
            ranks, suits = DECK_KINDS[self._shoe.deck]
            self._queue(self._read(Card(t_us, ranks.index(card[0]), suits.index(card[1]))))

    def _read(self, message: Readable) -> Readable:
        """`message` as the reader reads it: with the misreadings of its fields."""
        fields: dict[str, Any] = {  # bytes as read, whatever the field (a pack is a word)
            name: self._misread.pop(name) for name in list(self._misread) if hasattr(message, name)
        }
        return replace(message, **fields)


def main(argv: list[str] | None = None) -> None:
    run_by_hand(ShoeBoardEmulator, "card-shoe reader board", "/tmp/shoe-reader", argv)


if __name__ == "__main__":
    main()
