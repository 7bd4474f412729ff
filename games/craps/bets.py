"""The craps layout: every bet code (docs/bets.md), what it is, and how one roll decides it.

A code names a bet; its profile key (`Code.key`) names the payouts and limits it takes. The
keys follow the families of section 09 IV.1: the simple chances (A), the multiple chances (B),
the associated or odds bets (C: `odds` follows Win and Come, `dontodds` Don't Win and Don't
Come) and the place bets (D: `place` the right bets, `lay` the wrong bets).

A Come or Don't Come bet travels to the number its first roll throws and is then written
`come:N` / `dontcome:N`; those codes appear on the layout only, they cannot be placed.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.craps.dice import CRAPS, HARD_WAYS, NATURALS, POINTS, SEVEN, TOTALS, Roll

SIMPLE = ("pass", "dontpass", "come", "dontcome", "field", "big6", "big8", "under7", "over7")
MULTIPLE = ("hard", "any7", "yo11", "anycraps", "craps", "horn")
ASSOCIATED = ("odds", "dontodds")
PLACED = ("place", "lay")
KEYS = (*SIMPLE, *MULTIPLE, *ASSOCIATED, *PLACED)

# docs/rulings.md: the Field wins on 2, 3, 4, 9, 10, 11 and 12 (the text repeats the 3 for the 4).
FIELD = (2, 3, 4, 9, 10, 11, 12)
# The totals each one-roll bet wins on.
ONE_ROLL = {
    "field": FIELD,
    "under7": tuple(t for t in TOTALS if t < SEVEN),
    "over7": tuple(t for t in TOTALS if t > SEVEN),
    "any7": (SEVEN,),
    "yo11": (11,),
    "anycraps": CRAPS,
    "craps": CRAPS,  # craps:N wins on N only
    "horn": (*CRAPS, 11),
}
# Keys whose payout depends on a number: the profile gives one payout per number listed.
BY_NUMBER = {
    "field": FIELD,
    "hard": HARD_WAYS,
    "craps": CRAPS,
    "odds": POINTS,
    "dontodds": POINTS,
    "place": POINTS,
    "lay": POINTS,
}
# Section 09 IV.1.A: the Don't bets push on this total on their first roll ("resultat nul en 12").
BAR = 12

_ON_THE_POINT = ("pass", "dontpass", "odds:pass", "odds:dontpass")  # decided by the shooter's point
RIGHT, WRONG = "right", "wrong"  # a number thrown before the 7 wins / the 7 thrown before it wins


@dataclass(frozen=True)
class Code:
    """A parsed bet code."""

    code: str
    key: str  # the profile key of its payouts and limits
    number: int | None = None  # the number it is on: come:5, place:5, hard:6, craps:3, big6
    line: str | None = None  # odds only: the code of the line bet it follows ("pass", "come:6")

    @property
    def side(self) -> str | None:
        """RIGHT or WRONG for the bets decided by a number against the 7, else None."""
        if self.key in ("pass", "come", "odds", "place", "big6", "big8"):
            return RIGHT
        if self.key in ("dontpass", "dontcome", "dontodds", "lay"):
            return WRONG
        return None

    @property
    def one_roll(self) -> bool:
        return self.key in ONE_ROLL


def _catalogue() -> dict[str, Code]:
    codes = [Code(key, key) for key in ("pass", "dontpass", "come", "dontcome", "field")]
    codes += [
        Code("big6", "big6", 6),
        Code("big8", "big8", 8),
        Code("under7", "under7"),
        Code("over7", "over7"),
    ]
    codes += [Code(f"hard:{n}", "hard", n) for n in HARD_WAYS]
    codes += [Code(key, key) for key in ("any7", "yo11", "anycraps")]
    codes += [Code(f"craps:{n}", "craps", n) for n in CRAPS]
    codes += [
        Code("horn", "horn"),
        Code("odds:pass", "odds", line="pass"),
        Code("odds:dontpass", "dontodds", line="dontpass"),
    ]
    codes += [Code(f"odds:come:{n}", "odds", n, f"come:{n}") for n in POINTS]
    codes += [Code(f"odds:dontcome:{n}", "dontodds", n, f"dontcome:{n}") for n in POINTS]
    codes += [Code(f"{key}:{n}", key, n) for key in PLACED for n in POINTS]
    return {c.code: c for c in codes}


_PLACEABLE = _catalogue()
_TRAVELLED = {
    f"{key}:{n}": Code(f"{key}:{n}", key, n) for key in ("come", "dontcome") for n in POINTS
}


def all_codes() -> tuple[str, ...]:
    """Every code a player can place, in the order of docs/bets.md."""
    return tuple(_PLACEABLE)


def parse_code(code: str) -> Code:
    """The bet `code` names (placeable or travelled), or ValueError saying why it is no bet."""
    if code in _PLACEABLE:
        return _PLACEABLE[code]
    if code in _TRAVELLED:
        return _TRAVELLED[code]
    if code.lower() in _PLACEABLE or code.lower() in _TRAVELLED:
        raise ValueError(f"{code!r}: bet codes are lowercase, write {code.lower()}")
    family = code.split(":", 1)[0]
    if family in ("place", "lay", "come", "dontcome") or code.startswith(
        ("odds:come:", "odds:dontcome:")
    ):
        raise ValueError(
            f"{code!r}: not a number of the layout; the numbers are {', '.join(map(str, POINTS))}"
        )
    if family == "hard":
        raise ValueError(f"{code!r}: the hard ways are 4, 6, 8 and 10")
    if family == "craps":
        raise ValueError(f"{code!r}: the craps bets are craps:2, craps:3 and craps:12")
    raise ValueError(f"{code!r}: unknown bet")


def placeable(code: Code) -> bool:
    return code.code in _PLACEABLE


@dataclass(frozen=True)
class Decision:
    """What one roll does to one bet: `result` is win, lose, push or open; a winning bet is
    paid the payout of its key at `number` (None for keys with one payout); an open Come or
    Don't Come bet on its first roll travels to the code `moves_to`."""

    result: str
    number: int | None = None
    moves_to: str | None = None


def decide(bet: Code, roll: Roll, point: int | None) -> Decision:
    """The fate of `bet` on `roll`, thrown while `point` is on (None: a come-out roll).

    Every bet works on every roll, the come-out included (docs/rulings.md: odds follow their line
    bet on every roll); a 7 ends every bet that stays on the layout."""
    total = roll.total
    if bet.one_roll:
        covered = (bet.number,) if bet.number else ONE_ROLL[bet.key]
        return (
            Decision("win", total if bet.key in BY_NUMBER else None)
            if total in covered
            else Decision("lose")
        )
    if bet.key == "hard":
        if total == bet.number:
            return Decision("win", bet.number) if roll.double else Decision("lose")
        return Decision("lose") if total == SEVEN else Decision("open")
    number = point if bet.code in _ON_THE_POINT else bet.number
    if number is None:
        if bet.key in ASSOCIATED:
            raise ValueError(f"{bet.code} cannot be on the layout without a point")
        return _first_roll(bet, total)
    if total == number:
        return Decision("win" if bet.side == RIGHT else "lose", number)
    if total == SEVEN:
        return Decision("win" if bet.side == WRONG else "lose", number)
    return Decision("open")


def _first_roll(bet: Code, total: int) -> Decision:
    """A Win or Don't Win bet on a come-out, a Come or Don't Come bet on its first roll."""
    travels = f"{bet.key}:{total}" if bet.key in ("come", "dontcome") else None
    if total in POINTS:
        return Decision("open", moves_to=travels)
    if bet.side == WRONG and total == BAR:
        return Decision("push")
    wins = total in NATURALS if bet.side == RIGHT else total in CRAPS
    return Decision("win" if wins else "lose")
