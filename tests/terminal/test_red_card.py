"""Trente et quarante's red card (section 05 V.3): it ends the shoe and voids the coup in
progress. It comes out in place of the card the deal asked for, and the simulated shoe then
deals that card, the one behind it: asked for, so no card out of turn (a `card_out_of_turn`
fault, which the pit alerts on as an integrity fault), but a card put aside with the ended shoe.
"""

from __future__ import annotations

import pytest

from terminal.assemble import assemble
from terminal.config import load_table_config
from terminal.runtime.journal.audit import audit
from terminal.runtime.loop.state import TableState
from tests.support.helpers import journal_events, quiet, write_config

BEHIND = "behind the red card: the coup was void"


def red_card_table(tmp_path, deal: str):
    return load_table_config(
        write_config(tmp_path, game="trente_quarante", shoe=f"sim://shoe?deal={deal}")
    )


def after_each_red_card(events: list[dict]) -> list[list[dict]]:
    """Each red card's events, from it to the next shoe loaded (or the journal's end)."""
    spans: list[list[dict]] = []
    span: list[dict] | None = None
    for event in events:
        if event["kind"] == "shoe.cut_card":
            span = []
            spans.append(span)
        if span is not None:
            span.append(event)
            if event["kind"] == "shoe.loaded":
                span = None
    return spans


@pytest.mark.parametrize("deal", ["0", "0.001"])  # within deal() itself; from the shoe's thread
def test_the_card_behind_the_red_card_is_put_aside_with_no_fault(tmp_path, deal):
    cfg = red_card_table(tmp_path, deal)
    with assemble(cfg, quiet(sim=True, seed=8)) as table:
        table.run(rounds=30)  # the closing plays on to the red card of the last cut
        live = table.state
    events = journal_events(cfg)
    assert not [e for e in events if e["kind"] == "fault"]
    spans = after_each_red_card(events)
    assert len(spans) >= 2  # a shoe ended by its red card, then the last cut's
    for span in spans[:-1]:  # the last: the session is over, its card may be left unheard
        (void,) = [e["data"] for e in span if e["kind"] == "round.void"]
        assert void["reason"] == "the red card came out: the coup in progress is void"
        discarded = [e["data"] for e in span if e["kind"] == "card.discarded"]
        assert [d["reason"] for d in discarded] == [BEHIND]
        assert span[-1]["kind"] == "shoe.loaded"
    assert TableState.replay(cfg.id, cfg.game, events) == live
    assert audit(cfg.db).ok


def test_a_card_behind_the_red_card_that_comes_out_face_up_asks_for_no_other(tmp_path):
    """Its fault is journaled as the shoe reported it; no card is asked in its place (the coup
    is void), so none comes out of turn."""
    cfg = red_card_table(tmp_path, "0")
    with assemble(cfg, quiet(sim=True, seed=8)) as table:
        shoe, deal = table.device, table.device.deal

        def deal_face_up_behind_the_red_card():
            fold = table.state.own.shoe
            if not fold.cut_out and fold.drawn == fold.cut_after:  # the red card is next
                shoe.fail_next("card_face_up")
            deal()

        shoe.deal = deal_face_up_behind_the_red_card
        table.run(rounds=30)
    events = journal_events(cfg)
    first = after_each_red_card(events)[0]
    assert [(e["kind"], e["data"].get("code")) for e in first if "fault" in e["kind"]] == [
        ("fault", "card_face_up"),
        ("fault.cleared", "card_face_up"),
    ]
    assert not [e for e in first if e["kind"] in ("card.discarded", "card.drawn")]
    assert not [e for e in events if e["data"].get("code") == "card_out_of_turn"]
    assert audit(cfg.db).ok
