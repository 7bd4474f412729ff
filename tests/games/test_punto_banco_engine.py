"""The punto banco engine: the deal card by card, the third-card rules as the engine applies
them, every bet's settlement, misdeals, void coups and refused bets."""

import tomllib
from fractions import Fraction

import pytest

from games.blackjack.bet import BlackjackBet
from games.cards.cards import NotACard
from games.cards.coup import Misdeal, Need
from games.prison import PrisonBet
from games.punto_banco.engine import PuntoBancoEngine, PuntoBancoState
from games.punto_banco.rules import PuntoBancoRules
from games.records import Bet, BetRefused, Settlement, Totals
from games.trente_quarante.bet import TrenteQuaranteBet
from tests.support.rulebook_files import profile_path

PROFILE = profile_path("punto_banco")
# A card of each value: tens and figures count 0.
CARD = {0: "KS", 1: "AH", 2: "2C", 3: "3D", 4: "4S", 5: "5H", 6: "6C", 7: "7D", 8: "8S", 9: "9H"}


@pytest.fixture(scope="module")
def rules():
    with PROFILE.open("rb") as f:
        return PuntoBancoRules.from_dict(tomllib.load(f), str(PROFILE))


@pytest.fixture
def engine(rules):
    """Minimum 500, chips of 100: the banker's 19/20 of 500 leaves breakage."""
    return PuntoBancoEngine(rules, rules.limits(500, 100))


def two_cards(total):
    """Two cards making `total`: 0 with 10 (or 9 with K), so that no third card changes the pair."""
    return [CARD[total], "TD"]


def deal(engine, cards, bets=()):
    """The coup with `cards` dealt in turn (each checked against the place the engine asks for),
    as (place, card) pairs."""
    coup = engine.start(engine.new_state(), bets)
    for place, card in cards:
        assert engine.need(coup) == Need("card", place)
        coup = engine.card(coup, card)
    return coup


def hands(player, banker, *thirds):
    """The deal of a coup: the player's and banker's two cards alternately, then third cards."""
    return [
        ("player", player[0]),
        ("banker", banker[0]),
        ("player", player[1]),
        ("banker", banker[1]),
        *thirds,
    ]


def test_the_cards_go_player_banker_player_banker(engine):
    coup = engine.start(engine.new_state(), [])
    places = []
    for card in ("2C", "3D", "4S", "5H"):
        places.append(engine.need(coup).place)
        coup = engine.card(coup, card)
    assert places == ["player", "banker", "player", "banker"]
    assert (coup.hand("player"), coup.hand("banker")) == (("2C", "4S"), ("3D", "5H"))


@pytest.mark.parametrize(("player", "banker"), [(8, 0), (9, 3), (2, 8), (5, 9), (8, 9)])
def test_a_natural_8_or_9_ends_the_deal(engine, player, banker):
    coup = deal(engine, hands(two_cards(player), two_cards(banker)))
    assert engine.need(coup) == Need("settle")


@pytest.mark.parametrize("player", range(6))
def test_the_player_draws_on_0_to_5(engine, player):
    coup = deal(engine, hands(two_cards(player), two_cards(7)))
    assert engine.need(coup) == Need("card", "player")


@pytest.mark.parametrize(("player", "banker"), [(6, 7), (7, 6), (6, 6), (7, 7)])
def test_the_player_stands_on_6_and_7_and_so_does_a_banker_of_6_or_7(engine, player, banker):
    coup = deal(engine, hands(two_cards(player), two_cards(banker)))
    assert engine.need(coup) == Need("settle")


@pytest.mark.parametrize("banker", range(6))
def test_a_banker_of_0_to_5_draws_when_the_player_stood(engine, banker):
    coup = deal(engine, hands(two_cards(7), two_cards(banker)))
    assert engine.need(coup) == Need("card", "banker")
    coup = engine.card(coup, "4C")
    assert engine.need(coup) == Need("settle")


@pytest.mark.parametrize("banker", range(8))
@pytest.mark.parametrize("third", range(10))
def test_the_banker_follows_the_profile_table_against_the_players_third_card(
    engine, rules, banker, third
):
    coup = deal(engine, hands(two_cards(0), two_cards(banker), ("player", CARD[third])))
    expected = (
        Need("card", "banker") if rules.drawing.banker[banker][1 + third] == "D" else Need("settle")
    )
    assert engine.need(coup) == expected


def test_the_profile_table_is_the_standard_one_where_it_is_finest(engine):
    """The cells that tell the banker's rows apart: 3 against an 8, 4 against 1 and 2, 5
    against 3 and 4, 6 against 5 and 6."""
    cases = {
        (3, 8): False,
        (3, 9): True,
        (4, 1): False,
        (4, 2): True,
        (5, 3): False,
        (5, 4): True,
        (6, 5): False,
        (6, 6): True,
    }
    for (banker, third), draws in cases.items():
        coup = deal(engine, hands(two_cards(0), two_cards(banker), ("player", CARD[third])))
        assert (engine.need(coup) == Need("card", "banker")) is draws, (banker, third)


def test_the_hand_nearer_9_wins_and_counts_units_only(engine):
    bets = [Bet("p", 1, "player", 500), Bet("b", 2, "banker", 500), Bet("t", 3, "tie", 500)]
    coup = deal(engine, hands(["7H", "KD"], ["9C", "9S"]), bets)  # 7 against 18, a natural 8
    result = engine.settle(coup)
    assert result.outcome == {"player": ["7H", "KD"], "banker": ["9C", "9S"]}
    assert {e.id: e.result for e in result.settlement} == {"p": "lose", "b": "win", "t": "lose"}


def test_a_winning_player_bet_pays_even_money(engine):
    bets = [Bet("p", 1, "player", 1500)]
    result = engine.settle(deal(engine, hands(two_cards(9), two_cards(4)), bets))
    assert result.settlement == (Settlement("p", "win", paid=1500, returned=1500),)


def test_a_winning_banker_bet_pays_less_the_commission_rounded_down_to_chips(engine):
    bets = [Bet("b", 1, "banker", 500), Bet("c", 2, "banker", 2000)]
    result = engine.settle(deal(engine, hands(two_cards(4), two_cards(9)), bets))
    assert result.settlement == (
        Settlement("b", "win", paid=400, returned=500, breakage=75),  # 475 owed
        Settlement("c", "win", paid=1900, returned=2000),
    )


def test_a_tie_pays_the_tie_8_to_1_and_returns_the_player_and_banker_bets(engine):
    bets = [Bet("p", 1, "player", 500), Bet("b", 2, "banker", 1000), Bet("t", 3, "tie", 500)]
    result = engine.settle(deal(engine, hands(two_cards(8), two_cards(8)), bets))
    assert result.settlement == (
        Settlement("p", "push", returned=500),
        Settlement("b", "push", returned=1000),
        Settlement("t", "win", paid=4000, returned=500),
    )
    assert result.totals == Totals(staked=2000, paid=4000, returned=2000)
    assert result.announcement.key == "result"


def test_losing_bets_are_collected_before_the_winners_are_paid(engine):
    bets = [Bet("p", 1, "player", 500), Bet("b", 2, "banker", 500), Bet("t", 3, "tie", 500)]
    result = engine.settle(deal(engine, hands(two_cards(9), two_cards(4)), bets))
    assert [e.id for e in result.settlement] == ["b", "t", "p"]
    assert result.bets == tuple(bets)
    assert result.totals == Totals(staked=1500, paid=500, returned=500)


def test_nothing_carries_over_and_the_last_coup_is_settled_alike(engine):
    bets = [Bet("b", 2, "banker", 500)]
    coup = deal(engine, hands(two_cards(4), two_cards(9)), bets)
    assert engine.settle(coup, last_round=True) == engine.settle(coup)
    assert engine.settle(coup).state == PuntoBancoState()


def test_a_card_once_the_coup_is_dealt_is_a_misdeal_that_voids_the_coup(engine):
    coup = deal(engine, hands(two_cards(8), two_cards(3)), [Bet("p", 1, "player", 500)])
    with pytest.raises(Misdeal) as raised:
        engine.card(coup, "5S")
    assert raised.value.handling == "void"
    assert "no card is due" in raised.value.reason
    assert engine.need(coup) == Need("settle") and coup.hand("player") == ("8S", "TD")


def test_a_coup_is_settled_only_once_dealt(engine):
    coup = deal(engine, [("player", "2C"), ("banker", "3D")])
    with pytest.raises(ValueError, match="a card is due for player"):
        engine.settle(coup)


def test_a_string_that_is_no_card_is_refused(engine):
    coup = engine.start(engine.new_state(), [])
    with pytest.raises(NotACard):
        engine.card(coup, "1S")


def test_a_void_coup_returns_every_bet(engine):
    bets = (Bet("p", 1, "player", 500), Bet("t", 3, "tie", 500))
    void = engine.void(engine.new_state(), bets)
    assert void.returned == bets and void.kept == ()
    assert void.announcement.key == "void_coup"


def test_there_is_no_decision_to_make(engine):
    coup = engine.start(engine.new_state(), [])
    with pytest.raises(ValueError, match="punto_banco has no decisions"):
        engine.decide(coup, "player", "hit")
    with pytest.raises(ValueError, match="no decisions"):
        engine.strategy(coup, "player", ())


@pytest.mark.parametrize(
    ("bet", "reason"),
    [
        (Bet("x", 1, "punto", 500), "unknown bet"),
        (Bet("x", 1, "Banker", 500), "write banker"),
        (Bet("x", 1, "player", 400), "below the table minimum"),
        (Bet("x", 1, "player", 750), "not a multiple"),
        (Bet("x", 1, "tie", 63_000), "over the tie maximum of 625.00"),
        (PrisonBet("x", 1, "player", 500, zero_choice="half"), "placed plain"),  # another game's
        (TrenteQuaranteBet("x", 1, "player", 500, insured=True), "placed plain"),
        (BlackjackBet("x", 1, "player", 500), "placed plain"),
    ],
)
def test_illegal_bets_are_refused(engine, bet, reason):
    assert reason in engine.check(bet)
    with pytest.raises(BetRefused):
        engine.place(bet)


def test_the_maximum_counts_a_seats_bets_on_the_same_code(engine):
    accepted = [Bet("a", 1, "tie", 62_000)]
    assert engine.check(Bet("b", 2, "tie", 1000), accepted) is None
    assert engine.check(Bet("b", 1, "tie", 500), accepted) is None
    assert "seat 1 would have 630.00 on tie" in engine.check(Bet("b", 1, "tie", 1000), accepted)


def test_a_coup_refuses_a_repeated_bet_id(engine):
    with pytest.raises(BetRefused, match="already taken"):
        engine.start(engine.new_state(), [Bet("a", 1, "tie", 500), Bet("a", 2, "player", 500)])


def test_breakage_is_exact(engine):
    result = engine.settle(
        deal(engine, hands(two_cards(4), two_cards(9)), [Bet("b", 1, "banker", 500)])
    )
    assert result.settlement[0].breakage == Fraction(75)
