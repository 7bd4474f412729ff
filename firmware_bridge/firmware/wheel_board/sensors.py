# The wheel's sensors (WIRING.md): interrupt handlers that only record an edge and set a flag
# (micropython-async's rule), and a classifier, run by a task, that turns edges into readings.
#
# The classifier is plain Python over (channel, active, t_us) with t_us on the board's extended
# microsecond clock: it runs under CPython in tests/bridge with made-up edges.
#
# %-formatting, the one every MicroPython port has:
# ruff: noqa: UP031

from array import array

try:
    from time import ticks_us

    from machine import Pin
except ImportError:  # CPython: the classifier only
    Pin = ticks_us = None

RIM_A, RIM_B, POCKET, ROTOR_A, ROTOR_B, ROTOR_INDEX = 0, 1, 2, 3, 4, 5
NAMES = ("rim_a", "rim_b", "pocket", "rotor_a", "rotor_b", "rotor_index")
PINS = (2, 3, 4, 5, 6, 7)  # GPn of each channel, in NAMES order
STUCK_CODE = 1  # bridge.ERROR_CODES["sensor_stuck"]

PAIR_US = 150000  # the ball passes rim_a and rim_b within this
REPORT_CHANGE = 0.05  # report the rotor again when its period changed by this much
REPORT_EVERY_US = 10000000  # or after this long
ROTOR_STOPPED_US = 10000000  # no datum for this long: the rotor is stopped


class EdgeLog:
    """Edges recorded by interrupt handlers in preallocated ring buffers. The handler takes
    the raw 30-bit ticks_us and the pin's level, nothing else: no allocation, no float."""

    SIZE = 256  # a power of two
    MASK = SIZE - 1

    def __init__(self, flag):
        self.flag = flag  # an asyncio.ThreadSafeFlag the sensing task waits on
        self.ticks = array("i", [0] * self.SIZE)
        self.channels = bytearray(self.SIZE)
        self.levels = bytearray(self.SIZE)
        self.head = 0  # written by handlers only
        self.tail = 0  # written by the task only
        self.overruns = 0
        self.pins = []

    def attach(self):
        """Inputs with pull-ups, an interrupt on both edges of each."""
        for channel in range(len(PINS)):
            pin = Pin(PINS[channel], Pin.IN, Pin.PULL_UP)
            pin.irq(handler=self._handler(channel), trigger=Pin.IRQ_RISING | Pin.IRQ_FALLING,
                    hard=True)
            self.pins.append(pin)

    def _handler(self, channel):
        def record(pin):
            head = self.head
            after = (head + 1) & self.MASK
            if after == self.tail:
                self.overruns += 1
                return
            self.ticks[head] = ticks_us()
            self.channels[head] = channel
            self.levels[head] = pin.value()
            self.head = after
            self.flag.set()

        return record

    def drain(self):
        """[(channel, active, raw ticks)], oldest first; sensors pull low when active."""
        edges = []
        while self.tail != self.head:
            at = self.tail
            edges.append((self.channels[at], self.levels[at] == 0, self.ticks[at]))
            self.tail = (at + 1) & self.MASK
        return edges


class Classifier:
    """Edges in, readings out: (name, fields) as bridge.encode takes them."""

    def __init__(self, pocket_count=37, leaving_period_us=1500000, ball_lost_ms=3000,
                 stuck_ms=5000):
        self.configure(pocket_count, leaving_period_us, ball_lost_ms, stuck_ms)
        self.active_since = [None] * len(NAMES)
        self.stuck = [None] * len(NAMES)  # why each sensor is stuck, or None
        self.partner_edges = [0] * len(NAMES)  # edges of the other rotor sensor meanwhile
        # The rotor: teeth counted from the datum, one per pocket.
        self.position = 0
        self.direction = None
        self.datum_at = None
        self.reported = None  # (t, direction, period) of the last rotor reading
        # The ball: idle, seen (once), in_rim, leaving (waiting for a pocket), settling.
        self.ball = "idle"
        self.rim_edge = [None, None]  # last active edge of rim_a, rim_b
        self.passage_at = None
        self.seen = []  # pockets seen in this rotor revolution, and in the one before
        self.seen_before = None

    def configure(self, pocket_count, leaving_period_us, ball_lost_ms, stuck_ms):
        self.pocket_count = pocket_count
        self.leaving_period_us = leaving_period_us
        self.ball_lost_us = ball_lost_ms * 1000
        self.stuck_us = stuck_ms * 1000

    def edge(self, channel, active, t):
        out = []
        self.active_since[channel] = t if active else None
        self.partner_edges[channel] = 0
        if self.stuck[channel] is not None:
            self.stuck[channel] = None
            out.append(self._stuck_error(channel, t, False, ""))
        if channel in (ROTOR_A, ROTOR_B):
            partner = ROTOR_B if channel == ROTOR_A else ROTOR_A
            self.partner_edges[partner] += 1
            if self.partner_edges[partner] > 4 * self.pocket_count and self.stuck[partner] is None:
                self._set_stuck(partner, t, "%s did not change while %s turned"
                                % (NAMES[partner], NAMES[channel]), out)
        if not active:
            return out
        if channel == ROTOR_A:
            self.direction = "ccw" if self.active_since[ROTOR_B] is not None else "cw"
            self.position = (self.position + (1 if self.direction == "cw" else -1)) % self.pocket_count
        elif channel == ROTOR_INDEX:
            self._datum(t, out)
        elif channel in (RIM_A, RIM_B):
            self._rim(channel, t, out)
        elif channel == POCKET and self.ball in ("leaving", "settling"):
            self.ball = "settling"
            if self.position not in self.seen:
                self.seen.append(self.position)
        return out

    def tick(self, now):
        """Readings due to time passing: a lost ball, a stuck sensor, a stopped rotor."""
        out = []
        for channel in range(len(NAMES)):
            since = self.active_since[channel]
            if since is not None and now - since > self.stuck_us and self.stuck[channel] is None:
                self._set_stuck(channel, now, "%s stuck active for %.1f s"
                                % (NAMES[channel], (now - since) / 1e6), out)
        if self.ball in ("seen", "in_rim") and now - self.passage_at > self.ball_lost_us:
            out.append(("ball_lost", {"t_us": now, "unseen_us": now - self.passage_at}))
            self.ball = "idle"
        if self.datum_at is not None and now - self.datum_at > ROTOR_STOPPED_US:
            self.datum_at = self.reported = None
        return out

    def checks(self):
        """The self-test: each sensor not stuck."""
        return [(NAMES[ch], self.stuck[ch] is None, self.stuck[ch] or "ok")
                for ch in range(len(NAMES))]

    def _datum(self, t, out):
        self.position = 0
        if self.datum_at is not None and self.direction is not None:
            period = t - self.datum_at
            last = self.reported
            if (last is None or last[1] != self.direction or t - last[0] >= REPORT_EVERY_US
                    or abs(period - last[2]) > REPORT_CHANGE * last[2]):
                self.reported = (t, self.direction, period)
                out.append(("rotor", {"t_us": t, "direction": self.direction,
                                      "period_us": period}))
        self.datum_at = t
        if self.ball == "settling":
            # A pocket settles when a whole revolution sees the same pockets as the one before.
            seen = tuple(sorted(self.seen))
            if seen and seen == self.seen_before:
                out.append(("ball_in_pockets", {"t_us": t, "pockets": seen}))
                self.ball, seen = "idle", None
            self.seen_before, self.seen = seen, []

    def _rim(self, channel, t, out):
        other = self.rim_edge[1 - channel]
        self.rim_edge[channel] = t
        if other is None or t - other > PAIR_US:
            return
        # rim_a comes before rim_b on a ball running clockwise.
        direction = "cw" if channel == RIM_B else "ccw"
        self.rim_edge = [None, None]
        previous, self.passage_at = self.passage_at, t
        if self.ball in ("idle", "leaving", "settling"):  # after leaving: a new launch
            self.ball = "seen"
        elif self.ball == "seen":
            self.ball = "in_rim"
            out.append(("ball_in_rim", {"t_us": t, "direction": direction,
                                        "period_us": t - previous}))
        elif self.ball == "in_rim" and t - previous >= self.leaving_period_us:
            self.ball = "leaving"
            self.seen, self.seen_before = [], None
            out.append(("ball_leaving", {"t_us": t, "period_us": t - previous}))

    def _set_stuck(self, channel, t, why, out):
        self.stuck[channel] = why
        out.append(self._stuck_error(channel, t, True, why))

    def _stuck_error(self, channel, t, active, text):
        return ("error", {"t_us": t, "code": STUCK_CODE, "active": active,
                          "text": text or "%s moves again" % NAMES[channel]})
