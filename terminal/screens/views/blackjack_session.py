"""A whole session at a blackjack table played on the croupier's screen by taps (the view style
"blackjack_boxes"): signing in and counting the opening advance, the games director's
signature; then three coups, every card entered by hand on the card pad (the table's shoe is
the screen, `screen://`), as the croupier deals it:

1. bets on three boxes by several seats (a player behind box 1), one refused (a box over its
   maximum); a new shoe loaded and its five cards burnt; a pair of eights split, the first
   hand doubled on 11, the second hit and stood (the stand tapped twice: the second tap is a
   decision nobody asked for, refused with the reason in the status line), a 10 doubled that
   draws an ace (which counts one), a 17 stood; the dealer draws to a bust, the payouts;
2. the dealer's ace: insurance offered box by box, one box insured, the other not; a misdeal
   declared during the play: the coup is void, its stakes (the insurance with them) returned;
3. after the close is asked: the last shoe; its cut card comes out, so this coup is the
   session's last: a player's blackjack, the dealer's blackjack, an insurance paid;

then the closing count and its three signatures. `dealer-terminal screens --game G` renders it,
tests/screens/test_blackjack_screen.py plays it and checks the journal it leaves.
"""

from __future__ import annotations

from typing import Any

from terminal.screens.driver import Driver
from terminal.screens.script import Shot, choose, closing_count, open_session, payouts
from terminal.screens.views.base import stake_options
from terminal.screens.views.blackjack import BlackjackView

# the cards of each coup as dealt, decisions between them (engine order: a first card to each
# box from the dealer's left, the dealer's one card, a second card to each box, then each box)
BURNT = ("5S", "QD", "2C", "JH", "7D")
FIRST_DEAL = ("8S", "6H", "TD", "6C", "8D", "4S", "7H")  # boxes 1, 3, 5, dealer, 1, 3, 5
INSURANCE_DEAL = ("TS", "9D", "AS", "QH", "7C")  # boxes 2, 4, the dealer's ace, 2, 4
LAST_DEAL = ("AD", "9S", "AC", "KD", "9C")  # boxes 6, 7, the dealer's ace, 6 (blackjack), 7


def _view(driver: Driver) -> BlackjackView:
    view = driver.app.screens.table.view
    assert isinstance(view, BlackjackView), "a blackjack table shows its boxes"
    return view


def _bets(driver: Driver) -> list[dict]:
    current = driver.model.current
    return [] if current is None else current.bets


def _cards_out(driver: Driver) -> int:
    """The cards out of the shoe in use (burnt, dealt, put aside), as journaled."""
    shoe = getattr(driver.model.state.own, "shoe", None)
    return 0 if shoe is None else shoe.drawn


def call_for_bets(driver: Driver) -> None:
    driver.until(lambda: driver.showing("open_round"), "the call for bets")
    driver.press("open_round")
    driver.until(lambda: driver.model.state.round_status == "open", "bets open")


def place(driver: Driver, bets: list[tuple[int, int, str]]) -> None:
    """Each (seat, stake, box) tapped on its box: the seat and the stake chosen, the box tapped."""
    placed = len(_bets(driver))
    for seat, chip, code in bets:
        choose(driver, seat=seat, chip=chip)
        driver.app.screens.table.tap_code(code)
    driver.until(lambda: len(_bets(driver)) >= placed + len(bets), "the bets shown")


def refused_bet(driver: Driver, seat: int, chip: int, code: str) -> None:
    choose(driver, seat=seat, chip=chip)
    driver.app.screens.table.tap_code(code)
    driver.until(
        lambda: driver.model.refusal is not None and driver.model.refusal.what == "bet",
        "the bet refused",
    )


def no_more_bets(driver: Driver) -> None:
    driver.until(lambda: driver.showing("no_more_bets"), "no more bets offered")
    driver.press("no_more_bets")
    driver.until(lambda: driver.model.state.round_status == "closed", "bets closed")


def load_shoe(driver: Driver, shot: Shot | None = None) -> None:
    """A new shoe: shuffled, cut and loaded (the croupier says so)."""
    driver.until(lambda: driver.showing("shoe_loaded"), "the new shoe asked for")
    if shot is not None:
        shot("08-new-shoe")
    driver.press("shoe_loaded")
    driver.until(lambda: getattr(driver.model.state.own, "shoe", None) is not None, "loaded")


def open_pad(driver: Driver) -> None:
    """The card pad, opened from the table when a card is due (it stays open card after card,
    and gives way to the table by itself when the coup asks a decision: `decide` finds the
    decision's buttons without going back)."""
    driver.until(
        lambda: driver.showing("rank:A") or driver.showing("enter_outcome"), "a card asked for"
    )
    if not driver.showing("rank:A"):
        driver.press("enter_outcome")


def enter_cards(driver: Driver, cards: tuple[str, ...] | list[str]) -> None:
    """Each card picked on the pad (rank, suit), confirmed, and taken by the table."""
    for card in cards:
        out = _cards_out(driver)
        open_pad(driver)
        driver.press(f"rank:{card[0]}", f"suit:{card[1]}", "confirm")
        driver.until(lambda out=out: _cards_out(driver) > out, f"{card} taken")  # type: ignore[misc]


def to_table(driver: Driver) -> None:
    """Back from the card pad to the table, if it is still open."""
    if driver.screen() == "outcome":
        driver.press("back")


# the decision buttons shown each time a decision was asked: (place, the buttons' names)
Offered = list[tuple[str, list[str]]]


def decide(
    driver: Driver, place: str, action: str, *, twice: bool = False, offered: Offered | None = None
) -> None:
    """`place`'s decision asked, `action` tapped; once journaled. `twice`: tapped twice at once
    (a finger that bounced), the second tap a decision no one asked for. `offered` gathers the
    decisions the screen offered the box."""
    view = _view(driver)
    name = f"decide:{action}"
    driver.until(
        lambda: (
            (need := view.need()) is not None
            and need.kind == "decision"
            and need.place == place
            and driver.showing(name)
        ),
        f"{place}'s decision asked for",
    )
    if offered is not None:
        offered.append((place, [n for n in driver.app.names() if n.startswith("decide:")]))
    moves = len(driver.model.state.own.moves)  # type: ignore[attr-defined]  # the shoe's fold
    driver.app.press(name)
    if twice:
        driver.app.press(name)
        driver.until(
            lambda: driver.model.refusal is not None and driver.model.refusal.what == "decision",
            "the second tap refused",
        )
    driver.until(
        lambda: len(driver.model.state.own.moves) > moves,  # type: ignore[attr-defined]
        f"{place} {action} taken",
    )


def first_coup(driver: Driver, shot: Shot, offered: Offered) -> dict[str, Any]:
    """Coup 1: the split, the doubles, the refused bet and the refused decision, the payouts."""
    setup = driver.table.setup
    minimum = setup.limits.min
    stakes = stake_options(setup.chips, setup.limits)
    call_for_bets(driver)
    place(
        driver,
        [
            (1, minimum, "box:1"),
            (8, 2 * minimum, "box:1"),  # a player behind box 1
            (3, minimum, "box:3"),
            (5, 5 * minimum, "box:5"),
        ],
    )
    shot("06-bets")
    refused_bet(driver, 9, stakes[-1], "box:5")  # 25 + 500 on box 5: over its maximum of 500
    shot("07-bet-refused")
    no_more_bets(driver)
    load_shoe(driver, shot)
    enter_cards(driver, BURNT[:2])
    to_table(driver)
    shot("09-burning")
    enter_cards(driver, BURNT[2:])
    shot("10-card-pad")
    enter_cards(driver, FIRST_DEAL)
    decide(driver, "box:1", "split", offered=offered)
    shot("11-split")
    enter_cards(driver, ["3C"])  # box 1: 8 + 3 = 11
    decide(driver, "box:1", "double", offered=offered)
    enter_cards(driver, ["9H"])  # box 1 doubled: 20
    enter_cards(driver, ["2S"])  # box 1.2: 8 + 2 = 10
    decide(driver, "box:1.2", "hit", offered=offered)
    enter_cards(driver, ["KS"])  # box 1.2: 20
    decide(driver, "box:1.2", "stand", twice=True, offered=offered)
    shot("12-decision-refused")
    decide(driver, "box:3", "double", offered=offered)
    shot("13-double-ace-counts-one")
    enter_cards(driver, ["AH"])  # box 3 doubled: 6 + 4 + the ace as one = 11
    decide(driver, "box:5", "stand", offered=offered)
    enter_cards(driver, ["TC", "8C"])  # the dealer: 6 + 10 + 8, bust
    played = payouts(driver, shot, "14-payouts")
    shot("15-result")
    return played


def insured_coup_voided(driver: Driver, shot: Shot, offered: Offered) -> None:
    """Coup 2: the dealer's ace, insurance box by box, then a misdeal: the coup void."""
    minimum = driver.table.setup.limits.min
    call_for_bets(driver)
    place(driver, [(2, minimum, "box:2"), (4, 2 * minimum, "box:4"), (11, minimum, "box:4")])
    no_more_bets(driver)
    enter_cards(driver, INSURANCE_DEAL)
    view = _view(driver)
    driver.until(lambda: driver.showing("decide:insurance"), "insurance offered")
    shot("16-insurance")
    decide(driver, "box:2", "insurance", offered=offered)
    decide(driver, "box:4", "no_insurance", offered=offered)
    decide(driver, "box:2", "stand", offered=offered)
    decide(driver, "box:4", "hit", offered=offered)
    # a card shown as it came out of the shoe: the croupier declares a misdeal
    driver.until(lambda: driver.showing("misdeal"), "the misdeal offered")
    driver.press("misdeal")
    driver.until(lambda: driver.model.current.void is not None, "the coup void")  # type: ignore[union-attr]
    driver.until(lambda: view.shown().phase == "void", "the stakes returned shown")
    shot("17-misdeal-void")


def last_coup(driver: Driver, shot: Shot, offered: Offered) -> dict[str, Any]:
    """Coup 3, the last shoe's: its cut card comes out; blackjack against blackjack."""
    minimum = driver.table.setup.limits.min
    call_for_bets(driver)
    driver.until(lambda: _view(driver).last_shoe, "the last shoe announced")
    place(driver, [(6, minimum, "box:6"), (7, 2 * minimum, "box:7")])
    shot("19-last-shoe")
    no_more_bets(driver)
    enter_cards(driver, LAST_DEAL[:2])
    driver.press("cut_card")  # the separator comes out: this coup is the shoe's last
    driver.until(lambda: driver.model.state.own.shoe.cut_out, "the cut card out")  # type: ignore[attr-defined]
    enter_cards(driver, LAST_DEAL[2:])
    decide(driver, "box:6", "no_insurance", offered=offered)
    decide(driver, "box:7", "insurance", offered=offered)
    decide(driver, "box:7", "stand", offered=offered)
    shot("20-last-coup")
    enter_cards(driver, ["KC"])  # the dealer's blackjack
    return payouts(driver, shot, "21-last-payouts")


def play_blackjack_session(driver: Driver, shot: Shot = lambda name: None) -> dict[str, Any]:
    """The whole session (the module's docstring); returns what a test checks against: the
    first and the last coups' results and payouts sheets, the decisions offered each time."""
    open_session(driver, shot)
    shot("05-table-between-rounds")
    offered: Offered = []
    first = first_coup(driver, shot, offered)
    insured_coup_voided(driver, shot, offered)
    driver.press("menu", "players_display")
    shot("18-players-display")
    driver.press("croupier_screen")
    # the close: the last shoe, whose last coup is the one its cut card comes out in
    driver.press("menu", "close_table", "close_table")
    last = last_coup(driver, shot, offered)
    closing_count(driver, shot, ("22-closing-count", None, "23-closed"))
    return {"first": first, "last": last, "offered": offered}
