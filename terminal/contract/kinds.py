"""The event kinds of contract v1 (docs/events.md, "Kinds"): the shared ones, every game's.

A game adds the kinds of its own in its description (games/game.py `Game.kinds`: craps' shooter,
American roulette's colour chips); a table's journal takes the shared kinds and its game's
(`refusal(kind, own)`), nothing else. So a kind is added here, or to its game, and to
docs/events.md, before any table emits it. A consumer still ignores a kind it does not know:
these lists bind what the terminal writes, not what a reader accepts.
"""

from __future__ import annotations

from collections.abc import Collection

# The kinds this release journals, each with what it records.
JOURNALED: dict[str, str] = {
    # session and float
    "table.open": "a session opens: limits, profile, croupier, game, host facts",
    "table.close": "the session closes: limits, profile, croupier, rounds, house net",
    "float.advance": "the opening advance or a top-up of the tray's chips",
    "float.count": "the closing count of the tray, the drop and the advances",
    "cash.buyin": "a player changes cash for chips at the table",
    # a circle table's money (docs/money.md): the cagnotte, its count, the register's pauses
    "cagnotte": "a circle round's cut into the cagnotte, and the session's total",
    "cagnotte.count": "the cagnotte opened and counted at the close, against its rounds",
    "table.pause": "play is interrupted",
    # an irregularity of a game's error table, confirmed by the inspector (games/errors.py)
    "game.error": "an error of the coup and its remedy, confirmed by the inspector",
    "table.resume": "play resumes",
    # rounds
    "round.open": "bets may be placed on a new round",
    "round.closed": "no more bets",
    "round.result": "the round's outcome, settled: bets, settlement, totals",
    "round.void": "the round does not stand: stakes returned, bets kept",
    "round.correction": "the last round's outcome corrected, with the pit boss's authority",
    "round.paid": "what the croupier handed a seat for the last round (or took back)",
    # the session at a staffed table (docs/session.md)
    "limits.change": "new limits asked: the last rounds at the old ones counted down",
    "table.limits": "the limits change during a session",
    "fault.ack": "someone at the table acknowledges a fault",
    "bet.cancelled": "a bet entered by mistake taken off before no more bets",
    "croupier.change": "another croupier takes the table",
    "sign": "a person signs what the regulation makes them sign",
    "technician.in": "a technician signs in at the table's devices, between rounds",
    "technician.out": "the technician signs out (or a restart ended the visit)",
    "announcement": "something the croupier says, in every language of the table",
    # bets
    "bet.placed": "a bet accepted on the open round",
    "bet.refused": "a bet the croupier entered, refused, and why",
    # faults
    "fault": "a device or a procedure went wrong",
    "fault.cleared": "that fault is over",
    # card games
    "shoe.loaded": "a new shoe (or, at poker, a fresh deck each coup)",
    "card.burnt": "a card burnt from a new shoe",
    "card.drawn": "a card dealt, to its place",
    "coup.decision": "a player's decision (hit, stand, call, fold...)",
    "card.discarded": "a card put aside, and why",
    "shoe.cut_card": "the cut card comes out",
    # maintenance
    "selftest.report": "a self-test ran: each check's result, the totals, what was simulated",
}

# The kinds v1 names for later releases: consumers can already read them; the terminal may
# journal them once it implements what they record. None at this release.
KEPT_FOR_LATER: dict[str, str] = {}

KINDS: dict[str, str] = {**JOURNALED, **KEPT_FOR_LATER}


def refusal(kind: object, own: Collection[str] = ()) -> str | None:
    """None if `kind` is a shared kind of the contract or one of the game's `own`, else why an
    event of it cannot be built."""
    if isinstance(kind, str) and (kind in KINDS or kind in own):
        return None
    return (
        f"{kind!r} is not an event kind of the contract (terminal/contract/kinds.py) "
        "nor of the table's game (its description's kinds)"
    )


def clash(own: Collection[str]) -> list[str]:
    """The kinds of a game's `own` that the contract already shares (a game cannot redefine
    one)."""
    return sorted(set(own) & set(KINDS))
