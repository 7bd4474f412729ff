"""A whole session of each wheel game played on the croupier's screen by taps (headless), as a
croupier plays it: its journal verifies, its payouts are the engine's, and every refusal and
signature went through the table."""

from __future__ import annotations

import pytest

from terminal.runtime.journal.audit import audit
from terminal.screens import kit
from terminal.screens.demo.scratch import scratch_table, screen_session
from terminal.screens.demo.script import play_wheel_session
from terminal.screens.texts import Texts
from tests.support.helpers import by_kind, journal_events

WHEEL_GAMES = ("roulette_fr", "roulette_us1", "boule", "fortune_wheel")


@pytest.mark.parametrize("game", WHEEL_GAMES)
def test_a_session_played_by_taps_leaves_a_journal_that_verifies(tmp_path, game, drawn):
    cfg = scratch_table(game, tmp_path)
    with screen_session(cfg, (800, 480)) as driver:
        played = play_wheel_session(driver)
        drawn.clear()
        driver.frame()  # the session closed: its summary, as the journal's count has it
        (count,) = by_kind(journal_events(cfg), "float.count")
        assert f"Resultat de la taula: {Texts('ca').money(count['result'])}" in drawn
        assert not driver.small, f"targets under a finger's {kit.MIN_TARGET} px: {driver.small}"
        assert not driver.overlapping, f"targets over one another: {driver.overlapping}"
    report = audit(cfg.db)  # every round, and the correction, settled again by the engine
    assert report.ok, report.summary()
    result = played["result"]
    assert result["bets"]
    # what the payouts screen had the croupier hand over is what the engine settled
    sheet = played["sheet"]
    totals = result["totals"]
    assert sheet.total == totals["paid"] + totals["returned"]
    assert sheet.balanced
