"""What the payouts screens say: a bet's name, a payout's multiple, a bet's line on the sheet
and the lines of a seat's row (sheet_draw.py draws them; calculator_draw.py names its kinds
with the first two)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from terminal.screens import kit
from terminal.screens.payouts.sheet import PayLine, PayoutSheet, SeatPayout
from terminal.screens.texts import Texts


def bet_name(texts: Texts, code: str) -> str:
    """A bet as the croupier reads it: "Ple 17", "Cavall 17-20", "Roig", "Símbol 5"."""
    return texts.bet(code)


def multiple_text(multiple: Fraction) -> str:
    """35, 1/2, 7/5."""
    if multiple.denominator == 1:
        return str(multiple.numerator)
    return f"{multiple.numerator}/{multiple.denominator}"


def pay_line(texts: Texts, line: PayLine) -> str:
    """A bet's line on the payouts sheet: what it won and how, its commission, or what went back."""
    bet = bet_name(texts, line.code)
    if line.result == "win":
        said = texts(
            "payouts_win_line",
            bet=bet,
            stake=texts.money(line.stake),
            multiple=multiple_text(line.multiple),
            paid=texts.money(line.paid),
        )
        if line.commission:
            said += " · " + texts("payouts_commission", amount=texts.money(line.commission))
        if line.deducted:
            said += " · " + texts(
                "payouts_deducted", rate=_share(line), amount=texts.money(line.deducted)
            )
        return said
    if line.result == "half":
        return texts(
            "payouts_half_line",
            bet=bet,
            stake=texts.money(line.stake),
            returned=texts.money(line.returned),
        )
    if line.result == "push" and line.prison:
        return texts("payouts_push_line", bet=bet, returned=texts.money(line.returned))
    if line.result == "push" and line.cancelled:
        return texts("payouts_cancelled_line", bet=bet, returned=texts.money(line.returned))
    return texts("payouts_returned_line", bet=bet, returned=texts.money(line.returned))


def _share(line: PayLine) -> str:
    """What share of a winning bet's winnings was deducted: "10%"."""
    owed = Fraction(line.paid) + line.breakage + line.deducted
    return f"{float(line.deducted / owed * 100):g}%"


def listed(texts: Texts, lines: Sequence[PayLine], *, value: bool = False) -> str:
    """Bets and their stakes (a prisoner's current value with `value`), one after another."""
    parts = []
    for line in lines:
        amount = line.value if value and line.value is not None else line.stake
        parts.append(f"{bet_name(texts, line.code)} {texts.money(amount)}")
    return ", ".join(parts)


def seat_lines(
    texts: Texts, seat: SeatPayout, fits: int, *, lost: bool
) -> list[tuple[str, tuple[int, int, int]]]:
    """What a seat's row says, at most `fits` lines: its bets to pay, the colour chips they are
    handed in, then (dim) what stays in prison and, with `lost`, what it lost."""
    rows = [(pay_line(texts, line), kit.TEXT) for line in seat.bets]
    colour = seat.colour
    if colour:
        rows.insert(
            0,
            (
                texts(
                    "payouts_colour",
                    chips=colour["chips"],
                    name=colour["name"],
                    value=texts.money(colour["value_chips"]),
                ),
                kit.ACCENT,
            ),
        )
    prisoners = [line for line in seat.prison if line.result == "prison"]
    staying = [line for line in seat.prison if line.result != "prison"]
    if prisoners:
        rows.append(
            (texts("payouts_prison", bets=listed(texts, prisoners, value=True)), kit.WARNING)
        )
    if staying:
        rows.append((texts("payouts_stays", bets=listed(texts, staying)), kit.DIM))
    if lost and seat.lost:
        rows.append((texts("payouts_lost", bets=listed(texts, seat.lost)), kit.DIM))
    if len(rows) > fits:
        hidden = len(rows) - fits + 1
        rows = rows[: fits - 1] + [(texts("payouts_more", n=hidden), kit.DIM)]
    return rows


def status_line(texts: Texts, sheet: PayoutSheet, seat: SeatPayout, status: str) -> str | None:
    """What a seat's row says first once something was handed: what to do now, or that it is
    done."""
    outstanding = sheet.outstanding(seat.seat)
    if status == "pay_more":
        return texts("payouts_pay_more", amount=texts.money(outstanding))
    if status == "take_back":
        return texts("payouts_take_back", amount=texts.money(-outstanding))
    if status == "taken_back":
        return texts("payouts_seat_taken_back", amount=texts.money(sheet.taken_back(seat.seat)))
    if status == "stands":
        return texts("payouts_stands")
    if status == "paid":
        return texts("payouts_seat_paid")
    return None
