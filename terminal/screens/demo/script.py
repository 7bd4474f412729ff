"""A whole session at a wheel game's table played on the croupier's screen by taps: signing in
and counting the opening advance, the games director's signature, bets by taps on the cloth
(one refused), no more bets, the number entered by hand and confirmed, the payouts, a
correction with the pit boss's PIN, a change of limits, the closing count and its signatures.

`dealer-terminal screens` plays it to render every screen of a session as PNG files
(docs/screens/); the tests play it and check the journal it leaves. It runs at a scratch
table (terminal/screens/demo/scratch.py): the game's example table with the screen as its device
(`screen://`), a journal and a staff file of DEMO_STAFF in a directory of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from games.game import SpinGame
from terminal.screens.demo.driver import Driver
from terminal.screens.views.base import stake_options
from terminal.screens.views.cloth import ClothView

# people of the demonstration staff file: id -> (name, roles, PIN)
DEMO_STAFF = {
    "C-07": ("Maria Puig", ("croupier",), "1107"),
    "C-08": ("Pere Soler", ("croupier",), "1108"),
    "D-01": ("Joan Ferrer", ("games_director", "table_head"), "2101"),
    "K-01": ("Anna Vidal", ("cashier",), "3101"),
    "T-01": ("Jordi Roca", ("technician",), "4101"),
    "I-01": ("Marta Serra", ("inspector",), "5101"),
}

Shot = Callable[[str], object]  # called with a screen's file name at each moment worth showing


def sign_in(driver: Driver, person: str) -> None:
    """`person` chosen on the person pad, their PIN typed, OK."""
    driver.until(lambda: driver.showing(f"person:{person}") or driver.showing("0"), person)
    if driver.showing(f"person:{person}"):
        driver.press(f"person:{person}")
    driver.press(*DEMO_STAFF[person][2], "ok")


def count(
    driver: Driver,
    chips: dict[int, int],
    denominations: tuple[int, ...],
    drop: int | None = None,
    shot: Callable[[], object] = lambda: None,
) -> None:
    """The count sheet filled in, row by row, `shot` taken, and done."""
    for value in denominations:
        driver.press(f"row:{value}", "clear")
        driver.press(*str(chips.get(value, 0)))
    if drop is not None:
        driver.press("row:drop", "clear", *str(drop // 100))
    last = "row:drop" if drop is not None else f"row:{denominations[-1]}"
    driver.press(last)
    shot()
    driver.press("ok")


def chips_of(amount: int, denominations: tuple[int, ...]) -> dict[int, int]:
    """`amount` in the fewest chips."""
    counts: dict[int, int] = {}
    for value in sorted(denominations, reverse=True):
        counts[value], amount = divmod(amount, value)
    assert amount == 0, "the amount is made of the table's chips"
    return counts


def sign(driver: Driver, person: str) -> None:
    """The signature the screen asks for, by `person`; returns once the table answered."""
    unsigned = sum(len(u["roles"]) for u in driver.model.state.unsigned.values())
    sign_in(driver, person)
    driver.until(
        lambda: (
            sum(len(u["roles"]) for u in driver.model.state.unsigned.values()) < unsigned
            or driver.model.refusal is not None
            and driver.app.refusal_acted_on()
        ),
        f"{person}'s signature taken",
    )


def open_session(driver: Driver, shot: Shot) -> None:
    table = driver.table
    setup = table.setup
    driver.until(lambda: driver.screen() == "opening", "the sign-in")
    shot("01-sign-in")
    sign_in(driver, "C-07")
    shot("02-opening-count-empty")
    count(
        driver,
        chips_of(setup.advance, setup.chips),
        setup.chips,
        shot=lambda: shot("03-opening-counted"),
    )
    driver.until(lambda: driver.model.state.session_open, "the session open")
    driver.until(lambda: driver.screen() == "sign", "the opening's signature asked for")
    shot("04-sign-opening")
    sign(driver, "D-01")
    driver.until(lambda: not driver.model.state.unsigned, "the advance signed")


def choose(driver: Driver, *, seat: int | None = None, chip: int | None = None) -> None:
    """The seat and the stake the next taps bet with: their buttons, or, where the table screen
    folded them into one (a small display), that button first."""
    for what, value in (("seat", seat), ("chip", chip)):
        if value is None:
            continue
        name = f"{what}:{value}"
        if not driver.showing(name) and driver.showing(f"{what}s"):
            driver.press(f"{what}s")
        driver.press(name)


def bets_round(driver: Driver, bets: list[tuple[int, int, str]], shot: Shot) -> None:
    """A round: called for, `bets` (seat, chip, code) tapped on the cloth, no more bets."""
    screen = driver.app.screens.table
    driver.call_for_bets()
    driver.until(lambda: driver.model.state.round_status == "open", "bets open")
    placed = len(_bets(driver))
    for seat, chip, code in bets:
        choose(driver, seat=seat, chip=chip)
        screen.tap_code(code)
    driver.until(lambda: len(_bets(driver)) >= placed + len(bets), "the bets shown")
    shot("06-bets")


def outcome_by_hand(driver: Driver, number: int, shot: Shot | None = None) -> None:
    driver.until(lambda: driver.showing("no_more_bets"), "no more bets offered")
    driver.press("no_more_bets")
    driver.until(lambda: driver.table.waiting == "spin", "the spin asked for")
    # the screen's own model says "no more bets" once its event is shown, not when the table
    # asks: the shot of the pad is then the same each time
    driver.until(lambda: driver.model.state.round_status == "closed", "no more bets shown")
    driver.until(lambda: driver.showing("enter_outcome"), "the outcome asked for")
    driver.press("enter_outcome")
    if shot:
        shot("08-outcome-pad")
    driver.press(f"pocket:{number}")
    if shot:
        shot("09-outcome-confirm")
    settled = driver.model.state.rounds_settled
    driver.press("confirm")
    driver.until(lambda: driver.model.state.rounds_settled > settled, "the round settled")


def empty_round(driver: Driver, number: int) -> None:
    driver.call_for_bets()
    driver.until(lambda: driver.model.state.round_status == "open", "bets open")
    outcome_by_hand(driver, number)
    if driver.app.dialog is not None and driver.showing("back"):
        driver.press("back")


def pocket_for(driver: Driver, wanted: Callable[[dict], bool]) -> int:
    """A pocket number of this wheel whose outcome `wanted` takes."""
    table = driver.table
    for number in table.game.pockets(table.rules):
        if wanted(table.game.outcome(table.rules, number)):
            return number
    raise ValueError("no pocket of this wheel gives such an outcome")


def play_wheel_session(driver: Driver, shot: Shot = lambda name: None) -> dict[str, Any]:
    """The whole session (the module's docstring); returns what a test checks against."""
    table = driver.table
    setup = table.setup
    view = driver.app.screens.table.view
    assert isinstance(view, ClothView), "a wheel game's table shows its cloth"
    game = table.game
    assert isinstance(game, SpinGame)
    cloth = view.cloth(driver.surface.get_rect())
    # a bet on one number (or the wheel of fortune's rarest symbol), and an even chance
    single = sorted(cloth.codes, key=lambda c: len(cloth.covers(c)))
    straight = single[len(single) // 8 if len(cloth.covers(single[0])) == 1 else 0]
    outside = [c for c in cloth.codes if ":" not in c] or [single[-1]]
    minimum = setup.limits.min
    chips = stake_options(setup.chips, setup.limits)
    open_session(driver, shot)
    shot("05-table-between-rounds")
    if driver.showing("colour"):  # American roulette: seat 1 plays a colour of its own
        choose(driver, seat=1)
        driver.press("colour", f"unit:{minimum}")
        shot("05b-colour-chips")
        colour = next(n for n in driver.app.names() if n.startswith("colour:"))
        driver.press(colour)
        driver.until(lambda: driver.model.last_colour_seat == 1, "the colour taken")
    bets = [(1, minimum, straight), (2, chips[1] if len(chips) > 1 else minimum, outside[0])]
    bets_round(driver, bets, shot)
    # a bet over its maximum is refused, with the reason in the status line: the seat's
    # chips piled on one spot until they pass it
    choose(driver, seat=3, chip=chips[-1])
    while driver.model.refusal is None:
        placed = len(_bets(driver))
        driver.app.screens.table.tap_code(straight)
        driver.until(
            lambda placed=placed: (  # type: ignore[misc]
                len(_bets(driver)) > placed or driver.model.refusal is not None
            ),
            "the bet taken or refused",
        )
    shot("07-bet-refused")
    number = pocket_for(driver, lambda o: straight in cloth.winning_codes(game.pocket(o)))
    outcome_by_hand(driver, number, shot)
    payouts_open(driver)
    shot("10-payouts")
    result = _last(driver).result
    sheet = driver.app.dialog.sheet  # type: ignore[union-attr]  # the payouts dialog's
    driver.press("back")
    # the correction: the number was entered wrong
    other = pocket_for(driver, lambda o: o != table.game.outcome(table.rules, number))
    driver.press("correct")
    shot("11-correction-pad")
    driver.press(f"pocket:{other}", "reason_wrong_entry")
    shot("12-correction-pit-boss")
    sign_in(driver, "D-01")
    driver.until(lambda: _last(driver).corrections, "the correction journaled")
    payouts_open(driver)  # the money moved: per seat what to pay more, take back, or stands
    shot("13-corrected")
    driver.press("back")
    # the dealer rotation
    driver.press("menu", "croupier_change")
    sign_in(driver, "C-08")
    driver.until(lambda: driver.model.state.croupier == "C-08", "the next croupier")
    # the history, the players' display, the payout calculator
    driver.press("menu")
    shot("14-menu")
    driver.press("history", f"round:{driver.model.state.round}")
    shot("15-history")
    driver.press("back", "menu", "players_display")
    shot("16-players-display")
    driver.press("croupier_screen", "menu", "calculator")
    shot("17-calculator")
    driver.press("back")
    # a change of limits: the three last balls at the old ones, then signed and topped up
    new_minimum = minimum * 2
    driver.press("menu", "change_limits", *str(new_minimum // 100), "ok")
    for _ in range(3):
        empty_round(driver, number)
    driver.until(lambda: _minimum(driver) == new_minimum, "the new limits")
    shot("18-limits-changed")
    driver.until(lambda: driver.showing("sign"), "the limits' signature asked for")
    driver.press("sign")
    sign(driver, "D-01")
    driver.until(lambda: not driver.model.state.unsigned, "the limits signed")
    due = driver.model.state.topup_due
    if due:
        driver.press("menu", "top_up")
        count(driver, chips_of(due, setup.chips), setup.chips)
        driver.until(lambda: driver.showing("sign"), "the top-up's signature asked for")
        driver.press("sign")
        sign(driver, "D-01")
        driver.until(lambda: not driver.model.state.unsigned, "the top-up signed")
    # the close: the closing rounds, then the count and its three signatures
    driver.press("menu", "close_table", "close_table")
    for _ in range(table.rules.closing_rounds or 1):
        empty_round(driver, number)
    closing_count(driver, shot, ("19-closing-count", "20-sign-count", "21-closed"))
    return {"result": result, "sheet": sheet}


def payouts_open(driver: Driver) -> bool:
    """The payouts of the round just settled on screen: they open by themselves when money is to
    be handed over; a round every bet lost has them opened from the table (chips to collect),
    unless the session's closing count comes next (False: no payouts shown)."""
    driver.until(
        lambda: driver.screen() in ("payouts", "closing_count") or driver.showing("payouts"),
        "the payouts",
    )
    if driver.screen() == "closing_count":
        return False
    if driver.screen() != "payouts":
        driver.press("payouts")
    return True


def payouts(driver: Driver, shot: Shot | None = None, name: str = "") -> dict[str, Any]:
    """The round settled, its payouts shown (shot), then back to the table: the result and the
    payouts sheet (None when the session's closing count came instead)."""
    shown = payouts_open(driver)
    if shot is not None:
        shot(name)
    last = driver.model.last_result
    assert last is not None and last.result is not None
    sheet = driver.app.dialog.sheet if shown else None  # type: ignore[union-attr]
    if shown:
        driver.press("back")
    return {"result": last.result, "sheet": sheet}


def cards_after_no_more_bets(driver: Driver, shoe: Callable[[], object] = lambda: None) -> None:
    """A card game's no more bets; a new shoe loaded when the table asks for one (`shoe` is
    called first: a script's shot of it); the card pad open."""
    table = driver.table
    driver.press("no_more_bets")
    driver.until(lambda: table.waiting in ("shoe", "card"), "the shoe or the first card asked for")
    driver.until(lambda: driver.model.state.round_status == "closed", "no more bets shown")
    if table.waiting == "shoe":
        shoe()
        driver.press("shoe_loaded")
        driver.until(lambda: driver.showing("enter_outcome"), "the first card asked for")
    driver.press("enter_outcome")


def coup_settled(driver: Driver, before: int) -> None:
    """The coup settled (`before`: the rounds settled until then) and its payouts shown."""
    driver.until(lambda: driver.model.state.rounds_settled > before, "the coup settled")
    payouts_open(driver)


def cards_by_hand(
    driver: Driver, cards: Sequence[str], shot: Shot | None = None, name: str = ""
) -> None:
    """`cards` entered on the card pad one after another, each confirmed and journaled; `shot`
    takes the first one's confirmation as `name`."""
    current = driver.model.current
    assert current is not None
    for card in cards:
        dealt = len(current.cards)
        driver.press(f"rank:{card[0]}", f"suit:{card[1]}")
        if shot and name:
            shot(name)
            shot = None
        driver.press("confirm")
        driver.until(
            lambda dealt=dealt: len(current.cards) > dealt or current.over,  # type: ignore[misc]
            f"{card} dealt",
        )


def closing_count(driver: Driver, shot: Shot, names: tuple[str, str | None, str]) -> None:
    """The session's closing count (its chips and drop as the journal has them) and its three
    signatures (art. 36), then the session closed; `names` the shots of the count, of the
    cashier's signature (None: none) and of the table closed."""
    setup = driver.table.setup
    driver.until(lambda: driver.screen() == "closing_count", "the closing count")
    st = driver.model.state
    counted, signing, closed = names
    circle = not setup.advance  # a circle table counts its cagnotte, no tray and no drop
    count(
        driver,
        chips_of(st.cagnotte if circle else st.tray, setup.chips),
        setup.chips,
        drop=None if circle else st.drop,
        shot=lambda: shot(counted),
    )
    for person in ("C-07", "K-01", "D-01"):
        driver.until(lambda: driver.screen() == "sign", "a signature of the count")
        if person == "K-01" and signing is not None:
            shot(signing)
        sign(driver, person)
    driver.until(lambda: driver.model.closed, "the session closed")
    shot(closed)


def _bets(driver: Driver) -> list[dict]:
    current = driver.model.current
    return [] if current is None else current.bets


def _last(driver: Driver):
    last = driver.model.last_result
    assert last is not None, "a round was settled"
    return last


def _minimum(driver: Driver) -> int | None:
    limits = driver.model.state.limits
    return None if limits is None else limits.min
