"""The screens' texts of trente et quarante (terminal/screens/views/trente_quarante*.py): key ->
(Catalan, Spanish, English).

The words are the regulation's (section 05): the "fila negra" and the "fila roja", "roig",
"negre", "color" and "invers", the "carta roja" before the last five cards, the "dipòsit d'1 per
100" of the insurance; and the zero's prison ("presó") and half back ("meitat") of roulette,
which a refait follows. Spanish tables say "negro", "rojo", "color", "inverso", "seguro",
"prisión" and "mitad"; "refait" is the word at every table.
"""

TEXTS: dict[str, tuple[str, str, str]] = {
    # the cloth's four chances (section 05 II.2), which name the two rows too
    "tq_noir": ("NEGRE", "NEGRO", "NOIR"),
    "tq_rouge": ("ROIG", "ROJO", "ROUGE"),
    "tq_couleur": ("COLOR", "COLOR", "COULEUR"),
    "tq_inverse": ("INVERS", "INVERSO", "INVERSE"),
    # what the coup waits for
    "tq_next_noir": (
        "Carta de la fila negra, entrada a mà",
        "Carta de la fila negra, introducida a mano",
        "Noir row's card, entered by hand",
    ),
    "tq_next_rouge": (
        "Carta de la fila roja, entrada a mà",
        "Carta de la fila roja, introducida a mano",
        "Rouge row's card, entered by hand",
    ),
    "tq_dealing_noir": (
        "Cartes a la fila negra",
        "Cartas a la fila negra",
        "Cards to the noir row",
    ),
    "tq_dealing_rouge": (
        "Cartes a la fila roja",
        "Cartas a la fila roja",
        "Cards to the rouge row",
    ),
    "tq_new_shoe": (
        "Sabot nou: remeneu, feu escapçar, poseu la carta roja i carregueu-lo",
        "Sabot nuevo: baraje, haga cortar, ponga la carta roja y cárguelo",
        "New shoe: shuffle, have it cut, place the red card and load it",
    ),
    "tq_red_card": ("Carta roja", "Carta roja", "Red card"),
    # what the rows decided
    "tq_previous": ("Jugada anterior", "Jugada anterior", "Previous coup"),
    "tq_refait": ("REFAIT", "REFAIT", "REFAIT"),
    "tq_void": ("NUL·LA", "NULA", "VOID"),
    "tq_red_card_out": ("CARTA ROJA", "CARTA ROJA", "RED CARD"),
    # the choice on a refait and the insurance, for the next bets
    "tq_zero_prison": ("Refait: presó", "Refait: prisión", "Refait: prison"),
    "tq_zero_half": ("Refait: meitat", "Refait: mitad", "Refait: half back"),
    "tq_zero_insured": ("Refait: es retorna", "Refait: se devuelve", "Refait: returned"),
    "tq_insure_off": ("Assegurança {share}: no", "Seguro {share}: no", "Insurance {share}: off"),
    "tq_insure_on": ("Assegurança {share}: sí", "Seguro {share}: sí", "Insurance {share}: on"),
    "tq_insure_from": (
        "Assegurança des de {amount}",
        "Seguro desde {amount}",
        "Insurance from {amount}",
    ),
    # the players' display: the last coups
    "tq_last_coups": ("Últimes jugades", "Últimas jugadas", "Last coups"),
    "tq_no_coups": ("Encara cap jugada", "Todavía ninguna jugada", "No coups yet"),
    "tq_refaits": ("Refaits: {n}", "Refaits: {n}", "Refaits: {n}"),
    "tq_voids": ("Nul·les: {n}", "Nulas: {n}", "Void: {n}"),
    # the players' display's footer names the maxima by family (terminal/screens/players.py)
    "players_family_noir": ("Negre", "Negro", "Noir"),
    "players_family_rouge": ("Roig", "Rojo", "Rouge"),
    "players_family_couleur": ("Color", "Color", "Couleur"),
    "players_family_inverse": ("Invers", "Inverso", "Inverse"),
    # the payouts sheet names the bets by family (terminal/screens/payouts_draw.py)
    "payouts_family_noir": ("Negre", "Negro", "Noir"),
    "payouts_family_rouge": ("Roig", "Rojo", "Rouge"),
    "payouts_family_couleur": ("Color", "Color", "Couleur"),
    "payouts_family_inverse": ("Invers", "Inverso", "Inverse"),
    "payouts_family_insurance": ("Assegurança", "Seguro", "Insurance"),
}
