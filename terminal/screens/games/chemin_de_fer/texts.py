"""The screens' texts of chemin de fer (this package): key -> (Catalan, Spanish, English), and
the Catalan and Spanish of its refusals.

The words are the regulation's (section 07): "la banca" and "el banquer", "el punt" who plays
against it, "fer banc", "banc seguit", "banc amb la taula", "i últim complet", "garatge", the
calls "carta" and "no", "el quadre de jugades de la banca", the "cagnotte" (the "pou"); a place
is a "plaça", a player standing behind it is "dret". Spanish tables say "banca", "punto",
"banco", "banco seguido", "banco con la mesa", "garaje"; English keeps the French of the game.
"""

TEXTS: dict[str, tuple[str, str, str]] = {
    # the stakes, as every screen names them ("Punt 3", "Banc 5", "Banca 2")
    "bet_banco": ("Banc", "Banco", "Banco"),
    "bet_avec_table": ("Banc amb la taula", "Banco con la mesa", "Banco avec la table"),
    "bet_complete": ("I últim complet", "Y último completo", "Last complete"),
    "bet_ponte": ("Punt", "Punto", "Ponte"),
    "bet_bank": ("Banca", "Banca", "Bank"),
    # the sides a card is dealt to, as the card pad names them
    "pads_place_ponte": ("Punt", "Punto", "Ponte"),
    # the table
    "cdf_croupier": ("Crupier", "Crupier", "Croupier"),
    "cdf_place": ("plaça {n}", "plaza {n}", "place {n}"),
    "cdf_place_standing": ("dret {n}", "de pie {n}", "standing {n}"),
    "cdf_bank": ("Banca", "Banca", "Bank"),
    "cdf_ponte": ("Punt", "Punto", "Ponte"),
    "cdf_ponte_at": ("Punt · {place}", "Punto · {place}", "Ponte · {place}"),
    "cdf_banker_at": ("Banca · {place}", "Banca · {place}", "Bank · {place}"),
    "cdf_bank_line": (
        "Banca {place}: {amount} · garatge {garage}",
        "Banca {place}: {amount} · garaje {garage}",
        "Bank {place}: {amount} · garage {garage}",
    ),
    "cdf_bank_lost": (
        "Banca {place}: perduda, passa",
        "Banca {place}: perdida, pasa",
        "Bank {place}: lost, it passes",
    ),
    "cdf_rest": ("Resta {amount}", "Resto {amount}", "Rest {amount}"),
    "cdf_cagnotte": ("Cagnotte {amount}", "Cagnotte {amount}", "Cagnotte {amount}"),
    "cdf_cut": (
        "Tall del {rate}: {amount} a la cagnotte",
        "Corte del {rate}: {amount} a la cagnotte",
        "Cut of {rate}: {amount} to the cagnotte",
    ),
    "cdf_shoe": (
        "Sabot · queden {left} cartes",
        "Sabot · quedan {left} cartas",
        "Shoe · {left} left",
    ),
    "cdf_shoe_new": ("Sabot per carregar", "Sabot por cargar", "Shoe to load"),
    "cdf_lost_place": ("perduda", "perdida", "lost"),
    # the bank between coups
    "cdf_offered": (
        "La banca s'ofereix a la plaça {place}: {least} com a mínim",
        "La banca se ofrece a la plaza {place}: {least} como mínimo",
        "The bank is offered to place {place}: {least} at least",
    ),
    "cdf_auction": (
        "Ningú no ha pres la banca: subhasta ({bids})",
        "Nadie ha tomado la banca: subasta ({bids})",
        "Nobody took the bank: auction ({bids})",
    ),
    "cdf_no_bids": ("cap licitació", "ninguna puja", "no bid"),
    "cdf_paused": (
        "Taula aturada: ningú no pren la banca al mínim",
        "Mesa parada: nadie toma la banca al mínimo",
        "Table paused: nobody takes the bank at the minimum",
    ),
    "cdf_take": ("Pren la banca", "Toma la banca", "Takes the bank"),
    "cdf_resume": ("Reprèn el joc", "Reanuda el juego", "Play resumes"),
    "cdf_decline": ("No la pren", "No la toma", "Declines"),
    "cdf_bid": ("Licita {place}", "Puja {place}", "Bid: {place}"),
    "cdf_close_auction": ("Adjudica", "Adjudica", "Award"),
    "cdf_pass": ("Passa la mà", "Pasa la mano", "Passes the bank"),
    "cdf_garage": ("Garatge", "Garaje", "Garage"),
    "cdf_add": ("Augmenta", "Aumenta", "Adds"),
    "cdf_associate": ("Associat {place}", "Asociado {place}", "Associate: {place}"),
    "cdf_amount_take": (
        "Plaça {place} pren la banca: import",
        "Plaza {place} toma la banca: importe",
        "Place {place} takes the bank: amount",
    ),
    "cdf_amount_bid": ("Licitació de {place}", "Puja de {place}", "Bid of {place}"),
    "cdf_amount_garage": ("Al garatge", "Al garaje", "Into the garage"),
    "cdf_amount_add": ("Augment de la banca", "Aumento de la banca", "Added to the bank"),
    "cdf_amount_associate": (
        "{place} s'associa a la banca",
        "{place} se asocia a la banca",
        "{place} joins the bank",
    ),
    "cdf_amount": ("Import: {amount}", "Importe: {amount}", "Amount: {amount}"),
    "cdf_amount_least": ("{least} com a mínim", "{least} como mínimo", "{least} at least"),
    # the stakes
    "cdf_banco": ("Banc", "Banco", "Banco"),
    "cdf_suivi": ("Banc seguit", "Banco seguido", "Banco suivi"),
    "cdf_avec_table": ("Amb la taula", "Con la mesa", "Avec la table"),
    "cdf_complete": ("Últim complet", "Último completo", "Last complete"),
    "cdf_standing": ("Dret", "De pie", "Standing"),
    "cdf_stakes_hint": (
        "Un toc a la plaça: punt de la fitxa triada",
        "Un toque en la plaza: punto de la ficha elegida",
        "A tap on a place: a ponte of the chosen chip",
    ),
    "cdf_holds": ("cartes", "cartas", "cards"),
    # the coup
    "cdf_carta": ("Carta", "Carta", "Carte"),
    "cdf_no": ("No", "No", "Non"),
    "cdf_table": ("Quadre", "Cuadro", "Table"),
    "cdf_call_of": ("{side}: {call}", "{side}: {call}", "{side}: {call}"),
    "cdf_asks": (
        "{side} amb {total}: carta o no?",
        "{side} con {total}: ¿carta o no?",
        "{side} on {total}: carte or non?",
    ),
    "cdf_table_used": (
        "La banca segueix el seu quadre",
        "La banca sigue su cuadro",
        "The banker follows his table",
    ),
    "cdf_next_card": ("Carta per {side}", "Carta para {side}", "Card for {side}"),
    "cdf_natural": ("Natural", "Natural", "Natural"),
    "cdf_wins": ("Guanya", "Gana", "Wins"),
    "cdf_tie": ("Empat", "Empate", "Tie"),
    # the players' display
    "cdf_last_coups": ("Últimes jugades", "Últimas jugadas", "Last coups"),
    # the errors of the coup (section 07 VIII), confirmed by the inspector
    "cdf_errors": ("Errors", "Errores", "Errors"),
    "cdf_errors_title": (
        "Errors de la jugada (secció 07 VIII)",
        "Errores de la jugada (sección 07 VIII)",
        "Errors of the coup (section 07 VIII)",
    ),
    "cdf_inspector_signs": (
        "L'inspector confirma l'error",
        "El inspector confirma el error",
        "The inspector confirms the error",
    ),
    # what each remedy does (games/errors.py), as the inspector confirms it
    "cdf_effect_void": (
        "la jugada és nul·la, es tornen les apostes",
        "la jugada es nula, se devuelven las apuestas",
        "the coup is void, the stakes returned",
    ),
    "cdf_effect_forfeit_ponte": (
        "el punt perd la jugada",
        "el punto pierde la jugada",
        "the ponte loses the coup",
    ),
    "cdf_effect_forfeit_banker": (
        "la banca perd la jugada",
        "la banca pierde la jugada",
        "the bank loses the coup",
    ),
    "cdf_effect_force_ponte_natural": (
        "el punt té un 9 natural",
        "el punto tiene un 9 natural",
        "the ponte has a natural 9",
    ),
    "cdf_effect_force_ponte_9": (
        "el punt té 9; la banca pot demanar carta si no té 7",
        "el punto tiene 9; la banca puede pedir carta si no tiene 7",
        "the ponte has 9; the banker may draw unless on 7",
    ),
    "cdf_effect_by_table": (
        "tots dos juguen per la regla, la banca pel seu quadre",
        "ambos juegan por la regla, la banca por su cuadro",
        "both play by the rule, the banker by his table",
    ),
    "cdf_effect_discard": (
        "l'última carta donada es retira del joc",
        "la última carta dada se retira del juego",
        "the last card dealt is put out of play",
    ),
    "cdf_effect_recorded": (
        "queda registrat; el crupier entra la jugada tal com es resol",
        "queda registrado; el crupier entra la jugada tal como se resuelve",
        "recorded; the croupier enters the coup as it is then played",
    ),
    "cdf_error_early_draw": ("Cartes abans d'hora", "Cartas antes de hora", "Drawn early"),
    "cdf_error_face_up": ("Carta descoberta", "Carta descubierta", "Card face up"),
    "cdf_error_stuck": ("Cartes enganxades", "Cartas pegadas", "Cards stuck"),
    "cdf_error_floor": ("Carta a terra", "Carta en el suelo", "Card on the floor"),
    "cdf_error_croupier_exposed": (
        "Crupier mostra una carta",
        "Crupier muestra una carta",
        "Croupier shows a card",
    ),
    "cdf_error_croupier_exposed_both": (
        "Crupier mostra les dues",
        "Crupier muestra las dos",
        "Croupier shows both",
    ),
    "cdf_error_croupier_fault": ("Falta del crupier", "Falta del crupier", "Croupier's fault"),
    "cdf_error_false_carta": ("«Carta» després de «no»", "«Carta» tras «no»", "Carte after non"),
    "cdf_error_fifth_card": ("Cinquena carta", "Quinta carta", "Fifth card"),
    "cdf_error_banker_extra_cards": (
        "Banquer amb més de dues",
        "Banquero con más de dos",
        "Banker took extra",
    ),
    "cdf_error_two_thirds_ponte": (
        "Dues terceres al punt",
        "Dos terceras al punto",
        "Two thirds, ponte",
    ),
    "cdf_error_two_thirds_banker": (
        "Dues terceres a la banca",
        "Dos terceras a la banca",
        "Two thirds, bank",
    ),
    "cdf_error_ponte_card_dropped": (
        "Carta del punt caiguda",
        "Carta del punto caída",
        "Ponte card dropped",
    ),
    "cdf_error_ponte_third_dropped": (
        "Tercera del punt caiguda",
        "Tercera del punto caída",
        "Ponte third dropped",
    ),
    "cdf_error_banker_exposed": (
        "Banquer mostra una carta",
        "Banquero muestra una carta",
        "Banker shows a card",
    ),
    "cdf_error_banker_exposed_both": (
        "Banquer mostra les dues",
        "Banquero muestra las dos",
        "Banker shows both",
    ),
    "cdf_error_early_abat": ("Abat abans d'hora", "Abate antes de hora", "Turned early"),
    "cdf_error_natural_offered": (
        "Carta oferta amb natural",
        "Carta ofrecida con natural",
        "Card on a natural",
    ),
    "cdf_error_banker_discard_unseen": (
        "Banquer llença sense mostrar",
        "Banquero tira sin mostrar",
        "Banker discards unseen",
    ),
    "cdf_error_slow": ("Punt lent", "Punto lento", "Slow ponte"),
    "cdf_error_advice": ("Consell d'altri", "Consejo de otro", "Advice given"),
    "cdf_error_wrong_call": ("Crida equivocada", "Llamada equivocada", "Wrong call"),
    "cdf_error_forgot_abat": ("Natural no abatut", "Natural no abatido", "Natural not turned"),
    "cdf_error_other_call": ("Altra crida errònia", "Otra llamada errónea", "Other wrong call"),
    "cdf_error_ponte_discard_unseen": (
        "Punt llença sense mostrar",
        "Punto tira sin mostrar",
        "Ponte discards unseen",
    ),
    "cdf_error_other": ("Altre (l'inspector decideix)", "Otro (decide el inspector)", "Other"),
}

REFUSALS: dict[str, tuple[str, str]] = {
    # the stakes and the coup (games/chemin_de_fer/engine.py)
    "cdf_no_bank": (
        "ningú no té la banca: primer s'ofereix",
        "nadie tiene la banca: primero se ofrece",
    ),
    "cdf_not_circle_bet": (
        "una aposta de chemin de fer va per posició (ponte:3, ponte:s3)",
        "una apuesta de chemin de fer va por posición (ponte:3, ponte:s3)",
    ),
    "cdf_unknown_code": (
        "{code!r}: cap aposta de chemin de fer (banco, avec_table, complete, ponte)",
        "{code!r}: ninguna apuesta de chemin de fer (banco, avec_table, complete, ponte)",
    ),
    "cdf_holder_stakes": (
        "{position} té la banca (o una part): no hi aposta en contra",
        "{position} tiene la banca (o una parte): no apuesta contra ella",
    ),
    "cdf_one_stake": (
        "{position} ja aposta en aquesta jugada",
        "{position} ya apuesta en esta jugada",
    ),
    "cdf_below_min": (
        "{stake} és per sota del mínim del punt, {min}",
        "{stake} está por debajo del mínimo del punto, {min}",
    ),
    "cdf_not_chips": (
        "{stake} no és un nombre sencer de fitxes de {unit}",
        "{stake} no es un número entero de fichas de {unit}",
    ),
    "cdf_over_rest": (
        "{stake} és més que la resta de la banca sense cobrir, {rest} (l. 816)",
        "{stake} es más que el resto de la banca sin cubrir, {rest} (l. 816)",
    ),
    "cdf_banco_whole": (
        "el banc aposta tota la banca, {bank}: en queden {rest} sense cobrir",
        "el banco apuesta toda la banca, {bank}: quedan {rest} sin cubrir",
    ),
    "cdf_banco_partners": (
        "un banc en associació nomena totes les apostes dels seus socis",
        "un banco en asociación nombra todas las apuestas de sus socios",
    ),
    "cdf_suivi_right": (
        "{position} no té dret a banc seguit: {right}",
        "{position} no tiene derecho a banco seguido: {right}",
    ),
    "cdf_avec_table_half": (
        "el banc amb la taula aposta la meitat de la banca, {half}",
        "el banco con la mesa apuesta la mitad de la banca, {half}",
    ),
    "cdf_avec_table_once": (
        "el banc amb la taula es diu una vegada, quan ningú no fa banc",
        "el banco con la mesa se dice una vez, cuando nadie hace banco",
    ),
    "cdf_complete_after": (
        "l'últim complet completa un banc amb la taula: {rest}",
        "el último completo completa un banco con la mesa: {rest}",
    ),
    "cdf_call_not_asked": ("{place} no diu res ara", "{place} no dice nada ahora"),
    "cdf_call_refused": (
        "{place} pot dir {options}, no {call}",
        "{place} puede decir {options}, no {call}",
    ),
    # the bank's life (games/chemin_de_fer/bank.py)
    "bank_not_offered": (
        "la banca s'ofereix a {to}, no a {by}",
        "la banca se ofrece a {to}, no a {by}",
    ),
    "bank_no_offer": ("ara no s'ofereix la banca a ningú", "ahora no se ofrece la banca a nadie"),
    "bank_held": ("{banker} té la banca", "{banker} tiene la banca"),
    "bank_none": ("ningú no té la banca", "nadie tiene la banca"),
    "bank_below": (
        "la banca es pren per {min} com a mínim, no per {amount}",
        "la banca se toma por {min} como mínimo, no por {amount}",
    ),
    "bank_above": (
        "la banca pot tenir {max} com a màxim, no {amount}",
        "la banca puede tener {max} como máximo, no {amount}",
    ),
    "bank_not_chips": (
        "la banca és {amount}: un múltiple de la unitat de fitxa, {unit}",
        "la banca es {amount}: un múltiplo de la unidad de ficha, {unit}",
    ),
    "bank_not_banker": (
        "{by} no té la banca: la té {banker}",
        "{by} no tiene la banca: la tiene {banker}",
    ),
    "bank_not_dealt": (
        "un banquer nou dona cartes una vegada abans de passar la mà (l. 814)",
        "un banquero nuevo da cartas una vez antes de pasar la mano (l. 814)",
    ),
    "bank_garage_over": (
        "{amount} és més que els guanys fora del garatge ({free})",
        "{amount} es más que las ganancias fuera del garaje ({free})",
    ),
    "bank_garage_early": (
        "els guanys ({winnings}) van al garatge un cop passen de {least} (l. 820)",
        "las ganancias ({winnings}) van al garaje una vez pasan de {least} (l. 820)",
    ),
    "bank_associate_banker": (
        "el banquer no s'associa amb si mateix: augmenta la banca",
        "el banquero no se asocia consigo mismo: aumenta la banca",
    ),
    "bank_no_bids": (
        "la subhasta es fa quan ningú no ha pres la banca en rotació",
        "la subasta se hace cuando nadie ha tomado la banca en rotación",
    ),
    "bank_bid_excluded": (
        "{by} ha passat la mà (o n'era l'associat): no licita (l. 811)",
        "{by} ha pasado la mano (o era su asociado): no puja (l. 811)",
    ),
    "bank_bid_below": (
        "{by} licita {amount}: com a mínim {min}",
        "{by} puja {amount}: como mínimo {min}",
    ),
    # the bank's entries (games/chemin_de_fer/entries.py)
    "bank_in_play": (
        "la banca canvia només entre jugades",
        "la banca cambia solo entre jugadas",
    ),
    # an error of the coup (terminal/runtime/rounds/errors.py, the engine's remedies)
    "cdf_no_error": (
        "{code!r}: cap error de la taula (errors: {codes})",
        "{code!r}: ningún error de la tabla (errores: {codes})",
    ),
    "cdf_nothing_to_discard": (
        "encara no s'ha donat cap carta: no n'hi ha cap per retirar",
        "aún no se ha dado ninguna carta: no hay ninguna que retirar",
    ),
    "table_not_paused": (
        "la taula no està aturada: el joc continua",
        "la mesa no está parada: el juego continúa",
    ),
    "bank_associate_change": (
        "un associat entra en un canvi de banca, abans de la primera jugada",
        "un asociado entra en un cambio de banca, antes de la primera jugada",
    ),
}
