"""Why the table refused an entry, as the screens say it: key -> (Catalan, Spanish), and every
refusal's English.

The keys and their English are the tables of the modules that refuse, each its own `WHY`
(games/reasons.py), all of them listed here and nowhere else: the shared ones in `SHARED` (the
stakes', the table's, its session's, its float's, staff's, payments', technician's and
rounds'), and each game's from its description (`Game.reasons`, through games/registry.py).
`english` makes them one table, for which a key two of them define is a programming error
(ValueError). Each text here has the same fields as the English; a test checks that every key
is here, and that every module with a `WHY` is listed.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from games import banking
from games.reasons import merged
from games.registry import GAMES
from terminal.runtime.loop import floats, table
from terminal.runtime.rounds import base, coup, errors, roll, spin
from terminal.runtime.staffed import payments, session, staff, technician

# every table of refusals that is no game's own, by the module that refuses
SHARED: tuple[Mapping[str, str], ...] = (
    banking.WHY,
    table.WHY,
    session.WHY,
    floats.WHY,
    staff.WHY,
    payments.WHY,
    technician.WHY,
    base.WHY,
    roll.WHY,
    spin.WHY,
    coup.WHY,
    errors.WHY,
)


def owners() -> tuple[Mapping[str, str], ...]:
    """Every table of refusals: the shared ones and each game's (a game registered at run time
    among them)."""
    return (*SHARED, *(texts for game in GAMES.values() for texts in game.reasons))


@cache
def english() -> dict[str, str]:
    """Every refusal's English by its key, from `owners`; ValueError for a key two define. Made
    once, when first asked, and again after a game's screens are registered (`refresh`,
    terminal/screens/texts/__init__.py)."""
    return merged(*owners())


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
    "void_error": (
        "error {code} ({rule}) confirmat per {by}: la jugada és nul·la, es tornen les apostes",
        "error {code} ({rule}) confirmado por {by}: la jugada es nula, se devuelven las apuestas",
    ),
    # an error of a game's error table (terminal/runtime/rounds/errors.py)
    "error_no_table": (
        "{game} no té taula d'errors i remeis",
        "{game} no tiene tabla de errores y remedios",
    ),
    "error_no_coup": (
        "un error s'entra mentre es dona una jugada, després de «no hi va més»",
        "un error se entra mientras se da una jugada, después de «no va más»",
    ),
    "error_unknown": (
        "{code!r}: cap error de la taula de {game} ({codes})",
        "{code!r}: ningún error de la tabla de {game} ({codes})",
    ),
    "error_refused": ("{code}: {reason}", "{code}: {reason}"),
    "misdeal_declared": (
        "error de repartiment declarat per {by}: la jugada és nul·la, es tornen les apostes",
        "error de reparto declarado por {by}: la jugada es nula, se devuelven las apuestas",
    ),
    # who signs (terminal/runtime/staffed/staff.py, session.py)
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
    # the session (terminal/runtime/staffed/session.py)
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
    "circle_no_advance": (
        "una taula de cercle no té bestreta ni reposicions (article 35): la casa només en pren "
        "la deducció, al pou",
        "una mesa de círculo no tiene anticipo ni reposiciones (artículo 35): la casa solo toma "
        "la deducción, al pozo",
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
    # a technician's visit (terminal/runtime/staffed/technician.py)
    "technician_in_already": (
        "{person} ja és als dispositius de la taula",
        "{person} ya está en los dispositivos de la mesa",
    ),
    "technician_round_in_play": (
        "el tècnic entra entre jugades: acabeu la jugada primer",
        "el técnico entra entre jugadas: terminad la jugada primero",
    ),
    "technician_none": ("no hi ha cap tècnic a la taula", "no hay ningún técnico en la mesa"),
    # the session's, while a technician is in (terminal/runtime/staffed/session.py)
    "technician_in": (
        "hi ha un tècnic als dispositius de la taula: no s'obre cap jugada fins que surti",
        "hay un técnico en los dispositivos de la mesa: no se abre ninguna jugada hasta que salga",
    ),
    "limits_unsigned": (
        "el director de jocs signa els límits nous i la seva reposició abans de la jugada"
        " següent (art. 27.6)",
        "el director de juegos firma los límites nuevos y su reposición antes de la jugada"
        " siguiente (art. 27.6)",
    ),
    "limits_topup_due": (
        "els límits nous demanen una reposició de {due}, comptada i signada, abans de la"
        " jugada següent (art. 27.6)",
        "los límites nuevos piden una reposición de {due}, contada y firmada, antes de la"
        " jugada siguiente (art. 27.6)",
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
    # the table (terminal/runtime/loop/table.py)
    "topup_not_initial_advance": (
        "tota reposició és igual a la bestreta inicial de {advance} (article 35), no {amount}",
        "toda reposición es igual al anticipo inicial de {advance} (artículo 35), no {amount}",
    ),
    "entry_not_taken": (
        "una taula de {game} no accepta aquesta entrada",
        "una mesa de {game} no acepta esta entrada",
    ),
    "bets_not_accepted": ("ara no s'accepten apostes", "ahora no se aceptan apuestas"),
    # what the croupier handed each seat (terminal/runtime/staffed/payments.py)
    "payment_no_round": (
        "cap jugada liquidada no està oberta per pagar: ja s'ha obert la següent",
        "ninguna jugada liquidada está abierta para pagar: ya se ha abierto la siguiente",
    ),
    "payment_no_seat": (
        "el seient {seat} no ha jugat a la jugada {round}",
        "el asiento {seat} no ha jugado en la jugada {round}",
    ),
    "payment_stale": (
        "al seient {seat} se li deu {due} ara, no {amount}: la pantalla anava endarrerida",
        "al asiento {seat} se le debe {due} ahora, no {amount}: la pantalla iba con retraso",
    ),
    "payment_nothing": (
        "al seient {seat} ja no se li deu res",
        "al asiento {seat} ya no se le debe nada",
    ),
    "payment_no_undo": (
        "el seient {seat} no té cap pagament {undo} per desfer",
        "el asiento {seat} no tiene ningún pago {undo} que deshacer",
    ),
    # why the table voided a round of its own accord (terminal/runtime/rounds/)
    "void_stopped": (
        "s'ha aturat la taula; apostes tornades",
        "se ha parado la mesa; apuestas devueltas",
    ),
    "void_restarted": (
        "el terminal s'ha reiniciat durant la jugada; apostes tornades",
        "el terminal se ha reiniciado durante la jugada; apuestas devueltas",
    ),
    "void_wheel_disturbed": (
        "{switch}: s'ha mogut la roda durant la jugada",
        "{switch}: se ha movido la rueda durante la jugada",
    ),
    "void_dice_disturbed": (
        "{switch}: s'ha mogut el lector de daus durant la jugada",
        "{switch}: se ha movido el lector de dados durante la jugada",
    ),
    "void_shoe_disturbed": (
        "{switch}: s'ha mogut el sabot durant la jugada",
        "{switch}: se ha movido el sabot durante la jugada",
    ),
    "void_wheel_silent": ("la roda no ha dit res", "la rueda no ha dicho nada"),
    "void_dice_silent": (
        "el lector de daus no ha dit res",
        "el lector de dados no ha dicho nada",
    ),
    "void_shoe_silent": ("el sabot no ha dit res", "el sabot no ha dicho nada"),
    "void_two_pockets": (
        "error del sensor: bola a més d'una casella",
        "error del sensor: bola en más de una casilla",
    ),
    "void_pocket_out_of_range": (
        "error del sensor: casella fora de la roda",
        "error del sensor: casilla fuera de la rueda",
    ),
    "void_nothing_dealt": (
        "cap aposta: no s'ha repartit res",
        "ninguna apuesta: no se ha repartido nada",
    ),
    "void_misdeal": ("error de repartiment: {reason}", "error de reparto: {reason}"),
    "void_shoe_integrity": (
        "integritat del sabot: {reason}",
        "integridad del sabot: {reason}",
    ),
    "void_card_unread": (
        "el lector no ha pogut llegir una carta: la jugada és nul·la",
        "el lector no ha podido leer una carta: la jugada es nula",
    ),
    "void_shoe_empty": (
        "s'han acabat les cartes del sabot: la jugada és nul·la",
        "se han acabado las cartas del sabot: la jugada es nula",
    ),
    "void_red_card": (
        "ha sortit la carta vermella: la jugada en curs és nul·la",
        "ha salido la carta roja: la jugada en curso es nula",
    ),
    "void_no_shooter": (
        "no hi ha tirador: els daus passen al jugador següent",
        "no hay tirador: los dados pasan al jugador siguiente",
    ),
    "void_no_line_bet": (
        "el tirador (seient {seat}) no té aposta a Win o Don't Win: els daus passen al "
        "jugador següent",
        "el tirador (asiento {seat}) no tiene apuesta a Win o Don't Win: los dados pasan al "
        "jugador siguiente",
    ),
}
