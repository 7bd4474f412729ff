# The bridge protocol on the board (firmware_bridge/PROTOCOL.md), in the MicroPython subset:
# no dataclasses, no typing, messages as (name, fields dict). Nothing here is the wheel's: any
# board speaking the bridge (the dice reader, the card-shoe reader too) can carry this module.
# The host's codec is the other implementation; firmware_bridge/vectors/frames.jsonl pins
# both, and tests/bridge runs this module under CPython against the host's link.
#
# Allocation is fine here: this runs in asyncio tasks, never in an interrupt handler.

import struct

try:
    from micropython import const
except ImportError:  # CPython, for the cross tests

    def const(value):
        return value


PROTOCOL = (1, 3)
FIRST_SEQUENCED = const(0x10)
HEADER = const(4)
MAX_BODY = const(240)
MAX_ENCODED = const(248)
RESEND_AFTER_US = const(250000)
HEARTBEAT_US = const(1000000)
WINDOW = const(16)
MAX_PENDING = const(64)  # sequenced messages kept for a host that is away; then new ones drop

# The one-byte choices: each value is its index. Dice void causes, card faults, packs: append
# only.
WORDS = {
    "dir": ("cw", "ccw"),
    "role": ("host", "board"),
    "cause": ("broken", "stacked", "on_chip", "off_table", "on_rail", "in_reserve", "bad_throw"),
    "card_fault": ("unreadable_card", "card_face_up", "shoe_empty"),
    "pack": ("french", "spanish"),
}
# Choices a later minor appended last to a body: the first word is written as nothing, and
# read where the body ends (what an earlier peer means without saying it).
TRAILING = ("pack",)
BAD_KINDS = ("bad_cobs", "truncated", "bad_length", "bad_crc", "oversize", "unknown_type",
             "malformed")
ERROR_CODES = {"sensor_stuck": 1, "events_dropped": 2, "input_overrun": 3}

# name: (type, event kind or None, ((field, codec), ...)); the same layouts as
# firmware_bridge/messages.py.
LAYOUTS = {
    "hello": (0x01, None, (("major", "u8"), ("minor", "u8"), ("role", "role"),
                           ("reply", "flag"), ("boot_id", "u32"), ("first_seq", "u8"),
                           ("version", "text"), ("unique_id", "blob"))),
    "heartbeat": (0x02, None, (("clock_us", "u64"), ("echo", "u32"))),
    "ack": (0x03, None, ()),
    "rotor": (0x10, 1, (("t_us", "u64"), ("direction", "dir"), ("period_us", "u32"))),
    "ball_in_rim": (0x10, 2, (("t_us", "u64"), ("direction", "dir"), ("period_us", "u32"))),
    "ball_leaving": (0x10, 3, (("t_us", "u64"), ("period_us", "u32"))),
    "ball_in_pockets": (0x10, 4, (("t_us", "u64"), ("pockets", "pockets"))),
    "ball_lost": (0x10, 5, (("t_us", "u64"), ("unseen_us", "u32"))),
    "dice": (0x10, 6, (("t_us", "u64"), ("die_a", "u8"), ("die_b", "u8"))),
    "dice_void": (0x10, 7, (("t_us", "u64"), ("cause", "cause"))),
    "card": (0x10, 8, (("t_us", "u64"), ("rank", "u8"), ("suit", "u8"))),
    "cut_card": (0x10, 9, (("t_us", "u64"),)),
    "shoe_loaded": (0x10, 10, (("t_us", "u64"), ("decks", "u8"), ("pack", "pack"))),
    "card_fault": (0x10, 11, (("t_us", "u64"), ("code", "card_fault"))),
    "error": (0x11, None, (("t_us", "u64"), ("code", "u8"), ("active", "flag"),
                           ("text", "text"))),
    "selftest_request": (0x12, None, ()),
    "selftest_answer": (0x13, None, (("request_seq", "u8"), ("checks", "checks"))),
    "config": (0x14, None, (("pocket_count", "u8"), ("leaving_period_us", "u32"),
                            ("ball_lost_ms", "u32"), ("stuck_ms", "u32"))),
    "spin": (0x15, None, (("direction", "dir"),)),
    "throw": (0x16, None, ()),
    "deal": (0x17, None, ()),
    "new_shoe": (0x18, None, (("decks", "u8"), ("cut_after", "u16"), ("pack", "pack"))),
}
_BY_TYPE = {}
for _name, (_type, _kind, _fields) in LAYOUTS.items():
    _BY_TYPE[(_type, _kind)] = _name
_INTS = {"u8": "<B", "u16": "<H", "u32": "<I", "u64": "<Q"}


class ProtocolError(Exception):
    def __init__(self, kind):
        super().__init__(kind)
        self.kind = kind


def _crc_table():
    table = []
    for byte in range(256):
        crc = byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else (crc << 1)
        table.append(crc & 0xFFFF)
    return table


_CRC_TABLE = _crc_table()


def crc16(data):
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF): crc16(b"123456789") == 0x29B1."""
    crc = 0xFFFF
    for byte in data:
        crc = ((crc << 8) & 0xFFFF) ^ _CRC_TABLE[(crc >> 8) ^ byte]
    return crc


def cobs_encode(data):
    out = bytearray(b"\x00")
    code_at = 0
    count = len(data)
    for index in range(count):
        byte = data[index]
        if byte == 0:
            out[code_at] = len(out) - code_at
            code_at = len(out)
            out.append(0)
            continue
        out.append(byte)
        if len(out) - code_at == 0xFF and index + 1 < count:
            out[code_at] = 0xFF
            code_at = len(out)
            out.append(0)
    out[code_at] = len(out) - code_at
    return bytes(out)


def cobs_decode(data):
    """(decoded bytes, whether the blocks ended exactly at the end)."""
    out = bytearray()
    index = 0
    count = len(data)
    while index < count:
        code = data[index]
        end = index + code
        if code == 0 or end > count:
            out.extend(data[index + 1:])
            return bytes(out), False
        out.extend(data[index + 1:end])
        index = end
        if code < 0xFF and index < count:
            out.append(0)
    return bytes(out), True


# Bodies


def _write(codec, value, out):
    if codec in TRAILING and value == WORDS[codec][0]:
        return
    if codec in _INTS:
        out.extend(struct.pack(_INTS[codec], value))
    elif codec in WORDS:
        out.append(WORDS[codec].index(value))
    elif codec == "flag":
        out.append(1 if value else 0)
    elif codec == "blob" or codec == "text":
        raw = value.encode("utf-8") if codec == "text" else bytes(value)
        out.append(len(raw))
        out.extend(raw)
    elif codec == "pockets":
        out.append(len(value))
        out.extend(bytes(value))
    elif codec == "checks":
        out.append(len(value))
        for name, ok, detail in value:
            out.append(1 if ok else 0)
            _write("text", name, out)
            _write("text", detail, out)


def _take(body, at, count):
    if at + count > len(body):
        raise ProtocolError("malformed")
    return body[at:at + count], at + count


def _read(codec, body, at):
    """(value, next position)."""
    if codec in TRAILING and at >= len(body):
        return WORDS[codec][0], at
    if codec in _INTS:
        fmt = _INTS[codec]
        raw, at = _take(body, at, struct.calcsize(fmt))
        return struct.unpack(fmt, raw)[0], at
    raw, at = _take(body, at, 1)
    byte = raw[0]
    if codec in WORDS:
        words = WORDS[codec]
        if byte >= len(words):
            raise ProtocolError("malformed")
        return words[byte], at
    if codec == "flag":
        if byte > 1:
            raise ProtocolError("malformed")
        return byte == 1, at
    if codec == "blob" or codec == "pockets":
        raw, at = _take(body, at, byte)
        return (bytes(raw) if codec == "blob" else tuple(raw)), at
    if codec == "text":
        raw, at = _take(body, at, byte)
        try:
            return bytes(raw).decode("utf-8"), at
        except UnicodeError:
            raise ProtocolError("malformed")
    checks = []  # "checks"
    for _ in range(byte):
        ok, at = _read("flag", body, at)
        name, at = _read("text", body, at)
        detail, at = _read("text", body, at)
        checks.append((name, ok, detail))
    return tuple(checks), at


def encode(name, seq, ack, fields):
    """The wire bytes of message `name` with `fields` (a dict; a TRAILING field left out is
    its first word)."""
    type_code, kind, layout = LAYOUTS[name]
    body = bytearray()
    if kind is not None:
        body.append(kind)
    for field, codec in layout:
        if field in fields or codec not in TRAILING:
            _write(codec, fields[field], body)
    data = bytearray((type_code, seq, ack, len(body)))
    data.extend(body)
    data.extend(crc16(data).to_bytes(2, "big"))
    return b"\x00" + cobs_encode(data) + b"\x00"


def decode(chunk):
    """(type, seq, ack, name, fields) of the bytes between two delimiters; name is None (and
    fields the problem) for a good frame of an unknown type or unreadable body."""
    data, whole = cobs_decode(chunk)
    if len(data) < HEADER + 2:
        raise ProtocolError("truncated")
    expected = HEADER + data[3] + 2
    if len(data) < expected:
        raise ProtocolError("truncated")
    if not whole:
        raise ProtocolError("bad_cobs")
    if len(data) > expected:
        raise ProtocolError("bad_length")
    if crc16(data[:-2]) != int.from_bytes(data[-2:], "big"):
        raise ProtocolError("bad_crc")
    type_code, seq, ack = data[0], data[1], data[2]
    body = data[HEADER:-2]
    at = 0
    kind = None
    try:
        if type_code == 0x10:
            if not body:
                raise ProtocolError("malformed")
            kind, at = body[0], 1
        name = _BY_TYPE.get((type_code, kind))
        if name is None:
            raise ProtocolError("unknown_type")
        fields = {}
        for field, codec in LAYOUTS[name][2]:
            fields[field], at = _read(codec, body, at)
        return type_code, seq, ack, name, fields
    except ProtocolError as e:
        return type_code, seq, ack, None, e.kind


class Decoder:
    """Bytes in, items out: ("frame", type, seq, ack, name, fields) or ("rejected", kind)."""

    def __init__(self):
        self.counters = {"bytes": 0, "frames": 0}
        for kind in BAD_KINDS:
            self.counters[kind] = 0
        self._partial = bytearray()
        self._skipping = False

    def feed(self, data):
        self.counters["bytes"] += len(data)
        parts = bytes(data).split(b"\x00")
        items = []
        for part in parts[:-1]:
            chunk = bytes(self._partial) + part
            self._partial = bytearray()
            if self._skipping:
                self._skipping = False
            elif len(chunk) > MAX_ENCODED:
                items.append(self._count(("rejected", "oversize")))
            elif chunk:
                items.append(self._count(self._decode(chunk)))
        if not self._skipping:
            self._partial.extend(parts[-1])
            if len(self._partial) > MAX_ENCODED:
                items.append(self._count(("rejected", "oversize")))
                self._partial = bytearray()
                self._skipping = True
        return items

    def reset(self):
        self._partial = bytearray()
        self._skipping = False

    def _decode(self, chunk):
        try:
            return ("frame",) + decode(chunk)
        except ProtocolError as e:
            return ("rejected", e.kind)

    def _count(self, item):
        if item[0] == "rejected":
            self.counters[item[1]] += 1
        elif item[4] is None:
            self.counters[item[5]] += 1
        else:
            self.counters["frames"] += 1
        return item


def seq_diff(a, b):
    return (a - b + 128) % 256 - 128


class Session:
    """The board's side of a link (firmware_bridge.link.Link with role "board"): answers the
    host's hello and pings, sends a heartbeat a second, keeps sequenced messages until
    acknowledged and resends them, takes the host's sequenced messages once and in order.
    Times are microseconds of the board's extended clock."""

    def __init__(self, version, unique_id, boot_id, protocol=PROTOCOL):
        self.version, self.unique_id, self.boot_id = version, unique_id, boot_id
        self.protocol = protocol
        self.decoder = Decoder()
        self.connected = False
        self.host_boot = None
        self.expected = 0  # the host's next sequence number
        self.base = 0  # our oldest unacknowledged sequence number
        self.pending = []  # [[name, fields, sent_at or None, sends], ...]
        self.counters = {"duplicate": 0, "out_of_order": 0, "resent": 0, "dropped_full": 0}
        self._replies = []  # [(name, fields)]
        self._ack_due = False
        self._beat_at = None

    def announce(self):
        self._replies.append(("hello", self._hello(False)))

    def send(self, name, fields):
        """Queue a sequenced message; its sequence number, or -1 when the queue is full."""
        if len(self.pending) >= MAX_PENDING:
            self.counters["dropped_full"] += 1
            return -1
        self.pending.append([name, fields, None, 0])
        return (self.base + len(self.pending) - 1) % 256

    def receive(self, data, now):
        """The host's sequenced messages delivered by `data`: [(seq, name, fields)]."""
        delivered = []
        for item in self.decoder.feed(data):
            if item[0] == "frame":
                self._frame(item[1:], now, delivered)
        return delivered

    def poll(self, now):
        out = self._replies
        self._replies = []
        if self.connected:
            if self._beat_at is None or now - self._beat_at >= HEARTBEAT_US:
                self._beat_at = now
                out.append(("heartbeat", {"clock_us": now, "echo": 0}))
            for offset in range(min(len(self.pending), WINDOW)):
                entry = self.pending[offset]
                if entry[2] is None or now - entry[2] >= RESEND_AFTER_US:
                    if entry[3]:
                        self.counters["resent"] += 1
                    entry[2], entry[3] = now, entry[3] + 1
                    out.append(((self.base + offset) % 256, entry[0], entry[1]))
            if self._ack_due and not out:
                out.append(("ack", {}))
            self._ack_due = False
        ack = (self.expected - 1) % 256 if self.connected else 0
        wire = bytearray()
        for item in out:
            seq, name, fields = item if len(item) == 3 else (0, item[0], item[1])
            wire.extend(encode(name, seq, ack, fields))
        return bytes(wire)

    def _frame(self, frame, now, delivered):
        type_code, seq, ack, name, fields = frame
        if name == "hello":
            self._hello_from_host(fields)
            return
        if not self.connected:
            return
        self._acked(ack)
        if name == "heartbeat":
            if fields["echo"]:  # the host's ping: answer at once
                self._beat_at = now
                self._replies.append(("heartbeat", {"clock_us": now, "echo": fields["echo"]}))
            return
        if type_code < FIRST_SEQUENCED:
            return
        diff = seq_diff(seq, self.expected)
        self._ack_due = True
        if diff == 0:
            self.expected = (self.expected + 1) % 256
            if name is not None:  # an unreadable one is taken (not resent forever), not used
                delivered.append((seq, name, fields))
        elif diff < 0:
            self.counters["duplicate"] += 1
        else:
            self.counters["out_of_order"] += 1

    def _hello_from_host(self, hello):
        if hello["role"] != "host" or hello["major"] != self.protocol[0]:
            self.connected = False
            if not hello["reply"]:
                self._replies.append(("hello", self._hello(True)))  # the host says why
            return
        if hello["boot_id"] != self.host_boot or seq_diff(hello["first_seq"], self.expected) > 0:
            self.expected = hello["first_seq"]
            self.host_boot = hello["boot_id"]
        self.connected = True
        if not hello["reply"]:
            self._replies.append(("hello", self._hello(True)))

    def _acked(self, ack):
        in_flight = 0
        while in_flight < min(len(self.pending), WINDOW) and self.pending[in_flight][3]:
            in_flight += 1
        count = seq_diff(ack, self.base) + 1
        if 0 < count <= in_flight:
            self.base = (self.base + count) % 256
            self.pending = self.pending[count:]

    def _hello(self, reply):
        return {"major": self.protocol[0], "minor": self.protocol[1], "role": "board",
                "reply": reply, "boot_id": self.boot_id, "first_seq": self.base,
                "version": self.version, "unique_id": self.unique_id}
