"""The pit folds a `round.correction` in place of the result it names: the round's money (the
house net, the tray), the table's recent results and the wheel's bias window; the same when it
rebuilds its views from the store after a restart."""

from __future__ import annotations

import logging

import pytest

from games.prison import PrisonBet
from terminal.config import load_table_config
from terminal.pit.floorfile import AlertSettings
from terminal.pit.lines import format_event
from terminal.pit.view import FOLDED_KINDS, TableView
from terminal.runtime.staffed.correction import correct
from tests.support.helpers import journal_events, write_config
from tests.support.rounds import between_rounds, spin


@pytest.fixture
def corrected(tmp_path):
    """A real table's journal: round 1 on 17, round 2 on 5 corrected to 8 (a straight bet on 5
    paid, then taken back), round 3 on 8; and the table's own state at the end."""
    cfg = load_table_config(write_config(tmp_path))
    with between_rounds(cfg) as table:
        spin(table, 17, PrisonBet("a", 1, "red", 1000))
        spin(table, 5, PrisonBet("b", 1, "straight:5", 500))
        assert correct(table, {"number": 8}, "5 for 8", "P-01") is None
        spin(table, 8)
        state = table.state
    return journal_events(cfg), state


def counted(view: TableView) -> dict[str, int]:
    assert view.tally is not None
    return {c.label: c.observed for c in view.tally.report(0.05).cells if c.observed}


def test_the_view_takes_the_corrections_money_and_outcome_in_place_of_the_results(corrected):
    events, state = corrected
    view = TableView("RL-T1", AlertSettings())
    for event in events:
        view.apply(event)
    assert view.house_net == state.house_net == 1000 + 500
    assert view.tray == state.tray
    assert view.entry(0)["recent"] == ["17", "8", "8"]
    assert counted(view) == {"17": 1, "8": 2}  # the 5 taken out of the bias window


def test_a_view_rebuilt_from_the_store_folds_the_correction_too(corrected, store):
    events, state = corrected
    store.append([(event, event["ts"]) for event in events])
    assert "round.correction" in FOLDED_KINDS
    assert [o["number"] for o in store.outcomes("RL-T1", 2)] == [8, 8]
    assert [o["number"] for o in store.outcomes("RL-T1", 10)] == [17, 8, 8]
    view = TableView("RL-T1", AlertSettings())  # as the collector rebuilds it at start
    for event in store.since("RL-T1", 1, kinds=FOLDED_KINDS):
        view.apply(event, quiet=True)
    view.restore_tally(store.outcomes("RL-T1", view.settings.bias_spins))
    assert view.house_net == state.house_net and view.tray == state.tray
    assert view.entry(0)["recent"] == ["17", "8", "8"]
    assert counted(view) == {"17": 1, "8": 2}


def test_a_correction_of_no_result_the_pit_holds_moves_no_money(corrected, caplog):
    events, _ = corrected
    view = TableView("RL-T1", AlertSettings())
    correction = next(e for e in events if e["kind"] == "round.correction")
    for event in events:
        if event is correction:
            event = {**event, "data": {**event["data"], "corrects": 1}}
        with caplog.at_level(logging.WARNING):
            view.apply(event)
    assert view.house_net == 1000 - 17500  # round 2's result stands
    assert "names no result of the session" in caplog.text


def test_pit_follow_shows_what_the_correction_replaced_and_who_authorised_it(corrected):
    events, _ = corrected
    correction = next(e for e in events if e["kind"] == "round.correction")
    line = format_event(correction)
    assert "round.correction of seq" in line and "(was number=5 " in line
    assert "house +5.00" in line and "by P-01: 5 for 8" in line
