"""A whole session of chemin de fer played on the croupier's screen by taps: the sign-in (a circle
table has no advance: the session opens on it); the first bank offered to place 1, who declines,
then to place 2, who takes it for 200,00 on the amount pad; a coup with pontes at places 3 and 5
and one standing behind place 6, the cards entered by hand (baccarat cards have no indices) and
the calls: the ponte at place 5 (the highest seated stake holds the cards) stands on 5, the
banker asks for his table, which has him stand on 6, and the bank wins, cut 5% into the
cagnotte; a banco by place 4 over the whole bank, won by a natural 9, the bank lost and offered
on to place 3, who takes it; the close with «les últimes cinc mans», each won by the bank; the
players' display; the cagnotte counted against its coups and signed by the croupier, the cashier
and the games director (l. 435).

The shoe is the screen (`screen://`): the script deals the cards that make those coups, in the
order the engine deals them (ponte, banker, ponte, banker, then a third card)."""

from __future__ import annotations

from typing import Any

from terminal.screens.demo.driver import Driver
from terminal.screens.demo.script import (
    Shot,
    cards_after_no_more_bets,
    cards_by_hand,
    choose,
    closing_count,
    sign_in,
)
from terminal.screens.demo.script import (
    coup_settled as settled,
)
from terminal.screens.games.chemin_de_fer.view import ChemView

# the ponte 5 (3, 2) stands, the banker 6 (K, 6) asks for his table, stands, and wins
TABLE_COUP = ("3S", "KD", "2H", "6C")
NATURAL = ("4C", "2D", "5S", "3H")  # the ponte 9, a natural, against the banker's 5
BANK_NATURAL = ("2C", "4H", "3D", "5S")  # the banker 9, a natural, against the ponte's 5


def view_of(driver: Driver) -> ChemView:
    view = driver.app.screens.table.view
    assert isinstance(view, ChemView)
    return view


def _bank(driver: Driver) -> Any:
    return view_of(driver).table_state().bank


def take_bank(driver: Driver, place: str, amount: int, shot: Shot | None = None) -> None:
    """The bank, offered to `place`, taken for `amount` on the amount pad."""
    driver.until(lambda: _bank(driver).offer == place, f"the bank offered to {place}")
    driver.press("bank_take")
    driver.until(lambda: driver.screen() == "cdf_amount", "the amount pad")
    driver.press("clear", *str(amount // 100))
    if shot:
        shot("05-bank-amount")
    driver.press("ok")
    driver.until(lambda: _bank(driver).bank is not None, "the bank taken")
    driver.until(lambda: driver.model.state.round_status == "open", "the bets open")


def stakes(driver: Driver, pontes: list[tuple[str, int]]) -> None:
    """Pontes tapped on their places, (position, stake); returns once all are shown."""
    screen = driver.app.screens.table
    placed = len(_bets(driver))
    for where, stake in pontes:
        choose(driver, chip=stake)
        screen.tap_code(f"ponte:{where}")
    driver.until(lambda: len(_bets(driver)) >= placed + len(pontes), "the stakes shown")


def banco(driver: Driver, seat: int) -> None:
    placed = len(_bets(driver))
    choose(driver, seat=seat)
    driver.press("banco")
    driver.until(lambda: len(_bets(driver)) > placed, "the banco shown")


def no_more_bets(driver: Driver, shot: Shot | None = None) -> None:
    """No more bets; a new shoe loaded when the table asks for one (shot); the card pad open."""
    cards_after_no_more_bets(driver, lambda: shot and shot("07-shoe-to-load"))


def call(driver: Driver, option: str) -> None:
    """The call the table asks for, on the row under the table."""
    driver.until(lambda: driver.screen() == "table", "the table")
    driver.until(lambda: driver.showing(f"call:{option}"), f"the call {option} asked")
    driver.press(f"call:{option}")


def game_error(driver: Driver, code: str) -> None:
    """The error `code` picked from the errors of the coup, confirmed with the inspector's PIN;
    returns once it is journaled."""
    seen = view_of(driver).errors
    driver.until(lambda: driver.screen() == "table", "the table")
    driver.press("errors")
    driver.until(lambda: driver.screen() == "cdf_errors", "the errors of the coup")
    driver.press(f"error:{code}")
    sign_in(driver, "I-01")
    driver.until(lambda: view_of(driver).errors > seen, f"the error {code} journaled")


def natural_coup(driver: Driver, pontes: list[tuple[str, int]], cards: tuple[str, ...]) -> None:
    driver.call_for_bets()
    driver.until(lambda: driver.model.state.round_status == "open", "the bets open")
    stakes(driver, pontes)
    before = driver.model.state.rounds_settled
    no_more_bets(driver)
    cards_by_hand(driver, cards)
    settled(driver, before)
    driver.press("back")


def play_chemin_de_fer_session(driver: Driver, shot: Shot = lambda name: None) -> dict[str, Any]:
    """The whole session (the module's docstring); returns what a test checks against: the
    bank's win with its cut (`table_coup`), the banco (`banco`), its payouts sheet (`sheet`)."""
    minimum = driver.table.setup.limits.min
    driver.until(lambda: driver.screen() == "opening", "the sign-in")
    shot("01-sign-in")
    sign_in(driver, "C-07")
    driver.until(lambda: driver.model.state.session_open, "the session open")
    driver.until(lambda: driver.screen() == "table", "the table")
    shot("02-table-open")
    # the first bank: place 1 declines it, place 2 takes it
    driver.call_for_bets()
    driver.until(lambda: _bank(driver).offer == "1", "the bank offered to place 1")
    shot("03-bank-offered")
    driver.press("bank_decline")
    driver.until(lambda: _bank(driver).offer == "2", "the bank offered to place 2")
    shot("04-bank-offered-on")
    take_bank(driver, "2", 40 * minimum, shot)
    # the first coup: three pontes, the banker's table
    stakes(driver, [("3", minimum), ("5", 2 * minimum), ("s6", minimum)])
    shot("06-stakes")
    before = driver.model.state.rounds_settled
    no_more_bets(driver, shot)
    shot("08-card-pad")
    cards_by_hand(driver, TABLE_COUP, shot, "09-card-confirm")
    # the errors of the coup, behind the inspector's PIN: looked at, none entered
    driver.until(lambda: driver.screen() == "table", "the table")
    driver.press("errors")
    shot("10-errors-of-the-coup")
    driver.press("error:face_up")
    shot("10-errors-inspector")
    driver.press("back")
    call(driver, "no")  # the ponte on 5 stands
    shot("11-banker-asked")
    call(driver, "table")
    settled(driver, before)
    shot("12-payouts-cut")
    table_coup = _last(driver).result
    sheet = driver.app.dialog.sheet  # type: ignore[union-attr]  # the payouts dialog's
    driver.press("back")
    shot("13-bank-wins")
    # a banco over the whole bank, won by a natural: the bank passes on
    driver.call_for_bets()
    driver.until(lambda: driver.model.state.round_status == "open", "the bets open")
    banco(driver, 4)
    shot("14-banco")
    before = driver.model.state.rounds_settled
    no_more_bets(driver)
    cards_by_hand(driver, NATURAL)
    settled(driver, before)
    banco_coup = _last(driver).result
    driver.press("back")
    shot("15-bank-lost")
    # the close: «les últimes cinc mans», each won by the bank's natural, the first bank of
    # them taken by place 3
    driver.press("menu", "close_table", "close_table")
    for n in range(5):
        if n == 4:
            driver.press("menu", "players_display")
            shot("17-players-display")
            driver.press("croupier_screen")
        driver.call_for_bets()
        if n == 0:
            take_bank(driver, "3", 20 * minimum)
        driver.until(lambda: driver.model.state.round_status == "open", "the bets open")
        stakes(driver, [(str(1 + n % 2), minimum)])
        if n == 0:
            shot("16-last-five-hands")
        before = driver.model.state.rounds_settled
        no_more_bets(driver)
        cards_by_hand(driver, BANK_NATURAL)
        settled(driver, before)
        driver.press("back")
    closing_count(driver, shot, ("18-cagnotte-count", "19-cagnotte-signed", "20-closed"))
    return {"table_coup": table_coup, "banco": banco_coup, "sheet": sheet}


def _bets(driver: Driver) -> list[dict]:
    current = driver.model.current
    return [] if current is None else current.bets


def _last(driver: Driver):
    last = driver.model.last_result
    assert last is not None, "a coup was settled"
    return last
