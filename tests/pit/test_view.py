"""The pit's view of one table (`terminal.pit.view`): what it folds from the table's events and
the alerts those events raise. Events are built as a table journals them (`docs/events.md`); the
last tests fold the journal of a real simulated table."""

from __future__ import annotations

import random
import re
from datetime import UTC, datetime, timedelta

import pytest

from games.registry import GAMES
from terminal.config import load_table_config
from terminal.pit.floorfile import AlertSettings
from terminal.pit.view import RECENT, Raised, TableView, epoch, result_text
from tests.support.helpers import cli, journal_events, write_config

START = datetime(2026, 11, 30, 3, 36, 2, 360000, tzinfo=UTC)
T0 = START.timestamp()  # the epoch second of `at=0`
LIMITS = {"min": 500, "chip_unit": 100, "max": {"straight": 15000, "red": 270000}}
FAULT = {
    "code": "ball_out",
    "detail": "the ball left the wheel",
    "device": "wheel",
    "severity": "warning",
}


class Feed:
    """A table's events in `seq` order, `at` seconds after START, shaped as the table writes
    them."""

    def __init__(self, game: str = "roulette_fr"):
        self.game, self.seq, self.round = game, 0, 0

    def event(
        self, kind: str, data: dict | None = None, *, at: float = 0.0, round_no: int | None = None
    ) -> dict:
        self.seq += 1
        ts = (START + timedelta(seconds=at)).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"
        return {
            "v": 1,
            "table": "RL-01",
            "game": self.game,
            "seq": self.seq,
            "round": round_no,
            "ts": ts,
            "kind": kind,
            "data": data or {},
            "prev": "0" * 64,
            "hash": "f" * 64,
        }

    def open(self, *, at: float = 0.0, croupier: str = "C-07", limits: dict = LIMITS) -> dict:
        return self.event(
            "table.open",
            {"croupier": croupier, "game": self.game, "limits": limits, "profile": "valencia-1994"},
            at=at,
        )

    def result(self, outcome: dict, *, house_net: int = 0, at: float = 0.0, **extra) -> dict:
        """A round.result whose bets moved `house_net` in all: to the carrousel's pool the coins
        less the jackpots of `extra["carrousel"]`, if any, the rest to the house."""
        self.round += 1
        pool = extra.get("carrousel", {"coins": 0, "paid_out": 0})
        pool_net = pool["coins"] - pool["paid_out"]
        bets, settlement = [], []
        for bet_id, net, against in (("h", house_net - pool_net, "house"), ("c", pool_net, "pool")):
            if net == 0:
                continue
            stake = net if net > 0 else 1
            bets.append({"id": f"{bet_id}{self.round}", "seat": 1, "code": "x", "stake": stake})
            entry = {
                "id": f"{bet_id}{self.round}",
                "result": "lose" if net > 0 else "win",
                "paid": max(-net, 0),
                "returned": 0 if net > 0 else stake,
            }
            settlement.append(entry if against == "house" else {**entry, "against": against})
        totals = {
            "house_net": house_net,
            "paid": sum(e["paid"] for e in settlement),
            "returned": sum(e["returned"] for e in settlement),
            "staked": sum(b["stake"] for b in bets),
        }
        return self.event(
            "round.result",
            {
                "outcome": outcome,
                "totals": totals,
                "bets": bets,
                "settlement": settlement,
                "last_round": False,
                **extra,
            },
            at=at,
            round_no=self.round,
        )

    def spin(self, number: int, rotor: str | None = None, **kwargs) -> dict:
        return self.result(
            {"number": number, **({"rotor": rotor, "rpm": 16.1} if rotor else {})}, **kwargs
        )


def fold(view: TableView, events) -> list[Raised]:
    raised = []
    for event in events:
        raised += view.apply(event)
    return raised


def kinds(raised: list[Raised]) -> list[str]:
    return [alert.kind for alert in raised]


def opened(
    settings: AlertSettings | None = None,
    *,
    game: str = "roulette_fr",
    advance: int | None = 1_000_000,
) -> tuple[TableView, Feed]:
    """A view of a table whose session is open (with its first advance, unless None)."""
    view, feed = TableView("RL-01", settings or AlertSettings()), Feed(game)
    assert view.apply(feed.open()) == []
    if advance is not None:
        assert (
            view.apply(
                feed.event("float.advance", {"amount": advance, "chips": {}, "reason": "opening"})
            )
            == []
        )
    return view, feed


def buyin(feed: Feed, chips: int) -> dict:
    return feed.event("cash.buyin", {"cash": chips, "chips": chips, "seat": 1})


# -- faults


def test_a_fault_raises_one_alert_naming_severity_device_code_and_detail():
    view, feed = opened()
    [alert] = view.apply(feed.event("fault", FAULT))
    assert alert.kind == "fault"
    assert all(
        part in alert.detail for part in ("warning", "wheel", "ball_out", "the ball left the wheel")
    )
    assert view.entry(T0)["faults"] == [FAULT]


def test_fault_cleared_removes_only_that_fault_from_the_entry():
    view, feed = opened()
    other = {
        "code": "door_open",
        "detail": "the door is open",
        "device": "gpio",
        "severity": "error",
    }
    fold(view, [feed.event("fault", FAULT), feed.event("fault", other)])
    assert view.apply(feed.event("fault.cleared", FAULT)) == []
    assert view.entry(T0)["faults"] == [other]


# -- the rotor's direction


def direction(raised: list[Raised]) -> tuple[str, int]:
    """The direction and the round that the one alert raised, a `direction` alert, names."""
    [alert] = raised
    found = re.search(r"\b(c?cw) again in round (\d+)", alert.detail)
    assert alert.kind == "direction" and found and "must alternate" in alert.detail, alert
    return found[1], int(found[2])


@pytest.mark.parametrize("game", ["roulette_fr", "roulette_us1"])
def test_direction_alert_on_two_spins_in_a_row_the_same_way(game):
    view, feed = opened(game=game)
    assert fold(view, [feed.spin(4, "cw"), feed.spin(22, "ccw")]) == []
    assert direction(view.apply(feed.spin(9, "ccw"))) == ("ccw", 3)
    assert fold(view, [feed.spin(30, "cw"), feed.spin(7, "ccw")]) == []


@pytest.mark.parametrize(
    "game, outcome",
    [
        ("boule", {"number": 3}),
        ("fortune_wheel", {"segment": 48, "symbol": "sym:1"}),
    ],
)
def test_no_direction_alert_for_wheels_that_need_not_alternate(game, outcome):
    view, feed = opened(game=game)
    spins = [feed.result({**outcome, "rotor": "cw", "rpm": 16.1}) for _ in range(3)]
    assert "direction" not in kinds(fold(view, spins))


def test_the_rotor_alternates_from_the_last_spin_that_stood():
    """A void spin turns the other way from the last number, and so does the spin played again
    in its place: the spins alternate from the last settled (`TableState.last_rotor`)."""
    view, feed = opened()
    void = {"reason": "tilt: the wheel was disturbed during the round", "returned": [], "kept": []}
    assert (
        fold(
            view,
            [feed.spin(4, "ccw"), feed.event("round.void", {**void, "rotor": "cw"}, round_no=2)],
        )
        == []
    )
    feed.round = 2
    assert view.apply(feed.spin(17, "cw")) == []  # the respin turned as the void spin did
    assert direction(view.apply(feed.event("round.void", {**void, "rotor": "cw"}, round_no=4))) == (
        "cw",
        4,
    )  # the same way as the last number, 17's


# -- the float


def test_float_low_once_per_dip_and_again_after_the_tray_came_back_above():
    view, feed = opened(AlertSettings(float_low=0.2))  # 200,000 of the advance of 1,000,000
    assert view.apply(buyin(feed, 500_000)) == []
    [alert] = view.apply(buyin(feed, 350_000))
    assert alert.kind == "float_low" and "1,500.00" in alert.detail and "10,000.00" in alert.detail
    assert view.apply(buyin(feed, 10_000)) == []  # still the same dip
    assert view.apply(feed.spin(17, house_net=60_000)) == []  # 200,000: back at the threshold
    assert kinds(view.apply(buyin(feed, 1))) == ["float_low"]


def test_float_low_is_measured_against_the_first_advance_not_the_top_ups():
    view, feed = opened(AlertSettings(float_low=0.2))
    view.apply(feed.event("float.advance", {"amount": 1_000_000, "chips": {}, "reason": "topup"}))
    assert view.apply(buyin(feed, 1_700_000)) == []  # 300,000: above 20% of 1,000,000
    assert kinds(view.apply(buyin(feed, 100_001))) == ["float_low"]


def test_no_float_low_without_an_advance():
    view, feed = opened(advance=None)
    assert view.apply(buyin(feed, 50_000)) == []
    assert view.entry(T0)["float"] is None


def test_no_float_low_once_the_session_is_closed():
    view, feed = opened()
    view.apply(feed.event("table.close", {"croupier": "C-07", "house_net": 0, "rounds": 0}))
    assert view.apply(buyin(feed, 900_000)) == []


def test_tray_is_advances_plus_results_minus_buyins_plus_void_premiums():
    view, feed = opened(game="trente_quarante")
    premium = {"code": "insurance", "id": "r2s1b0", "seat": 1, "stake": 1_500}
    fold(
        view,
        [
            buyin(feed, 100_000),
            feed.result(
                {
                    "noir": ["KS", "9H", "TD", "3C"],
                    "noir_total": 32,
                    "rouge": ["QD", "8S", "AH", "TC"],
                    "rouge_total": 29,
                },
                house_net=-20_000,
            ),
            feed.event(
                "round.void",
                {
                    "reason": "the red card came out",
                    "returned": [],
                    "kept": [],
                    "collected": [premium],
                },
                round_no=2,
            ),
            feed.event("float.advance", {"amount": 500_000, "chips": {}, "reason": "topup"}),
        ],
    )
    assert view.entry(T0)["float"] == {
        "advance": 1_500_000,
        "tray": 1_500_000 - 100_000 - 20_000 + 1_500,
        "result": -20_000 + 1_500,
    }


def test_carrousel_coins_and_jackpots_stay_out_of_the_float():
    view, feed = opened(game="poker_stud")
    poker = {"bank": ["QD", "KD", "TD", "KC", "JH"], "boxes": {"3": ["JC", "TH", "7H", "6S", "5C"]}}
    view.apply(
        feed.result(
            poker,
            house_net=4_500,
            carrousel={"coins": 1_000, "paid_out": 0, "pool_before": 0, "pool_after": 1_000},
        )
    )
    assert view.entry(T0)["float"] == {"advance": 1_000_000, "tray": 1_003_500, "result": 3_500}
    view.apply(
        feed.result(
            poker,
            house_net=-16_000,  # a jackpot of 20,000 paid from the pool
            carrousel={
                "coins": 500,
                "paid_out": 20_000,
                "pool_before": 20_500,
                "pool_after": 1_000,
            },
        )
    )
    assert view.entry(T0)["float"] == {"advance": 1_000_000, "tray": 1_007_000, "result": 7_000}


# -- the wheel's bias


def _bias_alerts_at(view: TableView, feed: Feed, numbers) -> list[int]:
    """The results (counted from 1) whose fold raised a bias alert."""
    return [
        i for i, number in enumerate(numbers, 1) if "bias" in kinds(view.apply(feed.spin(number)))
    ]


def test_a_wheel_stuck_on_17_raises_bias_naming_the_pocket():
    view, feed = opened(AlertSettings(bias_spins=370))
    raised = []
    for _ in range(370):
        raised += view.apply(feed.spin(17))
    bias = [alert for alert in raised if alert.kind == "bias"]
    assert bias, "370 results of 17 must fail the chi-squared test"
    assert bias[-1].detail.startswith("the last 370 results fail the chi-squared test")
    assert "most off: 17 370 for 10.0 expected" in bias[-1].detail


def test_fair_results_raise_no_bias():
    view, feed = opened(AlertSettings(bias_spins=370))
    draw = random.Random(20261130)
    assert _bias_alerts_at(view, feed, [draw.randrange(37) for _ in range(740)]) == []
    assert view.tally.spins == 370


def test_the_bias_test_runs_every_37_results_also_once_the_window_is_full():
    """The window of 200 results is full after 200; the test still runs every 37 results, no more
    often (a window that is a multiple of 37 must not be tested on every result)."""
    view, feed = opened(AlertSettings(bias_spins=200))
    assert _bias_alerts_at(view, feed, [17] * 300) == [185, 222, 259, 296]
    view, feed = opened(AlertSettings(bias_spins=185))
    assert _bias_alerts_at(view, feed, [17] * 260) == [185, 222, 259]


def test_the_bias_window_goes_on_across_sessions_of_the_same_profile():
    view, feed = opened(AlertSettings(bias_spins=370))
    fold(
        view,
        [feed.spin(17) for _ in range(100)]
        + [feed.event("table.close", {"house_net": 0, "rounds": 100})],
    )
    view.apply(feed.open())
    assert view.tally.spins == 100
    assert _bias_alerts_at(view, feed, [17] * 100) == [
        85
    ]  # the 185th result: 5 expected per pocket, trusted


def test_a_window_too_small_for_the_test_is_logged_and_never_flags(caplog):
    caplog.set_level("WARNING", logger="terminal.pit.view")
    view, feed = opened(AlertSettings(bias_spins=184))
    assert _bias_alerts_at(view, feed, [17] * 400) == []
    assert [r.getMessage() for r in caplog.records] == [
        "table RL-01 (roulette_fr): bias_spins 184 is below the 185 results the bias test of this "
        "game needs: it is never tested; raise bias_spins in the floor file"
    ]


def test_card_games_have_no_bias_window():
    view, _ = opened(game="blackjack")
    assert view.tally is None


def test_restore_tally_rebuilds_the_window_from_stored_results():
    view, feed = opened(AlertSettings(bias_spins=370))
    view.restore_tally([{"number": 17, "rotor": "cw", "rpm": 16.0}] * 370)
    assert view.tally.spins == 370 and view.tally.report(view.settings.bias_alpha).flagged
    assert _bias_alerts_at(view, feed, [17] * 37) == [37]


# -- the pace


PACE = AlertSettings(pace=(30, 60), pace_window=600)


def test_no_pace_alert_before_a_whole_window():
    view, feed = opened(PACE)
    view.apply(feed.spin(4, at=100))
    assert view.check_pace(T0 + 599) == []


def test_pace_alert_when_too_slow_once_per_excursion():
    view, feed = opened(PACE)
    fold(view, [feed.spin(4, at=100), feed.spin(22, at=200)])
    [alert] = view.check_pace(T0 + 600)
    assert alert.kind == "pace" and "12 rounds per hour" in alert.detail and "30-60" in alert.detail
    assert view.check_pace(T0 + 650) == []  # the same excursion
    fold(view, [feed.spin(n, at=610 + 80 * n) for n in range(8)])  # 610 ... 1170: 48 an hour
    assert view.check_pace(T0 + 1200) == []
    assert kinds(view.check_pace(T0 + 1900)) == ["pace"]  # nothing for ten minutes: a new excursion


def test_pace_alert_when_too_fast():
    view, feed = opened(PACE)
    fold(view, [feed.spin(n % 37, at=10 * n) for n in range(1, 61)])
    assert kinds(view.check_pace(T0 + 600)) == ["pace"]


def test_no_pace_alert_inside_the_band_or_without_a_band():
    view, feed = opened(PACE)
    fold(view, [feed.spin(n, at=80 * n) for n in range(1, 8)])  # 7 results in 600 s: 42 an hour
    assert view.check_pace(T0 + 600) == []
    unbanded, feed = opened(AlertSettings(pace_window=600))
    fold(unbanded, [feed.spin(4, at=100)])
    assert unbanded.check_pace(T0 + 600) == []


def test_no_pace_alert_for_a_closed_session():
    view, feed = opened(PACE)
    view.apply(feed.event("table.close", {"house_net": 0, "rounds": 0}, at=50))
    assert view.check_pace(T0 + 600) == []


def test_rounds_per_hour_from_the_results_timestamps():
    view, feed = opened()  # a window of an hour
    fold(view, [feed.spin(n % 37, at=60 * n) for n in range(1, 31)])  # one a minute for 30 minutes
    # too short a span yet
    assert view.check_pace(T0 + 30) == [] and view.rounds_per_hour(T0 + 30) is None
    assert view.rounds_per_hour(T0 + 1800) == pytest.approx(60.0)
    assert view.entry(T0 + 1800)["rounds_per_hour"] == 60.0
    assert view.rounds_per_hour(T0 + 3600) == pytest.approx(30.0)  # 30 results over the last hour
    assert view.rounds_per_hour(T0 + 1800 + 3600 + 1) == 0.0  # all of them older than an hour
    view.apply(feed.event("table.close", {"house_net": 0, "rounds": 30}, at=1801))
    assert view.rounds_per_hour(T0 + 1802) is None


# -- quiet, sessions, the board's entry


def test_quiet_raises_nothing_but_folds():
    view, feed = opened(AlertSettings(float_low=0.5))
    quiet = [feed.event("fault", FAULT), feed.spin(4, "cw"), buyin(feed, 600_000)]
    assert [view.apply(event, quiet=True) for event in quiet] == [[], [], []]
    entry = view.entry(T0)
    assert (
        entry["faults"] == [FAULT]
        and entry["recent"] == ["4"]
        and entry["float"]["tray"] == 400_000
    )
    assert view.tally.spins == 0  # the bias window is restore_tally's, from the store
    assert kinds(view.apply(feed.spin(9, "cw"))) == [
        "direction"
    ]  # the quiet spin's direction counts
    assert view.apply(buyin(feed, 1)) == []  # the dip was folded quietly: not alerted again


def test_a_new_session_resets_the_float_and_the_counts():
    view, feed = opened(AlertSettings(float_low=0.5, pace=(30, 60), pace_window=600))
    assert kinds(
        fold(view, [buyin(feed, 900_000), feed.spin(4, at=100), feed.spin(22, at=200)])
    ) == ["float_low"]
    assert kinds(view.check_pace(T0 + 600)) == ["pace"]
    view.apply(feed.event("table.close", {"house_net": 0, "rounds": 2}, at=640))
    assert view.entry(T0 + 640)["session"] == "closed"
    assert view.apply(feed.open(at=650, croupier="C-09")) == []
    entry = view.entry(T0 + 760)  # the last 600 s still hold the result of 200 s
    assert entry["session"] == "open" and entry["croupier"] == "C-09"
    assert entry["float"] is None and entry["rounds_per_hour"] == 0.0
    view.apply(
        feed.event("float.advance", {"amount": 200_000, "chips": {}, "reason": "opening"}, at=651)
    )
    assert view.entry(T0 + 760)["float"] == {"advance": 200_000, "tray": 200_000, "result": 0}
    assert kinds(view.apply(buyin(feed, 150_000))) == ["float_low"]
    assert kinds(view.check_pace(T0 + 1250)) == ["pace"]  # a new session's first excursion


ENTRY_KEYS = {
    "table",
    "game",
    "session",
    "croupier",
    "round",
    "limits",
    "recent",
    "game_line",
    "rounds_per_hour",
    "float",
    "faults",
    "last_seq",
    "circle",
}  # schema.md's entry, less link/silent_for/open_alerts (the collector's)


def test_entry_of_a_table_never_heard():
    entry = TableView("RL-01", AlertSettings()).entry(T0)
    assert entry == {
        "table": "RL-01",
        "game": None,
        "session": None,
        "croupier": None,
        "round": {"number": None, "status": None, "last_rounds_left": None},
        "limits": None,
        "recent": [],
        "game_line": None,
        "rounds_per_hour": None,
        "float": None,
        "faults": [],
        "last_seq": 0,
        "circle": None,
    }


def test_entry_follows_the_round_the_limits_and_the_results():
    view, feed = opened()
    view.apply(feed.event("round.open", {"last_rounds_left": 2}, at=1, round_no=1))
    entry = view.entry(T0 + 1)
    assert set(entry) == ENTRY_KEYS
    assert entry["round"] == {"number": 1, "status": "open", "last_rounds_left": 2}
    view.apply(feed.event("round.closed", {}, at=2, round_no=1))
    assert view.entry(T0 + 2)["round"]["status"] == "closed"
    new_limits = {**LIMITS, "min": 1000}
    view.apply(feed.event("table.limits", {"old": LIMITS, "new": new_limits}, at=3))
    fold(view, [feed.spin(n, at=4 + n) for n in range(RECENT + 3)])
    entry = view.entry(T0 + 30)
    assert entry["round"] == {
        "number": 1,
        "status": None,
        "last_rounds_left": 2,
    }  # numbered by round.open
    assert entry["limits"] == new_limits
    assert entry["recent"] == [str(n) for n in range(3, RECENT + 3)]  # the last RECENT, newest last
    assert (
        entry["game"] == "roulette_fr"
        and entry["croupier"] == "C-07"
        and entry["last_seq"] == feed.seq
    )
    view.apply(feed.event("table.close", {"house_net": 0, "rounds": RECENT + 3}, at=40))
    assert view.entry(T0 + 40)["round"] == {"number": 1, "status": None, "last_rounds_left": None}


# -- result texts


@pytest.mark.parametrize(
    "game, outcome, text",
    [
        ("roulette_fr", {"number": 17, "rotor": "cw", "rpm": 16.1}, "17"),  # roulette
        ("boule", {"number": 3, "rotor": "ccw", "rpm": 18.1}, "3"),  # boule
        ("craps", {"dice": [3, 4], "point_after": 7, "point_before": None}, "3-4"),  # craps
        (
            "fortune_wheel",
            {"rotor": "cw", "rpm": 16.1, "segment": 23, "symbol": "sym:10"},
            "10",
        ),  # fortune wheel
        (
            "fortune_wheel",
            {"rotor": "cw", "rpm": 16.1, "segment": 0, "symbol": "joker:1"},
            "joker:1",
        ),
        ("punto_banco", {"banker": ["TS", "8D"], "player": ["KH", "3D"]}, "P3 B8"),  # punto banco
        ("punto_banco", {"banker": ["8H", "3D", "QD"], "player": ["8C", "4H", "TS"]}, "P2 B1"),
        (
            "trente_quarante",
            {
                "noir": ["4H", "AC", "6S", "9S", "AS", "JD"],
                "noir_total": 31,
                "rouge": ["4S", "AD", "9C", "KD", "AD", "TC"],
                "rouge_total": 35,
            },
            "N31 R35",
        ),  # trente et quarante
        (
            "blackjack",
            {"dealer": ["JD", "AD"], "hands": {"box:3": ["6S", "4S", "KD"]}},
            "D JD AD",
        ),  # blackjack
        (
            "poker_stud",
            {
                "bank": ["AD", "7C", "KD", "TS", "QH"],
                "boxes": {"1": ["3D", "8H", "4D", "4S", "6S"]},
            },
            "bank AD 7C KD TS QH",
        ),  # poker
        ("roulette_fr", {"something": "else"}, "?"),
    ],
)
def test_result_text(game, outcome, text):
    assert result_text(game, outcome) == text


def test_result_text_of_a_game_this_pit_does_not_know():
    assert result_text("monte", {"number": 17}) == "?"


def test_epoch_of_an_event_time():
    assert epoch("2026-11-30T03:36:02.360Z") == pytest.approx(T0)


# -- a real table's journal


@pytest.mark.parametrize("game", ["roulette_fr", "poker_stud", "trente_quarante"])
def test_the_float_of_a_simulated_session_matches_the_tables_own_count(tmp_path, game):
    config = write_config(tmp_path, game=game)
    done = cli("run", "--config", str(config), "--sim", "--rounds", "12", "--seed", "3")
    assert done.returncode == 0, done.stderr
    events = journal_events(load_table_config(config))
    view = TableView("RL-T1", AlertSettings())
    raised = []
    for event in events:
        raised += view.apply(event)
        if event["kind"] == "float.count":
            count = event["data"]
            assert view.entry(T0)["float"] == {
                "advance": count["advances"],
                "tray": count["chips"],
                "result": count["result"],
            }
    close = next(event["data"] for event in events if event["kind"] == "table.close")
    assert view.house_net == close["house_net"] and view.session == "closed"
    results = [event["data"]["outcome"] for event in events if event["kind"] == "round.result"]
    assert (
        view.entry(T0)["recent"]
        == [result_text(view.game, outcome) for outcome in results][-RECENT:]
    )
    faults = sum(event["kind"] == "fault" for event in events)
    assert kinds(raised) == ["fault"] * faults  # a sound simulated table raises nothing else


def test_a_monte_tile_shows_the_layout_and_each_result_with_its_phase():
    view, feed = opened(game="monte")
    layout = {
        "coup": 3,
        "pack": "red",
        "layout": {"1": ["5B"], "2": ["SE", "SO"], "3": ["6E"], "4": ["CE"]},
        "burnt": ["7E"],
        "void": False,
    }
    view.apply(feed.event("monte.layout", layout, at=1))
    assert view.entry(T0 + 1)["game_line"] == "coup 3 red: 5B SE+SO 6E CE, burnt 7E"
    outcome = {"phase": "primeres", "winner": {"card": "SC", "place": 2}}
    result = {
        "outcome": outcome,
        "bets": [],
        "settlement": [],
        "totals": {"staked": 0, "paid": 0, "returned": 0, "house_net": 0},
    }
    view.apply(feed.event("round.result", result, at=2, round_no=1))
    assert view.entry(T0 + 2)["recent"] == ["P2:SC"]


def test_a_circle_tables_tile_shows_its_bank_and_cagnotte_and_no_float(tmp_path):
    """A chemin de fer table has no advance: the pit raises no float alert, however its players
    buy chips; its entry follows the bank as the table's own fold has it, and the cagnotte."""
    config = write_config(tmp_path, game="chemin_de_fer")
    done = cli("run", "--config", str(config), "--sim", "--rounds", "30", "--seed", "5")
    assert done.returncode == 0, done.stderr
    events = journal_events(load_table_config(config))
    view = TableView("CF-T1", AlertSettings(float_low=0.9))
    raised = []
    own = GAMES["chemin_de_fer"].fold()
    for event in events:
        raised += view.apply(event)
        own.apply(event["kind"], event["round"], event["data"])
        if event["kind"] == "round.result":
            entry = view.entry(T0)
            assert entry["float"] is None
            assert entry["circle"]["bank"] == own.to_json()["bank"]
    assert "float_low" not in kinds(raised)
    cuts = [e["data"] for e in events if e["kind"] == "cagnotte"]
    assert cuts and view.entry(T0)["circle"]["cagnotte"] == cuts[-1]["session_total"]
    close = next(e["data"] for e in events if e["kind"] == "table.close")
    assert close["house_net"] == cuts[-1]["session_total"]
