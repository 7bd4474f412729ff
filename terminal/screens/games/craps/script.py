"""A whole session at a craps table played on the croupier's screen by taps: the sign-in, the
opening count and its signature; the come-out with the shooter's line bet owed, bets of several
seats (a Come on a come-out refused); the point set; odds beside the line bets (odds over their
limit refused), a come bet travelling to its number and taking odds there, a Right bet
withdrawn between rolls; the come bet and its odds won; a dice change the shooter asks for and
a void throw the stickman enters; the seven out and the next shooter, who passes the dice
without a line bet; a natural; the players' display; the close, the last shooter's hand to his
seven out, the closing count and its three signatures.

`dealer-terminal screens --game craps` plays it to render every screen as PNG files; the tests
play it and check the journal it leaves (terminal/screens/demo/scripts.py lists it).
"""

from __future__ import annotations

from typing import Any

from terminal.screens.demo.driver import Driver
from terminal.screens.demo.script import (
    Shot,
    choose,
    closing_count,
    open_session,
    payouts_open,
    sign_in,
)
from terminal.screens.games.craps.view import CrapsView


def _view(driver: Driver) -> CrapsView:
    view = driver.app.screens.table.view
    assert isinstance(view, CrapsView), "a craps table shows its layout"
    return view


def _bets(driver: Driver) -> int:
    current = driver.model.current
    return 0 if current is None or current.over else len(current.bets)


def _refusal_seq(driver: Driver) -> int:
    refusal = driver.model.refusal
    return -1 if refusal is None else refusal.seq


def _last(driver: Driver) -> Any:
    last = driver.model.last_result
    assert last is not None, "a roll was settled"
    return last


def open_round(driver: Driver) -> None:
    driver.call_for_bets()
    driver.until(lambda: driver.model.state.round_status == "open", "bets open")


def bet(driver: Driver, seat: int, chip: int, code: str) -> bool:
    """One bet tapped where its chips go; whether the table took it (else it refused it)."""
    choose(driver, seat=seat, chip=chip)
    placed, refused = _bets(driver), _refusal_seq(driver)
    _view(driver).tap_code(code)
    driver.until(
        lambda: _bets(driver) > placed or _refusal_seq(driver) > refused,
        f"seat {seat}'s {code} taken or refused",
    )
    return _bets(driver) > placed


def bets(driver: Driver, placed: list[tuple[int, int, str]]) -> None:
    for seat, chip, code in placed:
        assert bet(driver, seat, chip, code), f"seat {seat}'s {code}: {driver.model.refusal}"


def refused(driver: Driver, seat: int, chip: int, code: str, why: str) -> None:
    assert not bet(driver, seat, chip, code), f"seat {seat}'s {code} was taken"
    refusal = driver.model.refusal
    assert refusal is not None and refusal.key == why, refusal


def no_more_bets(driver: Driver) -> None:
    driver.until(lambda: driver.showing("no_more_bets"), "no more bets offered")
    driver.press("no_more_bets")


def roll(
    driver: Driver, d1: int, d2: int, shot: Shot | None = None, name: str = "", pad: bool = True
) -> dict:
    """No more bets, the dice entered on the stickman's pad and confirmed; the payouts shot
    (as `name`) and closed. The round's result."""
    no_more_bets(driver)
    driver.until(
        lambda: driver.table.waiting == "throw" and driver.showing("enter_outcome"),
        "the dice awaited",
    )
    driver.press("enter_outcome")
    if shot and pad:
        shot("09-dice-pad")
    driver.press(f"die1:{d1}", f"die2:{d2}")
    if shot and pad:
        shot("10-dice-confirm")
    settled = driver.model.state.rounds_settled
    driver.press("confirm")
    driver.until(lambda: driver.model.state.rounds_settled > settled, "the roll settled")
    last = driver.model.current
    assert last is not None and last.result is not None
    if payouts_open(driver):
        if shot and name:
            shot(name)
        driver.press("back")
    return last.result


def payouts_sheet(driver: Driver) -> Any:
    payouts_open(driver)
    return driver.app.dialog.sheet  # type: ignore[union-attr]  # the payouts dialog's


def play_craps_session(driver: Driver, shot: Shot = lambda name: None) -> dict[str, Any]:
    """The whole session (the module's docstring); returns what a test checks against."""
    setup = driver.table.setup
    view = _view(driver)
    low = setup.limits.min
    open_session(driver, shot)
    shot("05-table-between-rounds")
    # the come-out: seat 1 has the dice and owes the Win or Don't Win bet
    open_round(driver)
    driver.until(lambda: view.owed(), "the shooter's line bet asked for")
    shot("06-shooter-owes-line-bet")
    bets(driver, [(1, low, "pass"), (2, low, "dontpass"), (3, low, "field"), (4, low, "hard:6")])
    refused(driver, 2, low, "come", "craps_come_point_only")  # Come waits for a point
    shot("07-bet-refused")
    bets(driver, [(5, low * 2, "any7")])
    shot("08-bets")
    roll(driver, 4, 2, shot, "11-payouts-point-set")  # 6: the point
    assert view.own.point == 6
    # the stickman read a 4 and a 2 for a double 3: corrected with the pit boss's PIN (the
    # hard 6 wins), the point stays the 6
    driver.press("correct", "die1:3", "die2:3")
    shot("11a-correction")
    driver.press("reason_wrong_entry")
    sign_in(driver, "D-01")
    driver.until(lambda: _last(driver).corrections, "the correction journaled")
    payouts_open(driver)  # the hard 6 wins now: what to pay more
    shot("11b-corrected")
    driver.press("back")
    assert view.own.point == 6
    # the point is on: odds beside the line bets, a come bet, a Right bet on the 8
    open_round(driver)
    bets(driver, [(1, low, "odds:pass")])
    refused(driver, 1, low, "odds:pass", "craps_odds_over_limit")  # odds up to the line bet
    shot("12-odds-over-limit")
    bets(driver, [(2, low, "odds:dontpass"), (3, low, "come"), (4, low, "place:8")])
    shot("13-point-bets")
    roll(driver, 4, 1)  # 5: the come bet travels to the 5
    travelled = [b for b in driver.model.state.carried if b.code == "come:5"]
    assert len(travelled) == 1 and travelled[0].seat == 3
    shot("14-come-travelled")
    # odds on the come bet where it stands; the Right bet on the 8 withdrawn
    open_round(driver)
    choose(driver, seat=3, chip=low)
    placed = _bets(driver)
    layout = view.layout_or_none()
    if layout is not None and layout.direct:
        view.tap_code("odds:come:5")
    else:
        view.tap_spot("number:5")
        driver.until(lambda: driver.screen() == "craps_number", "the number's bets")
        shot("15-number-bets")
        driver.press("odds:come:5")
    driver.until(lambda: _bets(driver) > placed, "the come bet's odds taken")
    place8 = next(b for b in driver.model.state.carried if b.code == "place:8")
    driver.press("withdraw")
    view.tap_spot("dontpass")  # a line bet carrying odds: the odds come off first
    driver.until(lambda: driver.screen() == "craps_withdraw", "the bets on Don't Win")
    shot("16-withdraw-dont-win")
    driver.press("back")
    view.tap_spot("number:8")
    driver.until(lambda: driver.screen() == "craps_withdraw", "the bets on the 8")
    shot("16-withdraw-the-8")
    driver.press(f"withdraw:{place8.id}")
    shot("17-withdraw-confirm")
    driver.press("confirm")
    driver.until(
        lambda: all(b.id != place8.id for b in driver.model.state.carried), "the bet withdrawn"
    )
    shot("18-come-bet-with-odds")
    no_more_bets(driver)
    driver.until(lambda: driver.showing("enter_outcome"), "the dice awaited")
    driver.press("enter_outcome", "die1:3", "die2:2", "confirm")  # 5: the come bet wins
    sheet = payouts_sheet(driver)
    result = driver.model.current.result  # type: ignore[union-attr]
    shot("19-payouts-come-bet")
    driver.press("back")
    # new dice the shooter asks for; a die lands on a chip: "tirada nul·la"
    open_round(driver)
    changes = view.dice_changes
    driver.press("dice_change")
    shot("20-dice-change")
    driver.press("dice_change:shooter")
    driver.until(lambda: view.dice_changes > changes, "the dice changed")
    no_more_bets(driver)
    driver.until(lambda: driver.showing("void_throw"), "the dice awaited")
    shot("20b-dice-awaited")
    driver.press("void_throw")
    shot("21-void-throw")
    driver.press("void:on_chip", "confirm")
    driver.until(lambda: driver.model.current.void is not None, "the roll void")  # type: ignore[union-attr]
    # the seven out: the Don't bets win, the dice go to seat 2
    open_round(driver)
    roll(driver, 5, 2, name="22-payouts-seven-out", shot=shot, pad=False)
    assert view.own.shooter is None
    open_round(driver)
    driver.until(lambda: view.own.shooter == 2, "the next shooter")
    shot("23-next-shooter")
    # seat 2 bets no line bet: no roll, the dice go on to seat 3
    no_more_bets(driver)
    driver.until(lambda: driver.model.current.void is not None, "the dice passed")  # type: ignore[union-attr]
    open_round(driver)
    driver.until(lambda: view.own.shooter == 3, "seat 3 with the dice")
    bets(driver, [(3, low, "pass"), (6, low, "yo11")])
    roll(driver, 6, 5)  # 11: a natural
    open_round(driver)
    bets(driver, [(3, low, "pass"), (4, low, "hard:10")])
    roll(driver, 5, 5)  # 10 the hard way: the point
    open_round(driver)
    roll(driver, 6, 4)  # the point made
    # the players' display
    driver.press("menu", "players_display")
    shot("24-players-display")
    driver.press("croupier_screen")
    # the close: the last shooter's hand, to his seven out
    driver.press("menu", "close_table", "close_table")
    open_round(driver)
    driver.until(lambda: view.last_shooter, "the last shooter announced")
    bets(driver, [(3, low, "pass")])
    shot("25-last-shooter")
    roll(driver, 4, 4)  # 8, the hard way: the point
    open_round(driver)
    roll(driver, 3, 4)  # the seven out: the session's last roll
    assert driver.model.state.last_round_played
    closing_count(driver, shot, ("26-closing-count", "27-sign-count", "28-closed"))
    return {"result": result, "sheet": sheet}
