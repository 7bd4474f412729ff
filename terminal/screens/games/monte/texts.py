"""The screens' texts of monte (this package): key -> (Catalan, Spanish, English).

The words are the regulation's (section 13): the two phases, "Primeres" and "Segones", the cards
"emplaçades" and the "cremades", the boxes S (Salto), C (Camo), A (Anti), V (Viudo) and Vis
(Vista hermosa) and the "Cartes" one against another; a coup is a "mà", as «les últimes cinc
mans» count them. Spanish tables say "Primeras", "Segundas", "quemadas"; English keeps the
cloth's names of the bets.
"""

TEXTS: dict[str, tuple[str, str, str]] = {
    # the bets, as every screen names them (texts/bets.py: "Carta 1v2", "Camo 3")
    "bet_card": ("Carta", "Carta", "Card"),
    "bet_pair": ("Cartes", "Cartas", "Cards"),
    "bet_salto": ("Salto", "Salto", "Salto"),
    "bet_camo": ("Camo", "Camo", "Camo"),
    "bet_anti": ("Anti", "Anti", "Anti"),
    "bet_viudo": ("Viudo", "Viudo", "Viudo"),
    "bet_vis": ("Vis", "Vis", "Vis"),
    "bet_camo_segones": ("Camo a Segones", "Camo en Segundas", "Camo, second phase"),
    # the boxes of a place on the cloth, as printed on it
    "mo_box_salto": ("S", "S", "S"),
    "mo_box_camo": ("C", "C", "C"),
    "mo_box_anti": ("A", "A", "A"),
    "mo_box_viudo": ("V", "V", "V"),
    "mo_box_vis": ("Vis", "Vis", "Vis"),
    # the coup and its phase
    "mo_primeres": ("Primeres", "Primeras", "First phase"),
    "mo_segones": ("Segones", "Segundas", "Second phase"),
    "mo_laying": ("Cartes emplaçades", "Cartas colocadas", "Layout"),
    "mo_coup": ("Mà {n}", "Mano {n}", "Hand {n}"),
    "mo_pack_red": ("baralla roja", "baraja roja", "red pack"),
    "mo_pack_blue": ("baralla blava", "baraja azul", "blue pack"),
    "mo_row": ("fila {row}", "fila {row}", "row {row}"),
    "mo_place": ("Carta {n}", "Carta {n}", "Card {n}"),
    "mo_drawn": ("Tretes:", "Sacadas:", "Drawn:"),
    "mo_none_drawn": ("encara cap", "aún ninguna", "none yet"),
    "mo_burnt": ("Cremades", "Quemadas", "Burnt"),
    "mo_load_pack": (
        "Baralla nova: remeneu-la, feu-la escapçar i carregueu-la",
        "Baraja nueva: barájela, haga cortar y cárguela",
        "New pack: shuffle it, have it cut and load it",
    ),
    "mo_card_due": (
        "{coup}: carta per a la casella {place}",
        "{coup}: carta para la casilla {place}",
        "{coup}: card for place {place}",
    ),
    "mo_draw_due": (
        "{coup}, {phase}: carta {n}",
        "{coup}, {phase}: carta {n}",
        "{coup}, {phase}: card {n}",
    ),
    "mo_first_card": (
        "Primera carta: es descompta el {rate} dels guanys (no a la Vis)",
        "Primera carta: se descuenta el {rate} de las ganancias (no en la Vis)",
        "First card: {rate} off the winnings (not Vis)",
    ),
    # a Primeres card bet staying for Segones, and what it waits for
    "mo_open_bet": (
        "Oberta, {bet}: {seats} · guanya amb {wins}, perd amb {loses}",
        "Abierta, {bet}: {seats} · gana con {wins}, pierde con {loses}",
        "Open, {bet}: {seats} · wins on {wins}, loses on {loses}",
    ),
    "mo_open_short": (
        "Oberta, {bet}: guanya amb {wins}, perd amb {loses}",
        "Abierta, {bet}: gana con {wins}, pierde con {loses}",
        "Open, {bet}: wins on {wins}, loses on {loses}",
    ),
    "mo_rank_1": ("un as", "un as", "an ace"),
    "mo_rank_n": ("un {n}", "un {n}", "a {n}"),
    "mo_rank_S": ("una sota", "una sota", "a knave"),
    "mo_rank_C": ("un cavall", "un caballo", "a knight"),
    "mo_rank_R": ("un rei", "un rey", "a king"),
    # the players' display
    "mo_last_coups": ("Últimes mans", "Últimas manos", "Last hands"),
    "mo_no_coups": ("Encara cap mà", "Aún ninguna mano", "No hands yet"),
}

REFUSALS: dict[str, tuple[str, str]] = {
    # monte (games/monte/engine.py)
    "monte_no_layout": (
        "no hi ha cartes emplaçades: les apostes van després de les quatre cartes",
        "no hay cartas colocadas: las apuestas van después de las cuatro cartas",
    ),
    "monte_unknown_bet": (
        "{code}: aposta desconeguda (apostes del monte: card:1v2, pair:1-2v3-4, salto:1, "
        "camo:1, anti:1, viudo:1, vis:1...)",
        "{code}: apuesta desconocida (apuestas del monte: card:1v2, pair:1-2v3-4, salto:1, "
        "camo:1, anti:1, viudo:1, vis:1...)",
    ),
    "monte_primeres_only": (
        "{code}: les apostes de {family} només es prenen a Primeres",
        "{code}: las apuestas de {family} solo se aceptan en Primeras",
    ),
    "monte_not_in_play": (
        "{code}: la carta {place} no juga a Segones (hi juga la fila {row})",
        "{code}: la carta {place} no juega en Segundas (juega la fila {row})",
    ),
    "monte_seen": (
        "{code}: la seva carta guanyadora, {card}, ja ha sortit",
        "{code}: su carta ganadora, {card}, ya ha salido",
    ),
}
