"""The craps engine: checks bets against the state of the game, settles a roll, handles
withdrawals between rolls and void rolls.

Pure: it takes the state the previous roll left (the point, the bets staying on the layout,
the shooter), the round's new bets and the dice, and returns the new state with the records of
the roll. Every roll is a round. Which bets may be placed depends on the state (Win and Don't
Win only on a come-out, Come and Don't Come and the odds only while their point is on), so
`check` takes the state; the shooter must have a Win or Don't Win bet before rolling
(section 09 IV.3), which `can_roll` tells.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from games.banking import WHY as STAKES
from games.banking import stake_refusal
from games.craps.announcements import announce
from games.craps.bets import ASSOCIATED, decide, parse_code, placeable
from games.craps.dice import CRAPS, HARD_WAYS, NATURALS, POINTS, SEVEN, Roll
from games.craps.rules import CrapsRules
from games.money import entered, money, to_chips
from games.reasons import reason
from games.records import (
    Announcement,
    Bet,
    BetRefused,
    Limits,
    Settlement,
    Totals,
    another_game,
)

LINE = ("pass", "dontpass")  # the shooter's obligatory bet is one of these
# Section 09 IV.3: what makes the stickman call "tirada nul·la".
VOID_CAUSES = {
    "broken": "a die broke",
    "stacked": "the dice landed one on the other",
    "on_chip": "a die landed on a chip",
    "off_table": "a die left the table",
    "on_rail": "a die landed on the rail",
    "in_reserve": "a die fell among the reserve dice",
    "bad_throw": "the dice slid or did not both hit the far side",
}
# Section 09 IV.1.A / docs/rulings.md: Win and Come bets play until they win or lose.
_NEVER_WITHDRAWN = ("pass", "come")

# why a craps bet is refused, or its withdrawal (games/reasons.py); the bet id's and the
# stake's refusals are every game's (games/banking.py)
WHY = {
    "craps_travelled": "{code} is a {bet} bet that travelled; place {bet} and it travels by itself",
    "craps_line_come_out_only": "Win and Don't Win are taken on a come-out only; the point "
    "is {point}",
    "craps_come_point_only": "Come and Don't Come are taken only while a point is on",
    "craps_odds_point_only": "odds on {line} are taken once a point is on",
    "craps_odds_no_line": "seat {seat} has no {line} bet on the layout to take odds on",
    "craps_odds_not_exact": "odds on {number} pay {pays} to {to}: stake a multiple of "
    "{unit} to be paid exactly, not {stake}",
    "craps_odds_over_limit": "seat {seat} would have {total} of odds on {line} "
    "({line_stake}), over the limit of {limit}",
    "craps_no_bet_on_layout": "no bet {id} on the layout",
    "craps_stays_until_decided": "{code}: Win and Come bets stay until they win or lose",
    "craps_carries_odds": "{code} carries odds: withdraw the odds first",
    "craps_shooter_keeps_line": "the shooter must keep a Win or Don't Win bet",
}


@dataclass(frozen=True)
class CrapsState:
    """What a roll leaves for the next: the point (None: the next roll is a come-out), the
    bets staying on the layout (travelled Come bets under their `come:N` code, odds beside
    their line bet), the shooter's seat (None once the dice must change hands) and the rolls
    the shooter has thrown."""

    point: int | None = None
    layout: tuple[Bet, ...] = ()
    shooter: int | None = None
    rolls: int = 0

    def shooter_bets(self, bets: Sequence[Bet] = ()) -> tuple[Bet, ...]:
        """The shooter's Win and Don't Win bets on the layout and among `bets`."""
        return tuple(b for b in (*self.layout, *bets) if b.seat == self.shooter and b.code in LINE)

    @property
    def shooter_covered(self) -> bool:
        """Whether the shooter has the obligatory Win or Don't Win bet on the layout."""
        return bool(self.shooter_bets())


@dataclass(frozen=True)
class RollResult:
    state: CrapsState
    # {"dice": [d1, d2], "point_before": P or None, "point_after": Q or None}
    outcome: dict[str, Any]
    announcement: Announcement
    bets: tuple[Bet, ...]  # the layout's bets as they stood before the roll, then the new ones
    settlement: tuple[Settlement, ...]  # one per bet, in the same order; "open" for those staying
    totals: Totals  # over the bets that ended on this roll


@dataclass(frozen=True)
class VoidResult:
    state: CrapsState  # unchanged: a void roll is no roll
    announcement: Announcement  # key "void_roll"
    reason: str | None  # a key of VOID_CAUSES, None when the table gave the roll up
    returned: tuple[Bet, ...]  # the round's new bets, stakes returned in full
    kept: tuple[Bet, ...]  # the layout's bets, staying
    collected: tuple[Bet, ...] = ()  # nothing is kept of a void roll


class CrapsEngine:
    game = "craps"

    def __init__(self, rules: CrapsRules, limits: Limits):
        self.rules = rules
        self.limits = limits

    def new_state(self, shooter: int | None = None) -> CrapsState:
        return CrapsState(shooter=shooter)

    def with_shooter(self, state: CrapsState, seat: int) -> CrapsState:
        """The dice offered to `seat` (the runtime goes round the table clockwise and skips a
        player who refuses them). Only between hands: the shooter keeps the dice while a
        point is on."""
        if state.point is not None:
            raise ValueError(
                f"seat {state.shooter} keeps the dice while the point {state.point} is on"
            )
        return replace(state, shooter=seat, rolls=0)

    # --- placing --------------------------------------------------------------------------

    def check(
        self, bet: Bet, accepted: Sequence[Bet] = (), *, state: CrapsState | None = None
    ) -> str | None:
        """None if `bet` may join the `accepted` bets of the next roll of `state` (a first
        come-out when None), else why not."""
        state = state or self.new_state()
        if any(other.id == bet.id for other in (*state.layout, *accepted)):
            return reason(STAKES, "bet_id_taken", id=bet.id)
        try:
            code = parse_code(bet.code)
        except ValueError as e:
            return str(e)  # a code the screen never builds: said as the layout says it
        if not placeable(code):
            return reason(WHY, "craps_travelled", code=bet.code, bet=code.key)
        if type(bet) is not Bet:
            return f"a craps bet has no zero and no prison ({another_game(bet, Bet)})"
        if type(bet.stake) is not int or bet.stake <= 0:
            return reason(STAKES, "stake_not_whole", stake=entered(bet.stake))
        if code.key in ("pass", "dontpass") and state.point is not None:
            return reason(WHY, "craps_line_come_out_only", point=state.point)
        if code.key in ("come", "dontcome") and state.point is None:
            return reason(WHY, "craps_come_point_only")
        if code.key in ASSOCIATED:
            assert code.line is not None  # every odds code names its line bet
            return self._check_odds(bet, code.key, code.line, accepted, state)
        return stake_refusal(bet, (*state.layout, *accepted), self.limits)

    def _check_odds(
        self, bet: Bet, key: str, line: str, accepted: Sequence[Bet], state: CrapsState
    ) -> str | None:
        """Section 09 IV.1.C and IV.2: odds go beside a line bet of the same player whose number
        is known, up to a share of that line bet; they have no minimum and, paid at true odds
        with no house edge, are taken only in stakes they are paid exactly in chips (breakage
        would give the house the edge the rulebook says they have not)."""
        if line in LINE and state.point is None:
            return reason(WHY, "craps_odds_point_only", line=line)
        line_stake = _staked(bet.seat, line, state.layout)
        if not line_stake:
            return reason(WHY, "craps_odds_no_line", seat=bet.seat, line=line)
        number = state.point if line in LINE else parse_code(line).number
        assert number is not None  # a line bet's point is on (above), a come bet's is its code's
        unit = self.rules.odds_stake_unit(key, number, self.limits.chip_unit)
        if bet.stake % unit:
            payout = self.rules.payout(key, number)
            return reason(
                WHY,
                "craps_odds_not_exact",
                number=number,
                pays=payout.numerator,
                to=payout.denominator,
                unit=money(unit),
                stake=money(bet.stake),
            )
        limit = self.rules.odds_limit(key, number, line_stake)
        total = bet.stake + _staked(bet.seat, bet.code, state.layout, accepted)
        if total > limit:
            return reason(
                WHY,
                "craps_odds_over_limit",
                seat=bet.seat,
                total=money(total),
                line=line,
                line_stake=money(line_stake),
                limit=money(limit),
            )
        return None

    def place(
        self, bet: Bet, accepted: Sequence[Bet] = (), *, state: CrapsState | None = None
    ) -> Bet:
        """`bet` itself when it is legal; BetRefused otherwise."""
        refusal = self.check(bet, accepted, state=state)
        if refusal is not None:
            raise BetRefused(bet, refusal)
        return bet

    def can_roll(self, state: CrapsState, bets: Sequence[Bet]) -> str | None:
        """None if the shooter may roll with the round's `bets`, else why not."""
        if state.shooter is None:
            return "no shooter: the dice go to the next player"
        if not state.shooter_bets(bets):
            return f"the shooter (seat {state.shooter}) must bet on Win or Don't Win before rolling"
        return None

    # --- withdrawing between rolls --------------------------------------------------------

    def can_withdraw(self, state: CrapsState, bet_id: str) -> str | None:
        """None if the bet `bet_id` on the layout may be taken back now, else why not."""
        bet = _find(state, bet_id)
        if bet is None:
            return reason(WHY, "craps_no_bet_on_layout", id=bet_id)
        key = parse_code(bet.code).key
        if key in _NEVER_WITHDRAWN:
            return reason(WHY, "craps_stays_until_decided", code=bet.code)
        if any(
            parse_code(other.code).line == bet.code and other.seat == bet.seat
            for other in state.layout
        ):
            return reason(WHY, "craps_carries_odds", code=bet.code)
        if bet.seat == state.shooter and bet.code in LINE and len(state.shooter_bets()) == 1:
            return reason(WHY, "craps_shooter_keeps_line")
        return None

    def withdraw(self, state: CrapsState, bet_id: str) -> tuple[CrapsState, Settlement]:
        """The state without the bet, and its settlement (`withdrawn`, the stake returned)."""
        refusal = self.can_withdraw(state, bet_id)
        bet = _find(state, bet_id)
        if refusal is not None:
            if bet is None:
                raise ValueError(refusal)
            raise BetRefused(bet, refusal)
        assert bet is not None  # can_withdraw refuses a bet that is not on the layout
        layout = tuple(b for b in state.layout if b.id != bet_id)
        return replace(state, layout=layout), Settlement(bet_id, "withdrawn", returned=bet.stake)

    # --- rolling --------------------------------------------------------------------------

    def ends_hand(self, state: CrapsState, dice: Sequence[int]) -> bool:
        """Whether `dice` end the shooter's hand (a seven out): the runtime closing the table
        after the last shooter makes that roll the session's last round."""
        return state.point is not None and Roll.of(dice).total == SEVEN

    def settle(
        self,
        state: CrapsState,
        bets: Sequence[Bet],
        outcome: Mapping[str, Any],
        *,
        last_round: bool = False,
    ) -> RollResult:
        """Settle the layout's bets and the round's new `bets` (already placed) on the dice of
        `outcome`. A 7 ends every bet on the layout; so the last round of a session, the last
        shooter's seven out, leaves the layout empty."""
        roll = Roll.of(outcome["dice"])
        refusal = self.can_roll(state, bets)
        if refusal is not None:
            raise ValueError(refusal)
        if last_round and not self.ends_hand(state, roll.dice):
            raise ValueError("the last round of a session is the last shooter's seven out")
        point = state.point
        taking_part = (*state.layout, *bets)
        entries, layout, totals = [], [], Totals()
        for bet in taking_part:
            entry, staying = self._settle(bet, roll, point)
            entries.append(entry)
            if staying is not None:
                layout.append(staying)
            else:
                totals += Totals(bet.stake, entry.paid, entry.returned)
        after = _next_point(point, roll.total)
        seven_out = self.ends_hand(state, roll.dice)
        return RollResult(
            state=CrapsState(
                point=after,
                layout=tuple(layout),
                shooter=None if seven_out else state.shooter,
                rolls=0 if seven_out else state.rolls + 1,
            ),
            outcome={"dice": list(roll.dice), "point_before": point, "point_after": after},
            announcement=self._call(roll, point),
            bets=taking_part,
            settlement=tuple(entries),
            totals=totals,
        )

    def _settle(self, bet: Bet, roll: Roll, point: int | None) -> tuple[Settlement, Bet | None]:
        """The bet's settlement, and the bet as it stays on the layout (None once it ended)."""
        code = parse_code(bet.code)
        decision = decide(code, roll, point)
        if decision.result == "open":
            return Settlement(bet.id, "open"), replace(bet, code=decision.moves_to or bet.code)
        if decision.result == "push":
            return Settlement(bet.id, "push", returned=bet.stake), None
        if decision.result == "lose":
            return Settlement(bet.id, "lose"), None
        owed = bet.stake * self.rules.payout(code.key, decision.number)
        paid, breakage = to_chips(owed, self.limits.chip_unit)
        return Settlement(bet.id, "win", paid=paid, returned=bet.stake, breakage=breakage), None

    def _call(self, roll: Roll, point: int | None) -> Announcement:
        total = roll.total
        if point is None:
            if total in NATURALS:
                return announce("natural", total=total)
            if total in CRAPS:
                return announce("craps", total=total)
            return announce("point", total=total)
        if total == point:
            return announce("point_made", total=total)
        if total == SEVEN:
            return announce("seven_out")
        hard = roll.double and total in HARD_WAYS
        return announce("roll", total=total, double=roll.dice[0] if hard else 0)

    def void(self, state: CrapsState, bets: Sequence[Bet], reason: str | None = None) -> VoidResult:
        """A void roll ("tirada nul·la", section 09 IV.3, `reason` one of VOID_CAUSES; None for
        a roll the table itself gave up, a restart or a silent reader): the round's new bets go
        back, the layout stays as it is and the shooter throws again."""
        if reason is not None and reason not in VOID_CAUSES:
            raise ValueError(f"no void roll cause {reason!r} (known: {', '.join(VOID_CAUSES)})")
        return VoidResult(state, self.announcement("void_roll"), reason, tuple(bets), state.layout)

    def announcement(self, key: str, **params: int) -> Announcement:
        return announce(key, **params)


def _next_point(point: int | None, total: int) -> int | None:
    if point is None:
        return total if total in POINTS else None
    return None if total in (point, SEVEN) else point


def _staked(seat: int, code: str, *groups: Sequence[Bet]) -> int:
    return sum(b.stake for group in groups for b in group if b.seat == seat and b.code == code)


def _find(state: CrapsState, bet_id: str) -> Bet | None:
    return next((b for b in state.layout if b.id == bet_id), None)
