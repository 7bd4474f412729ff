"""The screens' texts of the craps part (this package): key -> (Catalan,
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
    # its causes, as the dice's faults say them (device `dice`, texts/faults.py)
    "fault_dice_broken": ("S'ha trencat un dau", "Se ha roto un dado", "A die broke"),
    "fault_dice_stacked": ("Daus superposats", "Dados superpuestos", "Dice stacked"),
    "fault_dice_on_chip": (
        "Un dau damunt d'una fitxa",
        "Un dado sobre una ficha",
        "A die on a chip",
    ),
    "fault_dice_off_table": (
        "Un dau fora de la taula",
        "Un dado fuera de la mesa",
        "A die off the table",
    ),
    "fault_dice_on_rail": ("Un dau damunt la vora", "Un dado sobre el borde", "A die on the rail"),
    "fault_dice_in_reserve": (
        "Un dau a la canastra de reserva",
        "Un dado en la cesta de reserva",
        "A die among the reserve dice",
    ),
    "fault_dice_bad_throw": ("Llançament incorrecte", "Lanzamiento incorrecto", "A bad throw"),
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
}


# why the table refuses an entry of this game, by its key in its game's `WHY` tables (Game.reasons):
# (Catalan, Spanish); the English is the refusal's own
REFUSALS: dict[str, tuple[str, str]] = {
    # craps (games/craps/engine.py) and the croupier's withdrawals (terminal/runtime/rounds/roll.py)
    "craps_travelled": (
        "{code} és una aposta {bet} que s'ha desplaçat; aposteu a {bet} i es desplaça sola",
        "{code} es una apuesta {bet} que se ha desplazado; apueste a {bet} y se desplaza sola",
    ),
    "craps_line_come_out_only": (
        "Win i Don't Win només s'accepten a la tirada de sortida; el punt és {point}",
        "Win y Don't Win solo se aceptan en la tirada de salida; el punto es {point}",
    ),
    "craps_come_point_only": (
        "Come i Don't Come només s'accepten mentre hi ha un punt",
        "Come y Don't Come solo se aceptan mientras hay un punto",
    ),
    "craps_odds_point_only": (
        "les odds sobre {line} s'accepten un cop hi ha un punt",
        "las odds sobre {line} se aceptan una vez hay un punto",
    ),
    "craps_odds_no_line": (
        "el seient {seat} no té cap aposta {line} al tapet on posar odds",
        "el asiento {seat} no tiene ninguna apuesta {line} en el tapete sobre la que poner odds",
    ),
    "craps_odds_not_exact": (
        "les odds sobre el {number} paguen {pays} a {to}: aposteu un múltiple de {unit} "
        "perquè es paguin exactament, no {stake}",
        "las odds sobre el {number} pagan {pays} a {to}: apueste un múltiplo de {unit} "
        "para que se paguen exactamente, no {stake}",
    ),
    "craps_odds_over_limit": (
        "el seient {seat} tindria {total} d'odds sobre {line} ({line_stake}), per sobre del "
        "límit de {limit}",
        "el asiento {seat} tendría {total} de odds sobre {line} ({line_stake}), por encima del "
        "límite de {limit}",
    ),
    "craps_no_bet_on_layout": (
        "no hi ha cap aposta {id} al tapet",
        "no hay ninguna apuesta {id} en el tapete",
    ),
    "craps_stays_until_decided": (
        "{code}: les apostes Win i Come es queden fins que guanyen o perden",
        "{code}: las apuestas Win y Come se quedan hasta que ganan o pierden",
    ),
    "craps_carries_odds": (
        "{code} té odds: retireu primer les odds",
        "{code} lleva odds: retire primero las odds",
    ),
    "craps_shooter_keeps_line": (
        "el tirador ha de mantenir una aposta Win o Don't Win",
        "el tirador debe mantener una apuesta Win o Don't Win",
    ),
    "withdrawal_refused": ("aposta {id}: {reason}", "apuesta {id}: {reason}"),
    "withdrawal_bets_closed": (
        "les apostes només es retiren mentre les apostes són obertes",
        "las apuestas solo se retiran mientras las apuestas están abiertas",
    ),
    "dice_change_asked": (
        "daus nous demanats per {by} ({reason})",
        "dados nuevos pedidos por {by} ({reason})",
    ),
}
