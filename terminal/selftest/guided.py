"""The guided wheel test: the technician drops the ball in each pocket in turn, going round the
wheel in its order, and turns the rotor both ways; the wheel's sensors report each drop (a
BallInPocket of the wheel's pocket test, drivers/wheel/base.py) and the rotor (RotorSpin).

A pure state machine: `asked` says which pocket to drop the ball in next (and which way to turn
the rotor), `heard(event)` takes the wheel's events, `skip()` gives up on a pocket that never
reports, `verdict()` says what was found. No I/O and no clock of its own: the times it reports
are the events'. The screen draws `marks()`: each pocket waiting, asked, heard, wrong or
skipped.

What a wrong reading means: the pocket index the wheel reports is compared with the index of the
pocket asked, on the table's configured order. Every report off by the same k pockets is a
datum k pockets off (the rotor's index flag, or a Cammegh's calibration); reports running the
other way round are pockets counted backwards (the rotor's two sensors swapped); anything else
is a wheel whose numbers are not in the configured order.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from drivers.selftest import SelfTestCheck
from drivers.wheel.events import DIRECTIONS, BallInPocket, RotorSpin
from drivers.wheel.order import WheelOrder

PENDING, ASKED, HEARD, WRONG, SKIPPED = "pending", "asked", "heard", "wrong", "skipped"
SHOWN = 12  # pockets named in a detail before "and N more"


@dataclass(frozen=True)
class Ask:
    """Drop the ball in `number` (pocket index `pocket` of the configured order), the rotor
    turned `rotor`."""

    number: int
    pocket: int
    rotor: str


@dataclass(frozen=True)
class PocketMark:
    """One pocket of the test, as the screen draws it: `state` is pending (not asked yet),
    asked (now), heard (reported where asked), wrong (reported elsewhere: `read`, the pocket
    indices the wheel gave, and their numbers on the configured order) or skipped (it never
    reported)."""

    pocket: int
    number: int
    state: str = PENDING
    read: tuple[int, ...] = ()
    read_numbers: tuple[int | None, ...] = ()
    t_ns: int | None = None  # when it was heard


@dataclass(frozen=True)
class OrderFinding:
    """What the reports say of the wheel's order: `kind` is untested (no report yet), right,
    offset (every report `offset` pockets on from the one asked), reversed (the pockets counted
    the other way) or wrong; `wrong` holds the pockets reported elsewhere."""

    kind: str
    offset: int | None
    wrong: tuple[PocketMark, ...]


class GuidedWheelTest:
    def __init__(self, order: WheelOrder):
        self.order = order
        self._marks = [PocketMark(pocket, number) for pocket, number in enumerate(order.numbers)]
        self._current: int | None = 0
        self._marks[0] = replace(self._marks[0], state=ASKED)
        self._rotor: dict[str, float] = {}  # direction -> the last rpm seen that way
        self._first_ns: int | None = None
        self._last_ns: int | None = None
        self._skipped: int | None = None  # the pocket skipped last, until the next report

    # What the screen asks and draws

    @property
    def asked(self) -> Ask | None:
        """The drop asked for now; None once every pocket is done. The rotor alternates from
        pocket to pocket, so that a walk round the wheel turns it both ways."""
        if self._current is None:
            return None
        mark = self._marks[self._current]
        return Ask(mark.number, mark.pocket, DIRECTIONS[mark.pocket % 2])

    @property
    def done(self) -> bool:
        return self._current is None

    def marks(self) -> tuple[PocketMark, ...]:
        """Every pocket, in the wheel's order from the datum."""
        return tuple(self._marks)

    @property
    def rotor_seen(self) -> dict[str, float]:
        """The directions the rotor was seen turning, each with its last rpm."""
        return dict(self._rotor)

    # What happens

    def heard(self, event: object) -> bool:
        """Take one of the wheel's events: a sensed BallInPocket answers the pocket asked, right
        or wrong, and the test moves on; a RotorSpin notes the rotor's direction. Anything else
        (the ball in the rim, faults, what was entered by hand, a drop once done) changes
        nothing: False."""
        if isinstance(event, RotorSpin):
            self._rotor[event.direction] = event.rpm
            self._stamp(event.t_ns)
            return True
        if not isinstance(event, BallInPocket) or event.entered_by is not None:
            return False
        if self._current is None:
            return False
        self._stamp(event.t_ns)
        late, self._skipped = self._skipped, None
        if late is not None and event.pockets == (late,) != (self._current,):
            # the pocket just skipped reports after all (the ball was slow to settle): it is
            # heard, and no wrong reading of the pocket asked now
            self._marks[late] = replace(self._marks[late], state=HEARD, t_ns=event.t_ns)
            return True
        mark = self._marks[self._current]
        right = event.pockets == (mark.pocket,)
        self._marks[self._current] = replace(
            mark,
            state=HEARD if right else WRONG,
            read=() if right else event.pockets,
            read_numbers=() if right else event.numbers,
            t_ns=event.t_ns,
        )
        self._advance()
        return True

    def skip(self) -> None:
        """The pocket asked never reports: mark it and ask for the next."""
        if self._current is not None:
            self._marks[self._current] = replace(self._marks[self._current], state=SKIPPED)
            self._skipped = self._current
            self._advance()

    def redo(self, pocket: int) -> None:
        """Ask for `pocket` again now (a drop in the wrong pocket by mistake, a skipped pocket
        repaired); the test then goes on with the pockets still pending."""
        if not 0 <= pocket < len(self._marks):
            raise ValueError(f"pocket {pocket} is not one of 0 to {len(self._marks) - 1}")
        if self._current is not None and self._current != pocket:
            self._marks[self._current] = replace(self._marks[self._current], state=PENDING)
        self._marks[pocket] = replace(
            self._marks[pocket], state=ASKED, read=(), read_numbers=(), t_ns=None
        )
        self._current = pocket

    def _stamp(self, t_ns: int) -> None:
        self._first_ns = t_ns if self._first_ns is None else min(self._first_ns, t_ns)
        self._last_ns = t_ns if self._last_ns is None else max(self._last_ns, t_ns)

    def _advance(self) -> None:
        """The next pending pocket going round from the one just done; None when none is."""
        assert self._current is not None
        count = len(self._marks)
        for step in range(1, count + 1):
            pocket = (self._current + step) % count
            if self._marks[pocket].state == PENDING:
                self._current = pocket
                self._marks[pocket] = replace(self._marks[pocket], state=ASKED)
                return
        self._current = None

    # What it found

    def finding(self) -> OrderFinding:
        count = len(self._marks)
        reports = [m for m in self._marks if m.state in (HEARD, WRONG)]
        wrong = tuple(m for m in reports if m.state == WRONG)
        # (asked, read) of each report of one pocket on the wheel
        singles = [
            (m.pocket, m.read[0] if m.read else m.pocket) for m in reports if len(m.read) < 2
        ]
        singles = [(asked, read) for asked, read in singles if 0 <= read < count]
        if not reports:
            return OrderFinding("untested", None, ())
        if not wrong:
            return OrderFinding("right", 0, ())
        if len(singles) == len(reports):
            offsets = {(read - asked) % count for asked, read in singles}
            if len(offsets) == 1:
                return OrderFinding("offset", offsets.pop(), wrong)
            if len(singles) >= 3 and len({(read + asked) % count for asked, read in singles}) == 1:
                return OrderFinding("reversed", None, wrong)
        return OrderFinding("wrong", None, wrong)

    def verdict(self, unheard: str | None = None) -> list[SelfTestCheck]:
        """The checks a technician reads: every pocket reported, none silent, the order and the
        datum right, the rotor seen turning both ways. `unheard`: why the wheel's sensors may
        never have been asked (the wheel's `pocket_test_silence`: a Cammegh that ignored its
        sensor debug), said instead of blaming the sensors when no pocket reported."""
        return [self._coverage(), self._silent(unheard), self._order(), self._rotor_check()]

    def _coverage(self) -> SelfTestCheck:
        count = len(self._marks)
        reported = [m for m in self._marks if m.state in (HEARD, WRONG)]
        untried = [m for m in self._marks if m.state in (PENDING, ASKED)]
        detail = f"{len(reported)} of {count} pockets reported"
        if self._first_ns is not None and self._last_ns is not None:
            detail += f" in {_duration((self._last_ns - self._first_ns) / 1e9)}"
        if untried:
            detail += f"; not tried yet: {_pockets(untried)}"
        return SelfTestCheck("pocket_coverage", len(reported) == count, detail)

    def _silent(self, unheard: str | None = None) -> SelfTestCheck:
        skipped = [m for m in self._marks if m.state == SKIPPED]
        if not skipped:
            return SelfTestCheck("silent_pockets", True, "no pocket was skipped")
        if unheard and not any(m.state in (HEARD, WRONG) for m in self._marks):
            return SelfTestCheck(
                "silent_pockets",
                False,
                f"{len(skipped)} never reported: {_pockets(skipped)}; {unheard}; then run the "
                "test again",
            )
        return SelfTestCheck(
            "silent_pockets",
            False,
            f"{len(skipped)} never reported: {_pockets(skipped)}; check what senses the ball "
            "there (our board: the pocket sensor and that pocket's floor; a Cammegh: its ball "
            "sensors), then drop the ball there again",
        )

    def _order(self) -> SelfTestCheck:
        finding = self.finding()
        count = len(self._marks)
        numbers = self.order.numbers
        if finding.kind == "untested":
            return SelfTestCheck("wheel_order", False, "no pocket reported yet")
        if finding.kind == "right":
            heard = sum(m.state == HEARD for m in self._marks)
            return SelfTestCheck(
                "wheel_order", True, f"each of the {heard} pockets reported read where asked"
            )
        if finding.kind == "offset":
            k = finding.offset
            assert k is not None
            zero = numbers[-k % count]
            back = f" ({count - k} back)" if k > count // 2 else ""
            return SelfTestCheck(
                "wheel_order",
                False,
                f"every pocket reads {k} pockets on{back} from the one asked: the datum is {k} "
                f"pockets off, the pocket read as 0 holds {zero}, not {numbers[0]}. Fix the "
                f"datum (our board: move the rotor_index flag to number {numbers[0]}; a "
                f"Cammegh: recalibrate its datum), or give the table the order starting at "
                f"{zero}",
            )
        wrong = ", ".join(_misread(m) for m in finding.wrong[:SHOWN]) + _more(finding.wrong)
        if finding.kind == "reversed":
            return SelfTestCheck(
                "wheel_order",
                False,
                f"the pockets read count the other way round from the configured order "
                f"({wrong}): swap the rotor's two sensors (our board: rotor_a and rotor_b), or "
                "check the wheel's direction setting",
            )
        detail = f"{len(finding.wrong)} pockets read elsewhere than asked: {wrong}"
        heard_order = self._heard_order()
        if heard_order is not None:
            detail += f"; the wheel's order as read from its datum: {', '.join(heard_order)}"
        detail += (
            ": this wheel's numbers are not in the configured order (another wheel model, or "
            "a wrong rulebook order); drop the ball again in a wrong one to rule out a slip"
        )
        return SelfTestCheck("wheel_order", False, detail)

    def _heard_order(self) -> list[str] | None:
        """The numbers by the pocket index the wheel read, when every pocket was read once."""
        by_read: dict[int, int] = {}
        for mark in self._marks:
            if mark.state == HEARD:
                by_read[mark.pocket] = mark.number
            elif mark.state == WRONG and len(mark.read) == 1:
                by_read[mark.read[0]] = mark.number
            else:
                return None
        if sorted(by_read) != list(range(len(self._marks))):
            return None
        return [str(by_read[index]) for index in range(len(self._marks))]

    def _rotor_check(self) -> SelfTestCheck:
        seen = self._rotor
        turned = " and ".join(f"{d} ({seen[d]:g} rpm)" for d in DIRECTIONS if d in seen)
        if len(seen) == len(DIRECTIONS):
            return SelfTestCheck("rotor", True, f"seen turning {turned}")
        missing = " and ".join(d for d in DIRECTIONS if d not in seen)
        already = f"seen turning {turned} only" if seen else "never seen turning"
        return SelfTestCheck(
            "rotor",
            False,
            f"{already}: turn it {missing}; if it did turn, check the rotor sensors (our board: "
            "rotor_a, rotor_b and rotor_index; a Cammegh: its encoder)",
        )


def _pockets(marks: list[PocketMark]) -> str:
    shown = ", ".join(f"{m.number} (pocket {m.pocket})" for m in marks[:SHOWN])
    return shown + _more(marks)


def _misread(mark: PocketMark) -> str:
    if len(mark.read) > 1:
        return f"{mark.number} read in {len(mark.read)} pockets at once {mark.read}"
    read = mark.read_numbers[0] if mark.read_numbers else None
    on_order = f"{read} on the configured order" if read is not None else "off the wheel"
    return f"{mark.number} (pocket {mark.pocket}) read as pocket {mark.read[0]} ({on_order})"


def _more(items) -> str:
    return f" and {len(items) - SHOWN} more" if len(items) > SHOWN else ""


def _duration(seconds: float) -> str:
    minutes, seconds = divmod(round(seconds), 60)
    return f"{minutes} min {seconds} s" if minutes else f"{seconds} s"


__all__ = [
    "ASKED",
    "HEARD",
    "PENDING",
    "SKIPPED",
    "WRONG",
    "Ask",
    "GuidedWheelTest",
    "OrderFinding",
    "PocketMark",
]
