"""Driving a real table round by round from the test's thread, which is then the table's own:
between two `play_round` calls the table is between rounds, where the croupier's screen
entries (a correction) are taken."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from games.records import Bet
from terminal.assemble import assemble
from tests.support.helpers import quiet


@contextmanager
def between_rounds(cfg, **options) -> Iterator:
    """The assembled table of `cfg`, its session open (or taken up), no round in play; its
    state keeps what it was before each result, as a staffed table's does (a correction)."""
    with assemble(cfg, quiet(**options)) as table:
        table.state.keep_before_result = True
        table.recover()
        if not table.state.session_open:
            table.open_session()
        yield table


def spin(table, number: int, *bets: Bet) -> None:
    """One spin: the croupier enters `bets` while bets are open, the ball falls in `number`."""
    for bet in bets:
        table.post_bet(bet)
    table.device.drop_ball(table.device.order.index(number))
    assert table.play_round(), f"the spin on {number} was void"


class DicePlayers:
    """Craps players whose every move is written in advance: the shooter is seat 1 and covers
    the line with `line` (a Win bet by default); `rolls[n]` is the dice of round n and
    `bets[n]` its other bets, `(seat, code, stake)`."""

    def __init__(self, table, rolls: dict, bets: dict | None = None, line: str = "pass"):
        self.table, self.rolls, self.by_round, self.line = table, rolls, bets or {}, line

    def buyins(self, limits):
        return []

    def bets(self, round_no, limits):
        self.table.device.set_next(*self.rolls[round_no])
        return [
            Bet(f"r{round_no}s{seat}{code}", seat, code, stake)
            for seat, code, stake in self.by_round.get(round_no, [])
        ]

    def line_bet(self, round_no, seat, limits):
        return [Bet(f"r{round_no}s{seat}line", seat, self.line, 1000)]

    def takes_dice(self, seat):
        return seat == 1

    def asks_dice_change(self):
        return False

    def withdrawals(self, layout):
        return []

    def refund(self, bets):
        pass

    def collect(self, bets, settlement):
        """What they win is the journal's to show."""

    def adjust(self, seats, adjustment):
        """So is what a correction hands over."""


class ScriptedPlayers:
    """Card players whose bets are written in advance (`bets[round]`: (seat, code, stake)); their
    decisions are the game's strategy; they keep no chips: the journal shows their money."""

    def __init__(self, bets):
        self.by_round = bets

    def buyins(self, limits):
        return []

    def bets(self, round_no, limits):
        return [
            Bet(f"r{round_no}s{seat}{code}", seat, code, stake)
            for seat, code, stake in self.by_round.get(round_no, [])
        ]

    def refund(self, bets):
        """What went back is in the journal."""

    def collect(self, bets, settlement):
        """So is what they win."""

    def adjust(self, seats, adjustment):
        """And what a correction hands them."""
