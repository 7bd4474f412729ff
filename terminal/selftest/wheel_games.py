"""The games of a wheel's log and the rounds of the journal the wheel should have logged, each
side read in order: what the reconciliation (wheel_reconcile.py) sets side by side.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

WIN, MISFIRE = "win", "misfire"
RESULT, VOID = "result", "void"


@dataclass(frozen=True)
class LogGame:
    """One entry of the wheel's log: `index` its place in the whole log (oldest first), `page`
    and `entry` where it is."""

    index: int
    page: int
    entry: int
    kind: str  # "win" or "misfire"
    number: int

    @property
    def where(self) -> str:
        return f"page {self.page} entry {self.entry}"


@dataclass(frozen=True)
class JournalGame:
    """A round of the journal the wheel should have logged: a result (`number` as first
    journaled, what the wheel sensed; `corrected` what a correction made it) or a void
    (`reason`; `misfire`: a failed launch, the wheel's `launch_failed`)."""

    seq: int
    round: int | None
    kind: str  # "result" or "void"
    number: int | None = None
    corrected: int | None = None
    source: str = "sensor"  # or "manual": entered by hand
    reason: str = ""
    misfire: bool = False
    ts: str = ""

    @property
    def final(self) -> int | None:
        """The number that stands: the correction's, or the result's."""
        return self.corrected if self.corrected is not None else self.number

    @property
    def where(self) -> str:
        return f"round {self.round} (seq {self.seq})"


class LogPageLike(Protocol):
    page: int

    @property
    def entries(self) -> Sequence[Any]: ...


def journal_games(events: Iterable[Mapping[str, Any]]) -> list[JournalGame]:
    """The journal's rounds of the wheel in seq order: results with a number (corrections
    applied), voids (a failed launch marked)."""
    games: list[JournalGame] = []
    by_seq: dict[int, int] = {}
    launch_failed: set[int] = set()  # rounds with a wheel launch_failed fault
    for event in events:
        kind, data = event.get("kind"), event.get("data") or {}
        seq, round_ = event.get("seq"), event.get("round")
        if kind == "round.result":
            number = (data.get("outcome") or {}).get("number")
            if type(number) is int and type(seq) is int:
                by_seq[seq] = len(games)
                games.append(
                    JournalGame(
                        seq,
                        round_,
                        RESULT,
                        number,
                        source=data["outcome"].get("source", "sensor"),
                        ts=str(event.get("ts", "")),
                    )
                )
        elif kind == "round.correction":
            number = (data.get("outcome") or {}).get("number")
            at = by_seq.get(data.get("corrects"))  # type: ignore[arg-type]
            if at is not None and type(number) is int:
                game = games[at]
                games[at] = JournalGame(
                    game.seq,
                    game.round,
                    RESULT,
                    game.number,
                    corrected=number,
                    source=game.source,
                    ts=game.ts,
                )
        elif kind == "round.void" and type(seq) is int:
            games.append(
                JournalGame(
                    seq,
                    round_,
                    VOID,
                    reason=str(data.get("reason", "")),
                    misfire=round_ in launch_failed,
                    ts=str(event.get("ts", "")),
                )
            )
        elif misfire_fault(event) and round_ is not None:
            launch_failed.add(round_)
    return games


def misfire_fault(event: Mapping[str, Any]) -> bool:
    data = event.get("data") or {}
    return (
        event.get("kind") == "fault"
        and data.get("device") == "wheel"
        and data.get("code") == "launch_failed"
    )


def log_games(pages: Sequence[LogPageLike]) -> list[LogGame]:
    """The log's entries in order, oldest first, each with its page and place."""
    games: list[LogGame] = []
    for page in sorted(pages, key=lambda p: p.page):
        for entry, item in enumerate(page.entries):
            games.append(LogGame(len(games), page.page, entry, item.kind, item.number))
    return games
