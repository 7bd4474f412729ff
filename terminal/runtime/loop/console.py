"""The headless croupier's voice: prints what the table says once it is journaled.

A journal-writer sink, so a line is printed only after its event is durable, like any screen.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TextIO

from games.money import money  # every amount a person reads, written one way (games/money.py)
from games.registry import GAMES

Say = Callable[[dict], str]  # an announcement's text in the console's languages


def _result(say: Say, data: dict) -> str:
    t = data["totals"]
    return (
        f"«{say(data['announcement']['text'])}»  "
        f"bets {len(data['bets'])}, staked {money(t['staked'])}, paid {money(t['paid'])}, "
        f"returned {money(t['returned'])}, house {money(t['house_net'])}"
    )


# what the table notes of an outcome beside the game's own part (the rotor, a hand's entry)
NOTED = ("rotor", "rpm", "source", "entered_by")


def _outcome(outcome: dict) -> str:
    """An outcome in a few words: its one value (`17`, `3-4`), or its values by name."""
    shown = {key: value for key, value in outcome.items() if key not in NOTED}

    def text(value) -> str:
        return "-".join(map(str, value)) if isinstance(value, list) else str(value)

    if len(shown) == 1:
        return text(next(iter(shown.values())))
    return " ".join(f"{key} {text(value)}" for key, value in shown.items() if value is not None)


def _correction(say: Say, data: dict) -> str:
    moved = len(data["adjustment"])
    return (
        f"round corrected: {_outcome(data['outcome'])} (was {_outcome(data['was'])}) "
        f"by {data['by']}: {data['reason']}; {moved} bet{'s' * (moved != 1)} adjusted, "
        f"house {money(data['totals']['house_net'])}"
    )


def _fault(kind: str) -> Callable[[Say, dict], str]:
    def line(say: Say, data: dict) -> str:
        detail = f": {data['detail']}" if "detail" in data else ""
        return f"{kind} {data['device']}/{data['code']}{detail}"

    return line


# what is printed of each shared kind of event (after its prefix); a game's own kinds print the
# line its description gives (games/game.py `Kind.line`); the other kinds print nothing
LINES: dict[str, Callable[[Say, dict], str]] = {
    "announcement": lambda say, data: f"«{say(data['text'])}»",
    "round.result": _result,
    "round.correction": _correction,
    "round.void": lambda say, data: (
        f"round void: {data['reason']} ({len(data['returned'])} bets returned)"
    ),
    "table.open": lambda say, data: (
        f"table open: {data['game']}, profile {data['profile']}, "
        f"minimum {money(data['limits']['min'])}"
    ),
    "float.advance": lambda say, data: f"advance ({data['reason']}): {money(data['amount'])}",
    "cagnotte": lambda say, data: (
        f"cagnotte: {money(data['amount'])}, the session's {money(data['session_total'])}"
    ),
    "cagnotte.count": lambda say, data: (
        f"cagnotte counted {money(data['counted'])}, its coups {money(data['expected'])}"
    ),
    "float.count": lambda say, data: (
        f"count: chips {money(data['chips'])} + drop {money(data['drop'])} "
        f"- advances {money(data['advances'])} = result {money(data['result'])}"
    ),
    "table.close": lambda say, data: (
        f"table closed after {data['rounds']} rounds, house {money(data['house_net'])}"
    ),
    "fault": _fault("fault"),
    "fault.cleared": _fault("fault.cleared"),
}


class ConsoleSink:
    def __init__(self, out: TextIO | None = None, languages: tuple[str, ...] = ("ca", "en")):
        self.out = sys.stdout if out is None else out  # the stdout of the call, not the import
        self.languages = languages

    def _say(self, text: dict) -> str:
        return " / ".join(text[lang] for lang in self.languages if lang in text)

    def committed(self, events: list[dict]) -> None:
        """The batch's lines in one write (the bets, most of a batch, print nothing)."""
        lines = [line for event in events if (line := self.line(event))]
        if lines:
            self.out.write("\n".join(lines) + "\n")
            self.out.flush()

    def tick(self, last_seq: int) -> None:
        pass

    def line(self, event: dict) -> str | None:
        kind, data = event["kind"], event["data"]
        shared = LINES.get(kind)
        own = GAMES[event["game"]].kinds.get(kind) if event["game"] in GAMES else None
        if shared is not None:
            text = shared(self._say, data)
        elif own is not None and own.line is not None:
            text = own.line(data)
        else:
            return None
        rnd = event["round"]
        prefix = f"[{event['table']} #{event['seq']}{f' r{rnd}' if rnd is not None else ''}]"
        return f"{prefix} {text}"
