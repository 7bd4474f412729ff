"""The table's state as a fold over its journaled events.

The running table applies every event it emits to a `TableState`; a restarted table rebuilds
the same state by applying the journal from seq 1; the replay server's `state` answer is a
`TableState` fed with committed events. One fold, three uses: what the table believes is
always exactly what its journal says.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.cards.shoe import Shoe
from games.records import Bet, Limits
from games.roulette.colours import ColourChips
from games.trente_quarante.rows import leaves_prisoners

CARRIED = ("prison", "open")  # settlement results that leave a bet on the layout
RECENT = 12


def result_net(data: dict[str, Any]) -> int:
    """What a `round.result` moves into the table's float: the house's net, less the coins and
    jackpots that pass through the casino's carrousel pool instead."""
    net = data["totals"]["house_net"]
    if "carrousel" in data:
        net -= data["carrousel"]["coins"] - data["carrousel"]["paid_out"]
    return net


def void_net(data: dict[str, Any]) -> int:
    """What a `round.void` moves into the float: the premiums the house keeps."""
    return sum(b["stake"] for b in data.get("collected", ()))


@dataclass
class TableState:
    table: str
    game: str
    last_seq: int = 0
    sessions: int = 0
    session_open: bool = False
    limits: Limits | None = None
    profile: str | None = None
    croupier: str | None = None
    round: int = 0  # the last round number used
    round_status: str | None = None  # "open", "closed", or None between rounds
    round_bets: list[Bet] = field(default_factory=list)
    last_rounds_left: int | None = None
    carried: tuple[Bet, ...] = ()  # bets staying on the layout (roulette prison, craps)
    round_withdrawn: list[Bet] = field(default_factory=list)  # layout bets taken back this round
    shooter: int | None = None  # craps: the seat with the dice, None once they must change hands
    shooter_rolls: int = 0  # the rolls the shooter has thrown
    last_shooter: int | None = None  # the seat that had the dice last (the rotation goes on from it)
    dice_rolls: int = 0  # rolls with the dice in play since they were changed
    die_lost: bool = False  # a die left the table this hand: a new set at the hand's end
    last_outcome: dict[str, Any] | None = None
    last_rotor: str | None = None
    recent: list[Any] = field(default_factory=list)
    initial_advance: int = 0
    advances: int = 0
    tray: int = 0  # chips in the table's tray
    drop: int = 0  # cash in the drop box
    house_net: int = 0  # this session
    rounds_settled: int = 0  # this session
    faults: dict[str, dict[str, Any]] = field(default_factory=dict)
    colours: ColourChips | None = None  # American roulette: the table's colour chips and who plays them
    shoe: Shoe | None = None  # card games: the shoe in use, as far as its cards have come out
    round_moves: list[tuple[str, str, str]] = field(default_factory=list)  # ("card", place, card) / ("decision", place, action)
    carrousel_pool: int = 0  # poker: the casino's carrousel pool as this table last saw it
    carrousel_round: int | None = None  # the round whose coins the casino's pool last settled

    @classmethod
    def replay(cls, table: str, game: str, events) -> "TableState":
        state = cls(table, game)
        for event in events:
            state.apply(event)
        return state

    def apply(self, event: dict[str, Any]) -> None:
        kind, data = event["kind"], event["data"]
        handler = getattr(self, "_on_" + kind.replace(".", "_"), None)
        if handler is not None:
            handler(event, data)
        self.last_seq = event["seq"]

    # -- session and float ---------------------------------------------------------------
    def _on_table_open(self, event, data) -> None:
        self.sessions += 1
        self.session_open = True
        self.limits = Limits.from_json(data["limits"])
        self.profile, self.croupier = data["profile"], data["croupier"]
        self.initial_advance = self.advances = self.tray = self.drop = 0
        self.house_net = self.rounds_settled = 0
        self.last_rounds_left = None
        colours = data.get("colours")
        self.colours = ColourChips.for_table(colours, self.limits) if colours else None

    def _on_table_close(self, event, data) -> None:
        self.session_open = False
        self.last_rounds_left = None

    def _on_float_advance(self, event, data) -> None:
        if not self.advances:
            self.initial_advance = data["amount"]
        self.advances += data["amount"]
        self.tray += data["amount"]

    def _on_cash_buyin(self, event, data) -> None:
        self.tray -= data["chips"]
        self.drop += data["cash"]

    # -- rounds --------------------------------------------------------------------------
    def _on_round_open(self, event, data) -> None:
        self.round = event["round"]
        self.round_status = "open"
        self.round_bets = []
        self.round_withdrawn = []
        self.round_moves = []
        self.last_rounds_left = data.get("last_rounds_left")

    def _on_bet_placed(self, event, data) -> None:
        self.round_bets.append(Bet.from_json(data))

    def _on_bet_withdrawn(self, event, data) -> None:
        bet = Bet.from_json(data["bet"])
        self.carried = tuple(b for b in self.carried if b.id != bet.id)
        self.round_withdrawn.append(bet)

    def _on_round_closed(self, event, data) -> None:
        self.round_status = "closed"

    def _on_round_result(self, event, data) -> None:
        results = {entry["id"]: entry["result"] for entry in data["settlement"]}
        bets = [Bet.from_json(b) for b in data["bets"]]
        if "layout" in data:  # the bets as they stay, a travelled come bet under its number
            self.carried = tuple(Bet.from_json(b) for b in data["layout"])
        else:
            caught = not leaves_prisoners(data["outcome"])  # a zero, a refait: the count goes up
            self.carried = tuple(b.imprisoned(b.prison + 1) if results[b.id] == "prison" and caught else b
                                 for b in bets if results[b.id] in CARRIED)
        if "shooter" in data:
            self._roll_thrown(data["shooter"])
        self._end_round(data)
        self.last_outcome = data["outcome"]
        self.recent = (self.recent + [data["outcome"].get("number", data["outcome"])])[-RECENT:]
        if "carrousel" in data:
            self.carrousel_pool = data["carrousel"]["pool_after"]
        net = result_net(data)
        self.tray += net
        self.house_net += net
        self.rounds_settled += 1

    def _on_round_void(self, event, data) -> None:
        collected = void_net(data)
        self.tray += collected
        self.house_net += collected
        self._end_round(data)

    # -- craps: the shooter and the dice --------------------------------------------------
    def _on_craps_shooter(self, event, data) -> None:
        self.shooter = self.last_shooter = data["seat"]
        self.shooter_rolls = 0

    def _roll_thrown(self, shooter: int | None) -> None:
        """A roll settled: `shooter` keeps the dice, or None after a seven out."""
        self.shooter = shooter
        self.shooter_rolls = 0 if shooter is None else self.shooter_rolls + 1
        self.dice_rolls += 1

    def _on_craps_dice_change(self, event, data) -> None:
        self.dice_rolls = 0
        self.die_lost = data["die_lost"]

    def _end_round(self, data) -> None:
        self.round_status = None
        self.round_bets = []
        self.round_withdrawn = []
        rotor = data.get("outcome", data).get("rotor")
        if rotor:
            self.last_rotor = rotor

    # -- colour chips (section 02): a seat takes a colour at a unit value, or value chips ------
    def _on_colour_assign(self, event, data) -> None:
        self.colours = self.colours.assign(data["seat"], data["colour"], data["unit"])

    def _on_colour_value_chips(self, event, data) -> None:
        self.colours = self.colours.seat_with_value_chips(data["seat"])

    def _on_colour_release(self, event, data) -> None:
        self.colours = self.colours.release(data["seat"])

    # -- card games: the shoe, and the cards and decisions of the coup -------------------------
    def _on_shoe_loaded(self, event, data) -> None:
        self.shoe = Shoe(data["decks"], burn=data["burn"], cut_after=data["cut_after"])

    def _on_card_burnt(self, event, data) -> None:
        self.shoe = self.shoe.draw(data["card"])

    def _on_card_discarded(self, event, data) -> None:
        self.shoe = self.shoe.draw(data["card"])

    def _on_card_drawn(self, event, data) -> None:
        self.shoe = self.shoe.draw(data["card"])
        self.round_moves.append(("card", data["place"], data["card"]))

    def _on_coup_decision(self, event, data) -> None:
        self.round_moves.append(("decision", data["place"], data["action"]))

    def _on_carrousel_pool(self, event, data) -> None:
        self.carrousel_pool = data["pool_before"]
        self.carrousel_round = event["round"]

    def _on_shoe_cut_card(self, event, data) -> None:
        self.shoe = self.shoe.cut_card()

    # -- faults --------------------------------------------------------------------------
    def _on_fault(self, event, data) -> None:
        self.faults[f'{data["device"]}/{data["code"]}'] = data

    def _on_fault_cleared(self, event, data) -> None:
        self.faults.pop(f'{data["device"]}/{data["code"]}', None)

    # -- views ---------------------------------------------------------------------------
    @property
    def open_round(self) -> int | None:
        return self.round if self.round_status else None

    def to_json(self) -> dict[str, Any]:
        """The `state` answer of the replay server (docs/feed.md)."""
        return {
            "table": self.table,
            "game": self.game,
            "last_seq": self.last_seq,
            "session": {"open": self.session_open, "number": self.sessions, "profile": self.profile,
                        "croupier": self.croupier, "rounds": self.rounds_settled, "house_net": self.house_net},
            "limits": self.limits.to_json() if self.limits else None,
            "round": {"number": self.round, "status": self.round_status, "bets": len(self.round_bets),
                      "last_rounds_left": self.last_rounds_left},
            "carried": [b.to_json() for b in self.carried],
            "recent": list(self.recent),
            "float": {"initial_advance": self.initial_advance, "advances": self.advances,
                      "tray": self.tray, "drop": self.drop},
            "faults": list(self.faults.values()),
            **({"colours": {"free": list(self.colours.free()),
                            "seats": {str(seat): {"colour": c.name, "unit": c.unit}
                                      for seat, c in sorted(self.colours.seats.items())},
                            "value_chips": sorted(self.colours.value_seats)}} if self.colours else {}),
            **({"shoe": {"decks": self.shoe.decks, "drawn": self.shoe.drawn, "left": self.shoe.left,
                         "cut_out": self.shoe.cut_out}} if self.shoe else {}),
            **({"craps": {"point": (self.last_outcome or {}).get("point_after"), "shooter": self.shooter,
                          "shooter_rolls": self.shooter_rolls, "dice_rolls": self.dice_rolls}}
               if self.game == "craps" else {}),
        }
