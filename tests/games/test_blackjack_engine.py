"""Fixed card sequences through every bet, rule and path of a blackjack coup (section 03 and
docs/rulings.md), driven by the table's own loop (terminal/runtime/simulation/coups.py
play_coup)."""

import copy
from fractions import Fraction

import pytest

from games.blackjack.bet import BlackjackBet
from games.blackjack.engine import BlackjackEngine, BlackjackState
from games.blackjack.rules import BlackjackRules
from games.cards.coup import Misdeal, Need
from games.prison import PrisonBet
from games.records import Bet, BetRefused, Settlement, Totals
from games.trente_quarante.bet import TrenteQuaranteBet
from terminal.runtime.simulation.coups import play_coup
from tests.support.rulebook_files import profile_path, read_profile

F = Fraction
PROFILE = profile_path("blackjack")
MINIMUM, CHIP = 500, 100  # 3 to 2 on an odd number of chips leaves breakage


@pytest.fixture(scope="module")
def values():
    return read_profile(PROFILE)


@pytest.fixture(scope="module")
def engine(values):
    rules = BlackjackRules.from_dict(values, str(PROFILE))
    return BlackjackEngine(rules, rules.limits(MINIMUM, CHIP))


def variant(values, **changes):
    """An engine for the profile with `changes`."""
    altered = copy.deepcopy(values)
    altered.update(changes)
    rules = BlackjackRules.from_dict(altered, "test/blackjack.toml")
    return BlackjackEngine(rules, rules.limits(MINIMUM, CHIP))


def bet(box, stake=MINIMUM, seat=None, id=None):
    return BlackjackBet(id or f"b{box}", seat or box, f"box:{box}", stake)


def play(engine, bets, cards, decisions=()):
    """The coup of `bets` dealt `cards` (in the order it asks for them) with `decisions`
    ((place, action), in the order it asks for them); every card and decision must be used."""
    cards, decisions = list(cards.split() if isinstance(cards, str) else cards), list(decisions)

    def deal(place):
        assert cards, f"the coup asked one card too many, for {place}"
        return cards.pop(0)

    def decide(coup, place, options):
        assert decisions, f"the coup asked {place} for an unscripted decision among {options}"
        expected, action = decisions.pop(0)
        assert place == expected, f"{place} was asked, {expected} expected"
        return action

    result = play_coup(engine, engine.new_state(), bets, deal, decide)
    assert not cards and not decisions, f"left unused: {cards} {decisions}"
    return result


def steps(engine, bets, cards):
    """The coup after dealing `cards` one by one."""
    coup = engine.start(engine.new_state(), bets)
    for card in cards.split():
        coup = engine.card(coup, card)
    return coup


def entries(result):
    return {entry.id: entry for entry in result.settlement}


def won(id, paid, stake=MINIMUM, breakage=0):
    return Settlement(id, "win", paid=paid, returned=stake, breakage=breakage)


def lost(id):
    return Settlement(id, "lose")


def pushed(id, stake=MINIMUM):
    return Settlement(id, "push", returned=stake)


# --- placing bets ---------------------------------------------------------------------------


def test_bets_go_on_boxes_one_to_seven(engine):
    assert engine.check(bet(1)) is None and engine.check(bet(7)) is None
    assert "unknown bet" in engine.check(BlackjackBet("x", 1, "box:8", MINIMUM))
    assert "unknown bet" in engine.check(BlackjackBet("x", 1, "box:0", MINIMUM))
    assert "unknown bet" in engine.check(BlackjackBet("x", 1, "red", MINIMUM))


def test_a_box_takes_four_bets_at_most(engine):
    four = [bet(2, seat=seat, id=f"s{seat}") for seat in (1, 2, 3, 4)]
    assert engine.check(four[3], four[:3]) is None
    reason = engine.check(bet(2, seat=5, id="s5"), four)
    assert "4 bets" in reason and "IV.c" in reason
    with pytest.raises(BetRefused):
        engine.place(bet(2, seat=5, id="s5"), four)


def test_the_maximum_is_per_box_whoever_bets_on_it(engine):
    box_max = engine.limits.max["box"]
    assert box_max == 100 * MINIMUM
    half = box_max // 2
    first = bet(3, stake=half, seat=1, id="a")
    assert engine.check(bet(3, stake=half, seat=2, id="b"), [first]) is None
    reason = engine.check(bet(3, stake=half + MINIMUM, seat=2, id="b"), [first])
    assert "over the maximum" in reason and "V.2.b" in reason
    # another box
    assert engine.check(bet(4, stake=half + MINIMUM, seat=2, id="b"), [first]) is None


def test_stakes_are_multiples_of_the_minimum(engine):
    assert "below the table minimum" in engine.check(bet(1, stake=MINIMUM - CHIP))
    assert "not a multiple" in engine.check(bet(1, stake=MINIMUM + CHIP))
    assert "already taken" in engine.check(bet(1), [bet(2, id="b1")])


def test_insurance_and_split_hands_are_not_bet_on_before_the_deal(engine):
    assert "during the coup" in engine.check(BlackjackBet("i", 1, "insurance:1", MINIMUM))
    assert "a split makes" in engine.check(BlackjackBet("s", 1, "box:1.2", MINIMUM))
    assert "plain" in engine.check(BlackjackBet("d", 1, "box:1", 2 * MINIMUM, doubled=True))
    assert "plain" in engine.check(TrenteQuaranteBet("d", 1, "box:1", MINIMUM, insured=True))
    assert "plain" in engine.check(PrisonBet("d", 1, "box:1", MINIMUM))  # another game's bet
    assert "another game's bet" in engine.check(Bet("d", 1, "box:1", MINIMUM))  # the table adopts


def test_a_coup_needs_a_bet(engine):
    with pytest.raises(ValueError, match="needs a bet"):
        engine.start(engine.new_state(), [])
    with pytest.raises(BetRefused):
        engine.start(engine.new_state(), [BlackjackBet("i", 1, "insurance:1", MINIMUM)])


# --- the deal -------------------------------------------------------------------------------


def test_cards_go_to_each_box_from_the_left_then_the_dealer_then_the_second_round(engine):
    coup = engine.start(engine.new_state(), [bet(5), bet(2)])
    asked = []
    for card in "2S 3S 4S 5S 6S".split():
        need = engine.need(coup)
        asked.append(need.place)
        assert need.kind == "card"
        coup = engine.card(coup, card)
    assert asked == ["box:2", "box:5", "dealer", "box:2", "box:5"]
    assert coup.hand("box:2").cards == ("2S", "5S") and coup.hand("box:5").cards == ("3S", "6S")
    assert coup.dealer == ("4S",)


def test_the_dealer_takes_one_card_and_draws_after_the_players(engine):
    coup = steps(engine, [bet(1)], "TS 9H 6D")
    assert coup.dealer == ("9H",)  # no hole card
    assert engine.need(coup) == Need("decision", "box:1", ("stand", "hit"))
    coup = engine.decide(coup, "box:1", "stand")
    assert engine.need(coup) == Need("card", "dealer")


def test_the_dealer_stands_on_17_or_more_and_draws_below(engine):
    result = play(engine, [bet(1)], "TS 6H 9D 5C 6S", [("box:1", "stand")])
    assert result.outcome == {"dealer": ["6H", "5C", "6S"], "hands": {"box:1": ["TS", "9D"]}}
    assert entries(result)["b1"] == won("b1", MINIMUM)
    assert (
        result.announcement.key == "dealer_total"
        and result.announcement.text["ca"] == "La banca fa 17"
    )


def test_the_dealer_stands_on_a_soft_17(engine):
    result = play(engine, [bet(1)], "TS AH 7D 6C", [("box:1", "no_insurance"), ("box:1", "stand")])
    assert result.outcome["dealer"] == ["AH", "6C"]
    assert entries(result)["b1"] == pushed("b1")


def test_a_profile_may_have_the_dealer_hit_a_soft_17(values):
    engine = variant(values, dealer_hits_soft_17=True)
    result = play(
        engine, [bet(1)], "TS AH 7D 6C 2S", [("box:1", "no_insurance"), ("box:1", "stand")]
    )
    assert result.outcome["dealer"] == ["AH", "6C", "2S"]
    assert entries(result)["b1"] == lost("b1")


def test_an_ace_counts_one_when_eleven_would_bust_the_dealer(engine):
    # 6, 5, ace: 12, then 17
    result = play(engine, [bet(1)], "TS 6H 8D 5C AC 5S", [("box:1", "stand")])
    assert result.outcome["dealer"] == ["6H", "5C", "AC", "5S"]
    assert entries(result)["b1"] == won("b1", MINIMUM)


def test_a_hand_over_21_loses_even_when_the_dealer_busts(engine):
    result = play(
        engine, [bet(1), bet(2)], "TS 9S 6H 6D 8S 8H TD TH", [("box:1", "hit"), ("box:2", "stand")]
    )
    assert result.outcome == {
        "dealer": ["6H", "TD", "TH"],
        "hands": {"box:1": ["TS", "6D", "8H"], "box:2": ["9S", "8S"]},
    }
    assert entries(result)["b1"] == lost("b1")  # 24: bust, though the dealer busts too
    assert entries(result)["b2"] == won("b2", MINIMUM)
    assert result.announcement.key == "dealer_bust"


def test_a_hand_of_21_does_not_lose_and_stands_by_itself(engine):
    """Erratum V.1.a: 'when a hand reaches 21 it loses' reads over 21."""
    result = play(engine, [bet(1)], "TS 9H 5D 6C TC", [("box:1", "hit")])  # 21: no more decisions
    assert result.outcome["hands"]["box:1"] == ["TS", "5D", "6C"]
    assert entries(result)["b1"] == won("b1", MINIMUM)
    assert "bust" in engine.rules.errata


def test_the_dealer_draws_no_more_when_every_hand_has_bust(engine):
    result = play(
        engine, [bet(1), bet(2)], "TS TD 5H 6S 6D TH TC", [("box:1", "hit"), ("box:2", "hit")]
    )
    assert result.outcome["dealer"] == ["5H"]
    assert result.settlement == (lost("b2"), lost("b1"))
    assert result.announcement.key == "all_bust"


def test_with_only_blackjacks_left_the_dealer_draws_only_if_he_may_make_one(engine):
    result = play(engine, [bet(1)], "AS 9H KD")
    assert result.outcome["dealer"] == ["9H"]  # a 9 cannot make blackjack: nothing to draw for
    assert entries(result)["b1"] == won("b1", 700, breakage=50)
    result = play(engine, [bet(1)], "AS TH KD 7C")
    assert result.outcome["dealer"] == ["TH", "7C"]  # one card: his blackjack would push it


# --- blackjack ------------------------------------------------------------------------------


def test_blackjack_pays_3_to_2_rounded_down_to_the_chip(engine):
    result = play(engine, [bet(1), bet(2, stake=2 * MINIMUM)], "AS AH 7D TD QS")
    assert entries(result)["b1"] == won("b1", 700, breakage=50)
    assert entries(result)["b2"] == won("b2", 1500, stake=2 * MINIMUM)


def test_blackjack_beats_a_21_of_more_cards(engine):
    result = play(engine, [bet(1), bet(2)], "AS TS 5H JD QS 6C KC", [("box:2", "stand")])
    assert result.outcome["dealer"] == ["5H", "6C", "KC"]
    assert entries(result)["b1"] == won("b1", 700, breakage=50)
    assert entries(result)["b2"] == lost("b2")


def test_blackjack_against_the_dealers_blackjack_is_a_push(engine):
    result = play(engine, [bet(1)], "AS AH JD KC", [("box:1", "no_insurance")])
    assert entries(result)["b1"] == pushed("b1")
    assert result.announcement.key == "dealer_blackjack"


def test_the_dealers_blackjack_beats_a_21_of_more_cards(engine):
    result = play(engine, [bet(1)], "7S AH 4D TC KC", [("box:1", "no_insurance"), ("box:1", "hit")])
    assert result.outcome["hands"]["box:1"] == ["7S", "4D", "TC"]
    assert entries(result)["b1"] == lost("b1")


# --- insurance ------------------------------------------------------------------------------


def test_insurance_is_offered_to_every_box_before_any_third_card(engine):
    coup = steps(engine, [bet(1), bet(4)], "TS 9S AH 6D 5C")
    assert engine.need(coup) == Need("decision", "box:1", ("insurance", "no_insurance"))
    assert [call.key for call in coup.calls] == ["insurance"]
    coup = engine.decide(coup, "box:1", "no_insurance")
    assert engine.need(coup) == Need("decision", "box:4", ("insurance", "no_insurance"))
    coup = engine.decide(coup, "box:4", "insurance")
    assert engine.need(coup) == Need("decision", "box:1", ("stand", "hit"))


def test_insurance_is_not_offered_without_the_dealers_ace(engine):
    coup = steps(engine, [bet(1)], "TS KH 6D")
    assert engine.need(coup) == Need("decision", "box:1", ("stand", "hit"))
    assert coup.calls == ()


def test_insurance_is_half_the_bet_and_pays_2_to_1_on_the_dealers_blackjack(engine):
    bets = [bet(1, stake=2 * MINIMUM), bet(1, stake=4 * MINIMUM, seat=2, id="c")]
    result = play(engine, bets, "TS AH 9D KC", [("box:1", "insurance"), ("box:1", "stand")])
    insured = {b.id: b for b in result.bets if b.family == "insurance"}
    assert insured == {
        "b1.ins": BlackjackBet("b1.ins", 1, "insurance:1", MINIMUM),
        "c.ins": BlackjackBet("c.ins", 2, "insurance:1", 2 * MINIMUM),
    }
    assert entries(result)["b1.ins"] == won("b1.ins", 2 * MINIMUM)
    assert entries(result)["c.ins"] == won("c.ins", 4 * MINIMUM, stake=2 * MINIMUM)
    assert entries(result)["b1"] == lost("b1")
    assert result.totals == Totals(staked=9 * MINIMUM, paid=6 * MINIMUM, returned=3 * MINIMUM)


def test_insurance_loses_when_the_dealer_has_no_blackjack(engine):
    result = play(
        engine,
        [bet(1, stake=2 * MINIMUM)],
        "TS AH 9D 7C",
        [("box:1", "insurance"), ("box:1", "stand")],
    )
    assert entries(result)["b1.ins"] == lost("b1.ins")
    assert entries(result)["b1"] == won("b1", 2 * MINIMUM, stake=2 * MINIMUM)


def test_insurance_is_whole_chips_and_a_one_chip_bet_is_not_offered_it(values):
    rules = BlackjackRules.from_dict(values, "test")
    engine = BlackjackEngine(rules, rules.limits(100, 100))
    coup = steps(
        engine,
        [BlackjackBet("a", 1, "box:1", 100), BlackjackBet("b", 2, "box:2", 300)],
        "TS 9S AH 6D 5C",
    )
    assert engine.need(coup).place == "box:2"  # box 1's 100 halves to less than a chip
    coup = engine.decide(coup, "box:2", "insurance")
    # half of 300, down to the chip
    assert coup.insurance == (BlackjackBet("b.ins", 2, "insurance:2", 100),)


def test_insurance_is_settled_though_every_hand_has_bust(engine):
    result = play(
        engine,
        [bet(1, stake=2 * MINIMUM)],
        "TS AH 6D KC QC",
        [("box:1", "insurance"), ("box:1", "hit")],
    )
    assert result.outcome["dealer"] == ["AH", "QC"]  # one card, to decide the insurance
    assert entries(result)["b1.ins"] == won("b1.ins", 2 * MINIMUM)


# --- splitting ------------------------------------------------------------------------------


def test_two_cards_of_the_same_value_split_tens_and_faces_alike(engine):
    assert "split" in engine.need(steps(engine, [bet(1)], "KS 6H QD")).options
    assert "split" in engine.need(steps(engine, [bet(1)], "8S 6H 8D")).options
    assert "split" not in engine.need(steps(engine, [bet(1)], "TS 6H 9D")).options


def test_a_split_makes_a_new_hand_and_bet_for_every_bet_on_the_box(engine):
    bets = [bet(1, id="p"), bet(1, stake=2 * MINIMUM, seat=3, id="q")]
    result = play(
        engine,
        bets,
        "8S 6H 8D 3C 9C AS",
        [("box:1", "split"), ("box:1", "stand"), ("box:1.2", "stand")],
    )
    assert result.outcome == {
        "dealer": ["6H", "AS"],
        "hands": {"box:1": ["8S", "3C"], "box:1.2": ["8D", "9C"]},
    }
    split = {b.id: b for b in result.bets if b.code == "box:1.2"}
    assert split == {
        "p.2": BlackjackBet("p.2", 1, "box:1.2", MINIMUM),
        "q.2": BlackjackBet("q.2", 3, "box:1.2", 2 * MINIMUM),
    }
    assert entries(result)["p"] == lost("p") and entries(result)["p.2"] == pushed("p.2")
    assert entries(result)["q.2"] == pushed("q.2", 2 * MINIMUM)


def test_split_hands_are_played_in_turn_each_taking_its_second_card_when_its_turn_comes(engine):
    coup = engine.decide(steps(engine, [bet(1), bet(2)], "8S 5S 6H 8D 5D"), "box:1", "split")
    assert [h.place for h in coup.hands] == ["box:1", "box:1.2", "box:2"]
    assert engine.need(coup) == Need("card", "box:1")
    coup = engine.decide(engine.card(coup, "2C"), "box:1", "stand")
    assert engine.need(coup) == Need("card", "box:1.2")


def test_pairs_split_again_up_to_six_hands(engine):
    cards = "8S 6H 8D 8C 8H 8S 8D 8C"
    coup = steps(engine, [bet(1)], "8S 6H 8D")
    for drawn in cards.split()[3:]:
        coup = engine.decide(coup, engine.need(coup).place, "split")
        coup = engine.card(coup, drawn)
    assert [h.place for h in coup.hands] == ["box:1", *(f"box:1.{n}" for n in range(2, 7))]
    # a 7th hand is not allowed
    assert engine.need(coup) == Need("decision", "box:1", ("stand", "hit"))
    assert [b.id for h in coup.hands for b in h.bets] == [
        "b1",
        "b1.2",
        "b1.3",
        "b1.4",
        "b1.5",
        "b1.6",
    ]


def test_split_aces_take_one_card_each(engine):
    result = play(engine, [bet(1)], "AS 6H AD 5C 9C TS AC", [("box:1", "split")])
    assert result.outcome["hands"] == {"box:1": ["AS", "5C"], "box:1.2": ["AD", "9C"]}
    assert entries(result)["b1"] == lost("b1") and entries(result)["b1.2"] == won("b1.2", MINIMUM)


def test_a_split_ace_drawing_an_ace_may_split_again(engine, values):
    coup = engine.card(engine.decide(steps(engine, [bet(1)], "AS 6H AD"), "box:1", "split"), "AC")
    assert engine.need(coup) == Need("decision", "box:1", ("stand", "split"))
    no_resplit = variant(values, resplit_aces=False)
    coup = no_resplit.card(
        no_resplit.decide(steps(no_resplit, [bet(1)], "AS 6H AD"), "box:1", "split"), "AC"
    )
    assert no_resplit.need(coup) == Need("card", "box:1.2")


def test_21_after_a_split_is_not_blackjack(engine):
    result = play(engine, [bet(1)], "AS 6H AD KC 8C TS 5S", [("box:1", "split")])
    assert result.outcome["dealer"] == ["6H", "TS", "5S"]  # 21 of three cards
    assert entries(result)["b1"] == pushed("b1")  # ace and king after a split: a plain 21
    result = play(
        engine, [bet(1)], "KS 6H KD AC 8C TS 2S", [("box:1", "split"), ("box:1.2", "stand")]
    )
    assert entries(result)["b1"] == won("b1", MINIMUM)  # paid once the stake, not 3 to 2


# --- doubling -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "doubles"),
    [
        ("5S 6H 4D", True),
        ("6S 6H 4D", True),
        ("7S 6H 4D", True),  # 9, 10, 11
        ("4S 6H 4D", False),
        ("8S 6H 4D", False),  # 8, 12
        ("AS 6H 8D", True),
        ("AS 6H 9D", True),
        ("AS 6H 7D", False),
        ("AS 6H 2D", False),
    ],
)
def test_doubling_on_9_10_11_or_ace_with_8_or_9(engine, cards, doubles):
    assert ("double" in engine.need(steps(engine, [bet(1)], cards)).options) is doubles


def test_no_double_after_a_third_card(engine):
    coup = engine.card(engine.decide(steps(engine, [bet(1)], "3S 6H 4D"), "box:1", "hit"), "2C")
    assert engine.need(coup).options == ("stand", "hit")


def test_a_double_takes_one_card_doubles_every_bet_and_warns_the_ace_counts_one(engine):
    bets = [bet(1), bet(1, stake=2 * MINIMUM, seat=4, id="q")]
    coup = engine.decide(steps(engine, bets, "6S 6H 4D"), "box:1", "double")
    assert [call.key for call in coup.calls] == ["ace_counts_one"]
    assert coup.calls[0].text["ca"] == "Aposta doble: l'as val un punt"
    coup = engine.card(coup, "2C")
    assert engine.need(coup) == Need("card", "dealer")  # 12, one card only: no more decisions
    result = play(engine, bets, "6S 6H 4D 9C TS 2S", [("box:1", "double")])
    assert {b.id: (b.stake, b.doubled) for b in result.bets} == {
        "b1": (2 * MINIMUM, True),
        "q": (4 * MINIMUM, True),
    }
    assert entries(result)["b1"] == won("b1", 2 * MINIMUM, stake=2 * MINIMUM)
    assert entries(result)["q"] == won("q", 4 * MINIMUM, stake=4 * MINIMUM)
    assert result.bets[0].to_json()["doubled"] is True


def test_in_a_doubled_hand_every_ace_counts_one(engine):
    result = play(engine, [bet(1)], "AS 6H 8D 2C TS 2S", [("box:1", "double")])
    assert result.outcome["dealer"] == ["6H", "TS", "2S"]  # 18
    assert entries(result)["b1"] == lost("b1")  # ace, 8, 2 doubled count 11, not 21
    result = play(engine, [bet(1)], "6S 7H 4D AC TS", [("box:1", "double")])
    assert entries(result)["b1"] == lost("b1")  # 10 doubled drawing an ace counts 11, against 17


def test_doubling_after_a_split(engine):
    result = play(
        engine,
        [bet(1)],
        "5S 6H 5D 4C TC 8S TS 2S",
        [("box:1", "split"), ("box:1", "double"), ("box:1.2", "stand")],
    )
    assert result.outcome == {
        "dealer": ["6H", "TS", "2S"],
        "hands": {"box:1": ["5S", "4C", "TC"], "box:1.2": ["5D", "8S"]},
    }
    assert {b.id: (b.stake, b.doubled) for b in result.bets} == {
        "b1": (2 * MINIMUM, True),
        "b1.2": (MINIMUM, False),
    }
    assert entries(result)["b1"] == won("b1", 2 * MINIMUM, stake=2 * MINIMUM)  # 19 against 18
    assert entries(result)["b1.2"] == lost("b1.2")


# --- the dealer's blackjack -----------------------------------------------------------------


def test_the_dealers_blackjack_takes_doubled_and_split_stakes_too(engine):
    result = play(
        engine,
        [bet(1)],
        "8S TH 8D 3C 9C 7C AS",
        [("box:1", "split"), ("box:1", "double"), ("box:1.2", "stand")],
    )
    assert result.outcome["dealer"] == ["TH", "AS"]
    assert result.settlement == (lost("b1.2"), lost("b1"))
    assert result.totals == Totals(staked=3 * MINIMUM, paid=0, returned=0)


def test_a_profile_may_have_the_dealers_blackjack_take_the_bet_only(values):
    engine = variant(values, dealer_blackjack_takes="original")
    result = play(
        engine,
        [bet(1)],
        "8S TH 8D 3C 9C 7C AS",
        [("box:1", "split"), ("box:1", "double"), ("box:1.2", "stand")],
    )
    assert entries(result)["b1"] == Settlement("b1", "half", returned=MINIMUM)  # doubled: half back
    assert entries(result)["b1.2"] == pushed("b1.2")
    result = play(
        engine,
        [bet(1)],
        "8S TH 8D 4C TC 7C AS",
        [("box:1", "split"), ("box:1", "hit"), ("box:1.2", "stand")],
    )
    assert entries(result)["b1"] == lost("b1")  # 8, 4, 10: bust before the dealer's blackjack


# --- settlement -----------------------------------------------------------------------------


def test_the_croupier_collects_then_pays_from_right_to_left(engine):
    bets = [bet(box) for box in (1, 2, 3, 4)]
    result = play(
        engine,
        bets,
        "TS TD TH TC 9H 6S 8S 7S 9S 9C",
        [("box:1", "stand"), ("box:2", "stand"), ("box:3", "stand"), ("box:4", "stand")],
    )
    assert result.outcome["dealer"] == ["9H", "9C"]  # 18: box 1 (16) and box 3 (17) lose
    assert [(e.id, e.result) for e in result.settlement] == [
        ("b3", "lose"),
        ("b1", "lose"),
        ("b4", "win"),
        ("b2", "push"),
    ]
    assert [b.id for b in result.bets] == ["b4", "b3", "b2", "b1"]
    assert result.totals == Totals(staked=4 * MINIMUM, paid=MINIMUM, returned=2 * MINIMUM)


def test_the_outcome_lists_the_dealers_cards_and_every_hand(engine):
    result = play(
        engine, [bet(3), bet(1)], "9S TS 7H 2D 8C 7C TH", [("box:1", "double"), ("box:3", "stand")]
    )
    assert result.outcome == {
        "dealer": ["7H", "TH"],
        "hands": {"box:1": ["9S", "2D", "7C"], "box:3": ["TS", "8C"]},
    }
    assert result.state == BlackjackState()


def test_void_returns_every_bet(engine):
    bets = [bet(1), bet(2)]
    void = engine.void(engine.new_state(), bets)
    assert void.returned == tuple(bets) and void.kept == ()
    assert void.announcement.key == "void_coup"


# --- misdeals -------------------------------------------------------------------------------


def test_a_card_when_a_decision_is_due_is_refused_and_changes_nothing(engine):
    coup = steps(engine, [bet(1)], "TS 6H 5D")
    with pytest.raises(Misdeal) as refused:
        engine.card(coup, "2C")
    assert refused.value.handling == "discard" and "box:1's decision" in refused.value.reason
    assert engine.need(coup) == Need("decision", "box:1", ("stand", "hit"))
    assert coup.hand("box:1").cards == ("TS", "5D")


def test_a_card_when_the_coup_is_to_be_settled_is_refused(engine):
    coup = engine.card(engine.decide(steps(engine, [bet(1)], "TS 6H 9D"), "box:1", "stand"), "AC")
    assert engine.need(coup) == Need("settle")
    with pytest.raises(Misdeal, match="nothing more"):
        engine.card(coup, "2C")
    assert coup.dealer == ("6H", "AC")


def test_a_decision_when_a_card_is_due_is_refused_and_changes_nothing(engine):
    coup = steps(engine, [bet(1)], "TS 6H")
    with pytest.raises(ValueError, match="a card for box:1"):
        engine.decide(coup, "box:1", "stand")
    assert engine.need(coup) == Need("card", "box:1")
    coup = engine.decide(steps(engine, [bet(1)], "TS 6H 5D"), "box:1", "hit")
    with pytest.raises(ValueError, match="a card for box:1"):
        engine.decide(coup, "box:1", "stand")


def test_a_decision_out_of_turn_or_not_among_the_options_is_refused(engine):
    coup = steps(engine, [bet(1), bet(2)], "TS 9S 6H 5D 8D")
    with pytest.raises(ValueError, match="box:1's, not box:2's"):
        engine.decide(coup, "box:2", "stand")
    with pytest.raises(ValueError, match="stand or hit, not 'double'"):
        engine.decide(coup, "box:1", "double")
    with pytest.raises(ValueError, match="cannot be settled yet"):
        engine.settle(coup)


def test_what_is_no_card_is_refused(engine):
    coup = steps(engine, [bet(1)], "TS")
    with pytest.raises(ValueError, match="is not a card"):
        engine.card(coup, "1S")


# --- the simulated players' decisions -------------------------------------------------------


def test_the_strategy_never_insures_and_follows_the_chart(engine):
    coup = steps(engine, [bet(1)], "TS AH 6D")
    assert engine.strategy(coup, "box:1", ("insurance", "no_insurance")) == "no_insurance"
    coup = steps(engine, [bet(1)], "TS 6H 6D")  # 16 against 6: stand
    assert engine.strategy(coup, "box:1", ("stand", "hit")) == "stand"
    coup = steps(engine, [bet(1)], "TS 7H 6D")  # 16 against 7: hit
    assert engine.strategy(coup, "box:1", ("stand", "hit")) == "hit"
    coup = steps(engine, [bet(1)], "6S 6H 5D")  # 11 against 6: double
    assert engine.strategy(coup, "box:1", ("stand", "hit", "double")) == "double"


def test_the_strategy_splits_the_charts_pairs_and_splits_again(engine):
    chart = engine.rules.strategy
    assert chart.splits(8, 6) and not chart.splits(10, 6)
    coup = steps(engine, [bet(1)], "8S 6H 8D")
    assert engine.strategy(coup, "box:1", ("stand", "hit", "split")) == "split"
    coup = steps(engine, [bet(1)], "TS 6H KD")
    assert engine.strategy(coup, "box:1", ("stand", "hit", "split")) == "stand"
    coup = engine.card(engine.decide(steps(engine, [bet(1)], "AS 6H AD"), "box:1", "split"), "AC")
    assert engine.strategy(coup, "box:1", ("stand", "split")) == "split"


def test_a_doubled_bet_is_journaled_and_read_back(engine):
    doubled = BlackjackBet("b1", 1, "box:1", 2 * MINIMUM, doubled=True)
    assert doubled.to_json() == {
        "id": "b1",
        "seat": 1,
        "code": "box:1",
        "stake": 1000,
        "doubled": True,
    }
    assert BlackjackBet.from_json(doubled.to_json()) == doubled
    assert (
        "doubled" not in bet(1).to_json()
        and BlackjackBet.from_json(bet(1).to_json()).doubled is False
    )
