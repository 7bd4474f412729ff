"""A trente et quarante bet: an even chance that a refait may send to prison (games.prison), and
its insurance (section 05 V.1): a chance `insured` against a refait, and the premium, a bet of
its own on `insurance` that `covers` the insured bet's id."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.entries import clip, text_problem
from games.prison import PrisonBet


@dataclass(frozen=True)
class TrenteQuaranteBet(PrisonBet):
    insured: bool = False  # a premium (a bet of its own) insures it against a refait
    covers: str | None = None  # the premium's `insurance` bet names the bet it insures

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        if self.insured:
            out["insured"] = True
        if self.covers is not None:
            out["covers"] = self.covers
        return out

    @classmethod
    def json_fields(cls, d: Mapping[str, Any]) -> dict[str, Any]:
        return {
            **super().json_fields(d),
            "insured": bool(d.get("insured", False)),
            "covers": None if d.get("covers") is None else str(d["covers"]),
        }

    def entered_problem(self) -> str | None:
        """Besides the choice on a refait: `insured` true or false, `covers` a bet's id."""
        if (problem := super().entered_problem()) is not None:
            return problem
        if not isinstance(self.insured, bool):
            return f"insured is true or false, not {clip(self.insured)!r}"
        if self.covers is not None:
            return text_problem("the bet it covers", self.covers)
        return None
