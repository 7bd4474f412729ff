"""What the croupier hands over after a round: the pure part of the payouts sheet (drawn by
sheet_draw.py).

`payout_sheet` reads a journaled `round.result` (or `round.correction`) data: per seat, each bet
to pay (won, half back, returned from prison), in the regulation's order of payment, and the
seat's total to hand over (winnings + stakes returned); the bets lost (what the croupier
collects) and those staying on the layout (prisoners: no money moves). The croupier collects the
losing bets first, then taps a seat paid once its chips are handed over: that tap is journaled
(`round.paid`), and the sheet reads each seat's payments back, so that after a correction it
says per seat what to pay more, what to take back and what stands; `remaining` is what is
still to hand.

`payment_order` is the order of the bet families the regulation pays in:

- French roulette, section 01 IV.3.c: the losing bets are collected, then the winners are paid
  "segons l'ordre següent: dobles columnes, columnes, dobles dotzenes i dotzenes; sorts simples
  (roig, negre, parells, imparells, passa i falta); sisenes i files transversals, quadre i
  parelles, i, en últim lloc, els plens".
- American single-zero roulette, section 02 III.b: "doble columna, columna, passa, imparell,
  negre, roig, parell, falta, doble dotzena, dotzena, sisena, transversal, quadre, parella o
  cavall i en últim lloc el ple; però si un jugador té diverses combinacions guanyadores, es
  paguen totes d'una sola vegada".
- Trente et quarante, section 05 IV: "sort per sort, començant sempre per color o invers i després
  negre i roig".

Those orders are the rulebook profile's data (`payment_order`, config/rulebooks/), each citing
its article. Boule (section 04 IV.c) and the wheel of fortune (section 10 IV.3) only say that the
croupier collects the losing bets and then adds the winnings to the winning bets: their profiles
carry section 01's order over. A game whose rules give no order (craps, the card games but
trente et quarante) is paid in the order of its codes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from games.registry import game as game_of
from terminal.runtime.staffed.payments import handed, live, undoable

TO_PAY = ("win", "half", "push", "withdrawn")  # results that hand money over
STAYING = ("prison", "open")  # results that leave the bet on the layout, moving no money


def family_of(code: str) -> str:
    """The bet family: the part of a code before ':' (feed.md)."""
    return code.split(":", 1)[0]


def payment_order(game: str, rules: Any) -> tuple[str, ...]:
    """The bet families of `game` in the order the croupier pays them: the profile's own
    (`rules.payment_order`: roulette 01 IV.3.c, 02 III.b; trente et quarante 05 IV; boule and the
    wheel of fortune section 01's carried over), then any family of the game's codes missing from
    it, in the order of the codes. UnknownGame for a game the registry does not know."""
    game_of(game)
    order = tuple(getattr(rules, "payment_order", ()))
    families = dict.fromkeys(family_of(code) for code in rules.codes())
    return (*order, *(family for family in families if family not in order))


def _amount(value: Any) -> Fraction:
    """A journaled amount (an int, or a float rounded to 4 decimals) exactly as written."""
    if value is None:
        return Fraction(0)
    if isinstance(value, int):
        return Fraction(value)
    return Fraction(str(value))


@dataclass(frozen=True)
class PayLine:
    """One bet of a seat as the round left it."""

    id: str
    seat: int
    code: str
    stake: int
    result: str  # win, half, push, withdrawn, lose, prison, open
    paid: int = 0  # winnings
    returned: int = 0  # the stake (or part of it) given back
    breakage: Fraction = Fraction(0)  # owed beyond the chip unit, not paid
    value: Fraction | None = None  # a prisoner's current value (feed.md `value`)
    prison: int = 0  # the zeros a prisoner has met
    colour: Mapping[str, Any] | None = None  # American roulette: the colour chips it is paid in
    commission: Fraction = Fraction(0)  # what the house kept of its winnings (punto banco's banker)
    deducted: Fraction = Fraction(0)  # taken off its winnings (`deducted`: monte's 10%)
    cancelled: bool = False  # a push on an out the compensations cancelled (monte)

    @property
    def family(self) -> str:
        return family_of(self.code)

    @property
    def total(self) -> int:
        """What the croupier hands over for it."""
        return self.paid + self.returned

    @property
    def multiple(self) -> Fraction:
        """What a win paid per unit staked, before the rounding to chips: 35, 1/2."""
        if not self.stake:
            return Fraction(0)
        return (Fraction(self.paid + self.breakage) / self.stake).limit_denominator(1000)


@dataclass(frozen=True)
class SeatPayout:
    """A seat's part of the round: its bets to pay in the order of payment, the bets it lost
    and the bets staying on the layout (prisoners)."""

    seat: int
    bets: tuple[PayLine, ...]
    lost: tuple[PayLine, ...] = ()
    prison: tuple[PayLine, ...] = ()

    @property
    def paid(self) -> int:
        return sum(line.paid for line in self.bets)

    @property
    def returned(self) -> int:
        return sum(line.returned for line in self.bets)

    @property
    def total(self) -> int:
        """What to hand over to the seat: winnings and stakes returned."""
        return self.paid + self.returned

    @property
    def collected(self) -> int:
        """The stakes the croupier takes off the layout."""
        return sum(line.stake for line in self.lost)

    @property
    def colour(self) -> Mapping[str, Any] | None:
        """For a colour-chip player, the colour chips and value chips the total is handed in
        (`name`, `chips`, `value_chips`), or None."""
        paid = [line.colour for line in self.bets if line.colour]
        if not paid:
            return None
        return {
            "name": paid[0]["name"],
            "unit": paid[0]["unit"],
            "chips": sum(int(c["chips"]) for c in paid),
            "value_chips": sum(int(c["value_chips"]) for c in paid),
        }


class PayoutSheet:
    """What a round hands over, seat by seat, and what has been handed: `payments` are the
    journaled `round.paid` of each seat (terminal/runtime/staffed/payments.py), so that after a
    correction each seat's `outstanding` is what to pay more (positive) or to take back
    (negative); `corrected` the seq of the correction whose money stands (None: the result's).
    `page` and `collected` are the screen's (the page of seats shown; the losing bets taken off
    the layout, which the regulation has done before any winner is paid)."""

    def __init__(
        self,
        seats: Sequence[SeatPayout],
        *,
        outcome: Mapping[str, Any] | None = None,
        totals: Mapping[str, Any] | None = None,
        order: Sequence[str] = (),
        payments: Mapping[int, Sequence[Mapping[str, Any]]] | None = None,
        corrected: int | None = None,
    ):
        self.seats = tuple(seats)
        self.outcome = dict(outcome or {})
        self.totals = dict(totals or {})
        self.order = tuple(order)
        self.payments = {seat: list(paid) for seat, paid in (payments or {}).items()}
        self.corrected = corrected
        self.page = 0
        self.collected = any(self.payments.values()) or not self.lost
        self._by_seat = {seat.seat: seat for seat in self.seats}

    def seat(self, seat: int) -> SeatPayout:
        """The seat's part; KeyError for a seat that took no part in the round."""
        return self._by_seat[seat]

    def handed(self, seat: int) -> int:
        """What the seat has been handed for the round (take-backs counted)."""
        return handed(self.payments.get(seat, ()))

    def outstanding(self, seat: int) -> int:
        """What the seat is still to be handed (negative: to be taken back from it)."""
        return self.seat(seat).total - self.handed(seat)

    def undoable(self, seat: int) -> Mapping[str, Any] | None:
        """The seat's last payment that a tap of "undo" strikes out, if any."""
        return undoable(self.payments.get(seat, ()))

    def taken_back(self, seat: int) -> int:
        """What was taken back from the seat after a correction (and not undone)."""
        return -sum(min(0, int(p["amount"])) for p in live(self.payments.get(seat, ())))

    def status(self, seat: int) -> str:
        """`nothing` (owed nothing, handed nothing), `to_pay`, `pay_more` (a correction raised
        what it is owed), `take_back` (it was handed more than it is owed), `taken_back` (and
        that was taken back), `paid`, or `stands` (paid before a correction that left its
        money as it was)."""
        owed, given = self.seat(seat).total, self.handed(seat)
        if owed == given:
            if not self.payments.get(seat):
                return "nothing" if not owed else "to_pay"
            if self.taken_back(seat):
                return "taken_back"
            stands = self.corrected is not None and all(
                p["seq"] < self.corrected for p in self.payments[seat]
            )
            return "stands" if stands else "paid"
        if owed < given:
            return "take_back"
        return "pay_more" if given else "to_pay"

    @property
    def to_pay(self) -> tuple[SeatPayout, ...]:
        """The seats that have something to be handed."""
        return tuple(seat for seat in self.seats if seat.bets)

    @property
    def remaining(self) -> int:
        """What is still to hand over (what is to be taken back is `to_take_back`)."""
        return sum(max(0, self.outstanding(seat.seat)) for seat in self.seats)

    @property
    def to_take_back(self) -> int:
        return sum(max(0, -self.outstanding(seat.seat)) for seat in self.seats)

    @property
    def done(self) -> bool:
        return all(self.outstanding(seat.seat) == 0 for seat in self.seats)

    @property
    def collect(self) -> int:
        """The losing stakes the croupier takes off the layout, every seat's."""
        return sum(seat.collected for seat in self.seats)

    @property
    def winnings(self) -> int:
        return sum(seat.paid for seat in self.seats)

    @property
    def returned(self) -> int:
        return sum(seat.returned for seat in self.seats)

    @property
    def total(self) -> int:
        """Everything the round hands over: winnings and stakes returned."""
        return self.winnings + self.returned

    @property
    def journaled(self) -> int | None:
        """What the journaled totals say the round hands over (paid + returned), or None."""
        if "paid" not in self.totals or "returned" not in self.totals:
            return None
        return int(self.totals["paid"]) + int(self.totals["returned"])

    @property
    def balanced(self) -> bool:
        """Whether the sheet hands over what the journal says (always, unless the data is
        damaged): a screen warns otherwise."""
        return self.journaled is None or self.journaled == self.total

    @property
    def prisoners(self) -> tuple[PayLine, ...]:
        """The bets staying on the layout (in prison), every seat's: they move no money."""
        return tuple(line for seat in self.seats for line in seat.prison)

    @property
    def lost(self) -> tuple[PayLine, ...]:
        return tuple(line for seat in self.seats for line in seat.lost)


def round_sheet(round_: Any, game: str, rules: Any) -> PayoutSheet:
    """The sheet of a settled round as the screens recall it (`model.Round`: its result, the
    payments journaled for it, its corrections) at a table of `game` with its `rules`."""
    payments: dict[int, list] = {}
    for paid in round_.payments:
        payments.setdefault(paid["seat"], []).append(paid)
    return payout_sheet(
        round_.result,
        order=payment_order(game, rules),
        commission=rules.commission,
        payments=payments,
        corrected=round_.corrections[-1]["seq"] if round_.corrections else None,
    )


def payout_sheet(
    result_data: Mapping[str, Any],
    *,
    order: Sequence[str],
    commission: Callable[[str], Fraction] | None = None,
    payments: Mapping[int, Sequence[Mapping[str, Any]]] | None = None,
    corrected: int | None = None,
) -> PayoutSheet:
    """The sheet of a journaled `round.result` data (`bets`, `settlement`, `totals`), bets
    within a seat paid by family in `order` (`payment_order`), in the journal's order within a
    family; `commission(code)` the share of a bet's winnings the house keeps (the rules': the
    banker's 5% at punto banco), shown in money on the bet's line. Seats come in the order they
    are paid: by the turn of their first bet to pay (section 02 III.b pays a player all his bets
    at that turn), the seat's number between equal turns; then the seats with nothing to be
    handed, by number."""
    bets = {str(b["id"]): b for b in result_data.get("bets", ())}
    rank = {family: i for i, family in enumerate(order)}
    lines: list[tuple[tuple[int, int], PayLine]] = []
    for index, entry in enumerate(result_data.get("settlement", ())):
        bet = bets.get(str(entry["id"]))
        if bet is None:
            raise ValueError(f"settlement of bet {entry['id']} whose bet is not in the round")
        line = PayLine(
            id=str(entry["id"]),
            seat=int(bet["seat"]),
            code=str(bet["code"]),
            stake=int(bet["stake"]),
            result=str(entry["result"]),
            paid=int(entry.get("paid", 0)),
            returned=int(entry.get("returned", 0)),
            breakage=_amount(entry.get("breakage")),
            value=_amount(bet["value"]) if "value" in bet else None,
            prison=int(bet.get("prison", 0)),
            colour=entry.get("colour"),
            deducted=_amount(entry.get("deducted")),
            cancelled=bool(entry.get("cancelled")),
        )
        share = commission(line.code) if commission is not None else Fraction(0)
        if share and line.result == "win":  # paid the winnings less the share: what it kept
            owed = Fraction(line.paid) + line.breakage
            line = replace(line, commission=owed * share / (1 - share))
        lines.append(((rank.get(line.family, len(rank)), index), line))
    lines.sort(key=lambda item: item[0])
    seats: dict[int, dict[str, list[PayLine]]] = {}
    turns: dict[int, tuple[int, int]] = {}
    for key, line in lines:
        parts = seats.setdefault(line.seat, {"bets": [], "lost": [], "prison": []})
        if line.result in STAYING:
            parts["prison"].append(line)
        elif line.result in TO_PAY:
            parts["bets"].append(line)
            turns.setdefault(line.seat, key)
        else:
            parts["lost"].append(line)
    ordered = sorted(seats, key=lambda s: (s not in turns, turns.get(s, (0, 0)), s))
    return PayoutSheet(
        [
            SeatPayout(
                seat,
                tuple(seats[seat]["bets"]),
                tuple(seats[seat]["lost"]),
                tuple(seats[seat]["prison"]),
            )
            for seat in ordered
        ],
        outcome=result_data.get("outcome"),
        totals=result_data.get("totals"),
        order=order,
        payments=payments,
        corrected=corrected,
    )
