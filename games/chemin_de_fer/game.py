"""Chemin de fer (section 07): a circle game, the bank held by a player."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.chemin_de_fer import bank, engine, entries
from games.chemin_de_fer.engine import ChemEngine
from games.chemin_de_fer.errors import ERRORS
from games.chemin_de_fer.fold import ChemFold
from games.chemin_de_fer.players import SIMULATED
from games.chemin_de_fer.rules import ChemRules
from games.circle import CircleBet
from games.game import COUP, Closing, CoupGame, Kind
from games.money import money


def _line(what: str) -> Any:
    """A bank event's console line: `bank.taken 3 500.00 (offer)`."""

    def line(data: Mapping[str, Any]) -> str:
        who = data.get("by", data.get("to", data.get("seat", "")))
        amount = data.get("amount")
        shown = f" {money(amount)}" if isinstance(amount, int) else ""
        why = data.get("via") or data.get("reason") or data.get("kind") or ""
        return f"{what} {who}{shown}{f' ({why})' if why else ''}"

    return line


KINDS = {
    "bank.offer": Kind("the bank offered to a player, with the least he takes it for"),
    "bank.declined": Kind("the bank refused by the player offered it", _line("declined")),
    "bank.auction": Kind("an auction for the bank closed: its bids and winner", _line("auction")),
    "bank.taken": Kind("a player holds the bank", _line("bank taken by")),
    "bank.associate": Kind("an associate joins the bank: the holders' shares"),
    "bank.increase": Kind("the banker adds to the bank"),
    "bank.garage": Kind("money taken out of play by the banker", _line("garage")),
    "bank.passed": Kind("a bank ends: what each holder takes back", _line("bank passed by")),
    "seat.lost": Kind("a player loses his place", _line("place lost")),
}

GAME = CoupGame(
    id="chemin_de_fer",
    title="Chemin de fer",
    names={
        "ca": "Ferrocarril o chemin de fer",
        "es": "Ferrocarril o chemin de fer",
        "en": "Chemin de fer",
    },
    rules=ChemRules.from_dict,
    engine=ChemEngine,
    kind=COUP,
    device="shoe",
    fold=ChemFold,
    # the totals and who won: P5 B7 bank
    result_text=lambda o: f"P{o['ponte_total']} B{o['banker_total']} {o['winner']}",
    closing=Closing(policy="shoe", call="last_shoe"),
    bet=CircleBet,
    reasons=(engine.WHY, bank.WHY, entries.WHY),
    kinds=KINDS,
    entries=entries.ENTRIES,
    errors=ERRORS,
    simulated=SIMULATED,
    bank="circle",
    between_coups=True,
)
