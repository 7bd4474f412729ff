"""Monte on the croupier's screen: the cloth drawn from the game's states (a doubled and a tripled
place, burnt cards, the prices falling with them, Segones' closed boxes greyed), a tap on a box
betting its code for the chosen seat, the payouts naming the 10% and a cancelled out, the
players' display's last coups, and a whole session played by taps whose journal verifies."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

import pygame
import pytest

from games.monte.codes import CODES
from games.monte.engine import MonteState
from games.monte.layout import Layout
from terminal.assemble import assemble
from terminal.runtime.journal.audit import audit
from terminal.screens import kit
from terminal.screens.demo.driver import Driver
from terminal.screens.demo.scratch import scratch_table, screen_session
from terminal.screens.demo.script import choose, open_session
from terminal.screens.games.monte.players import last_coups
from terminal.screens.games.monte.script import (
    FIRST_LAYOUT,
    lay_out,
    play_monte_session,
    view_of,
)
from terminal.screens.model import ScreenSink
from terminal.screens.payouts.sheet import payout_sheet
from terminal.screens.payouts.words import pay_line
from terminal.screens.texts import Texts
from tests.support.helpers import journal_events, quiet

GAME = "monte"
# 5O 5C burnt (the first two of one rank), 1O doubled by 1E and tripled by 1B, 2C doubled by 2E
DEALT = ("5O", "5C", "1O", "2C", "1E", "1B", "2E", "4B", "3O")
SIZES = [(800, 480), (1280, 720)]


@contextmanager
def cloth_of(tmp_path, size, state: MonteState, language: str = "ca") -> Iterator[Driver]:
    """The croupier's screen of a monte table whose bets are open on `state`, the game's state
    set in the screen's model as the journal would fold it (the table's thread not running)."""
    cfg = scratch_table(GAME, tmp_path)
    sink = ScreenSink()
    with assemble(cfg, quiet(sinks=(sink,))) as table:
        driver = Driver(table, sink, size, language=language)
        st = driver.model.state
        st.session_open, st.limits, st.croupier = True, table.setup.limits, "C-07"
        st.round, st.round_status = 1, "open"
        st.own.state = state  # type: ignore[attr-defined]  # monte's fold
        driver.model.version += 1
        driver.frame()
        yield driver


def primeres() -> MonteState:
    return MonteState().laid(Layout.dealt_from(DEALT), 3, "red")


@pytest.mark.parametrize("size", SIZES)
def test_the_cloth_shows_a_doubled_and_a_tripled_place_burnt_cards_and_the_prices(
    tmp_path, size, drawn
):
    with cloth_of(tmp_path, size, primeres()) as driver:
        view = view_of(driver)
        path = tmp_path / f"monte-{size[0]}x{size[1]}.png"
        pygame.image.save(driver.surface, str(path))
        shown = view.shown()
        assert shown.layout is not None
        assert shown.layout.places[1] == ("1O", "1E", "1B")  # tripled
        assert shown.layout.places[2] == ("2C", "2E")  # doubled
        assert shown.layout.burnt == ("5O", "5C")
        # the doubling cards take 3 points off camo (11), the burnt 2 more off Vis (32)
        assert view.price_text("camo:1") == "8:1" and view.price_text("vis:3") == "27:1"
        assert view.price_text("salto:4") == "3:1" and view.price_text("card:1v2") == "1:1"
        # a bet whose winning card is out is not taken: 1O's viudo and anti, 2C's camo, Vis 2
        taking = view.taking()
        assert {"viudo:1", "anti:1", "camo:2", "vis:2"}.isdisjoint(taking)
        assert {"camo:1", "vis:1", "pair:1-4v2-3", "salto:2"} <= taking
        assert "Cremades" in drawn and "8:1" in drawn and "27:1" in drawn
        names = set(driver.app.names())
        boxes = {f"bet:{code}" for code in CODES}
        if size == (800, 480):  # a place's boxes are too small: the place opens them large
            assert not view.direct() and {f"place:{p}" for p in (1, 2, 3, 4)} <= names
            assert {b for b in boxes if b.startswith(("bet:card:", "bet:pair:"))} <= names
        else:
            assert view.direct() and boxes <= names
        for target in driver.app.targets:
            assert min(target.rect.size) >= kit.MIN_TARGET, target.name  # type: ignore[attr-defined]


def test_segones_greys_every_box_but_the_row_that_stays(tmp_path, drawn):
    state = replace(primeres(), phase="segones", row=(3, 4), seen=(*DEALT, "7E", "2O"))
    with cloth_of(tmp_path, (800, 480), state, language="en") as driver:
        view = view_of(driver)
        assert view.taking() == {
            "card:3v4",
            "card:4v3",
            *(f"{family}:{p}" for family in ("camo", "anti", "viudo") for p in (3, 4)),
        }
        assert view.price_text("camo:3") == "5:1"  # 5 - k, no doubling card on the row
        enabled = {t.name: t.enabled for t in driver.app.targets if isinstance(t, kit.Button)}
        assert enabled["bet:card:3v4"] and not enabled["bet:card:1v2"]
        assert not enabled["bet:pair:1-2v3-4"]
        assert "Second phase" in drawn and "row 3-4" in " ".join(drawn)
        driver.app.press("place:3")  # the place's bets, large: Salto and Vis closed
        driver.frame()
        buttons = {t.name: t.enabled for t in driver.app.targets if isinstance(t, kit.Button)}
        assert buttons["camo:3"] and buttons["viudo:3"]
        assert not buttons["salto:3"] and not buttons["vis:3"]


def test_a_tap_on_a_box_bets_its_code_for_the_chosen_seat(tmp_path):
    cfg = scratch_table(GAME, tmp_path)
    with screen_session(cfg, (800, 480)) as driver:
        open_session(driver, lambda name: None)
        lay_out(driver, FIRST_LAYOUT, lambda name: None, {})
        view = view_of(driver)
        low = driver.table.setup.limits.min
        for seat, stake, code in ((4, 2 * low, "card:1v3"), (9, low, "viudo:4")):
            choose(driver, seat=seat, chip=stake)
            driver.frame()
            view.tap_code(code)  # at 800x480, Viudo 4 through its place's bets
        driver.until(lambda: len(driver.model.current.bets) == 2, "the two bets")
        bets = [(b["seat"], b["stake"], b["code"]) for b in driver.model.current.bets]
        assert bets == [(4, 2 * low, "card:1v3"), (9, low, "viudo:4")]
        driver.frame()
        assert view.shown().chips["viudo:4"][0].seat == 9


def test_the_payouts_name_the_ten_percent_and_a_cancelled_out():
    result = {
        "bets": [
            {"id": "a", "seat": 1, "code": "salto:2", "stake": 500},
            {"id": "b", "seat": 2, "code": "card:2v1", "stake": 500},
        ],
        "settlement": [
            {"id": "a", "result": "win", "paid": 1350, "returned": 500, "deducted": 150},
            {"id": "b", "result": "push", "returned": 500, "cancelled": True},
        ],
    }
    sheet = payout_sheet(result, order=("card", "salto"))
    lines = {line.code: line for seat in sheet.seats for line in seat.bets}
    assert pay_line(Texts("ca"), lines["salto:2"]) == (
        "Salto 2: 5,00 ×27/10 = 13,50 · descompte del 10% 1,50"
    )
    assert pay_line(Texts("es"), lines["card:2v1"]) == (
        "Carta 2v1: carta anulada, se devuelve 5,00"
    )
    assert sheet.total == 1350 + 500 + 500


def test_the_players_display_groups_each_coup_s_two_winning_cards():
    layout = {"1": ["5O"], "2": ["2C"], "3": ["4B"], "4": ["3O"]}
    outcomes = [
        {
            "coup": 1,
            "pack": "red",
            "phase": "primeres",
            "layout": layout,
            "burnt": [],
            "winner": {"card": "2O"},
        },
        {
            "coup": 1,
            "pack": "red",
            "phase": "segones",
            "layout": layout,
            "burnt": [],
            "winner": {"card": "4O"},
        },
        {
            "coup": 2,
            "pack": "blue",
            "phase": "primeres",
            "layout": layout,
            "burnt": [],
            "winner": {"card": "5C"},
        },
    ]
    coups = last_coups(outcomes)
    assert [(c.coup, c.primeres, c.segones) for c in coups] == [
        (2, "5C", None),
        (1, "2O", "4O"),
    ]


@pytest.mark.parametrize("size", SIZES)
def test_a_session_played_by_taps_leaves_a_journal_that_verifies(tmp_path, size):
    cfg = scratch_table(GAME, tmp_path)
    with screen_session(cfg, size) as driver:
        played = play_monte_session(driver)
        assert not driver.small, f"targets under a finger's {kit.MIN_TARGET} px: {driver.small}"
        assert not driver.overlapping, f"targets over one another: {driver.overlapping}"
    report = audit(cfg.db)  # `dealer-terminal journal verify`: every phase settled again
    assert report.ok, report.summary()
    for phase in played.values():
        sheet, totals = phase["sheet"], phase["result"]["totals"]
        assert sheet.balanced and sheet.total == totals["paid"] + totals["returned"]
        assert sheet.done  # every seat paid
    first = played["first_primeres"]["result"]
    assert first["outcome"]["winner"] == {
        "card": "2O",
        "place": 2,
        "relation": "anti",
        "first": True,
    }
    entries = {e["id"]: e for e in first["settlement"]}
    codes = {b["id"]: b["code"] for b in first["bets"]}
    deducted = {codes[i] for i, e in entries.items() if e.get("deducted")}
    assert deducted == {"pair:2-4v1-3", "salto:2", "anti:2"}
    (open_id,) = [i for i, e in entries.items() if e["result"] == "open"]
    assert codes[open_id] == "card:3v4"
    segones = played["first_segones"]["result"]
    carried = {e["id"]: e for e in segones["settlement"]}[open_id]
    assert carried["result"] == "win"  # 4O: place 3's rank, settled in Segones, same id
    second = played["second_primeres"]["result"]
    cancelled = [e["id"] for e in second["settlement"] if e.get("cancelled")]
    second_codes = {b["id"]: b["code"] for b in second["bets"]}
    assert sorted(second_codes[i] for i in cancelled) == ["card:2v1", "salto:4"]
    events = journal_events(cfg)
    layouts = [e["data"] for e in events if e["kind"] == "monte.layout"]
    assert [d["pack"] for d in layouts[:3]] == ["red", "blue", "red"]
    assert layouts[1]["layout"]["1"] == ["RO", "RE", "RB"]  # tripled
    assert [e["data"]["bet"]["code"] for e in events if e["kind"] == "bet.refused"] == ["vis:1"]
    assert any(e["kind"] == "table.close" for e in events)
