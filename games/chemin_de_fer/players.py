"""Chemin de fer's simulated players: they take the bank when it is offered them (for more than
the least, now and then), decline it now and then, bid at its auctions, pass it by choice,
garage winnings, and stake against it in priority order: banco (suivi when they have the
right), banc amb la taula and its complement, or ordinary stakes up to the bank's rest. Enough
of every path of the bank's life is reached in a long seeded run (tests say which). Now and
then a player standing behind a place stakes, and a banco in association covers the rest."""

from __future__ import annotations

from games.chemin_de_fer.bank import BankState
from games.chemin_de_fer.entries import (
    CloseAuction,
    DeclineBank,
    GarageBank,
    JoinBank,
    PassBank,
    TakeBank,
)
from games.circle import CircleBet, Position, position, priority
from games.entries import Crowd, EntrySeen, SimulatedEntries, Take
from games.records import Bet

DECLINES, BIDS, PASSES, GARAGES, ASSOCIATES, INCREASES = 0.15, 0.5, 0.04, 0.3, 0.1, 0.03
BANCO, AVEC_TABLE, STAKES = 0.12, 0.05, 0.6  # how often a coup is a banco, avec table; a stake
# how often, after the ordinary stakes, one standing behind a place stakes; a banco in
# association covers the rest with the stakes on [CF-17]
STANDING, ASSOCIATION = 0.15, 0.06


def _seat(at: str) -> int:
    return position(at).seat


def _bank_amount(seen: EntrySeen, crowd: Crowd, seat: int, least: int) -> int:
    """What a player puts up for a bank: mostly the least, now and then up to 30 minimums more,
    within the bank's maximum and his chips; 0 if he cannot."""
    life = seen.engine.bank
    unit: int = life.chip_unit
    chips = crowd.chips_of(seat)
    top: int = min(chips, life.maximum or chips, least + 30 * life.minimum)
    if top < least:
        return 0
    return least + crowd.rng.randint(0, (top - least) // unit) * unit


def bank_life(seen: EntrySeen, crowd: Crowd, take: Take) -> None:
    """One move of the players' in the bank's life: answer the offer or the auction under way,
    or, a bank held, now and then pass it, garage, add to it or take an associate."""
    life, state = seen.engine.bank, seen.own.engine_state().bank
    rng = crowd.rng
    waiting = life.waiting(state)
    if waiting == "offer" and state.offer is not None:
        by = state.offer
        amount = _bank_amount(seen, crowd, _seat(by), life.least(state))
        willing = rng.random() >= DECLINES or state.award == "minimum"
        if amount and willing and take(TakeBank(by, amount)) is None:
            crowd.pay_in(_seat(by), amount)
            return
        take(DeclineBank(by))
    elif waiting == "auction":
        _auction(seen, crowd, take, state)
    elif waiting is None:
        _banker(seen, crowd, take, state)


def _auction(seen: EntrySeen, crowd: Crowd, take: Take, state: BankState) -> None:
    life, rng = seen.engine.bank, crowd.rng
    bids = []
    for seat in life.seats(state):
        at = str(seat)
        if at in state.excluded or rng.random() >= BIDS:
            continue
        if amount := _bank_amount(seen, crowd, seat, life.minimum):
            bids.append((at, amount))
    if take(CloseAuction(tuple(bids))) is None and bids:
        winner = seen.own.engine_state().bank.winner
        if winner is not None:
            crowd.pay_in(_seat(winner[0]), winner[1])


def _banker(seen: EntrySeen, crowd: Crowd, take: Take, state: BankState) -> None:
    life, rng, bank = seen.engine.bank, crowd.rng, state.bank
    if bank is None:
        return
    if bank.coups and rng.random() < PASSES:
        if take(PassBank(bank.banker)) is None:
            for seat, amount in life.passing(bank, "voluntary").handed:
                crowd.hand_back(seat, amount)
        return
    free = bank.winnings - bank.garage
    if bank.winnings > life.garage_least and free > 0 and rng.random() < GARAGES:
        amount = free // 2 // life.chip_unit * life.chip_unit
        if amount:
            take(GarageBank(amount))
    if not bank.coups and rng.random() < ASSOCIATES:
        partner = rng.choice([s for s in life.seats(state) if str(s) != bank.banker])
        amount = _bank_amount(seen, crowd, partner, life.minimum) // 2 // life.chip_unit
        if amount and take(JoinBank(amount * life.chip_unit, str(partner))) is None:
            crowd.pay_in(partner, amount * life.chip_unit)
    elif rng.random() < INCREASES:
        seat = _seat(bank.banker)
        amount = life.minimum * rng.randint(1, 5)
        if crowd.chips_of(seat) >= amount and take(JoinBank(amount)) is None:
            crowd.pay_in(seat, amount)


def stakes(seen: EntrySeen, crowd: Crowd, round_no: int) -> list[Bet]:
    """The coup's stakes, in priority order from the banker's right: a banco by the first who
    can cover the bank (suivi when it is his right), or banc amb la taula and its complement,
    or ordinary stakes of the minimum to a few minimums, never past the bank's rest."""
    engine, rng = seen.engine, crowd.rng
    state = seen.own.engine_state()
    bank = state.bank.bank
    if bank is None or bank.lost:
        return []
    holders = {who for who, _ in bank.holders}
    after = position(bank.banker).seat
    seated = [Position(s) for s in engine.bank.seats(state.bank) if str(s) not in holders]
    order = priority(seated, after, engine.rules.places)
    unit, least = engine.limits.chip_unit, engine.limits.min
    bets: list[Bet] = []

    def stake(at: Position, code: str, amount: int, **extra: object) -> None:
        bet = CircleBet(f"r{round_no}s{at}", at.seat, f"{code}:{at}", amount, **extra)  # type: ignore[arg-type]
        if engine.check(bet, bets, state=state) is None:
            crowd.pay_in(at.seat, amount)
            bets.append(bet)

    roll = rng.random()
    if roll < BANCO:
        suivi = state.suivi
        for at in order:
            if crowd.chips_of(at.seat) >= bank.amount:
                stake(at, "banco", bank.amount, suivi=str(at) == suivi)
                return bets
    if roll < BANCO + AVEC_TABLE and len(order) >= 2:
        half = bank.amount // 2 // unit * unit
        first, second = order[0], order[1]
        if half >= least and crowd.chips_of(first.seat) >= half:
            stake(first, "avec_table", half)
            rest = bank.amount - half
            if bets and crowd.chips_of(second.seat) >= rest:
                stake(second, "complete", rest)
            return bets
    for at in order:
        rest = bank.amount - sum(b.stake for b in bets)
        chips = crowd.chips_of(at.seat)
        if rest < least or rng.random() >= STAKES:
            continue
        top = min(rest, chips, least * 5)
        if top >= least:
            stake(at, "ponte", least + rng.randint(0, (top - least) // unit) * unit)
    rest = bank.amount - sum(b.stake for b in bets)
    if rest >= least and rng.random() < STANDING:
        behind = Position(rng.choice(engine.bank.seats(state.bank)), standing=True)
        if crowd.chips_of(behind.seat) >= least:
            stake(behind, "ponte", least, standing=True)
    rest = bank.amount - sum(b.stake for b in bets)
    if bets and rest > 0 and rng.random() < ASSOCIATION:
        staking = {str(b.position) for b in CircleBet.narrowed(bets)}
        free = [at for at in order if str(at) not in staking and crowd.chips_of(at.seat) >= rest]
        if free:
            stake(free[0], "banco", rest, partners=tuple(b.id for b in bets))
    return bets


SIMULATED = SimulatedEntries(between_coups=bank_life, stakes=stakes, held=frozenset({"bank"}))
