"""The chemin de fer engine: the stakes against the bank, who holds the cards, the coup dealt
and called, and the coup settled with the cut (section 07, `chemin-de-fer.md`).

Pure. The table's state (`ChemState`) is the bank's life (games/chemin_de_fer/bank.py) and the
banco suivi right; a coup starts from it with the pontes' stakes, the bank itself a bet staking
what they cover (`bank:P`, docs/money.md), and is dealt ponte first, one card at a time. A
two-card 8 or 9 is turned over and decides the coup; else the ponte calls (only a choice is
asked: a total that must draw or stand calls itself), then the banker, free, but drawing on 0,
or following his table once he asked for it [CF-3]. The bank's win is cut 5% (l. 818) into the
cagnotte, the rest rounded down to the chip unit [C-2]; every stake is against the bank, so
`house_net` is the cut.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from games.banking import (
    BankingEngine,
    VoidResult,
    collected_then_paid,
    duplicate_id,
    ended_totals,
)
from games.cards.baccarat import count, value
from games.cards.cards import check_card
from games.cards.coup import CoupResult, Misdeal, Need
from games.chemin_de_fer.announcements import announce
from games.chemin_de_fer.bank import Bank, BankRules, BankState, Due, apply
from games.chemin_de_fer.drawing import CARTA, NO, banker_calls, natural, ponte_calls, winner
from games.chemin_de_fer.errors import ERRORS
from games.circle import CircleBet, cut, position, priority, won_less_cut
from games.errors import (
    BY_TABLE,
    DISCARD,
    FORCE_PONTE_9,
    FORCE_PONTE_NATURAL,
    FORFEIT_BANKER,
    FORFEIT_PONTE,
)
from games.money import money
from games.reasons import reason
from games.records import (
    BANK,
    Announcement,
    Bet,
    Limits,
    Settlement,
    another_game,
    decimal4,
)

TABLE = "table"  # the banker asks for his table (l. 833): he follows it from then on
STAKES = ("banco", "avec_table", "complete", "ponte")  # the pontes' codes (chemin-de-fer.md)
# who holds the cards, in the ruled order [CF-7]: a banco (suivi, solo or in association),
# "i últim complet", "banc amb la taula", then the highest stake
HOLDS = {"banco": 0, "complete": 1, "avec_table": 2, "ponte": 3}

WHY = {
    "cdf_no_bank": "nobody holds the bank: it is offered first",
    "cdf_not_circle_bet": "a chemin de fer stake is placed by position (ponte:3, ponte:s3)",
    "cdf_unknown_code": "{code!r}: no chemin de fer stake (banco, avec_table, complete, ponte)",
    "cdf_holder_stakes": "{position} holds the bank (or a share of it): no stake against it",
    "cdf_one_stake": "{position} stakes already this coup",
    "cdf_below_min": "{stake} is below the ponte minimum of {min}",
    "cdf_not_chips": "{stake} is no whole number of chips of {unit}",
    "cdf_over_rest": "{stake} is more than the bank's uncovered rest of {rest} (l. 816)",
    "cdf_banco_whole": "a banco stakes the whole bank, {bank}: {rest} is uncovered",
    "cdf_banco_partners": "a banco in association names every stake of its partners",
    "cdf_suivi_right": "{position} has no right to banco suivi: {right}",
    "cdf_avec_table_half": "banc amb la taula stakes half the bank, {half}",
    "cdf_avec_table_once": "banc amb la taula is called once, when nobody goes banco",
    "cdf_complete_after": "i últim complet completes a banc amb la taula: {rest}",
    "cdf_call_not_asked": "{place} calls nothing now",
    "cdf_call_refused": "{place} may call {options}, not {call}",
    "cdf_no_error": "{code!r}: no error of the table (errors: {codes})",
    "cdf_nothing_to_discard": "no card is dealt yet: none to discard",
}


@dataclass(frozen=True)
class ChemState:
    """What stays between coups: the bank's life, and who may go banco suivi (l. 848, 853)."""

    bank: BankState = BankState()
    suivi: str | None = None


@dataclass(frozen=True)
class ChemCoup:
    """A coup in progress: its stakes, the bet holding the cards, the cards of each side, the
    calls made, and whether the banker follows his table."""

    state: ChemState
    bets: tuple[CircleBet, ...]
    holder: CircleBet
    ponte: tuple[str, ...] = ()
    banker: tuple[str, ...] = ()
    calls: tuple[tuple[str, str], ...] = ()  # (side, call), as called or imposed
    table_used: bool = False
    # what remedies of the error table did (games/chemin_de_fer/errors.py), each with the seq
    # of its `game.error`: a side's total imposed (side, total, natural, by), a side that loses
    # the coup (side, by), both sides by the rule from then on
    forced: tuple[str, int, bool, int] | None = None
    forfeit: tuple[str, int] | None = None
    by_rule: bool = False

    def total(self, side: str) -> int:
        if self.forced is not None and self.forced[0] == side:
            return self.forced[1]
        return count([value(card) for card in getattr(self, side)])

    def forced_natural(self) -> bool:
        return self.forced is not None and self.forced[2]

    def called(self, side: str) -> str | None:
        return next((call for who, call in self.calls if who == side), None)


class ChemEngine(BankingEngine):
    """A stake is placed when `check` finds nothing against it, as at the banking games (the
    bank a player's here)."""

    game = "chemin_de_fer"

    def __init__(self, rules: Any, limits: Limits):
        self.rules = rules
        self.limits = limits
        self.bank = BankRules(
            places=rules.places,
            minimum=limits.min,
            maximum=limits.max.get("bank"),
            chip_unit=limits.chip_unit,
            first_seat=rules.first_bank_seat,
            garage_least=rules.garage_multiple * limits.min,
        )

    # -- the stakes -------------------------------------------------------------------------
    def check(
        self, bet: Bet, accepted: Sequence[Bet] = (), *, state: ChemState | None = None
    ) -> str | None:
        """Why `bet` cannot join the `accepted` stakes of the coup played from `state`."""
        state = state or self.new_state()
        if (refused := duplicate_id(bet, accepted)) is not None:
            return refused
        if type(bet) is not CircleBet:
            return another_game(bet, CircleBet)
        if bet.family not in STAKES:
            return reason(WHY, "cdf_unknown_code", code=bet.code)
        if (problem := bet.entered_problem()) is not None:
            return problem
        bank = state.bank.bank
        if bank is None or bank.lost:
            return reason(WHY, "cdf_no_bank")
        at = str(bet.position)
        if any(who == at for who, _ in bank.holders):
            return reason(WHY, "cdf_holder_stakes", position=at)
        stakes = CircleBet.narrowed(accepted)
        if any(str(other.position) == at for other in stakes):
            return reason(WHY, "cdf_one_stake", position=at)
        return self._stake_refusal(bet, stakes, bank, state)

    def _stake_refusal(
        self, bet: CircleBet, accepted: Sequence[CircleBet], bank: Bank, state: ChemState
    ) -> str | None:
        unit, rest = self.limits.chip_unit, bank.amount - sum(b.stake for b in accepted)
        if bet.stake % unit:
            return reason(WHY, "cdf_not_chips", stake=money(bet.stake), unit=money(unit))
        if bet.stake < min(self.limits.min, rest):
            return reason(WHY, "cdf_below_min", stake=money(bet.stake), min=money(self.limits.min))
        if bet.stake > rest:  # [CF-11]: the rest shown
            return reason(WHY, "cdf_over_rest", stake=money(bet.stake), rest=money(rest))
        families = {b.family for b in accepted}
        if bet.family == "banco":
            if bet.stake != rest or rest + sum(b.stake for b in accepted) != bank.amount:
                return reason(WHY, "cdf_banco_whole", bank=money(bank.amount), rest=money(rest))
            if {b.id for b in accepted} != set(bet.partners) or families - {"ponte"}:
                return reason(WHY, "cdf_banco_partners")
            if bet.suivi and state.suivi != str(bet.position):
                right = f"{state.suivi} has it" if state.suivi else "nobody has it"
                return reason(WHY, "cdf_suivi_right", position=str(bet.position), right=right)
        half = bank.amount // 2 // unit * unit
        if bet.family == "avec_table":
            if accepted:
                return reason(WHY, "cdf_avec_table_once")
            if bet.stake != half:
                return reason(WHY, "cdf_avec_table_half", half=money(half))
        if bet.family == "complete" and (
            "avec_table" not in families or "complete" in families or bet.stake != rest
        ):
            return reason(WHY, "cdf_complete_after", rest=money(rest))
        return None

    def new_state(self) -> ChemState:
        return ChemState()

    # -- the bank's life between coups --------------------------------------------------------
    def due(self, state: ChemState) -> Due | None:
        """What the rules journal of themselves before the next coup (bank.py `due`)."""
        return self.bank.due(state.bank)

    def waiting(self, state: ChemState) -> str | None:
        return self.bank.waiting(state.bank)

    def closing(self, state: ChemState) -> Due | None:
        """At the session's close: the bank held goes back to its holders."""
        held = state.bank.bank
        return None if held is None or held.lost else self.bank.passing(held, "left")

    # -- the coup -----------------------------------------------------------------------------
    def start(self, state: ChemState, bets: Sequence[Bet]) -> ChemCoup:
        """BetRefused for a stake the table cannot take; ValueError with no stake at all."""
        accepted: list[Bet] = []
        for bet in bets:
            accepted.append(self.place(bet, accepted, state=state))
        stakes = CircleBet.narrowed(accepted)
        if not stakes:
            raise ValueError("nobody stakes against the bank: no coup")
        return ChemCoup(state, stakes, self._holder(state, stakes))

    def _holder(self, state: ChemState, stakes: Sequence[CircleBet]) -> CircleBet:
        """Who holds the cards [CF-7]: a banco, "i últim complet", "banc amb la taula", then
        the highest seated stake, ties by priority (l. 847), and among standing stakes alone
        the highest [CF-10]."""
        banker = state.bank.bank
        assert banker is not None
        after = position(banker.banker).seat
        order = {
            str(p): i
            for i, p in enumerate(priority([b.position for b in stakes], after, self.rules.places))
        }
        return min(
            stakes,
            key=lambda b: (HOLDS[b.family], b.standing, -b.stake, order[str(b.position)]),
        )

    def need(self, coup: ChemCoup) -> Need:
        """A card for a side, a choice of a side's (a call a total makes by itself is made), or
        "settle"."""
        return self._need(self._forced(coup))

    def _need(self, coup: ChemCoup) -> Need:
        if coup.forfeit is not None:
            return Need("settle")
        if (side := _card_due(coup)) is not None:
            return Need("card", side)
        if _turned(coup):
            return Need("settle")
        for side in ("ponte", "banker"):
            if side == "ponte" and coup.forced is not None:
                continue  # his total imposed: he calls nothing
            if coup.called(side) is None:
                options = self._options(coup, side)
                return Need("decision", side, options)
            if coup.called(side) == CARTA and len(getattr(coup, side)) == 2:
                return Need("card", side)
        return Need("settle")

    def _options(self, coup: ChemCoup, side: str) -> tuple[str, ...]:
        if side == "ponte":
            free = coup.holder.family == "banco" and self.rules.banco_free_choice
            calls = ponte_calls(coup.total("ponte"), free=free and not coup.by_rule)
            return (NO,) if coup.by_rule and len(calls) > 1 else calls  # 5-7 stand (l. 832)
        if coup.forced is not None:  # the ponte's 9 imposed: the banker draws unless on 7
            return (NO,) if coup.total("banker") >= 7 else (CARTA, NO)
        third = value(coup.ponte[2]) if len(coup.ponte) == 3 else None
        calls = banker_calls(coup.total("banker"), third, table=coup.table_used)
        if not coup.table_used and len(calls) > 1:
            return (*calls, TABLE)
        return calls

    def card(self, coup: ChemCoup, card: str) -> ChemCoup:
        check_card(card)
        coup = self._forced(coup)
        need = self._need(coup)
        if need.kind != "card":
            raise Misdeal(f"no card is due: the coup waits ({card} offered)", "discard")
        if need.place == "ponte":
            return replace(coup, ponte=(*coup.ponte, card))
        return replace(coup, banker=(*coup.banker, card))

    def _forced(self, coup: ChemCoup) -> ChemCoup:
        """The calls a total makes by itself (0-4 draws, 6-7 stands, the banker's 0 or his
        table's T and P cells), made until a choice or a card is due."""
        while (need := self._need(coup)).kind == "decision" and len(need.options) == 1:
            coup = replace(coup, calls=(*coup.calls, (need.place or "", need.options[0])))
        return coup

    def decide(self, coup: ChemCoup, place: str, action: str) -> ChemCoup:
        coup = self._forced(coup)
        need = self._need(coup)
        if need.kind != "decision" or need.place != place:
            raise ValueError(reason(WHY, "cdf_call_not_asked", place=place))
        if action not in need.options:
            raise ValueError(
                reason(
                    WHY,
                    "cdf_call_refused",
                    place=place,
                    options=" or ".join(need.options),
                    call=action,
                )
            )
        if action == TABLE:
            return replace(coup, table_used=True)
        return replace(coup, calls=(*coup.calls, (place, action)))

    def remedied(self, coup: ChemCoup, code: str, by: int) -> ChemCoup:
        """The coup after the remedy of the error `code` (ERRORS), its `game.error` journaled
        at seq `by`. A void's remedy is the table's (the coup ends void); a recorded one
        changes nothing of itself. ValueError for a code of no error, or a card to discard
        where none is dealt."""
        if code not in ERRORS:
            raise ValueError(reason(WHY, "cdf_no_error", code=code, codes=", ".join(ERRORS)))
        effect = ERRORS[code].effect
        if effect in (FORCE_PONTE_NATURAL, FORCE_PONTE_9):
            return replace(coup, forced=("ponte", 9, effect == FORCE_PONTE_NATURAL, by))
        if effect in (FORFEIT_PONTE, FORFEIT_BANKER):
            return replace(coup, forfeit=("ponte" if effect == FORFEIT_PONTE else "banker", by))
        if effect == BY_TABLE:
            return replace(coup, by_rule=True, table_used=True)
        if effect == DISCARD:
            side = _last_dealt(coup)
            if side is None:
                raise ValueError(reason(WHY, "cdf_nothing_to_discard"))
            return replace(coup, **{side: getattr(coup, side)[:-1]})
        return coup

    def strategy(self, coup: ChemCoup, place: str, options: Sequence[str]) -> str:
        """The simulated players' (rules.py `SimDrawing`, the exact chances): the ponte draws
        on 0-4 and, on 5, when his first card is odd (a free banco plays the fixed rule); a
        banker whose first card is even asks for his table and draws at its O cells, any other
        plays free and draws on 0-5. Pure: the cards decide, no chance of the engine's own."""
        if place == "ponte":
            total, first = coup.total("ponte"), value(coup.ponte[0])
            draws = total <= 4 or (total == 5 and first % 2 == 1)
            return CARTA if CARTA in options and draws else NO
        if TABLE in options and value(coup.banker[0]) % 2 == 0:
            return TABLE
        if coup.table_used:
            return CARTA if CARTA in options else NO
        return CARTA if CARTA in options and coup.total("banker") <= 5 else NO

    def staked(self, coup: ChemCoup) -> tuple[Bet, ...]:
        return coup.bets

    def must_play_on(self, state: ChemState) -> bool:
        return False

    def settle(self, coup: ChemCoup, *, last_round: bool = False) -> CoupResult:
        coup = self._forced(coup)
        if (need := self._need(coup)).kind != "settle":
            raise ValueError(f"the coup cannot be settled yet: it waits for {need.place}")
        state, held = coup.state, coup.state.bank.bank
        assert held is not None
        p, b = coup.total("ponte"), coup.total("banker")
        turned = frozenset(
            side
            for side in ("ponte", "banker")
            if natural(coup.total(side), len(getattr(coup, side)))
            or (side == "ponte" and coup.forced_natural())
        )
        won = winner(p, b, turned=turned)
        if coup.forfeit is not None:  # a side that loses the coup by a remedy
            won = "bank" if coup.forfeit[0] == "ponte" else "ponte"
        covered = sum(bet.stake for bet in coup.bets)
        at = held.banker
        seat = position(at)
        bank_bet = CircleBet("bank", seat.seat, f"bank:{at}", covered, seat.standing)
        taken = cut(covered, self.rules.cut_rate, self.limits.chip_unit)
        pontes = {"ponte": "win", "bank": "lose", "tie": "push"}[won]
        entries = [_evens(bet, pontes) for bet in coup.bets]
        if won == "bank":
            entries.append(won_less_cut(bank_bet, taken))
            after = held.amount + taken.paid
        else:
            entries.append(_evens(bank_bet, "push" if won == "tie" else "lose"))
            after = held.amount if won == "tie" else 0
        bets = (*coup.bets, bank_bet)
        cut_exact = taken.exact if won == "bank" else 0
        cut_amount = taken.amount if won == "bank" else 0
        outcome = {
            "ponte": list(coup.ponte),
            "banker": list(coup.banker),
            "ponte_total": p,
            "banker_total": b,
            "holder": coup.holder.id,
            "natural": _natural(turned),
            "winner": won,
            "table_used": coup.table_used,
            "forced": _imposed(coup),
            "bank": {
                "before": held.amount,
                "covered": covered,
                "garage_obligatory": held.amount - covered,
                "cut_exact": decimal4(cut_exact),
                "cut": decimal4(cut_amount),
                "after": after,
            },
        }
        return CoupResult(
            state=after_coup(state, outcome, coup.holder, len(coup.bets)),
            outcome=outcome,
            announcement=announce("result", ponte=p, banker=b, winner=won),
            bets=bets,
            settlement=collected_then_paid(bets, entries),
            totals=ended_totals(bets, entries),
        )

    def cut_of(self, outcome: Mapping[str, Any]) -> dict[str, Any]:
        """The coup's cut: the rate of the bank's winnings, the stakes it covered (nothing when
        the bank did not win)."""
        bank = outcome["bank"]
        return {
            "rate": float(self.rules.cut_rate),
            "base": bank["covered"] if outcome["winner"] == "bank" else 0,
            "exact": bank["cut_exact"],
        }

    def void(self, state: ChemState, bets: Sequence[Bet], reason: str | None = None) -> VoidResult:
        return VoidResult(state, announce("void_coup"), tuple(bets))

    def announcement(self, key: str, **params: Any) -> Announcement:
        return announce(key, **params)


def bank_event(state: ChemState, kind: str, data: Mapping[str, Any]) -> ChemState:
    """`state` after a bank event: a passed bank takes the banco suivi right with it."""
    suivi = None if kind == "bank.passed" else state.suivi
    return replace(state, bank=apply(state.bank, kind, data), suivi=suivi)


def after_coup(
    state: ChemState, outcome: dict[str, Any], holder: CircleBet, stakes: int
) -> ChemState:
    """The bank after a coup: grown by its win, kept on a tie [CF-12], lost (to pass before
    the next coup, its uncovered rest to its holders); the banco suivi right to a banco
    player who lost, or to a lone staker (l. 848, 853 [CF-9]), kept on a tie (l. 852)."""
    bank_state = state.bank
    held = bank_state.bank
    assert held is not None
    won, money_ = outcome["winner"], outcome["bank"]
    if won == "ponte":
        kept = replace(held, amount=money_["before"] - money_["covered"], lost=True)
        suivi = None
    else:
        kept = replace(held, amount=money_["after"])
        lone = stakes == 1
        suivi = (
            str(holder.position)
            if holder.family == "banco" or lone
            else (state.suivi if won == "tie" else None)
        )
    kept = replace(kept, coups=held.coups + 1)
    return replace(state, bank=replace(bank_state, bank=kept), suivi=suivi)


def _card_due(coup: ChemCoup) -> str | None:
    """The first four cards, one at a time, ponte first (l. 826); none for a ponte whose
    total a remedy imposed."""
    if coup.forced is not None:
        return "banker" if len(coup.banker) < 2 else None
    if len(coup.ponte) < 2 or len(coup.banker) < 2:
        return "ponte" if len(coup.ponte) <= len(coup.banker) else "banker"
    return None


def _turned(coup: ChemCoup) -> bool:
    if coup.forced_natural():
        return len(coup.banker) >= 2
    return any(natural(coup.total(side), 2) for side in ("ponte", "banker")) and (
        len(coup.ponte) == 2 and len(coup.banker) == 2
    )


def _last_dealt(coup: ChemCoup) -> str | None:
    """The side the last card went to: a third card the banker's after the ponte's, the first
    four alternating from the ponte."""
    if len(coup.banker) == 3:
        return "banker"
    if len(coup.ponte) == 3:
        return "ponte"
    if not coup.ponte and not coup.banker:
        return None
    return "ponte" if len(coup.ponte) > len(coup.banker) else "banker"


def _imposed(coup: ChemCoup) -> dict[str, Any] | None:
    """What a remedy imposed, as the outcome says it (`chemin-de-fer.md`): a total, or a side
    that lost the coup; `by` the seq of its `game.error`."""
    if coup.forfeit is not None:
        side, by = coup.forfeit
        return {"side": side, "forfeit": True, "by": by}
    if coup.forced is not None:
        side, total, turned, by = coup.forced
        return {"side": side, "total": total, "natural": turned, "by": by}
    return None


def _natural(turned: frozenset[str]) -> str | None:
    if len(turned) == 2:
        return "both"
    return next(iter(turned), None)


def _evens(bet: Bet, result: str) -> Settlement:
    """A stake against the bank (or the bank's against the pontes) paid evens, or pushed."""
    if result == "push":
        return Settlement(bet.id, "push", returned=bet.stake, against=BANK)
    if result == "win":
        return Settlement(bet.id, "win", paid=bet.stake, returned=bet.stake, against=BANK)
    return Settlement(bet.id, "lose", against=BANK)
