"""A whole session at a blackjack table played on the croupier's screen by taps (the view style
"blackjack_boxes"): signing in and counting the opening advance, the games director's
signature; then three coups, every card entered by hand on the deal screen (the table's shoe
is the screen, `screen://`; deal.py), as the croupier deals it:

1. before the bets, on the table: a new shoe loaded and its five burnt cards counted (face
   down: a count); bets on three boxes by several seats (a player behind box 1), one refused
   (a box over its maximum); the first deal's seven cards tapped in a row and confirmed once;
   a pair of eights split, the first hand doubled on 11, the second hit and stood (the stand
   tapped twice: the second tap is a decision nobody asked for, refused with the reason in the
   status line), a 10 doubled that draws an ace (which counts one), a 17 stood; the dealer
   draws to a bust, the payouts;
2. the dealer's ace: insurance offered box by box, one box insured, the other not; a misdeal
   declared during the play: the coup is void, its stakes (the insurance with them) returned;
3. after the close is asked: the last shoe; its cut card comes out among the first deal's
   cards, so this coup is the session's last: a player's blackjack, the dealer's blackjack, an
   insurance paid;

then the closing count and its three signatures. Every tap is counted (Driver.taps): each
coup's, by what it was for, is printed and returned (`taps`), and the tests hold them down.
`dealer-terminal screens --game G` renders it, tests/screens/test_blackjack_screen.py plays it
and checks the journal it leaves.
"""

from __future__ import annotations

from typing import Any

from terminal.screens.demo.driver import Driver
from terminal.screens.demo.script import Shot, choose, closing_count, open_session, payouts
from terminal.screens.games.blackjack.view import BlackjackView
from terminal.screens.views.base import stake_options

# the cards of each coup as dealt, decisions between them (engine order: a first card to each
# box from the dealer's left, the dealer's one card, a second card to each box, then each box)
FIRST_DEAL = ("8S", "6H", "TD", "6C", "8D", "4S", "7H")  # boxes 1, 3, 5, dealer, 1, 3, 5
INSURANCE_DEAL = ("TS", "9D", "AS", "QH", "7C")  # boxes 2, 4, the dealer's ace, 2, 4
LAST_DEAL = ("AD", "9S", "AC", "KD", "9C")  # boxes 6, 7, the dealer's ace, 6 (blackjack), 7
CUT = "cut"  # the cut card, among the cards as it comes out


class Taps:
    """The taps of each coup by what they were for: {coup: {part: taps}}, as `mark` counts
    them off the driver's count (the shoe and its burnt cards, the bets, the deal: its cards
    and decisions, the payouts)."""

    def __init__(self, driver: Driver):
        self.driver = driver
        self.by_coup: dict[int, dict[str, int]] = {}
        self._at = driver.taps

    def mark(self, coup: int, part: str) -> None:
        """The taps since the last mark were coup `coup`'s `part`."""
        taps = self.driver.taps
        parts = self.by_coup.setdefault(coup, {})
        parts[part] = parts.get(part, 0) + taps - self._at
        self._at = taps

    def skip(self) -> None:
        """The taps since the last mark were no coup's (the menu, the players' display)."""
        self._at = self.driver.taps

    def said(self) -> list[str]:
        return [
            f"blackjack coup {coup}: {sum(parts.values())} taps ("
            + ", ".join(f"{part} {n}" for part, n in parts.items())
            + ")"
            for coup, parts in self.by_coup.items()
        ]


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


def _moves(driver: Driver) -> int:
    return len(getattr(driver.model.state.own, "moves", ()))


def call_for_bets(driver: Driver) -> None:
    driver.call_for_bets()
    driver.until(lambda: driver.model.state.round_status == "open", "bets open")


def place(driver: Driver, bets: list[tuple[int, int, str]]) -> None:
    """Each (seat, stake, box) tapped on its box: the seat and the stake chosen, the box tapped."""
    placed = len(_bets(driver))
    for seat, chip, code in bets:
        choose(driver, seat=seat, chip=chip)
        driver.press(code)
    driver.until(lambda: len(_bets(driver)) >= placed + len(bets), "the bets shown")


def refused_bet(driver: Driver, seat: int, chip: int, code: str) -> None:
    choose(driver, seat=seat, chip=chip)
    driver.press(code)
    driver.until(
        lambda: driver.model.refusal is not None and driver.model.refusal.what == "bet",
        "the bet refused",
    )


def no_more_bets(driver: Driver) -> None:
    """The bets closed: the deal screen opens by itself."""
    driver.until(lambda: driver.showing("no_more_bets"), "no more bets offered")
    driver.press("no_more_bets")
    driver.until(lambda: driver.model.state.round_status == "closed", "bets closed")
    driver.until(lambda: driver.screen() == "deal", "the deal screen")


def new_shoe(driver: Driver, shot: Shot | None = None) -> None:
    """Between coups, on the table: a new shoe shuffled, cut and loaded (the croupier says so),
    then its burnt cards, put aside face down, counted (the rules' five: one tap)."""
    driver.until(lambda: driver.showing("new_shoe"), "the new shoe offered")
    if shot is not None:
        shot("08-new-shoe")
    driver.press("new_shoe")
    driver.until(lambda: driver.showing("burnt"), "the burnt cards asked for")
    if shot is not None:
        shot("09-burning")
    driver.press("burnt")
    driver.until(
        lambda: (
            (shoe := getattr(driver.model.state.own, "shoe", None)) is not None and not shoe.burning
        ),
        "the burnt cards counted",
    )


def deal(driver: Driver, cards: tuple[str, ...] | list[str], shot: Shot | None = None) -> None:
    """Each card tapped on the deal screen's deck in turn (the cut card where it comes out),
    then confirmed once; taken by the table. `shot` is taken before the confirmation."""
    out = _cards_out(driver)
    driver.until(
        lambda: driver.screen() == "deal" and driver.showing(f"card:{cards[0]}"), "a card asked"
    )
    for card in cards:
        driver.press("cut_card" if card == CUT else f"card:{card}")
    if shot is not None:
        shot("10-cards-picked")
    driver.press("confirm")
    n = sum(1 for card in cards if card != CUT)
    driver.until(lambda: _cards_out(driver) >= out + n, f"{', '.join(cards)} taken")


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
    moves = _moves(driver)
    if twice:
        driver.press_twice(name)
        driver.until(
            lambda: driver.model.refusal is not None and driver.model.refusal.what == "decision",
            "the second tap refused",
        )
    else:
        driver.press(name)
    driver.until(lambda: _moves(driver) > moves, f"{place} {action} taken")


def first_coup(driver: Driver, shot: Shot, offered: Offered, taps: Taps) -> dict[str, Any]:
    """Coup 1: the new shoe, the split, the doubles, the refused bet and decision, the payouts."""
    setup = driver.table.setup
    minimum = setup.limits.min
    stakes = stake_options(setup.chips, setup.limits)
    new_shoe(driver, shot)
    taps.mark(1, "shoe")
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
    taps.mark(1, "bets")
    deal(driver, FIRST_DEAL, shot)
    decide(driver, "box:1", "split", offered=offered)
    shot("11-split")
    deal(driver, ["3C"])  # box 1: 8 + 3 = 11
    decide(driver, "box:1", "double", offered=offered)
    deal(driver, ["9H", "2S"])  # box 1 doubled: 20; box 1.2: 8 + 2 = 10
    decide(driver, "box:1.2", "hit", offered=offered)
    deal(driver, ["KS"])  # box 1.2: 20
    decide(driver, "box:1.2", "stand", twice=True, offered=offered)
    shot("12-decision-refused")
    decide(driver, "box:3", "double", offered=offered)
    driver.until(lambda: driver.showing("card:AH"), "box 3's card asked for")
    shot("13-double-ace-counts-one")
    deal(driver, ["AH"])  # box 3 doubled: 6 + 4 + the ace as one = 11
    decide(driver, "box:5", "stand", offered=offered)
    deal(driver, ["TC", "8C"])  # the dealer: 6 + 10 + 8, bust
    driver.until(lambda: driver.model.current.result is not None, "coup 1 settled")  # type: ignore[union-attr]
    taps.mark(1, "deal")
    played = payouts(driver, shot, "14-payouts")
    taps.mark(1, "payouts")
    shot("15-result")
    return played


def insured_coup_voided(driver: Driver, shot: Shot, offered: Offered, taps: Taps) -> None:
    """Coup 2: the dealer's ace, insurance box by box, then a misdeal: the coup void."""
    minimum = driver.table.setup.limits.min
    call_for_bets(driver)
    place(driver, [(2, minimum, "box:2"), (4, 2 * minimum, "box:4"), (11, minimum, "box:4")])
    no_more_bets(driver)
    taps.mark(2, "bets")
    deal(driver, INSURANCE_DEAL)
    view = _view(driver)
    driver.until(lambda: driver.showing("decide:insurance"), "insurance offered")
    shot("16-insurance")
    decide(driver, "box:2", "insurance", offered=offered)
    decide(driver, "box:4", "no_insurance", offered=offered)
    decide(driver, "box:2", "stand", offered=offered)
    decide(driver, "box:4", "hit", offered=offered)
    # a card shown as it came out of the shoe: the croupier declares a misdeal, on the table
    driver.press("back")
    driver.until(lambda: driver.showing("misdeal"), "the misdeal offered")
    driver.press("misdeal")
    driver.until(lambda: driver.model.current.void is not None, "the coup void")  # type: ignore[union-attr]
    driver.until(lambda: view.shown().phase == "void", "the stakes returned shown")
    taps.mark(2, "deal")
    shot("17-misdeal-void")


def last_coup(driver: Driver, shot: Shot, offered: Offered, taps: Taps) -> dict[str, Any]:
    """Coup 3, the last shoe's: its cut card comes out; blackjack against blackjack."""
    minimum = driver.table.setup.limits.min
    call_for_bets(driver)
    driver.until(lambda: _view(driver).last_shoe, "the last shoe announced")
    place(driver, [(6, minimum, "box:6"), (7, 2 * minimum, "box:7")])
    shot("19-last-shoe")
    no_more_bets(driver)
    taps.mark(3, "bets")
    # the separator comes out after the first two cards: this coup is the shoe's last
    deal(driver, [*LAST_DEAL[:2], CUT, *LAST_DEAL[2:]])
    driver.until(lambda: driver.model.state.own.shoe.cut_out, "the cut card out")  # type: ignore[attr-defined]
    decide(driver, "box:6", "no_insurance", offered=offered)
    decide(driver, "box:7", "insurance", offered=offered)
    decide(driver, "box:7", "stand", offered=offered)
    shot("20-last-coup")
    deal(driver, ["KC"])  # the dealer's blackjack
    driver.until(lambda: driver.model.current.result is not None, "coup 3 settled")  # type: ignore[union-attr]
    taps.mark(3, "deal")
    played = payouts(driver, shot, "21-last-payouts")
    taps.mark(3, "payouts")
    return played


def play_blackjack_session(driver: Driver, shot: Shot = lambda name: None) -> dict[str, Any]:
    """The whole session (the module's docstring); returns what a test checks against: the
    first and the last coups' results and payouts sheets, the decisions offered each time, and
    each coup's taps (`Taps.by_coup`), which it prints."""
    open_session(driver, shot)
    shot("05-table-between-rounds")
    offered: Offered = []
    taps = Taps(driver)
    first = first_coup(driver, shot, offered, taps)
    insured_coup_voided(driver, shot, offered, taps)
    driver.press("menu", "players_display")
    shot("18-players-display")
    driver.press("croupier_screen")
    # the close: the last shoe, whose last coup is the one its cut card comes out in
    driver.press("menu", "close_table", "close_table")
    taps.skip()
    last = last_coup(driver, shot, offered, taps)
    closing_count(driver, shot, ("22-closing-count", None, "23-closed"))
    for line in taps.said():
        print(line)
    return {"first": first, "last": last, "offered": offered, "taps": taps.by_coup}
