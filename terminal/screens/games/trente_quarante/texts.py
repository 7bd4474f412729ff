"""The screens' texts of trente et quarante (this package): key ->
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
}


# why the table refuses an entry of this game, by its key in its game's `WHY` tables (Game.reasons):
# (Catalan, Spanish); the English is the refusal's own
REFUSALS: dict[str, tuple[str, str]] = {
    # trente et quarante (games/trente_quarante/engine.py)
    "tq_new_bet_in_prison": (
        "una aposta nova no pot ser a la presó",
        "una apuesta nueva no puede estar en prisión",
    ),
    "tq_refait_choice_unknown": (
        "l'opció en un refait és presó o meitat, no {choice}",
        "la opción en un refait es prisión o mitad, no {choice}",
    ),
    "tq_covers_only_insurance": (
        "només una aposta d'assegurança en cobreix una altra",
        "solo una apuesta de seguro cubre otra apuesta",
    ),
    "tq_insured_no_half": (
        "una aposta assegurada es retorna en un refait: no admet l'opció de la meitat",
        "una apuesta asegurada se devuelve en un refait: no admite la opción de la mitad",
    ),
    "tq_insurance_threshold": (
        "l'assegurança és per a apostes de {threshold} o més, no {stake}",
        "el seguro es para apuestas de {threshold} o más, no {stake}",
    ),
    "tq_premium_not_chips": (
        "la prima ({share} de {stake}: {premium}) no és un nombre sencer de fitxes de {unit}",
        "la prima ({share} de {stake}: {premium}) no es un número entero de fichas de {unit}",
    ),
    "tq_insurance_plain": (
        "una aposta d'assegurança es fa sense més: ni assegurada ni amb opció en un refait",
        "una apuesta de seguro se hace sin más: ni asegurada ni con opción en un refait",
    ),
    "tq_insurance_names_bet": (
        "una aposta d'assegurança indica quina aposta assegura (covers)",
        "una apuesta de seguro indica qué apuesta asegura (covers)",
    ),
    "tq_insurance_no_bet": (
        "no hi ha cap aposta {id} en aquesta jugada per assegurar: feu-la primer",
        "no hay ninguna apuesta {id} en esta jugada que asegurar: hágala primero",
    ),
    "tq_not_insured_chance": (
        "l'aposta {id} no és una sort assegurada (insured: true)",
        "la apuesta {id} no es una suerte asegurada (insured: true)",
    ),
    "tq_premium_other_seat": (
        "l'aposta {id} és del seient {seat}: la prima la paga el mateix seient",
        "la apuesta {id} es del asiento {seat}: la prima la paga el mismo asiento",
    ),
    "tq_insured_already": (
        "l'aposta {id} ja està assegurada",
        "la apuesta {id} ya está asegurada",
    ),
    "tq_premium_wrong": (
        "la prima de l'aposta {id} és {premium} ({share} de {stake}), no {entered}",
        "la prima de la apuesta {id} es {premium} ({share} de {stake}), no {entered}",
    ),
}
