"""What the croupier says at a trente et quarante table, in Catalan, Spanish and English.

Section 05 V.3: once the rows are dealt the croupier calls each row's total and the winning
chances ("negre i color guanyen", "negre i invers guanyen"); equal totals void the coup, 31 on
both rows is the refait, and the red card's coming out voids the coup in progress. When bets
are still in prison after the session's last coup, every further coup is called the last.
"""

from __future__ import annotations

from collections.abc import Callable

from games.calls import CALLS, Texts, void_coup
from games.records import Announcement
from games.trente_quarante.rows import TOTALS

# Per language: the names of noir, rouge, couleur and inverse, and how the winners are called
# (Spanish "y" is "e" before an i: "rojo e inverso").
_NAMES = {
    "ca": (
        {"noir": "negre", "rouge": "roig", "couleur": "color", "inverse": "invers"},
        "{row} i {colour} guanyen",
    ),
    "es": (
        {"noir": "negro", "rouge": "rojo", "couleur": "color", "inverse": "inverso"},
        "ganan {row} {y} {colour}",
    ),
    "en": (
        {"noir": "noir", "rouge": "rouge", "couleur": "colour", "inverse": "inverse"},
        "{row} and {colour} win",
    ),
}


def _totals(*totals: int) -> None:
    if any(t not in TOTALS for t in totals):
        raise ValueError(f"a row totals 31 to 40, not {totals}")


def _result(noir: int, rouge: int, colour: str) -> Texts:
    """The rows' totals and the winners: the row nearer 31, and `colour` (couleur or inverse)."""
    _totals(noir, rouge)
    if noir == rouge or colour not in ("couleur", "inverse"):
        raise ValueError(f"noir {noir} and rouge {rouge} with {colour!r} decide no winners")
    row = "noir" if noir < rouge else "rouge"
    texts = {}
    for lang, (names, winners) in _NAMES.items():
        called = winners.format(
            row=names[row], colour=names[colour], y="e" if names[colour][0] == "i" else "y"
        )
        texts[lang] = f"{names['noir'].capitalize()} {noir}, {names['rouge']} {rouge}: {called}"
    return texts


def _equal(total: int) -> Texts:
    """Equal totals other than 31: the coup is void ("après")."""
    _totals(total)
    return {
        "ca": f"{total} a cada fila: jugada nul·la",
        "es": f"{total} en cada fila: jugada nula",
        "en": f"{total} on each row: the coup is void",
    }


_TEXTS: dict[str, Callable[..., Texts]] = {
    "place_bets": CALLS["place_bets"],
    "no_more_bets": CALLS["no_more_bets"],
    "result": _result,
    "equal": _equal,
    "refait": lambda: {
        "ca": "31 a cada fila: refait",
        "es": "31 en cada fila: refait",
        "en": "31 on each row: refait",
    },
    "red_card": lambda: {
        "ca": "Carta roja: jugada nul·la",
        "es": "Carta roja: jugada nula",
        "en": "The red card: the coup is void",
    },
    "void_coup": void_coup,
    "last_coup": lambda: {"ca": "Última jugada", "es": "Última jugada", "en": "Last coup"},
}


def announce(key: str, **params: int | str) -> Announcement:
    """The announcement `key` in every language: place_bets, no_more_bets, result (noir=,
    rouge=: the totals, colour= "couleur" or "inverse"), equal (total=), refait, red_card,
    void_coup, last_coup."""
    if key not in _TEXTS:
        raise ValueError(f"no trente et quarante announcement {key!r} (known: {', '.join(_TEXTS)})")
    return Announcement(key, _TEXTS[key](**params))
