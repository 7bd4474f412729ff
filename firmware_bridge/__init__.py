"""The protocol between the table terminal and our sensor microcontrollers (PROTOCOL.md).

Sans-I/O layers, bottom up: `crc` and `cobs` (framing primitives), `messages` (what a frame
carries), `codec` (bytes in, frames out, garbage counted), `reliable` (sequence numbers, acks,
resends), `clock` (microcontroller time to host time), `link` (one session with a peer: hello,
heartbeats, health). The serial port and threads belong to whoever drives a `link.Link`.
"""
