"""The bets as the screens name them: key -> (Catalan, Spanish, English), and `said`, which
turns a bet's code (docs/bets.md: `straight:17`, `box:1.2`, `odds:come:5`, `red`) into them.

One name for one bet everywhere: the payouts, the history, the refusals, the players' display
and the limits it posts. The names are the regulation's (Catalan: ple, cavall, transversal,
quadre, sisena, roig, falta, passa; craps' Win, Don't Win, Come, the Right and Wrong bets, "joc
de 7") and the usual ones at a Spanish table (pleno, caballo, cuadro, seisena, rojo).
"""

from __future__ import annotations

from collections.abc import Callable, Container

TEXTS: dict[str, tuple[str, str, str]] = {
    # the roulettes (01, 02)
    "bet_straight": ("Ple", "Pleno", "Straight"),
    "bet_split": ("Cavall", "Caballo", "Split"),
    "bet_street": ("Transversal", "Transversal", "Street"),
    "bet_corner": ("Quadre", "Cuadro", "Corner"),
    "bet_sixline": ("Sisena", "Seisena", "Six line"),
    "bet_column": ("Columna", "Columna", "Column"),
    "bet_dozen": ("Dotzena", "Docena", "Dozen"),
    "bet_columns": ("Dues columnes", "Dos columnas", "Two columns"),
    "bet_dozens": ("Dues dotzenes", "Dos docenas", "Two dozens"),
    "bet_red": ("Roig", "Rojo", "Red"),
    "bet_black": ("Negre", "Negro", "Black"),
    "bet_even": ("Parell", "Par", "Even"),
    "bet_odd": ("Imparell", "Impar", "Odd"),
    "bet_low": ("Falta", "Falta", "Low"),
    "bet_high": ("Passa", "Pasa", "High"),
    "bet_chances": ("Sorts senzilles", "Suertes sencillas", "Even chances"),
    # boule (04), the wheel of fortune
    "bet_number": ("Número", "Número", "Number"),
    "bet_sym": ("Símbol", "Símbolo", "Symbol"),
    "bet_joker": ("Comodí", "Comodín", "Joker"),
    # craps (09 IV.1)
    "bet_pass": ("Win", "Win", "Pass"),
    "bet_dontpass": ("Don't Win", "Don't Win", "Don't Pass"),
    "bet_come": ("Come", "Come", "Come"),
    "bet_dontcome": ("Don't Come", "Don't Come", "Don't Come"),
    "bet_come_n": ("Come al {n}", "Come al {n}", "Come on {n}"),
    "bet_dontcome_n": ("Don't Come al {n}", "Don't Come al {n}", "Don't Come on {n}"),
    "bet_field": ("Field", "Field", "Field"),
    "bet_big6": ("Big 6", "Big 6", "Big 6"),
    "bet_big8": ("Big 8", "Big 8", "Big 8"),
    "bet_under7": ("Under 7", "Under 7", "Under 7"),
    "bet_over7": ("Over 7", "Over 7", "Over 7"),
    "bet_hard": ("Hard ways", "Hard ways", "Hard ways"),
    "bet_hard_n": ("Hard {n}", "Hard {n}", "Hard {n}"),
    "bet_any7": ("Joc de 7", "Juego de 7", "Any seven"),
    "bet_yo11": ("Joc d'11", "Juego del 11", "Yo 11"),
    "bet_anycraps": ("Any craps", "Any craps", "Any craps"),
    "bet_craps": ("Craps 2, 3, 12", "Craps 2, 3, 12", "Craps 2, 3, 12"),
    "bet_craps_n": ("Craps {n}", "Craps {n}", "Craps {n}"),
    "bet_horn": ("Horn", "Horn", "Horn"),
    "bet_place": ("Right bets", "Right bets", "Place bets"),
    "bet_place_n": ("Right bet al {n}", "Right bet al {n}", "Place {n}"),
    "bet_lay": ("Wrong bets", "Wrong bets", "Lay bets"),
    "bet_lay_n": ("Wrong bet al {n}", "Wrong bet al {n}", "Lay {n}"),
    "bet_odds_of": ("Associada de {line}", "Asociada de {line}", "{line} odds"),
    # blackjack (03), poker sense descart: a box's bets
    "bet_box": ("Casella", "Casilla", "Box"),
    "bet_box_n": ("Casella {n}", "Casilla {n}", "Box {n}"),
    "bet_in_box": ("{bet}, casella {n}", "{bet}, casilla {n}", "{bet}, box {n}"),
    "bet_insurance": ("Assegurança", "Seguro", "Insurance"),
    "bet_ante": ("Aposta inicial", "Apuesta inicial", "Ante"),
    "bet_call": ("Segona aposta", "Segunda apuesta", "Call"),
    "bet_carrousel": ("Carrousel", "Carrusel", "Carrousel"),
    # punto banco (06), trente et quarante (05)
    "bet_player": ("Punt", "Punto", "Player"),
    "bet_banker": ("Banca", "Banca", "Banker"),
    "bet_tie": ("Empat", "Empate", "Tie"),
    "bet_noir": ("Negre", "Negro", "Noir"),
    "bet_rouge": ("Roig", "Rojo", "Rouge"),
    "bet_couleur": ("Color", "Color", "Couleur"),
    "bet_inverse": ("Invers", "Inverso", "Inverse"),
}

# the families whose code ends in the box they are on: `ante:3` is "Ante, box 3"
IN_BOX = ("insurance", "ante", "call", "carrousel")


def said(texts: Callable[..., str], code: str, known: Container[str] = TEXTS) -> str:
    """`code` in words, by `texts` (a `Texts`): "Ple 17", "Cavall 17-20", "Roig", "Casella 1.2"
    (a split's second hand), "Associada de Come al 5"; a code of a family the catalogue does not
    know, as it is written (a newer table's bet on an older terminal). `known`: the keys of the
    catalogue, whose games' texts name their own bets (`bet_<family>`)."""
    family, _, rest = code.partition(":")
    if family == "odds" and rest:
        return texts("bet_odds_of", line=said(texts, rest, known))
    if f"bet_{family}" not in known:
        return code
    if not rest:
        return texts(f"bet_{family}")
    if f"bet_{family}_n" in known:
        return texts(f"bet_{family}_n", n=rest)
    if family in IN_BOX:
        return texts("bet_in_box", bet=texts(f"bet_{family}"), n=rest)
    return f"{texts(f'bet_{family}')} {rest}"
