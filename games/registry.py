"""Every game the terminal plays: one line each (games/game.py says what a game tells of
itself; docs/adding-a-game.md how to add one)."""

from __future__ import annotations

from games.blackjack.game import GAME as BLACKJACK
from games.boule.game import GAME as BOULE
from games.chemin_de_fer.game import GAME as CHEMIN_DE_FER
from games.craps.game import GAME as CRAPS
from games.fortune_wheel.game import GAME as FORTUNE_WHEEL
from games.game import Game
from games.monte.game import GAME as MONTE
from games.poker_stud.game import GAME as POKER_STUD
from games.punto_banco.game import GAME as PUNTO_BANCO
from games.roulette.game import AMERICAN, FRENCH
from games.trente_quarante.game import GAME as TRENTE_QUARANTE

GAMES: dict[str, Game] = {
    game.id: game
    for game in (
        FRENCH,
        AMERICAN,
        BOULE,
        FORTUNE_WHEEL,
        CRAPS,
        POKER_STUD,
        BLACKJACK,
        PUNTO_BANCO,
        TRENTE_QUARANTE,
        MONTE,
        CHEMIN_DE_FER,
    )
}


class UnknownGame(KeyError):
    def __str__(self) -> str:
        return f"unknown game {self.args[0]!r} (games: {', '.join(sorted(GAMES))})"


def game(game_id: str) -> Game:
    """The game `game_id`; UnknownGame naming the games there are."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise UnknownGame(game_id) from None
