"""Which of the croupier's screens shows: the session decides (the journal says where it
stands), the croupier's taps open dialogs over the table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from terminal.screens.app import Screen
from terminal.screens.croupier import session
from terminal.screens.croupier.correction import CorrectionDialog
from terminal.screens.croupier.history import HistoryDialog
from terminal.screens.croupier.outcome import OutcomeDialog
from terminal.screens.croupier.payout_dialogs import CalculatorDialog, PayoutsDialog
from terminal.screens.croupier.table import TableScreen
from terminal.screens.players_screen import PlayersScreen
from terminal.screens.technician.screen import TechnicianScreen
from terminal.screens.technician.signin import TechnicianSignIn

if TYPE_CHECKING:
    from terminal.screens.app import CroupierApp


class Screens:
    def __init__(self, app: CroupierApp):
        self.app = app
        self.table = TableScreen(app)
        self.players = PlayersScreen(app)
        self._opening: session.OpeningScreen | None = None
        self._signing: session.SignDialog | None = None
        self._closing: session.ClosingCountScreen | None = None
        self._technician: TechnicianScreen | None = None

    def current(self) -> Screen:
        """The screen the session is at, when no dialog is open."""
        app, st = self.app, self.app.model.state
        if st.technician is not None:  # the table's devices are the technician's until signed out
            if self._technician is None or self._technician.person != st.technician:
                self._technician = TechnicianScreen(app)
            return self._technician
        self._technician = None
        if app.staffed and not st.session_open:
            if app.model.closed_by_count():
                return self.table  # the session is over: the table shows it closed
            if self._opening is None:
                self._opening = session.OpeningScreen(app)
            return self._opening
        self._opening = None
        for seq, unsigned in sorted(st.unsigned.items()):
            if unsigned["what"] in ("opening", "count"):  # nothing goes on until signed
                if self._signing is None or self._signing.seq != seq:
                    self._signing = session.SignDialog(app, seq, closable=False)
                return self._signing
        if app.staffed and app.model.closing_due():
            if self._closing is None:
                self._closing = session.ClosingCountScreen(app)
            return self._closing
        self._closing = None
        return self.table

    # -- dialogs the croupier opens ----------------------------------------------------------
    def open_menu(self) -> None:
        self.app.open(session.MenuDialog(self.app))

    def sign(self, seq: int) -> None:
        self.app.open(session.SignDialog(self.app, seq))

    def enter_outcome(self) -> None:
        own = self.table.view.outcome_dialog()  # a game's own (blackjack's deal), or the pad's
        self.app.open(own if own is not None else OutcomeDialog(self.app))

    def payouts(self) -> None:
        self.app.open(PayoutsDialog(self.app))

    def correct(self) -> None:
        self.app.open(CorrectionDialog(self.app))

    def history(self) -> None:
        self.app.open(HistoryDialog(self.app))

    def calculator(self) -> None:
        self.app.open(CalculatorDialog(self.app))

    def top_up(self) -> None:
        self.app.open(session.TopUpDialog(self.app))

    def croupier_change(self) -> None:
        self.app.open(session.CroupierChangeDialog(self.app))

    def limits(self) -> None:
        self.app.open(session.LimitsDialog(self.app))

    def close(self) -> None:
        self.app.open(session.CloseDialog(self.app))

    def technician(self) -> None:
        self.app.open(TechnicianSignIn(self.app))

    def players_mode(self) -> None:
        self.app.players_mode = True


def screens_for(app: CroupierApp) -> Screens:
    return Screens(app)
