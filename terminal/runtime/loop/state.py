"""The table's state as a fold over its journaled events.

The running table applies every event it emits to a `TableState`; a restarted table rebuilds
the same state by applying the journal from seq 1; the replay server's `state` answer is a
`TableState` fed with committed events. One fold, three uses: what the table believes is
always exactly what its journal says.
"""

from __future__ import annotations

import copy
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any, ClassVar

from games.game import Fold, Game, handlers
from games.ledger import float_net, void_net
from games.records import Bet, Limits
from games.registry import GAMES
from games.registry import game as game_of
from terminal.contract.kinds import refusal

RECENT = 12
ACKNOWLEDGED = ("error", "critical")  # fault severities whose banner stays until `fault.ack`
# after these, the last round's result can no longer be corrected at the table
_ENDS_CORRECTION = frozenset(
    {"round.open", "float.count", "cagnotte.count", "table.open", "table.close"}
)


class CorrectionNotFolded(RuntimeError):
    """A `round.correction` reached a state that did not keep itself as it was before the
    result it corrects (`keep_before_result`), or that has no such result to replace."""


@dataclass
class TableState:
    """What every table keeps; `own` is the game's own part (its `Fold`: a craps shooter, a
    shoe, colour chips, the bets left on the layout), fed every event after this fold.

    `HANDLERS` names the kinds this fold reads, each with its handler (`_on_...`, taking the
    event and its data): checked when the module loads (`handlers`, games/game.py), every kind
    a kind of the contract, every handler there and every `_on_...` named."""

    HANDLERS: ClassVar[dict[str, str]] = {
        "table.open": "_on_table_open",
        "table.close": "_on_table_close",
        "float.advance": "_on_float_advance",
        "float.count": "_on_float_count",
        "cagnotte.count": "_on_float_count",  # a circle table's closing count
        "cagnotte": "_on_cagnotte",
        "limits.change": "_on_limits_change",
        "table.limits": "_on_table_limits",
        "sign": "_on_sign",
        "croupier.change": "_on_croupier_change",
        "technician.in": "_on_technician_in",
        "technician.out": "_on_technician_out",
        "cash.buyin": "_on_cash_buyin",
        "round.open": "_on_round_open",
        "bet.placed": "_on_bet_placed",
        "bet.cancelled": "_on_bet_cancelled",
        "round.closed": "_on_round_closed",
        "round.result": "_on_round_result",
        "round.paid": "_on_round_paid",
        "round.void": "_on_round_void",
        "round.correction": "_on_round_correction",
        "fault": "_on_fault",
        "fault.ack": "_on_fault_ack",
        "fault.cleared": "_on_fault_cleared",
    }

    table: str
    game: str
    last_seq: int = 0
    sessions: int = 0
    session_open: bool = False
    limits: Limits | None = None
    profile: str | None = None
    croupier: str | None = None
    technician: str | None = None  # who is at the table's devices (`technician.in`)
    round: int = 0  # the last round number used
    round_status: str | None = None  # "open", "closed", or None between rounds
    # the round's bets as journaled; `round_bets` reads them as the game's records (once each)
    placed: list[dict[str, Any]] = field(default_factory=list)
    _bets: list[Bet] = field(default_factory=list, compare=False, repr=False)
    last_rounds_left: int | None = None
    last_outcome: dict[str, Any] | None = None
    last_rotor: str | None = None  # of the last spin settled (docs/rulings.md)
    recent: list[Any] = field(default_factory=list)
    initial_advance: int = 0
    advances: int = 0
    tray: int = 0  # chips in the table's tray
    drop: int = 0  # cash in the drop box
    house_net: int = 0  # this session: what the float gained (docs/money.md)
    cagnotte: int = 0  # this session: a circle table's cuts, as its `cagnotte` events total them
    # the last `cagnotte` event: its round, seq and amount (what a correction of the round replaces)
    last_cagnotte: dict[str, int] | None = None
    rounds_settled: int = 0  # this session
    last_round_played: bool = False  # this session's last round is settled: its chips to count
    counted: bool = False  # this session's closing count is journaled (`float.count`)
    faults: dict[str, dict[str, Any]] = field(default_factory=dict)
    # the faults a person must acknowledge (errors and worse), by seq, until `fault.ack`
    unacknowledged: dict[int, dict[str, Any]] = field(default_factory=dict)
    # what is still to sign, by the seq of the event asking: {"what": ..., "roles": [...]}
    unsigned: dict[int, dict[str, Any]] = field(default_factory=dict)
    topup_due: int = 0  # what new limits need counted into the float, until it is
    session_seq: int = 0  # the seq of the last `table.open`: where the session's events start
    # a change of limits asked (`limits.change`): {"min", "by", "left": rounds at the old ones}
    limit_change: dict[str, Any] | None = None
    # what the croupier handed each seat for the last settled round (`round.paid`, with seq, ts)
    payments: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    own: Fold = field(init=False)  # the game's own state, its fold made from `game`
    # A `round.correction` is folded as the result it replaces: from the state as it was just
    # before that result (`before_result`, a deep copy taken only when `keep_before_result`), the
    # correction applied in its place, then the events since it (`since_result`) again.
    # `last_result` is the event whose money stands for the last round (its result, or its
    # latest correction) until the next round opens or the session is counted.
    keep_before_result: bool = field(default=False, compare=False, repr=False)
    before_result: TableState | None = field(default=None, compare=False, repr=False)
    since_result: list[dict[str, Any]] = field(default_factory=list, compare=False, repr=False)
    last_result: dict[str, Any] | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        self.own = checked(game_of(self.game)).fold()

    @classmethod
    def replay(
        cls, table: str, game: str, events, *, keep_before_result: bool = True
    ) -> TableState:
        """The state the journal's `events` fold to; by default keeping itself as it was
        before the last result, so that a correction of it (still to come) can be folded."""
        state = cls(table, game, keep_before_result=keep_before_result)
        for event in events:
            state.apply(event)
        return state

    def apply(self, event: dict[str, Any]) -> None:
        kind, data = event["kind"], event["data"]
        handler = _HANDLERS.get(kind)
        if kind == "round.result":
            self._result_comes(event)
        elif kind in _ENDS_CORRECTION:
            self.before_result, self.since_result = None, []
            if kind != "round.open":
                self.last_result = None
        if handler is not None:
            handler(self, event, data)
        self.own.apply(kind, event["round"], data, event.get("seq"))
        self.last_seq = event["seq"]
        if self.before_result is not None and kind not in ("round.result", "round.correction"):
            self.since_result.append(event)

    @property
    def round_bets(self) -> list[Bet]:
        """The open round's bets, as the game's kind of bet (`Game.bet`): read from the journaled
        data when first asked (the replay server's view never asks), each once."""
        bets = self._bets
        if len(bets) < len(self.placed):
            read = game_of(self.game).bet.from_json
            bets.extend(read(data) for data in self.placed[len(bets) :])
        return bets

    @property
    def carried(self) -> tuple[Bet, ...]:
        """The bets staying on the layout between rounds (roulette's prison, craps' layout)."""
        return self.own.carried

    # -- session and float ---------------------------------------------------------------
    def _on_table_open(self, event, data) -> None:
        self.sessions += 1
        self.session_open = True
        self.session_seq = event["seq"]
        self.limit_change, self.payments = None, {}
        self.limits = Limits.from_json(data["limits"])
        self.profile, self.croupier = data["profile"], data["croupier"]
        self.initial_advance = self.advances = self.tray = self.drop = 0
        self.house_net = self.rounds_settled = self.cagnotte = 0
        self.last_cagnotte = None
        self.last_rounds_left = None
        self.last_round_played = self.counted = False

    def _on_table_close(self, event, data) -> None:
        self.session_open = False
        self.last_rounds_left = None

    def _on_float_advance(self, event, data) -> None:
        if not self.advances:
            self.initial_advance = data["amount"]
        elif data.get("reason") == "limits":  # new limits: the advance they need from now on
            self.initial_advance += data["amount"]
            self.topup_due = 0
        self.advances += data["amount"]
        self.tray += data["amount"]
        # new limits' top-up is signed apart from the limits themselves (`limits_topup`)
        what = data.get("reason", "top-up")
        self._asks_signatures(event, data, "limits_topup" if what == "limits" else what)

    def _on_cagnotte(self, event, data) -> None:
        self.cagnotte = data["session_total"]
        self.last_cagnotte = {"round": data["round"], "seq": event["seq"], "amount": data["amount"]}

    def _on_float_count(self, event, data) -> None:
        self.counted = True
        self._asks_signatures(event, data, "count")

    def _on_limits_change(self, event, data) -> None:
        self.limit_change = {"min": data["min"], "by": data["by"], "left": data["rounds"]}

    def _on_table_limits(self, event, data) -> None:
        self.limit_change = None
        self.limits = Limits.from_json(data["new"])
        self.topup_due = data.get("advance_due", 0)
        self._asks_signatures(event, data, "limits")

    def _asks_signatures(self, event, data, what: str) -> None:
        if data.get("signatures"):
            self.unsigned[event["seq"]] = {"what": what, "roles": list(data["signatures"])}

    def _on_sign(self, event, data) -> None:
        unsigned = self.unsigned.get(data["what"])
        if unsigned is not None and data["role"] in unsigned["roles"]:
            unsigned["roles"].remove(data["role"])
            if not unsigned["roles"]:
                del self.unsigned[data["what"]]

    def _on_croupier_change(self, event, data) -> None:
        self.croupier = data["croupier"]

    def _on_technician_in(self, event, data) -> None:
        self.technician = data["by"]

    def _on_technician_out(self, event, data) -> None:
        self.technician = None

    def _on_cash_buyin(self, event, data) -> None:
        self.tray -= data["chips"]
        self.drop += data["cash"]

    # -- rounds --------------------------------------------------------------------------
    def _on_round_open(self, event, data) -> None:
        self.round = event["round"]
        self.round_status = "open"
        self.placed, self._bets = [], []
        self.payments = {}
        self.last_rounds_left = data.get("last_rounds_left")

    def _on_bet_placed(self, event, data) -> None:
        self.placed.append(data)

    def _on_bet_cancelled(self, event, data) -> None:
        self.placed = [bet for bet in self.placed if bet["id"] != data["bet"]]
        self._bets = []  # read again from `placed` when asked

    def _on_round_closed(self, event, data) -> None:
        self.round_status = "closed"

    def _on_round_result(self, event, data) -> None:
        self._end_round(data)
        self.last_outcome = data["outcome"]
        self.recent = (self.recent + [data["outcome"].get("number", data["outcome"])])[-RECENT:]
        net = float_net(data)
        self.tray += net
        self.house_net += net
        self.rounds_settled += 1
        self.last_round_played = bool(data.get("last_round"))
        self.payments = {}
        if self.limit_change is not None:  # one of the rounds at the old limits is played
            self.limit_change = {**self.limit_change, "left": max(0, self.limit_change["left"] - 1)}

    def _on_round_paid(self, event, data) -> None:
        paid = {**data, "seq": event["seq"], "ts": event["ts"]}
        self.payments.setdefault(data["seat"], []).append(paid)

    def _on_round_void(self, event, data) -> None:
        collected = void_net(data)
        self.tray += collected
        self.house_net += collected
        self.last_round_played = bool(data.get("last_round"))  # a red card ending the session
        self._end_round(data)

    def _result_comes(self, event: dict[str, Any]) -> None:
        """A round's result is about to be applied: the state as it is now kept, when asked."""
        self.before_result, self.since_result, self.last_result = None, [], None
        if self.keep_before_result:
            # what the journal's events hold (nothing changes them in place) is shared, not copied
            journaled = (
                self.limits,
                self.last_outcome,
                *self.placed,
                *self._bets,
                *self.recent,
                *self.faults.values(),
                *self.own.carried,
            )
            self.before_result = copy.deepcopy(self, {id(part): part for part in journaled})
        self.last_result = event

    def _on_round_correction(self, event, data) -> None:
        """The last round's result replaced (`round.correction`): the state rebuilt from before
        that result, the correction's data applied as the result, then every event since the
        result again (a correction of a correction replaces the first one the same way). The
        game's fold takes the correction's data as the result's: a coup's shoe counts its
        corrected cards (`moves`) in place of those journaled (games/cards/fold.py)."""
        before, since, last = self.before_result, self.since_result, self.last_result
        if before is None or last is None:
            why = "no result of this session's last round is open to correction"
            if not self.keep_before_result:
                why = "this state keeps nothing of itself before a result (keep_before_result)"
            raise CorrectionNotFolded(
                f"seq {event['seq']}: a round.correction cannot be folded: {why}"
            )
        rebuilt = copy.deepcopy(before)
        rebuilt.keep_before_result = False
        rebuilt.apply({**event, "kind": "round.result"})
        for past in since:
            rebuilt.apply(past)
        own = self.own  # kept as the same object (the table's rounds read it through the state)
        vars(own).clear()
        vars(own).update(vars(rebuilt.own))
        vars(self).update({**vars(rebuilt), "own": own})
        self.keep_before_result = True
        self.before_result, self.since_result, self.last_result = before, since, event

    def _end_round(self, data) -> None:
        self.round_status = None
        self.placed, self._bets = [], []
        # the spins alternate from the last that stood: a void spin's respin turns its way
        rotor = (data.get("outcome") or {}).get("rotor")
        if rotor:
            self.last_rotor = rotor

    # -- faults --------------------------------------------------------------------------
    def _on_fault(self, event, data) -> None:
        self.faults[f"{data['device']}/{data['code']}"] = data
        if data["severity"] in ACKNOWLEDGED:
            self.unacknowledged[event["seq"]] = data

    def _on_fault_ack(self, event, data) -> None:
        self.unacknowledged.pop(data["fault"], None)

    def _on_fault_cleared(self, event, data) -> None:
        self.faults.pop(f"{data['device']}/{data['code']}", None)

    # -- views ---------------------------------------------------------------------------
    @property
    def limits_unsigned(self) -> bool:
        """New limits, or their top-up once counted, not yet signed for."""
        return any(u["what"] in ("limits", "limits_topup") for u in self.unsigned.values())

    @property
    def open_round(self) -> int | None:
        return self.round if self.round_status else None

    def to_json(self) -> dict[str, Any]:
        """The `state` answer of the replay server (docs/feed.md)."""
        return {
            "table": self.table,
            "game": self.game,
            "last_seq": self.last_seq,
            "session": {
                "open": self.session_open,
                "number": self.sessions,
                "profile": self.profile,
                "croupier": self.croupier,
                "rounds": self.rounds_settled,
                "house_net": self.house_net,
            },
            "limits": self.limits.to_json() if self.limits else None,
            "round": {
                "number": self.round,
                "status": self.round_status,
                "bets": len(self.placed),
                "last_rounds_left": self.last_rounds_left,
            },
            "carried": [b.to_json() for b in self.carried],
            "recent": list(self.recent),
            "float": {
                "initial_advance": self.initial_advance,
                "advances": self.advances,
                "tray": self.tray,
                "drop": self.drop,
            },
            "faults": list(self.faults.values()),
            **self.own.to_json(),
        }


def check_fold(fold: type[Fold], own: Collection[str] = ()) -> None:
    """A TypeError unless every kind `fold` reads (`Fold.HANDLERS`) is a kind of the contract
    or one of its game's `own`: games/ cannot ask terminal/contract, so the table runtime asks
    it (a fold's handlers are checked against its methods when its class is made)."""
    handlers(fold, fold.HANDLERS, prefix="on_", refusal=lambda kind: refusal(kind, own))


_CHECKED: set[str] = set()  # the games whose fold was checked


def checked(game: Game) -> Game:
    """`game`, its fold checked once (`check_fold`): every game of the registry's when this
    module loads, a game registered later when a table first folds it."""
    if game.id not in _CHECKED:
        check_fold(type(game.fold()), game.kinds)
        _CHECKED.add(game.id)
    return game


_HANDLERS = handlers(TableState, TableState.HANDLERS, prefix="_on_", refusal=refusal)
for _game in GAMES.values():
    checked(_game)
