"""Every text of the coin toss's screens, in Catalan, Spanish and English."""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str, str]] = {
    "cloth_heads": ("Cara", "Cara", "Heads"),
    "cloth_tails": ("Creu", "Cruz", "Tails"),
    "bet_heads": ("Cara", "Cara", "Heads"),
    "bet_tails": ("Creu", "Cruz", "Tails"),
}
# the refusals its engine defines (games/reasons.py): none of its own
REFUSALS: dict[str, tuple[str, str]] = {}
