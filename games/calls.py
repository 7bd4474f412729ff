"""The croupier's calls that boule and the wheel of fortune make in the same words as roulette.

"Facin joc" / "Hagan juego" / "Place your bets", "No hi va més" / "No va más" / "No more
bets", the void spin, and the closing countdown: Article 27.5 has "les tres últimes boles"
announced at the boule, roulette and wheel of fortune tables alike, and "les últimes cinc mans"
at the card tables that count hands (`last_hands`), where every croupier calls a void coup
alike (`void_coup`). A game's announcements module adds its own result call to these.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.records import Announcement

Texts = dict[str, str]

# "The last N spins", by N; a single spin has its own words.
_LAST = {
    "ca": ("L'última bola", "Les {} últimes boles"),
    "es": ("La última bola", "Las {} últimas bolas"),
    "en": ("The last spin", "The last {} spins"),
}
_COUNTS = {
    "ca": {2: "dues", 3: "tres", 4: "quatre", 5: "cinc"},
    "es": {2: "dos", 3: "tres", 4: "cuatro", 5: "cinco"},
    "en": {2: "two", 3: "three", 4: "four", 5: "five"},
}


def _countdown(words: dict[str, tuple[str, str]], n: int, what: str) -> Texts:
    """ "The last N ...", in every language of `words` (one: the last one's own words)."""
    if type(n) is not int or n < 1:
        raise ValueError(f"cannot announce the last {n!r} {what}")
    if n == 1:
        return {lang: one for lang, (one, _) in words.items()}
    return {lang: many.format(_COUNTS[lang].get(n, n)) for lang, (_, many) in words.items()}


def last_rounds(n: int) -> Texts:
    return _countdown(_LAST, n, "spins")


# "The last N hands" (Article 27.5: «les últimes cinc mans» at punto banco, poker, monte and
# baccarat), by N; a single hand has its own words.
_LAST_HANDS = {
    "ca": ("L'última mà", "Les últimes {} mans"),
    "es": ("La última mano", "Las últimas {} manos"),
    "en": ("The last hand", "The last {} hands"),
}


def last_hands(n: int) -> Texts:
    return _countdown(_LAST_HANDS, n, "hands")


CALLS: dict[str, Callable[..., Texts]] = {
    "place_bets": lambda: {"ca": "Facin joc", "es": "Hagan juego", "en": "Place your bets"},
    "no_more_bets": lambda: {"ca": "No hi va més", "es": "No va más", "en": "No more bets"},
    "last_rounds": last_rounds,
    "void_spin": lambda: {"ca": "Tirada nul·la", "es": "Tirada nula", "en": "No spin"},
}


def void_coup() -> Texts:
    """A card table's void coup, in the words every card game's croupier says it."""
    return {"ca": "Jugada nul·la", "es": "Jugada nula", "en": "Void coup"}


def announcer(game: str, result: Callable[..., Texts]) -> Callable[..., Announcement]:
    """The `announce(key, **params)` of a game whose result is called by `result(**params)`."""
    texts = {**CALLS, "result": result}

    def announce(key: str, **params: Any) -> Announcement:
        if key not in texts:
            raise ValueError(f"no {game} announcement {key!r} (known: {', '.join(texts)})")
        return Announcement(key, texts[key](**params))

    return announce
