"""A whole session of poker sense descart played on the croupier's screen by taps: the sign-in
and the opening advance signed; a hand with four antes on box 1 (its seated player and three
betting behind him), a fifth refused (four bets a box at most), an ante on box 3 and two
carrousel coins; the fresh deck loaded and every card entered by hand; box 1 going on ("hi
vaig", its call twice its antes) and box 3 folding, against a bank that does not play; a second
hand where the bank plays, a royal flush wins its call and the whole carrousel; the players'
display; the close, "les últimes cinc mans" each played; the closing count and its signatures.

The deck is one of 52 cards, fresh every hand (section 11 II.1): each hand's cards are distinct
and dealt as the engine deals them, box by box in ascending order then the bank, five times
round, the bank's last card face up. It runs at a scratch table (terminal/screens/demo/scratch.py)
whose carrousel is whatever its table file says: the table's own pool without a `[carrousel]`, or
the casino's (`dealer-terminal carrousel serve`) with one; the jackpot is a royal flush's, the whole
pool, which is never nothing however small the pool.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games.cards.cards import CARDS
from terminal.screens.demo.driver import Driver
from terminal.screens.demo.script import Shot, choose, closing_count, open_session, payouts
from terminal.screens.games.poker_stud.view import StudView

# the first hand: box 1 a pair of kings, box 3 nothing, the bank ace-high without a king
HAND_1 = {
    "box:1": ("KS", "KD", "7C", "4H", "2S"),
    "box:3": ("QC", "9D", "6S", "5H", "3C"),
    "bank": ("JH", "TC", "8D", "6D", "AC"),
}
# the second: box 2 a royal flush, box 5 a pair of nines, the bank a pair of queens
HAND_2 = {
    "box:2": ("AH", "KH", "QH", "JH", "TH"),
    "box:5": ("9S", "9C", "5D", "4C", "2D"),
    "bank": ("QS", "QD", "7D", "5S", "KD"),
}


def dealt(hands: Mapping[str, Sequence[str]]) -> list[str]:
    """The hands' cards in the order the engine deals them: the boxes ascending, then the bank,
    one card each, five times round."""
    places = sorted((p for p in hands if p != "bank"), key=lambda p: int(p.split(":")[1]))
    places.append("bank")
    return [hands[place][i] for i in range(5) for place in places]


def call_for_bets(driver: Driver) -> None:
    driver.call_for_bets()
    driver.until(lambda: driver.model.state.round_status == "open", "bets open")


def place(driver: Driver, bets: list[tuple[int, int | None, str]]) -> None:
    """Bets tapped on the boxes: (seat, stake or None for a coin, code); once all shown."""
    screen = driver.app.screens.table
    placed = len(_bets(driver))
    for seat, stake, code in bets:
        choose(driver, seat=seat, chip=stake)
        screen.tap_code(code)
    driver.until(lambda: len(_bets(driver)) >= placed + len(bets), "the bets shown")


def deal(driver: Driver, cards: list[str], shot: Shot | None = None) -> None:
    """No more bets, the fresh deck loaded, each card entered on the card pad and confirmed;
    the pad gives way to the table once the boxes' decisions are asked (taken on it)."""
    driver.until(lambda: driver.showing("no_more_bets"), "no more bets offered")
    driver.press("no_more_bets")
    driver.until(lambda: driver.showing("shoe_loaded"), "the fresh deck asked for")
    driver.press("shoe_loaded")
    driver.until(lambda: driver.showing("enter_outcome"), "the first card asked for")
    driver.press("enter_outcome")
    for n, card in enumerate(cards):
        driver.press(f"rank:{card[0]}", f"suit:{card[1]}")
        if shot is not None and n == 0:
            shot("09-card-confirm")
        driver.press("confirm")
        driver.until(_dealt_past(driver, n), f"card {n + 1}, {card}, dealt")
        if shot is not None and n == len(cards) // 2:
            driver.press("back")
            shot("10-dealing")
            driver.press("enter_outcome")
    driver.until(lambda: driver.screen() == "table", "the table, for the decisions")


def decide(driver: Driver, place: str, action: str, shot: Shot | None = None, name: str = ""):
    """The decision `place` is asked for, `action` ("call" or "fold") tapped; once journaled."""
    view = driver.app.screens.table.view
    assert isinstance(view, StudView), "a poker table shows its boxes"
    driver.until(
        lambda: (
            (need := view.need()) is not None
            and need.place == place
            and driver.showing(f"decide:{action}")
        ),
        f"{place}'s decision asked for",
    )
    if shot is not None:
        shot(name)
    moves = len(_moves(driver))
    driver.press(f"decide:{action}")
    driver.until(lambda: len(_moves(driver)) > moves, f"{place} {action} taken")


def closing_hand(driver: Driver, k: int, shot: Shot | None = None) -> dict[str, Any]:
    """One of the last hands: an ante on box 1 and its coin, the deck dealt, box 1 going on or
    folding in turn."""
    minimum = driver.table.setup.limits.min
    call_for_bets(driver)
    place(driver, [(1, minimum, "ante:1"), (1, None, "carrousel:1")])
    if shot is not None:
        shot("18-last-hands")
    cards = random.Random(k).sample(CARDS, 10)
    deal(driver, cards)
    decide(driver, "box:1", "call" if k % 2 else "fold")
    return payouts(driver)


def play_stud_session(driver: Driver, shot: Shot = lambda name: None) -> dict[str, Any]:
    """The whole session (the module's docstring); returns the hands' results and payouts."""
    table = driver.table
    setup = table.setup
    minimum = setup.limits.min
    hands: list[dict[str, Any]] = []
    open_session(driver, shot)
    shot("05-table-between-rounds")
    # the first hand: antes on boxes 1 and 3, coins, a fifth bet on box 1 refused
    call_for_bets(driver)
    place(
        driver,
        [
            (1, minimum, "ante:1"),
            (2, minimum, "ante:1"),
            (3, 2 * minimum, "ante:1"),
            (4, minimum, "ante:1"),
            (1, None, "carrousel:1"),
            (6, 5 * minimum, "ante:3"),
            (6, None, "carrousel:3"),
        ],
    )
    shot("06-antes-and-coins")
    choose(driver, seat=5, chip=minimum)
    driver.app.screens.table.tap_code("ante:1")
    driver.until(lambda: driver.model.refusal is not None, "the fifth bet on box 1 refused")
    shot("07-box-full-refused")
    deal(driver, dealt(HAND_1), shot)
    decide(driver, "box:1", "call", shot, "11-decision-box-1")
    decide(driver, "box:3", "fold")
    hands.append(payouts(driver, shot, "12-payouts-bank-out"))
    shot("13-result-bank-out")
    # the second hand: the bank plays; a royal flush with a coin on box 2
    call_for_bets(driver)
    place(
        driver,
        [
            (2, minimum, "ante:2"),
            (2, None, "carrousel:2"),
            (7, 2 * minimum, "ante:5"),
            (8, minimum, "ante:5"),
        ],
    )
    deal(driver, dealt(HAND_2))
    decide(driver, "box:2", "call")
    decide(driver, "box:5", "call", shot, "14-decision-box-5")
    hands.append(payouts(driver, shot, "15-payouts-royal-flush"))
    shot("16-result-bank-plays")
    driver.press("menu", "players_display")
    shot("17-players-display")
    driver.press("croupier_screen")
    # the close: the last five hands, then the count and its three signatures
    driver.press("menu", "close_table", "close_table")
    for k in range(table.rules.closing_rounds):
        hands.append(closing_hand(driver, k, shot if k == 0 else None))
    closing_count(driver, shot, ("19-closing-count", "20-sign-count", "21-closed"))
    return {"hands": hands}


def _cards(driver: Driver) -> list[tuple[str, str]]:
    current = driver.model.current
    return [] if current is None else current.cards


def _dealt_past(driver: Driver, n: int) -> Callable[[], bool]:
    """Whether more than `n` cards of the coup are journaled."""
    return lambda: len(_cards(driver)) > n


def _moves(driver: Driver) -> list[Any]:
    """The coup's cards and decisions as journaled (the shoe's fold)."""
    own: Any = driver.model.state.own
    return list(own.moves)


def _bets(driver: Driver) -> list[dict]:
    current = driver.model.current
    return [] if current is None else current.bets
