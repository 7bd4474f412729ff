"""Every text the screens show, in Catalan, Spanish and English: one catalogue, made of the parts'
tables (`common`, `session`, ...), each key defined once. `Texts(language)` looks a key up and
fills its fields; switching language on the screen is a new `Texts`, taken at the next frame.

A key missing from the catalogue is a programming error (KeyError): the test of the catalogue
checks every key the screens' code names.
"""

from __future__ import annotations

from collections.abc import Mapping

from terminal.screens.texts import common, layouts, pads, payouts, players, session

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
    common.TEXTS, session.TEXTS, layouts.TEXTS, pads.TEXTS, payouts.TEXTS, players.TEXTS
)


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

    def next(self) -> Texts:
        """The next language of LANGUAGES, round."""
        return Texts(LANGUAGES[(self._index + 1) % len(LANGUAGES)])
