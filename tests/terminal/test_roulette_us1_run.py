"""An American single-zero roulette table run from the command line, as a user runs it."""

from __future__ import annotations

import io

import pytest

from games.roulette.entries import ColourAssign, ColourRelease, ValueChips
from terminal.assemble import RunOptions, assemble
from terminal.config import ConfigError, load_table_config
from terminal.runtime.journal.audit import audit
from terminal.runtime.loop.state import TableState
from tests.support.helpers import cli, forge, journal_events, write_config


def test_a_us_table_runs_journals_its_game_and_verifies(tmp_path):
    """Seed 25 spins a zero in the three rounds: even chances take half back, none goes to
    prison."""
    path = write_config(tmp_path, game="roulette_us1", table_id="RA-T1")
    done = cli("run", "--config", str(path), "--sim", "--rounds", "3", "--seed", "25")
    assert done.returncode == 0, done.stderr
    assert "table closed after 3 rounds" in done.stdout
    assert (
        "seat 1 plays red chips worth" in done.stdout and "seat 7 plays value chips" in done.stdout
    )
    cfg = load_table_config(path)
    events = journal_events(cfg)
    assert {(e["table"], e["game"]) for e in events} == {("RA-T1", "roulette_us1")}
    (opened,) = [e for e in events if e["kind"] == "table.open"]
    assert opened["data"]["limits"]["max"]["straight"] == 20 * cfg.minimum
    assert opened["data"]["limits"]["max"]["red"] == 360 * cfg.minimum
    assert len([e for e in events if e["kind"] == "round.result"]) == 3
    results = [
        s["result"] for e in events if e["kind"] == "round.result" for s in e["data"]["settlement"]
    ]
    assert "half" in results and "prison" not in results
    verify = cli("journal", "verify", "--db", str(cfg.db))
    assert verify.returncode == 0 and "intact" in verify.stdout, verify.stdout


def test_rules_prints_the_american_profile():
    done = cli("rules", "--game", "roulette_us1")
    assert done.returncode == 0, done.stderr
    assert "roulette_us1 under profile valencia-1994" in done.stdout
    assert "red (half on zero)" in done.stdout and "1/74" in done.stdout
    assert "prison" not in done.stdout


# --- colour chips (section 02 I.b, II.a, III.b, V) --------------------------------------------


def _colour_table(tmp_path, **kw):
    cfg = load_table_config(write_config(tmp_path, game="roulette_us1", table_id="RA-T2"))
    return cfg, assemble(cfg, RunOptions(out=io.StringIO(), log=io.StringIO(), **kw))


def test_colour_players_are_paid_in_their_colour_and_verify(tmp_path):
    cfg, parts = _colour_table(tmp_path, sim=True, seed=3)
    with parts as table:
        table.run(rounds=20)
        live = table.state
    events = journal_events(cfg)
    assigned = {e["data"]["seat"]: e["data"] for e in events if e["kind"] == "colour.assign"}
    # first free colour each time
    assert [a["colour"] for a in assigned.values()] == list(cfg.options.colours)
    assert all(a["unit"] % cfg.minimum == 0 for a in assigned.values())
    value_seats = {e["data"]["seat"] for e in events if e["kind"] == "colour.value_chips"}
    assert len(value_seats) == 2 and not value_seats & set(assigned)
    bets = {b["id"]: b for e in events if e["kind"] == "round.result" for b in e["data"]["bets"]}
    paid = 0
    for e in events:
        if e["kind"] != "round.result":
            continue
        for entry in e["data"]["settlement"]:
            seat = bets[entry["id"]]["seat"]
            handed = entry["paid"] + entry["returned"]
            if seat in assigned and handed:
                colour = entry["colour"]
                assert (colour["name"], colour["unit"]) == (
                    assigned[seat]["colour"],
                    assigned[seat]["unit"],
                )
                assert colour["chips"] * colour["unit"] + colour["value_chips"] == handed
                paid += 1
            else:
                assert "colour" not in entry
    assert paid > 0
    assert all(
        b["stake"] % assigned[b["seat"]]["unit"] == 0
        for b in bets.values()
        if b["seat"] in assigned
    )
    assert TableState.replay(cfg.id, cfg.game, events) == live
    assert live.to_json()["colours"]["free"] == []
    assert audit(cfg.db).ok


def test_verify_catches_a_payment_in_the_wrong_chips(tmp_path):
    cfg, parts = _colour_table(tmp_path, sim=True, seed=3)
    with parts as table:
        table.run(rounds=8)

    def one_chip_more(event):
        entry = next(s for s in event["data"]["settlement"] if "colour" in s)
        entry["colour"]["chips"] += 1

    forged = forge(
        cfg.db,
        lambda e: (
            e["kind"] == "round.result" and any("colour" in s for s in e["data"]["settlement"])
        ),
        one_chip_more,
    )
    report = audit(cfg.db)
    assert not report.ok and report.bad_seq == forged["seq"] and "settlement" in report.reason


def assign(table, seat, colour, unit=None):
    return table.take_entry(ColourAssign(seat, colour, unit))


def value_chips(table, seat):
    return table.take_entry(ValueChips(seat))


def release(table, seat):
    return table.take_entry(ColourRelease(seat))


def test_the_croupier_seats_colour_and_value_chip_players_by_the_rules(tmp_path):
    cfg, parts = _colour_table(tmp_path)
    with parts as table:
        table.open_session()
        assert assign(table, 1, "red", 5 * cfg.minimum) is None
        assert assign(table, 2, "red") == "seat 2 assign: red is taken"
        assert "multiple of the table minimum" in assign(table, 2, "green", cfg.minimum + 1)
        assert "value chips are for when every colour is taken" in value_chips(table, 9)
        for seat, colour in enumerate(cfg.options.colours[1:], start=2):
            assert assign(table, seat, colour) is None
        assert all(value_chips(table, seat) is None for seat in (10, 11, 12))
        assert "the seat must be a place of this table, 1 to 12" in value_chips(table, 13)
        release(table, 12)
        assert value_chips(table, 9) is None
        assert "already has 3 players with value chips" in value_chips(table, 12)
        assert release(table, 1) is None and table.state.own.colours.free() == ("red",)
        # a value-chip player takes the colour come free
        assert assign(table, 10, "red") is None
        assert table.state.own.colours.plays(10) == "colour"
        assert release(table, 1) == "seat 1 release: seat 1 plays neither a colour nor value chips"


def test_colour_chips_belong_to_american_roulette(tmp_path):
    path = write_config(tmp_path, game="roulette_fr", extra='\n[colours]\nnames = ["red"]\n')
    with pytest.raises(
        ConfigError, match=r"\[colours\]: colour chips are played at roulette_us1 tables only"
    ):
        load_table_config(path)
