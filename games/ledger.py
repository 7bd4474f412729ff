"""Who a round's money went to, from its journaled settlement (docs/money.md).

Every settlement entry names who its bet was against (`against`, the house when absent): the
party that takes the stake of a lost bet and pays the winnings of a won one. The table's float
(its tray of chips) moves by the house's part only: poker's carrousel coins go to the casino's
pool, and in a circle game the pontes' money goes to the player holding the bank, the house
taking only its cut into the cagnotte. `Totals.house_net` stays what the contract says it is
(staked less paid less returned, over the bets that ended); these are its parts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.game import CARRIED
from games.records import HOUSE


def net_by_party(data: Mapping[str, Any]) -> dict[str, int]:
    """What each party gained in a `round.result` (its `data`), over the bets that ended in it
    (a bet staying in prison or open has not ended): stake taken less paid and returned."""
    stakes = {bet["id"]: bet["stake"] for bet in data["bets"]}
    net: dict[str, int] = {}
    for entry in data["settlement"]:
        if entry["result"] in CARRIED:
            continue
        party = entry.get("against", HOUSE)
        gained = stakes[entry["id"]] - entry["paid"] - entry["returned"]
        net[party] = net.get(party, 0) + gained
    return net


def float_net(data: Mapping[str, Any]) -> int:
    """What a `round.result` moves into the table's float: the house's part."""
    return net_by_party(data).get(HOUSE, 0)


def void_net(data: Mapping[str, Any]) -> int:
    """What a `round.void` moves into the float: the stakes the house keeps all the same
    (trente et quarante's insurance premiums)."""
    return sum(bet["stake"] for bet in data.get("collected", ()))
