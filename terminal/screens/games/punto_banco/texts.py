"""The screens' texts of punto banco (this package), and what the
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
        "Jugada nul·la: es tornen les apostes",
        "Jugada nula: se devuelven las apuestas",
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
}
