"""Every text the screens show, in Catalan, Spanish and English: one catalogue, made of the parts'
tables (`common`, `session`, ...), each key defined once. `Texts(language)` looks a key up and
fills its fields; switching language on the screen is a new `Texts`, taken at the next frame.

A key missing from the catalogue is a programming error (KeyError): the test of the catalogue
checks every key the screens' code names.

Why the table refused an entry is said apart (`Texts.refusal`): the refusal's key and fields, as
its event journals them (games/reasons.py), in the texts of `refusals` (Catalan, Spanish) and
of games.reasons.REASONS (English, defined beside the code that refuses).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.reasons import REASONS, Reason, remade
from terminal.screens.texts import (
    blackjack,
    common,
    craps,
    layouts,
    pads,
    payouts,
    players,
    poker,
    punto_banco,
    refusals,
    session,
    technician,
    trente_quarante,
)

LANGUAGES = ("ca", "es", "en")
LANGUAGE_NAMES = {"ca": "Català", "es": "Español", "en": "English"}


def _merged(*parts: Mapping[str, tuple[str, str, str]]) -> dict[str, tuple[str, str, str]]:
    catalogue: dict[str, tuple[str, str, str]] = {}
    for part in parts:
        for key, texts in part.items():
            if key in catalogue:
                raise ValueError(f"the screens' text {key!r} is defined twice")
            catalogue[key] = texts
    return catalogue


CATALOGUE = _merged(
    common.TEXTS,
    session.TEXTS,
    layouts.TEXTS,
    pads.TEXTS,
    payouts.TEXTS,
    players.TEXTS,
    poker.TEXTS,
    craps.TEXTS,
    blackjack.TEXTS,
    trente_quarante.TEXTS,
    punto_banco.TEXTS,
    technician.TEXTS,
)
# why an entry was refused, by its key in games.reasons.REASONS: (Catalan, Spanish, English)
REFUSALS: dict[str, tuple[str, str, str]] = {
    key: (*texts, REASONS[key]) for key, texts in refusals.TEXTS.items() if key in REASONS
}


class Texts:
    """The catalogue in one language: `texts("key", n=3)`."""

    def __init__(self, language: str = "ca"):
        if language not in LANGUAGES:
            raise ValueError(f"no texts in {language!r}: one of {', '.join(LANGUAGES)}")
        self.language = language
        self._index = LANGUAGES.index(language)

    def __call__(self, key: str, **fields: object) -> str:
        text = CATALOGUE[key][self._index]
        return text.format(**fields) if fields else text

    def refusal(self, text: str, why: Any = None) -> str:
        """Why the table refused an entry, in this language: the refusal `text` as journaled,
        with the `why` journaled beside it (or a `Reason`, which knows its own); `text` as it
        is when there is no why, or one with a key or a field this terminal does not know."""
        said = remade(text, why) if why is not None else text
        if not isinstance(said, Reason):
            return text
        return self._refusal(said)

    def _refusal(self, said: Reason) -> str:
        texts = REFUSALS.get(said.key)
        if texts is None:
            return str(said)
        fields = {
            name: self._refusal(value) if isinstance(value, Reason) else value
            for name, value in said.fields.items()
        }
        return texts[self._index].format(**fields)

    def next(self) -> Texts:
        """The next language of LANGUAGES, round."""
        return Texts(LANGUAGES[(self._index + 1) % len(LANGUAGES)])
