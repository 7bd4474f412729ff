"""The players' display: the session's statistics from the recorded journals of the four wheel
games, counted again here by hand from the regulation's own sets, and the display drawn at the
four display sizes (the PNGs are saved in the test's temporary directory, to be looked at)."""

from __future__ import annotations

import json
import re
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pygame
import pytest

from games.registry import GAMES
from games.rulebook import load_rules
from terminal.screens import kit
from terminal.screens.players import TableInfo, draw_players, game_name, maxima_items
from terminal.screens.players_discs import COLOURS
from terminal.screens.players_wheel import rounded_percents
from terminal.screens.stats import BLACK, GREEN, RED, YELLOW, SessionStats
from terminal.screens.texts import LANGUAGES, Texts, catalogue

REPO = Path(__file__).resolve().parents[2]
GOLDEN = REPO / "tests" / "golden"
RULEBOOKS = REPO / "config" / "rulebooks"
WHEELS = ("roulette_fr", "roulette_us1", "boule", "fortune_wheel")
SIZES = ((800, 480), (1280, 720), (1920, 1080), (720, 1280))

# Section 01 II of the Valencian catalogue: the red numbers of the cloth.
ROULETTE_RED = {1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36}
# Section 04 II: boule's colours, and 5 outside every simple chance.
BOULE_RED, BOULE_BLACK = {2, 4, 7, 9}, {1, 3, 6, 8}


def journal(game: str) -> list[dict]:
    lines = (GOLDEN / f"{game}.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines]


def outcomes(game: str) -> list[dict]:
    return [e["data"]["outcome"] for e in journal(game) if e["kind"] == "round.result"]


def value_of(outcome: dict):
    return outcome["symbol"] if "symbol" in outcome else outcome["number"]


def fed(game: str) -> SessionStats:
    stats = SessionStats(game, load_rules(RULEBOOKS, "valencia-1994", game))
    for outcome in outcomes(game):
        stats.add(outcome)
    return stats


def info_of(game: str) -> TableInfo:
    events = journal(game)
    opened = next(e for e in events if e["kind"] == "table.open")
    advance = next(e for e in events if e["kind"] == "float.advance")
    return TableInfo.from_open(opened["table"], opened["data"], advance["data"]["amount"])


def shares_of(stats: SessionStats) -> dict[str, dict[str, tuple[int, Fraction]]]:
    return {
        group.name: {share.name: (share.count, share.percent) for share in group.shares}
        for group in stats.groups()
    }


def expected(counts: dict[str, int], rounds: int) -> dict[str, tuple[int, Fraction]]:
    return {name: (n, Fraction(100 * n, rounds)) for name, n in counts.items()}


# -- the statistics -------------------------------------------------------------------------


@pytest.mark.parametrize("game", WHEELS)
def test_counts_last_results_hot_and_cold_match_a_count_by_hand(game):
    values = [value_of(o) for o in outcomes(game)]
    counted = Counter(values)
    stats = fed(game)

    assert len(values) == stats.rounds == 40
    assert [r.value for r in stats.last(12)] == values[::-1][:12]
    assert [r.value for r in stats.last(100)] == values[::-1]
    assert stats.last(0) == []
    for tally in stats.tallies():
        assert tally.count == counted[tally.result.value]
        assert tally.percent == Fraction(100 * counted[tally.result.value], 40)
    assert sum(t.count for t in stats.tallies()) == 40

    # hot: the most frequent, ties broken by the latest appearance
    latest = {v: i for i, v in enumerate(values)}
    by_hand = sorted(counted, key=lambda v: (counted[v], latest[v]), reverse=True)
    assert [(t.result.value, t.count) for t in stats.hot(5)] == [
        (v, counted[v]) for v in by_hand[:5]
    ]
    # cold: the least frequent, those never out first (in the cloth's order), then the ones
    # waiting longest
    never = [v for v in stats.values if v not in counted]
    out = sorted(counted, key=lambda v: (counted[v], latest[v]))
    assert [t.result.value for t in stats.cold(5)] == (never + out)[:5]
    assert all(t.count == 0 for t in stats.cold(len(never)))


def test_roulette_hot_and_cold_of_the_french_journal():
    stats = fed("roulette_fr")
    # 7 came out six times, 28 four times (last in the 36th spin), 31 three times (last spin)
    assert [(t.result.value, t.count) for t in stats.hot(3)] == [(7, 6), (28, 4), (31, 3)]
    assert stats.hot(1)[0].percent == 15
    assert [t.result.value for t in stats.cold(3)] == [0, 3, 4]  # never out, the cloth's order


@pytest.mark.parametrize("game", ("roulette_fr", "roulette_us1"))
def test_roulette_shares_of_the_chances_zero_apart(game):
    numbers = [o["number"] for o in outcomes(game)]
    zeros = numbers.count(0)

    def n(test):
        return sum(1 for x in numbers if x and test(x))

    stats = fed(game)
    shares = shares_of(stats)
    assert shares["colour"] == expected(
        {"red": n(lambda x: x in ROULETTE_RED), "black": n(lambda x: x not in ROULETTE_RED),
         "zero": zeros}, 40)  # fmt: skip
    assert shares["parity"] == expected(
        {"even": n(lambda x: x % 2 == 0), "odd": n(lambda x: x % 2), "zero": zeros}, 40
    )
    assert shares["half"] == expected(
        {"low": n(lambda x: x <= 18), "high": n(lambda x: x >= 19), "zero": zeros}, 40
    )
    assert shares["dozen"] == expected(
        {f"dozen:{d}": n(lambda x, d=d: (x - 1) // 12 == d - 1) for d in (1, 2, 3)}
        | {"zero": zeros},
        40,
    )
    assert shares["column"] == expected(
        {f"column:{c}": n(lambda x, c=c: (x - 1) % 3 == c - 1) for c in (1, 2, 3)}
        | {"zero": zeros},
        40,
    )
    for group in stats.groups():
        assert sum(share.count for share in group.shares) == 40
    # the recorded spins (the same in both journals): 19 red, 21 black, no zero
    assert shares["colour"]["red"] == (19, Fraction(95, 2)) and shares["colour"]["zero"] == (0, 0)
    assert [stats.colour(v) for v in (0, 1, 2, 10, 19, 29)] == [
        GREEN, RED, BLACK, BLACK, RED, BLACK
    ]  # fmt: skip


def test_boule_shares_five_apart_and_its_colours():
    numbers = [o["number"] for o in outcomes("boule")]
    fives = numbers.count(5)

    def n(test):
        return sum(1 for x in numbers if x != 5 and test(x))

    stats = fed("boule")
    shares = shares_of(stats)
    assert fives == 4
    assert shares["colour"] == expected(
        {"red": n(lambda x: x in BOULE_RED), "black": n(lambda x: x in BOULE_BLACK),
         "five": fives}, 40)  # fmt: skip
    assert shares["parity"] == expected(
        {"even": n(lambda x: x % 2 == 0), "odd": n(lambda x: x % 2), "five": fives}, 40
    )
    assert shares["half"] == expected(
        {"low": n(lambda x: x < 5), "high": n(lambda x: x > 5), "five": fives}, 40
    )
    assert [stats.colour(v) for v in range(1, 10)] == [
        BLACK, RED, BLACK, RED, YELLOW, BLACK, RED, BLACK, RED
    ]  # fmt: skip


def test_fortune_wheel_share_per_symbol():
    symbols = [o["symbol"] for o in outcomes("fortune_wheel")]
    counted = Counter(symbols)
    stats = fed("fortune_wheel")
    (group,) = stats.groups()
    assert group.name == "symbol"
    assert [s.name for s in group.shares] == [
        "sym:1", "sym:2", "sym:5", "sym:10", "sym:20", "joker:1", "joker:2"
    ]  # fmt: skip
    assert {s.name: (s.count, s.percent) for s in group.shares} == expected(
        {name: counted[name] for name in counted} | {"sym:20": 0}, 40
    )
    assert stats.hot(1)[0].result.value == "sym:1" and stats.hot(1)[0].count == 23
    assert stats.cold(1)[0].result.value == "sym:20" and stats.cold(1)[0].count == 0
    assert [stats.result(v).label for v in ("sym:10", "joker:2")] == ["10", "J2"]
    assert stats.colour("sym:5") == "sym:5"


def test_a_fortune_outcome_is_read_through_the_segments_when_it_names_no_symbol():
    rules = load_rules(RULEBOOKS, "valencia-1994", "fortune_wheel")
    stats = SessionStats("fortune_wheel", rules)
    stats.add({"segment": 0})
    stats.add({"segment": 15, "symbol": rules.segments[15]})
    assert [r.value for r in stats.last(2)] == [rules.segments[15], "joker:1"]


def test_replace_last_moves_the_count_and_the_last_result():
    stats = fed("roulette_fr")
    before = {t.result.value: t.count for t in stats.tallies()}
    assert stats.last(1)[0].value == 31
    stats.replace_last({"number": 0, "source": "manual"})
    after = {t.result.value: t.count for t in stats.tallies()}
    assert after[31] == before[31] - 1 and after[0] == 1
    assert {v for v in after if after[v] != before[v]} == {0, 31}
    assert [r.value for r in stats.last(2)] == [0, 7]
    assert stats.rounds == 40
    assert shares_of(stats)["colour"]["zero"] == (1, Fraction(5, 2))
    assert stats.groups()[0].shares[0].count == 19  # red unchanged, black one fewer
    assert stats.groups()[0].shares[1].count == 20
    # 31 is now out twice (last in the 18th spin): it leaves the hot three to 18 and 11, out
    # three times each, 18 the later (30th spin, 11 the 23rd)
    assert [(t.result.value, t.count) for t in stats.hot(4)] == [(7, 6), (28, 4), (18, 3), (11, 3)]
    # corrected again, back to what it was
    stats.apply("round.correction", {"corrects": 999, "outcome": {"number": 31}})
    assert {t.result.value: t.count for t in stats.tallies()} == before
    assert [(t.result.value, t.count) for t in stats.hot(3)] == [(7, 6), (28, 4), (31, 3)]


def test_replace_last_of_a_value_out_once_forgets_when_it_was_out():
    stats = SessionStats("boule")
    stats.apply("round.result", {"outcome": {"number": 3}})
    stats.apply("round.result", {"outcome": {"number": 8}})
    stats.replace_last({"number": 5})
    assert [t.result.value for t in stats.cold(9)][:7] == [1, 2, 4, 6, 7, 8, 9]
    assert [(t.result.value, t.count) for t in stats.hot(3)] == [(5, 1), (3, 1)]
    with pytest.raises(ValueError, match="no round to correct"):
        SessionStats("boule").replace_last({"number": 5})


def test_outcomes_that_are_no_result_of_the_game_are_refused():
    with pytest.raises(ValueError, match="no result"):
        SessionStats("boule").add({"number": 0})
    with pytest.raises(ValueError, match="has a 'symbol'"):
        SessionStats("fortune_wheel").add({"segment": 3})
    with pytest.raises(ValueError, match="no statistics"):
        SessionStats("craps")


# -- what the table posts ------------------------------------------------------------------


def test_table_info_from_the_journal_of_the_session():
    info = info_of("roulette_fr")
    assert (info.table, info.game, info.advance) == ("GOLD-1", "roulette_fr", 7_500_000)
    assert (info.minimum, info.chip_unit, info.maximum) == (500, 50, 360_000)
    assert dict(info.maxima)["straight"] == 15_000
    assert game_name(info, Texts("ca")) == "Ruleta francesa"
    assert maxima_items(info, Texts("en")) == [
        ("Straight", "150.00"),
        ("Split", "300.00"),
        ("Street", "450.00"),
        ("Corner", "600.00"),
        ("Six line", "900.00"),
        ("Column / Dozen", "1,800.00"),
        ("Even chances", "2,700.00"),
        ("Two columns / Two dozens", "3,600.00"),
    ]
    boule = info_of("boule")
    assert maxima_items(boule, Texts("es")) == [
        ("Número", "200,00"),
        ("Suertes sencillas", "1.000,00"),
    ]
    # an even chance with a maximum of its own is named by itself
    odd = TableInfo.from_open(
        "B-2",
        {"limits": {"min": 200, "chip_unit": 100, "max": {"red": 50_000, "black": 90_000}}},
        800_000,
        game="boule",
    )
    assert maxima_items(odd, Texts("ca")) == [("Roig", "500,00"), ("Negre", "900,00")]
    with pytest.raises(AttributeError):
        info.advance = 0  # type: ignore[misc]


# -- the drawing ----------------------------------------------------------------------------


def sample_of_disc(surface: pygame.Surface, rect: pygame.Rect) -> tuple[int, ...]:
    """The colour inside a disc, below its label."""
    r = rect.w // 2
    return tuple(surface.get_at((rect.centerx, rect.centery + round(r * 0.62))))[:3]


@pytest.fixture(scope="module")
def pngs(tmp_path_factory):
    return tmp_path_factory.mktemp("players")


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("game", WHEELS)
def test_drawn_at_every_size_the_newest_in_its_colour(game, size, pngs):
    stats, info = fed(game), info_of(game)
    surface = pygame.Surface(size)
    language = {"roulette_fr": "ca", "roulette_us1": "en", "boule": "es"}.get(game, "ca")
    drawn = draw_players(surface, stats, info, Texts(language))
    pygame.image.save(surface, str(pngs / f"{game}_{size[0]}x{size[1]}.png"))

    newest = stats.last(1)[0]
    assert sample_of_disc(surface, drawn["newest"]) == COLOURS[newest.colour]
    # the newest is the largest disc, in the results' part
    assert drawn["results"].contains(drawn["newest"])
    assert drawn["newest"].h >= drawn["results"].h * 0.6 or drawn["newest"].w >= size[0] * 0.25
    screen = surface.get_rect()
    parts = [drawn[k] for k in ("header", "results", "hot", "cold", "shares", "footer")]
    for n, part in enumerate(parts):
        assert screen.contains(part), part
        assert part.h > 0 and part.w > 0
        for other in parts[n + 1 :]:
            assert not part.colliderect(other), (part, other)


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_a_zero_drawn_green_and_an_empty_session(size, pngs):
    info = info_of("roulette_fr")
    stats = fed("roulette_fr")
    stats.replace_last({"number": 0})
    surface = pygame.Surface(size)
    drawn = draw_players(surface, stats, info, Texts("es"))
    assert sample_of_disc(surface, drawn["newest"]) == kit.GREEN
    empty = pygame.Surface(size)
    drawn = draw_players(empty, SessionStats("roulette_fr"), info, Texts("en"))
    pygame.image.save(empty, str(pngs / f"empty_{size[0]}x{size[1]}.png"))
    assert "newest" not in drawn


def test_a_joker_last_and_boule_five_in_yellow(pngs):
    stats = fed("fortune_wheel")
    stats.replace_last({"segment": 27, "symbol": "joker:2"})
    surface = pygame.Surface((800, 480))
    drawn = draw_players(surface, stats, info_of("fortune_wheel"), Texts("en"))
    pygame.image.save(surface, str(pngs / "fortune_joker_800x480.png"))
    assert sample_of_disc(surface, drawn["newest"]) == COLOURS["joker:2"]
    boule = fed("boule")
    assert boule.last(1)[0].value == 5
    surface = pygame.Surface((720, 1280))
    drawn = draw_players(surface, boule, info_of("boule"), Texts("ca"))
    assert sample_of_disc(surface, drawn["newest"]) == COLOURS[YELLOW]


def test_the_bars_percentages_add_up_to_a_hundred():
    assert rounded_percents([19, 21, 0]) == [47, 53, 0]  # 47.5 and 52.5: the larger count up
    assert rounded_percents([23, 9, 5, 1, 0, 1, 1]) == [58, 23, 13, 2, 0, 2, 2]
    assert rounded_percents([1, 1, 1]) == [34, 33, 33]
    assert rounded_percents([0, 0]) == [0, 0]


def test_every_text_the_display_names_is_in_the_catalogue_in_three_languages():
    modules = ("players.py", "players_discs.py", "players_wheel.py")  # the display's
    screens = REPO / "terminal" / "screens"
    source = "".join((screens / module).read_text(encoding="utf-8") for module in modules)
    named = set(re.findall(r'texts\(\s*"([a-z_]+)"', source))
    assert {"players_table", "players_limits", "players_advance", "players_hot"} <= named
    for key in named:
        assert key in catalogue() and all(catalogue()[key]), key


def test_every_game_is_named_in_every_language_of_the_screens():
    for game in GAMES.values():
        assert set(game.names) == set(LANGUAGES), game.id
        assert all(name.strip() for name in game.names.values()), game.id
    limits = {"min": 200, "chip_unit": 100, "max": {"number": 20_000}}
    info = TableInfo.from_open("B-1", {"game": "boule", "limits": limits}, 800_000)
    assert [game_name(info, Texts(language)) for language in LANGUAGES] == [
        "Bola o boule",
        "Bola o boule",
        "Boule",
    ]
