"""A whole session of monte played on the croupier's screen by taps, its shoe the screen's hand
(`screen://`): every card, the layout's and each phase's, entered on the Spanish pack's pad and
confirmed.

1. the sign-in, the opening advance counted and signed;
2. the first coup, from the red pack: the layout dealt card by card, its first two cards of one
   rank burnt and a third card doubling place 1; Primeres bet on six boxes by six seats (a card
   against a card, two against two, Salto, Anti, Vis, and a card bet on the other row), a Vis
   over its maximum refused; no more bets, the first card drawn wins: every winner paid its
   winnings less the 10%; the payouts paid seat by seat; Segones on the row that stays, new
   bets beside the card bet left open, a Camo won, the open bet settled;
3. the second coup, from the blue pack: place 1 tripled; the card that wins Primeres is an out
   the compensations cancel for the card bet against the tripled place and for the Salto
   (both returned, "cancelled"), the bet on two cards wins; Segones won by its first card;
4. the close asked for: «les últimes cinc mans», five coups of two phases, each with a bet; the
   players' display before the last;
5. the closing count and its three signatures.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from games.monte.engine import MonteState
from terminal.screens.demo.driver import Driver
from terminal.screens.demo.script import Shot, choose, closing_count, open_session, payouts_open
from terminal.screens.games.monte.view import MonteView
from terminal.screens.views.base import stake_options

# the first coup: 5O 5C burnt, 1O doubled by 1E; 2O, the first card drawn, wins for place 2
FIRST_LAYOUT = ("5O", "5C", "1O", "2C", "1E", "4B", "3O")
FIRST_PRIMERES = ("2O",)
FIRST_SEGONES = ("6C", "4O")  # 4O, place 3's camo
# the second coup: RO tripled by RE and RB; SE, the camo of place 2, wins Primeres
SECOND_LAYOUT = ("RO", "SC", "RE", "RB", "6E", "7B")
SECOND_PRIMERES = ("3C", "SE")
SECOND_SEGONES = ("7O",)  # place 4's camo, the first card drawn
# the last five coups: each layout, its Primeres' cards and its Segones'
LAST_FIVE = (
    (("1O", "2C", "3E", "4B"), ("7E", "1C"), ("3O",)),
    (("SC", "5E", "6O", "CB"), ("2B", "6E"), ("SO",)),
    (("RE", "7B", "2O", "4C"), ("7O",), ("1E", "4O")),
    (("3B", "6C", "5O", "1E"), ("SC", "5C"), ("6E",)),
    (("2E", "CO", "7C", "3O"), ("CE",), ("7B",)),
)


def view_of(driver: Driver) -> MonteView:
    view = driver.app.screens.table.view
    assert isinstance(view, MonteView), "a monte table shows its cloth"
    return view


def monte(driver: Driver) -> MonteState:
    """The game's state as the screen's model folded it."""
    own: Any = driver.model.state.own
    return own.state


def bets_now(driver: Driver) -> int:
    current = driver.model.current
    return 0 if current is None or current.over else len(current.bets)


def lay_out(driver: Driver, cards: tuple[str, ...], shot: Shot, shots: dict[int, str]) -> None:
    """The call for bets: the pack loaded when the table asks for one, then the layout's cards
    entered one by one; returns once its Primeres' bets are open. `shots` names the shots taken
    before card n is entered (the table, the pad closed), and its pad (-1: the first card's,
    -2: its confirmation)."""
    view = view_of(driver)
    driver.call_for_bets()
    driver.until(lambda: driver.showing("shoe_loaded") or view.card_due(), "the pack asked for")
    if driver.showing("shoe_loaded"):
        if 0 in shots:
            shot(shots[0])
        driver.press("shoe_loaded")
    for n, card in enumerate(cards):
        driver.until(lambda: view.card_due() == "layout", f"layout card {n + 1} asked for")
        if n in shots and n:
            shot(shots[n])
        if driver.screen() != "outcome":
            driver.press("enter_outcome")
        if n == 0 and -1 in shots:
            shot(shots[-1])
        dealt = len(monte(driver).laying)
        driver.press(f"card:{card}")
        if n == 0 and -2 in shots:
            shot(shots[-2])
        driver.press("confirm")
        driver.until(
            lambda dealt=dealt: (  # type: ignore[misc]
                len(monte(driver).laying) > dealt or driver.model.state.round_status == "open"
            ),
            f"{card} laid",
        )
        if n + 1 in shots:
            driver.press("back")  # the table, to see the layout as it is dealt
    driver.until(lambda: driver.model.state.round_status == "open", "Primeres' bets open")


def call_segones(driver: Driver) -> None:
    driver.call_for_bets()
    driver.until(lambda: driver.model.state.round_status == "open", "Segones' bets open")


def place(driver: Driver, bets: list[tuple[int, int, str]]) -> None:
    """Bets tapped on their boxes, (seat, stake, code); returns once all are shown."""
    view = view_of(driver)
    placed = bets_now(driver)
    for seat, stake, code in bets:
        choose(driver, seat=seat, chip=stake)
        driver.frame()
        view.tap_code(code)
    driver.until(lambda: bets_now(driver) >= placed + len(bets), "the bets shown")


def refuse_over_maximum(driver: Driver, seat: int, stake: int, code: str) -> None:
    """`seat`'s chips piled on `code` until the table refuses one over its maximum."""
    choose(driver, seat=seat, chip=stake)
    while driver.model.refusal is None:
        placed = bets_now(driver)
        driver.frame()
        view_of(driver).tap_code(code)
        driver.until(
            lambda placed=placed: (  # type: ignore[misc]
                bets_now(driver) > placed or driver.model.refusal is not None
            ),
            "the bet taken or refused",
        )


def draw(driver: Driver, cards: tuple[str, ...], shot: Shot, shots: dict[int, str]) -> None:
    """No more bets, then the phase's cards entered one by one until one wins; `shots` as
    `lay_out`'s (-1 the pad before the first card)."""
    before = driver.model.state.rounds_settled
    driver.until(lambda: driver.showing("no_more_bets"), "no more bets offered")
    driver.press("no_more_bets")
    driver.until(lambda: view_of(driver).card_due() == "draw", "the first card asked for")
    driver.press("enter_outcome")
    if -1 in shots:
        shot(shots[-1])
    current = driver.model.current
    assert current is not None
    for card in cards:
        dealt = len(current.cards)
        driver.press(f"card:{card}")
        driver.press("confirm")
        driver.until(
            lambda dealt=dealt: len(current.cards) > dealt or current.over,  # type: ignore[misc]
            f"{card} drawn",
        )
    driver.until(lambda: driver.model.state.rounds_settled > before, "the phase settled")


def pay(
    driver: Driver, shot: Shot | None = None, name: str = "", collect: str = ""
) -> dict[str, Any]:
    """The phase's payouts: the losing bets collected (`collect` its shot), the seats' lines
    shot (`name`), every seat paid; back at the table. The result and its sheet."""
    shown = payouts_open(driver)
    last = driver.model.last_result
    assert last is not None and last.result is not None
    if not shown:
        return {"result": last.result, "sheet": None}
    if driver.showing("collected"):
        if shot is not None and collect:
            shot(collect)
        driver.press("collected")
    if shot is not None and name:
        shot(name)
    sheet = driver.app.dialog.sheet  # type: ignore[union-attr]  # the payouts dialog's
    for seat in [s.seat for s in sheet.to_pay]:
        while not driver.showing(f"paid:{seat}") and driver.showing("payouts_next"):
            driver.press("payouts_next")
        driver.press(f"paid:{seat}")
        driver.until(partial(_paid, driver, seat), f"seat {seat} paid")
    sheet = driver.app.dialog.sheet  # type: ignore[union-attr]
    driver.press("back")
    return {"result": last.result, "sheet": sheet}


def _paid(driver: Driver, seat: int) -> bool:
    return driver.app.dialog.sheet.outstanding(seat) == 0  # type: ignore[union-attr]


def bet_on_place(driver: Driver, seat: int, stake: int, code: str, shot: Shot, name: str) -> None:
    """A bet on one of a place's boxes, `name` the shot of where it is tapped: the place's bets
    opened large where the cloth is too small for its boxes, else the cloth."""
    view = view_of(driver)
    choose(driver, seat=seat, chip=stake)
    placed = bets_now(driver)
    if not view.direct():
        driver.press(f"place:{code.split(':')[1]}")
        shot(name)
        driver.press(code)
    else:
        shot(name)
        view.tap_code(code)
    driver.until(lambda: bets_now(driver) > placed, f"{code} placed")


def play_monte_session(driver: Driver, shot: Shot = lambda name: None) -> dict[str, Any]:
    """The whole session (the module's docstring); returns what a test checks against: each
    phase's result and payouts sheet of the first two coups."""
    setup = driver.table.setup
    low = setup.limits.min
    chips = stake_options(setup.chips, setup.limits)
    open_session(driver, shot)
    shot("05-table-between-rounds")
    played: dict[str, Any] = {}
    # the first coup: the layout dealt, Primeres won by its first card (the 10%), Segones
    lay_out(
        driver,
        FIRST_LAYOUT,
        shot,
        {
            0: "06-pack-to-load",
            -1: "07-layout-card-pad",
            -2: "08-layout-card-confirm",
            3: "09-layout-burnt-dealt",
        },
    )
    shot("10-layout-laid")
    bet_on_place(driver, 3, low, "salto:2", shot, "11-place-bets")
    place(
        driver,
        [
            (1, low, "card:1v2"),
            (2, 2 * low, "pair:2-4v1-3"),
            (4, low, "anti:2"),
            (5, low, "vis:3"),
            (6, 2 * low, "card:3v4"),
        ],
    )
    shot("12-primeres-bets")
    refuse_over_maximum(driver, 7, chips[-1], "vis:1")
    shot("13-bet-refused")
    draw(driver, FIRST_PRIMERES, shot, {-1: "14-card-pad"})
    played["first_primeres"] = pay(
        driver, shot, "16-payouts-ten-percent", collect="15-payouts-collect"
    )
    shot("17-primeres-decided")
    call_segones(driver)
    place(driver, [(1, low, "card:4v3"), (2, low, "camo:3")])
    shot("18-segones-bets-open-bet")
    draw(driver, FIRST_SEGONES, shot, {})
    played["first_segones"] = pay(driver, shot, "19-segones-payouts")
    # the second coup: a tripled place; Primeres won on an out cancelled for two bets
    lay_out(driver, SECOND_LAYOUT, shot, {})
    shot("20-layout-tripled")
    place(
        driver,
        [(1, low, "card:2v1"), (2, low, "salto:4"), (3, low, "pair:1-2v3-4"), (4, low, "card:3v4")],
    )
    draw(driver, SECOND_PRIMERES, shot, {})
    played["second_primeres"] = pay(driver, shot, "21-payouts-cancelled")
    call_segones(driver)
    place(driver, [(1, low, "viudo:4"), (2, low, "camo:4")])
    draw(driver, SECOND_SEGONES, shot, {})
    played["second_segones"] = pay(driver, shot, "22-segones-first-card")
    # the close: «les últimes cinc mans», each coup's two phases played
    driver.press("menu", "close_table", "close_table")
    for n, (layout, primeres, segones) in enumerate(LAST_FIVE):
        if n == len(LAST_FIVE) - 1:
            driver.press("menu", "players_display")
            shot("24-players-display")
            driver.press("croupier_screen")
        lay_out(driver, layout, shot, {})
        if n == 0:
            shot("23-last-five-hands")
        place(driver, [(1 + n % 3, low, "card:1v2")])
        draw(driver, primeres, shot, {})
        pay(driver)
        call_segones(driver)
        row = monte(driver).row
        place(driver, [(4 + n % 3, low, f"card:{row[0]}v{row[1]}")])
        draw(driver, segones, shot, {})
        pay(driver)
    closing_count(driver, shot, ("25-closing-count", "26-sign-count", "27-closed"))
    return played
