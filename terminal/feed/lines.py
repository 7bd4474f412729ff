"""One line per event, for `dealer-terminal pit follow`."""

from __future__ import annotations

from typing import Any


def _compact(value: Any) -> str:
    """`key=value` pairs, lists joined by commas, inner objects in braces."""
    if isinstance(value, dict):
        return " ".join(f"{key}={_inner(item)}" for key, item in value.items())
    if isinstance(value, list):
        return ",".join(_inner(item) for item in value)
    return str(value)


def _inner(value: Any) -> str:
    return f"{{{_compact(value)}}}" if isinstance(value, dict) else _compact(value)


def _signed(amount: Any) -> str:
    return f"{amount:+}" if isinstance(amount, (int, float)) else str(amount)


def _said(announcement: Any) -> str:
    """The announcement's English text, else its Catalan one."""
    text = announcement.get("text") if isinstance(announcement, dict) else None
    if not isinstance(text, dict):
        return ""
    return str(text.get("en") or text.get("ca") or "")


def _limits(limits: Any) -> str:
    if not isinstance(limits, dict):
        return _compact(limits)
    maxima = limits.get("max") or {}
    line = f"min {limits.get('min')} unit {limits.get('chip_unit')}"
    return line + ("" if not maxima else f" max {_compact(maxima)}")


def _session(data: dict) -> str:
    return f"croupier {data.get('croupier')} profile {data.get('profile')} {_limits(data.get('limits'))}"


def _result(data: dict) -> str:
    outcome = data.get("outcome")
    if isinstance(outcome, dict) and len(outcome) == 1:
        outcome = next(iter(outcome.values()))
    totals = data.get("totals") or {}
    line = (
        f"{_compact(outcome)} — staked {totals.get('staked', 0)} paid {totals.get('paid', 0)} "
        f"returned {totals.get('returned', 0)} house {_signed(totals.get('house_net', 0))}"
    )
    said = _said(data.get("announcement"))
    if said:
        line += f' "{said}"'
    return line + (" (last round)" if data.get("last_round") else "")


def _round_open(data: dict) -> str:
    left = data.get("last_rounds_left")
    return "" if left is None else f"last rounds left {left}"


_DESCRIBE = {
    "table.open": _session,
    "table.close": _session,
    "table.limits": lambda d: f"{_limits(d.get('old'))} → {_limits(d.get('new'))}",
    "round.open": _round_open,
    "round.closed": lambda d: "no more bets",
    "round.result": _result,
    "round.void": lambda d: f"void: {d.get('reason')}",
    "announcement": lambda d: f'"{_said(d)}"' if _said(d) else str(d.get("key")),
    "float.advance": lambda d: f"amount {d.get('amount')} chips {_compact(d.get('chips'))}",
    "float.count": lambda d: (
        f"chips {_compact(d.get('chips'))} drop {d.get('drop')} result {d.get('result')}"
    ),
    "fault": lambda d: f"{d.get('severity')} {d.get('device')} {d.get('code')}: {d.get('detail')}",
    "fault.cleared": lambda d: f"cleared {d.get('device')} {d.get('code')}",
    "bet.placed": lambda d: (
        f"seat {d.get('seat')} {d.get('code')} stake {d.get('stake')} (bet {d.get('id')})"
    ),
}
GENERIC_WIDTH = 100  # characters of `data` shown for a kind this tool does not know


def _generic(data: dict) -> str:
    line = _compact(data)
    return line if len(line) <= GENERIC_WIDTH else line[: GENERIC_WIDTH - 1] + "…"


def format_event(event: dict) -> str:
    """One human-readable line, e.g.
    `RL-01 #42 r17 21:17:02.123 round.result 17 — staked 1500 paid 700 returned 500 house +300`."""
    kind = str(event.get("kind"))
    data = event.get("data") if isinstance(event.get("data"), dict) else {}
    round_ = event.get("round")
    head = (
        f"{event.get('table')} #{event.get('seq')} {'-' if round_ is None else f'r{round_}'} "
        f"{str(event.get('ts', ''))[11:23]} {kind}"
    )
    line = f"{head} {_DESCRIBE.get(kind, _generic)(data)}"
    return " ".join(line.split())  # one line whatever the texts hold
