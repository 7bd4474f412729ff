# The wheel sensor board: an RP2040 running MicroPython (WIRING.md), speaking the bridge
# protocol (firmware_bridge/PROTOCOL.md) over its USB serial port.
#
# Copy main.py, bridge.py and sensors.py to the board (mpremote cp *.py :). From then on the
# USB serial port carries binary frames only: nothing here may print.
#
# Three tasks: `sense` drains the edges the interrupt handlers recorded and classifies them;
# `listen` reads the host's bytes; `speak` sends heartbeats, acknowledgements and resends.
#
# %-formatting, the one every MicroPython port has:
# ruff: noqa: UP031

import asyncio
import os
import select
import sys
from time import ticks_diff, ticks_us

import bridge
import machine
import micropython
import sensors
from machine import Pin

VERSION = "wheel-board 0.1.0"
LED_CW, LED_CCW = 14, 15  # which way the croupier is asked to spin the rotor
POLL_MS = 10


class Clock:
    """ticks_us wraps every 2**30 us (18 minutes); this counts on in 64 bits. now() must run
    more often than every 8 minutes, and extend() takes ticks recorded shortly before."""

    def __init__(self):
        self.raw = ticks_us()
        self.us = 0

    def now(self):
        raw = ticks_us()
        self.us += ticks_diff(raw, self.raw)
        self.raw = raw
        return self.us

    def extend(self, raw):
        return self.us + ticks_diff(raw, self.raw)


class Board:
    def __init__(self):
        self.clock = Clock()
        self.flag = asyncio.ThreadSafeFlag()
        self.edges = sensors.EdgeLog(self.flag)
        self.classifier = sensors.Classifier()
        boot_id = int.from_bytes(os.urandom(4), "little")
        self.session = bridge.Session(VERSION, machine.unique_id(), boot_id)
        self.leds = {"cw": Pin(LED_CW, Pin.OUT, value=0), "ccw": Pin(LED_CCW, Pin.OUT, value=0)}
        self.dropped = 0  # readings the full queue refused, reported when there is room
        self.overruns = 0  # edges the full ring refused, as last reported

    def queue(self, name, fields):
        if self.session.send(name, fields) < 0:
            self.dropped += 1

    def report_losses(self, now):
        if self.dropped and len(self.session.pending) < bridge.MAX_PENDING:
            text = "%d readings dropped while the host was away" % self.dropped
            self.dropped = 0
            self.queue("error", {"t_us": now, "code": bridge.ERROR_CODES["events_dropped"],
                                 "active": True, "text": text})
        if self.edges.overruns != self.overruns:
            text = "%d edges lost: the sensing task fell behind" % (
                self.edges.overruns - self.overruns)
            self.overruns = self.edges.overruns
            self.queue("error", {"t_us": now, "code": bridge.ERROR_CODES["input_overrun"],
                                 "active": True, "text": text})

    def command(self, seq, name, fields, now):
        if name == "config":
            self.classifier.configure(fields["pocket_count"], fields["leaving_period_us"],
                                      fields["ball_lost_ms"], fields["stuck_ms"])
        elif name == "spin":
            for direction, led in self.leds.items():
                led.value(direction == fields["direction"])
        elif name == "selftest_request":
            checks = self.classifier.checks()
            checks.append(("edge_buffer", self.edges.overruns == 0,
                           "%d overruns" % self.edges.overruns))
            self.queue("selftest_answer", {"request_seq": seq, "checks": tuple(checks)})

    async def sense(self):
        while True:
            await self.flag.wait()
            self.clock.now()
            for channel, active, raw in self.edges.drain():
                for name, fields in self.classifier.edge(channel, active, self.clock.extend(raw)):
                    self.queue(name, fields)

    async def listen(self):
        poller = select.poll()
        poller.register(sys.stdin, select.POLLIN)
        stdin = sys.stdin.buffer
        while True:
            data = bytearray()
            while poller.poll(0) and len(data) < 256:
                data.extend(stdin.read(1))
            if data:
                now = self.clock.now()
                for seq, name, fields in self.session.receive(data, now):
                    self.command(seq, name, fields, now)
                self.write(self.session.poll(now))  # acknowledge at once
            await asyncio.sleep_ms(1)

    async def speak(self):
        while True:
            now = self.clock.now()
            for name, fields in self.classifier.tick(now):
                self.queue(name, fields)
            self.report_losses(now)
            self.write(self.session.poll(now))
            await asyncio.sleep_ms(POLL_MS)

    def write(self, data):
        if data:
            sys.stdout.buffer.write(data)


async def main():
    micropython.kbd_intr(-1)  # a 0x03 byte in a frame must not raise KeyboardInterrupt
    micropython.alloc_emergency_exception_buf(100)  # for a traceback from a handler
    board = Board()
    board.edges.attach()
    board.session.announce()
    asyncio.create_task(board.sense())
    asyncio.create_task(board.listen())
    await board.speak()


asyncio.run(main())
