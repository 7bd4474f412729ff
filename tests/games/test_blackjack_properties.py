"""Random deals and random legal decisions: the coup always ends, every bet ends once, is paid
what its hand earns, and the money adds up."""

import itertools
import tomllib

from hypothesis import given, settings
from hypothesis import strategies as st

from games.blackjack.bet import BlackjackBet
from games.blackjack.engine import BlackjackEngine
from games.blackjack.hands import is_blackjack, total
from games.blackjack.rules import BlackjackRules
from games.cards.cards import CARDS, pips, rank
from games.records import Totals
from terminal.runtime.simulation.coups import play_coup
from tests.support.rulebook_files import profile_path

PROFILE = profile_path("blackjack")
with PROFILE.open("rb") as f:
    RULES = BlackjackRules.from_dict(tomllib.load(f), str(PROFILE))
MINIMUM, CHIP = 500, 100

# A few ranks make pairs, resplits, many-card hands and blackjacks common.
ranks = st.sets(st.sampled_from("A23456789TJQK"), min_size=1, max_size=13)
deals = ranks.flatmap(
    lambda rs: st.lists(
        st.sampled_from([c for c in CARDS if rank(c) in rs]), min_size=30, max_size=60
    )
)
# (box, stake in minimums)
boxes = st.lists(st.tuples(st.integers(1, 7), st.integers(1, 4)), min_size=1, max_size=10)


@settings(max_examples=300, deadline=None)
@given(deal=deals, placed=boxes, picks=st.lists(st.integers(0, 3), min_size=1, max_size=40))
def test_every_bet_ends_once_and_is_paid_what_its_hand_earns(deal, placed, picks):
    engine = BlackjackEngine(RULES, RULES.limits(MINIMUM, CHIP))
    bets = []
    for n, (box, minimums) in enumerate(placed):
        bet = BlackjackBet(f"b{n}", n + 1, f"box:{box}", minimums * MINIMUM)
        if engine.check(bet, bets) is None:
            bets.append(bet)
    cards, choices = itertools.cycle(deal), itertools.cycle(picks)
    result = play_coup(
        engine,
        engine.new_state(),
        bets,
        lambda place: next(cards),
        lambda coup, place, options: options[next(choices) % len(options)],
    )

    entries = {entry.id: entry for entry in result.settlement}
    assert len(entries) == len(result.settlement) == len(result.bets)
    assert set(entries) == {bet.id for bet in result.bets}
    placed_ids = {bet.id for bet in bets}
    assert placed_ids <= set(entries)
    assert result.totals == sum(
        (Totals(b.stake, entries[b.id].paid, entries[b.id].returned) for b in result.bets), Totals()
    )

    dealer = [pips(card) for card in result.outcome["dealer"]]
    hands = result.outcome["hands"]
    assert set(hands) == {bet.code for bet in result.bets if bet.family == "box"}
    for bet in result.bets:
        entry = entries[bet.id]
        original = bet.id.split(".")[0]
        assert original in placed_ids
        if bet.family == "insurance":
            assert bet.stake == next(b.stake for b in bets if b.id == original) // 2 // CHIP * CHIP
            assert entry.result == ("win" if is_blackjack(dealer) else "lose")
            continue
        cards = [pips(card) for card in hands[bet.code]]
        if bet.doubled:
            assert len(cards) == 3 and bet.stake == 2 * next(
                b.stake for b in bets if b.id == original
            )
        player, _ = total(cards, doubled=bet.doubled)
        natural = (
            "." not in bet.code
            and is_blackjack(cards)
            and not any(h != bet.code and h.startswith(bet.code + ".") for h in hands)
        )
        expected = _expected(player, natural, dealer)
        assert entry.result == expected, (bet, cards, dealer, entry)
        if expected == "win":
            owed = bet.stake * (RULES.play.blackjack if natural else RULES.play.payout)
            assert entry.returned == bet.stake and entry.paid + entry.breakage == owed
            assert entry.paid % CHIP == 0 and 0 <= entry.breakage < CHIP
        elif expected == "push":
            assert (entry.paid, entry.returned) == (0, bet.stake)
        else:
            assert (entry.paid, entry.returned) == (0, 0)


@settings(max_examples=200, deadline=None)
@given(deal=deals, picks=st.lists(st.integers(0, 3), min_size=1, max_size=40))
def test_the_dealer_draws_to_17_while_a_hand_is_left_to_beat(deal, picks):
    engine = BlackjackEngine(RULES, RULES.limits(MINIMUM, CHIP))
    bets = [BlackjackBet("a", 1, "box:2", MINIMUM), BlackjackBet("b", 2, "box:5", MINIMUM)]
    cards, choices = itertools.cycle(deal), itertools.cycle(picks)
    result = play_coup(
        engine,
        engine.new_state(),
        bets,
        lambda place: next(cards),
        lambda coup, place, options: options[next(choices) % len(options)],
    )
    dealer = [pips(card) for card in result.outcome["dealer"]]
    hands = {
        place: [pips(card) for card in cards] for place, cards in result.outcome["hands"].items()
    }
    split = {place.split(".")[0] for place in hands if "." in place}
    doubled = {bet.code for bet in result.bets if bet.doubled}
    left = [
        place
        for place, cards in hands.items()
        if total(cards, doubled=place in doubled)[0] <= 21
        and not (place not in split and "." not in place and is_blackjack(cards))
    ]
    if left:
        assert total(dealer)[0] >= 17 and total(dealer[:-1])[0] < 17
    else:
        assert len(dealer) <= 2


def _expected(player, natural, dealer):
    """What a hand earns against the dealer, from the rules of section 03 written out again."""
    dealer_total, _ = total(dealer)
    dealer_natural = is_blackjack(dealer)
    if player > 21:
        return "lose"
    if natural:
        return "push" if dealer_natural else "win"
    if dealer_natural:
        return "lose"  # the profile's dealer_blackjack_takes = "all"
    if dealer_total > 21 or player > dealer_total:
        return "win"
    return "push" if player == dealer_total else "lose"
