"""What the fields of an entry the croupier makes (a bet, a decision...) may hold, and how they
are cut for the journal: a refusal is journaled with the entry as it was entered and says what
was wrong in it, so neither may grow with what a screen gone wrong sends. The table runtime's
checks (terminal/runtime/croupier.py) and a bet's own (`Bet.entered_problem`) use them.
"""

from __future__ import annotations

from typing import Any

MAX_TEXT = 64  # characters of an id, a code, a place, an action, a colour
# a bet of the engine's own making (in prison, doubled), entered as if it were a new one
ENTERED_PLAIN = "a bet is entered plain: never in prison, never doubled (the table does that)"


def clip(value: Any) -> Any:
    """`value` as it may be journaled: JSON's own types kept, texts cut to MAX_TEXT characters,
    anything else by its (cut) representation."""
    if value is None or isinstance(value, bool) or isinstance(value, int) and abs(value) < 2**63:
        return value
    if isinstance(value, str):
        return value if len(value) <= MAX_TEXT else value[:MAX_TEXT] + "…"
    text = repr(value)
    return text if len(text) <= MAX_TEXT else text[:MAX_TEXT] + "…"


def text_problem(name: str, value: Any) -> str | None:
    """Why `value` is not a short, non-empty text, or None."""
    if not isinstance(value, str) or not value.strip():
        return f"{name} must be a non-empty text, not {clip(value)!r}"
    if len(value) > MAX_TEXT:
        return f"{name} is {len(value):,} characters long: at most {MAX_TEXT}"
    if not value.isprintable():
        return f"{name} {clip(value)!r} holds control characters"
    return None
