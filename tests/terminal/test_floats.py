"""A table's money is its game's float policy (terminal/runtime/loop/floats.py, `Game.bank`): the
table and its session ask the policy at the opening, after each round and at the close, and
journal no advance or count of their own, so that a game whose money works otherwise (a circle
table: no advance) is a policy and a registry line, not a change to the table."""

from __future__ import annotations

import dataclasses

from games.registry import GAMES
from terminal.assemble import assemble
from terminal.config import load_table_config
from terminal.runtime.journal.store import verify
from terminal.runtime.loop import floats
from tests.support.helpers import journal_events, quiet, write_config


class Noted(floats.HouseFloat):
    """The house's float, noting when the table asks it; its count is journaled as a sign of
    its own, so that the test sees that the close went through it."""

    asked: list[str] = []

    def open(self, advance):
        self.asked.append("open")

    def after_round(self):
        self.asked.append("after_round")

    def count(self):
        self.asked.append("count")
        self.table.emit("sign", {"what": "the test's count", "by": "test", "role": "croupier"})


def test_the_table_keeps_its_money_as_its_games_float_policy_says(tmp_path, monkeypatch):
    game = dataclasses.replace(GAMES["roulette_fr"], bank="noted")
    monkeypatch.setitem(GAMES, game.id, game)
    monkeypatch.setitem(floats.FLOATS, "noted", Noted)
    Noted.asked = []
    cfg = load_table_config(write_config(tmp_path))
    with assemble(cfg, quiet()) as table:
        table.run(rounds=2)
    kinds = [e["kind"] for e in journal_events(cfg)]
    assert Noted.asked == ["open", "after_round", "count"]  # the last round closes the table
    assert "float.advance" not in kinds and "float.count" not in kinds
    assert kinds[0] == "table.open" and kinds[-2:] == ["sign", "table.close"]
    assert verify(cfg.db).ok


def test_a_house_banked_table_opens_with_its_advance_and_closes_counted(tmp_path):
    cfg = load_table_config(write_config(tmp_path))
    with assemble(cfg, quiet()) as table:
        table.run(rounds=2)
    events = journal_events(cfg)
    advance = next(e for e in events if e["kind"] == "float.advance")
    (count,) = [e for e in events if e["kind"] == "float.count"]
    assert advance["data"]["reason"] == "opening" and advance["data"]["amount"] > 0
    assert count["data"]["advances"] == advance["data"]["amount"]
