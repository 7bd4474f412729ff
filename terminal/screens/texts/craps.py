"""The screens' texts of the craps part (terminal/screens/views/craps*.py): key -> (Catalan,
Spanish, English). The layout keeps the regulation's own names of the bets (section 09 IV.1:
Win, Don't Win, Come, Don't Come, Field, Big 6 and 8, Under and Over 7, Hard Ways, "joc de 7",
"joc d'11", Any Craps, Craps 2, 3 and 12, Horn, the "sorts associades", the Right and Wrong
bets); English says them as English-speaking dealers do."""

TEXTS: dict[str, tuple[str, str, str]] = {
    # the layout's fields
    "craps_pass": ("WIN", "WIN", "PASS LINE"),
    "craps_dontpass": ("DON'T WIN", "DON'T WIN", "DON'T PASS"),
    "craps_come": ("COME", "COME", "COME"),
    "craps_dontcome": ("DON'T COME", "DON'T COME", "DON'T COME"),
    "craps_field": ("FIELD", "FIELD", "FIELD"),
    "craps_field_numbers": ("2·3·4·9·10·11·12", "2·3·4·9·10·11·12", "2·3·4·9·10·11·12"),
    "craps_big": ("BIG {n}", "BIG {n}", "BIG {n}"),
    "craps_under7": ("UNDER 7", "UNDER 7", "UNDER 7"),
    "craps_over7": ("OVER 7", "OVER 7", "OVER 7"),
    "craps_hard": ("HARD {n}", "HARD {n}", "HARD {n}"),
    "craps_any7": ("JOC DE 7", "JUEGO DE 7", "ANY SEVEN"),
    "craps_yo11": ("JOC D'11", "JUEGO DEL 11", "YO 11"),
    "craps_anycraps": ("ANY CRAPS", "ANY CRAPS", "ANY CRAPS"),
    "craps_craps": ("CRAPS {n}", "CRAPS {n}", "CRAPS {n}"),
    "craps_horn": ("HORN", "HORN", "HORN"),
    "craps_odds": ("ASSOCIADA", "ASOCIADA", "ODDS"),
    "craps_centre": ("Apostes de centre", "Apuestas de centro", "Centre bets"),
    # a number box's rows, and the bets on a number as the picker says them
    "craps_row_dontcome": ("DC", "DC", "DC"),
    "craps_row_come": ("C", "C", "C"),
    "craps_row_place": ("R", "R", "P"),
    "craps_row_lay": ("W", "W", "L"),
    "craps_place_n": ("Right bet al {n}", "Right bet al {n}", "Place {n}"),
    "craps_lay_n": ("Wrong bet al {n}", "Wrong bet al {n}", "Lay {n}"),
    "craps_come_n": ("Come al {n}", "Come al {n}", "Come on {n}"),
    "craps_dontcome_n": ("Don't Come al {n}", "Don't Come al {n}", "Don't Come on {n}"),
    "craps_odds_of": ("Associada de {line}", "Asociada de {line}", "{line} odds"),
    "craps_pays": ("paga {pays}", "paga {pays}", "pays {pays}"),
    "craps_odds_max": ("màx. {amount}", "máx. {amount}", "max {amount}"),
    "craps_odds_full": ("al màxim", "al máximo", "at the limit"),
    "craps_no_line": ("sense {line}", "sin {line}", "no {line}"),
    "craps_number_title": (
        "Número {n} · {seat} · {chip}",
        "Número {n} · {seat} · {chip}",
        "Number {n} · {seat} · {chip}",
    ),
    "craps_on_number": ("Apostes al {n}", "Apuestas al {n}", "Bets on {n}"),
    "craps_none": ("Cap aposta", "Ninguna apuesta", "No bets"),
    # the puck ("la placa", section 09 IV.1.A), the shooter, the dice
    "craps_puck_on": ("ON", "ON", "ON"),
    "craps_puck_off": ("OFF", "OFF", "OFF"),
    "craps_shooter": ("Tirador: {seat}", "Tirador: {seat}", "Shooter: {seat}"),
    "craps_shooter_rolls": ("{n}a tirada", "{n}ª tirada", "roll {n}"),
    "craps_no_shooter": ("Els daus passen", "Los dados pasan", "The dice pass"),
    "craps_passed": ("{seat} passa", "{seat} pasa", "{seat} passes"),
    "craps_round_table": ("Daus:", "Dados:", "Dice:"),
    "craps_owes_line": (
        "{seat} ha d'apostar al Win o al Don't Win",
        "{seat} debe apostar al Win o al Don't Win",
        "{seat} must bet Pass or Don't Pass",
    ),
    "craps_owes_line_else": (
        "Sense aquesta aposta, els daus passen",
        "Sin esta apuesta, los dados pasan",
        "Without it, the dice pass",
    ),
    "craps_last_shooter": (
        "Últim tirador: {seat}",
        "Último tirador: {seat}",
        "Last shooter: {seat}",
    ),
    "craps_dice_rolls": (
        "{n} tirades amb aquests daus",
        "{n} tiradas con estos dados",
        "{n} rolls with these dice",
    ),
    "craps_dice_rolls_of": (
        "{n} de {of} tirades amb aquests daus",
        "{n} de {of} tiradas con estos dados",
        "{n} of {of} rolls with these dice",
    ),
    "craps_die_lost": (
        "Un dau fora de la taula: daus nous en acabar la mà",
        "Un dado fuera de la mesa: dados nuevos al acabar la mano",
        "A die left the table: new dice at the hand's end",
    ),
    "craps_last_dice": ("{d1} + {d2} = {total}", "{d1} + {d2} = {total}", "{d1} + {d2} = {total}"),
    # withdrawals between rolls (section 09 IV.1.B-D)
    "craps_withdraw": ("Retira apostes", "Retirar apuestas", "Withdraw bets"),
    "craps_withdrawing": (
        "Toqueu l'aposta a retirar",
        "Toque la apuesta a retirar",
        "Tap the bet to withdraw",
    ),
    "craps_withdraw_title": ("Retirar · {spot}", "Retirar · {spot}", "Withdraw · {spot}"),
    "craps_withdraw_none": (
        "Cap aposta a la taula en aquest lloc",
        "Ninguna apuesta en la mesa en este lugar",
        "No bet on the layout here",
    ),
    "craps_withdraw_bet": ("Retira {bet}", "Retirar {bet}", "Withdraw {bet}"),
    # the dice change ("canvi de daus", section 09 IV.3)
    "craps_dice_change": ("Canvi de daus", "Cambio de dados", "Dice change"),
    "craps_dice_change_title": (
        "Canvi de daus: per què?",
        "Cambio de dados: ¿por qué?",
        "Dice change: why?",
    ),
    "craps_change_shooter": ("El tirador ho demana", "Lo pide el tirador", "The shooter asks"),
    "craps_change_table_head": (
        "Ho decideix el cap de taula",
        "Lo decide el jefe de mesa",
        "The table head decides",
    ),
    "craps_change_damaged": ("Un dau en mal estat", "Un dado en mal estado", "A die is damaged"),
    # the stickman's void throw ("tirada nul·la", section 09 IV.3)
    "craps_void_throw": ("Tirada nul·la", "Tirada nula", "No roll"),
    "craps_void_title": (
        "Tirada nul·la · jugada {n}",
        "Tirada nula · jugada {n}",
        "No roll · round {n}",
    ),
    "craps_void_broken": ("S'ha trencat un dau", "Se ha roto un dado", "A die broke"),
    "craps_void_stacked": ("Daus superposats", "Dados superpuestos", "Dice stacked"),
    "craps_void_on_chip": (
        "Un dau damunt d'una fitxa",
        "Un dado sobre una ficha",
        "A die on a chip",
    ),
    "craps_void_off_table": (
        "Un dau fora de la taula",
        "Un dado fuera de la mesa",
        "A die off the table",
    ),
    "craps_void_on_rail": ("Un dau damunt la vora", "Un dado sobre el borde", "A die on the rail"),
    "craps_void_in_reserve": (
        "Un dau a la canastra de reserva",
        "Un dado en la cesta de reserva",
        "A die among the reserve dice",
    ),
    "craps_void_bad_throw": ("Llançament incorrecte", "Lanzamiento incorrecto", "A bad throw"),
    # the players' display: the rolls, the points made, the hot numbers
    "craps_players_rolls": ("TIRADES", "TIRADAS", "ROLLS"),
    "craps_players_points": ("PUNTS FETS", "PUNTOS HECHOS", "POINTS MADE"),
    "craps_players_totals": ("TOTALS DE LA SESSIÓ", "TOTALES DE LA SESIÓN", "THE SESSION'S TOTALS"),
    "craps_players_point": ("PUNT", "PUNTO", "POINT"),
    "craps_players_no_point": ("SORTIDA", "SALIDA", "COME-OUT"),
    "craps_players_none": ("Encara cap punt fet", "Aún ningún punto hecho", "No point made yet"),
    "craps_roll_natural": ("natural", "natural", "natural"),
    "craps_roll_craps": ("crap", "craps", "craps"),
    "craps_roll_point": ("punt", "punto", "point"),
    "craps_roll_made": ("punt fet", "punto hecho", "point made"),
    "craps_roll_seven_out": ("set: canvi de mà", "siete: cambio de mano", "seven out"),
    # the footer of the players' display: craps' bet families ("sorts")
    "players_family_pass": ("Win", "Win", "Pass"),
    "players_family_dontpass": ("Don't Win", "Don't Win", "Don't Pass"),
    "players_family_come": ("Come", "Come", "Come"),
    "players_family_dontcome": ("Don't Come", "Don't Come", "Don't Come"),
    "players_family_field": ("Field", "Field", "Field"),
    "players_family_big6": ("Big 6", "Big 6", "Big 6"),
    "players_family_big8": ("Big 8", "Big 8", "Big 8"),
    "players_family_under7": ("Under 7", "Under 7", "Under 7"),
    "players_family_over7": ("Over 7", "Over 7", "Over 7"),
    "players_family_hard": ("Hard ways", "Hard ways", "Hard ways"),
    "players_family_any7": ("Joc de 7", "Juego de 7", "Any seven"),
    "players_family_yo11": ("Joc d'11", "Juego del 11", "Yo 11"),
    "players_family_anycraps": ("Any craps", "Any craps", "Any craps"),
    "players_family_craps": ("Craps 2, 3, 12", "Craps 2, 3, 12", "Craps 2, 3, 12"),
    "players_family_horn": ("Horn", "Horn", "Horn"),
    **{
        f"players_family_place:{n}": (f"Right {n}", f"Right {n}", f"Place {n}")
        for n in (4, 5, 6, 8, 9, 10)
    },
    **{
        f"players_family_lay:{n}": (f"Wrong {n}", f"Wrong {n}", f"Lay {n}")
        for n in (4, 5, 6, 8, 9, 10)
    },
}
