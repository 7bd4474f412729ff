"""The screens' texts of the pads (terminal/screens/pads/): key -> (Catalan, Spanish, English).
The pads' keys also use common's ok, clear, confirm and cancel."""

TEXTS: dict[str, tuple[str, str, str]] = {
    # the digit pad and who signs
    "pads_pin": ("PIN", "PIN", "PIN"),
    "pads_enter_pin": ("Introduïu el PIN", "Introduzca el PIN", "Enter your PIN"),
    "pads_someone_else": ("Una altra persona", "Otra persona", "Someone else"),
    "pads_previous": ("Anterior", "Anterior", "Previous"),
    "pads_next": ("Següent", "Siguiente", "Next"),
    "pads_page": ("Pàgina {n} de {of}", "Página {n} de {of}", "Page {n} of {of}"),
    "pads_nobody": (
        "Ningú no pot signar-ho",
        "Nadie puede firmarlo",
        "Nobody may sign this",
    ),
    # what a signature signs (croupier/session.py signed_subject), above the PIN
    "pads_signs_advance": ("Bestreta {amount}", "Anticipo {amount}", "Advance {amount}"),
    "pads_signs_top_up": ("Reposició {amount}", "Reposición {amount}", "Top-up {amount}"),
    "pads_signs_limits": (
        "Mín. {old_min} → {new_min} · Màx. {old_max} → {new_max}",
        "Mín. {old_min} → {new_min} · Máx. {old_max} → {new_max}",
        "Min. {old_min} → {new_min} · Max. {old_max} → {new_max}",
    ),
    "pads_signs_limits_due": (
        "Reposició necessària {amount}",
        "Reposición necesaria {amount}",
        "Top-up needed {amount}",
    ),
    "pads_signs_cagnotte": (
        "Cagnotte comptada {counted} · segons les jugades {expected}",
        "Cagnotte contada {counted} · según las jugadas {expected}",
        "Cagnotte counted {counted} · by the coups {expected}",
    ),
    "pads_signs_count": (
        "Fitxes {chips} · Efectiu {drop}",
        "Fichas {chips} · Efectivo {drop}",
        "Chips {chips} · Cash {drop}",
    ),
    "pads_signs_result": (
        "Resultat de la taula {amount}",
        "Resultado de la mesa {amount}",
        "Table result {amount}",
    ),
    # the count sheet
    "pads_drop": ("Efectiu", "Efectivo", "Cash drop"),
    "pads_total": ("Total", "Total", "Total"),
    "pads_at_least": ("Com a mínim {amount}", "Como mínimo {amount}", "At least {amount}"),
    "pads_short": ("Falten {amount}", "Faltan {amount}", "{amount} short"),
    "pads_expected": ("Previst {amount}", "Previsto {amount}", "Expected {amount}"),
    "pads_difference": ("Diferència {amount}", "Diferencia {amount}", "Difference {amount}"),
    # the outcome pads and their confirmation
    "pads_enter_number": (
        "Número guanyador, entrat a mà",
        "Número ganador, introducido a mano",
        "Winning number, entered by hand",
    ),
    "pads_enter_segment": (
        "Casella on s'ha aturat la roda, entrada a mà",
        "Casilla donde se ha parado la rueda, a mano",
        "Segment the wheel stopped at, entered by hand",
    ),
    "pads_enter_dice": (
        "Daus, entrats a mà",
        "Dados, introducidos a mano",
        "Dice, entered by hand",
    ),
    "pads_die": ("Dau {n}", "Dado {n}", "Die {n}"),
    # the Spanish pack's suits (pads/cards.py), as the pad names them at the head of their rows
    "pads_suit_oros": ("Oros", "Oros", "Coins"),
    "pads_suit_copes": ("Copes", "Copas", "Cups"),
    "pads_suit_espases": ("Espases", "Espadas", "Swords"),
    "pads_suit_bastos": ("Bastos", "Bastos", "Clubs"),
    "pads_enter_card": (
        "Carta, entrada a mà",
        "Carta, introducida a mano",
        "Card, entered by hand",
    ),
    "pads_confirm_title": (
        "Confirmeu el resultat entrat a mà",
        "Confirme el resultado introducido a mano",
        "Confirm the outcome entered by hand",
    ),
    "pads_red": ("Roig", "Rojo", "Red"),
    "pads_black": ("Negre", "Negro", "Black"),
    "pads_segment": ("Casella {n}", "Casilla {n}", "Segment {n}"),
    # a coup's cards corrected (the correction dialog, croupier/correction.py)
    "pads_cards_dealt": (
        "Les cartes en l'ordre repartit: toqueu-ne una per canviar-la",
        "Las cartas en el orden repartido: toque una para cambiarla",
        "The cards in the order dealt: tap one to change it",
    ),
    "pads_card_n": ("Carta {n}", "Carta {n}", "Card {n}"),
    "pads_add_card": ("Afegeix una carta", "Añadir una carta", "Add a card"),
    "pads_remove_card": ("Treu l'última carta", "Quitar la última carta", "Remove the last card"),
    "pads_cards_done": ("Continua", "Continuar", "Continue"),
    "pads_place_player": ("Punt", "Punto", "Player"),
    "pads_place_banker": ("Banca", "Banca", "Banker"),
    "pads_place_noir": ("Negre", "Negro", "Noir"),
    "pads_place_rouge": ("Roig", "Rojo", "Rouge"),
    "pads_place_dealer": ("Banca", "Banca", "Dealer"),
    "pads_place_bank": ("Banca", "Banca", "Bank"),
    "pads_place_box": ("Casella {n}", "Casilla {n}", "Box {n}"),
    "pads_place_burn": ("Carta cremada", "Carta quemada", "Burnt card"),
    "pads_place_draw": ("Tirada", "Tirada", "Drawn"),
    "pads_place_layout": ("Casella {n}", "Casilla {n}", "Place {n}"),
    # what a correction's PIN signs at a coup: each card changed (croupier/correction.py)
    "pads_card_changed": (
        "Carta {n} ({place}): {was} → {now}",
        "Carta {n} ({place}): {was} → {now}",
        "Card {n} ({place}): {was} → {now}",
    ),
    "pads_card_added": (
        "Carta {n} afegida: {card}",
        "Carta {n} añadida: {card}",
        "Card {n} added: {card}",
    ),
    "pads_card_removed": (
        "Carta {n} ({place}) treta: {card}",
        "Carta {n} ({place}) quitada: {card}",
        "Card {n} ({place}) removed: {card}",
    ),
    "reason_wrong_card": (
        "Carta entrada per error",
        "Carta introducida por error",
        "Wrong card entered",
    ),
}
