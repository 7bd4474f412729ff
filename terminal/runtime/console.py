"""The headless croupier's voice: prints what the table says once it is journaled.

A journal-writer sink, so a line is printed only after its event is durable, like any screen.
"""

from __future__ import annotations

import sys
from typing import TextIO

from games.money import money  # every amount a person reads, written one way (games/money.py)

# the kinds a line is printed for
PRINTED = frozenset(
    {
        "announcement",
        "round.result",
        "round.void",
        "table.open",
        "float.advance",
        "float.count",
        "table.close",
        "craps.shooter",
        "craps.dice_change",
        "bet.withdrawn",
        "colour.assign",
        "colour.value_chips",
        "colour.release",
        "fault",
        "fault.cleared",
    }
)


class ConsoleSink:
    def __init__(self, out: TextIO = sys.stdout, languages: tuple[str, ...] = ("ca", "en")):
        self.out = out
        self.languages = languages

    def _say(self, text: dict) -> str:
        return " / ".join(text[lang] for lang in self.languages if lang in text)

    def committed(self, events: list[dict]) -> None:
        """The batch's lines in one write (the bets, most of a batch, print nothing)."""
        lines = [
            line for event in events if event["kind"] in PRINTED and (line := self.line(event))
        ]
        if lines:
            self.out.write("\n".join(lines) + "\n")
            self.out.flush()

    def tick(self, last_seq: int) -> None:
        pass

    def line(self, event: dict) -> str | None:
        kind, data, rnd = event["kind"], event["data"], event["round"]
        if kind not in PRINTED:
            return None
        prefix = f"[{event['table']} #{event['seq']}{f' r{rnd}' if rnd is not None else ''}]"
        if kind == "announcement":
            return f"{prefix} «{self._say(data['text'])}»"
        if kind == "round.result":
            t = data["totals"]
            return (
                f"{prefix} «{self._say(data['announcement']['text'])}»  "
                f"bets {len(data['bets'])}, staked {money(t['staked'])}, paid {money(t['paid'])}, "
                f"returned {money(t['returned'])}, house {money(t['house_net'])}"
            )
        if kind == "round.void":
            return f"{prefix} round void: {data['reason']} ({len(data['returned'])} bets returned)"
        if kind == "table.open":
            return (
                f"{prefix} table open: {data['game']}, profile {data['profile']}, "
                f"minimum {money(data['limits']['min'])}"
            )
        if kind == "float.advance":
            return f"{prefix} advance ({data['reason']}): {money(data['amount'])}"
        if kind == "float.count":
            return (
                f"{prefix} count: chips {money(data['chips'])} + drop {money(data['drop'])} "
                f"- advances {money(data['advances'])} = result {money(data['result'])}"
            )
        if kind == "table.close":
            return (
                f"{prefix} table closed after {data['rounds']} rounds, "
                f"house {money(data['house_net'])}"
            )
        if kind == "craps.shooter":
            passed = (
                f" (refused by seat {', '.join(map(str, data['passed']))})"
                if data["passed"]
                else ""
            )
            return f"{prefix} the dice to seat {data['seat']}{passed}"
        if kind == "craps.dice_change":
            return f"{prefix} dice change: {data['reason']}"
        if kind == "bet.withdrawn":
            return (
                f"{prefix} seat {data['bet']['seat']} withdraws {data['bet']['code']}: "
                f"{money(data['returned'])} returned"
            )
        if kind == "colour.assign":
            return (
                f"{prefix} seat {data['seat']} plays {data['colour']} chips worth "
                f"{money(data['unit'])}"
            )
        if kind == "colour.value_chips":
            return f"{prefix} seat {data['seat']} plays value chips"
        if kind == "colour.release":
            return f"{prefix} seat {data['seat']} leaves; its colour is free"
        if kind in ("fault", "fault.cleared"):
            detail = f": {data['detail']}" if "detail" in data else ""
            return f"{prefix} {kind} {data['device']}/{data['code']}{detail}"
        return None
