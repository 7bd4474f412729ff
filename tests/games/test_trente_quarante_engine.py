"""The trente et quarante engine: the deal, who wins, the refait and its prison, insurance,
void coups, misdeals and refused bets, each rule on its own."""

import tomllib
from dataclasses import replace

import pytest

from games.blackjack.bet import BlackjackBet
from games.cards.coup import Misdeal, Need
from games.prison import PrisonBet
from games.records import Bet, BetRefused, Settlement, Totals
from games.trente_quarante.bet import TrenteQuaranteBet
from games.trente_quarante.engine import TrenteQuaranteEngine, TrenteQuaranteState
from games.trente_quarante.rules import TrenteQuaranteRules
from tests.support.rulebook_files import profile_path

PROFILE = profile_path("trente_quarante")
LAST = "A23456789T"  # the last card of a row of 31, 32, ... 40


@pytest.fixture(scope="module")
def rules():
    with PROFILE.open("rb") as f:
        return TrenteQuaranteRules.from_dict(tomllib.load(f), str(PROFILE))


@pytest.fixture
def engine(rules):
    """Minimum 100, chips of 100: half of 300 leaves breakage; insurance from 10,000."""
    return TrenteQuaranteEngine(rules, rules.limits(100, 100))


def row(total, first="TS"):
    """A row of `total` opening with the card `first` (worth ten): 10, 20, 30, then the last
    card."""
    return [first, "KC", "QD", LAST[total - 31] + "S"]


def play(engine, noir, rouge, bets=(), state=None, *, last_round=False):
    """The coup of `bets` with the rows dealt as the engine asks for them, settled."""
    coup = engine.start(state or engine.new_state(), bets)
    for place, cards in (("noir", noir), ("rouge", rouge)):
        for card in cards:
            assert engine.need(coup) == Need("card", place)
            coup = engine.card(coup, card)
    assert engine.need(coup) == Need("settle")
    return engine.settle(coup, last_round=last_round)


def results(result):
    return {entry.id: entry for entry in result.settlement}


def refait(engine, bets, state=None, *, last_round=False):
    return play(engine, row(31), row(31, "TH"), bets, state, last_round=last_round)


# --- the deal and who wins --------------------------------------------------------------------


def test_the_noir_row_is_dealt_until_it_reaches_31_then_the_rouge_row(engine):
    coup = engine.start(engine.new_state(), [])
    places = []
    for card in ["9S", "9H", "9D", "4C", "TS", "TH", "5D", "5C", "7H"]:
        places.append(engine.need(coup).place)
        coup = engine.card(coup, card)
    assert places == ["noir"] * 4 + ["rouge"] * 5 and coup.hand("noir") == ("9S", "9H", "9D", "4C")
    result = engine.settle(coup)
    assert result.outcome == {
        "noir": ["9S", "9H", "9D", "4C"],
        "rouge": ["TS", "TH", "5D", "5C", "7H"],
        "noir_total": 31,
        "rouge_total": 37,
    }


@pytest.mark.parametrize(
    ("noir", "rouge", "wins", "loses"), [(32, 35, "noir", "rouge"), (38, 31, "rouge", "noir")]
)
def test_the_row_nearer_31_wins(engine, noir, rouge, wins, loses):
    bets = [TrenteQuaranteBet("w", 1, wins, 500), TrenteQuaranteBet("l", 2, loses, 500)]
    settled = results(play(engine, row(noir), row(rouge), bets))
    assert settled["w"] == Settlement("w", "win", paid=500, returned=500)
    assert settled["l"] == Settlement("l", "lose")


@pytest.mark.parametrize(
    ("first", "noir", "rouge", "colour"),
    [
        ("TS", 32, 35, "couleur"),  # noir wins, the first card is black
        ("TH", 32, 35, "inverse"),  # noir wins, the first card is red
        ("TD", 36, 33, "couleur"),  # rouge wins, the first card is red
        ("KC", 36, 33, "inverse"),  # rouge wins, the first card is black
    ],
)
def test_couleur_wins_when_the_winning_row_has_the_colour_of_the_first_noir_card(
    engine, first, noir, rouge, colour
):
    other = {"couleur": "inverse", "inverse": "couleur"}[colour]
    bets = [TrenteQuaranteBet("w", 1, colour, 500), TrenteQuaranteBet("l", 2, other, 500)]
    result = play(engine, row(noir, first), row(rouge), bets)
    assert results(result)["w"].result == "win" and results(result)["l"].result == "lose"
    assert result.announcement.text["en"].endswith(
        {"couleur": "colour win", "inverse": "inverse win"}[colour]
    )


def test_winners_are_paid_colour_or_inverse_first_then_noir_and_rouge_after_the_losers(engine):
    bets = [
        TrenteQuaranteBet("n", 1, "noir", 500),
        TrenteQuaranteBet("r", 2, "rouge", 500),
        TrenteQuaranteBet("i", 3, "inverse", 500),
        TrenteQuaranteBet("c", 4, "couleur", 500),
    ]
    result = play(engine, row(32), row(35), bets)  # noir and couleur win
    assert [entry.id for entry in result.settlement] == ["r", "i", "c", "n"]
    assert result.totals == Totals(staked=2000, paid=1000, returned=1000)


# --- equal totals -----------------------------------------------------------------------------


def test_equal_totals_other_than_31_void_the_coup(engine):
    bets = [
        TrenteQuaranteBet("a", 1, "rouge", 10_000, insured=True),
        TrenteQuaranteBet("p", 1, "insurance", 100, covers="a"),
        TrenteQuaranteBet("b", 2, "couleur", 500),
    ]
    result = play(engine, row(35), row(35, "TH"), bets)
    assert result.settlement == (
        Settlement("p", "lose"),
        Settlement("b", "push", returned=500),
        Settlement("a", "push", returned=10_000),
    )
    assert result.announcement.key == "equal" and result.state == TrenteQuaranteState()
    assert result.totals == Totals(staked=10_600, paid=0, returned=10_500)


# --- the refait -------------------------------------------------------------------------------


def test_a_refait_sends_an_uninsured_bet_to_prison_by_default(engine):
    result = refait(engine, [TrenteQuaranteBet("a", 1, "noir", 500)])
    assert result.settlement == (Settlement("a", "prison"),)
    assert result.announcement.key == "refait"
    assert result.state.prison == (TrenteQuaranteBet("a", 1, "noir", 500, prison=1),)
    assert result.totals == Totals()


def test_a_refait_gives_half_back_to_a_bet_that_chose_it(engine):
    result = refait(engine, [TrenteQuaranteBet("a", 1, "inverse", 300, zero_choice="half")])
    assert result.settlement == (Settlement("a", "half", returned=100, breakage=50),)
    assert result.state.prison == () and result.totals == Totals(staked=300, returned=100)


def test_prison_is_forced_when_half_would_fall_below_the_minimum(engine):
    result = refait(engine, [TrenteQuaranteBet("a", 1, "rouge", 100, zero_choice="half")])
    assert result.settlement == (Settlement("a", "prison"),)


def test_the_last_coup_of_a_session_forces_half_back(engine):
    result = refait(
        engine,
        [TrenteQuaranteBet("a", 1, "rouge", 400), TrenteQuaranteBet("b", 2, "noir", 100)],
        last_round=True,
    )
    assert result.settlement == (
        Settlement("b", "half", returned=0, breakage=50),
        Settlement("a", "half", returned=200),
    )
    assert result.state.prison == ()


def test_an_insured_bet_is_returned_on_a_refait_and_its_premium_is_lost(engine):
    bets = [
        TrenteQuaranteBet("a", 1, "rouge", 10_000, insured=True),
        TrenteQuaranteBet("p", 1, "insurance", 100, covers="a"),
    ]
    result = refait(engine, bets)
    assert result.settlement == (Settlement("p", "lose"), Settlement("a", "push", returned=10_000))
    assert result.state.prison == () and result.totals.house_net == 100


def test_a_premium_is_lost_when_its_bet_wins_too(engine):
    bets = [
        TrenteQuaranteBet("a", 1, "noir", 10_000, insured=True),
        TrenteQuaranteBet("p", 1, "insurance", 100, covers="a"),
    ]
    result = play(engine, row(32), row(35), bets)
    assert results(result)["p"] == Settlement("p", "lose")
    assert results(result)["a"] == Settlement("a", "win", paid=10_000, returned=10_000)
    assert [b.to_json() for b in result.bets] == [
        {"id": "a", "seat": 1, "code": "noir", "stake": 10_000, "insured": True},
        {"id": "p", "seat": 1, "code": "insurance", "stake": 100, "covers": "a"},
    ]


# --- bets in prison ---------------------------------------------------------------------------


def imprisoned(engine, *bets):
    return refait(engine, list(bets)).state


def test_a_bet_in_prison_is_returned_at_its_value_when_its_chance_wins(engine):
    state = imprisoned(engine, TrenteQuaranteBet("a", 1, "noir", 500))
    result = play(engine, row(32), row(35), [TrenteQuaranteBet("b", 2, "rouge", 100)], state)
    assert result.bets[0].to_json() == {
        "id": "a",
        "seat": 1,
        "code": "noir",
        "stake": 500,
        "prison": 1,
        "value": 500,
    }
    assert results(result)["a"] == Settlement("a", "push", returned=500)
    assert result.state.prison == () and result.totals == Totals(staked=600, paid=0, returned=500)


def test_a_bet_in_prison_is_lost_when_its_chance_loses(engine):
    state = imprisoned(engine, TrenteQuaranteBet("a", 1, "couleur", 500))
    result = play(engine, row(32, "TH"), row(35), [], state)  # noir and inverse
    assert result.settlement == (Settlement("a", "lose"),) and result.state.prison == ()


def test_a_bet_in_prison_stays_as_it_is_through_equal_totals(engine):
    """docs/bets.md: a prisoner's result is `prison` in every coup until it ends, a coup void by
    equal totals included; it has met no refait, so its value stays."""
    state = imprisoned(engine, TrenteQuaranteBet("a", 1, "couleur", 500))
    result = play(engine, row(36), row(36), [TrenteQuaranteBet("b", 2, "noir", 100)], state)
    assert results(result)["a"] == Settlement("a", "prison")
    assert result.state.prison == state.prison and result.totals == Totals(staked=100, returned=100)


def test_a_further_refait_halves_a_bet_in_prison(engine):
    state = refait(engine, [], imprisoned(engine, TrenteQuaranteBet("a", 1, "rouge", 400))).state
    assert (
        state.prison == (TrenteQuaranteBet("a", 1, "rouge", 400, prison=2),)
        and state.prison[0].value == 200
    )
    result = play(engine, row(36), row(33), [], state)
    assert result.settlement == (Settlement("a", "push", returned=200),)


def test_a_bet_in_prison_that_turns_to_half_back_takes_a_quarter_on_a_further_refait(engine):
    state = imprisoned(engine, TrenteQuaranteBet("c", 2, "noir", 800))
    # the player's new choice
    state = TrenteQuaranteState((replace(state.prison[0], zero_choice="half"),))
    result = refait(engine, [], state)
    assert (
        result.settlement == (Settlement("c", "half", returned=200),) and result.state.prison == ()
    )


# --- the end of a session ---------------------------------------------------------------------


def test_the_table_plays_on_while_bets_are_in_prison(engine):
    assert not engine.must_play_on(engine.new_state())
    state = imprisoned(engine, TrenteQuaranteBet("a", 1, "noir", 500))
    assert engine.must_play_on(state)
    # void again
    assert engine.must_play_on(play(engine, row(34), row(34), [], state, last_round=True).state)
    assert not engine.must_play_on(play(engine, row(34), row(37), [], state, last_round=True).state)
    assert not engine.must_play_on(refait(engine, [], state, last_round=True).state)


# --- void coups and misdeals ------------------------------------------------------------------


def test_the_red_card_voids_the_coup_the_premiums_collected_and_the_prison_kept(engine):
    state = imprisoned(engine, TrenteQuaranteBet("a", 1, "noir", 500))
    bets = (
        TrenteQuaranteBet("b", 2, "rouge", 10_000, insured=True),
        TrenteQuaranteBet("p", 2, "insurance", 100, covers="b"),
        TrenteQuaranteBet("c", 3, "noir", 100),
    )
    void = engine.void(state, bets, "red_card")
    assert (
        void.returned == (bets[0], bets[2])
        and void.collected == (bets[1],)
        and void.kept == state.prison
    )
    assert void.state == state and void.announcement.key == "red_card"
    assert engine.void(state, bets).announcement.key == "void_coup"
    with pytest.raises(ValueError, match="no void coup cause 'dropped'"):
        engine.void(state, bets, "dropped")


def test_a_card_once_both_rows_are_dealt_is_put_aside(engine):
    coup = engine.start(engine.new_state(), [TrenteQuaranteBet("a", 1, "noir", 100)])
    for card in row(33) + row(34):
        coup = engine.card(coup, card)
    with pytest.raises(Misdeal) as raised:
        engine.card(coup, "5D")
    assert raised.value.handling == "discard"
    assert engine.need(coup) == Need("settle") and len(coup.dealt) == 8


def test_a_coup_is_settled_only_once_both_rows_are_dealt(engine):
    coup = engine.start(engine.new_state(), [])
    for card in row(33):
        coup = engine.card(coup, card)
    with pytest.raises(ValueError, match="a card is due for rouge"):
        engine.settle(coup)


def test_there_is_no_decision_to_make(engine):
    coup = engine.start(engine.new_state(), [])
    with pytest.raises(ValueError, match="trente_quarante has no decisions"):
        engine.decide(coup, "noir", "stand")
    with pytest.raises(ValueError, match="no decisions"):
        engine.strategy(coup, "noir", ())


# --- placing bets -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bet", "reason"),
    [
        (TrenteQuaranteBet("x", 1, "red", 100), "unknown bet"),
        (TrenteQuaranteBet("x", 1, "Noir", 100), "write noir"),
        (TrenteQuaranteBet("x", 1, "noir", 50), "below the table minimum"),
        (TrenteQuaranteBet("x", 1, "noir", 100_100), "over the noir maximum of 1,000.00"),
        (TrenteQuaranteBet("x", 1, "noir", 100, prison=1), "placed plain"),
        (BlackjackBet("x", 1, "noir", 100), "a BlackjackBet is another game's bet"),
        (PrisonBet("x", 1, "noir", 100), "bets are TrenteQuaranteBets"),  # a roulette bet
        (Bet("x", 1, "noir", 100), "another game's bet"),  # the table adopts a plain bet
        (TrenteQuaranteBet("x", 1, "noir", 100, zero_choice="both"), "prison or half, not 'both'"),
        (
            TrenteQuaranteBet("x", 1, "noir", 100, covers="y"),
            "only an insurance bet covers another bet",
        ),
        (
            TrenteQuaranteBet("x", 1, "noir", 9_900, insured=True),
            "insurance is open to stakes of 100.00 or more, not 99.00",
        ),
        (
            TrenteQuaranteBet("x", 1, "noir", 10_100, insured=True),
            "the premium (1/100 of 101.00: 1.01) is no whole number of chips of 1.00",
        ),
        (
            TrenteQuaranteBet("x", 1, "noir", 10_000, insured=True, zero_choice="half"),
            "takes no choice of half back",
        ),
        (TrenteQuaranteBet("x", 1, "insurance", 100), "names the bet it insures"),
        (
            TrenteQuaranteBet("x", 1, "insurance", 100, covers="z"),
            "no bet z in this coup to insure",
        ),
    ],
)
def test_illegal_bets_are_refused(engine, bet, reason):
    assert reason in engine.check(bet)
    with pytest.raises(BetRefused):
        engine.place(bet)


def test_a_premium_is_the_share_of_the_insured_stake_paid_by_the_same_seat(engine):
    accepted = [
        TrenteQuaranteBet("a", 1, "noir", 20_000, insured=True),
        TrenteQuaranteBet("b", 2, "rouge", 20_000),
    ]
    assert engine.check(TrenteQuaranteBet("p", 1, "insurance", 200, covers="a"), accepted) is None
    assert "is 2.00 (1/100 of 200.00), not 1.00" in engine.check(
        TrenteQuaranteBet("p", 1, "insurance", 100, covers="a"), accepted
    )
    assert "its premium is paid by the same seat" in engine.check(
        TrenteQuaranteBet("p", 2, "insurance", 200, covers="a"), accepted
    )
    assert "not an insured chance" in engine.check(
        TrenteQuaranteBet("p", 2, "insurance", 200, covers="b"), accepted
    )
    paid = [*accepted, TrenteQuaranteBet("p", 1, "insurance", 200, covers="a")]
    assert "insured already" in engine.check(
        TrenteQuaranteBet("q", 1, "insurance", 200, covers="a"), paid
    )


def test_an_insured_bet_needs_its_premium_in_the_coup(engine):
    with pytest.raises(ValueError, match="bet a is insured but no insurance bet covers it"):
        engine.start(engine.new_state(), [TrenteQuaranteBet("a", 1, "noir", 10_000, insured=True)])


def test_a_new_bet_cannot_take_the_id_of_a_bet_in_prison(engine):
    state = imprisoned(engine, TrenteQuaranteBet("a", 1, "noir", 500))
    assert "bet id a is already taken" in engine.check(
        TrenteQuaranteBet("a", 2, "rouge", 100), state=state
    )
    assert engine.check(TrenteQuaranteBet("a", 2, "rouge", 100)) is None
