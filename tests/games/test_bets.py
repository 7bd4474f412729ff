"""The bets: what every game's holds (games.records.Bet) and each game's own class, named in its
description (`Game.bet`); each writes the JSON of docs/events.md and reads it back, makes a plain
bet one of its own, and says what in a bet the croupier entered is not its to take."""

from __future__ import annotations

import pytest

from games.blackjack.bet import BlackjackBet
from games.circle import CircleBet
from games.entries import ENTERED_PLAIN
from games.prison import PrisonBet
from games.records import Bet, another_game
from games.registry import GAMES
from games.trente_quarante.bet import TrenteQuaranteBet

SHARED = {"id": "b1", "seat": 3, "code": "red", "stake": 2000}


@pytest.mark.parametrize(
    "bet, data",
    [
        (Bet("b1", 3, "red", 2000), SHARED),
        (PrisonBet("b1", 3, "red", 2000), SHARED),
        (PrisonBet("b1", 3, "red", 2000, zero_choice="half"), {**SHARED, "zero_choice": "half"}),
        (PrisonBet("b1", 3, "red", 2000).imprisoned(3), {**SHARED, "prison": 3, "value": 500}),
        (
            PrisonBet("b1", 3, "red", 1000, "half", 4),
            {**SHARED, "stake": 1000, "zero_choice": "half", "prison": 4, "value": 125},
        ),
        (
            PrisonBet("b1", 3, "red", 1000).imprisoned(3),
            {**SHARED, "stake": 1000, "prison": 3, "value": 250},
        ),
        (TrenteQuaranteBet("b1", 3, "red", 2000), SHARED),
        (TrenteQuaranteBet("b1", 3, "red", 2000, insured=True), {**SHARED, "insured": True}),
        (
            TrenteQuaranteBet("p", 3, "insurance", 20, covers="b1"),
            {"id": "p", "seat": 3, "code": "insurance", "stake": 20, "covers": "b1"},
        ),
        (
            TrenteQuaranteBet("b1", 3, "red", 2000, "half", 2),
            {**SHARED, "zero_choice": "half", "prison": 2, "value": 1000},
        ),
        (BlackjackBet("b1", 3, "box:3", 2000), {**SHARED, "code": "box:3"}),
        (
            BlackjackBet("b1", 3, "box:3", 4000, doubled=True),
            {**SHARED, "code": "box:3", "stake": 4000, "doubled": True},
        ),
    ],
)
def test_each_class_writes_its_fields_when_they_apply_and_reads_them_back(bet, data):
    assert bet.to_json() == data
    assert list(bet.to_json()) == list(data)  # in the journal's order
    back = type(bet).from_json(bet.to_json())
    assert back == bet and type(back) is type(bet)


def test_a_bet_in_prison_is_worth_its_stake_halved_by_every_zero_after_the_first():
    bet = PrisonBet("b1", 3, "red", 2000)
    assert [bet.imprisoned(k).value for k in range(5)] == [2000, 2000, 1000, 500, 250]
    assert type(TrenteQuaranteBet("b1", 3, "red", 2000).imprisoned(1)) is TrenteQuaranteBet


def test_a_class_reads_only_its_own_fields():
    data = {**SHARED, "zero_choice": "half", "prison": 1, "value": 2000, "doubled": True}
    assert Bet.from_json(data) == Bet("b1", 3, "red", 2000)
    assert PrisonBet.from_json(data) == PrisonBet("b1", 3, "red", 2000, "half", 1)
    assert BlackjackBet.from_json(data) == BlackjackBet("b1", 3, "red", 2000, doubled=True)


@pytest.mark.parametrize("kind", [Bet, PrisonBet, TrenteQuaranteBet, BlackjackBet])
def test_a_plain_bet_is_adopted_with_the_defaults_and_any_other_stays_as_it_is(kind):
    adopted = kind.adopt(Bet("b1", 3, "red", 2000))
    assert adopted == kind("b1", 3, "red", 2000) and type(adopted) is kind
    for other in (
        PrisonBet("b1", 3, "red", 2000, zero_choice="half"),
        TrenteQuaranteBet("b1", 3, "red", 2000, insured=True),
        BlackjackBet("b1", 3, "red", 2000, doubled=True),
    ):
        assert kind.adopt(other) is other


def test_a_game_names_its_class_of_bets():
    assert {game_id: game.bet for game_id, game in GAMES.items()} == {
        "roulette_fr": PrisonBet,
        "roulette_us1": PrisonBet,
        "boule": Bet,
        "fortune_wheel": Bet,
        "craps": Bet,
        "poker_stud": Bet,
        "blackjack": BlackjackBet,
        "punto_banco": Bet,
        "trente_quarante": TrenteQuaranteBet,
        "monte": Bet,
        "chemin_de_fer": CircleBet,
    }


def test_narrowed_takes_the_bets_of_the_class_exactly():
    bets = [PrisonBet("a", 1, "red", 500), PrisonBet("b", 1, "odd", 500)]
    assert PrisonBet.narrowed(bets) == tuple(bets)
    with pytest.raises(TypeError, match="bet c: a TrenteQuaranteBet is another game's bet"):
        PrisonBet.narrowed([*bets, TrenteQuaranteBet("c", 1, "red", 500)])
    with pytest.raises(TypeError, match="bet d: a Bet is another game's bet"):
        PrisonBet.narrowed([Bet("d", 1, "red", 500)])
    assert another_game(Bet("d", 1, "red", 500), BlackjackBet) == (
        "a Bet is another game's bet: this game's bets are BlackjackBets"
    )


@pytest.mark.parametrize(
    "bet, problem",
    [
        (Bet("b1", 3, "red", 2000), None),
        (PrisonBet("b1", 3, "red", 2000), None),
        (PrisonBet("b1", 3, "red", 2000, zero_choice="half"), None),
        (
            PrisonBet("b1", 3, "red", 2000, zero_choice="maybe"),
            "the choice on zero is prison or half, not 'maybe'",
        ),
        (
            PrisonBet("b1", 3, "red", 2000, zero_choice="x" * 1000),
            f"the choice on zero is prison or half, not '{'x' * 64}…'",
        ),
        (PrisonBet("b1", 3, "red", 2000, prison=1), ENTERED_PLAIN),
        (TrenteQuaranteBet("b1", 3, "red", 2000, prison=2), ENTERED_PLAIN),
        (TrenteQuaranteBet("b1", 3, "red", 2000, zero_choice=None), "not None"),
        (TrenteQuaranteBet("b1", 3, "red", 2000, insured=True), None),
        (
            TrenteQuaranteBet("b1", 3, "red", 2000, insured="yes"),
            "insured is true or false, not 'yes'",
        ),
        (TrenteQuaranteBet("p", 3, "insurance", 20, covers="b1"), None),
        (
            TrenteQuaranteBet("p", 3, "insurance", 20, covers=""),
            "the bet it covers must be a non-empty",
        ),
        (
            TrenteQuaranteBet("p", 3, "insurance", 20, covers=7),
            "the bet it covers must be a non-empty",
        ),
        (
            TrenteQuaranteBet("p", 3, "insurance", 20, covers="y" * 65),
            "the bet it covers is 65 characters long: at most 64",
        ),
        (BlackjackBet("b1", 3, "box:3", 2000), None),
        (BlackjackBet("b1", 3, "box:3", 2000, doubled=True), ENTERED_PLAIN),
        (BlackjackBet("b1", 3, "box:3", 2000, doubled=0), ENTERED_PLAIN),
    ],
)
def test_a_bet_says_what_of_its_own_fields_a_croupier_cannot_enter(bet, problem):
    if problem is None:
        assert bet.entered_problem() is None
    else:
        assert problem in bet.entered_problem()
