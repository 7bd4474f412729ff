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
    "pads_red": ("Vermell", "Rojo", "Red"),
    "pads_black": ("Negre", "Negro", "Black"),
    "pads_segment": ("Casella {n}", "Casilla {n}", "Segment {n}"),
    # a coup's cards corrected (the correction dialog, croupier/rounds.py)
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
    "pads_place_dealer": ("Crupier", "Crupier", "Dealer"),
    "pads_place_bank": ("Banca", "Banca", "Bank"),
    "pads_place_box": ("Casella {n}", "Casilla {n}", "Box {n}"),
    "pads_place_burn": ("Carta cremada", "Carta quemada", "Burnt card"),
    "reason_wrong_card": (
        "Carta entrada per error",
        "Carta introducida por error",
        "Wrong card entered",
    ),
}
