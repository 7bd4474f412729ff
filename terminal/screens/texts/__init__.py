"""Every text the screens show, in Catalan, Spanish and English: one catalogue, made of the parts'
tables (`common`, `session`, ...), each key defined once. `Texts(language)` looks a key up and
fills its fields; switching language on the screen is a new `Texts`, taken at the next frame.

A key missing from the catalogue is a programming error (KeyError): the test of the catalogue
checks every key the screens' code names.

What the journal holds as codes the screens say in words through `Texts` too, never as codes:
a bet (`Texts.bet`: "straight:17" is "Ple 17"), an amount (`Texts.money`: 7500000 is
"75.000,00" in Catalan and Spanish, "75,000.00" in English), a fault and what to do about it
(`Texts.fault`), a correction's reason (`Texts.correction_reason`, journaled as its key). Why
the table refused an entry is said apart (`Texts.refusal`): the refusal's key and fields, as its
event journals them (games/reasons.py), in the texts of `refusals` (Catalan, Spanish) and in
the English of the tables of the modules that refuse, which `refusals` lists (`english`), its
bets, roles and amounts said as the rest of the screen says them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from typing import Any, TypeVar

from games.money import money
from games.reasons import Reason, remade
from terminal.screens.games.base import every
from terminal.screens.texts import (
    bets,
    common,
    faults,
    layouts,
    pads,
    payouts,
    players,
    refusals,
    session,
    technician,
)

T = TypeVar("T")
LANGUAGES = ("ca", "es", "en")
LANGUAGE_NAMES = {"ca": "Català", "es": "Español", "en": "English"}


def _merged(*parts: Mapping[str, T], what: str = "screens' text") -> dict[str, T]:
    """The parts' texts in one table; ValueError for a key two of them define."""
    merged: dict[str, T] = {}
    for part in parts:
        for key, texts in part.items():
            if key in merged:
                raise ValueError(f"the {what} {key!r} is defined twice")
            merged[key] = texts
    return merged


# the parts the screens share; each game's own come with its screens (terminal/screens/games/)
SHARED = (
    common.TEXTS,
    bets.TEXTS,
    faults.TEXTS,
    session.TEXTS,
    layouts.TEXTS,
    pads.TEXTS,
    payouts.TEXTS,
    players.TEXTS,
    technician.TEXTS,
)


@cache
def catalogue() -> dict[str, tuple[str, str, str]]:
    """Every text the screens show: the shared parts' and every game's (made once, when first
    asked: a game's screens are built on the shared screens, texts among them)."""
    return _merged(*SHARED, *(screens.texts for screens in every()))


@cache
def refusal_texts() -> dict[str, tuple[str, str, str]]:
    """Why an entry was refused, by its key (`refusals.english`): (Catalan, Spanish, English),
    the shared refusals' and every game's."""
    own = _merged(refusals.TEXTS, *(screens.refusals for screens in every()), what="refusal text")
    english = refusals.english()
    return {key: (*texts, english.get(key, "")) for key, texts in own.items()}


def refresh() -> None:
    """Make the catalogue and the refusal texts again when next asked: the games' screens
    registry calls it when a game's screens are registered at run time
    (terminal/screens/games/__init__.py, `register`)."""
    catalogue.cache_clear()
    refusal_texts.cache_clear()
    refusals.english.cache_clear()


# how each language writes an amount: its thousands' and its decimals' separators
SEPARATORS = {"ca": (".", ","), "es": (".", ","), "en": (",", ".")}
MONEY = re.compile(r"-?\d{1,3}(,\d{3})*\.\d\d")  # an amount as games.money writes it
# a correction's reason, journaled as its key (`round.correction`'s `reason`): its words
CORRECTION_REASONS = ("wrong_entry", "wrong_card", "misread", "dealer_error")
# a refusal's fields that name a bet or a family of bets, and a role: said in words
BET_FIELDS = ("code", "line", "bet", "limit", "family")
PLACE_FIELDS = ("place", "asked")  # and those that name a card table's place ("box:3")


class Texts:
    """The catalogue in one language: `texts("key", n=3)`."""

    def __init__(self, language: str = "ca"):
        if language not in LANGUAGES:
            raise ValueError(f"no texts in {language!r}: one of {', '.join(LANGUAGES)}")
        self.language = language
        self._index = LANGUAGES.index(language)

    def __call__(self, key: str, **fields: object) -> str:
        text = catalogue()[key][self._index]
        return text.format(**fields) if fields else text

    def money(self, minor: Fraction | int, *, short: bool = False, signed: bool = False) -> str:
        """An amount in minor units as this language writes it: "1.250,50" (ca, es),
        "1,250.50" (en); `short`, as a chip or a stake button says it ("1.250", "2,5");
        `signed`, a gain with its "+"."""
        written = money(minor)
        if short:
            written = written.rstrip("0").rstrip(".")
        return ("+" if signed and minor > 0 else "") + self._separated(written)

    def _separated(self, written: str) -> str:
        """An amount written by games.money ("1,250.50") with this language's separators."""
        thousands, decimals = SEPARATORS[self.language]
        return written.translate(str.maketrans(",.", thousands + decimals))

    def bet(self, code: str) -> str:
        """A bet's code in words: "Ple 17", "Associada de Come al 5", "Casella 1.2"."""
        return bets.said(self, code, catalogue())

    def bet_line(self, bet: Mapping[str, Any], entry: Mapping[str, Any] | None = None) -> str:
        """A bet on one line (its seat, its name, its stake) and, given its settlement `entry`,
        what it did: "S1 · Ple 20 · 5,00 → guanya 180,00" (what is handed over)."""
        line = self(
            "history_bet",
            seat=self("seat_short", n=bet["seat"]),
            bet=self.bet(str(bet["code"])),
            stake=self.money(bet["stake"]),
        )
        key = f"history_{entry.get('result')}" if entry is not None else ""
        if entry is None or key not in catalogue():
            return line
        amount = entry.get("paid", 0) + entry.get("returned", 0)
        return f"{line} → {self(key, amount=self.money(amount))}"

    def place(self, place: str) -> str:
        """A coup's place in words: a box or a hand as its bet ("Casella 1.2"), the dealer's
        hand, the bank, a burnt card ("Banca", "Carta cremada")."""
        key = f"pads_place_{place}"
        return self(key) if key in catalogue() else self.bet(place)

    def fault(self, fault: Mapping[str, Any]) -> tuple[str, str | None]:
        """A fault (its event's data) in words, and what the croupier does about it."""
        return faults.said(self, catalogue(), fault, self.refusal)

    def correction_reason(self, reason: str) -> str:
        """A correction's reason in words: journaled as its key (`wrong_entry`); a journal of
        before the keys holds the croupier's words, shown as they are."""
        return self(f"reason_{reason}") if reason in CORRECTION_REASONS else reason

    def void(self, data: Mapping[str, Any]) -> str:
        """Why a round is void (its `round.void` data), in this language: "Void: <why>"."""
        return self("void", reason=self.refusal(data.get("reason", ""), data.get("why")))

    def refusal(self, text: str, why: Any = None) -> str:
        """Why the table refused an entry, in this language: the refusal `text` as journaled,
        with the `why` journaled beside it (or a `Reason`, which knows its own); `text` as it
        is when there is no why, or one with a key or a field this terminal does not know."""
        said = remade(text, why, refusals.english()) if why is not None else text
        if not isinstance(said, Reason):
            return text
        return self._refusal(said)

    def _refusal(self, said: Reason) -> str:
        texts = refusal_texts().get(said.key)
        if texts is None:
            return str(said)
        fields = {name: self._field(name, value) for name, value in said.fields.items()}
        return texts[self._index].format(**fields)

    def _field(self, name: str, value: Any) -> Any:
        """A refusal's field as this screen says it: a refusal it wraps, a bet, a role and an
        amount in this language's words (the journal holds them as the English does)."""
        if isinstance(value, Reason):
            return self._refusal(value)
        if not isinstance(value, str):
            return value
        if name in BET_FIELDS:
            return self.bet(value)
        if name in PLACE_FIELDS:
            return self.place(value)
        if name == "role" and f"role_{value}" in catalogue():
            return self(f"role_{value}")
        if MONEY.fullmatch(value):
            return self._separated(value)
        return value

    def next(self) -> Texts:
        """The next language of LANGUAGES, round."""
        return Texts(LANGUAGES[(self._index + 1) % len(LANGUAGES)])
