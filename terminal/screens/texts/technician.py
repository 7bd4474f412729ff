"""The texts of the technician's screens: key -> (Catalan, Spanish, English)."""

TEXTS: dict[str, tuple[str, str, str]] = {
    "technician": ("Tècnic", "Técnico", "Technician"),
    "technician_sign_in": (
        "Identificació del tècnic",
        "Identificación del técnico",
        "Technician sign-in",
    ),
    "who_technician": ("Qui és el tècnic?", "¿Quién es el técnico?", "Who is the technician?"),
    "technician_title": ("Tècnic: {person}", "Técnico: {person}", "Technician: {person}"),
    "status_technician": ("TÈCNIC", "TÉCNICO", "TECHNICIAN"),
    "sign_out": ("Surt", "Salir", "Sign out"),
    # the self-test
    "tab_selftest": ("Autotest", "Autotest", "Self-test"),
    "run_selftest": ("Executa l'autotest", "Ejecutar el autotest", "Run the self-test"),
    "selftest_about": (
        "Comprova l'enllaç de cada dispositiu, les entrades i sortides, la prova pròpia de la "
        "roda i l'ordinador (el diari, el rellotge, el disc, l'alimentació, el watchdog). "
        "La prova de la roda pot durar fins a cinc minuts.",
        "Comprueba el enlace de cada dispositivo, las entradas y salidas, la prueba propia de la "
        "rueda y el ordenador (el diario, el reloj, el disco, la alimentación, el watchdog). "
        "La prueba de la rueda puede durar hasta cinco minutos.",
        "Checks every device's link, the inputs and outputs, the wheel's own test and the "
        "host (the journal, the clock, the disk, the power supply, the watchdog). The wheel's "
        "own test can take up to five minutes.",
    ),
    "selftest_running": (
        "Autotest en curs: {n} comprovacions fetes",
        "Autotest en curso: {n} comprobaciones hechas",
        "Self-test running: {n} checks done",
    ),
    "selftest_passed": (
        "Totes les comprovacions són correctes",
        "Todas las comprobaciones son correctas",
        "All checks passed",
    ),
    "selftest_failed_one": (
        "Una comprovació ha fallat",
        "Una comprobación ha fallado",
        "One check FAILED",
    ),
    "selftest_failed": (
        "{n} comprovacions han fallat",
        "{n} comprobaciones han fallado",
        "{n} checks FAILED",
    ),
    "selftest_simulated": (
        "Simulat, no provat al maquinari: {devices}",
        "Simulado, no probado en el hardware: {devices}",
        "Simulated, not tested on hardware: {devices}",
    ),
    "selftest_stopped": (
        "L'autotest s'ha aturat: {error}",
        "El autotest se ha detenido: {error}",
        "The self-test stopped: {error}",
    ),
    "check_ok": ("OK", "OK", "OK"),
    "check_fail": ("FALLA", "FALLO", "FAIL"),
    # the guided wheel test
    "tab_guided": ("Prova guiada", "Prueba guiada", "Guided wheel test"),
    "guided_about": (
        "Deixeu caure la bola a mà a cada casella, en l'ordre de la roda, i gireu el rotor en "
        "tots dos sentits. La pantalla mostra quines caselles reporten i si l'ordre o l'origen "
        "de la roda no són els de la taula.",
        "Deje caer la bola a mano en cada casilla, en el orden de la rueda, y gire el rotor en "
        "ambos sentidos. La pantalla muestra qué casillas reportan y si el orden o el origen de "
        "la rueda no son los de la mesa.",
        "Drop the ball by hand in each pocket, in the wheel's order, and turn the rotor both "
        "ways. The screen shows which pockets report, and whether the wheel's order or datum "
        "is not the table's.",
    ),
    "guided_start": ("Comença la prova", "Empezar la prueba", "Start the test"),
    "guided_drop": (
        "Deixeu caure la bola a la casella {number}",
        "Deje caer la bola en la casilla {number}",
        "Drop the ball in pocket {number}",
    ),
    "rotor_cw": (
        "gireu el rotor en sentit horari",
        "gire el rotor en sentido horario",
        "turn the rotor clockwise",
    ),
    "rotor_ccw": (
        "gireu el rotor en sentit antihorari",
        "gire el rotor en sentido antihorario",
        "turn the rotor counter-clockwise",
    ),
    "guided_skip": ("No reporta", "No reporta", "It never reports"),
    "guided_finish": ("Acaba la prova", "Terminar la prueba", "Finish the test"),
    "guided_again": ("Torna a començar", "Volver a empezar", "Start again"),
    "guided_coverage": (
        "{n} de {total} caselles reportades",
        "{n} de {total} casillas reportadas",
        "{n} of {total} pockets reported",
    ),
    "guided_rotor": (
        "Rotor: horari {cw} · antihorari {ccw}",
        "Rotor: horario {cw} · antihorario {ccw}",
        "Rotor: clockwise {cw} · counter-clockwise {ccw}",
    ),
    "seen": ("vist", "visto", "seen"),
    "not_seen": ("encara no", "aún no", "not yet"),
    "guided_starting": (
        "La roda es posa en mode de prova de sensors...",
        "La rueda se pone en modo de prueba de sensores...",
        "The wheel goes into sensor test mode...",
    ),
    "guided_nothing": (
        "La roda d'aquesta taula no té sensors per provar (els números s'entren a mà)",
        "La rueda de esta mesa no tiene sensores que probar (los números se entran a mano)",
        "This table's wheel has no sensors to test (its numbers are entered by hand)",
    ),
    # the wheel's own records
    "tab_power": ("Encesa de la roda", "Encendido de la rueda", "Wheel's power"),
    "power_switch_on": ("Encén la roda", "Encender la rueda", "Switch the wheel on"),
    "power_on_already": (
        "La roda és encesa. Si s'apaga (una avaria o el seu tauler), el terminal no l'encén tot "
        "sol: s'encén aquí o des del seu tauler.",
        "La rueda está encendida. Si se apaga (una avería o su panel), el terminal no la "
        "enciende solo: se enciende aquí o desde su panel.",
        "The wheel is on. If it goes off (a fault, or its panel), the terminal does not switch "
        "it on by itself: it is switched on here or at its panel.",
    ),
    "power_off_about": (
        "La roda és apagada i el joc s'atura. Si hi havia una avaria, arregleu-la primer (la "
        "prova de la roda diu quina peça); després enceneu-la: el joc continua.",
        "La rueda está apagada y el juego se detiene. Si había una avería, arréglela primero "
        "(la prueba de la rueda dice qué pieza); después enciéndala: el juego sigue.",
        "The wheel is off and the game stops. If there was a fault, mend it first (the "
        "self-test says which part); then switch it on: the game goes on.",
    ),
    "power_asked": (
        "S'encén la roda... Si la taula ho rebutja, la pantalla en diu el motiu.",
        "Se enciende la rueda... Si la mesa lo rechaza, la pantalla dice el motivo.",
        "Switching the wheel on... If the table refuses, the screen says why.",
    ),
    "tab_records": ("Registres de la roda", "Registros de la rueda", "Wheel's records"),
    "records_read": ("Llegeix els registres", "Leer los registros", "Read the records"),
    "records_about": (
        "Llegeix el registre de partides de la roda, les seves estadístiques i el seu "
        "rellotge, i els compara amb el diari de la taula.",
        "Lee el registro de partidas de la rueda, sus estadísticas y su reloj, y los compara "
        "con el diario de la mesa.",
        "Reads the wheel's game log, its statistics and its clock, and compares them with the "
        "table's journal.",
    ),
    "records_reading": (
        "Llegint els registres de la roda...",
        "Leyendo los registros de la rueda...",
        "Reading the wheel's records...",
    ),
    "records_none": (
        "La roda d'aquesta taula no guarda registres propis",
        "La rueda de esta mesa no guarda registros propios",
        "This table's wheel keeps no records of its own",
    ),
    "records_figures": (
        "{side}: {games} partides · {misfires} llançaments fallits · χ² {chi} ({percent} %)",
        "{side}: {games} partidas · {misfires} lanzamientos fallidos · χ² {chi} ({percent} %)",
        "{side}: {games} games · {misfires} misfires · χ² {chi} ({percent} %)",
    ),
    "records_unread": ("{side}: no llegides", "{side}: no leídas", "{side}: not read"),
    "records_wheel": ("Roda", "Rueda", "Wheel"),
    "records_table": ("Taula", "Mesa", "Table"),
}
