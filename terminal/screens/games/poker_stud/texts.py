"""The screens' texts of poker sense descart (its view, view.py): key -> (Catalan, Spanish,
English). The regulation's own words where it has them (section 11): "casella", "banca",
"posta inicial", "hi vaig" and "passe", the hands as V.1 names them (the announcements' names,
games/poker_stud/announcements.py, so that the screen and the croupier's call say the same)."""

from games.poker_stud.announcements import HANDS


def _capital(name: str) -> str:
    return name[:1].upper() + name[1:]


TEXTS: dict[str, tuple[str, str, str]] = {
    # the layout: the bank, the boxes, the carrousel
    "poker_bank": ("Banca", "Banca", "Bank"),
    "poker_box": ("Casella {n}", "Casilla {n}", "Box {n}"),
    "poker_plays": ("La banca juga", "La banca juega", "The bank plays"),
    "poker_not_playing": ("La banca no juga", "La banca no juega", "The bank does not play"),
    "poker_pool": ("Carrousel", "Carrusel", "Carrousel"),
    "poker_coins": ("+{n} monedes", "+{n} monedas", "+{n} coins"),
    "poker_one_coin": ("+1 moneda", "+1 moneda", "+1 coin"),
    "poker_coin": ("Moneda", "Moneda", "Coin"),
    "poker_open_hint": (
        "Toqueu la casella per a la posta, la ranura per a la moneda ({coin})",
        "Toque la casilla para la apuesta, la ranura para la moneda ({coin})",
        "Tap a box for an ante, its slot for a coin ({coin})",
    ),
    "poker_antes": ("Apostes inicials {amount}", "Apuestas iniciales {amount}", "Antes {amount}"),
    "poker_call_stake": ("2a aposta {amount}", "2.ª apuesta {amount}", "Call {amount}"),
    "poker_jackpot": ("Carrousel {amount}", "Carrusel {amount}", "Carrousel {amount}"),
    "poker_push": ("Empat", "Empate", "Push"),
    # the deal and the decisions (section 11 V.4)
    "poker_next_card": (
        "Carta per a la casella {n}",
        "Carta para la casilla {n}",
        "Card for box {n}",
    ),
    "poker_next_bank": ("Carta per a la banca", "Carta para la banca", "Card for the bank"),
    "poker_next_up": (
        "Carta descoberta de la banca",
        "Carta descubierta de la banca",
        "The bank's face-up card",
    ),
    "poker_asks": (
        "Casella {n}: hi va o passa?",
        "Casilla {n}: ¿va o pasa?",
        "Box {n}: call or fold?",
    ),
    "poker_call": ("Hi vaig · {amount}", "Voy · {amount}", "Call · {amount}"),
    "poker_fold": ("Passe", "Paso", "Fold"),
    "poker_went_on": ("Hi va", "Va", "Called"),
    "poker_folded": ("Passa", "Pasa", "Folded"),
    # the closing ("les últimes cinc mans", docs/rulings.md)
    "poker_closing": (
        "Les últimes mans: {n} de {of}",
        "Las últimas manos: {n} de {of}",
        "The last hands: {n} of {of}",
    ),
    "poker_closing_last": ("L'última mà", "La última mano", "The last hand"),
    # the players' display
    "poker_pool_rules": (
        "Escala reial: tot el carrousel · escala de color: el {percent}%",
        "Escalera real: todo el carrusel · escalera de color: el {percent} %",
        "Royal flush: the whole pool · straight flush: {percent}%",
    ),
    "poker_last_hands": ("Últimes mans", "Últimas manos", "Last hands"),
    "poker_hand_no": ("Mà {n}", "Mano {n}", "Hand {n}"),
    "poker_no_hands": ("Encara cap mà", "Aún ninguna mano", "No hands yet"),
    # the hands (section 11 V.1), named as the croupier calls them
    **{
        f"poker_hand_{name}": (
            _capital(HANDS["ca"][name]),
            _capital(HANDS["es"][name]),
            _capital(HANDS["en"][name]),
        )
        for name in HANDS["en"]
    },
}


# why the table refuses an entry of this game, by its key in its game's `WHY` tables (Game.reasons):
# (Catalan, Spanish); the English is the refusal's own
REFUSALS: dict[str, tuple[str, str]] = {
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
}
