"""A punto banco coup as the croupier's screen tells it: the two hands as dealt, their totals,
the winner, and which of the third-card rules applied (docs/rulings.md, the classic rules, held
by the rulebook profile's `drawing`: games/punto_banco/drawing.py).

Pure: cards in, what to say out. What the screen says is a list of `Said` (a catalogue key of
terminal/screens/games/punto_banco/texts.py and its fields), in the order the rules are applied: a
natural first (both hands stand), else the player's rule, then the banker's: against "the
player stood", or against the value of the player's third card, and the banker's row of the
table ("quadre de jugades de la banca", section 07 VI) for his total.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from games.cards.baccarat import NATURALS, count, value
from games.punto_banco.drawing import BANKER_TOTALS, Drawing

PLAYER, BANKER, TIE = "player", "banker", "tie"  # the hands, and the bets' codes


@dataclass(frozen=True)
class Said:
    """One line the screen says: a catalogue key and the fields its text is made of."""

    key: str
    fields: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Hands:
    """The cards of the player (punt) and of the banker (banca), in the order dealt."""

    player: tuple[str, ...] = ()
    banker: tuple[str, ...] = ()

    @classmethod
    def dealt(cls, cards: Iterable[tuple[str, str]]) -> Hands:
        """From the coup's cards as journaled, (place, card) in the order dealt."""
        cards = list(cards)
        return cls(
            tuple(card for place, card in cards if place == PLAYER),
            tuple(card for place, card in cards if place == BANKER),
        )

    @classmethod
    def of(cls, outcome: Mapping[str, Any]) -> Hands:
        """From a journaled outcome: {"player": [cards], "banker": [cards]}."""
        return cls(tuple(outcome.get(PLAYER, ())), tuple(outcome.get(BANKER, ())))

    def hand(self, place: str) -> tuple[str, ...]:
        return self.player if place == PLAYER else self.banker

    def total(self, place: str) -> int:
        return count([value(card) for card in self.hand(place)])

    def natural(self, place: str) -> bool:
        """A two-card 8 or 9 (both hands then stand)."""
        hand = self.hand(place)
        return len(hand) >= 2 and count([value(c) for c in hand[:2]]) in NATURALS

    @property
    def cards(self) -> int:
        return len(self.player) + len(self.banker)

    def winner(self) -> str:
        """The hand nearer nine, or TIE (asked of a coup that is dealt)."""
        player, banker = self.total(PLAYER), self.total(BANKER)
        return TIE if player == banker else PLAYER if player > banker else BANKER

    def next_place(self, drawing: Drawing) -> str | None:
        """Where the next card goes; None once the coup is dealt."""
        return drawing.next_hand([value(c) for c in self.player], [value(c) for c in self.banker])


def spans(values: Iterable[int]) -> str:
    """Numbers as runs: 0, 1, 2, 3, 4, 5 is "0–5"; 0 to 7 and 9 is "0–7, 9"."""
    runs: list[list[int]] = []
    for n in sorted(set(values)):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}–{r[-1]}" for r in runs)


def rules_applied(hands: Hands, drawing: Drawing) -> list[Said]:
    """What the third-card rules said of the coup so far: nothing before both hands hold two
    cards; the banker's rule once the player's is settled (his third card dealt, or he stood)."""
    if len(hands.player) < 2 or len(hands.banker) < 2:
        return []
    p = count([value(c) for c in hands.player[:2]])
    b = count([value(c) for c in hands.banker[:2]])
    if p in NATURALS and b in NATURALS:
        return [Said("pb_rule_naturals", {"player": p, "banker": b})]
    if p in NATURALS:
        return [Said("pb_rule_natural_player", {"total": p})]
    if b in NATURALS:
        return [Said("pb_rule_natural_banker", {"total": b})]
    said: list[Said] = []
    if drawing.player_takes(p):
        said.append(
            Said("pb_rule_player_draws", {"total": p, "totals": spans(drawing.player_draws)})
        )
        if len(hands.player) < 3:
            return said  # the banker's rule waits for the player's third card
        card = hands.player[2]
        third = value(card)
        draws_on = [v for v in range(10) if drawing.banker_takes(b, v)]
        draws = drawing.banker_takes(b, third)
        key = "pb_rule_banker_third_draws" if draws else "pb_rule_banker_third_stands"
        said.append(Said(key, {"total": b, "card": card, "third": third}))
        if not draws_on:
            said.append(Said("pb_table_never", {"total": b}))
        elif len(draws_on) == 10:
            said.append(Said("pb_table_always", {"total": b}))
        else:
            said.append(Said("pb_table_draws_on", {"total": b, "values": spans(draws_on)}))
        return said
    stands_on = [t for t in BANKER_TOTALS if not drawing.player_takes(t)]
    said.append(Said("pb_rule_player_stands", {"total": p, "totals": spans(stands_on)}))
    on = [t for t in BANKER_TOTALS if drawing.banker_takes(t, None)]
    if drawing.banker_takes(b, None):
        said.append(Said("pb_rule_banker_stood_draws", {"total": b, "totals": spans(on)}))
    else:
        stands = [t for t in BANKER_TOTALS if t not in on]
        said.append(Said("pb_rule_banker_stood_stands", {"total": b, "totals": spans(stands)}))
    return said
