"""The payouts screen: the sheet of a round from the engine's own settlement, in the regulation's
order of payment; the seats tapped paid; the calculator agreeing with the engine on every kind
of chips; both drawn at the 7-inch display's size and at full HD."""

from __future__ import annotations

from collections import defaultdict

import pygame
import pytest

from games.boule.layout import covers as boule_covers
from games.prison import PrisonBet
from games.records import Bet
from games.registry import game
from games.roulette.layout import EVEN_CHANCES, all_codes, covers
from games.rulebook import load_rules
from terminal.common.settings import config_dir
from terminal.runtime.loop.settle import Settled
from terminal.screens import kit
from terminal.screens.payouts.calculator import CHANCES, PayoutCalculator
from terminal.screens.payouts.calculator_draw import draw_calculator
from terminal.screens.payouts.sheet import payment_order, payout_sheet
from terminal.screens.payouts.sheet_draw import draw_payouts
from terminal.screens.payouts.words import pay_line
from terminal.screens.texts import LANGUAGES, Texts, catalogue
from terminal.screens.texts.payouts import TEXTS

SIZES = [(800, 480), (1920, 1080)]
CHIPS = (50, 100, 500, 2500, 10000, 50000, 100000)  # config/tables/roulette_fr.toml's


def rules_of(game_id: str):
    return load_rules(config_dir() / "rulebooks", "valencia-1994", game_id)


def engine_of(game_id: str, minimum: int = 500, chip_unit: int = 50):
    """The table's engine as terminal/assemble.py's build_engine makes it."""
    rules = rules_of(game_id)
    return rules, game(game_id).engine(rules, rules.limits(minimum, chip_unit))


def bet(i, seat, code, stake, **kw) -> PrisonBet:
    return PrisonBet(str(i), seat, code, stake, **kw)


@pytest.fixture
def french():
    return engine_of("roulette_fr")


@pytest.fixture
def round_on_17(french):
    """A zero sends two even chances to prison; the next spin, 17, pays many families across
    seven seats, releases one prisoner (black) and loses the other (red)."""
    rules, engine = french
    zero = engine.settle(
        engine.new_state(),
        [bet("p1", 4, "black", 2000), bet("p2", 6, "red", 4000)],
        {"number": 0},
    )
    bets = [
        bet(1, 1, "straight:17", 500),
        bet(2, 1, "split:17-20", 1000),
        bet(3, 1, "red", 2500),
        bet(4, 2, "straight:17", 500),
        bet(5, 2, "column:2", 1500),
        bet(6, 2, "dozens:1-2", 1500),
        bet(7, 2, "odd", 500),
        bet(8, 2, "straight:3", 500),
        bet(9, 3, "corner:13-14-16-17", 1000),
        bet(10, 3, "sixline:13-18", 500),
        bet(11, 3, "street:16-17-18", 500),
        bet(12, 3, "low", 5000),
        bet(13, 5, "straight:22", 500),
        bet(14, 7, "columns:2-3", 1500),
        bet(15, 8, "dozen:2", 2000),
    ]
    result = engine.settle(zero.state, bets, {"number": 17})
    return rules, result, Settled.of(result).data(last_round=False)


# --- the order of payment


FRENCH_ORDER = (
    "columns",
    "column",
    "dozens",
    "dozen",
    "red",
    "black",
    "even",
    "odd",
    "high",
    "low",
    "sixline",
    "street",
    "corner",
    "split",
    "straight",
)


def test_the_roulettes_pay_in_the_order_of_their_sections():
    # 01 IV.3.c: two columns, columns, two dozens, dozens; the simple chances (roig, negre,
    # parells, imparells, passa, falta); six-lines and streets, corners and splits; straights
    assert payment_order("roulette_fr", rules_of("roulette_fr")) == FRENCH_ORDER
    # 02 III.b: doble columna, columna, passa, imparell, negre, roig, parell, falta, doble
    # dotzena, dotzena, sisena, transversal, quadre, parella, ple
    assert payment_order("roulette_us1", rules_of("roulette_us1")) == (
        "columns",
        "column",
        "high",
        "odd",
        "black",
        "red",
        "even",
        "low",
        "dozens",
        "dozen",
        "sixline",
        "street",
        "corner",
        "split",
        "straight",
    )


def test_trente_et_quarante_pays_colour_or_inverse_first():
    # 05 IV: "començant sempre per color o invers i després negre i roig"
    order = payment_order("trente_quarante", rules_of("trente_quarante"))
    assert order[:4] == ("couleur", "inverse", "noir", "rouge")


def test_a_silent_section_pays_in_section_01s_order_carried_over():
    # boule (04 IV.c) and the wheel of fortune (10 IV.3) say nothing of the order: their profiles
    # carry section 01's over, the even chances first, the number last; the symbols first
    assert payment_order("boule", rules_of("boule")) == (
        "red",
        "black",
        "even",
        "odd",
        "high",
        "low",
        "number",
    )
    assert payment_order("fortune_wheel", rules_of("fortune_wheel")) == ("sym", "joker")


def test_an_unknown_game_has_no_order():
    with pytest.raises(KeyError, match="unknown game"):
        payment_order("bingo", rules_of("boule"))


# --- the sheet


def test_the_sheet_hands_over_what_the_journal_says(round_on_17):
    rules, result, data = round_on_17
    sheet = payout_sheet(data, order=payment_order("roulette_fr", rules))
    totals = data["totals"]
    assert sheet.total == totals["paid"] + totals["returned"] == sheet.journaled
    assert sheet.balanced
    assert (sheet.winnings, sheet.returned) == (totals["paid"], totals["returned"])
    # seat by seat, what the engine settled for it
    seat_of = {b.id: b.seat for b in result.bets}
    owed: dict[int, int] = defaultdict(int)
    for entry in result.settlement:
        owed[seat_of[entry.id]] += entry.paid + entry.returned
    assert {seat.seat: seat.total for seat in sheet.seats} == dict(owed)
    assert sheet.remaining == sheet.total


def test_a_seat_lists_its_winning_bets_in_the_order_of_payment(round_on_17):
    rules, _, data = round_on_17
    sheet = payout_sheet(data, order=payment_order("roulette_fr", rules))
    seat = sheet.seat(2)
    assert [line.code for line in seat.bets] == ["column:2", "dozens:1-2", "odd", "straight:17"]
    assert [(line.stake, line.multiple, line.paid) for line in seat.bets] == [
        (1500, 2, 3000),
        (1500, 0.5, 750),
        (500, 1, 500),
        (500, 35, 17500),
    ]
    assert seat.total == 3000 + 750 + 500 + 17500 + 1500 + 1500 + 500 + 500
    assert [line.code for line in seat.lost] == ["straight:3"]
    assert seat.collected == 500
    seat = sheet.seat(3)
    assert [line.code for line in seat.bets] == [
        "low",
        "sixline:13-18",
        "street:16-17-18",
        "corner:13-14-16-17",
    ]


def test_seats_come_at_the_turn_of_their_first_bet_those_with_nothing_last(round_on_17):
    rules, _, data = round_on_17
    sheet = payout_sheet(data, order=payment_order("roulette_fr", rules))
    # 7: two columns; 2: a column; 8: a dozen; 4: black out of prison; 3: low; 1: a split
    assert [seat.seat for seat in sheet.seats] == [7, 2, 8, 4, 3, 1, 5, 6]
    assert [seat.seat for seat in sheet.to_pay] == [7, 2, 8, 4, 3, 1]
    assert not sheet.seat(5).bets and [line.code for line in sheet.seat(5).lost] == ["straight:22"]
    released = sheet.seat(4).bets[0]
    assert (released.code, released.result, released.returned, released.prison) == (
        "black",
        "push",
        2000,
        1,
    )
    assert [line.code for line in sheet.seat(6).lost] == ["red"]  # a prisoner whose chance lost


def test_prisoners_are_listed_apart_and_move_no_money(french):
    rules, engine = french
    bets = [
        bet("a", 1, "straight:0", 500),
        bet("b", 2, "red", 4000, zero_choice="half"),
        bet("c", 2, "split:0-3", 500),
        bet("d", 3, "black", 2000),
        bet("e", 3, "dozen:1", 1000),
    ]
    result = engine.settle(engine.new_state(), bets, {"number": 0})
    data = Settled.of(result).data(last_round=False)
    sheet = payout_sheet(data, order=payment_order("roulette_fr", rules))
    assert [line.code for line in sheet.prisoners] == ["black"]
    assert sheet.seat(3).prison[0].result == "prison" and not sheet.seat(3).bets
    half = sheet.seat(2).bets[0]
    assert (half.code, half.result, half.paid, half.returned) == ("red", "half", 0, 2000)
    assert sheet.total == data["totals"]["paid"] + data["totals"]["returned"] == 2000 + 9000 + 18000
    assert [seat.seat for seat in sheet.seats] == [2, 1, 3]


def test_the_next_spin_shows_a_prisoner_at_its_value(french):
    rules, engine = french
    first = engine.settle(engine.new_state(), [bet("p", 1, "even", 4000)], {"number": 0})
    second = engine.settle(first.state, [], {"number": 0})  # in prison at its stake
    third = engine.settle(second.state, [], {"number": 0})  # halved by the second zero
    data = Settled.of(third).data(last_round=False)
    sheet = payout_sheet(data, order=payment_order("roulette_fr", rules))
    (prisoner,) = sheet.prisoners
    assert (prisoner.stake, prisoner.value, prisoner.prison) == (4000, 2000, 2)
    assert sheet.total == 0 == sheet.remaining


class Journaled:
    """Payments as the journal keeps them (`round.paid`, a seq each), and the sheet read back."""

    def __init__(self, data, order, corrected=None):
        self.data, self.order, self.corrected = data, order, corrected
        self.payments: dict[int, list[dict]] = {}
        self.seq = 100

    def pay(self, seat: int, amount: int) -> None:
        self.seq += 1
        self.payments.setdefault(seat, []).append({"seat": seat, "amount": amount, "seq": self.seq})

    def undo(self, seat: int, seq: int) -> None:
        (paid,) = [p for p in self.payments[seat] if p["seq"] == seq]
        self.seq += 1
        self.payments[seat].append(
            {"seat": seat, "amount": -paid["amount"], "seq": self.seq, "undo": seq}
        )

    def sheet(self, **extra):
        return payout_sheet(
            self.data,
            order=self.order,
            payments=self.payments,
            corrected=self.corrected,
            **extra,
        )


def test_paying_seats_brings_the_remaining_down(round_on_17):
    rules, _, data = round_on_17
    journal = Journaled(data, payment_order("roulette_fr", rules))
    sheet = journal.sheet()
    total, two = sheet.total, sheet.seat(2).total
    journal.pay(2, two)
    sheet = journal.sheet()
    assert sheet.remaining == total - two and sheet.status(2) == "paid"
    (paid,) = journal.payments[2]
    journal.undo(2, paid["seq"])
    sheet = journal.sheet()
    assert sheet.remaining == total and not sheet.done and sheet.status(2) == "to_pay"
    for seat in sheet.to_pay:
        journal.pay(seat.seat, seat.total)
    sheet = journal.sheet()
    assert sheet.remaining == 0 and sheet.done
    with pytest.raises(KeyError):
        sheet.outstanding(12)


def test_a_correction_after_paying_says_what_to_pay_more_take_back_and_what_stands():
    """The issue's shift: seat 3 100 on the 2nd dozen, seat 4 50 on red, seat 5 20 on the
    3rd column; 14 paid to all, then corrected to 17."""
    rules, engine = engine_of("roulette_fr")
    bets = [
        bet("a", 3, "dozen:2", 10000),
        bet("b", 4, "red", 5000),
        bet("c", 5, "column:2", 2000),
    ]
    order = payment_order("roulette_fr", rules)
    on_14 = Settled.of(engine.settle(engine.new_state(), bets, {"number": 14})).data(
        last_round=False
    )
    on_17 = Settled.of(engine.settle(engine.new_state(), bets, {"number": 17})).data(
        last_round=False
    )
    journal = Journaled(on_14, order)
    for seat in journal.sheet().to_pay:
        journal.pay(seat.seat, seat.total)
    assert journal.sheet().done
    corrected = Journaled(on_17, order, corrected=journal.seq + 1)
    corrected.payments, corrected.seq = journal.payments, journal.seq + 1
    sheet = corrected.sheet()
    # 14: the 2nd dozen, red, the 2nd column win; 17: the 2nd dozen, black, the 2nd column
    assert sheet.status(3) == "stands" and sheet.outstanding(3) == 0
    assert sheet.status(4) == "take_back" and sheet.outstanding(4) == -10000
    assert sheet.status(5) == "stands"
    assert sheet.remaining == 0 and sheet.to_take_back == 10000
    corrected.pay(4, -10000)
    sheet = corrected.sheet()
    assert sheet.status(4) == "taken_back" and sheet.taken_back(4) == 10000 and sheet.done
    corrected.pay(4, 10000)  # handed back again: the take-back undone by hand, paid in full
    assert corrected.sheet().status(4) == "take_back"


def test_a_seat_paid_in_colour_chips_is_told_them():
    data = {
        "bets": [{"id": "1", "seat": 2, "code": "straight:7", "stake": 1000}],
        "settlement": [
            {
                "id": "1",
                "result": "win",
                "paid": 35000,
                "returned": 1000,
                "colour": {"name": "green", "unit": 1000, "chips": 36, "value_chips": 0},
            }
        ],
        "totals": {"staked": 1000, "paid": 35000, "returned": 1000, "house_net": -35000},
    }
    sheet = payout_sheet(data, order=FRENCH_ORDER)
    assert sheet.seat(2).colour == {"name": "green", "unit": 1000, "chips": 36, "value_chips": 0}


def test_a_sheet_that_disagrees_with_its_totals_says_so():
    data = {
        "bets": [{"id": "1", "seat": 1, "code": "red", "stake": 500}],
        "settlement": [{"id": "1", "result": "win", "paid": 500, "returned": 500}],
        "totals": {"staked": 500, "paid": 400, "returned": 500, "house_net": -400},
    }
    assert not payout_sheet(data, order=FRENCH_ORDER).balanced


# --- the calculator


def _engine_says(engine, code, stake, outcome, bet_class=PrisonBet, **kw):
    one = bet_class("x", 1, code, stake, **kw)
    (entry,) = engine.settle(engine.new_state(), [one], outcome).settlement
    return entry


def _roulette_kinds(number: int) -> dict[str, set[str]]:
    """Every code of the cloth winning on `number` (or caught by it: the even chances on zero),
    by the calculator's kind."""
    kinds: dict[str, set[str]] = defaultdict(set)
    for code in all_codes():
        family = code.split(":")[0]
        if family in EVEN_CHANCES:
            if number == 0 or number in covers(code):
                kinds[CHANCES].add(code)
        elif number in covers(code):
            kinds[family].add(code)
    return kinds


@pytest.mark.parametrize("game_id", ["roulette_fr", "roulette_us1"])
@pytest.mark.parametrize("number", [0, 1, 2, 17, 24, 34, 36])
@pytest.mark.parametrize("chip_unit", [50, 100])
def test_the_calculator_pays_as_the_engine_on_every_kind(game_id, number, chip_unit):
    rules, engine = engine_of(game_id, 500, chip_unit)
    calc = PayoutCalculator(game_id, rules, engine.limits, {"number": number}, chips=CHIPS)
    kinds = _roulette_kinds(number)
    assert set(calc.families) == set(kinds)
    for kind, codes in kinds.items():
        assert set(calc.covering[kind]) == codes
    for stacks in ({500: 3}, {500: 1, 2500: 1}, {500: 1}, {2500: 3}):
        calc.clear()
        winnings = returned = 0
        for kind in calc.families:
            for value, n in stacks.items():
                calc.add(kind, n, value)
        stake = sum(value * n for value, n in stacks.items())
        for kind, codes in kinds.items():
            line = calc.line(kind)
            assert line.stake == stake
            for code in codes:  # whichever of the kind's codes the chips are on
                entry = _engine_says(engine, code, stake, {"number": number}, zero_choice="half")
                assert (line.result, line.paid, line.returned) == (
                    entry.result,
                    entry.paid,
                    entry.returned,
                ), (kind, code)
            winnings, returned = winnings + line.paid, returned + line.returned
        assert (calc.winnings(), calc.returned()) == (winnings, returned)
        assert calc.total() == winnings + returned


def test_on_zero_the_even_chances_take_half_back_or_stay_in_prison():
    rules, engine = engine_of("roulette_fr", 500, 50)
    calc = PayoutCalculator("roulette_fr", rules, engine.limits, {"number": 0}, chips=CHIPS)
    assert calc.probed[CHANCES] == "half"
    calc.add(CHANCES, 4)  # 20.00: 10.00 back
    assert (calc.line(CHANCES).result, calc.total()) == ("half", 1000)
    calc.remove(CHANCES, 3)  # 5.00: half is below the minimum, prison is forced
    assert (calc.line(CHANCES).result, calc.total()) == ("prison", 0)
    last = PayoutCalculator("roulette_fr", rules, engine.limits, {"number": 0}, last_round=True)
    last.add(CHANCES, 1)  # the last spin forces half back
    assert (last.line(CHANCES).result, last.total()) == ("half", 250)
    us_rules, us_engine = engine_of("roulette_us1", 500, 50)
    us = PayoutCalculator("roulette_us1", us_rules, us_engine.limits, {"number": 0})
    us.add(CHANCES, 1)  # section 02 IV: half lost, no prison
    assert (us.line(CHANCES).result, us.total()) == ("half", 250)


def test_the_calculator_totals_winnings_and_stakes():
    rules, engine = engine_of("roulette_fr", 500, 50)
    calc = PayoutCalculator("roulette_fr", rules, engine.limits, {"number": 17}, chips=CHIPS)
    assert calc.values == (500, 2500, 10000, 50000, 100000)  # from the minimum up
    assert calc.value == 500
    calc.add("straight", 5)  # 25.00 x35
    calc.select(2500)
    calc.add("split", 2)  # 50.00 x17
    calc.add("columns", 1, 500)  # 5.00 x1/2
    assert calc.winnings() == 87500 + 85000 + 250
    assert calc.returned() == 2500 + 5000 + 500
    assert calc.total() == calc.winnings() + calc.returned()
    assert calc.chips("split") == {2500: 2}
    calc.remove("split", 5)
    assert calc.chips("split") == {} and calc.stake("split") == 0
    calc.clear()
    assert calc.total() == 0
    with pytest.raises(KeyError, match="no sixline wins on 0"):
        PayoutCalculator("roulette_fr", rules, engine.limits, {"number": 0}).add("sixline")


def test_the_kinds_follow_the_order_of_payment():
    rules, engine = engine_of("roulette_fr")
    calc = PayoutCalculator("roulette_fr", rules, engine.limits, {"number": 17})
    assert calc.families == (
        "columns",
        "column",
        "dozens",
        "dozen",
        CHANCES,
        "sixline",
        "street",
        "corner",
        "split",
        "straight",
    )
    assert calc.covering[CHANCES] == ("black", "odd", "low")
    assert calc.multiples["straight"] == 35 and calc.multiples["columns"] == 0.5


@pytest.mark.parametrize("number", range(1, 10))
def test_boule_pays_the_number_and_the_even_chances_but_not_on_5(number):
    rules, engine = engine_of("boule", 500, 50)
    calc = PayoutCalculator("boule", rules, engine.limits, {"number": number}, chips=CHIPS)
    assert calc.families == (("number",) if number == 5 else (CHANCES, "number"))
    assert calc.covering["number"] == (f"number:{number}",)
    for kind in calc.families:
        calc.add(kind, 3)
        calc.add(kind, 1, 2500)
        for code in calc.covering[kind]:
            assert number in boule_covers(code)
            entry = _engine_says(engine, code, 4000, {"number": number}, Bet)
            line = calc.line(kind)
            assert (line.result, line.paid, line.returned) == (
                entry.result,
                entry.paid,
                entry.returned,
            )
    if number == 5:
        assert calc.total() == 4000 * 7 + 4000


def test_the_wheel_of_fortune_pays_the_winning_symbol_only():
    rules, engine = engine_of("fortune_wheel", 500, 50)
    for segment, symbol in enumerate(rules.segments):
        outcome = {"segment": segment, "symbol": symbol}
        calc = PayoutCalculator("fortune_wheel", rules, engine.limits, outcome)
        (kind,) = calc.families
        assert calc.covering[kind] == (symbol,)
        calc.add(kind, 2)
        entry = _engine_says(engine, symbol, 1000, outcome, Bet)
        assert calc.total() == entry.paid + entry.returned == 1000 * (1 + rules.payout(symbol))


# --- the drawing


def _tap(buttons, name):
    (button,) = [b for b in buttons if b.name == name]
    assert button.tap(button.rect.center)
    return button


def _targets_are_large_enough(buttons, surface):
    area = surface.get_rect()
    for button in buttons:
        assert button.rect.w >= kit.MIN_TARGET and button.rect.h >= kit.MIN_TARGET, button.name
        assert area.contains(button.rect), button.name


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_sheet_draws_and_its_seats_are_tapped_paid(round_on_17, size, language, tmp_path):
    rules, _, data = round_on_17
    journal = Journaled(data, payment_order("roulette_fr", rules))
    surface = pygame.Surface(size)
    texts = Texts(language)
    sheet = journal.sheet()

    def draw():
        surface.fill((0, 0, 0))
        page, collected = sheet.page, sheet.collected
        fresh = journal.sheet()
        fresh.page, fresh.collected = page, collected
        buttons = draw_payouts(
            surface,
            surface.get_rect(),
            fresh,
            texts,
            heading="17, negre, imparell i falta",
            on_pay=journal.pay,
            on_undo=journal.undo,
        )
        _targets_are_large_enough(buttons, surface)
        return fresh, buttons

    # the losing bets are collected before any winner is paid
    sheet, buttons = draw()
    pygame.image.save(surface, tmp_path / f"collect_{size[0]}_{language}.png")
    assert [b.name for b in buttons] == ["collected"]
    _tap(buttons, "collected")
    sheet, buttons = draw()
    pygame.image.save(surface, tmp_path / f"sheet_{size[0]}_{language}.png")
    first = sheet.seats[0].seat
    _tap(buttons, f"paid:{first}")
    sheet, buttons = draw()
    assert sheet.status(first) == "paid"
    assert sheet.remaining == sheet.total - sheet.seat(first).total
    _tap(buttons, f"unpay:{first}")
    sheet, buttons = draw()
    assert sheet.status(first) == "to_pay"
    # more seats than fit the 7-inch display: pages of four seats at least
    seats_shown = set()
    pages = 0
    while True:
        sheet, buttons = draw()
        pages += 1
        rows = [b for b in buttons if b.name.startswith(("paid:", "unpay:"))]
        assert len(rows) >= min(4, len(sheet.seats) - 4 * (pages - 1)) or pages > 1
        for button in rows:
            if button.name.startswith("paid:"):
                seats_shown.add(int(button.name.split(":")[1]))
                button.tap(button.rect.center)
        following = [b for b in buttons if b.name == "payouts_next"]
        if not following or not following[0].enabled:
            break
        _tap(buttons, "payouts_next")
        assert pages < 10
    if size == (800, 480):
        assert pages > 1
    assert seats_shown == {seat.seat for seat in sheet.to_pay}
    sheet = journal.sheet()
    assert sheet.done and sheet.remaining == 0


@pytest.mark.parametrize("size", SIZES)
def test_a_round_without_winners_draws(size):
    sheet = payout_sheet({"bets": [], "settlement": [], "totals": {}}, order=FRENCH_ORDER)
    surface = pygame.Surface(size)
    assert draw_payouts(surface, surface.get_rect(), sheet, Texts("en")) == []


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(
    "game_id, outcome",
    [
        ("roulette_fr", {"number": 17}),
        ("roulette_fr", {"number": 0}),
        ("roulette_us1", {"number": 0}),
        ("boule", {"number": 5}),
        ("boule", {"number": 8}),
    ],
)
def test_the_calculator_draws_and_is_tapped(game_id, outcome, size, tmp_path):
    rules, engine = engine_of(game_id)
    calc = PayoutCalculator(game_id, rules, engine.limits, outcome, chips=CHIPS)
    surface = pygame.Surface(size)
    texts = Texts("ca")
    buttons = draw_calculator(surface, surface.get_rect(), calc, texts)
    _targets_are_large_enough(buttons, surface)
    last = calc.families[-1]
    _tap(buttons, f"plus:{last}")
    _tap(buttons, f"plus:{last}")
    _tap(buttons, "value:2500")
    assert calc.value == 2500
    buttons = draw_calculator(surface, surface.get_rect(), calc, texts)
    _tap(buttons, f"plus:{last}")
    assert calc.chips(last) == {500: 2, 2500: 1}
    buttons = draw_calculator(surface, surface.get_rect(), calc, texts)
    _tap(buttons, f"minus:{last}")
    assert calc.chips(last) == {500: 2}
    _tap(buttons, f"plus:{calc.families[0]}")
    surface.fill((0, 0, 0))
    buttons = draw_calculator(surface, surface.get_rect(), calc, texts)
    _targets_are_large_enough(buttons, surface)
    pygame.image.save(surface, tmp_path / f"calc_{game_id}_{size[0]}.png")
    assert calc.total() > 0
    _tap(buttons, "clear")
    assert calc.total() == 0


def test_the_wheel_of_fortune_calculator_draws():
    rules, engine = engine_of("fortune_wheel")
    outcome = {"segment": 0, "symbol": rules.segments[0]}
    calc = PayoutCalculator("fortune_wheel", rules, engine.limits, outcome, chips=CHIPS)
    surface = pygame.Surface((800, 480))
    buttons = draw_calculator(surface, surface.get_rect(), calc, Texts("es"))
    _targets_are_large_enough(buttons, surface)


def test_every_text_is_in_the_catalogue_in_every_language():
    for key, texts in TEXTS.items():
        assert catalogue()[key] == texts
        assert len(texts) == len(LANGUAGES) and all(t.strip() for t in texts), key


def test_the_bankers_commission_is_shown_in_money_on_its_payout():
    rules = rules_of("punto_banco")
    data = {
        "bets": [
            {"id": "b", "seat": 1, "code": "banker", "stake": 1000},
            {"id": "t", "seat": 1, "code": "tie", "stake": 500},
        ],
        "settlement": [
            {"id": "b", "result": "win", "paid": 950, "returned": 1000},
            {"id": "t", "result": "lose", "paid": 0, "returned": 0},
        ],
        "totals": {"staked": 1500, "paid": 950, "returned": 1000, "house_net": -450},
    }
    order = payment_order("punto_banco", rules)
    (line,) = payout_sheet(data, order=order, commission=rules.commission).seat(1).bets
    assert line.commission == 50  # 5% of the 1,000 won, kept: 950 paid
    assert "comissió 0,50" in pay_line(Texts("ca"), line)  # as Catalan writes it
    (plain,) = payout_sheet(data, order=order).seat(1).bets  # a game without a commission
    assert plain.commission == 0 and "comissió" not in pay_line(Texts("ca"), plain)
