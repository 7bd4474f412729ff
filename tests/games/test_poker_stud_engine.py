"""The poker sense descart engine (section 11 V.4 as docs/rulings.md reads it), coup by coup through
terminal.runtime.simulation.coups.play_coup: the deal, going on or folding, the bank's
qualification, every payout, pushes, misdeals, bets refused, void coups and the carrousel."""

import copy
from fractions import Fraction

import pytest

from games.cards.coup import Misdeal, Need
from games.poker_stud.engine import PokerStudEngine, StudState
from games.poker_stud.rules import PokerStudRules
from games.prison import PrisonBet
from games.records import POOL, Bet, BetRefused, Settlement, Totals
from terminal.runtime.simulation.coups import play_coup
from tests.support.rulebook_files import profile_path, read_profile

PROFILE = profile_path("poker_stud")
NOTHING = "QC JC 9D 6D 3H"  # no pair, no ace-king: the bank does not play
AK = "AH KD 4D 3C 2H"  # the weakest hand the bank plays with


@pytest.fixture(scope="module")
def values() -> dict:
    return read_profile(PROFILE)


@pytest.fixture(scope="module")
def rules(values) -> PokerStudRules:
    return PokerStudRules.from_dict(values, str(PROFILE))


@pytest.fixture
def engine(rules) -> PokerStudEngine:
    """Minimum 500, chips of 100: an ante of 500 goes on with a call of 1,000."""
    return PokerStudEngine(rules, rules.limits(500, 100))


def ante(box: int, stake: int = 500, seat: int | None = None, id: str | None = None) -> Bet:
    return Bet(id or f"a{box}", box if seat is None else seat, f"ante:{box}", stake)


def coin(box: int) -> Bet:
    return Bet(f"c{box}", box, f"carrousel:{box}", 100)


def dealt(hands: dict[int, str], bank: str) -> list[str]:
    """The cards in the order the croupier deals them: a card to each box in ascending order,
    then to the bank, five times round."""
    order = [hands[box].split() for box in sorted(hands)] + [bank.split()]
    return [hand[i] for i in range(5) for hand in order]


def play(engine, bets, hands, bank, decisions=None, pool=0, places=None):
    """The coup played to its settlement; every box goes on unless `decisions` says "fold"."""
    cards = iter(dealt(hands, bank))
    decisions = decisions or {}

    def deal(place):
        if places is not None:
            places.append(place)
        return next(cards)

    def decide(coup, place, options):
        assert options == ("call", "fold")
        return decisions.get(place, "call")

    return play_coup(engine, engine.new_state(pool), bets, deal, decide)


def entries(result) -> dict[str, Settlement]:
    return {entry.id: entry for entry in result.settlement}


# --- the deal and the decisions ------------------------------------------------------------


def test_the_deal_goes_box_by_box_then_to_the_bank_five_times(engine):
    places = []
    result = play(
        engine,
        [ante(5), ante(2)],
        {2: "2S 3S 4S 5S 7H", 5: "2D 3D 4D 5D 7C"},
        NOTHING,
        places=places,
    )
    assert places == ["box:2", "box:5", "bank"] * 5
    assert result.outcome == {
        "bank": NOTHING.split(),
        "boxes": {"2": "2S 3S 4S 5S 7H".split(), "5": "2D 3D 4D 5D 7C".split()},
    }


def test_the_bank_last_card_is_the_face_up_card_and_then_each_box_decides_in_turn(engine):
    coup = engine.start(engine.new_state(), [ante(4), ante(1)])
    for card in dealt({1: "2S 3S 4S 5S 7H", 4: "2D 3D 4D 5D 7C"}, NOTHING)[:-1]:
        assert coup.up_card is None
        coup = engine.card(coup, card)
    assert engine.need(coup) == Need("card", "bank")
    coup = engine.card(coup, "3H")
    assert coup.up_card == "3H" and coup.hand("bank") == tuple(NOTHING.split())
    assert engine.need(coup) == Need("decision", "box:1", ("call", "fold"))
    coup = engine.decide(coup, "box:1", "fold")
    assert engine.need(coup) == Need("decision", "box:4", ("call", "fold"))
    coup = engine.decide(coup, "box:4", "call")
    assert engine.need(coup) == Need("settle")


def test_going_on_adds_a_call_of_twice_each_ante_on_the_box(engine):
    bets = [ante(2, 500, seat=2, id="x"), ante(2, 1500, seat=7, id="y")]
    result = play(engine, bets, {2: "QS QH 5D 8C 9S"}, AK)
    calls = [bet for bet in result.bets if bet.family == "call"]
    assert calls == [Bet("x.call", 2, "call:2", 1000), Bet("y.call", 7, "call:2", 3000)]
    paid = entries(result)
    assert paid["x.call"] == Settlement("x.call", "win", paid=1000, returned=1000)
    assert paid["y"] == Settlement("y", "win", paid=1500, returned=1500)


def test_a_box_that_folds_loses_its_ante_and_makes_no_call(engine):
    result = play(engine, [ante(1)], {1: "AS AD KC 8C 9S"}, NOTHING, decisions={"box:1": "fold"})
    assert [bet.code for bet in result.bets] == ["ante:1"]
    assert result.settlement == (Settlement("a1", "lose"),)
    assert result.totals == Totals(staked=500, paid=0, returned=0)


# --- the bank's qualification --------------------------------------------------------------


def test_a_bank_without_ace_king_does_not_play_pays_the_antes_and_returns_the_calls(engine):
    result = play(engine, [ante(1), ante(3)], {1: "2S 4C 6H 8D TS", 3: "AS AD KS 9C 7S"}, NOTHING)
    paid = entries(result)
    assert paid["a1"] == Settlement("a1", "win", paid=500, returned=500)  # even a weaker hand
    assert paid["a1.call"] == Settlement("a1.call", "push", returned=1000)
    assert paid["a3"] == Settlement("a3", "win", paid=500, returned=500)
    assert paid["a3.call"] == Settlement("a3.call", "push", returned=1000)
    assert result.announcement.text["en"] == "The bank does not play: high card"


def test_a_bank_with_ace_king_plays(engine):
    result = play(engine, [ante(1)], {1: "AS QC JS 9C 7S"}, AK)  # A-Q high loses to A-K
    assert {entry.result for entry in result.settlement} == {"lose"}
    assert result.announcement.text["ca"] == "La banca juga: cartes majors"


# --- a playing bank against the boxes -------------------------------------------------------


@pytest.mark.parametrize(
    "box, bank, pays",
    [
        ("AS KS QS JS TS", "AH KH 4D 3C 2S", 100),  # royal flush
        ("9H 8H 7H 6H 5H", "AS KS 4D 3C 2C", 25),  # straight flush
        ("7S 7H 7D 7C 2S", "AS KS 4D 3C 2C", 20),  # four of a kind
        ("7S 7H 7D 2C 2S", "AS KS 4D 3C 2H", 7),  # full house
        ("AD 9D 7D 4D 2D", "AS KS QH 3C 5C", 5),  # flush
        ("5S 6H 7D 8C 9S", "AS KS 4D 3C 2C", 4),  # straight
        ("QS QH QD 2C 5S", "AS KS 4D 3C 2H", 3),  # three of a kind
        ("QS QH 5D 5C 9S", "AS KS 4D 3C 2H", 2),  # two pair
        ("QS QH 5D 8C 9S", "AS KS 4D 3C 2H", 1),  # pair
        ("AS KH QD 8C 3S", "AD KD 4C 3C 2H", 1),  # high card
    ],
)
def test_a_box_that_beats_a_playing_bank_wins_the_ante_even_and_the_call_by_the_table(
    engine, box, bank, pays
):
    result = play(engine, [ante(3)], {3: box}, bank)
    paid = entries(result)
    assert paid["a3"] == Settlement("a3", "win", paid=500, returned=500)
    assert paid["a3.call"] == Settlement("a3.call", "win", paid=1000 * pays, returned=1000)
    assert result.totals == Totals(staked=1500, paid=500 + 1000 * pays, returned=1500)


def test_a_bank_that_beats_the_box_takes_both_bets(engine):
    result = play(engine, [ante(1)], {1: "QS QH 5D 8C 9S"}, "KS KH 2D 3C 4S")
    assert result.settlement == (Settlement("a1", "lose"), Settlement("a1.call", "lose"))
    assert result.totals.house_net == 1500


def test_equal_hands_push(engine):
    result = play(engine, [ante(1)], {1: "QS QH 5D 8C 9S"}, "QD QC 5S 8H 9C")
    assert result.settlement == (
        Settlement("a1", "push", returned=500),
        Settlement("a1.call", "push", returned=1000),
    )
    assert result.totals.house_net == 0


def test_losing_bets_are_collected_first_then_the_boxes_paid_in_order(engine):
    bets = [ante(4), ante(1), ante(2)]
    hands = {1: "9S 9H 5D 8C 2S", 2: "2H 3H 7D JC 4S", 4: "KS KC 6D 6C TS"}
    result = play(engine, bets, hands, "QD QC 4C 7H AC", decisions={"box:2": "fold"})
    assert [(e.id, e.result) for e in result.settlement] == [
        ("a1", "lose"),
        ("a2", "lose"),
        ("a1.call", "lose"),
        ("a4", "win"),
        ("a4.call", "win"),
    ]
    assert result.totals == Totals(staked=500 * 3 + 1000 * 2, paid=500 + 2000, returned=1500)


def test_payouts_are_rounded_down_to_the_chip_unit(values):
    profile = copy.deepcopy(values)
    profile["bets"]["call"]["payout"]["pair"] = "3/4"
    rules = PokerStudRules.from_dict(profile, "pair-3-4.toml")
    engine = PokerStudEngine(rules, rules.limits(500, 500))
    result = play(engine, [ante(1)], {1: "QS QH 5D 8C 9S"}, AK)
    assert entries(result)["a1.call"] == Settlement(
        "a1.call", "win", paid=500, returned=1000, breakage=250
    )


# --- misdeals: section 11 V.4, the whole coup is void ---------------------------------------


ONE_ANTE = (ante(1),)


def dealt_coup(engine, bets=ONE_ANTE):
    coup = engine.start(engine.new_state(), list(bets))
    for card in dealt({1: "2S 3S 4S 5S 7H"}, NOTHING):
        coup = engine.card(coup, card)
    return coup


@pytest.mark.parametrize("card", ["KC", "2S", "1X"])
def test_a_card_after_the_deal_is_a_misdeal(engine, card):
    coup = dealt_coup(engine)
    with pytest.raises(Misdeal, match="one card too many, every hand has its five") as caught:
        engine.card(coup, card)
    assert caught.value.handling == "void"
    assert engine.need(coup).kind == "decision" and len(coup.cards) == 10


def test_a_card_after_the_decisions_is_a_misdeal(engine):
    coup = engine.decide(dealt_coup(engine), "box:1", "fold")
    with pytest.raises(Misdeal, match="one card too many"):
        engine.card(coup, "KC")


def test_a_card_dealt_twice_is_a_misdeal(engine):
    coup = engine.card(engine.start(engine.new_state(), [ante(1)]), "AS")
    with pytest.raises(Misdeal, match="AS dealt twice from one deck") as caught:
        engine.card(coup, "AS")
    assert caught.value.handling == "void" and coup.cards == ("AS",)


def test_something_that_is_no_card_is_a_misdeal(engine):
    coup = engine.start(engine.new_state(), [ante(1)])
    with pytest.raises(Misdeal, match="'AX' is not a card") as caught:
        engine.card(coup, "AX")
    assert caught.value.handling == "void" and coup.cards == ()


def test_a_void_coup_returns_every_stake_and_keeps_the_pool(engine):
    bets = [ante(1), coin(1), Bet("a1.call", 1, "call:1", 1000)]
    result = engine.void(StudState(pool=7_000), bets)
    assert result.state == StudState(pool=7_000)
    assert result.returned == tuple(bets) and result.kept == ()
    assert (
        result.announcement.key == "misdeal"
        and result.announcement.text["ca"] == "Jugada anul·lada"
    )


# --- decisions and settlement out of turn ---------------------------------------------------


def test_decisions_out_of_turn_are_refused(engine):
    coup = engine.start(engine.new_state(), [ante(1), ante(2)])
    with pytest.raises(ValueError, match="no decision of box:1 is due: the coup needs card box:1"):
        engine.decide(coup, "box:1", "call")
    coup = engine.start(engine.new_state(), [ante(1), ante(2)])
    for card in dealt({1: "2S 3S 4S 5S 7H", 2: "2D 3D 4D 5D 7C"}, NOTHING):
        coup = engine.card(coup, card)
    with pytest.raises(
        ValueError, match="no decision of box:2 is due: the coup needs decision box:1"
    ):
        engine.decide(coup, "box:2", "call")
    with pytest.raises(ValueError, match="box:1 can call or fold, not 'double'"):
        engine.decide(coup, "box:1", "double")


def test_a_coup_is_settled_only_once_every_box_decided(engine):
    with pytest.raises(ValueError, match="cannot be settled yet: it needs a decision for box:1"):
        engine.settle(dealt_coup(engine))


# --- placing bets ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "bet, accepted, reason",
    [
        (ante(7), [], r"'ante:7': unknown bet .* B from 1 to 6"),
        (Bet("x", 1, "Ante:1", 500), [], "unknown bet"),
        (Bet("x", 1, "call:1", 1000), [ante(1)], "call:1 is made by going on"),
        (ante(1, 400), [], "4.00 is below the table minimum of 5.00"),
        (ante(1, 750), [], "not a multiple of the table minimum"),
        (ante(1, 13_000), [], "over the ante maximum of 125.00"),
        (ante(1, 500, id="a1"), [ante(2, id="a1")], "bet id a1 is already taken"),
        (
            ante(1, 500, seat=9, id="e"),
            [ante(1, seat=s, id=str(s)) for s in range(4)],
            "box 1 already takes 4 bets",
        ),
        (
            Bet("c", 1, "carrousel:1", 200),
            [ante(1)],
            "the carrousel takes one coin of 1.00, not 2.00",
        ),
        (coin(2), [ante(1)], "box 2 has no ante"),
        (coin(1), [ante(1), Bet("c0", 1, "carrousel:1", 100)], "already has its carrousel coin"),
        (PrisonBet("z", 1, "ante:1", 500, zero_choice="half"), [], "no zero"),  # another game's
    ],
)
def test_illegal_bets_are_refused_with_a_reason(engine, bet, accepted, reason):
    assert engine.check(bet, accepted) is not None
    with pytest.raises(BetRefused, match=reason):
        engine.place(bet, accepted, state=engine.new_state())


def test_legal_bets_are_placed(engine):
    accepted = [ante(1), ante(1, 12_500, seat=8, id="b")]
    assert engine.check(coin(1), accepted) is None
    assert engine.place(coin(1), accepted) == coin(1)


def test_a_coup_needs_an_ante_and_legal_bets(engine):
    with pytest.raises(ValueError, match="no box has an ante"):
        engine.start(engine.new_state(), [])
    with pytest.raises(BetRefused, match="box 3 has no ante"):
        engine.start(engine.new_state(), [ante(1), coin(3)])


# --- the strategy ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hand, action",
    [
        ("AS KH JD 8C 3S", "call"),
        ("AS KH JD 8C 2S", "fold"),
        ("2S 2H 7D 9C JS", "call"),
        ("KS QH JD 8C 3S", "fold"),
    ],
)
def test_the_strategy_goes_on_with_ace_king_jack_eight_three_or_better(engine, hand, action):
    coup = engine.start(engine.new_state(), [ante(1)])
    for card in dealt({1: hand}, "4H 5H 6C 9D TH"):
        coup = engine.card(coup, card)
    assert engine.strategy(coup, "box:1", ("call", "fold")) == action


# --- the carrousel ----------------------------------------------------------------------------


def test_a_royal_flush_with_a_coin_wins_the_whole_pool(engine):
    bets = [ante(1), ante(2), coin(1), coin(2)]
    result = play(engine, bets, {1: "AS KS QS JS TS", 2: "QH QD 5D 8C 9S"}, AK, pool=50_000)
    paid = entries(result)
    assert paid["c1"] == Settlement("c1", "win", paid=50_200, returned=0, against=POOL)
    assert paid["c2"] == Settlement("c2", "lose", against=POOL)
    assert result.carrousel.to_json() == {
        "pool_before": 50_000,
        "coins": 200,
        "paid_out": 50_200,
        "pool_after": 0,
    }
    assert result.state == StudState(pool=0)
    assert (
        result.announcement.text["en"]
        == "The bank plays: high card. Carrousel: royal flush on box 1"
    )
    assert result.totals.staked == 500 * 2 + 1000 * 2 + 200


def test_a_straight_flush_with_a_coin_wins_a_tenth_of_the_pool(engine):
    result = play(engine, [ante(1), coin(1)], {1: "9H 8H 7H 6H 5H"}, NOTHING, pool=12_345)
    assert entries(result)["c1"] == Settlement(
        "c1", "win", paid=1_200, returned=0, breakage=Fraction(89, 2), against=POOL
    )
    assert result.state.pool == 11_245


def test_a_royal_flush_without_a_coin_leaves_the_pool_alone(engine):
    result = play(
        engine,
        [ante(1), ante(2), coin(2)],
        {1: "AS KS QS JS TS", 2: "QH QD 5D 8C 9S"},
        AK,
        pool=900,
    )
    assert result.carrousel.to_json() == {
        "pool_before": 900,
        "coins": 100,
        "paid_out": 0,
        "pool_after": 1_000,
    }
    assert entries(result)["a1.call"].paid == 100_000


def test_the_pool_is_never_negative(engine):
    with pytest.raises(ValueError, match="pool must be a whole amount of 0 or more, not -1"):
        engine.new_state(pool=-1)


def test_a_coin_is_lost_even_when_its_box_folds(engine):
    result = play(
        engine, [ante(1), coin(1)], {1: "2S 3H 7D 9C JS"}, AK, decisions={"box:1": "fold"}
    )
    assert entries(result)["c1"] == Settlement("c1", "lose", against=POOL)
    assert result.state.pool == 100


def test_the_coin_goes_with_the_five_cards_whatever_the_box_decides(engine):
    """The carrousel stands apart from the table's game ("al marge de tot el joc de la taula")."""
    result = play(
        engine,
        [ante(1), coin(1)],
        {1: "AS KS QS JS TS"},
        AK,
        decisions={"box:1": "fold"},
        pool=3_000,
    )
    assert entries(result)["a1"] == Settlement("a1", "lose")
    assert entries(result)["c1"] == Settlement("c1", "win", paid=3_100, returned=0, against=POOL)
