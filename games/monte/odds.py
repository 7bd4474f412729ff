"""Monte's exact odds, by enumeration over the unseen cards of a layout (`dealer-terminal rules
--game monte`, `simulate`): each bet settled by the engine itself for every card that can decide
its phase, so the table and its odds cannot disagree.

In a random order of the U unseen cards, the card that decides a phase is any of its O live
outs alike, and it is the first card drawn (the 10% [MO-6]) with probability O/U whichever it is.
A Primeres `card` bet left open is followed into Segones: there the first card drawn decides with
probability O'/U', U' the cards unseen after Primeres drew m cards, m the position of Primeres'
first out (P(m) = C(U-m, O-1) / C(U, O)).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

from games.cards.cards import DECKS, rank
from games.monte.engine import DECK, MonteCoup, MonteEngine, MonteState
from games.records import Bet

STAKE = 1000  # a stake every price divides with its 10%: the odds are per unit staked


@dataclass(frozen=True)
class Exact:
    """A bet's chances: winning, pushing (a cancelled out, an undecided card bet), and what it
    returns per unit staked on average beyond its stake (negative: the house's edge)."""

    win: Fraction
    push: Fraction
    value: Fraction


def unseen(state: MonteState) -> tuple[str, ...]:
    seen = set(state.seen)
    return tuple(c for c in DECKS[DECK] if c not in seen)


def outs(state: MonteState) -> tuple[str, ...]:
    layout = state.layout
    assert layout is not None
    return tuple(c for p in state.row for c in layout.outs(p))


def exact(engine: MonteEngine, state: MonteState, code: str) -> Exact:
    """The exact chances of a bet on `code` in the phase of `state`."""
    return _phase(engine, state, Bet("odds", 1, code, STAKE), None)


def _phase(engine: MonteEngine, state: MonteState, bet: Bet, first: Fraction | None) -> Exact:
    """`bet` through the phase of `state`; `first`: the chance that the first card drawn
    decides (None: O/U of this state's own cards)."""
    deciders, rest = outs(state), unseen(state)
    ranks = {rank(c) for c in deciders}
    filler = next(c for c in rest if rank(c) not in ranks)  # a card that decides nothing
    n, u = len(deciders), len(rest)
    p_first = Fraction(n, u) if first is None else first
    win = push = value = Fraction(0)
    for card in deciders:
        for is_first, weight in ((True, p_first), (False, 1 - p_first)):
            w = weight / n
            if not w:
                continue
            drawn = (card,) if is_first else (filler, card)
            coup = MonteCoup(state, _with(state.open, bet), drawn)
            result = engine.settle(coup)
            entry = next(e for e in result.settlement if e.id == bet.id)
            if entry.result == "open":
                later = _phase(
                    engine, result.state, bet, _first_later(n, u, is_first, result.state)
                )
                win, push, value = (
                    win + w * later.win,
                    push + w * later.push,
                    value + w * later.value,
                )
                continue
            gain = Fraction(entry.paid + entry.returned - bet.stake, bet.stake)
            win += w if entry.result == "win" else 0
            push += w if entry.result == "push" else 0
            value += w * gain
    return Exact(win, push, value)


def _with(open_bets: tuple[Bet, ...], bet: Bet) -> tuple[Bet, ...]:
    """The phase's bets: the open ones, and `bet` unless it is one of them (followed on)."""
    return open_bets if any(b.id == bet.id for b in open_bets) else (*open_bets, bet)


def _first_later(n: int, u: int, first: bool, segones: MonteState) -> Fraction:
    """The chance that Segones' first card decides, after a Primeres of `n` outs in `u` cards
    decided by its first card (`first`) or by a later one."""
    later = len(outs(segones))
    if first:
        return Fraction(later, u - 1)
    positions = range(2, u - n + 2)
    total = sum(comb(u - m, n - 1) for m in positions)
    return sum(
        (Fraction(comb(u - m, n - 1), total) * Fraction(later, u - m) for m in positions),
        Fraction(0),
    )
