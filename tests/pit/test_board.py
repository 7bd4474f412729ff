"""The pit board on real pygame surfaces (SDL_VIDEODRIVER=dummy), fed by a fake source holding a
floor snapshot: the collector behind the real source is tested on its own."""

from __future__ import annotations

import os
import re
import signal

import pygame
import pytest

from terminal.common.draw import fit_block, font, line_step, wrap, wrap_words
from terminal.pit.board.alerts import ROW_PAD, TITLE_SIZE, open_page
from terminal.pit.board.app import INTERRUPTED, Board, run_board
from terminal.pit.board.detail import alert_rows, bias_summary, column
from terminal.pit.board.layout import GAP, TILE_MIN, bias_cells
from terminal.pit.board.paint import (
    ALARM_TEXT,
    BACKGROUND,
    COLD_CELL,
    DIM,
    GAIN,
    HOT_CELL,
    PANEL,
    PLAIN_CELL,
    TILE_COLOURS,
    WARNING_TEXT,
)
from terminal.pit.board.tiles import BODY, float_rows, tile_sizes

USER = "anna"


def entry(table_id: str, link: str = "live", *, faults=(), open_alerts: int = 0) -> dict:
    return {
        "table": table_id,
        "game": "roulette_fr",
        "link": link,
        "silent_for": 12.0 if link == "silent" else 0.3,
        "session": "open",
        "croupier": "C-07",
        "round": {"number": 17, "status": "closed", "last_rounds_left": None},
        "limits": {"min": 500, "chip_unit": 100, "max": {"straight": 5000}},
        "recent": ["4", "0", "17"],
        "rounds_per_hour": 41.0,
        "float": {"advance": 1000000, "tray": 950000, "result": -50000},
        "faults": list(faults),
        "last_seq": 12,
        "open_alerts": open_alerts,
    }


def alert(alert_id: int, table: str, kind: str = "silent") -> dict:
    return {
        "id": alert_id,
        "table": table,
        "kind": kind,
        "detail": "no message for 6.0 s",
        "raised_at": f"2026-11-30T03:39:{alert_id % 60:02d}.000Z",
        "acknowledged_by": None,
        "acknowledged_at": None,
        "cleared_at": None,
    }


class FakeSource:
    """A collector's answers from lists the test changes; `shown_acknowledged` of the acknowledged
    alerts are in the floor snapshot (the collector lists the last 20)."""

    def __init__(self, tables: list[dict], alerts: list[dict] = (), bias: dict | None = None):
        self.tables, self.alerts, self.acknowledged, self.bias = tables, list(alerts), [], bias
        self.cleared: list[dict] = []
        self.acks: list[tuple[int, str]] = []
        self.floors, self.down, self.refuse, self.shown_acknowledged = 0, False, None, 20

    def floor(self) -> dict:
        self.floors += 1
        if self.down:
            raise ConnectionError("the collector did not answer within 2 s")
        return {
            "ts": "2026-11-30T03:40:00.000Z",
            "tables": self.tables,
            "alerts": list(self.alerts),
            "acknowledged": self.acknowledged[: self.shown_acknowledged],
            "cleared": list(self.cleared),
        }

    def table(self, table_id: str) -> dict:
        mine = [a for a in self.alerts + self.acknowledged + self.cleared if a["table"] == table_id]
        return {
            "table": next(t for t in self.tables if t["table"] == table_id),
            "alerts": mine,
            "bias": self.bias,
        }

    def acknowledge_elsewhere(self, alert_id: int, by: str) -> dict:
        found = next(a for a in self.alerts if a["id"] == alert_id)
        self.alerts.remove(found)
        done = dict(found, acknowledged_by=by, acknowledged_at="2026-11-30T03:41:00.000Z")
        self.acknowledged.insert(0, done)
        return done

    def clear(self, alert_id: int) -> None:
        """The collector cleared the alert itself: its table is heard again."""
        found = next(a for a in self.alerts if a["id"] == alert_id)
        self.alerts.remove(found)
        self.cleared.insert(0, dict(found, cleared_at="2026-11-30T03:42:00.000Z"))

    def acknowledge(self, alert_id: int, by: str) -> dict:
        self.acks.append((alert_id, by))
        if self.refuse:
            raise ValueError(self.refuse)
        return self.acknowledge_elsewhere(alert_id, by)


def make_board(source: FakeSource, clock=None, size=(1920, 1080)) -> Board:
    surface = pygame.Surface(size)
    board = Board(source, USER, surface, **({"clock": clock} if clock else {}))
    board.refresh()
    board.draw()
    return board


def target(board: Board, name: str, key=None):
    return next(t for t in board.targets() if t.name == name and t.key == key)


def click(board: Board, name: str, key=None) -> None:
    pos = target(board, name, key).rect.center
    board.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False))
    board.draw()


def key(board: Board, k: int) -> None:
    board.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def open_ids(board: Board) -> list[int]:
    return [a["id"] for a in board.alerts.open]


def border(board: Board, table_id: str):
    rect = target(board, "tile", table_id).rect
    return tuple(board.surface.get_at((rect.centerx, rect.y + 1)))[:3]


def test_a_tap_on_ack_acknowledges_that_alert_as_the_user_and_lists_it_acknowledged():
    source = FakeSource(
        [entry("RL-01", open_alerts=2)], [alert(8, "RL-01"), alert(7, "RL-01", "fault")]
    )
    board = make_board(source)
    assert open_ids(board) == [8, 7]  # newest first
    floors = source.floors

    click(board, "ack", 7)

    assert source.acks == [(7, USER)]
    assert source.floors > floors  # refreshed after the acknowledgement
    assert open_ids(board) == [8]
    assert [(a["id"], a["acknowledged_by"]) for a in board.alerts.acknowledged] == [(7, USER)]
    assert "acknowledged by anna" in board.status


def test_a_finger_on_ack_acknowledges_once_though_the_touch_also_comes_as_a_mouse_click():
    source = FakeSource([entry("RL-01", open_alerts=2)], [alert(8, "RL-01"), alert(7, "RL-01")])
    board = make_board(source)
    x, y = target(board, "ack", 8).rect.center  # alert 7's button moves up here once 8 is gone
    w, h = board.surface.get_size()

    board.handle(
        pygame.event.Event(
            pygame.FINGERDOWN, x=x / w, y=y / h, touch_id=1, finger_id=0, pressure=1.0
        )
    )
    board.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, touch=True))

    assert source.acks == [(8, USER)]
    assert open_ids(board) == [7]


def test_an_alert_stays_open_across_refreshes_until_an_acknowledgement_is_seen():
    source = FakeSource([entry("RL-01", open_alerts=1)], [alert(7, "RL-01")])
    board = make_board(source)
    source.alerts.clear()  # the collector stops listing it, without any acknowledgement
    for _ in range(3):
        board.refresh()
        board.draw()
        assert open_ids(board) == [7]
        assert target(board, "ack", 7)
    assert border(board, "RL-01") == TILE_COLOURS["alarm"][0]  # its table stays in alarm too

    source.alerts.append(alert(7, "RL-01"))
    source.acknowledge_elsewhere(7, "marta")
    board.refresh()
    assert open_ids(board) == []
    assert board.alerts.acknowledged[0]["acknowledged_by"] == "marta"


def test_a_silent_alert_the_collector_cleared_closes_and_its_table_detail_says_when():
    source = FakeSource([entry("RL-01", "silent", open_alerts=1)], [alert(7, "RL-01")])
    board = make_board(source)
    assert open_ids(board) == [7]
    source.clear(7)  # the table heard again
    source.tables = [entry("RL-01")]
    board.refresh()
    board.draw()
    assert open_ids(board) == [] and board.alerts.acknowledged == []
    assert border(board, "RL-01") != TILE_COLOURS["alarm"][0]
    click(board, "tile", "RL-01")
    assert [a["cleared_at"] for a in board.detail["alerts"]] == ["2026-11-30T03:42:00.000Z"]
    assert ("03:39:07 silent (cleared at 03:42:00): no message for 6.0 s", GAIN) in alert_rows(
        board.detail["alerts"]
    )


def test_every_open_alert_is_reachable_through_the_pages_of_the_panel():
    alerts = [alert(i, f"RL-{i:02d}") for i in range(1, 16)]
    board = make_board(
        FakeSource([entry(f"RL-{i:02d}", open_alerts=1) for i in range(1, 16)], alerts)
    )
    seen, page = [], None
    while board.alert_page != page:
        seen += [t.key for t in board.targets() if t.name == "ack"]
        page = board.alert_page
        click(board, "older")  # stays on the last page
    assert sorted(seen) == list(range(1, 16))


def test_a_refused_acknowledgement_shows_its_reason_and_the_alert_stays_open():
    source = FakeSource([entry("RL-01", open_alerts=1)], [alert(7, "RL-01")])
    board = make_board(source)
    source.refuse = "alert 7 is not open"

    click(board, "ack", 7)

    assert source.acks == [(7, USER)]
    assert "alert 7 not acknowledged: alert 7 is not open" in board.status
    assert open_ids(board) == [7]
    status = board.layout.status
    assert any(
        tuple(board.surface.get_at((x, status.centery)))[:3] != BACKGROUND for x in range(20, 400)
    )


def test_refused_acknowledgement_of_an_alert_acknowledged_elsewhere_closes_it_in_its_tables_list():
    source = FakeSource([entry("RL-01", open_alerts=1)], [alert(7, "RL-01")])
    board = make_board(source)
    source.acknowledge_elsewhere(7, "marta")
    source.shown_acknowledged = 0  # fell out of the snapshot's last 20 before this board saw it
    board.refresh()
    assert open_ids(board) == [7]
    source.refuse = "alert 7 was acknowledged by marta"

    click(board, "ack", 7)

    assert "acknowledged by marta" in board.status
    assert open_ids(board) == []


def test_a_silent_refused_or_rewound_table_is_drawn_in_the_alarm_colour_a_healthy_one_is_not():
    board = make_board(
        FakeSource(
            [
                entry("RL-01"),
                entry("RL-02", "silent"),
                entry("RL-03", "refused"),
                entry(
                    "RL-04",
                    faults=[
                        {"device": "wheel", "code": "ball_out", "severity": "warning", "detail": ""}
                    ],
                ),
                entry("RL-05", open_alerts=1),
                entry("RL-06", "rewound"),
            ]
        )
    )
    alarm, warning, normal = (TILE_COLOURS[state][0] for state in ("alarm", "warning", "normal"))
    assert border(board, "RL-02") == alarm
    assert border(board, "RL-03") == alarm
    assert border(board, "RL-06") == alarm
    assert border(board, "RL-05") == alarm
    assert border(board, "RL-04") == warning
    assert border(board, "RL-01") == normal != alarm


def ids(tables: list[dict]) -> list[str]:
    return [t["table"] for t in tables]


def test_500_tables_pages_cover_every_table_once_and_jump_to_alarms_lands_on_the_first_alarm():
    tables = [entry(f"T-{i:03d}") for i in range(500)]
    tables[437] = entry("T-437", "silent")
    tables[480] = entry("T-480", open_alerts=1)
    board = make_board(FakeSource(tables))
    assert all(r.w >= TILE_MIN[0] - 8 and r.h >= TILE_MIN[1] - 8 for r in board.layout.tile_slots)

    shown = []
    for _ in range(len(board.pages())):
        shown += ids(board.visible_tables())
        key(board, pygame.K_PAGEDOWN)
    assert shown == ids(tables)  # every table once, in the floor's order
    assert board.page == len(board.pages()) - 1  # PageDown stops at the last page

    click(board, "prev")
    assert board.page == len(board.pages()) - 2
    for _ in range(len(board.pages())):
        key(board, pygame.K_PAGEUP)
    click(board, "next")
    assert board.page == 1

    per_page = board.layout.per_page
    click(board, "alarms")
    assert board.page == 437 // per_page != 480 // per_page
    assert "T-437" in ids(board.visible_tables())
    key(board, pygame.K_a)  # again: the next page with a table in alarm
    assert board.page == 480 // per_page
    key(board, pygame.K_a)  # and round to the first
    assert board.page == 437 // per_page


def test_tapping_a_tile_opens_its_detail_with_the_bias_chart_and_back_returns():
    cells = [{"label": str(n), "observed": 100, "expected": 100.0, "z": 0.0} for n in range(37)]
    cells[17].update(observed=160, z=6.0)
    cells[3].update(observed=50, z=-5.0)
    bias = {
        "spins": 3700,
        "window": 3700,
        "needed": 185,
        "statistic": 61.0,
        "dof": 36,
        "p_value": 0.0006,
        "alpha": 0.001,
        "flagged": True,
        "valid": True,
        "cells": cells,
    }
    board = make_board(FakeSource([entry("RL-01"), entry("RL-02")], bias=bias))

    click(board, "tile", "RL-02")

    assert board.detail["table"]["table"] == "RL-02"
    rects = bias_cells(board.layout.bias_chart, 37)
    colour_at = [tuple(board.surface.get_at((r.x + 1, r.y + 1)))[:3] for r in rects]
    assert colour_at[17] == HOT_CELL
    assert colour_at[3] == COLD_CELL
    assert colour_at[0] == PLAIN_CELL
    assert not any(t.name == "tile" for t in board.targets())

    key(board, pygame.K_ESCAPE)
    assert board.detail is None and not board.quit_requested
    click(board, "tile", "RL-01")
    click(board, "back")
    assert board.detail is None
    key(board, pygame.K_ESCAPE)
    assert board.quit_requested


def test_the_bias_summary_says_flagged_not_enough_results_and_never_tested():
    bias = {
        "spins": 3700,
        "window": 3700,
        "needed": 185,
        "statistic": 61.0,
        "dof": 36,
        "p_value": 0.0006,
        "alpha": 0.001,
        "flagged": True,
    }
    assert bias_summary(dict(bias, valid=True)) == (
        "wheel bias over 3700 results: chi-squared 61.00, dof 36, p-value 0.0006 (alpha 0.001): "
        "FLAGGED",
        ALARM_TEXT,
    )
    assert "not flagged" in bias_summary(dict(bias, valid=True, flagged=False, p_value=0.29))[0]
    assert bias_summary(dict(bias, valid=False, spins=40)) == (
        "wheel bias: not enough results yet (40 of the 185 the test needs)",
        DIM,
    )
    assert bias_summary(dict(bias, valid=False, spins=100, window=100)) == (
        "wheel bias never tested: bias_spins 100 is below the 185 results this game's test needs; "
        "raise bias_spins in the floor file",
        WARNING_TEXT,
    )


def test_money_is_shown_in_major_units_with_2_decimals_and_the_result_signed():
    rows = float_rows(entry("RL-01"))
    assert [(label, amount) for label, amount, _ in rows] == [
        ("advance", "10,000.00"),
        ("tray", "9,500.00"),
        ("result", "-500.00"),
    ]
    gain = float_rows({"float": {"advance": 5, "tray": 1205, "result": 120000}})
    assert gain[2][1] == "+1,200.00" and gain[2][2] != rows[2][2]


def test_an_unanswering_collector_keeps_the_last_snapshot_greyed_with_a_message():
    now = [100.0]
    source = FakeSource([entry("RL-01"), entry("RL-02", "silent")])
    board = make_board(source, clock=lambda: now[0])
    before = board.snapshot

    source.down = True
    board.refresh()
    now[0] += 5
    board.refresh()
    board.draw()

    assert board.snapshot is before
    assert [t["table"] for t in board.visible_tables()] == ["RL-01", "RL-02"]
    assert re.match(
        r"collector not answering since \d\d:\d\d:\d\d UTC \(5 s\)", board.connection_lost
    )
    greyed = border(board, "RL-02")
    assert greyed != TILE_COLOURS["alarm"][0] and greyed != BACKGROUND

    source.down = False
    board.refresh()
    board.draw()
    assert board.connection_lost is None
    assert border(board, "RL-02") == TILE_COLOURS["alarm"][0]


def test_run_board_draws_three_frames_with_the_dummy_driver_and_returns_0():
    source = FakeSource([entry("RL-01")], [alert(7, "RL-01")])
    assert run_board(source, USER, frames=3) == 0
    assert source.floors >= 1


def test_run_board_without_a_display_says_what_to_do_and_returns_1(monkeypatch, capsys):
    monkeypatch.setenv("SDL_VIDEODRIVER", "no-such-driver")
    assert run_board(FakeSource([entry("RL-01")]), USER, frames=3) == 1
    assert "SDL_VIDEODRIVER" in capsys.readouterr().err


@pytest.mark.parametrize(
    "closing",
    [
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0),
        pygame.event.Event(pygame.QUIT),
    ],
    ids=["escape", "window-closed"],
)
def test_run_board_stops_at_escape_or_when_the_window_is_closed(closing):
    class Closing(FakeSource):
        def floor(self):
            pygame.event.post(closing)  # as if the pit boss did it while the snapshot came in
            return super().floor()

    source = Closing([entry("RL-01")])
    assert run_board(source, USER, frames=5, refresh_s=0) == 0
    assert source.floors == 1  # it stopped at the first frame instead of refreshing at each of 5


# -- the screen's width, and text that fits


SIZES = [(1920, 1080), (1280, 720), (800, 480)]
LONG_DETAIL = (
    "error dice sensor_stuck: the reader's sensor at the back wall reports the same value for "
    "30 s (last frames: 7e 01 a2 00 31 7e 01 a2 00 31), check its wiring and lens, then clear "
    "the fault at the table; until then the stickman enters every throw by hand on the screen"
)


def tiles_of(board: Board) -> list[pygame.Rect]:
    return [t.rect for t in board.targets() if t.name == "tile"]


@pytest.mark.parametrize("count", [1, 3, 8, 12, 30])
@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_tiles_of_a_row_share_the_whole_width_left_of_the_alerts_panel(size, count):
    board = make_board(FakeSource([entry(f"T-{i:02d}") for i in range(count)]), size=size)
    layout, tiles = board.layout, tiles_of(board)
    assert len(tiles) == min(count, layout.per_page)
    cols, _ = layout.shape
    first_row = [r for r in tiles if r.y == tiles[0].y]
    assert len(first_row) == min(cols, count)
    assert layout.main.w + layout.panel.w == size[0]
    if count >= cols:  # a full row: its tiles and the gaps between them are the whole width
        assert sum(r.w + GAP for r in first_row) == layout.main.w
        assert sum(r.w for r in first_row) >= 0.95 * layout.main.w
    assert all(layout.grid.contains(r) for r in tiles)
    assert not any(a.colliderect(b) for i, a in enumerate(tiles) for b in tiles[i + 1 :])


def test_a_floor_of_few_tables_gets_fewer_larger_tiles_a_large_one_full_pages():
    def shape(count: int, size=(1920, 1080)) -> tuple[int, int]:
        board = make_board(FakeSource([entry(f"T-{i:02d}") for i in range(count)]), size=size)
        return board.layout.shape

    assert shape(3) == (3, 1)  # side by side, not three tiles in the corner of a 5 x 4 page
    assert shape(8) == (4, 2)
    assert shape(12) == (4, 3)
    assert shape(30) == shape(500) == (5, 4)  # full pages of the smallest readable tiles
    assert shape(3, (800, 480)) == (2, 2)

    few = make_board(FakeSource([entry(f"T-{i:02d}") for i in range(3)]))
    many = make_board(FakeSource([entry(f"T-{i:02d}") for i in range(30)]))
    grown = tile_sizes(*tiles_of(few)[0].size)
    assert grown.body > tile_sizes(*tiles_of(many)[0].size).body >= BODY * 0.9
    assert grown.height <= tiles_of(few)[0].h  # grown text still fits its tile


@pytest.mark.parametrize("count", [3, 30])
@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_no_text_of_a_tile_runs_out_of_it(size, count):
    tables = [
        dict(
            entry(f"TQ-{i:02d}", "silent" if i == 1 else "live"),
            game="trente_quarante",
            croupier="Maria Dolors Puig i Ferrer de la Vall",
            faults=[{"device": "shoe", "code": "card_count_exceeded", "severity": "error"}],
            round={"number": 123456, "status": "open", "last_rounds_left": 3},
            open_alerts=12,
        )
        for i in range(count)
    ]
    board = make_board(FakeSource(tables), size=size)
    for rect in tiles_of(board):
        # the gaps either side of a tile and below it are the grid's background: nothing drawn
        # in a tile went past its edge
        strips = [
            pygame.Rect(rect.right, rect.y, GAP // 2, rect.h),
            pygame.Rect(rect.x - GAP // 2, rect.y, GAP // 2, rect.h),
            pygame.Rect(rect.x, rect.bottom, rect.w, GAP // 2),
        ]
        for strip in strips:
            strip = strip.clip(board.layout.grid)
            colours = {
                tuple(board.surface.get_at((x, y)))[:3]
                for x in range(strip.x, strip.right)
                for y in range(strip.y, strip.bottom, 3)
            }
            assert colours <= {BACKGROUND}, (rect, strip)


BIAS_DETAIL = (
    "the last 3700 results fail the chi-squared test (chi2 91.3, dof 36, p 1.2e-06 < 0.0001); "
    "most off: 17 160 for 100.0 expected"
)


@pytest.mark.parametrize(
    "size, detail",
    [((1920, 1080), LONG_DETAIL), ((1280, 720), LONG_DETAIL), ((800, 480), BIAS_DETAIL)],
    ids=["1920x1080", "1280x720", "800x480"],
)
def test_a_long_alert_text_is_drawn_whole_inside_its_row(size, detail):
    long = dict(alert(9, "CR-01", "fault"), detail=detail)
    board = make_board(
        FakeSource([entry("CR-01", open_alerts=2)], [long, alert(8, "RL-01")]), size=size
    )
    layout = board.layout
    [row, *_] = open_page(board.alerts, 0, layout)
    assert row.alert["id"] == 9
    ack = layout.ack_button(row.rect)
    room = ack.x - GAP - (row.rect.x + GAP)
    # every word, whole, in order (the time raised may lead it on a narrow panel)
    shown = " ".join(row.detail).split()
    assert shown[-len(detail.split()) :] == detail.split()
    assert len(row.detail) > 1  # wrapped, not cut short
    assert all(font(row.detail_size).size(line)[0] <= room for line in row.detail)
    assert row.detail_size >= 18  # shrunk no further than its floor
    top = ROW_PAD + font(TITLE_SIZE).get_linesize()
    assert top + len(row.detail) * line_step(row.detail_size) <= row.rect.h
    assert layout.alert_area.contains(row.rect)
    # the panel's own colour just below the row: the text stopped inside it
    below = pygame.Rect(row.rect.x, row.rect.bottom, row.rect.w, GAP // 2)
    assert {tuple(board.surface.get_at(p))[:3] for p in (below.midleft, below.center)} == {PANEL}
    click(board, "ack", 9)  # its ACK button still acknowledges it
    assert 9 not in open_ids(board)


def test_an_alert_text_longer_than_the_whole_panel_ends_at_a_word_and_opens_its_table():
    longest = " ".join([LONG_DETAIL] * 3)
    board = make_board(
        FakeSource([entry("CR-01", open_alerts=1)], [dict(alert(9, "CR-01"), detail=longest)]),
        size=(800, 480),
    )
    [row] = open_page(board.alerts, 0, board.layout)
    *whole, last = " ".join(row.detail).split()
    assert last == "…"
    assert " ".join(whole) in f"{clock_of_alert(row.alert)} · {longest}"  # whole words, in order
    assert board.layout.alert_area.contains(row.rect)

    click(board, "alert", 9)  # the row, beside its ACK button
    assert board.detail is not None and board.detail["table"]["table"] == "CR-01"
    assert open_ids(board) == [9]  # opened, not acknowledged


def clock_of_alert(alert: dict) -> str:
    return alert["raised_at"][11:19]


def test_every_open_alert_of_long_texts_is_reachable_through_the_pages_of_the_panel():
    alerts = [dict(alert(i, f"RL-{i:02d}", "fault"), detail=LONG_DETAIL) for i in range(1, 9)]
    board = make_board(
        FakeSource([entry(f"RL-{i:02d}", open_alerts=1) for i in range(1, 9)], alerts),
        size=(1280, 720),
    )
    seen, page = [], None
    while board.alert_page != page:
        seen += [t.key for t in board.targets() if t.name == "ack"]
        page = board.alert_page
        click(board, "older")
    assert sorted(seen) == list(range(1, 9))


def test_a_column_of_the_detail_keeps_its_text_inside_and_says_what_did_not_fit():
    surface = pygame.Surface((600, 400))
    surface.fill(BACKGROUND)
    area = pygame.Rect(50, 40, 200, 240)
    rows = [(f"03:39:{i:02d} fault (OPEN): {LONG_DETAIL}", ALARM_TEXT) for i in range(10)]
    column(surface, area, rows, more=lambda left: f"{left} older alerts not shown")
    outside = [
        (x, y) for x in range(0, 600, 2) for y in range(0, 400, 2) if not area.collidepoint(x, y)
    ]
    assert all(tuple(surface.get_at(p))[:3] == BACKGROUND for p in outside)
    # the last line drawn is the dim one that says how many rows are left out
    dim_rows = [
        y
        for y in range(area.y, area.bottom)
        if any(tuple(surface.get_at((x, y)))[:3] == DIM for x in range(area.x, area.right))
    ]
    alarm_rows = [
        y
        for y in range(area.y, area.bottom)
        if any(tuple(surface.get_at((x, y)))[:3] == ALARM_TEXT for x in range(area.x, area.right))
    ]
    assert dim_rows and alarm_rows and min(dim_rows) > max(alarm_rows)


def test_the_shared_text_helpers_wrap_whole_words_and_shrink_to_fit():
    width = 180
    words = LONG_DETAIL.split()
    for size in (18, 24, 30):
        lines = wrap_words(LONG_DETAIL, size, width)
        assert " ".join(lines).split() == words  # nothing cut, nothing lost
        assert all(font(size).size(line)[0] <= width for line in lines)
    size, lines = fit_block(LONG_DETAIL, 24, 400, 4 * line_step(24), floor=16)
    assert size < 24 and len(lines) * line_step(size) <= 4 * line_step(24)
    assert " ".join(lines).split() == words
    # a word wider than the line by itself is the one thing broken, and still shows whole
    assert "".join(wrap_words("sensor_stuck_for_a_long_while", 24, 60)) == (
        "sensor_stuck_for_a_long_while"
    )
    # a path too wide breaks after its slashes, each line a readable piece of it, none cut
    path = "(/var/lib/dealer-terminal/journals/table-07-roulette)"
    size, lines = fit_block(f"{path} is writable", 24, 200, floor=16)
    assert size == 24 and "".join(lines).startswith(path)
    assert lines[0] == "(/var/lib/" and all(font(24).size(line)[0] <= 200 for line in lines)
    # `wrap`, which the screens use, is as it was: a word too long for the line is cut short
    assert wrap("unbelievably-long-word", 24, 60)[0].endswith("...")


# -- stopping


def ctrl_c() -> pygame.event.Event:
    return pygame.event.Event(
        pygame.KEYDOWN, key=pygame.K_c, mod=pygame.KMOD_LCTRL, unicode="\x03", scancode=0
    )


@pytest.fixture
def signals_noted():
    """SIGINT and SIGTERM handled by a recorder during the test (a board that failed to take them
    over must not interrupt or kill the test run), put back afterwards; yields what it noted."""
    noted: list[int] = []
    previous = {
        signum: signal.signal(signum, lambda signum, frame: noted.append(signum))
        for signum in (signal.SIGINT, signal.SIGTERM)
    }
    yield noted
    for signum, handler in previous.items():
        signal.signal(signum, handler)


def test_ctrl_c_typed_in_the_board_window_stops_it_with_130(signals_noted):
    class Typed(FakeSource):
        def floor(self):
            pygame.event.post(ctrl_c())
            return super().floor()

    source = Typed([entry("RL-01")])
    assert run_board(source, USER, frames=5, refresh_s=0) == INTERRUPTED == 130
    assert source.floors == 1
    assert not pygame.display.get_init()


def test_sigint_stops_run_board_with_130_closes_the_display_and_gives_sigint_back(signals_noted):
    before = signal.getsignal(signal.SIGINT)

    class Interrupted(FakeSource):
        def floor(self):
            os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C in the terminal, mid-refresh
            return super().floor()

    source = Interrupted([entry("RL-01")])
    assert run_board(source, USER, frames=50, refresh_s=0) == 130
    assert source.floors == 1  # the next turn of the loop saw it
    assert signals_noted == []  # the board's handler had it, not the one before
    assert not pygame.display.get_init()
    assert signal.getsignal(signal.SIGINT) is before


def test_sigterm_stops_run_board_with_0(signals_noted):
    before = signal.getsignal(signal.SIGTERM)

    class Terminated(FakeSource):
        def floor(self):
            os.kill(os.getpid(), signal.SIGTERM)
            return super().floor()

    source = Terminated([entry("RL-01")])
    assert run_board(source, USER, frames=50, refresh_s=0) == 0
    assert source.floors == 1 and signals_noted == []
    assert signal.getsignal(signal.SIGTERM) is before
