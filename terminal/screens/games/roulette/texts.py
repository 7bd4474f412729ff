"""The roulettes' refusal texts (their colour chips' among them)."""

# why the table refuses an entry of this game, by its key in its game's `WHY` tables (Game.reasons):
# (Catalan, Spanish); the English is the refusal's own
REFUSALS: dict[str, tuple[str, str]] = {
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
    "wheel_power_none": (
        "la roda d'aquesta taula no es pot encendre des del terminal",
        "la rueda de esta mesa no se puede encender desde el terminal",
    ),
    "wheel_power_failed": (
        "la roda continua apagada: si encara indica una avaria, primer l'arregla el tècnic; "
        "si no, enceneu-la des del seu tauler",
        "la rueda sigue apagada: si aún indica una avería, primero la arregla el técnico; si "
        "no, enciéndala desde su panel",
    ),
    "colour_release_not_playing": (
        "el seient {seat} no juga ni amb color ni amb fitxes de valor",
        "el asiento {seat} no juega ni con color ni con fichas de valor",
    ),
    "colour_seat_has_bets": (
        "el seient {seat} encara té apostes al tapet",
        "el asiento {seat} todavía tiene apuestas en el tapete",
    ),
}
