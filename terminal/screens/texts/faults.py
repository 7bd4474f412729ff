"""The faults as the croupier's screen says them (docs/events.md, `fault`): key -> (Catalan,
Spanish, English), and `said`, which gives a fault's words and what the croupier does about it.

A fault of one device is `fault_<device>_<code>`; one any device that decides the rounds can
have (its link lost, its sensor stuck) is `fault_<code>`, its device named in it. Each has its
`_do`, what to do at the table now, unless the table did all there was to do (a die broken: the
throw is void, and the croupier said so). A fault this terminal has no words for (a newer driver's)
is said as one, with its code for the technician. What the croupier entered and the table
refused (device `croupier`) is said as the refusal it is (`Texts.refusal`).
"""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping
from typing import Any

TEXTS: dict[str, tuple[str, str, str]] = {
    "fault_what_to_do": ("Què cal fer:", "Qué hacer:", "What to do:"),
    "fault_code": ("codi {code}", "código {code}", "code {code}"),
    "fault_unknown": ("Avaria de {device}", "Avería de {device}", "Fault of {device}"),
    "fault_unknown_do": (
        "Aviseu el tècnic i doneu-li el codi de l'avaria.",
        "Avise al técnico y dele el código de la avería.",
        "Call the technician and give them the fault's code.",
    ),
    # the devices, as the faults name them
    "device_wheel": ("la roda", "la rueda", "the wheel"),
    "device_dice": ("el lector de daus", "el lector de dados", "the dice reader"),
    "device_shoe": ("el sabot", "el sabot", "the shoe"),
    "device_gpio": (
        "els interruptors de la taula",
        "los interruptores de la mesa",
        "the table's switches",
    ),
    "device_carrousel": ("el carrousel", "el carrusel", "the carrousel"),
    "device_croupier": ("l'entrada del crupier", "la entrada del crupier", "the croupier's entry"),
    # what any device that decides the rounds can have
    "fault_silent": (
        "{device} no diu res",
        "{device} no dice nada",
        "{device} says nothing",
    ),
    "fault_silent_do": (
        "Comproveu-ne el cable i l'alimentació. Mentrestant entreu els resultats a mà; si no "
        "torna, aviseu el tècnic.",
        "Compruebe su cable y su alimentación. Mientras tanto introduzca los resultados a mano; "
        "si no vuelve, avise al técnico.",
        "Check its cable and its power. Meanwhile enter the results by hand; if it does not come "
        "back, call the technician.",
    ),
    "fault_link_lost": (
        "S'ha perdut l'enllaç amb {device}",
        "Se ha perdido el enlace con {device}",
        "The link with {device} is lost",
    ),
    "fault_link_lost_do": (
        "El terminal el torna a obrir tot sol. Comproveu-ne el cable; mentrestant entreu els "
        "resultats a mà.",
        "El terminal lo vuelve a abrir solo. Compruebe su cable; mientras tanto introduzca los "
        "resultados a mano.",
        "The terminal reopens it by itself. Check its cable; meanwhile enter the results by hand.",
    ),
    "fault_bad_frame": (
        "{device} envia dades mal formades",
        "{device} envía datos mal formados",
        "{device} sends malformed data",
    ),
    "fault_bad_frame_do": (
        "Comproveu que el cable sigui ben connectat; si torna a passar, aviseu el tècnic.",
        "Compruebe que el cable esté bien conectado; si se repite, avise al técnico.",
        "Check that the cable is well plugged in; if it happens again, call the technician.",
    ),
    "fault_incompatible": (
        "{device} no és compatible amb aquest terminal",
        "{device} no es compatible con este terminal",
        "{device} does not match this terminal",
    ),
    "fault_incompatible_do": (
        "Entreu els resultats a mà i aviseu el tècnic: cal posar al dia el programa.",
        "Introduzca los resultados a mano y avise al técnico: hay que actualizar el programa.",
        "Enter the results by hand and call the technician: the software must be updated.",
    ),
    "fault_board_restarted": (
        "{device} s'ha reiniciat",
        "{device} se ha reiniciado",
        "{device} restarted",
    ),
    "fault_board_restarted_do": (
        "La jugada en curs és nul·la si ho calia. Si torna a passar, aviseu el tècnic.",
        "La jugada en curso es nula si hacía falta. Si se repite, avise al técnico.",
        "The round in play is void if it had to be. If it happens again, call the technician.",
    ),
    "fault_sensor_stuck": (
        "Un sensor de {device} està encallat",
        "Un sensor de {device} está atascado",
        "A sensor of {device} is stuck",
    ),
    "fault_sensor_stuck_do": (
        "Entreu els resultats a mà i aviseu el tècnic.",
        "Introduzca los resultados a mano y avise al técnico.",
        "Enter the results by hand and call the technician.",
    ),
    "fault_events_dropped": (
        "{device} ha perdut lectures",
        "{device} ha perdido lecturas",
        "{device} lost readings",
    ),
    "fault_events_dropped_do": (
        "Comproveu el resultat de la jugada abans de pagar; si torna a passar, aviseu el tècnic.",
        "Compruebe el resultado de la jugada antes de pagar; si se repite, avise al técnico.",
        "Check the round's result before paying; if it happens again, call the technician.",
    ),
    "fault_input_overrun": (
        "{device} rep més lectures de les que pot llegir",
        "{device} recibe más lecturas de las que puede leer",
        "{device} gets more readings than it can read",
    ),
    "fault_input_overrun_do": (
        "Comproveu el resultat de la jugada abans de pagar; si torna a passar, aviseu el tècnic.",
        "Compruebe el resultado de la jugada antes de pagar; si se repite, avise al técnico.",
        "Check the round's result before paying; if it happens again, call the technician.",
    ),
    "fault_misread": (
        "{device} ha fet una lectura errònia",
        "{device} ha hecho una lectura errónea",
        "{device} misread",
    ),
    "fault_misread_do": (
        "La lectura no compta. Si el resultat mostrat no és el de la taula, corregiu-lo.",
        "La lectura no cuenta. Si el resultado mostrado no es el de la mesa, corríjalo.",
        "The reading does not count. If the result shown is not the table's, correct it.",
    ),
    "fault_late_entry": (
        "Resultat entrat a mà massa tard",
        "Resultado introducido a mano demasiado tarde",
        "A result entered by hand too late",
    ),
    "fault_late_entry_do": (
        "La jugada ja s'havia decidit: l'entrada no compta, ni per a la jugada següent.",
        "La jugada ya se había decidido: la entrada no cuenta, ni para la jugada siguiente.",
        "The round was already decided: the entry does not count, nor for the next round.",
    ),
    # the wheel's: a spin made void, the Cammegh's own faults, the table's own readings
    "fault_wheel_ball_out": (
        "La bola ha sortit de la roda",
        "La bola ha salido de la rueda",
        "The ball left the wheel",
    ),
    "fault_wheel_ball_out_do": (
        "Tirada nul·la. Torneu la bola a la roda i llanceu de nou.",
        "Tirada nula. Devuelva la bola a la rueda y lance de nuevo.",
        "Void spin. Put the ball back in the wheel and spin again.",
    ),
    "fault_wheel_object_in_wheel": (
        "Un objecte dins la roda",
        "Un objeto dentro de la rueda",
        "An object in the wheel",
    ),
    "fault_wheel_object_in_wheel_do": (
        "Tirada nul·la. Traieu l'objecte i llanceu de nou.",
        "Tirada nula. Retire el objeto y lance de nuevo.",
        "Void spin. Take the object out and spin again.",
    ),
    "fault_wheel_launch_failed": (
        "La roda no ha pogut llançar la bola",
        "La rueda no ha podido lanzar la bola",
        "The wheel could not launch the ball",
    ),
    "fault_wheel_launch_failed_do": (
        "Tirada nul·la; la roda torna a provar-ho. Si no ho aconsegueix, aviseu el tècnic.",
        "Tirada nula; la rueda vuelve a intentarlo. Si no lo consigue, avise al técnico.",
        "Void spin; the wheel tries again. If it does not manage, call the technician.",
    ),
    "fault_wheel_no_drop": (
        "La bola no ha caigut en cap casella",
        "La bola no ha caído en ninguna casilla",
        "The ball dropped in no pocket",
    ),
    "fault_wheel_no_drop_do": (
        "Tirada nul·la. Llanceu de nou.",
        "Tirada nula. Lance de nuevo.",
        "Void spin. Spin again.",
    ),
    "fault_wheel_misspin": (
        "Llançament defectuós",
        "Lanzamiento defectuoso",
        "A misspin",
    ),
    "fault_wheel_misspin_do": (
        "Tirada nul·la; la roda torna a llançar tota sola.",
        "Tirada nula; la rueda vuelve a lanzar sola.",
        "Void spin; the wheel spins again by itself.",
    ),
    "fault_wheel_ball_removed": (
        "S'ha tret la bola de la roda",
        "Se ha sacado la bola de la rueda",
        "The ball was taken out of the wheel",
    ),
    "fault_wheel_ball_removed_do": (
        "Tirada nul·la. Torneu la bola a la roda.",
        "Tirada nula. Devuelva la bola a la rueda.",
        "Void spin. Put the ball back in the wheel.",
    ),
    "fault_wheel_component_fault": (
        "Avaria d'un component de la roda",
        "Avería de un componente de la rueda",
        "A component of the wheel failed",
    ),
    "fault_wheel_component_fault_do": (
        "El joc s'atura. Aviseu el tècnic: un cop arreglada, l'encén des de la pantalla del "
        "tècnic i el joc continua.",
        "El juego se detiene. Avise al técnico: una vez arreglada, la enciende desde la pantalla "
        "del técnico y el juego sigue.",
        "The game stops. Call the technician: once it is mended, they switch it on from the "
        "technician's screen and the game goes on.",
    ),
    "fault_wheel_powered_down": (
        "La roda s'ha apagat",
        "La rueda se ha apagado",
        "The wheel powered down",
    ),
    "fault_wheel_powered_down_do": (
        "El joc s'atura i el terminal no l'encén tot sol. Si s'ha apagat des del seu tauler, "
        "enceneu-la allà; després d'una avaria, el tècnic l'encén des de la seva pantalla.",
        "El juego se detiene y el terminal no la enciende solo. Si se apagó desde su panel, "
        "enciéndala allí; tras una avería, el técnico la enciende desde su pantalla.",
        "The game stops, and the terminal does not switch it on by itself. If it was switched "
        "off at its panel, switch it on there; after a fault, the technician switches it on "
        "from their screen.",
    ),
    "fault_wheel_wrong_mode": (
        "La roda no ha pres el mode de joc de la taula",
        "La rueda no ha tomado el modo de juego de la mesa",
        "The wheel did not take the table's operating mode",
    ),
    "fault_wheel_wrong_mode_do": (
        "El joc s'atura: la roda podria jugar tota sola. Aviseu el tècnic (potser és un altre "
        "controlador); el terminal ho torna a provar.",
        "El juego se detiene: la rueda podría jugar sola. Avise al técnico (quizá es otro "
        "controlador); el terminal lo vuelve a intentar.",
        "The game stops: the wheel could play on its own. Call the technician (it may be another "
        "controller); the terminal keeps trying.",
    ),
    "fault_wheel_no_result": (
        "La partida de la roda ha acabat sense número",
        "La partida de la rueda ha terminado sin número",
        "The wheel's game ended without a number",
    ),
    "fault_wheel_no_result_do": (
        "Tirada nul·la. Llanceu de nou; si torna a passar, aviseu el tècnic.",
        "Tirada nula. Lance de nuevo; si se repite, avise al técnico.",
        "Void spin. Spin again; if it happens again, call the technician.",
    ),
    "fault_wheel_result_mismatch": (
        "La roda ha donat dos números diferents",
        "La rueda ha dado dos números distintos",
        "The wheel gave two different numbers",
    ),
    "fault_wheel_result_mismatch_do": (
        "Tirada nul·la, es tornen les apostes; el joc continua. Si torna a passar, aviseu el "
        "tècnic: cal comprovar el cable de la roda.",
        "Tirada nula, se devuelven las apuestas; el juego sigue. Si se repite, avise al "
        "técnico: hay que comprobar el cable de la rueda.",
        "Void spin, stakes returned; the game goes on. If it happens again, call the "
        "technician: the wheel's cable must be checked.",
    ),
    "fault_wheel_clock_drift": (
        "El rellotge de la roda no va d'hora",
        "El reloj de la rueda no va en hora",
        "The wheel's clock is off",
    ),
    "fault_wheel_clock_drift_do": (
        "El joc continua. Aviseu el tècnic perquè el posi en hora.",
        "El juego sigue. Avise al técnico para que lo ponga en hora.",
        "The game goes on. Call the technician to set it.",
    ),
    "fault_wheel_rotor_direction": (
        "El rotor no ha canviat de sentit",
        "El rotor no ha cambiado de sentido",
        "The rotor did not change direction",
    ),
    "fault_wheel_rotor_direction_do": (
        "Gireu el rotor en sentit contrari al de la tirada anterior, a cada tirada.",
        "Gire el rotor en sentido contrario al de la tirada anterior, en cada tirada.",
        "Turn the rotor the other way from the last spin's, at every spin.",
    ),
    "fault_wheel_result_without_launch": (
        "Un número sense llançament",
        "Un número sin lanzamiento",
        "A number with no launch",
    ),
    "fault_wheel_result_without_launch_do": (
        "No compta. Llanceu la bola quan la pantalla ho demani.",
        "No cuenta. Lance la bola cuando la pantalla lo pida.",
        "It does not count. Launch the ball when the screen asks.",
    ),
    "fault_wheel_ball_in_two_pockets": (
        "La bola en dues caselles alhora",
        "La bola en dos casillas a la vez",
        "The ball in two pockets at once",
    ),
    "fault_wheel_ball_in_two_pockets_do": (
        "Tirada nul·la. Llanceu de nou; si torna a passar, aviseu el tècnic.",
        "Tirada nula. Lance de nuevo; si se repite, avise al técnico.",
        "Void spin. Spin again; if it happens again, call the technician.",
    ),
    "fault_wheel_pocket_out_of_range": (
        "Una casella que la roda no té",
        "Una casilla que la rueda no tiene",
        "A pocket the wheel does not have",
    ),
    "fault_wheel_pocket_out_of_range_do": (
        "Tirada nul·la. Aviseu el tècnic: la roda no és la de la taula.",
        "Tirada nula. Avise al técnico: la rueda no es la de la mesa.",
        "Void spin. Call the technician: the wheel is not the table's.",
    ),
    # the table's switches
    "fault_gpio_tilt": (
        "La roda s'ha mogut (interruptor d'inclinació)",
        "La rueda se ha movido (interruptor de inclinación)",
        "The wheel was moved (its tilt switch)",
    ),
    "fault_gpio_tilt_do": (
        "Tirada nul·la. Comproveu que ningú no toqui la roda i que estigui anivellada.",
        "Tirada nula. Compruebe que nadie toque la rueda y que esté nivelada.",
        "Void spin. See that nobody touches the wheel and that it stands level.",
    ),
    "fault_gpio_door_open": (
        "La porta de la taula és oberta",
        "La puerta de la mesa está abierta",
        "The table's door is open",
    ),
    "fault_gpio_door_open_do": (
        "Tanqueu-la. Si ja és tancada, aviseu el tècnic: l'interruptor falla.",
        "Ciérrela. Si ya está cerrada, avise al técnico: el interruptor falla.",
        "Close it. If it is closed already, call the technician: its switch fails.",
    ),
    # the casino's carrousel pool
    "fault_carrousel_unreachable": (
        "No hi ha enllaç amb el carrousel del casino",
        "No hay enlace con el carrusel del casino",
        "The casino's carrousel cannot be reached",
    ),
    "fault_carrousel_unreachable_do": (
        "La jugada espera fins que torni; aviseu el tècnic si tarda.",
        "La jugada espera hasta que vuelva; avise al técnico si tarda.",
        "The coup waits until it is back; call the technician if it takes long.",
    ),
    "fault_carrousel_cancel_failed": (
        "El carrousel no ha anul·lat les monedes d'una jugada nul·la",
        "El carrusel no ha anulado las monedas de una jugada nula",
        "The carrousel did not cancel a void coup's coins",
    ),
    "fault_carrousel_cancel_failed_do": (
        "Aviseu el cap de taula: cal comprovar el fons del carrousel.",
        "Avise al jefe de mesa: hay que comprobar el fondo del carrusel.",
        "Call the table head: the carrousel pool must be checked.",
    ),
    # the shoe's, at every card game. The table has already done its part: a coup that cannot
    # be right is void with its stakes returned, never settled wrong; a card out of play is put
    # aside.
    "fault_shoe_unreadable_card": (
        "El lector no ha pogut llegir una carta",
        "El lector no ha podido leer una carta",
        "The reader could not read a card",
    ),
    "fault_shoe_unreadable_card_do": (
        "Jugada nul·la, es tornen les apostes. Retireu les cartes de la jugada a la canastra i "
        "netegeu la finestra del lector; si torna a passar, aviseu el cap de taula.",
        "Jugada nula, se devuelven las apuestas. Retire las cartas de la jugada al descarte y "
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
        "Jugada nul·la, es tornen les apostes. Remeneu i carregueu un sabot nou amb la seva carta "
        "de tall, i digueu-ho a la pantalla («Sabot carregat»).",
        "Jugada nula, se devuelven las apuestas. Baraje y cargue un sabot nuevo con su carta de "
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
        "Jugada nul·la, es tornen les apostes. Atureu el joc: el cap de taula revisa el lector i "
        "el sabot abans de repartir cap altra carta.",
        "Jugada nula, se devuelven las apuestas. Detenga el juego: el jefe de mesa revisa el "
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
        "apostes. Atureu el joc i aviseu el cap de taula: cal comprovar el sabot.",
        "Ya ha salido tantas veces como barajas tiene el sabot. Jugada nula, se devuelven las "
        "apuestas. Detenga el juego y avise al jefe de mesa: hay que comprobar el sabot.",
        "It has come out as many times as the shoe has decks. Void coup, stakes returned. Stop "
        "the game and call the table head: the shoe must be checked.",
    ),
}


def said(
    texts: Callable[..., str],
    known: Container[str],
    fault: Mapping[str, Any],
    refusal: Callable[[str, Any], str],
) -> tuple[str, str | None]:
    """What `fault` (a `fault` event's data) is, and what the croupier does about it (None:
    nothing more than the table did), by `texts` whose keys are `known`; `refusal` says a
    refused entry's reason."""
    device, code = str(fault["device"]), str(fault["code"])
    if device == "croupier":
        return refusal(str(fault.get("detail", code)), fault.get("why")), None
    named = texts(f"device_{device}") if f"device_{device}" in known else device
    for key in (f"fault_{device}_{code}", f"fault_{code}"):
        if key in known:
            todo = texts(f"{key}_do") if f"{key}_do" in known else None
            return _capital(texts(key, device=named)), todo
    return texts("fault_unknown", device=named), texts("fault_unknown_do")


def _capital(string: str) -> str:
    """A sentence that begins with a device's name ("la roda no diu res") begins in capitals."""
    return string[:1].upper() + string[1:]
