"""The screens' texts of punto banco (terminal/screens/views/punto_banco*.py), and what the
croupier must do on a fault of the shoe at any card game (the fault banners of
croupier/chrome.py): key -> (Catalan, Spanish, English).

The catalogue's section 06 (punt i banca) is missing (docs/rulings.md); its words are those of
section 07, chemin de fer, which deals the same coup: "punt" and "banca", "demanar carta" and
"plantar-se", a natural that "s'abat", the "quadre de jugades de la banca", "empat"; at a Spanish
table "punto", "banca", "pedir carta", "plantarse", "cuadro", "empate". The cut card is the
"carta de tall" (section 03) and the closing «les últimes cinc mans» (article 27.5).
"""

TEXTS: dict[str, tuple[str, str, str]] = {
    # the hands and the three chances
    "pb_player": ("PUNT", "PUNTO", "PLAYER"),
    "pb_banker": ("BANCA", "BANCA", "BANKER"),
    "pb_tie": ("EMPAT", "EMPATE", "TIE"),
    "pb_odds": ("paga {n} a 1", "paga {n} a 1", "pays {n} to 1"),
    "pb_odds_less": (
        "paga {n} a 1 menys el {rate}",
        "paga {n} a 1 menos el {rate}",
        "pays {n} to 1 less {rate}",
    ),
    "pb_box_total": ("Total {amount}", "Total {amount}", "Total {amount}"),
    "pb_no_bets": ("Cap aposta", "Ninguna apuesta", "No bets"),
    "pb_more": ("i {n} més", "y {n} más", "and {n} more"),
    # a bet as the coup left it (the seat, its stake), the banker's commission on its payout
    "pb_bet_wins": (
        "{seat} {stake} → {paid}",
        "{seat} {stake} → {paid}",
        "{seat} {stake} → {paid}",
    ),
    "pb_commission": (
        "comissió {rate}: {amount}",
        "comisión {rate}: {amount}",
        "commission {rate}: {amount}",
    ),
    "pb_bet_push": ("{seat} {stake} es torna", "{seat} {stake} se devuelve", "{seat} {stake} back"),
    "pb_bet_lost": ("{seat} {stake} perd", "{seat} {stake} pierde", "{seat} {stake} lost"),
    "pb_wins": ("GUANYA", "GANA", "WINS"),
    "pb_natural": ("NATURAL", "NATURAL", "NATURAL"),
    # the coup being dealt
    "pb_next_player": ("Carta per al punt", "Carta para el punto", "Card for the player"),
    "pb_next_banker": ("Carta per a la banca", "Carta para la banca", "Card for the banker"),
    "pb_waiting_bets": (
        "Les cartes, després de «no hi va més»",
        "Las cartas, después de «no va más»",
        "The cards, after no more bets",
    ),
    "pb_void": (
        "Jugada nul·la: es tornen les postes",
        "Jugada nula: se devuelven las puestas",
        "Void coup: the stakes are returned",
    ),
    # the third-card rules as they applied
    "pb_rule_naturals": (
        "Punt {player}, banca {banker}: naturals, s'abat el joc, cap tercera carta",
        "Punto {player}, banca {banker}: naturales, ninguna tercera carta",
        "Player {player}, banker {banker}: naturals, no third card",
    ),
    "pb_rule_natural_player": (
        "Natural {total} del punt: s'abat el joc, cap tercera carta",
        "Natural {total} del punto: ninguna tercera carta",
        "Player's natural {total}: no third card",
    ),
    "pb_rule_natural_banker": (
        "Natural {total} de la banca: s'abat el joc, cap tercera carta",
        "Natural {total} de la banca: ninguna tercera carta",
        "Banker's natural {total}: no third card",
    ),
    "pb_rule_player_draws": (
        "Punt {total}: demana carta (amb {totals})",
        "Punto {total}: pide carta (con {totals})",
        "Player {total}: draws (on {totals})",
    ),
    "pb_rule_player_stands": (
        "Punt {total}: es planta (amb {totals})",
        "Punto {total}: se planta (con {totals})",
        "Player {total}: stands (on {totals})",
    ),
    "pb_rule_banker_stood_draws": (
        "Banca {total}, el punt plantat: demana carta (amb {totals})",
        "Banca {total}, el punto plantado: pide carta (con {totals})",
        "Banker {total}, the player stood: draws (on {totals})",
    ),
    "pb_rule_banker_stood_stands": (
        "Banca {total}, el punt plantat: es planta (amb {totals})",
        "Banca {total}, el punto plantado: se planta (con {totals})",
        "Banker {total}, the player stood: stands (on {totals})",
    ),
    "pb_rule_banker_third_draws": (
        "Banca {total}, tercera carta del punt {card}: demana carta",
        "Banca {total}, tercera carta del punto {card}: pide carta",
        "Banker {total}, player's third card {card}: draws",
    ),
    "pb_rule_banker_third_stands": (
        "Banca {total}, tercera carta del punt {card}: es planta",
        "Banca {total}, tercera carta del punto {card}: se planta",
        "Banker {total}, player's third card {card}: stands",
    ),
    "pb_table_draws_on": (
        "Quadre de la banca amb {total}: demana contra {values}",
        "Cuadro de la banca con {total}: pide contra {values}",
        "Banker's table on {total}: draws against {values}",
    ),
    "pb_table_always": (
        "Quadre de la banca amb {total}: demana sempre",
        "Cuadro de la banca con {total}: pide siempre",
        "Banker's table on {total}: always draws",
    ),
    "pb_table_never": (
        "Quadre de la banca amb {total}: es planta sempre",
        "Cuadro de la banca con {total}: se planta siempre",
        "Banker's table on {total}: always stands",
    ),
    # the shoe
    "pb_shoe_left": (
        "Mà {n} del sabot · queden {left} cartes",
        "Mano {n} del sabot · quedan {left} cartas",
        "Hand {n} of the shoe · {left} cards left",
    ),
    "pb_shoe_new": ("Sabot per carregar", "Sabot por cargar", "Shoe to load"),
    "pb_cut_out": (
        "Ha sortit la carta de tall: última mà del sabot",
        "Ha salido la carta de corte: última mano del sabot",
        "The cut card is out: the shoe's last hand",
    ),
    "pb_closing": ("Tancament: {call}", "Cierre: {call}", "Closing: {call}"),
    # the players' display: the road and the counts
    "pb_road": ("GRAN CAMÍ", "GRAN CAMINO", "BIG ROAD"),
    "pb_road_empty": (
        "Sabot nou: encara cap mà",
        "Sabot nuevo: aún ninguna mano",
        "New shoe: no hands yet",
    ),
    "pb_road_hands": ("{n} mans del sabot", "{n} manos del sabot", "{n} hands of the shoe"),
    "pb_road_one_hand": ("1 mà del sabot", "1 mano del sabot", "1 hand of the shoe"),
    "pb_last_hand": ("ÚLTIMA MÀ", "ÚLTIMA MANO", "LAST HAND"),
    # the bets as the payouts sheet and the players' display name them
    "payouts_family_player": ("Punt", "Punto", "Player"),
    "payouts_family_banker": ("Banca", "Banca", "Banker"),
    "payouts_family_tie": ("Empat", "Empate", "Tie"),
    "players_family_player": ("Punt", "Punto", "Player"),
    "players_family_banker": ("Banca", "Banca", "Banker"),
    "players_family_tie": ("Empat", "Empate", "Tie"),
    # the shoe's faults at every card game (docs/events.md, device `shoe`): what happened, and
    # what the croupier does. The table has already done its part: a coup that cannot be right
    # is void with its stakes returned, never settled wrong; a card out of play is put aside.
    "fault_what_to_do": ("Què cal fer:", "Qué hacer:", "What to do:"),
    "fault_shoe_unreadable_card": (
        "El lector no ha pogut llegir una carta",
        "El lector no ha podido leer una carta",
        "The reader could not read a card",
    ),
    "fault_shoe_unreadable_card_do": (
        "Jugada nul·la, es tornen les postes. Retireu les cartes de la jugada a la canastra i "
        "netegeu la finestra del lector; si torna a passar, aviseu el cap de taula.",
        "Jugada nula, se devuelven las puestas. Retire las cartas de la jugada al descarte y "
        "limpie la ventana del lector; si se repite, avise al jefe de mesa.",
        "Void coup, stakes returned. Put the coup's cards in the discard and clean the reader's "
        "window; if it happens again, call the table head.",
    ),
    "fault_shoe_card_face_up": (
        "Carta descoberta al sabot",
        "Carta descubierta en el sabot",
        "A card face up in the shoe",
    ),
    "fault_shoe_card_face_up_do": (
        "És inservible: retireu-la a la canastra sense ensenyar-la més. La jugada continua amb "
        "la carta següent del sabot.",
        "Es inservible: retírela al descarte sin mostrarla más. La jugada sigue con la carta "
        "siguiente del sabot.",
        "It is out of play: put it in the discard without showing it further. The coup goes on "
        "with the shoe's next card.",
    ),
    "fault_shoe_shoe_empty": (
        "El sabot s'ha quedat sense cartes",
        "El sabot se ha quedado sin cartas",
        "The shoe ran out of cards",
    ),
    "fault_shoe_shoe_empty_do": (
        "Jugada nul·la, es tornen les postes. Remeneu i carregueu un sabot nou amb la seva carta "
        "de tall, i digueu-ho a la pantalla («Sabot carregat»).",
        "Jugada nula, se devuelven las puestas. Baraje y cargue un sabot nuevo con su carta de "
        "corte, e indíquelo en la pantalla («Sabot cargado»).",
        "Void coup, stakes returned. Shuffle and load a new shoe with its cut card, and say so "
        "on the screen (Shoe loaded).",
    ),
    "fault_shoe_card_out_of_turn": (
        "Carta fora de torn: cap jugada no la demanava",
        "Carta fuera de turno: ninguna jugada la pedía",
        "A card out of turn: no coup asked for it",
    ),
    "fault_shoe_card_out_of_turn_do": (
        "S'aparta: deixeu-la a la canastra, fora de joc. Cap aposta no canvia; repartiu només "
        "quan la pantalla demani carta.",
        "Se aparta: déjela en el descarte, fuera de juego. Ninguna apuesta cambia; reparta solo "
        "cuando la pantalla pida carta.",
        "Put aside: leave it in the discard, out of play. No bet changes; deal only when the "
        "screen asks for a card.",
    ),
    "fault_shoe_not_a_card": (
        "La lectura no és cap carta de la baralla",
        "La lectura no es ninguna carta de la baraja",
        "The reading is no card of the deck",
    ),
    "fault_shoe_not_a_card_do": (
        "Jugada nul·la, es tornen les postes. Atureu el joc: el cap de taula revisa el lector i "
        "el sabot abans de repartir cap altra carta.",
        "Jugada nula, se devuelven las puestas. Detenga el juego: el jefe de mesa revisa el "
        "lector y el sabot antes de repartir otra carta.",
        "Void coup, stakes returned. Stop the game: the table head checks the reader and the "
        "shoe before another card is dealt.",
    ),
    "fault_shoe_card_count_exceeded": (
        "Una carta que el sabot ja no pot tenir",
        "Una carta que el sabot ya no puede tener",
        "A card the shoe can no longer hold",
    ),
    "fault_shoe_card_count_exceeded_do": (
        "Ja ha sortit tantes vegades com baralles té el sabot. Jugada nul·la, es tornen les "
        "postes. Atureu el joc i aviseu el cap de taula: cal comprovar el sabot.",
        "Ya ha salido tantas veces como barajas tiene el sabot. Jugada nula, se devuelven las "
        "puestas. Detenga el juego y avise al jefe de mesa: hay que comprobar el sabot.",
        "It has come out as many times as the shoe has decks. Void coup, stakes returned. Stop "
        "the game and call the table head: the shoe must be checked.",
    ),
}
