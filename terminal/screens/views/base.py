"""What the table screen asks of a game's view (terminal/screens/croupier/table.py): the
game's layout drawn with the round's bets, cards or dice, tapped to bet, its own buttons, and
the bets it makes.

The table screen keeps what every game shares (the frame, the chip and the seat the croupier
bets with, the round's action, take-back, payouts, the correction); a view draws and takes the
rest: the wheel games' cloths, the craps layout, the card games' boxes. A game's screens name
its view (terminal/screens/games/).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from games.records import Bet
from terminal.screens.app import Screen, Target
from terminal.screens.players import Body

if TYPE_CHECKING:
    from terminal.screens.croupier.table import TableScreen

STAKE_OPTIONS = 8


def stake_options(chips: tuple[int, ...], limits) -> list[int]:
    """What a tap may stake: every chip of the table that is a whole number of minimums (a bet
    of one chip), then the usual multiples of the minimum, the smallest STAKE_OPTIONS of them.
    A stake between is made with two taps: two bets of the seat on the same spot."""
    minimum = limits.min
    whole = {c for c in chips if c >= minimum and c % minimum == 0}
    multiples = {minimum * k for k in (1, 2, 5, 10, 25, 50, 100)}
    return sorted(whole | multiples)[:STAKE_OPTIONS]


# a button of the side panel: its label, its name (scripts press it), what it does, enabled
Action = tuple[str, str, Any, bool]


class GameView:
    """One game's part of the table screen, for the table `screen` (its app, chip and seat)."""

    # the players' display's body for this game (terminal/screens/players.py `Body`): craps'
    # rolls, the card games' last results; None: the wheel games' results, hot numbers, shares
    players_body: Body | None = None
    # whether a demo (a table with no staff: `make sim`) takes a visitor's bets by hand on this
    # layout, beside the simulated bets: the wheel games' cloth
    demo_bets = False

    def __init__(self, screen: TableScreen):
        self.screen = screen
        self.app = screen.app

    def betting_by_hand(self) -> bool:
        """Whether a tap bets now: bets are open, and a croupier enters them, or a demo's
        visitor on a layout that takes theirs (`demo_bets`)."""
        app = self.app
        return app.model.state.round_status == "open" and (not app.demo or self.demo_bets)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        """The layout on `rect` with the round as the journal has it; what can be tapped."""
        raise NotImplementedError

    def buttons(self) -> list[Action]:
        """The game's own buttons beside the shared ones (a colour, a misdeal, new dice)."""
        return []

    def outcome_dialog(self) -> Screen | None:
        """The game's own screen for an outcome entered by hand (blackjack's deal, which takes
        the coup's cards and decisions together); None: the outcome pad's dialog."""
        return None

    def seat_colours(self) -> dict[int, tuple[int, int, int]]:
        """The seats whose chips have a colour of their own, and its colour."""
        return {}

    def bet(self, code: str) -> Bet:
        """The bet a tap on `code` makes: of the chosen chip, for the chosen seat."""
        screen = self.screen
        return Bet(screen.next_bet_id(), screen.seat, code, screen.chip)

    def tap_code(self, code: str) -> None:
        """Tap where the chips of `code` go (scripts and tests); KeyError if nowhere."""
        raise KeyError(f"this table's view takes no bet {code!r} by a tap")

    def taken_back(self, bet_id: str) -> list[str]:
        """The bets "take back" cancels with the screen's bet `bet_id`, in order: itself (a
        trente et quarante insured bet and its premium go together)."""
        return [bet_id]

    def current_bets(self) -> list[dict[str, Any]]:
        """The bets of the round in play, as journaled."""
        current = self.app.model.current
        if current is None or current.over:
            return []
        return current.bets
