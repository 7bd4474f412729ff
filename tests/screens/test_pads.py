"""The pads the croupier types on: taps at their keys' centres give the values, every target
is large enough at the 7-inch display, and they draw at 800x480 and 1920x1080.

Set PADS_PNGS to a folder to keep the drawings (else they go to pytest's tmp_path)."""

from __future__ import annotations

import os
from pathlib import Path
from types import SimpleNamespace

import pygame
import pygame.freetype
import pytest

from games.game import SpinGame
from games.registry import game
from games.rulebook import load_rules
from terminal.common.draw import FONT
from terminal.screens import kit
from terminal.screens.games.craps.pad import DicePad
from terminal.screens.games.fortune_wheel.pad import symbol_label
from terminal.screens.pads import (
    CardPad,
    CountSheet,
    DeckPad,
    DigitPad,
    NumberPad,
    Pad,
    PersonPad,
    Shown,
    outcome_pad,
)
from terminal.screens.pads.cards import FACES, card_label, card_pad, cards_label, suit_colour
from terminal.screens.texts import Texts

RULEBOOKS = Path(__file__).resolve().parents[2] / "config" / "rulebooks"
DENOMINATIONS = [50, 100, 500, 2500, 10000, 50000, 100000]
SMALL, LARGE = (800, 480), (1920, 1080)
OUTCOME_RECT = pygame.Rect(0, 80, 800, 400)  # what the croupier's screen gives a pad
DIGITS_RECT = pygame.Rect(410, 80, 380, 400)


@pytest.fixture
def pngs(tmp_path) -> Path:
    folder = Path(os.environ.get("PADS_PNGS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def rules_of(game_id: str):
    return load_rules(RULEBOOKS, "valencia-1994", game_id)


def spin(game_id: str) -> SpinGame:
    described = game(game_id)
    assert isinstance(described, SpinGame)
    return described


def drawn(pad: Pad, rect: pygame.Rect = OUTCOME_RECT, size=SMALL, language="en"):
    surface = pygame.Surface(size)
    surface.fill(kit.BACKGROUND)
    pad.draw(surface, rect, Texts(language))
    return surface


def press(pad: Pad, *names: str) -> None:
    """Tap each key at its centre, drawing the pad before each tap as the screen does."""
    for name in names:
        drawn(pad, pad._rect or OUTCOME_RECT)
        assert pad.tap(pad.key(name).rect.center), name


def small_targets(pad: Pad) -> list[str]:
    return [
        f"{k.name} {k.rect.size}"
        for k in pad.targets()
        if k.rect.w < kit.MIN_TARGET or k.rect.h < kit.MIN_TARGET
    ]


def overlapping(pad: Pad) -> list[str]:
    keys = pad.targets()
    return [
        f"{a.name} / {b.name}"
        for i, a in enumerate(keys)
        for b in keys[i + 1 :]
        if a.rect.colliderect(b.rect)
    ]


def save(pad: Pad, name: str, folder: Path, rect=OUTCOME_RECT, size=SMALL, language="en"):
    surface = drawn(pad, rect, size, language)
    pygame.image.save(surface, str(folder / f"{name}.png"))
    return surface


# the digit pad


def test_a_pin_is_typed_masked_and_handed_to_ok():
    got: list[str] = []
    pad = DigitPad(got.append, masked=True, min_digits=4, max_digits=8)
    drawn(pad, DIGITS_RECT)
    press(pad, "1", "9", "7", "3", "5", "delete")
    assert pad.value == "1973"
    assert "1" not in pad.display() and pad.display().count("●") == 4
    press(pad, "ok")
    assert got == ["1973"]


def test_ok_waits_for_the_least_digits_and_digits_stop_at_the_most():
    got: list[str] = []
    pad = DigitPad(got.append, masked=True, min_digits=4, max_digits=4)
    drawn(pad, DIGITS_RECT)
    press(pad, "2", "4", "6")
    assert not pad.key("ok").enabled
    press(pad, "ok")
    assert got == []
    press(pad, "8", "0")
    assert pad.value == "2468" and not pad.key("0").enabled
    press(pad, "clear")
    assert pad.value == "" and not pad.key("clear").enabled


def test_an_amount_shows_as_the_caller_writes_it():
    pad = DigitPad(shown=lambda digits: f"{int(digits or 0):,}.00")
    drawn(pad, DIGITS_RECT)
    press(pad, "1", "2", "5", "0", "0")
    assert pad.number == 12500 and pad.display() == "12,500.00"


def test_the_digit_pad_takes_no_tap_outside_it_nor_before_it_is_drawn():
    pad = DigitPad()
    assert not pad.tap((500, 200))
    drawn(pad, DIGITS_RECT)
    assert not pad.tap((10, 10))


# who signs


PEOPLE = [("D-01", "Joan Ferrer"), ("D-02", "Marta Soler"), ("C-07", "Maria Puig")]


def test_a_person_is_chosen_then_signs_with_a_pin():
    signed: list = []
    pad = PersonPad(
        PEOPLE, lambda t: "Games director signs the opening advance", lambda *a: signed.append(a)
    )
    drawn(pad)
    press(pad, "person:D-02", "4", "8", "1", "5", "ok")
    assert signed == [("D-02", "4815")]
    assert pad.pin == ""  # forgotten once handed on


def test_a_refused_pin_is_asked_again_and_someone_else_may_sign():
    signed: list = []
    pad = PersonPad(PEOPLE, "Pit boss signs the correction", lambda *a: signed.append(a))
    drawn(pad)
    press(pad, "person:D-01", "1", "1", "1", "1", "ok")
    pad.refuse("Wrong PIN: 4 tries left")
    assert pad.person == "D-01" and pad.pin == ""
    press(pad, "back", "person:C-07", "2", "5", "8", "0", "ok")
    assert signed == [("D-01", "1111"), ("C-07", "2580")]


def test_one_person_is_asked_the_pin_at_once():
    signed: list = []
    pad = PersonPad(PEOPLE[:1], "Games director", lambda *a: signed.append(a))
    drawn(pad)
    press(pad, "9", "0", "1", "2", "ok")
    assert signed == [("D-01", "9012")]


def test_many_people_go_in_pages():
    people = [(f"E-{n:02}", f"Employee {n}") for n in range(1, 20)]
    signed: list = []
    pad = PersonPad(
        people, "Employee of the table signs the closing count", lambda *a: signed.append(a)
    )
    drawn(pad)
    assert not pad.key("previous").enabled
    with pytest.raises(KeyError):
        pad.key("person:E-19")
    press(pad, "next", "next")
    press(pad, "person:E-19", "3", "3", "4", "4", "ok")
    assert signed == [("E-19", "3344")]


# the count sheet


def test_the_count_sheet_counts_each_denomination_and_the_drop():
    done: list = []
    sheet = CountSheet(
        DENOMINATIONS,
        drop=True,
        expected=7_500_000,
        at_least=True,
        on_done=lambda *a: done.append(a),
    )
    drawn(sheet)
    press(sheet, "row:100", "2", "0", "ok")  # OK goes on to the next row: 500
    press(sheet, "3", "ok")
    press(sheet, "row:100000", "7", "4")
    press(sheet, "row:drop", "1", "2", "5", "0")
    assert sheet.counts() == {50: 0, 100: 20, 500: 3, 2500: 0, 10000: 0, 50000: 0, 100000: 74}
    assert sheet.drop == 125_000
    assert sheet.total == 20 * 100 + 3 * 500 + 74 * 100_000 + 125_000
    press(sheet, "ok")  # on the last row
    assert done == [(sheet.counts(), 125_000)]


def test_typing_into_a_counted_row_replaces_its_count_and_delete_edits_it():
    sheet = CountSheet(DENOMINATIONS, counts={500: 12})
    drawn(sheet)
    press(sheet, "row:500", "4")
    assert sheet.counts()[500] == 4
    press(sheet, "row:50", "row:500", "delete")
    assert sheet.counts()[500] == 0
    press(sheet, "row:2500", "1", "6", "delete", "8")
    assert sheet.counts()[2500] == 18


# the outcome pads


def test_the_roulette_pad_is_the_cloth_and_gives_17():
    picked: list = []
    roulette = spin("roulette_fr")
    pad = NumberPad(roulette, rules_of("roulette_fr"), picked.append)
    drawn(pad)
    zero, three, one, thirty_six = (pad.key(f"pocket:{n}").rect for n in (0, 3, 1, 36))
    assert zero.h > 2 * three.h and zero.x < one.x  # 0 at the left over the three rows
    assert three.y < one.y and three.x == one.x and thirty_six.y == three.y  # 3-6-9 on top
    assert pad.key("pocket:17").colour == kit.BLACK and pad.key("pocket:17").label == "17"
    assert pad.key("pocket:0").colour == kit.GREEN
    assert pad.key("pocket:16").colour == kit.RED
    press(pad, "pocket:17")
    assert picked == [17] and pad.value == 17
    assert pad.outcome() == {"number": 17}
    assert pad.shown(17, Texts("en")) == Shown("17", kit.BLACK, kit.TEXT, "Black")


def test_the_boule_pad_has_5_in_the_centre_and_gives_5():
    picked: list = []
    pad = outcome_pad(spin("boule"), rules_of("boule"), picked.append)
    assert isinstance(pad, NumberPad)
    drawn(pad)
    cells = {n: pad.key(f"pocket:{n}").rect for n in range(1, 10)}
    assert cells[5].center == pytest.approx(
        ((cells[1].centerx + cells[9].centerx) / 2, (cells[1].centery + cells[9].centery) / 2),
        abs=2,
    )
    assert pad.key("pocket:5").colour not in (kit.RED, kit.BLACK)
    assert pad.key("pocket:7").colour == kit.RED and pad.key("pocket:8").colour == kit.BLACK
    press(pad, "pocket:5")
    assert picked == [5]


def test_a_fortune_segment_gives_its_number_and_the_outcome_its_symbol():
    fortune = spin("fortune_wheel")
    rules = rules_of("fortune_wheel")
    picked: list = []
    pad = outcome_pad(fortune, rules, picked.append)
    drawn(pad)
    assert len(pad.targets()) == len(rules.segments) == 54
    twenty = rules.segments.index("sym:20")
    joker = rules.segments.index("joker:2")
    assert pad.key(f"pocket:{twenty}").label == "20"
    assert pad.key(f"pocket:{joker}").label == "★2" == symbol_label("joker:2")
    press(pad, f"pocket:{twenty}")
    assert picked == [twenty]
    assert pad.value == twenty
    assert isinstance(pad, NumberPad) and pad.outcome() == {"segment": twenty, "symbol": "sym:20"}
    assert fortune.outcome(rules, twenty) == {"segment": twenty, "symbol": "sym:20"}
    assert pad.shown(twenty, Texts("en")).note == f"Segment {twenty}"


def test_the_dice_pad_gives_both_dice_once_both_are_picked():
    picked: list = []
    pad = outcome_pad(game("craps"), None, picked.append)
    assert isinstance(pad, DicePad)
    drawn(pad)
    press(pad, "die1:5")
    assert pad.value is None and picked == []
    press(pad, "die2:2")
    assert pad.value == (5, 2) and picked == [(5, 2)]
    assert pad.shown((5, 2), Texts("en")).text == "5 + 2 = 7"


def test_the_card_pad_gives_the_queen_of_hearts():
    picked: list = []
    pad = outcome_pad(game("punto_banco"), rules_of("punto_banco"), picked.append)
    assert isinstance(pad, CardPad)
    drawn(pad)
    assert pad.key("rank:T").label == "10"
    press(pad, "suit:H", "rank:Q")
    assert pad.value == "QH" and picked == ["QH"]
    shown = pad.shown("QH", Texts("en"))
    assert shown.text == "Q♥" and shown.text_colour == kit.RED
    press(pad, "rank:T", "suit:D")
    assert picked[-1] == "TD"


SPANISH_SUITS = {  # suit -> its name at the head of its row, in Catalan, Spanish and English
    "O": ("Oros", "Oros", "Coins"),
    "C": ("Copes", "Copas", "Cups"),
    "E": ("Espases", "Espadas", "Swords"),
    "B": ("Bastos", "Bastos", "Clubs"),
}


@pytest.mark.parametrize("language", ["ca", "es", "en"])
def test_a_spanish_pack_is_entered_on_its_40_cards_a_suit_a_row(language, request, pngs):
    names_drawn = request.getfixturevalue("drawn")  # the texts drawn (tests/screens/conftest.py)
    picked: list[str] = []
    coup = game("punto_banco")  # any coup game, its rules dealing from a Spanish pack
    pad = outcome_pad(coup, SimpleNamespace(deck="spanish"), picked.append)
    assert isinstance(pad, DeckPad)
    save(pad, f"spanish_cards_{language}_800x480", pngs, language=language)

    keys = {k.name: k for k in pad.targets()}
    assert len(keys) == 40 and not small_targets(pad) and not overlapping(pad)
    rows = [[keys[f"card:{rank}{suit}"] for rank in "1234567SCR"] for suit in "OCEB"]
    assert all(len({k.rect.y for k in row}) == 1 for row in rows)  # a suit a row, in its order
    assert [row[0].rect.y for row in rows] == sorted(row[0].rect.y for row in rows)
    assert [k.label for k in rows[1]] == list("1234567SCR")
    assert {suit: rows[n][0].label_colour for n, suit in enumerate("OCEB")} == dict(
        FACES["spanish"].colours
    )
    index = ("ca", "es", "en").index(language)
    assert [SPANISH_SUITS[suit][index] for suit in "OCEB"] == [
        text for text in names_drawn if text in {names[index] for names in SPANISH_SUITS.values()}
    ]

    press(pad, "card:SC")  # the sota de copes: never the six of clubs
    assert picked == ["SC"] and pad.value == "SC"
    shown = pad.shown("SC", Texts(language))
    assert shown.text == f"S {SPANISH_SUITS['C'][index]}" and shown.text_colour == kit.RED


def test_the_spanish_suits_are_gold_red_blue_and_green():
    gold, red, blue, green = (suit_colour(suit, "spanish") for suit in "OCEB")

    assert red == kit.RED
    assert gold[0] > gold[2] and gold[1] > gold[2]  # yellow: red and green over blue
    assert blue[2] == max(blue) and green[1] == max(green)
    assert (suit_colour("H"), suit_colour("S")) == (kit.RED, suit_colour("C", "french"))


def test_a_card_is_named_in_its_decks_words():
    assert card_label("QH") == "Q♥" and card_label("TD") == "10♦"
    assert card_label("5C") == "5♣"  # the French deck's, by default
    assert card_label("5C", "spanish", Texts("es")) == "5 Copas"
    assert card_label("RB", "spanish", Texts("en")) == "R Clubs"
    assert card_label("1O", "spanish") == "1 Oros"  # Catalan, the screen's first language
    assert cards_label(["QH", "TD"]) == "Q♥ 10♦"
    assert cards_label(["SC", "7E"], "spanish", Texts("ca")) == "S Copes, 7 Espases"


def test_the_card_pad_follows_the_decks_kind():
    assert isinstance(card_pad("french"), CardPad)
    assert isinstance(card_pad("spanish"), DeckPad) and card_pad("spanish").deck == "spanish"
    assert set(FACES) == {"french", "spanish"}


def test_the_shipped_font_has_the_suits_and_the_signs_the_pads_draw():
    pygame.freetype.init()
    face = pygame.freetype.Font(str(FONT), 30)
    for glyph in "♠♥♦♣★●⌫◀▶✓×":
        assert face.get_metrics(glyph)[0] is not None, glyph


@pytest.mark.parametrize("confirmed", [True, False])
def test_a_picked_outcome_counts_only_once_confirmed(confirmed):
    confirms: list[int] = []
    cancels: list[bool] = []
    pad = NumberPad(spin("roulette_fr"), rules_of("roulette_fr"))
    drawn(pad)
    press(pad, "pocket:17")
    confirmation = pad.confirmation(confirms.append, lambda: cancels.append(True))
    drawn(confirmation)
    assert {k.name for k in confirmation.targets()} == {"confirm", "cancel"}
    press(confirmation, "confirm" if confirmed else "cancel")
    assert (confirms, cancels) == (([17], []) if confirmed else ([], [True]))


def test_nothing_picked_is_nothing_to_confirm():
    with pytest.raises(ValueError):
        DicePad().confirmation(print, print)


# sizes and drawings


def every_pad():
    fortune_rules = rules_of("fortune_wheel")
    yield "digits_pin", DigitPad(masked=True, min_digits=4, value="1234"), DIGITS_RECT
    yield "digits_amount", DigitPad(value="125000", shown=lambda v: f"{int(v or 0):,}"), DIGITS_RECT
    person = PersonPad(PEOPLE, "Games director signs the opening advance", print)
    yield "person_list", person, OUTCOME_RECT
    many = PersonPad(
        [(f"E-{n}", f"Employee number {n}") for n in range(12)],
        "Cashier signs the closing count",
        print,
    )
    yield "person_pages", many, OUTCOME_RECT
    pin = PersonPad(PEOPLE, "Games director signs the opening advance", print)
    pin.choose("D-02")
    pin.digits.set("48")
    pin.refuse("Wrong PIN: 4 tries left")
    pin.digits.set("48")
    yield "person_pin", pin, OUTCOME_RECT
    sheet = CountSheet(
        DENOMINATIONS,
        drop=True,
        expected=7_500_000,
        at_least=True,
        counts={100: 20, 500: 3, 2500: 40, 100000: 70},
    )
    sheet.select(2500)
    yield "count_sheet", sheet, OUTCOME_RECT
    closing = CountSheet(DENOMINATIONS, expected=7_500_000, counts={50000: 150, 100: 10})
    yield "count_sheet_closing", closing, OUTCOME_RECT
    roulette = NumberPad(spin("roulette_us1"), rules_of("roulette_us1"))
    roulette.value = 17
    yield "roulette", roulette, OUTCOME_RECT
    boule = NumberPad(spin("boule"), rules_of("boule"))
    boule.value = 5
    yield "boule", boule, OUTCOME_RECT
    fortune = NumberPad(spin("fortune_wheel"), fortune_rules)
    fortune.value = fortune_rules.segments.index("sym:20")
    yield "fortune", fortune, OUTCOME_RECT
    dice = DicePad()
    dice.pick(0, 5)
    dice.pick(1, 2)
    yield "dice", dice, OUTCOME_RECT
    cards = CardPad()
    cards.pick(rank="Q", suit="H")
    yield "cards", cards, OUTCOME_RECT
    yield "confirm_roulette", roulette.confirmation(print, print), OUTCOME_RECT
    yield "confirm_fortune", fortune.confirmation(print, print), OUTCOME_RECT
    yield "confirm_dice", dice.confirmation(print, print), OUTCOME_RECT
    yield "confirm_card", cards.confirmation(print, print), OUTCOME_RECT
    spanish = DeckPad(deck="spanish")
    spanish.spent = frozenset({"3E"})
    yield "spanish_cards", spanish, OUTCOME_RECT
    spanish.value = "CE"
    yield "confirm_spanish_card", spanish.confirmation(print, print), OUTCOME_RECT


def scaled(rect: pygame.Rect) -> pygame.Rect:
    sx, sy = LARGE[0] / SMALL[0], LARGE[1] / SMALL[1]
    return pygame.Rect(
        round(rect.x * sx), round(rect.y * sy), round(rect.w * sx), round(rect.h * sy)
    )


@pytest.mark.parametrize("language", ["ca", "en"])
def test_every_target_is_large_enough_at_the_7_inch_display(language, pngs):
    for name, pad, rect in every_pad():
        save(pad, f"{name}_{language}_800x480", pngs, rect, SMALL, language)
        assert pad.targets(), name
        assert not small_targets(pad), name
        assert not overlapping(pad), name
        assert all(rect.contains(k.rect) for k in pad.targets()), name


def test_every_pad_draws_at_1920x1080(pngs):
    for name, pad, rect in every_pad():
        surface = save(pad, f"{name}_es_1920x1080", pngs, scaled(rect), LARGE, "es")
        assert surface.get_size() == LARGE
        assert all(scaled(rect).contains(k.rect) for k in pad.targets()), name


def test_the_card_pads_grey_what_the_shoe_cannot_give_and_a_correction_puts_back():
    from games.cards.shoe import Shoe
    from terminal.screens.pads.cards import spent_cards

    shoe = Shoe(1, deck="spanish").draw("1O").draw("2O")
    assert spent_cards(shoe) == {"1O", "2O"} and spent_cards(None) == frozenset()
    assert spent_cards(shoe, back=["2O"]) == {"1O"}  # the corrected coup's card, back
    assert spent_cards(shoe, back=["2O"], held=["3O"]) == {"1O", "3O"}  # its new one, out
    two = Shoe(2).draw("AS")
    assert spent_cards(two) == frozenset()  # a two-deck shoe holds another ace of spades


def test_a_keys_label_stays_below_its_corner_note():
    """A card of a corrected coup names its place in the corner ("Tirada") and its card below:
    the label never runs across the note's line (it did, "Tirada" over monte's "2")."""
    from terminal.screens.pads.base import key, ring_width

    surface = pygame.Surface((220, 110))
    rect = pygame.Rect(5, 5, 200, 96)
    white, blue = (245, 245, 240), (30, 90, 200)
    tile = key(rect, "5 Espases", lambda: None, colour=white, label_colour=blue, corner="7")
    surface.fill((0, 0, 0))
    tile.draw(surface)
    note = ring_width(rect) + 2 + kit.font(max(16, rect.h // 4)).get_height()
    band = [
        surface.get_at((x, y))[:3]
        for x in range(rect.x + 40, rect.right - 12)
        for y in range(rect.y + 4, rect.y + note)
    ]
    assert set(band) == {white}  # nothing but the key's face beside the note
    label = [
        (x, y)
        for x in range(rect.x + 40, rect.right - 12)
        for y in range(rect.y + note, rect.bottom - 4)
        if surface.get_at((x, y))[:3] != white
    ]
    assert label  # the label is drawn, below the note
