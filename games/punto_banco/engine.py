"""The punto banco engine: the coup dealt card by card (games/cards/coup.py), then settled.

Pure: the cards come from the shoe, one `Need` at a time, to the player and the banker in the
order of games.punto_banco.drawing; nobody decides anything. The winning hand is the one
nearer 9: a bet on it wins its payout (the banker's less the commission, rounded down to the
chip unit, the rest breakage), a tie pays the tie bet and returns the player's and banker's
bets. A card offered once the coup is dealt is a misdeal that voids the coup (docs/rulings.md
leaves it to us; the other baccarat games of the catalogue void a deal that cannot be put
right, section 07 VIII.2). Nothing carries over between coups.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.banking import (
    VoidResult,
    collected_then_paid,
    duplicate_id,
    ended_totals,
    stake_refusal,
    win,
)
from games.cards.baccarat import count, value
from games.cards.coup import CoupResult
from games.dealt import DealtCoup, DealtEngine
from games.punto_banco.announcements import announce
from games.punto_banco.rules import PuntoBancoRules
from games.records import Announcement, Bet, Limits, Settlement, another_game


@dataclass(frozen=True)
class PuntoBancoState:
    """What a coup leaves for the next: nothing, every bet ends in its coup (the shoe and its
    cut card are the runtime's)."""


class PuntoBancoEngine(DealtEngine):
    game = "punto_banco"
    misdeal = "void"

    def __init__(self, rules: PuntoBancoRules, limits: Limits):
        self.rules = rules
        self.limits = limits

    def check(
        self, bet: Bet, accepted: Sequence[Bet] = (), *, state: PuntoBancoState | None = None
    ) -> str | None:
        """None if `bet` may join the `accepted` bets of the next coup, else why not. Nothing
        carries between coups, so `state` changes nothing."""
        if (reason := duplicate_id(bet, accepted)) is not None:
            return reason
        codes = self.rules.codes()
        if bet.code not in codes:
            if bet.code.lower() in codes:
                return f"{bet.code!r}: bet codes are lowercase, write {bet.code.lower()}"
            return f"{bet.code!r}: unknown bet (bets of punto banco: {', '.join(codes)})"
        if type(bet) is not Bet:
            return (
                "a punto banco bet is placed plain: no choice on zero, no prison, no double, no "
                f"insurance ({another_game(bet, Bet)})"
            )
        return stake_refusal(bet, accepted, self.limits)

    def new_state(self) -> PuntoBancoState:
        return PuntoBancoState()

    def _next_place(self, coup: DealtCoup) -> str | None:
        return self.rules.drawing.next_hand(*(_values(coup, hand) for hand in ("player", "banker")))

    def _settle(self, coup: DealtCoup, last_round: bool) -> CoupResult:
        """The coup's totals called and every bet settled, the losing bets collected first.
        Nothing carries over, so `last_round` changes nothing."""
        player, banker = count(_values(coup, "player")), count(_values(coup, "banker"))
        winner = "tie" if player == banker else "player" if player > banker else "banker"
        entries = [self._settle_bet(bet, winner) for bet in coup.bets]
        return CoupResult(
            state=coup.state,
            outcome={"player": list(coup.hand("player")), "banker": list(coup.hand("banker"))},
            announcement=announce("result", player=player, banker=banker),
            bets=coup.bets,
            settlement=collected_then_paid(coup.bets, entries),
            totals=ended_totals(coup.bets, entries),
        )

    def _settle_bet(self, bet: Bet, winner: str) -> Settlement:
        if bet.code == winner:
            return win(bet, self.rules.payout(bet.code), self.limits.chip_unit)
        if winner == "tie":  # the player's and the banker's bets stand off
            return Settlement(bet.id, "push", returned=bet.stake)
        return Settlement(bet.id, "lose")

    def must_play_on(self, state: PuntoBancoState) -> bool:
        """Nothing stays between coups: a closing never deals another."""
        return False

    def void(
        self, state: PuntoBancoState, bets: Sequence[Bet], reason: str | None = None
    ) -> VoidResult:
        """A void coup (a misdeal, the terminal restarted): the bets go back as they were placed."""
        return VoidResult(state, announce("void_coup"), tuple(bets))

    def announcement(self, key: str, **params: int) -> Announcement:
        return announce(key, **params)


def _values(coup: DealtCoup, hand: str) -> tuple[int, ...]:
    return tuple(value(card) for card in coup.hand(hand))
