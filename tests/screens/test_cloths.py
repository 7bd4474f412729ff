"""The cloths of the wheel games: a tap gives the bet a chip placed there makes on a real cloth,
every bet's chips are drawn where a tap gives that bet back, and the drawing lights the winning
number and what it wins, padlocks the prisoners and outlines a refusal.

Set CLOTHS_PNGS to a folder to keep the drawings (else they go to pytest's tmp_path)."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from games.registry import GAMES, game
from games.roulette import layout as roulette_layout
from games.rulebook import load_rules
from terminal.screens import kit
from terminal.screens.cloths import Chip, cloth_for, payout_text
from terminal.screens.cloths.base import PRISON
from terminal.screens.games import screens_of
from terminal.screens.texts import LANGUAGES, Texts

RULEBOOKS = Path(__file__).resolve().parents[2] / "config" / "rulebooks"
WHEEL_GAMES = ("roulette_fr", "roulette_us1", "boule", "fortune_wheel")
# the area the croupier's screen gives the cloth at 800x480 (placed within it), and a large one
RECTS = {"560x330": pygame.Rect(232, 96, 560, 330), "1300x720": pygame.Rect(0, 0, 1300, 720)}


def rules_of(game_id: str):
    return load_rules(RULEBOOKS, "valencia-1994", game_id)


def cloth(game_id: str, rect: str = "560x330", language: str = "ca"):
    return cloth_for(game(game_id), rules_of(game_id), RECTS[rect], texts=Texts(language))


def pixel(surface: pygame.Surface, pos: tuple[int, int]) -> tuple[int, int, int]:
    r, g, b, _ = surface.get_at(pos)
    return (r, g, b)


@pytest.fixture(scope="module", autouse=True)
def fonts():
    pygame.font.init()
    yield


# --- every game ----------------------------------------------------------------------------
def test_every_wheel_game_names_a_cloth_and_no_other_game_does():
    for game_id in GAMES:
        assert (screens_of(game_id).cloth is not None) == (game_id in WHEEL_GAMES), game_id
    with pytest.raises(ValueError, match="no cloth"):
        cloth_for(game("craps"), rules_of("craps"), RECTS["560x330"])


@pytest.mark.parametrize("rect", sorted(RECTS))
@pytest.mark.parametrize("game_id", WHEEL_GAMES)
def test_every_code_round_trips_through_its_anchor(game_id, rect):
    laid = cloth(game_id, rect)
    assert set(laid.codes) == set(rules_of(game_id).codes())
    for code in laid.codes:
        x, y = laid.anchor(code)
        assert laid.rect.collidepoint(x, y), code
        assert laid.code_at((x, y)) == code


@pytest.mark.parametrize("rect", sorted(RECTS))
@pytest.mark.parametrize("game_id", WHEEL_GAMES)
def test_a_tap_anywhere_is_a_code_of_the_game_or_nothing(game_id, rect):
    laid = cloth(game_id, rect)
    codes, found = set(laid.codes), set()
    area = laid.rect.inflate(8, 8)
    for x in range(area.left, area.right, 3):
        for y in range(area.top, area.bottom, 3):
            code = laid.code_at((x, y))
            if code is not None:
                assert code in codes, (x, y, code)
                assert laid.rect.collidepoint(x, y)
                found.add(code)
    assert found == codes  # and every bet can be tapped


def test_straight_numbers_zones_at_the_croupiers_screen():
    for game_id in ("boule", "fortune_wheel"):
        laid = cloth(game_id, "560x330")
        assert laid.straight_target() >= kit.MIN_TARGET, game_id
        assert laid.hit_targets_ok(kit.MIN_TARGET)
    for game_id in WHEEL_GAMES:
        assert cloth(game_id, "1300x720").hit_targets_ok(kit.MIN_TARGET), game_id


def test_roulettes_straights_keep_the_middle_of_their_cells_at_560():
    """Twelve columns in 560 px leave a number about 40 px across: no layout gives it 48. The
    middle 56% of the cell is its straight, the outer 22% each side the line's bets."""
    laid = cloth("roulette_fr", "560x330")
    cell = laid.boxes["straight:17"]
    assert cell.w < kit.MIN_TARGET < cell.h
    assert laid.straight_target() == cell.w - 2 * laid.band >= cell.w // 2
    assert not laid.hit_targets_ok(kit.MIN_TARGET)


# --- roulette ------------------------------------------------------------------------------
@pytest.mark.parametrize("rect", sorted(RECTS))
@pytest.mark.parametrize("game_id", ("roulette_fr", "roulette_us1"))
def test_roulette_taps_where_chips_sit_on_a_real_cloth(game_id, rect):
    laid = cloth(game_id, rect)
    box = laid.boxes
    near = laid.band - 1  # within a line's zone, off the line itself
    n17, n20, n16, n18 = (
        box["straight:17"],
        box["straight:20"],
        box["straight:16"],
        box["straight:18"],
    )
    assert n17.center[1] == n20.center[1] and n18.bottom == n17.top and n16.top == n17.bottom
    assert box["straight:3"].top == box["straight:36"].top < n17.top  # 3-6-9 on top
    assert box["straight:0"].right == box["straight:1"].left  # zero at the left, three rows
    assert box["straight:0"].h == 3 * n17.h
    taps = {
        n17.center: "straight:17",
        (n17.right - near, n17.centery): "split:17-20",
        (n17.right + near, n17.centery): "split:17-20",
        (n17.centerx, n17.top + near): "split:17-18",
        (n17.centerx, n17.bottom - near): "split:16-17",
        (n17.right - near, n17.top + near): "corner:17-18-20-21",
        (n17.right + near, n17.top - near): "corner:17-18-20-21",
        (n16.centerx, n16.bottom - near): "street:16-17-18",
        (n16.centerx, n16.bottom + near): "street:16-17-18",
        (n16.right, n16.bottom): "sixline:16-21",
        (n16.left + near, n16.bottom - near): "sixline:13-18",
        (n18.centerx, n18.top + near): "straight:18",  # the top edge holds no bet
        (box["straight:34"].right - 1, box["straight:34"].centery): "straight:34",
        box["straight:0"].center: "straight:0",
        (box["straight:0"].right - near, box["straight:1"].centery): "split:0-1",
        (box["straight:1"].left + near, box["straight:2"].centery): "split:0-2",
        (box["straight:0"].right, box["straight:3"].centery): "split:0-3",
        (box["straight:1"].left, box["straight:1"].top): "street:0-1-2",
        (box["straight:2"].left, box["straight:2"].top): "street:0-2-3",
        (box["straight:1"].left, box["straight:1"].bottom): "corner:0-1-2-3",
        box["column:3"].center: "column:3",
        (box["column:3"].centerx, box["straight:36"].centery): "column:3",
        (box["column:1"].centerx, box["column:1"].top + near): "columns:1-2",
        (box["column:2"].centerx, box["column:2"].top - near): "columns:2-3",
        box["dozen:1"].center: "dozen:1",
        (box["dozen:2"].left - near, box["dozen:2"].centery): "dozens:1-2",
        (box["dozen:3"].left + near, box["dozen:3"].centery): "dozens:2-3",
        box["low"].center: "low",
        box["red"].center: "red",
        box["black"].center: "black",
        box["high"].center: "high",
    }
    for pos, code in taps.items():
        assert laid.code_at(pos) == code, (pos, code)
    # the dozens below the numbers, the even chances below them, in the cloth's order
    assert box["dozen:1"].top == n16.bottom
    chances = ["low", "even", "red", "black", "odd", "high"]
    assert sorted(chances, key=lambda code: box[code].x) == chances
    assert all(box[code].top == box["dozen:1"].bottom for code in chances)
    assert laid.code_at((laid.rect.right + 1, n17.centery)) is None
    assert laid.code_at((box["straight:0"].centerx, box["low"].centery)) is None  # felt


def test_roulette_colours_follow_the_layout():
    laid = cloth("roulette_fr")
    surface = pygame.Surface((800, 480))
    laid.draw(surface, {})
    for n in (1, 2, 17, 18, 36):
        corner = laid.boxes[f"straight:{n}"].move(laid.line + 2, laid.line + 2).topleft
        assert pixel(surface, corner) == (kit.RED if n in roulette_layout.RED else kit.BLACK)
    zero = laid.boxes["straight:0"]
    assert pixel(surface, (zero.right - laid.line - 3, zero.y + laid.line + 3)) == kit.GREEN


def test_roulette_lights_the_winning_number_and_every_bet_it_wins():
    laid = cloth("roulette_us1")
    won = laid.winning_codes(17)
    assert {"straight:17", "split:17-20", "corner:17-18-20-21", "street:16-17-18"} <= won
    assert {"column:2", "dozen:2", "black", "odd", "low", "columns:1-2", "dozens:1-2"} <= won
    assert not won & {"straight:20", "red", "even", "high", "column:1", "dozen:3"}
    assert laid.winning_codes(0) == {
        "straight:0", "split:0-1", "split:0-2", "split:0-3",
        "street:0-1-2", "street:0-2-3", "corner:0-1-2-3",
    }  # fmt: skip
    assert laid.winning_codes(None) == frozenset()


def test_roulette_draws_stakes_the_win_a_prisoner_and_a_refusal():
    laid = cloth("roulette_fr")
    surface = pygame.Surface((800, 480))
    stakes = {
        "straight:17": [Chip(1, 2500), Chip(2, 500, (40, 90, 210))],
        "split:17-20": [Chip(1, 250)],
        "red": [Chip(3, 125000)],
        "not a code": [Chip(3, 100)],
    }
    laid.draw(surface, stakes, winning=17, prisoners={"high": 1000}, refused="split:25-28")
    box = laid.boxes

    def inside(code: str) -> tuple[int, int]:
        return (box[code].x + laid.line + 2, box[code].y + laid.line + 2)

    for code in ("straight:17", "dozen:2", "column:2", "odd", "black", "low"):
        assert pixel(surface, inside(code)) == kit.ACCENT, code
    for code in ("straight:20", "dozen:1", "red", "high"):
        assert pixel(surface, inside(code)) != kit.ACCENT, code
    # the stack of 17 is drawn, ringed as a winner
    x, y = laid.anchor("straight:17")
    assert pixel(surface, (x - laid.chip_radius() - 3, y)) == kit.ACCENT  # the ring
    # the refusal in red round the split's anchor
    x, y = laid.anchor("split:25-28")
    ring = [pixel(surface, (x + dx, y)) for dx in range(laid.chip_radius(), 3 * laid.chip_radius())]
    assert kit.BAD in ring
    # the prisoner's padlock on the upper line of its chance
    x, y = laid.prison_spot("high")
    around = {pixel(surface, (x + dx, y + dy)) for dx in range(-40, 40) for dy in range(-12, 12)}
    assert PRISON in around


def test_a_refused_field_is_outlined_in_red():
    laid = cloth("roulette_fr", "1300x720")
    surface = pygame.Surface(RECTS["1300x720"].size)
    laid.draw(surface, {}, refused="dozen:3")
    box = laid.boxes["dozen:3"]
    edge = [pixel(surface, (box.centerx, box.y + dy)) for dy in range(8)]
    assert kit.BAD in edge


# --- boule ---------------------------------------------------------------------------------
@pytest.mark.parametrize("rect", sorted(RECTS))
def test_boule_taps_and_its_five_in_the_middle(rect):
    laid = cloth("boule", rect)
    box = laid.boxes
    for n in range(1, 10):
        assert laid.code_at(box[f"number:{n}"].center) == f"number:{n}"
    numbers = box["number:1"].unionall([box[f"number:{n}"] for n in range(2, 10)])
    assert box["number:5"].center == numbers.center  # the central field of the cloth
    for chance in ("red", "black", "even", "odd", "low", "high"):
        assert laid.code_at(box[chance].center) == chance
    assert not any(5 in laid.covers(chance) for chance in ("red", "black", "even", "odd"))
    assert laid.winning_codes(5) == {"number:5"}
    assert laid.winning_codes(7) == {"number:7", "red", "odd", "high"}


def test_boule_draws_its_colours_and_the_win():
    laid = cloth("boule")
    surface = pygame.Surface((800, 480))
    laid.draw(surface, {"number:7": [Chip(1, 500)], "black": [Chip(2, 1000)]}, winning=7)
    box = laid.boxes

    def inside(code: str) -> tuple[int, int]:
        return (box[code].x + laid.line + 2, box[code].y + laid.line + 2)

    for code in ("number:7", "red", "odd", "high"):
        assert pixel(surface, inside(code)) == kit.ACCENT, code
    assert pixel(surface, inside("number:1")) == kit.BLACK
    assert pixel(surface, inside("number:2")) == kit.RED
    assert pixel(surface, inside("number:5")) == kit.FELT  # neither red nor black
    assert pixel(surface, box["number:5"].center) not in (kit.RED, kit.BLACK)


# --- the wheel of fortune ------------------------------------------------------------------
@pytest.mark.parametrize("rect", sorted(RECTS))
def test_fortune_fields_and_their_payouts(rect):
    laid = cloth("fortune_wheel", rect)
    rules = rules_of("fortune_wheel")
    for code in laid.codes:
        assert laid.code_at(laid.boxes[code].center) == code
    assert [payout_text(rules.payout(code)) for code in laid.codes] == [
        "1:1", "2:1", "5:1", "10:1", "20:1", "45:1", "45:1",
    ]  # fmt: skip
    joker = rules.segments.index("joker:2")
    assert laid.winning_codes(joker) == {"joker:2"}
    assert laid.winning_codes(rules.segments.index("sym:10")) == {"sym:10"}


def test_fortune_lights_the_winning_symbol():
    laid = cloth("fortune_wheel")
    rules = rules_of("fortune_wheel")
    surface = pygame.Surface((800, 480))
    segment = rules.segments.index("sym:5")
    laid.draw(surface, {"sym:5": [Chip(1, 500)], "joker:1": [Chip(2, 100)]}, winning=segment)
    for code in laid.codes:
        inside = laid.boxes[code].move(laid.line + 4, laid.boxes[code].h // 2).topleft
        assert (pixel(surface, inside) == kit.ACCENT) == (code == "sym:5"), code


# --- texts, amounts, pictures --------------------------------------------------------------
def test_amounts_as_a_stack_says_them():
    english, catalan = Texts("en"), Texts("ca")
    assert english.money(2500, short=True) == catalan.money(2500, short=True) == "25"
    assert english.money(250, short=True) == "2.5" and catalan.money(250, short=True) == "2,5"
    assert english.money(125000, short=True) == "1,250"
    assert catalan.money(125000, short=True) == "1.250"
    assert english.money(5, short=True) == "0.05"
    assert payout_text(1) == "1:1"
    from fractions import Fraction

    assert payout_text(Fraction(1, 2)) == "1:2"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_cloth_draws_in_every_language(language):
    for game_id in WHEEL_GAMES:
        for rect in RECTS:
            laid = cloth(game_id, rect, language)
            laid.draw(pygame.Surface((1300, 720)), {}, winning=1)


def test_the_cloths_drawn_to_look_at(tmp_path):
    folder = Path(os.environ.get("CLOTHS_PNGS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    gold, blue = (200, 160, 20), (40, 90, 210)
    scenes = {
        "roulette_us1": (
            {
                "straight:17": [Chip(1, 500, gold), Chip(2, 1000, blue)],
                "split:17-20": [Chip(1, 500, gold)],
                "corner:17-18-20-21": [Chip(2, 250, blue)],
                "street:16-17-18": [Chip(1, 500, gold)],
                "sixline:19-24": [Chip(2, 2500, blue)],
                "split:0-2": [Chip(1, 500, gold)],
                "columns:1-2": [Chip(2, 1000, blue)],
                "dozen:3": [Chip(1, 2000, gold)],
                "red": [Chip(2, 5000, blue)],
            },
            {"winning": 17, "refused": "split:25-28"},
        ),
        "roulette_fr": (
            {"straight:17": [Chip(1, 2500)], "dozens:2-3": [Chip(2, 2000)], "odd": [Chip(3, 100)]},
            {"winning": 0, "prisoners": {"red": 1000, "high": 250}},
        ),
        "boule": (
            {"number:5": [Chip(1, 500)], "number:7": [Chip(2, 1000)], "black": [Chip(3, 2000)]},
            {"winning": 7, "refused": "even"},
        ),
        "fortune_wheel": (
            {"sym:1": [Chip(1, 500)], "joker:2": [Chip(2, 1000)]},
            {"winning": 0, "refused": "sym:20"},
        ),
    }
    written = []
    for game_id, (stakes, marks) in scenes.items():
        for name, rect in RECTS.items():
            laid = cloth(game_id, name)
            surface = pygame.Surface((max(800, rect.right), max(480, rect.bottom)))
            surface.fill(kit.BACKGROUND)
            laid.draw(surface, stakes, **marks)
            path = folder / f"cloth_{game_id}_{name}.png"
            pygame.image.save(surface, str(path))
            written.append(path)
    assert all(path.stat().st_size > 5000 for path in written)
