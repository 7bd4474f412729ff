"""A whole craps session played on the croupier's screen by taps (headless), as the boxman and
the stickman play it: the shooter's line bet, bets of several seats with the refusals the rules
make, odds beside their line bets within their limits, a come bet travelling onto its number
and taking odds there, a withdrawal between rolls, a dice change, a void throw, the seven out
and the next shooter, the last shooter at the close; its journal verifies and its payouts are
the engine's. Then the layout's geometry, the stakes a tap makes, the players' display, and the
demo's simulated players on the layout."""

from __future__ import annotations

import pygame
import pytest

from terminal.assemble import assemble
from terminal.runtime.journal.audit import audit
from terminal.screens import kit
from terminal.screens.demo.driver import Driver
from terminal.screens.demo.scratch import local_table, scratch_table, screen_session
from terminal.screens.games.craps.chips import _placed
from terminal.screens.games.craps.layout import CrapsLayout, spot_of
from terminal.screens.games.craps.players import draw_rolls, hot_totals, roll_of, rolls_of
from terminal.screens.games.craps.script import play_craps_session
from terminal.screens.games.craps.view import CrapsView
from terminal.screens.model import ScreenSink
from terminal.screens.texts import Texts
from tests.support.helpers import journal_events, quiet

SIZES = [(800, 480), (1920, 1080), (720, 1280)]


def of(events, kind):
    return [e["data"] for e in events if e["kind"] == kind]


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_a_craps_session_played_by_taps_leaves_a_journal_that_verifies(tmp_path, size):
    cfg = scratch_table("craps", tmp_path)
    with screen_session(cfg, size) as driver:
        played = play_craps_session(driver)
        assert not driver.small, f"targets under a finger's {kit.MIN_TARGET} px: {driver.small}"
        assert not driver.overlapping, f"targets over one another: {driver.overlapping}"
    report = audit(cfg.db)  # every roll, the withdrawal and the void throw settled again
    assert report.ok, report.summary()
    # the payouts screen had the croupier hand over what the engine settled
    result, sheet = played["result"], played["sheet"]
    assert sheet.total == result["totals"]["paid"] + result["totals"]["returned"]
    assert sheet.balanced
    events = journal_events(cfg)
    placed = {b["id"]: b for b in of(events, "bet.placed")}
    codes = {b["code"]: b for b in placed.values()}
    # the stakes the taps made: the Right 8 in sixes, odds on a 5 in twos, Don't Win odds on
    # the 6 in sixes (5 to 6), each of the chosen chip's worth
    assert codes["place:8"]["stake"] == 600
    assert codes["odds:come:5"]["stake"] == 400
    assert codes["odds:dontpass"]["stake"] == 600
    # the refusals: a Come on a come-out, odds over the line bet
    refused = [r["why"]["key"] for r in of(events, "bet.refused")]
    assert refused == ["craps_come_point_only", "craps_odds_over_limit"]
    # the come bet travelled to the 5 with its id, took odds there and won with them
    come = codes["come"]
    travelled = [
        b for r in of(events, "round.result") for b in r["layout"] if b["id"] == come["id"]
    ]
    assert travelled and all(b["code"] == "come:5" for b in travelled)
    entries = {s["id"]: s for s in result["settlement"]}
    assert entries[come["id"]]["result"] == "win"
    assert entries[codes["odds:come:5"]["id"]]["paid"] == 600  # 3 to 2 on 4.00
    # the Right bet on the 8 withdrawn between rolls, its stake handed back
    (withdrawn,) = of(events, "bet.withdrawn")
    assert withdrawn["bet"]["code"] == "place:8" and withdrawn["returned"] == 600
    assert entries[withdrawn["bet"]["id"]]["result"] == "withdrawn"
    # the first roll corrected: a double 3, the hard 6 won
    (correction,) = of(events, "round.correction")
    assert correction["outcome"]["dice"] == [3, 3] and correction["was"]["dice"] == [4, 2]
    assert [a["id"] for a in correction["adjustment"]] == [codes["hard:6"]["id"]]
    # the dice changed at the shooter's request; the stickman's void throw by its cause
    (change,) = of(events, "craps.dice_change")
    assert change["reason"] == "new dice asked for by C-07 (the shooter asked)"
    voids = of(events, "round.void")
    assert [v.get("cause") for v in voids] == ["on_chip", None]  # then the dice passed
    assert voids[1]["reason"].startswith("the shooter (seat 2) has no Win or Don't Win bet")
    assert voids[1]["why"] == {"key": "void_no_line_bet", "fields": {"seat": 2}}
    # the dice went round: seat 1 sevened out, seat 2 bet no line bet, seat 3 the last shooter
    assert [s["seat"] for s in of(events, "craps.shooter")] == [1, 2, 3]
    opened = of(events, "round.open")
    assert opened[-1]["last_shooter"] and not opened[0]["last_shooter"]
    last = of(events, "round.result")[-1]
    assert last["last_round"] and last["outcome"]["dice"] == [3, 4] and last["layout"] == []
    assert "table.close" in {e["kind"] for e in events}


def test_the_layout_has_every_bet_where_its_chips_sit(tmp_path):
    cfg = scratch_table("craps", tmp_path)
    with screen_session(cfg, (800, 480)) as driver:
        table = driver.table
        texts = Texts("ca")
        for size, direct in (((544, 330), False), ((1290, 760), True)):
            layout = CrapsLayout(pygame.Rect((8, 110), size), kit.scale(size), texts)
            assert layout.direct is direct
            for code in table.rules.codes():
                spot = layout.spot_for(code)
                assert code in spot.codes and spot.rect.w >= kit.MIN_TARGET
                assert min(spot.rect.size) >= kit.MIN_TARGET
                assert layout.spot_at(layout.centre_of(spot.name)) == spot
                rect, _ = layout.chips_spot(code)
                assert spot.rect.contains(rect)
            fields = [layout.spots[name].rect for name in layout.fields]
            boxes = [box.rect for box in layout.numbers.values()]
            every = fields + boxes
            assert all(layout.rect.contains(r) for r in every)
            assert not any(a.colliderect(b) for n, a in enumerate(every) for b in every[n + 1 :]), (
                "fields drawn over one another"
            )
        # a come bet that travelled sits on its number's come row, its odds beside it
        assert spot_of("come:6") == spot_of("odds:come:6") == "come:6"
        assert spot_of("odds:pass") == "odds:pass"


def test_the_seats_chips_on_a_field_never_cover_one_another():
    def more(n):
        return 10

    # all fit on one line; on two; the rest said as "+n" after the last shown, never over it
    assert _placed([30, 30], 100, 1, 4, more) == ([(0, 0), (34, 0)], None)
    assert _placed([30, 30, 30], 70, 2, 4, more) == ([(0, 0), (34, 0), (0, 1)], None)
    spots, rest = _placed([30, 30, 30, 30], 80, 1, 4, more)
    assert spots == [(0, 0), (34, 0)] and rest == (68, 0)  # 68 + 10 <= 80
    spots, rest = _placed([30, 30, 30], 70, 1, 4, more)
    assert spots == [(0, 0)] and rest == (34, 0)  # the second gives way to "+2"
    assert _placed([90], 80, 2, 4, more) is None  # not one fits: the view says it as text


def test_a_tap_stakes_what_the_bet_takes(tmp_path):
    cfg = scratch_table("craps", tmp_path)
    with screen_session(cfg, (800, 480)) as driver:
        view = driver.app.screens.table.view
        assert isinstance(view, CrapsView)
        screen = driver.app.screens.table
        screen.chip = 500
        assert view.stake_for("field") == 500
        assert view.stake_for("place:6") == 600  # a Right 6 in sixes
        assert view.stake_for("lay:4") == 1100  # 5 to 11 pays 5.00 on 11.00
        assert view.stake_for("odds:come:5") == 400  # 3 to 2: in twos, at most the chip
        assert view.stake_for("odds:dontcome:6") == 600  # 5 to 6: one six at least
        screen.chip = 2500
        assert view.stake_for("place:8") == 3000
        assert view.stake_for("odds:come:4") == 2500  # 2 to 1: any whole chip


def test_the_players_display_shows_the_rolls_the_points_made_and_the_hot_numbers():
    outcomes = [
        {"dice": [3, 3], "point_before": None, "point_after": 6},
        {"dice": [4, 1], "point_before": 6, "point_after": 6},
        {"dice": [5, 1], "point_before": 6, "point_after": None},
        {"dice": [6, 5], "point_before": None, "point_after": None},
        {"dice": [1, 1], "point_before": None, "point_after": None},
        {"dice": [4, 4], "point_before": None, "point_after": 8},
        {"dice": [5, 2], "point_before": 8, "point_after": None},
    ]
    rolls = rolls_of(outcomes)
    assert [r.kind for r in rolls] == [
        "point",
        "roll",
        "made",
        "natural",
        "craps",
        "point",
        "seven_out",
    ]
    assert roll_of(outcomes[0]).total == 6
    assert hot_totals(rolls) == [6, 2, 5]  # 6 twice, then the rest once, the smallest first
    for size in ((800, 480), (720, 1280), (1920, 1080)):
        surface = pygame.Surface(size)
        area = surface.get_rect().inflate(-20, -120)
        drawn = draw_rolls(
            surface, area, kit.scale(size), outcomes, Texts("es"), point=8, shooter=3
        )
        assert set(drawn) == {"puck", "rolls", "points", "totals"}
        parts = list(drawn.values())
        assert all(area.contains(r) for r in parts)
        assert not any(a.colliderect(b) for n, a in enumerate(parts) for b in parts[n + 1 :])


def test_the_demo_shows_the_simulated_players_bets_on_the_layout(tmp_path):
    cfg = local_table("craps", tmp_path, "sim://dice?throw=0.05")
    sink = ScreenSink()
    with assemble(cfg, quiet(sim=True, seed=3, sinks=(sink,))) as table:
        driver = Driver(table, sink, (800, 480)).start()
        try:
            driver.until(lambda: driver.model.state.rounds_settled >= 3, "three rolls")
            driver.until(lambda: driver.model.state.carried, "bets staying on the layout")
            assert driver.app.demo and "layout" not in driver.app.names()  # no taps in a demo
            assert not {"withdraw", "dice_change", "void_throw"} & set(driver.app.names())
            driver.app.players_mode = True
            driver.frame()
            assert "croupier_screen" in driver.app.names()
        finally:
            driver.stop()
