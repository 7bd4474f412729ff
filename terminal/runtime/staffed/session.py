"""The session as the regulation runs it at a staffed table (docs/session.md): the croupier
signs in and counts the opening advance, the games director signs it before the first round
(art. 36); top-ups counted and signed; the dealer rotation; a change of limits after the three
last balls at the old limits, topped up and signed (art. 27.6); the closing count of chips per
denomination and of the cash drop, signed by a table employee, a cashier and the games director.

A staffed table has a staff file (terminal/runtime/staffed/staff.py). Every entry here comes from
the croupier's screen through the table's inbox and is taken on the table thread: PINs are checked
there (a PBKDF2 check costs a tenth of a second on a Pi: never on the UI thread). A refusal is
journaled as a `croupier/<what>_refused` incident saying why, which is how the screen learns of it.
What is still to sign is folded from the journal (`TableState.unsigned`): the event that asks for
signatures names the roles (`signatures`), each `sign` event takes one.

A table without a staff file (simulation, demos) opens, tops up and closes by itself, as before.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from games.entries import clip, text_problem
from games.money import money
from games.reasons import reason, reason_of
from terminal.contract.events import is_int
from terminal.runtime.loop.floats import counted, journaled_chips
from terminal.runtime.staffed import payments
from terminal.runtime.staffed.payments import Payment
from terminal.runtime.staffed.staff import SIGNING_ROLES, Staff

if TYPE_CHECKING:
    from terminal.runtime.loop.context import SessionTable

# who signs what (art. 36), by the reason of the float event or the kind signed
SIGNERS = {
    "opening": ("games_director",),
    "top-up": ("games_director",),
    "limits": ("games_director",),
    "count": ("croupier", "cashier", "games_director"),
}
CORRECTORS = ("table_head", "games_director")  # who may authorise a correction (the pit boss)
LIMIT_CHANGE_ROUNDS = 3  # "les tres últimes boles" at the old limits

# why the croupier's entry of the session is refused (games/reasons.py)
WHY = {
    "staff_no_file": "this table has no staff file: nobody can sign (run with --staff FILE)",
    "role_missing": "{person} does not hold the role {role}",
    "role_missing_either": "{person} does not hold the role {role} or {other}",
    "session_open_already": "the session is open already",
    "sign_nothing_left": "event {what} has nothing left to sign",
    "sign_role_not_asked": "event {what} asks for {roles}, not {role}",
    "sign_no_role": "{role} is no role",
    "croupier_change_no_session": "no session is open: the croupier signs in with the "
    "opening count",
    "croupier_has_table": "{person} has the table already",
    "session_none": "no session is open",
    "limits_change_under_way": "a change of limits is under way already",
    "limits_topup_due": (
        "the new limits need a top-up of {due}, counted and signed, before the next round"
        " (art. 27.6)"
    ),
    "limits_unsigned": (
        "the games director signs the new limits and their top-up before the next round (art. 27.6)"
    ),
    "table_closing": "the table is closing",
    "limits_min_not_positive": "the new minimum must be a positive amount, not {min}",
    "limits_same_min": "the minimum is {min} already",
    "limits_impossible": "no limits from a minimum of {min}: {reason}",
    "closing_count_early": "the closing count comes after the closing rounds",
    "cancel_after_no_more_bets": "a bet is taken off only before no more bets",
    "cancel_no_such_bet": "no bet {id} was placed in this round",
    "fault_ack_none": "no fault {fault} waits for an acknowledgement",
    "no_round_open": "no round is open for bets",
    "round_in_play": "a round is in play",
    "opening_unsigned": "the opening advance is not signed yet (article 36)",
    "session_closing_count": "the session is closing: count the chips and the drop",
    "technician_in": ("a technician is at the table's devices: no round opens until they sign out"),
    "correction_no_outcome": "a correction needs the corrected outcome",
    "correction_no_reason": "a correction needs a reason",
}
# the refusals of who signed (a wrong PIN, a locked person, a missing role), as the screens
# ask them to sign in again: the staff file's (terminal/runtime/staffed/staff.py) and the session's
PERSON_REFUSALS = frozenset(
    {
        "staff_no_file",
        "staff_nobody",
        "staff_locked",
        "pin_wrong",
        "pin_wrong_last",
        "staff_role_missing",
        "role_missing",
        "role_missing_either",
    }
)


@dataclass(frozen=True)
class Signature:
    """A person and the PIN they typed (never journaled, never printed)."""

    person: str
    pin: str = field(repr=False)


@dataclass(frozen=True)
class SignIn:
    """The croupier's PIN checked as they sign in, before the opening count: a wrong one is
    refused (`croupier/sign_in_refused`) before the advance is counted, not after."""

    croupier: Signature


@dataclass(frozen=True)
class Opening:
    """The croupier signs in and counts the opening advance: chips per denomination."""

    croupier: Signature
    chips: Mapping[int, int]


@dataclass(frozen=True)
class CountedTopUp:
    """A top-up of the float, counted per denomination (the initial advance, or what new
    limits need)."""

    chips: Mapping[int, int]
    by: str


@dataclass(frozen=True)
class Sign:
    """`signer` signs the event `what` (its seq) as `role`."""

    what: int
    role: str
    signer: Signature


@dataclass(frozen=True)
class CroupierChange:
    """The dealer rotation: another croupier signs in and takes the table."""

    croupier: Signature


@dataclass(frozen=True)
class LimitChange:
    """New limits from the table minimum `minimum`, after the last rounds at the old ones."""

    minimum: int
    by: str


@dataclass(frozen=True)
class CloseTable:
    by: str


@dataclass(frozen=True)
class ClosingCount:
    """The chips left in the tray per denomination, and the cash drop counted."""

    chips: Mapping[int, int]
    drop: int
    by: str


@dataclass(frozen=True)
class CancelBet:
    bet_id: str
    by: str


@dataclass(frozen=True)
class FaultAck:
    fault: int  # the seq of the fault
    by: str


@dataclass(frozen=True)
class NoMoreBets:
    by: str = ""


@dataclass(frozen=True)
class OpenRound:
    """The croupier calls for bets: the next round opens (a staffed table waits for it)."""

    by: str


@dataclass(frozen=True)
class Correction:
    """The last round's outcome corrected, authorised by the pit boss."""

    outcome: dict[str, Any]
    reason: str
    signer: Signature


ENTRIES = (
    Opening,
    CountedTopUp,
    Sign,
    CroupierChange,
    LimitChange,
    CloseTable,
    ClosingCount,
    CancelBet,
    FaultAck,
    NoMoreBets,
    OpenRound,
    Correction,
    Payment,
    SignIn,
)


class Session:
    """What a staffed table's croupier enters about the session, taken on the table thread."""

    def __init__(self, table: SessionTable, staff: str | Path | None):
        self.table = table
        self.staff_path = None if staff is None else Path(staff)
        self.go = False  # the croupier called for bets

    @property
    def staffed(self) -> bool:
        return self.staff_path is not None

    # -- signatures ---------------------------------------------------------------------
    def check(self, signer: Signature, role: str | tuple[str, ...]) -> str | None:
        """None when `signer`'s PIN is right and they hold `role` (one of them), else why not;
        the staff file is read afresh (people are added while the table runs), and a wrong
        PIN is counted in it."""
        if self.staff_path is None:
            return reason(WHY, "staff_no_file")
        if (problem := text_problem("the person", signer.person)) is not None:
            return problem
        staff = Staff(self.staff_path)
        if (refusal := staff.check(signer.person, signer.pin)) is not None:
            return refusal
        roles = (role,) if isinstance(role, str) else role
        held = staff.people[signer.person].roles
        if any(r in held for r in roles):
            return None
        if len(roles) == 1:
            return reason(WHY, "role_missing", person=signer.person, role=roles[0])
        if len(roles) == 2:
            return reason(
                WHY, "role_missing_either", person=signer.person, role=roles[0], other=roles[1]
            )
        return f"{signer.person} does not hold the role {' or '.join(roles)}"

    def signatures(self, what: str) -> dict[str, Any]:
        """What an event asking for signatures says of them (nothing at an unstaffed table)."""
        return {"signatures": list(SIGNERS[what])} if self.staffed else {}

    # -- entries ------------------------------------------------------------------------
    def take(self, entry: Any) -> bool:
        """Take a session entry; False: not one."""
        if not isinstance(entry, ENTRIES):
            return False
        name = type(entry).__name__
        refusal = getattr(self, "_" + _snake(name))(entry)
        if refusal is not None:
            self.table.refuse(_snake(name), refusal)
        return True

    def _opening(self, entry: Opening) -> str | None:
        table, setup = self.table, self.table.setup
        if table.state.session_open:
            return reason(WHY, "session_open_already")
        # a table with no advance (a circle table) opens with nothing counted
        nothing = not entry.chips and not setup.advance
        amount, problem = (0, None) if nothing else counted(entry.chips, setup.chips)
        if problem is None:
            problem = table.float.opening_refusal(amount)
        if problem is not None:
            return problem
        if (refusal := self.check(entry.croupier, "croupier")) is not None:
            return refusal
        person = entry.croupier.person
        advance = {"amount": amount, "chips": journaled_chips(entry.chips), "counted_by": person}
        table.open_session(croupier=person, advance=advance)
        return None

    def _sign_in(self, entry: SignIn) -> str | None:
        if self.table.state.session_open:
            return reason(WHY, "session_open_already")
        return self.check(entry.croupier, "croupier")

    def _counted_top_up(self, entry: CountedTopUp) -> str | None:
        return self.table.float.counted_top_up(entry.chips, entry.by)

    def _sign(self, entry: Sign) -> str | None:
        table = self.table
        unsigned = table.state.unsigned.get(entry.what)
        if unsigned is None:
            return reason(WHY, "sign_nothing_left", what=f"{clip(entry.what)}")
        if entry.role not in (roles := unsigned["roles"]):
            return reason(
                WHY,
                "sign_role_not_asked",
                what=entry.what,
                roles=", ".join(roles),
                role=f"{clip(entry.role)}",
            )
        if entry.role not in SIGNING_ROLES:
            return reason(WHY, "sign_no_role", role=repr(clip(entry.role)))
        if (refusal := self.check(entry.signer, entry.role)) is not None:
            return refusal
        table.emit(
            "sign",
            {"what": entry.what, "by": entry.signer.person, "role": entry.role},
            table.state.open_round,
        )
        return None

    def _croupier_change(self, entry: CroupierChange) -> str | None:
        table = self.table
        if not table.state.session_open:
            return reason(WHY, "croupier_change_no_session")
        previous = table.state.croupier
        if entry.croupier.person == previous:
            return reason(WHY, "croupier_has_table", person=f"{previous}")
        if (refusal := self.check(entry.croupier, "croupier")) is not None:
            return refusal
        table.emit(
            "croupier.change",
            {"croupier": entry.croupier.person, "previous": previous},
            table.state.open_round,
        )
        return None

    def _limit_change(self, entry: LimitChange) -> str | None:
        table = self.table
        if not table.state.session_open:
            return reason(WHY, "session_none")
        if table.state.limit_change is not None:
            return reason(WHY, "limits_change_under_way")
        if table.closing.active or table.control.close_requested.is_set():
            return reason(WHY, "table_closing")
        if not is_int(entry.minimum) or entry.minimum < 1:
            return reason(WHY, "limits_min_not_positive", min=f"{clip(entry.minimum)}")
        if entry.minimum == table.setup.limits.min:
            return reason(WHY, "limits_same_min", min=money(entry.minimum))
        try:
            table.rules.limits(
                entry.minimum, table.setup.limits.chip_unit, table.setup.limits.steps
            )
        except ValueError as exc:
            return reason(WHY, "limits_impossible", min=money(entry.minimum), reason=reason_of(exc))
        # journaled, so that a restart resumes it (TableState.limit_change counts it down)
        table.emit(
            "limits.change",
            {"min": entry.minimum, "by": entry.by, "rounds": LIMIT_CHANGE_ROUNDS},
            table.state.open_round,
        )
        table.announce(table.engine.announcement("last_rounds", n=LIMIT_CHANGE_ROUNDS))
        return None

    def after_round(self) -> None:
        """After each settled round (and at start-up, for a change a restart interrupted):
        once the rounds at the old limits are played, the new limits (`table.limits`) and the
        top-up they need asked for."""
        change = self.table.state.limit_change
        if change is None or change["left"] > 0:
            return
        table = self.table
        old = table.setup.limits
        new = table.rules.limits(change["min"], old.chip_unit, old.steps)
        table.relimit(new)
        table.emit(
            "table.limits",
            {
                "old": old.to_json(),
                "new": new.to_json(),
                "by": change["by"],
                "advance_due": table.float.advance_due(
                    new
                ),  # what the float must be topped up with
                **self.signatures("limits"),
            },
        )

    def open_data(self) -> dict[str, Any]:
        """What `round.open` says of a limit change under way."""
        change = self.table.state.limit_change
        return {"limit_change_left": change["left"]} if change else {}

    def _close_table(self, entry: CloseTable) -> str | None:
        if not self.table.state.session_open:
            return reason(WHY, "session_none")
        self.table.control.request_close()
        return None

    def _closing_count(self, entry: ClosingCount) -> str | None:
        if not self.awaiting_count:
            return reason(WHY, "closing_count_early")
        return self.table.float.counted(entry.chips, entry.drop, entry.by)

    def _cancel_bet(self, entry: CancelBet) -> str | None:
        table = self.table
        if table.state.round_status != "open":
            return reason(WHY, "cancel_after_no_more_bets")
        if not any(b.id == entry.bet_id for b in table.state.round_bets):
            return reason(WHY, "cancel_no_such_bet", id=repr(clip(entry.bet_id)))
        table.emit("bet.cancelled", {"bet": entry.bet_id, "by": entry.by}, table.state.round)
        return None

    def _fault_ack(self, entry: FaultAck) -> str | None:
        table = self.table
        fault = table.state.unacknowledged.get(entry.fault)
        if fault is None:
            return reason(WHY, "fault_ack_none", fault=f"{clip(entry.fault)}")
        table.emit("fault.ack", {"fault": entry.fault, "by": entry.by}, table.state.open_round)
        # a procedure's fault (the carrousel's cancel failed) is over once a person saw to it;
        # the devices' and switches' faults end when they report it
        if fault["device"] not in (table.game.device, "gpio"):
            table.clear_fault(fault["device"], fault["code"], f"acknowledged by {entry.by}")
        return None

    def _no_more_bets(self, entry: NoMoreBets) -> str | None:
        if self.table.state.round_status != "open":
            return reason(WHY, "no_round_open")
        self.table.close_bets(self.table.state.round)
        return None

    def _open_round(self, entry: OpenRound) -> str | None:
        state = self.table.state
        if not state.session_open:
            return reason(WHY, "session_none")
        if state.round_status is not None:
            return reason(WHY, "round_in_play")
        if self.unsigned_opening():
            return reason(WHY, "opening_unsigned")
        if state.topup_due:
            return reason(WHY, "limits_topup_due", due=money(state.topup_due))
        if state.limits_unsigned:
            return reason(WHY, "limits_unsigned")
        if self.awaiting_count:
            return reason(WHY, "session_closing_count")
        if state.technician is not None:
            return reason(WHY, "technician_in")
        self.go = True
        return None

    def _payment(self, entry: Payment) -> str | None:
        return payments.take(self.table, entry)

    def _correction(self, entry: Correction) -> str | None:
        from terminal.runtime.staffed.correction import correct

        table = self.table
        if not isinstance(entry.outcome, dict):
            return reason(WHY, "correction_no_outcome")
        if (problem := text_problem("the reason", entry.reason)) is not None or not entry.reason:
            return problem or reason(WHY, "correction_no_reason")
        if (refusal := self.check(entry.signer, CORRECTORS)) is not None:
            return refusal
        return correct(table, entry.outcome, entry.reason, entry.signer.person)

    # -- what the table waits for -------------------------------------------------------
    def unsigned_opening(self) -> bool:
        return any(u["what"] == "opening" for u in self.table.state.unsigned.values())

    @property
    def awaiting_count(self) -> bool:
        """The closing rounds are over and the chips are still to count (folded from the
        journal: a restart between the last round and the count still waits for the count)."""
        st = self.table.state
        return st.last_round_played and not st.counted

    def count_signed(self) -> bool:
        st = self.table.state
        return st.counted and not any(u["what"] == "count" for u in st.unsigned.values())


def _snake(name: str) -> str:
    return "".join("_" + c.lower() if c.isupper() else c for c in name).lstrip("_")
