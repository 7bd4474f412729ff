"""A whole session at a trente et quarante table played on the croupier's screen by taps, the
shoe's cards entered by hand (`screen://`), as terminal/screens/demo/script.py plays a wheel's:

1. the sign-in, the opening advance counted and signed;
2. a coup decided: bets by taps for four seats, one refused (a seat's chips piled on rouge past
   its maximum), the new shoe loaded, the rows dealt card by card (noir 32, rouge 35: noir and
   couleur win), the payouts; the correction of a card entered wrong (rouge 31: rouge and
   inverse win), with the pit boss's PIN;
3. a refait (31 on each row): rouge with half back, noir and inverse left to prison, couleur
   insured (its 1% premium a bet of its own) and returned; an insured bet taken back, premium
   and all; the payouts, the prisoners on the cloth, the players' display;
4. the close asked for: the last shoe; its red card comes out while a coup is dealt (the coup
   void, the prisoners kept), so a last coup is dealt from a new shoe, which frees the noir
   prisoner and loses the inverse one; the session is over;
5. the closing count and its three signatures.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from terminal.screens.demo.driver import Driver
from terminal.screens.demo.script import (
    Shot,
    choose,
    closing_count,
    open_session,
    payouts,
    sign_in,
)
from terminal.screens.games.trente_quarante.view import TrenteQuaranteView
from terminal.screens.views.base import stake_options

# the coups' cards, each row's in the order dealt (noir first, then rouge)
DECIDED = ("KS", "9C", "8D", "5S", "QH", "JD", "7C", "8H")  # noir 32, rouge 35: noir, couleur
REFAIT = ("TS", "TH", "TD", "AS", "TC", "KS", "KH", "AH")  # 31 each
CORRECTED = "4H"  # the rouge row's last card as it truly was: rouge 31, rouge and inverse win
RED_CARD_AFTER = ("5S", "9D")  # the red card comes out after these two
LAST = ("9S", "KD", "6C", "7H", "JH", "QC", "4D", "9S")  # noir 32, rouge 33: noir, couleur


def view_of(driver: Driver) -> TrenteQuaranteView:
    view = driver.app.screens.table.view
    assert isinstance(view, TrenteQuaranteView), "a trente et quarante table shows its rows"
    return view


def call_for_bets(driver: Driver) -> None:
    driver.call_for_bets()
    driver.until(lambda: driver.model.state.round_status == "open", "bets open")


def bets_now(driver: Driver) -> int:
    current = driver.model.current
    return 0 if current is None or current.over else len(current.bets)


def cards_now(driver: Driver) -> int:
    current = driver.model.current
    return 0 if current is None else len(current.cards)


def dealt(driver: Driver, n: int) -> bool:
    """Whether the coup's `n` cards are journaled."""
    return cards_now(driver) >= n


def corrected(driver: Driver) -> bool:
    last = driver.model.last_result
    return last is not None and bool(last.corrections)


def voided(driver: Driver) -> bool:
    current = driver.model.current
    return current is not None and current.void is not None


def bet(
    driver: Driver,
    seat: int,
    chip: int,
    code: str,
    *,
    half: bool = False,
    insured: bool = False,
) -> None:
    """A bet by taps: the seat, the stake, the choice on a refait and the insurance set, then a
    tap on the field; returns once it is journaled (an insured one with its premium)."""
    view = view_of(driver)
    choose(driver, seat=seat, chip=chip)
    if view.insure != insured:
        driver.press("insure")
    if not insured and (view.zero_choice == "half") != half:
        driver.press("zero_choice")
    assert view.insuring() == insured and (insured or (view.zero_choice == "half") == half)
    placed = bets_now(driver)
    driver.frame()
    view.tap_code(code)
    driver.until(lambda: bets_now(driver) >= placed + (2 if insured else 1), f"{code} placed")


def deal(
    driver: Driver,
    cards: tuple[str, ...],
    shot: Shot,
    shots: dict[int, str] | None = None,
    shoe: str | None = None,
) -> None:
    """No more bets, the new shoe loaded if one is asked for (`shoe` the shot then), then each
    card entered on the card pad and confirmed as it is dealt; `shots` names the shots taken
    before card n is picked (n >= 0) and once it is picked, before it is confirmed (-n - 1)."""
    shots = shots or {}
    driver.until(lambda: driver.showing("no_more_bets"), "no more bets offered")
    driver.press("no_more_bets")
    driver.until(
        lambda: driver.showing("shoe_loaded") or driver.showing("rank:A"), "the deal begun"
    )
    if driver.showing("shoe_loaded"):
        if shoe is not None:
            shot(shoe)
        driver.press("shoe_loaded")
    for n, card in enumerate(cards):
        driver.until(partial(driver.showing, f"rank:{card[0]}"), f"the card pad for {card}")
        if n in shots:
            shot(shots[n])
        driver.press(f"rank:{card[0]}", f"suit:{card[1]}")
        if -n - 1 in shots:  # the card picked, shown large to confirm
            shot(shots[-n - 1])
        driver.press("confirm")
        driver.until(partial(dealt, driver, n + 1), f"{card} dealt")


def coup_payouts(driver: Driver, shot: Shot, name: str) -> tuple[dict, Any]:
    """The payouts shown after a coup (script.payouts): its result and its sheet."""
    shown = payouts(driver, shot, name)
    return shown["result"], shown["sheet"]


def play_trente_quarante_session(driver: Driver, shot: Shot = lambda name: None) -> dict[str, Any]:
    """The whole session (the module's docstring); returns what a test checks against."""
    table, model = driver.table, driver.model
    setup = table.setup
    view = view_of(driver)
    chips = stake_options(setup.chips, setup.limits)
    minimum, top = chips[0], chips[-1]
    insured_stake = next(c for c in chips if view.insurable(c))
    coups: list[tuple[dict, Any]] = []
    open_session(driver, shot)
    shot("05-table-between-rounds")

    # a coup decided, four seats betting, one refused
    call_for_bets(driver)
    bet(driver, 1, minimum, "noir")
    bet(driver, 2, chips[2], "rouge")
    bet(driver, 3, chips[1], "couleur")
    bet(driver, 4, minimum, "inverse")
    shot("06-bets")
    choose(driver, seat=5, chip=top)
    while model.refusal is None:
        placed = bets_now(driver)
        view.tap_code("rouge")
        driver.until(
            lambda placed=placed: bets_now(driver) > placed or model.refusal is not None,  # type: ignore[misc]
            "the bet taken or refused",
        )
    shot("07-bet-refused")
    deal(
        driver,
        DECIDED,
        shot,
        {2: "09-card-pad", -3: "10-card-confirm", 5: "11-rouge-row"},
        shoe="08-new-shoe",
    )
    coups.append(coup_payouts(driver, shot, "12-payouts"))
    shot("13-coup-decided")
    # the correction: the rouge row's last card was the four of hearts (rouge 31 wins, inverse)
    driver.press("correct", f"card:{len(DECIDED)}")
    driver.press(f"rank:{CORRECTED[0]}", f"suit:{CORRECTED[1]}")
    shot("13b-correction-cards")
    driver.press("cards_done", "reason_wrong_card")
    sign_in(driver, "D-01")
    driver.until(partial(corrected, driver), "the correction journaled")
    shot("13c-corrected")
    coups.append(coup_payouts(driver, shot, "13d-corrected-payouts"))

    # a refait: half back, prison, an insured bet returned
    call_for_bets(driver)
    bet(driver, 1, chips[1], "rouge", half=True)  # half of it is the minimum: half back
    bet(driver, 2, chips[2], "noir")
    bet(driver, 3, insured_stake, "couleur", insured=True)
    bet(driver, 4, chips[1], "inverse")
    shot("14-insured-and-half")
    bet(driver, 6, insured_stake, "noir", insured=True)  # insured, then taken back, premium too
    placed = bets_now(driver)
    driver.press("take_back")
    driver.until(lambda: bets_now(driver) == placed - 2, "the insured bet and its premium back")
    deal(driver, REFAIT, shot, {7: "15-refait-last-card"})
    coups.append(coup_payouts(driver, shot, "16-refait-payouts"))
    driver.until(lambda: len(model.state.carried) == 2, "the prisoners on the cloth")
    shot("17-prisoners")
    driver.press("menu", "players_display")
    shot("18-players-display")
    driver.press("croupier_screen")

    # the close: the last shoe, its red card, the last coup that ends the prisoners
    driver.press("menu", "close_table")
    shot("19-close-table")
    driver.press("close_table")
    call_for_bets(driver)
    bet(driver, 1, minimum, "noir")
    shot("20-last-shoe-bets")
    deal(driver, RED_CARD_AFTER, shot)
    driver.until(lambda: driver.showing("cut_card"), "the red card offered")
    shot("21-red-card-button")
    driver.press("cut_card")
    driver.until(partial(voided, driver), "the coup void by the red card")
    shot("22-red-card-void")
    call_for_bets(driver)
    bet(driver, 1, minimum, "rouge")
    shot("23-last-coup-bets")
    deal(driver, LAST, shot)
    coups.append(coup_payouts(driver, shot, "24-last-coup-payouts"))

    # the closing count and its signatures
    closing_count(driver, shot, ("25-closing-count", "26-sign-count", "27-closed"))
    refait_result, refait_sheet = coups[2]
    return {"coups": coups, "result": refait_result, "sheet": refait_sheet}
