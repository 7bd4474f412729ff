"""Every fold reads its events through an explicit table of kinds and handlers (issue 22, 5):
no handler is found from a kind's name, so a misspelt handler or a kind that is no kind of the
contract fails when its class is made or its module loads, never by dropping events."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from games.game import Fold, handlers
from games.registry import GAMES
from terminal.contract.kinds import KINDS, refusal
from terminal.pit.view import FOLDED_KINDS, TableView
from terminal.runtime.loop.state import TableState, check_fold


def test_a_fold_naming_a_handler_it_lacks_is_refused_when_made():
    with pytest.raises(TypeError, match="'round.result' names 'on_round_reslt'"):

        class Misspelt(Fold):
            HANDLERS = {"round.result": "on_round_reslt"}

            def on_round_result(self, round_no: int | None, data: Mapping[str, Any]) -> None:
                pass


def test_a_fold_handler_no_kind_names_is_refused_when_made():
    with pytest.raises(TypeError, match="on_round_reslt handles no kind"):

        class Unnamed(Fold):
            HANDLERS = {"round.open": "on_round_open"}

            def on_round_open(self, round_no: int | None, data: Mapping[str, Any]) -> None:
                pass

            def on_round_reslt(self, round_no: int | None, data: Mapping[str, Any]) -> None:
                pass


def test_a_subclass_must_name_its_bases_handlers():
    class Base(Fold):
        HANDLERS = {"round.open": "on_round_open"}

        def on_round_open(self, round_no: int | None, data: Mapping[str, Any]) -> None:
            pass

    with pytest.raises(TypeError, match="on_round_open handles no kind"):

        class Forgetful(Base):
            HANDLERS = {"round.result": "on_round_result"}

            def on_round_result(self, round_no: int | None, data: Mapping[str, Any]) -> None:
                pass


def test_a_fold_reading_a_kind_of_no_contract_is_refused_by_the_runtime():
    class Unknown(Fold):
        HANDLERS = {"round.reslt": "on_round_result"}  # games/ cannot tell: made

        def on_round_result(self, round_no: int | None, data: Mapping[str, Any]) -> None:
            pass

    with pytest.raises(TypeError, match="'round.reslt' is not an event kind of the contract"):
        check_fold(Unknown)


def test_a_fold_reading_another_games_kind_is_refused_and_its_own_games_taken():
    class Shooting(Fold):
        HANDLERS = {"craps.shooter": "on_craps_shooter"}

        def on_craps_shooter(self, round_no: int | None, data: Mapping[str, Any]) -> None:
            pass

    with pytest.raises(TypeError, match="'craps.shooter' is not an event kind"):
        check_fold(Shooting)
    check_fold(Shooting, GAMES["craps"].kinds)


def test_a_fold_folds_only_the_kinds_it_names():
    class Counting(Fold):
        HANDLERS = {"round.result": "on_round_result"}

        def __init__(self) -> None:
            self.results = 0

        def on_round_result(self, round_no: int | None, data: Mapping[str, Any]) -> None:
            self.results += 1

    fold = Counting()
    for kind in ("round.result", "round.open", "round.result", "no.such_kind"):
        fold.apply(kind, 1, {})
    assert fold.results == 2


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_games_fold_reads_kinds_of_the_contract(game):
    fold = type(GAMES[game].fold())
    check_fold(fold, GAMES[game].kinds)
    assert set(fold.HANDLERS) <= set(KINDS) | set(GAMES[game].kinds)
    assert set(fold._handlers) == set(fold.HANDLERS)


@pytest.mark.parametrize("cls", [TableState, TableView])
def test_the_tables_and_the_pits_folds_are_checked_against_the_contract(cls):
    table = handlers(cls, cls.HANDLERS, prefix="_on_", refusal=refusal)
    assert set(table) == set(cls.HANDLERS) <= set(KINDS)
    with pytest.raises(TypeError, match="'round.reslt' is not an event kind"):
        handlers(
            cls, {**cls.HANDLERS, "round.reslt": "_on_round_result"}, prefix="_on_", refusal=refusal
        )
    with pytest.raises(TypeError, match="names '_on_round_reslt'"):
        handlers(
            cls, {**cls.HANDLERS, "round.result": "_on_round_reslt"}, prefix="_on_", refusal=refusal
        )


def test_the_pit_reads_back_the_kinds_its_view_folds():
    """Its own, and those a circle game's fold reads (the pit follows such a table's bank)."""
    circle = {k for g in GAMES.values() if g.bank == "circle" for k in g.fold().HANDLERS}
    assert circle and tuple(sorted({*TableView.HANDLERS, *circle})) == FOLDED_KINDS
