"""The Cammegh SS2 codec: every line of the guide parses to its record; anything else is a
MalformedLine, never a result."""

from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drivers.wheel.cammegh_protocol import (
    MAX_LINE,
    BallSensed,
    ChiSquared,
    ClockReading,
    Counts,
    FaultCode,
    LineSplitter,
    LogEntry,
    LogPage,
    LogPageCount,
    MalformedLine,
    PocketSensed,
    Position,
    Reply,
    Status,
    WinningNumber,
    command,
    format_status,
    format_winning,
    log_checksum,
    parse_line,
    selftest_code,
)


def test_lines_end_with_cr_lf_or_both_and_empty_lines_are_dropped():
    splitter = LineSplitter()

    assert splitter.feed(b"*K CAM\r\n*S 1.20\r*R OK\n\r\n\n 9") == [b"*K CAM", b"*S 1.20", b"*R OK"]
    assert splitter.feed(b"\r\n*X;1;") == [b" 9"]
    assert splitter.feed(b"000;  ;0;000;1\r\n") == [b"*X;1;000;  ;0;000;1"]


def test_a_run_without_line_end_is_cut_and_rejected():
    splitter = LineSplitter()
    (cut,) = splitter.feed(b"#" * (MAX_LINE + 1))

    with pytest.raises(MalformedLine, match="longer than"):
        parse_line(cut + b"#")
    assert splitter.feed(b"\r\n") == []


def test_the_guides_example_status_line():
    assert parse_line(b"*X;2;007; 9;0;143;0") == Status(
        state=2, spin=7, winning=9, warnings=0, rpm=14.3, direction="cw"
    )


@pytest.mark.parametrize(
    "line, status",
    [
        (b"*X;1;000;  ;0;000;1", Status(1, 0, None, 0, 0.0, "ccw")),
        (b"*X;5;256;32;0;285;1", Status(5, 256, 32, 0, 28.5, "ccw")),
        (b"*X;3;012; 0;2;201;0", Status(3, 12, 0, 2, 20.1, "cw")),
        (b"*X;4;012; 0;F;201;0", Status(4, 12, 0, 15, 20.1, "cw")),
        (b"*X;6;012;36;c;000;0", Status(6, 12, 36, 12, 0.0, "cw")),
    ],
)
def test_status_lines(line, status):
    assert parse_line(line) == status


def test_warning_flags():
    status = parse_line(b"*X;4;001; 5;9;143;0")

    assert [status.flagged(flag) for flag in (1, 2, 4, 8)] == [True, False, False, True]


@given(
    st.builds(
        Status,
        st.integers(1, 6),
        st.integers(0, 256),
        st.none() | st.integers(0, 37),
        st.integers(0, 15),
        st.integers(0, 999).map(lambda tenths: tenths / 10),
        st.sampled_from(["cw", "ccw"]),
    ).filter(lambda status: status.state != 5 or status.winning is not None)
)
def test_a_formatted_status_line_parses_back(status):
    line = format_status(status)

    assert line.endswith(b"\r\n")
    assert parse_line(line[:-2]) == status


@pytest.mark.parametrize(
    "line, reason",
    [
        (b"*X;2;007; 9;0;143", "7 fields"),
        (b"*X;2;007; 9;0;143;0;1", "7 fields"),
        (b"*X;7;007; 9;0;143;0", "state '7'"),
        (b"*X;0;007; 9;0;143;0", "state '0'"),
        (b"*X;2;0x7; 9;0;143;0", "spin count"),
        (b"*X;2;007;9 ;0;143;0", "winning number '9 '"),
        (b"*X;2;007;100;0;143;0", "winning number '100'"),
        (b"*X;2;007;-1;0;143;0", "winning number '-1'"),
        (b"*X;2;007; 9;G;143;0", "warnings 'G'"),
        (b"*X;2;007; 9;10;143;0", "warnings '10'"),
        (b"*X;2;007; 9;0;1.3;0", "speed"),
        (b"*X;2;007; 9;0;143;2", "direction '2'"),
        # well formed, but what no controller sends: a flipped bit's work
        (b"*X;5;001;99;0;100;0", "no wheel has a number 99"),
        (b"*X;2;007;38;0;143;0", "no wheel has a number 38"),
        (b"*X;2;257; 9;0;143;0", "spin count '257'"),
        (b"*X;2;07; 9;0;143;0", "spin count '07'"),
        (b"*X;5;007;  ;0;143;0", "state 5 \\(winning number\\) without a number"),
        (b"88", "no wheel has a number 88"),
    ],
)
def test_malformed_status_lines_say_what_is_wrong(line, reason):
    with pytest.raises(MalformedLine, match=reason) as error:
        parse_line(line)
    assert error.value.line == line


@pytest.mark.parametrize("line, number", [(b" 9", 9), (b" 0", 0), (b"32", 32), (b"37", 37)])
def test_winning_number_lines(line, number):
    assert parse_line(line) == WinningNumber(number)
    assert format_winning(number) == line + b"\r\n"


@pytest.mark.parametrize(
    "line, reply",
    [
        (b"*K CAM", Reply("K", "CAM")),
        (b"*K OK", Reply("K", "OK")),
        (b"*S 1.20", Reply("S", "1.20")),
        (b"*V SS2 V1.20 GLI", Reply("V", "SS2 V1.20 GLI")),
        (b"*R OK", Reply("R", "OK")),
        (b"*P OK", Reply("P", "OK")),
        (b"*u OK", Reply("u", "OK")),
        (b"*o 1159", Reply("o", "1159")),
        (b"*T H 60", Reply("T", "H 60")),
        (b"*A 17", Position(17)),
        (b"*bn 4", PocketSensed(4)),
        (b"*bs 2", BallSensed(2)),
        (b"*I OK", Reply("I", "OK")),
        (b"*F 0", FaultCode(0)),
        (b"*F 23", FaultCode(23)),
        (b"*w 35.20 42.5", ChiSquared(35.2, 42.5)),
        (b"*W 3 1 0 2", Counts("W", 3, (1, 0, 2))),
        (b"*M 0", Counts("M", 0, ())),
        (
            b"*d g 23:59:58 - 31/12/25",
            ClockReading(datetime(2025, 12, 31, 23, 59, 58, tzinfo=UTC)),
        ),
        (b"*d OK", Reply("d", "OK")),
        (b"*s t 3", LogPageCount(3)),
    ],
)
def test_replies(line, reply):
    assert parse_line(line) == reply


@pytest.mark.parametrize(
    "line, name",
    [(b"*F BUSY", "F"), (b"*w BUSY", "w"), (b"*W BUSY", "W"), (b"*s BUSY", "s"), (b"BUSY", "")],
)
def test_busy_replies(line, name):
    reply = parse_line(line)

    assert reply == Reply(name, "BUSY")
    assert reply.busy


def test_a_log_page_is_decoded_when_its_checksum_matches():
    data = bytes([0x21 + 17, 0x21 + 0, 0x47 + 5, 0x21 + 37]).ljust(256, b"~")
    line = b"*s r 2 " + data + b" " + f"{log_checksum(data):02X}".encode()

    assert log_checksum(data) == (sum(data)) % 256
    assert parse_line(line) == LogPage(
        2, (LogEntry("win", 17), LogEntry("win", 0), LogEntry("misfire", 5), LogEntry("win", 37))
    )


def test_a_log_page_with_a_bad_checksum_is_rejected():
    data = b"2" * 10 + b"~" * 246
    wrong = (log_checksum(data) + 1) % 256

    with pytest.raises(MalformedLine, match="checksum"):
        parse_line(b"*s r 0 " + data + f" {wrong:02X}".encode())


@pytest.mark.parametrize(
    "line, reason",
    [
        (b"\xff\xfe 7", "not ASCII"),
        (b"*X;2;007; 9;0;1\x0043;0", "control characters"),
        (b"#?garbage", "neither a winning number"),
        (b"9 ", "neither a winning number"),
        (b"123", "neither a winning number"),
        (b"*", "no command"),
        (b"* K", "no command"),
        (b"*F x", "code 'x'"),
        (b"*w 35.2", "chi-squared"),
        (b"*W three 1", "whole numbers"),
        (b"*d g 25:00:00 - 01/01/25", "no such time"),
        (b"*d g 12:00 - 01/01/25", "HH:MM:SS"),
        (b"*s t many", "used log pages"),
        (b"*s r 0 ~~~ 00", "256 data bytes"),
        (b"*s r 0 " + b"\x7d" * 256 + b" " + f"{0x7D * 256 % 256:02X}".encode(), "no entry"),
    ],
)
def test_malformed_lines(line, reason):
    with pytest.raises(MalformedLine, match=reason):
        parse_line(line)


def test_commands():
    assert command("X") == b"*X\r\n"
    assert command("u", 1) == b"*u 1\r\n"
    assert command("o", 1159) == b"*o 1159\r\n"
    assert command("d", "g") == b"*d g\r\n"
    assert command("s", "r", 3) == b"*s r 3\r\n"


@pytest.mark.parametrize(
    "code, name, text",
    [
        (0, "selftest", "no errors"),
        (1, "hardware", "hardware fault"),
        (2, "ball_detection", "no ball detected"),
        (5, "motor", "motor fault"),
        (6, "encoder", "encoder failed or not calibrated"),
        (8, "anticlockwise", "cannot play anti-clockwise"),
        (11, "sensor_0_stuck", "sensor 0 stuck on"),
        (13, "sensor_2_stuck", "sensor 2 stuck on"),
        (21, "sensor_0_blind", "sensor 0 cannot see the ball"),
        (23, "sensor_2_blind", "sensor 2 cannot see the ball"),
        (100, "timeout", "self-test timed out"),
        (42, "code_42", "unknown code 42: see the maker's guide"),
    ],
)
def test_selftest_codes_a_technician_can_look_up(code, name, text):
    assert selftest_code(code) == (name, text)


@pytest.mark.parametrize("line", [b"*bn", b"*bn x", b"*bs -1", b"*A 1.5"])
def test_a_sensor_or_position_report_without_its_number_is_malformed(line):
    with pytest.raises(MalformedLine, match="wants a whole number"):
        parse_line(line)
