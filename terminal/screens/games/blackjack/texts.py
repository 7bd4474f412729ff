"""The texts of the blackjack table screen and its players' display (this package): key ->
(Catalan, Spanish, English). The regulation's own words where it has them (section 03): the
"casella" and its "mans", "demanar carta", "plantar-se", "doblar", "separar", the "assegurança",
the "separador" (the cut card), the five cards put aside."""

TEXTS: dict[str, tuple[str, str, str]] = {
    "bj_dealer": ("Banca", "Banca", "Dealer"),
    "bj_box": ("Casella {n}", "Casilla {n}", "Box {n}"),
    "bj_box_short": ("C{n}", "C{n}", "B{n}"),
    "bj_blackjack": ("Black Jack", "Black Jack", "Blackjack"),
    "bj_bust": ("Passada", "Pasada", "Bust"),
    "bj_doubled": ("Doble · as = 1", "Doble · as = 1", "Double · ace = 1"),
    "bj_insurance": ("Ass. {amount}", "Seg. {amount}", "Ins. {amount}"),
    "bj_held": ("= {amount}", "= {amount}", "= {amount}"),
    "bj_bets_n": ("{n} apostes: {amount}", "{n} apuestas: {amount}", "{n} bets: {amount}"),
    # the decisions (section 03 V.1), as the buttons of the box whose decision is asked
    "bj_decide_hit": ("Demana carta", "Pide carta", "Hit"),
    "bj_decide_stand": ("Es planta", "Se planta", "Stand"),
    "bj_decide_double": ("Dobla", "Dobla", "Double"),
    "bj_decide_split": ("Separa", "Separa", "Split"),
    "bj_decide_insurance": ("Assegurança", "Seguro", "Insurance"),
    "bj_decide_no_insurance": ("Sense assegurança", "Sin seguro", "No insurance"),
    "bj_asks": (
        "Decideix {place} ({total})",
        "Decide {place} ({total})",
        "{place} decides ({total})",
    ),
    "bj_asks_insurance": ("{place}: assegurança?", "{place}: ¿seguro?", "{place}: insurance?"),
    # what the coup waits for, and what the croupier says meanwhile
    "bj_card_for": ("Carta per a: {place}", "Carta para: {place}", "Card for: {place}"),
    "bj_card_dealer": ("Carta per a la banca", "Carta para la banca", "Card for the dealer"),
    "bj_burn_count": (
        "Aparteu {n} cartes cara avall",
        "Aparte {n} cartas boca abajo",
        "Burn {n} cards face down",
    ),
    "bj_burnt": ("{n} apartades", "{n} apartadas", "{n} burnt"),
    "bj_new_shoe_loaded": ("Sabot nou carregat", "Sabot nuevo cargado", "New shoe loaded"),
    "bj_undo": ("Desfés", "Deshacer", "Undo"),
    "bj_confirm_n": ("Confirma ({n})", "Confirmar ({n})", "Confirm ({n})"),
    "bj_new_shoe": (
        "Sabot nou: remeneu, escapceu i carregueu",
        "Sabot nuevo: baraje, corte y cargue",
        "New shoe: shuffle, cut and load",
    ),
    "bj_insurance_offer": (
        "La banca té un as: assegurança?",
        "La banca tiene un as: ¿seguro?",
        "Dealer shows an ace: insurance?",
    ),
    "bj_ace_counts_one": (
        "Aposta doble: l'as val un punt",
        "Apuesta doble: el as vale un punto",
        "Double: the ace counts one point",
    ),
    "bj_tap_box": (
        "{seat} · {chip}: toqueu una casella",
        "{seat} · {chip}: toque una casilla",
        "{seat} · {chip}: tap a box",
    ),
    "bj_no_bets": ("Cap aposta", "Ninguna apuesta", "No bets"),
    "bj_shoe": ("Sabot: {n} cartes", "Sabot: {n} cartas", "Shoe: {n} cards"),
    "bj_cut_out": ("Separador: última mà", "Separador: última mano", "Cut card: last hand"),
    "bj_last_shoe": ("Últim sabot", "Último sabot", "Last shoe"),
    "bj_void": (
        "Jugada nul·la: es tornen {amount}",
        "Jugada nula: se devuelven {amount}",
        "Void coup: {amount} returned",
    ),
    "bj_returned": ("torna {amount}", "devuelve {amount}", "returned {amount}"),
    "bj_push": ("nul·la", "nula", "push"),
    # the players' display
    "bj_players_title": ("Últimes jugades", "Últimas jugadas", "Last coups"),
    "bj_players_none": (
        "Encara no s'ha jugat cap mà",
        "Todavía no se ha jugado ninguna mano",
        "No coup played yet",
    ),
    "bj_players_void": ("Jugada nul·la", "Jugada nula", "Void coup"),
}


# why the table refuses an entry of this game, by its key in its game's `WHY` tables (Game.reasons):
# (Catalan, Spanish); the English is the refusal's own
REFUSALS: dict[str, tuple[str, str]] = {
    # blackjack (games/blackjack/engine.py)
    "blackjack_bet_doubled": (
        "una aposta de blackjack es fa sense doblar: només es dobla durant el joc",
        "una apuesta de blackjack se hace sin doblar: solo se dobla durante el juego",
    ),
    "blackjack_box_full": (
        "{code} ja té {n} apostes, el màxim que admet una casella (secció 03 IV.c)",
        "{code} ya tiene {n} apuestas, el máximo que admite una casilla (sección 03 IV.c)",
    ),
    "blackjack_box_over_max": (
        "{code} tindria {held}, per sobre del màxim de {max} en una casella (secció 03 V.2.b)",
        "{code} tendría {held}, por encima del máximo de {max} en una casilla (sección 03 V.2.b)",
    ),
    "blackjack_insurance_in_play": (
        "{code}: l'assegurança s'ofereix durant la jugada, quan la carta de la banca és un as",
        "{code}: el seguro se ofrece durante la jugada, cuando la carta de la banca es un as",
    ),
    "blackjack_split_hand": (
        "{code} és una mà que surt d'una separació; aposteu a {box}",
        "{code} es una mano que resulta de separar; apueste en {box}",
    ),
    "blackjack_not_an_option": (
        "les opcions de {place} són {options}, no {action}",
        "las opciones de {place} son {options}, no {action}",
    ),
}
