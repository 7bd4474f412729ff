"""What a frame carries: one message per frame, each a frozen record with its body layout.

A layout is a list of (field, codec) read and written in order, little-endian (the codecs are
in fields.py). The boards' codec (firmware/wheel_board/bridge.py) declares the same layouts in
MicroPython; the shared vectors in vectors/frames.jsonl pin both. PROTOCOL.md has the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from firmware_bridge.errors import ProtocolError
from firmware_bridge.fields import (
    BLOB,
    FLAG,
    POCKETS,
    TEXT,
    U8,
    U16,
    U32,
    U64,
    Choice,
    Reader,
    Trailing,
)

PROTOCOL = (1, 3)  # (major, minor) of this protocol; a different major is refused

# Frame types. Types from FIRST_SEQUENCED up are sequenced: numbered, acknowledged, resent
# until acknowledged, delivered once and in order. The others are neither.
HELLO, HEARTBEAT, ACK = 0x01, 0x02, 0x03
EVENT, ERROR, SELFTEST_REQUEST, SELFTEST_ANSWER, CONFIG, SPIN = 0x10, 0x11, 0x12, 0x13, 0x14, 0x15
THROW = 0x16  # 1.1
DEAL, NEW_SHOE = 0x17, 0x18  # 1.2
FIRST_SEQUENCED = 0x10

# Kinds of sensor event: the first byte of an EVENT body.
ROTOR, BALL_IN_RIM, BALL_LEAVING, BALL_IN_POCKETS, BALL_LOST = 1, 2, 3, 4, 5
DICE, DICE_VOID = 6, 7  # 1.1
CARD, CUT_CARD, SHOE_LOADED, CARD_FAULT = 8, 9, 10, 11  # 1.2

# Error codes, and the names the host reports them by.
SENSOR_STUCK, EVENTS_DROPPED, INPUT_OVERRUN = 1, 2, 3
ERROR_CODES = {
    SENSOR_STUCK: "sensor_stuck",
    EVENTS_DROPPED: "events_dropped",
    INPUT_OVERRUN: "input_overrun",
}

DIRECTIONS = ("cw", "ccw")
ROLES = ("host", "board")
# Why a throw is void ("tirada nul·la", section 09 IV.3), by their index on the wire: append only.
DICE_VOID_CAUSES = (
    "broken",
    "stacked",
    "on_chip",
    "off_table",
    "on_rail",
    "in_reserve",
    "bad_throw",
)
# What went wrong with a deal, by their index on the wire: append only.
CARD_FAULT_CODES = ("unreadable_card", "card_face_up", "shoe_empty")
# 1.3: the deck kind of a shoe (the ranks and suits its cards' indices stand for), by their
# index on the wire: append only. The first is the one a 1.2 peer means.
PACKS = ("french", "spanish")


def is_sequenced(type_code: int) -> bool:
    return type_code >= FIRST_SEQUENCED


DIRECTION, ROLE, VOID_CAUSE, CARD_FAULT_CODE = (
    Choice(DIRECTIONS),
    Choice(ROLES),
    Choice(DICE_VOID_CAUSES),
    Choice(CARD_FAULT_CODES),
)
PACK = Trailing(Choice(PACKS))  # 1.3, optional: absent, "french"


@dataclass(frozen=True)
class Check:
    """One result of a self-test."""

    name: str
    ok: bool
    detail: str


class _Checks:
    def write(self, value: tuple[Check, ...], out: bytearray) -> None:
        U8.write(len(value), out)
        for check in value:
            FLAG.write(check.ok, out)
            TEXT.write(check.name, out)
            TEXT.write(check.detail, out)

    def read(self, reader: Reader) -> tuple[Check, ...]:
        checks = []
        for _ in range(U8.read(reader)):
            ok = FLAG.read(reader)
            checks.append(Check(TEXT.read(reader), ok, TEXT.read(reader)))
        return tuple(checks)


CHECKS = _Checks()


class Message:
    """A message type: TYPE (and for sensor events KIND, the body's first byte), NAME as in the
    vectors, and LAYOUT, the codec of each field in order."""

    TYPE: ClassVar[int]
    KIND: ClassVar[int | None] = None
    NAME: ClassVar[str]
    LAYOUT: ClassVar[tuple[tuple[str, Any], ...]] = ()

    def body(self) -> bytes:
        out = bytearray() if self.KIND is None else bytearray([self.KIND])
        for name, codec in self.LAYOUT:
            codec.write(getattr(self, name), out)
        return bytes(out)

    @classmethod
    def parse(cls, reader: Reader) -> Message:
        """Bytes after the layout are ignored: a later minor version may append fields."""
        return cls(**{name: codec.read(reader) for name, codec in cls.LAYOUT})


@dataclass(frozen=True)
class Hello(Message):
    """Who is speaking. Its first two bytes (major, minor) keep their place in every version,
    so that two incompatible peers can still tell each other what they speak. `first_seq` is
    the first sequence number the sender will (re)send; `reply` marks the answer to a hello."""

    TYPE, NAME = HELLO, "hello"
    LAYOUT = (
        ("major", U8),
        ("minor", U8),
        ("role", ROLE),
        ("reply", FLAG),
        ("boot_id", U32),
        ("first_seq", U8),
        ("version", TEXT),
        ("unique_id", BLOB),
    )
    major: int
    minor: int
    role: str
    reply: bool
    boot_id: int
    first_seq: int
    version: str
    unique_id: bytes


@dataclass(frozen=True)
class Heartbeat(Message):
    """The sender's clock; `echo` non-zero asks for (from the host) or answers (from the board)
    a round trip, the board echoing the host's token."""

    TYPE, NAME = HEARTBEAT, "heartbeat"
    LAYOUT = (("clock_us", U64), ("echo", U32))
    clock_us: int
    echo: int


@dataclass(frozen=True)
class Ack(Message):
    """Nothing else to send: the header's ack field is the message."""

    TYPE, NAME = ACK, "ack"


@dataclass(frozen=True)
class Rotor(Message):
    """The rotor turns `direction`, one revolution taking `period_us`."""

    TYPE, KIND, NAME = EVENT, ROTOR, "rotor"
    LAYOUT = (("t_us", U64), ("direction", DIRECTION), ("period_us", U32))
    t_us: int
    direction: str
    period_us: int


@dataclass(frozen=True)
class BallInRim(Message):
    """The ball runs in the rim, `direction`, one revolution taking `period_us`."""

    TYPE, KIND, NAME = EVENT, BALL_IN_RIM, "ball_in_rim"
    LAYOUT = (("t_us", U64), ("direction", DIRECTION), ("period_us", U32))
    t_us: int
    direction: str
    period_us: int


@dataclass(frozen=True)
class BallLeaving(Message):
    """The ball's revolution has slowed past the leaving threshold: it is about to drop."""

    TYPE, KIND, NAME = EVENT, BALL_LEAVING, "ball_leaving"
    LAYOUT = (("t_us", U64), ("period_us", U32))
    t_us: int
    period_us: int


@dataclass(frozen=True)
class BallInPockets(Message):
    """The ball rests in `pockets` (indices from the rotor's datum); more than one is an
    impossible reading, reported as sensed."""

    TYPE, KIND, NAME = EVENT, BALL_IN_POCKETS, "ball_in_pockets"
    LAYOUT = (("t_us", U64), ("pockets", POCKETS))
    t_us: int
    pockets: tuple[int, ...]


@dataclass(frozen=True)
class BallLost(Message):
    """The ball ran in the rim, then went unseen for `unseen_us` without leaving it or
    reaching a pocket: it was taken out, or it jumped out of the wheel."""

    TYPE, KIND, NAME = EVENT, BALL_LOST, "ball_lost"
    LAYOUT = (("t_us", U64), ("unseen_us", U32))
    t_us: int
    unseen_us: int


@dataclass(frozen=True)
class Dice(Message):
    """The dice at rest, as the reader read them: 1 to 6 each; anything else is a misreading,
    sent as read."""

    TYPE, KIND, NAME = EVENT, DICE, "dice"
    LAYOUT = (("t_us", U64), ("die_a", U8), ("die_b", U8))
    t_us: int
    die_a: int
    die_b: int


@dataclass(frozen=True)
class DiceVoid(Message):
    """The throw is void ("tirada nul·la") for `cause`, one of DICE_VOID_CAUSES."""

    TYPE, KIND, NAME = EVENT, DICE_VOID, "dice_void"
    LAYOUT = (("t_us", U64), ("cause", VOID_CAUSE))
    t_us: int
    cause: str


@dataclass(frozen=True)
class Card(Message):
    """A card slid out of the shoe, as the reader read it: `rank` and `suit` indices into the
    loaded pack's ranks and suits (French: "A23456789TJQK", "SHDC"; Spanish: "1234567SCR",
    "OCEB"); anything else is a misreading, sent as read."""

    TYPE, KIND, NAME = EVENT, CARD, "card"
    LAYOUT = (("t_us", U64), ("rank", U8), ("suit", U8))
    t_us: int
    rank: int
    suit: int


@dataclass(frozen=True)
class CutCard(Message):
    """The cut card came out of the shoe."""

    TYPE, KIND, NAME = EVENT, CUT_CARD, "cut_card"
    LAYOUT = (("t_us", U64),)
    t_us: int


@dataclass(frozen=True)
class ShoeLoaded(Message):
    """A new shoe of `decks` decks of the kind `pack` was loaded."""

    TYPE, KIND, NAME = EVENT, SHOE_LOADED, "shoe_loaded"
    LAYOUT = (("t_us", U64), ("decks", U8), ("pack", PACK))
    t_us: int
    decks: int
    pack: str = PACKS[0]


@dataclass(frozen=True)
class CardFault(Message):
    """A deal went wrong for `code`, one of CARD_FAULT_CODES."""

    TYPE, KIND, NAME = EVENT, CARD_FAULT, "card_fault"
    LAYOUT = (("t_us", U64), ("code", CARD_FAULT_CODE))
    t_us: int
    code: str


@dataclass(frozen=True)
class Error(Message):
    """A fault of the board (`code`, a key of ERROR_CODES) raised (`active`) or cleared."""

    TYPE, NAME = ERROR, "error"
    LAYOUT = (("t_us", U64), ("code", U8), ("active", FLAG), ("text", TEXT))
    t_us: int
    code: int
    active: bool
    text: str


@dataclass(frozen=True)
class SelfTestRequest(Message):
    TYPE, NAME = SELFTEST_REQUEST, "selftest_request"


@dataclass(frozen=True)
class SelfTestAnswer(Message):
    """The answer to the SelfTestRequest sent with sequence number `request_seq`."""

    TYPE, NAME = SELFTEST_ANSWER, "selftest_answer"
    LAYOUT = (("request_seq", U8), ("checks", CHECKS))
    request_seq: int
    checks: tuple[Check, ...]


@dataclass(frozen=True)
class Config(Message):
    """How the board classifies: pockets on the wheel, the ball's revolution period from which
    it is leaving the rim, how long an unseen ball is lost, how long a sensor may stay active."""

    TYPE, NAME = CONFIG, "config"
    LAYOUT = (
        ("pocket_count", U8),
        ("leaving_period_us", U32),
        ("ball_lost_ms", U32),
        ("stuck_ms", U32),
    )
    pocket_count: int
    leaving_period_us: int
    ball_lost_ms: int
    stuck_ms: int


@dataclass(frozen=True)
class Spin(Message):
    """The croupier is asked to spin the rotor `direction` (the board shows it on its LEDs)."""

    TYPE, NAME = SPIN, "spin"
    LAYOUT = (("direction", DIRECTION),)
    direction: str


@dataclass(frozen=True)
class Throw(Message):
    """The bets are closed and the shooter has the dice: read the next throw (the board lights
    its "dice out" lamp until it has)."""

    TYPE, NAME = THROW, "throw"


@dataclass(frozen=True)
class Deal(Message):
    """The game needs the next card (the board lights its "deal" lamp until one comes out)."""

    TYPE, NAME = DEAL, "deal"


@dataclass(frozen=True)
class NewShoe(Message):
    """Shuffle `decks` decks of the kind `pack` and load them, the cut card after `cut_after`
    cards (0: none)."""

    TYPE, NAME = NEW_SHOE, "new_shoe"
    LAYOUT = (("decks", U8), ("cut_after", U16), ("pack", PACK))
    decks: int
    cut_after: int
    pack: str = PACKS[0]


@dataclass(frozen=True)
class Unreadable:
    """A frame whose CRC is good but whose type is unknown or body unreadable (`problem`)."""

    type_code: int
    body: bytes
    problem: str


SENSOR_EVENTS = (
    Rotor,
    BallInRim,
    BallLeaving,
    BallInPockets,
    BallLost,
    Dice,
    DiceVoid,
    Card,
    CutCard,
    ShoeLoaded,
    CardFault,
)
MESSAGES: tuple[type[Message], ...] = (
    Hello,
    Heartbeat,
    Ack,
    *SENSOR_EVENTS,
    Error,
    SelfTestRequest,
    SelfTestAnswer,
    Config,
    Spin,
    Throw,
    Deal,
    NewShoe,
)
_BY_TYPE = {cls.TYPE: cls for cls in MESSAGES if cls.KIND is None}
_BY_KIND = {cls.KIND: cls for cls in SENSOR_EVENTS}


def parse(type_code: int, body: bytes) -> Message | Unreadable:
    """The message of a frame whose CRC is good; never raises."""
    reader = Reader(body)
    try:
        if type_code == EVENT:
            kind = U8.read(reader)
            if kind not in _BY_KIND:
                raise ProtocolError("unknown_type", f"sensor event kind {kind}")
            return _BY_KIND[kind].parse(reader)
        if type_code not in _BY_TYPE:
            raise ProtocolError("unknown_type", f"frame type 0x{type_code:02x}")
        return _BY_TYPE[type_code].parse(reader)
    except ProtocolError as e:
        return Unreadable(type_code, body, e.kind)
