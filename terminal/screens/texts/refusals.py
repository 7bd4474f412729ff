"""Why the table refused an entry, as the screens say it: key -> (Catalan, Spanish).

The keys and their English are games.reasons.REASONS, defined beside the code that refuses
(the engines, the session, the staff file, the table and its rounds); each text here has the
same fields as the English. The modules that define them are imported below, so that REASONS
is whole when the screens look a refusal up (and when the test checks that every key is here).
"""

from __future__ import annotations

import games.registry  # noqa: F401  # every game's engine: their refusals
import terminal.runtime.table  # noqa: F401  # the table's, its session's, staff's and rounds'

TEXTS: dict[str, tuple[str, str]] = {
    # every game's stakes and limits (games/banking.py)
    "bet_id_taken": (
        "l'identificador d'aposta {id} ja està en ús",
        "el identificador de apuesta {id} ya está en uso",
    ),
    "bet_id_taken_round": (
        "l'identificador d'aposta {id} ja s'ha fet servir en aquesta jugada",
        "el identificador de apuesta {id} ya se ha usado en esta jugada",
    ),
    "stake_below_min": (
        "{stake} és inferior al mínim de la taula, {min}",
        "{stake} es inferior al mínimo de la mesa, {min}",
    ),
    "stake_not_multiple_min": (
        "{stake} no és múltiple del mínim de la taula, {min}",
        "{stake} no es múltiplo del mínimo de la mesa, {min}",
    ),
    "stake_not_multiple_step": (
        "{stake} no és múltiple de {step}, l'increment d'aposta de la taula per a {bet}",
        "{stake} no es múltiplo de {step}, el incremento de apuesta de la mesa para {bet}",
    ),
    "stake_not_whole": (
        "l'aposta ha de ser un import sencer positiu, no {stake}",
        "la apuesta debe ser un importe entero positivo, no {stake}",
    ),
    "table_takes_no_family": (
        "aquesta taula no accepta apostes de tipus {family}",
        "esta mesa no acepta apuestas de tipo {family}",
    ),
    "stake_over_max": (
        "el seient {seat} tindria {total} a {code}, per sobre del màxim de {max} per a {limit}",
        "el asiento {seat} tendría {total} en {code}, por encima del máximo de {max} para {limit}",
    ),
    "limits_min_not_chip_multiple": (
        "el mínim ({min}) ha de ser un múltiple positiu de la unitat de fitxa ({chip_unit})",
        "el mínimo ({min}) debe ser un múltiplo positivo de la unidad de ficha ({chip_unit})",
    ),
    # roulette (games/roulette/engine.py)
    "zero_choice_unknown": (
        "l'opció al zero és presó o meitat, no {choice}",
        "la opción al cero es prisión o mitad, no {choice}",
    ),
    "half_back_even_chances_only": (
        "recuperar la meitat al zero només és una opció de les apostes senzilles",
        "recuperar la mitad al cero solo es una opción de las suertes sencillas",
    ),
    "new_bet_in_prison": (
        "una aposta nova no pot ser a la presó",
        "una apuesta nueva no puede estar en prisión",
    ),
    # American roulette's colour chips (games/roulette/colours.py)
    "colour_seat_plays": (
        "el seient {seat} ja juga amb {colour}",
        "el asiento {seat} ya juega con {colour}",
    ),
    "colour_seat_plays_value_chips": (
        "el seient {seat} ja juga amb fitxes de valor",
        "el asiento {seat} ya juega con fichas de valor",
    ),
    "colour_unknown": (
        "aquesta taula no té el color {colour} (colors: {colours})",
        "esta mesa no tiene el color {colour} (colores: {colours})",
    ),
    "colour_taken": ("el color {colour} ja està ocupat", "el color {colour} ya está ocupado"),
    "colour_unit_not_multiple": (
        "el valor d'una fitxa ha de ser un múltiple sencer del mínim de la taula, {min}, no {unit}",
        "el valor de una ficha debe ser un múltiplo entero del mínimo de la mesa, {min}, no {unit}",
    ),
    "colour_unit_out_of_range": (
        "el valor d'una fitxa va del mínim, {min}, al màxim a un número ple, {max}, no {unit}",
        "el valor de una ficha va del mínimo, {min}, al máximo a un pleno, {max}, no {unit}",
    ),
    "value_chips_colours_free": (
        "les fitxes de valor són per quan tots els colors estan ocupats; lliures: {free}",
        "las fichas de valor son para cuando todos los colores están ocupados; libres: {free}",
    ),
    "value_chips_full": (
        "la taula ja té {n} jugadors amb fitxes de valor",
        "la mesa ya tiene {n} jugadores con fichas de valor",
    ),
    "colour_seat_not_playing": (
        "el seient {seat} no juga ni amb color ni amb fitxes de valor",
        "el asiento {seat} no juega ni con color ni con fichas de valor",
    ),
    # the croupier's colour entries (terminal/runtime/rounds/spin.py)
    "colour_assign_refused": ("seient {seat}, color: {reason}", "asiento {seat}, color: {reason}"),
    "colour_value_chips_refused": (
        "seient {seat}, fitxes de valor: {reason}",
        "asiento {seat}, fichas de valor: {reason}",
    ),
    "colour_release_refused": (
        "seient {seat}, deixa el color: {reason}",
        "asiento {seat}, deja el color: {reason}",
    ),
    "colour_chips_none": (
        "aquesta taula no juga amb fitxes de color",
        "esta mesa no juega con fichas de color",
    ),
    "colour_release_not_playing": (
        "el seient {seat} no juga ni amb color ni amb fitxes de valor",
        "el asiento {seat} no juega ni con color ni con fichas de valor",
    ),
    "colour_seat_has_bets": (
        "el seient {seat} encara té apostes al tapet",
        "el asiento {seat} todavía tiene apuestas en el tapete",
    ),
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
        "{code}: l'assegurança s'ofereix durant la jugada, quan la carta del crupier és un as",
        "{code}: el seguro se ofrece durante la jugada, cuando la carta del crupier es un as",
    ),
    "blackjack_split_hand": (
        "{code} és una mà que surt d'una separació; aposteu a {box}",
        "{code} es una mano que resulta de separar; apueste en {box}",
    ),
    "blackjack_not_an_option": (
        "les opcions de {place} són {options}, no {action}",
        "las opciones de {place} son {options}, no {action}",
    ),
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
    # poker sense descart (games/poker_stud/engine.py)
    "stud_call_not_placed": (
        "{code} es fa dient «hi vaig» un cop repartides les cartes, mai no s'aposta",
        "{code} se hace diciendo «voy» una vez repartidas las cartas, nunca se apuesta",
    ),
    "stud_carrousel_coin": (
        "el carrusel admet una sola moneda de {coin}, no {stake}",
        "el carrusel admite una sola moneda de {coin}, no {stake}",
    ),
    "stud_carrousel_taken": (
        "la casella {box} ja té la moneda del carrusel",
        "la casilla {box} ya tiene su moneda del carrusel",
    ),
    "stud_carrousel_no_ante": (
        "la casella {box} no té ante: la moneda del carrusel va amb una mà que es reparteix",
        "la casilla {box} no tiene ante: la moneda del carrusel va con una mano que se reparte",
    ),
    "stud_box_full": (
        "la casella {box} ja té {n} apostes, el màxim que admet una casella",
        "la casilla {box} ya tiene {n} apuestas, el máximo que admite una casilla",
    ),
    "stud_not_an_option": (
        "les opcions de {place} són {options}, no {action}",
        "las opciones de {place} son {options}, no {action}",
    ),
    # the croupier's decisions at a card table (terminal/runtime/rounds/coup.py)
    "decision_refused": ("{place} {action}: {reason}", "{place} {action}: {reason}"),
    "decision_not_asked": (
        "ara no es demana cap decisió de {place}",
        "ahora no se pide ninguna decisión de {place}",
    ),
    "decision_not_asked_waiting": (
        "ara no es demana cap decisió de {place}: la jugada espera la de {asked}",
        "ahora no se pide ninguna decisión de {place}: la jugada espera la de {asked}",
    ),
    "misdeal_no_coup": (
        "un error de repartiment es declara mentre es reparteix una jugada, després de "
        "«no hi va més»",
        "un error de reparto se declara mientras se reparte una jugada, después de «no va más»",
    ),
    "misdeal_declared": (
        "error de repartiment declarat per {by}: la jugada és nul·la, es tornen les postes",
        "error de reparto declarado por {by}: la jugada es nula, se devuelven las puestas",
    ),
    # who signs (terminal/runtime/staff.py, session.py)
    "staff_no_file": (
        "aquesta taula no té fitxer de personal: ningú no pot signar "
        "(executeu-la amb --staff FITXER)",
        "esta mesa no tiene fichero de personal: nadie puede firmar "
        "(ejecútela con --staff FICHERO)",
    ),
    "staff_nobody": (
        "no hi ha ningú al personal amb l'identificador {person}",
        "no hay nadie en el personal con el identificador {person}",
    ),
    "staff_locked": (
        "{person} està bloquejat després de {n} PIN incorrectes: el director de jocs el "
        "desbloqueja (dealer-terminal staff unlock)",
        "{person} está bloqueado tras {n} PIN incorrectos: el director de juegos lo "
        "desbloquea (dealer-terminal staff unlock)",
    ),
    "pin_wrong": (
        "PIN incorrecte de {person} (queden {left} intents)",
        "PIN incorrecto de {person} (quedan {left} intentos)",
    ),
    "pin_wrong_last": (
        "PIN incorrecte de {person} (queda {left} intent)",
        "PIN incorrecto de {person} (queda {left} intento)",
    ),
    "staff_role_missing": (
        "{person} ({name}) no té el rol {role}",
        "{person} ({name}) no tiene el rol {role}",
    ),
    "role_missing": ("{person} no té el rol {role}", "{person} no tiene el rol {role}"),
    "role_missing_either": (
        "{person} no té el rol {role} ni {other}",
        "{person} no tiene el rol {role} ni {other}",
    ),
    "sign_nothing_left": (
        "l'esdeveniment {what} no té res pendent de signar",
        "el evento {what} no tiene nada pendiente de firmar",
    ),
    "sign_role_not_asked": (
        "l'esdeveniment {what} demana {roles}, no {role}",
        "el evento {what} pide {roles}, no {role}",
    ),
    "sign_no_role": ("{role} no és cap rol", "{role} no es ningún rol"),
    # the session (terminal/runtime/session.py)
    "count_empty": ("compteu les fitxes de cada valor", "cuente las fichas de cada valor"),
    "count_no_such_chip": (
        "{value} no és cap fitxa d'aquesta taula ({chips})",
        "{value} no es ninguna ficha de esta mesa ({chips})",
    ),
    "count_not_whole": (
        "el recompte de fitxes de {chip} ha de ser un nombre sencer, no {count}",
        "el recuento de fichas de {chip} debe ser un número entero, no {count}",
    ),
    "session_open_already": ("la sessió ja és oberta", "la sesión ya está abierta"),
    "opening_short": (
        "la bestreta d'obertura comptada és {amount}: com a mínim {advance} (article 35)",
        "el anticipo de apertura contado es {amount}: como mínimo {advance} (artículo 35)",
    ),
    "topup_no_session": (
        "la taula no té cap sessió oberta per fer-hi una reposició",
        "la mesa no tiene ninguna sesión abierta en la que hacer una reposición",
    ),
    "topup_limits_need": (
        "els nous límits necessiten {due} (article 35), no {amount}",
        "los nuevos límites necesitan {due} (artículo 35), no {amount}",
    ),
    "topup_not_advance": (
        "tota reposició és igual a la bestreta de {due} (article 35), no {amount}",
        "toda reposición es igual al anticipo de {due} (artículo 35), no {amount}",
    ),
    "croupier_change_no_session": (
        "no hi ha cap sessió oberta: el crupier s'identifica amb el recompte d'obertura",
        "no hay ninguna sesión abierta: el crupier se identifica con el recuento de apertura",
    ),
    "croupier_has_table": ("{person} ja té la taula", "{person} ya tiene la mesa"),
    "session_none": ("no hi ha cap sessió oberta", "no hay ninguna sesión abierta"),
    # a technician's visit (terminal/runtime/technician.py)
    "technician_in_already": (
        "{person} ja és als dispositius de la taula",
        "{person} ya está en los dispositivos de la mesa",
    ),
    "technician_round_in_play": (
        "el tècnic entra entre jugades: acabeu la jugada primer",
        "el técnico entra entre jugadas: terminad la jugada primero",
    ),
    "technician_none": ("no hi ha cap tècnic a la taula", "no hay ningún técnico en la mesa"),
    "technician_in": (
        "hi ha un tècnic als dispositius de la taula: no s'obre cap jugada fins que surti",
        "hay un técnico en los dispositivos de la mesa: no se abre ninguna jugada hasta que salga",
    ),
    "limits_change_under_way": (
        "ja hi ha un canvi de límits en curs",
        "ya hay un cambio de límites en curso",
    ),
    "table_closing": ("la taula s'està tancant", "la mesa se está cerrando"),
    "limits_min_not_positive": (
        "el nou mínim ha de ser un import positiu, no {min}",
        "el nuevo mínimo debe ser un importe positivo, no {min}",
    ),
    "limits_same_min": ("el mínim ja és {min}", "el mínimo ya es {min}"),
    "limits_impossible": (
        "no hi ha límits possibles amb un mínim de {min}: {reason}",
        "no hay límites posibles con un mínimo de {min}: {reason}",
    ),
    "closing_count_early": (
        "el recompte de tancament ve després de les últimes jugades",
        "el recuento de cierre viene después de las últimas jugadas",
    ),
    "closing_drop_not_whole": (
        "l'efectiu de la caixa ha de ser un import sencer en cèntims, no {drop}",
        "el efectivo de la caja debe ser un importe entero en céntimos, no {drop}",
    ),
    "cancel_after_no_more_bets": (
        "una aposta només es retira abans del no hi va més",
        "una apuesta solo se retira antes del no va más",
    ),
    "cancel_no_such_bet": (
        "no s'ha fet cap aposta {id} en aquesta jugada",
        "no se ha hecho ninguna apuesta {id} en esta jugada",
    ),
    "fault_ack_none": (
        "no hi ha cap avaria {fault} pendent d'assabentat",
        "no hay ninguna avería {fault} pendiente de enterado",
    ),
    "no_round_open": (
        "no hi ha cap jugada oberta a les apostes",
        "no hay ninguna jugada abierta a las apuestas",
    ),
    "round_in_play": ("hi ha una jugada en joc", "hay una jugada en juego"),
    "opening_unsigned": (
        "la bestreta d'obertura encara no està signada (article 36)",
        "el anticipo de apertura todavía no está firmado (artículo 36)",
    ),
    "session_closing_count": (
        "la sessió s'està tancant: compteu les fitxes i l'efectiu de la caixa",
        "la sesión se está cerrando: cuente las fichas y el efectivo de la caja",
    ),
    "correction_no_outcome": (
        "una correcció necessita el resultat corregit",
        "una corrección necesita el resultado corregido",
    ),
    "correction_no_reason": (
        "una correcció necessita un motiu",
        "una corrección necesita un motivo",
    ),
    # the table (terminal/runtime/table.py)
    "topup_not_initial_advance": (
        "tota reposició és igual a la bestreta inicial de {advance} (article 35), no {amount}",
        "toda reposición es igual al anticipo inicial de {advance} (artículo 35), no {amount}",
    ),
    "entry_not_taken": (
        "una taula de {game} no accepta aquesta entrada",
        "una mesa de {game} no acepta esta entrada",
    ),
    "bets_not_accepted": ("ara no s'accepten apostes", "ahora no se aceptan apuestas"),
}
