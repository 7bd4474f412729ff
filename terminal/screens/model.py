"""What the screens know of the table: its state folded, on the UI thread, from the events the
journal writer committed (`ScreenSink`), so that nothing is shown as final before it is durable,
and the screens never read the journal, the table's own state or its devices.

The model starts from a copy of the table's state taken before the table thread runs, and
recalls from the journal what the screens show beyond it (`for_table`: the session's events read
once, at start-up, before the first frame): the last ten rounds in full (bets, outcome,
settlement, any correction, what was handed to each seat), the last announcement, the session's
outcomes. A restarted terminal shows what it showed before. Then it takes every committed
event: the same fold as the table's (terminal/runtime/loop/state.py), and the same recall.
"""

from __future__ import annotations

import copy
import queue
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from games.reasons import remade
from terminal.runtime.loop.state import TableState
from terminal.screens.texts.refusals import english

HISTORY = 10  # the rounds the croupier can recall in full


@dataclass
class Round:
    """One round as the screens recall it."""

    number: int
    bets: list[dict[str, Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None  # round.result's data (a correction's once corrected)
    result_seq: int | None = None  # the seq of the event whose money stands
    void: dict[str, Any] | None = None
    corrections: list[dict[str, Any]] = field(default_factory=list)
    cards: list[tuple[str, str]] = field(default_factory=list)  # (place, card) as dealt
    payments: list[dict[str, Any]] = field(default_factory=list)  # `round.paid`s, with seq, ts

    @property
    def over(self) -> bool:
        return self.result is not None or self.void is not None


@dataclass(frozen=True)
class Refusal:
    """An entry of the croupier's that the table refused, and why (a `croupier/*_refused`
    incident or a `bet.refused`): its text as journaled, a `Reason` again (games/reasons.py)
    when this terminal knows the journaled `why`, which the screens say in their language
    (`Texts.refusal`)."""

    seq: int
    what: str  # "bet", "opening", "sign"...
    reason: str
    why: dict[str, Any] | None = None  # the event's `why`: {"key", "fields"}, if it has one
    code: str | None = None  # a refused bet's code: the layout outlines it

    @classmethod
    def of(cls, seq: int, what: str, text: str, why: Any, code: Any = None) -> Refusal:
        why = why if isinstance(why, dict) else None
        said = remade(text, why, english())  # every refusal this terminal knows
        return cls(seq, what, said, why, code if isinstance(code, str) else None)

    @property
    def key(self) -> str | None:
        """The refusal's key (terminal/screens/texts/refusals.py), if it was journaled with one."""
        return None if self.why is None else self.why.get("key")


class ScreenSink:
    """A journal writer's sink (terminal/runtime/journal/store.py) that hands the committed events
    to the UI thread's queue: a put never waits."""

    def __init__(self) -> None:
        self.queue: queue.SimpleQueue[dict] = queue.SimpleQueue()

    def committed(self, events: list[dict]) -> None:
        for event in events:
            self.queue.put(event)

    def tick(self, last_seq: int) -> None:
        pass

    def drain(self) -> list[dict]:
        events = []
        while True:
            try:
                events.append(self.queue.get_nowait())
            except queue.Empty:
                return events


class ScreenModel:
    def __init__(self, state: TableState):
        self.state = state
        self.history: deque[Round] = deque(maxlen=HISTORY)
        self.refusal: Refusal | None = None
        self.announcement: dict[str, Any] | None = None
        # what the status line says after the last announcement: a void's reason and stakes
        # returned ("void", its data), another croupier taking the table ("croupier.change")
        self.notice: tuple[str, dict[str, Any]] | None = None
        self.outcomes: list[dict[str, Any]] = []  # this session's, oldest first
        self.opening: dict[str, Any] = {}  # the session's table.open data
        self.advance = state.initial_advance
        self.version = 0  # changes with every event taken: the screens redraw
        self.closed = False  # a session closed since the screen started
        # the session's closing count and close (`float.count` and `table.close` data)
        self.summary: dict[str, Any] = {}
        self.last_colour_seat: int | None = None  # the seat of the last colour chips' event
        # the events still to sign, by seq, whole: what a signer puts their name to
        self.to_sign: dict[int, dict[str, Any]] = {}
        self.listeners: list[Any] = []  # called with each event after it is folded

    @classmethod
    def for_table(cls, table: Any) -> ScreenModel:
        """The model of `table` before its thread runs: a copy of its state, and what the
        journal holds of the session that the screens show (the last rounds, the outcomes)."""
        model = cls(copy.deepcopy(table.state))
        for event in table.journal.events(max(1, model.state.session_seq)):
            model.recall(event)
        # a refusal is news only when it comes; a closed session reopens at the opening screen
        model.refusal, model.closed, model.version = None, False, 0
        return model

    @property
    def current(self) -> Round | None:
        return self.history[-1] if self.history else None

    @property
    def last_result(self) -> Round | None:
        """The last settled round of the session, if the next has not opened."""
        current = self.current
        if current is not None and current.result is not None and self.state.round_status is None:
            return current
        return None

    def closing_due(self) -> bool:
        """The session's last round is played and its chips are still to count."""
        st = self.state
        return st.session_open and st.last_round_played and not st.counted

    def closed_by_count(self) -> bool:
        return self.closed

    def take(self, events: list[dict]) -> bool:
        """Fold `events`; whether anything changed."""
        for event in events:
            self.apply(event)
        return bool(events)

    def apply(self, event: dict) -> None:
        if event["seq"] <= self.state.last_seq:
            return  # the copy the model started from had it already
        self.state.apply(event)
        self.recall(event)
        for listener in self.listeners:
            listener(event)

    def recall(self, event: dict) -> None:
        """What the screens keep of `event` beyond the table's state (the state has it)."""
        kind, data = event["kind"], event["data"]
        self.version += 1
        if data.get("signatures"):
            self.to_sign[event["seq"]] = event
        if self.to_sign:
            unsigned = self.state.unsigned
            self.to_sign = {seq: e for seq, e in self.to_sign.items() if seq in unsigned}
        if kind == "table.open":
            self.opening, self.outcomes, self.summary = data, [], {}
            self.closed = False
        elif kind == "table.close":
            self.closed = True
            self.summary = {**self.summary, **data}
        elif kind in ("float.count", "cagnotte.count"):
            self.summary = {**self.summary, **data}
        elif kind == "float.advance" and data.get("reason") == "opening":
            self.advance = data["amount"]
        elif kind == "round.open":
            self.history.append(Round(event["round"]))
            self.refusal = None  # a new round: the last one's refusals are over
        elif kind == "bet.placed" and self.current is not None:
            self.current.bets.append(data)
        elif kind == "bet.cancelled" and self.current is not None:
            self.current.bets = [b for b in self.current.bets if b["id"] != data["bet"]]
        elif kind == "round.result":
            round_ = self._round(event["round"])
            round_.result, round_.result_seq = data, event["seq"]
            self.outcomes.append(data["outcome"])
            if "announcement" in data:  # the result called: the status line says it
                self.announcement, self.notice = data["announcement"], None
        elif kind == "round.correction":
            round_ = self._round(event["round"])
            round_.corrections.append({**data, "seq": event["seq"]})
            round_.result = {**(round_.result or {}), **data}
            round_.result_seq = event["seq"]  # the money that stands: the payouts open again
            if self.outcomes:
                self.outcomes[-1] = data["outcome"]
        elif kind == "card.drawn" and self.current is not None:
            if event["round"] == self.current.number:  # not a card laid out between rounds
                self.current.cards.append((data.get("place", ""), data["card"]))
        elif kind == "round.void":
            self._round(event["round"]).void = data
            self.notice = ("void", data)
        elif kind == "croupier.change":
            self.notice = ("croupier.change", data)
        elif kind == "round.paid":
            self._round(event["round"]).payments.append(
                {**data, "seq": event["seq"], "ts": event["ts"]}
            )
        elif kind.startswith("colour."):
            self.last_colour_seat = data.get("seat")
        elif kind == "announcement":
            self.announcement, self.notice = data, None
        elif kind == "bet.refused":
            bet = data.get("bet")
            code = bet.get("code") if isinstance(bet, dict) else None
            self.refusal = Refusal.of(event["seq"], "bet", data["reason"], data.get("why"), code)
        elif kind == "fault" and data["device"] == "croupier":
            what = data["code"].removesuffix("_refused")
            self.refusal = Refusal.of(event["seq"], what, data["detail"], data.get("why"))

    def _round(self, number: int) -> Round:
        for round_ in reversed(self.history):
            if round_.number == number:
                return round_
        round_ = Round(number)
        self.history.append(round_)
        return round_
