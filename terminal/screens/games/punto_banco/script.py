"""A whole session of punto banco played on the croupier's screen by taps: the sign-in and the
opening advance signed; a coup with bets on the three chances by four seats and a fifth seat's
tie refused over its maximum, the new shoe loaded, each card entered by hand on the card pad and
confirmed: the player draws a third card on 2 and the banker, on 4 against it, follows his row
of the table and wins, each banker bet paid less the commission; a natural; a tie (the tie paid
8 to 1, the player's and the banker's bets returned); a card the shoe can no longer hold (a
seventh ace of spades in six decks: the coup void, the fault banner says what to do); the
players' display with the big road; the close, «les últimes cinc mans» each played; the closing
count and its signatures.

The shoe is the screen (`screen://`): the script deals the cards that make those coups, in the
order the engine deals them (player, banker, player, banker, then the player's third card and
the banker's), and enters the aces out of turn, as a reader would report cards drawn when none
was asked for (each put aside and counted out of the shoe).
"""

from __future__ import annotations

from typing import Any

from terminal.screens.demo.driver import Driver
from terminal.screens.demo.script import (
    Shot,
    cards_after_no_more_bets,
    choose,
    closing_count,
    open_session,
)
from terminal.screens.demo.script import cards_by_hand as deal
from terminal.screens.demo.script import coup_settled as settled
from terminal.screens.views.base import stake_options

# player 2 (2, K) draws a 6: 8; banker 4 (4, K) against a third card 6 draws a 5: 9, and wins
THIRD_CARD = ("2S", "4H", "KC", "KD", "6D", "5C")
NATURAL = ("4C", "2D", "5S", "3H")  # player 9, a natural; banker 5
TIE = ("7H", "3S", "QD", "4D")  # player 7 stands, banker 7 stands: a tie
ACE = "AS"  # six of them put aside, the seventh cannot come out of six decks
# the last five hands: banker (a natural), banker (a natural), banker (the player draws a 9,
# the banker stands on 6 against it), player (a natural), a tie of naturals
LAST_FIVE = (
    ("2C", "8S", "3D", "KH"),
    ("4D", "9C", "JS", "QH"),
    ("5H", "6C", "KS", "QC", "9D"),
    ("8D", "2S", "TS", "3C"),
    ("9H", "9S", "KD", "TH"),
)


def call_for_bets(driver: Driver) -> None:
    driver.call_for_bets()
    driver.until(lambda: driver.model.state.round_status == "open", "bets open")


def place(driver: Driver, bets: list[tuple[int, int, str]]) -> None:
    """Bets tapped on the chances' boxes, (seat, stake, code); returns once all are shown."""
    screen = driver.app.screens.table
    placed = len(_bets(driver))
    for seat, stake, code in bets:
        choose(driver, seat=seat, chip=stake)
        screen.tap_code(code)
    driver.until(lambda: len(_bets(driver)) >= placed + len(bets), "the bets shown")


def refuse_over_maximum(driver: Driver, seat: int, stake: int, code: str) -> None:
    """`seat`'s chips piled on `code` until the table refuses one over its maximum."""
    screen = driver.app.screens.table
    choose(driver, seat=seat, chip=stake)
    while driver.model.refusal is None:
        placed = len(_bets(driver))
        screen.tap_code(code)
        driver.until(
            lambda placed=placed: (  # type: ignore[misc]
                len(_bets(driver)) > placed or driver.model.refusal is not None
            ),
            "the bet taken or refused",
        )


def no_more_bets(driver: Driver, shot: Shot | None = None) -> None:
    """No more bets; a new shoe loaded when the table asks for one (shot); the card pad open."""
    cards_after_no_more_bets(driver, lambda: shot and shot("08-shoe-to-load"))


def out_of_turn(driver: Driver, card: str) -> None:
    """`card` drawn when no coup asks for one, as a reader reports it: put aside, counted out
    of the shoe."""
    own: Any = driver.model.state.own
    seen = own.shoe.seen.get(card, 0)
    driver.app.hand.enter(card, by=driver.app.croupier)
    driver.until(lambda: own.shoe.seen.get(card, 0) > seen, f"{card} put aside")


def coup(
    driver: Driver, bets: list[tuple[int, int, str]], cards: tuple[str, ...], shot: Shot
) -> None:
    """A coup called, its bets tapped, its cards dealt; back at the table once it is paid."""
    call_for_bets(driver)
    place(driver, bets)
    before = driver.model.state.rounds_settled
    no_more_bets(driver)
    deal(driver, cards)
    settled(driver, before)
    driver.press("back")


def play_punto_banco_session(driver: Driver, shot: Shot = lambda name: None) -> dict[str, Any]:
    """The whole session (the module's docstring); returns what a test checks against: the
    banker's coup (`result`), its payouts sheet (`sheet`), the tie's, and the void coup."""
    table = driver.table
    setup = table.setup
    minimum = setup.limits.min
    chips = stake_options(setup.chips, setup.limits)
    open_session(driver, shot)
    shot("05-table-between-rounds")
    # the first coup: the three chances by several seats, a tie over its maximum refused
    call_for_bets(driver)
    place(
        driver,
        [
            (1, minimum, "player"),
            (2, 2 * minimum, "banker"),
            (3, minimum, "tie"),
            (4, 5 * minimum, "banker"),
        ],
    )
    shot("06-bets")
    refuse_over_maximum(driver, 5, chips[-1], "tie")
    shot("07-bet-refused")
    before = driver.model.state.rounds_settled
    no_more_bets(driver, shot)
    shot("09-card-pad")
    deal(driver, THIRD_CARD[:4], shot, "10-card-confirm")
    driver.press("back")  # the table: the player's rule applied, his third card due
    shot("11-third-card-due")
    driver.press("enter_outcome")
    deal(driver, THIRD_CARD[4:])
    settled(driver, before)
    shot("12-payouts-commission")
    result = _last(driver).result
    sheet = driver.app.dialog.sheet  # type: ignore[union-attr]  # the payouts dialog's
    driver.press("back")
    shot("13-banker-wins")
    # a natural, then a tie
    coup(
        driver, [(1, minimum, "player"), (2, minimum, "banker"), (6, minimum, "tie")], NATURAL, shot
    )
    shot("14-natural")
    call_for_bets(driver)
    place(driver, [(1, 2 * minimum, "player"), (2, minimum, "banker"), (3, minimum, "tie")])
    before = driver.model.state.rounds_settled
    no_more_bets(driver)
    deal(driver, TIE)
    settled(driver, before)
    shot("15-payouts-tie")
    tie = _last(driver).result
    tie_sheet = driver.app.dialog.sheet  # type: ignore[union-attr]
    driver.press("back")
    shot("16-tie")
    # a card the shoe can no longer hold: six aces of spades drawn out of turn (put aside),
    # then a seventh dealt in a coup, which is void
    for _ in range(table.rules.decks):
        out_of_turn(driver, ACE)
    call_for_bets(driver)
    place(driver, [(1, minimum, "banker")])
    no_more_bets(driver)
    voided = driver.model.current
    deal(driver, (ACE,))
    driver.until(lambda: voided is not None and voided.void is not None, "the coup void")
    seq = driver.until(
        lambda: next(
            (n for n, f in driver.model.state.unacknowledged.items() if f["device"] == "shoe"),
            None,
        ),
        "the shoe's fault",
    )
    driver.until(lambda: driver.screen() == "table", "the table")
    shot("17-shoe-fault")
    driver.press(f"ack:{seq}")
    driver.until(lambda: not driver.showing(f"ack:{seq}"), "the fault acknowledged")
    # the close: «les últimes cinc mans», each played; the players' display before the last
    driver.press("menu", "close_table", "close_table")
    for n, cards in enumerate(LAST_FIVE):
        if n == len(LAST_FIVE) - 1:
            driver.press("menu", "players_display")
            shot("19-players-display")
            driver.press("croupier_screen")
        call_for_bets(driver)
        if n == 0:
            shot("18-last-five-hands")
        place(driver, [(1 + n % 3, minimum, ("banker", "player", "tie")[n % 3])])
        before = driver.model.state.rounds_settled
        no_more_bets(driver)
        deal(driver, cards)
        settled(driver, before)
        driver.press("back")
    closing_count(driver, shot, ("20-closing-count", None, "21-closed"))
    return {
        "result": result,
        "sheet": sheet,
        "tie": tie,
        "tie_sheet": tie_sheet,
        "void": voided.void if voided is not None else None,
    }


def _bets(driver: Driver) -> list[dict]:
    current = driver.model.current
    return [] if current is None else current.bets


def _last(driver: Driver):
    last = driver.model.last_result
    assert last is not None, "a coup was settled"
    return last
