"""`pit table ID` as text: the table's state, its float in money with separators, its alerts."""

from terminal.pit.cli import table_lines


def detail(float_=None, alerts=()):
    return {
        "table": {
            "table": "RL-01",
            "game": "roulette_fr",
            "link": "live",
            "session": 3,
            "round": {"number": 41, "status": "open"},
            "recent": ["17", "0"],
            "rounds_per_hour": 38,
            "float": float_,
            "faults": [],
        },
        "alerts": list(alerts),
    }


def test_the_float_is_money_with_separators_and_the_result_signed():
    lines = table_lines(detail({"advance": 12_345_600, "tray": 1_250_000, "result": -1_234_550}))

    assert lines[0] == "RL-01 roulette_fr: link live, session 3, round 41 open"
    assert lines[2] == "  float: advance 123,456.00, tray 12,500.00, result -12,345.50"
    assert table_lines(detail({"advance": 100, "tray": 250, "result": 150}))[2] == (
        "  float: advance 1.00, tray 2.50, result +1.50"
    )


def test_an_open_an_acknowledged_and_a_cleared_alert():
    def alert(alert_id, kind, detail, by=None, at=None, cleared=None):
        return {
            "id": alert_id,
            "raised_at": f"2026-11-30T06:0{alert_id - 7}:00.000Z",
            "kind": kind,
            "detail": detail,
            "acknowledged_by": by,
            "acknowledged_at": at,
            "cleared_at": cleared,
        }

    alerts = [
        alert(7, "silent", "no heartbeat for 6 s"),
        alert(8, "pace", "12 rounds per hour", "marta", "2026-11-30T06:02:00.000Z"),
        alert(9, "silent", "no heartbeat for 6 s", cleared="2026-11-30T06:04:00.000Z"),
    ]
    lines = table_lines(detail(alerts=alerts))

    assert lines[2:] == [
        "  alert #7 2026-11-30T06:00:00.000Z silent: no heartbeat for 6 s [OPEN]",
        "  alert #8 2026-11-30T06:01:00.000Z pace: 12 rounds per hour "
        "[acknowledged by marta at 2026-11-30T06:02:00.000Z]",
        "  alert #9 2026-11-30T06:02:00.000Z silent: no heartbeat for 6 s "
        "[cleared at 2026-11-30T06:04:00.000Z: heard again]",
    ]
