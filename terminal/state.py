"""The table's state as a fold over its journaled events.

The running table applies every event it emits to a `TableState`; a restarted table rebuilds
the same state by applying the journal from seq 1; the replay server's `state` answer is a
`TableState` fed with committed events. One fold, three uses: what the table believes is
always exactly what its journal says.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.records import Bet, Limits

CARRIED = ("prison", "open")  # settlement results that leave a bet on the layout
RECENT = 12


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
    carried: tuple[Bet, ...] = ()  # bets staying on the layout (roulette prison)
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
        self.last_rounds_left = data.get("last_rounds_left")

    def _on_bet_placed(self, event, data) -> None:
        self.round_bets.append(Bet.from_json(data))

    def _on_round_closed(self, event, data) -> None:
        self.round_status = "closed"

    def _on_round_result(self, event, data) -> None:
        results = {entry["id"]: entry["result"] for entry in data["settlement"]}
        bets = [Bet.from_json(b) for b in data["bets"]]
        self.carried = tuple(
            b.imprisoned(b.prison + 1) if results[b.id] == "prison" else b for b in bets if results[b.id] in CARRIED
        )
        self._end_round(data)
        self.last_outcome = data["outcome"]
        self.recent = (self.recent + [data["outcome"].get("number", data["outcome"])])[-RECENT:]
        self.tray += data["totals"]["house_net"]
        self.house_net += data["totals"]["house_net"]
        self.rounds_settled += 1

    def _on_round_void(self, event, data) -> None:
        self._end_round(data)

    def _end_round(self, data) -> None:
        self.round_status = None
        self.round_bets = []
        rotor = data.get("outcome", data).get("rotor")
        if rotor:
            self.last_rotor = rotor

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
        """The `state` answer of the replay server (feed.md)."""
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
        }
