"""Our dice-reader board on a USB serial port: the bridge firmware with a reader that reports
the dice at rest (firmware_bridge/PROTOCOL.md, "Dice reader").

URL: board:///dev/dice-reader?baud=115200&silent=2; the link, its faults, the self-test and
health() are drivers/bridge_board.py's.

throw() arms the reader (the board lights its "dice out" lamp) and the host takes the first
reading that follows, dice or void. A reading while not armed, or sensed before the throw was
asked for, is stale: dropped and counted in health()["stale_readings"], never delivered.
"""

from __future__ import annotations

import time

from drivers.bridge_board import BridgeBoard, Reading
from drivers.dice.base import DiceReader
from drivers.dice.events import FACES, VOID_DETAILS, DiceEvent, DiceThrown
from firmware_bridge import messages as m


class BoardDice(DiceReader, BridgeBoard[DiceEvent]):
    DEVICE_PATH = "/dev/dice-reader"
    FIRMWARE = "dice-reader"
    FLASH = "a dice-reader firmware speaking bridge protocol 1.1, firmware_bridge/PROTOCOL.md"
    ROUND = "throw"
    DROPPED = "stale_readings"

    def __init__(self, url: str, *, seed: int | None = None):
        super().__init__(url)

    def _open(self) -> None:
        self._armed_at: int | None = None  # when throw() was called; None: not armed
        super()._open()

    def _throw(self) -> None:
        with self._cond:
            self._armed_at = time.monotonic_ns()
            self._send(m.Throw())

    # The board's own messages, under self._cond

    def _voided(self) -> None:
        self._armed_at = None

    def _reading(self, message: Reading, now: int) -> None:
        if not isinstance(message, (m.Dice, m.DiceVoid)):
            self._drop(message, "is not a dice reading")
            return
        sensed = self._board_link.clock.to_host(message.t_us)
        if self._armed_at is None or (sensed is not None and sensed < self._armed_at):
            self._drop(message, "while no throw was asked for")
            return
        if isinstance(message, m.DiceVoid):
            self._void_round(message.cause, f"{VOID_DETAILS[message.cause]}: void throw")
        elif message.die_a in FACES and message.die_b in FACES:
            self._armed_at = None
            self._emit(DiceThrown((message.die_a, message.die_b), self._stamp(message.t_us, now)))
        else:
            self._void_round(
                "misread",
                f"the reader read {message.die_a} and "
                f"{message.die_b}: no die shows that; read the dice",
            )
