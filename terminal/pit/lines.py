"""One line per event, for `dealer-terminal pit follow`. Money is shown as a person reads it,
in currency units with two decimals (the events carry minor units)."""

from __future__ import annotations

from typing import Any

from games.money import money


def _compact(value: Any) -> str:
    """`key=value` pairs, lists joined by commas, inner objects in braces."""
    if isinstance(value, dict):
        return " ".join(f"{key}={_inner(item)}" for key, item in value.items())
    if isinstance(value, list):
        return ",".join(_inner(item) for item in value)
    return str(value)


def _inner(value: Any) -> str:
    return f"{{{_compact(value)}}}" if isinstance(value, dict) else _compact(value)


def _is_amount(amount: Any) -> bool:
    return isinstance(amount, (int, float)) and not isinstance(amount, bool)


def _money(amount: Any) -> str:
    """An amount of an event (anything, when the event is not as it should be)."""
    return money(amount) if _is_amount(amount) else str(amount)


def _signed(amount: Any) -> str:
    return ("+" if amount > 0 else "") + money(amount) if _is_amount(amount) else str(amount)


def _chips(chips: Any) -> str:
    """Chips counted per denomination (`{"100": 20}`: twenty chips of 1.00) as `20x1.00`."""
    if not isinstance(chips, dict):
        return _money(chips)
    return ",".join(
        f"{count}x{_money(int(d)) if str(d).isdigit() else d}" for d, count in chips.items()
    )


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
    line = f"min {_money(limits.get('min'))} unit {_money(limits.get('chip_unit'))}"
    if isinstance(maxima, dict) and maxima:
        line += " max " + " ".join(
            f"{family}={_money(amount)}" for family, amount in maxima.items()
        )
    return line


def _session(data: dict) -> str:
    return (
        f"croupier {data.get('croupier')} profile {data.get('profile')} "
        f"{_limits(data.get('limits'))}"
    )


def _result(data: dict) -> str:
    outcome = data.get("outcome")
    if isinstance(outcome, dict) and len(outcome) == 1:
        outcome = next(iter(outcome.values()))
    totals = data.get("totals") or {}
    line = (
        f"{_compact(outcome)} — staked {_money(totals.get('staked', 0))} "
        f"paid {_money(totals.get('paid', 0))} "
        f"returned {_money(totals.get('returned', 0))} house {_signed(totals.get('house_net', 0))}"
    )
    said = _said(data.get("announcement"))
    if said:
        line += f' "{said}"'
    return line + (" (last round)" if data.get("last_round") else "")


def _correction(data: dict) -> str:
    """What the correction makes of the round (as a result's line), what it replaces, who."""
    was = data.get("was")
    if isinstance(was, dict) and len(was) == 1:
        was = next(iter(was.values()))
    return (
        f"of seq {data.get('corrects')} (was {_compact(was)}): {_result(data)} "
        f"by {data.get('by')}: {data.get('reason')}"
    )


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
    "round.correction": _correction,
    "announcement": lambda d: f'"{_said(d)}"' if _said(d) else str(d.get("key")),
    "float.advance": lambda d: f"amount {_money(d.get('amount'))} chips {_chips(d.get('chips'))}",
    "cagnotte": lambda d: f"cut {_money(d.get('amount'))} total {_money(d.get('session_total'))}",
    "cagnotte.count": lambda d: (
        f"counted {_money(d.get('counted'))} expected {_money(d.get('expected'))}"
    ),
    "float.count": lambda d: (
        f"chips {_chips(d.get('chips'))} drop {_money(d.get('drop'))} "
        f"result {_signed(d.get('result'))}"
    ),
    "fault": lambda d: f"{d.get('severity')} {d.get('device')} {d.get('code')}: {d.get('detail')}",
    "fault.cleared": lambda d: (
        f"cleared {d.get('severity')} {d.get('device')} {d.get('code')}: {d.get('detail')}"
    ),
    "bet.placed": lambda d: (
        f"seat {d.get('seat')} {d.get('code')} stake {_money(d.get('stake'))} (bet {d.get('id')})"
    ),
}
GENERIC_WIDTH = 100  # characters of `data` shown for a kind this tool does not know


def _generic(data: dict) -> str:
    line = _compact(data)
    return line if len(line) <= GENERIC_WIDTH else line[: GENERIC_WIDTH - 1] + "…"


def format_event(event: dict) -> str:
    """One human-readable line, e.g.
    `RL-01 #42 r17 21:17:02.123 round.result 17 — staked 15.00 paid 7.00 returned 5.00
    house +3.00`."""
    kind = str(event.get("kind"))
    data = event.get("data") if isinstance(event.get("data"), dict) else {}
    round_ = event.get("round")
    head = (
        f"{event.get('table')} #{event.get('seq')} {'-' if round_ is None else f'r{round_}'} "
        f"{str(event.get('ts', ''))[11:23]} {kind}"
    )
    line = f"{head} {_DESCRIBE.get(kind, _generic)(data)}"
    return " ".join(line.split())  # one line whatever the texts hold
