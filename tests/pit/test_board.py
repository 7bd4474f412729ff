"""The pit board on real pygame surfaces (SDL_VIDEODRIVER=dummy), fed by a fake source holding a
floor snapshot: the collector behind the real source is tested on its own."""

from __future__ import annotations

import re

import pygame
import pytest

from terminal.pit.board.app import Board, run_board
from terminal.pit.board.detail import bias_summary
from terminal.pit.board.layout import TILE_MIN, bias_cells
from terminal.pit.board.paint import (
    ALARM_TEXT,
    BACKGROUND,
    COLD_CELL,
    DIM,
    HOT_CELL,
    PLAIN_CELL,
    TILE_COLOURS,
    WARNING_TEXT,
)
from terminal.pit.board.tiles import float_rows

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
    }


class FakeSource:
    """A collector's answers from lists the test changes; `shown_acknowledged` of the acknowledged
    alerts are in the floor snapshot (the collector lists the last 20)."""

    def __init__(self, tables: list[dict], alerts: list[dict] = (), bias: dict | None = None):
        self.tables, self.alerts, self.acknowledged, self.bias = tables, list(alerts), [], bias
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
        }

    def table(self, table_id: str) -> dict:
        mine = [a for a in self.alerts + self.acknowledged if a["table"] == table_id]
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

    def acknowledge(self, alert_id: int, by: str) -> dict:
        self.acks.append((alert_id, by))
        if self.refuse:
            raise ValueError(self.refuse)
        return self.acknowledge_elsewhere(alert_id, by)


def make_board(source: FakeSource, clock=None) -> Board:
    surface = pygame.Surface((1920, 1080))
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
